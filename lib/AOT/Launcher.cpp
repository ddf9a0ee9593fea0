//===- Launcher.cpp - the generated .h/.c of one compiled kernel -*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Writes the C launcher of a kernel compiled ahead of time: the CUDA
// binaries as byte arrays with load_<name>/unload_<name> and the typed
// launch function <name>(CUstream, ...), and the CPU launcher <name>_cpu()
// that runs the grid over threads through the object's packed entry point.
// The header ends with a JSON description that `tt-aot link` reads back.
//
// The generated code is C11 that also compiles as C++; it uses nothing but
// the C library, POSIX threads (CPU) and the CUDA driver API as <cuda.h>
// declares it (CUDA). docs/aot.md documents its behaviour.
//
//===----------------------------------------------------------------------===//

#include "Emit.h"
#include "tt/AOT/AOT.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <set>

using namespace llvm;
using namespace tt::aot;

//===----------------------------------------------------------------------===//
// Pieces shared with Link.cpp
//===----------------------------------------------------------------------===//

namespace tt::aot::detail {
std::string commentSafe(StringRef s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '*' && i + 1 < s.size() && s[i + 1] == '/')
      out += "*\\";
    else if (c == '\n' || c == '\r' || c == '\t')
      out += ' ';
    else if (isPrint(c) || (unsigned char)c >= 0x80)
      out += c;
    else
      out += '?';
  }
  return out;
}

std::string includeGuard(StringRef name) {
  return "TT_AOT_" + name.upper() + "_H";
}

void emitCommonDeclarations(raw_ostream &os) {
  os << R"(#ifndef TT_AOT_COMMON_H_
#define TT_AOT_COMMON_H_
/* Status codes of the CPU launchers (the CUDA launchers return CUresult). */
enum tt_aot_status {
  TT_AOT_SUCCESS = 0,
  /* No compiled variant of the kernel accepts these arguments: a condition
     it was specialized for (such as n % 16 == 0) does not hold. */
  TT_AOT_ERROR_NO_VARIANT = 1,
  /* The grid computed from the arguments is negative or too large, or its
     expression divides by zero or overflows. */
  TT_AOT_ERROR_INVALID_GRID = 2
};
static inline const char *tt_aot_status_string(int status) {
  switch (status) {
  case TT_AOT_SUCCESS:
    return "success";
  case TT_AOT_ERROR_NO_VARIANT:
    return "no compiled variant of the kernel accepts these arguments";
  case TT_AOT_ERROR_INVALID_GRID:
    return "the grid computed from the arguments is invalid";
  default:
    return "unknown tt-aot status";
  }
}
#endif /* TT_AOT_COMMON_H_ */
)";
}

void emitCommonCUDADeclarations(raw_ostream &os) {
  os << R"(#if !defined(TT_AOT_NO_CUDA) && !defined(TT_AOT_COMMON_CUDA_H_)
#define TT_AOT_COMMON_CUDA_H_
/* What a CUDA launcher returns when no compiled variant of the kernel
   accepts the arguments (CUDA_ERROR_NO_BINARY_FOR_GPU: none runs on this
   device; CUDA_ERROR_INVALID_VALUE: the grid is invalid). */
#define TT_AOT_CUDA_ERROR_NO_VARIANT CUDA_ERROR_NOT_SUPPORTED
#endif
)";
}

void emitHeaderPrologue(raw_ostream &os, StringRef name, bool cuda) {
  os << " * See docs/aot.md.\n"
     << " *===--------------------------------------------------------------"
        "--------===*/\n\n";
  std::string guard = includeGuard(name);
  os << "#ifndef " << guard << "\n#define " << guard << "\n\n"
     << "#include <stdint.h>\n"
     << "#ifndef __cplusplus\n#include <stdbool.h>\n#endif\n";
  if (cuda)
    os << "#ifndef TT_AOT_NO_CUDA\n#include <cuda.h>\n#endif\n";
  os << "\n#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n";
  emitCommonDeclarations(os);
}

std::string paramList(ArrayRef<Arg> args, bool cuda) {
  std::string s;
  for (const Arg &a : args) {
    std::string t = *(cuda ? getCUDAType(a.type) : getCPUType(a.type));
    if (!s.empty())
      s += ", ";
    s += StringRef(t).ends_with("*") ? t + a.name : t + " " + a.name;
  }
  return s;
}

std::string callList(ArrayRef<Arg> args) {
  std::string s;
  for (const Arg &a : args)
    s += (s.empty() ? "" : ", ") + a.name;
  return s;
}

/// The argument conditions as one C expression ("1" when there are none).
std::string conditionExpr(ArrayRef<Arg> args, bool cuda) {
  std::string s;
  for (const Arg &a : args) {
    if (a.divisibility <= 1)
      continue;
    std::string v = a.name;
    if (isPointerType(a.type) && !cuda)
      v = "(uintptr_t)" + a.name;
    s += (s.empty() ? "" : " && ") + v + " % " +
         std::to_string(a.divisibility) + " == 0";
  }
  return s.empty() ? "1" : s;
}

void emitUnused(raw_ostream &os, ArrayRef<Arg> args, bool onlyUnconditioned) {
  for (const Arg &a : args)
    if (!onlyUnconditioned || a.divisibility <= 1)
      os << "  (void)" << a.name << ";\n";
}
} // namespace tt::aot::detail

using namespace tt::aot::detail;

std::vector<const Binary *>
tt::aot::orderCUDABinaries(ArrayRef<Binary> binaries) {
  std::vector<std::pair<const Binary *, size_t>> order;
  for (const Binary &b : binaries)
    if (b.kind != BinaryKind::Object)
      order.emplace_back(&b, order.size());
  llvm::sort(order, [](const auto &x, const auto &y) {
    const Binary *a = x.first, *b = y.first;
    if (a->computeCapability != b->computeCapability)
      return a->computeCapability > b->computeCapability;
    bool aCubin = a->kind == BinaryKind::Cubin;
    bool bCubin = b->kind == BinaryKind::Cubin;
    if (aCubin != bCubin)
      return aCubin;
    return x.second < y.second;
  });
  std::vector<const Binary *> out;
  for (const auto &p : order)
    out.push_back(p.first);
  return out;
}

//===----------------------------------------------------------------------===//
// Grid expressions in C
//===----------------------------------------------------------------------===//

namespace {
/// Helpers of the checked 64-bit grid arithmetic, by name. Each sets *bad on
/// overflow or division by zero.
/// One operation of the grid arithmetic in C: its helper function, whether
/// the helper takes the `int *bad` flag, and the helper's definition.
struct GridHelper {
  Expr::Kind kind;
  const char *name;
  bool checked;
  const char *code;
};

const GridHelper kGridHelpers[] = {
    {Expr::Add, "tt_aot_add", /*checked=*/true,
     R"(static int64_t tt_aot_add(int64_t a, int64_t b, int *bad) {
  if ((b > 0 && a > INT64_MAX - b) || (b < 0 && a < INT64_MIN - b)) {
    *bad = 1;
    return 0;
  }
  return a + b;
}
)"},
    {Expr::Sub, "tt_aot_sub", /*checked=*/true,
     R"(static int64_t tt_aot_sub(int64_t a, int64_t b, int *bad) {
  if ((b < 0 && a > INT64_MAX + b) || (b > 0 && a < INT64_MIN + b)) {
    *bad = 1;
    return 0;
  }
  return a - b;
}
)"},
    {Expr::Mul, "tt_aot_mul", /*checked=*/true,
     R"(static int64_t tt_aot_mul(int64_t a, int64_t b, int *bad) {
  int overflow;
  if (a > 0)
    overflow = b > 0 ? a > INT64_MAX / b : b < INT64_MIN / a;
  else
    overflow = b > 0 ? a < INT64_MIN / b : (a != 0 && b < INT64_MAX / a);
  if (overflow) {
    *bad = 1;
    return 0;
  }
  return a * b;
}
)"},
    {Expr::Negate, "tt_aot_neg", /*checked=*/true,
     R"(static int64_t tt_aot_neg(int64_t a, int *bad) {
  if (a == INT64_MIN) {
    *bad = 1;
    return 0;
  }
  return -a;
}
)"},
    {Expr::FloorDiv, "tt_aot_floordiv", /*checked=*/true,
     R"(/* Python's a // b: the quotient rounded towards minus infinity. */
static int64_t tt_aot_floordiv(int64_t a, int64_t b, int *bad) {
  int64_t q;
  if (b == 0 || (a == INT64_MIN && b == -1)) {
    *bad = 1;
    return 0;
  }
  q = a / b;
  if (a % b != 0 && ((a < 0) != (b < 0)))
    q -= 1;
  return q;
}
)"},
    {Expr::Mod, "tt_aot_mod", /*checked=*/true,
     R"(/* Python's a % b: the remainder takes the sign of the divisor. */
static int64_t tt_aot_mod(int64_t a, int64_t b, int *bad) {
  int64_t r;
  if (b == 0) {
    *bad = 1;
    return 0;
  }
  if (b == -1)
    return 0;
  r = a % b;
  if (r != 0 && ((r < 0) != (b < 0)))
    r += b;
  return r;
}
)"},
    {Expr::CDiv, "tt_aot_cdiv", /*checked=*/true,
     R"(/* cdiv(a, b): the quotient rounded towards plus infinity. */
static int64_t tt_aot_cdiv(int64_t a, int64_t b, int *bad) {
  int64_t q;
  if (b == 0 || (a == INT64_MIN && b == -1)) {
    *bad = 1;
    return 0;
  }
  q = a / b;
  if (a % b != 0 && ((a < 0) == (b < 0)))
    q += 1;
  return q;
}
)"},
    {Expr::Min, "tt_aot_min", /*checked=*/false,
     R"(static int64_t tt_aot_min(int64_t a, int64_t b) {
  return a < b ? a : b;
}
)"},
    {Expr::Max, "tt_aot_max", /*checked=*/false,
     R"(static int64_t tt_aot_max(int64_t a, int64_t b) {
  return a > b ? a : b;
}
)"},
};

std::string emitExpr(const Expr &e, ArrayRef<Arg> args,
                     std::set<std::string> &used) {
  if (e.kind == Expr::Number)
    return "INT64_C(" + std::to_string(e.value) + ")";
  if (e.kind == Expr::Argument)
    return "(int64_t)" + args[e.argIndex].name;
  for (const GridHelper &h : kGridHelpers) {
    if (h.kind != e.kind)
      continue;
    used.insert(h.name);
    std::string s = std::string(h.name) + "(";
    for (auto [i, op] : enumerate(e.operands))
      s += (i ? ", " : "") + emitExpr(*op, args, used);
    return s + (h.checked ? ", &tt_aot_bad)" : ")");
  }
  return "0";
}

/// The three grid dimensions as C expressions.
std::vector<std::string> emitGrid(const KernelSpec &spec,
                                  std::set<std::string> &used) {
  std::vector<std::string> dims;
  for (const ExprPtr &e : spec.grid)
    dims.push_back(emitExpr(*e, spec.args, used));
  while (dims.size() < 3)
    dims.push_back("INT64_C(1)");
  return dims;
}

std::string gridText(const KernelSpec &spec) {
  std::string s;
  for (const ExprPtr &e : spec.grid)
    s += (s.empty() ? "" : ", ") + printExpr(*e, spec.args);
  for (size_t i = spec.grid.size(); i < 3; ++i)
    s += ", 1";
  return s;
}

void emitByteArray(raw_ostream &os, StringRef name, StringRef bytes,
                   bool nulTerminate) {
  size_t n = bytes.size() + (nulTerminate ? 1 : 0);
  os << "TT_AOT_ALIGNED static const unsigned char " << name << "[" << n
     << "] = {";
  for (size_t i = 0; i < n; ++i) {
    if (i % 16 == 0)
      os << "\n   ";
    unsigned char c = i < bytes.size() ? bytes[i] : 0;
    os << " " << format_hex(c, 4) << (i + 1 < n ? "," : "");
  }
  os << "};\n";
}

const char *kindName(BinaryKind k) {
  static const char *const kNames[] = {"cubin", "ptx", "object"}; // by kind
  return kNames[int(k)];
}

/// How a CUDA binary's compute capability must relate to the device's:
/// 0 exactly (sm_90a code), 1 the same major version and at least its minor
/// (cubin), 2 at least (PTX, compiled by the driver).
int compatibilityRule(const Binary &b) {
  if (b.computeCapability == 90)
    return 0;
  return b.kind == BinaryKind::Cubin ? 1 : 2;
}

std::string describe(const KernelSpec &spec) {
  json::Array args;
  for (const Arg &a : spec.args)
    args.push_back(json::Object{{"name", a.name},
                                {"type", a.type},
                                {"divisibility", a.divisibility}});
  json::Array grid;
  for (const ExprPtr &e : spec.grid)
    grid.push_back(printExpr(*e, spec.args));
  json::Array targets;
  for (const Binary &b : spec.binaries) {
    json::Object t{{"target", b.target},
                   {"kind", kindName(b.kind)},
                   {"entry", b.entry}};
    if (b.kind == BinaryKind::Object) {
      t["object"] = b.objectFile;
    } else {
      t["num_warps"] = b.numWarps;
      t["shared"] = b.shared;
      t["global_scratch_size"] = b.globalScratchSize;
      t["profile_scratch_size"] = b.profileScratchSize;
    }
    targets.push_back(std::move(t));
  }
  json::Value doc = json::Object{{"tt_aot", 1},
                                 {"name", spec.name},
                                 {"kernel", spec.kernel},
                                 {"source", spec.source},
                                 {"args", std::move(args)},
                                 {"grid", std::move(grid)},
                                 {"targets", std::move(targets)}};
  std::string text = formatv("{0:2}", doc).str();
  // Keep the JSON inside its comment: "*/" becomes "*\/" (the same string).
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    out += text[i];
    if (text[i] == '*' && i + 1 < text.size() && text[i + 1] == '/')
      out += '\\';
  }
  return out;
}
} // namespace

//===----------------------------------------------------------------------===//
// The header
//===----------------------------------------------------------------------===//

/// The kernel's CPU object; null if it has none.
static const Binary *cpuBinary(const KernelSpec &spec) {
  const Binary *cpu = nullptr;
  for (const Binary &b : spec.binaries)
    if (b.kind == BinaryKind::Object)
      cpu = &b;
  return cpu;
}

static void emitHeader(const KernelSpec &spec, raw_ostream &os) {
  const std::string &n = spec.name;
  std::vector<const Binary *> cuda = orderCUDABinaries(spec.binaries);
  const Binary *cpu = cpuBinary(spec);

  os << "/*===- " << n << ".h - generated by tt-aot; do not edit "
     << "-----------------------===*\n"
     << " *\n"
     << " * Launchers of kernel '" << commentSafe(spec.kernel) << "' from "
     << commentSafe(spec.source) << ".\n";
  if (!spec.commandLine.empty())
    os << " * Made by: " << commentSafe(spec.commandLine) << "\n";
  os << " *\n"
     << " * Grid: (" << gridText(spec) << ") programs, computed from the "
     << "arguments;\n"
     << " * an empty grid launches nothing.\n";
  std::string conds;
  for (const Arg &a : spec.args)
    if (std::string c = getConditionText(a); !c.empty())
      conds += (conds.empty() ? "" : ", ") + c;
  os << " * Specialized for: " << (conds.empty() ? "any arguments" : conds)
     << (conds.empty() ? "" : " (pointers: their byte addresses)")
     << ".\n"
     << " *\n"
     << " * Binaries:\n";
  for (const Binary *b : cuda)
    os << " *   " << b->target << " " << kindName(b->kind) << ", "
       << b->numWarps << " warps, " << b->shared
       << " bytes of shared memory, function " << commentSafe(b->entry)
       << "\n";
  if (cpu)
    os << " *   cpu object " << commentSafe(cpu->objectFile) << ", entry "
       << commentSafe(cpu->entry) << "\n";
  os << " *\n";
  if (!cuda.empty())
    os << " * CUDA (include <cuda.h>, link -lcuda; define TT_AOT_NO_CUDA to "
          "leave it out):\n"
       << " *   load_" << n << "()  loads the best binary for the current "
          "context's device;\n"
       << " *   " << n << "(stream, ...)  launches on a stream (loading "
          "first if needed),\n"
       << " *   returning CUDA_SUCCESS or the driver's error;\n"
       << " *   TT_AOT_CUDA_ERROR_NO_VARIANT when the arguments break a "
          "condition above,\n"
       << " *   CUDA_ERROR_NO_BINARY_FOR_GPU when no binary runs on the "
          "device,\n"
       << " *   CUDA_ERROR_INVALID_VALUE when the grid is invalid.\n";
  if (cpu)
    os << " * CPU (link " << commentSafe(cpu->objectFile)
       << ", -lm and -pthread):\n"
       << " *   " << n << "_cpu(...)  runs every program of the grid on "
          "TT_CPU_THREADS threads\n"
       << " *   (default: one per online CPU) and returns a tt_aot_status.\n";
  emitHeaderPrologue(os, n, !cuda.empty());
  if (!cuda.empty()) {
    emitCommonCUDADeclarations(os);
    std::string params = paramList(spec.args, true);
    os << "\n#ifndef TT_AOT_NO_CUDA\n"
       << "/* Loads the binary for the current context's device (once). */\n"
       << "CUresult load_" << n << "(void);\n"
       << "CUresult unload_" << n << "(void);\n"
       << "/* Launches the kernel on `stream`. */\n"
       << "CUresult " << n << "(CUstream stream"
       << (params.empty() ? "" : ", ") << params << ");\n"
       << "/* Whether the arguments meet the conditions above (1 or 0). */\n"
       << "int " << n << "_accepts(" << (params.empty() ? "void" : params)
       << ");\n"
       << "/* The loaded binary (\"cuda:90 cubin\"), or NULL. */\n"
       << "const char *" << n << "_loaded_target(void);\n"
       << "#endif\n";
  }
  if (cpu) {
    std::string params = paramList(spec.args, false);
    os << "\n/* Runs the kernel's grid on the CPU. */\n"
       << "int " << n << "_cpu(" << (params.empty() ? "void" : params)
       << ");\n"
       << "int " << n << "_cpu_accepts(" << (params.empty() ? "void" : params)
       << ");\n";
  }
  os << "\n#ifdef __cplusplus\n}\n#endif\n\n"
     << "/* tt-aot description (read by `tt-aot link`):\n"
     << describe(spec) << "\n*/\n\n#endif /* " << includeGuard(n) << " */\n";
}

//===----------------------------------------------------------------------===//
// The source
//===----------------------------------------------------------------------===//

static const char *kCPURuntime = R"(/* The CPU grid runner: programs are taken from a shared counter by the
   calling thread and up to TT_CPU_THREADS - 1 helper threads (default: one
   thread per online CPU), created for the launch and joined before it
   returns. If a thread cannot be created the others do its share. */
typedef void (*tt_aot_packed_fn)(void **args, int32_t pid_x, int32_t pid_y,
                                 int32_t pid_z, int32_t num_x, int32_t num_y,
                                 int32_t num_z);
struct tt_aot_grid {
  tt_aot_packed_fn fn;
  void **args;
  int32_t num_x, num_y, num_z;
  int64_t programs;
  int64_t next;
};

static void tt_aot_run_programs(struct tt_aot_grid *g) {
  for (;;) {
    int64_t i = __atomic_fetch_add(&g->next, 1, __ATOMIC_RELAXED);
    if (i >= g->programs)
      return;
    g->fn(g->args, (int32_t)(i % g->num_x), (int32_t)(i / g->num_x % g->num_y),
          (int32_t)(i / ((int64_t)g->num_x * g->num_y)), g->num_x, g->num_y,
          g->num_z);
  }
}

static void *tt_aot_worker(void *grid) {
  tt_aot_run_programs((struct tt_aot_grid *)grid);
  return NULL;
}

#define TT_AOT_MAX_THREADS 256
static int tt_aot_cpu_threads(void) {
  static int cached;
  int n = __atomic_load_n(&cached, __ATOMIC_RELAXED);
  if (n > 0)
    return n;
  {
    const char *env = getenv("TT_CPU_THREADS");
    n = env ? atoi(env) : 0;
  }
  if (n <= 0) {
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    n = cpus > 0 ? (int)cpus : 1;
  }
  if (n > TT_AOT_MAX_THREADS)
    n = TT_AOT_MAX_THREADS;
  __atomic_store_n(&cached, n, __ATOMIC_RELAXED);
  return n;
}

static void tt_aot_run_grid(tt_aot_packed_fn fn, void **args, int64_t x,
                            int64_t y, int64_t z) {
  pthread_t threads[TT_AOT_MAX_THREADS];
  struct tt_aot_grid g;
  int64_t want;
  int started = 0, i;
  g.fn = fn;
  g.args = args;
  g.num_x = (int32_t)x;
  g.num_y = (int32_t)y;
  g.num_z = (int32_t)z;
  g.programs = x * y * z;
  g.next = 0;
  want = tt_aot_cpu_threads();
  if (want > g.programs)
    want = g.programs;
  for (i = 1; i < want; ++i) {
    if (pthread_create(&threads[started], NULL, tt_aot_worker, &g) != 0)
      break;
    ++started;
  }
  tt_aot_run_programs(&g);
  for (i = 0; i < started; ++i)
    pthread_join(threads[i], NULL);
}
)";

static const char *kCUDARuntime = R"(/* A CUDA binary of the kernel and what launching it takes. */
struct tt_aot_binary {
  const char *target;
  const void *image;
  const char *function;
  int cc_major, cc_minor;
  /* 0: runs on exactly this compute capability (sm_90a code); 1: on this
     major version with this minor or newer (cubin); 2: on this one or newer
     (PTX, compiled by the driver). */
  int rule;
  unsigned threads;         /* per program: num_warps * 32 */
  unsigned shared;          /* dynamic shared memory, bytes */
  uint64_t global_scratch;  /* bytes per program */
  uint64_t profile_scratch; /* bytes per program */
};

static int tt_aot_runs_on(const struct tt_aot_binary *b, int major,
                          int minor) {
  switch (b->rule) {
  case 0:
    return major == b->cc_major && minor == b->cc_minor;
  case 1:
    return major == b->cc_major && minor >= b->cc_minor;
  default:
    return major > b->cc_major ||
           (major == b->cc_major && minor >= b->cc_minor);
  }
}
)";

static void emitSource(const KernelSpec &spec, StringRef headerName,
                       raw_ostream &os) {
  const std::string &n = spec.name;
  std::vector<const Binary *> cuda = orderCUDABinaries(spec.binaries);
  const Binary *cpu = cpuBinary(spec);
  std::set<std::string> used;
  std::vector<std::string> dims = emitGrid(spec, used);
  size_t numParams = spec.args.size() + 2;

  os << "/*===- " << n << ".c - generated by tt-aot; do not edit "
     << "-----------------------===*\n"
     << " * Launchers of kernel '" << commentSafe(spec.kernel) << "' from "
     << commentSafe(spec.source) << "; see " << commentSafe(headerName)
     << ".\n"
     << " *===--------------------------------------------------------------"
        "--------===*/\n\n";
  if (cpu)
    os << "#if !defined(_POSIX_C_SOURCE) && !defined(_GNU_SOURCE)\n"
       << "#define _POSIX_C_SOURCE 200809L /* pthreads, sysconf */\n"
       << "#endif\n";
  os << "#include \"" << headerName << "\"\n\n"
     << "#include <stddef.h>\n#include <stdint.h>\n";
  if (cpu)
    os << "#include <pthread.h>\n#include <stdlib.h>\n#include <unistd.h>\n";
  os << "\n";

  for (const GridHelper &h : kGridHelpers)
    if (used.count(h.name))
      os << h.code << "\n";

  // The grid, computed into tt_aot_grid_{x,y,z} (tt_aot_bad is set when the
  // arithmetic fails), then checked: a launcher returns `invalid` for a
  // grid out of range, `empty` for one with no programs.
  auto emitGridComputation = [&](raw_ostream &os, StringRef invalid,
                                 StringRef empty) {
    os << "  tt_aot_grid_x = " << dims[0] << ";\n"
       << "  tt_aot_grid_y = " << dims[1] << ";\n"
       << "  tt_aot_grid_z = " << dims[2] << ";\n"
       << "  if (tt_aot_bad || tt_aot_grid_x < 0 || tt_aot_grid_x > "
          "INT32_MAX || tt_aot_grid_y < 0 ||\n      tt_aot_grid_y "
          "> 65535 || tt_aot_grid_z < 0 || tt_aot_grid_z > 65535)\n"
       << "    return " << invalid << ";\n"
       << "  if (tt_aot_grid_x == 0 || tt_aot_grid_y == 0 || tt_aot_grid_z "
          "== 0)\n"
       << "    return " << empty << ";\n";
  };
  // Kernel parameters: pointers to each argument, booleans as bytes, then
  // the two scratch pointers.
  auto emitParams = [&](raw_ostream &os, StringRef array, StringRef gscratch,
                        StringRef pscratch) {
    for (auto [i, a] : enumerate(spec.args)) {
      if (a.type == "i1")
        os << "  " << array << "[" << i << "] = &tt_aot_" << a.name
           << "_byte;\n";
      else
        os << "  " << array << "[" << i << "] = &" << a.name << ";\n";
    }
    os << "  " << array << "[" << spec.args.size() << "] = &" << gscratch
       << ";\n"
       << "  " << array << "[" << spec.args.size() + 1 << "] = &" << pscratch
       << ";\n";
  };
  auto emitBoolBytes = [&](raw_ostream &os) {
    for (const Arg &a : spec.args)
      if (a.type == "i1")
        os << "  uint8_t tt_aot_" << a.name << "_byte = " << a.name
           << " ? 1 : 0;\n";
  };

  if (!cuda.empty()) {
    bool anyScratch = any_of(cuda, [](const Binary *b) {
      return b->globalScratchSize > 0 || b->profileScratchSize > 0;
    });
    std::string params = paramList(spec.args, true);
    os << "#ifndef TT_AOT_NO_CUDA\n\n"
       << "#ifdef __cplusplus\n#define TT_AOT_ALIGNED alignas(64)\n"
       << "#else\n#define TT_AOT_ALIGNED _Alignas(64)\n#endif\n\n";
    for (auto [i, b] : enumerate(cuda)) {
      os << "/* " << b->target << " " << kindName(b->kind) << " */\n";
      emitByteArray(os, "tt_aot_image_" + std::to_string(i), b->image,
                    b->kind == BinaryKind::PTX);
      os << "\n";
    }
    os << kCUDARuntime << "\n"
       << "/* In the order load_" << n << " tries them. */\n"
       << "static const struct tt_aot_binary tt_aot_binaries[] = {\n";
    for (auto [i, b] : enumerate(cuda)) {
      int cc = b->computeCapability;
      uint64_t threads = uint64_t(b->numWarps) * b->threadsPerWarp;
      os << "    {\"" << b->target << " " << kindName(b->kind)
         << "\", tt_aot_image_" << i << ", \"" << b->entry << "\", "
         << cc / 10 << ", " << cc % 10 << ", " << compatibilityRule(*b)
         << ", " << threads << "u, " << b->shared << "u, UINT64_C("
         << b->globalScratchSize << "), UINT64_C(" << b->profileScratchSize
         << ")},\n";
    }
    os << "};\n\n";
    os << R"(/* The loaded module: state 0 not loaded, 1 loaded, 2 no binary runs on
   the device. */
static struct {
  CUmodule module;
  CUfunction function;
  const struct tt_aot_binary *binary;
  int state;
} tt_aot_loaded;

)";
    os << "CUresult load_" << n << "(void) {\n"
       << R"(  CUdevice device;
  int major = 0, minor = 0, max_shared = 0;
  size_t i;
  CUresult err;
  if (tt_aot_loaded.state == 1)
    return CUDA_SUCCESS;
  err = cuCtxGetDevice(&device);
  if (err == CUDA_SUCCESS)
    err = cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device);
  if (err == CUDA_SUCCESS)
    err = cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device);
  if (err == CUDA_SUCCESS)
    err = cuDeviceGetAttribute(&max_shared, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, device);
  if (err != CUDA_SUCCESS)
    return err;
  for (i = 0; i < sizeof tt_aot_binaries / sizeof tt_aot_binaries[0]; ++i) {
    const struct tt_aot_binary *b = &tt_aot_binaries[i];
    CUmodule module;
    CUfunction function;
    if (!tt_aot_runs_on(b, major, minor) || b->shared > (unsigned)max_shared)
      continue;
    err = cuModuleLoadData(&module, b->image);
    /* The driver cannot run this one here: try the next. */
    if (err == CUDA_ERROR_NO_BINARY_FOR_GPU || err == CUDA_ERROR_UNSUPPORTED_PTX_VERSION)
      continue;
    if (err != CUDA_SUCCESS)
      return err;
    err = cuModuleGetFunction(&function, module, b->function);
    /* Above 48 KiB, dynamic shared memory must be asked for. */
    if (err == CUDA_SUCCESS && b->shared > 49152)
      err = cuFuncSetAttribute(function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, (int)b->shared);
    if (err != CUDA_SUCCESS) {
      cuModuleUnload(module);
      return err;
    }
    tt_aot_loaded.module = module;
    tt_aot_loaded.function = function;
    tt_aot_loaded.binary = b;
    tt_aot_loaded.state = 1;
    return CUDA_SUCCESS;
  }
  tt_aot_loaded.state = 2;
  return CUDA_ERROR_NO_BINARY_FOR_GPU;
}

)";
    os << "CUresult unload_" << n << "(void) {\n"
       << R"(  CUresult err = CUDA_SUCCESS;
  if (tt_aot_loaded.state == 1)
    err = cuModuleUnload(tt_aot_loaded.module);
  tt_aot_loaded.module = NULL;
  tt_aot_loaded.function = NULL;
  tt_aot_loaded.binary = NULL;
  tt_aot_loaded.state = 0;
  return err;
}

)";
    os << "const char *" << n << "_loaded_target(void) {\n"
       << "  return tt_aot_loaded.state == 1 ? tt_aot_loaded.binary->target "
          ": NULL;\n}\n\n";
    os << "int " << n << "_accepts(" << (params.empty() ? "void" : params)
       << ") {\n";
    emitUnused(os, spec.args, true);
    os << "  return " << conditionExpr(spec.args, true) << ";\n}\n\n";

    os << "CUresult " << n << "(CUstream stream"
       << (params.empty() ? "" : ", ") << params << ") {\n"
       << "  const struct tt_aot_binary *tt_aot_b;\n"
       << "  int64_t tt_aot_grid_x, tt_aot_grid_y, tt_aot_grid_z;\n"
       << "  int tt_aot_bad = 0;\n"
       << "  CUresult tt_aot_err;\n"
       << "  CUdeviceptr tt_aot_global_scratch = 0, tt_aot_profile_scratch = "
          "0;\n"
       << "  void *tt_aot_params[" << numParams << "];\n";
    emitBoolBytes(os);
    os << "  if (!(" << conditionExpr(spec.args, true) << "))\n"
       << "    return TT_AOT_CUDA_ERROR_NO_VARIANT;\n"
       << "  if (tt_aot_loaded.state != 1) {\n"
       << "    if (tt_aot_loaded.state == 2)\n"
       << "      return CUDA_ERROR_NO_BINARY_FOR_GPU;\n"
       << "    tt_aot_err = load_" << n << "();\n"
       << "    if (tt_aot_err != CUDA_SUCCESS)\n"
       << "      return tt_aot_err;\n"
       << "  }\n"
       << "  tt_aot_b = tt_aot_loaded.binary;\n";
    emitGridComputation(os, "CUDA_ERROR_INVALID_VALUE", "CUDA_SUCCESS");
    if (anyScratch)
      os << R"(  /* Scratch memory, size * programs bytes, stream-ordered. */
  if (tt_aot_b->global_scratch) {
    tt_aot_err = cuMemAllocAsync(&tt_aot_global_scratch, (size_t)(tt_aot_b->global_scratch * (uint64_t)tt_aot_grid_x * (uint64_t)tt_aot_grid_y * (uint64_t)tt_aot_grid_z), stream);
    if (tt_aot_err != CUDA_SUCCESS)
      return tt_aot_err;
  }
  if (tt_aot_b->profile_scratch) {
    tt_aot_err = cuMemAllocAsync(&tt_aot_profile_scratch, (size_t)(tt_aot_b->profile_scratch * (uint64_t)tt_aot_grid_x * (uint64_t)tt_aot_grid_y * (uint64_t)tt_aot_grid_z), stream);
    if (tt_aot_err != CUDA_SUCCESS) {
      if (tt_aot_global_scratch)
        cuMemFreeAsync(tt_aot_global_scratch, stream);
      return tt_aot_err;
    }
  }
)";
    emitParams(os, "tt_aot_params", "tt_aot_global_scratch",
               "tt_aot_profile_scratch");
    os << "  tt_aot_err = cuLaunchKernel(tt_aot_loaded.function, "
          "(unsigned)tt_aot_grid_x,\n"
       << "                              (unsigned)tt_aot_grid_y, "
          "(unsigned)tt_aot_grid_z,\n"
       << "                              tt_aot_b->threads, 1, 1, "
          "tt_aot_b->shared, stream,\n"
       << "                              tt_aot_params, NULL);\n";
    if (anyScratch)
      os << R"(  if (tt_aot_global_scratch) {
    CUresult tt_aot_free = cuMemFreeAsync(tt_aot_global_scratch, stream);
    if (tt_aot_err == CUDA_SUCCESS)
      tt_aot_err = tt_aot_free;
  }
  if (tt_aot_profile_scratch) {
    CUresult tt_aot_free = cuMemFreeAsync(tt_aot_profile_scratch, stream);
    if (tt_aot_err == CUDA_SUCCESS)
      tt_aot_err = tt_aot_free;
  }
)";
    os << "  return tt_aot_err;\n}\n\n#endif /* TT_AOT_NO_CUDA */\n\n";
  }

  if (cpu) {
    std::string params = paramList(spec.args, false);
    os << kCPURuntime << "\n"
       << "#ifdef __cplusplus\nextern \"C\"\n#endif\n"
       << "void " << cpu->entry
       << "(void **args, int32_t pid_x, int32_t pid_y, int32_t pid_z,\n"
       << "    int32_t num_x, int32_t num_y, int32_t num_z);\n\n";
    os << "int " << n << "_cpu_accepts(" << (params.empty() ? "void" : params)
       << ") {\n";
    emitUnused(os, spec.args, true);
    os << "  return " << conditionExpr(spec.args, false) << ";\n}\n\n";
    os << "int " << n << "_cpu(" << (params.empty() ? "void" : params)
       << ") {\n"
       << "  int64_t tt_aot_grid_x, tt_aot_grid_y, tt_aot_grid_z;\n"
       << "  int tt_aot_bad = 0;\n"
       << "  void *tt_aot_no_scratch = NULL;\n"
       << "  void *tt_aot_args[" << numParams << "];\n";
    emitBoolBytes(os);
    os << "  if (!(" << conditionExpr(spec.args, false) << "))\n"
       << "    return TT_AOT_ERROR_NO_VARIANT;\n";
    emitGridComputation(os, "TT_AOT_ERROR_INVALID_GRID", "TT_AOT_SUCCESS");
    emitParams(os, "tt_aot_args", "tt_aot_no_scratch", "tt_aot_no_scratch");
    os << "  tt_aot_run_grid(" << cpu->entry
       << ", tt_aot_args, tt_aot_grid_x, tt_aot_grid_y, tt_aot_grid_z);\n"
       << "  return TT_AOT_SUCCESS;\n}\n";
  }
}

void tt::aot::generateLauncher(const KernelSpec &spec, StringRef headerName,
                               raw_ostream &header, raw_ostream &source) {
  emitHeader(spec, header);
  emitSource(spec, headerName, source);
}
