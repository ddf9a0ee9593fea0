// RUN: not tt-opt %s -split-input-file 2>&1 | FileCheck %s

// Where the errors of a malformed encoding dictionary point (EncodingDict):
// at the entry at fault, or at the dictionary for a missing key.

// An unknown key: at the key.
// CHECK: encoding-dict-locations.mlir:[[@LINE+1]]:69: error: #ttg.blocked: unknown key 'warpsPerCta'
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCta = [4, 1], order = [1, 0]}>

// -----

// A value of the wrong kind: at its key.
// CHECK: encoding-dict-locations.mlir:[[@LINE+1]]:81: error: #ttg.nvidia_mma: 'instrShape' must be a list of non-negative integers
#m = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = 16}>

// -----

// A repeated key: at its second occurrence.
// CHECK: encoding-dict-locations.mlir:[[@LINE+1]]:81: error: #ttg.swizzled_shared: duplicate key 'vec'
#s = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], vec = 4}>

// -----

// A missing key: at the dictionary.
// CHECK: encoding-dict-locations.mlir:[[@LINE+1]]:19: error: #ttg.amd_wmma: missing 'version'
#m = #ttg.amd_wmma<{isTranspose = false, warpsPerCTA = [2, 2]}>

// -----

// A bad CTA layout: at its key.
// CHECK: encoding-dict-locations.mlir:[[@LINE+1]]:103: error: #ttg.amd_mfma: basis #0 of 'CGALayout' has 1 entries, but the layout has rank 2
#m = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true, CGALayout = [[1]]}>

// -----

// A parent that is not a register layout: at the parent.
// CHECK: encoding-dict-locations.mlir:[[@LINE+1]]:27: error: #ttg.slice: the parent must be a distributed (register) layout
#s = #ttg.slice<{dim = 0, parent = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>}>
