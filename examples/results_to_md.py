#!/usr/bin/env python3
"""Merges the demos' JSON outputs into one results file (<out>.json) and renders it as
Markdown tables (<out>.md), with the GPU, the date and the torch version."""
import argparse
import datetime
import json
import platform


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gpu", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("inputs", nargs="+")
    a = ap.parse_args()
    runs = [json.load(open(p)) for p in a.inputs]
    merged = {"gpu": a.gpu, "date": str(datetime.date.today()), "host": platform.node(),
              "runs": runs}
    json.dump(merged, open(a.out + ".json", "w"), indent=1)
    md = [f"# Demo results: {a.gpu}, {merged['date']}", "",
          "Written by `examples/run_all.sh`; medians over interleaved rounds (min..max).", ""]
    def busy_cell(r):  # a variant traced several times: its median run, and the spread
        spread = r.get("gpu_busy_pct_runs", [])
        if len(spread) < 2:
            return f"{r['gpu_busy_pct']}"
        return f"{r['gpu_busy_pct']} ({min(spread)}..{max(spread)}, {len(spread)} runs)"
    for run in runs:
        if run.get("demo") == "traced":
            md += ["## Traced with hostsync-trace (timed rounds only, one process per variant)", ""]
            if run.get("note"):
                md += [run["note"], ""]
            md += [
                   "| demo | config | variant | traced ms/step (untraced) | kernel launches/step "
                   "| GPU busy % | GPU busy ms/step | GPU work / untraced step % "
                   "| NVML GPU utilization %, untraced "
                   "| host stall ms/step | GPU idle after syncs ms/step "
                   "| GPU idle, host elsewhere ms/step | CUPTI overhead ms/step "
                   "| 2+ streams % | copies under compute % | top site |",
                   "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
            for r in run["rows"]:
                if "error" in r:
                    md.append(f"| {r['demo']} | {r.get('config', '')} | {r['variant']} | {r['error']} "
                              "| | | | | | | | | | | | |")
                    continue
                step = f"{r.get('traced_ms_per_step') or ''}"
                if r.get("untraced_ms_per_step"):
                    step += f" ({r['untraced_ms_per_step']})"
                md.append(f"| {r['demo']} | {r.get('config', '')} | {r['variant']} "
                          f"| {step} | {r.get('launches_per_step', '')} "
                          f"| {busy_cell(r)} "
                          f"| {r.get('gpu_busy_ms_per_step', '')} "
                          f"| {r.get('gpu_work_of_untraced_step_pct', '')} "
                          f"| {r.get('nvml_gpu_util_pct', '')} "
                          f"| {r['stall_ms_per_step']} "
                          f"| {r['sync_bubble_ms_per_step']} | {r.get('launch_bound_ms_per_step', '')} "
                          f"| {r.get('cupti_overhead_ms_per_step', '')} "
                          f"| {r['multi_stream_pct']} | {r['copy_under_compute_pct']} | `{r['top_site']}` |")
            md.append("")
            continue
        md.append(f"## {run['demo']} (torch {run['torch']})")
        md.append("")
        md.append(f"Options: `{json.dumps(run.get('options', {}))}`")
        for sec in run["sections"]:
            md += ["", f"### {sec['section']}", ""]
            facts = sec.get("facts") or {}
            if facts:
                md.append(", ".join(f"{k}: {v}" for k, v in facts.items()))
                md.append("")
            # The variants' host-time counters (loader wait, labelling...), per step.
            counters = sorted({k for v in sec["variants"] for k in v.get("per_step", {})})
            md.append("| variant | ms/step | min..max | steps/s | speed-up | peak MiB |"
                      + "".join(f" {c} per step |" for c in counters))
            md.append("|---|---|---|---|---|---|" + "---|" * len(counters))
            for v in sec["variants"]:
                peak = v.get("peak_bytes", -1)
                sps = v.get("steps_per_s", 1000.0 / v["median_ms"])
                per_step = v.get("per_step", {})
                md.append(f"| {v['name']} | {v['median_ms']:.3f} | {v['min_ms']:.3f}..{v['max_ms']:.3f} "
                          f"| {sps:.1f} | {v['speedup']:.2f}x | "
                          f"{'n/a' if peak is None or peak < 0 else f'{peak / 2**20:.0f}'} |"
                          + "".join(f" {per_step[c]:.3f} |" if c in per_step else " |"
                                    for c in counters))
        md.append("")
    open(a.out + ".md", "w").write("\n".join(md) + "\n")


if __name__ == "__main__":
    main()
