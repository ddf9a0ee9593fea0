//===- AtomicOpToLLVM.cpp - atomics and histograms --------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tt.atomic_rmw and tt.atomic_cas become one predicated inline-PTX
// `atom.<sem>.<scope>.global.<op>.<type>` per element. An element that
// several threads hold (the pointer layout's free lane, warp and register
// bits) is updated once, by the copy whose free bits are 0; when the result
// is used, that copy's value then reaches the other holders by a warp
// shuffle (free lane bits only) or through shared memory. A scalar atomic
// is issued by thread 0 and its result broadcast through shared memory.
//
// tt.histogram counts in shared memory: the bins are zeroed, every element
// (once, as above) with its mask set and its value in range adds 1 to its
// bin with `red.shared.add.u32`, and each thread reads back the bins its
// result layout gives it.
//
//===----------------------------------------------------------------------===//

#include "SharedMemory.h"
#include "Utility.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;

namespace {

std::string semanticSuffix(MemSemantic sem) {
  switch (sem) {
  case MemSemantic::RELAXED: return ".relaxed";
  case MemSemantic::ACQUIRE: return ".acquire";
  case MemSemantic::RELEASE: return ".release";
  case MemSemantic::ACQUIRE_RELEASE: return ".acq_rel";
  }
  return "";
}

std::string scopeSuffix(MemSyncScope scope) {
  switch (scope) {
  case MemSyncScope::GPU: return ".gpu";
  case MemSyncScope::CTA: return ".cta";
  case MemSyncScope::SYSTEM: return ".sys";
  }
  return "";
}

/// The `.op.type` part of the PTX atom instruction for `kind` on `type`, or
/// a message saying why PTX has none.
FailureOr<std::string> rmwSuffix(RMWOp kind, Type type, int cc,
                                 std::string &why) {
  bool isFloat = isa<FloatType>(type);
  unsigned bits = isa<LLVM::LLVMPointerType>(type)
                      ? 64
                      : type.getIntOrFloatBitWidth();
  std::string b = std::to_string(bits);
  auto intOnly = [&](StringRef op, StringRef sign) -> FailureOr<std::string> {
    if (isFloat || (bits != 32 && bits != 64)) {
      why = "PTX has atom." + op.str() + " only for 32- and 64-bit integers";
      return failure();
    }
    return "." + op.str() + "." + sign.str() + b;
  };
  switch (kind) {
  case RMWOp::AND: return intOnly("and", "b");
  case RMWOp::OR: return intOnly("or", "b");
  case RMWOp::XOR: return intOnly("xor", "b");
  case RMWOp::ADD: return intOnly("add", "u");
  case RMWOp::MAX: return intOnly("max", "s");
  case RMWOp::MIN: return intOnly("min", "s");
  case RMWOp::UMAX: return intOnly("max", "u");
  case RMWOp::UMIN: return intOnly("min", "u");
  case RMWOp::XCHG:
    if (bits != 32 && bits != 64) {
      why = "PTX has atom.exch only for 32- and 64-bit values";
      return failure();
    }
    return ".exch.b" + b;
  case RMWOp::FADD:
    if (type.isF32()) return std::string(".add.f32");
    if (type.isF64()) return std::string(".add.f64");
    if (type.isF16()) {
      if (cc < 70) {
        why = "atom.add.f16 needs sm_70 or newer";
        return failure();
      }
      return std::string(".add.noftz.f16");
    }
    if (type.isBF16()) {
      if (cc < 90) {
        why = "atom.add.bf16 needs sm_90 or newer";
        return failure();
      }
      return std::string(".add.noftz.bf16");
    }
    why = "fadd needs an f16, bf16, f32 or f64 operand";
    return failure();
  }
  why = "unknown atomic operation";
  return failure();
}

/// PTX register class and integer type of a `bits`-wide asm operand.
std::pair<StringRef, Type> asmOperand(OpBuilder &b, unsigned bits) {
  if (bits == 16)
    return {"h", b.getI16Type()};
  if (bits == 64)
    return {"l", b.getI64Type()};
  return {"r", b.getI32Type()};
}

unsigned valueBits(Type type) {
  return isa<LLVM::LLVMPointerType>(type) ? 64 : type.getIntOrFloatBitWidth();
}

/// One predicated atom instruction: `text` is the instruction up to its
/// operands, `values` its data operands (one for rmw, two for cas).
Value emitAtom(OpBuilder &b, Location loc, StringRef instr, Value ptr,
               ArrayRef<Value> values, Value pred, Type elemType) {
  unsigned bits = valueBits(elemType);
  auto [cls, intType] = asmOperand(b, bits);
  SmallVector<Value> args{ptr};
  std::string constraints = "=" + cls.str() + ",l";
  std::string operands;
  for (auto [i, v] : llvm::enumerate(values)) {
    args.push_back(bitcastToInt(b, loc, v));
    constraints += "," + cls.str();
    operands += ", $" + std::to_string(i + 2);
  }
  std::string text;
  if (pred) {
    // Threads that skip the atomic read 0.
    text = "mov.b" + std::to_string(bits) + " $0, 0;\n\t@$" +
           std::to_string(args.size() + 1) + " ";
    args.push_back(pred);
    constraints += ",b";
  }
  text += instr.str() + " $0, [ $1 + 0 ]" + operands + ";";
  Value r = inlineAsm(b, loc, intType, args, text, constraints,
                      /*sideEffects=*/true);
  return bitcastFromInt(b, loc, r, elemType);
}

Value andPred(OpBuilder &b, Location loc, Value a, Value c) {
  if (!a)
    return c;
  if (!c)
    return a;
  return LLVM::AndOp::create(b, loc, a, c);
}

/// Gives every thread holding an element the value its representative copy
/// computed (`values` are valid in representatives only).
FailureOr<SmallVector<Value>> broadcastFromRepresentatives(
    OpBuilder &b, Location loc, LoweringContext &lc, Operation *owner,
    const tt::LinearLayout &layout, ArrayRef<int64_t> shape,
    ArrayRef<Value> values, Value representative) {
  int32_t freeLanes = layout.getFreeVariableMask(tt::kLane);
  int32_t freeWarps = layout.getFreeVariableMask(tt::kWarp);
  SmallVector<Value> out(values);
  if (freeLanes == 0 && freeWarps == 0)
    return out;
  if (freeWarps == 0) {
    Value src = LLVM::AndOp::create(b, loc, laneId(b, loc, lc),
                                    i32Const(b, loc, ~freeLanes));
    for (Value &v : out)
      v = shuffle(b, loc, v, NVVM::ShflKind::idx, src, 0x1f);
    return out;
  }
  Type elemType = values[0].getType();
  Type memType = sharedMemoryType(b, elemType);
  int64_t numElements = 1;
  for (int64_t s : shape)
    numElements *= s;
  FailureOr<Value> scratch =
      scratchAddress(b, loc, owner, numElements * sharedMemoryBytes(memType));
  if (failed(scratch))
    return failure();
  Value base = sharedPointer(b, loc, *scratch);
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext(), 3);
  auto coords = emitIndices(b, loc, layout, lc);
  SmallVector<Value> addrs;
  for (auto &c : coords)
    addrs.push_back(LLVM::GEPOp::create(b, loc, ptrType, memType, base,
                                        ValueRange{linearize(b, loc, c, shape)}));
  barrier(b, loc);
  int32_t freeRegs = layout.getFreeVariableMask(tt::kRegister);
  for (unsigned r = 0; r < values.size(); ++r) {
    if (r & freeRegs)
      continue;
    Value v = values[r];
    if (memType != elemType)
      v = LLVM::ZExtOp::create(b, loc, memType, v);
    predicatedSharedStore(b, loc, representative, addrs[r], v);
  }
  barrier(b, loc);
  for (unsigned r = 0; r < values.size(); ++r) {
    Value v = LLVM::LoadOp::create(b, loc, memType, addrs[r]);
    if (memType != elemType)
      v = LLVM::TruncOp::create(b, loc, elemType, v);
    out[r] = v;
  }
  return out;
}

/// Shared by atomic_rmw and atomic_cas: issues `instr` for each element.
LogicalResult lowerAtomic(Operation *op, StringRef instr, Value origPtr,
                          Value ptr, ArrayRef<Value> data, Value mask,
                          const TypeConverter *tc, LoweringContext &lc,
                          ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  Type resultType = op->getResult(0).getType();
  bool used = !op->getResult(0).use_empty();
  auto tensorType = dyn_cast<RankedTensorType>(resultType);
  Type elemType = tc->convertType(mlir::getElementTypeOrSelf(resultType));

  if (!tensorType) {
    // Thread 0 updates memory; everyone gets the old value.
    Value pred = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                      threadId(rewriter, loc),
                                      i32Const(rewriter, loc, 0));
    pred = andPred(rewriter, loc, pred, mask);
    Value old = emitAtom(rewriter, loc, instr, ptr, data, pred, elemType);
    if (used) {
      Type memType = sharedMemoryType(rewriter, elemType);
      FailureOr<Value> scratch =
          scratchAddress(rewriter, loc, op, sharedMemoryBytes(memType));
      if (failed(scratch))
        return failure();
      Value base = sharedPointer(rewriter, loc, *scratch);
      barrier(rewriter, loc);
      Value v = memType != elemType
                    ? (Value)LLVM::ZExtOp::create(rewriter, loc, memType, old)
                    : old;
      predicatedSharedStore(rewriter, loc, pred, base, v);
      barrier(rewriter, loc);
      old = LLVM::LoadOp::create(rewriter, loc, memType, base);
      if (memType != elemType)
        old = LLVM::TruncOp::create(rewriter, loc, elemType, old);
    }
    rewriter.replaceOp(op, old);
    return success();
  }

  tt::LinearLayout layout =
      getLayout(cast<RankedTensorType>(origPtr.getType()));
  SmallVector<Value> ptrs = unpackLLElements(loc, ptr, rewriter);
  SmallVector<SmallVector<Value>> operands;
  for (Value v : data)
    operands.push_back(unpackLLElements(loc, v, rewriter));
  SmallVector<Value> masks;
  if (mask)
    masks = unpackLLElements(loc, mask, rewriter);
  Value representative = isRepresentative(rewriter, loc, layout, lc);
  int32_t freeRegs = layout.getFreeVariableMask(tt::kRegister);
  SmallVector<Value> results(ptrs.size());
  for (unsigned r = 0; r < ptrs.size(); ++r) {
    if (r & freeRegs)
      continue; // Another register of this thread holds the same element.
    SmallVector<Value> values;
    for (auto &o : operands)
      values.push_back(o[r]);
    Value pred = andPred(rewriter, loc, masks.empty() ? Value() : masks[r],
                         representative);
    results[r] = emitAtom(rewriter, loc, instr, ptrs[r], values, pred, elemType);
  }
  for (unsigned r = 0; r < ptrs.size(); ++r)
    if (r & freeRegs)
      results[r] = results[r & ~freeRegs];
  if (used && representative) {
    FailureOr<SmallVector<Value>> shared = broadcastFromRepresentatives(
        rewriter, loc, lc, op, layout, tensorType.getShape(), results,
        representative);
    if (failed(shared))
      return failure();
    results = std::move(*shared);
  }
  rewriter.replaceOp(op, packLLElements(loc, tc, results, rewriter, tensorType));
  return success();
}

struct AtomicRMWOpConversion : public ConvertOpToLLVMPattern<AtomicRMWOp> {
  AtomicRMWOpConversion(TritonGPUToLLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}

  LogicalResult
  matchAndRewrite(AtomicRMWOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type elemType = getTypeConverter()->convertType(
        mlir::getElementTypeOrSelf(op.getVal().getType()));
    std::string why;
    FailureOr<std::string> suffix =
        rmwSuffix(op.getAtomicRmwOp(), elemType, lc.computeCapability, why);
    if (failed(suffix))
      return op.emitError() << "cannot lower atomic_rmw "
                            << stringifyRMWOp(op.getAtomicRmwOp()) << " on "
                            << elemType << ": " << why;
    std::string instr = "atom" + semanticSuffix(op.getSem()) +
                        scopeSuffix(op.getScope()) + ".global" + *suffix;
    return lowerAtomic(op, instr, op.getPtr(), adaptor.getPtr(),
                       {adaptor.getVal()}, adaptor.getMask(),
                       getTypeConverter(), lc, rewriter);
  }

  LoweringContext &lc;
};

struct AtomicCASOpConversion : public ConvertOpToLLVMPattern<AtomicCASOp> {
  AtomicCASOpConversion(TritonGPUToLLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}

  LogicalResult
  matchAndRewrite(AtomicCASOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type elemType = getTypeConverter()->convertType(
        mlir::getElementTypeOrSelf(op.getVal().getType()));
    unsigned bits = valueBits(elemType);
    if (bits != 16 && bits != 32 && bits != 64)
      return op.emitError() << "cannot lower atomic_cas on " << elemType
                            << ": PTX has atom.cas for 16-, 32- and 64-bit "
                               "values only";
    std::string instr = "atom" + semanticSuffix(op.getSem()) +
                        scopeSuffix(op.getScope()) + ".global.cas.b" +
                        std::to_string(bits);
    return lowerAtomic(op, instr, op.getPtr(), adaptor.getPtr(),
                       {adaptor.getCmp(), adaptor.getVal()}, Value(),
                       getTypeConverter(), lc, rewriter);
  }

  LoweringContext &lc;
};

struct HistogramOpConversion : public ConvertOpToLLVMPattern<HistogramOp> {
  HistogramOpConversion(TritonGPUToLLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}

  LogicalResult
  matchAndRewrite(HistogramOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    int64_t numBins = resultType.getShape()[0];
    Type resultElem = getTypeConverter()->convertType(resultType.getElementType());
    tt::LinearLayout srcLayout = getLayout(srcType);
    SmallVector<Value> values = unpackLLElements(loc, adaptor.getSrc(), rewriter);
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackLLElements(loc, adaptor.getMask(), rewriter);

    Type i32 = rewriter.getI32Type();
    FailureOr<Value> scratch = scratchAddress(rewriter, loc, op, numBins * 4);
    if (failed(scratch))
      return failure();
    Value base = sharedPointer(rewriter, loc, *scratch);
    auto ptrType = LLVM::LLVMPointerType::get(getContext(), 3);
    auto binAddr = [&](Value index) {
      return LLVM::GEPOp::create(rewriter, loc, ptrType, i32, base,
                                 ValueRange{index});
    };

    // Zero the bins, each thread a strided share.
    barrier(rewriter, loc);
    int64_t numThreads = int64_t(lc.numWarps) * lc.threadsPerWarp;
    Value tid = threadId(rewriter, loc);
    for (int64_t start = 0; start < numBins; start += numThreads) {
      Value index = LLVM::AddOp::create(rewriter, loc, tid,
                                        i32Const(rewriter, loc, start));
      if (start + numThreads > numBins) // Extra threads rewrite the last bin.
        index = LLVM::UMinOp::create(rewriter, loc, index,
                                     i32Const(rewriter, loc, numBins - 1));
      LLVM::StoreOp::create(rewriter, loc, i32Const(rewriter, loc, 0),
                            binAddr(index));
    }
    barrier(rewriter, loc);

    // Count each element once.
    Value representative = isRepresentative(rewriter, loc, srcLayout, lc);
    int32_t freeRegs = srcLayout.getFreeVariableMask(tt::kRegister);
    Type i64 = rewriter.getI64Type();
    for (unsigned r = 0; r < values.size(); ++r) {
      if (r & freeRegs)
        continue;
      Value v = values[r];
      unsigned bits = v.getType().getIntOrFloatBitWidth();
      Value wide = bits < 64 ? (Value)LLVM::SExtOp::create(rewriter, loc, i64, v)
                             : v;
      Value pred = LLVM::ICmpOp::create(
          rewriter, loc, LLVM::ICmpPredicate::ult, wide,
          LLVM::ConstantOp::create(rewriter, loc, i64,
                                   rewriter.getI64IntegerAttr(numBins)));
      pred = andPred(rewriter, loc, pred, masks.empty() ? Value() : masks[r]);
      pred = andPred(rewriter, loc, pred, representative);
      Value index = bits == 32 ? v
                    : bits < 32 ? (Value)LLVM::SExtOp::create(rewriter, loc, i32, v)
                                : (Value)LLVM::TruncOp::create(rewriter, loc, i32, v);
      Value addr = LLVM::PtrToIntOp::create(rewriter, loc, i32, binAddr(index));
      inlineAsm(rewriter, loc, Type(), {pred, addr},
                "@$0 red.shared.add.u32 [ $1 + 0 ], 1;", "b,r",
                /*sideEffects=*/true);
    }
    barrier(rewriter, loc);

    // Read back this thread's bins.
    SmallVector<Value> results;
    for (auto &coord : emitIndices(rewriter, loc, getLayout(resultType), lc)) {
      Value count = LLVM::LoadOp::create(rewriter, loc, i32, binAddr(coord[0]));
      unsigned bits = resultElem.getIntOrFloatBitWidth();
      if (bits > 32)
        count = LLVM::ZExtOp::create(rewriter, loc, resultElem, count);
      else if (bits < 32)
        count = LLVM::TruncOp::create(rewriter, loc, resultElem, count);
      results.push_back(count);
    }
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), results,
                                          rewriter, resultType));
    return success();
  }

  LoweringContext &lc;
};

} // namespace

int64_t mlir::triton::lowering::getAtomicScratchBytes(Operation *op) {
  // The old values go through shared memory when they are used and not
  // every thread computed its own: a scalar atomic (one thread updates), a
  // tensor whose layout duplicates elements across warps.
  if (op->getResult(0).use_empty())
    return 0;
  Type resultType = op->getResult(0).getType();
  auto bytesOf = [](Type elem) -> int64_t {
    if (isa<PointerType>(elem))
      return 8;
    return std::max(1u, elem.getIntOrFloatBitWidth() / 8);
  };
  auto tensor = dyn_cast<RankedTensorType>(resultType);
  if (!tensor)
    return bytesOf(resultType);
  Value ptr = op->getOperand(0);
  std::optional<tt::LinearLayout> layout =
      gpu::toLinearLayout(cast<RankedTensorType>(ptr.getType()));
  if (!layout || layout->getFreeVariableMask(tt::kWarp) == 0)
    return 0;
  return tensor.getNumElements() * bytesOf(tensor.getElementType());
}

int64_t mlir::triton::lowering::getHistogramScratchBytes(HistogramOp op) {
  return cast<RankedTensorType>(op.getType()).getShape()[0] * 4;
}

void mlir::triton::lowering::populateAtomicOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &tc, RewritePatternSet &patterns,
    LoweringContext &lc) {
  patterns.add<AtomicRMWOpConversion, AtomicCASOpConversion,
               HistogramOpConversion>(tc, lc);
}
