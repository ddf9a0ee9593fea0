//===- UserElementwiseOpToLLVM.cpp - inline asm and map_elementwise ------===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//
//
// The elementwise ops whose per-element code the user wrote:
// `tt.elementwise_inline_asm` (one inline-assembly statement per group of
// `packed_element` elements of every operand) and `tt.map_elementwise` (its
// scalar region once per group of `pack` elements). Each thread applies the
// code to the elements it holds; operands and results share one layout.
//
//===----------------------------------------------------------------------===//

#include "tt/Conversion/TritonGPUToLLVM/Patterns.h"
#include "tt/Conversion/TritonGPUToLLVM/Utility.h"

#include "tt/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;

namespace {

/// The per-thread elements of every operand (a scalar operand stands for
/// each element), and how many elements each thread holds.
struct ElementGroups {
  SmallVector<SmallVector<Value>> operands; // [operand][element]
  unsigned numElements = 1;
};

ElementGroups unpackOperands(Operation *op, ValueRange converted,
                             ConversionPatternRewriter &rewriter) {
  ElementGroups g;
  for (Type t : op->getResultTypes())
    if (auto tensor = dyn_cast<RankedTensorType>(t))
      g.numElements = getNumRegisters(tensor);
  for (auto [orig, value] : llvm::zip(op->getOperands(), converted)) {
    if (isa<RankedTensorType>(orig.getType()))
      g.operands.push_back(unpackLLElements(op->getLoc(), value, rewriter));
    else
      g.operands.push_back(SmallVector<Value>(g.numElements, value));
  }
  return g;
}

/// Refuses a `pack` (`attr`) that does not divide the elements a thread
/// holds.
LogicalResult checkPack(Operation *op, StringRef attr, unsigned pack,
                        unsigned numElements) {
  if (pack != 0 && numElements % pack == 0)
    return success();
  return op->emitError() << "cannot lower " << op->getName() << " with "
                         << attr << " = " << pack << ": each thread holds "
                         << numElements << " elements, not a multiple of it";
}

/// Replaces `op` by its results given element by element.
void replaceWithElements(Operation *op, ArrayRef<SmallVector<Value>> results,
                         const TypeConverter *tc,
                         ConversionPatternRewriter &rewriter) {
  SmallVector<Value> replacements;
  for (auto [type, elems] : llvm::zip(op->getResultTypes(), results)) {
    if (isa<RankedTensorType>(type))
      replacements.push_back(
          packLLElements(op->getLoc(), tc, elems, rewriter, type));
    else
      replacements.push_back(elems.front());
  }
  rewriter.replaceOp(op, replacements);
}

/// How `pack` elements of one operand or result travel through inline asm:
/// in 32-bit registers, as many per register as fit (four bytes, two
/// halves, one float; wider elements one each), so `numRegs` registers of
/// type `regType` (a vector when a register holds several).
struct AsmRegisters {
  unsigned perReg, numRegs;
  Type regType;
};

AsmRegisters asmRegisters(Type elem, unsigned pack) {
  unsigned bits = elem.isIntOrFloat() ? elem.getIntOrFloatBitWidth() : 64;
  unsigned perReg = std::min(pack, std::max(1u, 32 / std::max(1u, bits)));
  Type regType =
      perReg == 1 ? elem : VectorType::get({int64_t(perReg)}, elem);
  return {perReg, pack / perReg, regType};
}

struct InlineAsmOpConversion
    : public ConvertOpToLLVMPattern<ElementwiseInlineAsmOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ElementwiseInlineAsmOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned pack = op.getPackedElement();
    ElementGroups g = unpackOperands(op, adaptor.getOperands(), rewriter);
    if (failed(checkPack(op, "packed_element", pack, g.numElements)))
      return failure();
    // The asm's results: every result's registers, result after result.
    SmallVector<AsmRegisters> resultRegs;
    SmallVector<Type> asmTypes;
    for (Type t : op->getResultTypes()) {
      Type elem = getTypeConverter()->convertType(mlir::getElementTypeOrSelf(t));
      resultRegs.push_back(asmRegisters(elem, pack));
      asmTypes.append(resultRegs.back().numRegs, resultRegs.back().regType);
    }
    // Registers the constraints must name: LLVM stops with a crash on a
    // mismatch, so it is refused here.
    unsigned numArgs = 0;
    for (Value v : op->getOperands())
      numArgs += asmRegisters(getTypeConverter()->convertType(
                                  mlir::getElementTypeOrSelf(v.getType())),
                              pack)
                     .numRegs;
    unsigned outputs = 0, inputs = 0;
    for (StringRef c : llvm::split(op.getConstraints(), ','))
      if (c.trim().starts_with("="))
        ++outputs;
      else if (!c.trim().starts_with("~") && !c.trim().empty())
        ++inputs;
    if (outputs != asmTypes.size() || inputs != numArgs)
      return op.emitError()
             << "the constraints \"" << op.getConstraints() << "\" name "
             << outputs << " outputs and " << inputs
             << " inputs, but packed_element = " << pack << " makes "
             << asmTypes.size() << " output and " << numArgs
             << " input registers (32-bit registers hold 4 bytes, 2 halves, "
                "1 word)";
    Type resultType =
        asmTypes.empty()   ? LLVM::LLVMVoidType::get(getContext())
        : asmTypes.size() == 1
            ? asmTypes.front()
            : LLVM::LLVMStructType::getLiteral(getContext(), asmTypes);

    SmallVector<SmallVector<Value>> results(resultRegs.size());
    for (unsigned base = 0; base < g.numElements; base += pack) {
      SmallVector<Value> args;
      for (ArrayRef<Value> elems : g.operands) {
        AsmRegisters regs = asmRegisters(elems[base].getType(), pack);
        for (unsigned r = 0; r < regs.numRegs; ++r) {
          ArrayRef<Value> part = elems.slice(base + r * regs.perReg, regs.perReg);
          if (regs.perReg == 1) {
            args.push_back(part.front());
            continue;
          }
          Value vec = LLVM::UndefOp::create(rewriter, loc, regs.regType);
          for (auto [i, e] : llvm::enumerate(part))
            vec = LLVM::InsertElementOp::create(rewriter, loc, vec, e,
                                                i32Const(rewriter, loc, i));
          args.push_back(vec);
        }
      }
      auto asmOp = LLVM::InlineAsmOp::create(
          rewriter, loc, resultType, args, op.getAsmString(),
          op.getConstraints(), /*has_side_effects=*/!op.getPure(),
          /*is_align_stack=*/false, LLVM::TailCallKind::None,
          LLVM::AsmDialectAttr::get(getContext(), LLVM::AsmDialect::AD_ATT),
          /*operand_attrs=*/ArrayAttr());
      unsigned field = 0;
      for (auto [r, regs] : llvm::enumerate(resultRegs))
        for (unsigned k = 0; k < regs.numRegs; ++k, ++field) {
          Value v = asmTypes.size() == 1
                        ? asmOp.getResult(0)
                        : (Value)LLVM::ExtractValueOp::create(
                              rewriter, loc, asmOp.getResult(0), field);
          for (unsigned i = 0; i < regs.perReg; ++i)
            results[r].push_back(
                regs.perReg == 1
                    ? v
                    : (Value)LLVM::ExtractElementOp::create(
                          rewriter, loc, v, i32Const(rewriter, loc, i)));
        }
    }
    replaceWithElements(op, results, getTypeConverter(), rewriter);
    return success();
  }
};

struct MapElementwiseOpConversion
    : public ConvertOpToLLVMPattern<MapElementwiseOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(MapElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    unsigned pack = op.getPack();
    ElementGroups g = unpackOperands(op, adaptor.getOperands(), rewriter);
    if (failed(checkPack(op, "pack", pack, g.numElements)))
      return failure();
    Region &body = op.getScalarOp();
    for (Block &block : body)
      for (Type t : block.getArgumentTypes())
        if (!t.isIntOrIndexOrFloat())
          return op.emitError()
                 << "cannot lower tt.map_elementwise whose region takes "
                 << t << ": only integer and float scalars are supported";
    unsigned numResults = op->getNumResults();
    SmallVector<SmallVector<Value>> results(numResults);
    for (unsigned base = 0; base < g.numElements; base += pack) {
      // The region's arguments: `pack` elements of the first operand, then
      // of the second, ...; its results likewise, result by result.
      SmallVector<Value> args;
      for (ArrayRef<Value> elems : g.operands)
        for (unsigned i = 0; i < pack; ++i)
          args.push_back(elems[base + i]);
      SmallVector<Value> yielded =
          body.hasOneBlock() ? inlineBlock(rewriter, body.front(), args)
                             : inlineRegion(op, args, rewriter);
      for (unsigned r = 0; r < numResults; ++r)
        for (unsigned i = 0; i < pack; ++i)
          results[r].push_back(yielded[r * pack + i]);
    }
    replaceWithElements(op, results, getTypeConverter(), rewriter);
    return success();
  }

private:
  /// A region with control flow: its blocks copied between the two halves
  /// of the current block, the returns branching to the second half.
  static SmallVector<Value> inlineRegion(MapElementwiseOp op, ValueRange args,
                                         ConversionPatternRewriter &rewriter) {
    Location loc = op.getLoc();
    Block *before = rewriter.getInsertionBlock();
    Block *after = rewriter.splitBlock(before, rewriter.getInsertionPoint());
    rewriter.cloneRegionBefore(op.getScalarOp(), after);
    Block *entry = before->getNextNode();
    auto copied = llvm::make_range(entry->getIterator(), after->getIterator());
    Operation *someReturn = nullptr;
    for (Block &b : copied)
      if (isa<MapElementwiseReturnOp>(b.getTerminator()))
        someReturn = b.getTerminator();
    SmallVector<Value> out;
    for (Value v : someReturn->getOperands())
      out.push_back(after->addArgument(v.getType(), loc));
    for (Block &b : copied)
      if (auto ret = dyn_cast<MapElementwiseReturnOp>(b.getTerminator())) {
        rewriter.setInsertionPoint(ret);
        cf::BranchOp::create(rewriter, ret.getLoc(), after, ret.getOperands());
        rewriter.eraseOp(ret);
      }
    rewriter.setInsertionPointToEnd(before);
    cf::BranchOp::create(rewriter, loc, entry, args);
    rewriter.setInsertionPointToStart(after);
    return out;
  }
};

/// `tt.unsplat`: the one element of a one-element tensor, which every
/// thread holds.
struct UnsplatOpConversion : public ConvertOpToLLVMPattern<UnsplatOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(UnsplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(
        op, unpackLLElements(op.getLoc(), adaptor.getSrc(), rewriter).front());
    return success();
  }
};

} // namespace

void mlir::triton::lowering::populateUserElementwiseOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &tc, RewritePatternSet &patterns) {
  patterns.add<InlineAsmOpConversion, MapElementwiseOpConversion,
               UnsplatOpConversion>(tc);
}
