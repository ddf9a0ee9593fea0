//===- TritonOpsTest.cpp - unit tests of tt op builders and hooks -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Covers what lit tests cannot reach from the command line: the C++
// builders that infer result types, ReduceOp::getSingleCombiner, and the
// layout-inference hook that later dialects implement (exercised here with
// a stand-in implementation on string encodings).
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::triton;

namespace {

std::string str(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << t;
  return s;
}

class TritonOps : public ::testing::Test {
protected:
  TritonOps() : builder(&ctx) {
    ctx.loadDialect<TritonDialect, arith::ArithDialect>();
    module = ModuleOp::create(builder.getUnknownLoc());
    builder.setInsertionPointToStart(module->getBody());
  }
  /// A fresh value of `type` (a block argument of a scratch block).
  Value value(Type type) {
    return scratch.addArgument(type, builder.getUnknownLoc());
  }
  RankedTensorType tensor(ArrayRef<int64_t> shape, Type elt) {
    return RankedTensorType::get(shape, elt);
  }

  MLIRContext ctx;
  OpBuilder builder;
  // Declared before `module` so that the ops using its arguments are
  // destroyed first.
  Block scratch;
  OwningOpRef<ModuleOp> module;
};

TEST_F(TritonOps, ReduceBuilderInfersResultTypes) {
  auto f32 = builder.getF32Type();
  auto i32 = builder.getI32Type();
  Value x = value(tensor({8, 16}, f32));
  Value y = value(tensor({8, 16}, i32));
  auto reduce = ReduceOp::create(builder, builder.getUnknownLoc(),
                                 ValueRange{x, y}, /*axis=*/1);
  ASSERT_EQ(reduce->getNumResults(), 2u);
  EXPECT_EQ(str(reduce->getResult(0).getType()), "tensor<8xf32>");
  EXPECT_EQ(str(reduce->getResult(1).getType()), "tensor<8xi32>");
  EXPECT_EQ(reduce->getNumRegions(), 1u);
  // A 1-D reduction yields scalars.
  Value v = value(tensor({64}, f32));
  auto scalar =
      ReduceOp::create(builder, builder.getUnknownLoc(), ValueRange{v}, 0);
  EXPECT_EQ(str(scalar->getResult(0).getType()), "f32");
}

TEST_F(TritonOps, ShapeBuildersInferResultTypes) {
  auto f16 = builder.getF16Type();
  Value a = value(tensor({4, 8}, f16));
  auto join = JoinOp::create(builder, builder.getUnknownLoc(), a, a);
  EXPECT_EQ(str(join.getType()), "tensor<4x8x2xf16>");
  auto reshape = ReshapeOp::create(builder, builder.getUnknownLoc(),
                                   ArrayRef<int64_t>{32}, a);
  EXPECT_EQ(str(reshape.getType()), "tensor<32xf16>");
  EXPECT_FALSE(reshape.getAllowReorder());
  auto trans = TransOp::create(builder, builder.getUnknownLoc(), a,
                               ArrayRef<int32_t>{1, 0});
  EXPECT_EQ(str(trans.getType()), "tensor<8x4xf16>");
  auto expand = ExpandDimsOp::create(builder, builder.getUnknownLoc(), a, 2);
  EXPECT_EQ(str(expand.getType()), "tensor<4x8x1xf16>");
}

TEST_F(TritonOps, PointerBuilders) {
  auto f16 = builder.getF16Type();
  Value base = value(PointerType::get(f16));
  Value i64 = value(builder.getI64Type());
  Value i32 = value(builder.getI32Type());
  auto bp = MakeTensorPtrOp::create(builder, builder.getUnknownLoc(), base,
                                    ValueRange{i64, i64}, ValueRange{i64, i64},
                                    ValueRange{i32, i32},
                                    ArrayRef<int32_t>{64, 32},
                                    ArrayRef<int32_t>{1, 0});
  EXPECT_EQ(str(bp.getType()), "!tt.ptr<tensor<64x32xf16>>");
  EXPECT_TRUE(succeeded(verify(bp)));
  auto desc = MakeTensorDescOp::create(builder, builder.getUnknownLoc(), base,
                                       ValueRange{i32, i32},
                                       ValueRange{i64, i64},
                                       ArrayRef<int64_t>{16, 64});
  EXPECT_EQ(str(desc.getType()), "!tt.tensordesc<tensor<16x64xf16>>");
  EXPECT_EQ(desc.getPadding(), PaddingOption::PAD_ZERO);
  EXPECT_EQ(str(getPointerTypeSameShape(tensor({4}, f16))),
            "tensor<4x!tt.ptr<f16>>");
  EXPECT_EQ(str(getBlockPointerBaseType(bp.getType())), "!tt.ptr<f16>");
}

TEST_F(TritonOps, SingleCombiner) {
  const char *ir = R"mlir(
    tt.func @f(%x: tensor<64xf32>, %i: tensor<64xi32>) {
      %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %m = arith.maximumf %a, %b : f32
        tt.reduce.return %m : f32
      }) : (tensor<64xf32>) -> f32
      %1 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %m = arith.maximumf %a, %b : f32
        %n = arith.addf %m, %b : f32
        tt.reduce.return %n : f32
      }) : (tensor<64xf32>) -> f32
      tt.return
    })mlir";
  OwningOpRef<ModuleOp> m = parseSourceString<ModuleOp>(ir, &ctx);
  ASSERT_TRUE(m);
  SmallVector<ReduceOp> reduces;
  m->walk([&](ReduceOp op) { reduces.push_back(op); });
  ASSERT_EQ(reduces.size(), 2u);
  Operation *combiner = reduces[0].getSingleCombiner();
  ASSERT_NE(combiner, nullptr);
  EXPECT_TRUE(isa<arith::MaximumFOp>(combiner));
  EXPECT_EQ(reduces[1].getSingleCombiner(), nullptr);
}

//===----------------------------------------------------------------------===//
// Layout inference through the encoding's dialect
//===----------------------------------------------------------------------===//

/// A stand-in for the ttg dialect: string encodings, each shape op appends
/// a suffix naming what it did. "ALIAS" is declared equivalent to "L.t".
struct StringLayouts : public DialectInferLayoutInterface {
  using DialectInferLayoutInterface::DialectInferLayoutInterface;

  static Attribute suffixed(Attribute enc, const Twine &suffix) {
    auto s = cast<StringAttr>(enc);
    return StringAttr::get(s.getContext(), s.getValue() + suffix);
  }
  LogicalResult inferTransOpEncoding(Attribute enc, ArrayRef<int64_t>,
                                     ArrayRef<int32_t>, Attribute &result,
                                     std::optional<Location>) const override {
    result = suffixed(enc, ".t");
    return success();
  }
  LogicalResult inferReduceOpEncoding(Attribute enc, unsigned axis,
                                      Attribute &result,
                                      std::optional<Location>) const override {
    result = suffixed(enc, ".r" + Twine(axis));
    return success();
  }
  LogicalResult
  inferExpandDimsOpEncoding(Attribute enc, unsigned axis, Attribute &result,
                            std::optional<Location>) const override {
    result = suffixed(enc, ".e" + Twine(axis));
    return success();
  }
  LogicalResult inferJoinOpEncoding(Attribute enc, ArrayRef<int64_t>,
                                    Attribute &result,
                                    std::optional<Location>) const override {
    result = suffixed(enc, ".j");
    return success();
  }
  LogicalResult inferSplitOpEncoding(Attribute enc, ArrayRef<int64_t>,
                                     Attribute &result,
                                     std::optional<Location> loc) const override {
    return emitOptionalError(loc, "splits are not supported by this layout");
  }
  LogicalResult
  inferReshapeOpEncoding(ArrayRef<int64_t>, Attribute enc, ArrayRef<int64_t>,
                         Attribute &result,
                         std::optional<Location>) const override {
    result = enc;
    return success();
  }
  LogicalResult verifyLayoutsAreEqual(ArrayRef<int64_t>, Attribute expected,
                                      Attribute given,
                                      std::optional<Location>) const override {
    auto e = cast<StringAttr>(expected).getValue();
    auto g = cast<StringAttr>(given).getValue();
    bool alias = (e == "L.t" && g == "ALIAS") || (e == "ALIAS" && g == "L.t");
    return success(e == g || alias);
  }
};

class LayoutInference : public ::testing::Test {
protected:
  LayoutInference() {
    DialectRegistry registry;
    registry.addExtension(+[](MLIRContext *, BuiltinDialect *dialect) {
      dialect->addInterfaces<StringLayouts>();
    });
    ctx.appendDialectRegistry(registry);
    ctx.loadDialect<TritonDialect, arith::ArithDialect>();
    ctx.getDiagEngine().registerHandler([this](Diagnostic &d) {
      diagnostics += d.str() + "\n";
    });
  }
  bool parses(StringRef body) {
    std::string ir = ("tt.func @f(%x: tensor<4x8xi32, \"L\">) {\n" + body +
                      "\n  tt.return\n}")
                         .str();
    return bool(parseSourceString<ModuleOp>(ir, &ctx));
  }
  MLIRContext ctx;
  std::string diagnostics;
};

TEST_F(LayoutInference, ShapeOpsTakeTheInferredEncoding) {
  EXPECT_TRUE(parses(R"mlir(
    %0 = tt.expand_dims %x {axis = 0 : i32} : tensor<4x8xi32, "L"> -> tensor<1x4x8xi32, "L.e0">
    %1 = tt.trans %x {order = array<i32: 1, 0>} : tensor<4x8xi32, "L"> -> tensor<8x4xi32, "L.t">
    %2 = tt.join %x, %x : tensor<4x8xi32, "L"> -> tensor<4x8x2xi32, "L.j">
    %3 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      tt.reduce.return %s : i32
    }) : (tensor<4x8xi32, "L">) -> tensor<4xi32, "L.r1">)mlir"))
      << diagnostics;
}

TEST_F(LayoutInference, EquivalentEncodingsAreAccepted) {
  EXPECT_TRUE(parses(R"mlir(
    %0 = tt.trans %x {order = array<i32: 1, 0>} : tensor<4x8xi32, "L"> -> tensor<8x4xi32, "ALIAS">)mlir"))
      << diagnostics;
}

TEST_F(LayoutInference, WrongEncodingsAreRejected) {
  EXPECT_FALSE(parses(R"mlir(
    %0 = tt.expand_dims %x {axis = 0 : i32} : tensor<4x8xi32, "L"> -> tensor<1x4x8xi32, "L">)mlir"));
  EXPECT_NE(diagnostics.find("are incompatible with return type(s)"),
            std::string::npos)
      << diagnostics;
  diagnostics.clear();
  EXPECT_FALSE(parses(R"mlir(
    %0 = tt.join %x, %x : tensor<4x8xi32, "L"> -> tensor<4x8x2xi32, "L">)mlir"));
  EXPECT_NE(diagnostics.find("is not the join of the operands' layout"),
            std::string::npos)
      << diagnostics;
}

TEST_F(LayoutInference, InterfaceErrorsReachTheUser) {
  EXPECT_FALSE(parses(R"mlir(
    %y = tt.reshape %x : tensor<4x8xi32, "L"> -> tensor<4x4x2xi32, "L">
    %0, %1 = tt.split %y : tensor<4x4x2xi32, "L"> -> tensor<4x4xi32, "L">)mlir"));
  EXPECT_NE(diagnostics.find("splits are not supported by this layout"),
            std::string::npos)
      << diagnostics;
}

} // namespace
