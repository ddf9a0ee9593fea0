#===- test_modes.py - strict mode, fallback mode, options tt lacks -*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""A kernel tt refuses: strict mode raises tt's located diagnostic, fallback records it."""

import os

import re

import pytest

import kernels
import tt_triton
from conftest import compile_case, log_records


def test_strict_mode_raises_tt_diagnostic(tt):
    with pytest.raises(tt_triton.TTCompileError) as info:
        compile_case(kernels.REFUSED)
    err = info.value
    assert err.kernel == "add_kernel"
    assert err.kind == "refused", err
    message = str(err)
    assert message.startswith("tt refused kernel 'add_kernel' (cuda:90")
    # tt's diagnostic, located in the Python source through the TTIR's locations.
    assert f"{os.path.basename(kernels.__file__)}:" in message and "error:" in message, message
    assert "TRITON_TT_FALLBACK=1" in message
    assert os.path.isdir(err.workdir)  # the input is kept to reproduce it
    (record, ) = log_records(tt)
    assert record["status"] == "error" and record["kernel"] == "add_kernel"
    assert "error:" in record["diagnostic"] and record["message"] == err.first_line()


def test_fallback_mode_compiles_with_upstream_and_records_it(tt, monkeypatch):
    monkeypatch.setenv(tt_triton.config.FALLBACK, "1")
    kernel = compile_case(kernels.REFUSED)
    md = kernel.metadata
    assert md.tt["compiler"] == "upstream" and md.tt["fallback"] is True
    assert "error" in md.tt["reason"]
    assert kernel.asm["cubin"][:4] == b"\x7fELF"
    (record, ) = log_records(tt)
    assert record["status"] == "fallback" and record["compiler"] == "upstream"
    assert record["kind"] == "refused" and "error:" in record["diagnostic"]


def test_fallback_mode_still_uses_tt_when_it_can(tt, monkeypatch):
    monkeypatch.setenv(tt_triton.config.FALLBACK, "1")
    kernel = compile_case(kernels.CASES["elementwise"])
    assert kernel.metadata.tt["compiler"] == "tt" and kernel.metadata.tt["mode"] == "fallback"
    assert [r["status"] for r in log_records(tt)] == ["ok"]


def test_options_tt_lacks_are_refused_not_ignored(tt):
    # tt picks the PTX version from its ptxas; a pinned one is refused.
    with pytest.raises(tt_triton.TTCompileError) as info:
        compile_case(kernels.CASES["elementwise"], {"ptx_version": 80})
    assert info.value.kind == "unsupported-option"
    assert "ptx_version" in str(info.value)


FMA = re.compile(r"(mad|fma)\.r[nzmp]\.(ftz\.)?f32")


@pytest.mark.parametrize("fusion", [True, False])
def test_fp_fusion_option(tt, fusion):
    kernel = compile_case(kernels.CASES["mul_add"], {"enable_fp_fusion": fusion})
    assert kernel.metadata.tt["compiler"] == "tt"
    assert (FMA.search(kernel.asm["ptx"]) is not None) == fusion


def test_maxnreg_on_the_entry_only(tt):
    kernel = compile_case(kernels.CASES["noinline"], {"maxnreg": 42})
    ptx = kernel.asm["ptx"]
    assert re.search(r"\.visible \.entry [^{;]*\.maxnreg 42", ptx), ptx
    assert ".func" in ptx and not re.search(r"\.func [^{;]*\.maxnreg", ptx)


@pytest.mark.parametrize("ftz", [True, False])
def test_reflect_ftz_option(tt, ftz):
    # libdevice's exp2f asks __nvvm_reflect("__CUDA_FTZ"); the flag answers.
    kernel = compile_case(kernels.CASES["libdevice_exp2"], {"enable_reflect_ftz": ftz})
    assert ("ex2.approx.ftz.f32" in kernel.asm["ptx"]) == ftz
    assert "ex2.approx" in kernel.asm["ptx"]


def test_ptx_options_reach_ptxas(tt):
    # A flag ptxas rejects proves they are passed: tt's error carries ptxas's.
    with pytest.raises(tt_triton.TTCompileError) as info:
        compile_case(kernels.CASES["elementwise"], {"ptx_options": "--no-such-ptxas-flag"})
    assert "no-such-ptxas-flag" in str(info.value)
    kernel = compile_case(kernels.CASES["elementwise"], {"ptx_options": "--allow-expensive-optimizations true"})
    assert kernel.asm["cubin"][:4] == b"\x7fELF"


def test_missing_tools_say_where_they_were_looked_for(tt, monkeypatch):
    monkeypatch.setenv(tt_triton.config.TOOLS_DIR, str(tt / "no-tools-here"))
    monkeypatch.setenv("PATH", str(tt / "empty-path"))
    monkeypatch.setattr(tt_triton.tools, "_PACKAGE_BIN", str(tt / "no-bin"))
    with pytest.raises(tt_triton.TTToolNotFound) as info:
        compile_case(kernels.CASES["elementwise"])
    assert "TT_TOOLS_DIR" in str(info.value) and "tt-dump" in str(info.value)


@pytest.mark.parametrize("dtype, block, box, elem_size, elem_type", [("fp16", [64, 64], [64, 64], 2, 6),
                                                                  ("fp32", [32, 128], [32, 32], 4, 7)])
def test_host_descriptors_get_their_tma_metadata(tt, dtype, block, box, elem_size, elem_type):
    """The launcher builds each CUtensorMap from tensordesc_meta and passes it by value."""
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource
    ty = f"tensordesc<{dtype}[{block[0]}, {block[1]}]>"
    kernel = triton.compile(ASTSource(kernels.descriptor_copy_kernel, {"in_desc": ty, "out_desc": ty},
                                      {"BLOCK": block[0]}), target=GPUTarget("cuda", 90, 32))
    assert kernel.metadata.tt["compiler"] == "tt"
    # 128-byte swizzle: a box row is 128 bytes wide (upstream's values).
    meta = {"swizzle": 3, "elem_size": elem_size, "elem_type": elem_type, "block_size": box, "fp4_padded": False}
    assert [dict(m) for m in kernel.metadata.tensordesc_meta] == [meta, meta]
    assert ".param .align 64 .b8 descriptor_copy_kernel_param_0[128]" in kernel.asm["ptx"]
