#!/usr/bin/env bash
# Prints the rows of profiler/python/CPythonLayouts.h, one per CPython whose headers are
# found: each python3.X given as an argument, else every pyenv version and every
# /usr/include/python3.X. Needs a C compiler and the CPython headers, nothing else.
#   scripts/python-layouts.sh [PYTHON_INCLUDE_DIR...]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dirs=("$@")
if [ ${#dirs[@]} -eq 0 ]; then
  shopt -s nullglob
  dirs=("${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.*/include/python3.* /usr/include/python3.*)
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for inc in "${dirs[@]}"; do
  [ -f "$inc/Python.h" ] || continue
  case "$inc" in *t) continue ;; esac # free-threaded headers: not read (see docs/trace.md)
  cc -w -I"$inc" -I"$inc/internal" "$here/python-layouts.c" -o "$work/layout" 2>"$work/err" ||
    { grep -q "before 3.10" "$work/err" ||
      echo "python-layouts: $inc: does not compile: $(head -1 "$work/err")" >&2; continue; }
  "$work/layout"
done | sort -u -V
