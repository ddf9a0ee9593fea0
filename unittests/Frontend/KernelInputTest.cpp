//===- KernelInputTest.cpp - tests of the kernel input helper ---*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The helper every tool reads its kernel argument with: which arguments
// are Python kernels, how FILE.py::KERNEL splits, and how --signature and
// -D NAME=VALUE become compile options (with the tools' error messages).
//
//===----------------------------------------------------------------------===//

#include "tt/Frontend/KernelInput.h"

#include <gtest/gtest.h>

using namespace tt::frontend;

namespace {

TEST(KernelInput, PythonReferences) {
  EXPECT_TRUE(isPythonKernelRef("k.py::add_kernel"));
  EXPECT_TRUE(isPythonKernelRef("dir/k.py"));
  EXPECT_TRUE(isPythonKernelRef("a::b/k.py::kernel"));
  EXPECT_FALSE(isPythonKernelRef("k.ttir"));
  EXPECT_FALSE(isPythonKernelRef("-"));
  EXPECT_FALSE(isPythonKernelRef("k.pyc"));
  EXPECT_FALSE(isPythonKernelRef("k.ttir::kernel"));

  PythonKernelRef ref;
  splitPythonKernelRef("dir/k.py::add_kernel", ref);
  EXPECT_EQ(ref.path, "dir/k.py");
  EXPECT_EQ(ref.kernel, "add_kernel");
  splitPythonKernelRef("k.py", ref);
  EXPECT_EQ(ref.path, "k.py");
  EXPECT_EQ(ref.kernel, "");
}

TEST(KernelInput, Specialization) {
  CompileOptions opts;
  std::string err;
  ASSERT_TRUE(parseSpecialization("*fp32:16, i32:1, 1024",
                                  {"BLOCK=128", " EPS = 1e-5"}, opts, err))
      << err;
  ASSERT_EQ(opts.signature.size(), 3u);
  EXPECT_EQ(opts.signature[0].type, "*fp32");
  EXPECT_EQ(opts.signature[0].divisibility, 16u);
  EXPECT_TRUE(opts.signature[1].isConstant);
  EXPECT_TRUE(opts.signature[2].isConstant);
  ASSERT_EQ(opts.defines.size(), 2u);
  EXPECT_EQ(opts.defines[0].first, "BLOCK");
  EXPECT_EQ(opts.defines[0].second.intValue, 128);
  EXPECT_EQ(opts.defines[1].first, "EPS");
  EXPECT_EQ(opts.defines[1].second.kind, ConstValue::Float);

  CompileOptions bad;
  EXPECT_FALSE(parseSpecialization("", {"BLOCK"}, bad, err));
  EXPECT_EQ(err, "-D BLOCK: expected NAME=VALUE");
  EXPECT_FALSE(parseSpecialization("", {"=3"}, bad, err));
  EXPECT_EQ(err, "-D =3: expected NAME=VALUE");
  EXPECT_FALSE(parseSpecialization("*fp33", {}, bad, err));
  EXPECT_EQ(err.rfind("--signature: ", 0), 0u) << err;
  EXPECT_FALSE(parseSpecialization("", {"X=[1]"}, bad, err));
  EXPECT_EQ(err.rfind("-D X: ", 0), 0u) << err;
}

} // namespace
