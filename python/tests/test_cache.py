#===- test_cache.py - one compiler's kernels never served to the other -*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""tt's identity enters upstream's cache key (tt_triton/cachekey.py)."""

import kernels
import tt_triton
from conftest import compile_case, log_records

CASE = kernels.CASES["elementwise"]


def test_cache_keys_differ_with_and_without_tt(workdir, monkeypatch):
    upstream = compile_case(CASE)
    assert not hasattr(upstream.metadata, "tt")

    tt_triton.enable()
    strict = compile_case(CASE)
    assert strict.hash != upstream.hash
    assert strict.metadata.tt["compiler"] == "tt"
    again = compile_case(CASE)  # a cache hit: no compilation, no log line
    assert again.hash == strict.hash and again.metadata.tt["compiler"] == "tt"
    assert len(log_records(workdir)) == 1

    monkeypatch.setenv(tt_triton.config.FALLBACK, "1")
    fallback = compile_case(CASE)
    assert fallback.hash not in (strict.hash, upstream.hash)
    monkeypatch.delenv(tt_triton.config.FALLBACK)

    tt_triton.disable()
    back = compile_case(CASE)
    assert back.hash == upstream.hash and not hasattr(back.metadata, "tt")
    assert len(log_records(workdir)) == 2


def test_tool_identity_enters_the_key(tt, monkeypatch):
    from triton.backends.compiler import GPUTarget
    from triton.backends.nvidia.compiler import CUDABackend
    backend = CUDABackend(GPUTarget("cuda", 90, 32))
    with_dump = backend.hash()
    monkeypatch.setenv(tt_triton.config.TOOL, "tt-translate")
    assert CUDABackend(GPUTarget("cuda", 90, 32)).hash() != with_dump
    monkeypatch.setenv("DISABLE_LLVM_OPT", "1")
    assert "-tt-" in CUDABackend(GPUTarget("cuda", 90, 32)).hash()
