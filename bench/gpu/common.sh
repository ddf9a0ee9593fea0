# Sourced by bench/gpu's run-*.sh, which run on the H200 machine from the
# repository root after prepare.sh: what they all set up.
#   $carry    what prepare.sh wrote (TT_GPU_CARRY=DIR, else bench/gpu/carry)
#   $T        the tt-run it built
#   $corpus   the upstream corpus, copied to ../shared/corpus, where the
#             examples' YAMLs find it (../../../shared/corpus from them)
#   $OUT      the results folder (OUT=DIR, else /tmp/out)
# and the GPU's name and driver, printed first.
#
#   run LABEL YAML [tt-run args...]
#     one tt-run of YAML (at most 4 minutes), its JSON and output in
#     $OUT/${run_prefix}LABEL.json and .txt; prints "LABEL rc=N" and the
#     output's last 3 lines.
set -u
root=$PWD
carry=${TT_GPU_CARRY:-$root/bench/gpu/carry}
T=$carry/bin/tt-run
mkdir -p ../shared && cp -r "$carry/shared/corpus" ../shared/
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
corpus=$root/../shared/corpus
run_prefix=

run() {
  local label=$1 yaml=$2 file=$OUT/$run_prefix$1
  shift 2
  timeout 240 "$T" --json-file "$file.json" "$@" "$yaml" > "$file.txt" 2>&1
  echo "$label rc=$?"; tail -3 "$file.txt"
}
