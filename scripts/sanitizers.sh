# Sourced by scripts/asan.sh and scripts/fuzz.sh: what their sanitizer
# builds share.
#
#   need_clang_runtime TOOL LIB WHAT
#     exits 2, with a message prefixed "TOOL:", unless clang++-22 and its
#     runtime library libclang_rt.LIB-x86_64.a (WHAT, for the message) are
#     installed.
#   $san        ASan + UBSan, undefined behaviour not recoverable. vptr
#               checks need RTTI on both sides of every call into
#               libMLIR/libLLVM and add nothing for our code, which casts
#               with MLIR's TypeID machinery.
#   $san_cflags -O1 keeps the build and the tests reasonably fast; frame
#               pointers and line tables give readable stacks.

need_clang_runtime() {
  local tool=$1 lib=$2 what=$3 rt
  command -v clang++-22 >/dev/null || {
    echo "$tool: clang++-22 is needed (scripts/install-deps.sh)" >&2; exit 2; }
  rt=$(clang-22 -print-resource-dir)/lib/linux/libclang_rt.$lib-x86_64.a
  [ -f "$rt" ] || {
    echo "$tool: $what is missing ($rt); install libclang-rt-22-dev" \
         "(scripts/install-deps.sh)" >&2; exit 2; }
}

san="-fsanitize=address,undefined -fno-sanitize=vptr -fno-sanitize-recover=all"
san_cflags="-O1 -gline-tables-only -fno-omit-frame-pointer $san"
