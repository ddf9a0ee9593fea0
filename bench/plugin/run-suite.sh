#!/usr/bin/env bash
# Upstream Triton's own language tests (../shared/upstream-tests, see its
# README) on the GPU machine, once with upstream's compiler and once through
# the plugin (strict mode: every kernel by tt), each with pytest -n 16 and
# junit XML, then bench/plugin/summarize-suite.py on both.
#
#   bench/plugin/run-suite.sh [all|upstream|tt|summary] [--tools DIR | --bundle FILE.tar.xz]
#                             [--out DIR] [--tests DIR] [-n N] [-- PYTEST_ARGS...]
#
#   all       (default) the two runs, then the summary
#   upstream  only upstream's run      (each run alone fits a 10-minute command)
#   tt        only the run through tt
#   summary   only the summary of the XML files already in --out
#
# --tools DIR      folder with tt-translate and/or tt-dump (default $TT_TOOLS_DIR, else build/bin)
# --bundle FILE    scripts/bundle.sh's tarball, unpacked into --out/tools
# --out DIR        results (default bench/plugin/out): upstream.xml, tt.xml, tt.log,
#                  *.stdout, summary.txt; each run gets a fresh triton cache there
# --tests DIR      the upstream-tests folder (default ../shared/upstream-tests,
#                  else shared/upstream-tests)
# -n N             pytest-xdist workers (default 16)
# PYTEST_ARGS      replace the default test files (e.g. -- language/test_core.py -k reduce)
#
# Needs python3 with triton 3.6, torch (CUDA), numpy, pytest, pytest-xdist
# (the GPU machine has them). The plugin needs no pip: it is laid out in
# --out/site and put on PYTHONPATH (python -m tt_triton site).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
mode=all
case "${1:-}" in all|upstream|tt|summary) mode=$1; shift ;; esac
tools=${TT_TOOLS_DIR:-}
bundle=
out=$root/bench/plugin/out
tests=
workers=16
while [ $# -gt 0 ]; do
  case "$1" in
    --tools) tools=$2; shift 2 ;;
    --bundle) bundle=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --tests) tests=$2; shift 2 ;;
    -n) workers=$2; shift 2 ;;
    --) shift; break ;;
    -h|--help) sed -n '2,27p' "$0"; exit 0 ;;
    *) echo "run-suite.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
pytest_args=("$@")
if [ ${#pytest_args[@]} -eq 0 ]; then
  pytest_args=(language/test_core.py language/test_standard.py language/test_conversions.py)
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)

# A run's results: its junit XML when pytest finished, else the JSON lines
# that tt_suite_report.py wrote as the tests ran.
results_of() {
  if [ -s "$out/$1.xml" ]; then echo "$out/$1.xml"; else echo "$out/$1.jsonl"; fi
}
summary() {
  local log=()
  [ -f "$out/tt.log" ] && log=(--log "$out/tt.log")
  python3 "$root/bench/plugin/summarize-suite.py" "$(results_of upstream)" "$(results_of tt)" "${log[@]}" |
      tee "$out/summary.txt"
}
if [ "$mode" = summary ]; then summary; exit 0; fi

if [ -z "$tests" ]; then
  for d in "$root/../shared/upstream-tests" "$root/shared/upstream-tests"; do
    if [ -d "$d" ]; then tests=$d; break; fi
  done
fi
[ -n "$tests" ] && [ -d "$tests/python/test/unit" ] || {
  echo "run-suite.sh: no upstream-tests folder (give --tests DIR)" >&2; exit 2; }
tests=$(cd "$tests" && pwd)

python3 -c 'import triton, torch, xdist; assert triton.__version__.startswith("3.6")' || {
  echo "run-suite.sh: python3 needs triton 3.6, torch and pytest-xdist" >&2; exit 2; }

# One pytest run: $1 = upstream | tt; extra environment in the rest. Both
# runs load tt_suite_report.py: results as JSON lines while the tests run
# ($label.jsonl) and a per-test limit of $TT_SUITE_TEST_LIMIT seconds.
run() {
  local label=$1; shift
  rm -rf "$out/cache-$label" "$out/$label.xml" "$out/$label.jsonl"
  local start=$(date +%s)
  ( cd "$tests/python/test/unit" &&
    env TRITON_CACHE_DIR="$out/cache-$label" TT_SUITE_REPORT="$out/$label.jsonl" "$@" \
      sh -c 'PYTHONPATH="$0${PYTHONPATH:+:$PYTHONPATH}" exec python3 -m pytest "$@"' "$root/bench/plugin" \
      -p tt_suite_report -p no:cacheprovider -n "$workers" -q "${pytest_args[@]}" \
      --junitxml="$out/$label.xml" ) > "$out/$label.stdout" 2>&1 || true
  echo "$label: $(tail -n 1 "$out/$label.stdout") ($(( $(date +%s) - start )) s)"
  [ -s "$out/$label.xml" ] || [ -s "$out/$label.jsonl" ] ||
      { echo "run-suite.sh: $label wrote no $out/$label.xml or .jsonl; see $label.stdout" >&2; return 1; }
}

if [ "$mode" = all ] || [ "$mode" = upstream ]; then
  run upstream TRITON_TT=0
fi
if [ "$mode" = all ] || [ "$mode" = tt ]; then
  if [ -n "$bundle" ]; then
    rm -rf "$out/tools" && mkdir -p "$out/tools"
    tar -C "$out/tools" -xJf "$bundle"
    tools=$out/tools/tt/bin
    for f in "$tools"/*.xz; do [ -e "$f" ] && xz -d -f "$f"; done
  fi
  tools=${tools:-$root/build/bin}
  [ -x "$tools/tt-translate" ] || [ -x "$tools/tt-dump" ] || {
    echo "run-suite.sh: no tt-translate or tt-dump in $tools (give --tools or --bundle)" >&2; exit 2; }
  tools=$(cd "$tools" && pwd)
  PYTHONPATH="$root/python" python3 -m tt_triton site "$out/site" > /dev/null
  rm -f "$out/tt.log"
  # The tools' own cache stays off (TRITON_CACHE_DIR is not passed to them).
  PYTHONPATH="$out/site${PYTHONPATH:+:$PYTHONPATH}" TT_TOOLS_DIR="$tools" \
      python3 -m tt_triton info > "$out/tt-info.json" || {
    echo "run-suite.sh: the plugin does not see its tools or entry point:" >&2; cat "$out/tt-info.json" >&2; exit 2; }
  run tt TRITON_TT=1 TT_TRITON_LOG="$out/tt.log" TT_TOOLS_DIR="$tools" \
      PYTHONPATH="$out/site${PYTHONPATH:+:$PYTHONPATH}"
  echo "tt: $(wc -l < "$out/tt.log" 2>/dev/null || echo 0) kernels in $out/tt.log"
fi
if [ "$mode" = all ]; then summary; fi
