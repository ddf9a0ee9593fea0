#!/usr/bin/env bash
# Prepares bench/gpu/carry/ (git-ignored) for a run on the GPU machine, which
# has the NVIDIA driver but no LLVM and no ../shared: our tt-run (static),
# our PTX + metadata for every corpus kernel we compile, and a copy of the
# upstream corpus (its PTX + JSON are the baseline), and the small launches
# bench/gpu/sanitize.sh runs under compute-sanitizer (carry/sanitize/), and
# the tensor-core kernels compiled from TTGIR with the YAMLs that
# bench/gpu/run-dot.sh runs (carry/dot/).
#   bench/gpu/prepare.sh [BUILD_DIR]      (BUILD_DIR: its tt-translate makes our PTX)
# TT_GPU_CARRY=DIR writes the same into DIR instead of bench/gpu/carry.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$root/build}
carry=${TT_GPU_CARRY:-$root/bench/gpu/carry}
rm -rf "$carry" && mkdir -p "$carry/bin" "$carry/ours"
cp "$build/bin/tt-run" "$carry/bin/"
# tt-tune on the GPU machine compiles with tt-translate: both static
# (TT_STATIC=ON, DESIGN.md section 6), tt-translate stripped and xz'd to
# fit the carry limit (run-matmul.sh unpacks it). TT_GPU_STATIC=DIR names
# that build (default build-static, skipped when absent).
static=${TT_GPU_STATIC:-$root/build-static}
if [ -x "$static/bin/tt-tune" ] && [ -x "$static/bin/tt-translate" ]; then
  strip -o "$carry/bin/tt-tune" "$static/bin/tt-tune"
  strip -o "$carry/bin/tt-translate" "$static/bin/tt-translate"
  xz -T2 -3 -f "$carry/bin/tt-translate"
fi
mkdir -p "$carry/shared"
cp -r "$root/../shared/corpus" "$carry/shared/"
for entry in add-f32-1024-w4-s3/add_kernel:4 softmax-f32-1024-w4-s3/softmax_kernel:4 \
             softmax-f32-4096-w8-s3/softmax_kernel:8 softmax-f32-16384-w16-s3/softmax_kernel:16 \
             layernorm-f16-4096-w8-s3/layernorm_kernel:8 layernorm-f16-8192-w8-s3/layernorm_kernel:8; do
  k=${entry%%:*}; w=${entry##*:}
  d=$(dirname "$k"); n=$(basename "$k")
  mkdir -p "$carry/ours/$d"
  start=$(date +%s.%N)
  "$build/bin/tt-translate" --target cuda:90 --num-warps "$w" --ptx \
      --metadata "$carry/ours/$d/$n.json" \
      "$root/../shared/corpus/$k.ttir" -o "$carry/ours/$d/$n.ptx"
  end=$(date +%s.%N)
  printf '%-40s ptx in %.2f s\n' "$k" "$(echo "$end - $start" | bc)"
done
# The matmul kernels (tensor cores: wgmma, cp.async pipelines), from the
# unchanged TTIR with upstream's warps and stages (the folder's -wN-sS); the
# bf16 and fp8 (e4m3 operands, f16 result) ones from bench/kernels
# (upstream's reference cross-compiled there).
# A kernel that does not compile is left out (sanitize.sh then lists it).
mkdir -p "$carry/shared/extra"
cp -r "$root/bench/kernels/matmul-bf16-128x256x64-w8-s3" "$carry/shared/extra/"
cp -r "$root/bench/kernels/matmul-fp8e4m3-128x256x128-w8-s3" "$carry/shared/extra/"
for k in matmul-tma-f16-128x256x64-w8-s3 matmul-tma-fp8e4m3-128x256x128-w8-s3 \
         matmul-tf32-128x128x32-w4-s3 matmul-i8-128x256x128-w8-s3; do
  cp -r "$root/bench/kernels/$k" "$carry/shared/extra/"
done
for entry in matmul-f16-128x128x64-w4-s4/matmul_kernel:4:4 matmul-f16-128x256x64-w8-s3/matmul_kernel:8:3 \
             extra/matmul-bf16-128x256x64-w8-s3/matmul_kernel:8:3 \
             extra/matmul-fp8e4m3-128x256x128-w8-s3/matmul_kernel:8:3 \
             extra/matmul-tma-f16-128x256x64-w8-s3/matmul_tma_kernel:8:3 \
             extra/matmul-tma-fp8e4m3-128x256x128-w8-s3/matmul_tma_kernel:8:3 \
             extra/matmul-tf32-128x128x32-w4-s3/matmul_acc_kernel:4:3 \
             extra/matmul-i8-128x256x128-w8-s3/matmul_acc_kernel:8:3; do
  k=${entry%%:*}; rest=${entry#*:}; w=${rest%%:*}; st=${rest##*:}
  d=$(dirname "$k"); n=$(basename "$k")
  mkdir -p "$carry/ours/$d"
  src=$root/../shared/corpus/$k.ttir
  [ -f "$src" ] || src=$carry/shared/$k.ttir
  start=$(date +%s.%N)
  if "$build/bin/tt-translate" --target cuda:90 --num-warps "$w" --num-stages "$st" --ptx \
       --metadata "$carry/ours/$d/$n.json" \
       "$src" -o "$carry/ours/$d/$n.ptx" 2>"$carry/ours/$d/$n.err"; then
    end=$(date +%s.%N)
    rm -f "$carry/ours/$d/$n.err"
    printf '%-40s ptx in %.2f s\n' "$k" "$(echo "$end - $start" | bc)"
  else
    rm -f "$carry/ours/$d/$n.ptx" "$carry/ours/$d/$n.json"
    echo "$k: not compiled ($(grep -m1 error "$carry/ours/$d/$n.err" | cut -c1-100))"
  fi
done

# Launches for bench/gpu/sanitize.sh: our PTX at small sizes (the sanitizers
# slow kernels down 10-100x) that are not multiples of the block, so every
# kernel's masked loads and stores at the edge run; some rows padded
# (strides) so the kernels' stride arguments matter. Sizes stay multiples of
# 16 where the kernels were compiled assuming it (tt.divisibility = 16).
# Each is checked like the examples (outputs start as NaN), so a store that
# went to the wrong place fails the check too.
san=$carry/sanitize
mkdir -p "$san"
add_yaml() { # label corpusdir n [x-elements]
  local check=", check: x + y"
  [ -n "${4:-}" ] && check=""
  cat > "$san/$1.run.yaml" <<EOF
# out = x + y, n = $3: $(( ($3 + 1023) / 1024 )) programs of 1024, the last one partly masked.
kernel: {tt: ../ours/$2/add_kernel.ptx}
name: add_kernel
target: cuda
grid: [cdiv(n, 1024)]
args:
  - {name: x, tensor: f32, shape: [${4:-n}], init: {uniform: {low: -1, high: 1, seed: 1}}}
  - {name: y, tensor: f32, shape: [n], init: {normal: {mean: 0, std: 1, seed: 2}}}
  - {name: out, tensor: f32, shape: [n], init: poison$check}
  - {name: n, scalar: i32, value: $3, multiple_of: 16}
EOF
}
softmax_yaml() { # label corpusdir warps block M N
  cat > "$san/$1.run.yaml" <<EOF
# Row softmax, BLOCK = $4: $5 rows of $6 columns (input rows padded to N + 16).
kernel: {tt: ../ours/$2/softmax_kernel.ptx}
name: softmax_kernel
target: cuda
num_warps: $3
params: {M: $5, N: $6}
grid: [M]
args:
  - name: out
    tensor: f32
    shape: [M, N]
    init: poison
    check: |
      e = exp(x - max(x, axis=1, keepdims=true))
      e / sum(e, axis=1, keepdims=true)
  - {name: x, tensor: f32, shape: [M, N], strides: [N + 16, 1], init: {normal: {mean: 0, std: 2, seed: 1}}}
  - {name: in_stride, scalar: i32, value: N + 16, multiple_of: 16}
  - {name: out_stride, scalar: i32, value: N, multiple_of: 16}
  - {name: n_cols, scalar: i32, value: N, multiple_of: 16}
EOF
}
layernorm_yaml() { # label corpusdir block M N
  cat > "$san/$1.run.yaml" <<EOF
# Layer norm, BLOCK = $3: $4 rows of $5 f16 columns.
kernel: {tt: ../ours/$2/layernorm_kernel.ptx}
name: layernorm_kernel
target: cuda
num_warps: 8
params: {M: $4, N: $5}
grid: [M]
args:
  - {name: x, tensor: f16, shape: [M, N], init: {normal: {mean: 0.5, std: 1, seed: 1}}}
  - name: y
    tensor: f16
    shape: [M, N]
    init: poison
    check:
      expect: |
        xc = x - mean(x, axis=1, keepdims=true)
        xc * rsqrt(mean(xc * xc, axis=1, keepdims=true) + eps) * w + b
      rtol: 1e-3
      atol: 1e-3
  - {name: w, tensor: f16, shape: [N], init: {uniform: {low: 0.5, high: 1.5, seed: 3}}}
  - {name: b, tensor: f16, shape: [N], init: {uniform: {low: -0.5, high: 0.5, seed: 4}}}
  - {name: stride, scalar: i32, value: N, multiple_of: 16}
  - {name: n_cols, scalar: i32, value: N, multiple_of: 16}
  - {name: eps, scalar: f32, value: 1e-5}
EOF
}
matmul_yaml() { # label corpusdir warps BM BN M N K
  cat > "$san/$1.run.yaml" <<EOF
# C = A @ B with $4x$5 tiles: M = $6, N = $7, K = $8, rows of A padded.
kernel: {tt: ../ours/$2/matmul_kernel.ptx}
name: matmul_kernel
target: cuda
num_warps: $3
grid: [cdiv(M, $4) * cdiv(N, $5)]
args:
  - {name: a, tensor: f16, shape: [M, K], strides: [K + 16, 1], init: {uniform: {low: -1, high: 1, seed: 1}}}
  - {name: b, tensor: f16, shape: [K, N], init: {uniform: {low: -1, high: 1, seed: 2}}}
  - {name: c, tensor: f16, shape: [M, N], init: poison, check: {expect: a @ b, rtol: 1e-2, atol: 1e-2}}
  - {name: M, scalar: i32, value: $6, multiple_of: 16}
  - {name: N, scalar: i32, value: $7, multiple_of: 16}
  - {name: K, scalar: i32, value: $8, multiple_of: 16}
  - {name: sam, scalar: i32, value: K + 16, multiple_of: 16}
  - {name: sak, scalar: i32, value: 1, specialized: true}
  - {name: sbk, scalar: i32, value: N, multiple_of: 16}
  - {name: sbn, scalar: i32, value: 1, specialized: true}
  - {name: scm, scalar: i32, value: N, multiple_of: 16}
  - {name: scn, scalar: i32, value: 1, specialized: true}
EOF
}
add_yaml add-5008 add-f32-1024-w4-s3 5008
add_yaml add-48 add-f32-1024-w4-s3 48
softmax_yaml softmax-1024 softmax-f32-1024-w4-s3 4 1024 37 1008
softmax_yaml softmax-4096 softmax-f32-4096-w8-s3 8 4096 19 4000
softmax_yaml softmax-16384 softmax-f32-16384-w16-s3 16 16384 5 16000
layernorm_yaml layernorm-4096 layernorm-f16-4096-w8-s3 4096 23 4000
layernorm_yaml layernorm-8192 layernorm-f16-8192-w8-s3 8192 11 8000
matmul_yaml matmul-128x128x64 matmul-f16-128x128x64-w4-s4 4 128 128 208 176 80
matmul_yaml matmul-128x256x64 matmul-f16-128x256x64-w8-s3 8 128 256 208 304 80
# The TMA matmul (device-made tensormaps in global scratch, TMA loads on
# mbarriers, TMA store): sizes that are not multiples of its 128x256x64
# tiles, so the TMA unit clips the boxes at every edge.
cat > "$san/matmul-tma.run.yaml" <<EOF
# C = A @ B through tensor descriptors: M = 272, N = 528, K = 208.
kernel: {tt: ../ours/extra/matmul-tma-f16-128x256x64-w8-s3/matmul_tma_kernel.ptx}
name: matmul_tma_kernel
target: cuda
num_warps: 8
grid: [cdiv(M, 128) * cdiv(N, 256)]
args:
  - {name: a, tensor: f16, shape: [M, K], init: {uniform: {low: -1, high: 1, seed: 1}}}
  - {name: b, tensor: f16, shape: [K, N], init: {uniform: {low: -1, high: 1, seed: 2}}}
  - {name: c, tensor: f16, shape: [M, N], init: poison, check: {expect: a @ b, rtol: 1e-2, atol: 1e-2}}
  - {name: M, scalar: i32, value: 272, multiple_of: 16}
  - {name: N, scalar: i32, value: 528, multiple_of: 16}
  - {name: K, scalar: i32, value: 208, multiple_of: 16}
EOF
# The controls: launches with a bug each tool must report (sanitize.sh fails
# when one goes unreported: that tool would not be looking). control-oob:
# the add kernel told n = 5008 while x has 16 elements fewer, so it reads
# past the end of x (memcheck). control-race: hand-written PTX in which 64
# threads store to one shared word with no barrier (racecheck).
# control-sync: a whole warp runs a warp barrier whose mask names only half
# of it (synccheck: invalid arguments).
add_yaml control-oob add-f32-1024-w4-s3 5008 4992
control_ptx() { # label kernel-name threads body
  cat > "$san/$1.ptx" <<EOF
.version 8.0
.target sm_90
.address_size 64
.visible .entry $2(.param .u64 out, .param .u64 scratch, .param .u64 profile)
.reqntid $3
{
  .shared .align 4 .b32 buf[1];
  .reg .b32 %r<4>;
  .reg .b64 %rd<3>;
  .reg .pred %p<2>;
  mov.u32 %r1, %tid.x;
$4
  ret;
}
EOF
  cat > "$san/$1.run.yaml" <<EOF
kernel: {tt: $1.ptx}
name: $2
target: cuda
num_warps: $(( $3 / 32 ))
grid: [1]
args:
  - {name: out, tensor: i32, shape: [1], init: zeros}
EOF
}
control_ptx control-race race_kernel 64 '  st.shared.u32 [buf], %r1;
  ld.shared.u32 %r2, [buf];
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra DONE;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd2, %rd1;
  st.global.u32 [%rd2], %r2;
DONE:'
control_ptx control-sync sync_kernel 32 '  bar.warp.sync 65535;'
echo "sanitize launches: $(ls "$san" | wc -l) in $san"
# The matmul kernels from upstream's own TTGIR (the corpus .ttgir, unchanged,
# and its bf16 variants in test/Conversion/TritonNVIDIAGPUToLLVM/Inputs) through
# our LLIR stage: what bench/gpu/run-dot.sh times against upstream's PTX.
# Also the YAMLs of its runs that no example has: bf16 operands, and sizes
# that are not multiples of the tiles (masked edges; rows of A padded).
dot=$carry/dot
mkdir -p "$dot"
for entry in matmul-f16-128x128x64-w4-s4:$root/../shared/corpus/matmul-f16-128x128x64-w4-s4/matmul_kernel.ttgir \
             matmul-f16-128x256x64-w8-s3:$root/../shared/corpus/matmul-f16-128x256x64-w8-s3/matmul_kernel.ttgir \
             matmul-bf16-128x128x64-w4-s4:$root/test/Conversion/TritonNVIDIAGPUToLLVM/Inputs/matmul-bf16-128x128x64-w4-s4.ttgir \
             matmul-bf16-128x256x64-w8-s3:$root/test/Conversion/TritonNVIDIAGPUToLLVM/Inputs/matmul-bf16-128x256x64-w8-s3.ttgir; do
  label=${entry%%:*}; src=${entry#*:}
  start=$(date +%s.%N)
  "$build/bin/tt-translate" --target cuda:90 --ptx --metadata "$dot/$label.json" \
      "$src" -o "$dot/$label.ptx"
  end=$(date +%s.%N)
  printf '%-40s ptx from TTGIR in %.2f s\n' "$label" "$(echo "$end - $start" | bc)"
done
# The Ampere path (cuda:80 PTX, which the H200 runs too): mma.sync with
# ldmatrix, and with the generic shared-memory loads when the buffer's rows
# are not 16 contiguous bytes (vec = 4 swizzle).
v2=$root/test/Conversion/TritonNVIDIAGPUToLLVM/Inputs/matmul-mma-v2.ttgir
"$build/bin/tt-translate" --target cuda:80 --ptx --metadata "$dot/matmul-mma-v2.json" \
    "$v2" -o "$dot/matmul-mma-v2.ptx"
sed 's/vec = 8/vec = 4/' "$v2" > "$dot/matmul-mma-v2-vec4.ttgir"
"$build/bin/tt-translate" --target cuda:80 --ptx --metadata "$dot/matmul-mma-v2-vec4.json" \
    "$dot/matmul-mma-v2-vec4.ttgir" -o "$dot/matmul-mma-v2-vec4.ptx"
echo "matmul-mma-v2 (cuda:80): ptx, ldmatrix $(grep -c ldmatrix "$dot/matmul-mma-v2.ptx"), vec4 variant ldmatrix $(grep -c ldmatrix "$dot/matmul-mma-v2-vec4.ptx")"
dot_yaml() { # file dtype warps BM BN shared kernel [M N K [pad]]
  local pad=${11:-0}
  cat > "$dot/$1.run.yaml" <<EOF
# C = A @ B in $2 with float32 accumulation, $4x$5 tiles, $3 warps (run-dot.sh).
kernel: {tt: $7.ptx}
name: matmul_kernel
target: cuda
num_warps: $3
shared: $6
grid: [cdiv(M, $4) * cdiv(N, $5)]
args:
  - {name: a, tensor: $2, shape: [M, K], strides: [K + $pad, 1], init: {uniform: {low: -1, high: 1, seed: 1}}}
  - {name: b, tensor: $2, shape: [K, N], init: {uniform: {low: -1, high: 1, seed: 2}}}
  - {name: c, tensor: $2, shape: [M, N], init: poison, check: {expect: a @ b, rtol: 2e-2, atol: 2e-2}}
  - {name: M, scalar: i32, value: ${8:-4096}, multiple_of: 16}
  - {name: N, scalar: i32, value: ${9:-4096}, multiple_of: 16}
  - {name: K, scalar: i32, value: ${10:-4096}, multiple_of: 16}
  - {name: sam, scalar: i32, value: K + $pad, multiple_of: 16}
  - {name: sak, scalar: i32, value: 1, specialized: true}
  - {name: sbk, scalar: i32, value: N, multiple_of: 16}
  - {name: sbn, scalar: i32, value: 1, specialized: true}
  - {name: scm, scalar: i32, value: N, multiple_of: 16}
  - {name: scn, scalar: i32, value: 1, specialized: true}
flops: 2 * M * N * K
bytes: 2 * (M * K + K * N + M * N)
EOF
}
dot_yaml bf16-128x128x64 bf16 4 128 128 131072 matmul-bf16-128x128x64-w4-s4
dot_yaml bf16-128x256x64 bf16 8 128 256 147456 matmul-bf16-128x256x64-w8-s3
dot_yaml edge-f16-128x128x64 f16 4 128 128 131072 matmul-f16-128x128x64-w4-s4 1008 1200 720 16
dot_yaml edge-f16-128x256x64 f16 8 128 256 147456 matmul-f16-128x256x64-w8-s3 1008 1200 720 16
dot_yaml edge-bf16-128x128x64 bf16 4 128 128 131072 matmul-bf16-128x128x64-w4-s4 208 176 80 16
dot_yaml edge-bf16-128x256x64 bf16 8 128 256 147456 matmul-bf16-128x256x64-w8-s3 208 304 80 16
dot_yaml mma-v2 f16 4 128 128 34816 matmul-mma-v2
dot_yaml edge-mma-v2 f16 4 128 128 34816 matmul-mma-v2 1008 1200 720 16
du -sh "$carry"
