#!/usr/bin/env bash
# Quick start, step 1: install what is needed, build, run hostsync-lint on the bundled
# examples, and join its findings with a trace of the masked_loss demo recorded on an H100
# (examples/traces/) into a report. Prints the findings and the report's path.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
# On Ubuntu, LibTorch's headers are those of the CPU wheel in .deps/torch: its python3 first
# on PATH is where hostsync-lint finds them.
if [ -x .deps/torch/bin/python3 ]; then
  export PATH=$PWD/.deps/torch/bin:$PATH
fi
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --target hostsync-lint hostsync-report
out=build/quickstart
mkdir -p "$out"
echo "== hostsync-lint examples/"
status=0
build/analyzer/hostsync-lint examples/ || status=$?
# 0: clean, 1: findings (the baseline demos are meant to have them); 2 and 3 are failures.
if [ "$status" -gt 1 ]; then
  echo "quickstart: hostsync-lint failed with exit code $status" >&2
  exit "$status"
fi
echo "== hostsync-report: the findings joined with a traced run of examples/masked_loss"
build/analyzer/hostsync-lint --quiet --format=json -o "$out/findings.json" examples/ || status=$?
[ "$status" -le 1 ] || exit "$status"
build/report/hostsync-report --lint "$out/findings.json" --trace examples/traces/masked_loss \
  -o "$out/report" >/dev/null
cat "$out/report/report.md"
echo
echo "report: $PWD/$out/report/report.html"
