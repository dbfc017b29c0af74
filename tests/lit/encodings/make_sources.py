"""Writes the sources of the encodings tests into a folder: LibTorch code whose comments,
string literals, line endings or file names are not plain UTF-8, each with a sync on a line
that carries such text, made with Python's own codecs (real GBK, Shift-JIS, EUC-KR, Latin-1,
UTF-16), never by hand-typed bytes.

usage: make_sources.py DIR
"""
import os
import sys

SYNC = "float {name}(torch::Tensor t) {{ auto c = t.cuda(); return c.sum().item<float>(); }}"


def source(name, comment, encoding, newline="\n"):
    lines = [
        "// " + comment,
        SYNC.format(name=name) + " // " + comment,
        "",
    ]
    return newline.join(lines).encode(encoding)


def main(folder):
    os.makedirs(folder, exist_ok=True)
    files = {
        "gbk.cpp": source("gbk", "中文注释：同步", "gbk"),
        "shift_jis.cpp": source("sjis", "日本語のコメント", "shift_jis"),
        "euc_kr.cpp": source("euckr", "한국어 주석", "euc_kr"),
        "latin1.cpp": source("latin1", "café, naïve", "latin-1"),
        "bom_utf8.cpp": b"\xef\xbb\xbf" + source("bom8", "UTF-8 with a BOM: é", "utf-8"),
        "bom_utf16.cpp": source("bom16", "UTF-16 with a BOM", "utf-16"),
        "crlf.cpp": source("crlf", "Windows line ends", "utf-8", "\r\n"),
        "lone_cr.cpp": source("lonecr", "old Mac line ends", "utf-8", "\r"),
        "nul.cpp": source("nul", "a NUL \0 in a comment", "utf-8"),
        # invalid bytes inside a string literal on the finding's line
        "string_literal.cpp": (
            "const char *label(torch::Tensor t) { float v = t.cuda().sum().item<float>(); "
            'return v > 0 ? "' + "正" + '" : "' + "负" + '"; }\n'
        ).encode("gbk"),
        # a file name in GBK: 模型.cpp
        "模型.cpp".encode("gbk"): source("named", "a file name in GBK", "utf-8"),
    }
    # 20,000 lines, the sync on the last one.
    body = "".join("int filler_%d = %d; // 填充\n" % (i, i) for i in range(19999))
    files["big.cpp"] = (body + SYNC.format(name="big") + "\n").encode("gbk")
    for name, data in files.items():
        path = os.path.join(os.fsencode(folder), name if isinstance(name, bytes) else name.encode())
        with open(path, "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main(sys.argv[1])
