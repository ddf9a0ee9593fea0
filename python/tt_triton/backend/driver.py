#===- driver.py - a driver that is never active ----------------*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""The driver half of the triton.backends entry: never active.

triton.runtime.driver takes the one driver whose is_active is true; this one
is always false, so CUDA's driver launches the kernels tt compiled.
"""

from triton.backends.driver import DriverBase


class TTPluginDriver(DriverBase):
    """Present only so that triton imports the plugin; launches nothing."""

    @classmethod
    def is_active(cls):
        return False

    def map_python_to_cpp_type(self, ty):
        raise NotImplementedError("tt_triton's driver entry is never active")

    def get_current_target(self):
        raise NotImplementedError("tt_triton's driver entry is never active")

    def get_active_torch_device(self):
        raise NotImplementedError("tt_triton's driver entry is never active")

    def get_benchmarker(self):
        raise NotImplementedError("tt_triton's driver entry is never active")
