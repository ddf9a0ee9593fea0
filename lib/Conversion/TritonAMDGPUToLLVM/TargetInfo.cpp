//===- TargetInfo.cpp - AMD target and convert-triton-amdgpu-to-llvm -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The AMD answers to the common lowering's target questions (TargetInfo.h):
// ROCDL ids, s_barrier, DPP / ds_swizzle / ds_bpermute shuffles, LDS as a
// sized `global_smem`, device-library math; and the pass that runs the
// common lowering with them plus the MFMA/WMMA dot patterns.
//
//===----------------------------------------------------------------------===//

#include "AMDPatterns.h"

#include "tt/Conversion/TritonAMDGPUToLLVM/Passes.h"
#include "tt/Conversion/TritonGPUToLLVM/Patterns.h"
#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MathToROCDL/MathToROCDL.h"
#include "mlir/Dialect/AMDGPU/Utils/Chipset.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::triton {
#define GEN_PASS_DEF_CONVERTTRITONAMDGPUTOLLVM
#include "tt/Conversion/TritonAMDGPUToLLVM/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;

namespace {

/// The integer value of a constant i32, if it is one.
std::optional<int64_t> constantValue(Value v) {
  if (auto c = v.getDefiningOp<LLVM::ConstantOp>())
    if (auto i = dyn_cast<IntegerAttr>(c.getValue()))
      return i.getInt();
  return std::nullopt;
}

// DPP controls (gfx9 and gfx11 both have them).
constexpr int kQuadPermXor1 = 0xB1; // lanes [1, 0, 3, 2] of each quad
constexpr int kQuadPermXor2 = 0x4E; // lanes [2, 3, 0, 1]
constexpr int kRowRotateRight8 = 0x128; // within 16-lane rows: l ^ 8

class AMDTargetInfo : public TargetInfo {
public:
  explicit AMDTargetInfo(tt::amdgpu::Arch arch) : arch(std::move(arch)) {}

  StringRef getName() const override { return "amd"; }

  Value threadIdX(OpBuilder &b, Location loc) const override {
    return ROCDL::ThreadIdXOp::create(b, loc, b.getI32Type());
  }

  Value programId(OpBuilder &b, Location loc, unsigned axis) const override {
    Type i32 = b.getI32Type();
    switch (axis) {
    case 0: return ROCDL::BlockIdXOp::create(b, loc, i32);
    case 1: return ROCDL::BlockIdYOp::create(b, loc, i32);
    default: return ROCDL::BlockIdZOp::create(b, loc, i32);
    }
  }

  Value numPrograms(OpBuilder &b, Location loc, unsigned axis) const override {
    // __ockl_get_num_groups returns a size_t.
    Type i64 = b.getI64Type();
    Value n;
    switch (axis) {
    case 0: n = ROCDL::GridDimXOp::create(b, loc, i64); break;
    case 1: n = ROCDL::GridDimYOp::create(b, loc, i64); break;
    default: n = ROCDL::GridDimZOp::create(b, loc, i64); break;
    }
    return LLVM::TruncOp::create(b, loc, b.getI32Type(), n);
  }

  void barrier(OpBuilder &b, Location loc) const override {
    // As HIP's __syncthreads: LDS writes become visible to the work-group.
    LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::release, "workgroup");
    ROCDL::SBarrierOp::create(b, loc);
    LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::acquire, "workgroup");
  }

  Value shuffleI32(OpBuilder &b, Location loc, Value word, ShuffleKind kind,
                   Value laneOrOffset, int clamp) const override {
    std::optional<int64_t> c = constantValue(laneOrOffset);
    if (kind == ShuffleKind::Bfly && c) {
      int64_t mask = *c;
      if (mask == 1 || mask == 2 || mask == 8)
        return ROCDL::DPPUpdateOp::create(
            b, loc, word.getType(), word, word,
            mask == 1   ? kQuadPermXor1
            : mask == 2 ? kQuadPermXor2
                        : kRowRotateRight8,
            /*rowMask=*/0xF, /*bankMask=*/0xF, /*boundCtrl=*/false);
      if (mask == 4 || mask == 16) {
        // ds_swizzle bit-mask mode within 32 lanes: and 0x1F, or 0, xor mask.
        int offset = 0x1F | int(mask << 10);
        return ROCDL::DsSwizzleOp::create(b, loc, b.getI32Type(), word,
                                          i32Const(b, loc, offset));
      }
    }
    // Everything else: ds_bpermute from the computed source lane.
    Value lane = LLVM::AndOp::create(b, loc, threadIdX(b, loc),
                                     i32Const(b, loc, arch.waveSize - 1));
    Value src;
    switch (kind) {
    case ShuffleKind::Bfly:
      src = LLVM::XOrOp::create(b, loc, lane, laneOrOffset);
      break;
    case ShuffleKind::Idx:
      src = laneOrOffset;
      break;
    case ShuffleKind::Up: {
      // Lanes below the delta keep their value.
      Value below = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ult,
                                         lane, laneOrOffset);
      src = LLVM::SelectOp::create(
          b, loc, below, lane, LLVM::SubOp::create(b, loc, lane, laneOrOffset));
      break;
    }
    case ShuffleKind::Down: {
      Value up = LLVM::AddOp::create(b, loc, lane, laneOrOffset);
      Value outside =
          LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::uge, up,
                               i32Const(b, loc, arch.waveSize));
      src = LLVM::SelectOp::create(b, loc, outside, lane, up);
      break;
    }
    }
    Value byteAddr = LLVM::ShlOp::create(b, loc, src, i32Const(b, loc, 2));
    return ROCDL::DsBpermuteOp::create(b, loc, b.getI32Type(), byteAddr, word);
  }

  void storeShared(OpBuilder &b, Location loc, Value pred, Value addr,
                   Value v) const override {
    // A one-element masked store: the backend branches around it.
    if (v.getType().isInteger(1))
      v = LLVM::ZExtOp::create(b, loc, b.getI8Type(), v);
    auto vecType = VectorType::get({1}, v.getType());
    Value vec = LLVM::PoisonOp::create(b, loc, vecType);
    vec = LLVM::InsertElementOp::create(b, loc, vec, v, i32Const(b, loc, 0));
    auto maskType = VectorType::get({1}, b.getI1Type());
    Value mask = LLVM::PoisonOp::create(b, loc, maskType);
    mask = LLVM::InsertElementOp::create(b, loc, mask, pred, i32Const(b, loc, 0));
    unsigned bytes = sharedMemoryBytes(v.getType());
    LLVM::MaskedStoreOp::create(b, loc, vec, addr, mask,
                                b.getI32IntegerAttr(bytes));
  }

  void markKernel(LLVM::LLVMFuncOp func, int numWarps,
                  int threadsPerWarp) const override {
    MLIRContext *ctx = func.getContext();
    int threads = numWarps * threadsPerWarp;
    func->setAttr(ROCDL::ROCDLDialect::getKernelFuncAttrName(),
                  UnitAttr::get(ctx));
    func->setAttr(ROCDL::ROCDLDialect::getFlatWorkGroupSizeAttrName(),
                  StringAttr::get(ctx, std::to_string(threads) + "," +
                                           std::to_string(threads)));
    func->setAttr(ROCDL::ROCDLDialect::getReqdWorkGroupSizeAttrName(),
                  DenseI32ArrayAttr::get(ctx, {threads, 1, 1}));
  }

  void populatePatterns(TritonGPUToLLVMTypeConverter &tc,
                        RewritePatternSet &patterns,
                        LoweringContext &lc) const override;

  void addLegalDialects(ConversionTarget &target) const override {
    target.addLegalDialect<ROCDL::ROCDLDialect>();
  }

  LogicalResult finalizeModule(ModuleOp module,
                               int64_t sharedBytes) const override {
    auto global = module.lookupSymbol<LLVM::GlobalOp>("global_smem");
    if (!global)
      return success();
    if (sharedBytes > int64_t(arch.ldsBytes))
      return module.emitError()
             << "the kernel needs " << sharedBytes << " bytes of LDS, but "
             << arch.name << " gives a work-group " << arch.ldsBytes;
    // A sized, module-local array: the code object's group segment size is
    // then the kernel's LDS use, visible to llvm-readelf and the runtime.
    OpBuilder b(global);
    auto type = LLVM::LLVMArrayType::get(b.getI8Type(),
                                         std::max<int64_t>(sharedBytes, 1));
    auto sized = LLVM::GlobalOp::create(
        b, global.getLoc(), type, /*isConstant=*/false, LLVM::Linkage::Internal,
        "global_smem", Attribute(), /*alignment=*/16, /*addrSpace=*/3);
    sized.setUnnamedAddr(LLVM::UnnamedAddr::None);
    global.erase();
    return success();
  }

  const tt::amdgpu::Arch arch;
};

/// f32 exp and exp2 on the hardware's v_exp_f32 (through llvm.exp2), as
/// upstream does on AMD.
Value exp2F32(OpBuilder &b, Location loc, Value x) {
  return LLVM::Exp2Op::create(b, loc, b.getF32Type(), x);
}

void AMDTargetInfo::populatePatterns(TritonGPUToLLVMTypeConverter &tc,
                                     RewritePatternSet &patterns,
                                     LoweringContext &lc) const {
  patterns.add<FastExp2Conversion<math::ExpOp, true>>(tc, exp2F32,
                                                      PatternBenefit(10));
  patterns.add<FastExp2Conversion<math::Exp2Op, false>>(tc, exp2F32,
                                                        PatternBenefit(10));
  // The device library (__ocml_*) for what it has, as HIP does; LLVM
  // intrinsics for the rest (registered after: equal benefit goes to the
  // first registered).
  FailureOr<amdgpu::Chipset> chipset = amdgpu::Chipset::parse(arch.name);
  populateMathToROCDLConversionPatterns(
      tc, patterns,
      succeeded(chipset) ? std::optional<amdgpu::Chipset>(*chipset)
                         : std::nullopt);
  populateMathToLLVMConversionPatterns(tc, patterns,
                                       /*approximateLog1p=*/true,
                                       /*benefit=*/1);
  amd::populateDotOpToLLVMPatterns(tc, patterns, lc, arch);
}

/// Operations the common lowering writes in PTX only, and dots with neither
/// a matrix-core nor a blocked (FMA) layout.
LogicalResult refuseUnsupported(ModuleOp module) {
  WalkResult r = module.walk([](Operation *op) {
    if (isa<AtomicRMWOp, AtomicCASOp, HistogramOp, PrintOp, AssertOp,
            ElementwiseInlineAsmOp>(op)) {
      op->emitError() << "'" << op->getName()
                      << "' is not supported by the AMD backend yet";
      return WalkResult::interrupt();
    }
    if (auto dot = dyn_cast<DotOp>(op)) {
      Attribute enc = cast<RankedTensorType>(dot.getType()).getEncoding();
      if (!isa_and_nonnull<triton::gpu::AMDMfmaEncodingAttr,
                           triton::gpu::AMDWmmaEncodingAttr,
                           triton::gpu::BlockedEncodingAttr>(enc)) {
        dot.emitError() << "the AMD backend lowers tt.dot only with a "
                           "#ttg.blocked (FMA), #ttg.amd_mfma or "
                           "#ttg.amd_wmma result layout (run "
                           "tritonamdgpu-accelerate-matmul); got "
                        << enc;
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  return failure(r.wasInterrupted());
}

class ConvertTritonAMDGPUToLLVM
    : public triton::impl::ConvertTritonAMDGPUToLLVMBase<
          ConvertTritonAMDGPUToLLVM> {
public:
  using ConvertTritonAMDGPUToLLVMBase::ConvertTritonAMDGPUToLLVMBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::string name = arch;
    if (auto target = module->getAttrOfType<StringAttr>("ttg.target")) {
      if (!tt::amdgpu::isAMDTarget(target.getValue())) {
        module.emitError() << "convert-triton-amdgpu-to-llvm: the module's "
                              "target is '"
                           << target.getValue() << "', not hip:gfxNNN";
        return signalPassFailure();
      }
      name = target.getValue().drop_front(4).str();
    }
    std::optional<tt::amdgpu::Arch> parsed = tt::amdgpu::parseArch(name);
    if (!parsed) {
      module.emitError() << "unknown AMD GPU architecture '" << name
                         << "' (known: " << tt::amdgpu::supportedArchList()
                         << ")";
      return signalPassFailure();
    }
    std::optional<int> tpw = triton::gpu::maybeLookupThreadsPerWarp(module);
    if (tpw && unsigned(*tpw) != parsed->waveSize) {
      module.emitError() << "ttg.threads-per-warp is " << *tpw << ", but "
                         << parsed->name << " runs waves of "
                         << parsed->waveSize << " lanes";
      return signalPassFailure();
    }
    if (!tpw)
      module->setAttr("ttg.threads-per-warp",
                      IntegerAttr::get(IntegerType::get(&getContext(), 32),
                                       parsed->waveSize));
    if (failed(refuseUnsupported(module)))
      return signalPassFailure();
    AMDTargetInfo target(*parsed);
    if (failed(lowerToLLVM(module, target, /*computeCapability=*/0)))
      signalPassFailure();
  }
};

} // namespace
