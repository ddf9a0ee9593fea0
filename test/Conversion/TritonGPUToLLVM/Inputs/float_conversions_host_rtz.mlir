// f32 -> f16/bf16 toward zero in the target-neutral sequence (the AMD
// target has no instruction of its own for it), for float-conversions-host.test.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func @cvt_f32_f16_rtz(%x: i32) -> i16 {
    %a = tt.bitcast %x : i32 -> f32
    %b = tt.fp_to_fp %a, rounding = rtz : f32 -> f16
    %c = tt.bitcast %b : f16 -> i16
    tt.return %c : i16
  }
  tt.func @cvt_f32_bf16_rtz(%x: i32) -> i16 {
    %a = tt.bitcast %x : i32 -> f32
    %b = tt.fp_to_fp %a, rounding = rtz : f32 -> bf16
    %c = tt.bitcast %b : bf16 -> i16
    tt.return %c : i16
  }
}
