//===- AOT.h - C launchers for ahead-of-time compiled kernels ---*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// What `tt-aot` is made of, without MLIR: the description of one compiled
// kernel (its arguments, the grid it launches, the binaries it was compiled
// to), the generator of its C launcher (a .h/.c pair), and the linker that
// combines several such pairs into one dispatching entry point. See
// docs/aot.md for what the generated code does.
//
//===----------------------------------------------------------------------===//

#ifndef TT_AOT_AOT_H
#define TT_AOT_AOT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tt::aot {

//===----------------------------------------------------------------------===//
// Arguments
//===----------------------------------------------------------------------===//

/// One kernel argument, as the generated launcher takes it.
struct Arg {
  /// A C identifier (see makeCNames).
  std::string name;
  /// The name in the TTIR when it differs (a C keyword, say); grid
  /// expressions may use either.
  std::string ttirName;
  /// Triton's signature spelling: "*fp32", "i32", "fp16", "*i1".
  std::string type;
  /// The compiled code assumes the value (for a pointer: the byte address)
  /// is a multiple of this (TTIR `tt.divisibility`); 1 assumes nothing.
  int64_t divisibility = 1;
};

inline bool isPointerType(llvm::StringRef type) {
  return type.starts_with("*");
}
/// Whether the grid may use an argument of this type (integers).
bool isIntegerType(llvm::StringRef type);
/// The C type of an argument of the CPU launcher ("float *", "int32_t",
/// "bool"), or nullopt for a type the launchers do not support.
std::optional<std::string> getCPUType(llvm::StringRef type);
/// The C type of an argument of the CUDA launcher: CUdeviceptr for pointers,
/// else as for the CPU.
std::optional<std::string> getCUDAType(llvm::StringRef type);

/// Turns kernel argument names into distinct C identifiers that are not
/// keywords of C or C++ and do not clash with the launchers' own names.
std::vector<std::string> makeCNames(llvm::ArrayRef<std::string> names);
/// Whether `name` can name a generated launcher: an identifier that is not a
/// C/C++ keyword and does not start with the reserved `tt_aot_` prefix.
bool isValidCName(llvm::StringRef name);

//===----------------------------------------------------------------------===//
// Grid expressions
//===----------------------------------------------------------------------===//

/// An integer expression over the integer kernel arguments: numbers, names,
/// `+ - * // %`, unary minus, parentheses, `cdiv(a, b)`, `min(a, ...)`,
/// `max(a, ...)`. `//` and `%` follow Python (floor division; the remainder
/// takes the divisor's sign), like tt-run's expressions.
struct Expr {
  enum Kind { Number, Argument, Negate, Add, Sub, Mul, FloorDiv, Mod, CDiv,
              Min, Max };
  Kind kind = Number;
  int64_t value = 0;        ///< Number
  unsigned argIndex = 0;    ///< Argument
  std::vector<std::shared_ptr<Expr>> operands;
};
using ExprPtr = std::shared_ptr<Expr>;

/// Parses a grid: one to three expressions separated by top-level commas.
/// Names resolve to the integer arguments in `args` or to `constants`.
/// Errors say what is wrong and where (a column in `text`).
llvm::Expected<std::vector<ExprPtr>>
parseGrid(llvm::StringRef text, llvm::ArrayRef<Arg> args,
          const std::map<std::string, int64_t> &constants);
/// The expression in canonical form, e.g. "cdiv(n, 1024)".
std::string printExpr(const Expr &e, llvm::ArrayRef<Arg> args);

//===----------------------------------------------------------------------===//
// One compiled kernel: the .h/.c pair
//===----------------------------------------------------------------------===//

enum class BinaryKind { Cubin, PTX, Object };

/// One binary of the kernel, for one target.
struct Binary {
  /// "cuda:90", "cuda:80", "cpu".
  std::string target;
  BinaryKind kind = BinaryKind::Cubin;
  /// The image embedded in the .c (cubin or PTX); unused for objects.
  std::string image;
  /// CPU: the object file's name, as the description records it.
  std::string objectFile;
  /// The CUDA function name, or the CPU object's packed entry symbol.
  std::string entry;
  /// CUDA: compute capability (90 for sm_90a), launch parameters and
  /// scratch sizes from the kernel's metadata JSON.
  int computeCapability = 0;
  int numWarps = 4;
  int threadsPerWarp = 32;
  int64_t shared = 0;
  int64_t globalScratchSize = 0, globalScratchAlign = 1;
  int64_t profileScratchSize = 0, profileScratchAlign = 1;
};

/// Everything the launcher generator needs.
struct KernelSpec {
  /// The C name: `<name>()`, `load_<name>()`, `<name>_cpu()`, ...
  std::string name;
  /// The kernel's name in the TTIR and the input file (for comments).
  std::string kernel;
  std::string source;
  std::vector<Arg> args;
  /// One to three dimensions; missing ones are 1.
  std::vector<ExprPtr> grid;
  std::vector<Binary> binaries;
  /// The tt-aot command line, recorded in the generated files.
  std::string commandLine;
};

/// The order in which the launcher tries a kernel's CUDA binaries on a
/// device: higher compute capability first, cubin before PTX.
std::vector<const Binary *> orderCUDABinaries(llvm::ArrayRef<Binary> binaries);

/// Writes the header and the source of the launcher. `headerName` is how the
/// source includes the header.
void generateLauncher(const KernelSpec &spec, llvm::StringRef headerName,
                      llvm::raw_ostream &header, llvm::raw_ostream &source);

//===----------------------------------------------------------------------===//
// Linking specializations
//===----------------------------------------------------------------------===//

/// What `tt-aot link` reads back from a generated header (its embedded
/// description).
struct Description {
  std::string name;
  std::string kernel;
  std::string header; ///< the file it was read from
  std::vector<Arg> args;
  std::vector<std::string> grid;
  /// Targets and binary kinds: {"cuda:90", "cubin"}, {"cpu", "object"}.
  std::vector<std::pair<std::string, std::string>> targets;

  bool hasCUDA() const;
  bool hasCPU() const;
  /// The highest CUDA compute capability among the targets (0: none).
  int maxComputeCapability() const;
  /// How specialized the argument conditions are: the sum of log2 of the
  /// divisibilities.
  int specificity() const;
};

/// Reads the description that generateLauncher embeds in a header.
llvm::Expected<Description> readDescription(llvm::StringRef headerText,
                                            llvm::StringRef path);

/// Orders specializations the way the dispatcher tries them: most
/// specialized argument conditions first, then the higher compute
/// capability, then the order given. Fails on specializations that are
/// incompatible (different signatures) or that could never be chosen.
llvm::Expected<std::vector<Description>>
orderSpecializations(llvm::ArrayRef<Description> variants,
                     llvm::StringRef linkName);

/// Writes the linked header and source for `variants` (already ordered).
void generateDispatcher(llvm::StringRef name,
                        llvm::ArrayRef<Description> variants,
                        llvm::StringRef headerName,
                        llvm::StringRef commandLine,
                        llvm::raw_ostream &header, llvm::raw_ostream &source);

/// The condition an argument's divisibility imposes, in C ("n % 16 == 0"),
/// or "" when it has none.
std::string getConditionText(const Arg &arg);

} // namespace tt::aot

#endif // TT_AOT_AOT_H
