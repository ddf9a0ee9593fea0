#===- cachekey.py - tt's identity in upstream's compile cache key -*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""Puts tt's identity into upstream's cache key.

triton.compile computes its key before the backend adds its stages:
  get_cache_key(src, backend, options, env_vars)
    = f"{triton_key()}-{src.hash()}-{backend.hash()}-{options.hash()}-{env_vars}"
so the stages hook cannot enter it. The plugin wraps CUDABackend.hash (the
`backend.hash()` term, also used by the autotuner's on-disk cache): while the
plugin is enabled it returns upstream's value plus a digest of tt's identity
(the plugin's version, the tool and the SHA-256 of its file, strict or
fallback mode, and the variables that change tt's output). Disabled, it
returns upstream's value unchanged. So a kernel compiled by one compiler is
never served to the other, nor one compiled by a different tt build.
"""

import functools
import hashlib
import json
import os

from . import config, runner, tools
from ._version import __version__

_state = {"enabled": False}


def set_enabled(value):
    _state["enabled"] = bool(value)


def identity():
    """A dict naming everything of tt that decides what a kernel becomes."""
    ident = {"plugin": __version__, "mode": config.mode()}
    try:
        path = tools.find_compiler()
        ident["tool"] = os.path.basename(path)
        ident["tool_sha256"] = tools.binary_digest(path)
        ident["tool_version"] = tools.tool_version(path)
    except Exception as e:  # the compile itself reports a missing tool
        ident["tool"] = f"unavailable: {e}"
    ident["env"] = {k: os.environ.get(k) for k in runner.OUTPUT_ENV}
    return ident


def identity_digest():
    blob = json.dumps(identity(), sort_keys=True)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def patch_backend_hash(cls):
    """Wraps cls.hash once; the wrapper adds tt's identity while enabled."""
    original = cls.hash
    if getattr(original, "_tt_triton_original", None) is not None:
        return

    @functools.wraps(original)
    def hash_with_tt(self):
        base = original(self)
        if not _state["enabled"]:
            return base
        return f"{base}-tt-{identity_digest()}"

    hash_with_tt._tt_triton_original = original
    cls.hash = hash_with_tt
