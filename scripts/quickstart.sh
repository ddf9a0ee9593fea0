#!/usr/bin/env bash
# The newcomer's first command: set up, build, and compile the vector-add
# example through the TTIR stage, showing the result.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh" tt-opt
build=${TT_BUILD_DIR:-$root/build}
echo "== tt-opt --tt-ttir examples/add/add.ttir"
"$build/bin/tt-opt" --tt-ttir --mlir-use-nameloc-as-prefix "$root/examples/add/add.ttir"
