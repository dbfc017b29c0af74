"""report.json of join-real.test: the costs add up to the trace's own totals, per-step costs
are a fifth of the totals, and every site carries its finding and the catalog's rule."""
import json
import sys

r = json.load(open(sys.argv[1]))
assert r["schema"] == "hostsync-report/report" and r["version"] == 3
sites = r["findings_with_cost"]
assert len(sites) == 3 and not r["missed_statically"] and not r["cold_in_this_run"], r
h = r["headline"]
assert sum(s["stall_ns"] for s in sites) == h["host_stall_ns"], (sites, h)
assert sum(s["idle_charged_ns"] for s in sites) == h["sync_bubble_ns"]
for s in sites:
    assert s["finding"]["line"] == s["line"] and s["finding"]["rule"] == s["rule"]
    assert s["per_step_stall_ns"] == s["stall_ns"] // 5
    assert s["saving_upper_bound_ns"] == s["idle_charged_ns"]
    assert s["p50_ns"] <= s["p99_ns"]
# Sorted by GPU idle charged, then host stall.
keys = [(s["idle_charged_ns"], s["stall_ns"]) for s in sites]
assert keys == sorted(keys, reverse=True), keys
print("report.json consistent")
