#!/usr/bin/env bash
# The report against PyTorch's own answer, on the GPU machine (issue 76, item 6): each public
# program of programs.json (extracted by extract.sh into .bench-src/report-truth/, carried
# there) run three ways from one checkout:
#   untraced        bench/report-truth/stepclock.py: the time of every optimizer step;
#   traced          the same under hostsync-trace, then symbolized and reported;
#   sync debug      torch.cuda.set_sync_debug_mode("warn"), every warning counted by the
#                   program line that led to it (stepclock.py --sync-debug; a LibTorch program
#                   through sync-debug/sync_debug_preload.cpp, LD_PRELOADed, and its step
#                   times through sync-debug/stepclock_preload.cpp);
# each into OUT/<name>/. compare.py, run afterwards anywhere, joins them into the table of
# docs/results/. The sync debug runs go first, side by side (their timing is not measured),
# while the tracer builds; then the timed runs, one at a time.
# usage: bench/report-truth/gpu-run.sh OUT NAME...
set -uo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
out=$(mkdir -p "$1" && cd "$1" && pwd)
shift
names=("$@")
src=$ROOT/.bench-src/report-truth
here=$ROOT/bench/report-truth
prefix=$(python3 -c 'import torch; print(torch.utils.cmake_prefix_path)')
[ -d .deps ] && prefix="$prefix;$PWD/.deps"
clock() { echo "[$(date +%T) +${SECONDS}s] $*"; }
timed() { # FILE COMMAND...: runs it, writes "<exit code> <wall seconds>" to FILE
  local file=$1 t0 rc
  shift
  t0=$(date +%s%N)
  "$@"
  rc=$?
  echo "$rc $(( ($(date +%s%N) - t0) / 1000000 ))e-3" >"$file"
}

HERE=$here
. "$here/programs.sh" # field NAME KEY

clock "builds, in the background"
(cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHOSTSYNC_BUILD_ANALYZER=OFF \
  -DHOSTSYNC_BUILD_TESTS=OFF -DCMAKE_PREFIX_PATH="$prefix" &&
  cmake --build build-gpu --target hostsync_trace hostsync-symbolize hostsync-report \
    hostsync_autograd backward_lines -- -k 0) >"$out/build.log" 2>&1 &
build=$!
(cmake -S bench/report-truth/sync-debug -B build-sync-debug -G Ninja -DCMAKE_PREFIX_PATH="$prefix" &&
  cmake --build build-sync-debug) >"$out/build-sync-debug.log" 2>&1 &
preload=$!

clock "set-up of ${names[*]} (data, C++ builds)"
HERE=$here bench/report-truth/run.sh --src "$src" --setup-only "${names[@]}" >"$out/setup.log" 2>&1 ||
  { echo "FAIL: set-up"; tail -20 "$out/setup.log"; }

clock "sync debug runs of the Python programs, side by side"
pids=()
for name in "${names[@]}"; do
  mkdir -p "$out/$name"
  [ "$(field "$name" language)" = python ] || continue
  cmd=($(field "$name" command | tr -d "'"))
  (cd "$src/$name/$(field "$name" workdir)" &&
    timeout 300 python3 "$here/stepclock.py" "$out/$name/sync-debug.json" --sync-debug -- \
      "${cmd[@]:1}" >"$out/$name/sync-debug.out" 2>&1) &
  pids+=($!)
done
for p in "${pids[@]}"; do wait "$p"; done
wait $build || { echo "FAIL: the tracer's build"; tail -30 "$out/build.log"; }
wait $preload || { echo "FAIL: the sync debug preload's build"; tail -30 "$out/build-sync-debug.log"; }
tracer=$ROOT/build-gpu/profiler/hostsync-trace

for name in "${names[@]}"; do
  dir=$src/$name/$(field "$name" workdir)
  cmd=($(field "$name" command | tr -d "'"))
  lang=$(field "$name" language)
  o=$out/$name
  if [ "$lang" = python ]; then
    run=(python3 "$here/stepclock.py")
    clock "$name: untraced"
    (cd "$dir" && timed "$o/untraced.time" timeout 300 \
      "${run[@]}" "$o/untraced.json" -- "${cmd[@]:1}" >"$o/untraced.out" 2>&1)
    clock "$name: traced"
    (cd "$dir" && HOSTSYNC_PERFETTO=0 timed "$o/traced.time" timeout 300 \
      "$tracer" -o "$o/trace" -- "${run[@]}" "$o/traced.json" -- "${cmd[@]:1}" >"$o/traced.out" 2>&1)
  else
    clock "$name: untraced, sync debug, traced"
    steps=$ROOT/build-sync-debug/libstepclock_preload.so
    (cd "$dir" && STEPCLOCK_OUT="$o/untraced.json" LD_PRELOAD="$steps" timed "$o/untraced.time" \
      timeout 300 "${cmd[@]}" >"$o/untraced.out" 2>&1)
    (cd "$dir" && SYNC_DEBUG_OUT="$o/sync-debug.json" \
      LD_PRELOAD="$ROOT/build-sync-debug/libsync_debug_preload.so" timeout 120 "${cmd[@]}" \
      >"$o/sync-debug.out" 2>&1)
    (cd "$dir" && STEPCLOCK_OUT="$o/traced.json" LD_PRELOAD="$steps" HOSTSYNC_PERFETTO=0 \
      timed "$o/traced.time" timeout 300 "$tracer" -o "$o/trace" -- "${cmd[@]}" >"$o/traced.out" 2>&1)
  fi
  echo "exit code and seconds: untraced $(cat "$o/untraced.time"), traced $(cat "$o/traced.time")"
  (cd "$dir" && "$tracer" symbolize --relative-to "$dir" "$o/trace" >"$o/symbolize.out" 2>&1)
  build-gpu/report/hostsync-report -q --trace "$o/trace" -o "$o/report" --source-root "$dir" \
    >"$o/report.out" 2>&1 || echo "FAIL: $name: hostsync-report: $(tail -3 "$o/report.out")"
  head -c 600 "$o/report/report.md" 2>/dev/null | sed -n 3p
done
clock "done"
