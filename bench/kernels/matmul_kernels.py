# The matmul kernels of issue #7 beyond the corpus, in upstream Triton-Python.
# gen-upstream.py compiles them with upstream Triton 3.6 (cuda:90).
import triton
import triton.language as tl

# Scalar arguments the launcher specializes as multiples of 16.
DIV16 = {"M", "N", "K", "sam", "sbk", "scm", "stride_am", "stride_bk", "stride_cm"}


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, sam, sak, sbk, sbn, scm, scn,
                  BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, GROUP_M: tl.constexpr):
    # The corpus matmul, unchanged: compiled here with bf16 and fp8 operands.
    pid = tl.program_id(0)
    num_m = tl.cdiv(M, BM)
    num_n = tl.cdiv(N, BN)
    group = GROUP_M * num_n
    gid = pid // group
    first_m = gid * GROUP_M
    gsz = min(num_m - first_m, GROUP_M)
    pid_m = first_m + ((pid % group) % gsz)
    pid_n = (pid % group) // gsz
    rm = (pid_m * BM + tl.arange(0, BM)) % M
    rn = (pid_n * BN + tl.arange(0, BN)) % N
    rk = tl.arange(0, BK)
    a_ptrs = a_ptr + rm[:, None] * sam + rk[None, :] * sak
    b_ptrs = b_ptr + rk[:, None] * sbk + rn[None, :] * sbn
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = tl.load(a_ptrs, mask=rk[None, :] < K - k * BK, other=0.)
        b = tl.load(b_ptrs, mask=rk[:, None] < K - k * BK, other=0.)
        acc = tl.dot(a, b, acc)
        a_ptrs += BK * sak
        b_ptrs += BK * sbk
    c = acc.to(c_ptr.dtype.element_ty)
    cm = pid_m * BM + tl.arange(0, BM)
    cn = pid_n * BN + tl.arange(0, BN)
    tl.store(c_ptr + cm[:, None] * scm + cn[None, :] * scn, c, mask=(cm[:, None] < M) & (cn[None, :] < N))


@triton.jit
def matmul_tma_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                      BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, GROUP_M: tl.constexpr):
    # Row-major A (MxK), B (KxN), C (MxN) through device-side tensor
    # descriptors (TMA loads and stores).
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1], block_shape=[BK, BN])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    pid = tl.program_id(0)
    num_m = tl.cdiv(M, BM)
    num_n = tl.cdiv(N, BN)
    group = GROUP_M * num_n
    gid = pid // group
    first_m = gid * GROUP_M
    gsz = min(num_m - first_m, GROUP_M)
    pid_m = first_m + ((pid % group) % gsz)
    pid_n = (pid % group) // gsz
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = a_desc.load([pid_m * BM, k * BK])
        b = b_desc.load([k * BK, pid_n * BN])
        acc = tl.dot(a, b, acc)
    c_desc.store([pid_m * BM, pid_n * BN], acc.to(c_desc.dtype))


def _sig(a, b, c):
    return {"a_ptr": a, "b_ptr": b, "c_ptr": c, "M": "i32", "N": "i32", "K": "i32",
            "sam": "i32", "sak": "constexpr", "sbk": "i32", "sbn": "constexpr",
            "scm": "i32", "scn": "constexpr"}

_tile = {"BM": 128, "BN": 256, "BK": 64, "GROUP_M": 8}
_unit = {"sak": 1, "sbn": 1, "scn": 1}

KERNELS = [
    dict(name="matmul-bf16-128x256x64-w8-s3", fn=matmul_kernel,
         signature=_sig("*bf16", "*bf16", "*bf16"), constexprs={**_unit, **_tile},
         num_warps=8, num_stages=3),
    dict(name="matmul-fp8e4m3-128x256x128-w8-s3", fn=matmul_kernel,
         signature=_sig("*fp8e4nv", "*fp8e4nv", "*fp16"),
         constexprs={**_unit, "BM": 128, "BN": 256, "BK": 128, "GROUP_M": 8},
         num_warps=8, num_stages=3),
    dict(name="matmul-tma-f16-128x256x64-w8-s3", fn=matmul_tma_kernel,
         signature={"a_ptr": "*fp16", "b_ptr": "*fp16", "c_ptr": "*fp16",
                    "M": "i32", "N": "i32", "K": "i32"},
         constexprs=_tile, num_warps=8, num_stages=3),
    # fp8 (e4m3) operands through tensor descriptors, B row-major: wgmma
    # needs B K-major, so it is read back and stored transposed in shared
    # memory every iteration.
    dict(name="matmul-tma-fp8e4m3-128x256x128-w8-s3", fn=matmul_tma_kernel,
         signature={"a_ptr": "*fp8e4nv", "b_ptr": "*fp8e4nv", "c_ptr": "*fp16",
                    "M": "i32", "N": "i32", "K": "i32"},
         constexprs={"BM": 128, "BN": 256, "BK": 128, "GROUP_M": 8},
         num_warps=8, num_stages=3),
    # The two corpus matmuls for sm_80 (mma.sync, cp.async): reference TTGIR.
    dict(name="matmul-f16-128x128x64-w4-s4-sm80", fn=matmul_kernel,
         signature=_sig("*fp16", "*fp16", "*fp16"),
         constexprs={**_unit, "BM": 128, "BN": 128, "BK": 64, "GROUP_M": 8},
         num_warps=4, num_stages=4, arch=80),
    dict(name="matmul-f16-128x256x64-w8-s3-sm80", fn=matmul_kernel,
         signature=_sig("*fp16", "*fp16", "*fp16"), constexprs={**_unit, **_tile},
         num_warps=8, num_stages=3, arch=80),
]


@triton.jit
def matmul_acc_kernel(a_ptr, b_ptr, c_ptr, M, N, K, sam, sak, sbk, sbn, scm, scn,
                      BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, GROUP_M: tl.constexpr,
                      ACC: tl.constexpr, PRECISION: tl.constexpr):
    # The corpus matmul with the accumulator type and tl.dot's input
    # precision as parameters: tf32 (f32 operands) and int8 (i32 sums).
    pid = tl.program_id(0)
    num_m = tl.cdiv(M, BM)
    num_n = tl.cdiv(N, BN)
    group = GROUP_M * num_n
    gid = pid // group
    first_m = gid * GROUP_M
    gsz = min(num_m - first_m, GROUP_M)
    pid_m = first_m + ((pid % group) % gsz)
    pid_n = (pid % group) // gsz
    rm = (pid_m * BM + tl.arange(0, BM)) % M
    rn = (pid_n * BN + tl.arange(0, BN)) % N
    rk = tl.arange(0, BK)
    a_ptrs = a_ptr + rm[:, None] * sam + rk[None, :] * sak
    b_ptrs = b_ptr + rk[:, None] * sbk + rn[None, :] * sbn
    acc = tl.zeros((BM, BN), dtype=ACC)
    for k in range(0, tl.cdiv(K, BK)):
        a = tl.load(a_ptrs, mask=rk[None, :] < K - k * BK, other=0)
        b = tl.load(b_ptrs, mask=rk[:, None] < K - k * BK, other=0)
        acc = tl.dot(a, b, acc, input_precision=PRECISION, out_dtype=ACC)
        a_ptrs += BK * sak
        b_ptrs += BK * sbk
    c = acc.to(c_ptr.dtype.element_ty)
    cm = pid_m * BM + tl.arange(0, BM)
    cn = pid_n * BN + tl.arange(0, BN)
    tl.store(c_ptr + cm[:, None] * scm + cn[None, :] * scn, c, mask=(cm[:, None] < M) & (cn[None, :] < N))


# tf32 and int8 tensor-core matmuls (wgmma .tf32 / .s8), and tf32x3.
KERNELS += [
    dict(name="matmul-tf32-128x128x32-w4-s3", fn=matmul_acc_kernel,
         signature=_sig("*fp32", "*fp32", "*fp32"),
         constexprs={**_unit, "BM": 128, "BN": 128, "BK": 32, "GROUP_M": 8,
                     "ACC": tl.float32, "PRECISION": "tf32"},
         num_warps=4, num_stages=3),
    dict(name="matmul-tf32x3-128x128x32-w4-s3", fn=matmul_acc_kernel,
         signature=_sig("*fp32", "*fp32", "*fp32"),
         constexprs={**_unit, "BM": 128, "BN": 128, "BK": 32, "GROUP_M": 8,
                     "ACC": tl.float32, "PRECISION": "tf32x3"},
         num_warps=4, num_stages=3),
    dict(name="matmul-i8-128x256x128-w8-s3", fn=matmul_acc_kernel,
         signature=_sig("*i8", "*i8", "*i32"),
         constexprs={**_unit, "BM": 128, "BN": 256, "BK": 128, "GROUP_M": 8,
                     "ACC": tl.int32, "PRECISION": "ieee"},
         num_warps=8, num_stages=3),
]
