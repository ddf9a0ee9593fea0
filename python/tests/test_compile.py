#===- test_compile.py - kernels come out of tt with its metadata -*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""Elementwise, reduction, dot and Inductor-style kernels compiled through the plugin."""

import json
import os
import subprocess

import pytest

import kernels
import tt_triton
from conftest import compile_case, log_records

# What upstream's launcher and loader read from the metadata.
LAUNCH_FIELDS = ("name", "shared", "num_warps", "num_ctas", "global_scratch_size", "global_scratch_align",
                 "profile_scratch_size", "profile_scratch_align", "tmem_size", "tensordesc_meta")


def check_from_tt(kernel, fn):
    md = kernel.metadata
    assert md.tt["compiler"] == "tt", md.tt
    assert md.tt["plugin"] == tt_triton.__version__
    assert md.name == fn.__name__  # Inductor's static launcher needs the Python name
    for field in LAUNCH_FIELDS:
        assert hasattr(md, field), field
    assert kernel.asm["cubin"][:4] == b"\x7fELF"
    assert f".visible .entry {fn.__name__}(" in kernel.asm["ptx"]
    # The cached .json (what a later process loads) says so too.
    meta_file = next(p for name, p in kernel.metadata_group.items() if name.endswith(".json"))
    with open(meta_file) as f:
        assert json.load(f)["tt"]["compiler"] == "tt"


@pytest.mark.parametrize("case", sorted(kernels.CASES))
def test_kernel_compiled_by_tt(tt, case):
    fn = kernels.CASES[case][0]
    kernel = compile_case(kernels.CASES[case])
    check_from_tt(kernel, fn)
    records = log_records(tt)
    assert [(r["kernel"], r["status"], r["compiler"]) for r in records] == [(fn.__name__, "ok", "tt")]
    assert records[0]["ms"]["tt"] > 0 and records[0]["ms"]["upstream_ttir"] > 0
    assert records[0]["target"] == "cuda:90"


def test_inductor_kernel_keeps_assert_and_libdevice(tt):
    kernel = compile_case(kernels.CASES["inductor"])
    assert "tt.assert" in kernel.asm["ttir"]
    # libdevice's tanh and erf were linked (and internalized): no call left to resolve.
    assert "__nv_" in kernel.asm["llir"] or "tanh" in kernel.asm["llir"]
    assert ".extern .func __nv_" not in kernel.asm["ptx"]
    assert "__assertfail" in kernel.asm["ptx"]


def test_launch_metadata_matches_upstream_shape(tt):
    kernel = compile_case(kernels.CASES["dot"])
    md = kernel.metadata
    assert md.shared > 0  # the dot's operands go through shared memory
    assert md.num_warps == 4 and md.num_ctas == 1
    assert md.target.backend == "cuda" and md.target.arch == 90
    assert md.tensordesc_meta == []


def test_stages_are_tt_output(tt):
    """asm['ttgir'/'llir'/'ptx'] are what tt-dump writes for the same TTIR."""
    kernel = compile_case(kernels.CASES["elementwise"])
    dump = tt / "direct"
    ttir = tt / "add_kernel.ttir"
    ttir.write_text(kernel.asm["ttir"])
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRITON_KERNEL")}
    # The ptxas and libdevice the plugin hands to tt: upstream's (the wheel's).
    env.setdefault("TRITON_PTXAS_PATH", tt_triton.hook._ptxas(90))
    env.setdefault("TRITON_LIBDEVICE_PATH", dict(kernel.metadata.extern_libs)["libdevice"])
    out = subprocess.run([tt_triton.find_tool("tt-dump"), str(ttir), "--target", "cuda:90", "--num-warps", "4",
                          "--num-stages", "3", "--dump-dir", str(dump)], capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr
    folder = out.stdout.strip()
    for ext in ("ttgir", "llir", "ptx"):
        with open(os.path.join(folder, f"add_kernel.{ext}")) as f:
            assert kernel.asm[ext] == f.read(), ext


def test_tt_translate_as_the_tool(tt, monkeypatch):
    monkeypatch.setenv(tt_triton.config.TOOL, "tt-translate")
    kernel = compile_case(kernels.CASES["softmax"])
    check_from_tt(kernel, kernels.softmax_kernel)
    assert kernel.metadata.tt["tool"] == "tt-translate"
    assert kernel.metadata.num_warps == 8


def test_gluon_kernel_starts_at_ttgir(tt):
    import triton
    from triton.backends.compiler import GPUTarget
    fn = kernels.gluon_copy_kernel()
    if fn is None:
        pytest.skip("this triton has no Gluon")
    from triton.experimental.gluon._runtime import GluonASTSource
    src = GluonASTSource(fn, {"in_ptr": "*fp32", "out_ptr": "*fp32", "n": "i32"}, {"BLOCK": 128})
    kernel = triton.compile(src, target=GPUTarget("cuda", 90, 32))
    assert kernel.metadata.tt["compiler"] == "tt"
    assert "ttir" not in kernel.asm  # upstream made the TTGIR, tt the rest
    assert kernel.asm["cubin"][:4] == b"\x7fELF"
    (record, ) = log_records(tt)
    assert record["status"] == "ok" and "upstream_ttgir" in record["ms"]
