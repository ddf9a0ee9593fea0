#!/usr/bin/env bash
# Starts a new kernel project that compiles and runs at once:
#
#   scripts/new-kernel.sh NAME [DIR]
#
# writes into DIR (default ./NAME, which must not exist or be empty):
#   NAME.ttir       an elementwise kernel, out = alpha * x + y, in TTIR
#   NAME.run.yaml   how tt-run launches and checks it
#   NAME.tune.yaml  how tt-tune searches for its best block size
#   Makefile        make cpu | nvidia | amd | stages | check | bench | tune | clean
#   tt.mk           the rules, a copy of tt's examples/tt.mk
# then `make -C DIR cpu` compiles NAME.ttir for the host and checks it.
# The tools are found through TT_BIN, which the Makefile sets to this
# checkout's build/bin (or $TT_BIN when it is set). See docs/tutorial.md.
set -euo pipefail

usage() {
  echo "usage: $(basename "$0") NAME [DIR]" >&2
  echo "  NAME: letters, digits, '-' and '_', starting with a letter" >&2
  exit 2
}
[ $# -ge 1 ] && [ $# -le 2 ] || usage
case "$1" in -h|--help) usage ;; esac
name=$1
if ! [[ "$name" =~ ^[A-Za-z][A-Za-z0-9_-]*$ ]]; then
  echo "$(basename "$0"): error: '$name' is not a valid name (letters, digits, '-', '_'; a letter first)" >&2
  exit 2
fi
dir=${2:-$name}
if [ -e "$dir" ] && [ -n "$(ls -A "$dir" 2>/dev/null)" ]; then
  echo "$(basename "$0"): error: $dir exists and is not empty; choose another directory" >&2
  exit 2
fi
root=$(cd "$(dirname "$0")/.." && pwd)
kernel=${name//-/_}_kernel

mkdir -p "$dir"
dir=$(cd "$dir" && pwd)

# The tools' directory: relative inside this checkout's examples/, else
# absolute.
if [ -n "${TT_BIN:-}" ]; then
  bin=$(cd "$TT_BIN" 2>/dev/null && pwd || echo "$TT_BIN")
elif [ "$(dirname "$dir")" = "$root/examples" ]; then
  bin=../../build/bin
else
  bin=$root/build/bin
fi

cat > "$dir/$name.ttir" <<EOF
// $name: out = alpha * x + y over n float32 elements, BLOCK = 1024
// elements per program. Started by scripts/new-kernel.sh; change the lines
// under "The computation" (and the check in $name.run.yaml) to make it yours.
// The TTIR syntax is upstream Triton's: see docs/tutorial.md.
module {
  tt.func public @$kernel(
      %x_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32} loc("x_ptr"),
      %y_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32} loc("y_ptr"),
      %out_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32} loc("out_ptr"),
      %alpha: f32 loc("alpha"),
      %n: i32 {tt.divisibility = 16 : i32} loc("n")) {
    // offs = program_id * BLOCK + arange(0, BLOCK); mask = offs < n
    %block = arith.constant 1024 : i32
    %pid = tt.get_program_id x : i32
    %start = arith.muli %pid, %block : i32
    %range = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %starts = tt.splat %start : i32 -> tensor<1024xi32>
    %offs = arith.addi %starts, %range : tensor<1024xi32>
    %ns = tt.splat %n : i32 -> tensor<1024xi32>
    %mask = arith.cmpi slt, %offs, %ns : tensor<1024xi32>

    // x = load(x_ptr + offs, mask); y = load(y_ptr + offs, mask)
    %x_base = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %x_ptrs = tt.addptr %x_base, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %x = tt.load %x_ptrs, %mask : tensor<1024x!tt.ptr<f32>>
    %y_base = tt.splat %y_ptr : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %y_ptrs = tt.addptr %y_base, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %y = tt.load %y_ptrs, %mask : tensor<1024x!tt.ptr<f32>>

    // The computation: out = alpha * x + y
    %alphas = tt.splat %alpha : f32 -> tensor<1024xf32>
    %ax = arith.mulf %alphas, %x : tensor<1024xf32>
    %out = arith.addf %ax, %y : tensor<1024xf32>

    // store(out_ptr + offs, out, mask)
    %out_base = tt.splat %out_ptr : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %out_ptrs = tt.addptr %out_base, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    tt.store %out_ptrs, %out, %mask : tensor<1024x!tt.ptr<f32>>
    tt.return
  }
}
EOF

cat > "$dir/$name.run.yaml" <<EOF
# How tt-run launches and checks $name.ttir (docs/tt-run.md):
#   make cpu                        compile, then run this on the CPU
#   tt-run $name.run.yaml           compile on the fly and run (target below)
#   tt-run --target cuda $name.run.yaml     the same on an NVIDIA GPU
kernel:
  tt: $name.ttir
name: $kernel
target: cpu
num_warps: 4
params:
  BLOCK: 1024
grid: [cdiv(n, BLOCK)]
args:
  # In the kernel's argument order. Outputs start as NaN ("poison"), so an
  # element the kernel does not write fails the check.
  - {name: x, tensor: f32, shape: [n], init: {uniform: {low: -1, high: 1, seed: 1}}}
  - {name: y, tensor: f32, shape: [n], init: {normal: {mean: 0, std: 1, seed: 2}}}
  - {name: out, tensor: f32, shape: [n], init: poison, check: alpha * x + y}
  - {name: alpha, scalar: f32, value: 0.5}
  # Not a multiple of BLOCK, so the last program's mask matters.
  - {name: n, scalar: i32, value: 1000000, multiple_of: 16}
# x and y read once, out written once: 12 bytes per element.
bytes: 3 * 4 * n
EOF

cat > "$dir/$name.tune.yaml" <<EOF
# How tt-tune searches for the fastest block size (docs/tt-tune.md):
#   make tune                       on the target of $name.run.yaml
#   make tune TUNE_ARGS=--force     tune again instead of using the cache
# Each config's kernel is $name.ttir with its block size, 1024, replaced
# by the config's BLOCK: keep 1024 for the block size only, or make the
# kernel a template (kernel: {template: $name.ttir.in}, with {{BLOCK}}).
kernel:
  generator: [sed, "s/1024/{{BLOCK}}/g", $name.ttir]
# Launched and checked as $name.run.yaml says, with the grid following BLOCK.
launch: $name.run.yaml
# (num_warps too, once num_warps: is gone from $name.run.yaml.)
space:
  BLOCK: [256, 1024, 4096]
# One winner per n.
key: [n]
sizes:
  - {n: 2**20}
bench: {warmup: 3, reps: 20}
EOF

cat > "$dir/Makefile" <<EOF
# $name: compile $name.ttir with tt's tools and run $name.run.yaml.
#   make cpu       compile for the host and check on the CPU
#   make nvidia    PTX (+ cubin with ptxas), and a run when there is a GPU
#   make stages    every stage of the compiler under out/stages/
#   make tune      search for the best BLOCK ($name.tune.yaml)
#   make           everything this machine can run (not tune)
# The rules and the commands they run are in tt.mk (docs/examples.md).
TT_BIN ?= $bin
KERNELS = $name

# tt-run options for the CPU and GPU checks, e.g. smaller sizes:
# cpu-args.$name = --set n=4096
# gpu-args.$name = --set 'n=2**24'

include tt.mk
EOF

{
  echo "# Copied from tt's examples/tt.mk by scripts/new-kernel.sh."
  cat "$root/examples/tt.mk"
} > "$dir/tt.mk"

echo "created $dir:"
for f in "$name.ttir" "$name.run.yaml" "$name.tune.yaml" Makefile tt.mk; do echo "  $f"; done
echo "next: make -C $dir cpu"
