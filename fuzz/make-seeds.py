#!/usr/bin/env python3
"""Builds the seed corpora of the tt fuzz harnesses.

    fuzz/make-seeds.py OUTDIR [CORPUS_DIR]

Writes OUTDIR/<harness>/<sha1> files:
  fuzz-mlir-parse, fuzz-ttir-pipeline, fuzz-ttgir-pipeline
      every .mlir/.ttir/.ttgir under test/ and examples/, and the upstream
      corpus' TTIR and TTGIR, split at `// -----` like -split-input-file
  fuzz-runspec   every .yaml under test/ and examples/
  fuzz-expr      the expressions in fuzz/seeds/expr.txt and the grid, shape,
                 value and check expressions of the YAML files
  fuzz-npy       small .npy files of every dtype, versions 1.0 to 3.0
  fuzz-metadata  PTX and JSON files under test/, examples/ and the corpus
Inputs that crashed once (fuzz/regressions/<harness>/) are added too.
"""
import hashlib
import os
import re
import struct
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
IR = ["fuzz-mlir-parse", "fuzz-ttir-pipeline", "fuzz-ttgir-pipeline"]
MAX_IR = 64 * 1024


def files_under(dirs, suffixes):
    for d in dirs:
        for base, subdirs, names in os.walk(d):
            subdirs.sort()
            for n in sorted(names):
                if n.endswith(suffixes):
                    yield os.path.join(base, n)


def put(out, harness, data):
    if isinstance(data, str):
        data = data.encode()
    d = os.path.join(out, harness)
    os.makedirs(d, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def npy(descr, shape, payload, version=1):
    shape_text = "(" + "".join("%d, " % s for s in shape).rstrip(" ")
    if len(shape) != 1:
        shape_text = shape_text.rstrip(",")
    shape_text += ")"
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (
        descr, shape_text)
    prefix = 10 if version == 1 else 12
    total = prefix + len(header) + 1
    header += " " * ((64 - total % 64) % 64) + "\n"
    if version == 1:
        head = b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header))
    else:
        head = b"\x93NUMPY" + bytes([version, 0]) + struct.pack(
            "<I", len(header))
    return head + header.encode("latin-1") + payload


def main():
    out = sys.argv[1]
    corpus = sys.argv[2] if len(sys.argv) > 2 else os.path.join(
        ROOT, "..", "shared", "corpus")
    ir_dirs = [os.path.join(ROOT, "test"), os.path.join(ROOT, "examples")]
    n_ir = 0
    sources = list(files_under(ir_dirs, (".mlir", ".ttir", ".ttgir")))
    if os.path.isdir(corpus):
        sources += list(files_under([corpus], (".ttir", ".ttgir")))
    for path in sources:
        with open(path, errors="replace") as f:
            text = f.read()
        for piece in re.split(r"^// -----.*$", text, flags=re.M):
            # Drop lit and FileCheck lines: they are comments to the parser
            # and only lengthen the input.
            piece = "\n".join(l for l in piece.splitlines()
                              if not re.match(r"\s*//\s*(RUN|CHECK|expected-)", l))
            if piece.strip() and len(piece) <= MAX_IR:
                for h in IR:
                    put(out, h, piece)
                n_ir += 1
    yamls = list(files_under(ir_dirs, (".yaml", ".yml")))
    exprs = []
    with open(os.path.join(ROOT, "fuzz", "seeds", "expr.txt")) as f:
        exprs += [l.rstrip("\n").replace("\\n", "\n") for l in f
                  if l.strip() and not l.startswith("#!")]
    for path in yamls:
        with open(path, errors="replace") as f:
            text = f.read()
        put(out, "fuzz-runspec", text)
        for m in re.finditer(
                r"(?:check|expect|value|grid|shape|bytes|flops):\s*([^{}\n]+?)\s*(?:[,}]|$)",
                text, flags=re.M):
            exprs.append(m.group(1).strip("[]"))
    for e in exprs:
        put(out, "fuzz-expr", e)
    # .npy files: every dtype, a few shapes, the three header versions.
    dtypes = {"<f8": 8, "<f4": 4, "<f2": 2, "|b1": 1, "|i1": 1, "<i2": 2,
              "<i4": 4, "<i8": 8, "|u1": 1, "<u2": 2, "<u4": 4, "<u8": 8}
    for descr, size in dtypes.items():
        for shape in [(), (3,), (2, 3), (0, 4), (1, 1, 2)]:
            n = 1
            for s in shape:
                n *= s
            payload = bytes((i * 7) % 256 for i in range(n * size))
            put(out, "fuzz-npy", npy(descr, shape, payload))
    for v in (2, 3):
        put(out, "fuzz-npy", npy("<f4", (2, 2), b"\0" * 16, version=v))
    # Kernel files: a selector byte, then PTX, metadata JSON or a baseline.
    kfiles = list(files_under(ir_dirs, (".ptx", ".json")))
    if os.path.isdir(corpus):
        kfiles += list(files_under([corpus], (".ptx", ".json")))
    for path in kfiles:
        with open(path, "rb") as f:
            text = f.read()
        if len(text) > 16 * 1024 - 1:
            text = text[:16 * 1024 - 1]
        if path.endswith(".ptx"):
            put(out, "fuzz-metadata", b"\x00" + text)
        else:
            put(out, "fuzz-metadata", b"\x01" + text)
            put(out, "fuzz-metadata", b"\x02" + text)
    put(out, "fuzz-metadata", b"\x02" + b'{"results": [{"variants": [{"key": '
        b'"add/upstream[n=4096]", "bench": {"median_ms": 0.0123}}]}]}')
    # Regression inputs: they found bugs once, so they are interesting.
    reg = os.path.join(ROOT, "fuzz", "regressions")
    if os.path.isdir(reg):
        for h in sorted(os.listdir(reg)):
            for p in files_under([os.path.join(reg, h)], ("",)):
                with open(p, "rb") as f:
                    put(out, h, f.read())
    counts = {h: len(os.listdir(os.path.join(out, h)))
              for h in sorted(os.listdir(out))}
    print("seeds: " + ", ".join("%s %d" % kv for kv in counts.items()))


if __name__ == "__main__":
    main()
