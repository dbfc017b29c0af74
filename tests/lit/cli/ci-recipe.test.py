"""The workflow files of docs/ci/: valid YAML, the jobs the docs describe, every
hostsync-lint option they pass is one the tool accepts (per its --help), and every action
they, action.yml and docs/ci.md use is at today's major version."""
import re
import subprocess
import sys

import yaml

github, gitlab, lint, action, ci_md = sys.argv[1:]
help_text = subprocess.run([lint, "--help"], capture_output=True, text=True).stdout
gh = yaml.safe_load(open(github))
steps = gh["jobs"]["lint"]["steps"]
assert any(s.get("uses", "").startswith("github/codeql-action/upload-sarif") for s in steps)
gl = yaml.safe_load(open(gitlab))["hostsync-lint"]
assert gl["artifacts"]["reports"]["codequality"] == "gl-code-quality-report.json"
scripts = "\n".join(s.get("run", "") for s in steps) + "\n".join(gl["script"])
scripts = scripts.replace("\\\n", " ")  # a command continued on the next line
used = set(re.findall(r"hostsync-lint\"?\s+([^\n|]*)", scripts))
options = set()
for line in used:
    options |= set(re.findall(r"(--[a-z-]+)", line))
# The recipes' own options were read (every recipe passes --format): a regex that finds none
# must not pass.
assert "--format" in options, f"the recipes' --format was not read: {sorted(options)}"
for opt in sorted(options):
    assert opt in help_text, f"{opt} is not a hostsync-lint option"
print("workflows ok:", sorted(options))

# Today's major versions (Node 20 runtimes; upload-sarif v3 is deprecated): none older.
CURRENT = {"actions/checkout": 4, "actions/setup-python": 5, "actions/cache": 4,
           "actions/upload-artifact": 4, "actions/download-artifact": 4,
           "github/codeql-action/upload-sarif": 4}
uses = re.findall(r"uses:\s*([\w./-]+)@v(\d+)", open(github).read() + open(action).read() +
                  open(ci_md).read())
for name, major in uses:
    assert name in CURRENT, f"{name}: which version is current?"
    assert int(major) >= CURRENT[name], f"{name}@v{major} is older than v{CURRENT[name]}"
print("actions:", sorted(set(f"{n}@v{m}" for n, m in uses)))
