//===- OptimizeDescriptorEncoding.cpp - shared layouts of descriptors -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// A TMA copy writes shared memory in the layout recorded in its
// descriptor, so every `!tt.tensordesc` needs the shared layout of the
// buffers its blocks land in. The pass groups the descriptor values that
// are the same descriptor (a definition and the loop and branch values
// carrying it), picks the layout the loads of the group are stored with
// (`ttg.local_alloc` of the loaded block), or a default wgmma layout when
// no load asks or loads disagree, and rewrites the types.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonNvidiaGPU/Transforms/Passes.h"
#include "tt/Dialect/TritonNvidiaGPU/Transforms/TMAUtilities.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"
#include "tt/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/EquivalenceClasses.h"

namespace mlir::triton::nvidia_gpu {
#define GEN_PASS_DEF_TRITONNVIDIAGPUOPTIMIZEDESCRIPTORENCODINGPASS
#include "tt/Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::nvidia_gpu

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {

bool isDescriptor(Value v) { return isa<TensorDescType>(v.getType()); }

/// What the members of one group of descriptor values ask for.
struct GroupInfo {
  Attribute wanted;       // Layout asked for by the loads, if one.
  bool conflict = false;  // Loads ask for different layouts.
  bool pinned = false;    // Crosses a call or an unknown op: keep the default.
};

class OptimizeDescriptorEncoding
    : public ttng::impl::TritonNvidiaGPUOptimizeDescriptorEncodingPassBase<
          OptimizeDescriptorEncoding> {
public:
  void runOnOperation() override {
    ModuleOp module = getOperation();
    llvm::EquivalenceClasses<Value> groups;
    SmallVector<Value> values; // Every descriptor value, in IR order.
    auto add = [&](Value v) {
      if (isDescriptor(v)) {
        groups.insert(v);
        values.push_back(v);
      }
    };
    auto join = [&](Value a, Value b) {
      if (isDescriptor(a) && isDescriptor(b))
        groups.unionSets(a, b);
    };

    // 1. Descriptor values and the control flow that carries them.
    module.walk([&](Operation *op) {
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            add(arg);
      for (Value result : op->getResults())
        add(result);
    });
    module.walk([&](Operation *op) {
      if (auto forOp = dyn_cast<scf::ForOp>(op)) {
        for (auto [init, arg, result, yielded] :
             llvm::zip(forOp.getInitArgs(), forOp.getRegionIterArgs(),
                       forOp.getResults(),
                       forOp.getBody()->getTerminator()->getOperands())) {
          join(init, arg);
          join(arg, result);
          join(arg, yielded);
        }
      } else if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
        for (Region *region : {&ifOp.getThenRegion(), &ifOp.getElseRegion()})
          if (!region->empty())
            for (auto [result, yielded] :
                 llvm::zip(ifOp.getResults(),
                           region->front().getTerminator()->getOperands()))
              join(result, yielded);
      } else if (auto whileOp = dyn_cast<scf::WhileOp>(op)) {
        for (auto [init, arg] : llvm::zip(whileOp.getInits(),
                                          whileOp.getBeforeArguments()))
          join(init, arg);
        auto cond = whileOp.getConditionOp();
        for (auto [forwarded, arg, result] :
             llvm::zip(cond.getArgs(), whileOp.getAfterArguments(),
                       whileOp.getResults())) {
          join(forwarded, arg);
          join(forwarded, result);
        }
        for (auto [yielded, arg] :
             llvm::zip(whileOp.getYieldOp().getOperands(),
                       whileOp.getBeforeArguments()))
          join(yielded, arg);
      }
    });

    // 2. What each group's users ask for.
    llvm::DenseMap<Value, GroupInfo> info; // Keyed by group leader.
    auto infoOf = [&](Value v) -> GroupInfo & {
      return info[groups.getLeaderValue(v)];
    };
    llvm::DenseSet<StringRef> calledFunctions;
    module.walk([&](CallOpInterface call) {
      if (auto sym = dyn_cast_or_null<SymbolRefAttr>(call.getCallableForCallee()))
        calledFunctions.insert(sym.getLeafReference().getValue());
    });
    module.walk([&](Operation *op) {
      if (auto func = dyn_cast<FunctionOpInterface>(op)) {
        // Arguments of a called function must keep one type on both sides.
        if (calledFunctions.contains(func.getName()))
          for (Value arg : func.getArguments())
            if (isDescriptor(arg))
              infoOf(arg).pinned = true;
        return;
      }
      for (Value operand : op->getOperands()) {
        if (!isDescriptor(operand))
          continue;
        GroupInfo &g = infoOf(operand);
        if (auto load = dyn_cast<DescriptorLoadOp>(op)) {
          requestFromLoad(load, g);
          continue;
        }
        if (isa<DescriptorStoreOp, DescriptorReduceOp, DescriptorGatherOp,
                DescriptorScatterOp, scf::ForOp, scf::YieldOp, scf::IfOp,
                scf::WhileOp, scf::ConditionOp, ttng::AsyncTMACopyGlobalToLocalOp,
                ttng::AsyncTMACopyLocalToGlobalOp, ttng::AsyncTMAReduceOp,
                ttng::AsyncTMAGatherOp, ttng::AsyncTMAScatterOp>(op))
          continue;
        g.pinned = true; // Calls, returns, anything we do not know.
      }
    });

    // 3. Retype each group still without a layout.
    llvm::DenseMap<Value, Type> newType; // Keyed by group leader.
    for (Value v : values) {
      auto type = cast<TensorDescType>(v.getType());
      RankedTensorType block = type.getBlockType();
      if (block.getEncoding())
        continue; // Already laid out (TTGIR from upstream, or a rerun).
      Value leader = groups.getLeaderValue(v);
      auto [it, inserted] = newType.try_emplace(leader, Type());
      if (inserted) {
        GroupInfo &g = info[leader];
        Attribute enc = g.wanted;
        if (!enc || g.conflict || g.pinned)
          enc = ttng::getDefaultDescriptorEncoding(block);
        it->second = TensorDescType::get(
            &getContext(), RankedTensorType::get(block.getShape(),
                                                 block.getElementType(), enc));
      }
      auto target = cast<TensorDescType>(it->second);
      if (target.getBlockType().getShape() != block.getShape() ||
          target.getBlockType().getElementType() != block.getElementType()) {
        // Values of one group with different blocks: leave this one.
        continue;
      }
      v.setType(target);
    }

    // Function signatures follow their arguments and returned values (a
    // returned descriptor is pinned: its type is the default of its block,
    // as is the type of every call result that receives it).
    module.walk([&](FunctionOpInterface func) {
      if (func.isExternal() || !isa<FunctionType>(func.getFunctionType()))
        return;
      SmallVector<Type> inputs(func.getArgumentTypes());
      SmallVector<Type> results(func.getResultTypes());
      bool changed = false;
      for (auto [i, arg] : llvm::enumerate(func.getArguments()))
        if (inputs[i] != arg.getType()) {
          inputs[i] = arg.getType();
          changed = true;
        }
      for (Block &block : func.getFunctionBody()) {
        Operation *term = block.getTerminator();
        if (!term || !term->hasTrait<mlir::OpTrait::ReturnLike>() ||
            term->getNumOperands() != results.size())
          continue;
        for (auto [i, v] : llvm::enumerate(term->getOperands()))
          if (isDescriptor(v) && results[i] != v.getType()) {
            results[i] = v.getType();
            changed = true;
          }
      }
      if (changed)
        func.setType(FunctionType::get(&getContext(), inputs, results));
    });
  }

private:
  /// A load whose block is only stored to shared memory asks for the layout
  /// of that buffer, when TMA can write it.
  void requestFromLoad(DescriptorLoadOp load, GroupInfo &g) {
    RankedTensorType block = load.getDesc().getType().getBlockType();
    auto result = cast<RankedTensorType>(load.getType());
    if (result.getRank() != block.getRank() || load->use_empty())
      return;
    Attribute enc;
    for (Operation *user : load->getUsers()) {
      auto alloc = dyn_cast<ttg::LocalAllocOp>(user);
      if (!alloc)
        return;
      Attribute allocEnc = alloc.getType().getEncoding();
      if (enc && enc != allocEnc)
        return;
      enc = allocEnc;
    }
    if (!ttng::isTMACompatibleEncoding(enc, block))
      return;
    if (g.wanted && g.wanted != enc)
      g.conflict = true;
    g.wanted = enc;
  }
};

} // namespace
