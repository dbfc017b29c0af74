#!/usr/bin/env python3
"""Rewrites trace.json files to keep (commit, share): every path under a --relative-to
directory is made relative to it, and the file is written minified, in place.

usage: scripts/relativize-traces.py --relative-to DIR [--relative-to DIR]... TRACE.json...

A path is a string value, or a part of one (a command line's argument, the `file:line` of a
site named `function file:line`), that starts with DIR/ at the start of the string or after
a space, `=` or `(`; DIR itself becomes ".". Paths outside every DIR (system libraries,
/usr/local/cuda/...) are kept. The longest matching DIR wins. Run it on traces that are
already symbolized (or never will be): `hostsync-trace symbolize --relative-to DIR` does the
same while it symbolizes. Numbers and the order of keys are kept as they are.
"""
import argparse
import json
import re
import sys


def rewriter(dirs):
    dirs = sorted({d.rstrip("/") or "/" for d in dirs}, key=len, reverse=True)
    under = re.compile(r"(^|[ =(])(" + "|".join(re.escape(d) for d in dirs) + r")(/|(?=[ )]|$))")

    def fix(text):
        return under.sub(lambda m: m.group(1) + ("" if m.group(3) == "/" else "."), text)

    def walk(v):
        if isinstance(v, str):
            return fix(v)
        if isinstance(v, list):
            return [walk(x) for x in v]
        if isinstance(v, dict):
            return {walk(k): walk(x) for k, x in v.items()}
        return v

    return walk


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--relative-to", action="append", required=True, metavar="DIR")
    ap.add_argument("traces", nargs="+")
    args = ap.parse_args()
    if any(not d.startswith("/") for d in args.relative_to):
        sys.exit("relativize-traces: --relative-to needs an absolute directory")
    walk = rewriter(args.relative_to)
    for path in args.traces:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        if not isinstance(doc, dict) or doc.get("schema") != "hostsync-trace/trace":
            sys.exit(f"relativize-traces: {path}: not a hostsync-trace trace.json")
        text = json.dumps(walk(doc), ensure_ascii=False, separators=(",", ":")) + "\n"
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    main()
