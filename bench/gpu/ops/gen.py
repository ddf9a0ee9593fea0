#!/usr/bin/env python3
"""Writes the inputs and reference outputs of the ops kernels as .npy files.

    gen.py DIR

Plain Python (the GPU machine has no numpy): a seeded generator, numpy's
.npy format 1.0 written by hand. Every size is deliberately not a multiple
of the kernel's block, so the masked tails are checked too.
"""
import os
import random
import struct
import sys


def write_npy(path, values, dtype, shape):
    descr, fmt = {"f32": ("<f4", "<f"), "i32": ("<i4", "<i")}[dtype]
    shape_text = "(" + ", ".join(str(s) for s in shape) + ("," if len(shape) == 1 else "") + ")"
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr, shape_text)
    # Magic (6) + version (2) + length (2) + header, padded to 64 bytes.
    pad = 64 - (10 + len(header) + 1) % 64
    header = header + " " * pad + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode("latin1"))
        f.write(struct.pack(fmt[0] + str(len(values)) + fmt[1], *values))


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def write_cumsum(out, rng, name, M, N):
    xf = [f32(rng.uniform(-1, 1)) for _ in range(M * N)]
    xi = [rng.randrange(-50, 50) for _ in range(M * N)]
    cf, ci, cr = [], [], []
    for r in range(M):
        row_f, row_i = xf[r * N:(r + 1) * N], xi[r * N:(r + 1) * N]
        s = 0.0
        for v in row_f:
            s += v
            cf.append(s)
        s = 0
        for v in row_i:
            s += v
            ci.append(s)
        s, rev = 0, []
        for v in reversed(row_i):
            s += v
            rev.append(s)
        cr.extend(reversed(rev))
    write_npy(f"{out}/{name}_x.npy", xf, "f32", [M, N])
    write_npy(f"{out}/{name}_xi.npy", xi, "i32", [M, N])
    write_npy(f"{out}/{name}_ref.npy", cf, "f32", [M, N])
    write_npy(f"{out}/{name}_refi.npy", ci, "i32", [M, N])
    write_npy(f"{out}/{name}_refr.npy", cr, "i32", [M, N])


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "data"
    os.makedirs(out, exist_ok=True)
    rng = random.Random(20261130)

    # hist: n = 100003 values in [-8, 72), 64 bins.
    n = 100003
    x = [rng.randrange(-8, 72) for _ in range(n)]
    counts = [0] * 64
    for v in x:
        if 0 <= v < 64:
            counts[v] += 1
    write_npy(f"{out}/hist_x.npy", x, "i32", [n])
    write_npy(f"{out}/hist_ref.npy", counts, "i32", [64])

    # cumsum: 37 rows of 1000; cumsum4: 37 rows of 1008 (a multiple of 16).
    for name, M, N in (("cumsum", 37, 1000), ("cumsum4", 37, 1008)):
        write_cumsum(out, rng, name, M, N)

    # shapes: n = 1000, blocks of 256.
    n, B = 1000, 256
    a = [f32(rng.uniform(-1, 1)) for _ in range(n)]
    b = [f32(rng.uniform(-1, 1)) for _ in range(n)]
    inter = [v for pair in zip(a, b) for v in pair]
    catsum = [sum(a[i:i + B]) + sum(b[i:i + B]) for i in range(0, n, B)]
    write_npy(f"{out}/shapes_a.npy", a, "f32", [n])
    write_npy(f"{out}/shapes_b.npy", b, "f32", [n])
    write_npy(f"{out}/shapes_inter.npy", inter, "f32", [n, 2])
    write_npy(f"{out}/shapes_inter2.npy", inter, "f32", [2 * n])
    write_npy(f"{out}/shapes_catsum.npy", catsum, "f32", [len(catsum)])

    # gather: n = 1000, blocks of 256, indices within the block.
    xg = [f32(rng.uniform(-1, 1)) for _ in range(n)]
    idx = [rng.randrange(0, B) for _ in range(n)]
    g = []
    for i in range(n):
        j = (i // B) * B + idx[i]
        g.append(xg[j] if j < n else 0.0)
    write_npy(f"{out}/gather_x.npy", xg, "f32", [n])
    write_npy(f"{out}/gather_idx.npy", idx, "i32", [n])
    write_npy(f"{out}/gather_ref.npy", g, "f32", [n])


if __name__ == "__main__":
    main()
