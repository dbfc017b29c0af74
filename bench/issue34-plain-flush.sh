#!/usr/bin/env bash
# Issue 34 on the folds' plain flush (commits 4b1eb40, d610162), measured on the GPU machine
# in three calls of at most 10 minutes each (2026-11-25, NVIDIA H100 80GB HBM3; results in
# docs/results/trace-*-plain-flush-*):
#   gpu    tests/gpu/run_gpu_tests.sh (every GPU check), then bench/trace-overhead's add_
#          loop (us per launch; REPS processes per mode, default 4) if time is left;
#   wlm4   pytorch/examples word_language_model, untraced then traced (default options), one
#          process each, EPOCHS epochs (default 9: about 3.5 min untraced, 4.5 traced);
#   mnist4 pytorch/examples cpp/mnist likewise (default 75 epochs).
# The 4-minute runs also give each process's peak RSS at 60 s (rss_at_60s_mb): the RSS at
# one minute and at the end of one run. Needs .bench-src/pytorch-examples
# (bench/pytorch-examples.sh) and, on the GPU machine, .deps (nlohmann json; see
# tests/gpu/build_tracer.sh). Writes under $OUT (or ./issue34-out), at most 8 files.
# usage: bench/issue34-plain-flush.sh gpu|wlm4|mnist4 [REPS|EPOCHS]
set -uo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-issue34-out}
mkdir -p "$out"
began=$(date +%s)
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; git log -1 --format='%h %s' 2>/dev/null | cut -c1-100; date -Is; } | tee "$out/gpu.txt"
export PYTHONUNBUFFERED=1
case "$1" in
gpu)
  res=/tmp/gpu-res
  rm -rf "$res"
  tests/gpu/run_gpu_tests.sh "$res" 2>&1 | tee "$out/gpu-tests.log"
  echo "gpu tests rc=${PIPESTATUS[0]} after $(($(date +%s) - began)) s" | tee -a "$out/gpu-tests.log"
  tar czf "$out/gpu-res.tgz" -C "$res" . 2>/dev/null
  left=$((560 - ($(date +%s) - began)))
  if [ "$left" -gt 90 ]; then
    timeout "$left" bench/trace-overhead --workloads add_loop_py --reps "${2:-4}" \
      --out "$out/add-loop.json" 2>&1 | tee "$out/add-loop.log"
  else
    echo "add_loop skipped: $left s left" | tee "$out/add-loop.log"
  fi
  ;;
wlm4 | mnist4)
  [ -x build-gpu/profiler/hostsync-trace ] || tests/gpu/build_tracer.sh "$out/build.log" || exit 1
  if [ "$1" = wlm4 ]; then
    args=(--workloads wlm_py --wlm-epochs "${2:-9}")
  else
    args=(--workloads mnist_cpp --mnist-epochs "${2:-75}")
  fi
  timeout 575 bench/trace-overhead "${args[@]}" --reps 1 --out "$out/$1.json" 2>&1 |
    tee "$out/$1.log"
  find /tmp -maxdepth 2 -name '*.stderr' -newer "$out/gpu.txt" | tar czf "$out/$1-stderr.tgz" -T - 2>/dev/null
  ;;
*)
  echo "usage: $0 gpu|wlm4|mnist4 [REPS|EPOCHS]"
  exit 2
  ;;
esac
echo "stage $1 took $(($(date +%s) - began)) s"
