// RUN: tt-opt %s --tt-llir -split-input-file -verify-diagnostics | FileCheck %s

// A masked tensor fadd (acq_rel, gpu) whose old values are stored: one
// predicated atom per element, threads that skip it read 0. Every element
// has one holder, so no representative predicate and no broadcast.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @fadd(
  // CHECK: %[[OLD:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "mov.b32 $0, 0;\0A\09@$3 atom.global.gpu.acq_rel.add.f32 $0, [ $1 + 0 ], $2;", "=r,l,r,b" %{{.*}}, %{{.*}}, %{{.*}} : (!llvm.ptr<1>, i32, i1) -> i32
  // CHECK: %[[W:.*]] = llvm.or %{{.*}}, %[[OLD]] : i32
  // CHECK: "st.global.b32 [ $0 + 0 ], $1;", "l,r" %{{.*}}, %[[W]]
  // CHECK-NOT: atom
  // CHECK: llvm.return
  tt.func public @fadd(%acc: !tt.ptr<f32>, %out: !tt.ptr<f32>, %v: tensor<128xf32, #blocked>, %n: i32) {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<128xi32, #blocked>
    %m = arith.cmpi slt, %r, %ns : tensor<128xi32, #blocked>
    %ps = tt.splat %acc : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
    %p = tt.addptr %ps, %r : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
    %old = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v, %m : (tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xf32, #blocked>, tensor<128xi1, #blocked>) -> tensor<128xf32, #blocked>
    %qs = tt.splat %out : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
    %q = tt.addptr %qs, %r : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
    tt.store %q, %old : tensor<128x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// Every operation and type PTX has, with each semantic and scope.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @kinds(
  // CHECK: "atom.global.gpu.relaxed.and.b32 $0, [ $1 + 0 ], $2;", "=r,l,r"
  // CHECK: "atom.global.cta.acquire.or.b32 $0, [ $1 + 0 ], $2;", "=r,l,r"
  // CHECK: "atom.global.sys.release.xor.b32 $0, [ $1 + 0 ], $2;", "=r,l,r"
  // CHECK: "atom.global.gpu.acq_rel.add.u32 $0, [ $1 + 0 ], $2;", "=r,l,r"
  // CHECK: "atom.global.gpu.acq_rel.max.s32 $0, [ $1 + 0 ], $2;", "=r,l,r"
  // CHECK: "atom.global.gpu.acq_rel.min.s32 $0, [ $1 + 0 ], $2;", "=r,l,r"
  // CHECK: "atom.global.gpu.acq_rel.max.u32 $0, [ $1 + 0 ], $2;", "=r,l,r"
  // CHECK: "atom.global.gpu.acq_rel.min.u32 $0, [ $1 + 0 ], $2;", "=r,l,r"
  // CHECK: "atom.global.gpu.acq_rel.exch.b32 $0, [ $1 + 0 ], $2;", "=r,l,r"
  // CHECK: "atom.global.gpu.relaxed.add.u64 $0, [ $1 + 0 ], $2;", "=l,l,l"
  // CHECK: "atom.global.gpu.relaxed.max.s64 $0, [ $1 + 0 ], $2;", "=l,l,l"
  // CHECK: "atom.global.gpu.relaxed.min.u64 $0, [ $1 + 0 ], $2;", "=l,l,l"
  // CHECK: "atom.global.gpu.relaxed.exch.b64 $0, [ $1 + 0 ], $2;", "=l,l,l"
  // CHECK: "atom.global.gpu.relaxed.add.f64 $0, [ $1 + 0 ], $2;", "=l,l,l"
  // CHECK: "atom.global.gpu.relaxed.add.noftz.f16 $0, [ $1 + 0 ], $2;", "=h,l,h"
  // CHECK: "atom.global.gpu.relaxed.add.noftz.bf16 $0, [ $1 + 0 ], $2;", "=h,l,h"
  // CHECK: "atom.global.gpu.relaxed.exch.b32 $0, [ $1 + 0 ], $2;", "=r,l,r"
  tt.func public @kinds(%p32: tensor<128x!tt.ptr<i32>, #blocked>, %v32: tensor<128xi32, #blocked>,
                        %p64: tensor<128x!tt.ptr<i64>, #blocked>, %v64: tensor<128xi64, #blocked>,
                        %pf64: tensor<128x!tt.ptr<f64>, #blocked>, %vf64: tensor<128xf64, #blocked>,
                        %pf16: tensor<128x!tt.ptr<f16>, #blocked>, %vf16: tensor<128xf16, #blocked>,
                        %pbf16: tensor<128x!tt.ptr<bf16>, #blocked>, %vbf16: tensor<128xbf16, #blocked>,
                        %pf32: tensor<128x!tt.ptr<f32>, #blocked>, %vf32: tensor<128xf32, #blocked>) {
    %0 = tt.atomic_rmw and, relaxed, gpu, %p32, %v32 : (tensor<128x!tt.ptr<i32>, #blocked>, tensor<128xi32, #blocked>) -> tensor<128xi32, #blocked>
    %1 = tt.atomic_rmw or, acquire, cta, %p32, %v32 : (tensor<128x!tt.ptr<i32>, #blocked>, tensor<128xi32, #blocked>) -> tensor<128xi32, #blocked>
    %2 = tt.atomic_rmw xor, release, sys, %p32, %v32 : (tensor<128x!tt.ptr<i32>, #blocked>, tensor<128xi32, #blocked>) -> tensor<128xi32, #blocked>
    %3 = tt.atomic_rmw add, acq_rel, gpu, %p32, %v32 : (tensor<128x!tt.ptr<i32>, #blocked>, tensor<128xi32, #blocked>) -> tensor<128xi32, #blocked>
    %4 = tt.atomic_rmw max, acq_rel, gpu, %p32, %v32 : (tensor<128x!tt.ptr<i32>, #blocked>, tensor<128xi32, #blocked>) -> tensor<128xi32, #blocked>
    %5 = tt.atomic_rmw min, acq_rel, gpu, %p32, %v32 : (tensor<128x!tt.ptr<i32>, #blocked>, tensor<128xi32, #blocked>) -> tensor<128xi32, #blocked>
    %6 = tt.atomic_rmw umax, acq_rel, gpu, %p32, %v32 : (tensor<128x!tt.ptr<i32>, #blocked>, tensor<128xi32, #blocked>) -> tensor<128xi32, #blocked>
    %7 = tt.atomic_rmw umin, acq_rel, gpu, %p32, %v32 : (tensor<128x!tt.ptr<i32>, #blocked>, tensor<128xi32, #blocked>) -> tensor<128xi32, #blocked>
    %8 = tt.atomic_rmw exch, acq_rel, gpu, %p32, %v32 : (tensor<128x!tt.ptr<i32>, #blocked>, tensor<128xi32, #blocked>) -> tensor<128xi32, #blocked>
    %9 = tt.atomic_rmw add, relaxed, gpu, %p64, %v64 : (tensor<128x!tt.ptr<i64>, #blocked>, tensor<128xi64, #blocked>) -> tensor<128xi64, #blocked>
    %10 = tt.atomic_rmw max, relaxed, gpu, %p64, %v64 : (tensor<128x!tt.ptr<i64>, #blocked>, tensor<128xi64, #blocked>) -> tensor<128xi64, #blocked>
    %11 = tt.atomic_rmw umin, relaxed, gpu, %p64, %v64 : (tensor<128x!tt.ptr<i64>, #blocked>, tensor<128xi64, #blocked>) -> tensor<128xi64, #blocked>
    %12 = tt.atomic_rmw exch, relaxed, gpu, %p64, %v64 : (tensor<128x!tt.ptr<i64>, #blocked>, tensor<128xi64, #blocked>) -> tensor<128xi64, #blocked>
    %13 = tt.atomic_rmw fadd, relaxed, gpu, %pf64, %vf64 : (tensor<128x!tt.ptr<f64>, #blocked>, tensor<128xf64, #blocked>) -> tensor<128xf64, #blocked>
    %14 = tt.atomic_rmw fadd, relaxed, gpu, %pf16, %vf16 : (tensor<128x!tt.ptr<f16>, #blocked>, tensor<128xf16, #blocked>) -> tensor<128xf16, #blocked>
    %15 = tt.atomic_rmw fadd, relaxed, gpu, %pbf16, %vbf16 : (tensor<128x!tt.ptr<bf16>, #blocked>, tensor<128xbf16, #blocked>) -> tensor<128xbf16, #blocked>
    %16 = tt.atomic_rmw exch, relaxed, gpu, %pf32, %vf32 : (tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xf32, #blocked>) -> tensor<128xf32, #blocked>
    tt.return
  }
}

// -----

// 64 elements on 128 threads: warp bit 1 only duplicates. The copy in warps
// 0 and 1 updates memory; the old values reach warps 2 and 3 through shared
// memory (predicated st.shared between barriers).
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @duplicated(
  // CHECK: %[[W:.*]] = llvm.and %{{.*}}, %{{.*}} : i32
  // CHECK: %[[DUP:.*]] = llvm.and %[[W]], %{{.*}} : i32
  // CHECK: %[[REP:.*]] = llvm.icmp "eq" %[[DUP]], %{{.*}} : i32
  // CHECK: %[[PRED:.*]] = llvm.and %{{.*}}, %[[REP]] : i1
  // CHECK: llvm.inline_asm has_side_effects {{.*}}atom.global.gpu.acq_rel.add.u32{{.*}}, %[[PRED]] :
  // CHECK: nvvm.barrier0
  // CHECK: "@$0 st.shared.b32 [ $1 + 0 ], $2;", "b,r,r" %[[REP]],
  // CHECK: nvvm.barrier0
  // CHECK: llvm.load {{.*}} : !llvm.ptr<3> -> i32
  tt.func public @duplicated(%p: tensor<64x!tt.ptr<i32>, #blocked>, %v: tensor<64xi32, #blocked>, %m: tensor<64xi1, #blocked>, %out: tensor<64x!tt.ptr<i32>, #blocked>) {
    %old = tt.atomic_rmw add, acq_rel, gpu, %p, %v, %m : (tensor<64x!tt.ptr<i32>, #blocked>, tensor<64xi32, #blocked>, tensor<64xi1, #blocked>) -> tensor<64xi32, #blocked>
    tt.store %out, %old : tensor<64x!tt.ptr<i32>, #blocked>
    tt.return
  }
}

// -----

// 16 elements on one warp: lane bit 4 only duplicates, so lanes 16-31 get
// the old values of lanes 0-15 by shfl.sync.idx, without shared memory.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @lanes(
  // CHECK: atom.global.cta.relaxed.exch.b32
  // CHECK-NOT: nvvm.barrier0
  // CHECK: %[[SRC:.*]] = llvm.and %{{.*}}, %{{.*}} : i32
  // CHECK: nvvm.shfl.sync {{ *}}idx %{{.*}}, %{{.*}}, %[[SRC]], %{{.*}} : i32 -> i32
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.return
  tt.func public @lanes(%p: tensor<16x!tt.ptr<i32>, #blocked>, %v: tensor<16xi32, #blocked>, %out: tensor<16x!tt.ptr<i32>, #blocked>) {
    %old = tt.atomic_rmw exch, relaxed, cta, %p, %v : (tensor<16x!tt.ptr<i32>, #blocked>, tensor<16xi32, #blocked>) -> tensor<16xi32, #blocked>
    tt.store %out, %old : tensor<16x!tt.ptr<i32>, #blocked>
    tt.return
  }
}

// -----

// Scalar atomics: thread 0 issues them; a used result is broadcast through
// shared memory. Tensor compare-and-swap takes cmp then val.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @scalar(
  // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
  // CHECK: %[[T0:.*]] = llvm.icmp "eq" %[[TID]], %{{.*}} : i32
  // CHECK: %[[OLD:.*]] = llvm.inline_asm has_side_effects {{.*}}"mov.b32 $0, 0;\0A\09@$4 atom.global.acq_rel.gpu.cas.b32 $0, [ $1 + 0 ], $2, $3;", "=r,l,r,r,b" %{{.*}}, %{{.*}}, %{{.*}}, %[[T0]]
  // CHECK: nvvm.barrier0
  // CHECK: "@$0 st.shared.b32 [ $1 + 0 ], $2;", "b,r,r" %[[T0]], %{{.*}}, %[[OLD]]
  // CHECK: nvvm.barrier0
  // CHECK: %[[ALL:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> i32
  // CHECK: %[[W:.*]] = llvm.or %{{.*}}, %[[ALL]] : i32
  // CHECK: "@$2 st.global.b32 [ $0 + 0 ], $1;", "l,r,b" %{{.*}}, %[[W]], %[[T0]]
  // CHECK: atom.global.gpu.relaxed.add.f32
  // CHECK: "atom.global.release.gpu.cas.b64 $0, [ $1 + 0 ], $2, $3;", "=l,l,l,l"
  tt.func public @scalar(%p: !tt.ptr<i32>, %cmp: i32, %val: i32, %out: !tt.ptr<i32>, %pf: !tt.ptr<f32>, %f: f32, %m: i1,
                         %tp: tensor<128x!tt.ptr<i64>, #blocked>, %tc: tensor<128xi64, #blocked>, %tv: tensor<128xi64, #blocked>) {
    %old = tt.atomic_cas acq_rel, gpu, %p, %cmp, %val : (!tt.ptr<i32>, i32, i32) -> i32
    tt.store %out, %old : !tt.ptr<i32>
    %r = tt.atomic_rmw fadd, relaxed, gpu, %pf, %f, %m : (!tt.ptr<f32>, f32, i1) -> f32
    %t = tt.atomic_cas release, gpu, %tp, %tc, %tv : (tensor<128x!tt.ptr<i64>, #blocked>, tensor<128xi64, #blocked>, tensor<128xi64, #blocked>) -> tensor<128xi64, #blocked>
    tt.return
  }
}

// -----

// tt.histogram: the bins are zeroed in shared memory, each element (in range,
// mask set) adds 1 with red.shared.add.u32, and the bins are read back.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @histogram(
  // CHECK: nvvm.barrier0
  // CHECK: llvm.store %{{.*}}, %{{.*}} : i32, !llvm.ptr<3>
  // CHECK-NOT: llvm.store
  // CHECK: nvvm.barrier0
  // CHECK: %[[IN:.*]] = llvm.icmp "ult" %{{.*}}, %{{.*}} : i64
  // CHECK: %[[P:.*]] = llvm.and %[[IN]], %{{.*}} : i1
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "@$0 red.shared.add.u32 [ $1 + 0 ], 1;", "b,r" %[[P]]
  // CHECK-COUNT-3: red.shared.add.u32
  // CHECK: nvvm.barrier0
  // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
  tt.func public @histogram(%x: tensor<512xi32, #blocked>, %m: tensor<512xi1, #blocked>, %out: tensor<128x!tt.ptr<i32>, #blocked1>) {
    %h = tt.histogram %x, %m : tensor<512xi32, #blocked> -> tensor<128xi32, #blocked1>
    tt.store %out, %h : tensor<128x!tt.ptr<i32>, #blocked1>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @bf16_sm80(%p: tensor<128x!tt.ptr<bf16>, #blocked>, %v: tensor<128xbf16, #blocked>) {
    // expected-error @+2 {{cannot lower atomic_rmw fadd on 'bf16': atom.add.bf16 needs sm_90 or newer}}
    // expected-error @+1 {{failed to legalize}}
    %0 = tt.atomic_rmw fadd, relaxed, gpu, %p, %v : (tensor<128x!tt.ptr<bf16>, #blocked>, tensor<128xbf16, #blocked>) -> tensor<128xbf16, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @float_max(%p: tensor<128x!tt.ptr<f32>, #blocked>, %v: tensor<128xf32, #blocked>) {
    // expected-error @+2 {{cannot lower atomic_rmw max on 'f32': PTX has atom.max only for 32- and 64-bit integers}}
    // expected-error @+1 {{failed to legalize}}
    %0 = tt.atomic_rmw max, relaxed, gpu, %p, %v : (tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xf32, #blocked>) -> tensor<128xf32, #blocked>
    tt.return
  }
}
