#!/usr/bin/env bash
# The tracer on Python programs (issue 17's GPU checks): ground-truth sync lines, and runs
# that must not crash or hang (torch.compile, DataLoader workers, threads). Writes the
# symbolized traces to <results dir>/traces, prints PASS/FAIL lines and keeps them in
# <results dir>/trace-python-checks-<gpu>-<date>.txt.
# usage: tests/gpu/run_python_checks.sh <results dir> [reps]
set -uo pipefail
cd "$(dirname "$0")/../.."
results=$1 reps=${2:-5}
mkdir -p "$results/traces"
. tests/gpu/checks_setup.sh "$results" trace-python-checks
echo "INFO: $gpu, $(date +%F)"
echo "INFO: $(python3 --version), torch $(python3 -c 'import torch; print(torch.__version__)')"

echo "== Python sync lines (ground truth)"
PYTHONPATH=tests/gpu $tracer -o "$work/pylines" -- python3 tests/gpu/python_sync_lines.py "$reps" \
  >"$work/pylines.out" 2>"$work/pylines.err" || { echo "FAIL: traced run"; status=1; }
cut -c1-300 "$work/pylines.err" | tail -25
$tracer symbolize --relative-to . "$work/pylines" || status=1
build-gpu/report/hostsync-report --trace "$work/pylines" -o "$work/pylines-report" >/dev/null ||
  { echo "FAIL: hostsync-report"; status=1; }
python3 tests/gpu/check_python_sync_lines.py "$work"/pylines/trace-*[0-9].json \
  "$work/pylines-report/report.json" "$reps" tests/gpu/python_sync_lines.py \
  tests/gpu/python_sync_helpers.py || status=1
cp "$work"/pylines/trace-*[0-9].json "$results/traces/pylines.json"
cp "$work/pylines-report/report.json" "$results/pylines-report.json" 2>/dev/null

echo "== a C++ extension called from Python: both"
$tracer -o "$work/ext" -- python3 tests/gpu/python_extension.py >"$work/ext.out" 2>"$work/ext.err" ||
  { echo "FAIL: traced run"; tail -5 "$work/ext.err"; status=1; }
$tracer symbolize "$work/ext" 2>/dev/null
python3 tests/gpu/check_python_extension.py tests/gpu/python_extension.py "$work"/ext/trace-*[0-9].json ||
  status=1

for what in compile workers threads; do
  echo "== no crash, no hang: $what"
  timeout 300 $tracer -o "$work/rob-$what" -- python3 tests/gpu/python_robustness.py "$what" \
    >"$work/rob-$what.out" 2>"$work/rob-$what.err"
  rc=$?
  traces=$(ls "$work/rob-$what"/trace-*[0-9].json 2>/dev/null | wc -l)
  if [ $rc -eq 3 ] && [ "$traces" -ge 1 ] && grep -q "done\|loss True" "$work/rob-$what.out"; then
    echo "PASS: $what: exit code 3 kept, output kept, $traces trace file(s)"
  else
    echo "FAIL: $what: exit code $rc, $traces trace file(s)"; tail -5 "$work/rob-$what.err"; status=1
  fi
  cp "$work/rob-$what"/trace-*[0-9].json "$results/traces/" 2>/dev/null
done
python3 scripts/relativize-traces.py --relative-to "$PWD" --relative-to "$work" \
  "$results"/traces/trace-*.json "$results"/traces/pylines.json >/dev/null || true
exit $status
