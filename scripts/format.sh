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
  # One clang-format for all the files (--dry-run reports each difference as an error naming
  # its file): one process per file took 47 s of the suite's time, this one about 1 s.
  if out=$("$FORMAT" --style=file --dry-run -Werror "${files[@]}" 2>&1); then
    exit 0
  fi
  # Each differing file once; when none differs, what clang-format said instead (an
  # unreadable file, a bad .clang-format), each line once.
  bad=$(sed -n 's/^\(.*\):[0-9]*:[0-9]*: error: code should be clang-formatted.*/\1/p' <<<"$out" | sort -u)
  if [ -n "$bad" ]; then
    sed 's/^/format: /; s/$/ differs from .clang-format (run scripts\/format.sh)/' <<<"$bad"
  else
    grep -i 'error' <<<"$out" | sort -u | head -5 | sed 's/^/format: /'
  fi
  exit 1
fi
"$FORMAT" --style=file -i "${files[@]}"
echo "format: ${#files[@]} files formatted"
