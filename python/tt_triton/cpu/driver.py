#===- driver.py - launching tt's CPU kernels from upstream's runtime -*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""The driver half of the `tt_cpu` entry: runs kernels on the host's cores.

Active when TRITON_TT_DEVICE=cpu (or made active with
tt_triton.cpu.activate()). The target is GPUTarget("cpu", <machine>, 32);
the "device" is the host: pointers are host addresses (torch CPU tensors,
numpy arrays), the stream is 0, and a launch returns when every program
has run.

A launch packs the arguments the TTIR kept (constexprs are gone, tuples
are flattened, a host TensorDescriptor becomes its base pointer, shape,
strides and padding flag, then its shape and strides again, as the TTIR of
`rewrite_tensor_descriptor_to_pointer` takes them) into the CPU kernel ABI
(docs/cpu-backend.md: `args[i]` points to the i-th value) and calls
`tt_cpu_run_grid` (grid.c, built once with `cc`), which runs the programs
on TT_CPU_THREADS threads (default: every core) with the GIL released.
Without a C compiler the grid runs on a Python thread pool, one ctypes call
per program.
"""

import ctypes
import hashlib
import os
import re
import shutil
import struct
import subprocess
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from triton.backends.compiler import GPUTarget
from triton.backends.driver import DriverBase

from . import enabled_by_env, threads as _threads
from .compiler import BACKEND, WARP_SIZE, host_arch

_KERNEL_ARGTYPES = [ctypes.c_void_p, ctypes.c_int32, ctypes.c_int32, ctypes.c_int32, ctypes.c_int32, ctypes.c_int32,
                    ctypes.c_int32]
_GRID_SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "grid.c")

# Scalar argument types of Triton's signatures -> (ctypes type, converter).


def _f16_bits(value):
    return struct.unpack("<H", struct.pack("<e", float(value)))[0]


def _bf16_bits(value):
    # Round to nearest even, as a float32 -> bfloat16 cast does; NaN stays NaN.
    bits = struct.unpack("<I", struct.pack("<f", float(value)))[0]
    if (bits & 0x7F800000) == 0x7F800000 and (bits & 0x7FFFFF):
        return (bits >> 16) | 0x40
    bits += 0x7FFF + ((bits >> 16) & 1)
    return (bits >> 16) & 0xFFFF


_SCALARS = {
    "i1": (ctypes.c_int8, lambda v: 1 if v else 0),
    "u1": (ctypes.c_uint8, lambda v: 1 if v else 0),
    # i8 ... i64 and u8 ... u64: ctypes' integer of the width.
    **{f"{s}{bits}": (getattr(ctypes, f"c_{name}{bits}"), int)
       for s, name in (("i", "int"), ("u", "uint"))
       for bits in (8, 16, 32, 64)},
    "fp16": (ctypes.c_uint16, _f16_bits),
    "bf16": (ctypes.c_uint16, _bf16_bits),
    "fp32": (ctypes.c_float, float),
    "f32": (ctypes.c_float, float),
    "fp64": (ctypes.c_double, float),
}


def data_pointer(arg):
    """The host address an argument of pointer type stands for."""
    if arg is None:
        return 0
    if isinstance(arg, int):
        return arg
    if hasattr(arg, "data_ptr"):
        if getattr(arg, "device", None) is not None and getattr(arg.device, "type", "cpu") not in ("cpu", "meta"):
            raise ValueError(f"tt's CPU driver got a tensor on {arg.device}; pass CPU tensors")
        return arg.data_ptr()
    iface = getattr(arg, "__array_interface__", None)
    if iface is not None:  # numpy arrays
        return iface["data"][0]
    raise TypeError(f"tt's CPU driver cannot pass {type(arg).__name__} as a pointer")


def expand_signature(signature):
    """Triton's signature values -> the flat list of TTIR argument types, with
    None for a constexpr (dropped) and ('desc', ndim) for a host descriptor."""
    out = []

    def add(sig):
        if isinstance(sig, tuple):
            for s in sig:
                add(s)
        elif isinstance(sig, str) and sig.startswith("tensordesc"):
            m = re.match(r"tensordesc<([^[>]*)\[([^]]*)\]", sig)
            ndim = m.group(2).count(",") + 1
            out.append(("desc", ndim, "*" + m.group(1)))
        else:
            out.append(sig)

    for s in signature:
        add(s)
    return out


def flatten_like(signature, args):
    """The arguments flattened as the signature is: a tuple argument is
    flattened where its signature entry is a tuple, kept whole where it is
    one value (a constexpr tuple)."""
    out = []

    def add(sig, arg):
        if isinstance(sig, tuple):
            for s, a in zip(sig, arg):
                add(s, a)
        else:
            out.append(arg)

    for sig, arg in zip(signature, args):
        add(sig, arg)
    return out


class Packer:
    """Turns one launch's Python arguments into the ABI's `void **args`."""

    def __init__(self, signature):
        self.signature = list(signature)
        self.types = expand_signature(self.signature)

    def pack(self, args):
        if len(args) != len(self.signature):
            raise TypeError(f"tt's CPU driver: {len(args)} arguments for a signature of {len(self.signature)}")
        flat = flatten_like(self.signature, args)
        if len(flat) != len(self.types):
            raise TypeError(f"tt's CPU driver: {len(flat)} arguments for a signature of {len(self.types)}")
        values = []
        for ty, arg in zip(self.types, flat):
            if ty == "constexpr" or ty is None:
                continue
            if isinstance(ty, tuple):  # host TensorDescriptor
                _, ndim, _ = ty
                values.append(ctypes.c_void_p(data_pointer(arg.base)))
                values += [ctypes.c_int64(int(s)) for s in arg.shape]
                values += [ctypes.c_int64(int(s)) for s in arg.strides]
                values.append(ctypes.c_int8(1 if arg.padding == "nan" else 0))
                values += [ctypes.c_int32(int(s)) for s in arg.shape]
                values += [ctypes.c_int64(int(s)) for s in arg.strides]
            elif ty[0] == "*":
                values.append(ctypes.c_void_p(data_pointer(arg)))
            elif ty in _SCALARS:
                ctype, convert = _SCALARS[ty]
                values.append(ctype(convert(arg)))
            else:
                raise TypeError(f"tt's CPU driver cannot pass an argument of type {ty}")
        array = (ctypes.c_void_p * max(1, len(values)))(*[ctypes.addressof(v) for v in values])
        return array, values  # the values must outlive the call


_grid_lock = threading.Lock()
_grid_runner = None


def _build_grid_runner():
    """grid.c as a shared library, built once per machine and source."""
    with open(_GRID_SOURCE, "rb") as f:
        source = f.read()
    digest = hashlib.sha256(source).hexdigest()[:16]
    try:
        from triton import knobs
        cache_root = knobs.cache.dir
    except Exception:
        cache_root = None
    cache_root = cache_root or os.path.join(os.path.expanduser("~"), ".triton", "cache")
    folder = os.path.join(cache_root, "tt_cpu")
    path = os.path.join(folder, f"tt_cpu_grid-{digest}.so")
    if not os.path.isfile(path):
        cc = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
        if not cc:
            return None
        os.makedirs(folder, exist_ok=True)
        tmp = tempfile.mkdtemp(prefix="tt-cpu-grid-", dir=folder)
        out = os.path.join(tmp, "grid.so")
        proc = subprocess.run([cc, "-O2", "-shared", "-fPIC", "-pthread", _GRID_SOURCE, "-o", out],
                              capture_output=True, text=True)
        if proc.returncode != 0:
            shutil.rmtree(tmp, ignore_errors=True)
            return None
        os.replace(out, path)  # atomic: concurrent builders agree
        shutil.rmtree(tmp, ignore_errors=True)
    lib = ctypes.CDLL(path)
    fn = lib.tt_cpu_run_grid
    fn.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64, ctypes.c_int64, ctypes.c_int64, ctypes.c_int]
    fn.restype = ctypes.c_int
    return fn


def grid_runner():
    """tt_cpu_run_grid, or None without a C compiler."""
    global _grid_runner
    with _grid_lock:
        if _grid_runner is None:
            _grid_runner = _build_grid_runner() or False
        return _grid_runner or None


def run_grid(fn_address, args, gx, gy, gz, nthreads=None):
    """Runs every program of the grid; returns when all have run."""
    nthreads = nthreads or _threads()
    runner = grid_runner()
    if runner is not None:
        if runner(fn_address, ctypes.cast(args, ctypes.c_void_p), gx, gy, gz, nthreads) != 0:
            raise RuntimeError("tt's CPU driver could not start its threads")
        return
    fn = ctypes.CFUNCTYPE(None, *_KERNEL_ARGTYPES)(fn_address)
    total = gx * gy * gz

    def work(begin, end):
        for pid in range(begin, end):
            fn(ctypes.cast(args, ctypes.c_void_p), pid % gx, (pid // gx) % gy, pid // (gx * gy), gx, gy, gz)

    if nthreads == 1 or total <= 1:
        work(0, total)
        return
    step = max(1, total // (nthreads * 8))
    with ThreadPoolExecutor(nthreads) as pool:
        for f in [pool.submit(work, b, min(total, b + step)) for b in range(0, total, step)]:
            f.result()


class CPULauncher:
    """What CompiledKernel.run calls: (gx, gy, gz, stream, function,
    packed_metadata, launch_metadata, enter_hook, exit_hook, *args)."""

    def __init__(self, src, metadata):
        self.packer = Packer(list(src.signature.values()))
        expected = getattr(metadata, "cpu_args", None)
        present = 0
        for ty in self.packer.types:
            if isinstance(ty, tuple):
                present += 1 + 4 * ty[1] + 1  # base, shape, strides, padding, shape, strides
            elif ty != "constexpr" and ty is not None:
                present += 1
        if expected is not None and len(expected) != present:
            raise RuntimeError(f"tt's CPU driver: kernel '{metadata.name}' takes {len(expected)} arguments "
                               f"({', '.join(expected)}) but its signature passes {present}")

    def __call__(self, gx, gy, gz, stream, function, packed_metadata, launch_metadata, enter_hook, exit_hook, *args):
        del stream, packed_metadata
        if enter_hook is not None:
            enter_hook(launch_metadata)
        array, keep = self.packer.pack(args)
        if gx * gy * gz > 0:
            run_grid(function, array, gx, gy, gz)
        del keep
        if exit_hook is not None:
            exit_hook(launch_metadata)


class CPUUtils:
    """Loading kernels and describing the "device" (the host)."""

    def __init__(self):
        self._loaded = []  # keeps every loaded library alive

    def load_binary(self, name, kernel, shared, device):
        """Shared library bytes -> (handle, entry address, n_regs, n_spills,
        max threads)."""
        del shared, device
        fd, path = tempfile.mkstemp(prefix=f"tt-cpu-{name[:40]}-", suffix=".so")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(kernel)
            lib = ctypes.CDLL(path, mode=os.RTLD_NOW | os.RTLD_LOCAL)
        finally:
            os.unlink(path)  # the mapping stays
        entry = getattr(lib, f"{name}__packed", None)
        if entry is None:
            raise RuntimeError(f"tt's CPU driver: no {name}__packed in the kernel's shared library")
        self._loaded.append(lib)
        return lib, ctypes.cast(entry, ctypes.c_void_p).value, 0, 0, 1 << 30

    def get_device_properties(self, device):
        del device
        return {
            "max_shared_mem": 1 << 30, "multiprocessor_count": _threads(), "max_num_regs": 1 << 30,
            "warpSize": WARP_SIZE, "sm_clock_rate": 0, "mem_clock_rate": 0, "mem_bus_width": 0
        }


class _Event:
    """torch.cuda.Event's timing interface, on the host clock."""

    def __init__(self, enable_timing=True):
        self.t = None

    def record(self, stream=None):
        self.t = time.perf_counter()

    def synchronize(self):
        pass

    def elapsed_time(self, end):
        return (end.t - self.t) * 1000.0


class CPUDeviceInterface:
    """The part of torch.cuda that triton.testing.do_bench uses."""
    Event = _Event

    @staticmethod
    def synchronize(device=None):
        pass

    @staticmethod
    def current_device():
        return 0

    @staticmethod
    def device_count():
        return 1

    @staticmethod
    def is_available():
        return True

    @staticmethod
    def set_device(device):
        pass


class CPUDriver(DriverBase):
    """tt's CPU backend as triton's active driver."""

    def __init__(self):
        super().__init__()
        self.utils = CPUUtils()
        self.launcher_cls = CPULauncher

    @classmethod
    def is_active(cls):
        return enabled_by_env()

    def get_current_target(self):
        return GPUTarget(BACKEND, host_arch(), WARP_SIZE)

    def get_current_device(self):
        return 0

    def set_current_device(self, device):
        pass

    def get_current_stream(self, device=None):
        return 0

    def get_active_torch_device(self):
        import torch
        return torch.device("cpu")

    def get_device_interface(self):
        return CPUDeviceInterface

    def map_python_to_cpp_type(self, ty):
        if ty[0] == "*":
            return "void*"
        return {
            "i1": "int8_t", "i8": "int8_t", "i16": "int16_t", "i32": "int32_t", "i64": "int64_t", "u1": "uint8_t",
            "u8": "uint8_t", "u16": "uint16_t", "u32": "uint32_t", "u64": "uint64_t", "fp16": "uint16_t",
            "bf16": "uint16_t", "fp32": "float", "f32": "float", "fp64": "double"
        }[ty]

    def get_benchmarker(self):
        from triton.testing import do_bench
        return do_bench

    def get_empty_cache_for_benchmark(self):
        # A buffer larger than the last-level cache, written before each
        # timed run (triton.testing.do_bench) so that runs start cold.
        return bytearray(256 * 1024 * 1024)

    def clear_cache(self, cache):
        ctypes.memset((ctypes.c_char * len(cache)).from_buffer(cache), 0, len(cache))
