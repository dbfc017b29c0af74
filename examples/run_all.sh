#!/usr/bin/env bash
# Builds and runs every demo on the GPU machine in one go and writes
# <results dir>/<gpu>-<date>.json and .md (default results dir: docs/results).
# usage: examples/run_all.sh [results dir]   QUICK=1: a short smoke run;
#        ONLY="prefetcher masked_loss": only those demos; ONLY=trace: only the traced runs;
#        ONLY=trace:gpu_augmentation: only that demo's traced runs;
#        RAW=dir: keep each demo's JSON and the traces there (default: a temporary dir);
#        TRACE=0: no traced runs (nor their untraced and NVML twins);
#        TRACE_RUNS=N: trace each variant N times (default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
results=${1:-docs/results}
mkdir -p "$results"
prefix=$(python3 -c 'import torch; print(torch.utils.cmake_prefix_path)')
# The GPU machine has no nlohmann-json package (the tracer needs it): a copy can travel in .deps/.
[ -d .deps ] && prefix="$prefix;$PWD/.deps"
# Release, with debug info: the traces' call sites get file:line (hostsync-trace symbolize),
# relative to the repository (--relative-to .), so the results name no directory of this machine.
cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS=-g \
  -DHOSTSYNC_BUILD_ANALYZER=OFF -DHOSTSYNC_BUILD_TESTS=OFF -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
# Keep going past a demo that fails to build or run: the others' results still count,
# and the failure is listed at the end (and the script exits non-zero).
cmake --build build-gpu -- -k 0 || true
failed=()
run() { # name, command...   (ONLY="a b" runs only those: a name, or a prefix before a ":")
  local name=$1 o hit=0; shift
  for o in ${ONLY:-$name}; do [[ "$name" == "$o" || "$name" == "$o:"* ]] && hit=1; done
  [ $hit = 1 ] || return 0
  echo "== $name"
  "$@" || failed+=("$name")
}
gpu=$(python3 -c 'import torch; print(torch.cuda.get_device_name())')
stem="$results/$(echo "$gpu" | tr -c 'A-Za-z0-9\n' '-' | tr -s '-')-$(date +%F)"
raw=${RAW:-$(mktemp -d)} # RAW=dir keeps the demos' own outputs there
mkdir -p "$raw"
steps=20 rounds=5
[ "${QUICK:-0}" = 1 ] && steps=3 rounds=2

# 1. masked_loss: C++ variants, then the same model in PyTorch Python for comparison.
run masked_loss build-gpu/examples/masked_loss --batch=64 --hidden=10 --steps=$steps --rounds=$rounds \
  --json="$raw/01-masked_loss.json"
run masked_loss.py python3 examples/masked_loss/masked_loss.py --batch 64 --hidden 10 --steps $steps \
  --rounds $rounds --json "$raw/02-masked_loss_python.json"

# The seed's own batch size (256), fewer steps: each step is four times longer.
run masked_loss_256 build-gpu/examples/masked_loss --batch=256 --hidden=10 --steps=5 --rounds=3 \
  --json="$raw/03-masked_loss_batch256.json"

# 2. encoder_decoder_pipeline: serial against pipelined, over batch sizes.
run encoder_decoder_pipeline build-gpu/examples/encoder_decoder_pipeline --sweep=8,16,32,64 --steps=$steps \
  --rounds=$rounds --json="$raw/10-encoder_decoder_pipeline.json"

# 3. gpu_augmentation: CPU workers against GPU batch augmentation, with and without its
# own stream, over batch sizes (8 loader workers, as in the seed). Rounds of 2 s at least:
# a round starts with the batches the loader made before it (up to one per worker), which
# would hide a loader that cannot keep up in a round of 20 steps.
aug_seconds=2 aug_rounds=3
[ "${QUICK:-0}" = 1 ] && aug_seconds=0 aug_rounds=2
run gpu_augmentation build-gpu/examples/gpu_augmentation --sweep=32,128 --workers=8 --steps=$steps \
  --seconds=$aug_seconds --rounds=$aug_rounds --json="$raw/20-gpu_augmentation.json"
# 8 workers cannot make the raw images as fast as the GPU trains on them: 14 can.
run gpu_augmentation_14 build-gpu/examples/gpu_augmentation --sweep=32,128 --workers=14 --steps=$steps \
  --seconds=$aug_seconds --rounds=$aug_rounds --json="$raw/21-gpu_augmentation_workers14.json"

# 4. prefetcher: host batches (64 x 3x224x224 float, 37 MiB) copied three ways.
run prefetcher build-gpu/examples/prefetcher --batch=64 --steps=$steps --rounds=$rounds \
  --json="$raw/30-prefetcher.json"

# 5. cpu_gpu_pipeline: segmentation on the GPU, connected components on the CPU.
run cpu_gpu_pipeline build-gpu/examples/cpu_gpu_pipeline --batch=8 --steps=$steps --rounds=$rounds \
  --json="$raw/40-cpu_gpu_pipeline.json"

# Each variant of each demo's headline configuration again, alone in its process: under
# hostsync-trace (GPU busy %, stalls and overlap of its timed rounds), the same untraced,
# and untraced for a few seconds with NVML's GPU utilization sampled (TRACE=0 skips all).
tracer=build-gpu/profiler/hostsync-trace
each_config() { # command: run "command demo config variant binary args..." for each
  local v
  for v in baseline where+sort+ignore; do "$@" masked_loss batch-64 $v build-gpu/examples/masked_loss --batch=64 --skip_loss=1; done
  # encoder/decoder: at batch 8 the graphed twins show what the host's launches cost; 64 is GPU-bound.
  for v in serial pipelined graphed pipelined+graphed; do "$@" encoder_decoder_pipeline batch-8 $v build-gpu/examples/encoder_decoder_pipeline --batch=8; done
  for v in serial pipelined; do "$@" encoder_decoder_pipeline batch-64 $v build-gpu/examples/encoder_decoder_pipeline --batch=64; done
  # The loader fills its queue (two batches per worker) after it starts, on every core it
  # has: 40 warm-up steps let it reach its steady state before the timed steps.
  local aug="build-gpu/examples/gpu_augmentation --warmup=40"
  for v in cpu_workers gpu_batch gpu_stream; do "$@" gpu_augmentation batch-32 $v $aug --batch=32; done
  for v in gpu_batch gpu_stream; do "$@" gpu_augmentation batch-32-workers-14 $v $aug --batch=32 --workers=14; done
  for v in gpu_batch gpu_stream; do "$@" gpu_augmentation batch-128 $v $aug --batch=128; done
  for v in gpu_batch gpu_stream; do "$@" gpu_augmentation batch-128-workers-14 $v $aug --batch=128 --workers=14; done
  for v in sync_copy pinned prefetch; do "$@" prefetcher batch-64 $v build-gpu/examples/prefetcher --batch=64; done
  for v in sequential pipelined; do "$@" cpu_gpu_pipeline batch-8 $v build-gpu/examples/cpu_gpu_pipeline --batch=8; done
}
if [ "${TRACE:-1}" = 1 ] && [ -x "$tracer" ]; then
  # One long round: a pipelined variant fills and drains once per round, and the GPU busy %
  # is of the steady state, not of the refills.
  # Each variant is traced TRACE_RUNS times, each in its own process: a traced 2 ms step's
  # GPU busy % varies by several points from run to run, so the table shows the median run.
  tsteps=50 trounds=1 truns=${TRACE_RUNS:-3}
  traced() { # demo, config label, variant, binary args (a --warmup=N there wins over 5)...
    local demo=$1 config=$2 variant=$3 n dir; shift 3
    [[ " $* " == *" --warmup="* ]] || set -- "$@" --warmup=5
    local name="${demo}__${config}__${variant}__$((tsteps * trounds))"
    for n in $(seq "$truns"); do
      dir="$raw/traces/${name}__$n"
      run "trace:$demo:$config:$variant:$n" "$tracer" -o "$dir" -- "$@" --variants="$variant" \
        --steps=$tsteps --rounds=$trounds --json="$dir/timing.json" >/dev/null
      run "trace:$demo:$config:$variant:$n:symbolize" "$tracer" symbolize --relative-to . "$dir" \
        >/dev/null
    done
    # The same process untraced: what the tracer cost the step, and the GPU's work per step
    # (from the traces) against a step the tracer did not slow down.
    mkdir -p "$raw/untraced" "$raw/nvml"
    run "trace:$demo:$config:$variant:untraced" "$@" --variants="$variant" --steps=$tsteps \
      --rounds=$trounds --json="$raw/untraced/$name.json" >/dev/null
    # NVML samples every 1/6 s or so: a round of at least 3 s gives it enough of them.
    run "trace:$demo:$config:$variant:nvml" "$@" --variants="$variant" --steps=$tsteps \
      --seconds=3 --rounds=1 --nvml=1 --json="$raw/nvml/$name.json" >/dev/null
  }
  each_config traced
  [ -d "$raw/traces" ] && python3 examples/traced_table.py "$raw/90-traced.json" --untraced "$raw/untraced" \
    --nvml "$raw/nvml" "$raw"/traces/*/
fi

python3 examples/results_to_md.py --gpu "$gpu" --out "$stem" $(ls "$raw"/*.json)
echo "results: $stem.json $stem.md"
if [ ${#failed[@]} -gt 0 ]; then
  echo "failed: ${failed[*]}" >&2
  exit 1
fi
