#!/usr/bin/env bash
# The two-GPU check of hostsync-trace (run_gpu_tests.sh calls it on a machine with two or
# more GPUs; run alone it builds only the tracer). usage: tests/gpu/run_multi_gpu.sh [results dir]
set -uo pipefail
cd "$(dirname "$0")/../.."
results=${1:-docs/results}
mkdir -p "$results"
tests/gpu/build_tracer.sh "$results/build-multi.log" || exit 1
work=$(mktemp -d)
nvcc -O2 -o "$work/multi_gpu" tests/gpu/multi_gpu.cu || exit 1
build-gpu/profiler/hostsync-trace -o "$work/multi" -- "$work/multi_gpu" "$work/truth.json" || exit 1
python3 tests/gpu/check_multi_gpu.py "$work"/multi/trace-*[0-9].json "$work/truth.json"
status=$?
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
python3 - "$work" "$gpu" "$results/trace-multi-gpu-$(echo "$gpu" | tr -c 'A-Za-z0-9\n' '-' | tr -s '-')x$(nvidia-smi -L | wc -l)-$(date +%F).json" <<'PY'
import glob, json, sys, datetime
work, gpu, out = sys.argv[1:]
doc = {"gpu": gpu, "date": str(datetime.date.today()), "checks": []}
for f in glob.glob(f"{work}/multi/trace-*.json.multi.json"):
    doc["checks"] = json.load(open(f))
json.dump(doc, open(out, "w"), indent=1)
print("results:", out)
PY
exit $status
