"""Checks the shards of shard-merge.test: disjoint, covering every file, none empty of
meaning (the run has findings), and merged outputs equal to the unsharded ones (JSON: the
analysis seconds aside; SARIF: translation units in another order aside). One known
difference: each shard sees only its own files' device facts, so the finding in
dedup/shared.h, a header both dedup files include, names as its device reason the caller
its shard saw (docs/ci.md, "Sharding"); its device, rank and everything else agree."""
import json
import os
import sys

d = sys.argv[1]
load = lambda name: json.load(open(os.path.join(d, name)))
every = {u["file"] for u in load("all.json")["translation_units"]}
shares = [{u["file"] for u in load(f"{i}.json")["translation_units"]} for i in (1, 2, 3)]
assert sum(len(s) for s in shares) == len(every) and set().union(*shares) == every, shares
assert sum(1 for s in shares if s) >= 2, f"one share holds every file: {shares}"

whole, merged = load("all.json"), load("merged.json")
assert whole["findings"], "the run has no findings: the comparison would prove nothing"
SHARED = os.path.join("dedup", "shared.h")
for doc in (whole, merged):
    doc["summary"].pop("seconds")
    doc["translation_units"].sort(key=lambda u: u["file"])
    for f in doc["findings"]:
        if f["file"].endswith(SHARED):
            f["device_reason"] = f["device_reason"].split(": passed at")[0]
assert whole == merged, json.dumps([whole, merged], indent=1)

whole, merged = load("all.sarif"), load("merged.sarif")
for doc in (whole, merged):
    run = doc["runs"][0]
    run["artifacts"].sort(key=lambda a: a["location"]["uri"])
    run["invocations"][0]["toolExecutionNotifications"].sort(key=json.dumps)
    for r in run["results"]:
        if r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].endswith(SHARED):
            p = r["properties"]
            p["deviceReason"] = p["deviceReason"].split(": passed at")[0]
assert whole == merged, json.dumps([whole, merged], indent=1)
print("shards ok:", [sorted(os.path.basename(f) for f in s) for s in shares])
