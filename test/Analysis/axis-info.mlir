// RUN: tt-opt %s --test-print-alignment -split-input-file -verify-diagnostics -o /dev/null

// The AxisInfo facts of a typical kernel prologue: a 1024-aligned program
// offset plus a range gives contiguous, aligned offsets; comparing them with a
// 16-divisible bound gives masks constant over runs of 16; the pointers are
// contiguous and 16-byte aligned.

tt.func @kernel(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}, %k: i32) {
  // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [1], constant_value = 1024}}
  %c1024 = arith.constant 1024 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %pid = tt.get_program_id x : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [1], constant_value = <none>}}
  %off = arith.muli %pid, %c1024 : i32
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [128], constant_value = <none>}}
  %s = tt.splat %off : i32 -> tensor<128xi32>
  // expected-remark @below {{contiguity = [128], divisibility = [1024], constancy = [1], constant_value = <none>}}
  %o = arith.addi %s, %r : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128], constant_value = <none>}}
  %ns = tt.splat %n : i32 -> tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16], constant_value = <none>}}
  %m = arith.cmpi slt, %o, %ns : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128], constant_value = <none>}}
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  // expected-remark @below {{contiguity = [128], divisibility = [16], constancy = [1], constant_value = <none>}}
  %ptrs = tt.addptr %ps, %o : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [64], constancy = [128], constant_value = 64}}
  %c64 = arith.constant dense<64> : tensor<128xi32>
  // expected-remark @below {{contiguity = [64], divisibility = [64], constancy = [1], constant_value = <none>}}
  %rem = arith.remsi %o, %c64 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [64], constant_value = <none>}}
  %quo = arith.divsi %o, %c64 : tensor<128xi32>
  // expected-remark @below {{contiguity = [128, 1], divisibility = [1073741824, 1], constancy = [1, 1], constant_value = <none>}}
  %e = tt.expand_dims %r {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  // expected-remark @below {{contiguity = [128, 1], divisibility = [1073741824, 1], constancy = [1, 64], constant_value = <none>}}
  %b = tt.broadcast %e : tensor<128x1xi32> -> tensor<128x64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1073741824], constancy = [1], constant_value = 0}}
  %c0 = arith.constant 0 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1], constant_value = 16}}
  %c16 = arith.constant 16 : i32
  scf.for %i = %c0 to %k step %c16 : i32 {
    // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>}}
    %q = tt.addptr %p, %i : !tt.ptr<f32>, i32
  }
  tt.return
}

// -----

// Without hints nothing is known about arguments; shifts and bitwise ops.
tt.func @no_hints(%a: i32) {
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %x = arith.addi %a, %a : i32
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1], constant_value = 4}}
  %c4 = arith.constant 4 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [2], constancy = [1], constant_value = 2}}
  %c2 = arith.constant 2 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1], constant_value = <none>}}
  %s = arith.shli %x, %c2 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1], constant_value = <none>}}
  %y = arith.andi %s, %c4 : i32
  tt.return
}

// -----

// Hints on the op that defines a value (tl.multiple_of / tl.max_contiguous /
// tl.max_constancy put them there, as dense per-dimension values) replace
// what the analysis derived: an offset loaded from memory is unknown, the
// hinted sum is 1024-divisible and 1024-contiguous, and what follows from
// it (the pointers) carries that on; its unhinted twin is contiguous but of
// unknown divisibility.
tt.func @hinted(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %q: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [1024], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %x = tt.load %q : !tt.ptr<i32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1024], constant_value = <none>}}
  %xs = tt.splat %x : i32 -> tensor<1024xi32>
  // expected-remark @below {{contiguity = [1024], divisibility = [1024], constancy = [1], constant_value = <none>}}
  %o = arith.addi %r, %xs {tt.contiguity = dense<1024> : tensor<1xi32>, tt.divisibility = dense<1024> : tensor<1xi32>} : tensor<1024xi32>
  // expected-remark @below {{contiguity = [1024], divisibility = [1], constancy = [1], constant_value = <none>}}
  %u = arith.addi %r, %xs : tensor<1024xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1024], constant_value = <none>}}
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  // expected-remark @below {{contiguity = [1024], divisibility = [16], constancy = [1], constant_value = <none>}}
  %ptrs = tt.addptr %ps, %o : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  tt.return
}
