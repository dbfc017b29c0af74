"""Prints the parts of a hostsync-lint SARIF file that sarif-format.test checks."""
import json
import sys

run = json.load(open(sys.argv[1]))["runs"][0]
rules = run["tool"]["driver"]["rules"]
print(f"rules {len(rules)}, first {rules[0]['id']} ({rules[0]['defaultConfiguration']['level']}), "
      f"help has markdown: {'markdown' in rules[0]['help']}")
print(f"base %SRCROOT% = {run['originalUriBaseIds']['%SRCROOT%']['uri']}")
for r in run["results"]:
    loc = r["locations"][0]["physicalLocation"]
    uri = loc["artifactLocation"]["uri"]
    assert loc["artifactLocation"].get("uriBaseId") == "%SRCROOT%", loc
    assert r["ruleIndex"] >= 0 and rules[r["ruleIndex"]]["id"] == r["ruleId"]
    if "suppressions" in r:
        s = r["suppressions"][0]
        print(f"suppressed {s['kind']}: {s['justification']}")
        continue
    print(f"{r['ruleId']} {r['level']} {uri}:{loc['region']['startLine']}:"
          f"{loc['region']['startColumn']} fp {r['partialFingerprints']['primaryLocationLineHash']}")
