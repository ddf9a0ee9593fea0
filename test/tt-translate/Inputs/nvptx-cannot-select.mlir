// An LLVM dialect kernel NVPTX cannot select (an x86 intrinsic): LLVM
// reports a fatal error and the process ends (serve-crash.test).
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @k() attributes {nvvm.kernel = 1 : ui1} {
    llvm.call_intrinsic "llvm.x86.sse2.pause"() : () -> ()
    llvm.return
  }
}
