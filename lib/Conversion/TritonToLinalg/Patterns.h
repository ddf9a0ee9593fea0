//===- Patterns.h - pattern families of TritonToLinalg ----------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Private to lib/Conversion/TritonToLinalg. convert-triton-to-linalg's
// patterns come in families, one file each, each adding its patterns with a
// populate...ToLinalgPatterns function; populateTritonToLinalgPatterns
// (TritonToLinalg.cpp) adds them all. Below them, the building blocks more
// than one family uses.
//
// Representation of pointers: a scalar `!tt.ptr<T>` is an `!llvm.ptr`; a
// tensor of pointers is a tensor of i64 byte addresses (memrefs cannot hold
// `!llvm.ptr`). The CPU stage turns `inttoptr(ptrtoint(p) + off)` back into
// `getelementptr` so that LLVM sees where addresses come from.
//
//===----------------------------------------------------------------------===//

#ifndef TT_LIB_CONVERSION_TRITONTOLINALG_PATTERNS_H
#define TT_LIB_CONVERSION_TRITONTOLINALG_PATTERNS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::triton::tolinalg {

//===----------------------------------------------------------------------===//
// Pattern families
//===----------------------------------------------------------------------===//

/// tt.func, tt.return, tt.call, tt.get_program_id, tt.get_num_programs
/// (FuncToLinalg.cpp).
void populateFuncToLinalgPatterns(const TypeConverter &converter,
                                  RewritePatternSet &patterns);
/// Tensor creation and shape manipulation: make_range, splat, unsplat,
/// broadcast, expand_dims, trans, reshape, cat, join, split, gather and
/// ub.poison (ShapeToLinalg.cpp).
void populateShapeToLinalgPatterns(const TypeConverter &converter,
                                   RewritePatternSet &patterns);
/// Pointers and memory: addptr, int_to_ptr, ptr_to_int, load, store,
/// atomic_rmw, atomic_cas (MemoryToLinalg.cpp).
void populateMemoryToLinalgPatterns(const TypeConverter &converter,
                                    RewritePatternSet &patterns);
/// arith and math on tensors, bitcast, fp_to_fp, clampf, precise_sqrt,
/// precise_divf, mulhiui, extern_elementwise, map_elementwise
/// (ElementwiseToLinalg.cpp).
void populateElementwiseToLinalgPatterns(const TypeConverter &converter,
                                         RewritePatternSet &patterns);
/// tt.dot (DotToLinalg.cpp).
void populateDotToLinalgPatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns);
/// reduce, scan, histogram (ReduceScanToLinalg.cpp).
void populateReduceScanToLinalgPatterns(const TypeConverter &converter,
                                        RewritePatternSet &patterns);
/// print and assert (PrintToLinalg.cpp).
void populatePrintToLinalgPatterns(const TypeConverter &converter,
                                   RewritePatternSet &patterns);

/// Before the conversion, on TTIR: loop-carried tensors of pointers that
/// advance by a uniform offset become a carried scalar offset from the
/// initial tensor (LoopCarriedPointers.cpp).
void rewriteLoopCarriedPointers(ModuleOp module);

//===----------------------------------------------------------------------===//
// Building blocks (Builders.cpp)
//===----------------------------------------------------------------------===//

/// Whether `t` is a block pointer (`!tt.ptr<tensor<...>>`).
bool isBlockPointer(Type t);

Value makeEmpty(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                Type elem);
/// A zero of `t`; a null pointer for `!llvm.ptr`.
Value makeZero(OpBuilder &b, Location loc, Type t);
Value makeIndexConst(OpBuilder &b, Location loc, int64_t v);
/// Casts an integer `v` to `t` (sign-extending or truncating).
Value castInt(OpBuilder &b, Location loc, Value v, Type t);

using BodyFn =
    function_ref<SmallVector<Value>(OpBuilder &, Location, ValueRange)>;

/// Builds a `linalg.generic` with parallel iterators over `shape`. Tensor
/// inputs are read with the identity map, scalar inputs are broadcast to
/// every point. `body` gets the input elements and returns one value per
/// entry of `resultElemTypes`; each result is a fresh tensor of `shape`.
SmallVector<Value> buildElementwise(OpBuilder &b, Location loc,
                                    ArrayRef<int64_t> shape, ValueRange inputs,
                                    TypeRange resultElemTypes, BodyFn body);

/// The enclosing converted function's grid argument `index` (0-2: program
/// id x/y/z, 3-5: number of programs x/y/z).
FailureOr<Value> getGridArg(Operation *op, unsigned index);
/// The first `count` grid arguments of the enclosing converted function.
FailureOr<SmallVector<Value>> getGridArgs(Operation *op, unsigned count);

/// Clones the single-block region `region` at the builder's insertion
/// point with its arguments bound to `args`, and returns the values given
/// to its terminator. With `reassoc`, float additions, multiplications,
/// minima and maxima get the `reassoc` fast-math flag.
SmallVector<Value> inlineCombineRegion(OpBuilder &b, Region &region,
                                       ValueRange args, bool reassoc);

} // namespace mlir::triton::tolinalg

#endif // TT_LIB_CONVERSION_TRITONTOLINALG_PATTERNS_H
