"""What the checks that compare a traced run with the same program untraced share
(check_thread_waits.py, check_autograd_thread.py): their arguments, a PASS/FAIL line per
check, and the checks appended to a JSON file beside the trace."""
import json
import os
import sys


class Comparison:
    """argv: LABEL UNTRACED.json TRACED.json TRACE.json"""

    def __init__(self, argv):
        self.label = argv[1]
        self.untraced, self.traced, self.trace = (json.load(open(p)) for p in argv[2:5])
        self.trace_path = argv[4]
        self.results = []

    def check(self, name, ok, detail):
        self.results.append({"run": self.label, "check": name, "ok": bool(ok), "detail": detail})
        print(f"{'PASS' if ok else 'FAIL'}: {self.label}: {name}: {detail}")

    def finish(self, suffix):
        """Appends the checks to TRACE.json<suffix> and exits 1 if any failed."""
        out = self.trace_path + suffix
        prior = json.load(open(out)) if os.path.exists(out) else []
        json.dump(prior + self.results, open(out, "w"), indent=1)
        sys.exit(0 if self.results and all(r["ok"] for r in self.results) else 1)
