#===- test_processes.py - the plugin reaches every process -----*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""The triton.backends entry point carries the plugin into processes that
never import it, as Inductor's compile workers never do."""

import json
import os
import subprocess
import sys

import tt_triton
from conftest import log_records

# A child that only uses triton: it never imports tt_triton.
CHILD = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import kernels, triton
from triton.compiler import ASTSource
from triton.backends.compiler import GPUTarget
fn, sig, cx, opts = kernels.CASES["elementwise"]
k = triton.compile(ASTSource(fn, sig, cx), target=GPUTarget("cuda", 90, 32), options=opts)
print(json.dumps(getattr(k.metadata, "tt", None)))
"""


def run_child():
    here = os.path.dirname(os.path.abspath(__file__))
    out = subprocess.run([sys.executable, "-c", CHILD, here], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_backend_entry_claims_nothing():
    from triton.backends import backends
    from triton.backends.compiler import GPUTarget
    assert "tt" in backends, "pip install ./python registers the triton.backends entry point"
    entry = backends["tt"]
    assert entry.compiler.__module__ == "tt_triton.backend.compiler"
    for target in (GPUTarget("cuda", 90, 32), GPUTarget("hip", "gfx942", 64)):
        assert not entry.compiler.supports_target(target)
    assert not entry.driver.is_active()


def test_env_variable_reaches_a_child(workdir, monkeypatch):
    monkeypatch.setenv(tt_triton.config.ENABLE, "1")
    assert run_child()["compiler"] == "tt"
    assert [r["status"] for r in log_records(workdir)] == ["ok"]


def test_enable_reaches_children(workdir):
    tt_triton.enable()  # sets TRITON_TT=1 for the processes started from here
    assert os.environ[tt_triton.config.ENABLE] == "1"
    assert run_child()["compiler"] == "tt"
    tt_triton.disable()
    assert tt_triton.config.ENABLE not in os.environ
    assert run_child() is None  # the cached tt kernel is not served to upstream
