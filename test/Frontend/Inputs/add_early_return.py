# The add kernel with an early return (used by e2e-cpu.test): full blocks
# load and store without masks; the partial last block takes the masked
# path and returns. If the return did not end that program, its unmasked
# loads would read past the end of the inputs, which the CPU test driver
# places right before an inaccessible page.
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    if (pid + 1) * BLOCK > n:
        m = offs < n
        x = tl.load(x_ptr + offs, mask=m)
        y = tl.load(y_ptr + offs, mask=m)
        tl.store(out_ptr + offs, x + y, mask=m)
        return
    tl.store(out_ptr + offs, tl.load(x_ptr + offs) + tl.load(y_ptr + offs))
