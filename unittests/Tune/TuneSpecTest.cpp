//===- TuneSpecTest.cpp - the tt-tune YAML format ---------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Tune/TuneSpec.h"
#include "tt/Runtime/Spec.h"

#include <gtest/gtest.h>

using namespace tt::tune;

namespace {

const char *kTune = R"(# a tuning run
kernel:
  template: add.ttir.in
target: cpu
launch:
  grid: [cdiv(n, BLOCK)]
  params: {BLOCK: 1024}
  args:
    - {name: x, tensor: f32, shape: [n], init: {npy: in/x.npy}}
    # a comment inside the block
    - {name: out, tensor: f32, shape: [n], init: zeros, check: x}
    - {name: n, scalar: i32, value: 4096}
configs:
  - {BLOCK: 64, num_warps: 1}
space:
  BLOCK: [128, 256]
  num_warps: [2, 4]
key: [n]
sizes:
  - {n: 1000}
  - {n: 2**20}
prune:
  rules: [BLOCK <= max(n, 128)]
  cost: cdiv(n, BLOCK)
  top_k: 3
reset_to_zero: [out]
bench: {warmup: 2, reps: 5}
)";

std::string parseError(const std::string &text) {
  TuneSpec spec;
  std::string err;
  EXPECT_FALSE(parseTuneSpecText(text, "t.tune.yaml", "/d", spec, err));
  return err;
}

} // namespace

TEST(TuneSpec, Full) {
  TuneSpec spec;
  std::string err;
  ASSERT_TRUE(parseTuneSpecText(kTune, "t.tune.yaml", "/d", spec, err)) << err;
  EXPECT_EQ(spec.kind, KernelKind::Template);
  EXPECT_EQ(spec.templatePath, "/d/add.ttir.in");
  EXPECT_EQ(spec.target, "cpu");
  EXPECT_TRUE(spec.launchInline);
  ASSERT_EQ(spec.space.explicitConfigs.size(), 1u);
  ASSERT_EQ(spec.space.products.size(), 1u);
  EXPECT_EQ(spec.space.products[0].axes[1].second,
            (std::vector<std::string>{"2", "4"}));
  EXPECT_EQ(spec.key, (std::vector<std::string>{"n"}));
  ASSERT_EQ(spec.sizes.size(), 2u);
  EXPECT_EQ(spec.sizes[1].sets[0].second, "2**20");
  EXPECT_EQ(spec.sizes[1].line, 21);
  // The flow list split `max(n, 128)` at its comma; it is glued back.
  ASSERT_EQ(spec.prune.rules.size(), 1u);
  EXPECT_EQ(spec.prune.rules[0].expr.text(), "BLOCK <= max(n, 128)");
  EXPECT_EQ(spec.prune.topK, 3);
  EXPECT_EQ(spec.resetToZero[0].first, "out");
  EXPECT_EQ(spec.warmup, 2);
  EXPECT_EQ(spec.reps, 5);
}

TEST(TuneSpec, InlineLaunchKeepsLines) {
  TuneSpec spec;
  std::string err;
  ASSERT_TRUE(parseTuneSpecText(kTune, "t.tune.yaml", "/d", spec, err)) << err;
  // tt-run's parser reads the derived text; its lines are the tune file's.
  tt::runtime::RunSpec run;
  ASSERT_TRUE(tt::runtime::parseRunSpecText(spec.launchText, "t.tune.yaml",
                                            "/tmp", run, err))
      << err << "\n"
      << spec.launchText;
  EXPECT_EQ(run.kernelLine, 5); // the `launch:` line
  EXPECT_EQ(run.gridLine, 6);
  ASSERT_EQ(run.args.size(), 3u);
  EXPECT_EQ(run.args[1].line, 11);
  EXPECT_EQ(run.args[2].value.line, 12);
  // npy paths are made absolute against the tune file's directory.
  EXPECT_EQ(run.args[0].init.path, "/d/in/x.npy");
  // Nothing else of the tune file leaks into the launch.
  EXPECT_EQ(spec.launchText.find("configs"), std::string::npos);
  EXPECT_EQ(spec.launchText.find("template"), std::string::npos);
}

TEST(TuneSpec, OtherKernelForms) {
  TuneSpec spec;
  std::string err;
  ASSERT_TRUE(parseTuneSpecText(
      "kernel: {generator: [python3, gen.py, --block, '{{BLOCK}}']}\n"
      "launch: add.run.yaml\nspace: {BLOCK: [1]}\n",
      "t", "/d", spec, err))
      << err;
  EXPECT_EQ(spec.kind, KernelKind::Generator);
  EXPECT_EQ(spec.generator.size(), 4u);
  EXPECT_EQ(spec.generator[3], "{{BLOCK}}");
  EXPECT_FALSE(spec.launchInline);
  EXPECT_EQ(spec.launchPath, "/d/add.run.yaml");

  ASSERT_TRUE(parseTuneSpecText("kernel: k.py::add_kernel\nlaunch: l.yaml\n"
                                "configs: [{A: 1}]\n",
                                "t", "/d", spec, err))
      << err;
  EXPECT_EQ(spec.kind, KernelKind::Python);
  EXPECT_EQ(spec.pythonFile, "/d/k.py");
  EXPECT_EQ(spec.pythonKernel, "add_kernel");
  EXPECT_EQ(spec.pythonSignature, "");

  ASSERT_TRUE(parseTuneSpecText(
      "kernel: {python: k.py::mm, signature: '*fp16:16, i32'}\n"
      "launch: l.yaml\nconfigs: [{A: 1}]\n",
      "t", "/d", spec, err))
      << err;
  EXPECT_EQ(spec.pythonKernel, "mm");
  EXPECT_EQ(spec.pythonSignature, "*fp16:16, i32");

  EXPECT_FALSE(parseTuneSpecText(
      "kernel: {template: k.ttir, signature: 'i32'}\nlaunch: l\n"
      "configs: [{A: 1}]\n",
      "t", "/d", spec, err));
  EXPECT_EQ(err, "t:1: error: signature is for python kernels");
  EXPECT_FALSE(parseTuneSpecText("kernel: {python: k.py}\nlaunch: l\n"
                                 "configs: [{A: 1}]\n",
                                 "t", "/d", spec, err));
  EXPECT_EQ(err, "t:1: error: python takes FILE.py::KERNEL, not 'k.py'");
}

TEST(TuneSpec, ErrorsNameTheLine) {
  EXPECT_EQ(parseError("kernel: k.ttir\nlaunch: l.yaml\nspace: {A: [1]}\n"
                       "spaces: 3\n"),
            "t.tune.yaml:4: error: unknown key 'spaces' in the top level "
            "(expected kernel, target, launch, configs, space, key, sizes, "
            "prune, reset_to_zero, restore_value, bench, description)");
  EXPECT_EQ(parseError("kernel:\n  generator: python3 gen.py\nlaunch: l\n"
                       "space: {A: [1]}\n"),
            "t.tune.yaml:2: error: generator must be a list of arguments, "
            "[program, arg, ...]; it runs without a shell");
  EXPECT_EQ(parseError("kernel: k\nlaunch: l\nspace: {A: [1]}\nprune:\n"
                       "  top_k: 4\n"),
            "t.tune.yaml:5: error: top_k needs a cost model ('cost: "
            "expression')");
  EXPECT_EQ(parseError("kernel: k\nlaunch: l\nspace: {A: []}\n"),
            "t.tune.yaml:3: error: 'A' has no values");
  EXPECT_EQ(parseError("kernel: k\nlaunch: l\nspace:\n  A: [1, 2\n"
                       "key: [n]\n")
                .rfind("t.tune.yaml:5: error: malformed YAML", 0),
            0u);
  EXPECT_EQ(parseError("kernel: k\nspace: {A: [1]}\n"),
            "t.tune.yaml:1: error: missing 'launch:' (a tt-run file, or an "
            "inline block of tt-run keys: grid, args, ...)");
  EXPECT_EQ(parseError("kernel: k\nlaunch: {grid: [1]}\nspace: {A: [1]}\n"),
            "t.tune.yaml:2: error: write the inline launch as an indented "
            "block of tt-run keys under 'launch:' (or give the name of a "
            "tt-run file)");
  EXPECT_EQ(parseError("kernel: k\nlaunch:\n  kernel: x.ptx\n  grid: [1]\n"
                       "space: {A: [1]}\n"),
            "t.tune.yaml:3: error: the launch gets its kernel from tt-tune: "
            "remove 'kernel:' from it");
  EXPECT_EQ(parseError("kernel: k\nlaunch: l\ntarget: tpu\nspace: {A: [1]}\n"),
            "t.tune.yaml:3: error: unknown target 'tpu' (expected cpu, cuda, "
            "cuda:NN, hip or hip:gfxNNN)");
  EXPECT_EQ(parseError("kernel: k\nlaunch: l\nspace: {A: [1]}\nsizes:\n"
                       "  - {n: 2 +}\n")
                .rfind("t.tune.yaml:5: error: bad size", 0),
            0u);
  EXPECT_EQ(parseError("kernel: k\nlaunch: l\nspace: {1A: [1]}\n"),
            "t.tune.yaml:3: error: parameter name '1A' is not an identifier");
}

TEST(TuneSpec, Targets) {
  tt::runtime::Target t;
  std::string arch;
  EXPECT_TRUE(parseTargetName("cuda:90", t, arch));
  EXPECT_EQ(t, tt::runtime::Target::CUDA);
  EXPECT_EQ(arch, "cuda:90");
  EXPECT_TRUE(parseTargetName("cpu", t, arch));
  EXPECT_EQ(t, tt::runtime::Target::CPU);
  EXPECT_EQ(arch, "");
  EXPECT_FALSE(parseTargetName("cpu:x86", t, arch));
  EXPECT_FALSE(parseTargetName("cuda:", t, arch));
}
