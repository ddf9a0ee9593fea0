//===- PrintToLinalg.cpp - tt.print and tt.assert ---------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// tt.print and tt.assert call the C library (printf, fflush, abort) with
// the program id, the element indices and the values, one line per
// element; format strings are internal LLVM globals.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "tt/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
namespace tt = mlir::triton;
using namespace mlir::triton::tolinalg;

namespace {

/// Declares (once) a C library function in the LLVM dialect.
LLVM::LLVMFuncOp getOrDeclareLibcFunction(OpBuilder &b, ModuleOp module,
                                          StringRef name,
                                          LLVM::LLVMFunctionType type) {
  if (auto f = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return f;
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPointToStart(module.getBody());
  return LLVM::LLVMFuncOp::create(b, module.getLoc(), name, type);
}

/// The address of a NUL-terminated constant string (one global per string).
Value getStringConstant(OpBuilder &b, Location loc, ModuleOp module,
                        StringRef text) {
  std::string data = text.str();
  data.push_back('\0');
  std::string base = "__tt_cpu_str." + llvm::utohexstr(llvm::hash_value(text));
  std::string name = base;
  for (unsigned n = 1;; ++n) {
    auto global = module.lookupSymbol<LLVM::GlobalOp>(name);
    if (!global)
      break;
    auto value = dyn_cast_or_null<StringAttr>(global.getValueOrNull());
    if (value && value.getValue() == data)
      return LLVM::AddressOfOp::create(b, loc, global);
    name = base + "." + std::to_string(n);
  }
  LLVM::GlobalOp global;
  {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(module.getBody());
    auto type = LLVM::LLVMArrayType::get(b.getI8Type(), data.size());
    global = LLVM::GlobalOp::create(b, loc, type, /*isConstant=*/true,
                                    LLVM::Linkage::Internal, name,
                                    b.getStringAttr(data));
  }
  return LLVM::AddressOfOp::create(b, loc, global);
}

/// Calls printf(format, args...).
void callPrintf(OpBuilder &b, Location loc, ModuleOp module, StringRef format,
                ValueRange args) {
  MLIRContext *ctx = b.getContext();
  auto ptrTy = LLVM::LLVMPointerType::get(ctx);
  auto printf = getOrDeclareLibcFunction(
      b, module, "printf",
      LLVM::LLVMFunctionType::get(b.getI32Type(), {ptrTy}, /*isVarArg=*/true));
  SmallVector<Value> operands{getStringConstant(b, loc, module, format)};
  operands.append(args.begin(), args.end());
  LLVM::CallOp::create(b, loc, printf, operands);
}

/// The printf conversion and the promoted argument for a scalar.
std::pair<std::string, Value> formatScalar(OpBuilder &b, Location loc, Value v,
                                           bool hex, bool isSigned) {
  Type t = v.getType();
  if (isa<LLVM::LLVMPointerType>(t))
    return {"%p", v};
  if (auto f = dyn_cast<FloatType>(t)) {
    if (f.getWidth() < 64)
      v = arith::ExtFOp::create(b, loc, b.getF64Type(), v);
    return {hex ? "%a" : "%f", v};
  }
  auto it = cast<IntegerType>(t);
  if (it.getWidth() > 32)
    return {hex ? "0x%llx" : (isSigned ? "%lld" : "%llu"), v};
  if (it.getWidth() < 32)
    v = isSigned && it.getWidth() > 1
            ? arith::ExtSIOp::create(b, loc, b.getI32Type(), v).getResult()
            : arith::ExtUIOp::create(b, loc, b.getI32Type(), v).getResult();
  return {hex ? "0x%x" : (isSigned ? "%d" : "%u"), v};
}

/// `text` as a printf format that prints it: `%` doubled.
std::string escapePercent(StringRef text) {
  std::string escaped;
  for (char c : text) {
    escaped.push_back(c);
    if (c == '%')
      escaped.push_back('%');
  }
  return escaped;
}

/// Runs `body` with the indices of every element of a tensor of `shape`,
/// in row-major order.
void forEachElement(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                    function_ref<void(OpBuilder &, Location, ValueRange)> body,
                    SmallVector<Value> indices = {}) {
  if (indices.size() == shape.size()) {
    body(b, loc, indices);
    return;
  }
  int64_t extent = shape[indices.size()];
  scf::ForOp::create(
      b, loc, makeIndexConst(b, loc, 0), makeIndexConst(b, loc, extent),
      makeIndexConst(b, loc, 1), ValueRange{},
      [&](OpBuilder &nb, Location nl, Value iv, ValueRange) {
        SmallVector<Value> next = indices;
        next.push_back(iv);
        forEachElement(nb, nl, shape, body, next);
        scf::YieldOp::create(nb, nl);
      });
}

/// print and assert: what they print starts with the program id; the C
/// functions they call are declared in the module. `Derived::lower(op,
/// adaptor, rewriter, module, pids)` builds the calls; the op goes away.
template <typename OpT, typename Derived>
struct DebugOpConversion : OpConversionPattern<OpT> {
  using OpConversionPattern<OpT>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<SmallVector<Value>> pids = getGridArgs(op, 3);
    if (failed(pids))
      return failure();
    static_cast<const Derived *>(this)->lower(
        op, adaptor, rewriter, op->template getParentOfType<ModuleOp>(), *pids);
    rewriter.eraseOp(op);
    return success();
  }
};

/// One line per scalar, or per tensor element:
/// `pid (x, y, z) idx (i, j) <prefix><value>`; with several operands the
/// prefix is followed by `(operand N) `.
struct PrintConversion : DebugOpConversion<tt::PrintOp, PrintConversion> {
  using DebugOpConversion::DebugOpConversion;
  void lower(tt::PrintOp op, OpAdaptor adaptor,
             ConversionPatternRewriter &rewriter, ModuleOp module,
             ArrayRef<Value> pids) const {
    Location loc = op.getLoc();
    std::string prefix = escapePercent(op.getPrefix());
    ArrayRef<int32_t> isSigned = op.getIsSigned();
    bool hex = op.getHex();
    unsigned numArgs = adaptor.getArgs().size();
    if (numArgs == 0) {
      callPrintf(rewriter, loc, module, "pid (%d, %d, %d) " + prefix + "\n",
                 pids);
      return;
    }
    for (auto [index, value] : llvm::enumerate(adaptor.getArgs())) {
      unsigned n = index;
      Value arg = value;
      bool sign = n < isSigned.size() ? isSigned[n] != 0 : true;
      std::string head = "pid (%d, %d, %d) ";
      std::string tail = prefix;
      if (numArgs > 1)
        tail += " (operand " + std::to_string(n) + ") ";
      auto tensorTy = dyn_cast<RankedTensorType>(arg.getType());
      if (!tensorTy) {
        auto [conv, promoted] = formatScalar(rewriter, loc, arg, hex, sign);
        SmallVector<Value> args(pids);
        args.push_back(promoted);
        callPrintf(rewriter, loc, module, head + tail + conv + "\n", args);
        continue;
      }
      std::string idx = "idx (";
      for (unsigned d = 0; d < tensorTy.getRank(); ++d)
        idx += d ? ", %3lld" : "%3lld";
      idx += ") ";
      forEachElement(
          rewriter, loc, tensorTy.getShape(),
          [&](OpBuilder &b, Location l, ValueRange indices) {
            Value v = tensor::ExtractOp::create(b, l, arg, indices);
            auto [conv, promoted] = formatScalar(b, l, v, hex, sign);
            SmallVector<Value> args(pids);
            for (Value i : indices)
              args.push_back(
                  arith::IndexCastOp::create(b, l, b.getI64Type(), i));
            args.push_back(promoted);
            callPrintf(b, l, module, head + idx + tail + conv + "\n", args);
          });
    }
  }
};

/// When a condition bit is false: print the message with the program id
/// and the source location, flush, and abort().
struct AssertConversion : DebugOpConversion<tt::AssertOp, AssertConversion> {
  using DebugOpConversion::DebugOpConversion;
  void lower(tt::AssertOp op, OpAdaptor adaptor,
             ConversionPatternRewriter &rewriter, ModuleOp module,
             ArrayRef<Value> pids) const {
    Location loc = op.getLoc();
    std::string where;
    if (auto fl = dyn_cast<FileLineColLoc>(loc))
      where = (fl.getFilename().getValue() + ":" + Twine(fl.getLine()) + ": ")
                  .str();
    std::string message = escapePercent(where + op.getMessage().str());
    MLIRContext *ctx = getContext();
    auto ptrTy = LLVM::LLVMPointerType::get(ctx);
    auto voidTy = LLVM::LLVMVoidType::get(ctx);
    auto fail = [&](OpBuilder &b, Location l) {
      callPrintf(b, l, module,
                 "pid (%d, %d, %d) Assertion failed: " + message + "\n", pids);
      auto fflush = getOrDeclareLibcFunction(
          b, module, "fflush",
          LLVM::LLVMFunctionType::get(b.getI32Type(), {ptrTy}));
      Value null = LLVM::ZeroOp::create(b, l, ptrTy);
      LLVM::CallOp::create(b, l, fflush, ValueRange{null});
      auto abort = getOrDeclareLibcFunction(
          b, module, "abort", LLVM::LLVMFunctionType::get(voidTy, {}));
      LLVM::CallOp::create(b, l, abort, ValueRange{});
    };
    auto check = [&](OpBuilder &b, Location l, Value bit) {
      Value one = arith::ConstantIntOp::create(b, l, b.getI1Type(), 1);
      Value failed = arith::XOrIOp::create(b, l, bit, one);
      scf::IfOp::create(b, l, failed, [&](OpBuilder &nb, Location nl) {
        fail(nb, nl);
        scf::YieldOp::create(nb, nl);
      });
    };
    Value cond = adaptor.getCondition();
    if (auto tensorTy = dyn_cast<RankedTensorType>(cond.getType()))
      forEachElement(rewriter, loc, tensorTy.getShape(),
                     [&](OpBuilder &b, Location l, ValueRange indices) {
                       check(b, l,
                             tensor::ExtractOp::create(b, l, cond, indices));
                     });
    else
      check(rewriter, loc, cond);
  }
};

} // namespace

void tt::tolinalg::populatePrintToLinalgPatterns(const TypeConverter &converter,
                                                 RewritePatternSet &patterns) {
  patterns.add<PrintConversion, AssertConversion>(converter,
                                                  patterns.getContext());
}
