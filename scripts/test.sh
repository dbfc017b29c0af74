#!/usr/bin/env bash
# Quick start, step 2: the whole test suite (unit, lit on real LibTorch headers, docs)
# against LLVM 14; then the analyzer's part of it (its units, and the lit tests of the
# analyzer and the clang-tidy module) again against LLVM 22, the other version it supports.
# The tracer's and the report's tests do not depend on the LLVM version: they run once; so
# do the ones of the driver's header search and CI recipe, of the demos' table scripts, and
# the Quick start's sample check (it joins with hostsync-report, which the LLVM 22 build
# does not make) (together about a minute).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
echo "== LLVM 14 (build): everything"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build
(cd build && ctest --output-on-failure --no-tests=error -j "$(nproc)")

echo "== LLVM 22 (build-llvm22): the analyzer and the clang-tidy module"
cmake -S . -B build-llvm22 -G Ninja -DCMAKE_BUILD_TYPE=Release -DHOSTSYNC_LLVM_VERSION=22 >/dev/null
cmake --build build-llvm22 --target hostsync-lint hostsync-tidy torch_pch hostsync_unit_tests
build-llvm22/tests/hostsync_unit_tests --gtest_brief=1
(cd build-llvm22 && LIT_FILTER_OUT='report/|trace/|cli/torch-headers|cli/ci-recipe|examples/traced-table|examples/quickstart-sample' ctest --output-on-failure -R '^lit$')
