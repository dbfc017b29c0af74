"""Runs a Python training script as `python3 SCRIPT ARGS` would, and notes the time of every
optimizer step (torch.optim's global step hook), to give the run's untraced per-step timing;
with --sync-debug, under torch.cuda.set_sync_debug_mode("warn"), counting each warning by the
program line that led to it (the innermost frame of the program's own files). Writes JSON to
OUT at exit: step times, and the sync lines with their counts.
usage: python3 stepclock.py OUT.json [--sync-debug] -- SCRIPT [ARGS...]"""
import atexit
import collections
import json
import os
import runpy
import sys
import time
import traceback
import warnings


def main():
    args = sys.argv[1:]
    out, debug = args[0], "--sync-debug" in args
    script = args[args.index("--") + 1]
    sys.argv = args[args.index("--") + 1:]
    program_dir = os.path.dirname(os.path.abspath(script))
    sys.path.insert(0, program_dir)
    import torch
    from torch.optim.optimizer import register_optimizer_step_post_hook
    steps = []
    register_optimizer_step_post_hook(lambda opt, a, kw: steps.append(time.perf_counter_ns()))
    lines = collections.Counter()
    if debug:
        torch.cuda.set_sync_debug_mode("warn")
        warnings.simplefilter("always")
        shown = warnings.showwarning

        def count(message, category, filename, lineno, file=None, line=None):
            if "synchroniz" not in str(message):
                return shown(message, category, filename, lineno, file, line)
            # The program's own line that led to it: its innermost frame in its folder.
            for f in reversed(traceback.extract_stack()[:-1]):
                path = os.path.abspath(f.filename)
                if path.startswith(program_dir + os.sep) and path != os.path.abspath(__file__):
                    lines[f"{os.path.relpath(path, program_dir)}:{f.lineno}"] += 1
                    return
            lines[f"(no program frame) {filename}:{lineno}"] += 1

        warnings.showwarning = count

    def write():
        gaps = [(b - a) / 1e6 for a, b in zip(steps, steps[1:])]
        doc = {"steps": len(steps), "step_ms": gaps, "sync_debug": debug,
               "sync_lines": dict(lines.most_common())}
        with open(out, "w") as f:
            json.dump(doc, f)

    atexit.register(write)
    runpy.run_path(script, run_name="__main__")


if __name__ == "__main__":
    main()
