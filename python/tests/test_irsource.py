#===- test_irsource.py - triton.compile of IR files through the plugin -*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""IR given to triton.compile: a .ttgir file, and stage overrides (an
autotune config's ir_override, which works as TRITON_KERNEL_OVERRIDE)."""

import kernels
import tt_triton
from conftest import TARGET_CUDA, compile_case, log_records


def upstream_stages():
    tt_triton.disable()
    return compile_case(kernels.CASES["elementwise"]).asm


def compile_file(path):
    import triton
    from triton.backends.compiler import GPUTarget
    return triton.compile(str(path), target=GPUTarget(*TARGET_CUDA))


def test_ttgir_file_compiled_by_tt(workdir):
    path = workdir / "add_kernel.ttgir"
    path.write_text(upstream_stages()["ttgir"])
    tt_triton.enable()
    kernel = compile_file(path)
    assert kernel.metadata.tt["compiler"] == "tt"
    assert kernel.metadata.name == "add_kernel"
    assert kernel.asm["cubin"][:4] == b"\x7fELF"
    assert [r["status"] for r in log_records(workdir)] == ["ok"]


def test_ttgir_override_compiled_again_by_tt(workdir):
    """An autotune config's ir_override (as TRITON_KERNEL_OVERRIDE) replaces tt's TTGIR: tt compiles that."""
    ttgir = upstream_stages()["ttgir"]
    assert ttgir.count("arith.addf") == 1
    path = workdir / "add_kernel.ttgir"
    path.write_text(ttgir.replace("arith.addf", "arith.mulf"))
    tt_triton.enable()
    assert "add.f32" in compile_case(kernels.CASES["elementwise"]).asm["ptx"]
    kernel = compile_case(kernels.CASES["elementwise"], {"ir_override": str(path)})
    assert kernel.metadata.tt["compiler"] == "tt" and "stages_by_upstream" not in kernel.metadata.tt
    ptx = kernel.asm["ptx"]
    assert "mul.f32" in ptx and "add.f32" not in ptx  # the override's x * y, compiled by tt
    assert [r["status"] for r in log_records(workdir)] == ["ok", "ok"]


def test_ptx_override_assembled_by_upstream_ptxas(workdir):
    """PTX is below what tt reads: a PTX override goes through upstream's ptxas step, and the metadata says so."""
    path = workdir / "add_kernel.ptx"
    path.write_text(upstream_stages()["ptx"])
    tt_triton.enable()
    kernel = compile_case(kernels.CASES["elementwise"], {"ir_override": str(path)})
    assert kernel.metadata.tt["compiler"] == "tt"
    assert kernel.metadata.tt["stages_by_upstream"] == ["cubin"]
    assert kernel.asm["ptx"] == path.read_text()
    (record, ) = log_records(workdir)
    assert record["status"] == "ok" and record["stages_by_upstream"] == ["cubin"]
