#===- kernelset.py - the TTIR files a compile benchmark takes -*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""The one selection of kernels, and the one reading of their options, that
the compile benchmarks share, so that every compiler compiles the same files
with the same options: every `.ttir` under a folder (not the frontend's
`.source.ttir` twins), sorted by path, filtered by a regular expression, cut
to the first `limit`; options from upstream's metadata JSON beside it."""

import json
import os
import re
import sys


def select(folder, pattern=None, limit=0, tool="compile"):
    paths = sorted(os.path.join(d, f) for d, _, fs in os.walk(folder) for f in fs
                   if f.endswith(".ttir") and not f.endswith(".source.ttir"))
    if pattern:
        paths = [p for p in paths if re.search(pattern, p)]
    if limit:
        paths = paths[:limit]
    if not paths:
        sys.exit(f"{tool}: no .ttir files under {folder}")
    return paths


def options_for(path):
    """The compile options of a kernel: upstream's metadata (`<name>.json`
    beside it, else the folder's metadata.json), else 4 warps, 3 stages.
    Keys as triton.compile takes them: num_warps, num_stages, num_ctas,
    maxnreg (when set), enable_fp_fusion (when off)."""
    opts = {"num_warps": 4, "num_stages": 3, "num_ctas": 1}
    base = os.path.splitext(path)[0]
    for meta in (base + ".json", os.path.join(os.path.dirname(path), "metadata.json")):
        if not os.path.exists(meta):
            continue
        try:
            with open(meta) as f:
                m = json.load(f)
        except (ValueError, OSError):
            continue
        for key in ("num_warps", "num_stages", "num_ctas"):
            if isinstance(m.get(key), int):
                opts[key] = m[key]
        if isinstance(m.get("maxnreg"), int):
            opts["maxnreg"] = m["maxnreg"]
        if m.get("enable_fp_fusion") is False:
            opts["enable_fp_fusion"] = False
        break
    return opts


def tt_flags(opts):
    """tt-translate's flags for options_for()'s options."""
    flags = ["--num-warps", str(opts["num_warps"]), "--num-stages", str(opts["num_stages"])]
    if opts.get("num_ctas", 1) != 1:
        flags += ["--num-ctas", str(opts["num_ctas"])]
    if "maxnreg" in opts:
        flags += ["--maxnreg", str(opts["maxnreg"])]
    if opts.get("enable_fp_fusion") is False:
        flags += ["--fp-fusion=false"]
    return flags


def server_request(path, opts, target, tool):
    """The request the plugin sends a `--serve` tool (python/tt_triton/runner.py)."""
    request = {"input": path, "target": target, "num_warps": opts["num_warps"], "num_stages": opts["num_stages"],
               "stages": ["ttgir", "llir", "ptx", "cubin", "json"]}
    if os.path.basename(tool) == "tt-dump":
        request.update(emit="all", num_ctas=opts.get("num_ctas", 1))
    else:
        request["emit"] = "cubin"
    if "maxnreg" in opts:
        request["maxnreg"] = opts["maxnreg"]
    if opts.get("enable_fp_fusion") is False:
        request["fp_fusion"] = False
    return request
