# Other located errors of bad kernels and bad specializations.
# RUN: not tt-py %s::undefined --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=UNDEF
# RUN: not tt-py %s::static_check --signature '*fp32' -D BLOCK=8 2>&1 | FileCheck %s --check-prefix=STATIC
# RUN: not tt-py %s::undefined --signature '*fp32, i32' 2>&1 | FileCheck %s --check-prefix=SIGLEN
# RUN: not tt-py %s::static_check --signature '*fp32' -D BLOCK=32 -D NOPE=1 2>&1 | FileCheck %s --check-prefix=UNKNOWNDEF
# RUN: not tt-py %s::static_check --signature '*fp32, i32' 2>&1 | FileCheck %s --check-prefix=TYPED
# RUN: not tt-py %s::static_check --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=MISSING
# RUN: not tt-py %s::calls_host --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=HOST
# RUN: not tt-py %s::early_return --signature '*fp32, i32' 2>&1 | FileCheck %s --check-prefix=RETURN
# RUN: not tt-py %s::with_break --signature '*fp32, i32' 2>&1 | FileCheck %s --check-prefix=BREAK
# RUN: not tt-py %s::with_continue --signature '*fp32, i32' 2>&1 | FileCheck %s --check-prefix=CONTINUE
# RUN: not tt-py %s::loop_type --signature '*fp32, i32' 2>&1 | FileCheck %s --check-prefix=LOOPTYPE
# RUN: not tt-py %s::branch_type --signature '*fp32, i32' 2>&1 | FileCheck %s --check-prefix=BRANCH
# RUN: not tt-py %s::bad_dot --signature '*fp16' 2>&1 | FileCheck %s --check-prefix=DOT
# RUN: not tt-py %s::exp_fp16 --signature '*fp16' 2>&1 | FileCheck %s --check-prefix=EXP
# RUN: not tt-py %s::int_mask --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=MASK
# RUN: not tt-py %s::bad_keyword --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=KEYWORD
# RUN: not tt-py %s::chained --signature '*fp32, i32' 2>&1 | FileCheck %s --check-prefix=CHAINED
# RUN: not tt-py %s::uses_global --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=GLOBAL
# RUN: not tt-py %s::calls_bad_helper --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=HELPER
# RUN: not tt-py %s::no_such_kernel --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=NOKERNEL
# RUN: not tt-py %s::undefined --signature '*fp32:8' 2>&1 | FileCheck %s --check-prefix=BADSIG
# RUN: not tt-py %s::static_check --signature '*fp32' -D BLOCK 2>&1 | FileCheck %s --check-prefix=BADDEF
# RUN: not tt-py %s --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=WHICH
import triton
import triton.language as tl

scale = 3


def host_helper(x):
    return x


@triton.jit
def undefined(p):
    # UNDEF: errors-misc.py:[[@LINE+1]]:28: error: name 'offset' is not defined
    tl.store(p + tl.arange(offset, 16), 1.0)


# SIGLEN: errors-misc.py:[[@LINE-5]]:1: error: the signature has 2 entries but 'undefined' has 1 parameters
# BADSIG: tt-py: error: --signature: signature entry '*fp32:8': the hint after ':' must be 16 (divisible by 16) or 1 (equal to 1)

@triton.jit
# TYPED: errors-misc.py:[[@LINE+3]]:21: error: parameter 'BLOCK' is tl.constexpr: give it a value (in the signature or with -D BLOCK=VALUE), not the type 'i32'
# MISSING: errors-misc.py:[[@LINE+2]]:21: error: no value for parameter 'BLOCK': the signature has 1 entries; give its type or value there, or -D BLOCK=VALUE
# UNKNOWNDEF: errors-misc.py:[[@LINE+1]]:1: error: -D NOPE: 'static_check' has no parameter named 'NOPE'
def static_check(p, BLOCK: tl.constexpr):
    # STATIC: errors-misc.py:[[@LINE+1]]:5: error: static_assert failed: BLOCK must be at least 16, got 8
    tl.static_assert(BLOCK >= 16, "BLOCK must be at least 16, got " + "8")
    tl.store(p + tl.arange(0, BLOCK), 0.0)


@triton.jit
def calls_host(p):
    # HOST: errors-misc.py:[[@LINE+1]]:9: error: 'host_helper' is a Python function without @triton.jit
    x = host_helper(p)


@triton.jit
def early_return(p, n):
    for i in range(n):
        if i > 4:
            # RETURN: errors-misc.py:[[@LINE+1]]:13: error: 'return' inside a for or while loop is not supported
            return
    tl.store(p, 1.0)


@triton.jit
def with_break(p, n):
    for i in range(n):
        # BREAK: errors-misc.py:[[@LINE+1]]:9: error: 'break' is not supported in @triton.jit functions
        break


# Upstream Triton rejects break and continue too (no such statement in its
# code generator).
@triton.jit
def with_continue(p, n):
    for i in range(n):
        if i > 2:
            # CONTINUE: errors-misc.py:[[@LINE+2]]:13: error: 'continue' is not supported in @triton.jit functions
            # CONTINUE-NEXT: {{^}}            continue
            continue
        tl.store(p + i, 1.0)


@triton.jit
def loop_type(p, n):
    x = 0
    # LOOPTYPE: errors-misc.py:[[@LINE+1]]:5: error: loop-carried variable 'x' is int32 before the loop but fp32 at the end of the loop body (its type must stay the same)
    for i in range(n):
        x = x + 1.5
    tl.store(p, x)


@triton.jit
def branch_type(p, n):
    x = 0
    # BRANCH: errors-misc.py:[[@LINE+1]]:5: error: variable 'x' is a scalar tensor of type int32 before the if, but a branch assigns a scalar tensor of type fp32 (its type must stay the same)
    if n > 0:
        x = 1.0
    tl.store(p, x)


@triton.jit
def bad_dot(p):
    a = tl.zeros((32, 16), tl.float16)
    b = tl.zeros((32, 16), tl.float16)
    # DOT: errors-misc.py:[[@LINE+1]]:9: error: tl.dot shapes [32, 16] and [32, 16] are not compatible: the inner dimensions differ (16 and 32)
    c = tl.dot(a, b)


@triton.jit
def exp_fp16(p):
    x = tl.load(p + tl.arange(0, 16))
    # EXP: errors-misc.py:[[@LINE+1]]:9: error: tl.exp expects a float32 or float64 tensor, got fp16 (convert it with .to(tl.float32))
    y = tl.exp(x)


@triton.jit
def int_mask(p):
    offs = tl.arange(0, 16)
    # MASK: errors-misc.py:[[@LINE+1]]:32: error: tl.load's mask must have boolean (int1) elements, got a tensor of type int32[16]
    x = tl.load(p + offs, mask=offs)


@triton.jit
def bad_keyword(p):
    # KEYWORD: errors-misc.py:[[@LINE+1]]:9: error: load() got an unexpected keyword argument 'msk'
    x = tl.load(p, msk=None)


@triton.jit
def chained(p, n):
    # CHAINED: errors-misc.py:[[@LINE+1]]:12: error: chained comparisons such as 'a < b < c' are not supported; combine two comparisons with &
    ok = 0 < n < 10


@triton.jit
def uses_global(p):
    # GLOBAL: errors-misc.py:[[@LINE+1]]:17: error: global 'scale' is not a compile-time constant
    tl.store(p, scale * 1.0)


@triton.jit
def bad_helper(x):
    # HELPER: errors-misc.py:[[@LINE+1]]:14: error: unsupported operand types for '+': pointer<fp32> and fp32
    return x + 1.0


@triton.jit
def calls_bad_helper(p):
    # HELPER: errors-misc.py:[[@LINE+1]]:9: note: in the call to 'bad_helper' here
    y = bad_helper(p)

# NOKERNEL: errors-misc.py: error: no function named 'no_such_kernel' (@triton.jit functions: undefined, static_check,
# BADDEF: tt-py: error: -D BLOCK: expected NAME=VALUE
# WHICH: tt-py: error: name the kernel as {{.*}}errors-misc.py::NAME (16 @triton.jit functions)
