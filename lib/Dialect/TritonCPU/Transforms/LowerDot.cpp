//===- LowerDot.cpp - tritoncpu-lower-dot -----------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tritoncpu-lower-dot: converted tt.dot (on buffers) as a loop nest over
// 4 x (4 vectors) blocks of C held in vector registers.
// See include/tt/Dialect/TritonCPU/Transforms/Passes.td and
// docs/cpu-backend.md.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonCPU/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::triton::cpu {
#define GEN_PASS_DEF_TRITONCPULOWERDOT
#include "tt/Dialect/TritonCPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::cpu

using namespace mlir;

namespace {

constexpr int64_t kDotRows = 4;    // rows of C per block
constexpr int64_t kDotVectors = 4; // vectors of C per block row

/// Whether `t` is a static 2-D memref whose rows are contiguous.
bool isRowContiguous(Type t) {
  auto m = dyn_cast<MemRefType>(t);
  return m && m.getRank() == 2 && m.hasStaticShape() &&
         m.isLastDimUnitStride();
}

/// Replaces a converted tt.dot (C += A x B on memrefs) by a loop nest over
/// blocks of C kept in vector registers across the K loop.
LogicalResult lowerDot(linalg::GenericOp op, int64_t lanes) {
  if (!op->hasAttr("tt.dot") || !op.hasPureBufferSemantics() ||
      op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 ||
      op.getNumLoops() != 3)
    return failure();
  Value a = op.getDpsInputOperand(0)->get();
  Value b = op.getDpsInputOperand(1)->get();
  Value c = op.getDpsInitOperand(0)->get();
  if (!isRowContiguous(a.getType()) || !isRowContiguous(b.getType()) ||
      !isRowContiguous(c.getType()))
    return failure();
  auto aTy = cast<MemRefType>(a.getType());
  auto bTy = cast<MemRefType>(b.getType());
  auto cTy = cast<MemRefType>(c.getType());
  Type accTy = cTy.getElementType();
  auto inputOk = [](Type t) { return t.isF16() || t.isBF16() || t.isF32(); };
  if (!accTy.isF32() || !inputOk(aTy.getElementType()) ||
      !inputOk(bTy.getElementType()))
    return failure();
  int64_t m = cTy.getDimSize(0), n = cTy.getDimSize(1);
  int64_t k = aTy.getDimSize(1);
  int64_t blockCols = kDotVectors * lanes;
  if (m % kDotRows != 0 || n % blockCols != 0 || k < 1)
    return failure();

  OpBuilder b0(op);
  Location loc = op.getLoc();
  auto idx = [&](OpBuilder &bb, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(bb, loc, v);
  };
  // Narrow inputs are widened once into f32 copies: the block loop would
  // otherwise convert every element of B once per block row of C.
  SmallVector<Value> temporaries;
  auto widen = [&](Value v) -> Value {
    auto ty = cast<MemRefType>(v.getType());
    if (ty.getElementType() == accTy)
      return v;
    auto wideTy = MemRefType::get(ty.getShape(), accTy);
    Value wide =
        memref::AllocOp::create(b0, loc, wideTy, b0.getI64IntegerAttr(64));
    SmallVector<AffineMap> maps(2, b0.getMultiDimIdentityMap(2));
    SmallVector<utils::IteratorType> iters(2, utils::IteratorType::parallel);
    linalg::GenericOp::create(
        b0, loc, ValueRange{v}, ValueRange{wide}, maps, iters,
        [&](OpBuilder &nb, Location nl, ValueRange args) {
          linalg::YieldOp::create(
              nb, nl,
              arith::ExtFOp::create(nb, nl, accTy, args[0]).getResult());
        });
    temporaries.push_back(wide);
    return wide;
  };
  a = widen(a);
  b = widen(b);
  auto accVecTy = VectorType::get({lanes}, accTy);
  auto bVecTy = accVecTy;
  // Column blocks outside: the K x blockCols panel of B stays in L1 while
  // the row blocks of A stream past it.
  scf::ForOp::create(
      b0, loc, idx(b0, 0), idx(b0, n), idx(b0, blockCols), ValueRange{},
      [&](OpBuilder &b1, Location, Value j0, ValueRange) {
        scf::ForOp::create(
            b1, loc, idx(b1, 0), idx(b1, m), idx(b1, kDotRows), ValueRange{},
            [&](OpBuilder &b2, Location, Value i0, ValueRange) {
              SmallVector<Value> rows, cols;
              for (int64_t r = 0; r < kDotRows; ++r)
                rows.push_back(arith::AddIOp::create(b2, loc, i0, idx(b2, r)));
              for (int64_t v = 0; v < kDotVectors; ++v)
                cols.push_back(
                    arith::AddIOp::create(b2, loc, j0, idx(b2, v * lanes)));
              SmallVector<Value> init;
              for (Value row : rows)
                for (Value col : cols)
                  init.push_back(vector::LoadOp::create(
                      b2, loc, accVecTy, c, ValueRange{row, col}));
              auto kLoop = scf::ForOp::create(
                  b2, loc, idx(b2, 0), idx(b2, k), idx(b2, 1), init,
                  [&](OpBuilder &b3, Location, Value kk, ValueRange acc) {
                    SmallVector<Value> bv;
                    for (Value col : cols) {
                      Value v = vector::LoadOp::create(b3, loc, bVecTy, b,
                                                       ValueRange{kk, col});
                      if (v.getType() != accVecTy)
                        v = arith::ExtFOp::create(b3, loc, accVecTy, v);
                      bv.push_back(v);
                    }
                    SmallVector<Value> next;
                    for (auto [r, row] : llvm::enumerate(rows)) {
                      Value s = memref::LoadOp::create(b3, loc, a,
                                                       ValueRange{row, kk});
                      if (s.getType() != accTy)
                        s = arith::ExtFOp::create(b3, loc, accTy, s);
                      Value splat =
                          vector::BroadcastOp::create(b3, loc, accVecTy, s);
                      for (auto [v, col] : llvm::enumerate(bv))
                        next.push_back(vector::FMAOp::create(
                            b3, loc, accVecTy, splat, col,
                            acc[r * kDotVectors + v]));
                    }
                    scf::YieldOp::create(b3, loc, next);
                  });
              unsigned n = 0;
              for (Value row : rows)
                for (Value col : cols)
                  vector::StoreOp::create(b2, loc, kLoop.getResult(n++), c,
                                          ValueRange{row, col});
              scf::YieldOp::create(b2, loc);
            });
        scf::YieldOp::create(b1, loc);
      });
  for (Value t : temporaries)
    memref::DeallocOp::create(b0, loc, t);
  op->erase();
  return success();
}

struct LowerDotPass : triton::cpu::impl::TritonCPULowerDotBase<LowerDotPass> {
  using Base::Base;
  void runOnOperation() override {
    SmallVector<linalg::GenericOp> dots;
    getOperation()->walk([&](linalg::GenericOp op) {
      if (op->hasAttr("tt.dot"))
        dots.push_back(op);
    });
    for (linalg::GenericOp op : dots)
      (void)lowerDot(op, std::max(1u, unsigned(vectorWidth)));
  }
};

} // namespace
