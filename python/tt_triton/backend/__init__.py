#===- __init__.py - the plugin's triton.backends entry ---------*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""Registered in the `triton.backends` entry-point group (pyproject.toml).

triton imports every package of that group, with its `compiler` and `driver`
modules, in every process that loads its backends: the user's process and
Inductor's compile workers alike. That import is what carries TRITON_TT=1
into those processes. The backend it declares claims no target and its
driver is never active, so upstream's NVIDIA backend still compiles and
launches; only its stages are replaced (tt_triton.hook).
"""

from .. import config

if config.enabled_by_env():
    try:
        from ..hook import enable as _enable
        _enable()
    except Exception as _e:  # say which plugin broke triton's import
        raise RuntimeError(f"tt_triton: {config.ENABLE}=1 but enabling the plugin failed: {_e}") from _e

# TT_TRITON_CAPTURE=DIR: every process that loads triton's backends writes its launches as tt-run specs.
from ..capture import install_from_env as _install_capture  # noqa: E402
_install_capture()
