#===- arrays.py - numpy arrays as kernel arguments -------------*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""numpy arrays as `@triton.jit` pointer arguments on tt's CPU driver.

Upstream's runtime takes as a pointer argument any object with a
`data_ptr()` method and a `dtype` (torch tensors, and the TensorWrapper of
`triton.reinterpret`, whose dtype is a triton dtype); a numpy array has
neither. `as_arg(array)` wraps one so that it passes: the kernel reads and
writes the array's own memory (no copy), so results show in the array.

    import numpy as np, tt_triton.cpu as ttc
    x = np.arange(1024, dtype=np.float32); out = np.empty_like(x)
    add_kernel[(4,)](ttc.as_arg(x), ttc.as_arg(x), ttc.as_arg(out), 1024, BLOCK=256)
"""

import triton.language as tl

_DTYPES = {
    "bool": tl.int1,
    "int8": tl.int8,
    "int16": tl.int16,
    "int32": tl.int32,
    "int64": tl.int64,
    "uint8": tl.uint8,
    "uint16": tl.uint16,
    "uint32": tl.uint32,
    "uint64": tl.uint64,
    "float16": tl.float16,
    "float32": tl.float32,
    "float64": tl.float64,
}


class ArrayArg:
    """A numpy array seen as a tensor by upstream's runtime (pointer + dtype)."""

    def __init__(self, array, dtype=None):
        if dtype is None:
            name = array.dtype.name
            if name not in _DTYPES:
                raise TypeError(f"tt_triton.cpu.as_arg: no Triton type for numpy dtype {name}; "
                                f"pass dtype= (e.g. triton.language.bfloat16 for uint16 bits)")
            dtype = _DTYPES[name]
        self.base = array
        self.dtype = dtype
        self.shape = array.shape

    def data_ptr(self):
        return self.base.__array_interface__["data"][0]

    def stride(self, *dim):
        strides = tuple(s // self.base.itemsize for s in self.base.strides)
        return strides[dim[0]] if dim else strides

    def element_size(self):
        return self.base.itemsize

    def __repr__(self):
        return f"ArrayArg[{self.dtype}]({self.base!r})"


def as_arg(array, dtype=None):
    """Wraps a numpy array (or returns a torch tensor unchanged)."""
    if hasattr(array, "data_ptr"):
        return array
    if not hasattr(array, "__array_interface__"):
        raise TypeError(f"tt_triton.cpu.as_arg takes a numpy array, got {type(array).__name__}")
    return ArrayArg(array, dtype)
