#!/usr/bin/env python3
"""Compares a program's trace in sampled mode (--sample) with its trace recorded whole (both
symbolized), for run_sampled_checks.sh: every sync counted as in the whole run and waiting as
long, and with --estimates WHOLE2.json the sampled estimates' 95% intervals holding the whole
run's busy time and each site's idle after its syncs. The whole run is another process of the
same program: an interval is widened by how far two whole runs (WHOLE and WHOLE2) differ, the
program's own spread, which no sampling can remove. Prints PASS/FAIL lines; appends the checks
to CHECKS.json (a list); exit 1 on a failure.
usage: check_sampled.py NAME WHOLE.json SAMPLED.json CHECKS.json [--estimates WHOLE2.json]"""
import json
import os
import sys

name, whole_path, sampled_path, out = sys.argv[1:5]
estimates = sys.argv[6] if sys.argv[5:6] == ["--estimates"] else None
whole, sampled = json.load(open(whole_path)), json.load(open(sampled_path))
whole2 = json.load(open(estimates)) if estimates else None
checks = []


def check(what, ok, detail):
    checks.append({"program": name, "check": what, "ok": bool(ok), "detail": detail})
    print(f"{'PASS' if ok else 'FAIL'}: {name}: {what}: {detail}")


s = sampled["sampling"]
check("the trace says it was sampled", whole["sampling"]["mode"] == "full" and s["mode"] == "sampled",
      f"whole {whole['sampling']['mode']}, sampled {s['mode']}, {s.get('windows')} windows, "
      f"{s.get('event_windows')} event windows")
check("every sync counted", whole["summary"]["syncs"] == sampled["summary"]["syncs"],
      f"whole {whole['summary']['syncs']}, sampled {sampled['summary']['syncs']}")
by_site = {x["site"]: x for x in whole["sites"]}
for x in sampled["sites"]:
    w = by_site.get(x["site"])
    if w is None:
        check(f"site {x['site']} in both", False, "not in the whole run's trace")
        continue
    check(f"site {x['site']}: every sync counted", w["count"] == x["count"],
          f"whole {w['count']}, sampled {x['count']}")
    # Two runs of the program: a wait is the same within 10% (or 50 us) of the whole run's; a
    # site of one or two calls within 1 ms (a first call's time varies by process: the first
    # launch loads the modules).
    mw, ms = w["stall_ns"] / max(w["count"], 1), x["stall_ns"] / max(x["count"], 1)
    slack = max(0.10 * mw, 50_000 if w["count"] > 2 else 1_000_000)
    check(f"site {x['site']}: host wait per sync as in the whole run", abs(ms - mw) <= slack,
          f"whole {mw / 1e3:.1f} us, sampled {ms / 1e3:.1f} us (within {slack / 1e3:.0f} us)")
missing = set(by_site) - {x["site"] for x in sampled["sites"]}
check("no site missing from the sampled run", not missing, f"missing: {sorted(missing)}")
if whole2:
    d = s["devices"][0]
    busy = [r["summary"]["devices"][0]["busy_ns"] for r in (whole, whole2)]
    spread = abs(busy[0] - busy[1])
    lo, hi = d["busy"]["lo_ns"] - spread, d["busy"]["hi_ns"] + spread
    check("GPU busy: the whole run's inside the sampled interval (widened by the whole runs' spread)",
          d["busy"]["interval"] and lo <= busy[0] <= hi,
          f"whole {busy[0] / 1e6:.1f} ms (another: {busy[1] / 1e6:.1f}), sampled "
          f"{d['busy']['value_ns'] / 1e6:.1f} ms ({d['busy']['lo_ns'] / 1e6:.1f} to "
          f"{d['busy']['hi_ns'] / 1e6:.1f}, {d['busy']['windows']} windows)")
    by_site2 = {x["site"]: x for x in whole2["sites"]}
    for x in sampled["sites"]:
        w, w2 = by_site.get(x["site"]), by_site2.get(x["site"])
        if not w or not w2 or w["idle_charged_ns"] < 0.01 * whole["summary"]["sync_bubble_ns"]:
            continue  # the sites that carry the run's idle after syncs
        e = x["idle_estimate"]
        spread = abs(w["idle_charged_ns"] - w2["idle_charged_ns"])
        check(f"site {x['site']}: the whole run's idle after its syncs inside the sampled interval "
              "(widened by the whole runs' spread)",
              e["interval"] and e["lo_ns"] - spread <= w["idle_charged_ns"] <= e["hi_ns"] + spread,
              f"whole {w['idle_charged_ns'] / 1e6:.1f} ms (another: {w2['idle_charged_ns'] / 1e6:.1f}), "
              f"sampled {x['idle_charged_ns'] / 1e6:.1f} ms ({e['lo_ns'] / 1e6:.1f} to "
              f"{e['hi_ns'] / 1e6:.1f}, {e['observed']:.0f} syncs observed)")
previous = json.load(open(out)) if os.path.exists(out) else []
json.dump(previous + checks, open(out, "w"), indent=1)
sys.exit(0 if checks and all(c["ok"] for c in checks) else 1)
