//===- Request.h - one compilation, as plain data ---------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// A CompileRequest says what to compile (a file at any stage: TTIR, TTGIR,
// an LLVM dialect module, or a Python kernel FILE.py::KERNEL), for which
// target, with which options, what to emit and where to write it. It is
// the one contract between the tools and the compile driver:
//
//   - tt-translate and tt-dump turn their flags into a request and hand it
//     to tt::compiler::Compiler (Compiler.h) in the same process;
//   - tt-run, tt-tune and tt-aot, which must stay free of MLIR (tt-run's
//     runtime links no LLVM at all), turn a request into tt-translate's
//     command line with toTranslateArgs() and run it as a child process.
//
// Plain C++: this header and Request.cpp depend on nothing but the
// standard library.
//
//===----------------------------------------------------------------------===//

#ifndef TT_COMPILER_REQUEST_H
#define TT_COMPILER_REQUEST_H

#include <string>
#include <vector>

namespace tt::compiler {

/// What a compilation emits. Each is also the file extension of that stage
/// in a dump directory, except All (every stage: tt-dump).
enum class EmitKind {
  None,
  LLVMIR, ///< "llir": optimized LLVM IR, text
  Object, ///< "obj": ELF relocatable object (CPU)
  Shared, ///< "so": shared library (CPU)
  PTX,    ///< "ptx" (NVIDIA)
  Cubin,  ///< "cubin" (NVIDIA, needs ptxas)
  AMDGCN, ///< "amdgcn": AMD GPU assembly
  HSACO,  ///< "hsaco": HSA code object (AMD, needs ld.lld)
  All,    ///< every stage into the dump directory
};

/// The name of `kind` on the command line (--emit=NAME) and as a stage
/// file extension; "all" and "none" for the other two.
const char *getEmitName(EmitKind kind);
/// The extension of the stage file `kind` writes: "llir" for LLVMIR, "o"
/// for Object, else getEmitName(kind).
const char *getStageExtension(EmitKind kind);
/// The kind named `name`; None for an unknown name.
EmitKind parseEmitName(const std::string &name);

/// The target a request compiles for when it names none, the one rule of
/// every tool (docs/cli.md): cuda:90 for PTX, cubin and every stage (All,
/// tt-dump), hip:gfx942 for AMDGCN and HSACO, else (LLVM IR, objects,
/// shared libraries) the CPU.
std::string getDefaultTarget(EmitKind kind);

struct CompileRequest {
  /// A file ('-': standard input) of TTIR, TTGIR or LLVM dialect IR, or a
  /// Python kernel FILE.py::KERNEL.
  std::string input = "-";
  /// The input's text, when it does not come from a file (the compile
  /// server's "ir" field); `input` then only names it in diagnostics.
  bool hasInputText = false;
  std::string inputText;
  /// cpu, cuda:NN or hip:gfxNNN; empty: getDefaultTarget(emit).
  std::string target;
  EmitKind emit = EmitKind::None;

  /// 0: the module's own value (ttg.num-warps of a TTGIR input), else the
  /// default (4 warps, 3 stages, 1 CTA).
  int numWarps = 0;
  int numStages = 0;
  int numCtas = 0;

  /// NVIDIA code generation (PipelineOptions has their meaning): 0 = no
  /// .maxnreg; fusion and flush-to-zero libdevice on unless turned off.
  int maxNumRegs = 0;
  bool enableFPFusion = true;
  bool enableReflectFtz = true;
  std::string ptxasOptions;

  /// For FILE.py::KERNEL inputs: upstream's signature string and
  /// NAME=VALUE constexprs (docs/frontend.md).
  std::string signature;
  std::vector<std::string> defines;

  /// CPU code generation: -mcpu, -mtriple, -mattr, -O.
  std::string cpu, triple, features;
  unsigned optLevel = 3;
  /// The input went through the TTIR stage already (tt-opt --tt-ttir).
  bool skipTTIRStage = false;

  /// Where the emitted stage goes ('-': stdout); empty: nowhere (tt-dump).
  std::string output;
  /// Where the metadata JSON goes; empty: next to the output for Object
  /// and Shared (one <kernel>.json per kernel), nowhere for the others.
  std::string metadata;
  bool noMetadata = false;

  /// tt-dump: dump every stage into this root (<root>/<hash>/...), whatever
  /// TRITON_KERNEL_DUMP says; empty: TRITON_KERNEL_DUMP decides.
  std::string dumpRoot;
  /// The MLIR stages ("ttir", "ttgir", "llir") whose text the result keeps
  /// (CompileResult::stages) although no dump asks for them: the compile
  /// server returns them without writing files.
  std::vector<std::string> keepStages;
  /// The tool's name, for messages ("tt-translate").
  std::string tool = "tt-translate";

  /// The target this request compiles for (`target`, else the default).
  std::string getTarget() const;

  /// tt-translate's arguments for this request (without the program
  /// name): the inverse of tt-translate's own flag parsing.
  std::vector<std::string> toTranslateArgs() const;
};

} // namespace tt::compiler

#endif // TT_COMPILER_REQUEST_H
