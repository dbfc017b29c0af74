"""Starts a lint that writes -o over an existing file, sends SIGTERM once its temporary file
exists (the analysis has begun: the source includes LibTorch, parsed for seconds),
and prints the exit code and how many temporary files are left beside the output."""
import glob
import signal
import subprocess
import sys
import time

lint, output, source = sys.argv[1:4]
proc = subprocess.Popen([lint, "-q", "--format=json", "-o", output, source, "--",
                         "-std=c++17"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
deadline = time.monotonic() + 60
while not glob.glob(output + ".tmp-*") and proc.poll() is None and time.monotonic() < deadline:
    time.sleep(0.05)
proc.send_signal(signal.SIGTERM)
code = proc.wait()
code = 128 - code if code < 0 else code
print(f"exit {code}; temporary files left: {len(glob.glob(output + '.tmp-*'))}")
