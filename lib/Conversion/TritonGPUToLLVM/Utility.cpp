//===- Utility.cpp - shared pieces of the TTGIR-to-LLVM lowering -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Conversion/TritonGPUToLLVM/Utility.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/ErrorHandling.h"

#include <map>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;

TritonGPUToLLVMTypeConverter::TritonGPUToLLVMTypeConverter(
    MLIRContext *ctx, const LowerToLLVMOptions &opts)
    : LLVMTypeConverter(ctx, opts) {
  addConversion([ctx](triton::PointerType type) -> Type {
    return LLVM::LLVMPointerType::get(ctx, type.getAddressSpace());
  });
  addConversion([this](RankedTensorType type) -> std::optional<Type> {
    if (!type.getEncoding())
      return std::nullopt;
    Type elem = convertType(type.getElementType());
    if (!elem)
      return std::nullopt;
    SmallVector<Type> fields(getNumRegisters(type), elem);
    return LLVM::LLVMStructType::getLiteral(type.getContext(), fields);
  });
}

tt::LinearLayout mlir::triton::lowering::getLayout(RankedTensorType type) {
  std::optional<tt::LinearLayout> layout = gpu::toLinearLayout(type);
  if (!layout)
    llvm::report_fatal_error("tt: no linear layout for a tensor encoding");
  return *layout;
}

unsigned mlir::triton::lowering::getNumRegisters(RankedTensorType type) {
  return getLayout(type).getInDimSize(tt::kRegister);
}

SmallVector<Value>
mlir::triton::lowering::unpackLLElements(Location loc, Value llvmStruct,
                                         ConversionPatternRewriter &rewriter) {
  auto structType = dyn_cast<LLVM::LLVMStructType>(llvmStruct.getType());
  if (!structType)
    return {llvmStruct};
  SmallVector<Value> out;
  for (unsigned i = 0, e = structType.getBody().size(); i < e; ++i)
    out.push_back(LLVM::ExtractValueOp::create(rewriter, loc, llvmStruct, i));
  return out;
}

Value mlir::triton::lowering::packLLElements(Location loc,
                                             const TypeConverter *converter,
                                             ValueRange elements,
                                             ConversionPatternRewriter &rewriter,
                                             Type tensorType) {
  Type structType = converter->convertType(tensorType);
  Value result = LLVM::UndefOp::create(rewriter, loc, structType);
  for (auto [i, v] : llvm::enumerate(elements))
    result = LLVM::InsertValueOp::create(rewriter, loc, result, v, i);
  return result;
}

Value mlir::triton::lowering::i32Const(OpBuilder &b, Location loc, int64_t v) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                  b.getI32IntegerAttr(int32_t(v)));
}

Value mlir::triton::lowering::extractBit(OpBuilder &b, Location loc, Value v,
                                         unsigned bit) {
  return LLVM::AndOp::create(
      b, loc, LLVM::LShrOp::create(b, loc, v, i32Const(b, loc, bit)),
      i32Const(b, loc, 1));
}

Value mlir::triton::lowering::xorIfBitSet(OpBuilder &b, Location loc, Value acc,
                                          Value hw, unsigned bit,
                                          int64_t value) {
  Value one = extractBit(b, loc, hw, bit);
  return LLVM::XOrOp::create(
      b, loc, acc, LLVM::MulOp::create(b, loc, one, i32Const(b, loc, value)));
}

Value mlir::triton::lowering::threadId(OpBuilder &b, Location loc,
                                       const LoweringContext &lc) {
  return lc.target->threadIdX(b, loc);
}

Value mlir::triton::lowering::laneId(OpBuilder &b, Location loc,
                                     const LoweringContext &lc) {
  return LLVM::AndOp::create(b, loc, threadId(b, loc, lc),
                             i32Const(b, loc, lc.threadsPerWarp - 1));
}

Value mlir::triton::lowering::warpId(OpBuilder &b, Location loc,
                                     const LoweringContext &lc) {
  Value tid = threadId(b, loc, lc);
  unsigned shift = llvm::Log2_32(lc.threadsPerWarp);
  Value w = LLVM::LShrOp::create(b, loc, tid, i32Const(b, loc, shift));
  // Keep it in range for layouts written for fewer warps than launched.
  return LLVM::AndOp::create(b, loc, w, i32Const(b, loc, lc.numWarps - 1));
}

/// XOR over the set bits of `hw` (an index along `inDim`) of the bases'
/// component along out dimension `d`.
static Value emitHardwarePart(OpBuilder &b, Location loc,
                              const tt::LinearLayout &layout, tt::Dim inDim,
                              unsigned d, Value hw) {
  Value acc = i32Const(b, loc, 0);
  if (!layout.hasInDim(inDim))
    return acc;
  tt::Dim out = layout.getOutDimNames()[d];
  unsigned bits = layout.getInDimSizeLog2(inDim);
  for (unsigned bit = 0; bit < bits; ++bit) {
    int32_t basis = layout.getBasis(inDim, bit, out);
    if (basis == 0)
      continue;
    Value isSet = LLVM::AndOp::create(b, loc, hw, i32Const(b, loc, 1 << bit));
    Value term;
    if (llvm::isPowerOf2_32(basis)) {
      int shift = int(llvm::Log2_32(basis)) - int(bit);
      term = shift >= 0
                 ? (Value)LLVM::ShlOp::create(b, loc, isSet, i32Const(b, loc, shift))
                 : (Value)LLVM::LShrOp::create(b, loc, isSet,
                                               i32Const(b, loc, -shift));
    } else {
      Value one = LLVM::LShrOp::create(b, loc, isSet, i32Const(b, loc, bit));
      term = LLVM::MulOp::create(b, loc, one, i32Const(b, loc, basis));
    }
    acc = LLVM::XOrOp::create(b, loc, acc, term);
  }
  return acc;
}

SmallVector<SmallVector<Value>>
mlir::triton::lowering::emitIndices(OpBuilder &b, Location loc,
                                    const tt::LinearLayout &layout,
                                    const LoweringContext &lc) {
  Value lane = laneId(b, loc, lc);
  Value warp = warpId(b, loc, lc);
  unsigned rank = layout.getNumOutDims();
  SmallVector<Value> hwPart;
  for (unsigned d = 0; d < rank; ++d) {
    Value l = emitHardwarePart(b, loc, layout, tt::kLane, d, lane);
    Value w = emitHardwarePart(b, loc, layout, tt::kWarp, d, warp);
    hwPart.push_back(LLVM::XOrOp::create(b, loc, l, w));
  }
  unsigned numRegs = layout.getInDimSize(tt::kRegister);
  SmallVector<SmallVector<Value>> result;
  for (unsigned r = 0; r < numRegs; ++r) {
    SmallVector<int32_t> coords = registerCoord(layout, r);
    SmallVector<Value> idx;
    for (unsigned d = 0; d < rank; ++d) {
      int32_t c = coords[d];
      idx.push_back(c == 0 ? hwPart[d]
                           : (Value)LLVM::XOrOp::create(b, loc, hwPart[d],
                                                        i32Const(b, loc, c)));
    }
    result.push_back(idx);
  }
  return result;
}

SmallVector<int> mlir::triton::lowering::mapRegisters(
    const tt::LinearLayout &src, const tt::LinearLayout &dst,
    function_ref<SmallVector<int32_t>(ArrayRef<int32_t>)> mapCoord) {
  std::map<SmallVector<int32_t>, int> srcRegs;
  for (unsigned r = 0, e = src.getInDimSize(tt::kRegister); r < e; ++r)
    srcRegs.emplace(registerCoord(src, r), r);
  SmallVector<int> out;
  for (unsigned r = 0, e = dst.getInDimSize(tt::kRegister); r < e; ++r) {
    auto it = srcRegs.find(mapCoord(registerCoord(dst, r)));
    out.push_back(it == srcRegs.end() ? -1 : it->second);
  }
  return out;
}

Value mlir::triton::lowering::sharedBase(OpBuilder &b, Location loc,
                                         ModuleOp module) {
  MLIRContext *ctx = module.getContext();
  constexpr StringLiteral kName = "global_smem";
  if (!module.lookupSymbol<LLVM::GlobalOp>(kName)) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    auto type = LLVM::LLVMArrayType::get(IntegerType::get(ctx, 8), 0);
    LLVM::GlobalOp::create(b, loc, type, /*isConstant=*/false,
                           LLVM::Linkage::External, kName, Attribute(),
                           /*alignment=*/16, /*addrSpace=*/3);
  }
  return LLVM::AddressOfOp::create(b, loc, LLVM::LLVMPointerType::get(ctx, 3),
                                   kName);
}

void mlir::triton::lowering::barrier(OpBuilder &b, Location loc,
                                     const LoweringContext &lc) {
  lc.target->barrier(b, loc);
}

SmallVector<Value> mlir::triton::lowering::inlineBlock(OpBuilder &b,
                                                      Block &block,
                                                      ValueRange args) {
  IRMapping mapping;
  mapping.map(block.getArguments(), args);
  for (Operation &inner : block.without_terminator())
    b.clone(inner, mapping);
  SmallVector<Value> out;
  for (Value v : block.getTerminator()->getOperands())
    out.push_back(mapping.lookupOrDefault(v));
  return out;
}

Value mlir::triton::lowering::bitcastToInt(OpBuilder &b, Location loc, Value v) {
  Type t = v.getType();
  if (isa<IntegerType>(t))
    return v;
  if (isa<LLVM::LLVMPointerType>(t))
    return LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), v);
  return LLVM::BitcastOp::create(
      b, loc, b.getIntegerType(t.getIntOrFloatBitWidth()), v);
}

Value mlir::triton::lowering::bitcastFromInt(OpBuilder &b, Location loc,
                                             Value v, Type type) {
  if (v.getType() == type)
    return v;
  if (isa<LLVM::LLVMPointerType>(type))
    return LLVM::IntToPtrOp::create(b, loc, type, v);
  return LLVM::BitcastOp::create(b, loc, type, v);
}

SmallVector<Value> mlir::triton::lowering::packWords(OpBuilder &b,
                                                    Location loc,
                                                    ArrayRef<Value> values,
                                                    unsigned perWord) {
  Type i32 = b.getI32Type();
  auto wordType = VectorType::get({int64_t(perWord)}, values[0].getType());
  SmallVector<Value> words;
  for (unsigned i = 0; i < values.size(); i += perWord) {
    Value v = LLVM::PoisonOp::create(b, loc, wordType);
    for (unsigned j = 0; j < perWord; ++j)
      v = LLVM::InsertElementOp::create(b, loc, v, values[i + j],
                                        i32Const(b, loc, j));
    words.push_back(LLVM::BitcastOp::create(b, loc, i32, v));
  }
  return words;
}

SmallVector<Value>
mlir::triton::lowering::unpackWords(OpBuilder &b, Location loc,
                                    ArrayRef<Value> words, Type elemType,
                                    unsigned perWord) {
  auto wordType = VectorType::get({int64_t(perWord)}, elemType);
  SmallVector<Value> values;
  for (Value word : words) {
    Value v = LLVM::BitcastOp::create(b, loc, wordType, word);
    for (unsigned j = 0; j < perWord; ++j)
      values.push_back(
          LLVM::ExtractElementOp::create(b, loc, v, i32Const(b, loc, j)));
  }
  return values;
}

Value mlir::triton::lowering::shuffle(OpBuilder &b, Location loc, Value v,
                                      ShuffleKind kind, Value laneOrOffset,
                                      int clamp, const LoweringContext &lc) {
  Type type = v.getType();
  unsigned bits = isa<LLVM::LLVMPointerType>(type)
                      ? 64
                      : type.getIntOrFloatBitWidth();
  if (bits == 64) {
    // Two 32-bit halves.
    Value i = bitcastToInt(b, loc, v);
    Value c32 = LLVM::ConstantOp::create(b, loc, b.getI64Type(),
                                         b.getI64IntegerAttr(32));
    Value lo = LLVM::TruncOp::create(b, loc, b.getI32Type(), i);
    Value hi = LLVM::TruncOp::create(b, loc, b.getI32Type(),
                                     LLVM::LShrOp::create(b, loc, i, c32));
    lo = shuffle(b, loc, lo, kind, laneOrOffset, clamp, lc);
    hi = shuffle(b, loc, hi, kind, laneOrOffset, clamp, lc);
    Value wide = LLVM::OrOp::create(
        b, loc, LLVM::ZExtOp::create(b, loc, b.getI64Type(), lo),
        LLVM::ShlOp::create(b, loc,
                            LLVM::ZExtOp::create(b, loc, b.getI64Type(), hi),
                            c32));
    return bitcastFromInt(b, loc, wide, type);
  }
  Value word = bitcastToInt(b, loc, v);
  if (bits < 32)
    word = LLVM::ZExtOp::create(b, loc, b.getI32Type(), word);
  Value shuffled =
      lc.target->shuffleI32(b, loc, word, kind, laneOrOffset, clamp);
  if (bits < 32)
    shuffled = LLVM::TruncOp::create(b, loc, b.getIntegerType(bits), shuffled);
  return bitcastFromInt(b, loc, shuffled, type);
}

Value mlir::triton::lowering::shuffleXor(OpBuilder &b, Location loc, Value v,
                                         int mask, const LoweringContext &lc) {
  return shuffle(b, loc, v, ShuffleKind::Bfly, i32Const(b, loc, mask), 0x1f,
                 lc);
}

SmallVector<int32_t>
mlir::triton::lowering::registerCoord(const tt::LinearLayout &layout,
                                      unsigned r) {
  SmallVector<tt::LinearLayout::DimSize, 4> in;
  for (tt::Dim d : layout.getInDimNames())
    in.push_back({d, d == tt::kRegister ? int32_t(r) : 0});
  SmallVector<int32_t> c;
  for (auto &[dim, v] : layout.apply(in))
    c.push_back(v);
  return c;
}

Value mlir::triton::lowering::isRepresentative(OpBuilder &b, Location loc,
                                               const tt::LinearLayout &l,
                                               const LoweringContext &lc) {
  Value pred;
  for (auto &[dim, mask] : l.getFreeVariableMasks()) {
    if (mask == 0 || (dim != tt::kLane && dim != tt::kWarp))
      continue;
    Value hw = dim == tt::kLane ? laneId(b, loc, lc) : warpId(b, loc, lc);
    Value bits = LLVM::AndOp::create(b, loc, hw, i32Const(b, loc, mask));
    Value zero = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, bits,
                                      i32Const(b, loc, 0));
    pred = pred ? (Value)LLVM::AndOp::create(b, loc, pred, zero) : zero;
  }
  return pred;
}

void mlir::triton::lowering::predicatedSharedStore(OpBuilder &b, Location loc,
                                                   Value pred, Value addr,
                                                   Value v,
                                                   const LoweringContext &lc) {
  lc.target->storeShared(b, loc, pred, addr, v);
}

Value mlir::triton::lowering::linearize(OpBuilder &b, Location loc,
                                        ArrayRef<Value> coord,
                                        ArrayRef<int64_t> shape) {
  Value off;
  for (unsigned d = 0; d < shape.size(); ++d) {
    if (!off) {
      off = coord[d];
      continue;
    }
    off = LLVM::MulOp::create(b, loc, off, i32Const(b, loc, shape[d]));
    off = LLVM::AddOp::create(b, loc, off, coord[d]);
  }
  return off ? off : i32Const(b, loc, 0);
}

Type mlir::triton::lowering::sharedMemoryType(OpBuilder &b, Type elemType) {
  return elemType.isInteger(1) ? b.getI8Type() : elemType;
}

unsigned mlir::triton::lowering::sharedMemoryBytes(Type memType) {
  if (isa<PointerType, LLVM::LLVMPointerType>(memType))
    return 8;
  return std::max(1u, memType.getIntOrFloatBitWidth() / 8);
}

Value mlir::triton::lowering::globalString(OpBuilder &b, Location loc,
                                           ModuleOp module, StringRef prefix,
                                           StringRef contents) {
  MLIRContext *ctx = b.getContext();
  std::string data = contents.str();
  data.push_back('\0');
  auto type = LLVM::LLVMArrayType::get(IntegerType::get(ctx, 8), data.size());
  // Reuse an identical string.
  LLVM::GlobalOp global;
  for (auto g : module.getOps<LLVM::GlobalOp>()) {
    auto value = dyn_cast_or_null<StringAttr>(g.getValueOrNull());
    if (g.getConstant() && value && value.getValue() == data &&
        g.getSymName().starts_with(prefix)) {
      global = g;
      break;
    }
  }
  if (!global) {
    unsigned n = 0;
    std::string name;
    do
      name = (prefix + "_" + Twine(n++)).str();
    while (module.lookupSymbol(name));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    global = LLVM::GlobalOp::create(b, loc, type, /*isConstant=*/true,
                                    LLVM::Linkage::Internal, name,
                                    b.getStringAttr(data), /*alignment=*/1);
  }
  return LLVM::AddressOfOp::create(b, loc, LLVM::LLVMPointerType::get(ctx),
                                   global.getSymName());
}

LLVM::LLVMFuncOp mlir::triton::lowering::getOrDeclareFunction(
    OpBuilder &b, ModuleOp module, StringRef name,
    LLVM::LLVMFunctionType type) {
  if (auto f = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return f;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  return LLVM::LLVMFuncOp::create(b, module.getLoc(), name, type);
}

std::optional<SmallVector<std::pair<unsigned, unsigned>>>
mlir::triton::lowering::mapRegistersAcross(
    ArrayRef<tt::LinearLayout> srcs, const tt::LinearLayout &dst,
    function_ref<OperandCoord(ArrayRef<int32_t>)> mapCoord) {
  unsigned rank = dst.getNumOutDims();
  SmallVector<int32_t> zero(rank, 0);
  OperandCoord origin = mapCoord(zero);
  // Hardware bits must move along the same coordinates in operand and
  // result, and never change the operand.
  for (tt::Dim hw : {tt::kLane, tt::kWarp, tt::kBlock}) {
    if (!dst.hasInDim(hw))
      continue;
    for (unsigned bit = 0, e = dst.getInDimSizeLog2(hw); bit < e; ++bit) {
      tt::LinearLayout::Basis basis = dst.getBasis(hw, bit);
      OperandCoord image = mapCoord(SmallVector<int32_t>(basis.begin(), basis.end()));
      if (image.first != origin.first)
        return std::nullopt;
      for (const tt::LinearLayout &src : srcs) {
        if (!src.hasInDim(hw) || src.getInDimSizeLog2(hw) != e)
          return std::nullopt;
        tt::LinearLayout::Basis srcBasis = src.getBasis(hw, bit);
        for (unsigned d = 0; d < srcBasis.size(); ++d)
          if ((image.second[d] ^ origin.second[d]) != srcBasis[d])
            return std::nullopt;
      }
    }
  }
  SmallVector<std::map<SmallVector<int32_t>, unsigned>> srcRegs(srcs.size());
  for (auto [k, src] : llvm::enumerate(srcs))
    for (unsigned r = 0, e = src.getInDimSize(tt::kRegister); r < e; ++r)
      srcRegs[k].emplace(registerCoord(src, r), r);
  SmallVector<std::pair<unsigned, unsigned>> out;
  for (unsigned r = 0, e = dst.getInDimSize(tt::kRegister); r < e; ++r) {
    OperandCoord where = mapCoord(registerCoord(dst, r));
    if (where.first >= srcs.size())
      return std::nullopt;
    auto it = srcRegs[where.first].find(where.second);
    if (it == srcRegs[where.first].end())
      return std::nullopt;
    out.push_back({where.first, it->second});
  }
  return out;
}
