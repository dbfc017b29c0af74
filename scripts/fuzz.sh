#!/usr/bin/env bash
# The libFuzzer targets of tests/fuzz, one per input reader, built with Clang 14, ASan and
# UBSan in build-fuzz/ and run one after another (never side by side: each takes a core).
#   scripts/fuzz.sh                      each target for 60 s, from its seed corpus
#   scripts/fuzz.sh --seconds 600        the long run (docs/contributing.md)
#   scripts/fuzz.sh --seeds-only         each target once over its seeds (what CI runs)
#   scripts/fuzz.sh --targets 'a b'      only these (default: every target built)
#   scripts/fuzz.sh --no-analyzer        without the LLVM-linked readers (no LLVM dev packages)
# New inputs a run finds go to build-fuzz/corpus/<target>/ (the committed seeds stay as
# they are); a crash is written to build-fuzz/crashes/<target>/ and fails the script.
# Ends with one line per target: target, seconds, executions, crashes.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=60 seeds_only=0 targets="" analyzer=ON
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds=$2; shift ;;
    --seeds-only) seeds_only=1 ;;
    --targets) targets=$2; shift ;;
    --no-analyzer) analyzer=OFF ;;
    *) echo "usage: scripts/fuzz.sh [--seconds N | --seeds-only] [--targets 'T...'] [--no-analyzer]" >&2
       exit 2 ;;
  esac
  shift
done

build=build-fuzz
# The build's optimisation: RelWithDebInfo's -O2 -g by default, for a long run's executions
# per second; scripts/test.sh, which only runs the seeds, asks for FUZZ_OPT="-O0 -g1", a
# build of less than half the time (docs/results/test-times-2026-11-27b.md).
opt="${FUZZ_OPT:--O2 -g} -DNDEBUG"
CC=clang-14 CXX=clang++-14 cmake -S . -B $build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=$opt" "-DCMAKE_C_FLAGS_RELWITHDEBINFO=$opt" \
  -DHOSTSYNC_FUZZ=ON -DHOSTSYNC_BUILD_TESTS=OFF -DHOSTSYNC_BUILD_ANALYZER=$analyzer >/dev/null
if [ -z "$targets" ]; then
  targets="fuzz_gate fuzz_lint_findings fuzz_trace_json fuzz_elf_build_id fuzz_python_source fuzz_python_lint"
  [ $analyzer = OFF ] || targets="$targets fuzz_baseline fuzz_config_yaml fuzz_compile_db fuzz_source_text"
fi
# shellcheck disable=SC2086 # a list of target names
nice -n 19 cmake --build $build -j "${FUZZ_JOBS:-2}" --target $targets

# The path readers' inputs go through a file (tests/fuzz/FuzzInput.h): on tmpfs that costs
# a seventh of what it does on a disk (execs per second, measured on the CI machine).
# libFuzzer ends a timed run with _Exit, past the targets' own clean-up: the script removes
# what they leave.
if [ -z "${TMPDIR:-}" ] && [ -w /dev/shm ]; then
  TMPDIR=/dev/shm
fi
TMPDIR=$(mktemp -d "${TMPDIR:-/tmp}/hostsync-fuzz.XXXXXX")
export TMPDIR
trap 'rm -rf "$TMPDIR"' EXIT
summary="" failed=0
for t in $targets; do
  seeds=tests/fuzz/corpus/$t
  crashes=$build/crashes/$t
  mkdir -p "$crashes"
  log=$build/$t.log
  if [ $seeds_only = 1 ]; then
    args=(-runs=0 "$seeds")
  else
    mkdir -p $build/corpus/$t
    args=(-max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048
          $build/corpus/$t "$seeds")
  fi
  # A leak is a finding in the readers of our own code; the analyzer's readers link LLVM and
  # Clang, whose singletons stay until exit, so there leaks are not looked for.
  case $t in
    fuzz_baseline | fuzz_config_yaml | fuzz_compile_db | fuzz_source_text) leaks=0 ;;
    *) leaks=1 ;;
  esac
  export ASAN_OPTIONS=detect_leaks=$leaks:abort_on_error=0
  start=$(date +%s)
  if nice -n 19 $build/fuzz/$t -artifact_prefix="$crashes/" "${args[@]}" >"$log" 2>&1; then
    found=0
  else
    found=1 failed=1
    tail -n 40 "$log" >&2
  fi
  took=$(($(date +%s) - start))
  # libFuzzer's last "#N" line counts the executions ("Done N runs" after -runs=0): more than
  # the seeds, by how many of them it runs again for the coverage they add, so a change to
  # the code read changes it. The seeds it read ("seed corpus: files: N") are the tests.
  execs=$(grep -oE '^#[0-9]+|Done [0-9]+ runs' "$log" | tail -n 1 | grep -oE '[0-9]+' || echo 0)
  read_seeds=$(grep -oE 'seed corpus: files: [0-9]+' "$log" | grep -oE '[0-9]+$' || echo 0)
  summary+="$(printf '%-20s %6ss %10s execs %4s seeds %s crashes' "$t" "$took" "$execs" \
    "$read_seeds" "$found")"$'\n'
done
echo "== fuzz: target, seconds, executions, seed inputs read, crashes (inputs in $build/crashes/)"
printf '%s' "$summary"
exit $failed
