#!/usr/bin/env python3
"""Counts what the whole test suite ran (scripts/test.sh; issue 50: no test is dropped to gain
time) and checks each count against its floor in tests/test-counts.txt: a count that falls
below its floor fails, with the part named. Prints one line per part, then the closing line
'N passed, 0 failed' that CI reads.
  ctest-llvm14      ctest's tests of the LLVM 14 build ("out of N" in its log)
  lit-llvm14        lit's tests run in it (not unsupported), from lit's results.xml
  unit-llvm22       the analyzer's unit tests against LLVM 22 (gtest's XML)
  lit-llvm22        lit's tests run against LLVM 22 (results.xml)
  fuzz-seeds        the seed inputs the fuzz targets read (libFuzzer's "seed corpus: files: N";
                    its executions vary with the coverage of the code read)
usage: test-counts.py FLOORS PART=FILE...   (a part given no file is not checked)"""
import re
import sys
import xml.etree.ElementTree as ET


def ran(xml_path):
    """Test cases that ran in a JUnit XML file (lit's or gtest's): not skipped."""
    cases = ET.parse(xml_path).getroot().iter("testcase")
    return sum(1 for c in cases if c.find("skipped") is None and c.get("status") != "notrun")


def count(part, path):
    text = open(path, errors="replace").read() if not path.endswith(".xml") else ""
    if part == "ctest-llvm14":
        m = re.findall(r"tests passed, \d+ tests failed out of (\d+)", text)
        return int(m[-1]) if m else 0
    if part == "fuzz-seeds":
        return sum(int(n) for n in re.findall(r"^\S+\s+\d+s\s+\d+ execs\s+(\d+) seeds", text, re.M))
    return ran(path)


def main():
    floors = {}
    for line in open(sys.argv[1]):
        if line.strip() and not line.startswith("#"):
            part, n = line.split()
            floors[part] = int(n)
    total, fell = 0, []
    for arg in sys.argv[2:]:
        part, path = arg.split("=", 1)
        n = count(part, path)
        total += n
        floor = floors.get(part, 0)
        print(f"tests run: {part:<14} {n:6d} (floor {floor})")
        if n < floor:
            fell.append(f"{part}: {n} < {floor}")
    if fell:
        print("test-counts: fewer tests ran than before: " + "; ".join(fell) +
              " (a test dropped? raise a floor only when tests are added: tests/test-counts.txt)")
        print(f"{total} passed, {len(fell)} failed")
        return 1
    print(f"{total} passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
