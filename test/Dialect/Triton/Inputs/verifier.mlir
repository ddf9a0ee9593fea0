// Well-formed syntax, but dot's K dimensions disagree: the verifier rejects it.
tt.func @f(%a: tensor<128x64xf16>, %b: tensor<32x128xf16>, %c: tensor<128x128xf32>) {
  %0 = tt.dot %a, %b, %c : tensor<128x64xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
  tt.return
}
