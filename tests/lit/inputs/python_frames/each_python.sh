#!/usr/bin/env bash
# Runs check_frames.py under every CPython 3.9-3.14 found (pyenv versions, /usr/bin): the
# tracer reads 3.10 to 3.13; the others must say, in one line, that they are not read.
probe=$1
here=$(cd "$(dirname "$0")" && pwd)
status=0
shopt -s nullglob
for py in "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.*/bin/python3 /usr/bin/python3.[0-9]*; do
  case "$py" in *-config) continue ;; esac
  version=$("$py" -c 'import sys; print("%d.%d" % sys.version_info[:2])') || continue
  case "$version" in
  3.10 | 3.11 | 3.12 | 3.13) flags=() ;;
  3.9 | 3.14) flags=(--expect-off) ;;
  *) continue ;;
  esac
  echo "python $version ($py)"
  "$py" "$here/check_frames.py" "$probe" "${flags[@]}" || status=1
done
exit $status
