//===- AxisInfo.h - divisibility, contiguity and constancy ------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// For every integer or pointer value (scalar or tensor) of a kernel, the
// AxisInfo analysis computes, per tensor dimension:
//   - contiguity:   the length of runs of consecutive values (v, v+1, ...);
//   - divisibility: the largest power of two dividing the first value of
//                   each contiguous run (for pointers: the address in bytes);
//   - constancy:    the length of runs of equal values.
// Coalescing and the vector width of loads and stores are derived from it.
//
//===----------------------------------------------------------------------===//

#ifndef TT_ANALYSIS_AXISINFO_H
#define TT_ANALYSIS_AXISINFO_H

#include "mlir/Analysis/DataFlow/SparseAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>

namespace mlir::triton {

/// The facts known about one value. Scalars have rank 1.
class AxisInfo {
public:
  using DimVector = llvm::SmallVector<int64_t, 4>;

  /// The largest divisibility we track (2^30): a value known to be zero.
  static constexpr int64_t kMaxDivisor = int64_t(1) << 30;

  AxisInfo() = default;
  AxisInfo(DimVector contiguity, DimVector divisibility, DimVector constancy,
           std::optional<int64_t> constant = std::nullopt)
      : contiguity(std::move(contiguity)), divisibility(std::move(divisibility)),
        constancy(std::move(constancy)), constant(constant) {}

  /// Nothing known about a value of the given rank (all ones).
  static AxisInfo unknown(unsigned rank);
  /// The entry state of a value: what its type and attributes (for function
  /// arguments: tt.divisibility, tt.contiguity, tt.constancy) tell.
  static AxisInfo getPessimisticValueState(Value value);
  /// Least upper bound of two facts (gcd per dimension).
  static AxisInfo join(const AxisInfo &lhs, const AxisInfo &rhs);

  bool isInitialized() const { return !contiguity.empty(); }
  unsigned getRank() const { return contiguity.size(); }
  int64_t getContiguity(unsigned d) const { return contiguity[d]; }
  int64_t getDivisibility(unsigned d) const { return divisibility[d]; }
  int64_t getConstancy(unsigned d) const { return constancy[d]; }
  const DimVector &getContiguity() const { return contiguity; }
  const DimVector &getDivisibility() const { return divisibility; }
  const DimVector &getConstancy() const { return constancy; }
  std::optional<int64_t> getConstantValue() const { return constant; }

  bool operator==(const AxisInfo &other) const {
    return contiguity == other.contiguity &&
           divisibility == other.divisibility &&
           constancy == other.constancy && constant == other.constant;
  }
  void print(llvm::raw_ostream &os) const;

private:
  DimVector contiguity, divisibility, constancy;
  std::optional<int64_t> constant;
};

/// Runs the analysis over a module and answers queries about its values.
class ModuleAxisInfoAnalysis {
public:
  explicit ModuleAxisInfoAnalysis(ModuleOp module);

  /// The facts for `value`, or nullptr when the analysis has none (a value
  /// of an unsupported type, or unreachable code).
  const AxisInfo *getAxisInfo(Value value) const;

  /// Number of consecutive elements one thread can move with one access
  /// through the tensor of pointers `ptr` along its most contiguous
  /// dimension, given the known contiguity and alignment (in elements;
  /// at least 1). `mask` (optional) limits it by its constancy.
  unsigned getPtrContiguity(Value ptr) const;
  unsigned getPtrAlignment(Value ptr) const;
  /// Length of the runs of equal mask bits along dimension `dim`.
  unsigned getMaskAlignment(Value mask, unsigned dim) const;
  /// Dimensions of `ptr` ordered from most to least contiguous.
  llvm::SmallVector<unsigned, 4> getOrder(Value ptr) const;

private:
  llvm::DenseMap<Value, AxisInfo> infos;
};

} // namespace mlir::triton

#endif // TT_ANALYSIS_AXISINFO_H
