; A stand-in for libdevice.10.bc: its __nv_expf multiplies by 42, so a
; kernel linked against it shows the constant (0f42280000) in its PTX.
target triple = "nvptx64-nvidia-cuda"

define float @__nv_expf(float %x) {
  %r = fmul float %x, 42.0
  ret float %r
}
