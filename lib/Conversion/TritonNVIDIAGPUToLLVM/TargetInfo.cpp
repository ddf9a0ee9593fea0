//===- TargetInfo.cpp - NVIDIA's answers to the common lowering -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// NVIDIATargetInfo (NVIDIAPatterns.h): NVVM thread and program ids, bar.sync
// and shfl.sync, inline-PTX shared stores and stmatrix, kernel launch
// bounds, LLVM-intrinsic and libdevice math with the PTX fast paths, CUDA's
// vprintf and __assertfail; and the registry entry for "cuda:<cc>" targets.
// Global loads, stores and atomics are in GlobalAccesses.cpp.
//
//===----------------------------------------------------------------------===//

#include "NVIDIAPatterns.h"

#include "llvm/ADT/StringSet.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "tt/Dialect/TritonNvidiaGPU/Transforms/TMAUtilities.h"

#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Transforms/DialectConversion.h"

#include <map>
#include <memory>
#include <mutex>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;

Value mlir::triton::lowering::inlineAsm(OpBuilder &b, Location loc,
                                        Type resultType, ValueRange args,
                                        StringRef text, StringRef constraints,
                                        bool sideEffects) {
  auto dialect = LLVM::AsmDialectAttr::get(b.getContext(),
                                           LLVM::AsmDialect::AD_ATT);
  if (resultType && isa<LLVM::LLVMVoidType>(resultType))
    resultType = Type();
  auto op = LLVM::InlineAsmOp::create(b, loc, resultType, args, text,
                                      constraints, sideEffects,
                                      /*is_align_stack=*/false,
                                      LLVM::TailCallKind::None, dialect,
                                      ArrayAttr());
  return op.getNumResults() ? op.getResult(0) : Value();
}

//===----------------------------------------------------------------------===//
// Threads, barriers, shuffles, shared memory
//===----------------------------------------------------------------------===//

Value NVIDIATargetInfo::threadIdX(OpBuilder &b, Location loc) const {
  return NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
}

namespace {
/// The i32 special register of `axis` (x, y, z; z past 2) among the
/// three NVVM ops that read one.
template <typename X, typename Y, typename Z>
Value readAxisRegister(OpBuilder &b, Location loc, unsigned axis) {
  Type i32 = b.getI32Type();
  switch (axis) {
  case 0: return X::create(b, loc, i32);
  case 1: return Y::create(b, loc, i32);
  default: return Z::create(b, loc, i32);
  }
}
} // namespace

Value NVIDIATargetInfo::programId(OpBuilder &b, Location loc,
                                  unsigned axis) const {
  return readAxisRegister<NVVM::BlockIdXOp, NVVM::BlockIdYOp,
                          NVVM::BlockIdZOp>(b, loc, axis);
}

Value NVIDIATargetInfo::numPrograms(OpBuilder &b, Location loc,
                                    unsigned axis) const {
  return readAxisRegister<NVVM::GridDimXOp, NVVM::GridDimYOp,
                          NVVM::GridDimZOp>(b, loc, axis);
}

void NVIDIATargetInfo::barrier(OpBuilder &b, Location loc) const {
  NVVM::Barrier0Op::create(b, loc);
}

static NVVM::ShflKind toNVVM(ShuffleKind kind) {
  switch (kind) {
  case ShuffleKind::Bfly: return NVVM::ShflKind::bfly;
  case ShuffleKind::Idx: return NVVM::ShflKind::idx;
  case ShuffleKind::Up: return NVVM::ShflKind::up;
  case ShuffleKind::Down: return NVVM::ShflKind::down;
  }
  llvm_unreachable("unknown shuffle kind");
}

Value NVIDIATargetInfo::shuffleI32(OpBuilder &b, Location loc, Value word,
                                   ShuffleKind kind, Value laneOrOffset,
                                   int clamp) const {
  return NVVM::ShflOp::create(b, loc, b.getI32Type(), i32Const(b, loc, -1),
                              word, laneOrOffset, i32Const(b, loc, clamp),
                              toNVVM(kind), UnitAttr());
}

void NVIDIATargetInfo::storeShared(OpBuilder &b, Location loc, Value pred,
                                   Value addr, Value v) const {
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

void NVIDIATargetInfo::storeMatrix(OpBuilder &b, Location loc, Value address,
                                   int64_t addend,
                                   ArrayRef<Value> words) const {
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

std::optional<int64_t>
NVIDIATargetInfo::getScratchBytes(Operation *op) const {
  if (isa<nvidia_gpu::TensormapCreateOp>(op))
    return getTensormapCreateScratchBytes(op);
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Printing and assertions
//===----------------------------------------------------------------------===//

/// Calls vprintf with `format` and `args` packed in a buffer allocated in
/// the function's entry block (one per argument layout, reused by the
/// calls of one op through `storage`).
LogicalResult NVIDIATargetInfo::devicePrintf(
    RewriterBase &rewriter, Location loc, ModuleOp module, Value format,
    ArrayRef<Value> args, llvm::DenseMap<Type, Value> &storage) const {
  MLIRContext *ctx = rewriter.getContext();
  auto ptrType = LLVM::LLVMPointerType::get(ctx);
  auto vprintf = getOrDeclareFunction(
      rewriter, module, "vprintf",
      LLVM::LLVMFunctionType::get(rewriter.getI32Type(), {ptrType, ptrType}));
  Value buffer;
  if (args.empty()) {
    buffer = LLVM::ZeroOp::create(rewriter, loc, ptrType);
  } else {
    SmallVector<Type> fields;
    for (Value a : args)
      fields.push_back(a.getType());
    auto structType = LLVM::LLVMStructType::getLiteral(ctx, fields);
    buffer = storage.lookup(structType);
    if (!buffer) {
      OpBuilder::InsertionGuard guard(rewriter);
      auto func = rewriter.getInsertionBlock()
                      ->getParentOp()
                      ->getParentOfType<LLVM::LLVMFuncOp>();
      if (!func)
        func = dyn_cast<LLVM::LLVMFuncOp>(
            rewriter.getInsertionBlock()->getParentOp());
      rewriter.setInsertionPointToStart(&func.getBody().front());
      Value one = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI64Type(),
                                           rewriter.getI64IntegerAttr(1));
      buffer = LLVM::AllocaOp::create(rewriter, loc, ptrType, structType, one,
                                      /*alignment=*/8);
      storage[structType] = buffer;
    }
    for (auto [i, a] : llvm::enumerate(args)) {
      Value field = LLVM::GEPOp::create(
          rewriter, loc, ptrType, structType, buffer,
          ArrayRef<LLVM::GEPArg>{0, int32_t(i)});
      LLVM::StoreOp::create(rewriter, loc, a, field);
    }
  }
  LLVM::CallOp::create(rewriter, loc, vprintf, ValueRange{format, buffer});
  return success();
}

/// `__assertfail(message, file, line, function, 1)`, CUDA's assertion
/// failure.
LogicalResult NVIDIATargetInfo::assertFail(RewriterBase &rewriter, Location loc,
                                           ModuleOp module, StringRef message,
                                           StringRef file, unsigned line,
                                           StringRef function) const {
  MLIRContext *ctx = rewriter.getContext();
  auto ptrType = LLVM::LLVMPointerType::get(ctx);
  auto assertfail = getOrDeclareFunction(
      rewriter, module, "__assertfail",
      LLVM::LLVMFunctionType::get(
          LLVM::LLVMVoidType::get(ctx),
          {ptrType, ptrType, rewriter.getI32Type(), ptrType,
           rewriter.getI64Type()}));
  Value args[] = {
      globalString(rewriter, loc, module, "assertMessage", message),
      globalString(rewriter, loc, module, "assertFile", file),
      i32Const(rewriter, loc, line),
      globalString(rewriter, loc, module, "assertFunc", function),
      LLVM::ConstantOp::create(rewriter, loc, rewriter.getI64Type(),
                               rewriter.getI64IntegerAttr(1))};
  LLVM::CallOp::create(rewriter, loc, assertfail, args);
  return success();
}

//===----------------------------------------------------------------------===//
// Kernels, patterns, legality
//===----------------------------------------------------------------------===//

void NVIDIATargetInfo::markKernel(LLVM::LLVMFuncOp func, int numWarps,
                                  int threadsPerWarp) const {
  MLIRContext *ctx = func.getContext();
  func->setAttr(NVVM::NVVMDialect::getKernelFuncAttrName(), UnitAttr::get(ctx));
  func->setAttr(NVVM::NVVMDialect::getReqntidAttrName(),
                DenseI32ArrayAttr::get(ctx, {numWarps * threadsPerWarp}));
  // The module's register cap (upstream's maxnreg) goes on kernel entries
  // only: `.maxnreg` on a .func is not PTX.
  if (auto module = func->getParentOfType<ModuleOp>())
    if (auto cap = module->getAttrOfType<IntegerAttr>("ttg.maxnreg"))
      func->setAttr(NVVM::NVVMDialect::getMaxnregAttrName(),
                    IntegerAttr::get(IntegerType::get(ctx, 32), cap.getInt()));
}

LogicalResult
NVIDIATargetInfo::lowerKernelArguments(LLVM::LLVMFuncOp func,
                                       triton::FuncOp source) const {
  // Upstream's launcher builds a CUtensorMap for each host tensor
  // descriptor from the kernel's metadata (tensordesc_meta: swizzle, element
  // size and type code, box) and passes it by value in parameter space
  // (`.param .align 64 .b8 [128]`); the kernel uses its generic address, as
  // it uses a descriptor made in global memory.
  MLIRContext *ctx = func.getContext();
  Builder b(ctx);
  SmallVector<Attribute> metas;
  for (auto [i, type] : llvm::enumerate(source.getArgumentTypes())) {
    auto desc = dyn_cast<triton::TensorDescType>(type);
    if (!desc)
      continue;
    FailureOr<nvidia_gpu::TMABox> box = nvidia_gpu::getTMABox(source, desc);
    if (failed(box))
      return failure();
    func.setArgAttr(i, LLVM::LLVMDialect::getByValAttrName(),
                    TypeAttr::get(LLVM::LLVMArrayType::get(
                        IntegerType::get(ctx, 8), 128)));
    func.setArgAttr(i, LLVM::LLVMDialect::getAlignAttrName(),
                    b.getI64IntegerAttr(64));
    func.setArgAttr(i, NVVM::NVVMDialect::getGridConstantAttrName(),
                    UnitAttr::get(ctx));
    // The box, outermost dimension first, as the launcher reads it.
    SmallVector<int64_t> block(box->boxDim.rbegin(), box->boxDim.rend());
    metas.push_back(b.getDictionaryAttr(
        {b.getNamedAttr("swizzle", b.getI64IntegerAttr(box->swizzleMode)),
         b.getNamedAttr("elem_size", b.getI64IntegerAttr(box->elementBytes)),
         b.getNamedAttr("elem_type", b.getI64IntegerAttr(box->elementType)),
         b.getNamedAttr("block_size", b.getDenseI64ArrayAttr(block)),
         b.getNamedAttr("fp4_padded", b.getBoolAttr(false))}));
  }
  if (!metas.empty())
    if (auto module = func->getParentOfType<ModuleOp>())
      module->setAttr("ttng.tensordesc_meta", b.getArrayAttr(metas));
  return success();
}

void NVIDIATargetInfo::populatePatterns(TritonGPUToLLVMTypeConverter &tc,
                                        RewritePatternSet &patterns,
                                        LoweringContext &lc) const {
  // The PTX fast paths of f32 division and exponentials (benefit 10) win
  // over the math patterns below.
  populateFastMathOpToLLVMPatterns(tc, patterns);
  // LLVM intrinsics where NVPTX selects them to instructions (sqrt, abs,
  // fma, floor, ...); libdevice for the rest: the math ops LLVM has no
  // intrinsic for (rsqrt, erf, ...) and the transcendental intrinsics NVPTX
  // cannot select at full precision (llvm.sin/cos/log/exp... would stop
  // instruction selection with "Cannot select"), as upstream does. Arith
  // ops stay LLVM instructions (maxnumf -> max.f32).
  static const llvm::StringSet<> kLibDeviceOnly = {
      "math.sin",  "math.cos",   "math.tan",  "math.log",  "math.log2",
      "math.log10", "math.log1p", "math.exp", "math.exp2", "math.expm1",
      "math.powf", "math.atan2", "math.atan", "math.asin", "math.acos",
      "math.sinh", "math.cosh",  "math.tanh", "math.erf"};
  RewritePatternSet intrinsics(patterns.getContext());
  populateMathToLLVMConversionPatterns(tc, intrinsics,
                                       /*approximateLog1p=*/true,
                                       /*benefit=*/2);
  for (auto &pattern : intrinsics.getNativePatterns()) {
    std::optional<OperationName> root = pattern->getRootKind();
    if (!root || !kLibDeviceOnly.contains(root->getStringRef()))
      patterns.add(std::move(pattern));
  }
  RewritePatternSet libdevice(patterns.getContext());
  populateLibDeviceConversionPatterns(tc, libdevice, /*benefit=*/1);
  for (auto &pattern : libdevice.getNativePatterns()) {
    std::optional<OperationName> root = pattern->getRootKind();
    if (root && root->getDialectNamespace() == "math")
      patterns.add(std::move(pattern));
  }
}

void NVIDIATargetInfo::addLegalDialects(ConversionTarget &target) const {
  target.addLegalDialect<NVVM::NVVMDialect>();
}

//===----------------------------------------------------------------------===//
// One TargetInfo per compute capability
//===----------------------------------------------------------------------===//

const TargetInfo &
mlir::triton::lowering::getNVIDIATargetInfo(int computeCapability) {
  static std::mutex mutex;
  static std::map<int, std::unique_ptr<NVIDIATargetInfo>> infos;
  std::lock_guard<std::mutex> lock(mutex);
  std::unique_ptr<NVIDIATargetInfo> &info = infos[computeCapability];
  if (!info)
    info = std::make_unique<NVIDIATargetInfo>(computeCapability);
  return *info;
}

/// "cuda:<cc>" -> the TargetInfo of compute capability cc.
static const TargetInfo *lookupNVIDIATarget(StringRef target) {
  int cc = 0;
  if (!target.consume_front("cuda:") || target.getAsInteger(10, cc))
    return nullptr;
  return &getNVIDIATargetInfo(cc);
}

void mlir::triton::lowering::registerNVIDIATargetInfo() {
  registerTargetInfo("cuda", lookupNVIDIATarget);
}
