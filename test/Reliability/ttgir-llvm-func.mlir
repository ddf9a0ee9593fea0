// The TTGIR stage on a module that also holds an llvm.func (as CPU-stage
// output does): convert-triton-to-tritongpu retyped every function to a
// builtin FunctionType, which crashed on the llvm.func's LLVMFunctionType.
// Found by fuzz-ttgir-pipeline (fuzz/regressions/fuzz-ttgir-pipeline/).
// RUN: tt-opt %s --tt-ttgir | FileCheck %s

// CHECK-LABEL: llvm.func @bad(%{{.*}}: !llvm.ptr)
// CHECK: tt.func @scale(%{{.*}}: tensor<128xf32, #{{.*}}>)
module {
  llvm.func @bad(%p: !llvm.ptr) attributes {tt.cpu.kernel} {
    llvm.return
  }
  tt.func @scale(%x: tensor<128xf32>) {
    tt.return
  }
}
