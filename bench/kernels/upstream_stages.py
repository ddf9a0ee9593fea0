#===- upstream_stages.py - upstream's stages of a kernel, on disk -*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""One kernel compiled by upstream Triton 3.6 (no GPU needed) and written the
way ../shared/corpus holds kernels: FOLDER/<kernel>.{source.ttir,ttir,ttgir,
llir,ptx,json}. Shared by gen-upstream.py and gen-attention.py."""

import json
import os

import triton
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource


def compile_kernel(fn, signature, constexprs, div16, num_warps, num_stages, arch=90):
    """triton.compile for cuda:ARCH, pointers and the scalars named in div16
    specialized as multiples of 16 (as the launcher does for 16-aligned sizes)."""
    attrs = {}
    for i, (arg, ty) in enumerate(signature.items()):
        if ty.startswith("*") or arg in div16:
            attrs[(i, )] = [["tt.divisibility", 16]]
    src = ASTSource(fn=fn, signature=signature, constexprs=constexprs, attrs=attrs)
    return triton.compile(src, target=GPUTarget("cuda", arch, 32),
                          options={"num_warps": num_warps, "num_stages": num_stages})


def write_stages(kernel, folder, name, arch=90):
    """Every stage of `kernel` and its metadata JSON into folder/name.*; returns the metadata."""
    os.makedirs(folder, exist_ok=True)
    for ext in ("source.ttir", "ttir", "ttgir", "llir", "ptx"):
        key = "source" if ext == "source.ttir" else ext
        if key in kernel.asm:
            with open(os.path.join(folder, f"{name}.{ext}"), "w") as f:
                f.write(kernel.asm[key])
    meta = kernel.metadata._asdict()
    meta["target"] = {"backend": "cuda", "arch": arch, "warp_size": 32}
    with open(os.path.join(folder, f"{name}.json"), "w") as f:
        json.dump(meta, f, default=str)
    return meta
