// RUN: tt-opt %s --tt-llir -split-input-file -verify-diagnostics

// int8 mma.sync sums in i32 only.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @s8_i16(%a: tensor<32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<32x32xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<32x32xi16, #mma>) -> tensor<32x32xi16, #mma> {
    // expected-error @+2 {{cannot lower tt.dot of 'i8' accumulating in 'i16' with mma.sync (i32 is supported)}}
    // expected-error @+1 {{failed to legalize}}
    %d = tt.dot %a, %b, %c : tensor<32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x32xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<32x32xi16, #mma>
    tt.return %d : tensor<32x32xi16, #mma>
  }
}

// -----

// int8 operands hold four bytes of K per register: kWidth must be 4.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @s8_kwidth2(%a: tensor<32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<32x32xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<32x32xi32, #mma>) -> tensor<32x32xi32, #mma> {
    // expected-error @+2 {{cannot lower tt.dot: the operands must have #ttg.dot_op layouts of the result's #ttg.nvidia_mma with kWidth = 4}}
    // expected-error @+1 {{failed to legalize}}
    %d = tt.dot %a, %b, %c : tensor<32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xi32, #mma>
    tt.return %d : tensor<32x32xi32, #mma>
  }
}
