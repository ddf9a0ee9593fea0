# Backward fused attention (issue 24), our own kernels in the three-kernel
# structure of upstream's fused-attention tutorial, for the forward kernel of
# attention_fwd.py (which stores M, the rows' log2-sum-exp2 of the scaled
# scores, so that P = exp2(S * qk_scale - M) is recomputed exactly):
#
#   attn_bwd_preprocess  Delta[row] = sum_d O[row, d] * dO[row, d]
#   attn_bwd_dkdv        one program per BLOCK_N keys: loops over query
#                        blocks, dV += P^T dO, dK += dS^T Q * sm_scale
#   attn_bwd_dq          one program per BLOCK_M queries: loops over key
#                        blocks, dQ += dS K * sm_scale
# with dS = P * (dO V^T - Delta). Three dots per iteration in dkdv (with
# P^T recomputed from K Q^T), three in dq. The causal case visits only the
# blocks on or past the diagonal (dkdv) or on or before it (dq) and masks
# P with the diagonal's comparison.
#
# Q, K, V, dO, dQ, dK, dV are contiguous [Z, H, N_CTX, HEAD_DIM] (f16 or
# bf16); M and Delta are f32 [Z * H, N_CTX]. N_CTX must be a multiple of
# every block size (no bounds masks).
import triton
import triton.language as tl

DIV16 = {"stride_z", "stride_h", "stride_m", "N_CTX"}
LOG2E = 1.44269504


@triton.jit
def attn_bwd_preprocess(O, DO, Delta, N_CTX, HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr):
    start_m = tl.program_id(0)
    off_hz = tl.program_id(1)
    rows = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, HEAD_DIM)
    base = off_hz.to(tl.int64) * N_CTX * HEAD_DIM
    idx = base + rows[:, None] * HEAD_DIM + offs_d[None, :]
    o = tl.load(O + idx).to(tl.float32)
    do = tl.load(DO + idx).to(tl.float32)
    tl.store(Delta + off_hz * N_CTX + rows, tl.sum(o * do, 1))


@triton.jit
def attn_bwd_dkdv(Q, K, V, sm_scale, DO, DK, DV, M, Delta,
                  stride_z, stride_h, stride_m, H, N_CTX,
                  HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                  CAUSAL: tl.constexpr):
    start_n = tl.program_id(0)
    off_hz = tl.program_id(1)
    head = (off_hz // H).to(tl.int64) * stride_z + (off_hz % H).to(tl.int64) * stride_h
    keys = start_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_m = tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, HEAD_DIM)
    k = tl.load(K + head + keys[:, None] * stride_m + offs_d[None, :])
    v = tl.load(V + head + keys[:, None] * stride_m + offs_d[None, :])
    dk = tl.zeros([BLOCK_N, HEAD_DIM], dtype=tl.float32)
    dv = tl.zeros([BLOCK_N, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale * 1.44269504
    row_stats = off_hz * N_CTX
    # Queries before the block's first key see none of it when causal.
    lo = start_n * BLOCK_N if CAUSAL else 0
    # Q^T (HEAD_DIM x BLOCK_M) and dO (BLOCK_M x HEAD_DIM) walk down the rows.
    qT_ptrs = Q + head + offs_d[:, None] + (lo + offs_m)[None, :] * stride_m
    do_ptrs = DO + head + (lo + offs_m)[:, None] * stride_m + offs_d[None, :]
    for start_m in range(lo, N_CTX, BLOCK_M):
        rows = start_m + offs_m
        qT = tl.load(qT_ptrs)
        m = tl.load(M + row_stats + rows)
        pT = tl.math.exp2(tl.dot(k, qT) * qk_scale - m[None, :])
        if CAUSAL:
            pT = tl.where(rows[None, :] >= keys[:, None], pT, 0.0)
        do = tl.load(do_ptrs)
        dv = tl.dot(pT.to(do.dtype), do, dv)
        delta = tl.load(Delta + row_stats + rows)
        dpT = tl.dot(v, tl.trans(do))
        dsT = pT * (dpT - delta[None, :])
        dk = tl.dot(dsT.to(qT.dtype), tl.trans(qT), dk)
        qT_ptrs += BLOCK_M * stride_m
        do_ptrs += BLOCK_M * stride_m
    out = head + keys[:, None] * stride_m + offs_d[None, :]
    tl.store(DV + out, dv.to(DV.dtype.element_ty))
    tl.store(DK + out, (dk * sm_scale).to(DK.dtype.element_ty))


@triton.jit
def attn_bwd_dq(Q, K, V, sm_scale, DO, DQ, M, Delta,
                stride_z, stride_h, stride_m, H, N_CTX,
                HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                CAUSAL: tl.constexpr):
    start_m = tl.program_id(0)
    off_hz = tl.program_id(1)
    head = (off_hz // H).to(tl.int64) * stride_z + (off_hz % H).to(tl.int64) * stride_h
    rows = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    q = tl.load(Q + head + rows[:, None] * stride_m + offs_d[None, :])
    do = tl.load(DO + head + rows[:, None] * stride_m + offs_d[None, :])
    m = tl.load(M + off_hz * N_CTX + rows)
    delta = tl.load(Delta + off_hz * N_CTX + rows)
    dq = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale * 1.44269504
    # Keys past the block's last query contribute nothing when causal.
    hi = (start_m + 1) * BLOCK_M if CAUSAL else N_CTX
    kT_ptrs = K + head + offs_d[:, None] + offs_n[None, :] * stride_m
    vT_ptrs = V + head + offs_d[:, None] + offs_n[None, :] * stride_m
    for start_n in range(0, hi, BLOCK_N):
        kT = tl.load(kT_ptrs)
        vT = tl.load(vT_ptrs)
        p = tl.math.exp2(tl.dot(q, kT) * qk_scale - m[:, None])
        if CAUSAL:
            p = tl.where(rows[:, None] >= (start_n + offs_n)[None, :], p, 0.0)
        dp = tl.dot(do, vT)
        ds = p * (dp - delta[:, None])
        dq = tl.dot(ds.to(kT.dtype), tl.trans(kT), dq)
        kT_ptrs += BLOCK_N * stride_m
        vT_ptrs += BLOCK_N * stride_m
    tl.store(DQ + head + rows[:, None] * stride_m + offs_d[None, :], (dq * sm_scale).to(DQ.dtype.element_ty))


def signatures(dtype):
    # The argument types triton.compile wants, per kernel.
    t = {"f16": "*fp16", "bf16": "*bf16"}[dtype]
    common = {"stride_z": "i32", "stride_h": "i32", "stride_m": "i32", "H": "i32", "N_CTX": "i32",
              "HEAD_DIM": "constexpr", "BLOCK_M": "constexpr", "BLOCK_N": "constexpr", "CAUSAL": "constexpr"}
    return {
        "attn_bwd_preprocess": {"O": t, "DO": t, "Delta": "*fp32", "N_CTX": "i32",
                                "HEAD_DIM": "constexpr", "BLOCK_M": "constexpr"},
        "attn_bwd_dkdv": {"Q": t, "K": t, "V": t, "sm_scale": "fp32", "DO": t, "DK": t, "DV": t,
                          "M": "*fp32", "Delta": "*fp32", **common},
        "attn_bwd_dq": {"Q": t, "K": t, "V": t, "sm_scale": "fp32", "DO": t, "DQ": t,
                        "M": "*fp32", "Delta": "*fp32", **common},
    }


# Block sizes and launch shapes (the blocks upstream's tutorial picks on
# Hopper): dkdv walks 32-row query blocks for 128 keys, dq 32-key blocks for
# 128 queries; 3 stages; 4 warps at head dim 64 and 8 at 128, where two
# 128x128 f32 accumulators in 4 warps spill with either compiler.
PRE_BLOCK_M = 128
DKDV_BLOCKS = (32, 128)  # (BLOCK_M, BLOCK_N)
DQ_BLOCKS = (128, 32)
STAGES = 3


def warps(head_dim):
    return 8 if head_dim >= 128 else 4
