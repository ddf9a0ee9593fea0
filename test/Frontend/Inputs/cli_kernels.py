# Kernels for cli.test.
import triton
import triton.language as tl


@triton.jit
def fill(out, stride, n, value, BLOCK: tl.constexpr, DTYPE: tl.constexpr = tl.float32):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    v = tl.full((BLOCK,), 0, DTYPE) + value
    tl.store(out + offs * stride, v, mask=offs < n)


@triton.jit
def helper(x):
    return x + 1


def host_code():
    return [i for i in range(3)]
