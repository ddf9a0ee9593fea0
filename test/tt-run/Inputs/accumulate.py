# out += x: a kernel that updates its output in place (bench-restore.test,
# and tt-tune's reset.test).
import triton
import triton.language as tl


@triton.jit
def accumulate_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(axis=0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    acc = tl.load(out_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, acc + x, mask=mask)
