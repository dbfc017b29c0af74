#!/usr/bin/env python3
"""Rule ids in code against the catalog (issue 77, item 1). Code names a rule by its constant
of rules/RuleIds.h (rule::Item: generated from rules/catalog.json, so that a mistyped or
removed rule does not compile), never by its "hostsync-..." id: every such string in the
sources of the linter, the tracer and the report outside rules/ is a problem when it is a
rule's id (say rule::X instead), or when it is no rule at all (nor the common prefix of some,
nor a name that is no rule: a tool, a thread, a folder). And every rule with a Python fix
(fix_python) is reported somewhere by the Python front end (its constant in analyzer/python,
or a row of the sync table with a Python spelling): a rule given a Python fix but never
reported by Python left its noqa and Checks settings without effect there.
usage: scripts/check-rule-ids.py [ROOT]   exit 0 when both hold; else one line per problem"""
import glob
import json
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
# "hostsync-..." strings that name no rule, and why.
NOT_RULES = {
    "hostsync-lint": "the linter's name", "hostsync-lint-clang": "the linter's Clang program",
    "hostsync-report": "the report's name", "hostsync-trace-out": "the tracer's output folder",
    "hostsync-fold": "a tracer thread's name", "hostsync-read": "a tracer thread's name",
    "hostsync-sample": "a tracer thread's name",
    "hostsync-module": "the clang-tidy module's name", "hostsync-pch": "a temporary folder",
}
LITERAL = re.compile(r'"(hostsync-[a-z0-9-]+)"')
CONSTANT = re.compile(r"\brule::([A-Z][A-Za-z0-9]*)")
rules = json.load(open(os.path.join(root, "rules", "catalog.json")))["rules"]
ids = {r["id"] for r in rules}


def constant(rule_id):
    """rules/RuleIds.cmake's name of a rule's constant: hostsync-bool-mask-index -> BoolMaskIndex"""
    return "".join(p[:1].upper() + p[1:] for p in rule_id[len("hostsync-"):].split("-"))


id_of = {constant(i): i for i in ids}
problems, seen = [], 0
# rules/ is the catalog's own code (its reader, the stalls' signatures): ids may be written
# out there, but each must be a rule.
for folder in ("analyzer", "profiler", "report", "rules"):
    for path in sorted(glob.glob(os.path.join(root, folder, "**", "*.[ch]*"), recursive=True)):
        if not path.endswith((".cpp", ".h")):
            continue
        for number, line in enumerate(open(path, encoding="utf-8", errors="replace"), 1):
            for m in LITERAL.finditer(line):
                name, seen = m.group(1), seen + 1
                if name in ids and folder == "rules":
                    continue
                if name in ids:
                    problems.append(f"{os.path.relpath(path, root)}:{number}: '{name}' is "
                                    f"written out: name it rule::{constant(name)} "
                                    "(rules/RuleIds.h)")
                    continue
                if name in NOT_RULES or any(i.startswith(name + "-") for i in ids):
                    continue
                problems.append(f"{os.path.relpath(path, root)}:{number}: '{name}' is no rule "
                                "of rules/catalog.json (nor a prefix of one, nor a known name)")
python_text = "".join(open(p, encoding="utf-8").read()
                      for p in glob.glob(os.path.join(root, "analyzer", "python", "*.cpp")))
seen += len(CONSTANT.findall(python_text))
python = {id_of[c] for c in CONSTANT.findall(python_text) if c in id_of}
# The Python front end reports a rule of the sync table (analyzer/model/SyncTable.cpp) by its
# rows: a row with a Python spelling (its form not P::None) reaches its rule from Python.
table_path = os.path.join(root, "analyzer", "model", "SyncTable.cpp")
table = open(table_path, encoding="utf-8").read() if os.path.exists(table_path) else ""
constants = {name: id_of[c] for name, c in
             re.findall(r"\b([A-Z][A-Za-z]*) = rule::([A-Z][A-Za-z0-9]*)", table) if c in id_of}
for row in re.finditer(r'\{"[^"]*", "([^"]*)", ([A-Z][A-Za-z]*), R::\w+, W::\w+, P::(\w+)', table):
    if row.group(1) and row.group(3) != "None" and row.group(2) in constants:
        python.add(constants[row.group(2)])
for r in rules:
    if r.get("fix_python") and r["id"] not in python:
        problems.append(f"rules/catalog.json: {r['id']} has a fix_python, but the Python front "
                        "end (analyzer/python) never reports it")
for p in problems:
    print(p)
print(f"check-rule-ids: {seen} rule names read, {len(ids)} rules, {len(problems)} problems")
sys.exit(1 if problems or not seen else 0)
