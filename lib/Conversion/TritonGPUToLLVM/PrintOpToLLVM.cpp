//===- PrintOpToLLVM.cpp - tt.print and tt.assert ---------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tt.print becomes one call of the target's device printf per element a
// thread holds (TargetInfo::printf: CUDA's `vprintf(format, args)` on
// NVIDIA), the arguments promoted as C varargs are (floats as double,
// narrow integers as 32 bits). The message follows upstream Triton's:
//
//   pid (<x>, <y>, <z>) idx (<i0>, <i1>, ...)<prefix>[(operand <n>) ]<value>
//
// tt.assert branches to the target's assertion failure
// (TargetInfo::assertFail: `__assertfail(message, file, line, function, 1)`
// on NVIDIA) when any element of the condition a thread holds is false;
// file and line come from the op's location, and a barrier follows so no
// thread runs ahead of a failing one.
//
//===----------------------------------------------------------------------===//

#include "tt/Conversion/TritonGPUToLLVM/Patterns.h"

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Dialect/TritonGPU/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::lowering;

namespace {

/// `text` with every '%' doubled, for use inside a printf format.
std::string escapePercent(StringRef text) {
  std::string out;
  for (char c : text) {
    out.push_back(c);
    if (c == '%')
      out.push_back('%');
  }
  return out;
}

/// Decimal digits of the largest index along a dimension of `size`.
unsigned indexWidth(int64_t size) {
  unsigned w = 1;
  for (int64_t v = std::max<int64_t>(size - 1, 0); v >= 10; v /= 10)
    ++w;
  return w;
}

struct PrintOpConversion : public LoweringPattern<PrintOp> {
  using LoweringPattern::LoweringPattern;

  LogicalResult
  matchAndRewrite(PrintOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto module = op->getParentOfType<ModuleOp>();
    Type i32 = rewriter.getI32Type();
    const TargetInfo &target = *lc.target;
    SmallVector<Value> pid{target.programId(rewriter, loc, 0),
                           target.programId(rewriter, loc, 1),
                           target.programId(rewriter, loc, 2)};
    std::string prefix = escapePercent(op.getPrefix());
    llvm::DenseMap<Type, Value> buffers;
    std::string pidFormat = "pid (%u, %u, %u) ";

    if (op.getArgs().empty()) {
      Value format = globalString(rewriter, loc, module, "printfFormat",
                                  "pid (%u, %u, %u)" + prefix + "\n");
      if (failed(target.devicePrintf(rewriter, loc, module, format, pid,
                                     buffers)))
        return failure();
      rewriter.eraseOp(op);
      return success();
    }

    ArrayRef<int32_t> isSigned = op.getIsSigned();
    unsigned numOperands = op.getArgs().size();
    for (auto [i, orig, conv] :
         llvm::enumerate(op.getArgs(), adaptor.getArgs())) {
      auto tensor = dyn_cast<RankedTensorType>(orig.getType());
      SmallVector<Value> elems = unpackLLElements(loc, conv, rewriter);
      SmallVector<SmallVector<Value>> indices;
      std::string format = pidFormat + "idx (";
      if (tensor) {
        indices = emitIndices(rewriter, loc, getLayout(tensor), lc);
        for (auto [d, size] : llvm::enumerate(tensor.getShape()))
          format += (d ? ", %" : "%") + std::to_string(indexWidth(size)) + "u";
      } else {
        indices.assign(1, {});
      }
      format += ")" + prefix;
      if (numOperands > 1)
        format += "(operand " + std::to_string(i) + ") ";
      bool sign = i < isSigned.size() && isSigned[i] != 0;
      Type elemType = elems[0].getType();
      format += valueFormat(elemType, op.getHex(), sign) + "\n";
      Value formatString =
          globalString(rewriter, loc, module, "printfFormat", format);
      for (auto [e, idx] : llvm::zip(elems, indices)) {
        SmallVector<Value> args(pid);
        args.append(idx.begin(), idx.end());
        args.push_back(promote(rewriter, loc, e, op.getHex(), sign));
        if (failed(target.devicePrintf(rewriter, loc, module, formatString,
                                       args, buffers)))
          return failure();
      }
    }
    rewriter.eraseOp(op);
    return success();
  }

  static std::string valueFormat(Type type, bool hex, bool sign) {
    if (isa<LLVM::LLVMPointerType>(type))
      return "%p";
    unsigned bits = type.getIntOrFloatBitWidth();
    if (hex) {
      unsigned digits = std::max(1u, bits / 4);
      return "0x%0" + std::to_string(digits) + (bits > 32 ? "llx" : "x");
    }
    if (isa<FloatType>(type))
      return "%f";
    return std::string(bits > 32 ? "%ll" : "%") + (sign ? "i" : "u");
  }

  /// C varargs promotion: floats to double, narrow integers to 32 bits
  /// (with hex, floats print their bits).
  static Value promote(OpBuilder &b, Location loc, Value v, bool hex,
                       bool sign) {
    Type type = v.getType();
    if (isa<LLVM::LLVMPointerType>(type))
      return v;
    unsigned bits = type.getIntOrFloatBitWidth();
    if (isa<FloatType>(type)) {
      if (!hex)
        return bits == 64 ? v : (Value)LLVM::FPExtOp::create(b, loc, b.getF64Type(), v);
      v = bitcastToInt(b, loc, v);
      sign = false;
    }
    if (bits < 32)
      return sign && !hex && bits > 1
                 ? (Value)LLVM::SExtOp::create(b, loc, b.getI32Type(), v)
                          : (Value)LLVM::ZExtOp::create(b, loc, b.getI32Type(), v);
    return v;
  }
};

/// File, line and enclosing function name from a location.
void describeLocation(Location loc, std::string &file, unsigned &line) {
  if (auto flc = dyn_cast<FileLineColLoc>(loc)) {
    file = flc.getFilename().str();
    line = flc.getLine();
  } else if (auto name = dyn_cast<NameLoc>(loc)) {
    describeLocation(name.getChildLoc(), file, line);
  } else if (auto call = dyn_cast<CallSiteLoc>(loc)) {
    describeLocation(call.getCallee(), file, line);
  } else if (auto fused = dyn_cast<FusedLoc>(loc)) {
    for (Location l : fused.getLocations()) {
      describeLocation(l, file, line);
      if (!file.empty())
        return;
    }
  }
}

struct AssertOpConversion : public LoweringPattern<AssertOp> {
  using LoweringPattern::LoweringPattern;

  LogicalResult
  matchAndRewrite(AssertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto module = op->getParentOfType<ModuleOp>();
    // Any element false?
    Value failed;
    for (Value e : unpackLLElements(loc, adaptor.getCondition(), rewriter)) {
      Value zero = LLVM::ConstantOp::create(rewriter, loc, e.getType(),
                                            rewriter.getIntegerAttr(e.getType(), 0));
      Value isFalse =
          LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq, e, zero);
      failed = failed ? (Value)LLVM::OrOp::create(rewriter, loc, failed, isFalse)
                      : isFalse;
    }
    std::string file, function = "unknown";
    unsigned line = 0;
    describeLocation(loc, file, line);
    if (file.empty())
      file = "unknown";
    if (auto func = op->getParentOfType<LLVM::LLVMFuncOp>())
      function = func.getName().str();
    else if (auto func = op->getParentOfType<FuncOp>())
      function = func.getName().str();

    Block *before = op->getBlock();
    Block *after = rewriter.splitBlock(before, op->getIterator());
    Block *fail = rewriter.createBlock(after);
    rewriter.setInsertionPointToStart(fail);
    if (lc.target
            ->assertFail(rewriter, loc, module, op.getMessage(), file, line,
                         function)
            .failed())
      return failure();
    LLVM::BrOp::create(rewriter, loc, after);
    rewriter.setInsertionPointToEnd(before);
    LLVM::CondBrOp::create(rewriter, loc, failed, fail, after);
    rewriter.setInsertionPointToStart(after);
    barrier(rewriter, loc, lc);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::triton::lowering::populatePrintOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &tc, RewritePatternSet &patterns,
    LoweringContext &lc) {
  patterns.add<PrintOpConversion>(tc, lc);
  patterns.add<AssertOpConversion>(tc, lc);
}
