#!/usr/bin/env bash
# Runs on the H200 machine from the repository root (after prepare.sh here):
# every corpus kernel without tt.dot, upstream's PTX and ours, launched by the
# same tt-run from the same YAML on the same inputs, checked, then timed
# (CUDA events, L2 flushed, median of 100) at the corpus sizes.
# Prints a ratio table last; JSON results go to $OUT.
. "$PWD/bench/gpu/common.sh"
run() { # yaml corpusdir kernelname label [--set ...]
  local yaml=$1 dir=$2 name=$3 label=$4; shift 4
  "$T" --bench --json-file "$OUT/$label.json" "$@" \
    --kernel "upstream=$root/../shared/corpus/$dir/$name.ptx" \
    --kernel "tt=$carry/ours/$dir/$name.ptx" "$root/examples/$yaml" > "$OUT/$label.txt" 2>&1
  echo "$label rc=$?"; tail -4 "$OUT/$label.txt"
}
run add/add.run.yaml add-f32-1024-w4-s3 add_kernel add-2^20 --set 'n=2**20'
run add/add.run.yaml add-f32-1024-w4-s3 add_kernel add-2^24 --set 'n=2**24'
run add/add.run.yaml add-f32-1024-w4-s3 add_kernel add-2^28 --set 'n=2**28'
run softmax/softmax-1024.run.yaml softmax-f32-1024-w4-s3 softmax_kernel softmax-1024
run softmax/softmax-4096.run.yaml softmax-f32-4096-w8-s3 softmax_kernel softmax-4096
run softmax/softmax-16384.run.yaml softmax-f32-16384-w16-s3 softmax_kernel softmax-16384
run layernorm/layernorm-4096.run.yaml layernorm-f16-4096-w8-s3 layernorm_kernel layernorm-4096
run layernorm/layernorm-8192.run.yaml layernorm-f16-8192-w8-s3 layernorm_kernel layernorm-8192
python3 - "$OUT" <<'PY'
import json, sys, glob, os
rows = []
for f in sorted(glob.glob(os.path.join(sys.argv[1], "*.json"))):
    doc = json.load(open(f))
    for r in doc.get("results", []):  # other tools' JSON in $OUT: skipped
        v = {x["label"]: x for x in r["variants"]}
        def get(l, k):
            b = (v.get(l) or {}).get("bench") or {}
            return b.get(k)
        ok = all(c["passed"] for x in r["variants"] for c in (x.get("checks") or []))
        u, t = get("upstream", "median_ms"), get("tt", "median_ms")
        rows.append((os.path.basename(f)[:-5], ok, u, t, get("upstream", "gbps"), get("tt", "gbps")))
print(f"{'kernel':<16}{'checks':>7}{'upstream ms':>13}{'tt ms':>10}{'up GB/s':>9}{'tt GB/s':>9}{'tt/up time':>11}")
for name, ok, u, t, ug, tg in rows:
    ratio = f"{t/u:.3f}" if u and t else "-"
    print(f"{name:<16}{'ok' if ok else 'FAIL':>7}{u or 0:>13.4f}{t or 0:>10.4f}{ug or 0:>9.0f}{tg or 0:>9.0f}{ratio:>11}")
PY
