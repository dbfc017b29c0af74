#!/usr/bin/env python3
"""Joins what gpu-run.sh measured (OUT/<name>/: untraced.json, traced.json, sync-debug.json,
report/report.json) into one table per program: each line that PyTorch's sync debug mode
named, with its count, against the report's site at that line (its count, its list) and each
site only the report has; the verdict against the untraced and traced step times. Differences
are explained by the notes given with --notes (a JSON file {"<program>:<line>": "why"}) or, for
the kinds that need no note, by rule: explicit synchronize() calls and cudaFree-like implicit
syncs, which sync debug mode does not name.
usage: bench/report-truth/compare.py OUT_DIR --notes NOTES.json --json RESULT.json --md RESULT.md
                                     [--gpu NAME] [--date DATE] [--commit SHA] [--remark TEXT]
                                     NAME..."""
import argparse
import json
import os
import statistics


def load(path):
    with open(path) as f:
        return json.load(f)


def program_rows(out, name, notes):
    d = os.path.join(out, name)
    # By file name and line, as the report's sites are keyed (a LibTorch program's lines come
    # with addr2line's whole path).
    debug = {}
    for where, count in load(os.path.join(d, "sync-debug.json"))["sync_lines"].items():
        key = where if where.startswith("(") else os.path.basename(where)
        debug[key] = debug.get(key, 0) + count
    report = load(os.path.join(d, "report", "report.json"))
    sites = {}
    for s in report["findings_with_cost"] + report["missed_statically"]:
        key = f"{os.path.basename(s['file'])}:{s['line']}" if s.get("file") else \
            f"(library) {s['library_site']}"
        if s.get("backward_of"):
            key += f" (backward of {s['backward_of']})"
        sites[key] = s
    rows = []
    for key in sorted(set(debug) | set(sites), key=lambda k: (k not in debug, k)):
        s, named = sites.get(key), debug.get(key, 0)
        count = s["count"] if s else 0
        diff = abs(count - named) / named if named else None
        why = notes.get(f"{name}:{key}", "")
        if not why and named and diff is not None and diff <= 0.05:
            why = "within 5%"
        elif not why and s and not named and s["rule"] == "hostsync-explicit-sync":
            why = "an explicit synchronize or a library's own wait: sync debug mode names neither"
        elif not why and s and not named and s["rule"] == "hostsync-cuda-implicit-sync":
            why = "cudaFree or the like (a wait for the whole device): sync debug mode does not name it"
        rows.append({"line": key, "sync_debug": named, "report": count,
                     "report_waited": s["waited"] if s else 0, "list": s["list"] if s else "",
                     "rule": s["rule"] if s else "", "difference": diff, "why": why})
    untraced, traced = load(os.path.join(d, "untraced.json")), load(os.path.join(d, "traced.json"))
    v = report["verdict"]
    verdict = {"bound": v["bound"], "text": v["text"], "phases": v["phases_text"],
               "untraced_step_ms": statistics.median(untraced["step_ms"]),
               "traced_step_ms": statistics.median(traced["step_ms"]), "steps": untraced["steps"]}
    return rows, verdict


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("names", nargs="+")
    ap.add_argument("--notes", required=True)
    ap.add_argument("--json", required=True)
    ap.add_argument("--md", required=True)
    ap.add_argument("--gpu", default="")
    ap.add_argument("--date", default="")
    ap.add_argument("--commit", default="")
    ap.add_argument("--remark", default="", help="how this run differed from gpu-run.sh's plan")
    a = ap.parse_args()
    notes = load(a.notes)
    result = {"gpu": a.gpu, "date": a.date, "commit": a.commit, "programs": {}}
    md = [f"# The report against PyTorch's sync debug mode, {a.gpu}, {a.date}", "",
          f"Measured with the build of {a.commit} by `bench/report-truth/gpu-run.sh`; the table is "
          "`bench/report-truth/compare.py`'s. For each program: every line that "
          "`torch.cuda.set_sync_debug_mode(\"warn\")` named (its count), the report's site at "
          "that line (every sync counted, and those that waited 20 us), and every site only the "
          "report has, each difference explained; then the verdict against the program's "
          "untraced and traced median step times.", ""] + ([a.remark, ""] if a.remark else [])
    result["remark"] = a.remark
    for name in a.names:
        rows, verdict = program_rows(a.out, name, notes)
        result["programs"][name] = {"lines": rows, "verdict": verdict}
        named = [r for r in rows if r["sync_debug"]]
        within = [r for r in named if r["difference"] is not None and r["difference"] <= 0.05]
        md += [f"## {name}", "",
               f"{len(within)} of the {len(named)} lines sync debug mode named are in the report "
               f"within 5% of its count.", "",
               "| line | sync debug | report (waited) | list | rule | why they differ |",
               "|---|---|---|---|---|---|"]
        for r in rows:
            md.append(f"| `{r['line']}` | {r['sync_debug'] or '-'} | {r['report'] or '-'} "
                      f"({r['report_waited']}) | {r['list'] or '-'} | {r['rule'] or '-'} | "
                      f"{r['why']} |")
        md += ["", f"Verdict: {verdict['text']}", "",
               f"{verdict['phases']} Untraced, a step took {verdict['untraced_step_ms']:.2f} ms "
               f"(median of {verdict['steps']}); traced, {verdict['traced_step_ms']:.2f} ms.", ""]
    with open(a.json, "w") as f:
        json.dump(result, f, indent=1)
    with open(a.md, "w") as f:
        f.write("\n".join(md) + "\n")


if __name__ == "__main__":
    main()
