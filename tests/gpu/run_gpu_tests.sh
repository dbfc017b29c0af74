#!/usr/bin/env bash
# Runs every GPU check of hostsync-trace on the GPU machine and writes
# <results dir>/trace-gpu-tests-<gpu>-<date>.json (and the raw traces next to it).
# usage: tests/gpu/run_gpu_tests.sh [results dir]
set -uo pipefail
cd "$(dirname "$0")/../.."
results=${1:-docs/results}
mkdir -p "$results"
prefix=$(python3 -c 'import torch; print(torch.utils.cmake_prefix_path)')
# The GPU machine has no nlohmann-json package: a copy of Debian's can travel in .deps/.
[ -d .deps ] && prefix="$prefix;$PWD/.deps"
cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHOSTSYNC_BUILD_ANALYZER=OFF \
  -DHOSTSYNC_BUILD_TESTS=OFF -DCMAKE_PREFIX_PATH="$prefix" >"$results/build.log" 2>&1 ||
  { echo "configure failed:"; tail -20 "$results/build.log"; }
cmake --build build-gpu -- -k 0 >>"$results/build.log" 2>&1 ||
  { echo "some targets failed to build:"; grep -E "error|FAILED" "$results/build.log" | head -20; }
tracer=build-gpu/profiler/hostsync-trace
work=$(mktemp -d)
status=0

echo "== ground truth (LD_PRELOAD)"
nvcc -O2 -o "$work/ground_truth" tests/gpu/ground_truth.cu || status=1
$tracer -o "$work/gt" -- "$work/ground_truth" "$work/truth.json" || status=1
python3 tests/gpu/check_ground_truth.py "$work"/gt/trace-*[0-9].json "$work/truth.json" || status=1

echo "== ground truth (CUDA_INJECTION64_PATH)"
$tracer --injection -o "$work/gt-inj" -- "$work/ground_truth" "$work/truth-inj.json" || status=1
python3 tests/gpu/check_ground_truth.py "$work"/gt-inj/trace-*[0-9].json "$work/truth-inj.json" || status=1

echo "== ground truth (--api all: API calls from CUPTI's runtime records, the former default)"
$tracer --api all -o "$work/gt-all" -- "$work/ground_truth" "$work/truth-all.json" || status=1
python3 tests/gpu/check_ground_truth.py "$work"/gt-all/trace-*[0-9].json "$work/truth-all.json" || status=1

echo "== exit code and output pass through"
$tracer -o "$work/exit" -- bash -c 'echo out-line; echo err-line >&2; exit 7' >"$work/o" 2>"$work/e"
rc=$?
if [ $rc -eq 7 ] && grep -q out-line "$work/o" && grep -q err-line "$work/e"; then
  echo "PASS: exit code 7, stdout and stderr passed through"
else
  echo "FAIL: exit code $rc"; status=1
fi

echo "== every stall attributed to its source line (LibTorch C++, symbolized offline)"
$tracer -o "$work/lines" -- build-gpu/tests-gpu/sync_lines >/dev/null 2>"$work/lines.err" || status=1
cat "$work/lines.err"
$tracer symbolize --relative-to . "$work/lines" || status=1
python3 tests/gpu/check_sync_lines.py "$work"/lines/trace-*[0-9].json tests/gpu/sync_lines.cpp 5 \
  "$work/lines.err" || status=1
echo "== lines that reach one out-of-line LibTorch function are sites apart (at::Tensor::to)"
$tracer -o "$work/copies" -- build-gpu/tests-gpu/copy_lines >/dev/null 2>"$work/copies.err" || status=1
$tracer symbolize --relative-to . "$work/copies" || status=1
python3 tests/gpu/check_sync_lines.py "$work"/copies/trace-*[0-9].json tests/gpu/copy_lines.cpp 5 ||
  status=1
# The native Perfetto trace by default; its Chrome JSON only when asked (HOSTSYNC_PERFETTO=json).
test -s "$work"/lines/trace-*[0-9].perfetto-trace && ! ls "$work"/lines/*.perfetto.json 2>/dev/null &&
  echo "PASS: trace.perfetto-trace written, no JSON unasked" ||
  { echo "FAIL: trace.perfetto-trace"; status=1; }
HOSTSYNC_PERFETTO=json $tracer -o "$work/lines-json" -- build-gpu/tests-gpu/sync_lines >/dev/null 2>&1
python3 -c 'import json,sys; json.load(open(sys.argv[1]))["traceEvents"]' \
  "$work"/lines-json/trace-*.perfetto.json && echo "PASS: trace.perfetto.json is valid JSON" ||
  { echo "FAIL: trace.perfetto.json"; status=1; }

echo "== steps marked with NVTX (Python): --skip-steps leaves out the first ones"
$tracer -o "$work/steps" --skip-steps 3 -- python3 tests/gpu/nvtx_steps.py >"$work/steps.out" \
  2>"$work/steps.err" || status=1
cat "$work/steps.err" | cut -c1-300
python3 tests/gpu/check_steps.py "$work"/steps/trace-*[0-9].json 8 3 || status=1

echo "== timelines of chosen windows: NVTX steps, every N s, cudaProfilerStart..Stop, SIGUSR2"
$tracer -o "$work/timelines" --timeline-steps 3-5 --timeline-every 2 --timeline-for 1 \
  --timeline-signal 1 -- python3 tests/gpu/timeline_windows.py "$work/timeline-marks.json" \
  --signal >"$work/timelines.out" 2>"$work/timelines.err" || status=1
cut -c1-300 "$work/timelines.err" | head -20
python3 tests/gpu/check_timelines.py "$work/timelines" "$work/timeline-marks.json" steps-3-5 \
  every signal-1 || status=1
# Profiler marks limit what is analysed, and so what the other timelines could show: apart.
$tracer -o "$work/timelines-prof" --timeline-profiler -- python3 tests/gpu/timeline_windows.py \
  "$work/timeline-prof-marks.json" --profiler >/dev/null 2>"$work/timelines-prof.err" || status=1
cut -c1-300 "$work/timelines-prof.err" | head -20
python3 tests/gpu/check_timelines.py "$work/timelines-prof" "$work/timeline-prof-marks.json" \
  profiler-1 || status=1

echo "== CUDA runtime calls that block the host (the lint rules' ground truth)"
tests/gpu/run_cuda_runtime_syncs.sh "$results" || status=1

if [ "$(nvidia-smi -L | wc -l)" -ge 2 ]; then
  echo "== two GPUs"
  tests/gpu/run_multi_gpu.sh "$results" || status=1
  echo "== ranks of a torchrun job (NCCL): the straggler, its line, the wait; overlap"
  tests/gpu/run_rank_checks.sh "$results" || status=1
else
  echo "INFO: one GPU: the two-GPU checks (tests/gpu/run_multi_gpu.sh, run_rank_checks.sh) need a machine with two"
fi

echo "== threads: each thread's own waits as untraced, and as its stalls, in every --api mode"
tests/gpu/run_thread_checks.sh "$results" || status=1

echo "== sampled mode: every sync as in the whole run; busy and idle inside their intervals"
tests/gpu/run_sampled_checks.sh "$results" || status=1

echo "== Python: every stall to its .py line, op, rule and fix; no crash or hang"
tests/gpu/run_python_checks.sh "$results" || status=1

echo "== robustness: the trace survives every way of ending, the exit status is unchanged"
nvcc -O2 -o "$work/robust" tests/gpu/robustness.cu || status=1
for how in exit:0 abort:134 sigterm:143 segv:139 exit_thread:3 fork:0 segv_tracer:139; do
  mode=${how%%:*} want=${how##*:}
  began=$(date +%s%N)
  HOSTSYNC_WRITE_S=1 $tracer -o "$work/r-$mode" -- "$work/robust" "$mode" >"$work/r-$mode.out" \
    2>"$work/r-$mode.err"
  rc=$?
  took=$((($(date +%s%N) - began) / 1000000))
  if [ "$mode" = segv_tracer ]; then # dead at once, not after the 20 s write alarm
    [ "$took" -lt 10000 ] && echo "PASS: segv_tracer: ended in $took ms" ||
      { echo "FAIL: segv_tracer: ended after $took ms"; status=1; }
    grep -q "SIGSEGV on the tracer's own thread" "$work/r-$mode.err" &&
      echo "PASS: segv_tracer: one line says so" || { echo "FAIL: segv_tracer: no line"; status=1; }
  fi
  python3 tests/gpu/check_robustness.py "$work/r-$mode" "$mode" "$rc" "$want" \
    "$work/r-$mode.out" "$work/r-$mode.err" || status=1
done

echo "== another CUPTI client: torch.profiler inside a traced Python program"
$tracer -o "$work/kineto" -- python3 tests/gpu/kineto_competition.py >"$work/kineto.out" \
  2>"$work/kineto.err"
rc=$?
cat "$work/kineto.out"; cat "$work/kineto.err" | cut -c1-300 | head -20
# Whichever client subscribes first keeps CUPTI. Here hostsync-trace (loaded first) keeps it
# and Kineto says so itself; the program must run on, and our trace must stay whole.
python3 tests/gpu/check_competing_client.py "$rc" "$work/kineto.err" "$work"/kineto/trace-*[0-9].json ||
  status=1

echo "== LibTorch C++ program (masked_loss, small)"
$tracer -o "$work/ml" -- build-gpu/examples/masked_loss --batch=32 --size=256 --hidden=10 \
  --steps=5 --warmup=2 --rounds=2 >/dev/null || status=1
$tracer symbolize --relative-to . "$work/ml" || status=1
echo "== PyTorch through python3 (masked_loss.py, small)"
$tracer -o "$work/py" -- python3 examples/masked_loss/masked_loss.py --batch 8 --size 64 \
  --hidden 2 --steps 5 --warmup 2 --rounds 2 >/dev/null || status=1
$tracer symbolize --relative-to . "$work/py" || status=1
build-gpu/report/hostsync-report --trace "$work/py" -o "$work/py-report" --source-root . >/dev/null ||
  status=1
python3 - "$work"/py/trace-*[0-9].json "$work/py-report/report.json" <<'PY' || status=1
import json, sys
t, r = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
stacks = [t["stacks"][s["stack"]] if s["stack"] >= 0 else {} for s in t["stalls"]]
# Stalls on a Python thread must name its .py line; those in autograd's backward run on the
# engine's own threads, which run no Python: they are named by their op (docs/trace.md).
on_python = [st for st in stacks if st.get("python")]
py_user = sum(1 for st in on_python if st.get("python_user_frame", -1) >= 0)
engine = sum(1 for st in stacks if not st.get("python") and any(
    "torch::autograd::Engine::" in f.get("function", "") for f in st.get("frames", [])))
sites = [s for s in r["missed_statically"] + r["findings_with_cost"] if s.get("language") == "python"]
ok = (len(on_python) > 0 and py_user == len(on_python) and sites
      and all(s["file"].endswith("masked_loss.py") and s["rule"] for s in sites)
      and any(s["op"] for s in sites))
print(f"{'PASS' if ok else 'FAIL'}: masked_loss.py: {len(t['stalls'])} stalls, {len(on_python)} on "
      f"Python threads, all {py_user} with their .py line; {engine} in autograd's engine "
      f"threads (no Python there); the report's Python sites: "
      + ", ".join(f"{s['file']}:{s['line']} {s['op']} {s['rule']}" for s in sites[:4]))
sys.exit(0 if ok else 1)
PY

# Small traces from the real GPU, for the report's tests (tests/data) and the Quick start:
# paths under the repository or the work directory made relative, minified.
mkdir -p "$results/traces"
for name in lines ml py gt kineto steps; do
  for f in "$work/$name"/trace-*[0-9].json; do cp "$f" "$results/traces/$name-$(basename "$f")"; done
done
python3 scripts/relativize-traces.py --relative-to "$PWD" --relative-to "$work" "$results"/traces/*.json ||
  status=1

gpu=$(python3 -c 'import torch; print(torch.cuda.get_device_name())')
stem="$results/trace-gpu-tests-$(echo "$gpu" | tr -c 'A-Za-z0-9\n' '-' | tr -s '-')-$(date +%F)"
python3 - "$work" "$gpu" "$stem.json" <<'PY'
import glob, json, sys, datetime
work, gpu, out = sys.argv[1:]
doc = {"gpu": gpu, "date": str(datetime.date.today()), "checks": {}, "traces": {}}
for name in ("gt", "gt-inj", "gt-all"):
    for f in glob.glob(f"{work}/{name}/trace-*.json.checks.json"):
        doc["checks"][name] = json.load(open(f))
for f in glob.glob(f"{work}/lines/trace-*.json.lines.json"):
    doc["checks"]["lines"] = json.load(open(f))
for f in glob.glob(f"{work}/steps/trace-*.json.steps.json"):
    doc["checks"]["steps"] = json.load(open(f))
for name in ("timelines", "timelines-prof"):
    for f in glob.glob(f"{work}/{name}/trace-*.json.timelines.json"):
        doc["checks"][name] = json.load(open(f))
for f in glob.glob(f"{work}/r-*.robust.json"):
    doc["checks"][f.split("/")[-1]] = json.load(open(f))
for name in ("gt", "ml", "py", "lines"):
    for f in glob.glob(f"{work}/{name}/trace-*[0-9].json"):
        t = json.load(open(f))
        doc["traces"][name] = {"summary": t["summary"], "records": t["records"],
                               "top_sites": t["sites"][:5]}
json.dump(doc, open(out, "w"), indent=1)
print("results:", out)
PY
exit $status
