//===- Request.cpp - one compilation, as plain data -------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
//===----------------------------------------------------------------------===//

#include "tt/Compiler/Request.h"

using namespace tt::compiler;

namespace {
struct EmitName {
  EmitKind kind;
  const char *name;
};
constexpr EmitName emitNames[] = {
    {EmitKind::LLVMIR, "llvmir"}, {EmitKind::Object, "obj"},
    {EmitKind::Shared, "so"},     {EmitKind::PTX, "ptx"},
    {EmitKind::Cubin, "cubin"},   {EmitKind::AMDGCN, "amdgcn"},
    {EmitKind::HSACO, "hsaco"},   {EmitKind::All, "all"},
};
} // namespace

const char *tt::compiler::getEmitName(EmitKind kind) {
  for (const EmitName &e : emitNames)
    if (e.kind == kind)
      return e.name;
  return "none";
}

const char *tt::compiler::getStageExtension(EmitKind kind) {
  if (kind == EmitKind::LLVMIR)
    return "llir";
  if (kind == EmitKind::Object)
    return "o";
  return getEmitName(kind);
}

EmitKind tt::compiler::parseEmitName(const std::string &name) {
  for (const EmitName &e : emitNames)
    if (name == e.name)
      return e.kind;
  return EmitKind::None;
}

std::string tt::compiler::getDefaultTarget(EmitKind kind) {
  switch (kind) {
  case EmitKind::PTX:
  case EmitKind::Cubin:
    return "cuda:90";
  case EmitKind::AMDGCN:
  case EmitKind::HSACO:
    return "hip:gfx942";
  case EmitKind::All:
    // Every stage, as upstream's TRITON_KERNEL_DUMP of a GPU compile.
    return "cuda:90";
  default:
    return "cpu";
  }
}

std::string CompileRequest::getTarget() const {
  return target.empty() ? getDefaultTarget(emit) : target;
}

std::vector<std::string> CompileRequest::toTranslateArgs() const {
  // The order tt-run and tt-tune have always logged: target and options,
  // what to emit, the input, then where the outputs go.
  std::vector<std::string> args = {"--target", getTarget()};
  if (numWarps > 0)
    args.insert(args.end(), {"--num-warps", std::to_string(numWarps)});
  if (numStages > 0)
    args.insert(args.end(), {"--num-stages", std::to_string(numStages)});
  if (numCtas > 0)
    args.insert(args.end(), {"--num-ctas", std::to_string(numCtas)});
  if (maxNumRegs > 0)
    args.push_back("--maxnreg=" + std::to_string(maxNumRegs));
  if (!enableFPFusion)
    args.push_back("--fp-fusion=false");
  if (!enableReflectFtz)
    args.push_back("--reflect-ftz=false");
  if (!ptxasOptions.empty())
    args.push_back("--ptxas-options=" + ptxasOptions);
  args.push_back(std::string("--emit=") + getEmitName(emit));
  if (!signature.empty())
    args.push_back("--signature=" + signature);
  for (const std::string &d : defines)
    args.push_back("-D" + d);
  if (!cpu.empty())
    args.push_back("--mcpu=" + cpu);
  if (!triple.empty())
    args.push_back("--mtriple=" + triple);
  if (!features.empty())
    args.push_back("--mattr=" + features);
  if (optLevel != 3)
    args.push_back("-O" + std::to_string(optLevel));
  if (skipTTIRStage)
    args.push_back("--no-ttir-stage");
  // An input named like an option (`-o.ttir`) stays a file name.
  args.push_back(!input.empty() && input[0] == '-' && input != "-"
                     ? "./" + input
                     : input);
  if (!output.empty())
    args.insert(args.end(), {"-o", output});
  if (noMetadata)
    args.push_back("--no-metadata");
  else if (!metadata.empty())
    args.insert(args.end(), {"--metadata", metadata});
  return args;
}
