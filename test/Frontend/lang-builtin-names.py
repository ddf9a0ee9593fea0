# Where the builtins' table makes each builtin visible: tl.NAME, tl.math.NAME,
# tensor methods and dtype methods resolve to the same handlers; names outside
# a scope are errors.
# RUN: tt-py %s::scopes --signature '*fp32, *fp32' --no-locs | FileCheck %s
# RUN: tt-py %s::scopes --signature '*fp32, *fp32' | tt-opt --tt-ttir -o /dev/null
# RUN: not tt-py %s::math_sigmoid --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=MATH
# RUN: not tt-py %s::method_fdiv --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=METHOD
# RUN: not tt-py %s::call_range --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=RANGE
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @scopes
@triton.jit
def scopes(X, Y):
    offs = tl.arange(0, 16)
    x = tl.load(X + offs[:, None] * 16 + offs[None, :])
    # tl.math: fdiv, exp2, max (tl.maximum), cdiv.
    # CHECK: arith.divf
    # CHECK: math.exp2
    # CHECK: arith.maxnumf
    # CHECK: arith.divsi
    a = tl.math.fdiv(x, x) + tl.math.exp2(x) + tl.math.max(x, x) + tl.math.cdiv(x.to(tl.int32), 2).to(tl.float32)
    # Tensor methods: cumprod, trans, permute, sqrt_rn.
    # CHECK: "tt.scan"
    # CHECK: arith.mulf
    # CHECK: tt.trans %{{.*}} {order = array<i32: 1, 0>}
    # CHECK: tt.trans %{{.*}} {order = array<i32: 1, 0>}
    # CHECK: tt.precise_sqrt
    b = x.cumprod(0) + x.trans() + x.permute(1, 0) + x.sqrt_rn()
    # CHECK: "tt.scan"
    # CHECK: tt.call @{{.*}}_add
    # CHECK: "tt.reduce"
    # CHECK: "tt.reduce"(%{{.*}}, %{{.*}}) <{axis = 0 : i32}>
    # CHECK: arith.cmpf olt
    c = tl.sum(tl.associative_scan(x, 1, _add), 1) + x.argmin(0).to(tl.float32)
    # CHECK: tt.reshape %{{.*}} : tensor<16x16xf32> -> tensor<256xf32>
    # CHECK: tt.reshape %{{.*}} : tensor<256xf32> -> tensor<16x16xf32>
    # CHECK: tt.expand_dims %{{.*}} {axis = 0 : i32} : tensor<16x16xf32> -> tensor<1x16x16xf32>
    d = tl.view(x, (256,)).reshape(16, 16).broadcast_to(16, 16).expand_dims(0).sum(0)
    # dtype methods fold to a constant.
    # CHECK: arith.uitofp %ok : i1 to f32
    ok = tl.float16.is_fp16() and x.dtype.is_fp32() and not tl.int8.is_uint8()
    tl.store(Y + offs, tl.sum(a + b + d, 1) + c + ok)


@triton.jit
def _add(a, b):
    return a + b


# MATH: error: unknown triton.language.math function 'sigmoid'
@triton.jit
def math_sigmoid(X):
    tl.store(X, tl.math.sigmoid(tl.load(X)))


# METHOD: error: tensor has no attribute 'fdiv'
@triton.jit
def method_fdiv(X):
    x = tl.load(X + tl.arange(0, 16))
    tl.store(X, x.fdiv(x))


# RANGE: error: range objects can only be iterated over by a for loop
@triton.jit
def call_range(X):
    r = tl.static_range(4)
    tl.store(X, r)
