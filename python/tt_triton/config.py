#===- config.py - the plugin's environment variables -----------*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""The environment variables that steer the plugin (docs/python.md).

They are read when used, not at import, so a test or a script may set them
after importing triton.
"""

import os

#: Turns the plugin on in every process that loads triton's backends.
ENABLE = "TRITON_TT"
#: A kernel tt cannot compile goes to upstream's compiler instead of raising.
FALLBACK = "TRITON_TT_FALLBACK"
#: A file that gets one JSON line per kernel compiled.
LOG = "TT_TRITON_LOG"
#: The folder holding tt-dump and tt-translate.
TOOLS_DIR = "TT_TOOLS_DIR"
#: Which tool compiles: tt-dump or tt-translate (default: the first found
#: of DEFAULT_TOOLS).
TOOL = "TT_TRITON_TOOL"
#: Seconds one kernel's compilation may take before it counts as failed.
TIMEOUT = "TT_TRITON_TIMEOUT"
#: Keep the working folder of every compilation (failed ones are kept anyway).
KEEP = "TT_TRITON_KEEP"
#: 0: one tool process per kernel instead of the compile server (the tool's
#: --serve mode, one per Python process; the default).
SERVER = "TT_TRITON_SERVER"

DEFAULT_TOOLS = ("tt-dump", "tt-translate")
DEFAULT_TIMEOUT = 600.0


def flag(name, default=False):
    """An environment variable read as a boolean (1/true/yes/on)."""
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in ("1", "true", "yes", "on")


def enabled_by_env():
    return flag(ENABLE)


def fallback():
    return flag(FALLBACK)


def mode():
    """'fallback' or 'strict'; part of the cache key."""
    return "fallback" if fallback() else "strict"


def log_path():
    return os.environ.get(LOG) or None


def tool_names():
    """The tools to try, in order: $TT_TRITON_TOOL alone, else DEFAULT_TOOLS."""
    name = os.environ.get(TOOL)
    if not name:
        return DEFAULT_TOOLS
    if name not in ("tt-dump", "tt-translate"):
        raise ValueError(f"{TOOL} must be tt-dump or tt-translate, got {name!r}")
    return (name, )


def timeout():
    value = os.environ.get(TIMEOUT)
    if not value:
        return DEFAULT_TIMEOUT
    try:
        seconds = float(value)
    except ValueError:
        raise ValueError(f"{TIMEOUT} must be a number of seconds, got {value!r}") from None
    return seconds if seconds > 0 else None


def keep_workdirs():
    return flag(KEEP)


def use_server():
    return flag(SERVER, default=True)
