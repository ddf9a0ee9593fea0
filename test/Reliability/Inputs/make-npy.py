#!/usr/bin/env python3
"""make-npy.py FILE SHAPE NBYTES: a float32 .npy file with the header SHAPE
(a Python tuple, written as given) followed by NBYTES bytes of data."""
import struct
import sys

path, shape, nbytes = sys.argv[1], sys.argv[2], int(sys.argv[3])
header = "{'descr': '<f4', 'fortran_order': False, 'shape': %s, }" % shape
header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
with open(path, "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
    f.write(header.encode())
    f.write(bytes(nbytes))
