#===- test_server.py - kernels through the compile server -----*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""The compile server (the tool's --serve mode): the default path, one server
per process reused across kernels, the same bytes as one process per kernel,
and a server that dies on a kernel makes that kernel 'crashed' with what it
printed while the next kernel gets a new server."""

import os
import signal
import stat
import threading
import time

import pytest

import kernels
import tt_triton
from tt_triton import runner
from conftest import compile_case, log_records


def _server_pid():
    server = runner._server[0]
    return server.proc.pid if server is not None and server.proc.poll() is None else None


def test_kernels_go_through_one_server(tt, monkeypatch):
    monkeypatch.delenv("TT_TRITON_SERVER", raising=False)
    first = compile_case(kernels.CASES["elementwise"])
    pid = _server_pid()
    assert pid is not None
    second = compile_case(kernels.CASES["softmax"])
    assert _server_pid() == pid  # reused, not restarted
    assert first.metadata.tt["compiler"] == "tt" and second.metadata.tt["compiler"] == "tt"
    records = log_records(tt)
    assert [r["status"] for r in records] == ["ok", "ok"]
    # The server reports its stage times; the log carries them.
    assert records[0]["ms"]["tt_ptx"] > 0 and records[0]["ms"]["tt_cubin"] > 0


def test_server_and_process_per_kernel_agree(tt, monkeypatch):
    monkeypatch.setenv("TRITON_ALWAYS_COMPILE", "1")
    monkeypatch.delenv("TT_TRITON_SERVER", raising=False)
    served = compile_case(kernels.CASES["dot"])
    monkeypatch.setenv("TT_TRITON_SERVER", "0")
    spawned = compile_case(kernels.CASES["dot"])
    for stage in ("ttgir", "llir", "ptx", "cubin"):
        assert served.asm[stage] == spawned.asm[stage], stage
    for field in ("name", "shared", "num_warps", "num_ctas", "global_scratch_size", "tensordesc_meta"):
        assert getattr(served.metadata, field) == getattr(spawned.metadata, field), field
    assert served.metadata.tt == spawned.metadata.tt


def test_killed_server_crashes_that_kernel_only(tt, monkeypatch):
    """SIGSEGV reaches the server while it compiles: the kernel is 'crashed'
    and the next kernel gets a new server."""
    monkeypatch.setenv("TRITON_ALWAYS_COMPILE", "1")
    monkeypatch.delenv("TT_TRITON_SERVER", raising=False)
    compile_case(kernels.CASES["elementwise"])
    pid = _server_pid()
    assert pid is not None
    ask = runner._Server.ask

    def segfault(proc):
        # LLVM's handler prints the stack dump and returns: a SIGSEGV sent
        # by kill() (not a fault) needs a second delivery, which kills.
        while proc.poll() is None:
            try:
                os.kill(proc.pid, signal.SIGSEGV)
            except ProcessLookupError:
                break
            time.sleep(0.01)

    def ask_and_kill(self, request, timeout):
        # Sent right after the request: it lands while the kernel compiles.
        threading.Thread(target=segfault, args=(self.proc, ), daemon=True).start()
        return ask(self, request, timeout)

    monkeypatch.setattr(runner._Server, "ask", ask_and_kill)
    with pytest.raises(tt_triton.TTCompileError) as info:
        compile_case(kernels.CASES["dot"])
    assert info.value.kind == "crashed"
    assert "killed by SIGSEGV" in str(info.value)
    # What the server printed is the diagnostic (LLVM prints no stack dump
    # for a signal sent by kill(); test_server_dead_on_arrival checks the text).
    assert isinstance(info.value.diagnostic, str)
    monkeypatch.setattr(runner._Server, "ask", ask)
    kernel = compile_case(kernels.CASES["dot"])
    assert kernel.metadata.tt["compiler"] == "tt"
    assert _server_pid() not in (None, pid)
    statuses = [(r["kernel"], r["status"]) for r in log_records(tt)]
    assert statuses == [("add_kernel", "ok"), ("matmul_kernel", "error"), ("matmul_kernel", "ok")]
    assert log_records(tt)[1]["kind"] == "crashed"


def test_server_dead_on_arrival_reports_what_it_printed(tt, monkeypatch, tmp_path):
    """A tool that prints an LLVM ERROR and dies on its first request."""
    real = tt_triton.find_tool("tt-dump")
    fake = tmp_path / "bin" / "tt-dump"
    fake.parent.mkdir()
    mark = tmp_path / "crashed-once"
    fake.write_text(f"""#!/bin/sh
if [ "$1" = --serve ] && [ ! -e {mark} ]; then
  touch {mark}; read line; echo "LLVM ERROR: out of nothing" >&2; exit 3
fi
exec {real} "$@"
""")
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("TT_TOOLS_DIR", str(fake.parent))
    monkeypatch.setenv("TRITON_ALWAYS_COMPILE", "1")
    monkeypatch.delenv("TT_TRITON_SERVER", raising=False)
    with pytest.raises(tt_triton.TTCompileError) as info:
        compile_case(kernels.CASES["elementwise"])
    assert info.value.kind == "crashed"
    assert "exit status 3" in str(info.value)
    assert "LLVM ERROR: out of nothing" in info.value.diagnostic
    assert compile_case(kernels.CASES["elementwise"]).metadata.tt["compiler"] == "tt"


def test_fatal_llvm_error_in_the_server(tt, monkeypatch):
    """A real fatal error inside the server (NVPTX cannot select an x86
    intrinsic): that kernel is 'crashed' with LLVM's message, which the
    server captured and copied to its stderr; the next kernel compiles."""
    monkeypatch.delenv("TT_TRITON_SERVER", raising=False)
    source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "test", "tt-translate", "Inputs",
                          "nvptx-cannot-select.mlir")
    with open(source) as f:
        text = f.read()
    req = runner.Request(name="k", text=text, ext="ttgir", capability=90)
    with pytest.raises(tt_triton.TTCompileError) as info:
        runner.compile_kernel(req)
    assert info.value.kind == "crashed"
    assert "compile server: killed by SIGABRT" in str(info.value)
    assert "LLVM ERROR: Cannot select: intrinsic %llvm.x86.sse2.pause" in info.value.diagnostic
    assert "reproduce: " in str(info.value) and os.path.isdir(info.value.workdir)
    assert compile_case(kernels.CASES["elementwise"]).metadata.tt["compiler"] == "tt"
