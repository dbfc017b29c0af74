"""Opens report.html in headless Chromium (fresh profile, no sandbox, no GPU), checks the
DOM it built against report.json, takes a screenshot and prints it to PDF; then renders it
in headless Firefox too.
usage: html-dom.test.py REPORT_DIR SCREENSHOT.png TRACE.json[.gz]"""
import gzip
import html.parser
import json
import os
import subprocess
import sys
import tempfile

report_dir, shot, trace_file = sys.argv[1:]
page = "file://" + os.path.abspath(os.path.join(report_dir, "report.html"))
profile = tempfile.mkdtemp()
flags = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={profile}"]
dom = subprocess.run(flags + ["--dump-dom", page], capture_output=True, text=True, timeout=120).stdout
subprocess.run(flags + ["--window-size=1280,2400", f"--screenshot={shot}", page],
               capture_output=True, timeout=120, check=True)
assert os.path.getsize(shot) > 10000, "screenshot missing or blank"
# It prints: Chromium's PDF of the page (print stylesheet, details expanded).
pdf = shot[:-4] + ".pdf"
subprocess.run(flags + ["--no-pdf-header-footer", f"--print-to-pdf={pdf}", page],
               capture_output=True, timeout=120, check=True)
with open(pdf, "rb") as f:
    head = f.read(5)
assert head == b"%PDF-" and os.path.getsize(pdf) > 20000, "no PDF printed"
# And Firefox (Debian's firefox-esr, headless) renders it: a full-size, non-blank screenshot.
firefox_shot = shot[:-4] + "-firefox.png"
ff_profile = tempfile.mkdtemp()
subprocess.run(["firefox-esr", "--headless", "--no-remote", "--profile", ff_profile,
                "--window-size=1280,2400", "--screenshot", firefox_shot, page],
               capture_output=True, timeout=180, check=True)
assert os.path.getsize(firefox_shot) > 50000, "Firefox screenshot missing or blank"


class Dom(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.text_of, self.current, self.site_rows, self.tracks, self.in_top = {}, None, 0, [], False
        self.svg = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.current = a["id"]
            self.text_of[self.current] = ""
        if tag == "table" and a.get("id"):
            self.in_top = a["id"] == "top-sites"
        if tag == "tr" and a.get("class") == "site" and self.in_top:
            self.site_rows += 1
        if tag == "svg" and a.get("id") == "timeline":
            self.svg = True
        if tag == "g" and a.get("class") == "track":
            self.tracks.append(a.get("data-track"))

    def handle_data(self, data):
        if self.current:
            self.text_of[self.current] += data

    def handle_endtag(self, tag):
        if tag in ("b", "table", "p"):
            self.current = None


d = Dom()
d.feed(dom)
r = json.load(open(os.path.join(report_dir, "report.json")))
h = r["headline"]
expect = {"gpu-busy": f"{h['gpu_busy_pct']:.1f}%", "lost-to-sync": f"{h['lost_to_sync_pct']:.1f}%",
          "overlap": f"{h['multi_stream_pct']:.1f}%"}
for key, want in expect.items():
    assert d.text_of.get(key, "").strip() == want, (key, d.text_of.get(key), want)
# The verdict opens the page, as report.json words it.
assert d.text_of.get("verdict-text", "").strip() == r["verdict"]["text"], \
    (d.text_of.get("verdict-text"), r["verdict"]["text"])
sites = len(r["findings_with_cost"]) + len(r["missed_statically"])
assert d.site_rows == min(10, sites) and sites > 0, (d.site_rows, sites)
assert d.svg, "no timeline SVG"
# One track per host thread and GPU stream in the trace's timeline slice.
t = json.load((gzip.open if trace_file.endswith(".gz") else open)(trace_file, "rt"))["timeline"]
want = {f"thread {a['thread']}" for a in t["api"]} | \
    {f"GPU {g['device']} stream {g['stream']}" for g in t["gpu"]}
assert sorted(d.tracks) == sorted(want), (d.tracks, want)
print(f"DOM ok: headline {expect}, {d.site_rows} site rows, tracks {d.tracks}; "
      f"screenshots {shot}, {firefox_shot}; printed {pdf}")
