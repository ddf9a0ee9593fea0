// RUN: tt-opt %s --convert-triton-to-tritongpu="target=cuda:90 num-warps=4" | FileCheck %s

// Tensor descriptors pass through the conversion untouched: their block
// types keep no layout (triton-nvidia-optimize-descriptor-encoding gives
// them a shared one later), while the tensors loaded and stored through
// them get the default blocked layout like any other tensor.
// CHECK: #[[B:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-LABEL: tt.func @descriptors
// CHECK-SAME: %arg0: !tt.tensordesc<tensor<64x64xf16>>
// CHECK: %[[D:.*]] = tt.make_tensor_descriptor %arg1, [%arg2, %arg2], [%{{.*}}, %{{.*}}] : <f16>, <tensor<64x64xf16>>
// CHECK: %[[T:.*]] = tt.descriptor_load %arg0[%arg2, %arg2] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #[[B]]>
// CHECK: tt.descriptor_store %[[D]][%arg2, %arg2], %[[T]] : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16, #[[B]]>
module {
  tt.func @descriptors(%src: !tt.tensordesc<tensor<64x64xf16>>, %p: !tt.ptr<f16>, %m: i32) {
    %c1 = arith.constant 1 : i64
    %s = arith.extsi %m : i32 to i64
    %dst = tt.make_tensor_descriptor %p, [%m, %m], [%s, %c1] : <f16>, <tensor<64x64xf16>>
    %t = tt.descriptor_load %src[%m, %m] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
    tt.descriptor_store %dst[%m, %m], %t : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16>
    tt.return
  }
}
