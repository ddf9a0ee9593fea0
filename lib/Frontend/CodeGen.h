//===- CodeGen.h - internals of the Python-to-TTIR generator ----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Values of the kernel language as the code generator sees them (Python
// constants, dtypes, tuples, tensors with their Triton dtype, functions),
// and the CodeGen class: CodeGen.cpp walks statements and expressions,
// Types.cpp maps dtypes to MLIR types, Semantic.cpp implements typing,
// casts and broadcasting, Attributes.cpp resolves `x.attr` and
// `module.name`, and Builtins/ the triton.language builtins (one table,
// Builtins/Builtins.h), following upstream's semantics.
//
//===----------------------------------------------------------------------===//

#ifndef TT_LIB_FRONTEND_CODEGEN_H
#define TT_LIB_FRONTEND_CODEGEN_H

#include "tt/Dialect/Triton/IR/Dialect.h"
#include "tt/Frontend/AST.h"
#include "tt/Frontend/Frontend.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/SourceMgr.h"

#include <map>
#include <memory>
#include <optional>

namespace tt::frontend::detail {

/// Scalar kinds of Triton's dtypes. Integers keep their signedness (MLIR's
/// are signless); int1 counts as unsigned, as upstream.
enum class SK : uint8_t {
  Void,
  I1,
  I8,
  I16,
  I32,
  I64,
  U8,
  U16,
  U32,
  U64,
  FP8E4NV,
  FP8E5,
  FP8E4B15,
  FP16,
  BF16,
  FP32,
  FP64,
  Ptr,
};

/// A Triton dtype: a scalar kind, or a pointer to one.
struct DType {
  SK kind = SK::Void;
  SK pointee = SK::Void;

  DType() = default;
  DType(SK k) : kind(k) {}
  static DType ptrTo(SK elt) {
    DType d(SK::Ptr);
    d.pointee = elt;
    return d;
  }
  bool operator==(const DType &o) const {
    return kind == o.kind && pointee == o.pointee;
  }
  bool operator!=(const DType &o) const { return !(*this == o); }
  bool isVoid() const { return kind == SK::Void; }
  bool isPtr() const { return kind == SK::Ptr; }
  bool isBool() const { return kind == SK::I1; }
  bool isInt() const { return kind >= SK::I1 && kind <= SK::U64; }
  bool isSigned() const { return kind >= SK::I8 && kind <= SK::I64; }
  bool isUnsigned() const {
    return kind == SK::I1 || (kind >= SK::U8 && kind <= SK::U64);
  }
  bool isFloat() const { return kind >= SK::FP8E4NV && kind <= SK::FP64; }
  bool isFP8() const { return kind >= SK::FP8E4NV && kind <= SK::FP8E4B15; }
  /// Bits of the scalar (64 for pointers).
  unsigned bits() const;
  /// bool < integer < floating point, as upstream orders kinds.
  int kindOrder() const { return isBool() ? 0 : isInt() ? 1 : 2; }
  DType element() const { return DType(pointee); }
  /// Upstream's name (`int32`, `fp16`, `pointer<fp32>`).
  std::string name() const;
  /// Upstream's mangling (`i32`, `fp16`, `Pfp32`).
  std::string mangle() const;
};

/// Reads a signature type name (`i32`, `*fp16`, `fp8e5`).
std::optional<DType> dtypeFromSignature(llvm::StringRef name);
/// Reads a triton.language dtype attribute name (`float16`, `int32`).
std::optional<DType> dtypeFromLanguageName(llvm::StringRef name);

/// The type of a tensor value: a dtype and a shape (empty for scalars).
struct TType {
  DType elt;
  llvm::SmallVector<int64_t, 4> shape;

  bool isBlock() const { return !shape.empty(); }
  int64_t numel() const {
    int64_t n = 1;
    for (int64_t d : shape)
      n *= d;
    return n;
  }
  bool operator==(const TType &o) const {
    return elt == o.elt && shape == o.shape;
  }
  bool operator!=(const TType &o) const { return !(*this == o); }
  /// `fp32[1024, 64]` or `int32`.
  std::string str() const;
};

/// A value of the kernel language.
struct Val {
  enum Kind {
    None,
    Int,
    Float,
    Bool,
    Str,
    DTypeV,
    Tuple,
    Tensor,
    Module,
    Builtin,
    JitFn,
    Slice,
    Method,
    Ellipsis,
    /// A tensor descriptor (tl.make_tensor_descriptor): `v` is the
    /// !tt.tensordesc value, `ty` its block type; `elts` holds the shape
    /// (i32) then the strides (i64) it was made with.
    Desc,
  };
  Kind kind = None;
  int64_t i = 0;
  double f = 0;
  bool b = false;
  /// Str: the string; Module: its dotted path; Builtin: the function's
  /// name (`load`, `range`, `py.min`); Method: the method name.
  std::string s;
  DType dt;
  /// Tuple: the elements; Slice: lower, upper, step; Method: the receiver.
  std::shared_ptr<std::vector<Val>> elts;
  mlir::Value v;
  TType ty;
  const FunctionDef *fn = nullptr;

  static Val none() { return Val(); }
  static Val ofInt(int64_t x) { return holding(Int, &Val::i, x); }
  static Val ofFloat(double x) { return holding(Float, &Val::f, x); }
  static Val ofBool(bool x) { return holding(Bool, &Val::b, x); }
  static Val ofStr(std::string x) {
    return holding(Str, &Val::s, std::move(x));
  }
  static Val ofDType(DType d) { return holding(DTypeV, &Val::dt, d); }
  static Val ofTuple(std::vector<Val> xs) {
    return holding(Tuple, &Val::elts,
                   std::make_shared<std::vector<Val>>(std::move(xs)));
  }
  static Val ofTensor(mlir::Value v, TType ty) {
    Val r = holding(Tensor, &Val::v, v);
    r.ty = std::move(ty);
    return r;
  }
  static Val ofModule(std::string path) {
    return holding(Module, &Val::s, std::move(path));
  }
  static Val ofBuiltin(std::string name) {
    return holding(Builtin, &Val::s, std::move(name));
  }
  static Val ofJit(const FunctionDef *f) { return holding(JitFn, &Val::fn, f); }

  static Val ofDesc(mlir::Value v, TType block, std::vector<Val> shapeStrides) {
    Val r;
    r.kind = Desc;
    r.v = v;
    r.ty = std::move(block);
    r.elts = std::make_shared<std::vector<Val>>(std::move(shapeStrides));
    return r;
  }

  /// A value of `kind` whose `field` is `x`.
  template <typename T, typename U>
  static Val holding(Kind kind, T Val::*field, U &&x) {
    Val r;
    r.kind = kind;
    r.*field = std::forward<U>(x);
    return r;
  }

  bool isTensor() const { return kind == Tensor; }
  /// A Python number (int, float or bool): a compile-time constant.
  bool isNumber() const { return kind == Int || kind == Float || kind == Bool; }
  /// Known at compile time (everything but tensors and tuples holding one).
  bool isConstexpr() const;
  const std::vector<Val> &tuple() const { return *elts; }
  /// Python's repr-like description for messages.
  std::string describe() const;
};

/// A Python number (int, float or bool) as a double.
inline double asDouble(const Val &v) {
  return v.kind == Val::Float ? v.f : v.kind == Val::Int ? (double)v.i : v.b;
}

/// `[1024, 64]`, for messages.
std::string shapeStr(llvm::ArrayRef<int64_t> shape);
/// A shape as a Python tuple of ints (`x.shape`).
Val shapeTuple(llvm::ArrayRef<int64_t> shape);

/// Positional and keyword arguments of a call, after evaluation.
struct CallArgs {
  std::vector<Val> args;
  std::vector<std::pair<std::string, Val>> kwargs;
  /// Where each positional argument / keyword is in the source.
  std::vector<SrcLoc> argLocs;
  std::vector<SrcLoc> kwLocs;
};

/// Arguments bound to a builtin's parameter names.
struct Bound {
  std::vector<std::optional<Val>> vals;
  std::vector<SrcLoc> locs;
  const Val *get(size_t i) const { return vals[i] ? &*vals[i] : nullptr; }
};

using VR = std::optional<Val>;

/// Names to values, iterated in insertion order (Python dict order).
using ScopeMap =
    llvm::MapVector<std::string, Val, std::map<std::string, unsigned>>;

/// Per-function state of the generator (Python's local scope).
struct FnState {
  const FunctionDef *def = nullptr;
  mlir::triton::FuncOp func;
  bool isKernel = false;
  ScopeMap lscope;
  /// Names assigned in the current region, in assignment order.
  ScopeMap localDefs;
  /// Set once a top-level `return` ran: the rest of the body is dead.
  bool returned = false;
  /// Return types (flattened) once a `return` was seen, and whether the
  /// returned value was a tuple.
  std::optional<std::vector<TType>> retTypes;
  bool retIsTuple = false;
  /// Nesting of dynamic control flow (scf regions) around the statement.
  int scfDepth = 0;
  /// Statements still to run, innermost list last (the continuation an
  /// `if` with an early `return` moves into its branches). A null `stmts`
  /// marks the start of a branch region.
  struct Frame {
    const std::vector<const Stmt *> *stmts;
    size_t next;
  };
  std::vector<Frame> frames;
  /// Inside the branches of an `if` with an early return: the scf depth at
  /// which `return` is allowed, and what each open branch returned.
  int returnDepth = 0;
  struct BranchReturn {
    bool returned = false;
    std::vector<Val> values;
  };
  std::vector<BranchReturn> branchReturns;
};

/// A generated helper function: its symbol and what it returns.
struct CalleeInfo {
  mlir::triton::FuncOp func;
  std::vector<TType> retTypes;
  bool retIsTuple = false;
  bool done = false;
};

class CodeGen {
public:
  CodeGen(mlir::MLIRContext &ctx, llvm::SourceMgr &sm, const Module &mod,
          const CompileOptions &opts);

  mlir::OwningOpRef<mlir::ModuleOp> run();

  //===--------------------------------------------------------------------===//
  // Diagnostics and locations (CodeGen.cpp)
  //===--------------------------------------------------------------------===//

  std::nullopt_t error(const SrcLoc &loc, const llvm::Twine &msg);
  /// An error at the operator / call being generated.
  std::nullopt_t error(const llvm::Twine &msg) { return error(errLoc, msg); }
  void note(const SrcLoc &loc, const llvm::Twine &msg);
  /// Sets the location of the ops built next to `loc` (named after the
  /// variable being assigned, if any).
  void setLoc(const SrcLoc &loc);

  //===--------------------------------------------------------------------===//
  // Types and constants (Types.cpp)
  //===--------------------------------------------------------------------===//

  mlir::Type irType(const DType &d);
  mlir::Type irType(const TType &t);
  /// The dtype a Python number takes when it becomes a tensor.
  DType numberDType(const Val &v);
  /// An arith.constant of `dt` holding the Python number `v`.
  Val scalarConstant(const Val &v, DType dt);
  /// A Python number as a scalar tensor; tensors pass through.
  VR toTensor(const Val &v);

  //===--------------------------------------------------------------------===//
  // Upstream semantics (Semantic.cpp)
  //===--------------------------------------------------------------------===//

  VR cast(const Val &t, DType dst, bool bitcast = false,
          std::optional<mlir::triton::RoundingMode> rounding = std::nullopt);
  VR broadcastTo(const Val &t, llvm::ArrayRef<int64_t> shape);
  /// Broadcasts two tensors to their common shape; `opContext` names the
  /// operation in the error message (" for '+'").
  bool broadcastPair(Val &a, Val &b);
  std::string opContext;
  VR expandDims(const Val &t, int axis);
  /// Binary operators on any values (constexpr folding included).
  VR binary(BinOpKind op, const Val &lhs, const Val &rhs);
  VR compare(CmpOpKind op, const Val &lhs, const Val &rhs);
  VR unary(UnaryOpKind op, const Val &v);
  VR logical(bool isAnd, const Val &lhs, const Val &rhs);
  VR minMax(bool isMax, const Val &lhs, const Val &rhs, bool propagateNan);
  VR where(const Val &cond, const Val &x, const Val &y);
  /// Truthiness of a compile-time value (for constexpr `if`).
  std::optional<bool> constTruth(const Val &v);

  //===--------------------------------------------------------------------===//
  // Names and builtins (Attributes.cpp, Builtins/)
  //===--------------------------------------------------------------------===//

  /// Calls a triton.language function (or a method of a tensor / dtype
  /// when `self` is set), dispatched on the table of Builtins/Builtins.h.
  VR callBuiltin(const std::string &name, CallArgs &call, const Val *self);
  /// Reads `x.dtype`, `x.shape`, `dtype.element_ty`, ...
  VR attribute(const Val &obj, const std::string &name);
  /// Tensor descriptors (Builtins/Descriptors.cpp): tl.make_tensor_descriptor
  /// and a descriptor's load/store (also as tl.load_tensor_descriptor /
  /// store_tensor_descriptor).
  VR makeTensorDescriptor(const Val &base, const Val &shape, const Val &strides,
                          const Val &blockShape, const Val *padding);
  VR descriptorLoad(const Val &desc, const Val &offsets);
  VR descriptorStore(const Val &desc, const Val &offsets, const Val &value);
  /// Resolves `module.attr` (triton.language.load, tl.float16, ...).
  VR moduleAttribute(const std::string &path, const std::string &name);

  /// Reduction / scan with a combine callback building the region body
  /// (Builtins/Reduce.cpp).
  using Combine = std::function<std::optional<llvm::SmallVector<mlir::Value>>(
      llvm::ArrayRef<Val> lhs, llvm::ArrayRef<Val> rhs)>;
  VR reduce(std::vector<Val> inputs, std::optional<int> axis, bool keepDims,
            const Combine &combine);
  VR scan(std::vector<Val> inputs, int axis, bool reverse,
          const Combine &combine);

  //===--------------------------------------------------------------------===//
  // Walking the tree (CodeGen.cpp)
  //===--------------------------------------------------------------------===//

  VR visitExpr(const Expr &e);
  bool visitStmts(const std::vector<StmtPtr> &stmts);
  bool visitStmtList(const std::vector<const Stmt *> &stmts);
  bool visitStmt(const Stmt &s);
  /// Calls a @jit function: emits (once per specialization) a private
  /// tt.func and a tt.call to it.
  VR callJit(const FunctionDef *fn, CallArgs &call, const SrcLoc &callLoc);

  mlir::MLIRContext &ctx;
  llvm::SourceMgr &sm;
  const Module &mod;
  const CompileOptions &opts;
  mlir::OpBuilder b;
  mlir::ModuleOp module;
  mlir::StringAttr fileName;
  mlir::Location loc;
  /// Where errors about the current operation point.
  SrcLoc errLoc;
  /// The variable being assigned: ops get NameLoc(name, file:line:col).
  std::optional<std::string> namePrefix;
  FnState *fs = nullptr;
  bool hadError = false;
  std::map<std::string, CalleeInfo> callees;
  int callDepth = 0;
  /// Globals evaluated so far (name -> value) and those being evaluated.
  llvm::StringMap<Val> globalCache;
  llvm::StringMap<bool> globalBusy;

private:
  bool genKernel(const FunctionDef &def);
  bool bindKernelParams(const FunctionDef &def,
                        llvm::SmallVectorImpl<mlir::Type> &argTypes,
                        llvm::SmallVectorImpl<mlir::DictionaryAttr> &argAttrs,
                        std::vector<std::pair<std::string, Val>> &constants,
                        std::vector<std::string> &argNames,
                        std::vector<TType> &argTTypes);
  VR constFromSpec(const ConstValue &c, const SrcLoc &where);
  VR lookupName(const std::string &name, const SrcLoc &where);
  VR lookupGlobal(const std::string &name, const SrcLoc &where);
  VR resolveImport(const std::string &path, const SrcLoc &where);
  VR visitCall(const Expr &e);
  VR visitSubscript(const Expr &e);
  VR visitIfExp(const Expr &e);
  bool assign(const Expr &target, const Val &value);
  void setValue(const std::string &name, const Val &value);
  VR sanitize(const Val &v);
  void nameDefiningOp(const Val &v, const std::string &name, bool nest = false);
  bool visitIf(const Stmt &s);
  bool visitIfWithReturn(const Stmt &s, const Val &cond, mlir::Location ifLoc);
  bool visitFor(const Stmt &s);
  bool visitWhile(const Stmt &s);
  bool visitReturn(const Stmt &s);
  bool staticFor(const Stmt &s, const std::vector<Val> &args);
  bool finishFunction(FnState &state);
  /// Runs `body` into a scratch block of the current region and erases it,
  /// returning the names it assigned that were live before (the carried
  /// variables of a loop).
  std::optional<std::vector<std::string>>
  dryRunLoopBody(const std::function<bool()> &body, const SrcLoc &where);
  /// The rest of a loop once its body block is the insertion point: visits
  /// the body of `s`, yields the carried variables `names` (each must keep
  /// its type from `ttypes`; `yieldNone`: yield even when there are none),
  /// then back at `ip` restores the scopes from before the loop
  /// (`liveins`, `prevDefs`) and binds each name to `loop`'s result.
  bool finishLoop(const Stmt &s, mlir::Operation *loop,
                  const std::vector<std::string> &names,
                  const std::vector<TType> &ttypes,
                  mlir::OpBuilder::InsertPoint ip, const ScopeMap &liveins,
                  const ScopeMap &prevDefs, bool yieldNone);
  /// The two operands of `e`; errors then point at its operator.
  std::optional<std::pair<Val, Val>> visitOperands(const Expr &e);
};

/// The two operands of a tensor operator after promotion and broadcasting.
struct Operands {
  Val l, r;
};

/// Upstream's operand check of a binary operator `op`: pointers only where
/// allowed, promotion to the computation type when `arithmetic`, then
/// broadcasting (Semantic.cpp).
std::optional<Operands> typeCheck(CodeGen &cg, const Val &l, const Val &r,
                                  bool allowLhsPtr, bool allowRhsPtr,
                                  bool arithmetic, bool divOrMod,
                                  llvm::StringRef op);

/// Upstream's promotion of two integer dtypes: the wider, and at equal
/// widths the unsigned one (Semantic.cpp).
DType integerPromote(DType a, DType c);

/// A zero of `elt` with `shape` (a splat of a scalar constant).
mlir::Value zerosOf(CodeGen &cg, DType elt, llvm::ArrayRef<int64_t> shape);

/// Evaluates the RAII "location of the node being visited" rule: on entry
/// the node's position becomes the current location; on exit it is again
/// the node's (so the ops a parent emits after visiting its children carry
/// the position of the last child visited, as upstream's do).
class LocScope {
public:
  LocScope(CodeGen &cg, const SrcLoc &l) : cg(cg), l(l) { cg.setLoc(l); }
  ~LocScope() { cg.setLoc(l); }

private:
  CodeGen &cg;
  SrcLoc l;
};

} // namespace tt::frontend::detail

#endif // TT_LIB_FRONTEND_CODEGEN_H
