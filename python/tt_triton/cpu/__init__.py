#===- __init__.py - tt's CPU backend as a Triton runtime -------*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""tt's CPU backend behind upstream Triton 3.6's runtime (docs/python.md).

Registered in the `triton.backends` entry-point group as `tt_cpu`
(python/pyproject.toml): triton imports `compiler` (a backend claiming the
`cpu` target) and `driver` (a driver launching on the host's cores) in every
process that loads its backends. The driver is the active one when

    TRITON_TT_DEVICE=cpu python script.py

or, in a process whose default driver is another one:

    import tt_triton.cpu
    tt_triton.cpu.activate()        # triton.runtime.driver.set_active(CPUDriver())

Then `@triton.jit` kernels take torch CPU tensors: upstream's frontend and
TTIR passes make the TTIR, `tt-translate --target cpu --emit=so` compiles it
to a shared library, and every program of the grid runs on a pool of host
threads (TT_CPU_THREADS, default: every core).
"""

import os

#: `cpu` makes tt's CPU driver the active one in every process.
DEVICE = "TRITON_TT_DEVICE"
#: How many threads run a grid (default: os.cpu_count()).
THREADS = "TT_CPU_THREADS"


def enabled_by_env():
    """True when TRITON_TT_DEVICE asks for the CPU."""
    return os.environ.get(DEVICE, "").strip().lower() == "cpu"


def threads():
    value = os.environ.get(THREADS)
    if value:
        try:
            n = int(value)
        except ValueError:
            raise ValueError(f"{THREADS} must be a number of threads, got {value!r}") from None
        if n > 0:
            return n
    return max(1, os.cpu_count() or 1)


def activate():
    """Makes tt's CPU driver the active one in this process; returns it."""
    from triton.runtime import driver as _driver
    from .driver import CPUDriver
    d = CPUDriver()
    _driver.set_active(d)
    return d


def as_arg(array, dtype=None):
    """A numpy array as a pointer argument (tt_triton.cpu.arrays)."""
    from .arrays import as_arg as _as_arg
    return _as_arg(array, dtype)


def deactivate():
    """Makes the default driver the active one again."""
    from triton.runtime import driver as _driver
    # reset_active() would build the default driver, and a machine without
    # a GPU has none (DriverConfig raises): forget the active one instead,
    # so that the next use asks for the default as a fresh process does.
    _driver._active = None


__all__ = ["DEVICE", "THREADS", "activate", "as_arg", "deactivate", "enabled_by_env", "threads"]
