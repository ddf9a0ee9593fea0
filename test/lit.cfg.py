# lit configuration of the tt test suite.
import os
import shutil

import lit.formats
from lit.llvm import llvm_config

config.name = "tt"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".ttir", ".ttgir", ".test", ".yaml"]
config.excludes = ["Inputs", "lib", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tt_obj_root, "test")

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.tt_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", "/usr/lib/llvm-22/bin", append_path=True)

config.substitutions.append(("%tt_src", config.tt_src_root))

# The upstream corpus is optional: its tests report UNSUPPORTED without it.
if os.path.isdir(config.tt_corpus_dir):
    config.available_features.add("corpus")
    config.substitutions.append(("%corpus", config.tt_corpus_dir))

ptxas = os.environ.get("TRITON_PTXAS_PATH") or shutil.which("ptxas") or (
    "/usr/local/cuda/bin/ptxas" if os.path.exists("/usr/local/cuda/bin/ptxas") else None)
if ptxas:
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))

# The AMD backend links HSACOs with ld.lld (lld-22); device-library tests
# need Debian's rocm-device-libs (scripts/install-deps.sh).
lld = os.environ.get("TRITON_HIP_LLD_PATH") or shutil.which("ld.lld-22") or \
    shutil.which("ld.lld") or ("/usr/lib/llvm-22/bin/ld.lld"
                               if os.path.exists("/usr/lib/llvm-22/bin/ld.lld") else None)
if lld:
    config.available_features.add("ld.lld")
for d in [os.environ.get("TRITON_HIP_DEVICE_LIB_DIR", ""),
          "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode", "/opt/rocm/amdgcn/bitcode"]:
    if d and os.path.exists(os.path.join(d, "ocml.bc")):
        config.available_features.add("rocm-device-libs")
        break

# LLVM 22's clang builds host shared libraries of lowered IR for the tests
# that check the LLVM-dialect lowering bit by bit on the host.
host_clang = os.path.join("/usr/lib/llvm-22/bin", "clang")
if os.path.exists(host_clang):
    config.available_features.add("host-clang")
    config.substitutions.append(("%host_clang", host_clang))

config.substitutions.append(("%unittests", os.path.join(config.tt_obj_root, "unittests", "bin")))

# Headless Chromium (Debian's `chromium`), for the tests that render the
# tt-dump --html report. %chromium runs it headless with the options a
# container needs; console messages go to stderr (":CONSOLE" lines).
chromium = shutil.which("chromium") or shutil.which("chromium-browser")
if chromium:
    config.available_features.add("chromium")
    config.substitutions.append((
        "%chromium",
        chromium + " --headless --no-sandbox --disable-gpu --disable-dev-shm-usage"
        " --hide-scrollbars --no-first-run --enable-logging=stderr --v=0"
        # Dump the DOM only once the page is idle (its script done, however
        # loaded the machine is), within 30 s of virtual time.
        " --virtual-time-budget=30000"))

# The Python plugin's tests (test/Python) run in the venv that
# scripts/python-venv.sh makes: $TT_VENV, default <build>/venv, holding
# triton 3.6 and the plugin's triton.backends entry point.
import subprocess

config.substitutions.append(("%tt_tools_dir", config.tt_tools_dir))
venv = os.environ.get("TT_VENV") or os.path.join(config.tt_obj_root, "venv")
venv_python = os.path.join(venv, "bin", "python")
if os.path.exists(venv_python) and subprocess.run(
        [venv_python, "-c", "import triton"], stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL).returncode == 0:
    config.available_features.add("triton")
    config.substitutions.append(("%venv_python", venv_python))
