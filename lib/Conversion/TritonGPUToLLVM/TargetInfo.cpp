//===- TargetInfo.cpp - what every target inherits ---------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The registry of the backends' TargetInfos, and the target-neutral
// answers a TargetInfo inherits: predicated global accesses with LLVM
// loads and stores, and errors for what a target does not lower.
//
//===----------------------------------------------------------------------===//

#include "tt/Conversion/TritonGPUToLLVM/TargetInfo.h"
#include "tt/Conversion/TritonGPUToLLVM/Utility.h"

#include "llvm/ADT/StringMap.h"

#include <mutex>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;

TargetInfo::~TargetInfo() = default;

//===----------------------------------------------------------------------===//
// The targets the backends registered
//===----------------------------------------------------------------------===//

namespace {
struct Registry {
  std::mutex mutex;
  llvm::StringMap<TargetInfoLookup> lookups;
};

Registry &registry() {
  static Registry r;
  return r;
}
} // namespace

void mlir::triton::lowering::registerTargetInfo(StringRef prefix,
                                                TargetInfoLookup lookup) {
  Registry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.lookups[prefix] = lookup;
}

const TargetInfo *mlir::triton::lowering::lookupTargetInfo(StringRef target) {
  StringRef prefix = target.split(':').first;
  TargetInfoLookup lookup = nullptr;
  {
    Registry &r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    lookup = r.lookups.lookup(prefix);
  }
  return lookup ? lookup(target) : nullptr;
}

const TargetInfo *mlir::triton::lowering::lookupModuleTargetInfo(Operation *op) {
  auto module = isa<ModuleOp>(op) ? cast<ModuleOp>(op)
                                  : op->getParentOfType<ModuleOp>();
  auto target =
      module ? module->getAttrOfType<StringAttr>("ttg.target") : StringAttr();
  return target ? lookupTargetInfo(target.getValue()) : nullptr;
}

//===----------------------------------------------------------------------===//
// Predicated global accesses with LLVM operations
//===----------------------------------------------------------------------===//

namespace {
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
                                          const GlobalAccess &access) const {
  bool isVolatile = access.isVolatile;
  Type memType = sharedMemoryType(b, elemType);
  Type loadType =
      vec == 1 ? memType : (Type)VectorType::get({int64_t(vec)}, memType);
  unsigned alignment = vec * sharedMemoryBytes(memType);
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
                             ArrayRef<Value> elems, Value mask,
                             Value representative,
                             const GlobalAccess &access) const {
  Value pred = mask;
  if (representative)
    pred = pred ? (Value)LLVM::AndOp::create(b, loc, pred, representative)
                : representative;
  Type elemType = elems[0].getType();
  Type memType = sharedMemoryType(b, elemType);
  unsigned vec = elems.size();
  Type storeType =
      vec == 1 ? memType : (Type)VectorType::get({int64_t(vec)}, memType);
  SmallVector<Value> widened(elems);
  if (memType != elemType)
    for (Value &e : widened)
      e = LLVM::ZExtOp::create(b, loc, memType, e);
  Value value = packVector(b, loc, storeType, widened);
  unsigned alignment = vec * sharedMemoryBytes(memType);
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
// What a target does not lower
//===----------------------------------------------------------------------===//

LogicalResult TargetInfo::checkAtomic(Operation *op, Type elemType) const {
  return op->emitError() << "'" << op->getName() << "' is not supported by the "
                         << getName() << " backend";
}

Value TargetInfo::atomic(OpBuilder &b, Location loc, Operation *op, Value ptr,
                         ArrayRef<Value> values, Value pred,
                         Type elemType) const {
  llvm::report_fatal_error("atomics are not available on the " + getName() +
                           " target");
}

void TargetInfo::incrementShared(OpBuilder &b, Location loc, Value pred,
                                 Value address) const {
  llvm::report_fatal_error("shared-memory atomics are not available on the " +
                           getName() + " target");
}

LogicalResult
TargetInfo::devicePrintf(RewriterBase &b, Location loc, ModuleOp module,
                         Value format, ArrayRef<Value> args,
                         llvm::DenseMap<Type, Value> &storage) const {
  return emitError(loc) << "tt.print is not supported by the " << getName()
                        << " backend";
}

LogicalResult TargetInfo::assertFail(RewriterBase &b, Location loc,
                                     ModuleOp module, StringRef message,
                                     StringRef file, unsigned line,
                                     StringRef function) const {
  return emitError(loc) << "tt.assert is not supported by the " << getName()
                        << " backend";
}
