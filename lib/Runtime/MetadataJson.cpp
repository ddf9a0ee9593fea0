//===- MetadataJson.cpp - JSON inputs of tt-run -----------------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// Upstream's metadata files and our own --json results are read with
// yaml-cpp (JSON is valid YAML 1.2 flow syntax), so this file is built with
// exceptions; none escapes it.
//
//===----------------------------------------------------------------------===//

#include "tt/Runtime/Files.h"
#include "tt/Runtime/Metadata.h"

#include <yaml-cpp/yaml.h>

#include <variant>

using namespace tt::runtime;

namespace {

bool slurp(const std::string &path, std::string &text, std::string &err) {
  if (readFile(path, text, err))
    return true;
  err = "cannot open '" + path + "': " + err;
  return false;
}

template <typename T> void readField(const YAML::Node &m, const char *k, T &v) {
  YAML::Node n = m[k];
  if (n && n.IsScalar() && n.Scalar() != "null")
    v = n.as<T>();
}

/// The top-level fields of upstream's metadata that tt-run reads, in the
/// order it reads them (the first that cannot be read is the error).
using M = KernelMetadata;
struct MetadataField {
  const char *name;
  std::variant<std::string M::*, int M::*, int64_t M::*, bool M::*> member;
};
const MetadataField kFields[] = {
    {"name", &M::name},
    {"num_warps", &M::numWarps},
    {"num_ctas", &M::numCtas},
    {"warp_size", &M::warpSize},
    {"shared", &M::shared},
    {"global_scratch_size", &M::globalScratchSize},
    {"global_scratch_align", &M::globalScratchAlign},
    {"profile_scratch_size", &M::profileScratchSize},
    {"profile_scratch_align", &M::profileScratchAlign},
    {"launch_cooperative_grid", &M::cooperativeGrid},
    {"launch_pdl", &M::launchPdl},
    {"triton_version", &M::tritonVersion}};

} // namespace

bool tt::runtime::parseKernelMetadata(const std::string &text,
                                      KernelMetadata &out, std::string &err) {
  try {
    YAML::Node root = YAML::Load(text);
    if (!root.IsMap()) {
      err = "kernel metadata is not a JSON object";
      return false;
    }
    for (const MetadataField &f : kFields)
      std::visit([&](auto member) { readField(root, f.name, out.*member); },
                 f.member);
    YAML::Node target = root["target"];
    if (target && target.IsMap()) {
      readField(target, "backend", out.backend);
      readField(target, "arch", out.arch);
    }
    YAML::Node td = root["tensordesc_meta"];
    out.hasTensorDescriptors = td && td.IsSequence() && td.size() > 0;
  } catch (const YAML::Exception &e) {
    err = "malformed kernel metadata: " + e.msg;
    if (e.mark.line >= 0)
      err += " (line " + std::to_string(e.mark.line + 1) + ")";
    return false;
  }
  return true;
}

bool tt::runtime::readKernelMetadata(const std::string &path,
                                     KernelMetadata &out, std::string &err) {
  std::string text;
  if (!slurp(path, text, err))
    return false;
  out.path = path;
  if (!parseKernelMetadata(text, out, err)) {
    err = path + ": " + err;
    return false;
  }
  return true;
}

bool tt::runtime::readBaseline(const std::string &path,
                               std::vector<BaselineEntry> &out,
                               std::string &err) {
  std::string text;
  if (!slurp(path, text, err))
    return false;
  try {
    YAML::Node root = YAML::Load(text);
    YAML::Node results = root.IsMap() ? root["results"] : YAML::Node();
    if (!results || !results.IsSequence()) {
      err = path + ": not a tt-run --json result (no \"results\" list)";
      return false;
    }
    for (const YAML::Node &file : results) {
      YAML::Node variants = file["variants"];
      if (!variants || !variants.IsSequence())
        continue;
      for (const YAML::Node &v : variants) {
        YAML::Node key = v["key"];
        YAML::Node bench = v["bench"];
        if (!key || !bench || !bench.IsMap())
          continue;
        YAML::Node med = bench["median_ms"];
        if (!med || !med.IsScalar() || med.Scalar() == "null")
          continue;
        out.push_back({key.as<std::string>(), med.as<double>()});
      }
    }
  } catch (const YAML::Exception &e) {
    err = path + ": malformed JSON: " + e.msg;
    return false;
  }
  return true;
}
