# Operands of a binary operator whose shapes do not broadcast: the error
# points at the operator and gives both shapes.
# RUN: not tt-py %s::kernel --signature '*fp32' 2>&1 | FileCheck %s
# RUN: not tt-translate --target cuda:90 --ptx %s::kernel --signature '*fp32' 2>&1 | FileCheck %s
# RUN: not tt-dump %s::kernel --signature '*fp32' --dump-dir %t 2>&1 | FileCheck %s
# RUN: not tt-py %s::kernel2d --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=TWOD
# RUN: not tt-py %s::where_kernel --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=WHERE
import triton
import triton.language as tl


@triton.jit
def kernel(p):
    a = tl.load(p + tl.arange(0, 128))
    b = tl.load(p + tl.arange(0, 64))
    # CHECK: errors-shape-mismatch.py:[[@LINE+3]]:11: error: incompatible shapes for '*': [128] and [64] (dimension 0 is 128 on the left and 64 on the right)
    # CHECK-NEXT: {{^}}    c = a * b
    # CHECK-NEXT: {{^}}          ^
    c = a * b
    tl.store(p, tl.sum(c, 0))


@triton.jit
def kernel2d(p):
    r = tl.arange(0, 32)
    s = tl.arange(0, 16)
    # TWOD: errors-shape-mismatch.py:[[@LINE+1]]:33: error: incompatible shapes for '+': [32, 16] and [16, 16]
    o = r[:, None] + s[None, :] + s[:, None] * s[None, :]
    tl.store(p + o, 1.0)


@triton.jit
def where_kernel(p):
    m = tl.arange(0, 32) < 3
    # WHERE: errors-shape-mismatch.py:[[@LINE+1]]:9: error: incompatible shapes for tl.where: [32] and [16]
    x = tl.where(m, tl.arange(0, 16), 0)
    tl.store(p, x)
