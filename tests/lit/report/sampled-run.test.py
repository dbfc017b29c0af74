"""Compares a run's trace in sampled mode (--sample) with the same run's trace recorded whole
(hostsync-training-sample with and without --sampled): prints what sampled-run.test checks.

usage: sampled-run.test.py WHOLE.json SAMPLED.json
"""
import json
import sys

with open(sys.argv[1]) as f:
    whole = json.load(f)
with open(sys.argv[2]) as f:
    sampled = json.load(f)
print("modes", whole["sampling"]["mode"], sampled["sampling"]["mode"])
# Every sync, exact: the run's counts and waits, and each site's.
for key in ("syncs", "stalls", "stall_ns"):
    print(key, "exact" if whole["summary"][key] == sampled["summary"][key] else "differ")
by_site = {s["site"]: s for s in whole["sites"]}
for s in sampled["sites"]:
    w = by_site[s["site"]]
    same = all(w[k] == s[k] for k in ("count", "waited", "stall_ns", "p50_ns", "p99_ns", "bytes"))
    print("site", s["site"], "exact" if same else "differ", "estimated" if "idle_estimate" in s else "")
# The GPU's busy time: the whole run's inside the sampled interval.
d, busy = sampled["sampling"]["devices"][0], whole["summary"]["devices"][0]["busy_ns"]
inside = d["busy"]["lo_ns"] <= busy <= d["busy"]["hi_ns"]
print("busy", "inside" if inside else "outside", "its interval from", d["busy"]["windows"], "windows")
# The costliest site's idle after its syncs: within 1% of the whole run's.
top = sampled["sites"][0]
truth = by_site[top["site"]]["idle_charged_ns"]
print("idle after", top["site"], "within 1%" if abs(top["idle_charged_ns"] - truth) <= 0.01 * truth else
      "off: %d against %d" % (top["idle_charged_ns"], truth))
