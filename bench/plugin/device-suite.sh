#!/usr/bin/env bash
# One device call: upstream's language tests with upstream's compiler and
# through the plugin (bench/plugin/run-suite.sh), then the kernels tt did not
# compile, grouped by tt's first diagnostic line, packed for reproduction here.
#
#   bench/plugin/device-suite.sh [-- PYTEST_ARGS...]
#
# Run on the GPU machine from the repository root, carrying dist/ (the bundle
# of scripts/bundle.sh) and bench/gpu/carry/upstream-tests (a copy of
# ../shared/upstream-tests, which does not travel; never committed). Writes
# to $OUT (or bench/plugin/out): summary.txt, tt.log.xz, upstream.xml.xz,
# tt.xml.xz, upstream.jsonl.xz, tt.jsonl.xz (tt_suite_report.py's per-test
# lines, kept when a run is cut off), failed-kernels.tar.xz (up to 4 TTIR inputs per diagnostic),
# kernels.tar.xz (every kernel upstream's run built: TTIR + metadata).
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${OUT:-$root/bench/plugin/out}
work=/tmp/tt-suite
rm -rf "$work" && mkdir -p "$work" "$out"
args=(--bundle "$root/dist/tt-bundle-linux-x86_64.tar.xz" --tests "$root/bench/gpu/carry/upstream-tests"
      --out "$work")
# Upstream's run also dumps every kernel it builds (TTIR + metadata JSON):
# the suite's kernels as upstream's frontend emits them, for reproducing
# failures here and for bench/compile (kernels.tar.xz).
# TT_SUITE_LIMITS="U T": seconds each run may take (a device command has 600).
read -r up_limit tt_limit <<< "${TT_SUITE_LIMITS:-200 380}"
# TT_SUITE_DUMP=0 skips the dump (it slows upstream's run by about 2x).
dump_env=(TRITON_KERNEL_DUMP=1 TRITON_DUMP_DIR=/tmp/tt-suite-dump)
[ "${TT_SUITE_DUMP:-1}" = 0 ] && dump_env=(TT_SUITE_NO_DUMP=1)
# TT_SUITE_UPSTREAM=0 skips upstream's run (its result is stable: 9171
# passed, 3 failed, 338 skipped on 2026-12-01) when device time is short.
if [ "${TT_SUITE_UPSTREAM:-1}" != 0 ]; then
  env "${dump_env[@]}" timeout -k 5 "$up_limit" \
      "$root/bench/plugin/run-suite.sh" upstream "${args[@]}" "$@"
fi
timeout -k 5 "$tt_limit" "$root/bench/plugin/run-suite.sh" tt "${args[@]}" "$@"
{ [ -f "$work/upstream.xml" ] || [ -f "$work/upstream.jsonl" ]; } && "$root/bench/plugin/run-suite.sh" summary "${args[@]}" > /dev/null
[ -d /tmp/tt-suite-dump ] && ( cd /tmp/tt-suite-dump && find . -name '*.ttir' -o -name '*.json' | sort |
    tar -cf - -T - | xz -T8 -6 > "$out/kernels.tar.xz" )
python3 - "$work" "$out" <<'EOF'
import collections, json, os, re, sys, tarfile
work, out = sys.argv[1], sys.argv[2]
log = os.path.join(work, "tt.log")
groups = collections.defaultdict(list)
if os.path.exists(log):
    for line in open(log, encoding="utf-8", errors="replace"):
        try:
            r = json.loads(line)
        except ValueError:
            continue
        if r.get("status") == "ok":
            continue
        diag = (r.get("diagnostic") or "").strip().splitlines()
        first = next((l for l in diag if "error" in l or "LLVM ERROR" in l), diag[0] if diag else "?")
        key = re.sub(r"^\S+:\d+:\d+: ", "", first)
        key = re.sub(r"\d+", "N", key)[:150]
        wd = r.get("workdir") or ""
        src = next((os.path.join(wd, f) for f in (os.listdir(wd) if os.path.isdir(wd) else [])
                    if f.endswith((".ttir", ".ttgir"))), None)
        if src:
            groups[key].append((src, r.get("kernel") or r.get("name") or "k"))
with tarfile.open(os.path.join(out, "failed-kernels.tar.xz"), "w:xz") as tar:
    index = []
    for gi, (key, items) in enumerate(sorted(groups.items(), key=lambda kv: -len(kv[1]))):
        index.append(f"g{gi:03d} {len(items):5d} {key}")
        seen = set()
        for src, name in items:
            if len(seen) >= 4:
                break
            text = open(src, encoding="utf-8", errors="replace").read()
            if text in seen:
                continue
            seen.add(text)
            tar.add(src, arcname=f"g{gi:03d}/{len(seen)}-{os.path.basename(src)}")
    open(os.path.join(work, "failed-index.txt"), "w").write("\n".join(index) + "\n")
    tar.add(os.path.join(work, "failed-index.txt"), arcname="index.txt")
print("failed-kernel groups:", len(groups))
EOF
for f in tt.log upstream.xml tt.xml upstream.jsonl tt.jsonl; do
  [ -f "$work/$f" ] && xz -T4 -c "$work/$f" > "$out/$f.xz"
done
cp "$work/summary.txt" "$out/" 2>/dev/null
cat "$work/failed-index.txt" 2>/dev/null | head -40
cat "$work/summary.txt" 2>/dev/null
