

module {
  llvm.func @bad(%p: !llvm.ptr) attributes {tt.cpu.kernel} {
    llvm.return
  }
}