#!/usr/bin/env python3
"""The pass counts the docs quote are read from the committed logs, not typed: in every
paragraph of docs/*.md (and README.md) that says "passed, N of M" or "pass N of M" and then links a
check log (results/*.txt), N must be that log's PASS lines and M its PASS and FAIL lines
(issue 50: docs/trace.md once said 147 of 147 where its log read 176).
The figures of the tables of results are read from their files too (below).
usage: scripts/check-doc-figures.py [ROOT]   exit 0 when every such figure agrees"""
import glob
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
FIGURE = re.compile(r"\bpass(?:ed|es)?,? (\d[\d,]*) of (\d[\d,]*)")
LOG = re.compile(r"\]\(((?:\.\./)?(?:docs/)?results/[^)\s]+\.txt)\)")
bad, checked = [], 0
for doc in sorted(glob.glob(os.path.join(root, "docs", "*.md")) + [os.path.join(root, "README.md")]):
    text = open(doc, encoding="utf-8").read()
    for para in re.split(r"\n\s*\n", text):
        for figure in FIGURE.finditer(para):
            log = LOG.search(para, figure.end())  # the first log linked after the figure
            if not log:
                continue
            path = os.path.normpath(os.path.join(os.path.dirname(doc), log.group(1)))
            if not os.path.exists(path):
                bad.append(f"{os.path.relpath(doc, root)}: links {log.group(1)}, which is not there")
                continue
            lines = open(path, encoding="utf-8", errors="replace").read().splitlines()
            passed = sum(l.startswith("PASS") for l in lines)
            failed = sum(l.startswith("FAIL") for l in lines)
            checked += 1
            n, m = (int(x.replace(",", "")) for x in figure.groups())
            if (n, m) != (passed, passed + failed):
                bad.append(f"{os.path.relpath(doc, root)}: says {n} of {m}, "
                           f"{log.group(1)} reads {passed} of {passed + failed}")

# The figures of the docs' tables of results (a table under a heading that says figures,
# measured or results, and every table of README.md), issue 78: each row with a decimal
# figure links a results file (in the row, or in the paragraph just above the table, its
# caption), and each decimal figure of the row is read from it: a number of the linked file
# (or of the files of a linked folder) that rounds to it, or the ratio of a fraction written
# in the row ("110/116 = 0.95", as a share or a percentage). A column headed "ratio" or
# "target" is worked out from the others and not read. A file holding many numbers makes
# this a weak check of each one; it still catches a figure typed with no file behind it.
DECIMAL = re.compile(r"(?<![\w.\-/])[+-]?\d[\d,]*\.\d+(?![\w.])")
RESULT_LINK = re.compile(r"\]\(((?:\.\./)?(?:docs/)?results/[^)\s#]+)")
FRACTION = re.compile(r"(\d[\d,]*)/(\d[\d,]*)")
NUMBER = re.compile(r"\d[\d,]*\.?\d*(?:[eE][+-]?\d+)?")


def numbers_of(path, cache={}):
    if path not in cache:
        files = [path] if os.path.isfile(path) else sorted(
            p for p in glob.glob(os.path.join(path, "**", "*"), recursive=True) if os.path.isfile(p))
        cache[path] = [float(x.replace(",", "")) for f in files
                       for x in NUMBER.findall(open(f, encoding="utf-8", errors="replace").read())
                       if x.replace(",", "").replace(".", "", 1).isdigit()]
    return cache[path]


def read_from(figure, pool, fractions):
    value, places = abs(float(figure.replace(",", ""))), len(figure.split(".")[1])
    shares = [x for a, b in fractions for x in (a / b, 100 * a / b)]
    return any(round(n, places) == round(value, places) for n in pool + shares)


tables = 0
for doc in sorted(glob.glob(os.path.join(root, "docs", "*.md")) + [os.path.join(root, "README.md")]):
    heading, code, paragraph, caption, header, in_table = "", False, [], [], [], False
    readme = os.path.basename(doc) == "README.md"
    for number, line in enumerate(open(doc, encoding="utf-8").read().split("\n"), 1):
        if line.startswith("```"):
            code = not code
        if code or line.startswith("```"):
            continue
        if line.startswith("#"):
            heading, paragraph, caption, in_table = line, [], [], False
            continue
        if not line.startswith("|"):
            in_table = False
            if line.strip():
                paragraph.append(line)
            elif paragraph:
                caption, paragraph = paragraph, []
            continue
        if not in_table:  # a table's first row, its header; the paragraph above, its caption
            caption = paragraph or caption
            paragraph, header, in_table = [], line.split("|"), True
            continue
        if not (readme or re.search(r"figure|measured|results", heading, re.I)):
            continue
        # Not the cells of a column of ratios or targets, worked out from the row's figures.
        cells = line.split("|")
        figures = [f for i, cell in enumerate(cells)
                   if not (i < len(header) and re.search(r"ratio|target", header[i], re.I))
                   for f in DECIMAL.findall(cell)]
        if not figures:
            continue
        tables += 1
        where = f"{os.path.relpath(doc, root)}:{number}"
        links = RESULT_LINK.findall(line) or RESULT_LINK.findall("\n".join(caption))
        if not links:
            bad.append(f"{where}: figures {', '.join(figures[:3])} with no results file linked "
                       "(in the row or the paragraph above the table)")
            continue
        pool = []
        for link in links:
            path = os.path.normpath(os.path.join(os.path.dirname(doc), link))
            if not os.path.exists(path):
                bad.append(f"{where}: links {link}, which is not there")
                continue
            pool += numbers_of(path)
        fractions = [(int(a.replace(",", "")), int(b.replace(",", "")))
                     for a, b in FRACTION.findall(line) if int(b.replace(",", ""))]
        for figure in figures:
            checked += 1
            if not read_from(figure, pool, fractions):
                bad.append(f"{where}: {figure} is in none of {', '.join(links)}")
for b in bad:
    print(b)
print(f"check-doc-figures: {checked} figures read from their logs and results files "
      f"({tables} table rows), {len(bad)} wrong")
sys.exit(1 if bad or not checked else 0)
