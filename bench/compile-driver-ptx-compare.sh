#!/bin/bash
# bench/compile-driver-ptx-compare.sh BEFORE_BIN AFTER_BIN: compiles every
# corpus kernel and every bench/kernels kernel for cuda:90 (PTX), cuda:80 (PTX)
# and hip:gfx942 (AMDGCN) with two builds of tt-translate and reports the
# outputs (and stderr) that differ. Used to show a refactoring changes no code.
b=$1; a=$2; out=$(mktemp -d); n=0; d=0
for dir in $(dirname "$0")/../../shared/corpus/*/ $(dirname "$0")/kernels/*/; do
  t=$(ls $dir/*.source.ttir $dir/*.ttir 2>/dev/null | grep -v source | head -1); [ -f "$t" ] || continue
  name=$(basename $dir); w=$(echo $name | grep -o -- '-w[0-9]*' | tr -d -- '-w'); s=$(echo $name | grep -o -- '-s[0-9]*' | tr -d -- '-s')
  for tgt in cuda:90:ptx cuda:80:ptx hip:gfx942:amdgcn; do
    emit=${tgt##*:}; tg=${tgt%:*}
    $b/tt-translate --target $tg --num-warps ${w:-4} --num-stages ${s:-3} --$emit $t -o $out/b.$name.$tg.$emit 2>$out/b.err || true
    $a/tt-translate --target $tg --num-warps ${w:-4} --num-stages ${s:-3} --$emit $t -o $out/a.$name.$tg.$emit 2>$out/a.err || true
    n=$((n+1))
    if [ -f $out/b.$name.$tg.$emit ] || [ -f $out/a.$name.$tg.$emit ]; then cmp -s $out/b.$name.$tg.$emit $out/a.$name.$tg.$emit; same=$?; else same=0; fi
    if [ $same != 0 ] || ! cmp -s $out/b.err $out/a.err; then d=$((d+1)); echo "DIFF $name $tg"; fi
  done
done
echo "compared $n outputs, $d differ"
