"""Checks that a file is a PNG screenshot of the given size with real
content: more than `min_bytes` bytes (a blank page compresses to a few KB).

    check-png.py FILE WIDTH HEIGHT MIN_BYTES
"""
import struct
import sys

path, width, height, min_bytes = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
data = open(path, "rb").read()
if data[:8] != b"\x89PNG\r\n\x1a\n":
    sys.exit(f"{path}: not a PNG")
w, h = struct.unpack(">II", data[16:24])
if (w, h) != (width, height):
    sys.exit(f"{path}: {w}x{h}, expected {width}x{height}")
if len(data) < min_bytes:
    sys.exit(f"{path}: {len(data)} bytes, a blank page? (expected > {min_bytes})")
print(f"png ok: {w}x{h}")
