#!/usr/bin/env bash
# Runs on the H200 machine from the repository root, after bench/gpu/prepare.sh
# (and, for the ops kernels, bench/gpu/ops/prepare.sh) here: every kernel we
# compile to PTX, launched by tt-run at small sizes that are not multiples of
# the block (carry/sanitize/*.run.yaml: masked edges, padded rows), under
# compute-sanitizer's memcheck, racecheck and synccheck. Prints a table of
# launch x tool -> errors last; each run's log goes to $OUT/sanitize/.
#
#   bench/gpu/sanitize.sh                 every launch, the three tools
#   bench/gpu/sanitize.sh softmax-1024    only launches whose name matches
#   TOOLS="memcheck initcheck" bench/gpu/sanitize.sh
#   TT_SANITIZE_UPSTREAM=1 ...            also upstream's PTX of the same
#                                         kernels (tells our bugs from the
#                                         harness's)
#   TT_SANITIZE_LEAKS=1 ...               memcheck with --leak-check full
#                                         (counts tt-run's own device leaks)
#
# A cell is the number of errors the tool reported (racecheck: errors, then
# "+Nw" for warnings); "chk" marks a launch whose output check failed
# although the tool found nothing, "n/a" one that did not finish (see its
# log). The controls have a bug on purpose that one tool must report, or
# the script fails (the tool would not be looking): control-oob reads past
# the end of a buffer (memcheck), control-race races on shared memory
# (racecheck), control-sync gives a warp barrier a mask that leaves out
# threads running it (synccheck).
# Exit 0 when every other cell is 0 and each control was caught.
set -u
root=$PWD
carry=${TT_GPU_CARRY:-$root/bench/gpu/carry}
T=${TT_RUN:-$carry/bin/tt-run}
OUT=${OUT:-/tmp/out}; logs=$OUT/sanitize; mkdir -p "$logs"
tools=(${TOOLS:-memcheck racecheck synccheck})
limit=${TT_SANITIZE_TIMEOUT:-900}
filters=("$@")

cs=${COMPUTE_SANITIZER:-}
if [ -z "$cs" ]; then
  for c in "$(command -v compute-sanitizer 2>/dev/null)" \
           /usr/local/cuda/bin/compute-sanitizer \
           /usr/local/cuda/compute-sanitizer/compute-sanitizer \
           /usr/local/cuda-*/bin/compute-sanitizer; do
    [ -n "$c" ] && [ -x "$c" ] && { cs=$c; break; }
  done
fi
[ -n "$cs" ] || { echo "sanitize.sh: compute-sanitizer not found (set COMPUTE_SANITIZER)" >&2; exit 2; }
[ -x "$T" ] || { echo "sanitize.sh: $T missing: run bench/gpu/prepare.sh first" >&2; exit 2; }
[ -d "$carry/sanitize" ] || { echo "sanitize.sh: $carry/sanitize missing: run bench/gpu/prepare.sh first" >&2; exit 2; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null
"$cs" --version | tail -1

# The launches: label, YAML, then tt-run's --kernel arguments (none: the
# YAML's own kernel, our PTX).
launches=()
add() { launches+=("$1|$2|${3:-}"); }
wanted() {
  [ ${#filters[@]} = 0 ] && return 0
  local f; for f in "${filters[@]}"; do [[ $1 == *"$f"* ]] && return 0; done
  return 1
}
skipped=()
for y in "$carry"/sanitize/*.run.yaml; do
  l=$(basename "$y" .run.yaml)
  [[ $l == control-* ]] && continue
  wanted "$l" || continue
  ptx=$(sed -n 's/^kernel: {tt: \(.*\)}$/\1/p' "$y")
  if [ ! -f "$carry/sanitize/$ptx" ]; then skipped+=("$l"); continue; fi
  add "$l" "$y"
  if [ "${TT_SANITIZE_UPSTREAM:-0}" = 1 ]; then
    rel=${ptx#../ours/}
    up=$carry/shared/corpus/$rel
    [[ $rel == extra/* ]] && up=$carry/shared/$rel
    add "$l:upstream" "$y" "upstream=$up"
  fi
done
# The ops kernels (bench/gpu/ops: atomics, histogram, scans, shapes, gather,
# calls, print) at the sizes of their own YAMLs, which are already not
# multiples of the block. The failing-assert kernel traps on purpose and is
# left out.
if [ -d "$carry/ops" ]; then
  for y in hist atomics cumsum cumsum4 transpose shapes gather call-while print; do
    k=${y//-/_}_kernel
    wanted "ops-$y" || continue
    if [ -f "$carry/ops/$k.ptx" ]; then
      add "ops-$y" "$root/bench/gpu/ops/$y.run.yaml" "tt=$carry/ops/$k.ptx"
    else
      skipped+=("ops-$y")
    fi
  done
fi
# The controls, and the tool that must report each.
control_tool() {
  case "$1" in
    control-oob) echo memcheck ;; control-race) echo racecheck ;;
    control-sync) echo synccheck ;;
  esac
}
declare -A control
for c in control-oob control-race control-sync; do
  wanted "$c" && [ -f "$carry/sanitize/$c.run.yaml" ] || continue
  add "$c" "$carry/sanitize/$c.run.yaml"
  control[$c]=missing
done

# errors TOOL LOG: the count the tool reported ("" when it did not finish).
errors() {
  local n
  if [ "$1" = racecheck ]; then
    n=$(sed -n 's/.*RACECHECK SUMMARY: .*(\([0-9]*\) errors\{0,1\}, \([0-9]*\) warnings\{0,1\}).*/\1 \2/p' "$2" | tail -1)
    if [ -n "$n" ]; then
      set -- $n
      if [ "$2" != 0 ]; then echo "$1+$2w"; else echo "$1"; fi
      return
    fi
  fi
  sed -n 's/.*ERROR SUMMARY: \([0-9]*\) error.*/\1/p' "$2" | tail -1
}

declare -A cell
status=0
for entry in "${launches[@]}"; do
  IFS='|' read -r label yaml kern <<< "$entry"
  kargs=(); [ -n "$kern" ] && kargs=(--kernel "$kern")
  for t in "${tools[@]}"; do
    extra=()
    # tt-run gives every tensor its own allocation, but allocations can be
    # adjacent, so a kernel running past the end of one tensor would land in
    # the next and look valid: --padding puts unallocated bytes after each.
    case "$t" in memcheck|initcheck) extra=(--padding "${TT_SANITIZE_PADDING:-4096}") ;; esac
    [ "$t" = memcheck ] && [ "${TT_SANITIZE_LEAKS:-0}" = 1 ] && extra+=(--leak-check full)
    log=$logs/${label//:/-}.$t.log
    start=$(date +%s)
    timeout "$limit" "$cs" --tool "$t" "${extra[@]}" --error-exitcode 86 \
      "$T" "${kargs[@]}" "$yaml" > "$log" 2>&1
    rc=$?
    secs=$(( $(date +%s) - start ))
    n=$(errors "$t" "$log")
    if [ -z "$n" ]; then
      c=n/a; status=1
    elif [[ $label == control-* ]]; then
      c=$n
      if [ "$t" = "$(control_tool "$label")" ]; then
        if [ "$n" != 0 ]; then control[$label]="caught by $t ($n)"
        else control[$label]="MISSED by $t"; status=1; fi
      fi
    elif [ "$n" != 0 ]; then
      c=$n; status=1
    elif [ "$rc" != 0 ]; then
      c=chk; status=1
    else
      c=0
    fi
    cell[$label.$t]=$c
    printf '%-28s %-10s %-6s rc=%-3s %4ss  %s\n' "$label" "$t" "$c" "$rc" "$secs" "$log"
  done
done

echo
printf '%-28s' launch; for t in "${tools[@]}"; do printf '%11s' "$t"; done; echo
for entry in "${launches[@]}"; do
  label=${entry%%|*}
  printf '%-28s' "$label"
  for t in "${tools[@]}"; do printf '%11s' "${cell[$label.$t]}"; done; echo
done
for l in "${skipped[@]}"; do printf '%-28s %s\n' "$l" "not compiled (no PTX in $carry)"; done
for c in "${!control[@]}"; do
  # A control whose tool was not run (TOOLS=...) proves nothing either way.
  [ "${control[$c]}" = missing ] && continue
  echo "$c: ${control[$c]}"
done
[ "$status" = 0 ] && echo "sanitize.sh: no errors" || echo "sanitize.sh: FAILED (logs in $logs)"
exit $status
