#===- capture.py - every kernel launch written as a tt-run spec -*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""Kernel launches captured as tt-run specs (docs/python.md, "Capture").

    TT_TRITON_CAPTURE=DIR python train.py

With TT_TRITON_CAPTURE set, the first launches of every compiled kernel
(TT_TRITON_CAPTURE_LIMIT per kernel, default 1, counted over all processes
writing to DIR) are written to DIR/<name>-<hash>/:

    <name>.ttir            upstream's TTIR stage output (what tt compiles)
    <name>.ptx, .json      the PTX that ran and its metadata, when upstream's
                           compiler made it (<name>.tt.ptx, <name>.tt.json
                           when tt made it)
    launch<i>.run.yaml     grid, scalars, tensors, checks: a tt-run spec
    launch<i>/<arg>.npy    each tensor argument before the launch
    launch<i>/<arg>.expected.npy   after it, for the tensors the launch changed

A tensor is the memory its pointer reaches: from the pointer, the extent of
the tensor's shape and strides, written flat (1-D) in the kernel's element
type. Tensors above TT_TRITON_CAPTURE_MAX_MB (default 64) are not written:
their spec fills them from recorded statistics (normal with the mean and
standard deviation for floats, uniform over the range for integers) and
drops every check of that launch, saying so in the YAML; with
TT_TRITON_CAPTURE_LARGE=skip such launches are not captured at all.

DIR/launches-<pid>.json counts every launch of every kernel (captured or
not) since the process started or since reset_counts(); the replay report
(`python -m tt_triton.capture_report DIR`) weighs the kernels with it.

The hook is CompiledKernel.run, the launcher every launch goes through
(JITFunction.run and Inductor's TritonCompileResult launchers alike); a
launch during CUDA graph capture is not captured. Inductor's static CUDA
launcher bypasses it: the capture turns it off in the process that installs
it (torch._inductor.config.use_static_cuda_launcher).
"""

import atexit
import json
import math
import os
import re
import threading
import weakref

ENV = "TT_TRITON_CAPTURE"
LIMIT = "TT_TRITON_CAPTURE_LIMIT"
MAX_MB = "TT_TRITON_CAPTURE_MAX_MB"
LARGE = "TT_TRITON_CAPTURE_LARGE"

DEFAULT_LIMIT = 1
DEFAULT_MAX_MB = 64.0

# Triton's signature spellings -> tt-run's dtypes (docs/tt-run.md).
_DTYPES = {
    "fp64": "f64", "fp32": "f32", "fp16": "f16", "bf16": "bf16", "fp8e4nv": "fp8e4m3", "fp8e5": "fp8e5m2",
    "i1": "i1", "i8": "i8", "i16": "i16", "i32": "i32", "i64": "i64", "u1": "i1", "u8": "u8", "u16": "u16",
    "u32": "u32", "u64": "u64"
}
_SIZES = {
    "f64": 8, "f32": 4, "f16": 2, "bf16": 2, "fp8e4m3": 1, "fp8e5m2": 1, "i1": 1, "i8": 1, "i16": 2, "i32": 4,
    "i64": 8, "u8": 1, "u16": 2, "u32": 4, "u64": 8
}
_FLOATS = ("f64", "f32", "f16", "bf16", "fp8e4m3", "fp8e5m2")
# Tolerances of the captured checks: the replay runs another compiler's code
# (another reduction order, other transcendental approximations, or the CPU).
_TOLERANCES = {
    "f64": (1e-9, 1e-9), "f32": (1e-4, 1e-5), "f16": (1e-2, 1e-3), "bf16": (3e-2, 1e-2), "fp8e4m3": (0.125, 2**-6),
    "fp8e5m2": (0.25, 2**-14)
}
# Names tt-run's expressions already use; an argument called so is renamed.
_RESERVED = {
    "true", "false", "inf", "nan", "pi", "cdiv", "min", "max", "next_power_of_2", "abs", "int", "float", "floor",
    "ceil", "exp", "exp2", "log", "log2", "log1p", "sqrt", "rsqrt", "sin", "cos", "tanh", "erf", "sigmoid", "relu",
    "maximum", "minimum", "where", "f16", "bf16", "f32", "fp8e4m3", "fp8e5m2", "sum", "mean", "prod", "var"
}


def directory():
    return os.environ.get(ENV) or None


def _number(name, default, kind=float):
    value = os.environ.get(name)
    if not value:
        return default
    try:
        return kind(value)
    except ValueError:
        raise ValueError(f"{name} must be a number, got {value!r}") from None


# -- element decoding -----------------------------------------------------------


def _fp8_table(exp_bits, bias, finite_max_code):
    """float32 values of the 256 codes of an fp8 format (e4m3fn: no infinities)."""
    import numpy as np
    man_bits = 7 - exp_bits
    out = np.empty(256, dtype=np.float32)
    for code in range(256):
        sign = -1.0 if code & 0x80 else 1.0
        e = (code >> man_bits) & ((1 << exp_bits) - 1)
        m = code & ((1 << man_bits) - 1)
        if finite_max_code is None and e == (1 << exp_bits) - 1:
            out[code] = sign * math.inf if m == 0 else math.nan
        elif finite_max_code is not None and (code & 0x7F) > finite_max_code:
            out[code] = math.nan
        elif e == 0:
            out[code] = sign * m / (1 << man_bits) * 2.0**(1 - bias)
        else:
            out[code] = sign * (1 + m / (1 << man_bits)) * 2.0**(e - bias)
    return out


def decode(raw, dtype):
    """The bytes of a tensor as the numpy array tt-run reads for `dtype`
    (bf16 and fp8 as float32, which holds them exactly; i1 as bool)."""
    import numpy as np
    raw = np.ascontiguousarray(raw).view(np.uint8).reshape(-1)
    size = _SIZES[dtype]
    raw = raw[:len(raw) - len(raw) % size]
    if dtype == "bf16":
        return (raw.view(np.uint16).astype(np.uint32) << 16).view(np.float32)
    if dtype == "fp8e4m3":
        return _fp8_table(4, 7, 0x7E)[raw]
    if dtype == "fp8e5m2":
        return _fp8_table(5, 15, None)[raw]
    if dtype == "i1":
        return raw != 0
    return raw.view({
        "f64": np.float64, "f32": np.float32, "f16": np.float16, "i8": np.int8, "i16": np.int16, "i32": np.int32,
        "i64": np.int64, "u8": np.uint8, "u16": np.uint16, "u32": np.uint32, "u64": np.uint64
    }[dtype])


def statistics(values, dtype):
    """How to regenerate a tensor like `values`: a tt-run init map."""
    import numpy as np
    v = np.asarray(values)
    if dtype == "i1":
        return {"uniform": {"low": 0, "high": 2}}
    if dtype in _FLOATS:
        v = v.astype(np.float64)
        v = v[np.isfinite(v)]
        if v.size == 0:
            return "zeros"
        return {"normal": {"mean": float(v.mean()), "std": float(v.std())}}
    if v.size == 0:
        return "zeros"
    # Integers: uniform in [low, high) floored, so high is one past the maximum.
    return {"uniform": {"low": int(v.min()), "high": int(v.max()) + 1}}


# -- which pointers a kernel writes -----------------------------------------------

_SSA = re.compile(r"%[\w$.-]+")


def _ssa(token):
    return token.split("#")[0].split(":")[0]


def pointer_access(ttir):
    """{parameter index: set of "r"/"w"} of the public function of a TTIR
    module: the parameters whose pointers reach a tt.load (r), a tt.store
    (w) or an atomic (both), through the ops that compute addresses.

    A loaded value carries no pointer (an index read from one tensor and
    added to another's pointer does not make the first written). Textual,
    so approximate on what it does not know: an op it does not model passes
    every operand's parameters on to its results."""
    lines = ttir.splitlines()
    params, deps, access = [], {}, {}
    for line in lines:
        if re.match(r"\s*tt\.func\s+public\s+@", line):
            head = line.split(") attributes")[0]
            params = [_ssa(m) for m in re.findall(r"(%[\w$.-]+)\s*:", head)]
            deps = {name: {i} for i, name in enumerate(params)}
            break

    def of(tokens):
        out = set()
        for t in tokens:
            out |= deps.get(_ssa(t), set())
        return out

    for line in lines:
        code = line.split(" loc(")[0]
        for block_arg, init in re.findall(r"(%[\w$.-]+)\s*=\s*(%[\w$.#-]+)", code.split("iter_args(", 1)[1]
                                          if "iter_args(" in code else ""):
            deps[_ssa(block_arg)] = of([init])
        m = re.match(r"\s*((?:%[\w$.#:-]+\s*,\s*)*%[\w$.#:-]+)\s*=\s*([\w.]+)(.*)", code)
        results, op, rest = ([_ssa(r) for r in _SSA.findall(m.group(1))], m.group(2), m.group(3)) if m else \
            ([], (code.split() or [""])[0], code.split(None, 1)[1] if len(code.split(None, 1)) > 1 else "")
        operands = _SSA.findall(rest)
        kind = None
        if op == "tt.load":
            kind = "r"
        elif op == "tt.store":
            kind = "w"
        elif op in ("tt.atomic_rmw", "tt.atomic_cas"):
            kind = "rw"
        elif op == "tt.call":
            kind = "rw"
        if kind and operands:
            touched = of(operands) if op == "tt.call" else of(operands[:1])
            for i in touched:
                access.setdefault(i, set()).update(kind)
        if kind in ("r", "rw") and op != "tt.call":
            for r in results:
                deps[r] = set()  # data, not addresses
        else:
            for r in results:
                deps[r] = of(operands)
    return access


# -- the buffers a launch passes ---------------------------------------------------


def _extent(shape, strides):
    if any(int(s) == 0 for s in shape):
        return 0
    return 1 + sum((int(n) - 1) * int(s) for n, s in zip(shape, strides))


class NumpyBuffer:
    """A numpy array passed as a pointer (the tests' fake launches)."""

    def __init__(self, array):
        self.array = array

    @property
    def nbytes(self):
        return self.array.nbytes

    def snapshot(self):
        return self.array.copy()

    def changed(self, snap):
        import numpy as np
        return not np.array_equal(snap.view(np.uint8), self.array.view(np.uint8))

    def host(self, snap=None):
        return (self.array if snap is None else snap).reshape(-1).view("u1")

    def describe(self):
        return f"numpy {self.array.dtype} {tuple(self.array.shape)}"

    def sync(self):
        pass


class TorchBuffer:
    """A torch tensor: the memory from
    its data pointer over its shape's and strides' extent."""

    def __init__(self, tensor):
        self.tensor = t = tensor
        self.flat = t.as_strided((_extent(t.shape, t.stride()), ), (1, ))

    @property
    def nbytes(self):
        return self.flat.numel() * self.flat.element_size()

    def snapshot(self):
        return self.flat.clone()

    def changed(self, snap):
        import torch
        return not torch.equal(snap.view(torch.uint8), self.flat.view(torch.uint8))

    def host(self, snap=None):
        import torch
        t = self.flat if snap is None else snap
        return t.detach().contiguous().view(torch.uint8).cpu().numpy()

    def describe(self):
        t = self.tensor
        return (f"{str(t.dtype).replace('torch.', 'torch ')} {tuple(t.shape)} strides {tuple(t.stride())}"
                f" offset {t.storage_offset()}")

    def sync(self):
        import torch
        if self.flat.is_cuda:
            torch.cuda.synchronize(self.flat.device)


def buffer_of(value):
    """The buffer behind a pointer argument, or None for what is not one."""
    if hasattr(value, "__array_interface__") and hasattr(value, "dtype"):
        return NumpyBuffer(value)
    if hasattr(value, "data_ptr") and hasattr(value, "untyped_storage"):
        return TorchBuffer(value)
    # A wrapper around either: triton's TensorWrapper (reinterpret), the CPU
    # driver's numpy ArrayArg.
    base = getattr(value, "base", None) if hasattr(value, "data_ptr") else None
    if base is not None and base is not value:
        return buffer_of(base)
    return None


def _capturing_graph():
    import sys
    torch = sys.modules.get("torch")
    if torch is None:
        return False
    try:
        return bool(torch.cuda.is_available() and torch.cuda.is_current_stream_capturing())
    except Exception:
        return False


# -- what is known about a compiled kernel ---------------------------------------


class KernelInfo:
    """The parts of a triton CompiledKernel a spec needs."""

    def __init__(self, kernel):
        self.kernel = kernel
        self.name = kernel.name
        self.hash = str(getattr(kernel, "hash", "") or "0")
        meta = kernel.metadata
        meta = meta._asdict() if hasattr(meta, "_asdict") else dict(meta)
        target = meta.get("target")
        if target is not None and hasattr(target, "_asdict"):
            meta["target"] = target._asdict()
        elif target is not None and not isinstance(target, dict):
            meta["target"] = {k: getattr(target, k, None) for k in ("backend", "arch", "warp_size")}
        self.meta = meta
        src = kernel.src
        self.signature = dict(getattr(src, "signature", {}) or {})
        fn = getattr(src, "fn", None)
        self.arg_names = list(getattr(fn, "arg_names", None) or self.signature.keys())
        constants = getattr(src, "constants", {}) or {}
        self.constants = {}
        for key, value in constants.items():
            index = key[0] if isinstance(key, tuple) and len(key) == 1 else key
            if isinstance(index, int) and index < len(self.arg_names):
                self.constants[self.arg_names[index]] = value
            elif isinstance(index, str):
                self.constants[index] = value
        self.key = f"{self.name}-{self.hash[:12]}"
        self.backend = (meta.get("target") or {}).get("backend") or "cuda"

    def compiler(self):
        tt = self.meta.get("tt") or {}
        return "tt" if tt.get("compiler") == "tt" or self.backend == "cpu" else "upstream"

    def target(self):
        """The spec's target: where the captured launch ran."""
        return self.backend if self.backend in ("cpu", "hip") else "cuda"

    def types(self):
        """(name, signature type) of every parameter, in order."""
        return [(name, self.signature.get(name, "constexpr")) for name in self.arg_names]


def _yaml_name(name, taken):
    base = re.sub(r"\W", "_", name) or "arg"
    if base[0].isdigit():
        base = "a" + base
    out = base + "_arg" if base in _RESERVED else base
    while out in taken:
        out += "_"
    taken.add(out)
    return out


def _scalar_text(value, dtype):
    if dtype == "i1":
        return "1" if value else "0"
    if dtype in _FLOATS:
        value = float(value)
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    return str(int(value))


def _yaml_value(value):
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_yaml_value(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_yaml_value(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else ("nan" if math.isnan(value) else
                                                        ("inf" if value > 0 else "-inf"))
    if isinstance(value, int):
        return str(value)
    text = str(value)
    if re.fullmatch(r"[\w./+-]+", text) and text not in ("true", "false", "null", "yes", "no"):
        return text
    return json.dumps(text)


def _write(path, data):
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "wb" if isinstance(data, bytes) else "w") as f:
        f.write(data)
    os.replace(tmp, path)


def _save_npy(path, array):
    import numpy as np
    tmp = f"{path}.tmp{os.getpid()}.npy"
    np.save(tmp, array)
    os.replace(tmp, path)


# -- the capturer ---------------------------------------------------------------


class Capturer:
    """Writes launches to `root`; `launch` wraps one launch."""

    def __init__(self, root, limit=None, max_bytes=None, large=None):
        self.root = os.path.abspath(root)
        self.limit = int(limit if limit is not None else _number(LIMIT, DEFAULT_LIMIT, int))
        mb = _number(MAX_MB, DEFAULT_MAX_MB)
        self.max_bytes = int(max_bytes if max_bytes is not None else mb * 2**20)
        self.large = large or os.environ.get(LARGE) or "stats"
        if self.large not in ("stats", "skip"):
            raise ValueError(f"{LARGE} must be stats or skip, got {self.large!r}")
        self.lock = threading.Lock()
        self.full = set()  # kernels whose launch slots are all taken
        self.skipped = set()
        self.counts = {}
        os.makedirs(self.root, exist_ok=True)

    # The launch counts weigh kernels in the report.
    def count(self, info):
        with self.lock:
            entry = self.counts.setdefault(info.key, {"name": info.name, "launches": 0})
            entry["launches"] += 1

    def reset_counts(self):
        with self.lock:
            self.counts = {}

    def write_counts(self):
        if not self.counts:
            return
        with self.lock:
            data = json.dumps({"pid": os.getpid(), "kernels": self.counts}, indent=1, sort_keys=True)
        try:
            _write(os.path.join(self.root, f"launches-{os.getpid()}.json"), data)
        except OSError:
            pass

    def _slot(self, info):
        """The next free launch<i> folder of this kernel, taken for this
        process (mkdir is atomic across processes), or None when all are."""
        if info.key in self.full:
            return None
        kdir = os.path.join(self.root, info.key)
        os.makedirs(kdir, exist_ok=True)
        for i in range(self.limit):
            try:
                os.mkdir(os.path.join(kdir, f"launch{i}"))
                return kdir, i
            except FileExistsError:
                continue
        self.full.add(info.key)
        return None

    def skip(self, info, reason):
        """Records why the kernel is not captured; its later launches are not tried."""
        self.full.add(info.key)
        if info.key in self.skipped:
            return
        self.skipped.add(info.key)
        line = json.dumps({"kernel": info.name, "key": info.key, "reason": reason}) + "\n"
        fd = os.open(os.path.join(self.root, "skipped.jsonl"), os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        try:
            os.write(fd, line.encode())
        finally:
            os.close(fd)

    def launch(self, kernel, grid, args, run):
        """Launch through run() once; capture it when this kernel still has
        a free slot. Capture errors never stop the launch."""
        info = kernel if isinstance(kernel, KernelInfo) else KernelInfo(kernel)
        self.count(info)
        if info.key in self.full or _capturing_graph():
            return run()
        try:
            plan = self._plan(info, grid, args)
        except Exception as e:  # the launch goes on uncaptured
            self.skip(info, f"{type(e).__name__}: {e}")
            return run()
        if isinstance(plan, str):
            self.skip(info, plan)
            return run()
        with self.lock:
            slot = self._slot(info)
        if slot is None:
            return run()
        try:
            for entry in plan["tensors"]:
                entry["buffer"].sync()
                entry["before"] = entry["buffer"].snapshot()
        except Exception as e:
            self._abandon(slot, info, e)
            return run()
        out = run()
        try:
            self._write(info, grid, plan, *slot)
        except Exception as e:
            self._abandon(slot, info, e)
        return out

    def _abandon(self, slot, info, error):
        import shutil
        kdir, i = slot
        shutil.rmtree(os.path.join(kdir, f"launch{i}"), ignore_errors=True)
        self.skip(info, f"{type(error).__name__}: {error}")

    def _plan(self, info, grid, args):
        """The arguments of the launch as spec entries, or why it cannot be one."""
        types = info.types()
        if len(args) != len(types):
            passed = [(n, t) for n, t in types if t != "constexpr"]
            if len(args) != len(passed):
                return f"the launch passes {len(args)} arguments; the signature has {len(types)}"
            types = passed
        taken = set()
        plan = {"args": [], "tensors": [], "constexprs": {}}
        for (name, ty), value in zip(types, args):
            if ty == "constexpr":
                if name in info.constants and isinstance(info.constants[name], (int, float, bool)):
                    plan["constexprs"][name] = info.constants[name]
                continue
            if not isinstance(ty, str) or ty.startswith(("(", "tensordesc", "nvTmaDesc")):
                return f"argument {name!r} of type {ty!r} (tuples and tensor descriptors are not captured)"
            yname = _yaml_name(name, taken)
            if ty.startswith("*"):
                dtype = _DTYPES.get(ty[1:].lstrip("k"))
                if dtype is None:
                    return f"pointer argument {name!r} to {ty[1:]!r}"
                buffer = buffer_of(value)
                if buffer is None:
                    return f"pointer argument {name!r} is a {type(value).__name__}"
                if buffer.nbytes < _SIZES[dtype]:
                    return f"pointer argument {name!r} is an empty tensor"
                entry = {"name": yname, "dtype": dtype, "buffer": buffer}
                plan["args"].append(entry)
                plan["tensors"].append(entry)
                continue
            dtype = _DTYPES.get(ty)
            if dtype is None:
                return f"scalar argument {name!r} of type {ty!r}"
            plan["args"].append({"name": yname, "dtype": dtype, "value": value})
        large = [e["name"] for e in plan["tensors"] if e["buffer"].nbytes > self.max_bytes]
        if large and self.large == "skip":
            return f"tensors over the {self.max_bytes} byte cap: {', '.join(large)}"
        return plan

    def _write(self, info, grid, plan, kdir, i):
        for entry in plan["tensors"]:
            entry["buffer"].sync()
        name = info.name
        self._kernel_files(info, kdir)
        ldir = f"launch{i}"
        regenerated = []
        ttir = (getattr(info.kernel, "asm", {}) or {}).get("ttir") or ""
        access = pointer_access(ttir)
        for index, entry in enumerate(plan["args"]):
            entry["written"] = "w" in access.get(index, ())
        # A regenerated input changes every output: then no reference is kept.
        unchecked = any(e["buffer"].nbytes > self.max_bytes for e in plan["tensors"])
        for entry in plan["tensors"]:
            buf, dtype = entry["buffer"], entry["dtype"]
            entry["changed"] = buf.changed(entry["before"])
            # Checked: what the kernel writes (it may write what the buffer
            # held: an earlier autotuning candidate's launch wrote it), and
            # whatever changed.
            entry["checked"] = entry["changed"] or entry["written"]
            entry["elements"] = buf.nbytes // _SIZES[dtype]
            if buf.nbytes > self.max_bytes:
                entry["init"] = statistics(decode(buf.host(entry["before"]), dtype), dtype)
                regenerated.append(entry["name"])
                continue
            before = decode(buf.host(entry["before"]), dtype)
            _save_npy(os.path.join(kdir, ldir, f"{entry['name']}.npy"), before)
            entry["init"] = {"npy": f"{ldir}/{entry['name']}.npy"}
            if entry["checked"] and not unchecked:
                _save_npy(os.path.join(kdir, ldir, f"{entry['name']}.expected.npy"), decode(buf.host(), dtype))
        entry_lines = []
        restore = []
        for entry in plan["args"]:
            if "buffer" not in entry:
                entry_lines.append(f"  - {{name: {entry['name']}, scalar: {entry['dtype']}, "
                                   f"value: {_scalar_text(entry['value'], entry['dtype'])}}}")
                continue
            fields = [f"name: {entry['name']}", f"tensor: {entry['dtype']}", f"shape: [{entry['elements']}]",
                      f"init: {_yaml_value(entry['init'])}"]
            if entry["changed"]:
                restore.append(entry["name"])
            if entry["checked"]:
                if not regenerated:
                    rtol, atol = _TOLERANCES.get(entry["dtype"], (0, 0))
                    fields.append(f"check: {{npy: {ldir}/{entry['name']}.expected.npy, rtol: {rtol!r}, "
                                  f"atol: {atol!r}}}")
            what = entry["buffer"].describe()
            if entry["written"] and not entry["changed"]:
                what += "; written by the kernel, unchanged by this launch"
            if entry["name"] in regenerated:
                what += "; over the capture cap: regenerated from statistics"
            fields.append(f"description: {_yaml_value(what)}")
            entry_lines.append("  - {" + ", ".join(fields) + "}")
        moved = sum(e["buffer"].nbytes * (2 if e["changed"] else 1) for e in plan["tensors"])
        grid = [int(g) for g in grid]
        lines = [f"# Captured by tt_triton.capture: launch {i} of {name} ({info.compiler()}'s compiler)."]
        if info.target() == "cuda":
            # <name>.ptx is upstream's; through tt the report compiles it from the TTIR.
            ran = f"upstream={name}.ptx" if info.compiler() == "upstream" else f"captured={name}.tt.ptx"
            lines.append(f"# GPU: tt-run --kernel tt={name}.ttir --kernel {ran} {ldir}.run.yaml")
        lines.append(f"# CPU: tt-run --target cpu {ldir}.run.yaml")
        if plan["constexprs"]:
            lines.append("# constexprs: " + ", ".join(f"{k}={v}" for k, v in plan["constexprs"].items()))
        if regenerated:
            lines.append(f"# {', '.join(regenerated)} over the {self.max_bytes}-byte capture cap: regenerated "
                         "from statistics, so no output of this launch is checked.")
        lines += [
            f"kernel: {{tt: {name}.ttir}}",
            f"name: {name}",
            f"target: {info.target()}",
            f"num_warps: {int(info.meta.get('num_warps') or 4)}",
            f"num_stages: {int(info.meta.get('num_stages') or 3)}",
            f"grid: [{', '.join(str(g) for g in grid)}]",
            "args:",
        ] + entry_lines
        lines.append(f"bytes: {moved}")
        if restore:
            lines.append(f"bench: {{restore: [{', '.join(restore)}]}}")
        desc = f"{name}, launch {i}, captured from a run compiled by {info.compiler()}"
        if regenerated:
            desc += "; checks dropped: " + ", ".join(regenerated) + " regenerated from statistics"
        lines.append(f"description: {_yaml_value(desc)}")
        _write(os.path.join(kdir, f"{ldir}.run.yaml"), "\n".join(lines) + "\n")

    def _kernel_files(self, info, kdir):
        name = info.name
        asm = getattr(info.kernel, "asm", {}) or {}
        ttir = asm.get("ttir")
        if not ttir:
            raise RuntimeError("the compiled kernel has no TTIR")
        meta = json.dumps(info.meta, indent=1, sort_keys=True, default=str)
        # The PTX and its metadata side by side, as tt-run reads them; tt's
        # under another stem, so that <name>.ptx is always upstream's (the
        # report compiles it from the TTIR when the run was tt's).
        stem = f"{name}.tt" if info.compiler() == "tt" else name
        files = {f"{name}.ttir": ttir, f"{stem}.json": meta}
        if asm.get("ptx"):
            files[f"{stem}.ptx"] = asm["ptx"]
        for fname, data in files.items():
            path = os.path.join(kdir, fname)
            if not os.path.exists(path):
                _write(path, data)


# -- the hook -------------------------------------------------------------------

_state = {"capturer": None, "patched": None}
# CompiledKernel -> its _Launcher; kept out of the kernel's __dict__, which
# Inductor pickles.
_launchers = weakref.WeakKeyDictionary()


class _Launcher:
    """CompiledKernel.run while capturing: the kernel's launcher, through the capturer."""

    def __init__(self, kernel, inner, capturer):
        self.info = KernelInfo(kernel)
        self.inner, self.capturer = inner, capturer

    def __call__(self, grid_x, grid_y, grid_z, stream, function, packed_metadata, launch_metadata, enter_hook,
                 exit_hook, *args):

        def run():
            return self.inner(grid_x, grid_y, grid_z, stream, function, packed_metadata, launch_metadata,
                              enter_hook, exit_hook, *args)

        return self.capturer.launch(self.info, (grid_x, grid_y, grid_z), args, run)

    def __getattr__(self, name):
        return getattr(self.inner, name)


def install(root=None, **kwargs):
    """Capture every later launch of a triton CompiledKernel into root
    (default $TT_TRITON_CAPTURE). Returns the Capturer."""
    root = root or directory()
    if not root:
        raise ValueError(f"no capture directory (set {ENV})")
    capturer = Capturer(root, **kwargs)
    _state["capturer"] = capturer
    _static_launcher_off()
    import sys
    module = sys.modules.get("triton.compiler.compiler")
    if module is not None and hasattr(module, "CompiledKernel"):
        _patch(module.CompiledKernel)
    else:
        # Called while triton imports its backends (the entry point): the
        # module that defines CompiledKernel comes later; patch it once loaded.
        _patch_when_loaded("triton.compiler.compiler")
    return capturer


def _patch(cls):
    if _state["patched"] is not None:
        return
    original = cls.__dict__["run"]

    def run(self):
        inner = original.fget(self)
        active = _state["capturer"]
        if active is None:
            return inner
        wrapped = _launchers.get(self)
        if wrapped is None or wrapped.inner is not inner or wrapped.capturer is not active:
            wrapped = _Launcher(self, inner, active)
            _launchers[self] = wrapped
        return wrapped

    cls.run = property(run)
    _state["patched"] = original
    atexit.register(_write_counts)


class _AfterImport:
    """A meta path finder that patches a module right after it executes."""

    def __init__(self, name):
        self.name = name

    def find_spec(self, name, path=None, target=None):
        if name != self.name:
            return None
        import importlib.machinery
        import sys
        sys.meta_path.remove(self)
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is None or spec.loader is None:
            return spec
        exec_module = spec.loader.exec_module

        def exec_and_patch(module):
            exec_module(module)
            _patch(module.CompiledKernel)

        spec.loader.exec_module = exec_and_patch
        return spec


def _patch_when_loaded(name):
    import sys
    if not any(isinstance(f, _AfterImport) for f in sys.meta_path):
        sys.meta_path.insert(0, _AfterImport(name))


def uninstall():
    _write_counts()
    _state["capturer"] = None


def _write_counts():
    if _state["capturer"] is not None:
        _state["capturer"].write_counts()


def reset_counts():
    """Count launches from here on (e.g. after warm-up and autotuning)."""
    if _state["capturer"] is not None:
        _state["capturer"].reset_counts()


def write_counts():
    _write_counts()


def _static_launcher_off():
    """Inductor's static CUDA launcher calls the cubin without CompiledKernel.run.

    Its switch is read from the environment when torch._inductor.config is
    imported, which may be under way right now (the entry point runs while
    triton imports, and Inductor imports triton): set the variable, and the
    attribute only of a config module that already has it. Importing torch
    modules from here could break an import in progress."""
    import sys
    os.environ["TORCHINDUCTOR_USE_STATIC_CUDA_LAUNCHER"] = "0"
    config = sys.modules.get("torch._inductor.config")
    if config is not None and hasattr(config, "use_static_cuda_launcher"):
        config.use_static_cuda_launcher = False


def install_from_env():
    """The entry point's hook: capture when TT_TRITON_CAPTURE is set."""
    if directory() and _state["capturer"] is None:
        install()
