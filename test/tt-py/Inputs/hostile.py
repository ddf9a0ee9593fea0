#!/usr/bin/env python3
"""Writes Python kernels that push the frontend's limits (test/tt-py).

    hostile.py chain N    x = n + n + ... (N terms)
    hostile.py unary N    x = - - ... n (N signs)
    hostile.py paren N    x = ((...(n)...)) (N pairs)
    hostile.py not N      x = not not ... n (N words)
    hostile.py power N    x = n ** n ** ... (N powers)
    hostile.py elif N     an if with N elif branches
    hostile.py indent N   N nested ifs, one more indentation level each
    hostile.py utf8       a string literal holding the byte 0xff
    hostile.py escape     a syntax error on a line holding ESC [2J
"""
import sys

kind = sys.argv[1]
n = int(sys.argv[2]) if len(sys.argv) > 2 else 0

head = ("import triton\nimport triton.language as tl\n\n\n"
        "@triton.jit\ndef kernel(p, n):\n")
body = None
if kind == "chain":
    body = "    x = " + " + ".join(["n"] * n) + "\n"
elif kind == "unary":
    body = "    x = " + "-" * n + "n\n"
elif kind == "paren":
    body = "    x = " + "(" * n + "n" + ")" * n + "\n"
elif kind == "power":
    body = "    x = " + " ** ".join(["n"] * (n + 1)) + "\n"
elif kind == "not":
    body = "    x = " + "not " * n + "n\n"
elif kind == "elif":
    body = "    x = n\n    if n == 0:\n        x = 0\n"
    body += "".join("    elif n == %d:\n        x = %d\n" % (i, i)
                    for i in range(1, n + 1))
elif kind == "indent":
    body = "    x = n\n" + "".join(" " * (4 + i) + "if n > %d:\n" % i
                                   for i in range(n))
    body += " " * (4 + n) + "x = 1\n"
if body is not None:
    sys.stdout.write(head + body + "    tl.store(p, x)\n")
elif kind == "utf8":
    sys.stdout.buffer.write((head + '    tl.device_print("x=').encode()
                            + b"\xff" + b'", n)\n')
elif kind == "escape":
    sys.stdout.buffer.write((head + "    x = n +  # ").encode() + b"\x1b[2J\n"
                            + b"    tl.store(p, x)\n")
else:
    sys.exit("unknown kind " + kind)
