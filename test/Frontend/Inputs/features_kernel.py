# A kernel that exercises the frontend's control flow on real data (used by
# e2e-cpu-features.test): a loop-carried accumulator, an unrolled static
# range, a dynamic if calling a @jit helper, a while loop, tl.where and a
# reduction.
import triton
import triton.language as tl


@triton.jit
def scaled(x, factor: tl.constexpr):
    return x * factor


@triton.jit
def features_kernel(x_ptr, out_ptr, sum_ptr, n, reps, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for i in range(reps):
        acc += x
    for j in tl.static_range(2):
        acc = acc + j
    if reps > 2:
        acc = scaled(acc, 2)
    else:
        acc = acc - 1
    k = 0
    while k < 4:
        k += 1
    y = tl.where(x > 0, acc, -acc) + k
    tl.store(out_ptr + offs, y, mask=m)
    tl.store(sum_ptr + pid, tl.sum(tl.abs(x), axis=0))
