#!/usr/bin/env python3
"""Turns the traces of the demos' variants (one process per variant, timed rounds only)
into one JSON table: GPU busy % and ms per step, host stall, GPU idle after syncs and GPU idle
while the host was elsewhere (launching, loading, labelling) per step, stream and copy/compute
overlap, CUPTI's own overhead.
A variant traced several times (DIRs that differ only in <run>) gets one row: the run of
median GPU busy (the lower one of an even count), with every run's busy % and step time
beside it, since a traced 2 ms step varies by several points from run to run.
With --untraced, the same process's step time without the tracer (<demo>__<config>__<variant>
__<steps>.json there, the demo's --json) gives the tracer's cost per step and the GPU's work
per step (from the median trace) as a share of the untraced step. With --nvml, the same
process run untraced for a few seconds with NVML sampling (same names there, the demo's
--json with --nvml=1): the GPU utilization nvidia-smi would show, with no tracer attached.
usage: traced_table.py OUT.json [--untraced DIR] [--nvml DIR] DIR...
       (each DIR: <demo>__<config>__<variant>__<steps>[__<run>]/trace-*.json)"""
import argparse
import glob
import json
import os


def first_variant(timing_path):  # the demo's --json: its one variant, or None
    if not os.path.exists(timing_path):
        return None
    return json.load(open(timing_path))["sections"][0]["variants"][0]


def median_ms(timing_path):
    v = first_variant(timing_path)
    return v["median_ms"] if v else None


def traced_run(d):
    demo, config, variant, steps, *_ = os.path.basename(d.rstrip("/")).split("__")
    row = {"demo": demo, "config": config, "variant": variant, "steps": int(steps)}
    files = [f for f in glob.glob(os.path.join(d, "trace-*.json"))
             if not f.endswith((".checks.json", ".perfetto.json"))]
    if not files:
        return dict(row, error="no trace written")
    t = json.load(open(files[0]))
    # The traced process's own step time (the demo's --json).
    traced_ms = median_ms(os.path.join(d, "timing.json"))
    s, steps = t["summary"], row["steps"]
    dev = s["devices"][0] if s["devices"] else {"busy_pct": 0, "busy_ns": 0,
                                                "launch_bound_ns": 0, "overhead_ns": 0}
    per_step = lambda ns: round(ns / 1e6 / steps, 3)  # noqa: E731
    return dict(row, **{
        "profiler_windows": t.get("profiler_windows", 0),
        "traced_ms_per_step": round(traced_ms, 3) if traced_ms else None,
        "launches_per_step": round(t["records"]["launches"] / steps, 1),
        "gpu_busy_pct": round(dev["busy_pct"], 1),
        "gpu_busy_ms_per_step": per_step(dev["busy_ns"]),
        "launch_bound_ms_per_step": per_step(dev["launch_bound_ns"]),
        "cupti_overhead_ms_per_step": per_step(dev.get("overhead_ns", 0)),
        "stall_ms_per_step": per_step(s["stall_ns"]),
        "sync_bubble_ms_per_step": per_step(s["sync_bubble_ns"]),
        "multi_stream_pct": round(s["multi_stream_pct"], 1),
        "copy_under_compute_pct": round(s["copy_under_compute_pct"], 1),
        "top_site": t["sites"][0]["site"] if t["sites"] else "",
        "dropped": t["records"]["dropped"]})


def variant_row(group, untraced_dir, nvml_dir):
    """One row per variant: its median run, the spread, and the untraced comparison."""
    traced = sorted((r for r in group if "error" not in r), key=lambda r: r["gpu_busy_pct"])
    if not traced:
        return group[0]
    row = dict(traced[(len(traced) - 1) // 2])
    row["runs"] = len(group)
    row["gpu_busy_pct_runs"] = [r["gpu_busy_pct"] for r in traced]
    row["traced_ms_per_step_runs"] = [r["traced_ms_per_step"] for r in traced]
    if len(traced) < len(group):
        row["failed_runs"] = len(group) - len(traced)
    name = "__".join([row["demo"], row["config"], row["variant"], str(row["steps"])])
    if nvml_dir:
        v = first_variant(os.path.join(nvml_dir, name + ".json"))
        if v and v.get("gpu_util_pct", -1) >= 0:
            row["nvml_gpu_util_pct"] = round(v["gpu_util_pct"], 1)
    if untraced_dir:
        untraced = median_ms(os.path.join(untraced_dir, name + ".json"))
        if untraced:
            row["untraced_ms_per_step"] = round(untraced, 3)
            row["gpu_work_of_untraced_step_pct"] = round(
                100 * row["gpu_busy_ms_per_step"] / untraced, 1)
    return row


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--untraced")
    ap.add_argument("--nvml")
    ap.add_argument("dirs", nargs="+")
    a = ap.parse_args()
    groups = {}  # in the order first traced
    for d in a.dirs:
        r = traced_run(d)
        groups.setdefault((r["demo"], r["config"], r["variant"]), []).append(r)
    rows = [variant_row(g, a.untraced, a.nvml) for g in groups.values()]
    json.dump({"demo": "traced", "rows": rows}, open(a.out, "w"), indent=1)
    for r in rows:
        print(r)


if __name__ == "__main__":
    main()
