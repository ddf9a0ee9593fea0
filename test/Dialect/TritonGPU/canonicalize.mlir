// RUN: tt-opt %s -canonicalize | FileCheck %s

// Folding of ttg.convert_layout: a conversion to the layout a value already
// has disappears, and a chain of conversions keeps only the last layout.

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>

// CHECK-LABEL: tt.func @identity
// CHECK-SAME: (%[[X:.*]]: tensor<64x64xf16, #blocked>)
// CHECK-NEXT: tt.return %[[X]]
tt.func @identity(%x: tensor<64x64xf16, #blocked>) -> tensor<64x64xf16, #blocked> {
  %y = ttg.convert_layout %x : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked>
  tt.return %y : tensor<64x64xf16, #blocked>
}

// CHECK-LABEL: tt.func @chain
// CHECK-SAME: (%[[X:.*]]: tensor<64x64xf16, #blocked>)
// CHECK-NEXT: %[[Y:.*]] = ttg.convert_layout %[[X]] : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #mma>
// CHECK-NEXT: tt.return %[[Y]]
tt.func @chain(%x: tensor<64x64xf16, #blocked>) -> tensor<64x64xf16, #mma> {
  %y = ttg.convert_layout %x : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked1>
  %z = ttg.convert_layout %y : tensor<64x64xf16, #blocked1> -> tensor<64x64xf16, #mma>
  tt.return %z : tensor<64x64xf16, #mma>
}

// CHECK-LABEL: tt.func @round_trip
// CHECK-SAME: (%[[X:.*]]: tensor<64x64xf16, #blocked>)
// CHECK-NEXT: tt.return %[[X]]
tt.func @round_trip(%x: tensor<64x64xf16, #blocked>) -> tensor<64x64xf16, #blocked> {
  %y = ttg.convert_layout %x : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #mma>
  %z = ttg.convert_layout %y : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #blocked>
  tt.return %z : tensor<64x64xf16, #blocked>
}
