#===- __init__.py - tt behind upstream Triton's runtime --------*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""tt_triton: upstream Triton 3.6's runtime, compiling every kernel with tt.

    TRITON_TT=1 python train.py          # every process, Inductor's workers too
    import tt_triton; tt_triton.enable() # this process

See docs/python.md.
"""

from ._version import __version__
from .errors import TTCompileError, TTToolNotFound
from .hook import disable, enable, is_enabled
from .tools import find_compiler, find_tool

__all__ = ["__version__", "TTCompileError", "TTToolNotFound", "disable", "enable", "find_compiler", "find_tool",
           "is_enabled"]
