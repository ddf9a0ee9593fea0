//===- RunKernels.cpp - a run's kernels, read or compiled -------*- C++ -*-===//
//
// Part of tt, the Triton compiler as a suite of Unix tools.
//
// The resolveKernels phase of a FileRun: each selected variant's file is
// read (a binary and the metadata beside it) or compiled on the fly (TTIR,
// TTGIR, a Python kernel), its entry found and, for PTX, its signature
// checked against the YAML's arguments; the YAML's launch parameters must
// agree with the metadata. Then the kernels `check: {cpu: true}` compares
// the variants with on the CPU, prepared once per distinct file.
//
//===----------------------------------------------------------------------===//

#include "FileRun.h"
#include "tt/Runtime/Compile.h"
#include "tt/Runtime/Files.h"

#include <sys/stat.h>

#include <algorithm>

using namespace tt::runtime;
using namespace tt::runtime::runner;

namespace {

/// The kernel binaries tt-run loads, by file extension.
struct BinaryKind {
  const char *extension;
  KernelImage::Format format;
  Target target;
};

const BinaryKind *binaryKind(const std::string &path) {
  static const BinaryKind kinds[] = {
      {".ptx", KernelImage::Format::PTX, Target::CUDA},
      {".cubin", KernelImage::Format::Cubin, Target::CUDA},
      {".hsaco", KernelImage::Format::Hsaco, Target::HIP},
      {".so", KernelImage::Format::SharedObject, Target::CPU}};
  for (const BinaryKind &k : kinds)
    if (endsWith(path, k.extension))
      return &k;
  return nullptr;
}

} // namespace

//===----------------------------------------------------------------------===//
// The phase
//===----------------------------------------------------------------------===//

bool FileRun::resolveKernels() {
  Failure f;
  for (const KernelVariant &kv : spec.kernels) {
    if (!opts.variants.empty() &&
        std::find(opts.variants.begin(), opts.variants.end(), kv.label) ==
            opts.variants.end())
      continue;
    PreparedVariant pv;
    if (!prepare(kv, pv, f))
      return fail(f);
    prepared.push_back(std::move(pv));
  }
  if (prepared.empty())
    return fail(spec.kernelLine, "no kernel variant matches --variant",
                ExitBadInput);
  out.target = targetName(prepared[0].target);
  return resolveCpuReferences();
}

bool FileRun::resolveCpuReferences() {
  if (!opts.noCheck)
    for (const ArgSpec &a : spec.args)
      cpuChecks |= a.isTensor && a.check.kind == CheckSpec::Kind::Cpu;
  refOf.assign(prepared.size(), 0);
  Failure f;
  for (size_t vi = 0; cpuChecks && vi < prepared.size(); ++vi) {
    KernelVariant refKv;
    if (!findCpuReference(*prepared[vi].variant, refKv, f))
      return fail(f);
    size_t r = 0;
    while (r < refs.size() && refs[r].variant->path != refKv.path)
      ++r;
    refOf[vi] = r;
    if (r < refs.size())
      continue;
    refVariants.push_back(refKv);
    PreparedVariant ref;
    Target cpu = Target::CPU;
    if (!prepare(refVariants.back(), ref, f, &cpu))
      return fail(f.line ? f.line : spec.kernelLine,
                  "CPU reference: " + f.message, f.code);
    refs.push_back(std::move(ref));
  }
  return true;
}

//===----------------------------------------------------------------------===//
// One variant
//===----------------------------------------------------------------------===//

bool FileRun::prepare(const KernelVariant &kv, PreparedVariant &pv,
                      Failure &f, const Target *forceTarget) {
  pv.variant = &kv;
  pv.image.path = kv.path;
  bool compile = needsCompilation(kv.path);
  if (!kernelTarget(kv, forceTarget, compile, pv, f))
    return false;
  std::string file = kernelFilePath(kv.path);
  if (!isRegularFile(file)) {
    struct stat st;
    bool exists = ::stat(file.c_str(), &st) == 0;
    f = {kv.line, "cannot open kernel file '" + kernelFilePath(kv.written) +
                      "': " +
                      (exists ? "not a regular file"
                              : "No such file or directory")};
    return false;
  }
  if (compile ? !compileVariant(kv, forceTarget, pv, f)
              : !readKernel(kv, pv, f))
    return false;
  if (!resolveEntry(kv, forceTarget, compile, pv, f))
    return false;

  if (forceTarget) {
    // A CPU reference: the YAML's launch parameters describe the variants,
    // not this kernel; the CPU runtime ignores warps and shared memory.
    const KernelImage &img = pv.image;
    pv.numWarps = img.hasMeta && img.meta.numWarps > 0 ? img.meta.numWarps : 4;
    pv.warpSize = 32;
    pv.shared = 0;
    return true;
  }
  return resolveLaunchParams(kv, pv, f);
}

/// The target the file's type (or, compiled on the fly, the YAML or
/// `forceTarget`) says, and the image format of a binary.
bool FileRun::kernelTarget(const KernelVariant &kv, const Target *forceTarget,
                           bool compile, PreparedVariant &pv, Failure &f) {
  KernelImage &img = pv.image;
  const std::string &p = kv.path;
  Target fileTarget;
  if (compile) {
    if (forceTarget) {
      fileTarget = *forceTarget;
    } else if (!spec.hasTarget) {
      f = {kv.line, (isPythonKernel(p)
                         ? std::string("a Python kernel")
                         : "a " + p.substr(p.rfind('.')) + " kernel") +
                        " is compiled on the fly and needs 'target:' "
                        "(cuda, hip or cpu)"};
      return false;
    } else {
      fileTarget = spec.target;
    }
  } else {
    const BinaryKind *kind = binaryKind(p);
    if (!kind) {
      f = {kv.line,
           "unknown kernel file type '" + kv.written +
               "' (expected .ptx, .cubin, .hsaco, .so, .ttir or .ttgir)"};
      return false;
    }
    img.format = kind->format;
    fileTarget = kind->target;
  }
  if (forceTarget && *forceTarget != fileTarget) {
    f = {kv.line, kv.written + " is a " + targetName(fileTarget) +
                      " kernel; it cannot run on the " +
                      targetName(*forceTarget)};
    return false;
  }
  if (!forceTarget && spec.hasTarget && spec.target != fileTarget) {
    f = {spec.targetLine, std::string("target ") + targetName(spec.target) +
                              " cannot run " + kv.written + " (a " +
                              targetName(fileTarget) + " kernel)"};
    return false;
  }
  pv.target = img.target = fileTarget;
  return true;
}

bool FileRun::compileVariant(const KernelVariant &kv, const Target *forceTarget,
                             PreparedVariant &pv, Failure &f) {
  const std::string &p = kv.path;
  CompileRequest req;
  req.path = p;
  req.target = pv.target;
  // A CPU reference keeps the name its own metadata gives.
  req.name = forceTarget ? std::string() : spec.name;
  req.numWarps = L.hasNumWarps ? int(L.numWarps) : 4;
  req.numStages = int(L.numStages);
  req.numCtas = int(L.numCtas);
  if (isPythonKernel(p)) {
    // Specialized as the YAML's arguments say, or by 'signature:'; the
    // constexprs are evaluated with the parameters and scalars.
    req.signature =
        spec.signature.empty() ? deriveSignature(spec) : spec.signature;
    for (const auto &c : spec.constexprs) {
      Value v;
      if (!evalExpr(c.second, L.scope, "constexpr '" + c.first + "'", v, f))
        return false;
      if (v.isTensor()) {
        f = {c.second.line, "constexpr '" + c.first + "' must be a number"};
        return false;
      }
      req.defines.push_back(c.first + "=" + v.str());
    }
  }
  std::string err;
  if (!compileKernel(req, pv.image, err)) {
    f = {kv.line, err};
    return false;
  }
  return true;
}

bool FileRun::readKernel(const KernelVariant &kv, PreparedVariant &pv,
                         Failure &f) {
  KernelImage &img = pv.image;
  const std::string &p = kv.path;
  std::string err, bytes;
  if (!readFile(p, bytes, err)) {
    f = {kv.line, "cannot read kernel file '" + kv.written + "': " + err};
    return false;
  }
  img.bytes.assign(bytes.begin(), bytes.end());
  if (img.format == KernelImage::Format::PTX)
    img.bytes.push_back('\0');
  // Upstream's metadata sits beside the binary with the same stem.
  std::string json = p.substr(0, p.rfind('.')) + ".json";
  if (isRegularFile(json)) {
    if (!readKernelMetadata(json, img.meta, err)) {
      f = {kv.line, err};
      return false;
    }
    img.hasMeta = true;
  }
  return true;
}

/// The entry name: the YAML's, the metadata's, or the PTX's only .entry;
/// a PTX entry's parameters must match the YAML's arguments.
bool FileRun::resolveEntry(const KernelVariant &kv, const Target *forceTarget,
                           bool compile, PreparedVariant &pv, Failure &f) {
  KernelImage &img = pv.image;
  const KernelMetadata &m = img.meta;
  std::string metaName = img.hasMeta ? baseName(m.path) : "";
  bool ptx = img.format == KernelImage::Format::PTX && !compile;
  std::vector<PtxEntry> entries;
  if (ptx) {
    std::string err;
    if (!parsePtxEntries(std::string(img.bytes.data()), entries, err)) {
      f = {kv.line, baseName(kv.path) + ": " + err};
      return false;
    }
  }
  if (img.name.empty()) {
    if (forceTarget && img.hasMeta && !m.name.empty()) {
      img.name = m.name;
    } else if (!spec.name.empty()) {
      if (img.hasMeta && !m.name.empty() && m.name != spec.name) {
        f = {spec.nameLine, "name '" + spec.name +
                                "' disagrees with the kernel metadata ('" +
                                m.name + "' in " + metaName + ")"};
        return false;
      }
      img.name = spec.name;
    } else if (img.hasMeta && !m.name.empty()) {
      img.name = m.name;
    } else if (entries.size() == 1) {
      img.name = entries[0].name;
    } else {
      f = {kv.line, "cannot tell the kernel's name from " + kv.written +
                        "; add 'name: <kernel>'"};
      return false;
    }
  }
  if (!ptx)
    return true;
  const PtxEntry *entry = nullptr;
  std::string names;
  for (const PtxEntry &e : entries) {
    names += (names.empty() ? "" : ", ") + e.name;
    if (e.name == img.name)
      entry = &e;
  }
  if (!entry) {
    f = {spec.nameLine ? spec.nameLine : kv.line,
         "no .entry '" + img.name + "' in " + kv.written +
             (names.empty() ? " (it has none)" : " (it has: " + names + ")")};
    return false;
  }
  return checkSignature(pv, *entry, f);
}

bool FileRun::checkSignature(const PreparedVariant &pv, const PtxEntry &entry,
                             Failure &f) {
  std::vector<const ArgSpec *> passed;
  for (const ArgSpec &a : spec.args)
    if (!a.specialized)
      passed.push_back(&a);
  size_t P = entry.params.size(), A = passed.size();
  std::string where =
      "kernel '" + entry.name + "' in " + baseName(pv.image.path);
  if (P != A + 2) {
    f = {spec.argsLine,
         where + " has " + std::to_string(P) +
             " parameters (the user arguments, then 2 scratch pointers), but "
             "the YAML passes " + std::to_string(A) +
             " arguments; mark arguments the compiler specialized away (such "
             "as strides equal to 1) with 'specialized: true'"};
    return false;
  }
  for (size_t i = 0; i < A; ++i) {
    const PtxParam &p = entry.params[i];
    const ArgSpec &a = *passed[i];
    std::string desc = where + " parameter " + std::to_string(i) + " is " +
                       p.type + (p.isPointer ? " .ptr" : "");
    if (a.isTensor) {
      if (p.bytes != 8 || p.type[1] == 'f') {
        f = {a.line, "argument '" + a.name +
                         "' is a tensor (passed as a 64-bit pointer) but " +
                         desc};
        return false;
      }
      continue;
    }
    if (p.isPointer) {
      f = {a.line, "argument '" + a.name + "' is a scalar but " + desc +
                       " (a pointer)"};
      return false;
    }
    size_t want = dtypeSize(a.dtype);
    bool sizeOk = p.bytes == want || (a.dtype == DType::I1 && p.bytes <= 4);
    bool classOk = p.type[1] == 'b' || p.type == ".pred" ||
                   (p.type[1] == 'f') == isFloat(a.dtype);
    if (!sizeOk || !classOk) {
      f = {a.line, "argument '" + a.name + "' is " + dtypeName(a.dtype) +
                       " but " + desc};
      return false;
    }
  }
  for (size_t i = A; i < P; ++i) {
    if (entry.params[i].bytes != 8) {
      f = {spec.argsLine, where + " parameter " + std::to_string(i) +
                              " should be a scratch pointer but is " +
                              entry.params[i].type};
      return false;
    }
  }
  return true;
}

/// Launch parameters: the YAML and the metadata must agree where both
/// speak; then what the runtime cannot launch yet.
bool FileRun::resolveLaunchParams(const KernelVariant &kv, PreparedVariant &pv,
                                  Failure &f) {
  const KernelImage &img = pv.image;
  const KernelMetadata &m = img.meta;
  std::string metaName = img.hasMeta ? baseName(m.path) : "";
  if (img.hasMeta && m.numWarps > 0) {
    if (L.hasNumWarps && L.numWarps != m.numWarps) {
      f = {spec.numWarps.line,
           "num_warps " + std::to_string(L.numWarps) +
               " disagrees with the kernel metadata (" +
               std::to_string(m.numWarps) + " in " + metaName + ")"};
      return false;
    }
    pv.numWarps = m.numWarps;
  } else {
    pv.numWarps = L.hasNumWarps ? int(L.numWarps) : 4;
  }
  if (img.hasMeta && m.shared >= 0) {
    if (L.hasShared && L.shared != m.shared) {
      f = {spec.shared.line, "shared " + std::to_string(L.shared) +
                                 " disagrees with the kernel metadata (" +
                                 std::to_string(m.shared) + " in " + metaName +
                                 ")"};
      return false;
    }
    pv.shared = m.shared;
  } else {
    pv.shared = L.hasShared ? L.shared : 0;
  }
  pv.warpSize = m.warpSize > 0                ? m.warpSize
                : pv.target == Target::HIP ? 64
                                           : 32;
  int numCtas = img.hasMeta ? m.numCtas : int(L.numCtas);
  if (numCtas > 1) {
    f = {kv.line, "kernels launched as clusters (num_ctas " +
                      std::to_string(numCtas) + ") are not supported yet"};
    return false;
  }
  if (m.cooperativeGrid || m.launchPdl) {
    f = {kv.line, std::string("kernels that need a ") +
                      (m.cooperativeGrid ? "cooperative" : "PDL") +
                      " launch are not supported yet"};
    return false;
  }
  if (m.hasTensorDescriptors) {
    f = {kv.line, "kernels with tensor descriptor arguments (tensordesc_meta) "
                  "are not supported yet"};
    return false;
  }
  if (int64_t(pv.numWarps) * pv.warpSize > 1024) {
    f = {spec.numWarps.line ? spec.numWarps.line : kv.line,
         std::to_string(pv.numWarps) + " warps of " +
             std::to_string(pv.warpSize) +
             " threads exceed 1024 threads per block"};
    return false;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// CPU references
//===----------------------------------------------------------------------===//

bool FileRun::findCpuReference(const KernelVariant &kv, KernelVariant &refKv,
                               Failure &f) {
  refKv = KernelVariant();
  if (!spec.cpuReference.empty()) {
    refKv.path = spec.cpuReference;
    refKv.written = spec.cpuReferenceWritten;
    refKv.line = spec.cpuReferenceLine;
  } else {
    // The variant's own source when the CPU backend can compile it (TTIR, a
    // Python kernel) or run it (.so); beside a binary or a TTGIR, the TTIR
    // that upstream's dump keeps next to it.
    const std::string &p = kv.path;
    refKv.line = kv.line;
    bool ttgir = endsWith(p, ".ttgir");
    if ((needsCompilation(p) && !ttgir) || endsWith(p, ".so")) {
      refKv.path = p;
      refKv.written = kv.written;
    } else {
      std::string stem = p.substr(0, p.rfind('.'));
      std::string wstem = kv.written.substr(0, kv.written.rfind('.'));
      for (const char *ext : {".ttir", ".source.ttir"})
        if (refKv.path.empty() && isRegularFile(stem + ext)) {
          refKv.path = stem + ext;
          refKv.written = wstem + ext;
        }
      if (refKv.path.empty() && ttgir) {
        refKv.path = p;
        refKv.written = kv.written;
      }
      if (refKv.path.empty()) {
        f = {kv.line, "check: {cpu: true} needs a kernel the CPU backend "
                      "can run: there is no " +
                          baseName(wstem) + ".ttir beside " + kv.written +
                          "; name one with 'cpu_reference:'"};
        return false;
      }
    }
  }
  refKv.label = "cpu";
  return true;
}
