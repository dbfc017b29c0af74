#!/usr/bin/env python3
r"""Fails on the eight ways a test was found unable to fail (issues 50 and 78;
docs/contributing.md, "Tests that can fail"):

1. `\[` outside `{{ }}` in a FileCheck pattern: a check line (`CHECK:`, or a prefix the
   file's RUN lines name, with -NEXT, -SAME, -NOT, -DAG, -LABEL, -EMPTY, -COUNT-n) or an
   `--implicit-check-not` value. FileCheck reads text outside `{{ }}` literally, so
   `--implicit-check-not='warning: {{.*}}\['` looks for a real backslash and never fires.
   Write the bracket bare (`[hostsync-`; only `[[` starts a variable) or inside the braces
   (`{{.*\[}}`); output that really holds a backslash before a bracket is matched by
   `{{\\\[}}`. Only the bracket: other escapes outside `{{ }}` are often meant (report.md
   escapes `|` as `\|`, and markdown-escape.test checks it).
2. A `||` before a `test` of `$?` (`CMD || test $? -eq 2`): it passes when CMD exits 0 as
   well. Write `%expect-exit 2 CMD` (tests/lit/expect-exit.sh).
3. Findings listed as -DAG check lines (a pattern that names a rule, `[hostsync-`, or holds
   a `warning:` or a `note:`) in a file with nothing that counts them. An extra finding
   passes: FileCheck checks an --implicit-check-not only before the first -DAG match of a
   block, and without one nothing looks. Count them: `%count-findings FILE | FileCheck %s
   --check-prefix=COUNT` with `COUNT: {{^}}N{{$}}` (or `%count-diagnostics`, every
   diagnostic line), a `grep -c` of the rule tags (clang-tidy's `warning: .*\[hostsync-`),
   a check of the summary's "N findings", or a `diff` of the whole list; a count must read
   the file that the -DAG lines' FileCheck reads (a count of another output passes an extra
   finding too).

4. A RUN command whose failure is ignored: `|| true` or `; true` in it (a check that
   cannot fail). Expect the exit code instead (`%expect-exit N CMD`, or `test $? -eq N`).
5. A directive FileCheck does not know: a file's check prefix followed by an unknown suffix
   (`CHECK-NXT:`, `COUNT-DAGG:`). FileCheck-14 reads it as text and checks nothing.

6. In a GPU check's Python (`tests/gpu/*.py`), `all(...)` over what may be empty: it is true
   of nothing, so a run that measured nothing passes. Guard it on the same line (`xs and
   all(...)`, or a `len(...)` comparison, which also catches a `zip` cut short).

7. A count that is not the number of what the file lists. `%count-findings FILE` with
   `COUNT: {{^}}N{{$}}` must equal the finding lines listed for FILE (check lines of the
   prefixes whose FileCheck reads FILE, holding a `warning:`, a rule tag, or a finding's
   note: `note: the call ...` or `note: '<op>' ...`); `%count-diagnostics FILE` must equal
   every diagnostic line listed (`warning:`, `note:`, `error:`), where the fix notes that
   are not listed are those of the counted findings (each finding prints one `note: fix:`).
   A count larger than the list lets an unlisted finding be the wrong one.
8. In a GPU check's Python, a comparison of only the expected keys: a loop over an expected
   dict's keys or items that looks each up in what was measured (`got.get(k)`, `got[k]`)
   with no comparison of the key sets in the file (`set(got) == set(want)`, `got.keys() ==
   ...`, `sorted(got) == sorted(want)`, or the dicts compared whole): extra keys measured
   pass. Compare the keys too.

usage: scripts/check-test-patterns.py [PATH...]   (default: the repository's tests/)
Prints one line per finding, `PATH:LINE: what`, and exits 1 if there is any; else one line,
`test patterns: ok (N files)`.
"""
import os
import re
import shlex
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# `||` then `test $? ...` or `[ $? ...`, quoted or not.
OR_TEST = re.compile(r"\|\|\s*(?:test|\[)\s+\"?\$\?\"?\s+-(?:eq|ne|lt|le|gt|ge)\b")
# A backslash before a bracket: outside {{ }} it matches that backslash literally.
ESCAPE = re.compile(r"\\\[")
RUN = re.compile(r"\bRUN:(.*)$")
PREFIX_OPTION = re.compile(r"--?check-prefix(?:es)?[= ]([A-Za-z0-9_,-]+)")
CHECK_SUFFIX = r"(?:-NEXT|-SAME|-NOT|-DAG|-LABEL|-EMPTY|-COUNT-\d+)?:"
# What counts a test's findings (pattern 3): the lit substitution, a `grep -c` of the rule
# tags in a RUN line; or, in a check line, the summary's "N findings".
COUNT_RUN = re.compile(r"%count-(?:findings|diagnostics)\b|\bgrep\s+(?:-\S*\s+)*-\S*c\S*\s"
                       r".*hostsync-|\bdiff\b")
# A FileCheck command's prefixes and the file it reads (`< FILE`; "" when it reads a pipe).
FILECHECK = re.compile(r"\bFileCheck\b")
INPUT = re.compile(r"<\s*(\S+)")
COUNT_CHECK = re.compile(r"(?:^|[^0-9A-Za-z_])\d+ findings\b")
# A -DAG check line of a finding: it names a rule, or holds a warning or a note.
FINDING = re.compile(r"\[hostsync-|\bwarning:|\bnote:")
# A command's failure ignored (pattern 4): `|| true`, `; true`.
IGNORED = re.compile(r"(?:\|\||;)\s*true\b")
# A word that may be a directive (pattern 5): hyphenated, then a colon; and the suffixes
# FileCheck knows.
DIRECTIVE = re.compile(r"(?<![A-Za-z0-9_-])([A-Za-z][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)+):")
KNOWN_SUFFIX = re.compile(r"-(?:NEXT|SAME|NOT|DAG|LABEL|EMPTY|COUNT-\d+)$")
# A GPU check's all() (pattern 6), and the guards that make an empty collection fail it.
ALL_CALL = re.compile(r"\ball\(")
NON_EMPTY = re.compile(r"\blen\(|\S\s+and\s+all\(")
# Pattern 7: a count of one output and the check line that holds its number.
COUNT_OF = re.compile(r"%count-(findings|diagnostics)\s+(\S+)\s*\|\s*FileCheck\b(.*)")
DIAGNOSTIC = re.compile(r"\b(?:warning|note|error):")
FINDING_LINE = re.compile(r"\bwarning:|\[hostsync-|\bnote: (?:the call\b|')")
FIX_NOTE = re.compile(r"\bnote: fix:")
# Pattern 8: a loop over the expected keys (`for k in want`, `for k, v in want.items()`)
# and the comparisons of key sets that make it exact.
KEY_LOOP = re.compile(r"^\s*for\s+(\w+)(?:\s*,\s*\w+)?\s+in\s+(?:sorted\()?"
                      r"(\w*(?:expect|want|wanted)\w*)(?:\.items\(\)|\.keys\(\))?\)?\s*:")
KEY_SETS = re.compile(r"\bset\([^)]*\)\s*[!=]=|[!=]=\s*set\(|\.keys\(\)\s*[!=]=|"
                      r"[!=]=\s*\w+\.keys\(\)|\bsorted\(\w+\)\s*[!=]=\s*sorted\(")
# Text files a test may hold patterns in; build outputs and data are left alone.
SUFFIXES = (".test", ".cpp", ".cu", ".c", ".h", ".cuh", ".py", ".sh", ".txt", ".in", ".cfg")


def literal_part(pattern):
    """The pattern less its {{regex}} and [[variable]] parts: what FileCheck reads literally."""
    out, i = [], 0
    while i < len(pattern):
        if pattern.startswith("{{", i):
            end = pattern.find("}}", i + 2)
            if end < 0:
                return "".join(out)  # FileCheck rejects it anyway
            end += 2
            while end < len(pattern) and pattern[end] == "}":  # {{x{2}}}: the last two close
                end += 1
            i = end
        elif pattern.startswith("[[", i):
            end = pattern.find("]]", i + 2)
            i = len(pattern) if end < 0 else end + 2
        else:
            out.append(pattern[i])
            i += 1
    return "".join(out)


def run_lines(lines):
    """(line number, text) of each RUN command, continuation lines (ending in \\) joined."""
    runs, current, start = [], None, 0
    for number, line in enumerate(lines, 1):
        m = RUN.search(line)
        if not m:
            continue
        text = m.group(1).rstrip()
        if current is None:
            current, start = "", number
        if text.endswith("\\"):
            current += text[:-1] + " "
            continue
        runs.append((start, current + text))
        current = None
    if current is not None:
        runs.append((start, current))
    return runs


def implicit_check_nots(command):
    """The --implicit-check-not values of a command, as the shell hands them to FileCheck."""
    try:
        words = shlex.split(command, comments=False, posix=True)
    except ValueError:  # unbalanced quotes: read it as plain words
        words = command.split()
    values = []
    for i, word in enumerate(words):
        m = re.match(r"--?implicit-check-not(=(.*))?$", word)
        if m and m.group(1):
            values.append(m.group(2))
        elif m and i + 1 < len(words):
            values.append(words[i + 1])
    return values


def only_expected_keys(lines, shown):
    """Pattern 8: loops over an expected dict's keys in a file that never compares key sets."""
    code = [line.split("#", 1)[0] for line in lines]
    whole = "\n".join(code)
    problems = []
    for number, line in enumerate(code, 1):
        m = KEY_LOOP.match(line)
        if not m:
            continue
        want = m.group(2)
        # Exact where the file compares that dict's keys, or the dict whole, with another.
        if KEY_SETS.search(whole) and re.search(r"\b" + re.escape(want) + r"\b", " ".join(
                l for l in code if KEY_SETS.search(l))):
            continue
        if re.search(r"[!=]=\s*" + re.escape(want) + r"\b|\b" + re.escape(want) +
                     r"\s*[!=]=", whole):
            continue
        problems.append(f"{shown}:{number}: a loop over the expected keys of `{want}` and no "
                        "comparison of the key sets: what was measured beyond them passes; "
                        "compare the keys too (set(got) == set(" + want + "))")
    return problems


def count_mismatches(lines, runs, prefixes, shown):
    """Pattern 7: each %count-findings / %count-diagnostics against what the file lists."""
    counts = {}  # file -> {kind: (N, line number)}
    diffed = {w for _, c in runs if re.search(r"\bdiff\b", c) for w in c.split()}
    for _, command in runs:
        m = COUNT_OF.search(command)
        if not m:
            continue
        kind, read, rest = m.groups()
        p = PREFIX_OPTION.search(rest)
        prefix = p.group(1).split(",")[0] if p else "CHECK"
        number_line = re.compile(r"(?<![A-Za-z0-9_-])" + re.escape(prefix) +
                                 r":\s*(?:\{\{\^\}\})?\s*(\d+)\s*(?:\{\{\$\}\})?\s*$")
        for number, line in enumerate(lines, 1):
            n = None if RUN.search(line) else number_line.search(line)
            if n:
                counts.setdefault(read, {})[kind] = (int(n.group(1)), number)
    problems = []
    for read, kinds in counts.items():
        if read in diffed:
            continue  # compared whole
        readers = set()
        for _, command in runs:
            f = FILECHECK.search(command)
            i = INPUT.search(command)
            if f and i and i.group(1) == read and "|" not in command[:f.start()]:
                named = [p for m in PREFIX_OPTION.finditer(command) for p in m.group(1).split(",")]
                readers.update(named or ["CHECK"])
        if not readers:
            continue
        listed = re.compile(r"(?<![A-Za-z0-9_-])(" + "|".join(map(re.escape, sorted(readers))) +
                            r")(-NEXT|-SAME|-DAG|-LABEL|-COUNT-(\d+))?:(.*)$")
        findings = diagnostics = fixes = 0
        for line in lines:
            if RUN.search(line):
                continue
            m = listed.search(line)
            if not m:
                continue
            times = int(m.group(3)) if m.group(3) else 1
            body = m.group(4)
            findings += times * bool(FINDING_LINE.search(body))
            diagnostics += times * bool(DIAGNOSTIC.search(body))
            fixes += times * bool(FIX_NOTE.search(body))
        if "findings" in kinds:
            n, number = kinds["findings"]
            if n != findings:
                problems.append(f"{shown}:{number}: the count of {read} ({n}) is not the number "
                                f"of findings listed for it ({findings}): list each finding, "
                                "or an unlisted one may be the wrong one")
        if "diagnostics" in kinds:
            n, number = kinds["diagnostics"]
            unlisted_fixes = max(kinds["findings"][0] - fixes, 0) if "findings" in kinds else 0
            if n != diagnostics + unlisted_fixes:
                problems.append(f"{shown}:{number}: the count of {read}'s diagnostic lines ({n}) "
                                f"is not the number listed ({diagnostics}, and {unlisted_fixes} "
                                "fix notes of the counted findings): list every note")
    return problems


def check_file(path, shown):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().split("\n")
    except OSError as e:
        return [f"{shown}: cannot read: {e.strerror}"]
    problems = []
    if path.endswith(".py") and os.path.basename(os.path.dirname(os.path.abspath(path))) == "gpu":
        for number, line in enumerate(lines, 1):
            code = line.split("#", 1)[0]
            if ALL_CALL.search(code) and not NON_EMPTY.search(code):
                problems.append(f"{shown}:{number}: all() of what may be empty passes on "
                                "nothing; guard it (`xs and all(...)`, or compare a len())")
        problems += only_expected_keys(lines, shown)
        return problems
    runs = run_lines(lines)
    for number, line in enumerate(lines, 1):
        if OR_TEST.search(line):
            problems.append(f"{shown}:{number}: `|| test $? -eq N` passes on exit 0 too; "
                            "write %expect-exit N CMD")
    prefixes = {"CHECK"}
    for number, command in runs:
        for m in PREFIX_OPTION.finditer(command):
            prefixes.update(p for p in m.group(1).split(",") if p)
        for value in implicit_check_nots(command):
            if ESCAPE.search(literal_part(value)):
                problems.append(f"{shown}:{number}: --implicit-check-not value '{value}': "
                                "\\[ outside {{ }} matches a real backslash, so it never "
                                "fires; write [ or {{\\[}}")
    for number, command in runs:
        if IGNORED.search(command):
            problems.append(f"{shown}:{number}: `|| true` or `; true` ignores the command's "
                            "failure; expect its exit code (%expect-exit N CMD)")
    for number, line in enumerate(lines, 1):
        if RUN.search(line):
            continue
        for d in DIRECTIVE.finditer(line):
            word = d.group(1)
            if word in prefixes or KNOWN_SUFFIX.sub("", word) in prefixes:
                continue
            if any(word.startswith(p + "-") for p in prefixes):
                problems.append(f"{shown}:{number}: '{word}:' is no FileCheck directive (an "
                                "unknown suffix): FileCheck ignores it")
    check = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, prefixes))) + ")" +
                       CHECK_SUFFIX + "(.*)$")
    dag = re.compile(r"\b(" + "|".join(sorted(map(re.escape, prefixes))) + ")-DAG:(.*)$")
    # The files each prefix's FileCheck reads, and the words of the commands that count.
    inputs = {}
    for _, command in runs:
        if not FILECHECK.search(command):
            continue
        piped = "|" in command[:FILECHECK.search(command).start()]
        read = "" if piped or not INPUT.search(command) else INPUT.search(command).group(1)
        named = [p for m in PREFIX_OPTION.finditer(command) for p in m.group(1).split(",") if p]
        for p in named or ["CHECK"]:
            inputs.setdefault(p, set()).add(read)
    counts = [set(c.replace("'", " ").replace('"', " ").split()) for _, c in runs
              if COUNT_RUN.search(c)]
    first_finding_dag, counted = None, False
    other_output = None  # a -DAG finding whose output nothing counts, though another is counted
    for number, line in enumerate(lines, 1):
        if RUN.search(line):
            continue
        m = check.search(line)
        if m and ESCAPE.search(literal_part(m.group(1))):
            problems.append(f"{shown}:{number}: \\[ outside {{{{ }}}} in a check line matches "
                            "a real backslash; write [ or {{\\[}}")
        if m and COUNT_CHECK.search(m.group(1)):
            counted = True
        d = dag.search(line)
        if d and FINDING.search(d.group(2)):
            first_finding_dag = first_finding_dag or number
            read = inputs.get(d.group(1), {""})
            # Counted: a count of the very file that prefix's FileCheck reads (or, when it
            # reads a pipe, any count).
            # A diff compares files made from it: exact, whatever it reads.
            if counts and not ("" in read or any(read & words or "diff" in words
                                                 for words in counts)):
                other_output = other_output or (number, sorted(read))
    counted = counted or bool(counts)
    problems += count_mismatches(lines, runs, prefixes, shown)
    if other_output:
        problems.append(f"{shown}:{other_output[0]}: findings as -DAG lines of "
                        f"{', '.join(other_output[1])}, but the count is of another output: "
                        "count the file the -DAG lines check")
    elif first_finding_dag is not None and not counted:
        problems.append(f"{shown}:{first_finding_dag}: findings as -DAG lines but no count: "
                        "an extra finding passes (after the first -DAG match even with an "
                        "--implicit-check-not); add %count-findings FILE | FileCheck "
                        "--check-prefix=COUNT")
    return problems


def files_under(paths):
    for path in paths:
        if os.path.isfile(path):
            yield path
            continue
        for root, dirs, names in os.walk(path):
            dirs[:] = sorted(d for d in dirs if d != ".git" and not d.startswith("build"))
            for name in sorted(names):
                if name.endswith(SUFFIXES):
                    yield os.path.join(root, name)


def main():
    paths = sys.argv[1:] or [os.path.join(ROOT, "tests")]
    problems, count = [], 0
    for path in files_under(paths):
        count += 1
        inside = os.path.abspath(path).startswith(ROOT + os.sep)
        problems += check_file(path, os.path.relpath(path, ROOT) if inside else path)
    for p in problems:
        print(p)
    if problems:
        return 1
    print(f"test patterns: ok ({count} files)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
