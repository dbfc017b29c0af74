"""Checks what hostsync-trace reads of a Python thread's stack against the interpreter's own
view (sys._getframe), from inside a foreign call that released the GIL: ctypes' calls do,
as PyTorch's ops do. Usage: python check_frames.py PROBE_LIBRARY. Prints one line per case;
exit 1 if any differs. With --expect-off (a CPython the tracer does not read), checks that
the probe says so in one line instead of reading anything."""
import ctypes
import os
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
probe_lib = ctypes.CDLL(sys.argv[1])
expect_off = "--expect-off" in sys.argv
buffer = ctypes.create_string_buffer(1 << 16)
failures = []


def expected_frames(frame):
    """(file, function, line) of each frame from `frame` outwards, as the tracer names them:
    the qualified name where the code object has one (3.11+)."""
    out = []
    while frame is not None:
        code = frame.f_code
        out.append((code.co_filename, getattr(code, "co_qualname", code.co_name), frame.f_lineno))
        frame = frame.f_back
    return out


def probe(case):
    """Reads the frames from C (the innermost is this function, at the probe_lib call)."""
    probe_lib.hostsync_python_frames(buffer, len(buffer)); line = sys._getframe().f_lineno
    text = buffer.value.decode("utf-8")
    if text.startswith("off:") or expect_off:
        if not (expect_off and text.startswith("off:")):
            failures.append(case)
        print(f"{case}: {text.strip()}")
        return
    got = [tuple(l.rsplit(":", 2)) for l in text.splitlines()]
    got = [(f, fn, int(ln)) for f, ln, fn in got]
    want = expected_frames(sys._getframe())
    want[0] = (want[0][0], want[0][1], line)
    if got == want:
        print(f"{case}: ok, {len(got)} frames")
    else:
        failures.append(case)
        print(f"{case}: differs\n  read: {got}\n  want: {want}")


class Trainer:
    def step(self):
        probe("method")

    @staticmethod
    def nested():
        def inner():
            return probe("closure")
        inner()


def generator():
    yield probe("generator")


probe("module level")
Trainer().step()
Trainer.nested()
list(generator())
(lambda: probe("lambda"))()
[probe("comprehension") for _ in range(1)]

import helper_modül  # a module in another file, with a name that is not ASCII
helper_modül.deep(3, probe)

worker = threading.Thread(target=probe, args=("thread",))
worker.start()
worker.join()

sys.exit(1 if failures else 0)
