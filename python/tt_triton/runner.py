#===- runner.py - one kernel through tt's tools ----------------*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""Runs tt on one kernel (TTIR or TTGIR text) and reads back every stage.

By default the kernel goes to a compile server: the tool started once per
Python process with --serve (docs/tt-translate.md), which answers one JSON
line per request with every stage, so a process that compiles thousands of
kernels pays the tool's start once. A server that dies on a kernel makes
that kernel 'crashed' with what the server printed; the next kernel starts
a new one. TT_TRITON_SERVER=0 runs one tool process per kernel instead:

  tt-dump IN --target cuda:NN --num-warps W --num-stages S --num-ctas C --dump-dir D
  TRITON_KERNEL_DUMP=1 TRITON_DUMP_DIR=D tt-translate --target cuda:NN --cubin IN ...
and leave <kernel>.{ttgir,llir,ptx,cubin,json} in D/<hash>/. Only their
command lines are relied on (docs/tt-dump.md, docs/tt-translate.md).
"""

import atexit
import base64
import dataclasses
import glob
import json
import os
import select
import shutil
import signal
import subprocess
import tempfile
import threading
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


def _check_stages(req, stages, diagnostic, command, workdir):
    """Raises when a stage the runtime needs is missing from `stages`."""
    missing = [ext for ext in ("ttgir", "llir", "ptx", "cubin", "json") if ext not in stages]
    if "ttgir" in missing and req.ext == "ttgir":
        missing.remove("ttgir")  # a TTGIR input is its own ttgir stage
    if missing:
        why = "wrote no " + ", ".join(missing)
        if "cubin" in missing and len(missing) == 1:
            why += " (no ptxas: set TRITON_PTXAS_PATH)"
        raise _fail(req, "crashed", f"{why} for", diagnostic, command, workdir)


def _collect(req, workdir, dump_root, command, stderr):
    files = _read_dump(dump_root, req.name)
    # tt-translate writes the cubin and json where -o/--metadata say.
    for ext in ("cubin", "json"):
        direct = os.path.join(workdir, f"{req.name}.{ext}")
        if os.path.exists(direct):
            files[ext] = direct
    _check_stages(req, files, stderr, command, workdir)
    ttgir = req.text if req.ext == "ttgir" else _read_text(files["ttgir"])
    with open(files["json"], encoding="utf-8") as f:
        meta = json.load(f)
    return ttgir, _read_text(files["llir"]), _read_text(files["ptx"]), _read_bytes(files["cubin"]), meta


# -- the compile server ------------------------------------------------------


class _ServerDied(Exception):
    pass


class _ServerTimeout(Exception):
    pass


class _Server:
    """One `<tool> --serve` process; requests go one at a time (the caller holds _server_lock)."""

    def __init__(self, tool, env, key):
        self.key = key
        self.pid = os.getpid()
        # A file, not a pipe: nobody has to drain it, and after a crash the
        # part a request printed is read back from its offset.
        self.stderr = tempfile.TemporaryFile()
        self.proc = subprocess.Popen([tool, "--serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.stderr, env=env, bufsize=0)
        self.buffer = b""

    def ask(self, request, timeout):
        """The response to `request` (a dict); _ServerDied or _ServerTimeout."""
        self.offset = self.stderr.seek(0, os.SEEK_END)
        try:
            self.proc.stdin.write((json.dumps(request) + "\n").encode("utf-8"))
        except OSError:
            raise _ServerDied() from None
        deadline = None if timeout is None else time.monotonic() + timeout
        fd = self.proc.stdout.fileno()
        # poll, not select: a big process (torch) has descriptors above 1024.
        poller = select.poll()
        poller.register(fd, select.POLLIN | select.POLLHUP | select.POLLERR)
        while b"\n" not in self.buffer:
            remaining = None if deadline is None else max(0.0, deadline - time.monotonic())
            if not poller.poll(None if remaining is None else remaining * 1000):
                raise _ServerTimeout()
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                raise _ServerDied()
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return json.loads(line)

    def printed(self):
        """What the server wrote to stderr since the last request began."""
        self.stderr.seek(self.offset)
        return self.stderr.read().decode("utf-8", errors="replace")

    def returncode(self, wait=5):
        try:
            return self.proc.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            self.kill()
            return self.proc.returncode

    def kill(self):
        try:
            self.proc.kill()
            self.proc.wait()
        except OSError:
            pass

    def close(self):
        """End of input: the server exits by itself."""
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.kill()
        self.stderr.close()


_server_lock = threading.Lock()
_server = [None]


def _forget_server_in_child():
    # The parent's server and lock are not this process's to use.
    global _server_lock
    _server_lock = threading.Lock()
    _server[0] = None


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_server_in_child)


@atexit.register
def _close_server():
    server = _server[0]
    if server is not None and server.pid == os.getpid():
        _server[0] = None
        server.close()


def _get_server(tool, env):
    """The running server for this tool build and environment, started when there is none."""
    st = os.stat(tool)
    key = (tool, st.st_size, st.st_mtime_ns, tuple(sorted(env.items())))
    server = _server[0]
    if server is not None and (server.key != key or server.proc.poll() is not None):
        server.close()
        server = None
    if server is None:
        server = _server[0] = _Server(tool, env, key)
    return server


def _server_request(tool, path, req):
    request = {
        "input": path, "target": target_of(req.capability), "num_warps": req.num_warps,
        "num_stages": req.num_stages, "stages": ["ttgir", "llir", "ptx", "cubin", "json"]
    }
    # What the tool's command line would do: tt-dump every stage (so no
    # cubin without ptxas is a missing output), tt-translate --cubin.
    if os.path.basename(tool) == "tt-dump":
        request.update(emit="all", num_ctas=req.num_ctas)
    else:
        request["emit"] = "cubin"
    if req.maxnreg is not None:
        request["maxnreg"] = req.maxnreg
    if not req.enable_fp_fusion:
        request["fp_fusion"] = False
    if not req.enable_reflect_ftz:
        request["reflect_ftz"] = False
    if req.ptx_options:
        request["ptxas_options"] = req.ptx_options
    return request


def _compile_with_server(tool, path, req, workdir, command, env):
    """(ttgir, llir, ptx, cubin, meta, stage_ms) from the compile server, or TTCompileError."""
    request = _server_request(tool, path, req)
    with _server_lock:
        server = _get_server(tool, env)
        try:
            response = server.ask(request, config.timeout())
        except _ServerTimeout:
            server.kill()
            printed = server.printed()
            _server[0] = None
            raise _fail(req, "timeout", f"timed out after {config.timeout():g} s on", printed, command,
                        workdir) from None
        except (_ServerDied, ValueError) as e:
            bad_line = isinstance(e, ValueError)
            if bad_line:
                server.kill()
            returncode = server.returncode()
            printed = server.printed()
            _server[0] = None
            how = "an unreadable answer" if bad_line else _describe_exit(returncode)
            raise _fail(req, "crashed", f"crashed (compile server: {how}) on", printed, command, workdir) from None
    status = response.get("status")
    diagnostic = response.get("diagnostic") or ""
    if status == "invalid":
        raise _fail(req, "crashed", "could not ask the compile server for", diagnostic, command, workdir)
    if status != "ok":
        kind = _classify(1, diagnostic)
        raise _fail(req, kind, "refused" if kind == "refused" else "crashed on", diagnostic, command, workdir)
    stages = response.get("stages") or {}
    _check_stages(req, stages, diagnostic, command, workdir)
    ttgir = req.text if req.ext == "ttgir" else stages["ttgir"]
    stage_ms = {k: round(v, 3) for k, v in (response.get("ms") or {}).items() if k != "total"}
    return (ttgir, stages["llir"], stages["ptx"], base64.b64decode(stages["cubin"]), json.loads(stages["json"]),
            stage_ms)


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
    if config.use_server():
        start = time.perf_counter()
        ttgir, llir, ptx, cubin, meta, stage_ms = _compile_with_server(tool, path, req, workdir, command, env)
        seconds = time.perf_counter() - start
        if not config.keep_workdirs():
            shutil.rmtree(workdir, ignore_errors=True)
        return Result(ttgir=ttgir, llir=llir, ptx=ptx, cubin=cubin, meta=meta, seconds=seconds,
                      tool=os.path.basename(tool), command=command, stage_ms=stage_ms)
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
