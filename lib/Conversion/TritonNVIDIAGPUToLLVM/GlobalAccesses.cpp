//===- GlobalAccesses.cpp - NVIDIA global memory as inline PTX --*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The NVIDIA TargetInfo's global loads and stores (predicated
// `ld.global` / `st.global` vectors of up to four 32-bit words, with the
// cache and eviction hints of the op, masked-off lanes taking `other`) and
// atomics (`atom.global.<scope>.<sem>.<op>.<type>`, CAS as `atom.global.<sem>.<scope>.cas`, `red.shared.add.u32`
// for histograms), as upstream Triton writes them.
//
//===----------------------------------------------------------------------===//

#include "NVIDIAPatterns.h"

#include "tt/Dialect/Triton/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;

namespace {

unsigned memoryBits(Type elem) {
  if (isa<LLVM::LLVMPointerType>(elem))
    return 64;
  return std::max(8u, elem.getIntOrFloatBitWidth());
}

/// How a vector of `totalBits` made of `elemBits`-bit elements travels: in
/// words of 32 bits (several small elements packed per word), of the whole
/// vector when it is narrower, or of one element when elements are wider
/// (64-bit integers, doubles and pointers go in 64-bit registers: `.b64`).
struct WordShape {
  unsigned bits;      // bits per word
  unsigned count;     // words per access
  std::string reg;    // inline-asm register class of one word
  std::string width;  // PTX type suffix of one word
  Type asmType;       // the LLVM type a word has in the inline asm
};

WordShape wordShape(OpBuilder &b, unsigned elemBits, unsigned totalBits) {
  WordShape s;
  s.bits = std::max(elemBits, std::min(totalBits, 32u));
  s.count = totalBits / s.bits;
  switch (s.bits) {
  case 64: s.reg = "l"; s.width = "b64"; break;
  case 32: s.reg = "r"; s.width = "b32"; break;
  case 16: s.reg = "h"; s.width = "b16"; break;
  default: s.reg = "h"; s.width = "b8"; break; // bytes in 16-bit registers
  }
  s.asmType = b.getIntegerType(s.bits == 8 ? 16 : s.bits);
  return s;
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

/// Packs `vec` elements into words of `wordBits` (the inline-asm operands).
/// The `.vN` of a vector access of `numWords` words (none for one).
std::string vectorSuffix(unsigned numWords) {
  return numWords > 1 ? ".v" + std::to_string(numWords) : "";
}

/// The operands $first ... of the `numWords` words of an access: one
/// register, or a braced vector.
std::string wordList(unsigned first, unsigned numWords) {
  if (numWords == 1)
    return "$" + std::to_string(first);
  std::string list = "{ ";
  for (unsigned w = 0; w < numWords; ++w)
    list += (w ? ", $" : "$") + std::to_string(first + w);
  return list + " }";
}

SmallVector<Value> packAccessWords(OpBuilder &b, Location loc, ArrayRef<Value> elems,
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

SmallVector<Value> unpackAccessWords(OpBuilder &b, Location loc, ArrayRef<Value> words,
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

} // namespace

//===----------------------------------------------------------------------===//
// Loads and stores
//===----------------------------------------------------------------------===//

SmallVector<Value> NVIDIATargetInfo::loadGlobal(
    RewriterBase &rewriter, Location loc, Value ptr, Type elemType,
    unsigned vec, Value pred, ArrayRef<Value> others,
    const GlobalAccess &access) const {
  unsigned elemBits = memoryBits(elemType);
  WordShape shape = wordShape(rewriter, elemBits, vec * elemBits);
  unsigned wordBits = shape.bits, numWords = shape.count;
  const std::string &regClass = shape.reg;
  Type asmWordType = shape.asmType;
  // A byte is loaded zero-extended into its 16-bit register.
  std::string width = wordBits == 8 ? "u8" : shape.width;

  // Assemble: outputs, address, (other words), (predicate).
  std::string text, constraints;
  SmallVector<Value> args{ptr};
  unsigned argIdx = numWords;
  for (unsigned w = 0; w < numWords; ++w)
    constraints += "=" + regClass + ",";
  constraints += "l";
  unsigned addrIdx = argIdx++;
  if (pred) {
    SmallVector<Value> otherWords;
    if (!others.empty()) {
      otherWords = packAccessWords(rewriter, loc, others, elemBits, wordBits);
      if (wordBits == 8)
        for (Value &w : otherWords)
          w = LLVM::ZExtOp::create(rewriter, loc, asmWordType, w);
    }
    for (unsigned w = 0; w < numWords; ++w) {
      std::string mov = wordBits == 64   ? "mov.u64"
                        : wordBits == 32 ? "mov.u32"
                                         : "mov.u16";
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
  text += std::string(access.isVolatile ? "ld.volatile.global"
                                        : "ld.global") +
          cacheSuffix(access.cache) + evictSuffix(access.evict);
  text += vectorSuffix(numWords) + "." + width + " " + wordList(0, numWords);
  text += ", [ $" + std::to_string(addrIdx) + " + 0 ];";

  Type resultType =
      numWords == 1
          ? asmWordType
          : (Type)LLVM::LLVMStructType::getLiteral(
                rewriter.getContext(),
                SmallVector<Type>(numWords, asmWordType));
  Value asmResult = inlineAsm(rewriter, loc, resultType, args, text,
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
  return unpackAccessWords(rewriter, loc, words, elemBits, elemType);
}

void NVIDIATargetInfo::storeGlobal(RewriterBase &rewriter, Location loc,
                                   Value ptr, ArrayRef<Value> elems,
                                   Value mask, Value representative,
                                   const GlobalAccess &access) const {
  unsigned elemBits = memoryBits(elems[0].getType());
  WordShape shape = wordShape(rewriter, elemBits, elems.size() * elemBits);
  unsigned wordBits = shape.bits, numWords = shape.count;
  const std::string &regClass = shape.reg, &width = shape.width;

  SmallVector<Value> words = packAccessWords(rewriter, loc, elems, elemBits,
                                       wordBits);
  if (wordBits == 8)
    for (Value &w : words)
      w = LLVM::ZExtOp::create(rewriter, loc, rewriter.getI16Type(), w);
  Value pred = mask;
  if (representative)
    pred = pred ? (Value)LLVM::AndOp::create(rewriter, loc, pred,
                                             representative)
                : representative;
  SmallVector<Value> args{ptr};
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
  text += "st.global" + cacheSuffix(access.cache) + evictSuffix(access.evict);
  text += vectorSuffix(numWords) + "." + width + " [ $0 + 0 ], " +
          wordList(1, numWords) + ";";
  inlineAsm(rewriter, loc, LLVM::LLVMVoidType::get(rewriter.getContext()),
            args, text, constraints, /*sideEffects=*/true);
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

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

/// One predicated atom instruction on `n` consecutive elements: `instr` is
/// the instruction up to its operands, `operands` its data operands (one
/// group for rmw, two for cas), each group `n` values (n > 1: a vector
/// atom, registers in braces). Threads that skip it read 0.
SmallVector<Value> emitAtom(OpBuilder &b, Location loc, StringRef instr,
                            Value ptr, ArrayRef<ArrayRef<Value>> operands,
                            Value pred, Type elemType) {
  unsigned n = operands.front().size();
  unsigned bits = valueBits(elemType);
  auto [cls, intType] = asmOperand(b, bits);
  auto list = [&](unsigned first) {
    std::string l = n > 1 ? "{" : "";
    for (unsigned i = 0; i < n; ++i)
      l += (i ? ", $" : "$") + std::to_string(first + i);
    return l + (n > 1 ? "}" : "");
  };
  SmallVector<Value> args{ptr};
  std::string constraints;
  for (unsigned i = 0; i < n; ++i)
    constraints += "=" + cls.str() + ",";
  constraints += "l";
  std::string data;
  for (ArrayRef<Value> group : operands) {
    data += ", " + list(n + args.size());
    for (Value v : group) {
      args.push_back(bitcastToInt(b, loc, v));
      constraints += "," + cls.str();
    }
  }
  std::string text;
  if (pred) {
    for (unsigned i = 0; i < n; ++i)
      text += "mov.b" + std::to_string(bits) + " $" + std::to_string(i) +
              ", 0;\n\t";
    text += "@$" + std::to_string(n + args.size()) + " ";
    args.push_back(pred);
    constraints += ",b";
  }
  text += instr.str() + " " + list(0) + ", [ $" + std::to_string(n) +
          " + 0 ]" + data + ";";
  Type resultType =
      n == 1 ? intType
             : (Type)LLVM::LLVMStructType::getLiteral(
                   b.getContext(), SmallVector<Type>(n, intType));
  Value r = inlineAsm(b, loc, resultType, args, text, constraints,
                      /*sideEffects=*/true);
  SmallVector<Value> olds;
  for (unsigned i = 0; i < n; ++i)
    olds.push_back(bitcastFromInt(
        b, loc, n == 1 ? r : LLVM::ExtractValueOp::create(b, loc, r, i),
        elemType));
  return olds;
}

/// The instruction of one element of `op` up to its operands.
std::string atomInstruction(Operation *op, Type elemType, int cc) {
  if (auto rmw = dyn_cast<AtomicRMWOp>(op)) {
    std::string why;
    FailureOr<std::string> suffix =
        rmwSuffix(rmw.getAtomicRmwOp(), elemType, cc, why);
    // Upstream's spelling, which its tests look for in the PTX:
    // atom.global.<scope>.<sem>.<op>.<type> (ptxas takes either order).
    return "atom.global" + scopeSuffix(rmw.getScope()) +
           semanticSuffix(rmw.getSem()) + *suffix;
  }
  // CAS as upstream spells it: atom.global.<sem>.<scope>.cas.<type>.
  auto cas = cast<AtomicCASOp>(op);
  return "atom.global" + semanticSuffix(cas.getSem()) +
         scopeSuffix(cas.getScope()) + ".cas.b" +
         std::to_string(valueBits(elemType));
}

} // namespace

LogicalResult NVIDIATargetInfo::checkAtomic(Operation *op,
                                            Type elemType) const {
  if (auto rmw = dyn_cast<AtomicRMWOp>(op)) {
    std::string why;
    if (failed(rmwSuffix(rmw.getAtomicRmwOp(), elemType, computeCapability,
                         why)))
      return op->emitError() << "cannot lower atomic_rmw "
                             << stringifyRMWOp(rmw.getAtomicRmwOp()) << " on "
                             << elemType << ": " << why;
    return success();
  }
  if (isa<AtomicCASOp>(op)) {
    unsigned bits = valueBits(elemType);
    if (bits != 16 && bits != 32 && bits != 64)
      return op->emitError() << "cannot lower atomic_cas on " << elemType
                             << ": PTX has atom.cas for 16-, 32- and 64-bit "
                                "values only";
    return success();
  }
  if (isa<HistogramOp>(op))
    return success();
  return TargetInfo::checkAtomic(op, elemType);
}

Value NVIDIATargetInfo::atomic(OpBuilder &b, Location loc, Operation *op,
                               Value ptr, ArrayRef<Value> values, Value pred,
                               Type elemType) const {
  SmallVector<ArrayRef<Value>> operands;
  for (const Value &v : values)
    operands.push_back(ArrayRef<Value>(v));
  return emitAtom(b, loc, atomInstruction(op, elemType, computeCapability),
                  ptr, operands, pred, elemType)[0];
}

unsigned NVIDIATargetInfo::getAtomicVectorWidth(Operation *op,
                                                Type elemType) const {
  auto rmw = dyn_cast<AtomicRMWOp>(op);
  if (!rmw || rmw.getAtomicRmwOp() != RMWOp::FADD || !elemType.isF32() ||
      computeCapability < 90)
    return 1;
  return 4;
}

SmallVector<Value> NVIDIATargetInfo::atomicVector(OpBuilder &b, Location loc,
                                                  Operation *op, Value ptr,
                                                  ArrayRef<Value> vals,
                                                  Value pred,
                                                  Type elemType) const {
  // atom.global.<scope>.<sem>.add.vN.f32 {d..}, [a], {b..}: each element is
  // updated atomically on its own, as N scalar atomics would.
  std::string instr = atomInstruction(op, elemType, computeCapability);
  instr.insert(instr.rfind(".f32"), ".v" + std::to_string(vals.size()));
  return emitAtom(b, loc, instr, ptr, {vals}, pred, elemType);
}

void NVIDIATargetInfo::incrementShared(OpBuilder &b, Location loc, Value pred,
                                       Value address) const {
  inlineAsm(b, loc, Type(), {pred, address},
            "@$0 red.shared.add.u32 [ $1 + 0 ], 1;", "b,r",
            /*sideEffects=*/true);
}
