#!/usr/bin/env python3
#===- torch-workloads.py - torch.compile models: upstream vs tt -*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""torch.compile workloads once with upstream's compiler and once through tt.

    torch-workloads.py [--cases gpt2,llama,...] [--tools DIR | --bundle FILE]
                       [--iters N] [--warmup N] [--timeout S] [--json OUT]

Every case runs in its own process per compiler (a fresh Inductor and triton
cache each), with random weights and no downloads:
  gpt2      a GPT-2 block (transformers' GPT2Model, 1 layer; else hand-written)
  llama     a Llama block: rotary embeddings, grouped-query attention
  bert      a BERT block (transformers' BertModel, 1 layer; else hand-written)
  resnet18  ResNet-18 (torchvision, else timm, else hand-written)
  vit       ViT-small/16 (timm, else hand-written)
  mm_relu   relu(a @ b + bias), fp16, mode="max-autotune-no-cudagraphs"
  flex      flex attention with a causal block mask
  scatter   gather by int64 indices, index_add (atomics), a bounds-checked embedding
Per case it prints: kernels through tt / kernels compiled, max |error| vs
eager for both (first input draw, and the mean over --seeds draws), the median end-to-end time of both (CUDA events, after
warm-up) and tt / upstream. Kernels are counted from each run's triton cache
(every compiled kernel leaves <name>.json; tt's carry a "tt" field).

With --capture DIR a third process per case runs the model with upstream's
compiler and TT_TRITON_CAPTURE=DIR/<case> (tt_triton.capture, docs/python.md):
the first launch of every kernel becomes a tt-run spec, and the launches of
the timed calls are counted, for
`python -m tt_triton.capture_report DIR/<case>` (bench/plugin/replay-report.py).
"""

import argparse
import glob
import json
import os
import statistics
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CASES = ("gpt2", "llama", "bert", "resnet18", "vit", "mm_relu", "flex", "scatter")

# -- the models (built in the worker process) ---------------------------------


def _mlp(torch, dim, hidden, act):
    return torch.nn.Sequential(torch.nn.Linear(dim, hidden), act, torch.nn.Linear(hidden, dim))


def _hand_gpt2(torch, dim=768, heads=12, vocab=50257, seq=512):
    F = torch.nn.functional

    class Block(torch.nn.Module):

        def __init__(self):
            super().__init__()
            self.wte = torch.nn.Embedding(vocab, dim)
            self.wpe = torch.nn.Embedding(seq, dim)
            self.ln1 = torch.nn.LayerNorm(dim)
            self.qkv = torch.nn.Linear(dim, 3 * dim)
            self.proj = torch.nn.Linear(dim, dim)
            self.ln2 = torch.nn.LayerNorm(dim)
            self.mlp = _mlp(torch, dim, 4 * dim, torch.nn.GELU(approximate="tanh"))

        def forward(self, ids):
            b, t = ids.shape
            x = self.wte(ids) + self.wpe(torch.arange(t, device=ids.device))
            q, k, v = self.qkv(self.ln1(x)).split(dim, dim=2)
            q, k, v = (z.view(b, t, heads, dim // heads).transpose(1, 2) for z in (q, k, v))
            y = F.scaled_dot_product_attention(q, k, v, is_causal=True).transpose(1, 2).reshape(b, t, dim)
            x = x + self.proj(y)
            return x + self.mlp(self.ln2(x))

    return Block()


def _hand_llama(torch, dim=512, heads=8, kv_heads=2, hidden=1376, vocab=32000):
    F = torch.nn.functional

    class RMSNorm(torch.nn.Module):

        def __init__(self):
            super().__init__()
            self.weight = torch.nn.Parameter(torch.ones(dim))

        def forward(self, x):
            return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6) * self.weight

    def rotate(x):
        x1, x2 = x.chunk(2, dim=-1)
        return torch.cat((-x2, x1), dim=-1)

    class Block(torch.nn.Module):

        def __init__(self):
            super().__init__()
            hd = dim // heads
            self.emb = torch.nn.Embedding(vocab, dim)
            self.n1, self.n2 = RMSNorm(), RMSNorm()
            self.q = torch.nn.Linear(dim, dim, bias=False)
            self.kv = torch.nn.Linear(dim, 2 * kv_heads * hd, bias=False)
            self.o = torch.nn.Linear(dim, dim, bias=False)
            self.gate = torch.nn.Linear(dim, hidden, bias=False)
            self.up = torch.nn.Linear(dim, hidden, bias=False)
            self.down = torch.nn.Linear(hidden, dim, bias=False)
            self.register_buffer("inv_freq", 1.0 / (10000**(torch.arange(0, hd, 2).float() / hd)))

        def forward(self, ids):
            b, t = ids.shape
            hd = dim // heads
            x = self.emb(ids)
            h = self.n1(x)
            q = self.q(h).view(b, t, heads, hd).transpose(1, 2)
            k, v = self.kv(h).view(b, t, 2, kv_heads, hd).permute(2, 0, 3, 1, 4)
            freqs = torch.outer(torch.arange(t, device=ids.device).float(), self.inv_freq)
            emb = torch.cat((freqs, freqs), dim=-1)
            cos, sin = emb.cos(), emb.sin()
            q, k = q * cos + rotate(q) * sin, k * cos + rotate(k) * sin
            k = k.repeat_interleave(heads // kv_heads, dim=1)
            v = v.repeat_interleave(heads // kv_heads, dim=1)
            y = F.scaled_dot_product_attention(q, k, v, is_causal=True).transpose(1, 2).reshape(b, t, dim)
            x = x + self.o(y)
            h = self.n2(x)
            return x + self.down(F.silu(self.gate(h)) * self.up(h))

    return Block()


def _hand_bert(torch, dim=768, heads=12, vocab=30522, seq=512):
    F = torch.nn.functional

    class Block(torch.nn.Module):

        def __init__(self):
            super().__init__()
            self.wte = torch.nn.Embedding(vocab, dim)
            self.wpe = torch.nn.Embedding(seq, dim)
            self.tte = torch.nn.Embedding(2, dim)
            self.ln0 = torch.nn.LayerNorm(dim, eps=1e-12)
            self.qkv = torch.nn.Linear(dim, 3 * dim)
            self.proj = torch.nn.Linear(dim, dim)
            self.ln1 = torch.nn.LayerNorm(dim, eps=1e-12)
            self.mlp = _mlp(torch, dim, 4 * dim, torch.nn.GELU())
            self.ln2 = torch.nn.LayerNorm(dim, eps=1e-12)

        def forward(self, ids):
            b, t = ids.shape
            pos = torch.arange(t, device=ids.device)
            x = self.ln0(self.wte(ids) + self.wpe(pos) + self.tte(torch.zeros_like(ids)))
            q, k, v = self.qkv(x).split(dim, dim=2)
            q, k, v = (z.view(b, t, heads, dim // heads).transpose(1, 2) for z in (q, k, v))
            y = F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, t, dim)
            x = self.ln1(x + self.proj(y))
            return self.ln2(x + self.mlp(x))

    return Block()


def _transformers_model(kind):
    try:
        import transformers
    except ImportError:
        return None
    if kind == "gpt2":
        cfg = transformers.GPT2Config(n_layer=1, n_embd=768, n_head=12, n_positions=512)
        return transformers.GPT2Model(cfg)
    if kind == "llama":
        cfg = transformers.LlamaConfig(hidden_size=512, intermediate_size=1376, num_hidden_layers=1,
                                       num_attention_heads=8, num_key_value_heads=2, vocab_size=32000,
                                       max_position_embeddings=512)
        return transformers.LlamaModel(cfg)
    cfg = transformers.BertConfig(num_hidden_layers=1, hidden_size=768, num_attention_heads=12,
                                  intermediate_size=3072, max_position_embeddings=512)
    return transformers.BertModel(cfg)


def _hand_resnet18(torch):
    nn = torch.nn

    class Basic(nn.Module):

        def __init__(self, cin, cout, stride):
            super().__init__()
            self.c1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
            self.b1 = nn.BatchNorm2d(cout)
            self.c2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
            self.b2 = nn.BatchNorm2d(cout)
            self.down = None
            if stride != 1 or cin != cout:
                self.down = nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False), nn.BatchNorm2d(cout))

        def forward(self, x):
            y = torch.relu(self.b1(self.c1(x)))
            y = self.b2(self.c2(y))
            return torch.relu(y + (x if self.down is None else self.down(x)))

    layers = [nn.Conv2d(3, 64, 7, 2, 3, bias=False), nn.BatchNorm2d(64), nn.ReLU(), nn.MaxPool2d(3, 2, 1)]
    cin = 64
    for cout, stride in ((64, 1), (128, 2), (256, 2), (512, 2)):
        layers += [Basic(cin, cout, stride), Basic(cout, cout, 1)]
        cin = cout
    layers += [nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(512, 1000)]
    return nn.Sequential(*layers)


def _hand_vit(torch, dim=384, depth=12, heads=6, patch=16, image=224):
    nn = torch.nn

    class Block(nn.Module):

        def __init__(self):
            super().__init__()
            self.n1 = nn.LayerNorm(dim)
            self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
            self.n2 = nn.LayerNorm(dim)
            self.mlp = _mlp(torch, dim, 4 * dim, nn.GELU())

        def forward(self, x):
            h = self.n1(x)
            x = x + self.attn(h, h, h, need_weights=False)[0]
            return x + self.mlp(self.n2(x))

    class ViT(nn.Module):

        def __init__(self):
            super().__init__()
            self.embed = nn.Conv2d(3, dim, patch, patch)
            self.cls = nn.Parameter(torch.randn(1, 1, dim) * 0.02)
            self.pos = nn.Parameter(torch.randn(1, (image // patch)**2 + 1, dim) * 0.02)
            self.blocks = nn.Sequential(*[Block() for _ in range(depth)])
            self.norm = nn.LayerNorm(dim)
            self.head = nn.Linear(dim, 1000)

        def forward(self, x):
            x = self.embed(x).flatten(2).transpose(1, 2)
            x = torch.cat([self.cls.expand(x.shape[0], -1, -1), x], dim=1) + self.pos
            return self.head(self.norm(self.blocks(x))[:, 0])

    return ViT()


def build_case(name, torch):
    """(model or function, inputs, compile kwargs, description)."""
    dev = "cuda"
    if name in ("gpt2", "llama", "bert"):
        model = _transformers_model(name)
        source = "transformers"
        if model is None:
            model = {"gpt2": _hand_gpt2, "llama": _hand_llama, "bert": _hand_bert}[name](torch)
            source = "hand-written"
        vocab = {"gpt2": 50257, "llama": 32000, "bert": 30522}[name]
        ids = torch.randint(0, vocab, (4, 512), device=dev)
        return model.to(dev).eval(), (ids, ), {}, source
    if name == "resnet18":
        model, source = None, "hand-written"
        try:
            import torchvision
            model, source = torchvision.models.resnet18(weights=None), "torchvision"
        except Exception:
            try:
                import timm
                model, source = timm.create_model("resnet18", pretrained=False), "timm"
            except Exception:
                model = _hand_resnet18(torch)
        return model.to(dev).eval(), (torch.randn(16, 3, 224, 224, device=dev), ), {}, source
    if name == "vit":
        try:
            import timm
            model, source = timm.create_model("vit_small_patch16_224", pretrained=False), "timm"
        except Exception:
            model, source = _hand_vit(torch), "hand-written"
        return model.to(dev).eval(), (torch.randn(16, 3, 224, 224, device=dev), ), {}, source
    if name == "mm_relu":
        a = torch.randn(2048, 2048, device=dev, dtype=torch.float16)
        b = torch.randn(2048, 2048, device=dev, dtype=torch.float16)
        bias = torch.randn(2048, device=dev, dtype=torch.float16)
        return (lambda a, b, bias: torch.relu(a @ b + bias)), (a, b, bias), {
            "mode": "max-autotune-no-cudagraphs"
        }, "torch"
    if name == "flex":
        from torch.nn.attention.flex_attention import create_block_mask, flex_attention
        B, H, S, D = 4, 16, 1024, 64
        q, k, v = (torch.randn(B, H, S, D, device=dev, dtype=torch.float16) for _ in range(3))
        mask = create_block_mask(lambda b, h, qi, ki: qi >= ki, None, None, S, S, device=dev)
        return (lambda q, k, v: flex_attention(q, k, v, block_mask=mask)), (q, k, v), {}, "torch"
    if name == "scatter":
        # Indexing as Inductor compiles it: int64 index loads, a device-side
        # bounds assert on the embedding lookup, atomic adds for index_add.
        table = torch.randn(50000, 256, device=dev)
        idx = torch.randint(0, 50000, (65536, ), device=dev)
        dst = torch.randint(0, 4096, (65536, ), device=dev)
        emb = torch.nn.Embedding(50000, 256).to(dev)

        def f(table, idx, dst):
            rows = table[idx] * 2.0
            acc = torch.zeros(4096, 256, device=table.device).index_add_(0, dst, rows)
            return acc + emb(idx[:4096]).relu()

        return f, (table, idx, dst), {}, "torch"
    raise ValueError(f"unknown case {name!r} (known: {', '.join(CASES)})")


def _first_tensor(out):
    import torch
    if isinstance(out, torch.Tensor):
        return out
    if hasattr(out, "last_hidden_state"):
        return out.last_hidden_state
    if isinstance(out, (tuple, list)):
        return _first_tensor(out[0])
    if isinstance(out, dict):
        return _first_tensor(next(iter(out.values())))
    raise TypeError(f"cannot find a tensor in {type(out)}")


def time_ms(fn, args, warmup, iters):
    import torch
    for _ in range(warmup):
        fn(*args)
    torch.cuda.synchronize()
    times = []
    for _ in range(iters):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn(*args)
        end.record()
        torch.cuda.synchronize()
        times.append(start.elapsed_time(end))
    return statistics.median(times)


def kernel_profile(fn, args, iters=10):
    """{kernel name: (microseconds per call of fn, launches per call)} from the
    CUDA profiler: the device time of every kernel the compiled module runs."""
    import torch
    from torch.profiler import ProfilerActivity, profile
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(iters):
            fn(*args)
        torch.cuda.synchronize()
    out = {}
    for event in prof.key_averages():
        us = getattr(event, "device_time_total", None)
        if us is None:
            us = getattr(event, "cuda_time_total", 0)
        if us <= 0:
            continue
        out[event.key] = (us / iters, event.count / iters)
    return out


def count_kernels(cache_dir):
    """(kernels compiled by tt, kernels compiled) from a triton cache."""
    total = by_tt = 0
    for path in glob.glob(os.path.join(cache_dir, "*", "*.json")):
        if os.path.basename(path).startswith("__grp__"):
            continue
        try:
            with open(path) as f:
                meta = json.load(f)
        except (OSError, ValueError):
            continue
        if "num_warps" not in meta or "name" not in meta:
            continue
        total += 1
        if (meta.get("tt") or {}).get("compiler") == "tt":
            by_tt += 1
    return by_tt, total


def _redraw(torch, x, gen):
    """Another draw of an input of the same shape and kind: normal floats;
    non-negative integers (token ids, indices) uniform over [0, max], so
    they stay valid ids and indices; anything else unchanged."""
    if not torch.is_tensor(x):
        return x
    if x.is_floating_point():
        return torch.randn(x.shape, generator=gen, device=x.device, dtype=x.dtype)
    if x.dtype != torch.bool and x.numel() and int(x.min()) >= 0:
        return torch.randint(0, int(x.max()) + 1, x.shape, generator=gen, device=x.device, dtype=x.dtype)
    return x


def worker(args):
    """One case, one compiler, in this process; prints one JSON line."""
    import torch
    torch.manual_seed(0)
    fn, inputs, compile_kwargs, source = build_case(args.worker, torch)
    with torch.no_grad():
        ref = _first_tensor(fn(*inputs)).float()
        compiled = torch.compile(fn, **compile_kwargs)
        start = time.perf_counter()
        out = _first_tensor(compiled(*inputs)).float()
        torch.cuda.synchronize()
        compile_s = time.perf_counter() - start
        err = (out - ref).abs().max().item()
        # More draws of the floating-point inputs (same shapes, so no new
        # compilation): the error of one draw is too noisy to rank compilers.
        errs = [err]
        for seed in range(1, args.seeds):
            gen = torch.Generator(device=ref.device).manual_seed(seed)
            more = [_redraw(torch, x, gen) for x in inputs]
            errs.append((_first_tensor(compiled(*more)).float() - _first_tensor(fn(*more)).float()).abs().max().item())
        capture = _capture_module()
        if capture:
            capture.reset_counts()  # weigh the kernels by the timed calls only
        ms = time_ms(compiled, inputs, args.warmup, args.iters)
        if capture:
            capture.write_counts()
        profile_us = kernel_profile(compiled, inputs) if args.profile else {}
    by_tt, total = count_kernels(os.environ["TRITON_CACHE_DIR"])
    print(json.dumps({"case": args.worker, "source": source, "max_err": err, "errs": errs, "ms": ms, "compile_s": compile_s,
                      "kernels_tt": by_tt, "kernels": total, "profile": profile_us}))
    return 0


def _capture_module():
    """tt_triton.capture when this worker captures (TT_TRITON_CAPTURE), else None."""
    if not os.environ.get("TT_TRITON_CAPTURE"):
        return None
    from tt_triton import capture
    capture.install_from_env()  # normally done already by the triton.backends entry point
    return capture


# -- the parent: one process per case and compiler ----------------------------


def _tools_dir(args, scratch):
    if args.bundle:
        with tarfile.open(args.bundle) as tar:
            tar.extractall(scratch)
        tools = os.path.join(scratch, "tt", "bin")
        for packed in glob.glob(os.path.join(tools, "*.xz")):
            subprocess.run(["xz", "-d", "-f", packed], check=True)
        return tools
    tools = args.tools or os.environ.get("TT_TOOLS_DIR") or os.path.join(ROOT, "build", "bin")
    if not any(os.access(os.path.join(tools, t), os.X_OK) for t in ("tt-translate", "tt-dump")):
        sys.exit(f"torch-workloads.py: no tt-translate or tt-dump in {tools} (give --tools or --bundle)")
    return os.path.abspath(tools)


def _site(scratch):
    sys.path.insert(0, os.path.join(ROOT, "python"))
    from tt_triton.site import make_site
    return make_site(os.path.join(scratch, "site"))


def run_case(case, compiler, args, scratch, tools, site):
    work = tempfile.mkdtemp(prefix=f"{case}-{compiler}-", dir=scratch)
    env = dict(os.environ)
    env.update(TRITON_CACHE_DIR=os.path.join(work, "triton"), TORCHINDUCTOR_CACHE_DIR=os.path.join(work, "inductor"))
    env.pop("TRITON_TT_FALLBACK", None)
    if args.fallback:
        env["TRITON_TT_FALLBACK"] = "1"
    if compiler == "capture":  # upstream's compiler, every kernel's first launch captured
        env.update(TRITON_TT="0", TT_TRITON_CAPTURE=os.path.join(os.path.abspath(args.capture), case),
                   TORCHINDUCTOR_USE_STATIC_CUDA_LAUNCHER="0",
                   PYTHONPATH=os.pathsep.join([site] + [p for p in [env.get("PYTHONPATH")] if p]))
    elif compiler == "tt":
        env.update(TRITON_TT="1", TT_TOOLS_DIR=tools, TT_TRITON_LOG=os.path.join(work, "tt.log"),
                   PYTHONPATH=os.pathsep.join([site] + [p for p in [env.get("PYTHONPATH")] if p]))
    else:
        env["TRITON_TT"] = "0"
    capturing = compiler == "capture"
    iters, warmup, seeds = (min(args.iters, 5), 1, 1) if capturing else (args.iters, args.warmup, args.seeds)
    cmd = [sys.executable, os.path.abspath(__file__), "--worker", case, "--iters", str(iters), "--warmup",
           str(warmup), "--seeds", str(seeds)] + (["--profile"] if args.profile and not capturing else [])
    try:
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=args.timeout)
    except subprocess.TimeoutExpired:
        return {"case": case, "error": f"timed out after {args.timeout} s"}
    if proc.returncode != 0:
        tail = [line for line in proc.stderr.strip().splitlines() if line.strip()][-3:]
        return {"case": case, "error": f"exit {proc.returncode}: " + " | ".join(tail)}
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    log = os.path.join(work, "tt.log")
    if compiler == "tt" and os.path.exists(log):
        with open(log) as f:
            statuses = [json.loads(line).get("status") for line in f if line.strip()]
        result["log_ok"] = statuses.count("ok")
        result["log_other"] = len(statuses) - statuses.count("ok")
        if args.logs:
            os.makedirs(args.logs, exist_ok=True)
            shutil.copy(log, os.path.join(args.logs, f"{case}.tt.log"))
    return result


def print_kernel_table(case, up, tt, top=8, out=sys.stdout):
    """The kernels of one case by upstream's device time: each one's share of
    the case, microseconds per call with both compilers, and the ratio;
    those over 1% of the time and 1.05x first get a '!'."""
    pu, pt = up.get("profile") or {}, tt.get("profile") or {}
    if not pu or not pt:
        return
    total = sum(us for us, _ in pu.values()) or 1.0
    rows = []
    for name in set(pu) | set(pt):
        u = pu.get(name, (0.0, 0))[0]
        t = pt.get(name, (0.0, 0))[0]
        rows.append((name, u, t, t / u if u else None))
    rows.sort(key=lambda r: -max(r[1], r[2]))
    out.write(f"  {case}: kernels by device time (us per call; upstream total {total:.1f}, "
              f"tt total {sum(us for us, _ in pt.values()):.1f})\n")
    for name, u, t, ratio in rows[:top]:
        flag = "!" if ratio and ratio > 1.05 and u / total > 0.01 else " "
        out.write(f"  {flag} {100 * u / total:5.1f}%  {u:9.1f} {t:9.1f}  {_fmt(ratio, '5.2f')}  {name[:90]}\n")


def _fmt(x, spec):
    return format(x, spec) if isinstance(x, (int, float)) else "-"


def print_table(rows, out=sys.stdout):
    head = f"{'case':9s} {'tt kernels':>11s} {'err upstream':>13s} {'err tt':>10s} {'mean up':>9s} {'mean tt':>9s} " \
           f"{'ms upstream':>12s} {'ms tt':>9s} {'tt/up':>6s}  notes"
    out.write(head + "\n" + "-" * len(head) + "\n")
    for case, up, tt in rows:
        ratio = tt["ms"] / up["ms"] if "ms" in tt and "ms" in up and up["ms"] else None
        kernels = f"{tt.get('kernels_tt', '-')}/{tt.get('kernels', '-')}"
        notes = "; ".join(f"{label}: {r['error']}" for label, r in (("upstream", up), ("tt", tt)) if "error" in r)
        if tt.get("log_other"):
            notes = (notes + "; " if notes else "") + f"{tt['log_other']} kernels not by tt (see log)"
        mean = {label: (sum(r["errs"]) / len(r["errs"]) if r.get("errs") else None)
                for label, r in (("up", up), ("tt", tt))}
        out.write(f"{case:9s} {kernels:>11s} {_fmt(up.get('max_err'), '13.3g')} {_fmt(tt.get('max_err'), '10.3g')} "
                  f"{_fmt(mean['up'], '9.3g')} {_fmt(mean['tt'], '9.3g')} {_fmt(up.get('ms'), '12.3f')} {_fmt(tt.get('ms'), '9.3f')} {_fmt(ratio, '6.2f')}  {notes}\n")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cases", default=",".join(CASES), help="comma-separated (default: all)")
    parser.add_argument("--tools", help="folder with tt-translate/tt-dump (default $TT_TOOLS_DIR, else build/bin)")
    parser.add_argument("--bundle", help="scripts/bundle.sh's tarball (unpacked to a scratch folder)")
    parser.add_argument("--iters", type=int, default=50)
    parser.add_argument("--warmup", type=int, default=10)
    parser.add_argument("--timeout", type=float, default=900, help="seconds per case and compiler")
    parser.add_argument("--json", help="also write the results here")
    parser.add_argument("--fallback", action="store_true",
                        help="TRITON_TT_FALLBACK=1: kernels tt refuses go to upstream's compiler (and the log)")
    parser.add_argument("--logs", help="copy each tt run's TT_TRITON_LOG here as CASE.tt.log")
    parser.add_argument("--profile", action="store_true",
                        help="also profile each case's kernels (torch.profiler) and print the kernels "
                             "by device time with both compilers, worst offenders marked")
    parser.add_argument("--seeds", type=int, default=1,
                        help="input draws per case whose max |error| vs eager is measured (same compiled code; "
                             "floats redrawn normal, token ids and indices uniform over [0, max]); "
                             "the table shows the first and the mean over all")
    parser.add_argument("--capture", metavar="DIR",
                        help="also run each case once more with upstream's compiler and TT_TRITON_CAPTURE=DIR/CASE: "
                             "every kernel's first launch as a tt-run spec (tt_triton.capture)")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return worker(args)
    cases = [c for c in args.cases.split(",") if c]
    unknown = [c for c in cases if c not in CASES]
    if unknown:
        parser.error(f"unknown cases {unknown} (known: {', '.join(CASES)})")
    scratch = tempfile.mkdtemp(prefix="tt-workloads-")
    tools = _tools_dir(args, scratch)
    site = _site(scratch)
    rows = []
    for case in cases:
        up = run_case(case, "upstream", args, scratch, tools, site)
        tt = run_case(case, "tt", args, scratch, tools, site)
        rows.append((case, up, tt))
        if args.capture:
            cap = run_case(case, "capture", args, scratch, tools, site)
            folder = os.path.join(os.path.abspath(args.capture), case)
            specs = glob.glob(os.path.join(folder, "*", "launch*.run.yaml"))
            skipped = os.path.join(folder, "skipped.jsonl")
            n_skipped = sum(1 for _ in open(skipped)) if os.path.exists(skipped) else 0
            sys.stderr.write(f"{case}: captured {len(specs)} launches of "
                             f"{len({os.path.dirname(p) for p in specs})} kernels in {folder}"
                             f"{f', {n_skipped} kernels not captured (skipped.jsonl)' if n_skipped else ''}"
                             f"{'; capture run failed: ' + cap['error'] if 'error' in cap else ''}\n")
        sys.stderr.write(f"{case}: upstream {up.get('ms', up.get('error'))}, tt {tt.get('ms', tt.get('error'))}\n")
        if args.json:  # after every case: a run cut short keeps what it measured
            with open(args.json, "w") as f:
                json.dump([{"case": c, "upstream": u, "tt": t} for c, u, t in rows], f, indent=1)
    print_table(rows)
    if args.profile:
        print()
        for case, up, tt in rows:
            print_kernel_table(case, up, tt)
    return 0 if all("error" not in u and "error" not in t for _, u, t in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
