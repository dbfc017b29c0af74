#!/usr/bin/env bash
# The report's truth on a GPU (issue 76): backward syncs named by their forward line (Python
# and LibTorch), a short training loop after a long set-up judged on its steps (GPU-bound and
# launch-bound, each against its own untraced timing), and what a pinned non-blocking copy
# costs the host (untraced, under torch.profiler, traced). PASS/FAIL lines go to
# <results dir>/trace-report-truth-checks-<gpu>-<date>.txt, the measurements beside it.
# usage: tests/gpu/run_report_truth_checks.sh <results dir> [CHECK...]
#   CHECK: backward-py, backward-cpp, setup-gpu, setup-launch, pinned (default: all)
set -uo pipefail
cd "$(dirname "$0")/../.."
results=$1
shift
checks=" ${*:-backward-py backward-cpp setup-gpu setup-launch pinned} "
want() { [[ $checks == *" $1 "* ]]; }
mkdir -p "$results"
. tests/gpu/checks_setup.sh "$results" trace-report-truth-checks
echo "INFO: $gpu, $(date +%F), torch $(python3 -c 'import torch; print(torch.__version__)')"
cmake --build build-gpu --target backward_lines hostsync_autograd >>"$results/build.log" 2>&1 ||
  { echo "FAIL: build of backward_lines or the LibTorch link (see build.log)"; status=1; }
report() { # name: symbolize the traces of $work/name, report them into $work/name-report
  $tracer symbolize --relative-to . "$work/$1" >/dev/null 2>&1
  build-gpu/report/hostsync-report -q --trace "$work/$1" -o "$work/$1-report" --source-root . ||
    { echo "FAIL: $1: hostsync-report exited $?"; status=1; }
  cp "$work/$1-report/report.json" "$results/truth-$1-report.json" 2>/dev/null
}

if want backward-py; then
echo "== backward syncs named by their forward line: Python"
$tracer -o "$work/bw-py" -- python3 tests/gpu/backward_lines.py 20 >"$work/bw-py.out" 2>&1 ||
  { echo "FAIL: traced run"; tail -5 "$work/bw-py.out"; status=1; }
report bw-py
python3 tests/gpu/check_backward_lines.py "$work/bw-py-report/report.json" \
  "$work"/bw-py/trace-*[0-9].json tests/gpu/backward_lines.py 20 || status=1
fi

if want backward-cpp; then
echo "== backward syncs named by their forward line: LibTorch"
$tracer -o "$work/bw-cpp" -- build-gpu/tests-gpu/backward_lines 20 >"$work/bw-cpp.out" 2>&1 ||
  { echo "FAIL: traced run"; tail -5 "$work/bw-cpp.out"; status=1; }
report bw-cpp
python3 tests/gpu/check_backward_lines.py "$work/bw-cpp-report/report.json" \
  "$work"/bw-cpp/trace-*[0-9].json tests/gpu/backward_lines.cpp 20 || status=1
fi

for kind in gpu launch; do
  want setup-$kind || continue
  echo "== a short loop after a long set-up: $kind-bound steps"
  python3 tests/gpu/long_setup.py "$work/ls-$kind-untraced.json" --kind $kind >/dev/null ||
    { echo "FAIL: untraced run"; status=1; }
  $tracer -o "$work/ls-$kind" -- python3 tests/gpu/long_setup.py "$work/ls-$kind-traced.json" \
    --kind $kind >/dev/null 2>"$work/ls-$kind.err" || { echo "FAIL: traced run"; status=1; }
  report ls-$kind
  cp "$work/ls-$kind-untraced.json" "$results/truth-ls-$kind-untraced.json"
  python3 tests/gpu/check_long_setup.py "$work/ls-$kind-untraced.json" \
    "$work/ls-$kind-report/report.json" tests/gpu/long_setup.py || status=1
done

if want pinned; then
echo "== a pinned non-blocking copy: untraced, under torch.profiler, traced"
python3 tests/gpu/pinned_copy.py "$results/truth-pinned-untraced.json" >/dev/null || status=1
python3 tests/gpu/pinned_copy.py "$results/truth-pinned-profiled.json" --profile >/dev/null || status=1
$tracer -o "$work/pin" -- python3 tests/gpu/pinned_copy.py "$work/pin-traced.json" >/dev/null 2>&1 ||
  { echo "FAIL: traced run"; status=1; }
report pin
python3 - "$work/pin-report/report.json" tests/gpu/pinned_copy.py "$results" <<'PY' || status=1
import json, sys
report, source, results = json.load(open(sys.argv[1])), sys.argv[2], sys.argv[3]
lines = {n: tag for n, l in enumerate(open(source), 1)
         for tag in ("PIN-MEMORY", "PINNED-COPY") if l.rstrip().endswith("# " + tag)}
sites = [s for s in report["findings_with_cost"] + report["missed_statically"]
         if (s.get("file") or "").endswith("pinned_copy.py") and s.get("line") in lines]
untraced = json.load(open(results + "/truth-pinned-untraced.json"))
profiled = json.load(open(results + "/truth-pinned-profiled.json"))
ok = not sites
print(("PASS" if ok else "FAIL") + f": the pinned non-blocking copy and its pin_memory() are no "
      f"sync: {[(lines[s['line']], s['count'], s['rule']) for s in sites]}; untraced per step: "
      f"pin_memory() {untraced['pin_memory_us']['median']:.1f} us, .to() "
      f"{untraced['to_us']['median']:.1f} us (medians); under torch.profiler the runtime calls "
      f"inside them: {profiled.get('runtime_calls_in_ranges', [])[:6]}")
sys.exit(0 if ok else 1)
PY
fi
rm -rf "$work"
exit $status
