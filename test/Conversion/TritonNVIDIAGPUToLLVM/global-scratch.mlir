// RUN: tt-opt %s --tritongpu-global-scratch-memory-allocation -split-input-file | FileCheck %s --check-prefix=ALLOC
// RUN: tt-opt %s --tt-llir -split-input-file | FileCheck %s --check-prefix=LLVM

// Three buffers, laid out in program order, each at the next offset aligned
// as it asks (100 bytes at 0, 128 at 128, 6 at 256); the slice is rounded
// up to the largest alignment: 262 -> 384 bytes, aligned to 128.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // ALLOC: module attributes {ttg.global_scratch_memory_alignment = 128 : i32, ttg.global_scratch_memory_size = 384 : i32
  // ALLOC-LABEL: tt.func public @three
  // ALLOC: ttg.global_scratch_alloc {alignment = 16 : i32, nbytes = 100 : i32, ttg.global_scratch_memory_offset = 0 : i32}
  // ALLOC: ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32, ttg.global_scratch_memory_offset = 128 : i32}
  // ALLOC: ttg.global_scratch_alloc {alignment = 4 : i32, nbytes = 6 : i32, ttg.global_scratch_memory_offset = 256 : i32}

  // The kernel's global-scratch argument (the second to last) plus 384
  // bytes per program, in the linear program id (z * nctaid.y + y) *
  // nctaid.x + x, computed in 64 bits, plus each buffer's offset.
  // LLVM-LABEL: llvm.func @three(
  // LLVM-SAME: %{{.*}}: i8, %[[SCRATCH:.*]]: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>)
  // LLVM-DAG: %[[C256:.*]] = llvm.mlir.constant(256 : i64) : i64
  // LLVM-DAG: %[[C128:.*]] = llvm.mlir.constant(128 : i64) : i64
  // LLVM-DAG: %[[SIZE:.*]] = llvm.mlir.constant(384 : i64) : i64
  // LLVM: %[[Z:.*]] = nvvm.read.ptx.sreg.ctaid.z : i32
  // LLVM: %[[NY:.*]] = nvvm.read.ptx.sreg.nctaid.y : i32
  // LLVM: %[[Y:.*]] = nvvm.read.ptx.sreg.ctaid.y : i32
  // LLVM: %[[NX:.*]] = nvvm.read.ptx.sreg.nctaid.x : i32
  // LLVM: %[[X:.*]] = nvvm.read.ptx.sreg.ctaid.x : i32
  // LLVM: %[[XW:.*]] = llvm.zext %[[X]] : i32 to i64
  // LLVM: %[[PID:.*]] = llvm.add %{{.*}}, %[[XW]] : i64
  // LLVM: %[[BASE:.*]] = llvm.mul %[[PID]], %[[SIZE]] : i64
  // LLVM: %[[P0:.*]] = llvm.getelementptr %[[SCRATCH]][%[[BASE]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i8
  // LLVM: %[[O1:.*]] = llvm.add %[[BASE]], %[[C128]] : i64
  // LLVM: %[[P1:.*]] = llvm.getelementptr %[[SCRATCH]][%[[O1]]]
  // LLVM: %[[O2:.*]] = llvm.add %[[BASE]], %[[C256]] : i64
  // LLVM: %[[P2:.*]] = llvm.getelementptr %[[SCRATCH]][%[[O2]]]
  // LLVM: st.global.b8 {{.*}} %[[P0]],
  // LLVM: st.global.b8 {{.*}} %[[P1]],
  // LLVM: st.global.b8 {{.*}} %[[P2]],
  tt.func public @three(%v: i8) {
    %a = ttg.global_scratch_alloc {alignment = 16 : i32, nbytes = 100 : i32} : !tt.ptr<i8>
    %b = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    %c = ttg.global_scratch_alloc {alignment = 4 : i32, nbytes = 6 : i32} : !tt.ptr<i8>
    tt.store %a, %v : !tt.ptr<i8>
    tt.store %b, %v : !tt.ptr<i8>
    tt.store %c, %v : !tt.ptr<i8>
    tt.return
  }
}

// -----

// No buffers: size 0, alignment 1 (what the metadata JSON reports for
// every kernel without global scratch).
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // ALLOC: module attributes {ttg.global_scratch_memory_alignment = 1 : i32, ttg.global_scratch_memory_size = 0 : i32
  // LLVM-LABEL: llvm.func @none(
  tt.func public @none() {
    tt.return
  }
}
