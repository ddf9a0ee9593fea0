#!/usr/bin/env bash
# Runs on the H200 machine from the repository root (after prepare.sh here):
# the two corpus matmul kernels (Hopper wgmma, cp.async pipelines), our PTX
# compiled from upstream's own TTGIR next to upstream's PTX, launched by the
# same tt-run from the same YAML on the same inputs, checked against a
# float64 host reference of a @ b, then timed (CUDA events, L2 flushed,
# median of 100) at 1024^3, 4096^3 and 8192^3. Also: sizes that are not
# multiples of the tiles (masked edges, padded rows of A), checked only, and
# our bf16 variants (no upstream baseline: upstream's corpus has none), and
# an Ampere mma.sync kernel (cuda:80 PTX) with ldmatrix against the same
# kernel with generic shared loads (shown in the upstream/tt columns).
# Prints a TFLOP/s table last; JSON results go to $OUT. TT_GPU_CARRY=DIR
# reads what prepare.sh wrote there instead of bench/gpu/carry.
#   DOT_CHECK_8192=0 skips the host reference at 8192^3 (about 20 s each).
. "$PWD/bench/gpu/common.sh"
dot=$carry/dot
for tile in 128x128x64:matmul-f16-128x128x64-w4-s4 128x256x64:matmul-f16-128x256x64-w8-s3; do
  t=${tile%%:*}; d=${tile#*:}
  up="upstream=$corpus/$d/matmul_kernel.ptx"
  tt="tt=$dot/$d.ptx"
  run "edge-f16-$t" "$dot/edge-f16-$t.run.yaml" --kernel "$up" --kernel "$tt"
  for s in 1024 4096 8192; do
    check=()
    [ "$s" = 8192 ] && [ "${DOT_CHECK_8192:-1}" = 0 ] && check=(--no-check)
    run "f16-$t-$s" "$root/examples/matmul/matmul-$t.run.yaml" --bench "${check[@]}" \
      --set M=$s --set N=$s --set K=$s --kernel "$up" --kernel "$tt"
  done
  bf=${d/f16/bf16}
  run "edge-bf16-$t" "$dot/edge-bf16-$t.run.yaml" --kernel "tt=$dot/$bf.ptx"
  for s in 4096 8192; do
    check=()
    [ "$s" = 8192 ] && [ "${DOT_CHECK_8192:-1}" = 0 ] && check=(--no-check)
    run "bf16-$t-$s" "$dot/bf16-$t.run.yaml" --bench "${check[@]}" \
      --set M=$s --set N=$s --set K=$s --kernel "tt=$dot/$bf.ptx"
  done
done
# mma.sync (cuda:80 PTX): with ldmatrix, and the generic loads (vec4).
run edge-mma-v2 "$dot/edge-mma-v2.run.yaml" --kernel "ldmatrix=$dot/matmul-mma-v2.ptx" \
  --kernel "generic=$dot/matmul-mma-v2-vec4.ptx"
run mma-v2-4096 "$dot/mma-v2.run.yaml" --bench --kernel "ldmatrix=$dot/matmul-mma-v2.ptx" \
  --kernel "generic=$dot/matmul-mma-v2-vec4.ptx"
python3 - "$OUT" <<'PY'
import json, sys, glob, os
rows = []
for f in sorted(glob.glob(os.path.join(sys.argv[1], "*.json"))):
    try:
        doc = json.load(open(f))
    except Exception as e:
        rows.append((os.path.basename(f)[:-5], "ERR", None, None, None, None))
        continue
    for r in doc["results"]:
        v = {x["label"]: x for x in r["variants"]}
        def get(l, k):
            b = (v.get(l) or {}).get("bench") or {}
            return b.get(k)
        checks = [c for x in r["variants"] for c in (x.get("checks") or [])]
        ok = all(c["passed"] for c in checks) and all(
            x.get("status") == "ok" for x in r["variants"])
        state = ("ok" if checks else "run") if ok else "FAIL"
        base, ours = ("upstream", "tt") if "tt" in v else ("generic", "ldmatrix")
        rows.append((os.path.basename(f)[:-5], state,
                     get(base, "median_ms"), get(ours, "median_ms"),
                     get(base, "tflops"), get(ours, "tflops")))
print(f"{'run':<22}{'checks':>7}{'upstream ms':>13}{'tt ms':>10}"
      f"{'up TFLOP/s':>12}{'tt TFLOP/s':>12}{'tt/up time':>11}")
for name, state, u, t, ut, tt in rows:
    ratio = f"{t/u:.3f}" if u and t else "-"
    print(f"{name:<22}{state:>7}{u or 0:>13.4f}{t or 0:>10.4f}"
          f"{ut or 0:>12.1f}{tt or 0:>12.1f}{ratio:>11}")
PY
