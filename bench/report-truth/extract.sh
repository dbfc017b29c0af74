#!/usr/bin/env bash
# Extract the report-truth programs (bench/report-truth/programs.json) from bare git mirrors into
# .bench-src/report-truth/<name>/ (relative to the repository root), each with `git archive` of
# only the paths the program needs, at the commit pinned in programs.json. Works offline once the
# mirrors exist.
#
# Getting the mirrors: with the session's search tool, call `fetch` once per repository
# (github:karpathy/ng-video-lecture, github:KellerJordan/cifar10-airbench,
# github:MorvanZhou/PyTorch-Tutorial, github:cloneofsimo/minDiffusion, github:karpathy/llama2.c,
# github:soumik12345/libtorch-examples, github:aminnj/cpptqdm, github:shadowdk3/libtorch_example);
# each lands in .mirror/<owner>+<name>/repo beside the checkout, the layout this script reads.
#
# Usage: bench/report-truth/extract.sh [--mirrors DIR] [--out DIR] [--setup] [NAME...]
#   --mirrors DIR  folder holding <owner>+<name>/repo mirrors (default: ../.mirror from the checkout)
#   --out DIR      extract into DIR/<name>/ instead of .bench-src/report-truth/<name>/
#   --setup        also run each program's "setup" commands in its extracted folder
#                  (sed edits of constants, data generators; generators that need torch:
#                  gen_cifar_pt.py) with HERE=bench/report-truth
#   NAME...        only these programs (default: all)
# Each extraction starts from an empty folder, so re-running gives a clean copy.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
MIRRORS="$ROOT/../.mirror"
OUT="$ROOT/.bench-src/report-truth"
SETUP=0
NAMES=()
while [ $# -gt 0 ]; do
  case "$1" in
    --mirrors) MIRRORS="$2"; shift 2 ;;
    --out) OUT="$2"; shift 2 ;;
    --setup) SETUP=1; shift ;;
    -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
    *) NAMES+=("$1"); shift ;;
  esac
done
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"

# One line per archive to take: name<TAB>repo<TAB>commit<TAB>dest-subdir<TAB>path...
plan() {
  python3 - "$HERE/programs.json" "$@" <<'PY'
import json, sys
progs = json.load(open(sys.argv[1]))
want = set(sys.argv[2:])
known = {p["name"] for p in progs}
bad = want - known
if bad:
    sys.exit("unknown program(s): " + " ".join(sorted(bad)))
for p in progs:
    if want and p["name"] not in want:
        continue
    print("\t".join([p["name"], p["repo"], p["commit"], "."] + p["files"]))
    for x in p.get("extra_sources", []):
        print("\t".join([p["name"], x["repo"], x["commit"], x["dest"]] + x["files"]))
PY
}

setup_cmds() {
  python3 - "$HERE/programs.json" "$1" <<'PY'
import json, sys
for p in json.load(open(sys.argv[1])):
    if p["name"] == sys.argv[2]:
        for c in p.get("setup", []):
            print(c)
PY
}

PLAN="$(plan "${NAMES[@]+"${NAMES[@]}"}")"
declare -A CLEANED=()
while IFS=$'\t' read -r name repo commit dest paths; do
  [ -n "$name" ] || continue
  gitdir="$MIRRORS/${repo/\//+}/repo"
  if [ ! -d "$gitdir" ]; then
    echo "extract.sh: no mirror for $repo at $gitdir (fetch github:$repo first)" >&2
    exit 1
  fi
  if ! git --git-dir="$gitdir" cat-file -e "$commit^{commit}" 2>/dev/null; then
    echo "extract.sh: $repo mirror lacks commit $commit" >&2
    exit 1
  fi
  target="$OUT/$name"
  if [ -z "${CLEANED[$name]:-}" ]; then
    rm -rf "$target"
    mkdir -p "$target"
    CLEANED[$name]=1
  fi
  mkdir -p "$target/$dest"
  IFS=$'\t' read -r -a patharr <<<"$paths"
  # A snapshot lacks files of 4 MiB and more; git archive may then report "invalid object" for
  # such a file elsewhere in the tree while still exiting 0, so its messages are shown on failure.
  tmp="$(mktemp -d)"
  if ! git --git-dir="$gitdir" archive --format=tar -o "$tmp/a.tar" "$commit" -- "${patharr[@]}" 2>"$tmp/err"; then
    cat "$tmp/err" >&2
    rm -rf "$tmp"
    echo "extract.sh: git archive failed for $repo@$commit ${patharr[*]}" >&2
    exit 1
  fi
  tar -x -f "$tmp/a.tar" -C "$target/$dest"
  rm -rf "$tmp"
  for p in "${patharr[@]}"; do
    [ -e "$target/$dest/$p" ] || { echo "extract.sh: $p missing from $repo@$commit" >&2; exit 1; }
  done
  echo "extracted $name: $repo@${commit:0:12} ${patharr[*]} -> $target/$dest"
done <<<"$PLAN"

if [ "$SETUP" = 1 ]; then
  export HERE
  for name in $(printf '%s\n' "$PLAN" | cut -f1 | uniq); do
    echo "setup $name"
    while IFS= read -r cmd; do
      [ -n "$cmd" ] || continue
      echo "  + $cmd"
      (cd "$OUT/$name" && bash -euo pipefail -c "$cmd")
    done <<<"$(setup_cmds "$name")"
  done
fi
