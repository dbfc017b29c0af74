#!/usr/bin/env bash
# Jobs as they are launched (issue 49): the tracer over each, then the report over the whole
# folder, which must exit 0 (every trace read, none skipped), list every process with its
# role, and name the training script's sync lines. On one GPU: DataLoader workers started
# with spawn, torchrun --nproc_per_node=1, a bash wrapper, a CPU-only helper process; with
# two GPUs also torchrun --nproc_per_node=2 and a rank killed with SIGKILL half way (torchrun
# then stops the other). Prints PASS/FAIL lines into
# <results dir>/trace-launcher-checks-<gpu>-<date>.txt, the reports' JSON beside it.
# usage: tests/gpu/run_launcher_checks.sh <results dir>
set -uo pipefail
cd "$(dirname "$0")/../.."
results=$1
mkdir -p "$results"
. tests/gpu/checks_setup.sh "$results" trace-launcher-checks
gpus=$(python3 -c 'import torch; print(torch.cuda.device_count())')
echo "INFO: $gpu x $gpus, $(date +%F), torch $(python3 -c 'import torch; print(torch.__version__)')"
job=tests/gpu/launch_train.py
run_job() { # name expected-exit command...
  local name=$1 want=$2
  shift 2
  HOSTSYNC_WRITE_S=3 $tracer -o "$work/$name" -- "$@" >"$work/$name.out" 2>"$work/$name.err"
  local rc=$?
  [ "$rc" -eq "$want" ] || { echo "FAIL: $name: the job exited $rc, expected $want"; tail -5 "$work/$name.err"; status=1; }
  $tracer symbolize --relative-to . "$work/$name" >/dev/null 2>&1
  build-gpu/report/hostsync-report -q --trace "$work/$name" -o "$work/$name-report" 2>"$work/$name-report.err"
  echo "$?" >"$work/$name-report.rc"
  cp "$work/$name-report/report.json" "$results/launcher-$name-report.json" 2>/dev/null
}
run_job spawn 0 python3 $job --workers 2 --context spawn
run_job torchrun1 0 python3 -m torch.distributed.run --nproc_per_node=1 $job
# Two commands, so that bash does not exec the last one: a wrapper script's shape.
run_job wrapper 0 bash -c "python3 $job --steps 40; echo wrapped"
run_job helper 0 python3 $job --helper
if [ "$gpus" -ge 2 ]; then
  run_job torchrun2 0 python3 -m torch.distributed.run --nproc_per_node=2 $job
  # torchrun reports the failed rank with its own exit code 1.
  run_job killed 1 python3 -m torch.distributed.run --nproc_per_node=2 $job --steps 400 --kill-rank 1
else
  echo "SKIP: torchrun --nproc_per_node=2 and the killed rank need two GPUs ($gpus here)"
fi
python3 tests/gpu/check_launchers.py "$work" "$job" || status=1
rm -rf "$work"
exit $status
