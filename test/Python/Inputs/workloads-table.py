# Loads bench/plugin/torch-workloads.py (argv[1]) and runs its kernel count on
# a fake triton cache (argv[2]) and its table on made-up results.
import importlib.util
import sys

spec = importlib.util.spec_from_file_location("workloads", sys.argv[1])
mod = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mod)
print("kernels", *mod.count_kernels(sys.argv[2]))
up = {"max_err": 1.2e-4, "errs": [1.2e-4, 1.0e-4, 0.8e-4], "ms": 2.0}
tt = {"max_err": 1.3e-4, "errs": [1.3e-4, 1.1e-4, 0.9e-4], "ms": 3.0, "kernels_tt": 1, "kernels": 2,
      "log_other": 1}
mod.print_table([("gpt2", up, tt), ("flex", {"max_err": 0.0, "ms": 1.0}, {"case": "flex", "error": "timed out after 900 s"})])
# The per-kernel table of --profile: shares of upstream's time, both times,
# the ratio, '!' on kernels over 1% of the time and 1.05x.
up["profile"] = {"triton_red_fused_0": [60.0, 1], "triton_poi_fused_1": [39.5, 2], "sm90_gemm": [0.5, 1]}
tt["profile"] = {"triton_red_fused_0": [90.0, 1], "triton_poi_fused_1": [39.0, 2], "sm90_gemm": [0.6, 1]}
mod.print_kernel_table("gpt2", up, tt)
mod.print_kernel_table("flex", {"ms": 1.0}, {"error": "x"})
