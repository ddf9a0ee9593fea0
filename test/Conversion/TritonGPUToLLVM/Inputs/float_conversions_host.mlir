// Scalar float conversions, bits in and bits out, for the host check of
// float-conversions-host.test: each @cvt_<src>_<dst>_<rounding> takes the
// source's bits as an integer of its width and returns the result's bits.
// On cuda:80 (no fp8 cvt) every fp8 conversion takes the target-neutral
// sequence; f32 -> f16/bf16 rtz is checked on the AMD target, where it
// does too.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @cvt_e4m3_f32_rtne(%x: i8) -> i32 {
    %a = tt.bitcast %x : i8 -> f8E4M3FN
    %b = tt.fp_to_fp %a : f8E4M3FN -> f32
    %c = tt.bitcast %b : f32 -> i32
    tt.return %c : i32
  }
  tt.func @cvt_e5m2_f32_rtne(%x: i8) -> i32 {
    %a = tt.bitcast %x : i8 -> f8E5M2
    %b = tt.fp_to_fp %a : f8E5M2 -> f32
    %c = tt.bitcast %b : f32 -> i32
    tt.return %c : i32
  }
  tt.func @cvt_e4b15_f32_rtne(%x: i8) -> i32 {
    %a = tt.bitcast %x : i8 -> f8E4M3B11FNUZ
    %b = tt.fp_to_fp %a : f8E4M3B11FNUZ -> f32
    %c = tt.bitcast %b : f32 -> i32
    tt.return %c : i32
  }
  tt.func @cvt_e4m3_f16_rtne(%x: i8) -> i16 {
    %a = tt.bitcast %x : i8 -> f8E4M3FN
    %b = tt.fp_to_fp %a : f8E4M3FN -> f16
    %c = tt.bitcast %b : f16 -> i16
    tt.return %c : i16
  }
  tt.func @cvt_e5m2_bf16_rtne(%x: i8) -> i16 {
    %a = tt.bitcast %x : i8 -> f8E5M2
    %b = tt.fp_to_fp %a : f8E5M2 -> bf16
    %c = tt.bitcast %b : bf16 -> i16
    tt.return %c : i16
  }
  tt.func @cvt_e4m3_bf16_rtne(%x: i8) -> i16 {
    %a = tt.bitcast %x : i8 -> f8E4M3FN
    %b = tt.fp_to_fp %a : f8E4M3FN -> bf16
    %c = tt.bitcast %b : bf16 -> i16
    tt.return %c : i16
  }
  tt.func @cvt_e5m2_e4m3_rtne(%x: i8) -> i8 {
    %a = tt.bitcast %x : i8 -> f8E5M2
    %b = tt.fp_to_fp %a, rounding = rtne : f8E5M2 -> f8E4M3FN
    %c = tt.bitcast %b : f8E4M3FN -> i8
    tt.return %c : i8
  }
  tt.func @cvt_f32_e4m3_rtne(%x: i32) -> i8 {
    %a = tt.bitcast %x : i32 -> f32
    %b = tt.fp_to_fp %a, rounding = rtne : f32 -> f8E4M3FN
    %c = tt.bitcast %b : f8E4M3FN -> i8
    tt.return %c : i8
  }
  tt.func @cvt_f32_e5m2_rtne(%x: i32) -> i8 {
    %a = tt.bitcast %x : i32 -> f32
    %b = tt.fp_to_fp %a, rounding = rtne : f32 -> f8E5M2
    %c = tt.bitcast %b : f8E5M2 -> i8
    tt.return %c : i8
  }
  tt.func @cvt_f32_e5m2_rtz(%x: i32) -> i8 {
    %a = tt.bitcast %x : i32 -> f32
    %b = tt.fp_to_fp %a, rounding = rtz : f32 -> f8E5M2
    %c = tt.bitcast %b : f8E5M2 -> i8
    tt.return %c : i8
  }
  tt.func @cvt_f32_e4m3_rtz(%x: i32) -> i8 {
    %a = tt.bitcast %x : i32 -> f32
    %b = tt.fp_to_fp %a, rounding = rtz : f32 -> f8E4M3FN
    %c = tt.bitcast %b : f8E4M3FN -> i8
    tt.return %c : i8
  }
  tt.func @cvt_f32_e4b15_rtne(%x: i32) -> i8 {
    %a = tt.bitcast %x : i32 -> f32
    %b = tt.fp_to_fp %a, rounding = rtne : f32 -> f8E4M3B11FNUZ
    %c = tt.bitcast %b : f8E4M3B11FNUZ -> i8
    tt.return %c : i8
  }
  tt.func @cvt_f16_e4m3_rtne(%x: i16) -> i8 {
    %a = tt.bitcast %x : i16 -> f16
    %b = tt.fp_to_fp %a, rounding = rtne : f16 -> f8E4M3FN
    %c = tt.bitcast %b : f8E4M3FN -> i8
    tt.return %c : i8
  }
  tt.func @cvt_f16_e5m2_rtne(%x: i16) -> i8 {
    %a = tt.bitcast %x : i16 -> f16
    %b = tt.fp_to_fp %a, rounding = rtne : f16 -> f8E5M2
    %c = tt.bitcast %b : f8E5M2 -> i8
    tt.return %c : i8
  }
  tt.func @cvt_bf16_e4m3_rtne(%x: i16) -> i8 {
    %a = tt.bitcast %x : i16 -> bf16
    %b = tt.fp_to_fp %a, rounding = rtne : bf16 -> f8E4M3FN
    %c = tt.bitcast %b : f8E4M3FN -> i8
    tt.return %c : i8
  }
  tt.func @cvt_bf16_e5m2_rtne(%x: i16) -> i8 {
    %a = tt.bitcast %x : i16 -> bf16
    %b = tt.fp_to_fp %a, rounding = rtne : bf16 -> f8E5M2
    %c = tt.bitcast %b : f8E5M2 -> i8
    tt.return %c : i8
  }
}
