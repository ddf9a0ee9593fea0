#===- tt.mk - the rules every example Makefile shares ---------*- Makefile -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
# An example's Makefile names its kernels and includes this file:
#
#   KERNELS = softmax-1024 softmax-4096     # K.ttir and K.run.yaml for each K
#   cpu-args.softmax-1024 = --set M=64      # tt-run options for the CPU check
#   include ../tt.mk
#
# and gets these targets (docs/examples.md):
#
#   cpu      compile each K.ttir for the host and run K.run.yaml on it
#   nvidia   compile to PTX (and cubin when ptxas exists), run on the GPU
#            when there is one, next to upstream's binary when the corpus is
#            there
#   amd      compile for hip:gfx942 (an HSACO; no AMD GPU runs it here)
#   stages   every stage of every kernel, one file each, under out/stages/
#   check    cpu, nvidia and amd: everything this machine can run (default)
#   bench    time the kernels (on the GPU when there is one, else the CPU)
#   tune     run tt-tune on every *.tune.yaml of the folder
#   clean
#
# What cannot run here is skipped with a line "SKIP <kernel> <what>: <why>"
# (also appended to $TT_SKIP_LOG when it is set, which `make -C examples`
# uses to list every skip at the end). Anything else that fails stops make.
#
# Optional settings of the including Makefile:
#   NVIDIA_SKIP     why the NVIDIA backend cannot compile these kernels yet
#   gpu-args.K      tt-run options for the GPU check (default: the YAML's sizes)
#   bench-args.K    tt-run options for `make bench` on the GPU (default: gpu-args.K)
#   TUNE_SKIP       why `make tune` cannot run this folder's *.tune.yaml yet
#
# Settings for the command line: TT_BIN, PTXAS, TT_GPU, CUDA_TARGET,
# TT_RUN_FLAGS, TUNE_ARGS, OUT (below).
#
#===----------------------------------------------------------------------===#

# The tools: TT_BIN is the directory of tt-opt, tt-translate and tt-run (an
# empty TT_BIN means: take them from PATH).
TT_BIN ?= ../../build/bin
tool = $(shell command -v $(if $(TT_BIN),$(TT_BIN)/)$(1) 2>/dev/null)
TT_OPT := $(call tool,tt-opt)
TT_TRANSLATE := $(call tool,tt-translate)
TT_RUN := $(call tool,tt-run)
TT_TUNE := $(call tool,tt-tune)

# What this machine has. Each can be set on the command line: `make
# TT_GPU=` pretends there is no GPU, `make PTXAS=` that there is no ptxas.
# ptxas is looked up as tt-translate does it.
PTXAS ?= $(or $(TRITON_PTXAS_PATH),$(shell command -v ptxas 2>/dev/null),$(wildcard /usr/local/cuda/bin/ptxas))
TT_GPU ?= $(shell nvidia-smi -L 2>/dev/null | grep -q '^GPU' && echo yes)
CUDA_TARGET ?= cuda:90
HIP_TARGET ?= hip:gfx942
# cuda:90 compiles for sm_90a (wgmma, TMA need the "a" variant), cuda:NN for sm_NN.
SM = $(if $(filter cuda:90,$(CUDA_TARGET)),sm_90a,sm_$(patsubst cuda:%,%,$(CUDA_TARGET)))

# Extra tt-run options for every run: `make nvidia TT_RUN_FLAGS=--dry-run`
# does everything but the launch (no GPU needed); TT_RUN_FLAGS='--save-outputs d'.
TT_RUN_FLAGS ?=

# Where outputs go: `make OUT=dir` to change (the environment's OUT is not
# used: it often means something else).
OUT := out

# A recipe that pipes must fail when any command of the pipe fails.
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c
.DELETE_ON_ERROR:
.SUFFIXES:
.SECONDARY:

# num_warps of K, from K.run.yaml (4 when it does not say).
warps = $(or $(shell sed -n 's/^num_warps: *\([0-9][0-9]*\).*/\1/p' $(1).run.yaml),4)
stages = $(or $(shell sed -n 's/^num_stages: *\([0-9][0-9]*\).*/\1/p' $(1).run.yaml),3)
# Upstream's compiled kernel for K, if K.run.yaml names one and it exists.
upstream = $(wildcard $(shell sed -n 's/^  upstream: *//p' $(1).run.yaml))

# $(call skip,WHAT,WHY)
skip = echo "SKIP $(1): $(2)" | tee -a $(or $(TT_SKIP_LOG),/dev/null)

# Every goal except clean needs the tools.
ifneq ($(filter-out clean,$(or $(MAKECMDGOALS),check)),)
ifeq ($(and $(TT_OPT),$(TT_TRANSLATE),$(TT_RUN)),)
$(error tt-opt, tt-translate or tt-run not found in TT_BIN=$(TT_BIN): build them (scripts/build.sh) or set TT_BIN to their directory)
endif
endif

.PHONY: check cpu nvidia amd stages bench tune clean
check: cpu nvidia amd
cpu: $(KERNELS:%=cpu.%)
nvidia: $(KERNELS:%=nvidia.%)
amd: $(KERNELS:%=amd.%)
stages: $(KERNELS:%=stages.%)
bench: $(KERNELS:%=bench.%)
clean:
	rm -rf $(OUT)

#--- CPU ---------------------------------------------------------------------#

# TTIR -> the TTIR stage -> the CPU backend -> a shared library, and the
# kernel's metadata JSON beside it. --mlir-print-debuginfo keeps the source
# locations (and with them the argument names) through the pipe.
$(OUT)/cpu/%.so: %.ttir $(TT_OPT) $(TT_TRANSLATE)
	@mkdir -p $(@D)
	$(TT_OPT) $< --tt-ttir --mlir-print-debuginfo \
	  | $(TT_TRANSLATE) --target cpu --emit=so --no-ttir-stage \
	      --num-warps $(call warps,$*) --metadata $(@:.so=.json) -o $@

.PHONY: $(KERNELS:%=cpu.%)
$(KERNELS:%=cpu.%): cpu.%: $(OUT)/cpu/%.so
	$(strip $(TT_RUN) $(TT_RUN_FLAGS) --target cpu --kernel tt=$< $(cpu-args.$*) $*.run.yaml)

#--- NVIDIA ------------------------------------------------------------------#

# TTIR -> TTIR stage -> TTGIR stage -> LLIR stage -> PTX, with the metadata
# JSON that tt-run reads beside it.
$(OUT)/cuda/%.ptx: %.ttir $(TT_OPT) $(TT_TRANSLATE)
	@mkdir -p $(@D)
	$(TT_OPT) $< --tt-ttir --tt-ttgir="target=$(CUDA_TARGET) num-warps=$(call warps,$*) num-stages=$(call stages,$*)" \
	    --tt-llir --mlir-print-debuginfo \
	  | $(TT_TRANSLATE) --target $(CUDA_TARGET) --ptx --metadata $(@:.ptx=.json) > $@

# PTX -> cubin, as tt-translate --cubin does it. The cubin shares the PTX's
# metadata JSON (same stem).
$(OUT)/cuda/%.cubin: $(OUT)/cuda/%.ptx
	$(PTXAS) -lineinfo -arch=$(SM) $< -o $@

# The kernel files a GPU run of K compares: upstream's (when the corpus is
# there) first, so that ours is shown as a multiple of it, then ours.
nvidia-kernel = $(OUT)/cuda/$(1).$(if $(PTXAS),cubin,ptx)
gpu-variants = $(addprefix --kernel upstream=,$(call upstream,$(1))) \
               $(if $(NVIDIA_SKIP),,--kernel tt=$(call nvidia-kernel,$(1)))

.PHONY: $(KERNELS:%=nvidia.%)
$(KERNELS:%=nvidia.%): nvidia.%: $(if $(NVIDIA_SKIP),,$(call nvidia-kernel,%))
	@$(if $(NVIDIA_SKIP),$(call skip,$* nvidia compile,$(NVIDIA_SKIP)))
	@$(if $(NVIDIA_SKIP)$(PTXAS),,$(call skip,$* cubin,no ptxas (set PTXAS or TRITON_PTXAS_PATH; the PTX was built)))
	@$(if $(TT_GPU),,$(call skip,$* nvidia run,no NVIDIA GPU on this machine (nvidia-smi -L lists none)))
	$(if $(TT_GPU),$(if $(strip $(call gpu-variants,$*)),\
	  $(strip $(TT_RUN) $(TT_RUN_FLAGS) --target cuda $(call gpu-variants,$*) $(gpu-args.$*) $*.run.yaml),\
	  @$(call skip,$* nvidia run,nothing to run: no kernel of ours and no upstream corpus)))

#--- AMD ---------------------------------------------------------------------#

# Compiles an HSACO for $(HIP_TARGET). A tt-translate without the AMD
# backend says so and the kernel is skipped; any other failure is an error.
.PHONY: $(KERNELS:%=amd.%)
$(KERNELS:%=amd.%): amd.%: %.ttir
	@mkdir -p $(OUT)/hip
	@if $(TT_TRANSLATE) --target $(HIP_TARGET) --emit=hsaco $< \
	      -o $(OUT)/hip/$*.hsaco 2>$(OUT)/hip/$*.log; then \
	  echo "built $(OUT)/hip/$*.hsaco"; \
	  $(call skip,$* amd run,tt-run's HIP path has not been tried on an AMD GPU yet); \
	elif grep -q 'not available' $(OUT)/hip/$*.log; then \
	  $(call skip,$* amd,the AMD backend is not available yet ($(HIP_TARGET))); \
	else cat $(OUT)/hip/$*.log >&2; exit 1; fi

#--- Every stage, one file each -----------------------------------------------#

# out/stages/K.ttir        after the TTIR stage (target independent)
#            K.ttgir       after the TTGIR stage: layouts for num_warps warps
#            K.llvm.mlir   after the LLIR stage: the LLVM dialect (NVVM)
#            K.llir        LLVM IR, as upstream names it
#            K.ptx         PTX;  K.cubin with ptxas
#            K.cpu.mlir    the CPU stage: the LLVM dialect for the host
#            K.cpu.ll      optimized LLVM IR for the host
S = $(OUT)/stages
$(S)/%.ttir: %.ttir $(TT_OPT)
	@mkdir -p $(@D)
	$(TT_OPT) $< --tt-ttir -o $@
$(S)/%.ttgir: $(S)/%.ttir
	$(TT_OPT) $< --tt-ttgir="target=$(CUDA_TARGET) num-warps=$(call warps,$*) num-stages=$(call stages,$*)" -o $@
$(S)/%.llvm.mlir: $(S)/%.ttgir
	$(TT_OPT) $< --tt-llir -o $@
$(S)/%.llir: $(S)/%.llvm.mlir $(TT_TRANSLATE)
	$(TT_TRANSLATE) --target $(CUDA_TARGET) --llvmir $< -o $@
$(S)/%.ptx: $(S)/%.llvm.mlir $(TT_TRANSLATE)
	$(TT_TRANSLATE) --target $(CUDA_TARGET) --ptx $< -o $@
$(S)/%.cubin: $(S)/%.ptx
	$(PTXAS) -lineinfo -arch=$(SM) $< -o $@
$(S)/%.cpu.mlir: $(S)/%.ttir
	$(TT_OPT) $< --tt-cpu -o $@
$(S)/%.cpu.ll: $(S)/%.ttir $(TT_TRANSLATE)
	$(TT_TRANSLATE) --target cpu --llvmir --no-ttir-stage $< -o $@

stage-files = $(S)/$(1).ttir $(S)/$(1).ttgir \
  $(if $(NVIDIA_SKIP),,$(S)/$(1).llvm.mlir $(S)/$(1).llir $(S)/$(1).ptx \
    $(if $(PTXAS),$(S)/$(1).cubin)) \
  $(S)/$(1).cpu.mlir $(S)/$(1).cpu.ll

.PHONY: $(KERNELS:%=stages.%)
$(KERNELS:%=stages.%): stages.%: $(call stage-files,%)
	@$(if $(NVIDIA_SKIP),$(call skip,$* stages after TTGIR,$(NVIDIA_SKIP)))
	@for f in $^; do printf '  %8d  %s\n' $$(wc -c < $$f) $$f; done

#--- Timing ------------------------------------------------------------------#

.PHONY: $(KERNELS:%=bench.%)
ifneq ($(TT_GPU),)
$(KERNELS:%=bench.%): bench.%: $(if $(NVIDIA_SKIP),,$(call nvidia-kernel,%))
	$(strip $(TT_RUN) $(TT_RUN_FLAGS) --target cuda --bench $(call gpu-variants,$*) \
	  $(or $(bench-args.$*),$(gpu-args.$*)) $*.run.yaml)
else
$(KERNELS:%=bench.%): bench.%: $(OUT)/cpu/%.so
	@$(call skip,$* nvidia bench,no NVIDIA GPU; timing on the CPU instead)
	$(strip $(TT_RUN) $(TT_RUN_FLAGS) --target cpu --bench --warmup 2 --reps 10 --kernel tt=$< $(cpu-args.$*) $*.run.yaml)
endif

#--- Autotuning ----------------------------------------------------------------#

# tt-tune on every *.tune.yaml here (docs/tt-tune.md), on the target the file
# names (TUNE_ARGS='--target cuda:90' for a GPU, '--force' to tune again).
# The winners are cached in out/tune-cache.json, not in ~/.cache.
TUNE_FILES := $(wildcard *.tune.yaml)
TUNE_ARGS ?=

tune:
ifneq ($(TUNE_SKIP),)
	@$(call skip,$(notdir $(CURDIR)) tune,$(TUNE_SKIP))
else ifeq ($(TUNE_FILES),)
	@$(call skip,$(notdir $(CURDIR)) tune,no *.tune.yaml in this folder)
else ifeq ($(TT_TUNE),)
	@$(call skip,$(notdir $(CURDIR)) tune,tt-tune is not in TT_BIN=$(TT_BIN))
else
	@mkdir -p $(OUT)
	@set -e; for f in $(TUNE_FILES); do \
	  echo "$(TT_TUNE) --cache $(OUT)/tune-cache.json $(TUNE_ARGS) $$f"; \
	  $(TT_TUNE) --cache $(OUT)/tune-cache.json $(TUNE_ARGS) $$f; \
	done
endif
