#!/usr/bin/env python3
# cuBLAS through PyTorch on the GPU machine: the same matmuls as
# run-matmul.sh (C = A @ B, row-major A (MxK) and B (KxN)), f16 and bf16 at
# 1024^3, 4096^3, 8192^3, and fp8 e4m3 (torch._scaled_mm, f16 out) at 4096^3
# and 8192^3. Timed with CUDA events, L2 flushed between repetitions
# (a 256 MiB memset), median of 100, like tt-run. Prints a table.
import statistics, torch

def bench(fn, reps=100, warmup=10):
    flush = torch.empty(256 << 20, dtype=torch.uint8, device="cuda")
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(reps):
        flush.zero_()
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record(); fn(); e.record(); e.synchronize()
        times.append(s.elapsed_time(e))
    return statistics.median(times)

print(torch.cuda.get_device_name(), "torch", torch.__version__, "cuda", torch.version.cuda)
print(f"{'dtype':<8}{'size':>8}{'ms':>10}{'TFLOP/s':>10}")
for dt in (torch.float16, torch.bfloat16):
    for n in (1024, 4096, 8192):
        a = torch.randn(n, n, device="cuda", dtype=dt)
        b = torch.randn(n, n, device="cuda", dtype=dt)
        ms = bench(lambda: a @ b)
        print(f"{str(dt)[6:]:<8}{n:>8}{ms:>10.4f}{2 * n**3 / ms / 1e9:>10.1f}")
for n in (4096, 8192):
    a = torch.randn(n, n, device="cuda").to(torch.float8_e4m3fn)
    # _scaled_mm wants B column-major: the transpose of a row-major matrix.
    b = torch.randn(n, n, device="cuda").to(torch.float8_e4m3fn).t().contiguous().t()
    one = torch.ones((), device="cuda")
    try:
        ms = bench(lambda: torch._scaled_mm(a, b, scale_a=one, scale_b=one, out_dtype=torch.float16))
        print(f"{'fp8e4m3':<8}{n:>8}{ms:>10.4f}{2 * n**3 / ms / 1e9:>10.1f}")
    except Exception as ex:
        print(f"fp8e4m3 {n}: {ex}")
