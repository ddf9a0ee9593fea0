//===- WarpGroupDotOpToLLVM.cpp - Hopper wgmma ------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// ttng.warp_group_dot with operand B (and usually A) in shared memory
// becomes, per warp group, `wgmma.mma_async` instructions of shape m64nNkK (N the
// instrShape of the accumulator's #ttg.nvidia_mma version 3 layout, K the
// number of elements in 32 bytes: 8 for tf32 (f32 operands, inputPrecision
// tf32), 16 for f16/bf16, 32 for the 8-bit floats e4m3/e5m2 and for s8):
// one per 64-row repetition of the warp group, N-column repetition and K
// step, between a `wgmma.fence` and a `wgmma.commit_group` (and a
// `wgmma.wait_group 0` unless isAsync). Floating-point forms accumulate in
// f32, f16 and the 8-bit floats also in f16 (`.f16`, the accumulators two
// per 32-bit register, consecutive columns of a row); i8 x i8 accumulates
// in s32 (`.s32.s8.s8`, which takes no scale or
// transpose immediates). Only the 16-bit forms have transpose immediates,
// so tf32 and 8-bit operands must both be K-major.
//
// Each operand is described by a 64-bit shared-memory matrix descriptor:
// bits 0-13 the start address >> 4, 16-29 the leading-dimension byte offset
// >> 4, 32-45 the stride-dimension byte offset >> 4, 62-63 the swizzle mode
// (1: 128 bytes, 2: 64, 3: 32). All of it is read off the buffer's
// #ttg.nvmma_shared linear layout: an operand whose K dim is contiguous
// ("K-major") steps 8 rows of its M/N dim by the stride offset and has no
// leading offset; an operand whose M/N dim is contiguous ("MN-major", the
// transpose flag of the instruction) steps one swizzle width along M/N by
// the leading offset and 8 rows of K by the stride offset. The start
// address of each instruction's tile is the layout's offset of the tile's
// first element (on an 8-row boundary, so unswizzled): K steps and
// repetitions add constants to the descriptor; the warp group's own rows
// (or columns) are a runtime part computed once.
//
// Operand A may instead be in registers (a tensor in the `#ttg.dot_op`
// layout of the accumulator's, opIdx 0): each instruction then takes four
// 32-bit registers of A, each packing 32/bits consecutive K elements, in
// the fragment order of PTX's register A (rows r and r + 8 of the warp's 16,
// then the same rows 4 * 32/bits columns on), and only B's transpose
// immediate. That is how attention's second dot reads the probabilities
// its first dot's accumulator registers already hold.
//
// The accumulator registers of one instruction are the tensor's registers
// whose coordinates fall in its 64xN tile, in the order of the wgmma
// fragment (n8 block j: d[4j..4j+1] at row r, d[4j+2..4j+3] at row r + 8).
// ttng.warp_group_dot_wait is `wgmma.wait_group N` in an inline-asm
// statement that takes every register of the tensors it names and returns
// them, so nothing reads them before the wait.
//
//===----------------------------------------------------------------------===//

#include "NVIDIAPatterns.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"
#include "tt/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include <map>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;

namespace {

/// The fixed part of an operand's descriptor and how to address its tiles.
struct OperandDesc {
  tt::LinearLayout inverse; // (dim0, dim1) -> offset (elements)
  unsigned mnDim, kDim;
  bool mnMajor = false;
  unsigned elemBytes = 2;
  uint64_t fixedBits = 0; // LBO, SBO, swizzle mode
};

int64_t offsetOf(const tt::LinearLayout &inverse, int32_t c0, int32_t c1) {
  auto ins = inverse.getInDimNames();
  auto out = inverse.apply({{ins[0], c0}, {ins[1], c1}});
  return out[0].second;
}

FailureOr<OperandDesc> describeOperand(Operation *op, Value operand,
                                       unsigned mnDim, StringRef name) {
  auto type = cast<ttg::MemDescType>(operand.getType());
  auto nvmma = dyn_cast<ttg::NVMMASharedEncodingAttr>(type.getEncoding());
  if (!nvmma || nvmma.getFp4Padded())
    return op->emitError() << "cannot lower warp_group_dot: operand " << name
                           << " must be in a #ttg.nvmma_shared buffer, not "
                           << type.getEncoding();
  if (type.getShape().size() != 2)
    return op->emitError() << "cannot lower warp_group_dot: operand " << name
                           << " must be a 2-D buffer";
  if (type.getAllocShape().take_back(2) != type.getShape())
    return op->emitError() << "cannot lower warp_group_dot: operand " << name
                           << " is a view inside a larger buffer "
                              "(memdesc_subslice), not supported yet";
  unsigned swizzle = nvmma.getSwizzlingByteWidth();
  if (swizzle != 32 && swizzle != 64 && swizzle != 128)
    return op->emitError() << "cannot lower warp_group_dot: operand " << name
                           << " has swizzlingByteWidth " << swizzle
                           << " (32, 64 or 128 are supported)";
  std::optional<tt::LinearLayout> tile = getSharedTileLayout(type);
  std::optional<tt::LinearLayout> inverse =
      tile ? tile->tryInvert() : std::nullopt;
  if (!inverse)
    return op->emitError() << "cannot lower warp_group_dot: operand " << name
                           << " of type " << type
                           << " has no layout (one swizzle tile is 8 rows of "
                           << swizzle << " bytes along its contiguous dim)";
  OperandDesc d{*inverse, mnDim, 1 - mnDim};
  d.elemBytes = sharedMemoryBytes(type.getElementType());
  unsigned contiguous = nvmma.getTransposed() ? 0 : 1;
  d.mnMajor = contiguous == mnDim;
  int64_t swizzleElems = swizzle / d.elemBytes;
  auto at = [&](int32_t mn, int32_t k) {
    int32_t c[2];
    c[d.mnDim] = mn;
    c[d.kDim] = k;
    return offsetOf(d.inverse, c[0], c[1]) * d.elemBytes;
  };
  int64_t lbo = 0, sbo;
  if (d.mnMajor) {
    if (type.getShape()[mnDim] > swizzleElems)
      lbo = at(swizzleElems, 0);
    sbo = at(0, 8);
  } else {
    sbo = at(8, 0);
  }
  uint64_t mode = swizzle == 128 ? 1 : swizzle == 64 ? 2 : 3;
  d.fixedBits = (uint64_t((lbo >> 4) & 0x3FFF) << 16) |
                (uint64_t((sbo >> 4) & 0x3FFF) << 32) | (mode << 62);
  return d;
}

/// Type name of an operand element in the wgmma mnemonic: f32 operands
/// are read as tf32 (the only f32 form wgmma has), i8 as s8.
std::optional<StringRef> wgmmaTypeName(Type t) {
  if (t.isF16())
    return StringRef("f16");
  if (t.isBF16())
    return StringRef("bf16");
  if (t.isF32())
    return StringRef("tf32");
  if (isa<Float8E4M3FNType>(t))
    return StringRef("e4m3");
  if (isa<Float8E5M2Type>(t))
    return StringRef("e5m2");
  if (t.isInteger(8))
    return StringRef("s8");
  return std::nullopt;
}

/// Whether a wgmma type name is one of the 8-bit floats (which may be
/// mixed: e4m3 x e5m2 is a valid instruction).
bool isFp8Name(StringRef name) { return name == "e4m3" || name == "e5m2"; }

/// Registers of one instruction's accumulator tile, in fragment order.
struct Instr {
  int32_t row, col; // tile origin (lane 0 of warp 0 of the warp group)
  SmallVector<unsigned> regs;
};

struct WarpGroupDotOpConversion
    : public LoweringPattern<ttng::WarpGroupDotOp> {
  using LoweringPattern::LoweringPattern;

  LogicalResult
  matchAndRewrite(ttng::WarpGroupDotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (lc.computeCapability < 90)
      return op.emitError() << "warp_group_dot needs Hopper (cuda:90); the "
                               "target is cuda:"
                            << lc.computeCapability;
    auto dType = cast<RankedTensorType>(op.getType());
    auto mma = dyn_cast<ttg::NvidiaMmaEncodingAttr>(dType.getEncoding());
    if (!mma || mma.getVersionMajor() != 3)
      return op.emitError("cannot lower warp_group_dot: the accumulator must "
                          "have a #ttg.nvidia_mma layout of version 3");
    auto aTensor = dyn_cast<RankedTensorType>(op.getA().getType());
    auto aMem = dyn_cast<ttg::MemDescType>(op.getA().getType());
    Type aElem = aTensor ? aTensor.getElementType() : aMem.getElementType();
    ArrayRef<int64_t> aShape = aTensor ? aTensor.getShape() : aMem.getShape();
    auto bType = cast<ttg::MemDescType>(op.getB().getType());
    std::optional<StringRef> aName = wgmmaTypeName(aElem);
    std::optional<StringRef> bName = wgmmaTypeName(bType.getElementType());
    bool fp8 = aName && bName && isFp8Name(*aName) && isFp8Name(*bName);
    if (!aName || !bName || (*aName != *bName && !fp8))
      return op.emitError() << "cannot lower warp_group_dot of " << aElem
                            << " x " << bType.getElementType()
                            << " (f16, bf16, f32 as tf32, f8E4M3FN, f8E5M2 "
                               "and i8 operands are supported)";
    bool tf32 = *aName == "tf32", s8 = *aName == "s8";
    if (tf32 && op.getInputPrecision() != InputPrecision::TF32)
      return op.emitError() << "cannot lower warp_group_dot of f32 operands "
                               "with inputPrecision = "
                            << stringifyInputPrecision(op.getInputPrecision())
                            << ": wgmma reads f32 only as tf32 (ieee dots "
                               "stay on FMA; tf32x3 is split into tf32 dots "
                               "by tritongpu-F32DotTC)";
    Type accElem = dType.getElementType();
    // f16 and the 8-bit floats also accumulate in f16 (f16x2 registers).
    bool f16Acc = accElem.isF16() && (*aName == "f16" || fp8);
    if (!f16Acc && (s8 ? !accElem.isInteger(32) : !accElem.isF32()))
      return op.emitError() << "cannot lower warp_group_dot accumulating in "
                            << accElem << " ("
                            << (s8                     ? "i32"
                                : *aName == "f16" || fp8 ? "f32 or f16"
                                                         : "f32")
                            << " is supported) for " << aElem << " operands";
    // One instruction consumes 32 bytes of K.
    unsigned bits = aElem.getIntOrFloatBitWidth();
    int32_t kStep = 256 / bits;
    ArrayRef<unsigned> instrShape = mma.getInstrShape();
    if (instrShape.size() != 3 || instrShape[0] != 16 ||
        int32_t(instrShape[2]) != kStep)
      return op.emitError() << "cannot lower warp_group_dot: instrShape must "
                               "be [16, N, "
                            << kStep << "] for " << bits << "-bit operands";
    int32_t instrN = instrShape[1];
    int64_t K = aShape[1];
    if (K % kStep != 0)
      return op.emitError() << "cannot lower warp_group_dot: K = " << K
                            << " is not a multiple of " << kStep;

    // A in shared memory has a descriptor; in registers, the dummy one
    // below is never read.
    FailureOr<OperandDesc> aDesc =
        aMem ? describeOperand(op, op.getA(), 0, "A")
             : FailureOr<OperandDesc>(OperandDesc());
    if (failed(aDesc))
      return failure();
    FailureOr<OperandDesc> bDesc = describeOperand(op, op.getB(), 1, "B");
    if (failed(bDesc))
      return failure();
    if (aTensor) {
      auto dotOp = dyn_cast<ttg::DotOperandEncodingAttr>(aTensor.getEncoding());
      if (!dotOp || dotOp.getOpIdx() != 0 || dotOp.getParent() != mma ||
          dotOp.getKWidth() * bits != 32)
        return op.emitError() << "cannot lower warp_group_dot: operand A in "
                                 "registers must have the layout "
                                 "#ttg.dot_op<{opIdx = 0, parent = <the "
                                 "result layout>, kWidth = "
                              << 32 / bits << "}> (32 bits of K per register), "
                              << "got " << aTensor;
    }
    // Only the 16-bit forms have transpose immediates: tf32 and 8-bit
    // operands are both read with K contiguous in shared memory.
    bool hasTranspose = bits == 16;
    if (!hasTranspose)
      for (auto [d, name] : {std::pair{&*aDesc, "A"}, std::pair{&*bDesc, "B"}})
        if (d->mnMajor)
          return op.emitError()
                 << "cannot lower warp_group_dot of " << bits
                 << "-bit operands: operand " << name
                 << " must be K-major in shared memory (its K dim the "
                    "contiguous one), "
                 << (tf32 ? "tf32" : "8-bit") << " wgmma cannot transpose";

    // The accumulator's instruction tiles.
    tt::LinearLayout acc = getLayout(dType);
    auto dims = acc.getOutDimNames();
    for (unsigned bit = 0; bit < 2 && bit < acc.getInDimSizeLog2(tt::kWarp);
         ++bit)
      if (acc.getBasis(tt::kWarp, bit, dims[0]) != (16 << bit) ||
          acc.getBasis(tt::kWarp, bit, dims[1]) != 0)
        return op.emitError("cannot lower warp_group_dot: the warps of a "
                            "warp group must stack along M");
    if (acc.getInDimSizeLog2(tt::kWarp) < 2)
      return op.emitError("warp_group_dot needs at least 4 warps");
    std::map<std::pair<int32_t, int32_t>, unsigned> instrIndex;
    SmallVector<Instr> instrs;
    unsigned numRegs = acc.getInDimSize(tt::kRegister);
    int32_t freeRegs = acc.getFreeVariableMask(tt::kRegister);
    if (freeRegs)
      return op.emitError("cannot lower warp_group_dot: the accumulator "
                          "layout holds elements twice in a thread");
    for (unsigned r = 0; r < numRegs; ++r) {
      SmallVector<int32_t> c = registerCoord(acc, r);
      std::pair<int32_t, int32_t> origin{c[0] & ~15, c[1] - c[1] % instrN};
      auto [it, inserted] = instrIndex.emplace(origin, instrs.size());
      if (inserted)
        instrs.push_back({origin.first, origin.second,
                          SmallVector<unsigned>(instrN / 2, ~0u)});
      int32_t j = (c[1] % instrN) / 8;
      int32_t i = ((c[0] % 16) >= 8 ? 2 : 0) + (c[1] % 2);
      unsigned frag = j * 4 + i;
      if (frag >= instrs[it->second].regs.size() ||
          instrs[it->second].regs[frag] != ~0u)
        return op.emitError("cannot lower warp_group_dot: unexpected "
                            "accumulator layout");
      instrs[it->second].regs[frag] = r;
    }
    for (Instr &in : instrs)
      if (llvm::is_contained(in.regs, ~0u))
        return op.emitError("cannot lower warp_group_dot: the accumulator "
                            "layout does not cover whole wgmma tiles");

    // The warp group's origin: the warp bits above the first two. The warp
    // index is read from lane 0 (all lanes are converged at a wgmma), which
    // tells ptxas it is warp-uniform: the descriptors are then computed in
    // uniform registers instead of being moved there before every wgmma.
    Value warp = lc.target->shuffleI32(
        rewriter, loc, warpId(rewriter, loc, lc), ShuffleKind::Idx,
        i32Const(rewriter, loc, 0), 0x1f);
    auto runtimeOffset = [&](const OperandDesc &d) -> std::pair<Value, int64_t> {
      Value acc32;
      int64_t mask = 0;
      for (unsigned bit = 2, e = acc.getInDimSizeLog2(tt::kWarp); bit < e;
           ++bit) {
        int32_t c[2] = {acc.getBasis(tt::kWarp, bit, dims[0]),
                        acc.getBasis(tt::kWarp, bit, dims[1])};
        // Rows move A, columns move B; K never moves.
        int32_t coord[2] = {0, 0};
        coord[d.mnDim] = c[d.mnDim == 0 ? 0 : 1];
        int64_t image = offsetOf(d.inverse, coord[0], coord[1]) * d.elemBytes;
        if (image == 0)
          continue;
        mask |= image;
        Value set = extractBit(rewriter, loc, warp, bit);
        Value term = LLVM::MulOp::create(rewriter, loc, set,
                                         i32Const(rewriter, loc, image));
        acc32 = acc32 ? (Value)LLVM::XOrOp::create(rewriter, loc, acc32, term)
                      : term;
      }
      return {acc32 ? acc32 : i32Const(rewriter, loc, 0), mask};
    };

    // A in registers: for each instruction row origin and K step, the four
    // 32-bit registers of the PTX fragment, each packing kWidth = 32/bits
    // consecutive K elements (lane 0 of warp 0; the layout's lane and warp
    // bases are the fragment's, as those of the accumulator).
    std::map<std::pair<int32_t, int32_t>, SmallVector<Value>> aRegs;
    if (aTensor) {
      tt::LinearLayout aLayout = getLayout(aTensor);
      std::map<std::pair<int32_t, int32_t>, unsigned> regAt;
      for (unsigned r = 0, e = aLayout.getInDimSize(tt::kRegister); r < e; ++r) {
        SmallVector<int32_t> c = registerCoord(aLayout, r);
        regAt.emplace(std::pair{c[0], c[1]}, r);
      }
      SmallVector<Value> aValues =
          unpackLLElements(loc, adaptor.getA(), rewriter);
      int32_t kWidth = 32 / bits;
      for (const Instr &in : instrs) {
        for (int64_t k = 0; k < K; k += kStep) {
          auto key = std::pair{in.row, int32_t(k)};
          if (aRegs.count(key))
            continue;
          SmallVector<Value> words;
          for (int32_t half : {0, 1}) {
            for (int32_t rowStep : {0, 8}) {
              SmallVector<Value> elems;
              for (int32_t j = 0; j < kWidth; ++j) {
                auto it = regAt.find(
                    {in.row + rowStep, int32_t(k) + half * 4 * kWidth + j});
                if (it == regAt.end())
                  return op.emitError()
                         << "cannot lower warp_group_dot: operand A's "
                            "registers do not hold the wgmma fragment of "
                            "rows "
                         << in.row << "+, K " << k;
                elems.push_back(aValues[it->second]);
              }
              words.append(packWords(rewriter, loc, elems, kWidth));
            }
          }
          aRegs[key] = words;
        }
      }
    }

    auto aObj = aMem ? unpackSharedMemoryObject(rewriter, loc, adaptor.getA(), 2)
                     : SharedMemoryObject();
    auto bObj = unpackSharedMemoryObject(rewriter, loc, adaptor.getB(), 2);
    auto [aRuntime, aMask] =
        aMem ? runtimeOffset(*aDesc) : std::pair<Value, int64_t>{Value(), 0};
    auto [bRuntime, bMask] = runtimeOffset(*bDesc);
    Type i64 = rewriter.getI64Type();
    auto descriptor = [&](Value address, const OperandDesc &d) -> Value {
      Value field = LLVM::AndOp::create(
          rewriter, loc,
          LLVM::LShrOp::create(rewriter, loc, address, i32Const(rewriter, loc, 4)),
          i32Const(rewriter, loc, 0x3FFF));
      Value wide = LLVM::ZExtOp::create(rewriter, loc, i64, field);
      return LLVM::OrOp::create(
          rewriter, loc, wide,
          LLVM::ConstantOp::create(rewriter, loc, i64,
                                   rewriter.getI64IntegerAttr(d.fixedBits)));
    };
    Value aDescBase;
    if (aMem)
      aDescBase = descriptor(
          LLVM::AddOp::create(rewriter, loc, aObj.address, aRuntime), *aDesc);
    Value bBase = LLVM::AddOp::create(rewriter, loc, bObj.address, bRuntime);
    Value bDescBase = descriptor(bBase, *bDesc);
    // The descriptor of the tile at (mn, k): the base plus a constant when
    // the constant part does not overlap the runtime part (it never does
    // for nvmma tiles), else a descriptor of its own.
    auto tileDesc = [&](const OperandDesc &d, Value objAddress, Value runtime,
                        int64_t mask, Value descBase, int32_t mn, int32_t k) {
      int32_t c[2];
      c[d.mnDim] = mn;
      c[d.kDim] = k;
      int64_t off = offsetOf(d.inverse, c[0], c[1]) * d.elemBytes;
      if ((off & mask) == 0) {
        if (off == 0)
          return descBase;
        return (Value)LLVM::AddOp::create(
            rewriter, loc, descBase,
            LLVM::ConstantOp::create(rewriter, loc, i64,
                                     rewriter.getI64IntegerAttr(off >> 4)));
      }
      Value addr = LLVM::AddOp::create(
          rewriter, loc, objAddress,
          LLVM::XOrOp::create(rewriter, loc, runtime,
                              i32Const(rewriter, loc, off)));
      return descriptor(addr, d);
    };

    SmallVector<Value> values = unpackLLElements(loc, adaptor.getC(), rewriter);
    Value useC = adaptor.getUseC();
    Value one = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                         rewriter.getBoolAttr(true));
    // Accumulator registers per instruction: N/2 elements, two per
    // register when they are f16.
    unsigned n = f16Acc ? instrN / 4 : instrN / 2;
    std::string mnemonic = "wgmma.mma_async.sync.aligned.m64n" +
                           std::to_string(instrN) + "k" +
                           std::to_string(kStep) +
                           (s8 ? ".s32." : f16Acc ? ".f16." : ".f32.") +
                           aName->str() + "." + bName->str();
    std::string text = mnemonic + " {";
    for (unsigned i = 0; i < n; ++i)
      text += (i ? ",$" : "$") + std::to_string(i);
    // Operands count the outputs, then the tied accumulator inputs.
    // scale-d, then for floats the A and B scales (1: no negation), then
    // for 16-bit types the transpose immediates (1: MN-major).
    // After the accumulators (outputs, then tied inputs): A (a descriptor,
    // or four registers), B's descriptor, scale-d.
    unsigned next = 2 * n;
    auto operand = [&]() { return "$" + std::to_string(next++); };
    text += "}, ";
    if (aMem) {
      text += operand();
    } else {
      text += "{";
      for (int i = 0; i < 4; ++i)
        text += (i ? ", " : "") + operand();
      text += "}";
    }
    text += ", " + operand();
    text += ", " + operand();
    // For floats the A and B scales (1: no negation), then for 16-bit types
    // the transpose immediates (1: MN-major; none for A in registers).
    if (!s8)
      text += ", 1, 1";
    if (hasTranspose) {
      if (aMem)
        text += std::string(", ") + (aDesc->mnMajor ? "1" : "0");
      text += std::string(", ") + (bDesc->mnMajor ? "1" : "0");
    }
    text += ";";
    std::string constraints;
    for (unsigned i = 0; i < n; ++i)
      constraints += s8 || f16Acc ? "=r," : "=f,";
    for (unsigned i = 0; i < n; ++i)
      constraints += std::to_string(i) + ",";
    constraints += aMem ? "l,l,b" : "r,r,r,r,l,b";
    Type accLLVM = s8 || f16Acc ? (Type)rewriter.getI32Type()
                                : (Type)rewriter.getF32Type();
    auto resultType = LLVM::LLVMStructType::getLiteral(
        getContext(), SmallVector<Type>(n, accLLVM));
    // Operand A of the instruction at (row, k): its descriptor, or its four
    // registers.
    auto appendA = [&](SmallVector<Value> &args, int32_t row, int64_t k) {
      if (aMem)
        args.push_back(tileDesc(*aDesc, aObj.address, aRuntime, aMask,
                                aDescBase, row, k));
      else
        args.append(aRegs[{row, int32_t(k)}]);
    };
    // Each instruction's accumulator registers, packed before the fence:
    // nothing but wgmma may write them between the fence and the wait.
    SmallVector<SmallVector<Value>> accs;
    for (Instr &in : instrs) {
      SmallVector<Value> acc;
      for (unsigned reg : in.regs)
        acc.push_back(values[reg]);
      accs.push_back(f16Acc ? packWords(rewriter, loc, acc, 2) : acc);
    }
    // fp8 products summed in f32 with maxNumImpreciseAcc = M <= K: wgmma
    // accumulates fp8 in reduced precision, so every M elements of K go
    // into a fresh accumulator that is then added to the real one in f32
    // (upstream's partial accumulators).
    int64_t imprecise = op.getMaxNumImpreciseAcc();
    if (fp8 && !f16Acc && imprecise > 0 &&
        imprecise <= K) {
      int64_t chunk = std::max<int64_t>(kStep, imprecise - imprecise % kStep);
      Value zero = LLVM::ConstantOp::create(rewriter, loc, accLLVM,
                                            rewriter.getF32FloatAttr(0));
      Value noAcc = LLVM::ConstantOp::create(
          rewriter, loc, rewriter.getI1Type(), rewriter.getBoolAttr(false));
      // The dot's own useC (false: start from zero) applies to the sum.
      if (useC)
        for (SmallVector<Value> &acc : accs)
          for (Value &v : acc)
            v = LLVM::SelectOp::create(rewriter, loc, useC, v, zero);
      for (int64_t k0 = 0; k0 < K; k0 += chunk) {
        NVVM::WgmmaFenceAlignedOp::create(rewriter, loc);
        SmallVector<Value> parts;
        for (Instr &in : instrs) {
          SmallVector<Value> part(n, zero);
          for (int64_t k = k0; k < std::min(K, k0 + chunk); k += kStep) {
            SmallVector<Value> args(part);
            appendA(args, in.row, k);
            args.push_back(tileDesc(*bDesc, bObj.address, bRuntime, bMask,
                                    bDescBase, in.col, k));
            args.push_back(k == k0 ? noAcc : one);
            Value result = inlineAsm(rewriter, loc, resultType, args, text,
                                     constraints, /*sideEffects=*/true);
            for (unsigned i = 0; i < n; ++i)
              part[i] = LLVM::ExtractValueOp::create(rewriter, loc, result, i);
          }
          parts.append(part);
        }
        // The partial sums are read by the adds: they must be complete.
        NVVM::WgmmaGroupSyncAlignedOp::create(rewriter, loc);
        parts = waitForRegisters(rewriter, loc, parts, 0);
        for (auto [idx, acc] : llvm::enumerate(accs))
          for (unsigned i = 0; i < n; ++i)
            acc[i] = LLVM::FAddOp::create(rewriter, loc, acc[i],
                                          parts[idx * n + i]);
      }
      for (auto [in, acc] : llvm::zip(instrs, accs))
        for (auto [i, reg] : llvm::enumerate(in.regs))
          values[reg] = acc[i];
      rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), values,
                                            rewriter, dType));
      return success();
    }
    NVVM::WgmmaFenceAlignedOp::create(rewriter, loc);
    for (auto [in, acc] : llvm::zip(instrs, accs)) {
      for (int64_t k = 0; k < K; k += kStep) {
        SmallVector<Value> args(acc);
        appendA(args, in.row, k);
        args.push_back(tileDesc(*bDesc, bObj.address, bRuntime, bMask,
                                bDescBase, in.col, k));
        args.push_back(k == 0 && useC ? useC : one);
        Value result = inlineAsm(rewriter, loc, resultType, args, text,
                                 constraints, /*sideEffects=*/true);
        for (unsigned i = 0; i < n; ++i)
          acc[i] = LLVM::ExtractValueOp::create(rewriter, loc, result, i);
      }
      if (f16Acc)
        acc = unpackWords(rewriter, loc, acc, rewriter.getF16Type(), 2);
      for (auto [i, reg] : llvm::enumerate(in.regs))
        values[reg] = acc[i];
    }
    NVVM::WgmmaGroupSyncAlignedOp::create(rewriter, loc);
    if (!op.getIsAsync())
      values = waitForRegisters(rewriter, loc, values, 0);
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), values,
                                          rewriter, dType));
    return success();
  }

public:
  /// `wgmma.wait_group pendings`, with `values` passed through so that
  /// their uses follow the wait.
  static SmallVector<Value> waitForRegisters(OpBuilder &b, Location loc,
                                             ArrayRef<Value> values,
                                             int pendings) {
    if (values.empty()) {
      NVVM::WgmmaWaitGroupSyncOp::create(b, loc, uint64_t(pendings));
      return {};
    }
    // Each operand of the wait: one value, or a pair of 16-bit values in
    // one 32-bit register (an f16 accumulator's packing, which LLVM then
    // folds away).
    auto isPair = [&](unsigned i) {
      Type t = values[i].getType();
      return i + 1 < values.size() && t == values[i + 1].getType() &&
             t.isIntOrFloat() && t.getIntOrFloatBitWidth() == 16;
    };
    std::string constraints, ties;
    SmallVector<Type> types;
    SmallVector<Value> args;
    for (unsigned i = 0; i < values.size(); ++i) {
      Value v = values[i];
      Type t = v.getType();
      Value arg = v;
      std::string cls;
      if (isPair(i)) {
        arg = packWords(b, loc, {v, values[++i]}, 2)[0];
        cls = "r";
      } else if (t.isF32())
        cls = "f";
      else if (t.isF64())
        cls = "d";
      else if (t.isInteger(64) || isa<LLVM::LLVMPointerType>(t))
        cls = "l";
      else if (t.getIntOrFloatBitWidth() == 16)
        cls = "h";
      else if (t.getIntOrFloatBitWidth() == 32)
        cls = "r";
      else {
        // Anything else (i1, i8) travels widened.
        arg = LLVM::ZExtOp::create(b, loc, b.getI32Type(), bitcastToInt(b, loc, v));
        cls = "r";
      }
      ties += std::to_string(types.size()) + ",";
      types.push_back(arg.getType());
      args.push_back(arg);
      constraints += "=" + cls + ",";
    }
    constraints += ties;
    constraints.pop_back();
    std::string text = "// wait for the registers of a wgmma group\n\t"
                       "wgmma.wait_group.sync.aligned " +
                       std::to_string(pendings) + ";";
    auto resultType = LLVM::LLVMStructType::getLiteral(b.getContext(), types);
    Value result = inlineAsm(b, loc, resultType, args, text, constraints,
                             /*sideEffects=*/true);
    SmallVector<Value> out;
    for (unsigned i = 0, arg = 0; i < values.size(); ++i, ++arg) {
      Value r = LLVM::ExtractValueOp::create(b, loc, result, arg);
      Type t = values[i].getType();
      if (isPair(i)) {
        out.append(unpackWords(b, loc, {r}, t, 2));
        ++i;
        continue;
      }
      if (r.getType() != t)
        r = bitcastFromInt(
            b, loc,
            LLVM::TruncOp::create(b, loc,
                                  b.getIntegerType(t.getIntOrFloatBitWidth()),
                                  r),
            t);
      out.push_back(r);
    }
    return out;
  }
};

struct WarpGroupDotWaitOpConversion
    : public ConvertOpToLLVMPattern<ttng::WarpGroupDotWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::WarpGroupDotWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // Registers of the tensors travel through the wait; descriptors are
    // addresses and pass unchanged.
    SmallVector<Value> registers;
    SmallVector<unsigned> counts;
    for (auto [orig, conv] : llvm::zip(op.getInputs(), adaptor.getInputs())) {
      if (!isa<RankedTensorType>(orig.getType())) {
        counts.push_back(0);
        continue;
      }
      SmallVector<Value> elems = unpackLLElements(loc, conv, rewriter);
      counts.push_back(elems.size());
      registers.append(elems);
    }
    SmallVector<Value> waited = WarpGroupDotOpConversion::waitForRegisters(
        rewriter, loc, registers, op.getPendings());
    SmallVector<Value> results;
    unsigned next = 0;
    for (auto [i, orig] : llvm::enumerate(op.getInputs())) {
      if (!isa<RankedTensorType>(orig.getType())) {
        results.push_back(adaptor.getInputs()[i]);
        continue;
      }
      ArrayRef<Value> elems = ArrayRef<Value>(waited).slice(next, counts[i]);
      next += counts[i];
      results.push_back(packLLElements(loc, getTypeConverter(), elems, rewriter,
                                       orig.getType()));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct FenceAsyncSharedOpConversion
    : public ConvertOpToLLVMPattern<ttng::FenceAsyncSharedOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::FenceAsyncSharedOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::string text = op.getBCluster() ? "fence.proxy.async.shared::cluster;"
                                        : "fence.proxy.async.shared::cta;";
    inlineAsm(rewriter, op.getLoc(), Type(), {}, text, "",
              /*sideEffects=*/true);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::triton::lowering::populateWarpGroupDotOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &tc, RewritePatternSet &patterns,
    LoweringContext &lc) {
  patterns.add<WarpGroupDotOpConversion>(tc, lc);
  patterns.add<WarpGroupDotWaitOpConversion, FenceAsyncSharedOpConversion>(tc);
}
