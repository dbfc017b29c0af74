#!/usr/bin/env bash
# The house format (.clang-format) applied to the project's own C++ and CUDA sources, or,
# with --check, a list of the files that differ from it (exit 1), for CI.
# tests/unit and tests/fuzz (the unit tests, the fuzz targets) are formatted too.
# Left alone on purpose: examples/ and tests/ inputs (lit CHECK lines, the shipped traces
# and the demos' docs name their lines), tests/gpu (traced test programs, same reason) and
# analyzer/cuda-shim (a stand-in for the CUDA toolkit's own headers).
# Uses clang-format-14 (the Debian package): other versions format a few constructs
# differently, and one version keeps the check stable.
set -euo pipefail
cd "$(dirname "$0")/.."
FORMAT=${CLANG_FORMAT:-clang-format-14}
mapfile -t files < <(git ls-files -- 'analyzer/*.cpp' 'analyzer/*.h' 'profiler/*.cpp' \
  'profiler/*.h' 'profiler/*.cu' 'report/*.cpp' 'report/*.h' 'rules/*.cpp' 'rules/*.h' \
  'common/*.cpp' 'common/*.h' 'tests/unit/*.cpp' 'tests/fuzz/*.cpp' 'tests/fuzz/*.h' | grep -v '^analyzer/cuda-shim/')
if [ "${1:-}" = --check ]; then
  bad=0
  for f in "${files[@]}"; do
    if ! "$FORMAT" --style=file "$f" | cmp -s - "$f"; then
      echo "format: $f differs from .clang-format (run scripts/format.sh)"
      bad=1
    fi
  done
  exit $bad
fi
"$FORMAT" --style=file -i "${files[@]}"
echo "format: ${#files[@]} files formatted"
