"""Prints the links of a hostsync-lint SARIF file that sarif-links.test checks: the tool's
informationUri and the first rule's helpUri, after checking that every one of the catalog's
rules has one (and, for file:// links, that the page exists)."""
import json
import os
import sys
from urllib.parse import urlparse

driver = json.load(open(sys.argv[1]))["runs"][0]["tool"]["driver"]
rules = driver["rules"]
assert len(rules) == int(sys.argv[2]), len(rules)
uris = [r["helpUri"] for r in rules]
assert all(r["id"] in u for r, u in zip(rules, uris)), uris
files = all(u.startswith("file://") for u in uris)
if files:
    missing = [u for u in uris if not os.path.isfile(urlparse(u).path)]
    assert not missing, missing
print("informationUri:", driver.get("informationUri", "none"))
print(f"helpUri of {len(uris)} rules{', every one an existing file' if files else ''}: {uris[0]}")
