//===- MemoryOpToLLVM.cpp - global loads and stores -------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tt.load / tt.store through tensors of pointers become predicated PTX
// vector accesses (up to ld.global.v4.b32) on NVIDIA, and the TargetInfo's
// predicated LLVM accesses elsewhere: the vector width is the number
// of consecutive elements the layout gives a thread along the pointer's most
// contiguous dimension, bounded by the alignment and mask constancy the
// AxisInfo analysis proves, and by 128 bits.
//
//===----------------------------------------------------------------------===//

#include "Utility.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;

namespace {

/// Consecutive registers of `layout` holding consecutive elements along
/// out dimension `dim` (a power of two, at least 1).
unsigned contiguousRegisters(const tt::LinearLayout &layout, unsigned dim) {
  unsigned bits = layout.getInDimSizeLog2(tt::kRegister);
  auto outs = layout.getOutDimNames();
  unsigned run = 0;
  for (unsigned b = 0; b < bits; ++b) {
    bool ok = true;
    for (unsigned d = 0; d < outs.size(); ++d) {
      int32_t v = layout.getBasis(tt::kRegister, b, outs[d]);
      if (v != (d == dim ? (1 << b) : 0))
        ok = false;
    }
    if (!ok)
      break;
    ++run;
  }
  return 1u << run;
}

unsigned memoryBits(Type elem) {
  if (isa<LLVM::LLVMPointerType>(elem))
    return 64;
  return std::max(8u, elem.getIntOrFloatBitWidth());
}

std::string cacheSuffix(CacheModifier cache) {
  switch (cache) {
  case CacheModifier::CA: return ".ca";
  case CacheModifier::CG: return ".cg";
  case CacheModifier::CS: return ".cs";
  case CacheModifier::CV: return ".cv";
  case CacheModifier::WB: return ".wb";
  case CacheModifier::WT: return ".wt";
  default: return "";
  }
}

std::string evictSuffix(EvictionPolicy evict) {
  switch (evict) {
  case EvictionPolicy::EVICT_FIRST: return ".L1::evict_first";
  case EvictionPolicy::EVICT_LAST: return ".L1::evict_last";
  default: return "";
  }
}

/// Width of one access through `ptr` in elements.
unsigned vectorWidth(Value ptr, Value mask, const tt::LinearLayout &layout,
                     Type elem, const LoweringContext &lc) {
  auto order = lc.axisInfo->getOrder(ptr);
  unsigned vec = contiguousRegisters(layout, order[0]);
  vec = std::min(vec, std::max(1u, lc.axisInfo->getPtrAlignment(ptr)));
  if (mask)
    vec = std::min(vec, std::max(1u, lc.axisInfo->getMaskAlignment(mask, order[0])));
  vec = std::min(vec, std::max(1u, 128u / memoryBits(elem)));
  return std::max(1u, vec);
}

/// Packs `vec` elements into words of `wordBits` (the inline-asm operands).
SmallVector<Value> packWords(OpBuilder &b, Location loc, ArrayRef<Value> elems,
                             unsigned elemBits, unsigned wordBits) {
  SmallVector<Value> words;
  unsigned perWord = wordBits / elemBits;
  Type wordType = b.getIntegerType(wordBits);
  for (unsigned w = 0; w < elems.size() / perWord; ++w) {
    Value word = LLVM::ConstantOp::create(b, loc, wordType,
                                          b.getIntegerAttr(wordType, 0));
    for (unsigned i = 0; i < perWord; ++i) {
      Value e = bitcastToInt(b, loc, elems[w * perWord + i]);
      if (e.getType().getIntOrFloatBitWidth() < wordBits)
        e = LLVM::ZExtOp::create(b, loc, wordType, e);
      if (i)
        e = LLVM::ShlOp::create(
            b, loc, e,
            LLVM::ConstantOp::create(b, loc, wordType,
                                     b.getIntegerAttr(wordType, i * elemBits)));
      word = LLVM::OrOp::create(b, loc, word, e);
    }
    words.push_back(word);
  }
  return words;
}

SmallVector<Value> unpackWords(OpBuilder &b, Location loc, ArrayRef<Value> words,
                               unsigned elemBits, Type elemType) {
  SmallVector<Value> elems;
  unsigned wordBits = words[0].getType().getIntOrFloatBitWidth();
  unsigned perWord = wordBits / elemBits;
  Type wordType = words[0].getType();
  for (Value word : words)
    for (unsigned i = 0; i < perWord; ++i) {
      Value e = word;
      if (i)
        e = LLVM::LShrOp::create(
            b, loc, e,
            LLVM::ConstantOp::create(b, loc, wordType,
                                     b.getIntegerAttr(wordType, i * elemBits)));
      if (elemBits < wordBits)
        e = LLVM::TruncOp::create(b, loc, b.getIntegerType(elemBits), e);
      if (elemType.isInteger(1))
        e = LLVM::TruncOp::create(b, loc, elemType, e);
      else
        e = bitcastFromInt(b, loc, e, elemType);
      elems.push_back(e);
    }
  return elems;
}

Value emitAsm(OpBuilder &b, Location loc, Type resultType, ValueRange args,
              StringRef text, StringRef constraints, bool sideEffects) {
  auto dialect = LLVM::AsmDialectAttr::get(b.getContext(),
                                           LLVM::AsmDialect::AD_ATT);
  if (isa<LLVM::LLVMVoidType>(resultType))
    resultType = Type();
  auto op = LLVM::InlineAsmOp::create(b, loc, resultType, args, text,
                                      constraints, sideEffects,
                                      /*is_align_stack=*/false,
                                      LLVM::TailCallKind::None, dialect,
                                      ArrayAttr());
  return op.getNumResults() ? op.getResult(0) : Value();
}

struct LoadOpConversion : public ConvertOpToLLVMPattern<LoadOp> {
  LoadOpConversion(TritonGPUToLLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}

  LogicalResult
  matchAndRewrite(LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto tensorType = dyn_cast<RankedTensorType>(op.getType());
    Type elemType = getTypeConverter()->convertType(
        tensorType ? tensorType.getElementType() : op.getType());
    unsigned elemBits = memoryBits(elemType);
    SmallVector<Value> ptrs = unpackLLElements(loc, adaptor.getPtr(), rewriter);
    SmallVector<Value> masks, others;
    if (adaptor.getMask())
      masks = unpackLLElements(loc, adaptor.getMask(), rewriter);
    if (adaptor.getOther())
      others = unpackLLElements(loc, adaptor.getOther(), rewriter);
    unsigned vec = 1;
    if (tensorType && isTensorPointerType(op.getPtr().getType()))
      vec = vectorWidth(op.getPtr(), op.getMask(),
                        getLayout(cast<RankedTensorType>(op.getPtr().getType())),
                        elemType, lc);
    else if (isa<RankedTensorType>(op.getPtr().getType()) || !isa<PointerType>(op.getPtr().getType()))
      return op.emitError("block-pointer loads must be rewritten first "
                          "(triton-rewrite-tensor-pointer)");

    unsigned totalBits = vec * elemBits;
    unsigned wordBits = totalBits >= 32 ? 32 : totalBits;
    unsigned numWords = totalBits / wordBits;
    std::string regClass = wordBits == 32 ? "r" : wordBits == 16 ? "h" : "c";
    if (wordBits == 8)
      regClass = "h"; // Bytes travel in 16-bit registers.
    Type asmWordType = rewriter.getIntegerType(wordBits == 8 ? 16 : wordBits);
    std::string width = wordBits == 32 ? "b32" : wordBits == 16 ? "b16" : "u8";

    SmallVector<Value> results;
    for (unsigned base = 0; base < ptrs.size(); base += vec) {
      if (!lc.target->isNVIDIA()) {
        ArrayRef<Value> other;
        if (!others.empty())
          other = ArrayRef<Value>(others).slice(base, vec);
        for (Value e : lc.target->loadGlobal(
                 rewriter, loc, ptrs[base], elemType, vec,
                 masks.empty() ? Value() : masks[base], other,
                 op.getIsVolatile()))
          results.push_back(e);
        continue;
      }
      // Assemble: outputs, address, (other words), (predicate).
      std::string text, constraints;
      SmallVector<Value> args{ptrs[base]};
      unsigned argIdx = numWords;
      for (unsigned w = 0; w < numWords; ++w)
        constraints += "=" + regClass + ",";
      constraints += "l";
      unsigned addrIdx = argIdx++;
      Value pred = masks.empty() ? Value() : masks[base];
      if (pred) {
        SmallVector<Value> otherWords;
        if (!others.empty()) {
          otherWords = packWords(rewriter, loc,
                                 ArrayRef<Value>(others).slice(base, vec),
                                 elemBits, wordBits);
          if (wordBits == 8)
            for (Value &w : otherWords)
              w = LLVM::ZExtOp::create(rewriter, loc, asmWordType, w);
        }
        for (unsigned w = 0; w < numWords; ++w) {
          std::string mov = wordBits == 32 ? "mov.u32" : "mov.u16";
          if (!otherWords.empty()) {
            text += mov + " $" + std::to_string(w) + ", $" +
                    std::to_string(argIdx) + ";\n\t";
            args.push_back(otherWords[w]);
            constraints += "," + regClass;
            ++argIdx;
          } else {
            text += mov + " $" + std::to_string(w) + ", 0x0;\n\t";
          }
        }
        text += "@$" + std::to_string(argIdx) + " ";
        args.push_back(pred);
        constraints += ",b";
      }
      text += std::string(op.getIsVolatile() ? "ld.volatile.global"
                                             : "ld.global") +
              cacheSuffix(op.getCache()) + evictSuffix(op.getEvict());
      if (numWords > 1)
        text += ".v" + std::to_string(numWords);
      text += "." + width + " ";
      if (numWords > 1) {
        text += "{ ";
        for (unsigned w = 0; w < numWords; ++w)
          text += (w ? ", $" : "$") + std::to_string(w);
        text += " }";
      } else {
        text += "$0";
      }
      text += ", [ $" + std::to_string(addrIdx) + " + 0 ];";

      Type resultType =
          numWords == 1
              ? asmWordType
              : (Type)LLVM::LLVMStructType::getLiteral(
                    getContext(), SmallVector<Type>(numWords, asmWordType));
      Value asmResult = emitAsm(rewriter, loc, resultType, args, text,
                                constraints, /*sideEffects=*/true);
      SmallVector<Value> words;
      if (numWords == 1)
        words.push_back(asmResult);
      else
        for (unsigned w = 0; w < numWords; ++w)
          words.push_back(LLVM::ExtractValueOp::create(rewriter, loc, asmResult, w));
      if (wordBits == 8)
        for (Value &w : words)
          w = LLVM::TruncOp::create(rewriter, loc, rewriter.getI8Type(), w);
      for (Value e : unpackWords(rewriter, loc, words, elemBits, elemType))
        results.push_back(e);
    }
    if (!tensorType) {
      rewriter.replaceOp(op, results[0]);
      return success();
    }
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), results,
                                          rewriter, tensorType));
    return success();
  }

  LoweringContext &lc;
};

struct StoreOpConversion : public ConvertOpToLLVMPattern<StoreOp> {
  StoreOpConversion(TritonGPUToLLVMTypeConverter &tc, LoweringContext &lc)
      : ConvertOpToLLVMPattern(tc), lc(lc) {}

  LogicalResult
  matchAndRewrite(StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto valueType = dyn_cast<RankedTensorType>(op.getValue().getType());
    Type elemType = getTypeConverter()->convertType(
        valueType ? valueType.getElementType() : op.getValue().getType());
    unsigned elemBits = memoryBits(elemType);
    SmallVector<Value> ptrs = unpackLLElements(loc, adaptor.getPtr(), rewriter);
    SmallVector<Value> values = unpackLLElements(loc, adaptor.getValue(), rewriter);
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackLLElements(loc, adaptor.getMask(), rewriter);

    unsigned vec = 1;
    Value representative;
    int32_t freeRegisters = 0;
    if (valueType && isTensorPointerType(op.getPtr().getType())) {
      tt::LinearLayout layout =
          getLayout(cast<RankedTensorType>(op.getPtr().getType()));
      vec = vectorWidth(op.getPtr(), op.getMask(), layout, elemType, lc);
      representative = isRepresentative(rewriter, loc, layout, lc);
      freeRegisters = layout.getFreeVariableMask(tt::kRegister);
    } else if (!valueType) {
      // A scalar store: one thread writes it.
      representative = LLVM::ICmpOp::create(rewriter, loc,
                                            LLVM::ICmpPredicate::eq,
                                            threadId(rewriter, loc),
                                            i32Const(rewriter, loc, 0));
    } else {
      return op.emitError("block-pointer stores must be rewritten first "
                          "(triton-rewrite-tensor-pointer)");
    }

    unsigned totalBits = vec * elemBits;
    unsigned wordBits = totalBits >= 32 ? 32 : totalBits;
    unsigned numWords = totalBits / wordBits;
    std::string regClass = wordBits == 32 ? "r" : "h";
    std::string width = wordBits == 32 ? "b32" : wordBits == 16 ? "b16" : "b8";

    for (unsigned base = 0; base < ptrs.size(); base += vec) {
      if (base & freeRegisters)
        continue; // A duplicate of an element stored from another register.
      if (!lc.target->isNVIDIA()) {
        Value pred = masks.empty() ? Value() : masks[base];
        if (representative)
          pred = pred ? (Value)LLVM::AndOp::create(rewriter, loc, pred,
                                                   representative)
                      : representative;
        lc.target->storeGlobal(rewriter, loc, ptrs[base],
                               ArrayRef<Value>(values).slice(base, vec), pred);
        continue;
      }
      SmallVector<Value> words = packWords(
          rewriter, loc, ArrayRef<Value>(values).slice(base, vec), elemBits,
          wordBits);
      if (wordBits == 8)
        for (Value &w : words)
          w = LLVM::ZExtOp::create(rewriter, loc, rewriter.getI16Type(), w);
      Value pred = masks.empty() ? Value() : masks[base];
      if (representative)
        pred = pred ? (Value)LLVM::AndOp::create(rewriter, loc, pred, representative)
                    : representative;
      SmallVector<Value> args{ptrs[base]};
      std::string constraints = "l";
      for (Value w : words) {
        args.push_back(w);
        constraints += "," + regClass;
      }
      std::string text;
      if (pred) {
        args.push_back(pred);
        constraints += ",b";
        text += "@$" + std::to_string(numWords + 1) + " ";
      }
      text += "st.global" + cacheSuffix(op.getCache()) + evictSuffix(op.getEvict());
      if (numWords > 1)
        text += ".v" + std::to_string(numWords);
      text += "." + width + " [ $0 + 0 ], ";
      if (numWords > 1) {
        text += "{ ";
        for (unsigned w = 0; w < numWords; ++w)
          text += (w ? ", $" : "$") + std::to_string(w + 1);
        text += " };";
      } else {
        text += "$1;";
      }
      emitAsm(rewriter, loc, LLVM::LLVMVoidType::get(getContext()), args, text,
              constraints, /*sideEffects=*/true);
    }
    rewriter.eraseOp(op);
    return success();
  }

  LoweringContext &lc;
};

} // namespace

void mlir::triton::lowering::populateMemoryOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &tc, RewritePatternSet &patterns,
    LoweringContext &lc) {
  patterns.add<LoadOpConversion, StoreOpConversion>(tc, lc);
}
