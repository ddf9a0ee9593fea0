//===- AxisInfo.cpp - divisibility, contiguity and constancy ----*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// A sparse forward data-flow analysis over MLIR's framework. Each transfer
// function below states, per tensor dimension, what an operation preserves
// of its operands' runs of consecutive values (contiguity), runs of equal
// values (constancy) and power-of-two alignment (divisibility).
//
//===----------------------------------------------------------------------===//

#include "tt/Analysis/AxisInfo.h"

#include "tt/Dialect/Triton/IR/Dialect.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Analysis/DataFlow/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/TypeSwitch.h"
#include <numeric>

using namespace mlir;
using namespace mlir::triton;

namespace {

using DimVector = AxisInfo::DimVector;

int64_t gcd64(int64_t a, int64_t b) { return std::gcd(a, b); }

/// Largest power of two dividing `v` (kMaxDivisor for 0).
int64_t pow2Divisor(int64_t v) {
  if (v == 0)
    return AxisInfo::kMaxDivisor;
  uint64_t u = static_cast<uint64_t>(v);
  uint64_t low = u & (~u + 1);
  return std::min<int64_t>(static_cast<int64_t>(low), AxisInfo::kMaxDivisor);
}

int64_t capDivisor(int64_t v) {
  return std::min<int64_t>(std::max<int64_t>(v, 1), AxisInfo::kMaxDivisor);
}

SmallVector<int64_t> shapeOf(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return SmallVector<int64_t>(tensor.getShape());
  return {1};
}

unsigned rankOf(Type type) { return shapeOf(type).size(); }

/// Size in bytes of what a pointer (or tensor of pointers) points to.
int64_t pointeeBytes(Type type) {
  Type elem = triton::getElementTypeOrSelf(type);
  auto ptr = dyn_cast<PointerType>(elem);
  if (!ptr)
    return 1;
  Type pointee = ptr.getPointeeType();
  if (auto tensor = dyn_cast<RankedTensorType>(pointee))
    pointee = tensor.getElementType();
  if (!pointee.isIntOrFloat())
    return 1;
  return std::max<int64_t>(1, pointee.getIntOrFloatBitWidth() / 8);
}

/// Facts of a value that is the same everywhere (a scalar splat to `shape`).
AxisInfo uniform(ArrayRef<int64_t> shape, int64_t divisibility,
                 std::optional<int64_t> constant) {
  DimVector ones(shape.size(), 1), div(shape.size(), divisibility);
  return AxisInfo(ones, div, DimVector(shape.begin(), shape.end()), constant);
}

/// Whether `info` has the same value along all of dimension `d` of `shape`.
bool isUniformAlong(const AxisInfo &info, ArrayRef<int64_t> shape, unsigned d) {
  return info.getConstancy(d) >= shape[d];
}

} // namespace

//===----------------------------------------------------------------------===//
// AxisInfo
//===----------------------------------------------------------------------===//

AxisInfo AxisInfo::unknown(unsigned rank) {
  DimVector ones(rank, 1);
  return AxisInfo(ones, ones, ones);
}

AxisInfo AxisInfo::getPessimisticValueState(Value value) {
  unsigned rank = rankOf(value.getType());
  AxisInfo info = unknown(rank);
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg)
    return info;
  auto func = dyn_cast<FunctionOpInterface>(arg.getOwner()->getParentOp());
  if (!func || arg.getOwner() != &func.getFunctionBody().front())
    return info;
  auto read = [&](StringRef name) -> int64_t {
    if (auto attr = func.getArgAttrOfType<IntegerAttr>(arg.getArgNumber(), name))
      return attr.getInt();
    return 1;
  };
  DimVector div(rank, capDivisor(read("tt.divisibility")));
  DimVector contig(rank, std::max<int64_t>(1, read("tt.contiguity")));
  DimVector constancy(rank, std::max<int64_t>(1, read("tt.constancy")));
  return AxisInfo(contig, div, constancy);
}

AxisInfo AxisInfo::join(const AxisInfo &lhs, const AxisInfo &rhs) {
  if (!lhs.isInitialized())
    return rhs;
  if (!rhs.isInitialized())
    return lhs;
  if (lhs.getRank() != rhs.getRank())
    return unknown(lhs.getRank());
  DimVector contig, div, constancy;
  for (unsigned d = 0; d < lhs.getRank(); ++d) {
    contig.push_back(gcd64(lhs.contiguity[d], rhs.contiguity[d]));
    div.push_back(gcd64(lhs.divisibility[d], rhs.divisibility[d]));
    constancy.push_back(gcd64(lhs.constancy[d], rhs.constancy[d]));
  }
  std::optional<int64_t> constant;
  if (lhs.constant && rhs.constant && *lhs.constant == *rhs.constant)
    constant = lhs.constant;
  return AxisInfo(contig, div, constancy, constant);
}

void AxisInfo::print(llvm::raw_ostream &os) const {
  auto list = [&](StringRef name, const DimVector &v) {
    os << name << " = [";
    llvm::interleaveComma(v, os);
    os << "]";
  };
  list("contiguity", contiguity);
  os << ", ";
  list("divisibility", divisibility);
  os << ", ";
  list("constancy", constancy);
  os << ", constant_value = ";
  if (constant)
    os << *constant;
  else
    os << "<none>";
}

//===----------------------------------------------------------------------===//
// Transfer functions
//===----------------------------------------------------------------------===//

namespace {

using AxisInfoLattice = dataflow::Lattice<AxisInfo>;

/// Computes the facts of `op`'s result from those of its operands, or
/// returns std::nullopt when nothing better than "unknown" is known.
class TransferFunctions {
public:
  TransferFunctions(Operation *op, ArrayRef<const AxisInfo *> operands)
      : op(op), in(operands) {}

  AxisInfo run() {
    Type type = op->getResult(0).getType();
    shape = shapeOf(type);
    rank = shape.size();
    std::optional<AxisInfo> result =
        llvm::TypeSwitch<Operation *, std::optional<AxisInfo>>(op)
            .Case<arith::ConstantOp>([&](auto c) { return constant(c); })
            .Case<MakeRangeOp>([&](auto r) {
              int64_t size = r.getEnd() - r.getStart();
              return AxisInfo({size}, {pow2Divisor(r.getStart())}, {1});
            })
            .Case<SplatOp>([&](auto) {
              return uniform(shape, in[0]->getDivisibility(0),
                             in[0]->getConstantValue());
            })
            .Case<arith::AddIOp>([&](auto) { return add(1); })
            .Case<AddPtrOp>([&](auto) {
              return add(pointeeBytes(op->getResult(0).getType()));
            })
            .Case<arith::SubIOp>([&](auto) { return sub(); })
            .Case<arith::MulIOp>([&](auto) { return mul(); })
            .Case<arith::DivSIOp, arith::DivUIOp>([&](auto) { return div(); })
            .Case<arith::RemSIOp, arith::RemUIOp>([&](auto) { return rem(); })
            .Case<arith::CmpIOp>([&](auto c) { return cmp(c.getPredicate()); })
            .Case<arith::SelectOp>([&](auto) { return select(); })
            .Case<arith::AndIOp>([&](auto) { return bitwise(/*isAnd=*/true); })
            .Case<arith::OrIOp, arith::XOrIOp>(
                [&](auto) { return bitwise(/*isAnd=*/false); })
            .Case<arith::ShLIOp>([&](auto) { return shl(); })
            .Case<arith::ShRUIOp, arith::ShRSIOp>([&](auto) { return shr(); })
            .Case<arith::MaxSIOp, arith::MaxUIOp, arith::MinSIOp,
                  arith::MinUIOp>([&](auto) { return minMax(); })
            .Case<arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp,
                  arith::IndexCastOp, IntToPtrOp, PtrToIntOp, BitcastOp>(
                [&](auto) { return copy(); })
            .Case<BroadcastOp>([&](auto b) { return broadcast(b); })
            .Case<ExpandDimsOp>([&](auto e) { return expandDims(e.getAxis()); })
            .Case<TransOp>([&](auto t) { return trans(t.getOrder()); })
            .Default([&](Operation *) -> std::optional<AxisInfo> {
              // Layout conversions (ttg.convert_layout) keep the values.
              if (op->getName().getStringRef() == "ttg.convert_layout")
                return copy();
              return std::nullopt;
            });
    if (!result || result->getRank() != rank)
      return AxisInfo::unknown(rank);
    // Runs never exceed the tensor.
    DimVector contig, div, constancy;
    for (unsigned d = 0; d < rank; ++d) {
      contig.push_back(std::min(result->getContiguity(d), shape[d]));
      constancy.push_back(std::min(result->getConstancy(d), shape[d]));
      div.push_back(capDivisor(result->getDivisibility(d)));
    }
    return AxisInfo(contig, div, constancy, result->getConstantValue());
  }

private:
  const AxisInfo &lhs() const { return *in[0]; }
  const AxisInfo &rhs() const { return *in[1]; }

  std::optional<AxisInfo> constant(arith::ConstantOp c) {
    if (auto i = dyn_cast<IntegerAttr>(c.getValue()))
      return uniform(shape, pow2Divisor(i.getValue().getSExtValue()),
                     i.getValue().getSExtValue());
    if (auto dense = dyn_cast<DenseIntElementsAttr>(c.getValue()))
      if (dense.isSplat()) {
        int64_t v = dense.getSplatValue<APInt>().getSExtValue();
        return uniform(shape, pow2Divisor(v), v);
      }
    return std::nullopt;
  }

  std::optional<AxisInfo> copy() {
    if (in.empty() || in[0]->getRank() != rank)
      return std::nullopt;
    return *in[0];
  }

  template <typename Fn> AxisInfo perDim(Fn fn, std::optional<int64_t> cst) {
    DimVector contig(rank), div(rank), constancy(rank);
    for (unsigned d = 0; d < rank; ++d)
      fn(d, contig[d], div[d], constancy[d]);
    return AxisInfo(contig, div, constancy, cst);
  }

  std::optional<AxisInfo> add(int64_t rhsScale) {
    const AxisInfo &l = lhs(), &r = rhs();
    std::optional<int64_t> cst;
    if (l.getConstantValue() && r.getConstantValue())
      cst = *l.getConstantValue() + *r.getConstantValue() * rhsScale;
    return perDim(
        [&](unsigned d, int64_t &contig, int64_t &div, int64_t &constancy) {
          contig = std::max(gcd64(l.getContiguity(d), r.getConstancy(d)),
                            gcd64(r.getContiguity(d), l.getConstancy(d)));
          div = gcd64(l.getDivisibility(d),
                      capDivisor(r.getDivisibility(d) * rhsScale));
          constancy = gcd64(l.getConstancy(d), r.getConstancy(d));
        },
        cst);
  }

  std::optional<AxisInfo> sub() {
    const AxisInfo &l = lhs(), &r = rhs();
    std::optional<int64_t> cst;
    if (l.getConstantValue() && r.getConstantValue())
      cst = *l.getConstantValue() - *r.getConstantValue();
    return perDim(
        [&](unsigned d, int64_t &contig, int64_t &div, int64_t &constancy) {
          contig = gcd64(l.getContiguity(d), r.getConstancy(d));
          div = gcd64(l.getDivisibility(d), r.getDivisibility(d));
          constancy = gcd64(l.getConstancy(d), r.getConstancy(d));
        },
        cst);
  }

  /// Divisibility of every element (not only of each run's first one).
  static int64_t elementDivisor(const AxisInfo &a, unsigned d) {
    return a.getContiguity(d) > 1 ? 1 : a.getDivisibility(d);
  }

  std::optional<AxisInfo> mul() {
    const AxisInfo &l = lhs(), &r = rhs();
    std::optional<int64_t> cst;
    if (l.getConstantValue() && r.getConstantValue())
      cst = *l.getConstantValue() * *r.getConstantValue();
    if ((l.getConstantValue() && *l.getConstantValue() == 0) ||
        (r.getConstantValue() && *r.getConstantValue() == 0))
      return uniform(shape, AxisInfo::kMaxDivisor, 0);
    bool lOne = l.getConstantValue() && *l.getConstantValue() == 1;
    bool rOne = r.getConstantValue() && *r.getConstantValue() == 1;
    if (rOne)
      return l;
    if (lOne)
      return r;
    return perDim(
        [&](unsigned d, int64_t &contig, int64_t &div, int64_t &constancy) {
          contig = 1;
          div = capDivisor(elementDivisor(l, d) * elementDivisor(r, d));
          constancy = gcd64(l.getConstancy(d), r.getConstancy(d));
        },
        cst);
  }

  std::optional<AxisInfo> div() {
    const AxisInfo &l = lhs(), &r = rhs();
    std::optional<int64_t> c = r.getConstantValue();
    std::optional<int64_t> cst;
    if (l.getConstantValue() && c && *c != 0)
      cst = *l.getConstantValue() / *c;
    bool pow2 = c && *c > 0 && llvm::isPowerOf2_64(*c);
    return perDim(
        [&](unsigned d, int64_t &contig, int64_t &div, int64_t &constancy) {
          contig = 1;
          constancy = gcd64(l.getConstancy(d), r.getConstancy(d));
          div = 1;
          if (pow2) {
            // A run of consecutive values starting at a multiple of c
            // divides to runs of c equal values.
            if (l.getContiguity(d) > 1)
              constancy = std::max(
                  constancy,
                  gcd64(l.getContiguity(d), gcd64(l.getDivisibility(d), *c)));
            if (l.getContiguity(d) == 1 && l.getDivisibility(d) >= *c)
              div = l.getDivisibility(d) / *c;
          }
        },
        cst);
  }

  std::optional<AxisInfo> rem() {
    const AxisInfo &l = lhs(), &r = rhs();
    std::optional<int64_t> c = r.getConstantValue();
    std::optional<int64_t> cst;
    if (l.getConstantValue() && c && *c != 0)
      cst = *l.getConstantValue() % *c;
    bool pow2 = c && *c > 0 && llvm::isPowerOf2_64(*c);
    return perDim(
        [&](unsigned d, int64_t &contig, int64_t &div, int64_t &constancy) {
          constancy = gcd64(l.getConstancy(d), r.getConstancy(d));
          contig = 1;
          div = gcd64(l.getDivisibility(d), r.getDivisibility(d));
          if (pow2) {
            contig = gcd64(l.getContiguity(d), gcd64(l.getDivisibility(d), *c));
            constancy = gcd64(l.getConstancy(d), *c) > 1
                            ? gcd64(l.getConstancy(d), *c)
                            : constancy;
          } else if (l.getContiguity(d) >= shape[d] &&
                     isUniformAlong(r, shape, d)) {
            // (x + i) % n, with x + i one run and n the same along d: the
            // run can only wrap at a multiple of n, and both x and n are
            // multiples of their divisibility.
            contig = gcd64(l.getContiguity(d),
                           gcd64(l.getDivisibility(d), r.getDivisibility(d)));
            if (l.getContiguity(d) > contig)
              div = gcd64(div, contig);
          }
        },
        cst);
  }

  std::optional<AxisInfo> cmp(arith::CmpIPredicate pred) {
    const AxisInfo &l = lhs(), &r = rhs();
    bool ordering = pred != arith::CmpIPredicate::eq &&
                    pred != arith::CmpIPredicate::ne;
    return perDim(
        [&](unsigned d, int64_t &contig, int64_t &div, int64_t &constancy) {
          contig = 1;
          div = 1;
          constancy = gcd64(l.getConstancy(d), r.getConstancy(d));
          if (!ordering)
            return;
          // A run of consecutive values compared with a uniform bound flips
          // at most at a multiple of both alignments.
          if (isUniformAlong(r, shape, d) && l.getContiguity(d) > 1)
            constancy = std::max(
                constancy, gcd64(l.getContiguity(d),
                                 gcd64(l.getDivisibility(d), r.getDivisibility(d))));
          if (isUniformAlong(l, shape, d) && r.getContiguity(d) > 1)
            constancy = std::max(
                constancy, gcd64(r.getContiguity(d),
                                 gcd64(r.getDivisibility(d), l.getDivisibility(d))));
        },
        std::nullopt);
  }

  std::optional<AxisInfo> select() {
    const AxisInfo &c = *in[0], &a = *in[1], &b = *in[2];
    bool scalarCond = c.getRank() != rank;
    return perDim(
        [&](unsigned d, int64_t &contig, int64_t &div, int64_t &constancy) {
          int64_t condConst = scalarCond ? shape[d] : c.getConstancy(d);
          contig = gcd64(gcd64(a.getContiguity(d), b.getContiguity(d)), condConst);
          div = gcd64(a.getDivisibility(d), b.getDivisibility(d));
          constancy =
              gcd64(gcd64(a.getConstancy(d), b.getConstancy(d)), condConst);
        },
        std::nullopt);
  }

  std::optional<AxisInfo> bitwise(bool isAnd) {
    const AxisInfo &l = lhs(), &r = rhs();
    return perDim(
        [&](unsigned d, int64_t &contig, int64_t &div, int64_t &constancy) {
          contig = 1;
          constancy = gcd64(l.getConstancy(d), r.getConstancy(d));
          div = isAnd ? std::max(elementDivisor(l, d), elementDivisor(r, d))
                      : gcd64(elementDivisor(l, d), elementDivisor(r, d));
        },
        std::nullopt);
  }

  std::optional<AxisInfo> shl() {
    const AxisInfo &l = lhs(), &r = rhs();
    std::optional<int64_t> c = r.getConstantValue();
    if (!c || *c < 0 || *c > 30)
      return std::nullopt;
    if (*c == 0)
      return l;
    return perDim(
        [&](unsigned d, int64_t &contig, int64_t &div, int64_t &constancy) {
          contig = 1;
          div = capDivisor(elementDivisor(l, d) << *c);
          constancy = l.getConstancy(d);
        },
        std::nullopt);
  }

  std::optional<AxisInfo> shr() {
    const AxisInfo &l = lhs(), &r = rhs();
    std::optional<int64_t> c = r.getConstantValue();
    if (!c || *c < 0 || *c > 62)
      return std::nullopt;
    if (*c == 0)
      return l;
    return perDim(
        [&](unsigned d, int64_t &contig, int64_t &div, int64_t &constancy) {
          contig = 1;
          div = std::max<int64_t>(1, elementDivisor(l, d) >> *c);
          constancy = l.getConstancy(d);
          if (l.getContiguity(d) > 1)
            constancy = std::max(
                constancy, gcd64(l.getContiguity(d),
                                 gcd64(l.getDivisibility(d), int64_t(1) << *c)));
        },
        std::nullopt);
  }

  std::optional<AxisInfo> minMax() {
    const AxisInfo &l = lhs(), &r = rhs();
    return perDim(
        [&](unsigned d, int64_t &contig, int64_t &div, int64_t &constancy) {
          contig = 1;
          div = gcd64(elementDivisor(l, d), elementDivisor(r, d));
          constancy = gcd64(l.getConstancy(d), r.getConstancy(d));
        },
        std::nullopt);
  }

  std::optional<AxisInfo> broadcast(BroadcastOp b) {
    const AxisInfo &src = lhs();
    SmallVector<int64_t> srcShape = shapeOf(b.getSrc().getType());
    if (srcShape.size() != rank)
      return std::nullopt;
    return perDim(
        [&](unsigned d, int64_t &contig, int64_t &div, int64_t &constancy) {
          if (srcShape[d] == 1 && shape[d] != 1) {
            contig = 1;
            div = src.getDivisibility(d);
            constancy = shape[d];
          } else {
            contig = src.getContiguity(d);
            div = src.getDivisibility(d);
            constancy = src.getConstancy(d);
          }
        },
        src.getConstantValue());
  }

  std::optional<AxisInfo> expandDims(unsigned axis) {
    const AxisInfo &src = lhs();
    if (src.getRank() + 1 != rank || axis > src.getRank())
      return std::nullopt;
    int64_t newDiv = AxisInfo::kMaxDivisor;
    for (unsigned d = 0; d < src.getRank(); ++d)
      newDiv = gcd64(newDiv, elementDivisor(src, d));
    DimVector contig(src.getContiguity()), div(src.getDivisibility()),
        constancy(src.getConstancy());
    contig.insert(contig.begin() + axis, 1);
    div.insert(div.begin() + axis, newDiv);
    constancy.insert(constancy.begin() + axis, 1);
    return AxisInfo(contig, div, constancy, src.getConstantValue());
  }

  std::optional<AxisInfo> trans(ArrayRef<int32_t> order) {
    const AxisInfo &src = lhs();
    if (order.size() != rank || src.getRank() != rank)
      return std::nullopt;
    DimVector contig, div, constancy;
    for (int32_t o : order) {
      contig.push_back(src.getContiguity(o));
      div.push_back(src.getDivisibility(o));
      constancy.push_back(src.getConstancy(o));
    }
    return AxisInfo(contig, div, constancy, src.getConstantValue());
  }

  Operation *op;
  ArrayRef<const AxisInfo *> in;
  SmallVector<int64_t> shape;
  unsigned rank = 1;
};

/// The hints the frontend puts on the op that defines a value
/// (tl.multiple_of, tl.max_contiguous, tl.max_constancy annotate the op
/// itself: `tt.divisibility = dense<N> : tensor<Kxi32>`, one value per
/// dimension, or an integer) replace what the analysis derived, as
/// upstream's analysis does: the user asserts them.
AxisInfo applyHints(Operation *op, AxisInfo info) {
  if (!info.isInitialized())
    return info;
  unsigned rank = info.getRank();
  auto read = [&](StringRef name) -> std::optional<DimVector> {
    Attribute attr = op->getDiscardableAttr(name);
    if (!attr)
      return std::nullopt;
    DimVector out;
    if (auto dense = dyn_cast<DenseIntElementsAttr>(attr)) {
      for (const APInt &v : dense.getValues<APInt>())
        out.push_back(std::max<int64_t>(1, v.getSExtValue()));
    } else if (auto i = dyn_cast<IntegerAttr>(attr)) {
      out.assign(rank, std::max<int64_t>(1, i.getInt()));
    }
    if (out.size() != rank)
      return std::nullopt; // Malformed: ignore rather than guess.
    return out;
  };
  std::optional<DimVector> div = read("tt.divisibility");
  std::optional<DimVector> contig = read("tt.contiguity");
  std::optional<DimVector> constancy = read("tt.constancy");
  if (!div && !contig && !constancy)
    return info;
  DimVector c, d, k;
  for (unsigned i = 0; i < rank; ++i) {
    c.push_back(contig ? (*contig)[i] : info.getContiguity(i));
    d.push_back(div ? capDivisor((*div)[i]) : info.getDivisibility(i));
    k.push_back(constancy ? (*constancy)[i] : info.getConstancy(i));
  }
  return AxisInfo(c, d, k, info.getConstantValue());
}

class AxisInfoAnalysis
    : public dataflow::SparseForwardDataFlowAnalysis<AxisInfoLattice> {
public:
  using SparseForwardDataFlowAnalysis::SparseForwardDataFlowAnalysis;

  void setToEntryState(AxisInfoLattice *lattice) override {
    propagateIfChanged(lattice, lattice->join(AxisInfo::getPessimisticValueState(
                                    lattice->getAnchor())));
  }

  LogicalResult visitOperation(Operation *op,
                               ArrayRef<const AxisInfoLattice *> operands,
                               ArrayRef<AxisInfoLattice *> results) override {
    // Wait until every operand is known.
    SmallVector<const AxisInfo *> in;
    for (const AxisInfoLattice *operand : operands) {
      if (!operand->getValue().isInitialized())
        return success();
      in.push_back(&operand->getValue());
    }
    if (op->getNumResults() == 1) {
      AxisInfo info = applyHints(op, TransferFunctions(op, in).run());
      propagateIfChanged(results[0], results[0]->join(info));
      return success();
    }
    for (AxisInfoLattice *result : results)
      setToEntryState(result);
    return success();
  }

  void visitNonControlFlowArguments(
      Operation *op, const RegionSuccessor &successor,
      ArrayRef<AxisInfoLattice *> argLattices, unsigned firstIndex) override {
    // The induction variable of scf.for: lb + k * step.
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      Value iv = forOp.getInductionVar();
      for (AxisInfoLattice *lattice : argLattices) {
        if (lattice->getAnchor() != iv)
          continue;
        const auto *lb = getLatticeElementFor(getProgramPointAfter(op),
                                              forOp.getLowerBound());
        const auto *step = getLatticeElementFor(getProgramPointAfter(op),
                                                forOp.getStep());
        int64_t div = 1;
        if (lb->getValue().isInitialized() && step->getValue().isInitialized())
          div = gcd64(lb->getValue().getDivisibility(0),
                      step->getValue().getDivisibility(0));
        propagateIfChanged(lattice,
                           lattice->join(AxisInfo({1}, {div}, {1})));
      }
      // Every other argument is forwarded by the loop's control flow.
      return;
    }
    SparseForwardDataFlowAnalysis::visitNonControlFlowArguments(
        op, successor, argLattices, firstIndex);
  }
};

} // namespace

//===----------------------------------------------------------------------===//
// ModuleAxisInfoAnalysis
//===----------------------------------------------------------------------===//

ModuleAxisInfoAnalysis::ModuleAxisInfoAnalysis(ModuleOp module) {
  DataFlowSolver solver;
  dataflow::loadBaselineAnalyses(solver);
  solver.load<AxisInfoAnalysis>();
  if (failed(solver.initializeAndRun(module)))
    return;
  module.walk([&](Operation *op) {
    auto record = [&](Value v) {
      if (const auto *lattice = solver.lookupState<AxisInfoLattice>(v))
        if (lattice->getValue().isInitialized())
          infos[v] = lattice->getValue();
    };
    for (Value result : op->getResults())
      record(result);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          record(arg);
  });
}

const AxisInfo *ModuleAxisInfoAnalysis::getAxisInfo(Value value) const {
  auto it = infos.find(value);
  return it == infos.end() ? nullptr : &it->second;
}

SmallVector<unsigned, 4> ModuleAxisInfoAnalysis::getOrder(Value ptr) const {
  unsigned rank = rankOf(ptr.getType());
  SmallVector<unsigned, 4> order;
  for (unsigned d = rank; d-- > 0;)
    order.push_back(d);
  if (const AxisInfo *info = getAxisInfo(ptr))
    std::stable_sort(order.begin(), order.end(), [&](unsigned a, unsigned b) {
      return info->getContiguity(a) > info->getContiguity(b);
    });
  return order;
}

unsigned ModuleAxisInfoAnalysis::getPtrContiguity(Value ptr) const {
  const AxisInfo *info = getAxisInfo(ptr);
  if (!info)
    return 1;
  return info->getContiguity(getOrder(ptr)[0]);
}

unsigned ModuleAxisInfoAnalysis::getPtrAlignment(Value ptr) const {
  const AxisInfo *info = getAxisInfo(ptr);
  if (!info)
    return 1;
  unsigned d = getOrder(ptr)[0];
  int64_t elemBytes = pointeeBytes(ptr.getType());
  int64_t alignedElems = std::max<int64_t>(1, info->getDivisibility(d) / elemBytes);
  return std::min<int64_t>(alignedElems, info->getContiguity(d));
}

unsigned ModuleAxisInfoAnalysis::getMaskAlignment(Value mask,
                                                  unsigned dim) const {
  const AxisInfo *info = getAxisInfo(mask);
  if (!info || dim >= info->getRank())
    return 1;
  return info->getConstancy(dim);
}
