#===- _version.py - the plugin's version -----------------------*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""The plugin's version; it enters the compile cache key (keep in step with pyproject.toml)."""

__version__ = "0.1.0"

#: The triton release the plugin is written against.
TRITON_VERSION = "3.6"
