// RUN: tt-opt %s -split-input-file | FileCheck %s
// RUN: tt-opt %s -split-input-file | tt-opt -split-input-file | FileCheck %s

// Every ttg encoding parses and prints back in upstream Triton 3.6's form:
// keys in upstream's order (whatever order they were written in), fields at
// their default omitted, the usual aliases (#blocked, #mma, #shared, #smem,
// #linear) and slice/dot_op layouts inline.

// CHECK-DAG: #[[B2:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[B1:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @blocked
// CHECK-SAME: tensor<128x64xf16, #[[B2]]>
// CHECK-SAME: tensor<1024xf32, #[[B1]]>
// CHECK-SAME: tensor<128xi32, #ttg.slice<{dim = 1, parent = #[[B2]]}>>
// CHECK-SAME: tensor<64xi32, #ttg.slice<{dim = 0, parent = #[[B2]]}>>
tt.func @blocked(%a: tensor<128x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>,
                 %b: tensor<1024xf32, #ttg.blocked<{order = [0], warpsPerCTA = [4], threadsPerWarp = [32], sizePerThread = [4]}>>,
                 %c: tensor<128xi32, #ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>}>>,
                 %d: tensor<64xi32, #ttg.slice<{parent = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>, dim = 0}>>) {
  tt.return
}

// -----

// A slice of a slice, and the 3-D parent getting an alias of its own.
// CHECK: #[[B3:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 1, 4], order = [2, 1, 0]}>
// CHECK-LABEL: tt.func @nested_slice
// CHECK-SAME: tensor<64xf32, #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 1, parent = #[[B3]]}>}>>
#b3 = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 1, 4], order = [2, 1, 0]}>
tt.func @nested_slice(%a: tensor<64xf32, #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 1, parent = #b3}>}>>) {
  tt.return
}

// -----

// CTA layouts: upstream 3.6 prints the CGA bases; the older
// CTAsPerCGA/CTASplitNum/CTAOrder triple is read and printed as bases
// (dimension 1 first: one broadcast bit, then dimension 0 split in two).
// A single-CTA triple disappears.
// CHECK-DAG: #[[CGA:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}1, 0], [0, 0]]}>
// CHECK-DAG: #[[LEGACY:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}0, 0], [1, 0]]}>
// CHECK-DAG: #[[ONE:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @cga
// CHECK-SAME: #[[CGA]]>
// CHECK-SAME: #[[LEGACY]]>
// CHECK-SAME: #[[ONE]]>
// CHECK-SAME: cga = #ttg.cga_layout<rank = 2, bases = {{\[\[}}0, 1], [0, 0]]>
tt.func @cga(%a: tensor<64x64xf32, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0], [0, 0]]}>>,
             %b: tensor<64x64xf32, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [2, 2], CTASplitNum = [2, 1], CTAOrder = [1, 0]}>>,
             %c: tensor<64x64xf32, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [1, 1], CTASplitNum = [1, 1], CTAOrder = [1, 0]}>>)
    attributes {cga = #ttg.cga_layout<rank = 2, bases = [[0, 1], [0, 0]]>} {
  tt.return
}

// -----

// NVIDIA MMA layouts (Ampere mma.sync, Hopper wgmma) and their dot operands.
// CHECK-DAG: #[[V2:mma[0-9]*]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-DAG: #[[V3:mma[0-9]*]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], CGALayout = {{\[\[}}1, 0]], instrShape = [16, 256, 16]}>
// CHECK-DAG: #[[BL:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-LABEL: tt.func @nvidia_mma
// CHECK-SAME: tensor<64x64xf32, #[[V2]]>
// CHECK-SAME: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[V2]], kWidth = 2}>>
// CHECK-SAME: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[V2]], kWidth = 2}>>
// CHECK-SAME: tensor<256x256xf32, #[[V3]]>
// CHECK-SAME: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[V3]], kWidth = 2}>>
// CHECK-SAME: tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #[[BL]]}>>
#mma2 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#mma3 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16], CGALayout = [[1, 0]]}>
#bl = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [1, 0]}>
tt.func @nvidia_mma(%acc: tensor<64x64xf32, #mma2>,
                    %a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma2, kWidth = 2}>>,
                    %b: tensor<32x64xf16, #ttg.dot_op<{kWidth = 2, parent = #mma2, opIdx = 1}>>,
                    %acc3: tensor<256x256xf32, #mma3>,
                    %a3: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma3, kWidth = 2}>>,
                    %fma: tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #bl}>>) {
  tt.return
}

// -----

// AMD layouts: tilesPerWarp and elementBitWidth only when not default, WMMA
// instrShape only when not [16, 16, 16].
// CHECK-DAG: = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
// CHECK-DAG: = #ttg.amd_mfma<{version = 4, warpsPerCTA = [2, 2], instrShape = [16, 16, 32], isTransposed = false, tilesPerWarp = [2, 2], elementBitWidth = 64}>
// CHECK-DAG: = #ttg.amd_mfma<{version = 2, warpsPerCTA = [4, 1], instrShape = [16, 16, 16], isTransposed = false}>
// CHECK-DAG: = #ttg.amd_wmma<{version = 2, isTranspose = false, warpsPerCTA = [2, 2]}>
// CHECK-DAG: = #ttg.amd_wmma<{version = 3, isTranspose = true, warpsPerCTA = [2, 2], instrShape = [16, 16, 32]}>
// CHECK-LABEL: tt.func @amd
// CHECK-SAME: #ttg.dot_op<{opIdx = 0, parent = #mma{{[0-9]*}}, kWidth = 8}>
tt.func @amd(%a: tensor<64x64xf32, #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>>,
             %b: tensor<64x64xf32, #ttg.amd_mfma<{version = 4, warpsPerCTA = [2, 2], instrShape = [16, 16, 32], isTransposed = false, tilesPerWarp = [2, 2], elementBitWidth = 64}>>,
             %c: tensor<64x64xf32, #ttg.amd_mfma<{version = 2, warpsPerCTA = [4, 1], instrShape = [16, 16, 16], isTransposed = false, tilesPerWarp = [1, 1], elementBitWidth = 32}>>,
             %d: tensor<64x64xf32, #ttg.amd_wmma<{version = 2, isTranspose = false, warpsPerCTA = [2, 2], instrShape = [16, 16, 16]}>>,
             %e: tensor<64x64xf32, #ttg.amd_wmma<{version = 3, isTranspose = true, warpsPerCTA = [2, 2], instrShape = [16, 16, 32]}>>,
             %f: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.amd_wmma<{version = 2, isTranspose = false, warpsPerCTA = [2, 2]}>, kWidth = 8}>>) {
  tt.return
}

// -----

// Linear layouts print all four input dimensions, empty ones included.
// CHECK: #[[L:linear[0-9]*]] = #ttg.linear<{register = {{\[\[}}0, 1], [0, 2]], lane = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = {{\[\[}}32, 0], [64, 0]], block = []}>
// CHECK-LABEL: tt.func @linear
// CHECK-SAME: tensor<128x4xf32, #[[L]]>
// CHECK-SAME: tensor<128xf32, #ttg.slice<{dim = 1, parent = #[[L]]}>>
#linear = #ttg.linear<{block = [], warp = [[32, 0], [64, 0]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], register = [[0, 1], [0, 2]]}>
tt.func @linear(%a: tensor<128x4xf32, #linear>, %b: tensor<128xf32, #ttg.slice<{dim = 1, parent = #linear}>>) {
  tt.return
}

// -----

// Shared-memory layouts and memory descriptors: `mutable` and the allocation
// shape are printed only when present / different from the shape; an
// nvmma_shared layout of rank other than 2 prints its rank.
// CHECK-DAG: #[[SW:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK-DAG: #[[NV:shared[0-9]*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[NV3:shared[0-9]*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8, fp4Padded = true, rank = 3}>
// CHECK-DAG: #[[ROT:shared[0-9]*]] = #ttg.amd_rotating_shared<{vec = 4, perPhase = 2, maxPhase = 4, order = [0, 1]}>
// CHECK-DAG: #[[CGASW:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], CGALayout = {{\[\[}}0, 1]]}>
// CHECK-DAG: #smem = #ttg.shared_memory
// CHECK-LABEL: tt.func @shared
// CHECK-SAME: !ttg.memdesc<4x128x64xf16, #[[SW]], #smem, mutable>
// CHECK-SAME: !ttg.memdesc<128x64xf16, #[[NV]], #smem>
// CHECK-SAME: !ttg.memdesc<2x64x64xi8, #[[NV3]], #smem, mutable, 4x64x64>
// CHECK-SAME: !ttg.memdesc<64x64xf16, #[[ROT]], #smem, 64x128>
// CHECK-SAME: !ttg.memdesc<64x64xf16, #[[CGASW]], #smem>
// CHECK-SAME: !ttg.async.token
tt.func @shared(%a: !ttg.memdesc<4x128x64xf16, #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>, #ttg.shared_memory, mutable>,
                %b: !ttg.memdesc<128x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>, #ttg.shared_memory>,
                %c: !ttg.memdesc<2x64x64xi8, #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8, fp4Padded = true, rank = 3}>, #ttg.shared_memory, mutable, 4x64x64>,
                %d: !ttg.memdesc<64x64xf16, #ttg.amd_rotating_shared<{vec = 4, perPhase = 2, maxPhase = 4, order = [0, 1]}>, #ttg.shared_memory, 64x128>,
                %e: !ttg.memdesc<64x64xf16, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], CGALayout = [[0, 1]]}>, #ttg.shared_memory>,
                %t: !ttg.async.token) {
  tt.return
}

// -----

// The module attributes of TTGIR.
// CHECK: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 16384 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32, "ttg.total-num-warps" = 4 : i32}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32, "ttg.total-num-warps" = 4 : i32, ttg.shared = 16384 : i32} {
}

// -----

// Bases need not be powers of two: [[1], [3]] spans 0..3 exactly once.
// CHECK: #ttg.linear<{register = {{\[\[}}1], [3]], lane = [], warp = [], block = []}>
tt.func @linear_xor(%a: tensor<4xf32, #ttg.linear<{register = [[1], [3]], lane = [], warp = [], block = []}>>) {
  tt.return
}
