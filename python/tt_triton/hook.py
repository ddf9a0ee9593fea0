#===- hook.py - the stages hook that hands kernels to tt -------*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""The stages hook: upstream's frontend and TTIR stage, then tt.

triton.compile asks the backend for its stages (ttir, ttgir, llir, ptx,
cubin) and then calls knobs.runtime.add_stages_inspection_hook(backend,
stages, options, language, capability). The hook keeps upstream's ttir
stage and replaces the rest: the ttgir stage hands the TTIR to tt, which
compiles every remaining stage in one process; the later stages return
tt's LLVM IR, PTX and cubin. All stages share one metadata dict, which the
ttgir stage fills with what the launcher reads (name, shared, num_warps,
num_ctas, scratch sizes, tmem_size, tensordesc_meta) and a "tt" field.

Gluon kernels start at TTGIR (upstream's gluon_to_ttgir); tt takes over at
the llir stage. A stage whose input was replaced (TRITON_KERNEL_OVERRIDE,
ir_override) is compiled again from that input: tt for TTGIR, upstream's
LLVM / ptxas step for LLVM IR and PTX, which tt does not read.
"""

import os
import re
import time

from . import cachekey, config, log, runner
from ._version import __version__, TRITON_VERSION
from .errors import TTCompileError

_state = {"enabled": False, "previous": None}

_FUNC_NAME = re.compile(r"tt\.func\s+(?:public\s+)?@([\w$.]+)")
_PTX_ENTRY = re.compile(r"\.visible\s+\.entry\s+([\w$]+)")

# What the launcher reads from the metadata (backends/nvidia/driver.py,
# compiler/compiler.py) and the value upstream writes when it is absent.
_LAUNCH_FIELDS = {
    "shared": 0,
    "tmem_size": 0,
    "global_scratch_size": 0,
    "global_scratch_align": 1,
    "profile_scratch_size": 0,
    "profile_scratch_align": 1,
}


def kernel_name(text):
    match = _FUNC_NAME.search(text)
    return match.group(1) if match else "kernel"


def _host_descriptors(text):
    """How many !tt.tensordesc arguments (host TensorDescriptors) the public entry function takes."""
    for line in text.splitlines():
        if re.match(r"\s*tt\.func\s+public\s+@", line):
            return line.split(") attributes")[0].count("!tt.tensordesc")
    return 0


def unsupported_options(options):
    """Options upstream's stages honour and tt does not (yet): never ignored silently.

    maxnreg, enable_fp_fusion, enable_reflect_ftz and ptx_options go to tt's
    flags (runner.Request); tt picks the PTX version from its ptxas itself."""
    out = []
    if getattr(options, "ptx_version", None) is not None:
        out.append(f"ptx_version={options.ptx_version}")
    if getattr(options, "instrumentation_mode", ""):
        out.append(f"instrumentation_mode={options.instrumentation_mode!r}")
    extern = [name for name, _ in (getattr(options, "extern_libs", None) or ()) if name != "libdevice"]
    if extern:
        out.append(f"extern_libs={extern}")
    return out


def _libdevice(options):
    for name, path in getattr(options, "extern_libs", None) or ():
        if name == "libdevice":
            return path
    return None


def _ptxas(capability):
    try:
        from triton.backends.nvidia.compiler import get_ptxas
        return get_ptxas(capability).path
    except Exception:  # no ptxas: tt looks for one itself and says so
        return None


class Compilation:
    """One triton.compile call: the state its stage functions share."""

    def __init__(self, stages, options, language, capability):
        from triton.backends.compiler import Language
        self.original = dict(stages)
        self.options = options
        self.gluon = language == Language.GLUON
        self.capability = capability
        self.result = None
        self.failure = None  # the TTCompileError a fallback compilation follows
        self.by_upstream = []  # stages upstream ran after an override
        self.ms = {}
        self.name = None
        self.start = time.perf_counter()

    def install(self, stages):
        if "ttir" in stages:
            stages["ttir"] = self._timed("ttir", self.original["ttir"])
        if self.gluon:
            stages["ttgir"] = self._timed("ttgir", self.original["ttgir"])
        else:
            stages["ttgir"] = self.ttgir
        stages["llir"] = self.llir
        stages["ptx"] = self.ptx
        stages["cubin"] = self.cubin

    def _timed(self, stage, fn):

        def run(src, metadata):
            start = time.perf_counter()
            out = fn(src, metadata)
            self.ms[f"upstream_{stage}"] = round((time.perf_counter() - start) * 1000, 3)
            return out

        return run

    # -- the stages --------------------------------------------------------

    def ttgir(self, src, metadata):
        self.name = None
        ok, fallback = self._compile_from(src, "ttir", "ttgir", metadata)
        return self.result.ttgir if ok else fallback

    def llir(self, src, metadata):
        if self.failure is not None:
            return self._upstream("llir", src, metadata)
        if self.result is None or not self._same(src, self.result.ttgir):
            # Gluon (tt starts here) or a TTGIR override: compile from it.
            ok, fallback = self._compile_from(src, "ttgir", "llir", metadata)
            if not ok:
                return fallback
        return self.result.llir

    def _compile_from(self, src, ext, stage, metadata):
        """Compiles `src` (IR of `ext`) with tt into self.result for upstream's
        `stage`: (True, None), or (False, what upstream's fallback made of the
        stage)."""
        text = str(src)
        self.name = self.name or kernel_name(text)
        try:
            self.result = self._compile(text, ext)
        except TTCompileError as e:
            return False, self._failed(e, stage, src, metadata)
        self._fill(metadata)
        return True, None

    def ptx(self, src, metadata):
        if self.failure is not None or self.result is None or not self._same(src, self.result.llir):
            if self.failure is None:
                self.by_upstream.append("ptx")
            return self._upstream("ptx", src, metadata)
        metadata["name"] = self._entry_name()
        return self.result.ptx

    def cubin(self, src, metadata):
        if self.failure is not None or self.result is None or not self._same(src, self.result.ptx):
            if self.failure is None:
                self.by_upstream.append("cubin")
            out = self._upstream("cubin", src, metadata)
        else:
            out = self.result.cubin
        self._finish(metadata)
        return out

    # -- helpers -----------------------------------------------------------

    @staticmethod
    def _same(src, text):
        return isinstance(src, str) and src == text

    def _compile(self, text, ext):
        unsupported = unsupported_options(self.options)
        if unsupported:
            raise self._unsupported("the options " + ", ".join(unsupported))
        req = runner.Request(name=self.name, text=text, ext=ext, capability=self.capability,
                             num_warps=self.options.num_warps, num_stages=self.options.num_stages,
                             num_ctas=self.options.num_ctas, maxnreg=getattr(self.options, "maxnreg", None),
                             enable_fp_fusion=getattr(self.options, "enable_fp_fusion", True),
                             enable_reflect_ftz=getattr(self.options, "enable_reflect_ftz", True),
                             ptx_options=getattr(self.options, "ptx_options", None) or None,
                             ptxas=_ptxas(self.capability),
                             libdevice=_libdevice(self.options))
        result = runner.compile_kernel(req)
        # The launcher builds one CUtensorMap per host descriptor from these.
        descriptors = _host_descriptors(text)
        if descriptors and len(result.meta.get("tensordesc_meta") or []) != descriptors:
            raise self._unsupported("host tensor descriptor arguments (no tensordesc_meta for the launcher)")
        self.ms["tt"] = round(result.seconds * 1000, 3)
        for stage, ms in result.stage_ms.items():
            self.ms[f"tt_{stage}"] = ms
        return result

    def _unsupported(self, what):
        detail = f"tt does not implement {what}"
        return TTCompileError(f"{detail} (kernel '{self.name}', {runner.target_of(self.capability)})",
                              kernel=self.name, kind="unsupported-option", diagnostic=detail)

    def _upstream(self, stage, src, metadata):
        start = time.perf_counter()
        try:
            out = self.original[stage](src, metadata)
        except Exception as e:
            status = "fallback-error" if self.failure is not None else "upstream-error"
            self._log(metadata, status, "upstream", diagnostic=f"{type(e).__name__}: {e}")
            raise
        self.ms[f"upstream_{stage}"] = round((time.perf_counter() - start) * 1000, 3)
        return out

    def _failed(self, error, stage, src, metadata):
        if not config.fallback():
            self._log(metadata, "error", "tt", error=error)
            raise error
        self.failure = error
        metadata["tt"] = {
            "compiler": "upstream", "fallback": True, "kind": error.kind, "reason": error.first_line(),
            "plugin": __version__
        }
        return self._upstream(stage, src, metadata)

    def _entry_name(self):
        name = self.result.meta.get("name")
        if not name:
            match = _PTX_ENTRY.search(self.result.ptx)
            name = match.group(1) if match else self.name
        return name

    def _fill(self, metadata):
        meta = self.result.meta
        metadata["name"] = self._entry_name()
        for key, default in _LAUNCH_FIELDS.items():
            value = meta.get(key)
            metadata[key] = default if value is None else value
        # The total when warp specialization adds warps, as upstream's make_llir.
        metadata["num_warps"] = meta.get("total_num_warps") or meta.get("num_warps") or self.options.num_warps
        metadata["num_ctas"] = meta.get("num_ctas") or self.options.num_ctas
        # Gluon's TTGIR stage (upstream's) already set it; tt's own wins when given.
        metadata["tensordesc_meta"] = meta.get("tensordesc_meta") or metadata.get("tensordesc_meta") or []
        metadata["tt"] = {
            "compiler": "tt",
            "version": cachekey.identity().get("tool_version"),
            "plugin": __version__,
            "tool": self.result.tool,
            "mode": config.mode(),
            "target": runner.target_of(self.capability),
        }

    def _finish(self, metadata):
        self.ms["total"] = round((time.perf_counter() - self.start) * 1000, 3)
        if self.failure is not None:
            self._log(metadata, "fallback", "upstream", error=self.failure)
            return
        if self.result is None:
            # LLVM IR or PTX given to triton.compile: below what tt reads.
            metadata["tt"] = {"compiler": "upstream", "plugin": __version__,
                              "stages_by_upstream": list(self.by_upstream)}
            self._log(metadata, "upstream", "upstream")
            return
        if self.by_upstream:
            metadata["tt"]["stages_by_upstream"] = list(self.by_upstream)
        self._log(metadata, "ok", "tt")

    def _log(self, metadata, status, compiler, error=None, diagnostic=None):
        record = {
            "kernel": self.name or metadata.get("name"),
            "status": status,
            "compiler": compiler,
            "target": runner.target_of(self.capability),
            "num_warps": self.options.num_warps,
            "num_stages": self.options.num_stages,
            "num_ctas": self.options.num_ctas,
            "hash": metadata.get("hash"),
            "ms": dict(self.ms),
        }
        if self.result is not None:
            record["tool"] = self.result.tool
        if error is not None:
            record["kind"] = error.kind
            record["message"] = error.first_line()
            record["diagnostic"] = error.diagnostic
            if getattr(error, "workdir", None):
                record["workdir"] = error.workdir
        if diagnostic is not None:
            record["diagnostic"] = diagnostic
        if self.by_upstream:
            record["stages_by_upstream"] = list(self.by_upstream)
        log.write(record)


def stages_hook(backend, stages, options, language, capability):
    """knobs.runtime.add_stages_inspection_hook while the plugin is enabled."""
    previous = _state["previous"]
    if previous is not None:
        previous(backend, stages, options, language, capability)
    if not _state["enabled"] or getattr(backend.target, "backend", None) != "cuda":
        return
    Compilation(stages, options, language, capability).install(stages)


def _check_triton():
    import triton
    if not triton.__version__.startswith(TRITON_VERSION + "."):
        raise RuntimeError(f"tt_triton {__version__} is written for triton {TRITON_VERSION}, "
                           f"found triton {triton.__version__}")


def enable():
    """Makes every later triton.compile of a cuda target go through tt.

    Also sets TRITON_TT=1 in os.environ, so that the processes this one
    starts (Inductor's compile workers) enable the plugin when they load
    triton's backends.
    """
    _check_triton()
    os.environ[config.ENABLE] = "1"
    from triton import knobs
    from triton.backends.nvidia.compiler import CUDABackend
    cachekey.patch_backend_hash(CUDABackend)
    current = knobs.runtime.add_stages_inspection_hook
    if current is not stages_hook:
        _state["previous"] = current
        knobs.runtime.add_stages_inspection_hook = stages_hook
    _state["enabled"] = True
    cachekey.set_enabled(True)


def disable():
    """Back to upstream's compiler (and upstream's cache keys), here and in later children."""
    os.environ.pop(config.ENABLE, None)
    from triton import knobs
    if knobs.runtime.add_stages_inspection_hook is stages_hook:
        knobs.runtime.add_stages_inspection_hook = _state["previous"]
    _state["previous"] = None
    _state["enabled"] = False
    cachekey.set_enabled(False)


def is_enabled():
    return _state["enabled"]
