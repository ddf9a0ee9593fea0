//===- SpecTest.cpp - the tt-run YAML format and kernel metadata *- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Runtime/Metadata.h"
#include "tt/Runtime/Spec.h"

#include <gtest/gtest.h>

using namespace tt::runtime;

namespace {

const char *kAdd = R"(# comment
kernel: kernels/add.ptx
target: cuda
num_warps: 4
params:
  BLOCK: 1024
  n: 2 ** 20
grid: [cdiv(n, BLOCK)]
args:
  - {name: x, tensor: f32, shape: [n], init: {uniform: {low: -1, high: 1, seed: 7}}}
  - {name: y, tensor: f16, shape: n, init: normal}
  - name: out
    tensor: f32
    shape: [n]
    strides: [1]
    init: poison
    check: {expect: x + y, rtol: 1e-4}
  - {name: m, scalar: i32, value: n}
  - {name: one, scalar: i32, value: 1, specialized: true}
bytes: 12 * n
bench: {warmup: 3, reps: 7}
)";

RunSpec parseOk(const std::string &text) {
  RunSpec spec;
  std::string err;
  EXPECT_TRUE(parseRunSpecText(text, "t.yaml", "dir", spec, err)) << err;
  return spec;
}

std::string parseError(const std::string &text) {
  RunSpec spec;
  std::string err;
  EXPECT_FALSE(parseRunSpecText(text, "t.yaml", "dir", spec, err)) << text;
  return err;
}

/// kAdd with one line replaced.
std::string edit(const std::string &from, const std::string &to) {
  std::string s = kAdd;
  size_t p = s.find(from);
  EXPECT_NE(p, std::string::npos) << from;
  return s.replace(p, from.size(), to);
}

} // namespace

TEST(Spec, ParsesAllParts) {
  RunSpec s = parseOk(kAdd);
  ASSERT_EQ(s.kernels.size(), 1u);
  EXPECT_EQ(s.kernels[0].path, "dir/kernels/add.ptx");
  EXPECT_EQ(s.kernels[0].label, "add.ptx");
  EXPECT_EQ(s.kernels[0].line, 2);
  EXPECT_TRUE(s.hasTarget);
  EXPECT_EQ(s.target, Target::CUDA);
  EXPECT_EQ(s.numWarps.line, 4);
  ASSERT_EQ(s.params.size(), 2u);
  EXPECT_EQ(s.params[0].first, "BLOCK");
  EXPECT_EQ(s.params[1].first, "n");
  EXPECT_EQ(s.params[1].second.expr.text(), "2 ** 20");
  ASSERT_EQ(s.grid.size(), 1u);
  EXPECT_EQ(s.grid[0].expr.text(), "cdiv(n, BLOCK)");
  EXPECT_EQ(s.gridLine, 8);
  ASSERT_EQ(s.args.size(), 5u);
  const ArgSpec &x = s.args[0];
  EXPECT_TRUE(x.isTensor);
  EXPECT_EQ(x.line, 10);
  EXPECT_EQ(x.init.kind, InitSpec::Kind::Uniform);
  EXPECT_EQ(x.init.a, -1);
  EXPECT_EQ(x.init.b, 1);
  EXPECT_EQ(x.init.seed, 7u);
  const ArgSpec &y = s.args[1];
  EXPECT_EQ(y.dtype, DType::F16);
  EXPECT_EQ(y.shape.size(), 1u);
  EXPECT_EQ(y.init.kind, InitSpec::Kind::Normal);
  EXPECT_EQ(y.init.seed, 1u); // default seed: the argument's position
  const ArgSpec &out = s.args[2];
  EXPECT_EQ(out.init.kind, InitSpec::Kind::Poison);
  EXPECT_EQ(out.strides.size(), 1u);
  EXPECT_EQ(out.check.kind, CheckSpec::Kind::Expr);
  EXPECT_EQ(out.check.expect.expr.text(), "x + y");
  EXPECT_TRUE(out.check.hasRtol);
  EXPECT_FALSE(out.check.hasAtol);
  EXPECT_EQ(out.check.rtol, 1e-4);
  EXPECT_FALSE(s.args[3].isTensor);
  EXPECT_FALSE(s.args[3].specialized);
  EXPECT_TRUE(s.args[4].specialized);
  EXPECT_TRUE(s.bytes.present());
  EXPECT_FALSE(s.flops.present());
  EXPECT_EQ(s.warmup, 3);
  EXPECT_EQ(s.reps, 7);
}

TEST(Spec, KernelVariantsAndFlowListsWithCommas) {
  RunSpec s = parseOk(edit("kernel: kernels/add.ptx",
                           "kernel:\n  upstream: /abs/add.ptx\n"
                           "  tt: add.ttir"));
  ASSERT_EQ(s.kernels.size(), 2u);
  EXPECT_EQ(s.kernels[0].label, "upstream");
  EXPECT_EQ(s.kernels[0].path, "/abs/add.ptx");
  EXPECT_EQ(s.kernels[1].path, "dir/add.ttir");
  RunSpec g = parseOk(edit("grid: [cdiv(n, BLOCK)]",
                           "grid: [cdiv(n, max(BLOCK, 2)), 2, min(3, 4)]"));
  ASSERT_EQ(g.grid.size(), 3u);
  EXPECT_EQ(g.grid[0].expr.text(), "cdiv(n, max(BLOCK, 2))");
  EXPECT_EQ(g.grid[2].expr.text(), "min(3, 4)");
}

TEST(Spec, ErrorsNameFileAndLine) {
  EXPECT_EQ(parseError(edit("tensor: f16", "tensor: f33")),
            "t.yaml:11: error: unknown dtype 'f33'");
  EXPECT_EQ(parseError(edit("target: cuda", "target: tpu")),
            "t.yaml:3: error: unknown target 'tpu' (expected cuda, hip or "
            "cpu)");
  EXPECT_EQ(parseError(edit("num_warps: 4", "num_wraps: 4")).substr(0, 50),
            "t.yaml:4: error: unknown key 'num_wraps' in the to");
  EXPECT_EQ(parseError(edit("strides: [1]", "strides: [1, 1]")),
            "t.yaml:15: error: strides has 2 entries but shape has 1");
  EXPECT_EQ(parseError(edit("init: poison", "init: garbage")).substr(0, 47),
            "t.yaml:16: error: unknown init 'garbage' (expec");
  EXPECT_EQ(parseError(edit("value: n}", "value: cdiv(n}")),
            "t.yaml:18: error: bad value: expected ',' or ')' but found 'end "
            "of expression' at column 7 of 'cdiv(n'");
  EXPECT_EQ(parseError(edit("name: m,", "name: x,")),
            "t.yaml:18: error: the name 'x' is used twice (parameters and "
            "arguments share one namespace)");
  EXPECT_EQ(parseError(edit("{name: x, tensor: f32, shape: [n], ",
                            "{name: x, tensor: f32, ")),
            "t.yaml:10: error: tensor 'x' needs a shape");
  EXPECT_EQ(parseError(edit("check: {expect: x + y, rtol: 1e-4}",
                            "check: {expect: x + y, npy: r.npy}")),
            "t.yaml:17: error: check takes one of 'expect', 'npy' and 'cpu'");
  EXPECT_EQ(parseError(edit("value: 1, specialized: true",
                            "value: 1, specialized: maybe")),
            "t.yaml:19: error: specialized must be true or false");
  EXPECT_EQ(parseError(edit("grid: [cdiv(n, BLOCK)]", "grid: [1, 2, 3, 4]")),
            "t.yaml:8: error: grid has 4 entries; at most 3 allowed");
  EXPECT_EQ(parseError(edit("bench: {warmup: 3, reps: 7}", "bench: {reps: 0}")),
            "t.yaml:21: error: reps must be an integer >= 1");
  EXPECT_EQ(parseError(edit("grid: [cdiv(n, BLOCK)]\n", "")),
            "t.yaml:1: error: missing 'grid:' (the launch grid, e.g. "
            "[cdiv(n, 1024)])");
}

TEST(Spec, MalformedYaml) {
  std::string e = parseError("kernel: a.ptx\ngrid: [1\nargs: []\n");
  EXPECT_EQ(e.rfind("t.yaml:", 0), 0u) << e;
  EXPECT_NE(e.find(": error: malformed YAML: "), std::string::npos) << e;
  EXPECT_EQ(parseError("- a\n- b\n"),
            "t.yaml:1: error: expected a map of keys (kernel, grid, args, ...) "
            "at the top level");
  EXPECT_EQ(parseError(""), "t.yaml:1: error: expected a map of keys (kernel, "
                            "grid, args, ...) at the top level");
  EXPECT_EQ(parseError("kernel: a.ptx\nkernel: b.ptx\n"),
            "t.yaml:2: error: duplicate key 'kernel' in the top level");
}

TEST(Spec, MissingFile) {
  RunSpec s;
  std::string err;
  EXPECT_FALSE(parseRunSpec("/nonexistent/x.run.yaml", s, err));
  EXPECT_EQ(err, "/nonexistent/x.run.yaml: error: cannot open: No such file "
                 "or directory");
}

TEST(Metadata, ReadsUpstreamJson) {
  KernelMetadata m;
  std::string err;
  ASSERT_TRUE(parseKernelMetadata(
      R"({"hash": "c2",
          "target": {"backend": "cuda", "arch": 90, "warp_size": 32},
          "num_warps": 8, "num_ctas": 1, "maxnreg": null, "shared": 147456,
          "global_scratch_size": 0, "global_scratch_align": 1,
          "profile_scratch_size": 64, "profile_scratch_align": 8,
          "tensordesc_meta": [], "launch_pdl": false, "name": "matmul_kernel",
          "triton_version": "3.6.0"})",
      m, err))
      << err;
  EXPECT_EQ(m.name, "matmul_kernel");
  EXPECT_EQ(m.numWarps, 8);
  EXPECT_EQ(m.shared, 147456);
  EXPECT_EQ(m.profileScratchSize, 64);
  EXPECT_EQ(m.backend, "cuda");
  EXPECT_EQ(m.arch, "90");
  EXPECT_FALSE(m.hasTensorDescriptors);
  EXPECT_FALSE(parseKernelMetadata("{\"num_warps\": \"many\"}", m, err));
  EXPECT_FALSE(parseKernelMetadata("[1, 2]", m, err));
}

TEST(Metadata, ReadsPtxEntries) {
  const char *ptx = R"(
//
// Generated by LLVM NVPTX Back-End
.version 8.7
.target sm_90a
.address_size 64
	// .globl	add_kernel      // -- Begin function add_kernel
.visible .entry add_kernel(
	.param .u64 .ptr .global .align 1 add_kernel_param_0,
	.param .u32 add_kernel_param_3,
	.param .f32 add_kernel_param_4,
	.param .align 8 .b8 add_kernel_param_5[16]
)
.reqntid 128
{
  ret;
}
.entry other() { ret; }
)";
  std::vector<PtxEntry> entries;
  std::string err;
  ASSERT_TRUE(parsePtxEntries(ptx, entries, err)) << err;
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0].name, "add_kernel");
  ASSERT_EQ(entries[0].params.size(), 4u);
  EXPECT_TRUE(entries[0].params[0].isPointer);
  EXPECT_EQ(entries[0].params[0].bytes, 8u);
  EXPECT_EQ(entries[0].params[1].type, ".u32");
  EXPECT_EQ(entries[0].params[2].type, ".f32");
  EXPECT_EQ(entries[0].params[3].bytes, 16u);
  EXPECT_EQ(entries[1].name, "other");
  EXPECT_TRUE(entries[1].params.empty());
}
