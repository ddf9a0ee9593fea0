#!/usr/bin/env python3
#===- capture-small-models.py - small model blocks, captured ------*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""Captures every Triton kernel launch of small GPT-2, Llama and BERT blocks
under torch.compile (upstream's compiler), on a GPU, as tt-run specs.

    capture-small-models.py OUTDIR [--models gpt2,llama,bert] [--site DIR]

The blocks are torch-workloads.py's hand-written ones at sizes whose every
tensor is a few KiB (dim 64, sequence 32, vocabulary 128), so that the
captures can be kept as test data: test/tt-run/Inputs/capture-torch holds
such a run, replayed on the CPU backend by test/tt-run/capture-torch.test.
Each model runs in its own process with fresh triton and Inductor caches
and TT_TRITON_CAPTURE=OUTDIR/<model>; the capture is installed by the
plugin's triton.backends entry point (`python -m tt_triton site DIR`, made
here when --site is not given), as it would be for any user's program.
"""

import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
MODELS = ("gpt2", "llama", "bert")


def _workloads():
    spec = importlib.util.spec_from_file_location("torch_workloads", os.path.join(HERE, "torch-workloads.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def worker(model):
    import torch
    import triton  # noqa: F401  (loads the backends: the entry point installs the capture)
    from tt_triton import capture
    assert capture._state["capturer"] is not None, "the entry point did not install the capture"
    w = _workloads()
    torch.manual_seed(0)
    vocab, seq = 128, 32
    block = {
        "gpt2": lambda: w._hand_gpt2(torch, dim=64, heads=2, vocab=vocab, seq=seq),
        "llama": lambda: w._hand_llama(torch, dim=64, heads=2, kv_heads=1, hidden=176, vocab=vocab),
        "bert": lambda: w._hand_bert(torch, dim=64, heads=2, vocab=vocab, seq=seq),
    }[model]().cuda().eval()
    ids = torch.randint(0, vocab, (1, seq), device="cuda")
    with torch.no_grad():
        ref = block(ids)
        compiled = torch.compile(block)
        out = compiled(ids)
        capture.reset_counts()
        for _ in range(3):
            compiled(ids)
        torch.cuda.synchronize()
        capture.write_counts()
    print(json.dumps({"model": model, "max_err": (out - ref).abs().max().item()}))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out")
    parser.add_argument("--models", default=",".join(MODELS))
    parser.add_argument("--site", help="the plugin laid out by `python -m tt_triton site` (default: made here)")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return worker(args.worker)
    scratch = tempfile.mkdtemp(prefix="tt-capture-")
    site = args.site
    if not site:
        sys.path.insert(0, os.path.join(ROOT, "python"))
        from tt_triton.site import make_site
        site = make_site(os.path.join(scratch, "site"))
    failed = 0
    for model in args.models.split(","):
        env = dict(os.environ, TT_TRITON_CAPTURE=os.path.join(os.path.abspath(args.out), model),
                   TRITON_CACHE_DIR=os.path.join(scratch, model, "triton"),
                   TORCHINDUCTOR_CACHE_DIR=os.path.join(scratch, model, "inductor"), TRITON_TT="0",
                   PYTHONPATH=os.pathsep.join([site] + [p for p in [os.environ.get("PYTHONPATH")] if p]))
        proc = subprocess.run([sys.executable, os.path.abspath(__file__), args.out, "--worker", model], env=env,
                              capture_output=True, text=True)
        sys.stdout.write(proc.stdout)
        if proc.returncode != 0:
            failed += 1
            sys.stderr.write(f"{model}: exit {proc.returncode}\n{proc.stderr[-3000:]}\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
