#!/usr/bin/env bash
# Issue 34's open memory question on the GPU machine, in one call (2026-11-25, NVIDIA H100
# 80GB HBM3; results in docs/results/trace-wlm-rss-owner-*): which part of a traced
# pytorch/examples word_language_model grows its heap. bench/rss-curve runs, all at once on
# the one GPU, the program untraced and traced under configurations that switch one part of
# the tracer off at a time (MODES, as bench/rss-curve names them), each ended by SIGTERM
# after SECONDS, with the profiling preload (bench/heap-stats/heapstats.c built with
# -DHEAPSTATS_PROFILE): RSS and glibc's heap every second, each arena's bytes in use
# (malloc_info) and the live heap per thread and per allocation stack (sampled) every 10 s.
# Builds the tracer here (tests/gpu/build_tracer.sh: carry .deps with nlohmann-json) unless
# build-gpu/ is there; needs .bench-src/pytorch-examples (bench/pytorch-examples.sh), carried.
# Writes under $OUT (or ./issue34-out): gpu.txt, build.log, rss-owner.json, rss-owner.log and
# heap-raw.tgz (the raw .info and .prof files of every run).
# usage: bench/issue34-rss-owner.sh [SECONDS] [MODES]
#   (defaults 220 and untraced,traced,no_stacks,api_syncs,kernels_only,no_writes,no_overhead:
#   the first call; the second named untraced,traced,traced_toolkit_cupti,kernels_only,
#   kernels_only_toolkit_cupti,cupti_kernel,cupti_kernel_one, after the launcher's fix)
set -uo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-issue34-out}
seconds=${1:-220}
modes=${2:-untraced,traced,no_stacks,api_syncs,kernels_only,no_writes,no_overhead}
mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$out/gpu.txt"
python3 bench/data/zipf_corpus.py --out /tmp/wlm-data --words 2088628 >/dev/null 2>&1 &
corpus=$!
tests/gpu/build_tracer.sh "$out/build.log" || exit 1
gcc -O2 -shared -fPIC -DHEAPSTATS_PROFILE -o build-gpu/libheapprof.so \
  bench/heap-stats/heapstats.c -lpthread -lm -ldl || exit 1
# The minimal CUPTI client of the cupti_* modes, on the toolkit's CUPTI (as the tracer is).
cuda=$(dirname "$(dirname "$(command -v nvcc)")")
gcc -O2 -shared -fPIC -I"$cuda/include" -I"$cuda/extras/CUPTI/include" \
  -o build-gpu/libminicupti.so bench/heap-stats/minicupti.c -L"$cuda/lib64" \
  -L"$cuda/extras/CUPTI/lib64" -Wl,-rpath,"$cuda/lib64" -lcupti -lpthread || exit 1
# The preload must leave a program as it was: a quick check before the long runs.
HEAPSTATS_OUT=/tmp/hp-check LD_PRELOAD=$PWD/build-gpu/libheapprof.so \
  python3 -c 'import torch; x = torch.ones(4, device="cuda"); print("preload ok", x.sum().item())' ||
  exit 1
wait $corpus
rm -rf /tmp/heap-raw
PYTHONUNBUFFERED=1 bench/rss-curve --out "$out/rss-owner.json" --order "$modes" --parallel \
  --max-seconds "$seconds" --epochs 30 --heapstats build-gpu/libheapprof.so --data /tmp/wlm-data \
  --raw /tmp/heap-raw 2>&1 | tee "$out/rss-owner.log"
tar czf "$out/heap-raw.tgz" -C /tmp/heap-raw .
