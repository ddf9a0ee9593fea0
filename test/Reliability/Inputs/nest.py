#!/usr/bin/env python3
"""Writes hostile inputs for the reliability tests.

    nest.py if N          TTIR: a function with N nested scf.if
    nest.py type N        MLIR: a type nested N deep, tuple<tuple<...>>
    nest.py paren N       run.yaml: parameter v = N nested parentheses
    nest.py unary N       run.yaml: v = N unary minus signs
    nest.py chain N       run.yaml: v = 1 + 1 + ... (N terms)
    nest.py ctrl          run.yaml: v = a line break and a terminal escape
"""
import sys

kind = sys.argv[1]
n = int(sys.argv[2]) if len(sys.argv) > 2 else 0


def run_yaml(expr):
    # YAML double-quoted scalar: backslash escapes for the control bytes.
    q = expr.replace("\\", "\\\\").replace('"', '\\"').replace(
        "\n", "\\n").replace("\x1b", "\\e")
    return ("name: k\nkernel: k.so\ntarget: cpu\nparams:\n  v: \"%s\"\ngrid: [1]\n"
            "args:\n  - {name: x, tensor: f32, shape: [16], init: zeros}\n"
            % q)


if kind == "if":
    out = ["tt.func @nested(%c: i1, %p: !tt.ptr<i32>) {"]
    out += ["scf.if %c {"] * n
    out += ["%x = arith.constant 1 : i32", "tt.store %p, %x : !tt.ptr<i32>"]
    out += ["}"] * n
    out += ["tt.return", "}"]
    print("\n".join(out))
elif kind == "type":
    print("func.func private @f() -> " + "tuple<" * n + "i32" + ">" * n)
elif kind == "paren":
    sys.stdout.write(run_yaml("(" * n + "1" + ")" * n))
elif kind == "unary":
    sys.stdout.write(run_yaml("-" * n + "1"))
elif kind == "chain":
    sys.stdout.write(run_yaml("+".join(["1"] * n)))
elif kind == "ctrl":
    sys.stdout.write(run_yaml("1 +\n\x1b[2J"))
else:
    sys.exit("unknown kind " + kind)
