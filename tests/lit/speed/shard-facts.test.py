"""Checks of shard-facts.test that are not byte comparisons: train.cpp and metrics.cpp are
in different shards, and the shard of metrics.cpp alone closes accuracy()'s device
otherwise than the merge of all shards does (so the merge did carry train.cpp's facts
across shards: without them, the comparison with one run would prove nothing)."""
import json
import os
import sys

d = sys.argv[1]
load = lambda name: json.load(open(os.path.join(d, name)))
shards = [load(f"{i}.json") for i in (1, 2, 3)]
where = {os.path.basename(u["file"]): i for i, s in enumerate(shards) for u in s["translation_units"]}
assert where["train.cpp"] != where["metrics.cpp"], f"train.cpp and metrics.cpp in one shard: {where}"

def accuracy(doc):
    found = [f for f in doc["findings"] if f["function"].startswith("accuracy")]
    assert found, json.dumps(doc["findings"], indent=1)
    return [(f["rule"], f["line"], f["device"], f["device_reason"]) for f in found]

alone, merged = accuracy(shards[where["metrics.cpp"]]), accuracy(load("merged.json"))
assert alone != merged, f"the shard alone already says what the merge says: {alone}"
assert any(f[2] == "cuda" for f in merged), merged
print("accuracy() alone:", alone, "\nmerged:", merged)
