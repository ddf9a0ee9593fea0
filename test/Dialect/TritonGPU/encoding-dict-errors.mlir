// RUN: tt-opt %s -split-input-file -verify-diagnostics

// Malformed dictionaries of the ttg encodings (EncodingDict): unknown or
// repeated keys, missing keys, values of the wrong kind. Locations are
// checked in encoding-dict-locations.mlir.

// Blocked.

// expected-error @+1 {{#ttg.blocked: unknown key 'sizePerThreads' (expected sizePerThread, threadsPerWarp, warpsPerCTA, order, CGALayout, CTAsPerCGA, CTASplitNum and CTAOrder)}}
#b = #ttg.blocked<{sizePerThreads = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>

// -----

// expected-error @+1 {{#ttg.blocked: missing 'threadsPerWarp'}}
#b = #ttg.blocked<{sizePerThread = [1, 1], warpsPerCTA = [4, 1], order = [1, 0]}>

// -----

// expected-error @+1 {{#ttg.blocked: 'warpsPerCTA' must be a list of non-negative integers}}
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = 4, order = [1, 0]}>

// -----

// expected-error @+1 {{#ttg.blocked: 'order' must be a list of non-negative integers}}
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, -1]}>

// -----

// A key without a value is a unit attribute, not a list.
// expected-error @+1 {{#ttg.blocked: 'order' must be a list of non-negative integers}}
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order}>

// -----

// expected-error @+1 {{#ttg.blocked: duplicate key 'order'}}
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], order = [0, 1]}>

// -----

// expected-error @+1 {{#ttg.blocked: 'CTAsPerCGA' must be a list of non-negative integers}}
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CTAsPerCGA = [true]}>

// -----

// expected-error @+1 {{#ttg.blocked: 'CGALayout' must be a list of bases ([[...], ...])}}
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = [1]}>

// -----

// Slice.

#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// expected-error @+1 {{#ttg.slice: missing 'dim'}}
#s = #ttg.slice<{parent = #b}>

// -----

#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// expected-error @+1 {{#ttg.slice: 'dim' must be a non-negative integer}}
#s = #ttg.slice<{dim = -1, parent = #b}>

// -----

// NVIDIA MMA.

// expected-error @+1 {{#ttg.nvidia_mma: unknown key 'version' (expected versionMajor, versionMinor, warpsPerCTA, instrShape, CGALayout, CTAsPerCGA, CTASplitNum and CTAOrder)}}
#m = #ttg.nvidia_mma<{version = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]}>

// -----

// expected-error @+1 {{#ttg.nvidia_mma: missing 'instrShape'}}
#m = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2]}>

// -----

// expected-error @+1 {{#ttg.nvidia_mma: 'versionMajor' must be a non-negative integer}}
#m = #ttg.nvidia_mma<{versionMajor = "3", versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>

// -----

// expected-error @+1 {{#ttg.nvidia_mma: 'versionMinor' must be a non-negative integer}}
#m = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0.0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>

// -----

// AMD MFMA.

// MFMA spells it isTransposed, WMMA isTranspose.
// expected-error @+1 {{#ttg.amd_mfma: unknown key 'isTranspose' (expected version, warpsPerCTA, instrShape, isTransposed, tilesPerWarp, elementBitWidth, CGALayout, CTAsPerCGA, CTASplitNum and CTAOrder)}}
#m = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTranspose = true}>

// -----

// expected-error @+1 {{#ttg.amd_mfma: missing 'version'}}
#m = #ttg.amd_mfma<{warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>

// -----

// expected-error @+1 {{#ttg.amd_mfma: 'isTransposed' must be true or false}}
#m = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = 1}>

// -----

// expected-error @+1 {{#ttg.amd_mfma: 'tilesPerWarp' must be a list of non-negative integers}}
#m = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true, tilesPerWarp = 2}>

// -----

// AMD WMMA.

// expected-error @+1 {{#ttg.amd_wmma: unknown key 'isTransposed' (expected version, isTranspose, warpsPerCTA, tilesPerWarp, instrShape, CGALayout, CTAsPerCGA, CTASplitNum and CTAOrder)}}
#m = #ttg.amd_wmma<{version = 2, isTransposed = false, warpsPerCTA = [2, 2]}>

// -----

// expected-error @+1 {{#ttg.amd_wmma: missing 'warpsPerCTA'}}
#m = #ttg.amd_wmma<{version = 2, isTranspose = false}>

// -----

// expected-error @+1 {{#ttg.amd_wmma: 'version' must be a non-negative integer}}
#m = #ttg.amd_wmma<{version = -2, isTranspose = false, warpsPerCTA = [2, 2]}>

// -----

// expected-error @+1 {{#ttg.amd_wmma: 'isTranspose' must be true or false}}
#m = #ttg.amd_wmma<{version = 2, isTranspose = "no", warpsPerCTA = [2, 2]}>

// -----

// Linear.

// expected-error @+1 {{#ttg.linear: unknown key 'warps' (expected register, lane, warp and block)}}
#l = #ttg.linear<{register = [[0, 1]], lane = [[1, 0]], warp = [], warps = [], block = []}>

// -----

// expected-error @+1 {{#ttg.linear: 'lane' must be a list of bases ([[...], ...])}}
#l = #ttg.linear<{register = [[0, 1]], lane = [1, 0], warp = [], block = []}>

// -----

// Shared encodings.

// expected-error @+1 {{#ttg.swizzled_shared: unknown key 'perphase' (expected vec, perPhase, maxPhase, order, CGALayout, CTAsPerCGA, CTASplitNum and CTAOrder)}}
#s = #ttg.swizzled_shared<{vec = 8, perphase = 1, maxPhase = 8, order = [1, 0]}>

// -----

// expected-error @+1 {{#ttg.swizzled_shared: missing 'maxPhase'}}
#s = #ttg.swizzled_shared<{vec = 8, perPhase = 1, order = [1, 0]}>

// -----

// expected-error @+1 {{#ttg.swizzled_shared: 'vec' must be a non-negative integer}}
#s = #ttg.swizzled_shared<{vec = [8], perPhase = 1, maxPhase = 8, order = [1, 0]}>

// -----

// expected-error @+1 {{#ttg.amd_rotating_shared: missing 'order'}}
#s = #ttg.amd_rotating_shared<{vec = 8, perPhase = 1, maxPhase = 8}>

// -----

// expected-error @+1 {{#ttg.nvmma_shared: unknown key 'swizzle' (expected swizzlingByteWidth, transposed, elementBitWidth, fp4Padded, rank, CGALayout, CTAsPerCGA, CTASplitNum and CTAOrder)}}
#s = #ttg.nvmma_shared<{swizzle = 128, transposed = false, elementBitWidth = 16}>

// -----

// expected-error @+1 {{#ttg.nvmma_shared: missing 'elementBitWidth'}}
#s = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false}>

// -----

// expected-error @+1 {{#ttg.nvmma_shared: 'transposed' must be true or false}}
#s = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = 0, elementBitWidth = 16}>

// -----

// expected-error @+1 {{#ttg.nvmma_shared: 'rank' must be a non-negative integer}}
#s = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, rank = [3]}>
