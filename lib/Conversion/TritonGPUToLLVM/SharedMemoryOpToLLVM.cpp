//===- SharedMemoryOpToLLVM.cpp - shared-memory buffers and views -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// ttg.local_alloc takes its bytes where allocate-shared-memory put them;
// the memdesc views (index, subslice, trans, reshape, reinterpret) only move
// the descriptor's address and offsets. ttg.local_load and ttg.local_store
// move a distributed tensor to and from a buffer: the composition of the
// tensor's layout with the inverse of the buffer's shared layout says, for
// every (register, lane, warp), the element offset in the buffer. That map
// is linear over GF(2): the lane and warp part is computed once per thread,
// the register part is a constant, and where the swizzle makes the register
// part XOR into bits the lane and warp part may set, the few distinct XOR
// patterns get a runtime base each and the rest becomes an address
// immediate. Accesses are as wide as the registers stay consecutive in
// memory (up to 16 bytes).
//
// On NVIDIA sm_90 and later, a store of a 16-bit tensor whose threads hold
// element pairs of 8-element rows (the tensor-core accumulator after its
// f32 -> f16 truncation: the matmul epilogue) goes through stmatrix
// instead: four 8x8 matrices per instruction, each lane naming the 16-byte
// row it addresses, so a 128x256 accumulator over 8 warps takes 16
// instructions per thread instead of 64 four-byte stores. The stmatrix
// helpers here also serve the convert_layout lowering.
//
//===----------------------------------------------------------------------===//

#include "tt/Conversion/TritonGPUToLLVM/Patterns.h"
#include "tt/Conversion/TritonGPUToLLVM/SharedMemory.h"

#include "tt/Analysis/Allocation.h"
#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"

#include <map>
#include <set>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;

//===----------------------------------------------------------------------===//
// Descriptors
//===----------------------------------------------------------------------===//

Type mlir::triton::lowering::getSharedMemoryObjectType(MLIRContext *ctx,
                                                       unsigned rank) {
  return LLVM::LLVMStructType::getLiteral(
      ctx, SmallVector<Type>(rank + 1, IntegerType::get(ctx, 32)));
}

SharedMemoryObject mlir::triton::lowering::unpackSharedMemoryObject(
    OpBuilder &b, Location loc, Value llvmStruct, unsigned rank) {
  SharedMemoryObject smem;
  smem.address = LLVM::ExtractValueOp::create(b, loc, llvmStruct, 0);
  for (unsigned d = 0; d < rank; ++d)
    smem.offsets.push_back(
        LLVM::ExtractValueOp::create(b, loc, llvmStruct, d + 1));
  return smem;
}

SharedMemoryObject mlir::triton::lowering::unpackMemDesc(OpBuilder &b,
                                                         Location loc,
                                                         Value llvmStruct,
                                                         Value memDesc) {
  auto type = cast<ttg::MemDescType>(memDesc.getType());
  return unpackSharedMemoryObject(b, loc, llvmStruct, type.getShape().size());
}

Value mlir::triton::lowering::packSharedMemoryObject(
    OpBuilder &b, Location loc, const SharedMemoryObject &smem) {
  Type type =
      getSharedMemoryObjectType(b.getContext(), smem.offsets.size());
  Value s = LLVM::UndefOp::create(b, loc, type);
  s = LLVM::InsertValueOp::create(b, loc, s, smem.address, ArrayRef<int64_t>{0});
  for (auto [d, off] : llvm::enumerate(smem.offsets))
    s = LLVM::InsertValueOp::create(b, loc, s, off,
                                    ArrayRef<int64_t>{int64_t(d + 1)});
  return s;
}

std::optional<tt::LinearLayout>
mlir::triton::lowering::getSharedTileLayout(ttg::MemDescType type) {
  ArrayRef<int64_t> alloc = type.getAllocShape();
  unsigned rank = type.getShape().size();
  if (alloc.size() < rank)
    return std::nullopt;
  return ttg::toLinearLayout(alloc.take_back(rank), type.getEncoding());
}

//===----------------------------------------------------------------------===//
// Vector accesses
//===----------------------------------------------------------------------===//

namespace {

/// The type a `vec`-element access moves: 32-bit words when the access is
/// at least 4 bytes, else the elements themselves.
Type accessType(OpBuilder &b, Type memElem, unsigned vec) {
  unsigned bytes = sharedMemoryBytes(memElem) * vec;
  if (bytes >= 4 && bytes % 4 == 0)
    return bytes == 4 ? (Type)b.getI32Type()
                      : (Type)VectorType::get({int64_t(bytes / 4)},
                                              b.getI32Type());
  return vec == 1 ? memElem : (Type)VectorType::get({int64_t(vec)}, memElem);
}

Type memoryElementType(OpBuilder &b, Type elemType) {
  if (elemType.isInteger(1))
    return b.getI8Type();
  if (isa<LLVM::LLVMPointerType>(elemType))
    return b.getI64Type();
  return elemType;
}

Value toMemory(OpBuilder &b, Location loc, Value v) {
  if (v.getType().isInteger(1))
    return LLVM::ZExtOp::create(b, loc, b.getI8Type(), v);
  if (isa<LLVM::LLVMPointerType>(v.getType()))
    return LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), v);
  return v;
}

Value fromMemory(OpBuilder &b, Location loc, Value v, Type elemType) {
  if (elemType.isInteger(1))
    return LLVM::TruncOp::create(b, loc, elemType, v);
  if (isa<LLVM::LLVMPointerType>(elemType))
    return LLVM::IntToPtrOp::create(b, loc, elemType, v);
  return v;
}

Value addressPointer(OpBuilder &b, Location loc, Value address,
                     int64_t addend) {
  Value ptr = sharedPointer(b, loc, address);
  if (addend == 0)
    return ptr;
  return LLVM::GEPOp::create(b, loc, ptr.getType(), b.getI8Type(), ptr,
                             ArrayRef<LLVM::GEPArg>{int32_t(addend)});
}

} // namespace

void mlir::triton::lowering::storeShared(OpBuilder &b, Location loc,
                                         Value address, int64_t addend,
                                         ArrayRef<Value> values) {
  storeSharedPacked(b, loc, address, addend, packSharedStore(b, loc, values));
}

void mlir::triton::lowering::storeSharedPacked(OpBuilder &b, Location loc,
                                               Value address, int64_t addend,
                                               Value packed) {
  Type t = packed.getType();
  unsigned bytes;
  if (auto vec = dyn_cast<VectorType>(t))
    bytes = vec.getNumElements() *
            sharedMemoryBytes(vec.getElementType());
  else
    bytes = sharedMemoryBytes(t);
  LLVM::StoreOp::create(b, loc, packed, addressPointer(b, loc, address, addend),
                        /*alignment=*/bytes);
}

Value mlir::triton::lowering::packSharedStore(OpBuilder &b, Location loc,
                                              ArrayRef<Value> values) {
  Type memElem = memoryElementType(b, values[0].getType());
  unsigned vec = values.size();
  Value data;
  if (vec == 1) {
    data = toMemory(b, loc, values[0]);
  } else {
    auto vecType = VectorType::get({int64_t(vec)}, memElem);
    data = LLVM::PoisonOp::create(b, loc, vecType);
    for (auto [i, v] : llvm::enumerate(values))
      data = LLVM::InsertElementOp::create(b, loc, data, toMemory(b, loc, v),
                                           i32Const(b, loc, i));
  }
  Type access = accessType(b, memElem, vec);
  if (access != data.getType())
    data = LLVM::BitcastOp::create(b, loc, access, data);
  return data;
}

SmallVector<Value> mlir::triton::lowering::loadPlanned(
    OpBuilder &b, Location loc, const SharedAccessPlan &plan, unsigned numRegs,
    Type elemType) {
  SmallVector<Value> values;
  for (unsigned g = 0, r = 0; r < numRegs; ++g, r += plan.vec)
    for (Value v : loadShared(b, loc, plan.bases[plan.baseOf[g]],
                              plan.addends[g], elemType, plan.vec))
      values.push_back(v);
  return values;
}

SmallVector<Value> mlir::triton::lowering::loadShared(OpBuilder &b,
                                                      Location loc,
                                                      Value address,
                                                      int64_t addend,
                                                      Type elemType,
                                                      unsigned count) {
  Type memElem = memoryElementType(b, elemType);
  Type access = accessType(b, memElem, count);
  unsigned bytes = sharedMemoryBytes(memElem) * count;
  Value data =
      LLVM::LoadOp::create(b, loc, access,
                           addressPointer(b, loc, address, addend), bytes);
  SmallVector<Value> out;
  if (count == 1) {
    if (data.getType() != memElem)
      data = LLVM::BitcastOp::create(b, loc, memElem, data);
    out.push_back(fromMemory(b, loc, data, elemType));
    return out;
  }
  auto vecType = VectorType::get({int64_t(count)}, memElem);
  if (data.getType() != vecType)
    data = LLVM::BitcastOp::create(b, loc, vecType, data);
  for (unsigned i = 0; i < count; ++i)
    out.push_back(fromMemory(
        b, loc, LLVM::ExtractElementOp::create(b, loc, data, i32Const(b, loc, i)),
        elemType));
  return out;
}

//===----------------------------------------------------------------------===//
// Chunk accesses and stmatrix
//===----------------------------------------------------------------------===//

void mlir::triton::lowering::planChunkAccess(
    OpBuilder &b, Location loc, Value scratch, ArrayRef<int64_t> laneChunks,
    ArrayRef<int64_t> warpChunks, ArrayRef<int64_t> regChunks,
    const LoweringContext &lc, SmallVector<Value> &bases,
    SmallVector<unsigned> &baseOf, SmallVector<int64_t> &addends) {
  Value hw = i32Const(b, loc, 0);
  int64_t mask = 0;
  for (auto [id, chunks] :
       {std::pair{laneId(b, loc, lc), laneChunks},
        std::pair{warpId(b, loc, lc), warpChunks}}) {
    for (auto [bit, c] : llvm::enumerate(chunks)) {
      if (c == 0)
        continue;
      mask |= c;
      hw = xorIfBitSet(b, loc, hw, id, bit, 16 * c);
    }
  }
  std::map<int64_t, unsigned> seen;
  for (int64_t c : regChunks) {
    int64_t flipped = c & mask;
    auto [it, inserted] = seen.emplace(flipped, bases.size());
    if (inserted) {
      Value off = flipped ? (Value)LLVM::XOrOp::create(
                                b, loc, hw, i32Const(b, loc, 16 * flipped))
                          : hw;
      bases.push_back(LLVM::AddOp::create(b, loc, scratch, off));
    }
    baseOf.push_back(it->second);
    addends.push_back(16 * (c & ~mask));
  }
}

void mlir::triton::lowering::storeMatrixChunks(
    OpBuilder &b, Location loc, Value base, ArrayRef<int64_t> rowChunks,
    ArrayRef<int64_t> warpChunks, ArrayRef<int64_t> groupChunks,
    ArrayRef<Value> words, const LoweringContext &lc) {
  assert(words.size() % groupChunks.size() == 0 && "a partial stmatrix");
  unsigned x = words.size() / groupChunks.size();
  SmallVector<Value> bases;
  SmallVector<unsigned> baseOf;
  SmallVector<int64_t> addends;
  planChunkAccess(b, loc, base, rowChunks, warpChunks, groupChunks, lc, bases,
                  baseOf, addends);
  for (unsigned g = 0; g < baseOf.size(); ++g)
    lc.target->storeMatrix(b, loc, bases[baseOf[g]], addends[g],
                           words.slice(g * x, x));
}

//===----------------------------------------------------------------------===//
// Access plans
//===----------------------------------------------------------------------===//

namespace {

/// XOR of `images[bit]` over the set bits of the runtime value `hw`.
Value xorOfBits(OpBuilder &b, Location loc, Value hw, ArrayRef<int32_t> images) {
  Value acc;
  for (auto [bit, image] : llvm::enumerate(images)) {
    if (image == 0)
      continue;
    Value isSet = LLVM::AndOp::create(b, loc, hw, i32Const(b, loc, 1 << bit));
    Value term;
    if (llvm::isPowerOf2_32(image)) {
      int shift = int(llvm::Log2_32(image)) - int(bit);
      term = shift == 0 ? isSet
             : shift > 0
                 ? (Value)LLVM::ShlOp::create(b, loc, isSet, i32Const(b, loc, shift))
                 : (Value)LLVM::LShrOp::create(b, loc, isSet,
                                               i32Const(b, loc, -shift));
    } else {
      Value one = LLVM::LShrOp::create(b, loc, isSet, i32Const(b, loc, bit));
      term = LLVM::MulOp::create(b, loc, one, i32Const(b, loc, image));
    }
    acc = acc ? (Value)LLVM::XOrOp::create(b, loc, acc, term) : term;
  }
  return acc ? acc : i32Const(b, loc, 0);
}

} // namespace

FailureOr<SharedAccessPlan> mlir::triton::lowering::planSharedAccess(
    OpBuilder &b, Location loc, const tt::LinearLayout &regLayout,
    const tt::LinearLayout &tile, const SharedMemoryObject &smem,
    bool hasOffsets, unsigned elemBytes, unsigned maxVecBytes,
    unsigned maxVecElems, const LoweringContext &lc) {
  SharedAccessPlan plan;
  plan.freeRegisters = regLayout.getFreeVariableMask(tt::kRegister);
  unsigned numRegs = regLayout.getInDimSize(tt::kRegister);
  Value elemSize = i32Const(b, loc, elemBytes);

  if (hasOffsets) {
    // A view inside a larger tile: the coordinates plus the view's offsets,
    // through the tile's inverse, one element at a time.
    std::optional<tt::LinearLayout> inv = tile.tryInvert();
    if (!inv)
      return failure();
    auto coords = emitIndices(b, loc, regLayout, lc);
    tt::Dim offsetDim = tt::kOffset;
    for (unsigned r = 0; r < numRegs; ++r) {
      Value off;
      for (unsigned d = 0; d < coords[r].size(); ++d) {
        Value c = LLVM::AddOp::create(b, loc, coords[r][d], smem.offsets[d]);
        tt::Dim dim = inv->getInDimNames()[d];
        SmallVector<int32_t> images;
        for (unsigned bit = 0, e = inv->getInDimSizeLog2(dim); bit < e; ++bit)
          images.push_back(inv->getBasis(dim, bit, offsetDim));
        Value part = xorOfBits(b, loc, c, images);
        off = off ? (Value)LLVM::XOrOp::create(b, loc, off, part) : part;
      }
      plan.bases.push_back(LLVM::AddOp::create(
          b, loc, smem.address, LLVM::MulOp::create(b, loc, off, elemSize)));
      plan.baseOf.push_back(r);
      plan.addends.push_back(0);
    }
    return plan;
  }

  std::optional<tt::LinearLayout> cvt = regLayout.tryInvertAndCompose(tile);
  if (!cvt)
    return failure();
  auto basisOf = [&](tt::Dim dim, unsigned bit) -> int32_t {
    return cvt->getBasis(dim, bit, tt::kOffset);
  };
  unsigned regBits = cvt->getInDimSizeLog2(tt::kRegister);
  SmallVector<int32_t> laneImages, warpImages;
  if (cvt->hasInDim(tt::kLane))
    for (unsigned i = 0, e = cvt->getInDimSizeLog2(tt::kLane); i < e; ++i)
      laneImages.push_back(basisOf(tt::kLane, i));
  if (cvt->hasInDim(tt::kWarp))
    for (unsigned i = 0, e = cvt->getInDimSizeLog2(tt::kWarp); i < e; ++i)
      warpImages.push_back(basisOf(tt::kWarp, i));

  // Vector width: leading register bits that walk consecutive offsets, no
  // other bit touching the offset bits below the vector.
  unsigned k = 0;
  while (k < regBits && basisOf(tt::kRegister, k) == (1 << k))
    ++k;
  auto fits = [&](unsigned kk) {
    int32_t low = (1 << kk) - 1;
    for (unsigned i = kk; i < regBits; ++i)
      if (basisOf(tt::kRegister, i) & low)
        return false;
    for (int32_t img : laneImages)
      if (img & low)
        return false;
    for (int32_t img : warpImages)
      if (img & low)
        return false;
    return (1u << kk) * elemBytes <= maxVecBytes && (1u << kk) <= maxVecElems;
  };
  while (k > 0 && !fits(k))
    --k;
  plan.vec = 1u << k;

  // Runtime part from lanes and warps.
  Value hw = LLVM::XOrOp::create(
      b, loc, xorOfBits(b, loc, laneId(b, loc, lc), laneImages),
      xorOfBits(b, loc, warpId(b, loc, lc), warpImages));
  int32_t runtimeMask = 0;
  for (int32_t img : laneImages)
    runtimeMask |= img;
  for (int32_t img : warpImages)
    runtimeMask |= img;
  std::map<int32_t, unsigned> baseIndex;
  for (unsigned r = 0; r < numRegs; r += plan.vec) {
    int32_t c = 0;
    for (unsigned i = 0; i < regBits; ++i)
      if (r & (1u << i))
        c ^= basisOf(tt::kRegister, i);
    int32_t x = c & runtimeMask, a = c & ~runtimeMask;
    auto [it, inserted] = baseIndex.emplace(x, plan.bases.size());
    if (inserted) {
      Value off = x ? (Value)LLVM::XOrOp::create(b, loc, hw, i32Const(b, loc, x))
                    : hw;
      plan.bases.push_back(LLVM::AddOp::create(
          b, loc, smem.address, LLVM::MulOp::create(b, loc, off, elemSize)));
    }
    plan.baseOf.push_back(it->second);
    plan.addends.push_back(int64_t(a) * elemBytes);
  }
  return plan;
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

namespace {

bool viewHasOffsets(ttg::MemDescType type) {
  ArrayRef<int64_t> shape = type.getShape();
  return type.getAllocShape().take_back(shape.size()) != shape;
}

/// The stmatrix form of a store: the 16-byte chunks (8 elements) that the
/// rows of each 8x8 matrix land on, in the stmatrix argument order of
/// storeMatrixChunks.
struct MatrixStores {
  SmallVector<int64_t> rowChunks, warpChunks, groupChunks;
};

/// A store of `regLayout` into `tile` (offset -> coords) fits stmatrix when
/// the elements are 16-bit and the map from (register, lane, warp) to the
/// buffer offset sends register bit 0 and lane bits 0-1 to offsets 1, 2, 4
/// (a 32-bit pair per lane, four lanes covering 8 consecutive elements: one
/// 16-byte matrix row) and every other bit to a multiple of 8 (whole rows,
/// wherever the swizzle puts them). This is the tensor-core accumulator
/// (mma v2/v3) stored into any shared layout, the 128-byte-swizzled NVMMA
/// buffer of a TMA store included. Register bits 1-2 pick the matrices of
/// one instruction (x4 when the thread has 4 pairs or more), the higher
/// register bits the instruction.
std::optional<MatrixStores> matchMatrixStores(const tt::LinearLayout &regLayout,
                                              const tt::LinearLayout &tile,
                                              unsigned elemBytes) {
  if (elemBytes != 2 || !regLayout.hasInDim(tt::kLane) ||
      regLayout.getInDimSizeLog2(tt::kLane) != 5 ||
      (regLayout.hasInDim(tt::kBlock) &&
       regLayout.getInDimSize(tt::kBlock) != 1))
    return std::nullopt;
  std::optional<tt::LinearLayout> cvt = regLayout.tryInvertAndCompose(tile);
  if (!cvt)
    return std::nullopt;
  auto image = [&](tt::Dim in, unsigned i) {
    return int64_t(cvt->getBasis(in, i, tt::kOffset));
  };
  unsigned regBits = cvt->getInDimSizeLog2(tt::kRegister);
  if (regBits < 1 || image(tt::kRegister, 0) != 1 || image(tt::kLane, 0) != 2 ||
      image(tt::kLane, 1) != 4)
    return std::nullopt;
  MatrixStores m;
  unsigned matrixBits = std::min(2u, regBits - 1);
  for (unsigned i = 2; i < 5; ++i)
    m.rowChunks.push_back(image(tt::kLane, i));
  for (unsigned i = 1; i <= matrixBits; ++i)
    m.rowChunks.push_back(image(tt::kRegister, i));
  if (cvt->hasInDim(tt::kWarp))
    for (unsigned i = 0, e = cvt->getInDimSizeLog2(tt::kWarp); i < e; ++i)
      m.warpChunks.push_back(image(tt::kWarp, i));
  unsigned groupBits = regBits - 1 - matrixBits;
  m.groupChunks.assign(1u << groupBits, 0);
  for (unsigned g = 0; g < m.groupChunks.size(); ++g)
    for (unsigned j = 0; j < groupBits; ++j)
      if ((g >> j) & 1)
        m.groupChunks[g] ^= image(tt::kRegister, 1 + matrixBits + j);
  // Offsets in elements to offsets in chunks: every one must be a whole
  // number of chunks (then the XORs commute with the shift).
  for (SmallVector<int64_t> *v : {&m.rowChunks, &m.warpChunks, &m.groupChunks})
    for (int64_t &c : *v) {
      if (c % 8 != 0)
        return std::nullopt;
      c /= 8;
    }
  return m;
}

/// Stores the tensor `values` (layout of `tensorType`) into the buffer
/// `smem` of type `memType`: with stmatrix where the target has it and the
/// layouts fit (matchMatrixStores), else with the widest st.shared the
/// layouts allow.
LogicalResult storeTensor(Operation *op, OpBuilder &b, Location loc,
                          RankedTensorType tensorType, ArrayRef<Value> values,
                          ttg::MemDescType memType,
                          const SharedMemoryObject &smem,
                          const LoweringContext &lc) {
  std::optional<tt::LinearLayout> tile = getSharedTileLayout(memType);
  if (!tile)
    return op->emitError() << "cannot lower a shared-memory buffer of type "
                           << memType << ": its encoding is not supported";
  unsigned elemBytes =
      sharedMemoryBytes(memoryElementType(b, values[0].getType()));
  if (lc.target->hasStoreMatrix() &&
      !viewHasOffsets(memType) && values[0].getType().isIntOrFloat()) {
    if (std::optional<MatrixStores> m =
            matchMatrixStores(getLayout(tensorType), *tile, elemBytes)) {
      SmallVector<Value> words;
      for (unsigned r = 0; r + 1 < values.size(); r += 2)
        words.push_back(packSharedStore(b, loc, values.slice(r, 2)));
      storeMatrixChunks(b, loc, smem.address, m->rowChunks, m->warpChunks,
                        m->groupChunks, words, lc);
      return success();
    }
  }
  FailureOr<SharedAccessPlan> plan = planSharedAccess(
      b, loc, getLayout(tensorType), *tile, smem, viewHasOffsets(memType),
      elemBytes, 16, 64, lc);
  if (failed(plan))
    return op->emitError() << "cannot store a tensor of type " << tensorType
                           << " into " << memType
                           << ": the layouts do not cover the same elements";
  for (unsigned g = 0, r = 0; r < values.size(); ++g, r += plan->vec) {
    if (r & plan->freeRegisters)
      continue;
    storeShared(b, loc, plan->bases[plan->baseOf[g]], plan->addends[g],
                values.slice(r, plan->vec));
  }
  return success();
}

/// The coordinate bit a tile basis moves along when it is a single one:
/// (dim, bit), else nullopt.
std::optional<std::pair<unsigned, unsigned>>
unitBasis(const tt::LinearLayout::Basis &v) {
  std::optional<std::pair<unsigned, unsigned>> found;
  for (auto [d, c] : llvm::enumerate(v)) {
    if (c == 0)
      continue;
    if (found || !llvm::isPowerOf2_32(c))
      return std::nullopt;
    found = {unsigned(d), llvm::Log2_32(c)};
  }
  return found;
}

/// The register layout of a copy from the buffer laid out by `srcTile` to
/// the one laid out by `dstTile` when they are contiguous along different
/// dims (a transposing copy: `local_alloc(local_load(x))` storing an fp8
/// wgmma operand K-major, read from the TMA buffer that holds it
/// N-major). Whatever the tensor's own layout, each thread takes 16 bytes
/// contiguous in the destination (one vector store), the lanes of a warp
/// consecutive elements of the source (their one-byte loads share words),
/// the warps the next source bits, and the rest of the tensor goes to
/// more registers in destination order. nullopt when the buffers share
/// their contiguous dim or the tensor is too small to fill the threads.
std::optional<tt::LinearLayout>
transposingCopyLayout(const tt::LinearLayout &srcTile,
                      const tt::LinearLayout &dstTile, unsigned elemBytes,
                      int numWarps) {
  if (srcTile.getOutDims() != dstTile.getOutDims() ||
      !srcTile.hasInDim(tt::kOffset) || !dstTile.hasInDim(tt::kOffset) ||
      srcTile.getInDimSizeLog2(tt::kOffset) == 0 ||
      dstTile.getInDimSizeLog2(tt::kOffset) == 0 || elemBytes > 16 ||
      !llvm::isPowerOf2_32(numWarps))
    return std::nullopt;
  for (const tt::LinearLayout *t : {&srcTile, &dstTile})
    if (t->hasInDim(tt::kBlock) && t->getInDimSize(tt::kBlock) != 1)
      return std::nullopt;
  auto srcFast = unitBasis(srcTile.getBasis(tt::kOffset, 0));
  auto dstFast = unitBasis(dstTile.getBasis(tt::kOffset, 0));
  if (!srcFast || !dstFast || srcFast->first == dstFast->first)
    return std::nullopt;
  SmallVector<tt::LinearLayout::DimSize> outs = dstTile.getOutDims();
  unsigned rank = outs.size();
  // Coordinate bits in the order a buffer is contiguous along them: its
  // fast dim first, then the others from the last.
  auto orderFrom = [&](unsigned fast) {
    SmallVector<std::pair<unsigned, unsigned>> bits;
    SmallVector<unsigned> dims{fast};
    for (unsigned d = rank; d-- > 0;)
      if (d != fast)
        dims.push_back(d);
    for (unsigned d : dims)
      for (unsigned b = 0, e = llvm::Log2_32(outs[d].second); b < e; ++b)
        bits.push_back({d, b});
    return bits;
  };
  auto srcOrder = orderFrom(srcFast->first);
  auto dstOrder = orderFrom(dstFast->first);
  unsigned vecBits = llvm::Log2_32(16 / elemBytes);
  unsigned warpBits = llvm::Log2_32(numWarps);
  if (srcOrder.size() < vecBits + 5 + warpBits ||
      outs[dstFast->first].second < (1 << vecBits))
    return std::nullopt;
  std::set<std::pair<unsigned, unsigned>> used;
  auto basisOf = [&](std::pair<unsigned, unsigned> bit) {
    tt::LinearLayout::Basis v(rank, 0);
    v[bit.first] = 1 << bit.second;
    used.insert(bit);
    return v;
  };
  std::vector<tt::LinearLayout::Basis> regs, lanes, warps;
  for (unsigned i = 0; i < vecBits; ++i)
    regs.push_back(basisOf(dstOrder[i]));
  for (auto bit : srcOrder) {
    if (used.count(bit))
      continue;
    if (lanes.size() < 5)
      lanes.push_back(basisOf(bit));
    else if (warps.size() < warpBits)
      warps.push_back(basisOf(bit));
  }
  for (auto bit : dstOrder)
    if (!used.count(bit))
      regs.push_back(basisOf(bit));
  return tt::LinearLayout::tryCreate({{tt::kRegister, regs},
                                      {tt::kLane, lanes},
                                      {tt::kWarp, warps},
                                      {tt::kBlock, {}}},
                                     outs, /*requireSurjective=*/true);
}

/// `local_alloc(local_load(src))` where the load feeds only the alloc and
/// comes right before it (in the TTGIR), between buffers contiguous along different dims:
/// copied directly in the layout of transposingCopyLayout (the load's own
/// lowering is then dead). Fails (nothing emitted) when it does not apply.
LogicalResult copyTransposing(ttg::LocalAllocOp op, ttg::LocalLoadOp load,
                              ConversionPatternRewriter &rewriter,
                              const TypeConverter &tc,
                              const SharedMemoryObject &dst,
                              const LoweringContext &lc) {
  auto srcType = cast<ttg::MemDescType>(load.getSrc().getType());
  auto dstType = cast<ttg::MemDescType>(op.getType());
  if (viewHasOffsets(srcType) || viewHasOffsets(dstType) ||
      !load->hasOneUse() || load->getBlock() != op->getBlock())
    return failure();
  // Nothing of the kernel's own between the two (the load's lowering and
  // conversion casts may sit there): reading at the alloc is then reading
  // at the load.
  for (Operation *o = load->getNextNode(); o != op; o = o->getNextNode()) {
    if (!o || !isa<LLVM::LLVMDialect>(o->getDialect()) &&
                  !isa<UnrealizedConversionCastOp>(o))
      return failure();
  }
  std::optional<tt::LinearLayout> srcTile = getSharedTileLayout(srcType);
  std::optional<tt::LinearLayout> dstTile = getSharedTileLayout(dstType);
  if (!srcTile || !dstTile)
    return failure();
  Type elemType = tc.convertType(dstType.getElementType());
  if (!elemType || !elemType.isIntOrFloat())
    return failure();
  unsigned elemBytes = sharedMemoryBytes(elemType);
  int numWarps = ttg::maybeLookupNumWarps(op).value_or(4);
  std::optional<tt::LinearLayout> copy =
      transposingCopyLayout(*srcTile, *dstTile, elemBytes, numWarps);
  Value srcStruct = rewriter.getRemappedValue(load.getSrc());
  if (!copy || !srcStruct)
    return failure();
  Location loc = op.getLoc();
  SharedMemoryObject src = unpackMemDesc(rewriter, loc, srcStruct, load.getSrc());
  FailureOr<SharedAccessPlan> in = planSharedAccess(
      rewriter, loc, *copy, *srcTile, src, false, elemBytes, 16, 64, lc);
  if (failed(in))
    return failure();
  unsigned numRegs = copy->getInDimSize(tt::kRegister);
  SmallVector<Value> values =
      loadPlanned(rewriter, loc, *in, numRegs, elemType);
  FailureOr<SharedAccessPlan> out = planSharedAccess(
      rewriter, loc, *copy, *dstTile, dst, false, elemBytes, 16, 64, lc);
  if (failed(out))
    return failure();
  for (unsigned g = 0, r = 0; r < numRegs; ++g, r += out->vec)
    storeShared(rewriter, loc, out->bases[out->baseOf[g]], out->addends[g],
                ArrayRef<Value>(values).slice(r, out->vec));
  return success();
}

struct LocalAllocOpConversion
    : public LoweringPattern<ttg::LocalAllocOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(ttg::LocalAllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto offset = op->getAttrOfType<IntegerAttr>("allocation.offset");
    if (!offset)
      return op.emitError("no shared memory was allocated for this buffer "
                          "(run allocate-shared-memory first)");
    auto memType = cast<ttg::MemDescType>(op.getType());
    SharedMemoryObject smem;
    smem.address = sharedAddress(rewriter, loc, op->getParentOfType<ModuleOp>(),
                                 offset.getInt());
    for (unsigned d = 0; d < memType.getShape().size(); ++d)
      smem.offsets.push_back(i32Const(rewriter, loc, 0));
    auto load = op.getSrc() ? op.getSrc().getDefiningOp<ttg::LocalLoadOp>()
                            : ttg::LocalLoadOp();
    if (load && succeeded(copyTransposing(op, load, rewriter,
                                          *getTypeConverter(), smem, lc))) {
      rewriter.replaceOp(op, packSharedMemoryObject(rewriter, loc, smem));
      return success();
    }
    if (Value src = op.getSrc()) {
      SmallVector<Value> values =
          unpackLLElements(loc, adaptor.getSrc(), rewriter);
      if (failed(storeTensor(op, rewriter, loc,
                             cast<RankedTensorType>(src.getType()), values,
                             memType, smem, lc)))
        return failure();
    }
    rewriter.replaceOp(op, packSharedMemoryObject(rewriter, loc, smem));
    return success();
  }
};

struct LocalDeallocOpConversion
    : public ConvertOpToLLVMPattern<ttg::LocalDeallocOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttg::LocalDeallocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.eraseOp(op);
    return success();
  }
};

struct LocalStoreOpConversion
    : public LoweringPattern<ttg::LocalStoreOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(ttg::LocalStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto memType = cast<ttg::MemDescType>(op.getDst().getType());
    SharedMemoryObject smem =
        unpackMemDesc(rewriter, loc, adaptor.getDst(), op.getDst());
    SmallVector<Value> values = unpackLLElements(loc, adaptor.getSrc(), rewriter);
    if (failed(storeTensor(op, rewriter, loc,
                           cast<RankedTensorType>(op.getSrc().getType()),
                           values, memType, smem, lc)))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

struct LocalLoadOpConversion : public LoweringPattern<ttg::LocalLoadOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(ttg::LocalLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto memType = cast<ttg::MemDescType>(op.getSrc().getType());
    auto tensorType = cast<RankedTensorType>(op.getType());
    std::optional<tt::LinearLayout> tile = getSharedTileLayout(memType);
    if (!tile)
      return op.emitError() << "cannot lower a shared-memory buffer of type "
                            << memType << ": its encoding is not supported";
    SharedMemoryObject smem =
        unpackMemDesc(rewriter, loc, adaptor.getSrc(), op.getSrc());
    Type elemType = getTypeConverter()->convertType(tensorType.getElementType());
    unsigned elemBytes =
        sharedMemoryBytes(memoryElementType(rewriter, elemType));
    FailureOr<SharedAccessPlan> plan = planSharedAccess(
        rewriter, loc, getLayout(tensorType), *tile, smem,
        viewHasOffsets(memType), elemBytes, 16, 64, lc);
    if (failed(plan))
      return op.emitError() << "cannot load a tensor of type " << tensorType
                            << " from " << memType
                            << ": the layouts do not cover the same elements";
    SmallVector<Value> values = loadPlanned(
        rewriter, loc, *plan, getNumRegisters(tensorType), elemType);
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), values,
                                          rewriter, tensorType));
    return success();
  }
};

/// The descriptor of a memdesc view, from its source's descriptor `src`.
/// memdesc_index: the index-th slice of the leading dimension.
SharedMemoryObject viewOf(ttg::MemDescIndexOp op,
                          ttg::MemDescIndexOp::Adaptor adaptor,
                          const SharedMemoryObject &src, OpBuilder &b,
                          Location loc) {
  auto srcType = cast<ttg::MemDescType>(op.getSrc().getType());
  unsigned rank = srcType.getShape().size();
  ArrayRef<int64_t> alloc = srcType.getAllocShape();
  int64_t sliceElems = 1;
  for (int64_t d : alloc.drop_front(alloc.size() - rank + 1))
    sliceElems *= d;
  int64_t sliceBytes = sliceElems * sharedMemoryBytes(srcType.getElementType());
  Value index = LLVM::AddOp::create(b, loc, adaptor.getIndex(), src.offsets[0]);
  SharedMemoryObject dst;
  dst.address = LLVM::AddOp::create(
      b, loc, src.address,
      LLVM::MulOp::create(b, loc, index, i32Const(b, loc, sliceBytes)));
  dst.offsets.assign(src.offsets.begin() + 1, src.offsets.end());
  return dst;
}
/// memdesc_subslice: the offsets move by the static ones of the op.
SharedMemoryObject viewOf(ttg::MemDescSubsliceOp op,
                          ttg::MemDescSubsliceOp::Adaptor,
                          const SharedMemoryObject &src, OpBuilder &b,
                          Location loc) {
  SharedMemoryObject dst = src;
  for (auto [d, off] : llvm::enumerate(op.getOffsets()))
    if (off != 0)
      dst.offsets[d] = LLVM::AddOp::create(b, loc, dst.offsets[d],
                                           i32Const(b, loc, off));
  return dst;
}
/// memdesc_trans: the offsets permuted.
SharedMemoryObject viewOf(ttg::MemDescTransOp op, ttg::MemDescTransOp::Adaptor,
                          const SharedMemoryObject &src, OpBuilder &,
                          Location) {
  SharedMemoryObject dst{src.address, {}};
  for (int32_t o : op.getOrder())
    dst.offsets.push_back(src.offsets[o]);
  return dst;
}
/// reshape and reinterpret: the same bytes from the start of the buffer.
template <typename OpTy>
SharedMemoryObject rebind(OpTy op, const SharedMemoryObject &src, OpBuilder &b,
                          Location loc) {
  SharedMemoryObject dst{src.address, {}};
  auto dstType = cast<ttg::MemDescType>(op.getType());
  for (unsigned d = 0; d < dstType.getShape().size(); ++d)
    dst.offsets.push_back(i32Const(b, loc, 0));
  return dst;
}
SharedMemoryObject viewOf(ttg::MemDescReshapeOp op,
                          ttg::MemDescReshapeOp::Adaptor,
                          const SharedMemoryObject &src, OpBuilder &b,
                          Location loc) {
  return rebind(op, src, b, loc);
}
SharedMemoryObject viewOf(ttg::MemDescReinterpretOp op,
                          ttg::MemDescReinterpretOp::Adaptor,
                          const SharedMemoryObject &src, OpBuilder &b,
                          Location loc) {
  return rebind(op, src, b, loc);
}

/// The memdesc views: a new descriptor of the same buffer (viewOf).
template <typename OpTy>
struct MemDescViewConversion : public ConvertOpToLLVMPattern<OpTy> {
  using ConvertOpToLLVMPattern<OpTy>::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = cast<ttg::MemDescType>(op.getSrc().getType());
    if (isa<ttg::MemDescReshapeOp, ttg::MemDescReinterpretOp>(op) &&
        viewHasOffsets(srcType))
      return op.emitError("cannot reshape or reinterpret a view inside a "
                          "larger buffer (a memdesc_subslice result)");
    SharedMemoryObject src =
        unpackMemDesc(rewriter, loc, adaptor.getSrc(), op.getSrc());
    rewriter.replaceOp(op, packSharedMemoryObject(
                               rewriter, loc,
                               viewOf(op, adaptor, src, rewriter, loc)));
    return success();
  }
};

template <typename OpTy>
struct BarrierConversion : public LoweringPattern<OpTy> {
  using LoweringPattern<OpTy>::LoweringPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    barrier(rewriter, op.getLoc(), this->lc);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::triton::lowering::populateSharedMemoryOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &tc, RewritePatternSet &patterns,
    LoweringContext &lc) {
  MLIRContext *ctx = patterns.getContext();
  tc.addConversion([ctx](ttg::MemDescType type) -> Type {
    return getSharedMemoryObjectType(ctx, type.getShape().size());
  });
  tc.addConversion([ctx](ttg::AsyncTokenType) -> Type {
    return IntegerType::get(ctx, 32);
  });
  patterns.add<LocalAllocOpConversion, LocalStoreOpConversion,
               LocalLoadOpConversion>(tc, lc);
  patterns.add<LocalDeallocOpConversion,
               MemDescViewConversion<ttg::MemDescIndexOp>,
               MemDescViewConversion<ttg::MemDescSubsliceOp>,
               MemDescViewConversion<ttg::MemDescTransOp>,
               MemDescViewConversion<ttg::MemDescReshapeOp>,
               MemDescViewConversion<ttg::MemDescReinterpretOp>>(tc);
  patterns.add<BarrierConversion<ttg::LocalBarrierOp>,
               BarrierConversion<ttg::BarrierOp>>(tc, lc);
}
