"""Prints each finding made at a call (a "callee") with its related locations, one line
each, from hostsync-lint's JSON or SARIF: how lit tests check that the two formats keep the
link between a call and the sync inside its callee."""
import json
import os
import sys

kind, path = sys.argv[1], sys.argv[2]
doc = json.load(open(path))
rows = []
if kind == "json":
    for f in doc["findings"]:
        if "callee" in f:
            related = ", ".join(f"{r['line']}:{r['column']} {r['message']}" for r in f["related"])
            quiet = " (suppressed)" if "suppression" in f else ""
            rows.append((f["line"], f"callee={f['callee']} at {f['line']}:{f['column']}{quiet} "
                                    f"related=[{related}]"))
else:
    for r in doc["runs"][0]["results"]:
        props = r["properties"]
        if "callee" in props:
            region = r["locations"][0]["physicalLocation"]["region"]
            related = ", ".join(
                f"{l['physicalLocation']['region']['startLine']}:"
                f"{l['physicalLocation']['region']['startColumn']} {l['message']['text']}"
                for l in r["relatedLocations"])
            # Every related location names its file, as SARIF requires of a physical location.
            assert all(os.path.basename(l["physicalLocation"]["artifactLocation"]["uri"])
                       for l in r["relatedLocations"])
            quiet = " (suppressed)" if r.get("suppressions") else ""
            rows.append((region["startLine"], f"callee={props['callee']} at {region['startLine']}:"
                                             f"{region['startColumn']}{quiet} related=[{related}]"))
for _, row in sorted(rows):
    print(row)
