#!/usr/bin/env python3
"""Fails when a file of analyzer/ includes a header of a folder above its own (the layering
of docs/contributing.md#the-analyzers-folders): the plain-data model and the file utilities
at the bottom, the analysis over them, the driver on top. Each folder listed in ALLOWED may
include from the analyzer's folders named there and from nothing else of analyzer/
(headers outside it, rules/ and common/, are not checked); a folder not listed is not
checked.

The linter's core (the sources analyzer/LintCore.cmake lists, and every analyzer header they
reach through includes) must include no header of LLVM or Clang: it is built without them,
under both front ends.

usage: scripts/check-layering.py [REPO]   (run by the lit test tests/lit/lint-layering)
"""
import os
import re
import sys

ALLOWED = {
    # Plain data: no Clang, no other folder of the analyzer.
    "model": {"model"},
    # File utilities (LLVM's Support library only).
    "support": {"support"},
    "compat": {"compat"},
    "match": {"match", "compat", "model"},  # model: the op table (plain data)
    "analysis": {"analysis", "match", "compat", "model"},
    # The cache stores results (model) and reads files (support); the precompiled headers
    # are built with the CUDA setup of commands/.
    "cache": {"cache", "model", "support", "commands", "compat"},
    # .hostsync.yaml and the SARIF links: read for the driver, never reading its options.
    "config": {"config", "core", "model", "support"},
    # Writers take results, never the options or the configuration (SarifLinks is data).
    "output": {"output", "model", "support", "config"},
    # The rule framework: runs the checks over a TU, with the analysis under them.
    "core": {"core", "analysis", "match", "model", "compat"},
    "recovery": {"recovery", "match", "model", "compat"},
    "checks": {"checks", "core", "analysis", "match", "model", "compat"},
    # Compile commands made fit for Clang, from what the command line asks (no options).
    "commands": {"commands", "core", "support", "compat"},
    # One file through Clang and the rules (the driver's runner calls it).
    # match: the op lists that the text of code not analysed is read against.
    "parse": {"parse", "cache", "checks", "commands", "core", "match", "model", "recovery",
              "support", "compat"},
    # What CI runs add after the project pass: baselines, diffs, shards, saved facts.
    "ci": {"ci", "cache", "commands", "config", "core", "model", "output", "support", "compat"},
    "tidy": {"tidy", "cache", "checks", "core", "model", "support", "compat"},
    # The Python front end: no Clang, no LLVM (its CMake target has neither on its paths);
    # it builds on the linter's core (model/, core/Suppressions, cache/ResultCache; checked
    # below).
    "python": {"python", "model", "core", "support", "cache"},
}

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"/]+)/')


def violations(analyzer):
    folders = {d for d in os.listdir(analyzer) if os.path.isdir(os.path.join(analyzer, d))}
    for folder, allowed in sorted(ALLOWED.items()):
        top = os.path.join(analyzer, folder)
        for dirpath, _, files in os.walk(top):
            for name in sorted(files):
                path = os.path.join(dirpath, name)
                with open(path, errors="replace") as f:
                    for number, line in enumerate(f, 1):
                        m = INCLUDE.match(line)
                        if m and m.group(1) in folders and m.group(1) not in allowed:
                            yield "%s:%d: %s/ includes %s/ (allowed: %s)" % (
                                os.path.relpath(path, os.path.dirname(analyzer)), number,
                                folder, m.group(1), ", ".join(sorted(allowed)))


FOREIGN = re.compile(r'^\s*#\s*include\s+[<"](llvm|clang|clang-c|llvm-c)/')
ANY_INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
CORE_SOURCE = re.compile(r'\$\{LC\}/([\w/.-]+\.cpp)')


def core_violations(analyzer):
    """Each core file (or analyzer header a core file reaches) that includes LLVM or Clang."""
    listing = os.path.join(analyzer, "LintCore.cmake")
    if not os.path.exists(listing):
        return
    with open(listing) as f:
        todo = CORE_SOURCE.findall(f.read())
    python = os.path.join(analyzer, "python")
    if os.path.isdir(python):  # the Python front end is built on the core alone
        todo += ["python/" + f for f in sorted(os.listdir(python)) if f.endswith((".cpp", ".h"))]
    todo += [t[:-4] + ".h" for t in todo if os.path.exists(os.path.join(analyzer, t[:-4] + ".h"))]
    seen = set()
    while todo:
        rel = todo.pop()
        if rel in seen:
            continue
        seen.add(rel)
        with open(os.path.join(analyzer, rel), errors="replace") as f:
            for number, line in enumerate(f, 1):
                if FOREIGN.match(line):
                    yield "analyzer/%s:%d: the linter's core includes %s" % (
                        rel, number, line.strip().split(None, 1)[1])
                m = ANY_INCLUDE.match(line)
                if m and os.path.exists(os.path.join(analyzer, m.group(1))):
                    todo.append(m.group(1))


def main():
    repo = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(
        os.path.dirname(os.path.abspath(__file__)))
    found = list(violations(os.path.join(repo, "analyzer")))
    found += list(core_violations(os.path.join(repo, "analyzer")))
    for v in found:
        print(v)
    if found:
        print("%d include(s) against the layering (docs/contributing.md)" % len(found))
        return 1
    print("layering: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
