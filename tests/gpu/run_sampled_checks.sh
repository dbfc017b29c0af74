#!/usr/bin/env bash
# Sampled mode (--sample, issue 79) against the whole run, on the GPU machine: each program
# traced whole and sampled, both traces symbolized and compared (check_sampled.py):
#   ground_truth.cu          every sync counted and timed as in the whole run (and the
#                            ground-truth checks of check_ground_truth.py on the sampled trace,
#                            logged: those of syncs must pass, those of overlap need windows);
#   python_sync_lines.py     every sync of every marked line, as in the whole run;
#   sampled_truth.py 3500    steady steps (20 s): besides the syncs, the sampled intervals of
#                            GPU busy and of the idle after each line's syncs hold the whole
#                            run's (widened by the spread of two whole runs), with the default
#                            windows (200 ms every 2 s) and with 100 ms every 500 ms.
# Writes <results>/trace-sampled-<gpu>-<date>.txt (the log) and .json (every check).
# usage: tests/gpu/run_sampled_checks.sh <results dir>
set -uo pipefail
cd "$(dirname "$0")/../.."
results=$1
mkdir -p "$results"
. tests/gpu/checks_setup.sh "$results" trace-sampled
echo "INFO: $gpu, $(date +%F)"
checks="${log%.txt}.json"
rm -f "$checks"
nvcc -g -O2 -o "$work/ground_truth" tests/gpu/ground_truth.cu || { echo "FAIL: build"; exit 1; }

# trace NAME OPTIONS... -- PROGRAM...: one traced run into $work/NAME, symbolized.
trace() {
  local name=$1
  shift
  local t0=$SECONDS
  $tracer --no-perfetto -o "$work/$name" "$@" >"$work/$name.out" 2>"$work/$name.err" ||
    { echo "FAIL: $name: the traced program failed"; cat "$work/$name.err"; status=1; }
  $tracer symbolize --relative-to . "$work/$name" >/dev/null 2>&1 || status=1
  echo "INFO: $name: $((SECONDS - t0)) s; $(grep -h 'hostsync-trace: GPU' "$work/$name.err" | head -1)"
}
only() { ls "$work/$1"/trace-*[0-9].json | head -1; }

echo "== ground_truth.cu"
trace gt-whole -- "$work/ground_truth" "$work/gt-whole.truth.json"
trace gt-sampled --sample --sample-window-ms 100 --sample-every-ms 300 -- \
  "$work/ground_truth" "$work/gt-sampled.truth.json"
python3 tests/gpu/check_sampled.py ground_truth "$(only gt-whole)" "$(only gt-sampled)" "$checks" ||
  status=1
echo "-- check_ground_truth.py on the sampled trace (logged)"
python3 tests/gpu/check_ground_truth.py "$(only gt-sampled)" "$work/gt-sampled.truth.json"

echo "== python_sync_lines.py"
trace lines-whole -- python3 tests/gpu/python_sync_lines.py
trace lines-sampled --sample --sample-window-ms 100 --sample-every-ms 300 -- \
  python3 tests/gpu/python_sync_lines.py
python3 tests/gpu/check_sampled.py python_sync_lines "$(only lines-whole)" \
  "$(only lines-sampled)" "$checks" || status=1

echo "== sampled_truth.py 3500"
trace truth-whole -- python3 tests/gpu/sampled_truth.py 3500
trace truth-whole2 -- python3 tests/gpu/sampled_truth.py 3500
trace truth-sampled --sample -- python3 tests/gpu/sampled_truth.py 3500
python3 tests/gpu/check_sampled.py "sampled_truth (200 ms every 2 s)" "$(only truth-whole)" \
  "$(only truth-sampled)" "$checks" --estimates "$(only truth-whole2)" || status=1
HOSTSYNC_SAMPLE_SEED=2 trace truth-sampled-dense --sample --sample-window-ms 100 \
  --sample-every-ms 500 -- python3 tests/gpu/sampled_truth.py 3500
python3 tests/gpu/check_sampled.py "sampled_truth (100 ms every 500 ms)" "$(only truth-whole)" \
  "$(only truth-sampled-dense)" "$checks" --estimates "$(only truth-whole2)" || status=1
mkdir -p "$results/traces-sampled"
for d in truth-whole truth-sampled gt-sampled; do
  cp "$(only $d)" "$results/traces-sampled/$d.json"
done
python3 - "$checks" "$gpu" <<'PY'
import datetime, json, sys
checks = json.load(open(sys.argv[1]))
json.dump({"gpu": sys.argv[2], "date": str(datetime.date.today()), "checks": checks},
          open(sys.argv[1], "w"), indent=1)
print(f"{sum(c['ok'] for c in checks)} of {len(checks)} checks pass")
PY
exit $status
