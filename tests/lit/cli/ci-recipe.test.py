"""The workflow files of docs/ci/: valid YAML, the jobs the docs describe, and every
hostsync-lint option they pass is one the tool accepts (per its --help)."""
import re
import subprocess
import sys

import yaml

github, gitlab, lint = sys.argv[1:]
help_text = subprocess.run([lint, "--help"], capture_output=True, text=True).stdout
gh = yaml.safe_load(open(github))
steps = gh["jobs"]["lint"]["steps"]
assert any(s.get("uses", "").startswith("github/codeql-action/upload-sarif") for s in steps)
gl = yaml.safe_load(open(gitlab))["hostsync-lint"]
assert gl["artifacts"]["reports"]["codequality"] == "gl-code-quality-report.json"
scripts = "\n".join(s.get("run", "") for s in steps) + "\n".join(gl["script"])
used = set(re.findall(r"hostsync-lint\"?\s+([^\n|]*)", scripts))
options = set()
for line in used:
    options |= set(re.findall(r"(--[a-z-]+)", line))
for opt in sorted(options):
    assert opt in help_text, f"{opt} is not a hostsync-lint option"
print("workflows ok:", sorted(options))
