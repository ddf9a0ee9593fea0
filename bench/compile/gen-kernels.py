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
    ap.add_argument("--groups", default="variants,attention,corpus")
    args = ap.parse_args()
    os.environ["TRITON_ALWAYS_COMPILE"] = "1"
    for group in args.groups.split(","):
        {"variants": variants, "attention": attention, "corpus": corpus}[group](args.out)
    n = sum(1 for d, _, fs in os.walk(args.out) for f in fs if f.endswith(".ttir") and not f.endswith(".source.ttir"))
    print(f"{n} kernels under {args.out}")


if __name__ == "__main__":
    main()
