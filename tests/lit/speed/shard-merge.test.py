"""Checks the shards of shard-merge.test: disjoint, covering every file, none empty of
meaning (the run has findings), and merged outputs equal to the unsharded ones (JSON: the
seconds aside). The finding in dedup/shared.h, a header both dedup files include, names as
its device reason the caller one run names, though the two files may be in different
shards: the merge runs the project pass over every shard's facts (docs/ci.md, "Sharding")."""
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
for doc in (whole, merged):
    doc["summary"].pop("seconds")
assert whole == merged, json.dumps([whole, merged], indent=1)
assert open(os.path.join(d, "all.sarif")).read() == open(os.path.join(d, "merged.sarif")).read()
print("shards ok:", [sorted(os.path.basename(f) for f in s) for s in shares])
