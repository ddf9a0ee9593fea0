#===- compiler.py - the cpu target for upstream's runtime ------*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""The compiler half of the `tt_cpu` entry: a backend that claims `cpu`.

Two stages: `ttir`, upstream's own frontend passes (libtriton) on the module
the code generator made, with block pointers and tensor descriptors
rewritten to tensors of pointers; and `so`, tt's CPU backend on that TTIR
(`tt-translate --target cpu --emit=so`, docs/cpu-backend.md), whose output,
a shared library exporting `<kernel>__packed`, is what the driver loads.
"""

import dataclasses
import functools
import hashlib
import json
import os
import platform
import shutil
import subprocess
import tempfile
import time
from typing import Any, Dict, Optional, Tuple

from triton._C.libtriton import ir, passes
from triton.backends.compiler import BaseBackend, GPUTarget, Language

from .. import config, tools
from ..errors import TTCompileError, TTToolNotFound

#: The backend name in GPUTarget, options and metadata.
BACKEND = "cpu"
#: What a CPU GPUTarget carries as its warp size: kernels are written for
#: warps of 32 lanes and a few of upstream's helpers read it; one thread runs
#: a whole program on the CPU, so it changes nothing in the code.
WARP_SIZE = 32


def host_arch():
    return platform.machine() or "unknown"


@dataclasses.dataclass(frozen=True)
class CPUOptions:
    """The options the frontend reads and the ones tt-translate takes."""
    num_warps: int = 4
    num_ctas: int = 1
    num_stages: int = 1
    warp_size: int = WARP_SIZE
    enable_fp_fusion: bool = True
    launch_cooperative_grid: bool = False
    launch_pdl: bool = False
    # The CPU backend converts these fp8 formats (lib/Conversion/TritonToLinalg).
    supported_fp8_dtypes: Tuple[str, ...] = ("fp8e5", "fp8e4nv", "fp8e4b15")
    deprecated_fp8_dot_operand_dtypes: Tuple[str, ...] = ()
    # The CPU computes f32 dots in f32 whatever the precision asked for.
    default_dot_input_precision: str = "ieee"
    allowed_dot_input_precisions: Tuple[str, ...] = ("tf32", "tf32x3", "ieee", "bf16x3", "bf16x6")
    max_num_imprecise_acc_default: Optional[int] = None
    extern_libs: Any = None
    debug: bool = False
    backend_name: str = BACKEND
    sanitize_overflow: bool = True
    arch: str = None
    instrumentation_mode: str = ""
    ir_override: Optional[str] = None
    # Accepted for the kernels written for GPUs; they mean nothing here.
    maxnreg: Optional[int] = None

    def __post_init__(self):
        # libdevice calls stay `tt.extern_elementwise` of `__nv_*` names; tt's
        # CPU backend maps them to CPU math, so no library file is needed.
        object.__setattr__(self, "extern_libs", tuple(dict(self.extern_libs or {}).items()))
        # An AssertionError, as upstream's backends raise (its tests match it).
        assert self.num_warps > 0 and (self.num_warps & (self.num_warps - 1)) == 0, \
            f"num_warps must be a power of 2, got {self.num_warps}"

    def hash(self):
        key = "_".join(f"{k}-{v}" for k, v in sorted(self.__dict__.items()))
        return hashlib.sha256(key.encode("utf-8")).hexdigest()


def _min_dot_size(lhs_type, rhs_type):
    # One thread computes the whole dot: every shape works.
    del lhs_type, rhs_type
    return (1, 1, 1)


def make_ttir(mod, metadata, options):
    """Upstream's TTIR passes, with tensor descriptors lowered to pointers."""
    del metadata, options
    pm = ir.pass_manager(mod.context)
    pm.enable_debug()
    passes.common.add_inliner(pm)
    passes.ttir.add_rewrite_tensor_pointer(pm)
    passes.ttir.add_rewrite_tensor_descriptor_to_pointer(pm)
    passes.common.add_canonicalizer(pm)
    passes.ttir.add_combine(pm)
    passes.ttir.add_reorder_broadcast(pm)
    passes.common.add_cse(pm)
    passes.common.add_symbol_dce(pm)
    passes.ttir.add_loop_unroll(pm)
    pm.run(mod, "make_ttir")
    return mod


def find_translate():
    """tt-translate: the tool with the CPU backend (tt-dump stops at LLVM IR)."""
    return tools.find_tool("tt-translate")


def _environment():
    env = dict(os.environ)
    # Upstream's runtime dumps, overrides and caches around the stages.
    for name in ("TRITON_KERNEL_DUMP", "TRITON_DUMP_DIR", "TRITON_KERNEL_OVERRIDE", "TRITON_OVERRIDE_DIR",
                 "TRITON_CACHE_DIR", "TRITON_ALWAYS_COMPILE"):
        env.pop(name, None)
    return env


def compile_ttir(text, name, options, metadata=None):
    """TTIR text -> (shared library bytes, tt's metadata dict for `name`).

    Raises TTCompileError with tt's diagnostic when tt does not compile it."""
    tool = find_translate()
    workdir = tempfile.mkdtemp(prefix=f"tt-cpu-{name[:40]}-")
    ttir = os.path.join(workdir, f"{name}.ttir")
    out = os.path.join(workdir, f"{name}.so")
    with open(ttir, "w") as f:
        f.write(text)
    command = [tool, "--target", "cpu", "--emit=so", "--num-warps", str(options.num_warps), ttir, "-o", out]
    start = time.monotonic()
    try:
        proc = subprocess.run(command, capture_output=True, text=True, timeout=config.timeout(), env=_environment(),
                              cwd=workdir)
    except subprocess.TimeoutExpired as e:
        raise TTCompileError(f"tt timed out after {e.timeout} s on kernel '{name}' (cpu)", kernel=name, kind="timeout",
                             diagnostic=(e.stderr or b"").decode(errors="replace") if isinstance(e.stderr, bytes) else
                             (e.stderr or ""), command=command, workdir=workdir) from None
    seconds = time.monotonic() - start
    meta_path = os.path.join(workdir, f"{name}.json")
    if proc.returncode != 0 or not os.path.isfile(out) or not os.path.isfile(meta_path):
        crashed = proc.returncode not in (0, 1) or "LLVM ERROR" in proc.stderr
        kind = "crashed" if crashed else "refused"
        first = next((l for l in proc.stderr.splitlines() if "error" in l.lower()), "")
        raise TTCompileError(
            f"tt {kind} kernel '{name}' (cpu, exit {proc.returncode}): {first}\n{proc.stderr.strip()}\n"
            f"reproduce: {' '.join(command)}", kernel=name, kind=kind, diagnostic=proc.stderr, command=command,
            workdir=workdir)
    with open(out, "rb") as f:
        binary = f.read()
    with open(meta_path) as f:
        tt_meta = json.load(f)
    if metadata is not None:
        metadata.setdefault("tt", {})
        metadata["tt"].update({"compiler": "tt", "target": "cpu", "tool": os.path.basename(tool),
                               "ms": round(seconds * 1000.0, 1)})
    if not config.keep_workdirs():
        shutil.rmtree(workdir, ignore_errors=True)
    return binary, tt_meta


class CPUBackend(BaseBackend):
    """Compiles `cpu` targets: upstream's TTIR, then tt's CPU backend."""

    @staticmethod
    def supports_target(target):
        return target.backend == BACKEND

    def __init__(self, target: GPUTarget) -> None:
        super().__init__(target)
        self.binary_ext = "so"

    def get_target_name(self, options) -> str:
        return BACKEND

    def parse_options(self, opts) -> Any:
        args = {"arch": self.target.arch}
        fields = CPUOptions.__dataclass_fields__
        args.update({k: opts[k] for k in fields if k in opts and opts[k] is not None})
        args["arch"] = str(args["arch"])
        # GPU-only options (ptx_options, enable_reflect_ftz, ...) are not
        # fields here: upstream's runtime rejects unknown keyword arguments
        # only when they are neither options of this backend nor arguments.
        return CPUOptions(**args)

    def pack_metadata(self, metadata):
        return (metadata.num_warps, metadata.num_ctas, metadata.shared)

    def get_codegen_implementation(self, options):
        import triton.language.extra.cuda as cuda
        # fp8 conversions written as the Ampere code generator writes them
        # (tt.fp_to_fp), which tt's CPU backend converts.
        return {"convert_custom_types": cuda.convert_custom_float8_sm80, "min_dot_size": _min_dot_size}

    def get_module_map(self) -> Dict[str, Any]:
        # tl.extra.libdevice resolves to CUDA's libdevice names; tt's CPU
        # backend turns those extern_elementwise calls into CPU math.
        from triton.language.extra.cuda import libdevice
        return {"triton.language.extra.libdevice": libdevice}

    def load_dialects(self, context):
        pass

    def add_stages(self, stages, options, language=None):
        if language not in (None, Language.TRITON):
            raise TTCompileError("tt's CPU backend compiles Triton kernels, not Gluon (its layouts are GPU layouts)",
                                 kind="unsupported-option")
        stages["ttir"] = lambda src, metadata: make_ttir(src, metadata, options)
        stages["so"] = lambda src, metadata: self.make_so(src, metadata, options)

    def make_so(self, src, metadata, options):
        name = src.get_entry_func_name()
        binary, tt_meta = compile_ttir(str(src), name, options, metadata)
        metadata["name"] = name
        metadata["entry"] = tt_meta.get("entry", f"{name}__packed")
        metadata["cpu_args"] = [a.get("type") for a in tt_meta.get("args", [])]
        metadata["shared"] = 0
        metadata["tmem_size"] = None
        metadata["global_scratch_size"] = 0
        metadata["global_scratch_align"] = 1
        metadata["profile_scratch_size"] = 0
        metadata["profile_scratch_align"] = 1
        return binary

    @functools.lru_cache()
    def hash(self):
        # A rebuilt tt-translate compiles differently: its digest is in the key.
        try:
            tool = find_translate()
            identity = tools.binary_digest(tool)
        except TTToolNotFound:
            identity = "no-tool"
        return f"tt-cpu-{self.target.arch}-{identity}"
