#!/usr/bin/env bash
# The tracer and the report on a two-rank NCCL job under torchrun (issue 18's GPU checks):
# a sync injected on rank 1, the same job without it, an all-reduce overlapped with compute
# and one serialised. Needs two GPUs (the device tool's nvidia-h200-x2): with fewer it says
# SKIP and succeeds. Prints PASS/FAIL lines and keeps them in
# <results dir>/trace-rank-checks-<gpu>-<date>.txt, the reports beside it.
# usage: tests/gpu/run_rank_checks.sh <results dir>
set -uo pipefail
cd "$(dirname "$0")/../.."
results=$1
mkdir -p "$results"
gpus=$(python3 -c 'import torch; print(torch.cuda.device_count())')
if [ "$gpus" -lt 2 ]; then
  echo "SKIP: rank checks need two GPUs ($gpus here)"
  exit 0
fi
. tests/gpu/checks_setup.sh "$results" trace-rank-checks
echo "INFO: $gpu x $gpus, $(date +%F), torch $(python3 -c 'import torch; print(torch.__version__)')"
for mode in late clean overlap serial; do
  $tracer -o "$work/$mode" -- python3 -m torch.distributed.run --nproc_per_node=2 \
    tests/gpu/rank_job.py --mode "$mode" --truth "$work/$mode-truth.json" \
    >"$work/$mode.out" 2>"$work/$mode.err" || { echo "FAIL: $mode job"; tail -5 "$work/$mode.err"; status=1; }
  grep -h "hostsync-trace: GPU" "$work/$mode.err" | cut -c1-300
  $tracer symbolize --relative-to . "$work/$mode" || status=1
  build-gpu/report/hostsync-report --trace "$work/$mode" -o "$work/$mode-report" >/dev/null ||
    { echo "FAIL: hostsync-report $mode"; status=1; }
  cp "$work/$mode-report/report.json" "$results/rank-$mode-report.json" 2>/dev/null
done
python3 tests/gpu/check_ranks.py "$work" || status=1
rm -rf "$work"
exit $status
