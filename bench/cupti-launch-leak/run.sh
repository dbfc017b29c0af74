#!/usr/bin/env bash
# Builds bench/cupti-launch-leak/launch_leak.cu and runs it in every launch mode, untraced,
# under a minimal CUPTI client (kernel records alone, and with other settings), and under
# hostsync-trace (build-gpu/, tests/gpu/build_tracer.sh) in its default mode and with kernel
# records alone, one process each; one JSON line per run on stdout (and in $1 if given).
# Also prints which libcupti the processes load and CUPTI's version.
# usage: bench/cupti-launch-leak/run.sh [OUT.jsonl] [LAUNCHES]
set -uo pipefail
cd "$(dirname "$0")/../.."
out=${1:-/dev/null}
n=${2:-200000}
work=$(mktemp -d)
cuda=$(dirname "$(dirname "$(command -v nvcc)")")
nvcc -O2 -arch=sm_90 -cubin -o "$work/kfun.cubin" -x cu - <<'CU' || exit 1
extern "C" __global__ void kfun(int *p) { if (p) *p = 1; }
CU
nvcc -O2 -arch=sm_90 -o "$work/launch_leak" bench/cupti-launch-leak/launch_leak.cu \
  -I"$cuda/extras/CUPTI/include" -L"$cuda/extras/CUPTI/lib64" -L"$cuda/lib64" -L"$cuda/lib64/stubs" \
  -lcupti -lcuda \
  -Xlinker -rpath -Xlinker "$cuda/extras/CUPTI/lib64" || exit 1
: >"$out"
for mode in rt drv kernel lib libfunc memset rtmemset; do
  for client in none mini mini+global mini+driver mini+runtime; do
    "$work/launch_leak" "$mode" "$n" "$client" "$work/kfun.cubin" | tee -a "$out"
  done
  for cfg in default kernels_only; do
    env=()
    [ "$cfg" = kernels_only ] && env=(HOSTSYNC_API=none HOSTSYNC_ACTIVITIES=kernel)
    env "${env[@]}" LAUNCH_LEAK_SLEEP=1 HOSTSYNC_SUMMARY_LINES=0 build-gpu/profiler/hostsync-trace -o "$work/t" -- \
      "$work/launch_leak" "$mode" "$n" "none" "$work/kfun.cubin" 2>/dev/null |
      sed "s/\"client\": \"none\"/\"client\": \"hostsync-trace $cfg\"/" | tee -a "$out"
  done
done
LD_DEBUG=libs "$work/launch_leak" rt 1000 mini 2>&1 | grep -m2 "calling init:.*cupti\|trying file=.*cupti" || true
# The libcupti a traced Python program loads (the tracer's, found first, serves PyTorch too).
HOSTSYNC_SUMMARY_LINES=0 build-gpu/profiler/hostsync-trace -o "$work/py" -- python3 -c \
  'import torch; torch.ones(1, device="cuda"); print("".join(sorted({l.split()[-1] + "\n" for l in open("/proc/self/maps") if "cupti" in l})))' 2>/dev/null
