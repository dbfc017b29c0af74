"""Checks for quickstart-sample.test.
sites REPORT.json: every measured site in examples/ is matched to a finding by line.
verdict REPORT.json: the harness's NOLINT-ed timing barrier is set apart in the verdict.
readme README.md LINT.txt REPORT.md: the README's two sample blocks (the lint output after
"The first prints findings such as:", the report rows after "the sites to fix first") are
printed by the commands, line for line (the table header rows excepted)."""
import json
import re
import sys


def sites(report_path):
    r = json.load(open(report_path))
    ours = [s for s in r["findings_with_cost"] + r["missed_statically"]
            if (s.get("file") or "").startswith("examples/")]
    bad = [f"{s['file']}:{s['line']} ({s.get('missed_reason') or s.get('matched_by')})"
           for s in ours if s.get("matched_by") != "line" or s.get("source_changed")]
    if bad:
        sys.exit("sites in the examples not matched by line: " + "; ".join(bad))
    print(f"sites in the examples: {len(ours)}, all matched by line")


def verdict(report_path):
    """The harness's NOLINT-ed timing barrier is named apart and decides nothing: the idle
    after syncs left is what the bound weighs, and the text names the barrier's line."""
    v = json.load(open(report_path))["verdict"]
    sites = [s for s in v["suppressed_sites"] if s.startswith("harness.cpp:")]
    if not sites or v["idle"]["suppressed_sync_ns"] <= 0:
        sys.exit(f"no suppressed harness sync in the verdict: {v['suppressed_sites']}")
    if sites[0] not in v["text"] or "follows a suppressed sync" not in v["text"]:
        sys.exit(f"the verdict does not name it: {v['text']}")
    if v["bound"] == "sync_bound" and v["idle"]["sync_ns"] < v["idle"]["suppressed_sync_ns"]:
        sys.exit(f"sync-bound by the suppressed sync: {v['text']}")
    share = v["idle_pct"]["suppressed_sync"]
    print(f"suppressed: {sites[0]}; {share:.1f}% of the idle set apart; bound {v['bound']} by what is left")


def blocks_after(text, marker):
    at = text.index(marker)
    m = re.search(r"```\n(.*?)```", text[at:], re.S)
    return [l for l in m.group(1).splitlines() if l.strip()]


def readme(readme_path, lint_path, report_path):
    text = open(readme_path).read()
    lint = open(lint_path).read().splitlines()
    report = open(report_path).read().splitlines()
    sample = blocks_after(text, "The first prints findings such as:")
    missing = [l for l in sample if l not in lint]
    if missing:
        sys.exit("README lint sample lines not printed:\n" + "\n".join(missing))
    print(f"README lint sample: {len(sample)} lines, all printed")
    rows = [l for l in blocks_after(text, "the sites to fix first") if not l.startswith("| # |")]
    missing = [l for l in rows if l not in report]
    if missing:
        sys.exit("README report rows not in report.md:\n" + "\n".join(missing))
    print(f"README report sample: {len(rows)} rows, all printed")


if __name__ == "__main__":
    {"sites": sites, "readme": readme, "verdict": verdict}[sys.argv[1]](*sys.argv[2:])
