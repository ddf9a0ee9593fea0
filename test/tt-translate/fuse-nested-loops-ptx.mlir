// RUN: tt-translate --target cuda:90 --ptx %s | FileCheck %s
// RUN: tt-translate --target cuda:80 --ptx %s | FileCheck %s

// A tt.flatten nest whose steps are not 1: the fused trip count is built
// from arith.ceildivsi, which the LLVM lowering expands (into divisions,
// by constants here, so multiplications).
// CHECK: .entry strided
// CHECK: mul.hi.s32
tt.func public @strided(%ub: i32, %out: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  scf.for %i = %c0 to %ub step %c3 : i32 {
    %p = tt.addptr %out, %i : !tt.ptr<i32>, i32
    scf.for %j = %c0 to %ub step %c5 : i32 {
      %q = tt.addptr %p, %j : !tt.ptr<i32>, i32
      tt.store %q, %j : !tt.ptr<i32>
    }
  } {tt.flatten}
  tt.return
}
