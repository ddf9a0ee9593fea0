#===- conftest.py - fixtures of the plugin's tests -------------*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""Fixtures: a fresh triton cache and log per test, the plugin on or off.

The tests cross-compile for cuda:90 (no GPU needed). tt's tools are found
as the plugin finds them: $TT_TOOLS_DIR, a bundled tt_triton/bin, or PATH;
the lit test (test/Python/plugin.test) sets TT_TOOLS_DIR to the build's.
"""

import os
import sys

import pytest

# The checkout's package, even when the venv holds an older install of it
# (the venv's copy only provides the triton.backends entry point).
_SOURCE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if _SOURCE not in sys.path:
    sys.path.insert(0, _SOURCE)
os.environ["PYTHONPATH"] = os.pathsep.join([_SOURCE] + [p for p in [os.environ.get("PYTHONPATH")] if p])
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import tt_triton  # noqa: E402
from tt_triton import config as tt_config  # noqa: E402
from tt_triton import log as tt_log  # noqa: E402

TARGET_CUDA = ("cuda", 90, 32)


def pytest_configure(config):
    # Fail, not skip, without tools: a test run without tt tests nothing.
    try:
        for name in tt_config.DEFAULT_TOOLS:  # the tests use both
            tt_triton.find_tool(name)
    except tt_triton.TTToolNotFound as e:
        raise pytest.UsageError(str(e))


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    """A fresh triton cache and TT_TRITON_LOG; the plugin's own variables unset."""
    for name in (tt_config.ENABLE, tt_config.FALLBACK, tt_config.TOOL, tt_config.KEEP, "TRITON_ALWAYS_COMPILE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TRITON_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv(tt_config.LOG, str(tmp_path / "tt.log"))
    yield tmp_path
    tt_triton.disable()


@pytest.fixture
def tt(workdir):
    """The plugin enabled (strict mode) for the test."""
    tt_triton.enable()
    yield workdir
    tt_triton.disable()


def compile_case(case, options=None):
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource
    fn, signature, constexprs, case_options = case
    opts = dict(case_options)
    opts.update(options or {})
    return triton.compile(ASTSource(fn, signature, constexprs), target=GPUTarget(*TARGET_CUDA), options=opts)


def log_records(workdir):
    path = workdir / "tt.log"
    return tt_log.read(str(path)) if path.exists() else []
