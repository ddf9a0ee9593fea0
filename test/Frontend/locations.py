# Every op carries the location upstream gives it: file:line:col of the
# last syntax node visited before the op was built (so a binary op is at
# its right operand, a call at its last positional argument), inside a
# NameLoc of the variable being assigned; arguments are named after their
# parameters. Printed with the names as SSA prefixes, like upstream's dumps.
# RUN: tt-py %s::add --signature '*fp32:16, *fp32:16, i32' -D BLOCK=256 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def add(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    for i in range(n):
        x += 1.0
    tl.store(out_ptr + offs, x, mask=offs < n)

# CHECK: #[[FN:loc[0-9]*]] = loc("{{.*}}locations.py":12:0)
# CHECK: tt.func public @add(%x_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32} loc("x_ptr"(#[[FN]])), %out_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32} loc("out_ptr"(#[[FN]])), %n: i32 loc("n"(#[[FN]])))
# CHECK-NEXT: %pid = tt.get_program_id x : i32 loc(#[[PID:loc[0-9]*]])
# CHECK-NEXT: %offs = arith.constant 256 : i32 loc(#[[MUL:loc[0-9]*]])
# CHECK-NEXT: %offs_0 = arith.muli %pid, %offs : i32 loc(#[[MUL]])
# CHECK-NEXT: %offs_1 = tt.make_range {{.*}} loc(#[[RANGE:loc[0-9]*]])
# CHECK-NEXT: %offs_2 = tt.splat {{.*}} loc(#[[ADD:loc[0-9]*]])
# CHECK-NEXT: %offs_3 = arith.addi {{.*}} loc(#[[ADD]])
# CHECK: %x_{{[0-9]+}} = tt.load {{.*}} loc(#[[LOAD:loc[0-9]*]])
# CHECK: %x_{{[0-9]+}} = scf.for %i = {{.*}} iter_args(%x_{{[0-9]+}} = %x_{{[0-9]+}}) {{.*}} {
# CHECK: } loc(#[[FOR:loc[0-9]*]])
# CHECK: tt.store {{.*}} loc(#[[STORE:loc[0-9]*]])
# CHECK-NEXT: tt.return loc(#[[RET:loc[0-9]*]])
# CHECK-DAG: #[[PID]] = loc("pid"(#[[PIDF:loc[0-9]*]]))
# CHECK-DAG: #[[PIDF]] = loc("{{.*}}locations.py":13:24)
# CHECK-DAG: #[[MUL]] = loc("offs"(#[[MULF:loc[0-9]*]]))
# CHECK-DAG: #[[MULF]] = loc("{{.*}}locations.py":14:17)
# CHECK-DAG: #[[RANGE]] = loc("offs"(#[[RANGEF:loc[0-9]*]]))
# CHECK-DAG: #[[RANGEF]] = loc("{{.*}}locations.py":14:38)
# CHECK-DAG: #[[ADD]] = loc("offs"(#[[ADDF:loc[0-9]*]]))
# CHECK-DAG: #[[ADDF]] = loc("{{.*}}locations.py":14:25)
# CHECK-DAG: #[[LOAD]] = loc("x"(#[[LOADF:loc[0-9]*]]))
# CHECK-DAG: #[[LOADF]] = loc("{{.*}}locations.py":15:16)
# CHECK-DAG: #[[FOR]] = loc("x"(#[[FORF:loc[0-9]*]]))
# CHECK-DAG: #[[FORF]] = loc("{{.*}}locations.py":16:19)
# CHECK-DAG: #[[STORE]] = loc("{{.*}}locations.py":18:29)
# CHECK-DAG: #[[RET]] = loc("{{.*}}locations.py":18:4)
