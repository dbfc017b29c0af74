#!/usr/bin/env bash
# Quick start, step 2: the whole test suite (unit, lit on real LibTorch headers, docs).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build
cd build
ctest --output-on-failure --no-tests=error -j "$(nproc)"
