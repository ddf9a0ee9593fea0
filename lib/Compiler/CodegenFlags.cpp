//===- CodegenFlags.cpp - code generation flags of the compile tools -----===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Compiler/CodegenFlags.h"

#include "tt/Compiler/Request.h"

using namespace llvm;
using namespace tt::compiler;

CodegenFlags::CodegenFlags(cl::OptionCategory &category)
    : maxNumRegs("maxnreg",
                 cl::desc("Cap every kernel at N registers per thread "
                          "(.maxnreg; upstream's maxnreg; NVIDIA)"),
                 cl::value_desc("N"), cl::init(0), cl::cat(category)),
      fpFusion("fp-fusion",
               cl::desc("Fuse multiplies and adds into fma (default true; "
                        "false also gives ptxas --fmad=false; upstream's "
                        "enable_fp_fusion; NVIDIA)"),
               cl::init(true), cl::cat(category)),
      reflectFtz("reflect-ftz",
                 cl::desc("libdevice flushes subnormals to zero (default "
                          "true; upstream's enable_reflect_ftz; NVIDIA)"),
                 cl::init(true), cl::cat(category)),
      ptxasOptions("ptxas-options",
                   cl::desc("Extra ptxas arguments, separated by spaces "
                            "(upstream's ptx_options; NVIDIA)"),
                   cl::value_desc("args"), cl::init(""), cl::cat(category)) {}

void CodegenFlags::apply(CompileRequest &req) const {
  req.maxNumRegs = maxNumRegs;
  req.enableFPFusion = fpFusion;
  req.enableReflectFtz = reflectFtz;
  req.ptxasOptions = ptxasOptions;
}
