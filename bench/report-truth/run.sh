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

. "$HERE/programs.sh"

# NAME KIND (setup or build): its commands, once (marked by .KIND-done in its folder).
once() {
  local dir="$SRC/$1" cmd
  [ -e "$dir/.$2-done" ] && return
  while IFS= read -r cmd; do
    [ -n "$cmd" ] || continue
    echo "[$1 $2] $cmd"
    (cd "$dir" && bash -euo pipefail -c "$cmd")
  done <<<"$(field "$1" "$2")"
  touch "$dir/.$2-done"
}

for name in "${NAMES[@]}"; do
  dir="$SRC/$name"
  [ -d "$dir" ] || { echo "run.sh: $dir missing (run extract.sh first)" >&2; exit 1; }
  once "$name" setup
  once "$name" build
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
