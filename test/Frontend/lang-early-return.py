# `return` inside an `if` on a tensor: the statements after the `if` move
# into the branch that did not return, so each path ends in a return and
# the scf.if yields what was returned (upstream lowers the same kernels
# with cf branches). Works in kernels (no value) and in helpers, nested.
# RUN: tt-py %s::early --signature '*fp32, i32, i32' --no-locs | FileCheck %s
# RUN: tt-py %s::early --signature '*fp32, i32, i32' | tt-opt --tt-ttir | FileCheck %s --check-prefix=TTIR
import triton
import triton.language as tl


@triton.jit
def clamp_or(x, lo):
    if x < lo:
        return lo
    y = x * 2
    if y > 100:
        return 100
    return y


# CHECK-LABEL: tt.func public @early
# CHECK: %[[C:.*]] = arith.cmpi sge, %pid, %n : i32
# CHECK-NEXT: scf.if %[[C]] {
# CHECK-NEXT: } else {
# CHECK-NEXT: %v = tt.call @"lang-early-return.clamp_or__i32_i32__"(%pid, %m)
# CHECK: scf.if
# CHECK: tt.store
# CHECK: } else {
# CHECK: tt.store
# CHECK: }
# CHECK-NEXT: }
# CHECK-NEXT: tt.return
# CHECK-NEXT: }
@triton.jit
def early(p, n, m):
    pid = tl.program_id(0)
    if pid >= n:
        return
    v = clamp_or(pid, m)
    if v == 7:
        tl.store(p + pid, 1.0)
        return
    tl.store(p + pid, v * 1.0)

# CHECK-LABEL: tt.func private @"lang-early-return.clamp_or__i32_i32__"(%x: i32, %lo: i32) -> i32
# CHECK: %[[R:.*]] = scf.if %{{.*}} -> (i32) {
# CHECK-NEXT: scf.yield %lo : i32
# CHECK-NEXT: } else {
# CHECK: %[[INNER:.*]] = scf.if %{{.*}} -> (i32) {
# CHECK: } else {
# CHECK-NEXT: scf.yield %y_{{[0-9]+}} : i32
# CHECK-NEXT: }
# CHECK-NEXT: scf.yield %[[INNER]] : i32
# CHECK-NEXT: }
# CHECK-NEXT: tt.return %[[R]] : i32

# TTIR-LABEL: tt.func public @early
# TTIR-NOT: tt.call
# TTIR: arith.select
# TTIR: tt.return
