//===- Allocation.cpp - shared-memory buffers, liveness and offsets -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Only the allocate-shared-memory pass (lib/Conversion/TritonGPUToLLVM)
// runs the allocation, so its debug output is that pass's:
// TRITON_LLVM_DEBUG_ONLY=allocate-shared-memory prints every buffer (size,
// alignment, live range in program points, offset), each function's frame
// and the total.
//
//===----------------------------------------------------------------------===//

#include "tt/Analysis/Allocation.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"
#include "tt/Support/Debug.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

#define DEBUG_TYPE "allocate-shared-memory"

//===----------------------------------------------------------------------===//
// Aliases
//===----------------------------------------------------------------------===//

static bool isSharedDesc(Type type) { return isa<ttg::MemDescType>(type); }

SharedMemoryAliasAnalysis::SharedMemoryAliasAnalysis(Operation *root) {
  // Propagates allocations along value flow until nothing changes.
  bool changed = true;
  auto flow = [&](Value from, Value to) {
    if (!isSharedDesc(to.getType()))
      return;
    auto it = allocs.find(from);
    if (it == allocs.end())
      return;
    llvm::SmallSetVector<Operation *, 2> src = it->second;
    auto &dst = allocs[to];
    for (Operation *a : src)
      changed |= dst.insert(a);
  };
  root->walk([&](ttg::LocalAllocOp alloc) {
    allocs[alloc.getResult()].insert(alloc);
  });
  while (changed) {
    changed = false;
    root->walk([&](Operation *op) {
      if (isa<ttg::LocalAllocOp>(op))
        return;
      if (auto forOp = dyn_cast<scf::ForOp>(op)) {
        auto yield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
        for (unsigned i = 0, e = forOp.getNumResults(); i < e; ++i) {
          flow(forOp.getInitArgs()[i], forOp.getRegionIterArgs()[i]);
          flow(yield.getOperand(i), forOp.getRegionIterArgs()[i]);
          flow(forOp.getInitArgs()[i], forOp.getResult(i));
          flow(yield.getOperand(i), forOp.getResult(i));
        }
        return;
      }
      if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
        for (Region *r : {&ifOp.getThenRegion(), &ifOp.getElseRegion()}) {
          if (r->empty())
            continue;
          auto yield = cast<scf::YieldOp>(r->front().getTerminator());
          for (unsigned i = 0, e = ifOp.getNumResults(); i < e; ++i)
            flow(yield.getOperand(i), ifOp.getResult(i));
        }
        return;
      }
      if (auto whileOp = dyn_cast<scf::WhileOp>(op)) {
        auto cond = whileOp.getConditionOp();
        auto yield = whileOp.getYieldOp();
        for (unsigned i = 0, e = whileOp.getInits().size(); i < e; ++i) {
          flow(whileOp.getInits()[i], whileOp.getBeforeArguments()[i]);
          flow(yield.getOperand(i), whileOp.getBeforeArguments()[i]);
        }
        for (unsigned i = 0, e = cond.getArgs().size(); i < e; ++i) {
          flow(cond.getArgs()[i], whileOp.getAfterArguments()[i]);
          flow(cond.getArgs()[i], whileOp.getResult(i));
        }
        return;
      }
      if (auto branch = dyn_cast<BranchOpInterface>(op)) {
        for (unsigned s = 0, e = op->getNumSuccessors(); s < e; ++s) {
          Block *succ = op->getSuccessor(s);
          OperandRange args = branch.getSuccessorOperands(s).getForwardedOperands();
          unsigned first = succ->getNumArguments() - args.size();
          for (auto [i, v] : llvm::enumerate(args))
            flow(v, succ->getArgument(first + i));
        }
        return;
      }
      // Anything else that returns descriptors (views, warp_group_dot_wait,
      // selects) may return a view of any descriptor it takes.
      for (Value result : op->getResults()) {
        if (!isSharedDesc(result.getType()))
          continue;
        for (Value operand : op->getOperands())
          flow(operand, result);
      }
    });
  }
  for (auto &[value, set] : allocs)
    for (Operation *a : set)
      aliases[a].push_back(value);
  // A deterministic order (walk order of definitions) for the users.
  for (auto &[alloc, values] : aliases)
    llvm::sort(values, [](Value a, Value b) {
      return a.getAsOpaquePointer() < b.getAsOpaquePointer();
    });
}

ArrayRef<Operation *> SharedMemoryAliasAnalysis::getAllocs(Value value) const {
  auto it = allocs.find(value);
  if (it == allocs.end())
    return none;
  return it->second.getArrayRef();
}

ArrayRef<Value> SharedMemoryAliasAnalysis::getAliases(Operation *alloc) const {
  auto it = aliases.find(alloc);
  if (it == aliases.end())
    return noValues;
  return it->second;
}

//===----------------------------------------------------------------------===//
// Sizes
//===----------------------------------------------------------------------===//

int64_t mlir::triton::getSharedAllocationBytes(Type type) {
  auto desc = cast<ttg::MemDescType>(type);
  int64_t elems = 1;
  for (int64_t d : desc.getAllocShape())
    elems *= d;
  Type elem = desc.getElementType();
  int64_t bits = isa<PointerType>(elem) ? 64 : elem.getIntOrFloatBitWidth();
  return std::max<int64_t>(1, (elems * bits + 7) / 8);
}

int64_t mlir::triton::getSharedAllocationAlignment(Operation *op) {
  auto alloc = cast<ttg::LocalAllocOp>(op);
  int64_t align = 16;
  if (auto a = alloc.getAlignment())
    align = std::max<int64_t>(align, *a);
  auto desc = cast<ttg::MemDescType>(alloc.getType());
  if (auto nvmma = dyn_cast<ttg::NVMMASharedEncodingAttr>(desc.getEncoding())) {
    // A swizzle pattern repeats every 8 rows of the swizzle width and is
    // applied to absolute address bits, so tiles start on that boundary.
    if (nvmma.getSwizzlingByteWidth() > 0)
      align = std::max<int64_t>(align, 8 * nvmma.getSwizzlingByteWidth());
  }
  return align;
}

//===----------------------------------------------------------------------===//
// Liveness and placement
//===----------------------------------------------------------------------===//

namespace {

struct Buffer {
  Operation *owner;
  int64_t size;
  int64_t alignment;
  int64_t start, end; // live range in program points [start, end)
  int64_t offset = -1;
};

/// Program points of one function: operations numbered in pre-order, with
/// the last number inside each operation's regions.
struct ProgramPoints {
  llvm::DenseMap<Operation *, int64_t> id, last;
  explicit ProgramPoints(Operation *func) {
    int64_t next = 0;
    func->walk<WalkOrder::PreOrder>([&](Operation *op) { id[op] = next++; });
    func->walk<WalkOrder::PostOrder>([&](Operation *op) {
      int64_t l = id[op];
      for (Region &r : op->getRegions())
        for (Block &b : r)
          for (Operation &inner : b)
            l = std::max(l, last.lookup(&inner));
      last[op] = l;
    });
  }
};

bool isLoop(Operation *op) { return isa<scf::ForOp, scf::WhileOp>(op); }

/// Allocates the buffers of one function relative to its frame; returns
/// the frame size.
int64_t allocateFunction(Operation *func, const SharedMemoryAliasAnalysis &alias,
                         const ScratchSizeFn &scratch,
                         llvm::DenseMap<Operation *, std::pair<int64_t, int64_t>> &out) {
  ProgramPoints points(func);
  // Unstructured control flow (after convert-scf-to-cf): program order says
  // nothing about loops, so explicit buffers live through the function.
  bool unstructured = false;
  func->walk([&](Operation *op) {
    for (Region &r : op->getRegions())
      if (!r.empty() && !r.hasOneBlock())
        unstructured = true;
  });
  int64_t everything = int64_t(points.id.size()) + 1;
  std::vector<Buffer> buffers;
  func->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (auto alloc = dyn_cast<ttg::LocalAllocOp>(op)) {
      if (!isa<ttg::SharedMemorySpaceAttr>(
              cast<ttg::MemDescType>(alloc.getType()).getMemorySpace()))
        return;
      int64_t start = points.id[op], end = start;
      for (Value v : alias.getAliases(op)) {
        for (OpOperand &use : v.getUses()) {
          Operation *user = use.getOwner();
          int64_t point = points.id.lookup(user);
          // A use in a loop the allocation is outside of: alive to the end
          // of the outermost such loop (the next iteration uses it again).
          for (Operation *p = user->getParentOp(); p && p != func;
               p = p->getParentOp())
            if (isLoop(p) && !p->isProperAncestor(op))
              point = std::max(point, points.last.lookup(p));
          end = std::max(end, point);
        }
      }
      if (unstructured) {
        start = 0;
        end = everything;
      }
      buffers.push_back({op, getSharedAllocationBytes(alloc.getType()),
                         getSharedAllocationAlignment(op), start, end + 1});
      return;
    }
    if (int64_t bytes = scratch(op); bytes > 0) {
      int64_t p = points.id[op];
      buffers.push_back({op, bytes, 16, p, p + 1});
    }
  });

  // Largest first (ties: earliest first), each at the lowest aligned offset
  // free of every placed buffer that is alive at the same time.
  std::vector<Buffer *> order;
  for (Buffer &b : buffers)
    order.push_back(&b);
  std::stable_sort(order.begin(), order.end(), [](Buffer *a, Buffer *b) {
    if (a->size != b->size)
      return a->size > b->size;
    return a->start < b->start;
  });
  int64_t frame = 0;
  std::vector<Buffer *> placed;
  for (Buffer *b : order) {
    std::vector<Buffer *> live;
    for (Buffer *p : placed)
      if (p->start < b->end && b->start < p->end)
        live.push_back(p);
    SmallVector<int64_t> candidates{0};
    for (Buffer *p : live)
      candidates.push_back(p->offset + p->size);
    int64_t best = -1;
    for (int64_t c : candidates) {
      int64_t off = llvm::alignTo(c, b->alignment);
      bool clash = llvm::any_of(live, [&](Buffer *p) {
        return off < p->offset + p->size && p->offset < off + b->size;
      });
      if (!clash && (best < 0 || off < best))
        best = off;
    }
    b->offset = best;
    placed.push_back(b);
    frame = std::max(frame, best + b->size);
  }
  for (Buffer &b : buffers) {
    out[b.owner] = {b.offset, b.size};
    TT_DEBUG(DEBUG_TYPE) << "  "
                         << (isa<ttg::LocalAllocOp>(b.owner) ? "buffer of "
                                                             : "scratch of ")
                         << b.owner->getName() << " at " << b.owner->getLoc()
                         << ": " << b.size << " bytes, align " << b.alignment
                         << ", live [" << b.start << ", " << b.end
                         << "), offset " << b.offset << "\n";
  }
  TT_DEBUG(DEBUG_TYPE) << "  frame: " << frame << " bytes for "
                       << buffers.size() << " buffers"
                       << (unstructured ? " (unstructured control flow: "
                                          "every buffer lives throughout)"
                                        : "")
                       << "\n";
  return frame;
}

} // namespace

FailureOr<SharedMemoryAllocation>
SharedMemoryAllocation::run(ModuleOp module, const ScratchSizeFn &scratch) {
  SharedMemoryAllocation result;
  SharedMemoryAliasAnalysis alias(module);

  SmallVector<FuncOp> funcs;
  module.walk([&](FuncOp f) { funcs.push_back(f); });
  llvm::DenseMap<Operation *, std::pair<int64_t, int64_t>> local;
  llvm::DenseMap<Operation *, int64_t> frameSize;
  for (FuncOp f : funcs) {
    TT_DEBUG(DEBUG_TYPE) << "@" << f.getName()
                         << ": buffers (live ranges in program points)\n";
    frameSize[f] = allocateFunction(f, alias, scratch, local);
  }

  // Callers before callees: a callee's frame starts above every caller's.
  llvm::DenseMap<Operation *, SmallVector<Operation *>> callees;
  for (FuncOp f : funcs)
    f.walk([&](CallOp call) {
      if (auto callee = module.lookupSymbol<FuncOp>(call.getCallee()))
        callees[f].push_back(callee);
    });
  llvm::DenseMap<Operation *, int64_t> base;
  for (FuncOp f : funcs)
    base[f] = 0;
  // Relaxation; a chain longer than the number of functions is a cycle.
  for (size_t round = 0;; ++round) {
    bool changed = false;
    for (FuncOp f : funcs)
      for (Operation *c : callees[f]) {
        int64_t want = llvm::alignTo(base[f] + frameSize[f], 1024);
        if (base[c] < want) {
          base[c] = want;
          changed = true;
        }
      }
    if (!changed)
      break;
    if (round > funcs.size())
      return module.emitError("cannot allocate shared memory: the call "
                              "graph is recursive");
  }
  for (FuncOp f : funcs) {
    int64_t b = base[f];
    result.frames[f] = {b, b + frameSize[f]};
    result.total = std::max(result.total, b + frameSize[f]);
  }
  // A frame's end includes every frame stacked above it through calls.
  for (size_t round = 0; round <= funcs.size(); ++round)
    for (FuncOp f : funcs)
      for (Operation *c : callees[f])
        result.frames[f].end =
            std::max(result.frames[f].end, result.frames[c].end);
  for (auto &[op, placed] : local) {
    FuncOp f = op->getParentOfType<FuncOp>();
    result.buffers[op] = {base[f] + placed.first, placed.second};
  }
  result.total = llvm::alignTo(result.total, 16);
  for (FuncOp f : funcs)
    if (!callees[f].empty() || base[f] != 0)
      TT_DEBUG(DEBUG_TYPE) << "@" << f.getName() << ": frame at "
                           << result.frames[f].start << ", up to "
                           << result.frames[f].end << " with its callees\n";
  TT_DEBUG(DEBUG_TYPE) << "total: " << result.total << " bytes\n";
  return result;
}

std::optional<int64_t> SharedMemoryAllocation::getOffset(Operation *op) const {
  auto it = buffers.find(op);
  if (it == buffers.end())
    return std::nullopt;
  return it->second.offset;
}

int64_t SharedMemoryAllocation::getSize(Operation *op) const {
  auto it = buffers.find(op);
  return it == buffers.end() ? 0 : it->second.size;
}

SharedInterval SharedMemoryAllocation::getFrame(Operation *func) const {
  return frames.lookup(func);
}
