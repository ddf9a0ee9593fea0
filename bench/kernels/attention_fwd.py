# Forward fused attention (issue 24), our own kernel in the style of
# upstream's fused-attention tutorial: one program per (BLOCK_M query rows,
# batch x head), an online softmax over BLOCK_N key blocks with two tl.dot
# per iteration (S = Q K^T, then O += P V), exp2 with log2(e) folded into the
# scale, and the causal case split into the blocks left of the diagonal
# (no mask) and the diagonal blocks (masked).
#
# Q, K, V, O are contiguous [Z, H, N_CTX, HEAD_DIM] tensors of f16 or bf16
# (the unit stride of the last dimension is implied); M receives the row
# log-sum-exp (base 2) as the backward pass wants it, f32 [Z * H, N_CTX].
# For fp8 (e4m3) Q, K and V, O is f16 and V is passed transposed
# (V_TRANSPOSED: a contiguous [Z, H, HEAD_DIM, N_CTX] tensor), because
# Hopper's fp8 wgmma reads both operands K-major (as upstream's tutorial does).
# N_CTX must be a multiple of BLOCK_M and BLOCK_N (no bounds masks).
#
# gen-attention.py compiles it with upstream Triton 3.6 for cuda:90.
import triton
import triton.language as tl

# Scalar arguments the launcher specializes as multiples of 16.
DIV16 = {"stride_z", "stride_h", "stride_m", "N_CTX"}


@triton.jit
def _attn_fwd_blocks(acc, l_i, m_i, q, k_base, v_base, stride_m, qk_scale,
                     offs_m, offs_n, offs_d, lo, hi, N_CTX,
                     BLOCK_N: tl.constexpr, MASKED: tl.constexpr, V_TRANSPOSED: tl.constexpr):
    # Key/value blocks [lo, hi): K is read transposed (HEAD_DIM x BLOCK_N).
    k_ptrs = k_base + offs_d[:, None] + (lo + offs_n)[None, :] * stride_m
    if V_TRANSPOSED:  # V^T is [HEAD_DIM, N_CTX]: keys are the unit-stride dimension
        v_ptrs = v_base + (lo + offs_n)[:, None] + offs_d[None, :] * N_CTX
        v_step = BLOCK_N
    else:
        v_ptrs = v_base + (lo + offs_n)[:, None] * stride_m + offs_d[None, :]
        v_step = BLOCK_N * stride_m
    for start_n in range(lo, hi, BLOCK_N):
        k = tl.load(k_ptrs)
        s = tl.dot(q, k)
        if MASKED:
            keep = offs_m[:, None] >= (start_n + offs_n)[None, :]
            s = s * qk_scale + tl.where(keep, 0.0, -1.0e6)
            m_new = tl.maximum(m_i, tl.max(s, 1))
            s = s - m_new[:, None]
        else:
            m_new = tl.maximum(m_i, tl.max(s, 1) * qk_scale)
            s = s * qk_scale - m_new[:, None]
        p = tl.math.exp2(s)
        # Rescale what was accumulated under the old row maximum.
        alpha = tl.math.exp2(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        acc = acc * alpha[:, None]
        v = tl.load(v_ptrs)
        acc = tl.dot(p.to(v.dtype), v, acc)
        m_i = m_new
        k_ptrs += BLOCK_N * stride_m
        v_ptrs += v_step
    return acc, l_i, m_i


@triton.jit
def attn_fwd(Q, K, V, sm_scale, M, Out, stride_z, stride_h, stride_m, H, N_CTX,
             HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
             CAUSAL: tl.constexpr, V_TRANSPOSED: tl.constexpr = False):
    start_m = tl.program_id(0)
    off_hz = tl.program_id(1)
    head = (off_hz // H).to(tl.int64) * stride_z + (off_hz % H).to(tl.int64) * stride_h
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    q = tl.load(Q + head + offs_m[:, None] * stride_m + offs_d[None, :])
    # Running row maximum (already scaled) and row sum of the softmax.
    m_i = tl.full([BLOCK_M], float("-inf"), tl.float32)
    l_i = tl.full([BLOCK_M], 1.0, tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale * 1.44269504  # 1/ln(2): exp(x) = exp2(x * log2(e))
    if CAUSAL:
        # Blocks wholly left of the diagonal, then the diagonal ones.
        acc, l_i, m_i = _attn_fwd_blocks(acc, l_i, m_i, q, K + head, V + head, stride_m,
                                         qk_scale, offs_m, offs_n, offs_d,
                                         0, start_m * BLOCK_M, N_CTX, BLOCK_N, False, V_TRANSPOSED)
        acc, l_i, m_i = _attn_fwd_blocks(acc, l_i, m_i, q, K + head, V + head, stride_m,
                                         qk_scale, offs_m, offs_n, offs_d,
                                         start_m * BLOCK_M, (start_m + 1) * BLOCK_M, N_CTX, BLOCK_N, True,
                                         V_TRANSPOSED)
    else:
        acc, l_i, m_i = _attn_fwd_blocks(acc, l_i, m_i, q, K + head, V + head, stride_m,
                                         qk_scale, offs_m, offs_n, offs_d,
                                         0, N_CTX, N_CTX, BLOCK_N, False, V_TRANSPOSED)
    m_i += tl.math.log2(l_i)
    acc = acc / l_i[:, None]
    tl.store(M + off_hz * N_CTX + offs_m, m_i)
    tl.store(Out + head + offs_m[:, None] * stride_m + offs_d[None, :], acc.to(Out.dtype.element_ty))


def signature(dtype):
    # The argument types triton.compile wants (strides and sizes i32).
    t = {"f16": "*fp16", "bf16": "*bf16", "fp8": "*fp8e4nv"}[dtype]
    return {"Q": t, "K": t, "V": t, "sm_scale": "fp32", "M": "*fp32", "Out": "*fp16" if dtype == "fp8" else t,
            "stride_z": "i32", "stride_h": "i32", "stride_m": "i32", "H": "i32",
            "N_CTX": "i32", "HEAD_DIM": "constexpr", "BLOCK_M": "constexpr",
            "BLOCK_N": "constexpr", "CAUSAL": "constexpr", "V_TRANSPOSED": "constexpr"}


# The configurations gen-attention.py compiles: (dtype, HEAD_DIM, CAUSAL,
# num_warps, num_stages), 128x64 blocks as upstream's tutorial uses on Hopper.
CONFIGS = [(dt, d, c, 8, 3) for dt in ("f16", "bf16", "fp8") for d in (64, 128) for c in (False, True)]
