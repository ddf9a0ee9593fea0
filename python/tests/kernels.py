#===- kernels.py - @triton.jit kernels the plugin tests compile -*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""Kernels for python/tests: the kinds Inductor and users write.

Each CASES entry: (kernel, signature, constexprs, options). They are cross-
compiled for cuda:90, so no GPU is needed.
"""

import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x + y, mask=mask)


@triton.jit
def softmax_kernel(out_ptr, in_ptr, row_stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(in_ptr + row * row_stride + cols, mask=mask, other=-float("inf"))
    x = x - tl.max(x, axis=0)
    num = tl.exp(x)
    tl.store(out_ptr + row * row_stride + cols, num / tl.sum(num, axis=0), mask=mask)


@triton.jit
def row_sum_kernel(in_ptr, out_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    acc = tl.zeros([BLOCK_M], dtype=tl.float32)
    for start in range(0, N, BLOCK_N):
        cols = start + tl.arange(0, BLOCK_N)
        mask = (rows[:, None] < M) & (cols[None, :] < N)
        acc += tl.sum(tl.load(in_ptr + rows[:, None] * N + cols[None, :], mask=mask, other=0.0), axis=1)
    tl.store(out_ptr + rows, acc, mask=rows < M)


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm, BLOCK_M: tl.constexpr,
                  BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + rm[:, None] * stride_am + rk[None, :]
    b_ptrs = b_ptr + rk[:, None] * stride_bk + rn[None, :]
    acc = tl.zeros([BLOCK_M, BLOCK_N], dtype=tl.float32)
    for _ in range(0, K, BLOCK_K):
        acc += tl.dot(tl.load(a_ptrs), tl.load(b_ptrs))
        a_ptrs += BLOCK_K
        b_ptrs += BLOCK_K * stride_bk
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :], acc.to(tl.float16))


# What Inductor generates for an embedding lookup followed by a pointwise op:
# wrapped negative indices, a bounds check with tl.device_assert, libdevice.
@triton.jit
def triton_poi_fused_embedding_tanh_0(in_ptr0, in_ptr1, out_ptr0, xnumel, XBLOCK: tl.constexpr):
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x1 = xindex // 64
    x0 = xindex % 64
    tmp0 = tl.load(in_ptr0 + x1, xmask, eviction_policy="evict_last")
    tmp1 = tl.full([XBLOCK], 100, tl.int64)
    tmp2 = tmp0 + tmp1
    tmp3 = tmp0 < 0
    tmp4 = tl.where(tmp3, tmp2, tmp0)
    tl.device_assert(((0 <= tmp4) & (tmp4 < 100)) | ~(xmask), "index out of bounds: 0 <= tmp4 < 100")
    tmp6 = tl.load(in_ptr1 + (x0 + 64 * tmp4), xmask)
    tmp7 = libdevice.tanh(tmp6)
    tmp8 = libdevice.erf(tmp7 * 0.7071067811865476)
    tl.store(out_ptr0 + xindex, tmp8, xmask)


@triton.jit
def mul_add_kernel(data):
    ptrs = data + tl.arange(0, 128)
    tl.store(ptrs, tl.load(ptrs) * 1.5 + 1.0)


@triton.jit(noinline=True)
def _store_one(ptr):
    tl.store(ptr, 1)


@triton.jit
def noinline_kernel(ptr):
    _store_one(ptr)
    tl.store(ptr + 1, 0)


@triton.jit
def libdevice_exp2_kernel(data):
    ptrs = data + tl.arange(0, 128)
    tl.store(ptrs, libdevice.exp2(tl.load(ptrs)))


CASES = {
    "elementwise": (add_kernel, {"x_ptr": "*fp32", "y_ptr": "*fp32", "out_ptr": "*fp32", "n": "i32"},
                    {"BLOCK": 1024}, {}),
    "softmax": (softmax_kernel, {"out_ptr": "*fp32", "in_ptr": "*fp32", "row_stride": "i32", "n_cols": "i32"},
                {"BLOCK": 1024}, {"num_warps": 8}),
    "reduction": (row_sum_kernel, {"in_ptr": "*fp32", "out_ptr": "*fp32", "M": "i32", "N": "i32"},
                  {"BLOCK_M": 32, "BLOCK_N": 64}, {}),
    "dot": (matmul_kernel, {
        "a_ptr": "*fp16", "b_ptr": "*fp16", "c_ptr": "*fp16", "M": "i32", "N": "i32", "K": "i32", "stride_am": "i32",
        "stride_bk": "i32", "stride_cm": "i32"
    }, {"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 32}, {"num_warps": 4, "num_stages": 3}),
    "inductor": (triton_poi_fused_embedding_tanh_0, {
        "in_ptr0": "*i64", "in_ptr1": "*fp32", "out_ptr0": "*fp32", "xnumel": "i32"
    }, {"XBLOCK": 256}, {"debug": True}),
    # Code generation options (test_modes.py): fusion, maxnreg, reflect ftz.
    "mul_add": (mul_add_kernel, {"data": "*fp32"}, {}, {}),
    "noinline": (noinline_kernel, {"ptr": "*i32"}, {}, {}),
    "libdevice_exp2": (libdevice_exp2_kernel, {"data": "*fp32"}, {}, {}),
}

# A kernel tt refuses: the elementwise add over a cluster of two CTAs
# (num_ctas=2), which tt does not implement (a located refusal).
REFUSED = (add_kernel, {"x_ptr": "*fp32", "y_ptr": "*fp32", "out_ptr": "*fp32", "n": "i32"}, {"BLOCK": 1024},
           {"num_ctas": 2})


# Host TensorDescriptor arguments: the launcher needs tensordesc_meta.
@triton.jit
def descriptor_copy_kernel(in_desc, out_desc, BLOCK: tl.constexpr):
    x = in_desc.load([tl.program_id(0) * BLOCK, 0])
    out_desc.store([tl.program_id(0) * BLOCK, 0], x)


def gluon_copy_kernel():
    """A Gluon kernel (it starts at TTGIR), or None when this triton has no Gluon."""
    try:
        from triton.experimental import gluon
        from triton.experimental.gluon import language as gl
    except ImportError:
        return None

    @gluon.jit
    def gluon_copy(in_ptr, out_ptr, n, BLOCK: gl.constexpr):
        layout: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])
        offs = gl.program_id(0) * BLOCK + gl.arange(0, BLOCK, layout=layout)
        mask = offs < n
        gl.store(out_ptr + offs, gl.load(in_ptr + offs, mask=mask), mask=mask)

    return gluon_copy
