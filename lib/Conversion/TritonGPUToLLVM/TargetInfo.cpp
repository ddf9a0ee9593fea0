//===- TargetInfo.cpp - NVIDIA target and the shared conversion -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The NVIDIA TargetInfo (NVVM intrinsics, inline PTX), the target-neutral
// predicated global accesses other targets inherit, and lowerToLLVM: the
// body of every TTGIR-to-LLVM conversion pass.
//
//===----------------------------------------------------------------------===//

#include "SharedMemory.h"
#include "TargetInfo.h"
#include "Utility.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;

TargetInfo::~TargetInfo() = default;

//===----------------------------------------------------------------------===//
// The current target
//===----------------------------------------------------------------------===//

static thread_local const TargetInfo *currentTarget = nullptr;

const TargetInfo &TargetInfo::current() {
  return currentTarget ? *currentTarget : getNVIDIATargetInfo();
}

TargetInfo::Scope::Scope(const TargetInfo &target) : previous(currentTarget) {
  currentTarget = &target;
}

TargetInfo::Scope::~Scope() { currentTarget = previous; }

//===----------------------------------------------------------------------===//
// Predicated global accesses with LLVM operations
//===----------------------------------------------------------------------===//

namespace {
/// i1 lives in memory as i8.
Type memoryType(OpBuilder &b, Type elemType) {
  return elemType.isInteger(1) ? b.getI8Type() : elemType;
}

unsigned memoryBytes(Type memType) {
  if (isa<LLVM::LLVMPointerType>(memType))
    return 8;
  return std::max(1u, memType.getIntOrFloatBitWidth() / 8);
}

/// `vec` elements as one value: the element itself, or an LLVM vector.
Value packVector(OpBuilder &b, Location loc, Type loadType,
                 ArrayRef<Value> elems) {
  if (elems.size() == 1)
    return elems[0];
  Value v = LLVM::PoisonOp::create(b, loc, loadType);
  for (auto [i, e] : llvm::enumerate(elems))
    v = LLVM::InsertElementOp::create(b, loc, v, e, i32Const(b, loc, i));
  return v;
}

SmallVector<Value> unpackVector(OpBuilder &b, Location loc, Value v,
                                unsigned vec) {
  if (vec == 1)
    return {v};
  SmallVector<Value> out;
  for (unsigned i = 0; i < vec; ++i)
    out.push_back(LLVM::ExtractElementOp::create(b, loc, v, i32Const(b, loc, i)));
  return out;
}

/// Splits the current block at the insertion point and branches around a
/// block that runs only where `pred` is set: returns (conditional block,
/// continuation). The insertion point ends at the start of the conditional
/// block; `passThrough` become the continuation's arguments on the
/// not-taken edge.
std::pair<Block *, Block *> branchOn(RewriterBase &b, Location loc, Value pred,
                                     ValueRange passThrough) {
  Block *current = b.getInsertionBlock();
  Block *after = b.splitBlock(current, b.getInsertionPoint());
  for (Value v : passThrough)
    after->addArgument(v.getType(), loc);
  Block *taken = b.createBlock(after);
  b.setInsertionPointToEnd(current);
  LLVM::CondBrOp::create(b, loc, pred, taken, ValueRange{}, after,
                         passThrough);
  b.setInsertionPointToStart(taken);
  return {taken, after};
}
} // namespace

SmallVector<Value> TargetInfo::loadGlobal(RewriterBase &b, Location loc,
                                          Value ptr, Type elemType,
                                          unsigned vec, Value pred,
                                          ArrayRef<Value> others,
                                          bool isVolatile) const {
  Type memType = memoryType(b, elemType);
  Type loadType =
      vec == 1 ? memType : (Type)VectorType::get({int64_t(vec)}, memType);
  unsigned alignment = vec * memoryBytes(memType);
  auto load = [&]() -> Value {
    return LLVM::LoadOp::create(b, loc, loadType, ptr, alignment, isVolatile);
  };
  Value result;
  if (!pred) {
    result = load();
  } else {
    SmallVector<Value> fallback;
    for (unsigned i = 0; i < vec; ++i) {
      Value o;
      if (!others.empty()) {
        o = others[i];
        if (o.getType() != memType)
          o = LLVM::ZExtOp::create(b, loc, memType, o);
      } else {
        o = LLVM::ZeroOp::create(b, loc, memType);
      }
      fallback.push_back(o);
    }
    Value other = packVector(b, loc, loadType, fallback);
    auto [taken, after] = branchOn(b, loc, pred, ValueRange{other});
    Value loaded = load();
    LLVM::BrOp::create(b, loc, ValueRange{loaded}, after);
    b.setInsertionPointToStart(after);
    result = after->getArgument(0);
  }
  SmallVector<Value> elems = unpackVector(b, loc, result, vec);
  if (memType != elemType)
    for (Value &e : elems)
      e = LLVM::TruncOp::create(b, loc, elemType, e);
  return elems;
}

void TargetInfo::storeGlobal(RewriterBase &b, Location loc, Value ptr,
                             ArrayRef<Value> elems, Value pred) const {
  Type elemType = elems[0].getType();
  Type memType = memoryType(b, elemType);
  unsigned vec = elems.size();
  Type storeType =
      vec == 1 ? memType : (Type)VectorType::get({int64_t(vec)}, memType);
  SmallVector<Value> widened(elems);
  if (memType != elemType)
    for (Value &e : widened)
      e = LLVM::ZExtOp::create(b, loc, memType, e);
  Value value = packVector(b, loc, storeType, widened);
  unsigned alignment = vec * memoryBytes(memType);
  if (!pred) {
    LLVM::StoreOp::create(b, loc, value, ptr, alignment);
    return;
  }
  auto [taken, after] = branchOn(b, loc, pred, ValueRange{});
  LLVM::StoreOp::create(b, loc, value, ptr, alignment);
  LLVM::BrOp::create(b, loc, ValueRange{}, after);
  b.setInsertionPointToStart(after);
}

void TargetInfo::storeMatrix(OpBuilder &b, Location loc, Value address,
                             int64_t addend, ArrayRef<Value> words) const {
  llvm::report_fatal_error("storeMatrix is not available on the " +
                           getName() + " target");
}

//===----------------------------------------------------------------------===//
// NVIDIA
//===----------------------------------------------------------------------===//

namespace {
class NVIDIATargetInfo : public TargetInfo {
public:
  StringRef getName() const override { return "nvidia"; }
  bool isNVIDIA() const override { return true; }

  Value threadIdX(OpBuilder &b, Location loc) const override {
    return NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
  }

  Value programId(OpBuilder &b, Location loc, unsigned axis) const override {
    Type i32 = b.getI32Type();
    switch (axis) {
    case 0: return NVVM::BlockIdXOp::create(b, loc, i32);
    case 1: return NVVM::BlockIdYOp::create(b, loc, i32);
    default: return NVVM::BlockIdZOp::create(b, loc, i32);
    }
  }

  Value numPrograms(OpBuilder &b, Location loc, unsigned axis) const override {
    Type i32 = b.getI32Type();
    switch (axis) {
    case 0: return NVVM::GridDimXOp::create(b, loc, i32);
    case 1: return NVVM::GridDimYOp::create(b, loc, i32);
    default: return NVVM::GridDimZOp::create(b, loc, i32);
    }
  }

  void barrier(OpBuilder &b, Location loc) const override {
    NVVM::Barrier0Op::create(b, loc);
  }

  Value shuffleI32(OpBuilder &b, Location loc, Value word, NVVM::ShflKind kind,
                   Value laneOrOffset, int clamp) const override {
    return NVVM::ShflOp::create(b, loc, b.getI32Type(), i32Const(b, loc, -1),
                                word, laneOrOffset, i32Const(b, loc, clamp),
                                kind, UnitAttr());
  }

  void storeShared(OpBuilder &b, Location loc, Value pred, Value addr,
                   Value v) const override {
    Type type = v.getType();
    unsigned bits = isa<LLVM::LLVMPointerType>(type)
                        ? 64
                        : std::max(8u, type.getIntOrFloatBitWidth());
    Value word = bitcastToInt(b, loc, v);
    if (bits == 8) // Bytes travel in 16-bit registers.
      word = LLVM::ZExtOp::create(b, loc, b.getI16Type(), word);
    StringRef cls = bits == 64 ? "l" : bits == 32 ? "r" : "h";
    Value addr32 = LLVM::PtrToIntOp::create(b, loc, b.getI32Type(), addr);
    std::string text =
        "@$0 st.shared.b" + std::to_string(bits) + " [ $1 + 0 ], $2;";
    inlineAsm(b, loc, Type(), {pred, addr32, word}, text,
              std::string("b,r,") + cls.str(), /*sideEffects=*/true);
  }

  bool hasStoreMatrix(int computeCapability) const override {
    return computeCapability >= 90;
  }

  void storeMatrix(OpBuilder &b, Location loc, Value address, int64_t addend,
                   ArrayRef<Value> words) const override {
    unsigned n = words.size();
    assert((n == 1 || n == 2 || n == 4) && "stmatrix takes 1, 2 or 4 words");
    std::string text = "stmatrix.sync.aligned.m8n8.x" + std::to_string(n) +
                       ".shared.b16 [ $0 + " + std::to_string(addend) + " ], {";
    std::string constraints = "r";
    SmallVector<Value> args{address};
    for (unsigned i = 0; i < n; ++i) {
      text += (i ? ", $" : "$") + std::to_string(i + 1);
      constraints += ",r";
      args.push_back(words[i]);
    }
    text += "};";
    inlineAsm(b, loc, Type(), args, text, constraints, /*sideEffects=*/true);
  }

  void markKernel(LLVM::LLVMFuncOp func, int numWarps,
                  int threadsPerWarp) const override {
    MLIRContext *ctx = func.getContext();
    func->setAttr(NVVM::NVVMDialect::getKernelFuncAttrName(),
                  UnitAttr::get(ctx));
    func->setAttr(NVVM::NVVMDialect::getReqntidAttrName(),
                  DenseI32ArrayAttr::get(ctx, {numWarps * threadsPerWarp}));
  }

  void populatePatterns(TritonGPUToLLVMTypeConverter &tc,
                        RewritePatternSet &patterns,
                        LoweringContext &lc) const override {
    // LLVM intrinsics first; libdevice only for math ops LLVM has no
    // intrinsic for (rsqrt, log, sin, ...); arith ops stay LLVM instructions
    // (maxnumf -> max.f32).
    populateMathToLLVMConversionPatterns(tc, patterns,
                                         /*approximateLog1p=*/true,
                                         /*benefit=*/2);
    RewritePatternSet libdevice(patterns.getContext());
    populateLibDeviceConversionPatterns(tc, libdevice, /*benefit=*/1);
    for (auto &pattern : libdevice.getNativePatterns()) {
      std::optional<OperationName> root = pattern->getRootKind();
      if (root && root->getDialectNamespace() == "math")
        patterns.add(std::move(pattern));
    }
  }

  void addLegalDialects(ConversionTarget &target) const override {
    target.addLegalDialect<NVVM::NVVMDialect>();
  }
};
} // namespace

const TargetInfo &mlir::triton::lowering::getNVIDIATargetInfo() {
  static const NVIDIATargetInfo info;
  return info;
}

//===----------------------------------------------------------------------===//
// The conversion
//===----------------------------------------------------------------------===//

LogicalResult mlir::triton::lowering::lowerToLLVM(ModuleOp module,
                                                  const TargetInfo &target,
                                                  int computeCapability,
                                                  PatternHook extraPatterns) {
  MLIRContext *ctx = module.getContext();
  TargetInfo::Scope scope(target);

  // Every tensor must have a layout the lowering understands.
  WalkResult check = module.walk([&](Operation *op) {
    for (Type t : op->getResultTypes())
      if (auto tensor = dyn_cast<RankedTensorType>(t))
        if (!triton::gpu::toLinearLayout(tensor)) {
          op->emitError() << "cannot lower a tensor of type " << t
                          << ": its encoding is not supported yet";
          return WalkResult::interrupt();
        }
    return WalkResult::advance();
  });
  if (check.wasInterrupted())
    return failure();

  ModuleAxisInfoAnalysis axisInfo(module);
  LoweringContext lc;
  lc.axisInfo = &axisInfo;
  lc.target = &target;
  lc.numWarps = triton::gpu::maybeLookupNumWarps(module).value_or(4);
  lc.threadsPerWarp =
      triton::gpu::maybeLookupThreadsPerWarp(module).value_or(32);
  lc.computeCapability = computeCapability;
  // Shared memory is laid out by allocate-shared-memory (the pipelines run
  // it); a module that did not go through it is allocated here.
  if (!module->hasAttr("ttg.shared") && failed(allocateSharedMemory(module)))
    return failure();
  if (auto shared = module->getAttrOfType<IntegerAttr>("ttg.shared"))
    lc.sharedBytes = shared.getInt();

  LowerToLLVMOptions options(ctx);
  TritonGPUToLLVMTypeConverter tc(ctx, options);
  RewritePatternSet patterns(ctx);
  populateFuncOpToLLVMPatterns(tc, patterns, lc);
  populateElementwiseOpToLLVMPatterns(tc, patterns, lc);
  populateMemoryOpToLLVMPatterns(tc, patterns, lc);
  populateViewOpToLLVMPatterns(tc, patterns, lc);
  populateReduceOpToLLVMPatterns(tc, patterns, lc);
  populateScanOpToLLVMPatterns(tc, patterns, lc);
  populateShapeOpToLLVMPatterns(tc, patterns, lc);
  if (target.isNVIDIA()) {
    // Written as inline PTX and CUDA's vprintf.
    populateAtomicOpToLLVMPatterns(tc, patterns, lc);
    populatePrintOpToLLVMPatterns(tc, patterns, lc);
  }
  arith::populateArithToLLVMConversionPatterns(tc, patterns);
  // Math: the target's own patterns (which pick between LLVM intrinsics and
  // its device library).
  target.populatePatterns(tc, patterns, lc);
  if (extraPatterns)
    extraPatterns(tc, patterns, lc);
  cf::populateControlFlowToLLVMConversionPatterns(tc, patterns);
  ub::populateUBToLLVMConversionPatterns(tc, patterns);

  ConversionTarget legal(*ctx);
  legal.addLegalDialect<LLVM::LLVMDialect>();
  target.addLegalDialects(legal);
  legal.addLegalOp<ModuleOp>();
  legal.markUnknownOpDynamicallyLegal([](Operation *) { return false; });
  if (failed(applyFullConversion(module, legal, std::move(patterns))))
    return failure();

  // allocate-shared-memory may have sized shared memory already; the
  // lowering's own high-water mark can only add to it.
  int64_t sharedBytes = lc.sharedBytes;
  if (auto attr = module->getAttrOfType<IntegerAttr>("ttg.shared"))
    sharedBytes = std::max<int64_t>(sharedBytes, attr.getInt());
  if (failed(target.finalizeModule(module, sharedBytes)))
    return failure();
  module->setAttr("ttg.shared",
                  IntegerAttr::get(IntegerType::get(ctx, 32), sharedBytes));
  return success();
}
