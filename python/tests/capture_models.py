#===- capture_models.py - Inductor-style kernels of three blocks -*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""Kernels of the kinds Inductor generates for a GPT-2, a Llama and a BERT
block, small, with numpy references: the capture tests launch them through
tt_triton.capture with a fake launcher (no GPU here) that computes each
kernel's outputs in numpy, so the captured specs check tt's replay against
an independent reference.

    python capture_models.py OUTDIR      # writes OUTDIR/{gpt2,llama,bert}/...

(test/tt-run/Inputs/capture holds the output, replayed by
test/tt-run/capture-replay.test with tt-run --target cpu.)
"""

import math
import os
import sys

import numpy as np
import triton
import triton.language as tl
from triton.language.extra import libdevice

TARGET = ("cuda", 90, 32)

# -- GPT-2 --------------------------------------------------------------------


@triton.jit
def triton_per_fused_add_embedding_native_layer_norm_0(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr0,
                                                       out_ptr1, xnumel, rnumel, XBLOCK: tl.constexpr,
                                                       RBLOCK: tl.constexpr):
    # h = wte[ids] + wpe[pos]; ln = layer_norm(h) * w + b
    xindex = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    rindex = tl.arange(0, RBLOCK)[None, :]
    tmp0 = tl.load(in_ptr0 + xindex, xmask, other=0)
    tl.device_assert((0 <= tmp0) & (tmp0 < 96), "index out of bounds: 0 <= tmp0 < 96")
    tmp1 = tl.load(in_ptr1 + (rindex + RBLOCK * tmp0), xmask, other=0.0)
    tmp2 = tl.load(in_ptr2 + (rindex + RBLOCK * xindex), xmask, other=0.0)
    tmp3 = tmp1 + tmp2
    mean = tl.sum(tl.where(xmask, tmp3, 0.0), 1)[:, None] / RBLOCK
    diff = tmp3 - mean
    var = tl.sum(tl.where(xmask, diff * diff, 0.0), 1)[:, None] / RBLOCK
    rstd = libdevice.rsqrt(var + 1e-05)
    w = tl.load(in_ptr3 + rindex)
    b = tl.load(in_ptr4 + rindex)
    tl.store(out_ptr0 + (rindex + RBLOCK * xindex), tmp3, xmask)
    tl.store(out_ptr1 + (rindex + RBLOCK * xindex), diff * rstd * w + b, xmask)


@triton.jit
def triton_poi_fused_add_mul_pow_tanh_1(in_out_ptr0, in_ptr0, xnumel, XBLOCK: tl.constexpr):
    # in place: x = gelu_tanh(x + bias[col]), 256 columns
    xindex = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)
    xmask = xindex < xnumel
    x = tl.load(in_out_ptr0 + xindex, xmask) + tl.load(in_ptr0 + xindex % 256, xmask)
    inner = 0.7978845608028654 * (x + 0.044715 * x * x * x)
    tl.store(in_out_ptr0 + xindex, 0.5 * x * (1.0 + libdevice.tanh(inner)), xmask)


@triton.jit
def triton_per_fused__softmax_div_masked_fill_2(in_ptr0, out_ptr0, xnumel, rnumel, XBLOCK: tl.constexpr,
                                                RBLOCK: tl.constexpr):
    # causal softmax(scores / 4) over rows of length rnumel; row x is query x % rnumel
    xindex = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    rindex = tl.arange(0, RBLOCK)[None, :]
    rmask = rindex < rnumel
    s = tl.load(in_ptr0 + (rindex + rnumel * xindex), xmask & rmask, other=0.0) * 0.25
    causal = rindex <= (xindex % rnumel)
    s = tl.where(causal & rmask, s, float("-inf"))
    m = tl.max(s, 1)[:, None]
    e = tl.exp(s - m)
    tl.store(out_ptr0 + (rindex + rnumel * xindex), e / tl.sum(e, 1)[:, None], xmask & rmask)


def _gpt2(rng):
    S, D, V, H = 16, 64, 96, 2
    ids = rng.integers(0, V, size=S).astype(np.int64)
    wte, wpe = rng.standard_normal((V, D)).astype(np.float32), rng.standard_normal((S, D)).astype(np.float32)
    w, b = (1 + 0.1 * rng.standard_normal(D)).astype(np.float32), (0.1 * rng.standard_normal(D)).astype(np.float32)
    h, ln = np.full((S, D), np.nan, np.float32), np.full((S, D), np.nan, np.float32)

    def ln_ref():
        x = wte[ids].astype(np.float64) + wpe
        mu = x.mean(1, keepdims=True)
        var = ((x - mu)**2).mean(1, keepdims=True)
        h[...] = x
        ln[...] = (x - mu) / np.sqrt(var + 1e-5) * w + b

    act = rng.standard_normal((S, 256)).astype(np.float32)
    bias = (0.1 * rng.standard_normal(256)).astype(np.float32)

    def gelu_ref():
        x = act.astype(np.float64) + bias
        act[...] = 0.5 * x * (1 + np.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x**3)))

    scores = (3 * rng.standard_normal((H * S, S))).astype(np.float32)
    probs = np.full((H * S, S), np.nan, np.float32)

    def softmax_ref():
        s = scores.astype(np.float64) * 0.25
        q = np.arange(H * S)[:, None] % S
        s = np.where(np.arange(S)[None, :] <= q, s, -np.inf)
        e = np.exp(s - s.max(1, keepdims=True))
        probs[...] = e / e.sum(1, keepdims=True)

    return [
        (triton_per_fused_add_embedding_native_layer_norm_0, {"XBLOCK": 4, "RBLOCK": D}, (S // 4, 1, 1),
         [ids, wte, wpe, w, b, h, ln, S, D], ln_ref),
        (triton_poi_fused_add_mul_pow_tanh_1, {"XBLOCK": 512}, (S * 256 // 512, 1, 1), [act, bias, S * 256], gelu_ref),
        (triton_per_fused__softmax_div_masked_fill_2, {"XBLOCK": 8, "RBLOCK": S}, (H * S // 8, 1, 1),
         [scores, probs, H * S, S], softmax_ref),
    ]


# -- Llama --------------------------------------------------------------------


@triton.jit
def triton_per_fused__to_copy_add_mean_mul_pow_rsqrt_0(in_ptr0, in_ptr1, out_ptr0, xnumel, rnumel,
                                                       XBLOCK: tl.constexpr, RBLOCK: tl.constexpr):
    # RMSNorm of bf16 rows in float32, weight in bf16, result in bf16
    xindex = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    rindex = tl.arange(0, RBLOCK)[None, :]
    x = tl.load(in_ptr0 + (rindex + RBLOCK * xindex), xmask, other=0.0).to(tl.float32)
    ms = tl.sum(tl.where(xmask, x * x, 0.0), 1)[:, None] / RBLOCK
    w = tl.load(in_ptr1 + rindex).to(tl.float32)
    y = x * libdevice.rsqrt(ms + 1e-06) * w
    tl.store(out_ptr0 + (rindex + RBLOCK * xindex), y.to(tl.bfloat16), xmask)


@triton.jit
def triton_poi_fused_add_cat_mul_1(in_ptr0, in_ptr1, in_ptr2, out_ptr0, xnumel, XBLOCK: tl.constexpr):
    # rotary: q * cos + rotate_half(q) * sin; q is (S, H, 32), cos/sin (S, 32)
    xindex = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)
    xmask = xindex < xnumel
    d = xindex % 32
    row = xindex // 32
    pos = xindex // 128
    q = tl.load(in_ptr0 + xindex, xmask)
    half = tl.where(d < 16, -tl.load(in_ptr0 + (row * 32 + d + 16), xmask & (d < 16), other=0.0),
                    tl.load(in_ptr0 + (row * 32 + d - 16), xmask & (d >= 16), other=0.0))
    c = tl.load(in_ptr1 + (pos * 32 + d), xmask)
    s = tl.load(in_ptr2 + (pos * 32 + d), xmask)
    tl.store(out_ptr0 + xindex, q * c + half * s, xmask)


@triton.jit
def triton_poi_fused_mul_silu_2(in_ptr0, in_ptr1, out_ptr0, xnumel, XBLOCK: tl.constexpr):
    xindex = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)
    xmask = xindex < xnumel
    g = tl.load(in_ptr0 + xindex, xmask)
    u = tl.load(in_ptr1 + xindex, xmask)
    tl.store(out_ptr0 + xindex, g * tl.sigmoid(g) * u, xmask)


def _bf16(a):
    """float32 -> bf16 bit patterns (round to nearest even), as uint16."""
    bits = np.asarray(a, np.float32).view(np.uint32).astype(np.uint64)
    return ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint16)


def _from_bf16(bits):
    return (bits.astype(np.uint32) << 16).view(np.float32)


def _llama(rng):
    S, H, HD, D, F = 8, 4, 32, 64, 176
    x = _bf16(rng.standard_normal((S, D)))
    w = _bf16(1 + 0.1 * rng.standard_normal(D))
    y = np.full((S, D), 0xFFFF, np.uint16)

    def rms_ref():
        xf = _from_bf16(x).astype(np.float64)
        r = xf / np.sqrt((xf * xf).mean(1, keepdims=True) + 1e-6) * _from_bf16(w)
        y[...] = _bf16(r.astype(np.float32))

    q = rng.standard_normal((S, H, HD)).astype(np.float32)
    theta = np.arange(S)[:, None] * (10000.0**(-np.arange(HD // 2) / (HD // 2)))[None, :]
    cos = np.cos(np.concatenate([theta, theta], 1)).astype(np.float32)
    sin = np.sin(np.concatenate([theta, theta], 1)).astype(np.float32)
    qo = np.full((S, H, HD), np.nan, np.float32)

    def rotary_ref():
        qd = q.astype(np.float64)
        rot = np.concatenate([-qd[..., HD // 2:], qd[..., :HD // 2]], -1)
        qo[...] = qd * cos[:, None, :] + rot * sin[:, None, :]

    g = rng.standard_normal((S, F)).astype(np.float32)
    u = rng.standard_normal((S, F)).astype(np.float32)
    o = np.full((S, F), np.nan, np.float32)

    def silu_ref():
        gd = g.astype(np.float64)
        o[...] = gd / (1 + np.exp(-gd)) * u

    return [
        (triton_per_fused__to_copy_add_mean_mul_pow_rsqrt_0, {"XBLOCK": 2, "RBLOCK": D}, (S // 2, 1, 1),
         [x, w, y, S, D], rms_ref, {"in_ptr0": "*bf16", "in_ptr1": "*bf16", "out_ptr0": "*bf16"}),
        (triton_poi_fused_add_cat_mul_1, {"XBLOCK": 256}, (S * H * HD // 256, 1, 1), [q, cos, sin, qo, S * H * HD],
         rotary_ref),
        # 1408 elements in blocks of 512: the last block is partly masked
        (triton_poi_fused_mul_silu_2, {"XBLOCK": 512}, (3, 1, 1), [g, u, o, S * F], silu_ref),
    ]


# -- BERT ---------------------------------------------------------------------


@triton.jit
def triton_per_fused_add_native_layer_norm_0(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, out_ptr0, xnumel,
                                             XBLOCK: tl.constexpr, RBLOCK: tl.constexpr):
    # in place: h += attn; ln = layer_norm(h) * w + b (eps 1e-12, as BERT)
    xindex = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    rindex = tl.arange(0, RBLOCK)[None, :]
    h = tl.load(in_out_ptr0 + (rindex + RBLOCK * xindex), xmask, other=0.0) + \
        tl.load(in_ptr0 + (rindex + RBLOCK * xindex), xmask, other=0.0)
    mean = tl.sum(h, 1)[:, None] / RBLOCK
    diff = h - mean
    var = tl.sum(diff * diff, 1)[:, None] / RBLOCK
    y = diff * libdevice.rsqrt(var + 1e-12) * tl.load(in_ptr1 + rindex) + tl.load(in_ptr2 + rindex)
    tl.store(in_out_ptr0 + (rindex + RBLOCK * xindex), h, xmask)
    tl.store(out_ptr0 + (rindex + RBLOCK * xindex), y, xmask)


@triton.jit
def triton_poi_fused_gelu_1(in_ptr0, out_ptr0, xnumel, XBLOCK: tl.constexpr):
    xindex = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)
    xmask = xindex < xnumel
    x = tl.load(in_ptr0 + xindex, xmask)
    tl.store(out_ptr0 + xindex, 0.5 * x * (1.0 + libdevice.erf(x * 0.7071067811865476)), xmask)


@triton.jit
def triton_per_fused__softmax_add_div_2(in_ptr0, in_ptr1, out_ptr0, xnumel, rnumel, XBLOCK: tl.constexpr,
                                        RBLOCK: tl.constexpr):
    # softmax(scores / 8 + mask[batch, col]); rows are (batch, head, query), 2 heads x rnumel queries
    xindex = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    rindex = tl.arange(0, RBLOCK)[None, :]
    batch = xindex // (2 * rnumel)
    s = tl.load(in_ptr0 + (rindex + rnumel * xindex), xmask, other=0.0) * 0.125
    s = s + tl.load(in_ptr1 + (rindex + rnumel * batch), xmask, other=0.0)
    e = tl.exp(s - tl.max(s, 1)[:, None])
    tl.store(out_ptr0 + (rindex + rnumel * xindex), e / tl.sum(e, 1)[:, None], xmask)


def _bert(rng):
    B, S, D, F = 2, 16, 64, 256
    h = rng.standard_normal((B * S, D)).astype(np.float32)
    attn = rng.standard_normal((B * S, D)).astype(np.float32)
    w, b = (1 + 0.1 * rng.standard_normal(D)).astype(np.float32), (0.1 * rng.standard_normal(D)).astype(np.float32)
    ln = np.full((B * S, D), np.nan, np.float32)

    def ln_ref():
        x = h.astype(np.float64) + attn
        mu = x.mean(1, keepdims=True)
        var = ((x - mu)**2).mean(1, keepdims=True)
        h[...] = x
        ln[...] = (x - mu) / np.sqrt(var + 1e-12) * w + b

    x = rng.standard_normal((B * S, F)).astype(np.float32)
    y = np.full((B * S, F), np.nan, np.float32)

    def gelu_ref():
        from math import erf
        xd = x.astype(np.float64)
        y[...] = 0.5 * xd * (1 + np.vectorize(erf)(xd / math.sqrt(2)))

    scores = (4 * rng.standard_normal((B * 2 * S, S))).astype(np.float32)
    mask = np.zeros((B, S), np.float32)
    mask[1, 12:] = -10000.0  # the second sequence is padded
    probs = np.full((B * 2 * S, S), np.nan, np.float32)

    def softmax_ref():
        s = scores.astype(np.float64) * 0.125 + mask[np.arange(B * 2 * S) // (2 * S)]
        e = np.exp(s - s.max(1, keepdims=True))
        probs[...] = e / e.sum(1, keepdims=True)

    return [
        (triton_per_fused_add_native_layer_norm_0, {"XBLOCK": 8, "RBLOCK": D}, (B * S // 8, 1, 1),
         [h, attn, w, b, ln, B * S], ln_ref),
        (triton_poi_fused_gelu_1, {"XBLOCK": 1024}, (B * S * F // 1024, 1, 1), [x, y, B * S * F], gelu_ref),
        (triton_per_fused__softmax_add_div_2, {"XBLOCK": 4, "RBLOCK": S}, (B * 2 * S // 4, 1, 1),
         [scores, mask, probs, B * 2 * S, S], softmax_ref),
    ]


MODELS = {"gpt2": _gpt2, "llama": _llama, "bert": _bert}


def _signature(fn, args, constexprs, overrides):
    sig = {}
    values = iter(args)
    for name in fn.arg_names:
        if name in constexprs:
            sig[name] = "constexpr"
            continue
        value = next(values)
        if name in overrides:
            sig[name] = overrides[name]
        elif isinstance(value, np.ndarray):
            sig[name] = "*" + {"float32": "fp32", "int64": "i64", "float16": "fp16"}[value.dtype.name]
        else:
            sig[name] = "i32"
    return sig


def compile_kernel(fn, args, constexprs, overrides=None):
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource
    sig = _signature(fn, args, constexprs, overrides or {})
    return triton.compile(ASTSource(fn, sig, dict(constexprs)), target=GPUTarget(*TARGET),
                          options={"num_warps": 4, "num_stages": 1})


def fake_launcher(compute):
    """A stand-in for upstream's CudaLauncher: computes the outputs in numpy."""

    def launch(grid_x, grid_y, grid_z, stream, function, packed_metadata, launch_metadata, enter, exit_, *args):
        compute()

    return launch


def launch_models(models=None, seed=0):
    """Compile every kernel of the models and launch each once through
    CompiledKernel.run (which the capture hooks), with numpy fake launches.
    Returns [(model, kernel name)]."""
    out = []
    for model in models or MODELS:
        rng = np.random.default_rng(seed)
        for case in MODELS[model](rng):
            fn, constexprs, grid, args, compute = case[:5]
            overrides = case[5] if len(case) > 5 else {}
            kernel = compile_kernel(fn, args, constexprs, overrides)
            kernel._run = fake_launcher(compute)  # as if _init_handles had loaded it
            values = []
            it = iter(args)
            for name in fn.arg_names:  # upstream's launcher gets every argument, constexprs too
                values.append(constexprs[name] if name in constexprs else next(it))
            kernel.run(*grid, None, None, None, None, None, None, *values)
            out.append((model, kernel.name))
    return out


def main(argv):
    if len(argv) != 2:
        sys.exit("usage: capture_models.py OUTDIR")
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    from tt_triton import capture
    for model in MODELS:
        capture.install(os.path.join(argv[1], model))
        launch_models([model])
        capture.uninstall()


if __name__ == "__main__":
    main(sys.argv)
