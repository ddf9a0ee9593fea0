"""Derives an f32 matmul TTIR from the corpus f16 one (same tiles and
launch): f16 becomes f32, and the final truncation disappears."""
import re, sys
src = open(sys.argv[1]).read()
src = src.replace("f16", "f32").replace("0.000000e+00> : tensor", "0.000000e+00> : tensor")
# "%c = arith.truncf %x : tensor<..xf32> to tensor<..xf32>" -> alias of %x
m = re.search(r"(%\w+) = arith.truncf (%[\w#]+) : (tensor<[^>]*>) to tensor<[^>]*>[^\n]*\n", src)
name, value = m.group(1), m.group(2)
src = src[:m.start()] + src[m.end():]
src = re.sub(re.escape(name) + r"\b", value, src)
open(sys.argv[2], "w").write(src)
