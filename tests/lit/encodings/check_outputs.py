"""Checks of hostsync's outputs for the encodings tests.

  check_outputs.py valid FILE...       each file is strict UTF-8 (and strict JSON when it
                                       parses as JSON); prints "valid: N files"
  check_outputs.py same A B            A and B hold the same output, but for the wall-clock
                                       seconds a JSON output records; prints "same"
  check_outputs.py uris SARIF DIR      each result's artifact URI, percent-decoded to bytes,
                                       names a file that exists under DIR; prints the URIs
                                       and "uris: N results, M missing"; exits 1 when one
                                       is missing or there is none
  check_outputs.py lines TEXT DIR      each warning of a text output shows its source line
                                       as Python's backslashreplace decodes the file's bytes
                                       (lines split at \r\n, \r and \n, as Clang splits them),
                                       and its caret under the column; prints "lines: N shown"
"""
import codecs
import json
import os
import re
import sys
import urllib.parse


def load(path):
    with open(path, "rb") as f:
        return f.read()


def without_seconds(doc):
    if isinstance(doc, dict):
        return {k: without_seconds(v) for k, v in doc.items() if k != "seconds"}
    if isinstance(doc, list):
        return [without_seconds(v) for v in doc]
    return doc


def valid(paths):
    for path in paths:
        text = load(path).decode("utf-8")  # strict: raises on a byte that is not UTF-8
        if text.lstrip().startswith(("{", "[")):
            json.loads(text)
    print("valid: %d files" % len(paths))


def same(a, b):
    ta, tb = load(a).decode("utf-8"), load(b).decode("utf-8")
    if ta.lstrip().startswith(("{", "[")):
        ta, tb = (json.dumps(without_seconds(json.loads(t)), sort_keys=True) for t in (ta, tb))
    if ta != tb:
        sys.exit("%s and %s differ" % (a, b))
    print("same")


def uris(sarif, folder):
    doc = json.loads(load(sarif))
    missing = 0
    for result in doc["runs"][0]["results"]:
        uri = result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        path = urllib.parse.unquote_to_bytes(uri)
        if path.startswith(b"file://"):
            path = path[len(b"file://"):]
        if not os.path.isabs(path):
            path = os.path.join(os.fsencode(folder), path)
        print(uri, "exists" if os.path.exists(path) else "MISSING")
        missing += not os.path.exists(path)
    results = len(doc["runs"][0]["results"])
    print(f"uris: {results} results, {missing} missing")
    if missing or not results:
        sys.exit(1)


def lines(text_output, folder):
    shown = load(text_output).decode("utf-8").split("\n")
    count = 0
    for i, line in enumerate(shown):
        m = re.match(r"^(.+?):(\d+):(\d+): (warning|error): ", line)
        if not m:
            continue
        # The name as shown follows the rule: \xHH back to its byte.
        path = codecs.escape_decode(m.group(1).encode())[0]
        with open(os.path.join(os.fsencode(folder), path), "rb") as f:
            source = re.split(rb"\r\n|\r|\n", f.read())
        number, column = int(m.group(2)), int(m.group(3))
        raw = source[number - 1]
        if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]  # a UTF-8 byte order mark is not text (Clang skips it)
        expected = raw.decode("utf-8", "backslashreplace")
        if shown[i + 1] != expected:
            sys.exit("%s: shown %r, expected %r" % (line, shown[i + 1], expected))
        before = raw[: column - 1].decode("utf-8", "backslashreplace")
        if before.isascii() and shown[i + 2].index("^") != len(before):
            sys.exit("%s: caret at %d, expected %d" % (line, shown[i + 2].index("^"), len(before)))
        count += 1
    print("lines: %d shown" % count)


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    {
        "valid": lambda: valid(args),
        "same": lambda: same(*args),
        "uris": lambda: uris(*args),
        "lines": lambda: lines(*args),
    }[command]()
