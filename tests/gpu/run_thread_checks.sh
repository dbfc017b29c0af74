#!/usr/bin/env bash
# A traced program runs as it would untraced, thread by thread (issue 34, item 4), in every
# --api mode: N host threads each launching a 5 ms kernel on its own stream and waiting for
# it (tests/gpu/thread_waits.cu, 4 and 8 threads, 5 rounds), and a Python backward pass that
# syncs on autograd's thread (tests/gpu/autograd_thread_sync.py). Each traced run is compared
# with the same program untraced and with its own trace (check_thread_waits.py,
# check_autograd_thread.py). Writes <results>/trace-threads-<gpu>-<date>.txt (the log) and
# .json (every check).
# usage: tests/gpu/run_thread_checks.sh <results dir>
set -uo pipefail
cd "$(dirname "$0")/../.."
results=$1
mkdir -p "$results"
. tests/gpu/checks_setup.sh "$results" trace-threads
echo "INFO: $gpu, $(date +%F)"
nvcc -O2 -o "$work/thread_waits" tests/gpu/thread_waits.cu || { echo "FAIL: build"; exit 1; }

for n in 4 8; do
  echo "== $n threads x 5 waits of 5 ms"
  "$work/thread_waits" $n 5 5 "$work/untraced-$n.json" || status=1
  for mode in launches syncs all; do
    $tracer --api $mode --no-perfetto -o "$work/t-$mode-$n" -- "$work/thread_waits" $n 5 5 \
      "$work/traced-$mode-$n.json" 2>"$work/t-$mode-$n.err" || { echo "FAIL: traced run"; status=1; }
    python3 tests/gpu/check_thread_waits.py "--api $mode, $n threads" "$work/untraced-$n.json" \
      "$work/traced-$mode-$n.json" "$work"/t-$mode-$n/trace-*[0-9].json || status=1
  done
done

echo "== a backward pass that syncs on autograd's thread (Python)"
python3 tests/gpu/autograd_thread_sync.py "$work/ag-untraced.json" || status=1
for mode in launches syncs all; do
  $tracer --api $mode --no-perfetto -o "$work/ag-$mode" -- python3 tests/gpu/autograd_thread_sync.py \
    "$work/ag-$mode.json" 2>"$work/ag-$mode.err" || { echo "FAIL: traced run"; cat "$work/ag-$mode.err"; status=1; }
  python3 tests/gpu/check_autograd_thread.py "--api $mode" "$work/ag-untraced.json" \
    "$work/ag-$mode.json" "$work"/ag-$mode/trace-*[0-9].json || status=1
done

python3 - "$work" "$gpu" "${log%.txt}.json" <<'PY'
import datetime, glob, json, sys
work, gpu, out = sys.argv[1:]
checks = []
for f in sorted(glob.glob(f"{work}/*/trace-*.threads.json") + glob.glob(f"{work}/*/trace-*.autograd.json")):
    checks += json.load(open(f))
json.dump({"gpu": gpu, "date": str(datetime.date.today()), "checks": checks}, open(out, "w"), indent=1)
print(f"{sum(c['ok'] for c in checks)} of {len(checks)} checks pass")
PY
exit $status
