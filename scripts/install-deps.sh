#!/usr/bin/env bash
# Installs every Debian 12 package the tt build and its tests need.
# Idempotent: packages already present are skipped by apt.
set -euo pipefail
PKGS=(
  cmake ninja-build ccache g++ clang-22 lld-22 libclang-rt-22-dev
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
  libyaml-cpp-dev libcxxopts-dev libgtest-dev
  zlib1g-dev libzstd-dev libffi-dev libedit-dev libxml2-dev libcurl4-openssl-dev libz3-dev
  python3 python3-venv python3-numpy
  rocm-device-libs  # ocml/ockl bitcode for the AMD backend's math (docs/amd-backend.md)
  chromium  # headless, for the tests of tt-dump --html (test/tt-dump/html*.test)
)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#PKGS[@]} packages present"
  exit 0
fi
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
