#!/usr/bin/env bash
# Which CUDA runtime calls block the host while the GPU is busy: the ground truth of the
# lint rules hostsync-cuda-blocking-copy, -pageable-async-copy, -implicit-sync and the
# Thrust cases (run_gpu_tests.sh calls it; run alone it builds only the tracer). Writes
# <results>/cuda-runtime-syncs-<gpu>-<date>.json (plain and with Thrust) and the same
# program's trace under hostsync-trace (-trace.json, and per call -tracer.json), to compare
# the stalls it measured.
# usage: tests/gpu/run_cuda_runtime_syncs.sh [results dir]
set -uo pipefail
cd "$(dirname "$0")/../.."
results=${1:-docs/results}
mkdir -p "$results"
tests/gpu/build_tracer.sh "$results/build-cudart.log" || exit 1
tracer=build-gpu/profiler/hostsync-trace
work=$(mktemp -d)
status=0
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
stem="$results/cuda-runtime-syncs-$(echo "$gpu" | tr -c 'A-Za-z0-9\n' '-' | tr -s '-')-$(date +%F)"
nvcc -O2 -o "$work/cuda_runtime_syncs" tests/gpu/cuda_runtime_syncs.cu || exit 1
nvcc -O2 -g -DWITH_THRUST --extended-lambda -o "$work/cuda_runtime_syncs_thrust" \
  tests/gpu/cuda_runtime_syncs.cu || exit 1
"$work/cuda_runtime_syncs" "$stem.json" || status=1
python3 tests/gpu/check_cuda_runtime_syncs.py "$stem.json" || status=1
"$work/cuda_runtime_syncs_thrust" "$stem-thrust.json" || status=1
python3 tests/gpu/check_cuda_runtime_syncs.py "$stem-thrust.json" || status=1
# The same calls under the tracer: its stalls, next to what the program measured itself.
$tracer -o "$work/cudart" -- "$work/cuda_runtime_syncs" "$work/cudart.json" >"$work/cudart.out" \
  2>"$work/cudart.err" || status=1
cut -c1-300 "$work/cudart.err" | tail -20
# What the tracer saw, per runtime call: next to what the program measured itself.
python3 - "$work"/cudart/trace-*[0-9].json "$stem-tracer.json" <<'PY' || status=1
import collections, json, sys
t = json.load(open(sys.argv[1]))
per = collections.defaultdict(lambda: {"stalls": 0, "host_ms": 0.0, "classes": set()})
for s in t["stalls"]:
    p = per[s["api"]]
    p["stalls"] += 1
    p["host_ms"] += (s["end_ns"] - s["start_ns"]) / 1e6
    p["classes"].add(s["class"])
out = {api: {"stalls": p["stalls"], "host_ms": round(p["host_ms"], 3),
             "classes": sorted(p["classes"])} for api, p in sorted(per.items())}
json.dump({"records": t["records"], "stalls_by_api": out}, open(sys.argv[2], "w"), indent=1)
for api, p in out.items():
    print(f"tracer: {api}: {p['stalls']} stalls, {p['host_ms']} ms host, {p['classes']}")
PY
# The trace's implicit syncs against what the traced program measured itself.
python3 tests/gpu/check_implicit_syncs.py "$stem-tracer.json" "$work/cudart.json" || status=1
cp "$work"/cudart/trace-*[0-9].json "$stem-trace.json" # for hostsync-report's tests
# The Thrust program traced too, its stacks symbolized at exit (for the report's rule names).
$tracer -o "$work/thrust" -- "$work/cuda_runtime_syncs_thrust" "$work/thrust.json" \
  >"$work/thrust.out" 2>"$work/thrust.err" || status=1
cut -c1-300 "$work/thrust.err" | tail -8
cp "$work"/thrust/trace-*[0-9].json "$stem-thrust-trace.json"
echo "results: $stem.json $stem-thrust.json"
exit $status
