//===- CodeGen.cpp - Python statements and expressions to TTIR --*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Walks the syntax tree of a @triton.jit function the way upstream's code
// generator does: Python values that are known at compile time stay Python
// values (constexprs), everything else becomes TTIR; `if` on a constexpr is
// folded, on a tensor it becomes scf.if; `for` over range / tl.range becomes
// scf.for with the variables the body reassigns carried through it (found
// by a dry run of the body, as upstream does); tl.static_range unrolls;
// `while` becomes scf.while. Calls to other @jit functions become private
// tt.funcs (one per specialization) and tt.call.
//
// Locations follow upstream: an op carries file:line:col of the last
// syntax node visited before it was built, wrapped in a NameLoc of the
// variable being assigned.
//
//===----------------------------------------------------------------------===//

#include "CodeGen.h"
#include "tt/Frontend/Parser.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace tt::frontend;
using namespace tt::frontend::detail;
namespace tr = mlir::triton;

//===----------------------------------------------------------------------===//
// Diagnostics and locations
//===----------------------------------------------------------------------===//

CodeGen::CodeGen(MLIRContext &ctx, llvm::SourceMgr &sm, const Module &mod,
                 const CompileOptions &opts)
    : ctx(ctx), sm(sm), mod(mod), opts(opts), b(&ctx),
      fileName(StringAttr::get(&ctx, mod.fileName)),
      loc(UnknownLoc::get(&ctx)) {}

std::nullopt_t CodeGen::error(const SrcLoc &l, const llvm::Twine &msg) {
  if (!hadError)
    printSourceMessage(sm, l.sm, llvm::SourceMgr::DK_Error, msg);
  hadError = true;
  return std::nullopt;
}

void CodeGen::note(const SrcLoc &l, const llvm::Twine &msg) {
  printSourceMessage(sm, l.sm, llvm::SourceMgr::DK_Note, msg);
}

void CodeGen::setLoc(const SrcLoc &l) {
  Location fileLoc = FileLineColLoc::get(fileName, l.line, l.col);
  if (namePrefix)
    loc = NameLoc::get(StringAttr::get(&ctx, *namePrefix), fileLoc);
  else
    loc = fileLoc;
}

static bool isConstexprAnnotation(const Expr *e) {
  if (!e)
    return false;
  if (e->kind == ExprKind::Name)
    return e->name == "constexpr";
  if (e->kind == ExprKind::Attribute)
    return e->name == "constexpr";
  if (e->kind == ExprKind::Str)
    return e->name == "tl.constexpr" || e->name == "constexpr";
  return false;
}

bool Val::isConstexpr() const {
  if (kind == Tensor || kind == Desc)
    return false;
  if (kind == Tuple)
    return llvm::all_of(*elts, [](const Val &v) { return v.isConstexpr(); });
  return true;
}

std::string Val::describe() const {
  switch (kind) {
  case None:
    return "None";
  case Int:
    return std::to_string(i);
  case Float: {
    std::string s;
    llvm::raw_string_ostream os(s);
    os << f;
    return s;
  }
  case Bool:
    return b ? "True" : "False";
  case Str:
    return "'" + s + "'";
  case DTypeV:
    return dt.name();
  case Tuple: {
    std::string s = "(";
    for (size_t k = 0; k < elts->size(); ++k)
      s += (k ? ", " : "") + (*elts)[k].describe();
    return s + (elts->size() == 1 ? ",)" : ")");
  }
  case Tensor:
    return ty.isBlock() ? "a tensor of type " + ty.str()
                        : "a scalar tensor of type " + ty.str();
  case Module:
    return "module '" + s + "'";
  case Builtin:
    return "function '" + s + "'";
  case JitFn:
    return "@jit function '" + fn->name + "'";
  case Slice:
    return "a slice";
  case Method:
    return "method '" + s + "'";
  case Ellipsis:
    return "...";
  case Desc:
    return "a tensor descriptor of " + ty.str() + " blocks";
  }
  return "?";
}

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

/// Python builtins a kernel may name (upstream's builtin namespace).
static const char *const kPythonBuiltins[] = {"min",   "max",        "range",
                                              "float", "int",        "len",
                                              "print", "isinstance", "getattr"};

VR CodeGen::lookupName(const std::string &name, const SrcLoc &where) {
  auto it = fs->lscope.find(name);
  if (it != fs->lscope.end())
    return it->second;
  return lookupGlobal(name, where);
}

VR CodeGen::resolveImport(const std::string &path, const SrcLoc &where) {
  llvm::SmallVector<llvm::StringRef> parts;
  llvm::StringRef(path).split(parts, '.');
  Val cur = Val::ofModule(parts[0].str());
  for (size_t k = 1; k < parts.size(); ++k) {
    if (cur.kind != Val::Module)
      return error(where, "cannot import '" + path + "'");
    SrcLoc saved = errLoc;
    errLoc = where;
    VR next = moduleAttribute(cur.s, parts[k].str());
    errLoc = saved;
    if (!next)
      return std::nullopt;
    cur = *next;
  }
  return cur;
}

VR CodeGen::lookupGlobal(const std::string &name, const SrcLoc &where) {
  // Python binds the last definition of a name; we look at @jit functions,
  // then global constants, then imports.
  if (const FunctionDef *fn = mod.lookupFunction(name)) {
    if (!fn->isJit)
      return error(where, "'" + name +
                              "' is a Python function without @triton.jit; "
                              "kernels can only call @triton.jit functions "
                              "and triton.language builtins");
    return Val::ofJit(fn);
  }
  for (auto it = mod.globals.rbegin(); it != mod.globals.rend(); ++it) {
    if (it->name != name)
      continue;
    auto cached = globalCache.find(name);
    if (cached != globalCache.end())
      return cached->second;
    if (globalBusy.lookup(name))
      return error(where, "global '" + name +
                              "' is defined in terms of "
                              "itself");
    globalBusy[name] = true;
    // Evaluate in a scratch block so that nothing it might build survives.
    OpBuilder::InsertionGuard guard(b);
    Block *scratch = new Block();
    b.setInsertionPointToStart(scratch);
    auto savedPrefix = namePrefix;
    namePrefix.reset();
    FnState *savedFs = fs;
    FnState globalScope;
    fs = &globalScope;
    VR v = visitExpr(*it->value);
    fs = savedFs;
    namePrefix = savedPrefix;
    scratch->dropAllDefinedValueUses();
    delete scratch;
    globalBusy[name] = false;
    if (!v)
      return std::nullopt;
    // Like upstream, only globals declared constexpr (or dtypes) can be
    // read from a kernel.
    bool declared = isConstexprAnnotation(it->annotation.get()) ||
                    (it->value->kind == ExprKind::Call &&
                     isConstexprAnnotation(it->value->kids[0].get()));
    if (!v->isConstexpr() || (!declared && v->kind != Val::DTypeV))
      return error(where, "global '" + name +
                              "' is not a compile-time constant; kernels can "
                              "only read globals declared as " +
                              name + " = tl.constexpr(...) or " + name +
                              ": tl.constexpr = ...");
    globalCache[name] = *v;
    return *v;
  }
  for (auto it = mod.imports.rbegin(); it != mod.imports.rend(); ++it)
    if (it->alias == name)
      return resolveImport(it->path, where);
  for (const char *builtin : kPythonBuiltins)
    if (name == builtin)
      return Val::ofBuiltin("py." + name);
  return error(where, "name '" + name + "' is not defined");
}

void CodeGen::setValue(const std::string &name, const Val &value) {
  fs->lscope[name] = value;
  fs->localDefs[name] = value;
}

/// Names the op defining `v` after the variable it is assigned to (the op
/// keeps its position). An op that already has a name keeps it, unless
/// `nest` asks to wrap it (loop results, which carry one name per carried
/// variable, as upstream's do).
void CodeGen::nameDefiningOp(const Val &v, const std::string &name, bool nest) {
  if (!v.isTensor() || !v.v)
    return;
  Operation *op = v.v.getDefiningOp();
  if (!op)
    return;
  if (auto nl = dyn_cast<NameLoc>(op->getLoc()))
    if (!nest || nl.getName() == name)
      return;
  op->setLoc(NameLoc::get(StringAttr::get(&ctx, name), op->getLoc()));
}

VR CodeGen::sanitize(const Val &v) {
  if (v.isNumber())
    return toTensor(v);
  if (v.kind == Val::Tuple) {
    std::vector<Val> out;
    for (const Val &e : v.tuple()) {
      VR s = sanitize(e);
      if (!s)
        return std::nullopt;
      out.push_back(*s);
    }
    return Val::ofTuple(std::move(out));
  }
  return v;
}

bool CodeGen::assign(const Expr &target, const Val &value) {
  switch (target.kind) {
  case ExprKind::Name:
    setValue(target.name, value);
    nameDefiningOp(value, target.name);
    return true;
  case ExprKind::Tuple:
  case ExprKind::List: {
    if (value.kind != Val::Tuple)
      return error(target.loc, "cannot unpack " + value.describe() + " into " +
                                   std::to_string(target.kids.size()) +
                                   " variables"),
             false;
    if (value.tuple().size() != target.kids.size())
      return error(target.loc,
                   "cannot unpack a tuple of " +
                       std::to_string(value.tuple().size()) + " values into " +
                       std::to_string(target.kids.size()) + " variables"),
             false;
    for (size_t k = 0; k < target.kids.size(); ++k)
      if (!assign(*target.kids[k], value.tuple()[k]))
        return false;
    return true;
  }
  default:
    return error(target.loc, "assignment to subscripts or attributes is not "
                             "supported in @triton.jit functions"),
           false;
  }
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

VR CodeGen::visitExpr(const Expr &e) {
  LocScope scope(*this, e.loc);
  switch (e.kind) {
  case ExprKind::Name:
    return lookupName(e.name, e.loc);
  case ExprKind::Int:
    if (e.intOverflow)
      return error(e.loc, "integer literal does not fit in 64 bits");
    return Val::ofInt(e.intValue);
  case ExprKind::Float:
    return Val::ofFloat(e.floatValue);
  case ExprKind::Str:
    return Val::ofStr(e.name);
  case ExprKind::Bool:
    return Val::ofBool(e.boolValue);
  case ExprKind::NoneLit:
    return Val::none();
  case ExprKind::Ellipsis: {
    Val v;
    v.kind = Val::Ellipsis;
    return v;
  }
  case ExprKind::BinOp: {
    auto operands = visitOperands(e);
    if (!operands)
      return std::nullopt;
    return binary(e.binOp, operands->first, operands->second);
  }
  case ExprKind::UnaryOp: {
    VR v = visitExpr(*e.kids[0]);
    if (!v)
      return std::nullopt;
    errLoc = e.opLoc;
    return unary(e.unaryOp, *v);
  }
  case ExprKind::BoolOp: {
    // Constexpr operands short-circuit or drop out; tensors combine.
    std::vector<std::pair<Val, SrcLoc>> parts;
    const Expr *cur = &e;
    std::vector<const Expr *> chain;
    // `a and b and c` parses left-nested; flatten same-kind chains.
    while (cur->kind == ExprKind::BoolOp && cur->isAnd == e.isAnd) {
      chain.push_back(cur->kids[1].get());
      cur = cur->kids[0].get();
    }
    chain.push_back(cur);
    std::reverse(chain.begin(), chain.end());
    std::optional<Val> lastConst;
    std::vector<Val> tensors;
    for (const Expr *sub : chain) {
      VR v = visitExpr(*sub);
      if (!v)
        return std::nullopt;
      if (!v->isTensor()) {
        std::optional<bool> t = constTruth(*v);
        if (!t)
          return error(sub->loc,
                       "cannot use " + v->describe() + " as a truth value");
        if (e.isAnd && !*t)
          return v;
        if (!e.isAnd && *t)
          return v;
        lastConst = v;
        continue;
      }
      tensors.push_back(*v);
    }
    if (tensors.empty())
      return lastConst;
    errLoc = e.opLoc;
    Val acc = tensors[0];
    for (size_t k = 1; k < tensors.size(); ++k) {
      VR r = logical(e.isAnd, acc, tensors[k]);
      if (!r)
        return std::nullopt;
      acc = *r;
    }
    return acc;
  }
  case ExprKind::Compare: {
    if (e.cmpOps.size() > 1)
      return error(e.opLoc, "chained comparisons such as 'a < b < c' are not "
                            "supported; combine two comparisons with &");
    auto operands = visitOperands(e);
    if (!operands)
      return std::nullopt;
    return compare(e.cmpOps[0], operands->first, operands->second);
  }
  case ExprKind::Call:
    return visitCall(e);
  case ExprKind::Attribute: {
    VR obj = visitExpr(*e.kids[0]);
    if (!obj)
      return std::nullopt;
    errLoc = e.opLoc;
    // Point at the attribute name (right after the dot).
    errLoc.sm = llvm::SMLoc::getFromPointer(e.opLoc.sm.getPointer() + 1);
    errLoc.col += 1;
    if (obj->kind == Val::Module)
      return moduleAttribute(obj->s, e.name);
    return attribute(*obj, e.name);
  }
  case ExprKind::Subscript:
    return visitSubscript(e);
  case ExprKind::Tuple:
  case ExprKind::List: {
    std::vector<Val> elts;
    for (const ExprPtr &k : e.kids) {
      if (k->kind == ExprKind::Starred) {
        VR v = visitExpr(*k->kids[0]);
        if (!v)
          return std::nullopt;
        if (v->kind != Val::Tuple)
          return error(k->loc, "only tuples can be unpacked with '*'");
        for (const Val &x : v->tuple())
          elts.push_back(x);
        continue;
      }
      VR v = visitExpr(*k);
      if (!v)
        return std::nullopt;
      elts.push_back(*v);
    }
    return Val::ofTuple(std::move(elts));
  }
  case ExprKind::IfExp:
    return visitIfExp(e);
  case ExprKind::Slice: {
    std::vector<Val> parts;
    for (const ExprPtr &k : e.kids) {
      if (!k) {
        parts.push_back(Val::none());
        continue;
      }
      VR v = visitExpr(*k);
      if (!v)
        return std::nullopt;
      parts.push_back(*v);
    }
    Val s;
    s.kind = Val::Slice;
    s.elts = std::make_shared<std::vector<Val>>(std::move(parts));
    return s;
  }
  case ExprKind::Starred:
    return error(e.loc, "a starred expression is not allowed here");
  }
  return error(e.loc, "unsupported expression");
}

VR CodeGen::visitCall(const Expr &e) {
  VR callee = visitExpr(*e.kids[0]);
  if (!callee)
    return std::nullopt;

  // Compile-time helpers look at their arguments themselves.
  if (callee->kind == Val::Builtin && callee->s == "static_assert") {
    if (e.kids.size() < 2 || e.kids.size() > 3 || !e.keywords.empty())
      return error(e.loc, "static_assert takes a condition and an optional "
                          "message");
    VR cond = visitExpr(*e.kids[1]);
    if (!cond)
      return std::nullopt;
    std::optional<bool> t = cond->isTensor() ? std::nullopt : constTruth(*cond);
    if (!t)
      return error(e.kids[1]->loc,
                   "static_assert needs a condition known at compile time "
                   "(it depends only on tl.constexpr values); got " +
                       cond->describe());
    if (!*t) {
      std::string msg;
      if (e.kids.size() == 3) {
        VR m = visitExpr(*e.kids[2]);
        if (!m)
          return std::nullopt;
        msg = m->kind == Val::Str ? m->s : m->describe();
      }
      return error(e.loc, "static_assert failed" +
                              (msg.empty() ? std::string() : ": " + msg));
    }
    return Val::none();
  }

  CallArgs call;
  // Upstream evaluates keyword arguments before positional ones; the
  // location of the op built by the call follows from that order.
  for (const Keyword &kw : e.keywords) {
    LocScope kwScope(*this, kw.loc);
    VR v = visitExpr(*kw.value);
    if (!v)
      return std::nullopt;
    call.kwargs.emplace_back(kw.name, *v);
    call.kwLocs.push_back(kw.value->loc);
  }
  for (size_t k = 1; k < e.kids.size(); ++k) {
    const Expr &arg = *e.kids[k];
    if (arg.kind == ExprKind::Starred) {
      VR v = visitExpr(*arg.kids[0]);
      if (!v)
        return std::nullopt;
      if (v->kind != Val::Tuple)
        return error(arg.loc, "only tuples can be unpacked with '*'");
      for (const Val &x : v->tuple()) {
        call.args.push_back(x);
        call.argLocs.push_back(arg.loc);
      }
      continue;
    }
    VR v = visitExpr(arg);
    if (!v)
      return std::nullopt;
    call.args.push_back(*v);
    call.argLocs.push_back(arg.loc);
  }
  errLoc = e.loc;
  switch (callee->kind) {
  case Val::JitFn:
    return callJit(callee->fn, call, e.loc);
  case Val::Builtin:
    if (callee->s == "range" || callee->s == "static_range" ||
        callee->s == "py.range")
      return error(e.loc, "range objects can only be iterated over by a for "
                          "loop");
    return callBuiltin(callee->s, call, nullptr);
  case Val::Method:
    return callBuiltin(callee->s, call, &callee->tuple()[0]);
  default:
    return error(e.loc, callee->describe() + " is not callable");
  }
}

std::optional<std::pair<Val, Val>> CodeGen::visitOperands(const Expr &e) {
  VR l = visitExpr(*e.kids[0]);
  if (!l)
    return std::nullopt;
  VR r = visitExpr(*e.kids[1]);
  if (!r)
    return std::nullopt;
  errLoc = e.opLoc;
  return std::make_pair(*l, *r);
}

VR CodeGen::visitSubscript(const Expr &e) {
  auto operands = visitOperands(e);
  if (!operands)
    return std::nullopt;
  VR obj = operands->first, idx = operands->second;
  if (obj->kind == Val::Tuple) {
    const std::vector<Val> &elts = obj->tuple();
    int64_t n = elts.size();
    if (idx->kind == Val::Int || idx->kind == Val::Bool) {
      int64_t i = idx->kind == Val::Int ? idx->i : idx->b;
      if (i < 0)
        i += n;
      if (i < 0 || i >= n)
        return error("tuple index " + idx->describe() + " out of range");
      return elts[i];
    }
    if (idx->kind == Val::Slice) {
      auto bound = [&](const Val &v, int64_t dflt) -> std::optional<int64_t> {
        if (v.kind == Val::None)
          return dflt;
        if (v.kind != Val::Int)
          return std::nullopt;
        int64_t x = v.i < 0 ? v.i + n : v.i;
        return std::clamp<int64_t>(x, 0, n);
      };
      const std::vector<Val> &s = idx->tuple();
      if (s[2].kind != Val::None && !(s[2].kind == Val::Int && s[2].i == 1))
        return error("tuple slices with a step are not supported");
      auto lo = bound(s[0], 0), hi = bound(s[1], n);
      if (!lo || !hi)
        return error("tuple slice bounds must be compile-time integers");
      std::vector<Val> out;
      for (int64_t i = *lo; i < *hi; ++i)
        out.push_back(elts[i]);
      return Val::ofTuple(std::move(out));
    }
    return error("tuple indices must be compile-time integers, not " +
                 idx->describe());
  }
  if (obj->kind != Val::Tensor)
    return error(obj->describe() + " is not subscriptable");
  std::vector<Val> items;
  if (idx->kind == Val::Tuple)
    items = idx->tuple();
  else
    items.push_back(*idx);
  Val cur = *obj;
  size_t consumed = 0;
  for (size_t dim = 0; dim < items.size(); ++dim) {
    const Val &it = items[dim];
    if (it.kind == Val::None) {
      VR r = expandDims(cur, (int)dim);
      if (!r)
        return std::nullopt;
      cur = *r;
      continue;
    }
    if (it.kind == Val::Slice && llvm::all_of(it.tuple(), [](const Val &v) {
          return v.kind == Val::None;
        })) {
      ++consumed;
      continue;
    }
    return error("unsupported tensor index " + it.describe() +
                 ": only None (a new axis) and ':' (a whole axis) are "
                 "supported");
  }
  if (consumed > obj->ty.shape.size())
    return error("too many indices for a tensor of rank " +
                 std::to_string(obj->ty.shape.size()));
  return cur;
}

VR CodeGen::visitIfExp(const Expr &e) {
  VR cond = visitExpr(*e.kids[0]);
  if (!cond)
    return std::nullopt;
  if (!cond->isTensor()) {
    std::optional<bool> t = constTruth(*cond);
    if (!t)
      return error(e.kids[0]->loc,
                   "cannot use " + cond->describe() + " as a condition");
    return visitExpr(*e.kids[*t ? 1 : 2]);
  }
  errLoc = e.opLoc;
  if (cond->ty.isBlock())
    return error(e.kids[0]->loc,
                 "the condition of a conditional expression must be a "
                 "scalar, not " +
                     cond->describe() + " (use tl.where)");
  VR c = cast(*cond, DType(SK::I1));
  if (!c)
    return std::nullopt;
  Location ifLoc = loc;
  Region *region = b.getInsertionBlock()->getParent();
  OpBuilder::InsertPoint ip = b.saveInsertionPoint();
  Block *thenBlock = b.createBlock(region);
  VR tv = visitExpr(*e.kids[1]);
  if (!tv || !(tv = toTensor(*tv)))
    return std::nullopt;
  Block *elseBlock = b.createBlock(region);
  VR ev = visitExpr(*e.kids[2]);
  if (!ev || !(ev = toTensor(*ev)))
    return std::nullopt;
  b.restoreInsertionPoint(ip);
  if (tv->ty != ev->ty)
    return error(e.opLoc, "the two branches of a conditional expression have "
                          "different types: " +
                              tv->ty.str() + " and " + ev->ty.str());
  auto ifOp = scf::IfOp::create(b, ifLoc, TypeRange{irType(tv->ty)}, c->v,
                                /*withElseRegion=*/true);
  auto moveInto = [&](Block *from, Block *to, Value result) {
    to->getOperations().splice(to->end(), from->getOperations());
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToEnd(to);
    scf::YieldOp::create(b, ifLoc, result);
    from->erase();
  };
  moveInto(thenBlock, ifOp.thenBlock(), tv->v);
  moveInto(elseBlock, ifOp.elseBlock(), ev->v);
  return Val::ofTensor(ifOp.getResult(0), tv->ty);
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

bool CodeGen::visitStmts(const std::vector<StmtPtr> &stmts) {
  std::vector<const Stmt *> list;
  for (const StmtPtr &s : stmts)
    list.push_back(s.get());
  return visitStmtList(list);
}

bool CodeGen::visitStmtList(const std::vector<const Stmt *> &stmts) {
  fs->frames.push_back({&stmts, 0});
  size_t frame = fs->frames.size() - 1;
  bool ok = true;
  while (fs->frames[frame].next < stmts.size()) {
    const Stmt *s = stmts[fs->frames[frame].next++];
    if (fs->returned)
      break;
    if (!visitStmt(*s)) {
      ok = false;
      break;
    }
  }
  fs->frames.resize(frame);
  return ok;
}

bool CodeGen::visitStmt(const Stmt &s) {
  LocScope scope(*this, s.loc);
  errLoc = s.loc;
  switch (s.kind) {
  case StmtKind::Expr:
    return visitExpr(*s.value).has_value();
  case StmtKind::Assign: {
    if (s.targets.size() == 1 && s.targets[0]->kind == ExprKind::Name)
      namePrefix = s.targets[0]->name;
    VR v = visitExpr(*s.value);
    if (v)
      v = sanitize(*v);
    namePrefix.reset();
    if (!v)
      return false;
    for (const ExprPtr &t : s.targets)
      if (!assign(*t, *v))
        return false;
    return true;
  }
  case StmtKind::AugAssign: {
    const Expr &t = *s.targets[0];
    if (t.kind != ExprKind::Name)
      return error(t.loc, "augmented assignment to subscripts or attributes "
                          "is not supported"),
             false;
    VR cur = lookupName(t.name, t.loc);
    if (!cur)
      return false;
    namePrefix = t.name;
    VR rhs = visitExpr(*s.value);
    VR r;
    if (rhs) {
      errLoc = s.loc;
      r = binary(s.augOp, *cur, *rhs);
      if (r)
        r = sanitize(*r);
    }
    namePrefix.reset();
    if (!r)
      return false;
    setValue(t.name, *r);
    nameDefiningOp(*r, t.name);
    return true;
  }
  case StmtKind::AnnAssign: {
    const Expr &t = *s.targets[0];
    bool isConstexpr = isConstexprAnnotation(s.annotation.get());
    if (!isConstexpr) {
      VR ann = visitExpr(*s.annotation);
      if (!ann)
        return false;
      isConstexpr = ann->kind == Val::Builtin && ann->s == "constexpr";
    }
    if (!s.value)
      return true;
    if (isConstexpr) {
      if (t.kind != ExprKind::Name)
        return error(t.loc, "only names can be declared tl.constexpr"), false;
      if (fs->lscope.count(t.name))
        return error(t.loc, "'" + t.name +
                                "' is already defined; a constexpr cannot be "
                                "reassigned"),
               false;
      VR v = visitExpr(*s.value);
      if (!v)
        return false;
      if (!v->isConstexpr())
        return error(s.value->loc, "the value of constexpr '" + t.name +
                                       "' must be known at compile time, "
                                       "got " +
                                       v->describe()),
               false;
      fs->lscope[t.name] = *v;
      return true;
    }
    if (t.kind == ExprKind::Name)
      namePrefix = t.name;
    VR v = visitExpr(*s.value);
    if (v)
      v = sanitize(*v);
    namePrefix.reset();
    return v && assign(t, *v);
  }
  case StmtKind::If:
    return visitIf(s);
  case StmtKind::For:
    return visitFor(s);
  case StmtKind::While:
    return visitWhile(s);
  case StmtKind::Return:
    return visitReturn(s);
  case StmtKind::Pass:
    return true;
  case StmtKind::Break:
  case StmtKind::Continue:
    return error(s.loc, std::string("'") +
                            (s.kind == StmtKind::Break ? "break" : "continue") +
                            "' is not supported in @triton.jit functions"),
           false;
  case StmtKind::Assert:
    // Device-side assertions only exist in debug builds upstream; without
    // debug they compile to nothing, and so do ours.
    return true;
  }
  return false;
}

/// Checks that a variable keeps its type across a region (then/else branch
/// or loop body).
static bool sameKindAndType(const Val &a, const Val &b) {
  if (a.kind != b.kind)
    return false;
  if (a.kind == Val::Tensor)
    return a.ty == b.ty;
  return true;
}

/// Whether a `return` appears in `stmts` (outside loops, where it is an
/// error anyway).
static bool containsReturn(const std::vector<StmtPtr> &stmts) {
  for (const StmtPtr &s : stmts) {
    if (s->kind == StmtKind::Return)
      return true;
    if (s->kind == StmtKind::If &&
        (containsReturn(s->body) || containsReturn(s->orelse)))
      return true;
  }
  return false;
}

/// An `if` on a tensor whose branches return. The statements that follow
/// the `if` (up to the end of the function or of the enclosing branch) are
/// generated into each branch that does not return first, so every path
/// ends in a return; the scf.if yields the returned values and the
/// function (or enclosing branch) returns its results. This is upstream's
/// early-return, kept structured instead of upstream's cf branches.
bool CodeGen::visitIfWithReturn(const Stmt &s, const Val &cond,
                                Location ifLoc) {
  // The continuation: what follows in each enclosing statement list, up to
  // the start of the enclosing branch region.
  std::vector<const Stmt *> rest;
  for (auto it = fs->frames.rbegin(); it != fs->frames.rend(); ++it) {
    if (!it->stmts)
      break;
    for (size_t k = it->next; k < it->stmts->size(); ++k)
      rest.push_back((*it->stmts)[k]);
  }
  auto branch = [&](const std::vector<StmtPtr> &stmts) {
    std::vector<const Stmt *> list;
    for (const StmtPtr &st : stmts)
      list.push_back(st.get());
    list.insert(list.end(), rest.begin(), rest.end());
    return list;
  };
  std::vector<const Stmt *> thenList = branch(s.body),
                            elseList = branch(s.orelse);

  ScopeMap liveins = fs->lscope;
  ScopeMap prevDefs = fs->localDefs;
  Region *region = b.getInsertionBlock()->getParent();
  OpBuilder::InsertPoint ip = b.saveInsertionPoint();
  int savedReturnDepth = fs->returnDepth;
  Block *blocks[2];
  FnState::BranchReturn results[2];
  bool ok = true;
  for (int k = 0; k < 2 && ok; ++k) {
    blocks[k] = b.createBlock(region);
    fs->lscope = liveins;
    fs->localDefs.clear();
    fs->scfDepth++;
    fs->returnDepth = fs->scfDepth;
    fs->branchReturns.emplace_back();
    fs->frames.push_back({nullptr, 0});
    ok = visitStmtList(k ? elseList : thenList);
    fs->frames.pop_back();
    results[k] = fs->branchReturns.back();
    fs->branchReturns.pop_back();
    fs->returnDepth = savedReturnDepth;
    fs->scfDepth--;
    fs->returned = false;
  }
  b.restoreInsertionPoint(ip);
  fs->lscope = liveins;
  fs->localDefs = prevDefs;
  if (!ok)
    return false;
  std::vector<TType> types =
      fs->retTypes ? *fs->retTypes : std::vector<TType>();
  SmallVector<Type> irTypes;
  for (const TType &t : types)
    irTypes.push_back(irType(t));
  auto ifOp = scf::IfOp::create(b, ifLoc, irTypes, cond.v, /*withElse=*/true);
  for (int k = 0; k < 2; ++k) {
    Block *to = k ? ifOp.elseBlock() : ifOp.thenBlock();
    Operation *term = to->empty() ? nullptr : &to->back();
    if (term && isa<scf::YieldOp>(term))
      to->getOperations().splice(Block::iterator(term),
                                 blocks[k]->getOperations());
    else
      to->getOperations().splice(to->end(), blocks[k]->getOperations());
    blocks[k]->erase();
    if (irTypes.empty())
      continue;
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToEnd(to);
    SmallVector<Value> vals;
    if (results[k].returned) {
      for (const Val &v : results[k].values)
        vals.push_back(v.v);
    } else {
      // Falling off the end of the function returns poison, as upstream.
      for (Type t : irTypes)
        vals.push_back(ub::PoisonOp::create(b, ifLoc, t));
    }
    scf::YieldOp::create(b, ifLoc, vals);
  }
  std::vector<Val> values;
  for (size_t k = 0; k < types.size(); ++k)
    values.push_back(Val::ofTensor(ifOp.getResult(k), types[k]));
  if (fs->scfDepth == 0) {
    SmallVector<Value> irValues(ifOp.getResults().begin(),
                                ifOp.getResults().end());
    tr::ReturnOp::create(b, loc, irValues);
  } else {
    fs->branchReturns.back().returned = true;
    fs->branchReturns.back().values = values;
  }
  fs->returned = true;
  return true;
}

bool CodeGen::visitIf(const Stmt &s) {
  VR cond = visitExpr(*s.value);
  if (!cond)
    return false;
  errLoc = s.loc;
  if (!cond->isTensor()) {
    std::optional<bool> t = constTruth(*cond);
    if (!t)
      return error(s.value->loc,
                   "an if condition must be a compile-time bool, int or None "
                   "or a scalar tensor, got " +
                       cond->describe()),
             false;
    return visitStmts(*t ? s.body : s.orelse);
  }
  if (cond->ty.isBlock())
    return error(s.value->loc, "an if condition must be a scalar, got " +
                                   cond->describe() +
                                   " (use tl.where for element-wise choices)"),
           false;
  VR c = cast(*cond, DType(SK::I1));
  if (!c)
    return false;
  Location ifLoc = loc;
  if ((containsReturn(s.body) || containsReturn(s.orelse)) &&
      fs->scfDepth == fs->returnDepth)
    return visitIfWithReturn(s, *c, ifLoc);

  ScopeMap liveins = fs->lscope;
  ScopeMap prevDefs = fs->localDefs;
  Region *region = b.getInsertionBlock()->getParent();
  OpBuilder::InsertPoint ip = b.saveInsertionPoint();
  Block *thenBlock = b.createBlock(region);
  Block *elseBlock = b.createBlock(region);
  fs->scfDepth++;
  fs->localDefs.clear();
  b.setInsertionPointToStart(thenBlock);
  bool ok = visitStmts(s.body);
  ScopeMap thenDefs = fs->localDefs;
  ScopeMap elseDefs;
  if (ok && !s.orelse.empty()) {
    fs->lscope = liveins;
    fs->localDefs.clear();
    b.setInsertionPointToStart(elseBlock);
    ok = visitStmts(s.orelse);
    elseDefs = fs->localDefs;
  }
  fs->scfDepth--;
  b.restoreInsertionPoint(ip);
  if (!ok)
    return false;

  // Variables the branches (re)define: live ones first, in their order,
  // then new ones both branches define, by name.
  std::vector<std::string> names;
  for (auto &[name, live] : liveins) {
    bool inThen = thenDefs.count(name), inElse = elseDefs.count(name);
    if (!inThen && !inElse)
      continue;
    for (auto *defs : {&thenDefs, &elseDefs}) {
      auto it = defs->find(name);
      if (it != defs->end() && !sameKindAndType(it->second, live))
        return error(s.loc, "variable '" + name + "' is " + live.describe() +
                                " before the if, but a branch assigns " +
                                it->second.describe() +
                                " (its type must stay the same)"),
               false;
    }
    if (!inThen)
      thenDefs[name] = live;
    if (!inElse)
      elseDefs[name] = live;
    names.push_back(name);
  }
  std::vector<std::string> fresh;
  for (auto &[name, v] : thenDefs)
    if (elseDefs.count(name) && !liveins.count(name))
      fresh.push_back(name);
  std::sort(fresh.begin(), fresh.end());
  for (const std::string &name : fresh) {
    if (!sameKindAndType(thenDefs[name], elseDefs[name]))
      return error(s.loc,
                   "variable '" + name + "' is " + thenDefs[name].describe() +
                       " in the then branch but " + elseDefs[name].describe() +
                       " in the else "
                       "branch"),
             false;
    names.push_back(name);
  }
  SmallVector<Type> types;
  SmallVector<Value> thenVals, elseVals;
  std::vector<TType> ttypes;
  for (const std::string &name : names) {
    const Val &tv = thenDefs[name], &ev = elseDefs[name];
    if (!tv.isTensor())
      return error(s.loc, "variable '" + name + "' is assigned " +
                              tv.describe() +
                              " in a non-constexpr if; only tensors can be "
                              "merged after the branches"),
             false;
    types.push_back(irType(tv.ty));
    ttypes.push_back(tv.ty);
    thenVals.push_back(tv.v);
    elseVals.push_back(ev.v);
  }
  auto ifOp = scf::IfOp::create(b, ifLoc, types, c->v, /*withElse=*/true);
  auto moveInto = [&](Block *from, Block *to, ValueRange results) {
    Operation *term = to->empty() ? nullptr : &to->back();
    if (term && isa<scf::YieldOp>(term))
      to->getOperations().splice(Block::iterator(term), from->getOperations());
    else
      to->getOperations().splice(to->end(), from->getOperations());
    if (!results.empty()) {
      OpBuilder::InsertionGuard g(b);
      b.setInsertionPointToEnd(to);
      scf::YieldOp::create(b, ifLoc, results);
    }
    from->erase();
  };
  moveInto(thenBlock, ifOp.thenBlock(), thenVals);
  moveInto(elseBlock, ifOp.elseBlock(), elseVals);
  fs->lscope = liveins;
  fs->localDefs = prevDefs;
  for (size_t k = 0; k < names.size(); ++k)
    setValue(names[k], Val::ofTensor(ifOp.getResult(k), ttypes[k]));
  return true;
}

std::optional<std::vector<std::string>>
CodeGen::dryRunLoopBody(const std::function<bool()> &body,
                        const SrcLoc &where) {
  ScopeMap liveins = fs->lscope;
  ScopeMap prevDefs = fs->localDefs;
  Region *region = b.getInsertionBlock()->getParent();
  OpBuilder::InsertPoint ip = b.saveInsertionPoint();
  Block *scratch = b.createBlock(region);
  fs->localDefs.clear();
  fs->scfDepth++;
  bool ok = body();
  fs->scfDepth--;
  ScopeMap loopDefs = fs->localDefs;
  b.restoreInsertionPoint(ip);
  scratch->dropAllDefinedValueUses();
  scratch->dropAllReferences();
  scratch->erase();
  fs->lscope = liveins;
  fs->localDefs = prevDefs;
  if (!ok)
    return std::nullopt;
  // Carried variables in the order they were first defined before the
  // loop (upstream's order).
  std::vector<std::string> names;
  for (auto &live : liveins) {
    const std::string &name = live.first;
    auto def = loopDefs.find(name);
    if (def == loopDefs.end())
      continue;
    const Val &v = def->second;
    auto lv = &live;
    if (!lv->second.isTensor())
      return error(where, "cannot reassign " + lv->second.describe() + " ('" +
                              name +
                              "') in a loop: it is a compile-time constant"),
             std::nullopt;
    if (!v.isTensor() && !v.isNumber())
      return error(where, "loop-carried variable '" + name + "' is assigned " +
                              v.describe() + " in the loop"),
             std::nullopt;
    if (v.isTensor() && v.ty != lv->second.ty)
      return error(where,
                   "loop-carried variable '" + name + "' is " +
                       lv->second.ty.str() + " before the loop but " +
                       v.ty.str() +
                       " at the end of the loop body (its type must stay the "
                       "same)"),
             std::nullopt;
    names.push_back(name);
  }
  return names;
}

/// The arguments of range / tl.range / tl.static_range as Python's range
/// reads them: (end) or (start, end[, step]).
static bool rangeBounds(const std::vector<Val> &args, Val &start, Val &end,
                        Val &step) {
  if (args.empty() || args.size() > 3)
    return false;
  start = Val::ofInt(0);
  step = Val::ofInt(1);
  if (args.size() == 1) {
    end = args[0];
  } else {
    start = args[0];
    end = args[1];
    if (args.size() == 3)
      step = args[2];
  }
  return true;
}

bool CodeGen::staticFor(const Stmt &s, const std::vector<Val> &args) {
  Val start, end, step;
  if (!rangeBounds(args, start, end, step) || start.kind != Val::Int ||
      end.kind != Val::Int || step.kind != Val::Int)
    return error(s.value->loc, "tl.static_range needs compile-time integer "
                               "bounds"),
           false;
  if (step.i == 0)
    return error(s.value->loc, "tl.static_range step must not be zero"), false;
  const Expr &target = *s.targets[0];
  if (target.kind != ExprKind::Name)
    return error(target.loc, "the loop variable must be a name"), false;
  for (int64_t i = start.i; step.i > 0 ? i < end.i : i > end.i; i += step.i) {
    fs->lscope[target.name] = Val::ofInt(i);
    if (!visitStmts(s.body))
      return false;
    if (fs->returned)
      break;
  }
  return true;
}

namespace {
/// The bounds of a dynamic for loop, cast to the induction variable's type.
struct LoopBounds {
  Val lb, ub, st;
  DType ivType;
  /// A negative constant step: the loop runs from ub down (lb and ub
  /// swapped, the step negated).
  bool negativeStep = false;
};
} // namespace

/// Reads range(...) / tl.range(...) arguments as scalar integers promoted
/// to one type.
static std::optional<LoopBounds>
loopBounds(CodeGen &cg, const std::vector<Val> &args, const SrcLoc &where) {
  Val start, end, step;
  if (!rangeBounds(args, start, end, step))
    return cg.error(where, "range takes 1 to 3 arguments"), std::nullopt;
  bool negativeStep = false;
  if (step.kind == Val::Int && step.i < 0) {
    step.i = -step.i;
    negativeStep = true;
    std::swap(start, end);
  }
  if (step.kind == Val::Int && step.i == 0)
    return cg.error(where, "range step must not be zero"), std::nullopt;
  VR lb = cg.toTensor(start), ub = lb ? cg.toTensor(end) : std::nullopt,
     st = ub ? cg.toTensor(step) : std::nullopt;
  if (!st)
    return std::nullopt;
  for (const Val *v : {&*lb, &*ub, &*st})
    if (v->ty.isBlock() || !v->ty.elt.isInt())
      return cg.error(where, "for loop bounds and step must be integer "
                             "scalars, got " +
                                 v->describe()),
             std::nullopt;
  // The induction variable's type: integer promotion of the three.
  DType ivType = integerPromote(integerPromote(lb->ty.elt, ub->ty.elt),
                                st->ty.elt);
  lb = cg.cast(*lb, ivType);
  ub = lb ? cg.cast(*ub, ivType) : std::nullopt;
  st = ub ? cg.cast(*st, ivType) : std::nullopt;
  if (!st)
    return std::nullopt;
  return LoopBounds{*lb, *ub, *st, ivType, negativeStep};
}

/// The tl.range keywords that become attributes of the scf.for.
static void setLoopAttributes(CodeGen &cg, scf::ForOp forOp,
                              const llvm::StringMap<Val> &kwargs) {
  auto intAttr = [&](const char *kw, const char *attr) {
    auto it = kwargs.find(kw);
    if (it != kwargs.end() && it->second.kind == Val::Int)
      forOp->setAttr(attr, cg.b.getI32IntegerAttr(it->second.i));
  };
  auto unitAttr = [&](const char *kw, const char *attr) {
    auto it = kwargs.find(kw);
    if (it != kwargs.end()) {
      std::optional<bool> t = cg.constTruth(it->second);
      if (t && *t)
        forOp->setAttr(attr, cg.b.getUnitAttr());
    }
  };
  intAttr("num_stages", "tt.num_stages");
  intAttr("loop_unroll_factor", "tt.loop_unroll_factor");
  unitAttr("disallow_acc_multi_buffer", "tt.disallow_acc_multi_buffer");
  unitAttr("flatten", "tt.flatten");
  unitAttr("warp_specialize", "tt.warp_specialize");
  unitAttr("disable_licm", "tt.disable_licm");
}

bool CodeGen::visitFor(const Stmt &s) {
  const Expr &iter = *s.value;
  if (iter.kind != ExprKind::Call)
    return error(iter.loc, "for loops must iterate over range(...), "
                           "tl.range(...) or tl.static_range(...)"),
           false;
  VR callee = visitExpr(*iter.kids[0]);
  if (!callee)
    return false;
  bool isPy = callee->kind == Val::Builtin && callee->s == "py.range";
  bool isTl = callee->kind == Val::Builtin && callee->s == "range";
  bool isStatic = callee->kind == Val::Builtin && callee->s == "static_range";
  if (!isPy && !isTl && !isStatic)
    return error(iter.loc, "for loops must iterate over range(...), "
                           "tl.range(...) or tl.static_range(...)"),
           false;
  // Upstream evaluates the positional arguments, then the keywords.
  std::vector<Val> args;
  for (size_t k = 1; k < iter.kids.size(); ++k) {
    VR v = visitExpr(*iter.kids[k]);
    if (!v)
      return false;
    args.push_back(*v);
  }
  llvm::StringMap<Val> kwargs;
  for (const Keyword &kw : iter.keywords) {
    LocScope kwScope(*this, kw.loc);
    VR v = visitExpr(*kw.value);
    if (!v)
      return false;
    kwargs[kw.name] = *v;
  }
  errLoc = iter.loc;
  // The loop op is at the last iterator argument visited (upstream's).
  Location forLoc = loc;
  if (isStatic) {
    if (!kwargs.empty())
      return error(iter.loc, "tl.static_range takes no keyword arguments"),
             false;
    return staticFor(s, args);
  }
  static const char *const knownKw[] = {
      "num_stages", "loop_unroll_factor", "disallow_acc_multi_buffer",
      "flatten",    "warp_specialize",    "disable_licm"};
  for (auto &kv : kwargs)
    if (isPy || !llvm::is_contained(knownKw, kv.getKey()))
      return error(iter.loc, "unexpected keyword argument '" +
                                 kv.getKey().str() + "' to " +
                                 (isPy ? "range" : "tl.range")),
             false;
  auto bounds = loopBounds(*this, args, iter.loc);
  if (!bounds)
    return false;
  VR lb = bounds->lb, ub = bounds->ub;
  DType ivType = bounds->ivType;
  bool negativeStep = bounds->negativeStep;
  const Expr &target = *s.targets[0];
  if (target.kind != ExprKind::Name)
    return error(target.loc, "the loop variable must be a name"), false;
  TType ivTT{ivType, {}};

  auto names = dryRunLoopBody(
      [&]() {
        Value placeholder =
            ub::PoisonOp::create(b, loc, irType(ivType)).getResult();
        fs->lscope[target.name] = Val::ofTensor(placeholder, ivTT);
        return visitStmts(s.body);
      },
      s.loc);
  if (!names)
    return false;

  SmallVector<Value> inits;
  std::vector<TType> ttypes;
  for (const std::string &n : *names) {
    inits.push_back(fs->lscope[n].v);
    ttypes.push_back(fs->lscope[n].ty);
  }
  auto forOp =
      scf::ForOp::create(b, forLoc, lb->v, ub->v, bounds->st.v, inits);
  setLoopAttributes(*this, forOp, kwargs);

  ScopeMap liveins = fs->lscope;
  ScopeMap prevDefs = fs->localDefs;
  Block *body = forOp.getBody();
  OpBuilder::InsertPoint ip = b.saveInsertionPoint();
  if (!body->empty() && body->back().hasTrait<OpTrait::IsTerminator>())
    b.setInsertionPoint(&body->back());
  else
    b.setInsertionPointToEnd(body);
  fs->localDefs.clear();
  fs->scfDepth++;
  for (size_t k = 0; k < names->size(); ++k)
    setValue((*names)[k], Val::ofTensor(body->getArgument(k + 1), ttypes[k]));
  Value iv = forOp.getInductionVar();
  // Block arguments carry the names of their variables (printed as %k,
  // %acc_1, ... like upstream's).
  iv.setLoc(NameLoc::get(StringAttr::get(&ctx, target.name), loc));
  for (size_t k = 0; k < names->size(); ++k)
    body->getArgument(k + 1).setLoc(
        NameLoc::get(StringAttr::get(&ctx, (*names)[k]), loc));
  if (negativeStep) {
    // Iterate from the top: iv' = ub - iv + lb.
    Value d = arith::SubIOp::create(b, loc, ub->v, iv);
    iv = arith::AddIOp::create(b, loc, d, lb->v);
  }
  fs->lscope[target.name] = Val::ofTensor(iv, ivTT);
  return finishLoop(s, forOp, *names, ttypes, ip, liveins, prevDefs,
                    /*yieldNone=*/false);
}

bool CodeGen::finishLoop(const Stmt &s, Operation *loop,
                         const std::vector<std::string> &names,
                         const std::vector<TType> &ttypes,
                         OpBuilder::InsertPoint ip, const ScopeMap &liveins,
                         const ScopeMap &prevDefs, bool yieldNone) {
  bool ok = visitStmts(s.body);
  fs->scfDepth--;
  if (!ok) {
    b.restoreInsertionPoint(ip);
    return false;
  }
  SmallVector<Value> yields;
  for (size_t k = 0; k < names.size(); ++k) {
    Val v = fs->lscope[names[k]];
    if (v.isNumber()) {
      VR t = toTensor(v);
      if (!t)
        return false;
      v = *t;
    }
    if (!v.isTensor() || v.ty != ttypes[k])
      return error(s.loc, "loop-carried variable '" + names[k] +
                              "' changes type in the loop"),
             false;
    yields.push_back(v.v);
  }
  if (yieldNone || !names.empty())
    scf::YieldOp::create(b, loc, yields);
  b.restoreInsertionPoint(ip);
  fs->lscope = liveins;
  fs->localDefs = prevDefs;
  for (size_t k = 0; k < names.size(); ++k) {
    Val r = Val::ofTensor(loop->getResult(k), ttypes[k]);
    setValue(names[k], r);
    nameDefiningOp(r, names[k], /*nest=*/true);
  }
  return true;
}

bool CodeGen::visitWhile(const Stmt &s) {
  if (!s.orelse.empty())
    return error(s.loc, "while ... else is not supported"), false;
  Location whileLoc = loc;
  auto names = dryRunLoopBody([&]() { return visitStmts(s.body); }, s.loc);
  if (!names)
    return false;
  SmallVector<Value> inits;
  SmallVector<Type> types;
  SmallVector<Location> locs;
  std::vector<TType> ttypes;
  for (const std::string &n : *names) {
    inits.push_back(fs->lscope[n].v);
    types.push_back(fs->lscope[n].v.getType());
    ttypes.push_back(fs->lscope[n].ty);
    locs.push_back(NameLoc::get(StringAttr::get(&ctx, n), whileLoc));
  }
  auto whileOp = scf::WhileOp::create(b, whileLoc, types, inits);
  ScopeMap liveins = fs->lscope;
  ScopeMap prevDefs = fs->localDefs;
  OpBuilder::InsertPoint ip = b.saveInsertionPoint();
  fs->scfDepth++;
  Block *before = b.createBlock(&whileOp.getBefore(), {}, types, locs);
  fs->localDefs.clear();
  for (size_t k = 0; k < names->size(); ++k)
    setValue((*names)[k], Val::ofTensor(before->getArgument(k), ttypes[k]));
  VR cond = visitExpr(*s.value);
  if (cond && !cond->isTensor())
    cond = toTensor(*cond);
  if (cond && cond->ty.isBlock()) {
    error(s.value->loc,
          "a while condition must be a scalar, got " + cond->describe());
    cond.reset();
  }
  if (cond)
    cond = cast(*cond, DType(SK::I1));
  if (!cond) {
    b.restoreInsertionPoint(ip);
    return false;
  }
  scf::ConditionOp::create(b, loc, cond->v, before->getArguments());
  Block *after = b.createBlock(&whileOp.getAfter(), {}, types, locs);
  fs->lscope = liveins;
  fs->localDefs.clear();
  for (size_t k = 0; k < names->size(); ++k)
    setValue((*names)[k], Val::ofTensor(after->getArgument(k), ttypes[k]));
  return finishLoop(s, whileOp, *names, ttypes, ip, liveins, prevDefs,
                    /*yieldNone=*/true);
}

bool CodeGen::visitReturn(const Stmt &s) {
  if (fs->scfDepth > 0 && fs->scfDepth != fs->returnDepth)
    return error(s.loc, "'return' inside a for or while loop is not "
                        "supported"),
           false;
  std::vector<Val> values;
  bool isTuple = false;
  if (s.value) {
    VR v = visitExpr(*s.value);
    if (!v)
      return false;
    errLoc = s.loc;
    auto decay = [&](const Val &x) -> VR {
      if (x.isNumber())
        return toTensor(x);
      if (x.isTensor())
        return x;
      return error(s.value->loc, "cannot return " + x.describe() +
                                     " from a @triton.jit function");
    };
    if (v->kind == Val::Tuple) {
      isTuple = true;
      for (const Val &x : v->tuple()) {
        VR d = decay(x);
        if (!d)
          return false;
        values.push_back(*d);
      }
    } else if (v->kind != Val::None) {
      VR d = decay(*v);
      if (!d)
        return false;
      values.push_back(*d);
    }
  }
  if (fs->isKernel && !values.empty())
    return error(s.loc, "a kernel cannot return a value"), false;
  std::vector<TType> types;
  SmallVector<Value> irValues;
  for (const Val &v : values) {
    types.push_back(v.ty);
    irValues.push_back(v.v);
  }
  if (fs->retTypes && *fs->retTypes != types) {
    auto str = [](const std::vector<TType> &ts) {
      std::string r = "(";
      for (size_t k = 0; k < ts.size(); ++k)
        r += (k ? ", " : "") + ts[k].str();
      return r + ")";
    };
    return error(s.loc, "inconsistent return types: " + str(*fs->retTypes) +
                            " and " + str(types)),
           false;
  }
  fs->retTypes = types;
  fs->retIsTuple = isTuple;
  if (fs->scfDepth > 0) {
    // In a branch of an `if` with an early return: the scf.if yields it.
    fs->branchReturns.back().returned = true;
    fs->branchReturns.back().values = values;
  } else {
    tr::ReturnOp::create(b, loc, irValues);
  }
  fs->returned = true;
  return true;
}

bool CodeGen::finishFunction(FnState &st) {
  SmallVector<Type> results;
  if (st.retTypes)
    for (const TType &t : *st.retTypes)
      results.push_back(irType(t));
  if (!st.returned) {
    // Falling off the end of a function that returns values elsewhere
    // returns poison, as upstream does.
    SmallVector<Value> poison;
    for (Type t : results)
      poison.push_back(ub::PoisonOp::create(b, loc, t));
    tr::ReturnOp::create(b, loc, poison);
  }
  st.func.setFunctionType(
      FunctionType::get(&ctx, st.func.getFunctionType().getInputs(), results));
  return true;
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

VR CodeGen::constFromSpec(const ConstValue &c, const SrcLoc &where) {
  switch (c.kind) {
  case ConstValue::None:
    return Val::none();
  case ConstValue::Bool:
    return Val::ofBool(c.boolValue);
  case ConstValue::Int:
    return Val::ofInt(c.intValue);
  case ConstValue::Float:
    return Val::ofFloat(c.floatValue);
  case ConstValue::Str:
    return Val::ofStr(c.strValue);
  case ConstValue::DType: {
    std::optional<DType> d = dtypeFromSignature(c.strValue);
    if (!d)
      return error(where, "unknown dtype '" + c.strValue + "'");
    return Val::ofDType(*d);
  }
  }
  return std::nullopt;
}

bool CodeGen::bindKernelParams(
    const FunctionDef &def, SmallVectorImpl<Type> &argTypes,
    SmallVectorImpl<DictionaryAttr> &argAttrs,
    std::vector<std::pair<std::string, Val>> &constants,
    std::vector<std::string> &argNames, std::vector<TType> &argTTypes) {
  const auto &sig = opts.signature;
  if (sig.size() > def.params.size())
    return error(def.loc, "the signature has " + std::to_string(sig.size()) +
                              " entries but '" + def.name + "' has " +
                              std::to_string(def.params.size()) +
                              " parameters"),
           false;
  for (const auto &define : opts.defines) {
    const std::string &name = define.first;
    if (llvm::none_of(def.params,
                      [&](const Param &p) { return p.name == name; }))
      return error(def.loc, "-D " + name + ": '" + def.name +
                                "' has no parameter named '" + name + "'"),
             false;
  }
  for (size_t i = 0; i < def.params.size(); ++i) {
    const Param &p = def.params[i];
    bool isConstexpr = isConstexprAnnotation(p.annotation.get());
    auto define = llvm::find_if(
        opts.defines, [&](const auto &d) { return d.first == p.name; });
    if (define != opts.defines.end()) {
      VR v = constFromSpec(define->second, p.loc);
      if (!v)
        return false;
      constants.emplace_back(p.name, *v);
      continue;
    }
    if (i < sig.size()) {
      const SignatureEntry &e = sig[i];
      if (e.isConstant) {
        VR v = constFromSpec(e.value, p.loc);
        if (!v)
          return false;
        constants.emplace_back(p.name, *v);
        continue;
      }
      if (isConstexpr)
        return error(p.loc, "parameter '" + p.name +
                                "' is tl.constexpr: give it a value (in the "
                                "signature or with -D " +
                                p.name + "=VALUE), not the type '" + e.type +
                                "'"),
               false;
      std::optional<DType> d = dtypeFromSignature(e.type);
      if (!d)
        return error(p.loc, "unknown type '" + e.type + "' for parameter '" +
                                p.name + "'"),
               false;
      TType tt{*d, {}};
      argTypes.push_back(irType(tt));
      argTTypes.push_back(tt);
      argNames.push_back(p.name);
      NamedAttrList attrs;
      if (e.divisibility && (d->isPtr() || d->isInt()))
        attrs.append("tt.divisibility",
                     b.getI32IntegerAttr((int32_t)e.divisibility));
      argAttrs.push_back(attrs.getDictionary(&ctx));
      continue;
    }
    if (p.defaultValue) {
      VR v = visitExpr(*p.defaultValue);
      if (!v)
        return false;
      if (!v->isConstexpr())
        return error(p.defaultValue->loc,
                     "the default of parameter '" + p.name +
                         "' must be a compile-time constant"),
               false;
      constants.emplace_back(p.name, *v);
      continue;
    }
    return error(p.loc, "no value for parameter '" + p.name +
                            "': the signature has " +
                            std::to_string(sig.size()) +
                            " entries; give its type or value there, or -D " +
                            p.name + "=VALUE"),
           false;
  }
  return true;
}

bool CodeGen::genKernel(const FunctionDef &def) {
  FnState st;
  st.def = &def;
  st.isKernel = true;
  fs = &st;
  setLoc(def.loc);
  Location fnLoc = loc;
  errLoc = def.loc;

  SmallVector<Type> argTypes;
  SmallVector<DictionaryAttr> argAttrs;
  std::vector<std::pair<std::string, Val>> constants;
  std::vector<std::string> argNames;
  std::vector<TType> argTTypes;
  // Parameter defaults are evaluated outside any function body.
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToEnd(module.getBody());
  if (!bindKernelParams(def, argTypes, argAttrs, constants, argNames,
                        argTTypes))
    return false;

  auto func = tr::FuncOp::create(
      b, fnLoc, def.name, FunctionType::get(&ctx, argTypes, {}), {}, argAttrs);
  // Printed as `tt.func public`, like upstream's kernels.
  func->setAttr(SymbolTable::getVisibilityAttrName(),
                b.getStringAttr("public"));
  func->setAttr("noinline", b.getBoolAttr(false));
  st.func = func;
  SmallVector<Location> argLocs;
  for (const std::string &n : argNames)
    argLocs.push_back(NameLoc::get(StringAttr::get(&ctx, n), fnLoc));
  Block *entry = b.createBlock(&func.getBody(), {}, argTypes, argLocs);
  b.setInsertionPointToStart(entry);
  // Bind parameters in declaration order.
  size_t argIdx = 0;
  for (const Param &p : def.params) {
    auto c = llvm::find_if(constants,
                           [&](const auto &kv) { return kv.first == p.name; });
    if (c != constants.end()) {
      st.lscope[p.name] = c->second;
      continue;
    }
    st.lscope[p.name] =
        Val::ofTensor(entry->getArgument(argIdx), argTTypes[argIdx]);
    ++argIdx;
  }
  if (!visitStmts(def.body))
    return false;
  return finishFunction(st);
}

/// Upstream-style mangled name of a specialization of a helper function.
static std::string
mangleCallee(const std::string &file, const FunctionDef &fn,
             const std::vector<Val> &dyn,
             const std::vector<std::pair<int, Val>> &consts) {
  std::string stem = llvm::sys::path::stem(file).str();
  std::string name = stem + "." + fn.name + "__";
  for (size_t k = 0; k < dyn.size(); ++k) {
    if (k)
      name += "_";
    name += dyn[k].ty.elt.mangle();
    if (dyn[k].ty.isBlock()) {
      name += "S";
      for (size_t d = 0; d < dyn[k].ty.shape.size(); ++d)
        name += (d ? "_" : "") + std::to_string(dyn[k].ty.shape[d]);
      name += "S";
    }
  }
  name += "__";
  for (size_t k = 0; k < consts.size(); ++k) {
    if (k)
      name += "_";
    std::string v = consts[k].second.describe();
    for (char &c : v)
      if (!isalnum((unsigned char)c) && c != '_' && c != '-')
        c = '_';
    name += "(" + std::to_string(consts[k].first) + ",)c" + v;
  }
  return name;
}

VR CodeGen::callJit(const FunctionDef *fn, CallArgs &call,
                    const SrcLoc &callLoc) {
  if (!fn->parsed)
    return error(callLoc, "'" + fn->name + "' is not a @triton.jit function");
  size_t n = fn->params.size();
  std::vector<std::optional<Val>> bound(n);
  if (call.args.size() > n)
    return error(callLoc, "'" + fn->name + "' takes " + std::to_string(n) +
                              " arguments but " +
                              std::to_string(call.args.size()) + " were given");
  for (size_t k = 0; k < call.args.size(); ++k)
    bound[k] = call.args[k];
  for (const auto &kwarg : call.kwargs) {
    const std::string &name = kwarg.first;
    const Val &v = kwarg.second;
    auto it = llvm::find_if(fn->params,
                            [&](const Param &p) { return p.name == name; });
    if (it == fn->params.end())
      return error(callLoc, "'" + fn->name +
                                "' got an unexpected keyword argument '" +
                                name + "'");
    size_t idx = it - fn->params.begin();
    if (bound[idx])
      return error(callLoc, "'" + fn->name +
                                "' got multiple values for argument '" + name +
                                "'");
    bound[idx] = v;
  }
  for (size_t k = 0; k < n; ++k) {
    if (bound[k])
      continue;
    const Param &p = fn->params[k];
    if (!p.defaultValue)
      return error(callLoc,
                   "'" + fn->name + "' is missing argument '" + p.name + "'");
    FnState *saved = fs;
    FnState defaults;
    fs = &defaults;
    VR v = visitExpr(*p.defaultValue);
    fs = saved;
    if (!v)
      return std::nullopt;
    bound[k] = *v;
  }
  std::vector<Val> dyn;
  std::vector<std::pair<int, Val>> consts;
  for (size_t k = 0; k < n; ++k) {
    const Val &v = *bound[k];
    const Param &p = fn->params[k];
    if (v.isTensor()) {
      if (isConstexprAnnotation(p.annotation.get()))
        return error(callLoc, "argument '" + p.name + "' of '" + fn->name +
                                  "' is tl.constexpr but got " + v.describe());
      dyn.push_back(v);
    } else if (v.kind == Val::Tuple && !v.isConstexpr()) {
      return error(callLoc, "passing tuples of tensors to @jit functions is "
                            "not supported");
    } else {
      consts.emplace_back((int)k, v);
    }
  }
  std::string mangled = mangleCallee(mod.fileName, *fn, dyn, consts);
  auto it = callees.find(mangled);
  if (it == callees.end()) {
    if (++callDepth > 64)
      return error(callLoc, "@jit calls nested too deeply (recursion?)");
    callees[mangled] = CalleeInfo();
    OpBuilder::InsertionGuard guard(b);
    FnState *savedFs = fs;
    auto savedPrefix = namePrefix;
    Location savedLoc = loc;
    SrcLoc savedErr = errLoc;
    namePrefix.reset();
    FnState st;
    st.def = fn;
    fs = &st;
    setLoc(fn->loc);
    Location fnLoc = loc;
    SmallVector<Type> argTypes;
    SmallVector<Location> argLocs;
    for (const Val &v : dyn)
      argTypes.push_back(irType(v.ty));
    b.setInsertionPointToEnd(module.getBody());
    auto func = tr::FuncOp::create(b, fnLoc, mangled,
                                   FunctionType::get(&ctx, argTypes, {}));
    func.setVisibility(SymbolTable::Visibility::Private);
    func->setAttr("noinline", b.getBoolAttr(fn->noinline));
    st.func = func;
    size_t di = 0;
    for (size_t k = 0; k < n; ++k)
      if (bound[k]->isTensor())
        argLocs.push_back(
            NameLoc::get(StringAttr::get(&ctx, fn->params[k].name), fnLoc));
    Block *entry = b.createBlock(&func.getBody(), {}, argTypes, argLocs);
    b.setInsertionPointToStart(entry);
    for (size_t k = 0; k < n; ++k) {
      const Param &p = fn->params[k];
      if (bound[k]->isTensor()) {
        st.lscope[p.name] = Val::ofTensor(entry->getArgument(di), dyn[di].ty);
        ++di;
      } else {
        st.lscope[p.name] = *bound[k];
      }
    }
    bool ok = visitStmts(fn->body) && finishFunction(st);
    fs = savedFs;
    namePrefix = savedPrefix;
    loc = savedLoc;
    errLoc = savedErr;
    --callDepth;
    if (!ok) {
      note(callLoc, "in the call to '" + fn->name + "' here");
      return std::nullopt;
    }
    CalleeInfo &info = callees[mangled];
    info.func = func;
    info.retTypes = st.retTypes ? *st.retTypes : std::vector<TType>();
    info.retIsTuple = st.retIsTuple;
    info.done = true;
    it = callees.find(mangled);
  } else if (!it->second.done) {
    return error(callLoc,
                 "recursive call to '" + fn->name + "' is not supported");
  }
  const CalleeInfo &info = it->second;
  SmallVector<Value> operands;
  for (const Val &v : dyn)
    operands.push_back(v.v);
  SmallVector<Type> resultTypes;
  for (const TType &t : info.retTypes)
    resultTypes.push_back(irType(t));
  auto callOp = tr::CallOp::create(b, loc, SymbolRefAttr::get(&ctx, mangled),
                                   resultTypes, operands);
  if (info.retTypes.empty())
    return Val::none();
  if (!info.retIsTuple)
    return Val::ofTensor(callOp.getResult(0), info.retTypes[0]);
  std::vector<Val> out;
  for (size_t k = 0; k < info.retTypes.size(); ++k)
    out.push_back(Val::ofTensor(callOp.getResult(k), info.retTypes[k]));
  return Val::ofTuple(std::move(out));
}

OwningOpRef<ModuleOp> CodeGen::run() {
  const FunctionDef *def = mod.lookupFunction(opts.kernelName);
  if (!def) {
    std::string names;
    for (const auto &f : mod.functions)
      if (f->isJit)
        names += (names.empty() ? "" : ", ") + f->name;
    llvm::errs() << mod.fileName << ": error: no function named '"
                 << opts.kernelName << "'"
                 << (names.empty() ? std::string(" (and no @triton.jit "
                                                 "functions)")
                                   : " (@triton.jit functions: " + names + ")")
                 << "\n";
    return nullptr;
  }
  if (!def->isJit) {
    error(def->loc, "'" + def->name + "' is not decorated with @triton.jit");
    return nullptr;
  }
  Location modLoc = FileLineColLoc::get(fileName, def->loc.line, 0);
  module = ModuleOp::create(modLoc);
  OwningOpRef<ModuleOp> owned(module);
  if (!genKernel(*def) || hadError)
    return nullptr;
  if (mlir::failed(verify(module))) {
    llvm::errs() << mod.fileName
                 << ": internal error: the generated TTIR does not verify\n";
    return nullptr;
  }
  return owned;
}

OwningOpRef<ModuleOp> tt::frontend::compileKernel(MLIRContext &ctx,
                                                  llvm::SourceMgr &sm,
                                                  const Module &module,
                                                  const CompileOptions &opts) {
  loadFrontendDialects(ctx);
  CodeGen cg(ctx, sm, module, opts);
  return cg.run();
}

void tt::frontend::loadFrontendDialects(MLIRContext &ctx) {
  ctx.loadDialect<tr::TritonDialect, arith::ArithDialect, math::MathDialect,
                  scf::SCFDialect, ub::UBDialect>();
}
