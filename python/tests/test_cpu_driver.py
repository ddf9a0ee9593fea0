#===- test_cpu_driver.py - tt's CPU backend as triton's driver --*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""tt_triton.cpu: @triton.jit kernels compiled by tt's CPU backend and run on
the host through upstream Triton 3.6's runtime (docs/python.md, "The CPU
driver"). numpy arrays go through tt_triton.cpu.as_arg; the torch tests run
when torch is installed."""

import json
import os
import subprocess
import sys

import numpy as np
import pytest
import triton
import triton.language as tl

import tt_triton
import tt_triton.cpu as ttc
from kernels import add_kernel, softmax_kernel
from tt_triton.cpu import driver as cpu_driver

try:
    import torch
except ImportError:  # the venv of scripts/python-venv.sh has no torch
    torch = None

needs_torch = pytest.mark.skipif(torch is None, reason="torch is not installed")


@pytest.fixture
def cpu(workdir):
    """tt's CPU driver active in this process, a fresh triton cache."""
    driver = ttc.activate()
    yield driver
    ttc.deactivate()


@triton.jit
def grid_kernel(out_ptr):
    # Every program writes its ids and the grid's size at its own slot.
    x = tl.program_id(0)
    y = tl.program_id(1)
    z = tl.program_id(2)
    nx = tl.num_programs(0)
    ny = tl.num_programs(1)
    nz = tl.num_programs(2)
    slot = ((z * ny + y) * nx + x) * 4
    tl.store(out_ptr + slot, x)
    tl.store(out_ptr + slot + 1, y)
    tl.store(out_ptr + slot + 2, z)
    tl.store(out_ptr + slot + 3, nx * ny * nz)


@triton.jit
def scalars_kernel(out_ptr, a, b, c, flag, unit, d):
    tl.store(out_ptr + 0, a.to(tl.float64))
    tl.store(out_ptr + 1, b.to(tl.float64))
    tl.store(out_ptr + 2, c.to(tl.float64))
    tl.store(out_ptr + 3, flag.to(tl.float64))
    tl.store(out_ptr + 4, unit * 1.0)  # a constexpr: upstream specializes 1
    tl.store(out_ptr + 5, d.to(tl.float64))


@triton.jit
def rsqrt_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=1.0)
    tl.store(out_ptr + offs, tl.extra.libdevice.rsqrt(x), mask=mask)


@triton.jit
def dot_kernel(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], tl.dot(a, b))


@triton.jit
def desc_copy_kernel(in_desc, out_ptr, N: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr):
    pid = tl.program_id(0)
    tile = in_desc.load([pid * BM, 0])
    rm = pid * BM + tl.arange(0, BM)
    rn = tl.arange(0, BN)
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], tile)


@triton.jit
def inline_asm_kernel(x_ptr):
    x = tl.load(x_ptr)
    y = tl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,r", [x], dtype=tl.int32, is_pure=True, pack=1)
    tl.store(x_ptr, y)


def test_target_and_driver(cpu):
    target = triton.runtime.driver.active.get_current_target()
    assert (target.backend, target.warp_size) == ("cpu", 32)
    assert isinstance(triton.runtime.driver.active, cpu_driver.CPUDriver)


def test_add_numpy(cpu, workdir):
    n = 3000  # three programs, the last one partial
    x = np.random.default_rng(0).random(n, dtype=np.float32)
    y = np.random.default_rng(1).random(n, dtype=np.float32)
    out = np.full(n + 16, -1.0, dtype=np.float32)  # guard elements past n
    k = add_kernel[(triton.cdiv(n, 1024), )](ttc.as_arg(x), ttc.as_arg(y), ttc.as_arg(out), n, BLOCK=1024)
    np.testing.assert_array_equal(out[:n], x + y)
    assert (out[n:] == -1.0).all()
    assert k.metadata.tt["target"] == "cpu" and k.metadata.target.backend == "cpu"
    assert k.asm["so"][:4] == b"\x7fELF"
    assert k.metadata.entry == "add_kernel__packed"
    # The TTIR is upstream's, kept in the cache like every stage.
    assert "tt.func public @add_kernel" in k.asm["ttir"]


def test_grid_all_programs_once(cpu, monkeypatch):
    monkeypatch.setenv(ttc.THREADS, "3")  # more threads than cores, fewer than programs
    gx, gy, gz = 7, 5, 3
    out = np.full(gx * gy * gz * 4, -1, dtype=np.int32)
    grid_kernel[(gx, gy, gz)](ttc.as_arg(out))
    got = out.reshape(gz, gy, gx, 4)
    zz, yy, xx = np.meshgrid(np.arange(gz), np.arange(gy), np.arange(gx), indexing="ij")
    np.testing.assert_array_equal(got[..., 0], xx)
    np.testing.assert_array_equal(got[..., 1], yy)
    np.testing.assert_array_equal(got[..., 2], zz)
    assert (got[..., 3] == gx * gy * gz).all()


def test_grid_python_fallback(cpu, monkeypatch):
    """Without a C compiler the grid runs on Python threads, same result."""
    monkeypatch.setattr(cpu_driver, "grid_runner", lambda: None)
    monkeypatch.setenv(ttc.THREADS, "2")
    out = np.full(4 * 3 * 2 * 4, -1, dtype=np.int32)
    grid_kernel[(4, 3, 2)](ttc.as_arg(out))
    got = out.reshape(2, 3, 4, 4)
    assert sorted(map(tuple, got[..., :3].reshape(-1, 3).tolist())) == sorted(
        (x, y, z) for x in range(4) for y in range(3) for z in range(2))


def test_empty_grid_runs_nothing(cpu):
    out = np.full(4, -1, dtype=np.int32)
    grid_kernel[(0, 1, 1)](ttc.as_arg(out))
    assert (out == -1).all()


def test_scalar_arguments(cpu):
    out = np.zeros(6, dtype=np.float64)
    big = 3 * 2**31 + 5  # an i64 argument
    k = scalars_kernel[(1, )](ttc.as_arg(out), -7, big, 2.5, True, 1, 0.25)
    np.testing.assert_array_equal(out, [-7, big, 2.5, 1, 1, 0.25])
    # `unit` == 1 is specialized away by upstream's runtime: the kernel takes 6 arguments.
    assert len(k.metadata.cpu_args) == 6


def test_libdevice_rsqrt(cpu):
    n = 1000
    x = np.linspace(0.5, 100.0, n, dtype=np.float32)
    out = np.zeros(n, dtype=np.float32)
    rsqrt_kernel[(triton.cdiv(n, 256), )](ttc.as_arg(x), ttc.as_arg(out), n, BLOCK=256)
    np.testing.assert_allclose(out, 1.0 / np.sqrt(x), rtol=1e-6)


def test_dot_f32(cpu):
    rng = np.random.default_rng(2)
    a = rng.standard_normal((32, 16), dtype=np.float32)
    b = rng.standard_normal((16, 64), dtype=np.float32)
    c = np.zeros((32, 64), dtype=np.float32)
    dot_kernel[(1, )](ttc.as_arg(a), ttc.as_arg(b), ttc.as_arg(c), M=32, N=64, K=16)
    np.testing.assert_allclose(c, a @ b, rtol=1e-5, atol=1e-5)


def test_refused_kernel_raises_with_tt_diagnostic(cpu):
    x = np.zeros(1, dtype=np.int32)
    with pytest.raises(tt_triton.TTCompileError) as info:
        inline_asm_kernel[(1, )](ttc.as_arg(x))
    assert info.value.kind == "refused"
    assert "inline_asm" in info.value.diagnostic
    assert "--target cpu" in " ".join(info.value.command)


def test_as_arg_rejects_unknown_dtype():
    with pytest.raises(TypeError, match="no Triton type for numpy dtype complex64"):
        ttc.as_arg(np.zeros(2, dtype=np.complex64))


def test_bf16_scalar_rounding():
    # Round to nearest even, as torch's float32 -> bfloat16 cast.
    assert cpu_driver._bf16_bits(1.0) == 0x3F80
    assert cpu_driver._bf16_bits(1.0 + 2**-8) == 0x3F80  # a tie: to even
    assert cpu_driver._bf16_bits(1.0 + 3 * 2**-8) == 0x3F82  # a tie: to even (up)
    assert cpu_driver._bf16_bits(float("nan")) & 0x7F80 == 0x7F80


def test_entry_point_in_fresh_process(workdir, tmp_path):
    """TRITON_TT_DEVICE=cpu alone makes a process that only imports triton run on tt's CPU backend."""
    script = tmp_path / "run.py"
    script.write_text("\n".join([
        "import json, numpy as np, triton, triton.language as tl",
        "import tt_triton.cpu as ttc",
        "@triton.jit",
        "def k(x_ptr, n, BLOCK: tl.constexpr):",
        "    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)",
        "    tl.store(x_ptr + offs, offs * 2, mask=offs < n)",
        "x = np.zeros(100, dtype=np.int32)",
        "c = k[(4,)](ttc.as_arg(x), 100, BLOCK=32)",
        "print(json.dumps({'backend': c.metadata.target.backend, 'ok': bool((x == 2 * np.arange(100)).all()),",
        "                  'driver': type(triton.runtime.driver.active).__name__}))",
    ]))
    env = dict(os.environ, TRITON_TT_DEVICE="cpu")
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=300)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout.strip().splitlines()[-1]) == {"backend": "cpu", "ok": True, "driver": "CPUDriver"}


@needs_torch
def test_softmax_torch(cpu):
    x = torch.randn(37, 300)
    out = torch.empty_like(x)
    softmax_kernel[(37, )](out, x, x.stride(0), 300, BLOCK=512)
    torch.testing.assert_close(out, torch.softmax(x, dim=1), rtol=1e-5, atol=1e-6)


@needs_torch
def test_host_tensor_descriptor(cpu):
    from triton.tools.tensor_descriptor import TensorDescriptor
    x = torch.arange(64 * 32, dtype=torch.float32).reshape(64, 32)
    out = torch.zeros_like(x)
    desc = TensorDescriptor.from_tensor(x, [16, 32])
    desc_copy_kernel[(4, )](desc, out, N=32, BM=16, BN=32)
    torch.testing.assert_close(out, x)


@needs_torch
def test_do_bench(cpu):
    x = torch.rand(4096)
    out = torch.empty_like(x)
    ms = triton.testing.do_bench(lambda: add_kernel[(4, )](x, x, out, 4096, BLOCK=1024), warmup=2, rep=5)
    assert ms > 0
