#!/bin/sh
# Renders the tt-dump --html report of every corpus kernel in headless
# Chromium and checks it: the page's script ran to the end (body
# data-ready), no console message, the stage panes of the stages the
# compilation reached, at least one layout picture, and a "failed" stage
# chip whenever tt-dump exited non-zero.
#   html-corpus.sh CORPUS_DIR OUT_DIR "CHROMIUM COMMAND"
corpus=$1 out=$2 chromium=$3
pass=0 fail=0
for dir in "$corpus"/*/; do
  name=$(basename "$dir")
  ttir=$(ls "$dir"*.ttir | grep -v '\.source\.ttir$' | head -1)
  warps=$(echo "$name" | sed -n 's/.*-w\([0-9]*\)-s[0-9]*$/\1/p')
  stages=$(echo "$name" | sed -n 's/.*-w[0-9]*-s\([0-9]*\)$/\1/p')
  html="$out/$name.html"
  tt-dump "$ttir" --num-warps "$warps" --num-stages "$stages" \
    --dump-dir "$out/dumps" --html "$html" > /dev/null 2> "$out/$name.err"
  rc=$?
  $chromium --user-data-dir="$out/profile" --dump-dom "file://$html" \
    > "$out/$name.dom" 2> "$out/$name.console"
  problems=""
  [ -s "$html" ] || problems="$problems no-report"
  grep -q '<body data-ready="1"' "$out/$name.dom" || problems="$problems script-did-not-finish"
  if grep ':CONSOLE' "$out/$name.console"; then problems="$problems console-messages"; fi
  grep -q 'class="pane" data-ext="ttir"' "$out/$name.dom" || problems="$problems no-ttir-pane"
  grep -q 'class="pane" data-ext="ttgir"' "$out/$name.dom" || problems="$problems no-ttgir-pane"
  grep -q 'class="lay"' "$out/$name.dom" || problems="$problems no-layout-picture"
  if [ $rc -ne 0 ]; then
    grep -q 'class="failed"' "$out/$name.dom" || problems="$problems failure-not-shown"
  else
    grep -q 'class="pane" data-ext="ptx"' "$out/$name.dom" || problems="$problems no-ptx-pane"
  fi
  if [ -z "$problems" ]; then
    echo "ok $name (tt-dump exit $rc)"
    pass=$((pass + 1))
  else
    echo "FAIL $name:$problems"
    fail=$((fail + 1))
  fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ] && [ $pass -gt 0 ]
