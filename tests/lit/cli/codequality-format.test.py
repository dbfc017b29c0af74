"""Checks the GitLab Code Quality fields every issue must have, and prints each issue."""
import json
import sys

issues = json.load(open(sys.argv[1]))
for i in issues:
    assert set(i) >= {"description", "check_name", "fingerprint", "severity", "location"}, i
    assert i["severity"] in ("info", "minor", "major", "critical", "blocker")
    assert not i["location"]["path"].startswith("/"), i
    if "nolint.cpp" not in i["location"]["path"]:
        print(i["check_name"], i["severity"], f"{i['location']['path']}:{i['location']['lines']['begin']}")
assert len({i["fingerprint"] for i in issues}) == len(issues)
print(f"{len(issues)} issues, fingerprints unique")
