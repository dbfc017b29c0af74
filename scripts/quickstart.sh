#!/usr/bin/env bash
# Quick start, step 1: install what is needed, build, and run hostsync-lint on the bundled
# examples. Prints the findings; succeeds when the analysis ran (findings or not).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --target hostsync-lint
echo "== hostsync-lint examples/"
status=0
build/analyzer/hostsync-lint examples/ || status=$?
# 0: clean, 1: findings (the baseline demos are meant to have them); 2 and 3 are failures.
if [ "$status" -gt 1 ]; then
  echo "quickstart: hostsync-lint failed with exit code $status" >&2
  exit "$status"
fi
