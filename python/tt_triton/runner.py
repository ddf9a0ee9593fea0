#===- runner.py - one kernel through tt's tools ----------------*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""Runs tt on one kernel (TTIR or TTGIR text) and reads back every stage.

Both tools compile every stage in one process:
  tt-dump IN --target cuda:NN --num-warps W --num-stages S --num-ctas C --dump-dir D
  TRITON_KERNEL_DUMP=1 TRITON_DUMP_DIR=D tt-translate --target cuda:NN --cubin IN ...
and leave <kernel>.{ttgir,llir,ptx,cubin,json} in D/<hash>/. Only their
command lines are relied on (docs/tt-dump.md, docs/tt-translate.md).
"""

import dataclasses
import glob
import json
import os
import shutil
import signal
import subprocess
import tempfile
import time

from . import config, tools
from .errors import TTCompileError

# Variables that would make the tools dump, override or cache on their own:
# upstream's runtime does that per stage around the plugin, so they are not
# passed on. Everything else (MLIR_ENABLE_DUMP, TRITON_REPRODUCER_PATH, ...)
# reaches tt as it reaches upstream's passes.
_DROPPED_ENV = (
    "TRITON_KERNEL_DUMP",
    "TRITON_DUMP_DIR",
    "TRITON_KERNEL_OVERRIDE",
    "TRITON_OVERRIDE_DIR",
    "TRITON_CACHE_DIR",
    "TRITON_ALWAYS_COMPILE",
)

#: Variables that change what tt produces; they enter the cache key.
OUTPUT_ENV = ("DISABLE_LLVM_OPT", "TRITON_DISABLE_LINE_INFO", "TRITON_LIBDEVICE_PATH", "TRITON_PTXAS_PATH")

_MAX_DIAGNOSTIC = 20000


@dataclasses.dataclass
class Request:
    """What to compile: the kernel's IR text and the options tt takes."""
    name: str
    text: str
    ext: str  # "ttir" or "ttgir"
    capability: int
    num_warps: int = 4
    num_stages: int = 3
    num_ctas: int = 1
    maxnreg: int = None  # upstream's CUDAOptions code generation options
    enable_fp_fusion: bool = True
    enable_reflect_ftz: bool = True
    ptx_options: str = None
    ptxas: str = None  # the ptxas upstream would use
    libdevice: str = None  # the libdevice upstream would link


@dataclasses.dataclass
class Result:
    """Every stage tt wrote, its metadata and how long it took."""
    ttgir: str
    llir: str
    ptx: str
    cubin: bytes
    meta: dict
    seconds: float
    tool: str
    command: list
    stage_ms: dict = dataclasses.field(default_factory=dict)


def target_of(capability):
    return f"cuda:{capability}"


def _environment(req):
    env = {k: v for k, v in os.environ.items() if k not in _DROPPED_ENV}
    if req.ptxas and "TRITON_PTXAS_PATH" not in os.environ:
        env["TRITON_PTXAS_PATH"] = req.ptxas
    if req.libdevice and "TRITON_LIBDEVICE_PATH" not in os.environ:
        env["TRITON_LIBDEVICE_PATH"] = req.libdevice
    return env


def _codegen_flags(req):
    """tt's flags for upstream's code generation options that are not the defaults."""
    flags = []
    if req.maxnreg is not None:
        flags.append(f"--maxnreg={req.maxnreg}")
    if not req.enable_fp_fusion:
        flags.append("--fp-fusion=false")
    if not req.enable_reflect_ftz:
        flags.append("--reflect-ftz=false")
    if req.ptx_options:
        flags.append(f"--ptxas-options={req.ptx_options}")
    return flags


def _command(tool, path, req, workdir, dump_root):
    target = target_of(req.capability)
    if os.path.basename(tool) == "tt-dump":
        return [
            tool, path, "--target", target, "--num-warps", str(req.num_warps), "--num-stages",
            str(req.num_stages), "--num-ctas", str(req.num_ctas), *_codegen_flags(req), "--dump-dir", dump_root
        ]
    return [
        tool, "--target", target, "--num-warps", str(req.num_warps), "--num-stages",
        str(req.num_stages), *_codegen_flags(req), "--cubin", path, "-o",
        os.path.join(workdir, req.name + ".cubin"), "--metadata",
        os.path.join(workdir, req.name + ".json")
    ]


def _classify(returncode, stderr):
    """'refused' for a diagnostic and exit status 1, else 'crashed'."""
    crash_marks = ("LLVM ERROR", "Stack dump", "PLEASE submit a bug report", "Assertion `", "Segmentation fault")
    if returncode < 0 or returncode > 1 or any(m in stderr for m in crash_marks):
        return "crashed"
    return "refused"


def _describe_exit(returncode):
    if returncode < 0:
        try:
            return f"killed by {signal.Signals(-returncode).name}"
        except ValueError:
            return f"killed by signal {-returncode}"
    return f"exit status {returncode}"


def _fail(req, kind, summary, diagnostic, command, workdir):
    diagnostic = diagnostic[-_MAX_DIAGNOSTIC:]
    how = f"{target_of(req.capability)}, num_warps={req.num_warps}, num_stages={req.num_stages}, num_ctas={req.num_ctas}"
    message = (f"tt {summary} kernel '{req.name}' ({how}):\n{diagnostic.rstrip()}\n"
               f"reproduce: {' '.join(command)}\n"
               f"(set {config.FALLBACK}=1 to compile such kernels with upstream's compiler instead)")
    return TTCompileError(message, kernel=req.name, kind=kind, diagnostic=diagnostic, command=command,
                          workdir=workdir)


def _read_dump(dump_root, name):
    """The files of the one compilation under dump_root, by extension."""
    found = {}
    for path in glob.glob(os.path.join(dump_root, "*", name + ".*")):
        found[os.path.basename(path)[len(name) + 1:]] = path
    return found


def _read_text(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def _read_bytes(path):
    with open(path, "rb") as f:
        return f.read()


def _collect(req, workdir, dump_root, command, stderr):
    files = _read_dump(dump_root, req.name)
    # tt-translate writes the cubin and json where -o/--metadata say.
    for ext in ("cubin", "json"):
        direct = os.path.join(workdir, f"{req.name}.{ext}")
        if os.path.exists(direct):
            files[ext] = direct
    missing = [ext for ext in ("ttgir", "llir", "ptx", "cubin", "json") if ext not in files]
    if "ttgir" in missing and req.ext == "ttgir":
        missing.remove("ttgir")
    if missing:
        why = "wrote no " + ", ".join(missing)
        if "cubin" in missing and len(missing) == 1:
            why += " (no ptxas: set TRITON_PTXAS_PATH)"
        raise _fail(req, "crashed", f"{why} for", stderr, command, workdir)
    ttgir = req.text if req.ext == "ttgir" else _read_text(files["ttgir"])
    with open(files["json"], encoding="utf-8") as f:
        meta = json.load(f)
    return ttgir, _read_text(files["llir"]), _read_text(files["ptx"]), _read_bytes(files["cubin"]), meta


def compile_kernel(req):
    """Compiles `req` with tt; a Result, or TTCompileError."""
    tool = tools.find_compiler()
    if os.path.basename(tool) == "tt-translate" and req.num_ctas != 1:
        raise TTCompileError(f"tt-translate takes no --num-ctas (kernel '{req.name}' asks for {req.num_ctas}); "
                             f"use {config.TOOL}=tt-dump", kernel=req.name, kind="unsupported-option",
                             diagnostic=f"num_ctas={req.num_ctas} is not supported by tt-translate")
    workdir = tempfile.mkdtemp(prefix=f"tt-triton-{req.name[:40]}-")
    dump_root = os.path.join(workdir, "dump")
    path = os.path.join(workdir, f"{req.name}.{req.ext}")
    with open(path, "w", encoding="utf-8") as f:
        f.write(req.text)
    command = _command(tool, path, req, workdir, dump_root)
    env = _environment(req)
    if os.path.basename(tool) == "tt-translate":
        env["TRITON_KERNEL_DUMP"] = "1"
        env["TRITON_DUMP_DIR"] = dump_root
    start = time.perf_counter()
    try:
        proc = subprocess.run(command, env=env, capture_output=True, text=True, errors="replace",
                              timeout=config.timeout())
    except subprocess.TimeoutExpired as e:
        stderr = e.stderr.decode(errors="replace") if isinstance(e.stderr, bytes) else (e.stderr or "")
        raise _fail(req, "timeout", f"timed out after {e.timeout:g} s on", stderr, command, workdir) from None
    seconds = time.perf_counter() - start
    if proc.returncode != 0:
        kind = _classify(proc.returncode, proc.stderr)
        verb = "refused" if kind == "refused" else f"crashed ({_describe_exit(proc.returncode)}) on"
        raise _fail(req, kind, verb, proc.stderr, command, workdir)
    ttgir, llir, ptx, cubin, meta = _collect(req, workdir, dump_root, command, proc.stderr)
    if not config.keep_workdirs():
        shutil.rmtree(workdir, ignore_errors=True)
    stage_ms = dict(meta.get("stage_ms") or meta.get("times") or {}) if isinstance(meta, dict) else {}
    return Result(ttgir=ttgir, llir=llir, ptx=ptx, cubin=cubin, meta=meta, seconds=seconds,
                  tool=os.path.basename(tool), command=command, stage_ms=stage_ms)
