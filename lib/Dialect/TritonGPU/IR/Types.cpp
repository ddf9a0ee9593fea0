//===- Types.cpp - types of the ttg dialect ---------------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton::gpu;

#define GET_TYPEDEF_CLASSES
#include "tt/Dialect/TritonGPU/IR/TritonGPUTypes.cpp.inc"

//===----------------------------------------------------------------------===//
// MemDescType
//===----------------------------------------------------------------------===//

// !ttg.memdesc<SHAPExELT, ENCODING, MEMSPACE[, mutable][, ALLOCSHAPE]>
Type MemDescType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape, allocShape;
  Type elementType;
  Attribute encoding, memorySpace;
  bool mutableMemory = false;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false) ||
      parser.parseType(elementType) || parser.parseComma() ||
      parser.parseAttribute(encoding) || parser.parseComma() ||
      parser.parseAttribute(memorySpace))
    return {};
  if (succeeded(parser.parseOptionalComma())) {
    if (succeeded(parser.parseOptionalKeyword("mutable"))) {
      mutableMemory = true;
      if (succeeded(parser.parseOptionalComma()) &&
          parser.parseDimensionList(allocShape, /*allowDynamic=*/false,
                                    /*withTrailingX=*/false))
        return {};
    } else if (parser.parseDimensionList(allocShape, /*allowDynamic=*/false,
                                         /*withTrailingX=*/false)) {
      return {};
    }
  }
  if (parser.parseGreater())
    return {};
  if (allocShape.empty())
    allocShape = shape;
  return parser.getChecked<MemDescType>(loc, parser.getContext(), shape,
                                        elementType, encoding, memorySpace,
                                        mutableMemory, allocShape);
}

void MemDescType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t dim : getShape())
    printer << dim << "x";
  printer << getElementType();
  if (getEncoding())
    printer << ", " << getEncoding();
  if (getMemorySpace())
    printer << ", " << getMemorySpace();
  if (getMutableMemory())
    printer << ", mutable";
  if (getAllocShape() != getShape()) {
    printer << ", ";
    llvm::interleave(getAllocShape(), printer, "x");
  }
  printer << ">";
}

LogicalResult MemDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayRef<int64_t> shape, Type elementType,
                                  Attribute encoding, Attribute memorySpace,
                                  bool mutableMemory,
                                  ArrayRef<int64_t> allocShape) {
  if (shape.empty())
    return emitError() << "memdesc must have at least one dimension";
  for (auto [d, size] : llvm::enumerate(shape)) {
    if (size <= 0)
      return emitError() << "memdesc dimension " << d
                         << " must be positive, got " << size;
    // The leading dimension may count pipeline stages, any number of them.
    if (d > 0 && !llvm::isPowerOf2_64(size))
      return emitError() << "memdesc dimension " << d
                         << " must be a power of two, got " << size;
  }
  if (allocShape.size() < shape.size())
    return emitError() << "memdesc allocation shape has rank "
                       << allocShape.size() << ", less than the rank "
                       << shape.size() << " of its shape";
  for (auto [size, alloc] :
       llvm::zip(shape, allocShape.take_back(shape.size())))
    if (size > alloc) {
      auto diag = emitError() << "memdesc shape ";
      llvm::interleave(shape, diag, "x");
      diag << " does not fit in its allocation shape ";
      llvm::interleave(allocShape, diag, "x");
      return diag;
    }
  if (!encoding)
    return emitError() << "memdesc needs an encoding";
  if (!memorySpace)
    return emitError() << "memdesc needs a memory space";
  if (isa<SharedMemorySpaceAttr>(memorySpace)) {
    if (!isa<SharedEncodingTrait>(encoding))
      return emitError() << "a shared-memory descriptor needs a shared "
                            "layout encoding, got "
                         << encoding;
    unsigned rank = getLayoutRank(encoding);
    if (rank > shape.size())
      return emitError() << "memdesc of rank " << shape.size()
                         << " cannot have the rank-" << rank << " layout "
                         << encoding;
  } else if (isa<DistributedEncodingTrait>(encoding)) {
    return emitError() << "a memdesc cannot have the register layout "
                       << encoding;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

void TritonGPUDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "tt/Dialect/TritonGPU/IR/TritonGPUTypes.cpp.inc"
      >();
}
