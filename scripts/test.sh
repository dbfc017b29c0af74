#!/usr/bin/env bash
# Quick start, step 2: the whole test suite (unit, lit on real LibTorch headers, docs),
# built and run against LLVM 14, then against LLVM 22: the analyzer supports both.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
for llvm in 14 22; do
  dir=build; [ "$llvm" = 14 ] || dir=build-llvm$llvm
  echo "== LLVM $llvm ($dir)"
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHOSTSYNC_LLVM_VERSION=$llvm >/dev/null
  cmake --build "$dir"
  (cd "$dir" && ctest --output-on-failure --no-tests=error -j "$(nproc)")
done
