#===- __main__.py - python -m tt_triton -------------------------*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""python -m tt_triton info | site DIR

  info      where the tools are, their identity, whether the entry point is seen
  site DIR  the plugin laid out in DIR for PYTHONPATH (no pip needed)
"""

import argparse
import json
import sys


def _info():
    from . import cachekey, config
    out = {"enabled_by_env": config.enabled_by_env(), "mode": config.mode(), "log": config.log_path()}
    try:
        from importlib.metadata import entry_points
        eps = [ep.value for ep in entry_points().select(group="triton.backends")]
        out["triton.backends"] = eps
        out["entry_point_seen"] = "tt_triton.backend" in eps
    except Exception as e:  # pragma: no cover - reported, not fatal
        out["entry_point_seen"] = f"unknown ({e})"
    out["identity"] = cachekey.identity()
    print(json.dumps(out, indent=2))
    return 0 if out.get("entry_point_seen") is True and "tool_sha256" in out["identity"] else 1


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tt_triton", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("info", help="tools, identity, entry point")
    site = sub.add_parser("site", help="lay the plugin out in DIR for PYTHONPATH")
    site.add_argument("dir")
    args = parser.parse_args(argv)
    if args.command == "site":
        from .site import make_site
        print(make_site(args.dir))
        return 0
    return _info()


if __name__ == "__main__":
    sys.exit(main())
