#!/usr/bin/env bash
# Builds the libFuzzer harnesses (fuzz/) into ${TT_FUZZ_BUILD_DIR:-build-fuzz}
# and runs each of them, one at a time, for a fixed time. See
# docs/reliability.md.
#
#   scripts/fuzz.sh                      every harness for 60 s
#   scripts/fuzz.sh --time 30            what CI runs (.ci/run)
#   scripts/fuzz.sh --time 3600          every harness for an hour
#   scripts/fuzz.sh --runs 1000000 fuzz-npy    until a million inputs ran
#   scripts/fuzz.sh --regressions        only replay fuzz/regressions/
#   scripts/fuzz.sh --build-only
#
# Options: --time S (per harness; default 60 s), --runs N (per harness;
# without --time there is then no time limit, with --time the first reached
# stops it), --jobs J (build parallelism, default 2),
# --no-build (run the harnesses as they were last built), --keep-going
# (go on after a crash, one child process at a time: libFuzzer's -fork=1
# -ignore_crashes=1, to collect several bugs in one run), then
# harness names (default: all). Each harness first replays the inputs that
# crashed it once (fuzz/regressions/<harness>/), then fuzzes from the seed
# corpus (fuzz/make-seeds.py: test/, examples/, the upstream corpus) plus
# what earlier runs found (build-fuzz/fuzz/corpus/<harness>/, kept between
# runs). A crash leaves its input in build-fuzz/fuzz/artifacts/<harness>/
# and makes the script exit 1. The last lines are a table: harness, seconds,
# inputs executed, corpus size, result.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${TT_FUZZ_BUILD_DIR:-$root/build-fuzz}
jobs=${TT_JOBS:-2}
time_s=
runs=-1
build_only=0
no_build=0
keep_going=0
regressions_only=0
harnesses=()
all=(fuzz-npy fuzz-expr fuzz-runspec fuzz-metadata fuzz-mlir-parse
     fuzz-ttir-pipeline fuzz-ttgir-pipeline)
while [ $# -gt 0 ]; do
  case "$1" in
    --time) shift; time_s=$1 ;;
    --runs) shift; runs=$1 ;;
    --jobs) shift; jobs=$1 ;;
    --ci) time_s=60 ;;
    --build-only) build_only=1 ;;
    --no-build) no_build=1 ;;
    --keep-going) keep_going=1 ;;
    --regressions) regressions_only=1 ;;
    -h|--help) sed -n '2,/^set /{/^set /!p}' "$0"; exit 0 ;;
    fuzz-*) harnesses+=("$1") ;;
    *) echo "fuzz.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
  shift
done
[ ${#harnesses[@]} -gt 0 ] || harnesses=("${all[@]}")
if [ -z "$time_s" ]; then
  # A count alone runs until it is reached (-max_total_time=0: no limit).
  if [ "$runs" -ge 0 ]; then time_s=0; else time_s=60; fi
fi

. "$root/scripts/sanitizers.sh"
need_clang_runtime fuzz.sh fuzzer libFuzzer

# Everything is instrumented for coverage (fuzzer-no-link) and checked by
# ASan and UBSan; undefined behaviour aborts. Assertions stay on (no
# -DNDEBUG): a failed assert in an MLIR header is a bug found.
flags="$san_cflags -fsanitize=fuzzer-no-link"
start=$(date +%s)
if [ "$no_build" = 1 ]; then
  :
elif [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=None \
    -DCMAKE_CXX_COMPILER=clang++-22 -DCMAKE_C_COMPILER=clang-22 \
    -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_C_FLAGS="$flags" \
    -DCMAKE_EXE_LINKER_FLAGS="$san" -DCMAKE_SHARED_LINKER_FLAGS="$san" \
    -DTT_ENABLE_FUZZERS=ON \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit >/dev/null
fi
if [ "$no_build" = 0 ]; then
  ninja -C "$build" -j"$jobs" "${harnesses[@]}"
  echo "fuzz.sh: build: $(( $(date +%s) - start )) s"
fi
[ "$build_only" = 1 ] && exit 0

bin=$build/fuzz/bin
work=$build/fuzz
# Seeds of this run in a directory of its own, so several runs of the
# script (different harnesses) can go on at once.
mkdir -p "$work"
seeds=$(mktemp -d "$work/seeds.XXXXXX")
trap 'rm -rf "$seeds"' EXIT
python3 "$root/fuzz/make-seeds.py" "$seeds"

# What each harness reads: the longest input worth trying, its dictionary.
max_len() {
  case "$1" in
    fuzz-npy) echo 1024 ;;
    fuzz-expr) echo 512 ;;
    fuzz-runspec|fuzz-metadata) echo 4096 ;;
    *) echo 16384 ;;
  esac
}
dict() {
  case "$1" in
    fuzz-npy) echo npy ;;
    fuzz-expr) echo expr ;;
    fuzz-runspec) echo runspec ;;
    fuzz-metadata) echo metadata ;;
    *) echo mlir ;;
  esac
}

# allow_user_poisoning=0: see fuzz/SanitizerDefaults.cpp.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allow_user_poisoning=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export ASAN_SYMBOLIZER_PATH=${ASAN_SYMBOLIZER_PATH:-/usr/lib/llvm-22/bin/llvm-symbolizer}
summary=()
failed=0
for h in "${harnesses[@]}"; do
  mkdir -p "$work/corpus/$h" "$work/artifacts/$h" "$work/logs"
  log=$work/logs/$h.log
  # Replay the inputs that once crashed this harness.
  reg=$root/fuzz/regressions/$h
  if [ -d "$reg" ] && [ -n "$(ls -A "$reg")" ]; then
    if ! "$bin/$h" -runs=1 "$reg"/* > "$log.regressions" 2>&1; then
      echo "fuzz.sh: $h: a regression input crashes again; see $log.regressions" >&2
      summary+=("$h - - - REGRESSION")
      failed=1
      continue
    fi
  fi
  [ "$regressions_only" = 1 ] && { summary+=("$h - - - regressions-ok"); continue; }
  t0=$(date +%s)
  touch "$log.start" # crash inputs newer than this are this run's
  rc=0
  extra=()
  [ "$keep_going" = 1 ] && extra=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
  # One process, one job: the machine is shared. -timeout: one input
  # running this long is a hang; -rss_limit_mb/-malloc_limit_mb: a single
  # input may not use more (a bigger allocation is reported as a crash).
  "$bin/$h" "$work/corpus/$h" "$seeds/$h" \
    -max_total_time="$time_s" -runs="$runs" \
    -timeout=${TT_FUZZ_TIMEOUT:-25} -rss_limit_mb=2560 -malloc_limit_mb=2048 \
    -max_len="$(max_len "$h")" -dict="$root/fuzz/dicts/$(dict "$h").dict" \
    -artifact_prefix="$work/artifacts/$h/" -print_final_stats=1 \
    -close_fd_mask=1 "${extra[@]}" > "$log" 2>&1 || rc=$?
  secs=$(( $(date +%s) - t0 ))
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  if [ -z "$execs" ]; then # a crash: the last status line has the count
    execs=$(grep -o '^#[0-9]*' "$log" | tail -1 | tr -d '#' || true)
  fi
  units=$(ls "$work/corpus/$h" | wc -l)
  crashes=$(find "$work/artifacts/$h" -type f -newer "$log.start" | wc -l)
  if [ "$rc" = 0 ] && [ "$keep_going" = 1 ] && [ "$crashes" != 0 ]; then
    result="$crashes new inputs in $work/artifacts/$h"
    failed=1
  elif [ "$rc" = 0 ]; then
    result=ok
  else
    result="CRASH (exit $rc; $(ls -t "$work/artifacts/$h" | head -1))"
    failed=1
    grep -m1 -E 'ERROR: (AddressSanitizer|libFuzzer)|runtime error|==tt-fuzz== BUG|Assertion' "$log" >&2 || true
  fi
  summary+=("$h $secs ${execs:-?} $units $result")
done

echo
printf '%-22s %8s %12s %8s  %s\n' harness seconds inputs corpus result
for line in "${summary[@]}"; do
  read -r h s e u r <<< "$line"
  printf '%-22s %8s %12s %8s  %s\n' "$h" "$s" "$e" "$u" "$r"
done
echo "fuzz.sh: total $(( $(date +%s) - start )) s; logs in $work/logs"
exit $failed
