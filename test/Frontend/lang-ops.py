# triton.language operations and upstream's typing rules, one kernel each.
# RUN: tt-py %s::memory --signature '*fp16:16, *fp16, i32' --no-locs | FileCheck %s --check-prefix=MEM
# RUN: tt-py %s::promotion --signature '*fp16, *i8, *u32, i32, fp32' --no-locs | FileCheck %s --check-prefix=PROMO
# RUN: tt-py %s::reductions --signature '*fp32, *i32, *bf16' --no-locs | FileCheck %s --check-prefix=RED
# RUN: tt-py %s::math_ops --signature '*fp32, *i32' --no-locs | FileCheck %s --check-prefix=MATH
# RUN: tt-py %s::matmul --signature '*fp16, *fp16, *fp32, *i8' --no-locs | FileCheck %s --check-prefix=DOT
# RUN: tt-py %s::hints --signature '*fp32, i32' -D BLOCK=128 --no-locs | FileCheck %s --check-prefix=HINTS
# Every kernel also goes through the TTIR stage.
# RUN: tt-py %s::memory --signature '*fp16:16, *fp16, i32' | tt-opt --tt-ttir -o /dev/null
# RUN: tt-py %s::promotion --signature '*fp16, *i8, *u32, i32, fp32' | tt-opt --tt-ttir -o /dev/null
# RUN: tt-py %s::reductions --signature '*fp32, *i32, *bf16' | tt-opt --tt-ttir -o /dev/null
# RUN: tt-py %s::math_ops --signature '*fp32, *i32' | tt-opt --tt-ttir -o /dev/null
# RUN: tt-py %s::matmul --signature '*fp16, *fp16, *fp32, *i8' | tt-opt --tt-ttir -o /dev/null
# RUN: tt-py %s::hints --signature '*fp32, i32' -D BLOCK=128 | tt-opt --tt-ttir -o /dev/null
import triton
import triton.language as tl


# MEM-LABEL: tt.func public @memory
@triton.jit
def memory(src, dst, n):
    offs = tl.program_id(0) * 64 + tl.arange(0, 64)
    # MEM: %[[M:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : tensor<64xi32>
    m = offs < n
    # `other` is converted to the pointee type and broadcast.
    # MEM: arith.truncf %{{.*}} : tensor<64xf32> to tensor<64xf16>
    # MEM: tt.load %{{.*}}, %[[M]], %{{.*}} cacheModifier = cg evictionPolicy = evict_last : tensor<64x!tt.ptr<f16>>
    x = tl.load(src + offs, mask=m, other=-1.5, cache_modifier=".cg", eviction_policy="evict_last")
    # MEM: tt.load %{{.*}} {isVolatile = true} : !tt.ptr<f16>
    s = tl.load(src, volatile=True)
    # A scalar mask is broadcast to the pointers' shape.
    # MEM: tt.splat %{{.*}} : i1 -> tensor<64xi1>
    y = tl.load(src + offs, mask=n > 3)
    # MEM: tt.store %{{.*}}, %{{.*}}, %[[M]] cacheModifier = wt : tensor<64x!tt.ptr<f16>>
    tl.store(dst + offs, x + y * s, mask=m, cache_modifier=".wt")
    # Values are converted to the pointee type: int32 -> fp16.
    # MEM: arith.sitofp %{{.*}} : tensor<64xi32> to tensor<64xf16>
    # MEM: tt.store %{{.*}}, %{{.*}} evictionPolicy = evict_first : tensor<64x!tt.ptr<f16>>
    tl.store(dst + offs, offs, eviction_policy="evict_first")
    # Pointer minus integer is addptr by the negated offset.
    # MEM: arith.subi %{{.*}}, %{{.*}} : tensor<64xi32>
    # MEM: tt.addptr
    tl.store(dst - offs, x)


# PROMO-LABEL: tt.func public @promotion
@triton.jit
def promotion(h_ptr, b_ptr, u_ptr, n, scale):
    h = tl.load(h_ptr + tl.arange(0, 16))
    b = tl.load(b_ptr + tl.arange(0, 16))
    u = tl.load(u_ptr + tl.arange(0, 16))
    # A Python float does not widen fp16...
    # PROMO: arith.mulf %{{.*}}, %{{.*}} : tensor<16xf16>
    h2 = h * 2.0
    # ... an fp32 scalar tensor does.
    # PROMO: arith.extf %{{.*}} : tensor<16xf16> to tensor<16xf32>
    # PROMO: arith.mulf %{{.*}}, %{{.*}} : tensor<16xf32>
    h3 = h * scale
    # fp16 division is done in fp32.
    # PROMO: arith.extf
    # PROMO: arith.extf
    # PROMO: arith.divf %{{.*}}, %{{.*}} : tensor<16xf32>
    q = h / h2
    # int8 + int32 promotes to int32 (sign-extending).
    # PROMO: arith.extsi %{{.*}} : tensor<16xi8> to tensor<16xi32>
    # PROMO: arith.addi %{{.*}}, %{{.*}} : tensor<16xi32>
    i = b + n
    # Integer / integer is a float division; // is C-style division.
    # PROMO: arith.sitofp %{{.*}} : tensor<16xi32> to tensor<16xf32>
    # PROMO: arith.divf
    # PROMO: arith.divsi %{{.*}}, %{{.*}} : tensor<16xi32>
    # PROMO: arith.remsi %{{.*}}, %{{.*}} : tensor<16xi32>
    f = i / 3
    d = i // 3 + i % 5
    # Unsigned stays unsigned: unsigned division, shift and comparison.
    # PROMO: arith.divui %{{.*}}, %{{.*}} : tensor<16xi32>
    # PROMO: arith.shrui
    # PROMO: arith.cmpi ult
    v = u // 7
    w = v >> 2
    lt = u < v
    # Casts: truncation, bitcast, bool.
    # PROMO: arith.trunci %{{.*}} : tensor<16xi32> to tensor<16xi8>
    # PROMO: tt.bitcast %{{.*}} : tensor<16xf32> -> tensor<16xi32>
    # PROMO: arith.cmpf une
    t = d.to(tl.int8)
    bits = f.to(tl.int32, bitcast=True)
    nz = f.to(tl.int1)
    # where promotes its branches like arithmetic.
    # PROMO: arith.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<16xi1>, tensor<16xf32>
    r = tl.where(lt & nz, f, q)
    tl.store(h_ptr + tl.arange(0, 16), r + h3 + t + bits + w)


# RED-LABEL: tt.func public @reductions
@triton.jit
def reductions(f_ptr, i_ptr, b_ptr):
    x = tl.load(f_ptr + tl.arange(0, 8)[:, None] * 32 + tl.arange(0, 32)[None, :])
    # RED: "tt.reduce"(%{{.*}}) <{axis = 1 : i32}>
    # RED: arith.addf
    # RED: (tensor<8x32xf32>) -> tensor<8xf32>
    rows = tl.sum(x, axis=1)
    # keep_dims re-inserts the reduced axis.
    # RED: arith.maxnumf
    # RED: tt.expand_dims %{{.*}} {axis = 0 : i32} : tensor<32xf32> -> tensor<1x32xf32>
    cols = tl.max(x, axis=0, keep_dims=True)
    # axis=None reduces everything (after a reordering reshape).
    # RED: tt.reshape %{{.*}} allow_reorder : tensor<8x32xf32> -> tensor<256xf32>
    # RED: arith.minnumf
    lo = tl.min(x)
    # argmax reduces values and indices together.
    # RED: tt.make_range {end = 32 : i32, start = 0 : i32}
    # RED: tt.broadcast %{{.*}} : tensor<1x32xi32> -> tensor<8x32xi32>
    # RED: "tt.reduce"(%{{.*}}, %{{.*}}) <{axis = 1 : i32}>
    # RED: arith.cmpf ogt
    # RED: (tensor<8x32xf32>, tensor<8x32xi32>) -> (tensor<8xf32>, tensor<8xi32>)
    am = tl.argmax(x, axis=1)
    # Small integers accumulate in int32; a user combine function is a
    # call inside the region.
    i8 = tl.load(i_ptr + tl.arange(0, 16)).to(tl.int8)
    # RED: arith.extsi %{{.*}} : tensor<16xi8> to tensor<16xi32>
    # RED: arith.addi
    si = tl.sum(i8, 0)
    # RED: "tt.reduce"
    # RED: tt.call @"lang-ops.xor_combine__i32_i32__"
    xr = tl.reduce(i8.to(tl.int32), 0, xor_combine)
    # cumsum is a tt.scan; bf16 is promoted to fp32 first.
    # RED: arith.extf %{{.*}} : tensor<16xbf16> to tensor<16xf32>
    # RED: "tt.scan"(%{{.*}}) <{axis = 0 : i32, reverse = false}>
    cs = tl.cumsum(tl.load(b_ptr + tl.arange(0, 16)), 0)
    tl.store(f_ptr + tl.arange(0, 8), rows + am + lo + tl.sum(cols, 1) + si + xr)
    tl.store(f_ptr + tl.arange(0, 16), cs)


@triton.jit
def xor_combine(a, b):
    return a ^ b


# MATH-LABEL: tt.func public @math_ops
@triton.jit
def math_ops(f_ptr, i_ptr):
    x = tl.load(f_ptr + tl.arange(0, 16))
    i = tl.load(i_ptr + tl.arange(0, 16))
    # MATH: math.exp
    # MATH: math.exp2
    # MATH: math.log
    # MATH: math.sqrt
    # MATH: math.rsqrt
    # MATH: math.absf
    y = tl.exp(x) + tl.exp2(x) + tl.log(x) + tl.sqrt(x) + tl.rsqrt(x) + tl.abs(x)
    # sigmoid is 1 / (1 + exp(-x)).
    # MATH: arith.subf
    # MATH: math.exp
    # MATH: arith.addf
    # MATH: arith.divf
    s = tl.sigmoid(x)
    # maximum / minimum and Python's max / min on tensors.
    # MATH: arith.maxnumf
    # MATH: arith.minimumf
    # MATH: arith.maxsi
    # MATH: arith.minsi
    m = tl.maximum(y, s) + tl.minimum(y, 0.0, propagate_nan=tl.PropagateNan.ALL)
    k = max(i, 3) + min(i, 7)
    # cdiv folds on constants and computes (x + d - 1) // d on tensors.
    # MATH: arith.divsi
    c = tl.cdiv(k, 4) + tl.cdiv(100, 16)
    # MATH: math.absi
    tl.store(f_ptr + tl.arange(0, 16), m + c + tl.abs(i))


# DOT-LABEL: tt.func public @matmul
@triton.jit
def matmul(a_ptr, b_ptr, c_ptr, q_ptr):
    r = tl.arange(0, 32)
    a = tl.load(a_ptr + r[:, None] * 32 + r[None, :])
    b = tl.load(b_ptr + r[:, None] * 32 + r[None, :])
    # Without an accumulator, tl.dot starts from zeros of the result type.
    # DOT: %[[Z:.*]] = tt.splat %{{.*}} : f32 -> tensor<32x32xf32>
    # DOT: tt.dot %{{.*}}, %{{.*}}, %[[Z]], inputPrecision = tf32 : tensor<32x32xf16> * tensor<32x32xf16> -> tensor<32x32xf32>
    acc = tl.dot(a, b)
    # DOT: tt.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x32xf16> * tensor<32x32xf16> -> tensor<32x32xf32>
    acc = tl.dot(a, b, acc, input_precision="ieee")
    # int8 operands accumulate in int32.
    q = tl.load(q_ptr + r[:, None] * 32 + r[None, :])
    # DOT: tt.dot %{{.*}}, %{{.*}}, %{{.*}}, inputPrecision = tf32 : tensor<32x32xi8> * tensor<32x32xi8> -> tensor<32x32xi32>
    qi = tl.dot(q, q)
    tl.store(c_ptr + r[:, None] * 32 + r[None, :], acc + qi)


# HINTS-LABEL: tt.func public @hints
@triton.jit
def hints(p, n, BLOCK: tl.constexpr):
    tl.static_assert(BLOCK % 16 == 0)
    # HINTS: arith.addi %{{.*}}, %{{.*}} {tt.contiguity = dense<128> : tensor<1xi32>, tt.divisibility = dense<16> : tensor<1xi32>} : tensor<128xi32>
    offs = tl.max_contiguous(tl.multiple_of(n + tl.arange(0, BLOCK), 16), BLOCK)
    # Attribute chains on dtypes are compile-time values.
    # HINTS: tt.splat %{{.*}} : f32 -> tensor<128xf32>
    z = tl.full((BLOCK,), 0.5, p.dtype.element_ty)
    # HINTS: tt.store
    if p.dtype.element_ty.is_floating() and z.dtype == tl.float32:
        tl.store(p + offs, z)
