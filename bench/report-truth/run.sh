#!/usr/bin/env bash
# Run report-truth programs (bench/report-truth/programs.json) from their extracted folders
# (made by extract.sh): the "setup" commands once (marked by a .setup-done file), the "build"
# commands for C++ (once, marked by .build-done), then the "command" in "workdir", timed.
#
# Usage: bench/report-truth/run.sh [--src DIR] [--setup-only] NAME...   (NAME: a program, or "all")
#   --src DIR      folder holding <name>/ extractions (default .bench-src/report-truth)
#   --setup-only   do setup and build, do not run
#   WRAP env var   words put in front of the command (e.g. WRAP="hostsync run --"), unset: none
# Prints, per program, "run NAME: rc=RC wall=SECONDS" after its output.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
SRC="$ROOT/.bench-src/report-truth"
RUN=1
NAMES=()
while [ $# -gt 0 ]; do
  case "$1" in
    --src) SRC="$2"; shift 2 ;;
    --setup-only) RUN=0; shift ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) NAMES+=("$1"); shift ;;
  esac
done
[ ${#NAMES[@]} -gt 0 ] || { sed -n '2,11p' "$0"; exit 2; }
if [ "${NAMES[0]}" = all ]; then
  mapfile -t NAMES < <(python3 -c 'import json,sys; [print(p["name"]) for p in json.load(open(sys.argv[1]))]' "$HERE/programs.json")
fi
export HERE

field() {  # field NAME KEY -> one line per list item (or the value)
  python3 - "$HERE/programs.json" "$1" "$2" <<'PY'
import json, shlex, sys
for p in json.load(open(sys.argv[1])):
    if p["name"] == sys.argv[2]:
        v = p.get(sys.argv[3], [])
        if sys.argv[3] == "command":
            print(" ".join(shlex.quote(a) for a in v))
        elif isinstance(v, list):
            for x in v:
                print(x)
        else:
            print(v)
        break
else:
    sys.exit("unknown program " + sys.argv[2])
PY
}

for name in "${NAMES[@]}"; do
  dir="$SRC/$name"
  [ -d "$dir" ] || { echo "run.sh: $dir missing (run extract.sh first)" >&2; exit 1; }
  if [ ! -e "$dir/.setup-done" ]; then
    while IFS= read -r cmd; do
      [ -n "$cmd" ] || continue
      echo "[$name setup] $cmd"
      (cd "$dir" && bash -euo pipefail -c "$cmd")
    done <<<"$(field "$name" setup)"
    touch "$dir/.setup-done"
  fi
  if [ ! -e "$dir/.build-done" ]; then
    while IFS= read -r cmd; do
      [ -n "$cmd" ] || continue
      echo "[$name build] $cmd"
      (cd "$dir" && bash -euo pipefail -c "$cmd")
    done <<<"$(field "$name" build)"
    touch "$dir/.build-done"
  fi
  [ "$RUN" = 1 ] || continue
  workdir="$(field "$name" workdir)"
  cmd="$(field "$name" command)"
  echo "[$name run] (cd $workdir && ${WRAP:+$WRAP }$cmd)"
  t0=$(date +%s.%N)
  set +e
  (cd "$dir/$workdir" && eval "${WRAP:-} $cmd")
  rc=$?
  set -e
  t1=$(date +%s.%N)
  echo "run $name: rc=$rc wall=$(python3 -c "print(f'{$t1-$t0:.1f}')")"
done
