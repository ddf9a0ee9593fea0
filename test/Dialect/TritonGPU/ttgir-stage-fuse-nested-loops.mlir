// RUN: tt-opt %s -split-input-file --tt-ttir --tt-ttgir="target=cuda:90" | FileCheck %s
// RUN: tt-opt %s -split-input-file --tt-ttir --tt-ttgir="target=cuda:80" | FileCheck %s

// The TTIR upstream Triton 3.6 emits for test_tl_range_fuse and
// test_tl_range_fuse_dependent (test_core.py). The TTGIR stage flattens each
// nest as upstream's make_ttgir does: one scf.for is left for the first
// kernel; the second gets a loop summing the inner trip counts, then the
// fused loop, nothing nested in either.

// CHECK-LABEL: tt.func public @fuse_kernel
// CHECK: scf.if
// CHECK-NOT: scf.for
// CHECK: } else {
// CHECK: scf.for
// CHECK-NOT: scf.for
// CHECK: tt.return
module {
  tt.func public @fuse_kernel(%arg0: i32, %arg1: !tt.ptr<i32>) attributes {noinline = false} {
    %c32_i32 = arith.constant 32 : i32
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %0 = scf.for %arg2 = %c0_i32 to %arg0 step %c1_i32 iter_args(%arg3 = %c1_i32) -> (i32)  : i32 {
      %1 = scf.for %arg4 = %c0_i32 to %arg0 step %c1_i32 iter_args(%arg5 = %arg3) -> (i32)  : i32 {
        %2 = arith.muli %arg2, %c32_i32 : i32
        %3 = tt.addptr %arg1, %2 : !tt.ptr<i32>, i32
        %4 = tt.addptr %3, %arg4 : !tt.ptr<i32>, i32
        tt.store %4, %arg5 : !tt.ptr<i32>
        %5 = arith.addi %arg5, %c1_i32 : i32
        scf.yield %5 : i32
      }
      scf.yield %1 : i32
    } {tt.flatten}
    tt.return
  }
}


// -----

// CHECK-LABEL: tt.func public @fuse_dep_kernel
// CHECK: scf.for
// CHECK-NOT: scf.if
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK: scf.for
// CHECK: scf.if
// CHECK: llvm.intr.assume
// CHECK-NOT: scf.for
// CHECK: tt.return
module {
  tt.func public @fuse_dep_kernel(%arg0: i32, %arg1: !tt.ptr<i32>, %arg2: !tt.ptr<i32>) attributes {noinline = false} {
    %c2_i32 = arith.constant 2 : i32
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %0 = scf.for %arg3 = %c0_i32 to %arg0 step %c1_i32 iter_args(%arg4 = %c0_i32) -> (i32)  : i32 {
      %1 = arith.muli %arg3, %c2_i32 : i32
      %2 = arith.addi %1, %arg3 : i32
      %3 = arith.addi %2, %c1_i32 : i32
      %4 = arith.cmpi sgt, %3, %1 : i32
      llvm.intr.assume %4 : i1
      %5 = scf.for %arg5 = %1 to %3 step %c1_i32 iter_args(%arg6 = %arg4) -> (i32)  : i32 {
        %6 = tt.addptr %arg1, %arg6 : !tt.ptr<i32>, i32
        tt.store %6, %arg3 : !tt.ptr<i32>
        %7 = tt.addptr %arg2, %arg6 : !tt.ptr<i32>, i32
        tt.store %7, %arg5 : !tt.ptr<i32>
        %8 = arith.addi %arg6, %c1_i32 : i32
        scf.yield %8 : i32
      }
      scf.yield %5 : i32
    } {tt.flatten}
    tt.return
  }
}

