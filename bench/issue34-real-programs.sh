#!/usr/bin/env bash
# Issue 34's two last open questions, measured on the GPU machine in one call (the command
# of 2026-11-25, NVIDIA H100 80GB HBM3; results in docs/results/trace-*-2026-11-25*):
#   A. bench/real-thread-waits: a real multi-threaded program's own per-thread times,
#      untraced and in each --api mode (REPS processes each, default 1);
#   B. bench/rss-curve: pytorch/examples word_language_model's RSS and glibc heap over time,
#      two untraced and two traced processes run at once (--parallel), each ended by SIGTERM
#      after RSS_SECONDS (default 140).
# Needs build-gpu/profiler/{hostsync-trace,libhostsync_trace.so} (tests/gpu/build_tracer.sh;
# on 2026-11-25 built on the development machine, CUDA 13.0, and carried, to save device
# time) and build-gpu/libheapstats.so (gcc -O2 -shared -fPIC -o build-gpu/libheapstats.so
# bench/heap-stats/heapstats.c -lpthread), .bench-src/pytorch-examples
# (bench/pytorch-examples.sh) and .bench-src/pytorch-inference/server.py with its SOURCE.
# Writes under $OUT (or ./issue34-out).
# usage: bench/issue34-real-programs.sh [REPS] [RSS_SECONDS]
set -uo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-issue34-out}
mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$out/gpu.txt"
[ -x build-gpu/profiler/hostsync-trace ] || tests/gpu/build_tracer.sh "$out/build.log" || exit 1
[ -f build-gpu/libheapstats.so ] ||
  gcc -O2 -shared -fPIC -o build-gpu/libheapstats.so bench/heap-stats/heapstats.c -lpthread || exit 1
# The generated corpus, made while A runs (one core of 16).
python3 bench/data/zipf_corpus.py --out /tmp/wlm-data --words 2088628 >/dev/null 2>&1 &
corpus=$!
rm -rf /tmp/rtw
PYTHONUNBUFFERED=1 timeout 150 bench/real-thread-waits --out "$out/threads.json" --reps "${1:-1}" \
  --timeout 60 --keep /tmp/rtw 2>&1 | tee "$out/threads.log"
tar czf "$out/threads-runs.tgz" -C /tmp/rtw .
wait $corpus
PYTHONUNBUFFERED=1 bench/rss-curve --out "$out/rss.json" --order untraced,traced,untraced,traced \
  --parallel --max-seconds "${2:-140}" --epochs 30 --heapstats build-gpu/libheapstats.so \
  --data /tmp/wlm-data 2>&1 | tee "$out/rss.log"
