# Tensor descriptors made on the device: tl.make_tensor_descriptor, a
# descriptor's load/store (and the tl.load_tensor_descriptor /
# tl.store_tensor_descriptor forms), its dtype/block_shape/shape/strides,
# and the errors for bad descriptors and accesses, with the Python line.
#
# The TMA matmul of bench/kernels: through our TTIR stage it has exactly the
# op counts of upstream 3.6's TTIR of the same kernel.
# RUN: tt-py %tt_src/bench/kernels/matmul_kernels.py::matmul_tma_kernel --signature '*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, 128, 256, 64, 8' -o %t.raw.ttir
# RUN: tt-opt %t.raw.ttir --tt-ttir -o %t.ttir
# RUN: %tt_src/test/Support/compare-ops.sh %t.ttir %tt_src/bench/kernels/matmul-tma-f16-128x256x64-w8-s3/matmul_tma_kernel.ttir | FileCheck %s --check-prefix=OPS
# OPS-NOT: DIFF
# OPS: arith.extsi 2 2 same
# OPS: tt.descriptor_load 2 2 same
# OPS-NEXT: tt.descriptor_store 1 1 same
# OPS: tt.make_tensor_descriptor 3 3 same
# OPS: total 46 46
# RUN: FileCheck %s --check-prefix=TTIR < %t.ttir
# TTIR: %[[SK:.*]] = arith.extsi %{{.*}} : i32 to i64
# TTIR: tt.make_tensor_descriptor %{{.*}}, [%{{.*}}, %{{.*}}], [%[[SK]], %c1_i64] : <f16>, <tensor<128x64xf16>>
# TTIR: tt.descriptor_load %{{.*}}[%{{.*}}, %{{.*}}] : !tt.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16>
# TTIR: tt.descriptor_store %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : !tt.tensordesc<tensor<128x256xf16>>, tensor<128x256xf16>
#
# The functional forms, constant shapes, the attributes, nan padding and the
# implicit cast of a stored value to the descriptor's type.
# RUN: tt-py %s::functional --signature '*fp32:16, *fp16:16, i32:16' | FileCheck %s --check-prefix=FUNC
# FUNC: %[[SN:.*]] = arith.extsi %n : i32 to i64
# FUNC: %[[ONE:.*]] = arith.constant 1 : i64
# FUNC: tt.make_tensor_descriptor %x_ptr, [%n, %{{.*}}], [%[[SN]], %[[ONE]]] {padding = 2 : i32} : <f32>, <tensor<16x32xf32>>
# FUNC: %[[S64:.*]] = arith.constant 64 : i64
# FUNC: tt.make_tensor_descriptor %y_ptr, [%n, %{{.*}}], [%[[S64]], %{{.*}}] : <f16>, <tensor<16x32xf16>>
# FUNC: tt.descriptor_load {{.*}} -> tensor<16x32xf32>
# FUNC: arith.subi %n,
# FUNC: arith.truncf {{.*}} : tensor<16x32xf32> to tensor<16x32xf16>
# FUNC: tt.descriptor_store {{.*}} : !tt.tensordesc<tensor<16x32xf16>>, tensor<16x32xf16>
#
# RUN: not tt-py %s::narrow_block --signature '*fp16, i32' 2>&1 | FileCheck %s --check-prefix=NARROW
# NARROW: lang-tensor-descriptors.py:[[# @LINE + 34]]:9: error: tl.make_tensor_descriptor: the last dimension of a block must span at least 16 bytes, got 4 x 2 bytes
# RUN: not tt-py %s::strided_last --signature '*fp16, i32' 2>&1 | FileCheck %s --check-prefix=STRIDE
# STRIDE: error: tl.make_tensor_descriptor: the last stride must be the constant 1, got 2
# RUN: not tt-py %s::rank_mismatch --signature '*fp16, i32' 2>&1 | FileCheck %s --check-prefix=RANK
# RUN: not tt-py %s::bad_offsets --signature '*fp16, i32' 2>&1 | FileCheck %s --check-prefix=OFFS
# RUN: not tt-py %s::bad_store_shape --signature '*fp16, i32' 2>&1 | FileCheck %s --check-prefix=SHAPE
# RUN: not tt-py %s::not_a_descriptor --signature '*fp16, i32' 2>&1 | FileCheck %s --check-prefix=NOTDESC
# RUN: not tt-py %s::bad_attribute --signature '*fp16, i32' 2>&1 | FileCheck %s --check-prefix=ATTR
# RUN: not tt-py %s::bad_base --signature '*fp16, i32' 2>&1 | FileCheck %s --check-prefix=BASE
# RUN: not tt-py %s::bad_padding --signature '*fp16, i32' 2>&1 | FileCheck %s --check-prefix=PAD
# RANK: error: tl.make_tensor_descriptor: shape, strides and block_shape need the same number of dimensions (2, 2, 1)
# OFFS: error: descriptor load: the descriptor has 2 dimensions, so it needs as many offsets, got 1
# SHAPE: error: descriptor store: the value has shape [16, 16], the descriptor's blocks [16, 32]
# NOTDESC: error: tl.load_tensor_descriptor needs a tensor descriptor, got a scalar tensor of type pointer<fp16>
# ATTR: error: tensor descriptor has no attribute 'base'
# BASE: error: tl.make_tensor_descriptor needs a scalar pointer as its base, got a scalar tensor of type int32
# PAD: error: tl.make_tensor_descriptor: padding_option must be 'zero' or 'nan', got 'one'
import triton
import triton.language as tl


@triton.jit
def functional(x_ptr, y_ptr, n):
    x = tl.make_tensor_descriptor(x_ptr, shape=[n, 64], strides=[n, 1], block_shape=[16, 32],
                                  padding_option="nan")
    y = tl.make_tensor_descriptor(y_ptr, [n, 64], [64, 1], [16, 32])
    tl.static_assert(x.dtype == tl.float32)
    tl.static_assert(x.block_shape[1] == 32)
    v = tl.load_tensor_descriptor(x, [tl.program_id(0) * 16, 0])
    tl.store_tensor_descriptor(y, [x.shape[0] - 16, y.strides[1]], v)


@triton.jit
def narrow_block(p, n):
    d = tl.make_tensor_descriptor(p, [n, n], [n, 1], [16, 4])


@triton.jit
def strided_last(p, n):
    d = tl.make_tensor_descriptor(p, [n, n], [n, 2], [16, 16])


@triton.jit
def rank_mismatch(p, n):
    d = tl.make_tensor_descriptor(p, [n, n], [n, 1], [16])


@triton.jit
def bad_offsets(p, n):
    d = tl.make_tensor_descriptor(p, [n, n], [n, 1], [16, 16])
    v = d.load([0])


@triton.jit
def bad_store_shape(p, n):
    d = tl.make_tensor_descriptor(p, [n, n], [n, 1], [16, 32])
    d.store([0, 0], tl.zeros((16, 16), tl.float16))


@triton.jit
def not_a_descriptor(p, n):
    v = tl.load_tensor_descriptor(p, [0, 0])


@triton.jit
def bad_attribute(p, n):
    d = tl.make_tensor_descriptor(p, [n, n], [n, 1], [16, 16])
    q = d.base


@triton.jit
def bad_base(p, n):
    d = tl.make_tensor_descriptor(n, [n, n], [n, 1], [16, 16])


@triton.jit
def bad_padding(p, n):
    d = tl.make_tensor_descriptor(p, [n, n], [n, 1], [16, 16], padding_option="one")
