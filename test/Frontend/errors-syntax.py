# A syntax error in a @triton.jit function is reported at its line and
# column, with the source line and a caret.
# RUN: not tt-py %s::kernel --signature '*fp32, i32' -D BLOCK=64 2>&1 | FileCheck %s
# The same through every tool that takes a kernel.
# RUN: not tt-translate --target cpu --llvmir %s::kernel --signature '*fp32, i32' -D BLOCK=64 2>&1 | FileCheck %s
# RUN: not tt-translate --target cuda:90 --ptx %s::kernel --signature '*fp32, i32' -D BLOCK=64 2>&1 | FileCheck %s
# RUN: not tt-dump %s::kernel --signature '*fp32, i32' -D BLOCK=64 --dump-dir %t 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def kernel(p, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    # CHECK: errors-syntax.py:[[@LINE+3]]:26: error: expected ')' to close the call, found 'mask'
    # CHECK-NEXT: {{^}}    x = tl.load(p + offs mask=offs < n)
    # CHECK-NEXT: {{^}}                         ^
    x = tl.load(p + offs mask=offs < n)
    tl.store(p + offs, x)
