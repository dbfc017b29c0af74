#!/usr/bin/env python3
"""The tracer's implicit syncs held to what cuda_runtime_syncs.cu measured, not to a list
restated here: every runtime call that the trace classes as an implicit_sync was measured by
the program, and left the GPU idle when it returned (the 20 ms spin queued before it had
finished: it waited, or took longer); and every call the program measured to block, where
it expected so ("blocks"), beyond copies, memsets and explicit waits, is an implicit_sync in
the trace. usage: check_implicit_syncs.py TRACER.json MEASURED.json
  TRACER.json    run_cuda_runtime_syncs.sh's per-call summary of the trace (stalls_by_api)
  MEASURED.json  the traced program's own measurement (cases)"""
import json
import sys

by_api = json.load(open(sys.argv[1]))["stalls_by_api"]
cases = json.load(open(sys.argv[2]))["cases"]
measured = {}  # a case's API (its name's first word) -> its first case
for c in cases:
    measured.setdefault(c["name"].split()[0], c)
implicit = sorted(api for api, p in by_api.items() if "implicit_sync" in p["classes"])
unmeasured = [api for api in implicit if api not in measured]
busy = [api for api in implicit if api in measured and measured[api]["gpu_busy_after_call"]]
waits = [api for api, c in measured.items()
         if c["expect"] == "blocks" and c["blocks"] and "Synchronize" not in api
         and not api.startswith(("cudaMemcpy", "cudaMemset"))]
missed = [api for api in waits if api not in implicit]
ok = bool(implicit) and not unmeasured and not busy and not missed
print(f"{'PASS' if ok else 'FAIL'}: implicit syncs in the trace {implicit}; measured to block "
      f"as a side effect {waits}; not measured {unmeasured}; the GPU still busy after {busy}; "
      f"measured but not in the trace {missed}")
sys.exit(0 if ok else 1)
