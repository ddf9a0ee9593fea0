//===- Report.h - An HTML report of one kernel compilation ------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// `tt-dump --html FILE` writes one self-contained HTML page about a kernel:
// every stage side by side (TTIR, TTGIR, LLVM IR, PTX, SASS, ...), linked by
// source location; the IR before and after each MLIR pass as a diff; the
// kernel metadata and the ptxas resource report; a picture of every layout
// of the TTGIR; a short list of findings. See docs/report.md.
//
// The report is made in two steps:
//
//  * collecting (Recorder): while the tool compiles, a Recorder receives the
//    IR after every pass (through the KernelSession of tt/Compiler/Session.h)
//    and the error diagnostics; afterwards it reads the stages the session
//    wrote, runs ptxas -v and a disassembler, parses the TTGIR for layouts
//    and computes the findings, filling a ReportData;
//  * rendering (renderHTML): ReportData to HTML, plain C++ with no MLIR.
//
// This header is light on purpose (no MLIR headers): tools include it.
//
//===----------------------------------------------------------------------===//

#ifndef TT_REPORT_REPORT_H
#define TT_REPORT_REPORT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace tt::debug {
class KernelSession;
} // namespace tt::debug

namespace tt::report {

/// One stage's text as a pane of the report.
struct StageText {
  /// What the text is: "py", "source.ttir", "ttir", "ttgir", "llir", "ptx",
  /// "sass", "amdgcn". Decides how source locations are read from it.
  std::string ext;
  /// Shown above the pane ("TTGIR").
  std::string title;
  /// Where the text came from (a dump file), shown with the title.
  std::string path;
  std::string text;
};

/// A stage that the compilation should have produced and did not.
struct StageStatus {
  std::string stage;   ///< "ptx"
  std::string status;  ///< "ok", "failed", "not reached", "skipped"
  std::string message; ///< why, for the last three
};

/// The IR of an MLIR stage at one point: its input, or after one pass.
struct PassIR {
  std::string stage; ///< "ttir", "ttgir", "llir"
  std::string pass;  ///< the pass argument, or "input"
  std::string ir;
  bool failed = false;
};

/// A place in a pane: the stage's ext and a 1-based line number.
struct Place {
  std::string ext;
  unsigned line = 0;
};

/// Something worth a look, found in the stages.
struct Finding {
  std::string severity; ///< "warning" or "note"
  std::string title;
  std::string detail;
  std::vector<Place> places; ///< lines the finding is about (links)
};

/// ptxas -v: the resources of the kernel's entry function.
struct Resources {
  bool valid = false;
  int64_t registers = -1;
  int64_t barriers = -1;
  int64_t stackFrame = -1;
  int64_t spillStores = -1;
  int64_t spillLoads = -1;
  int64_t sharedBytes = -1; ///< static shared memory (smem) ptxas reports
  int64_t constantBytes = -1;
  std::string log; ///< ptxas' own words
};
/// Reads ptxas -v output (the first entry function's report).
Resources parsePtxasInfo(llvm::StringRef log);

/// One layout picture of the report.
struct LayoutFigure {
  std::string name;    ///< the TTGIR alias ("#blocked1") or the attribute
  std::string attr;    ///< the attribute as printed
  std::string caption; ///< what is drawn: shape, cap, element type
  std::vector<std::string> notes; ///< other shapes, broadcast, conflicts
  std::string bases;   ///< the linear layout's bases, one in dim a line
  std::string svg;     ///< empty when no picture could be drawn
};

/// Everything the page shows.
struct ReportData {
  std::string kernelName;
  std::string inputPath;
  /// (name, value) shown in the header: target, num-warps, ...
  std::vector<std::pair<std::string, std::string>> options;
  std::vector<StageStatus> stages;
  /// The panes, in pipeline order.
  std::vector<StageText> texts;
  /// Error diagnostics and tool errors, in the order they came.
  std::vector<std::string> errors;
  std::vector<PassIR> passes;
  /// The metadata JSON as written, if any.
  std::string metadataJSON;
  Resources resources;
  std::vector<Finding> findings;
  std::vector<LayoutFigure> layouts;
  /// Why there are no layout pictures (e.g. no TTGIR), when there are none.
  std::string layoutsNote;
  /// A tt-tune chart (an SVG document) and where it came from.
  std::string tuneChartSVG;
  std::string tuneChartPath;
};

/// The HTML page: one file, inline CSS and a little vanilla JavaScript, no
/// external resources.
std::string renderHTML(const ReportData &data);

/// How a Recorder finishes its report.
struct RecorderOptions {
  /// The target ("cuda:90", "cpu").
  std::string target;
  /// The Python source of the kernel; when empty, a .py file named by the
  /// TTIR's locations is looked for next to the input and in the working
  /// directory.
  std::string pythonSource;
  /// A tt-tune --report-svg chart to include.
  std::string tuneChart;
  /// Header rows (input, options).
  std::string inputPath;
  std::vector<std::pair<std::string, std::string>> options;
  /// Run ptxas -v and a disassembler on the PTX / cubin (on by default).
  bool runTools = true;
};

/// Collects what a compilation produced (see the file comment). Create it
/// after the KernelSession and before running the pipeline; it installs a
/// pass-IR callback on the session and a diagnostic handler on the
/// context, both removed when it is destroyed.
class Recorder {
public:
  Recorder(mlir::MLIRContext &context, debug::KernelSession &session);
  ~Recorder();
  Recorder(const Recorder &) = delete;
  Recorder &operator=(const Recorder &) = delete;

  /// An error the tool reported outside MLIR diagnostics.
  void addError(llvm::StringRef message);

  /// Builds the report from the stages the session wrote. `succeeded` says
  /// whether the compilation finished.
  ReportData collect(bool succeeded, const RecorderOptions &options);

  /// collect() and renderHTML() into `path` (written atomically).
  llvm::Error write(llvm::StringRef path, bool succeeded,
                    const RecorderOptions &options);

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
};

} // namespace tt::report

#endif // TT_REPORT_REPORT_H
