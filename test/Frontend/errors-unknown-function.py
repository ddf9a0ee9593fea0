# Calling a function triton.language does not have (or tt does not
# support) is an error at the function's name.
# RUN: not tt-py %s::kernel --signature '*fp32' 2>&1 | FileCheck %s
# RUN: not tt-translate --target cpu --llvmir %s::kernel --signature '*fp32' 2>&1 | FileCheck %s
# RUN: not tt-dump --target cpu %s::kernel --signature '*fp32' --dump-dir %t 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def kernel(p):
    offs = tl.arange(0, 16)
    # CHECK: errors-unknown-function.py:[[@LINE+3]]:12: error: unknown triton.language function or attribute 'frobnicate'
    # CHECK-NEXT: {{^}}    x = tl.frobnicate(p + offs)
    # CHECK-NEXT: {{^}}           ^
    x = tl.frobnicate(p + offs)
    tl.store(p + offs, x)
