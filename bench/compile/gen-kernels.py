#!/usr/bin/env python3
#===- gen-kernels.py - a TTIR kernel set for the compile benchmark -*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""Writes a fixed set of kernels as upstream Triton 3.6's frontend and TTIR
stage emit them for cuda:90 (cross-compiled, no GPU), in the corpus layout
compile-time.py reads: OUT/<group>/<case>/<kernel>.{ttir,json} (and the
other stages upstream wrote).

    build/venv/bin/python bench/compile/gen-kernels.py OUT [--groups variants,attention,corpus]

Groups:
  variants   the 186 kernels of bench/plugin/plugin-latency.py (python/tests/
             kernels.py varied: elementwise over dtypes, blocks and warps,
             softmax, row reduction, f16 dots)
  libdevice  Inductor-style pointwise kernels calling libdevice (tanh, erf,
             pow, log1p, exp; f32 and f64) and python/tests' Inductor case
  attention  the forward and backward attention kernels of bench/kernels/
             (gen-attention.py, gen-attention-bwd.py configurations)
  corpus     ../shared/corpus and the sm_90 matmuls of bench/kernels, copied
Until upstream's test-suite kernels are at hand (a GPU run's
TRITON_KERNEL_DUMP), this is the benchmark's input besides the corpus.
"""

import argparse
import importlib.util
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
KERNELS = os.path.join(ROOT, "bench", "kernels")


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def variants(out):
    sys.path.insert(0, os.path.join(ROOT, "python", "tests"))
    sys.path.insert(0, KERNELS)
    import kernels
    import upstream_stages
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource
    import triton
    latency = load(os.path.join(ROOT, "bench", "plugin", "plugin-latency.py"), "plugin_latency")
    for i, (case, signature, constexprs, options) in enumerate(latency._variants()):
        fn = kernels.CASES[case][0]
        k = triton.compile(ASTSource(fn, signature, constexprs), target=GPUTarget("cuda", 90, 32), options=options)
        tag = "-".join([case, *(f"{v}" for v in constexprs.values()),
                        *(str(t).lstrip("*") for t in list(signature.values())[:1]),
                        f"w{options.get('num_warps', 4)}", f"s{options.get('num_stages', 3)}"])
        upstream_stages.write_stages(k, os.path.join(out, "variants", f"{i:03d}-{tag}"), k.metadata.name)


def libdevice_kernels(out):
    """Inductor-style pointwise kernels calling libdevice (tanh, erf, pow,
    log1p, f64 exp), in f32 and f64, over two block sizes; and the Inductor
    case of python/tests/kernels.py (an embedding with a bounds assert)."""
    sys.path.insert(0, os.path.join(ROOT, "python", "tests"))
    sys.path.insert(0, KERNELS)
    import kernels
    import triton
    import triton.language as tl
    import upstream_stages
    from triton.language.extra import libdevice

    @triton.jit
    def gelu_tanh(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        m = offs < n
        x = tl.load(x_ptr + offs, mask=m)
        y = 0.5 * x * (1 + libdevice.tanh(0.7978845608 * (x + 0.044715 * x * x * x)))
        tl.store(y_ptr + offs, y, mask=m)

    @triton.jit
    def gelu_erf(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        m = offs < n
        x = tl.load(x_ptr + offs, mask=m)
        tl.store(y_ptr + offs, 0.5 * x * (1 + libdevice.erf(x * 0.7071067811865476)), mask=m)

    @triton.jit
    def pow_log1p(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        m = offs < n
        x = tl.load(x_ptr + offs, mask=m)
        tl.store(y_ptr + offs, libdevice.pow(x, x) + libdevice.log1p(x) + libdevice.exp(x), mask=m)

    i = 0
    for fn in (gelu_tanh, gelu_erf, pow_log1p):
        for dtype in ("fp32", "fp64"):
            for block in (256, 1024):
                sig = {"x_ptr": f"*{dtype}", "y_ptr": f"*{dtype}", "n": "i32"}
                k = upstream_stages.compile_kernel(fn, sig, {"BLOCK": block}, ("n", ), 4, 3)
                upstream_stages.write_stages(k, os.path.join(out, "libdevice", f"{i:02d}-{fn.__name__}-{dtype}-{block}"),
                                             k.metadata.name)
                i += 1
    for case in ("inductor", "libdevice_exp2"):
        fn, sig, constexprs, options = kernels.CASES[case]
        for debug in (False, True):
            k = upstream_stages.compile_kernel(fn, sig, constexprs, (), options.get("num_warps", 4), 3) if not debug \
                else triton.compile(triton.compiler.ASTSource(fn, sig, constexprs),
                                    target=triton.backends.compiler.GPUTarget("cuda", 90, 32), options={"debug": True})
            upstream_stages.write_stages(k, os.path.join(out, "libdevice", f"{i:02d}-{case}{'-debug' if debug else ''}"),
                                         k.metadata.name)
            i += 1


def attention(out):
    sys.path.insert(0, KERNELS)
    fwd = load(os.path.join(KERNELS, "gen-attention.py"), "gen-attention")
    sys.modules["gen-attention"] = fwd
    bwd = load(os.path.join(KERNELS, "gen-attention-bwd.py"), "gen_attention_bwd")
    import attention_fwd as af
    for dtype, head_dim, causal, warps, stages in af.CONFIGS:
        fwd.build(os.path.join(out, "attention"), dtype, head_dim, causal, warps, stages)
    for dtype, head_dim, causal in bwd.CONFIGS:
        bwd.build(os.path.join(out, "attention"), dtype, head_dim, causal)


def corpus(out):
    sources = [os.path.join(ROOT, "..", "shared", "corpus")]
    sources += [os.path.join(KERNELS, d) for d in sorted(os.listdir(KERNELS))
                if d.startswith("matmul-") and not d.endswith("-sm80")]
    for src in sources:
        for d, _, files in os.walk(src):
            if not any(f.endswith(".ttir") for f in files):
                continue
            dest = os.path.join(out, "corpus", os.path.basename(d))
            os.makedirs(dest, exist_ok=True)
            for f in files:
                if f.endswith((".ttir", ".json")) and not f.endswith(".source.ttir"):
                    shutil.copy(os.path.join(d, f), dest)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("--groups", default="variants,libdevice,attention,corpus")
    args = ap.parse_args()
    os.environ["TRITON_ALWAYS_COMPILE"] = "1"
    for group in args.groups.split(","):
        {"variants": variants, "libdevice": libdevice_kernels, "attention": attention, "corpus": corpus}[group](args.out)
    n = sum(1 for d, _, fs in os.walk(args.out) for f in fs if f.endswith(".ttir") and not f.endswith(".source.ttir"))
    print(f"{n} kernels under {args.out}")


if __name__ == "__main__":
    main()
