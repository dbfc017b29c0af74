#!/usr/bin/env bash
# Builds and runs every demo on the GPU machine in one go and writes
# <results dir>/<gpu>-<date>.json and .md (default results dir: docs/results).
# usage: examples/run_all.sh [results dir]      (QUICK=1 for a short smoke run)
set -euo pipefail
cd "$(dirname "$0")/.."
results=${1:-docs/results}
mkdir -p "$results"
prefix=$(python3 -c 'import torch; print(torch.utils.cmake_prefix_path)')
cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DHOSTSYNC_BUILD_ANALYZER=OFF \
  -DHOSTSYNC_BUILD_TESTS=OFF -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build build-gpu
gpu=$(python3 -c 'import torch; print(torch.cuda.get_device_name())')
stem="$results/$(echo "$gpu" | tr -c 'A-Za-z0-9\n' '-' | tr -s '-')-$(date +%F)"
raw=$(mktemp -d)
steps=20 rounds=5
[ "${QUICK:-0}" = 1 ] && steps=3 rounds=2

# 1. masked_loss: C++ variants, then the same model in PyTorch Python for comparison.
build-gpu/examples/masked_loss --batch=64 --hidden=10 --steps=$steps --rounds=$rounds \
  --json="$raw/01-masked_loss.json"
python3 examples/masked_loss/masked_loss.py --batch 64 --hidden 10 --steps $steps \
  --rounds $rounds --json "$raw/02-masked_loss_python.json"

python3 examples/results_to_md.py --gpu "$gpu" --out "$stem" "$raw"/*.json
echo "results: $stem.json $stem.md"
