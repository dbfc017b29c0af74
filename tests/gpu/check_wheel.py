#!/usr/bin/env python3
"""The pip wheel on the GPU machine (issue 53): installed with pip, without an index, into
the environment that holds the machine's pip PyTorch, as a PyTorch user installs it; then,
with no CUDA toolkit on PATH, the wheel's hostsync-trace traces a public training script
(pytorch/examples' word_language_model, on a generated corpus), the wheel's hostsync-lint
reads the script, and the wheel's hostsync-report joins the two by line.

Prints what it checked and writes results.json (the GPU, the date, torch, where CUPTI came
from, the counts). Exits 1 when a check fails.

usage: tests/gpu/check_wheel.py --wheel dist/hostsync-*.whl --examples .bench-src/pytorch-examples
                                --out DIR"""
import argparse
import datetime
import glob
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
failures = []


def check(ok, what):
    print(("ok: " if ok else "FAILED: ") + what, flush=True)
    if not ok:
        failures.append(what)


def run(cmd, **kw):
    print("$ " + " ".join(cmd), flush=True)
    return subprocess.run(cmd, text=True, capture_output=True, **kw)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--wheel", required=True)
    ap.add_argument("--examples", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--words", type=int, default=300000)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    py = sys.executable  # the environment with torch
    bindir = os.path.dirname(py)
    r = run([py, "-m", "pip", "install", "--no-index", "--force-reinstall", a.wheel])
    check(r.returncode == 0, f"pip install --no-index {os.path.basename(a.wheel)}: {r.stderr.strip()[-300:]}")
    tools = {t: os.path.join(bindir, t) for t in ("hostsync-lint", "hostsync-trace", "hostsync-report")}
    for t, path in tools.items():
        check(os.access(path, os.X_OK), f"{t} installed in {bindir}")
    # No CUDA toolkit on PATH, nor named by the environment.
    env = dict(os.environ)
    env["PATH"] = ":".join(p for p in env["PATH"].split(":") if "cuda" not in p)
    for k in ("CUDA_HOME", "CUDA_PATH", "LD_LIBRARY_PATH"):
        env.pop(k, None)
    torch_info = run([py, "-c", "import torch; print(torch.__version__, torch.version.cuda, torch.cuda.get_device_name())"], env=env).stdout.strip()
    # Where the launcher finds CUPTI, as the traced program sees it.
    probe = run([tools["hostsync-trace"], "-o", os.path.join(a.out, "probe"), "--", py, "-c",
                 "import os; print(os.environ.get('LD_LIBRARY_PATH', '')); "
                 "print(*sorted({l.split()[-1] for l in open('/proc/self/maps') if 'libcupti' in l}))"],
                env=env)
    lines = probe.stdout.splitlines()
    cupti_loaded = lines[1] if len(lines) > 1 else ""
    check(probe.returncode == 0 and "libcupti" in cupti_loaded,
          f"the tracer loads CUPTI: {cupti_loaded} (LD_LIBRARY_PATH {lines[0] if lines else ''}) {probe.stderr.strip()[-300:]}")
    wlm = os.path.join(a.examples, "word_language_model")
    data = os.path.join(a.out, "corpus")
    subprocess.run([py, os.path.join(ROOT, "bench/data/zipf_corpus.py"), "--out", data,
                    "--words", str(a.words)], check=True)
    trace_dir = os.path.join(a.out, "trace")
    t = run([tools["hostsync-trace"], "-o", trace_dir, "--", py, "-u", "main.py", "--data", data,
             "--epochs", "1", "--accel", "--save", os.path.join(a.out, "model.pt")], cwd=wlm, env=env)
    with open(os.path.join(a.out, "trace.log"), "w") as f:
        f.write(t.stdout + t.stderr)
    check(t.returncode == 0 and "End of training" in t.stdout,
          f"word_language_model ran to its end under the wheel's tracer (exit {t.returncode})")
    traces = glob.glob(os.path.join(trace_dir, "trace-*.json*"))
    check(len(traces) >= 1, f"a trace written: {[os.path.basename(p) for p in traces]}")
    lint_json = os.path.join(a.out, "lint.json")
    l = run([tools["hostsync-lint"], "--format=json", "-o", lint_json, "main.py", "data.py",
             "model.py"], cwd=wlm, env=env)
    check(l.returncode in (0, 1) and os.path.exists(lint_json),
          f"the wheel's hostsync-lint read the script (exit {l.returncode}) {l.stderr.strip()[-200:]}")
    report_dir = os.path.join(a.out, "report")
    rep = run([tools["hostsync-report"], "--trace", trace_dir, "--lint", lint_json, "-o", report_dir,
               "--source-root", wlm], env=env)
    check(rep.returncode in (0, 1), f"the wheel's hostsync-report (exit {rep.returncode}) {rep.stderr.strip()[-300:]}")
    report = {}
    if os.path.exists(os.path.join(report_dir, "report.json")):
        with open(os.path.join(report_dir, "report.json")) as f:
            report = json.load(f)
    joined = [(s["file"], s["line"], s["finding"]["rule"]) for s in report.get("findings_with_cost", [])
              if s.get("file", "").endswith(".py")]
    missed = [(s["file"], s["line"], s.get("missed_reason", "")) for s in report.get("missed_statically", [])
              if s.get("file", "").endswith(".py")]
    check(len(joined) >= 1, f"stalls joined with the wheel's findings by .py line: {joined}")
    check(not any("Python code, which hostsync-lint does not analyse" in m[2] for m in missed),
          f"no Python stall left as 'Python code, which hostsync-lint does not analyse': {missed}")
    gpu = torch_info.split(" ", 2)[2] if torch_info.count(" ") >= 2 else torch_info
    results = {"date": datetime.date.today().isoformat(), "gpu": gpu, "torch": torch_info,
               "wheel": os.path.basename(a.wheel), "cupti_loaded": cupti_loaded,
               "path": env["PATH"], "joined": joined, "missed_statically": missed,
               "verdict": report.get("verdict"), "failures": failures}
    with open(os.path.join(a.out, "results.json"), "w") as f:
        json.dump(results, f, indent=1)
    print(f"{len(failures)} failed" if failures else "all passed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
