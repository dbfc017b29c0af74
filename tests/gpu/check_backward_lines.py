#!/usr/bin/env python3
"""Checks a report of backward_lines.py or backward_lines.cpp (issue 76): each marked forward
line (FORWARD-INDEX, FORWARD-INDEX-PUT) is a site of its own whose syncs are its backward's,
named "backward of <op>", with its syncs in every step but the first few (the link records
forward ops from the first backward sync on; a LibTorch program's native stacks from the next
step on; a backward may sync more than once);
and the trace says the link was made.
usage: check_backward_lines.py REPORT.json TRACE.json SOURCE STEPS"""
import json
import sys


def marked(path, tag):
    for n, line in enumerate(open(path), 1):
        if line.rstrip().endswith(tag):
            return n
    raise SystemExit(f"no {tag} line in {path}")


def main():
    report, trace, source, steps = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    r, t = json.load(open(report)), json.load(open(trace))
    failures = 0

    def check(ok, what):
        nonlocal failures
        print(("PASS: " if ok else "FAIL: ") + what)
        failures += not ok

    check(t.get("autograd_link") == "linked", f"the LibTorch link was made ({t.get('autograd_link')!r})")
    sites = r["findings_with_cost"] + r["missed_statically"]
    backward = {s["line"]: s for s in sites
                if s.get("backward_of") and (s.get("file") or "").endswith(source.split("/")[-1])}
    # The op autograd numbered: aten::index for x[mask]; an index_put (index_put_, or the
    # _index_put_impl_ it calls) for z[mask] = v.
    for tag, op in (("FORWARD-INDEX", "aten::index"), ("FORWARD-INDEX-PUT", "index_put")):
        line = marked(source, "// " + tag if source.endswith(".cpp") else "# " + tag)
        site = backward.get(line)
        named = site["backward_of"] if site else ""
        count = site["count"] if site else 0
        ok = (site is not None and (named == op if op.startswith("aten::") else op in named) and
              steps - 3 <= count <= 3 * steps)
        check(ok, f"{tag}: line {line} named as the backward of {named!r} (want {op}), {count} "
                  f"syncs of {steps} steps (backward sites: "
                  f"{sorted((k, v['backward_of'], v['count']) for k, v in backward.items())})")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
