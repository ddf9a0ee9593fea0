"""Loads the .npy files tt-run wrote (numpy.test) and checks them."""
import sys

import numpy as np

d = sys.argv[1]

x = np.load(f"{d}/in/x.npy")
y = np.load(f"{d}/in/y.npy")
out = np.load(f"{d}/out/out.npy")
assert x.dtype == np.float32 and x.shape == (5000,), (x.dtype, x.shape)
assert x.min() >= -1 and x.max() < 1
assert np.array_equal(y, np.arange(5000, dtype=np.float32) * np.float32(0.5))
assert np.array_equal(out, x + y)

expected = np.arange(6).reshape(2, 3)
dtypes = {
    "f64": "<f8", "f32": "<f4", "f16": "<f2",
    # numpy has no bf16 or fp8: tt-run writes their exact values as float32.
    "bf16": "<f4", "fp8e4m3": "<f4", "fp8e5m2": "<f4",
    "i1": "|b1", "i8": "|i1", "i16": "<i2", "i32": "<i4", "i64": "<i8",
    "u8": "|u1", "u16": "<u2", "u32": "<u4", "u64": "<u8",
}
for name, descr in dtypes.items():
    a = np.load(f"{d}/dt/t_{name}.npy")
    assert a.dtype.str == descr, (name, a.dtype.str, descr)
    assert a.shape == (2, 3) and a.flags.c_contiguous, (name, a.shape)
    assert np.array_equal(a, expected.astype(a.dtype)), (name, a)
s = np.load(f"{d}/dt/t_scalar.npy")
assert s.shape == () and s == 2.5, s

# The other way: files numpy wrote, for tt-run to read (numpy.test).
np.save(f"{d}/x.npy", np.arange(35, dtype=np.float64).reshape(5, 7) / 3)
np.save(f"{d}/fortran.npy", np.asfortranarray(np.ones((5, 7))))
print("numpy agrees")
