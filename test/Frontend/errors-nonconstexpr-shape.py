# Shapes must be known at compile time: a runtime value used as a tensor
# shape (tl.zeros, tl.full, tl.arange, tl.reshape) is an error at that
# argument.
# RUN: not tt-py %s::zeros_kernel --signature '*fp32, i32' 2>&1 | FileCheck %s --check-prefix=ZEROS
# RUN: not tt-translate --target cpu --emit=so %s::zeros_kernel --signature '*fp32, i32' -o %t.so 2>&1 | FileCheck %s --check-prefix=ZEROS
# RUN: not tt-dump %s::zeros_kernel --signature '*fp32, i32' --dump-dir %t 2>&1 | FileCheck %s --check-prefix=ZEROS
# RUN: not tt-py %s::arange_kernel --signature '*fp32, i32' 2>&1 | FileCheck %s --check-prefix=ARANGE
# RUN: not tt-py %s::reshape_kernel --signature '*fp32, i32' 2>&1 | FileCheck %s --check-prefix=RESHAPE
# RUN: not tt-py %s::pow2_kernel --signature '*fp32' -D N=12 2>&1 | FileCheck %s --check-prefix=POW2
import triton
import triton.language as tl


@triton.jit
def zeros_kernel(p, n):
    # ZEROS: errors-nonconstexpr-shape.py:[[@LINE+3]]:20: error: zeros: shape element 1 must be a compile-time integer (tl.constexpr), got a scalar tensor of type int32
    # ZEROS-NEXT: {{^}}    acc = tl.zeros((16, n), dtype=tl.float32)
    # ZEROS-NEXT: {{^}}                   ^
    acc = tl.zeros((16, n), dtype=tl.float32)
    tl.store(p, tl.sum(acc))


@triton.jit
def arange_kernel(p, n):
    # ARANGE: errors-nonconstexpr-shape.py:[[@LINE+1]]:25: error: arange's end must be a compile-time integer (tl.constexpr), got a scalar tensor of type int32
    offs = tl.arange(0, n)
    tl.store(p + offs, 0.0)


@triton.jit
def reshape_kernel(p, n):
    x = tl.load(p + tl.arange(0, 64))
    # RESHAPE: errors-nonconstexpr-shape.py:[[@LINE+1]]:9: error: reshape: shape element 0 must be a compile-time integer (tl.constexpr), got a scalar tensor of type int32
    y = tl.reshape(x, (n, 8))
    tl.store(p, tl.sum(y))


@triton.jit
def pow2_kernel(p, N: tl.constexpr):
    # POW2: errors-nonconstexpr-shape.py:[[@LINE+1]]:17: error: full: shape element 0 must be a power of 2, got 12
    x = tl.full((N,), 1.0, tl.float32)
    tl.store(p, tl.sum(x))
