"""Lays out run_all.sh's traces directory for traced-table.test from one real trace: the
baseline traced four times (busy 97, 85, 90 %; the fourth run wrote no trace), the fixed
variant once; both also untraced (the baseline 68 ms per step) and with NVML sampling
(the baseline 96.5% busy, the fixed variant not measured: -1). The real trace may be
gzip-compressed (.json.gz, as the example's is)."""
import gzip
import json
import os
import sys

trace = json.load((gzip.open if sys.argv[1].endswith(".gz") else open)(sys.argv[1], "rt"))
for name, busy, ms in [("masked_loss__batch-64__baseline__50__1", 97.0, 70.0),
                       ("masked_loss__batch-64__baseline__50__2", 85.0, 71.0),
                       ("masked_loss__batch-64__baseline__50__3", 90.0, 70.5),
                       ("masked_loss__batch-64__baseline__50__4", None, None),
                       ("masked_loss__batch-64__fixed__50", 99.0, 45.0)]:
    d = os.path.join(sys.argv[2], "traces", name)
    os.makedirs(d)
    if busy is None:
        continue
    trace["summary"]["devices"][0]["busy_pct"] = busy
    json.dump(trace, open(os.path.join(d, "trace-1.json"), "w"))
    timing = {"sections": [{"variants": [{"median_ms": ms}]}]}
    json.dump(timing, open(os.path.join(d, "timing.json"), "w"))
os.makedirs(os.path.join(sys.argv[2], "untraced"))
json.dump({"sections": [{"variants": [{"median_ms": 68.0}]}]},
          open(os.path.join(sys.argv[2], "untraced", "masked_loss__batch-64__baseline__50.json"), "w"))
os.makedirs(os.path.join(sys.argv[2], "nvml"))
for name, util in [("masked_loss__batch-64__baseline__50", 96.5),
                   ("masked_loss__batch-64__fixed__50", -1)]:
    json.dump({"sections": [{"variants": [{"median_ms": 68.0, "gpu_util_pct": util}]}]},
              open(os.path.join(sys.argv[2], "nvml", name + ".json"), "w"))
