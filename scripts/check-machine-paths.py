#!/usr/bin/env python3
"""Fails when a committed file names a directory of the machine it was made on: a checkout
or build tree (/work/..., /root/..., /home/...) or a mktemp directory (/tmp/tmp.XXXX/...).
Docs, results and the traces under examples/traces/ and tests/data/ must use paths relative
to the repository (traces: `hostsync-trace symbolize --relative-to DIR`, or
scripts/relativize-traces.py for traces already recorded). Gzip-compressed files
(trace-*.json.gz) are checked decompressed. System paths (/usr/..., /lib/...) are fine.

usage: scripts/check-machine-paths.py [REPO]   (run by ctest as machine_paths)
Checks every file git tracks in REPO (default: this script's checkout), or, outside a git
checkout, every file under it but build*/ and .git/.
"""
import gzip
import os
import re
import subprocess
import sys

# A path starts at the start of a line or after a character that cannot be inside a path,
# so `/cluster/job/work/x` or `https://host/home/` are not taken for one.
PATTERN = re.compile(rb"(?:^|[^A-Za-z0-9_.~/:-])(/work/|/root/|/home/|/tmp/tmp\.[A-Za-z0-9]+/)",
                     re.MULTILINE)

# Files allowed to contain such a path, each with the reason. Keep this list short.
EXCLUDED = {
    "scripts/check-machine-paths.py": "defines the patterns it looks for",
}


def tracked_files(repo):
    try:
        out = subprocess.run(["git", "-C", repo, "ls-files", "-z"], check=True,
                             capture_output=True).stdout
        return [f for f in out.decode().split("\0") if f]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for root, dirs, names in os.walk(repo):
            dirs[:] = [d for d in dirs if d != ".git" and not d.startswith("build")]
            files += [os.path.relpath(os.path.join(root, n), repo) for n in names]
        return files


def main():
    repo = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))
    bad = []
    checked = 0
    for rel in sorted(tracked_files(repo)):
        path = os.path.join(repo, rel)
        if rel in EXCLUDED or not os.path.isfile(path):
            continue
        with open(path, "rb") as f:
            data = f.read()
        if data[:2] == b"\x1f\x8b":
            try:
                data = gzip.decompress(data)
            except (OSError, EOFError) as e:
                bad.append(f"{rel}: not valid gzip: {e}")
                continue
        checked += 1
        for m in PATTERN.finditer(data):
            line = data.count(b"\n", 0, m.start(1)) + 1
            start = data.rfind(b"\n", 0, m.start(1)) + 1
            excerpt = data[m.start(1):m.start(1) + 80].split(b"\n")[0].decode("utf-8", "replace")
            bad.append(f"{rel}:{line}:{m.start(1) - start + 1}: {excerpt}")
    for b in bad[:50]:
        print(b)
    if len(bad) > 50:
        print(f"... and {len(bad) - 50} more")
    if bad:
        print(f"check-machine-paths: {len(bad)} paths of a build machine in committed files "
              "(make them relative to the repository; see the script's help)")
        return 1
    print(f"check-machine-paths: {checked} files, no path of a build machine")
    return 0


if __name__ == "__main__":
    sys.exit(main())
