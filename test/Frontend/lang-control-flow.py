# Control flow: `if` on a constexpr is folded, on a scalar tensor it becomes
# scf.if yielding the variables either branch reassigns; `for` over range /
# tl.range becomes scf.for carrying the variables the body reassigns;
# tl.static_range unrolls; `while` becomes scf.while; @jit helpers become
# private tt.funcs (one per specialization) that the TTIR stage inlines.
# RUN: tt-py %s::control --signature '*fp32:16, i32, i32' -D MODE=2 --no-locs | FileCheck %s
# RUN: tt-py %s::control --signature '*fp32:16, i32, i32' -D MODE=2 | tt-opt --tt-ttir | FileCheck %s --check-prefix=TTIR
import triton
import triton.language as tl

UNROLL: tl.constexpr = 3


@triton.jit
def scale_and_shift(x, factor: tl.constexpr):
    if factor == 1:
        return x, x
    return x * factor, x + factor


# CHECK-LABEL: tt.func public @control(
# CHECK-SAME: %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32, %k: i32)
@triton.jit
def control(out, n, k, MODE: tl.constexpr, BLOCK: tl.constexpr = 16):
    offs = tl.arange(0, BLOCK)
    # Constexpr if/elif/else: only the MODE == 2 branch is generated.
    # CHECK-NOT: scf.if
    # CHECK: %[[X:.*]] = arith.sitofp %{{.*}} : tensor<16xi32> to tensor<16xf32>
    # CHECK-NOT: scf.if
    if MODE == 1:
        x = offs * 1.0
    elif MODE == 2:
        x = offs.to(tl.float32)
    else:
        x = offs * 3.0
    # A dynamic if merges `x` (reassigned in one branch) and `y` (defined
    # in both).
    # CHECK: %[[C:.*]] = arith.cmpi sgt, %n, %{{.*}} : i32
    # CHECK: %[[IF:.*]]:2 = scf.if %[[C]] -> (tensor<16xf32>, tensor<16xf32>) {
    # CHECK: scf.yield %{{.*}}, %{{.*}} : tensor<16xf32>, tensor<16xf32>
    # CHECK: } else {
    # CHECK: scf.yield %[[X]], %{{.*}} : tensor<16xf32>, tensor<16xf32>
    if n > 0:
        x = x * 2.0
        y = x + 1.0
    else:
        y = x - 1.0
    # range(lb, ub, step) carries `x`; the induction variable has the
    # bounds' type.
    # CHECK: %[[FOR:.*]] = scf.for %{{.*}} = %{{.*}} to %n step %{{.*}} iter_args(%[[ACC:.*]] = %[[IF]]#0) -> (tensor<16xf32>)  : i32 {
    # CHECK: arith.sitofp %{{.*}} : i32 to f32
    # CHECK: scf.yield
    for i in range(0, n, 2):
        x += i
    # tl.range with a pipelining hint.
    # CHECK: scf.for
    # CHECK: } {tt.num_stages = 3 : i32}
    for j in tl.range(k, num_stages=3):
        y = y * 0.5
    # tl.static_range unrolls: three additions of 0, 1 and 2.
    # CHECK-COUNT-3: arith.addf %{{.*}}, %{{.*}} : tensor<16xf32>
    for u in tl.static_range(UNROLL):
        y = y + u
    # while with a carried counter.
    # CHECK: %[[W:.*]] = scf.while (%{{.*}} = %{{.*}}) : (i32) -> i32 {
    # CHECK: arith.cmpi slt, %{{.*}}, %k : i32
    # CHECK: scf.condition
    # CHECK: } do {
    # CHECK: arith.muli
    # CHECK: scf.yield
    c = 1
    while c < k:
        c *= 2
    # A helper called twice with the same specialization is generated
    # once; a different constexpr makes a second specialization.
    # CHECK: tt.call @"lang-control-flow.scale_and_shift__fp32S16S__(1,)c4"(%[[FOR]])
    # CHECK: tt.call @"lang-control-flow.scale_and_shift__fp32S16S__(1,)c4"
    # CHECK: tt.call @"lang-control-flow.scale_and_shift__fp32S16S__(1,)c1"
    a, b = scale_and_shift(x, 4)
    a2, b2 = scale_and_shift(y, 4)
    a3, b3 = scale_and_shift(y, 1)
    tl.store(out + offs, a + b + a2 + b2 + a3 + b3 + c)
    # CHECK: tt.return
    # CHECK: tt.func private @"lang-control-flow.scale_and_shift__fp32S16S__(1,)c4"(%x: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) attributes {noinline = false}
    # CHECK: tt.func private @"lang-control-flow.scale_and_shift__fp32S16S__(1,)c1"
    # CHECK-NEXT: tt.return %x, %x

# After the TTIR stage every helper is inlined and the constant loop of the
# static range folded.
# TTIR-LABEL: tt.func public @control
# TTIR-NOT: tt.call
# TTIR: scf.if
# TTIR: scf.for
# TTIR: scf.for
# TTIR: scf.while
# TTIR: tt.store
# TTIR-NOT: tt.func private
