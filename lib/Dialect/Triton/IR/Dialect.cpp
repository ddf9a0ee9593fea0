//===- Dialect.cpp - the tt dialect and its types ---------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton;

#include "tt/Dialect/Triton/IR/TritonDialect.cpp.inc"
#include "tt/Dialect/Triton/IR/TritonEnums.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "tt/Dialect/Triton/IR/TritonTypes.cpp.inc"

//===----------------------------------------------------------------------===//
// PointerType
//===----------------------------------------------------------------------===//

Type PointerType::parse(AsmParser &parser) {
  Type pointee;
  int addressSpace = 1;
  if (parser.parseLess() || parser.parseType(pointee))
    return Type();
  if (succeeded(parser.parseOptionalComma()) &&
      parser.parseInteger(addressSpace))
    return Type();
  if (parser.parseGreater())
    return Type();
  return PointerType::get(pointee, addressSpace);
}

void PointerType::print(AsmPrinter &printer) const {
  printer << "<" << getPointeeType();
  if (getAddressSpace() != 1)
    printer << ", " << getAddressSpace();
  printer << ">";
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

Type mlir::triton::getElementTypeOrSelf(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.getElementType();
  return type;
}

Type mlir::triton::getPointeeType(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type)) {
    auto ptr = dyn_cast<PointerType>(tensor.getElementType());
    if (!ptr)
      return Type();
    return RankedTensorType::get(tensor.getShape(), ptr.getPointeeType(),
                                 tensor.getEncoding());
  }
  if (auto ptr = dyn_cast<PointerType>(type))
    return ptr.getPointeeType();
  return Type();
}

Type mlir::triton::getI1SameShape(Type type) {
  if (!type)
    return Type();
  auto i1 = IntegerType::get(type.getContext(), 1);
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return RankedTensorType::get(tensor.getShape(), i1, tensor.getEncoding());
  return i1;
}

bool mlir::triton::isTensorPointerType(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && isa<PointerType>(tensor.getElementType());
}

Type mlir::triton::getPointerTypeSameShape(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return RankedTensorType::get(tensor.getShape(),
                                 PointerType::get(tensor.getElementType()),
                                 tensor.getEncoding());
  return PointerType::get(type);
}

Type mlir::triton::getBlockPointerBaseType(Type type) {
  auto ptr = dyn_cast<PointerType>(type);
  if (!ptr)
    return type;
  auto block = dyn_cast<RankedTensorType>(ptr.getPointeeType());
  if (!block)
    return ptr;
  return PointerType::get(block.getElementType(), ptr.getAddressSpace());
}

const DialectInferLayoutInterface *
mlir::triton::getLayoutInterface(Attribute encoding) {
  if (!encoding)
    return nullptr;
  return dyn_cast<DialectInferLayoutInterface>(&encoding.getDialect());
}

bool mlir::triton::areLayoutsEquivalent(ArrayRef<int64_t> shape, Attribute lhs,
                                        Attribute rhs) {
  if (lhs == rhs)
    return true;
  if (!lhs || !rhs)
    return false;
  const auto *iface = getLayoutInterface(lhs);
  return iface &&
         succeeded(iface->verifyLayoutsAreEqual(shape, lhs, rhs, std::nullopt));
}

bool mlir::triton::areTypesEquivalent(Type lhs, Type rhs) {
  if (lhs == rhs)
    return true;
  auto lt = dyn_cast<RankedTensorType>(lhs);
  auto rt = dyn_cast<RankedTensorType>(rhs);
  if (!lt || !rt || lt.getShape() != rt.getShape() ||
      lt.getElementType() != rt.getElementType())
    return false;
  return areLayoutsEquivalent(lt.getShape(), lt.getEncoding(),
                              rt.getEncoding());
}

bool mlir::triton::areTypesEquivalent(TypeRange lhs, TypeRange rhs) {
  if (lhs.size() != rhs.size())
    return false;
  for (auto [l, r] : llvm::zip(lhs, rhs))
    if (!areTypesEquivalent(l, r))
      return false;
  return true;
}

LogicalResult mlir::triton::inferResultEncoding(
    Attribute operandEncoding, std::optional<Location> loc,
    function_ref<LogicalResult(const DialectInferLayoutInterface &,
                               Attribute &)>
        infer,
    Attribute &resultEncoding) {
  resultEncoding = Attribute();
  if (!operandEncoding)
    return success();
  const auto *iface = getLayoutInterface(operandEncoding);
  if (!iface)
    return emitOptionalError(
        loc, "cannot infer the result layout: the dialect of encoding ",
        operandEncoding, " does not implement DialectInferLayoutInterface");
  return infer(*iface, resultEncoding);
}

//===----------------------------------------------------------------------===//
// Inlining
//===----------------------------------------------------------------------===//

namespace {
/// Lets the MLIR inliner inline tt.call into its caller: every tt op may be
/// inlined, and a tt.return becomes a branch or a value replacement.
struct TritonInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;

  bool isLegalToInline(Operation *call, Operation *callable,
                       bool wouldBeCloned) const final {
    auto func = dyn_cast<FuncOp>(callable);
    if (!func)
      return true;
    if (auto noinline = func->getAttrOfType<BoolAttr>("noinline"))
      return !noinline.getValue();
    return true;
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }

  void handleTerminator(Operation *op, Block *newDest) const final {
    auto ret = dyn_cast<ReturnOp>(op);
    if (!ret)
      return;
    OpBuilder builder(op);
    cf::BranchOp::create(builder, op->getLoc(), newDest, ret.getOperands());
    op->erase();
  }

  void handleTerminator(Operation *op, ValueRange valuesToRepl) const final {
    auto ret = cast<ReturnOp>(op);
    for (auto [from, to] : llvm::zip(valuesToRepl, ret.getOperands()))
      from.replaceAllUsesWith(to);
  }
};
} // namespace

void TritonDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "tt/Dialect/Triton/IR/TritonTypes.cpp.inc"
      >();
}

void TritonDialect::initialize() {
  registerTypes();
  addOperations<
#define GET_OP_LIST
#include "tt/Dialect/Triton/IR/TritonOps.cpp.inc"
      >();
  addInterfaces<TritonInlinerInterface>();
}

Operation *TritonDialect::materializeConstant(OpBuilder &builder,
                                              Attribute value, Type type,
                                              Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}

//===----------------------------------------------------------------------===//
// Value hints: tt.divisibility, tt.contiguity, tt.constancy
//===----------------------------------------------------------------------===//

namespace {
bool isValueHint(StringRef name) {
  return name == "tt.divisibility" || name == "tt.contiguity" ||
         name == "tt.constancy";
}
} // namespace

/// On a kernel argument a hint is one integer: a divisibility is a power of
/// two (what AxisInfo and the specializations assume: 1 or 16 in practice),
/// a contiguity or constancy at least 1.
LogicalResult TritonDialect::verifyRegionArgAttribute(Operation *op,
                                                      unsigned regionIndex,
                                                      unsigned argIndex,
                                                      NamedAttribute attr) {
  StringRef name = attr.getName().strref();
  if (!isValueHint(name))
    return success();
  auto value = dyn_cast<IntegerAttr>(attr.getValue());
  if (!value || !value.getType().isSignlessInteger())
    return op->emitOpError()
           << "argument " << argIndex << ": \"" << name
           << "\" must be an integer, got " << attr.getValue();
  int64_t v = value.getValue().getSExtValue();
  if (name == "tt.divisibility" ? v < 1 || !llvm::isPowerOf2_64(uint64_t(v))
                                : v < 1)
    return op->emitOpError()
           << "argument " << argIndex << ": \"" << name << "\" must be "
           << (name == "tt.divisibility" ? "a positive power of two"
                                         : "at least 1")
           << ", got " << v;
  return success();
}

/// On an op (tl.multiple_of, tl.max_contiguous, tl.max_constancy) a hint is
/// an integer or one integer per dimension, each at least 1. Other `tt.`
/// attributes are not the dialect's to check here.
LogicalResult TritonDialect::verifyOperationAttribute(Operation *op,
                                                      NamedAttribute attr) {
  StringRef name = attr.getName().strref();
  if (!isValueHint(name))
    return success();
  auto bad = [&](const Twine &why) {
    return op->emitOpError() << "\"" << name << "\" " << why;
  };
  SmallVector<int64_t> values;
  if (auto i = dyn_cast<IntegerAttr>(attr.getValue());
      i && i.getType().isSignlessInteger()) {
    values.push_back(i.getValue().getSExtValue());
  } else if (auto dense = dyn_cast<DenseIntElementsAttr>(attr.getValue())) {
    for (const APInt &v : dense.getValues<APInt>())
      values.push_back(v.getSExtValue());
  } else {
    return op->emitOpError() << "\"" << name
                             << "\" must be an integer or a dense integer "
                                "array, got "
                             << attr.getValue();
  }
  for (int64_t v : values)
    if (v < 1)
      return bad("values must be at least 1, got " + Twine(v));
  return success();
}
