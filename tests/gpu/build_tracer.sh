#!/usr/bin/env bash
# Builds only the tracer (and its symbolizer) into build-gpu/, unless it is there: what the
# GPU checks that run alone need. usage: tests/gpu/build_tracer.sh <log file>
set -uo pipefail
cd "$(dirname "$0")/../.."
[ -x build-gpu/profiler/hostsync-trace ] && exit 0
prefix=$(python3 -c 'import torch; print(torch.utils.cmake_prefix_path)')
# The GPU machine has no nlohmann-json package: a copy of Debian's can travel in .deps/.
[ -d .deps ] && prefix="$prefix;$PWD/.deps"
cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHOSTSYNC_BUILD_ANALYZER=OFF \
  -DHOSTSYNC_BUILD_TESTS=OFF -DCMAKE_PREFIX_PATH="$prefix" >"$1" 2>&1
cmake --build build-gpu --target hostsync_trace hostsync-symbolize >>"$1" 2>&1 ||
  { echo "FAIL: tracer build (see $1)"; exit 1; }
