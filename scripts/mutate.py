#!/usr/bin/env python3
"""Mutation check (issue 78, item 3): breaks hostsync in planned ways, one at a time, and
shows that the tests fail for each. A mutant is one edit of one source line: a rule's op list
loses an op, a device fact flips, a rank is swapped, a sync API loses its role. For each, the
edit is made in place, the build brought up to date (ninja: only what the edit touches),
the tests that cover that part run (a lit directory or a unit binary), and the edit undone;
the build is brought back at the end. A mutant the tests do not fail on SURVIVED: the suite
cannot see that break, and a test must be written that does.

usage: scripts/mutate.py [--build DIR] [--only NAME,...] [--sample N [--seed S]] [--list]
                         [--check]
  --build DIR   the configured build folder of the suite (default build/)
  --check       only that each mutant's line is still in its file, once (the lit test)
  --sample N    N mutants chosen at random (CI: scripts/test.sh runs two), seeded by --seed
                (default: the commit's hash), so that a run is repeatable
Prints one line per mutant ("killed" with the first failing test, or "SURVIVED") and exits 1
if any survived, or if an edit no longer applies (its source line changed: update the
mutant), or the build fails."""
import argparse
import os
import random
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIT = "/usr/lib/llvm-14/build/utils/lit/lit.py"

# name -> (file, text, its mutation, ninja targets, the tests: ("lit", filter regex) or
# ("unit", binary, gtest filter), what it breaks)
MUTANTS = {
    "catalog-loses-an-api": (
        "rules/catalog.json",
        '"apis": ["cudaFree", "cudaFreeHost", "cudaHostUnregister",',
        '"apis": ["cudaFree", "cudaFreeHost",',
        ["hostsync-lint"], ("lit", r"rules/cuda-implicit-sync"),
        "the implicit-sync rule's op list loses cudaHostUnregister"),
    "cpp-device-guard-flips": (
        "analyzer/analysis/DeviceChecks.cpp",
        'return DeviceCheck{(M->getName() == "is_cuda") == Truth, MC};',
        'return DeviceCheck{(M->getName() == "is_cuda") != Truth, MC};',
        ["hostsync-lint"], ("lit", r"analysis/device-guards"),
        "`if (x.is_cuda())` read as the CPU branch"),
    "cpp-loop-rank-swapped": (
        "analyzer/analysis/HotPath.cpp",
        'return {Rank::Hot, "inside a loop", std::nullopt};',
        'return {Rank::Cold, "inside a loop", std::nullopt};',
        ["hostsync-lint"], ("lit", r"rules/(item|nonzero|cuda-implicit-sync)\."),
        "a sync inside a loop ranked cold"),
    "python-loses-item": (
        "analyzer/python/PythonLintCalls.cpp",
        'if (Sync && Sync->Read == SyncRead::OneValue && Method',
        'if (Sync && Sync->Read == SyncRead::OneValue && !Method',
        ["hostsync-lint"], ("lit", r"python/(rules|programs|elements)"),
        "the Python front end no longer knows .item()"),
    "python-loop-rank-swapped": (
        "analyzer/python/PythonRanks.cpp",
        '    R.Value = Rank::Hot;\n    R.Reason = "inside a loop";',
        '    R.Value = Rank::Cold;\n    R.Reason = "inside a loop";',
        ["hostsync-lint"], ("lit", r"python/(rules|ranks|programs)"),
        "a Python sync inside a loop ranked cold"),
    "python-loses-nonzero": (
        "analyzer/python/PythonLintCalls.cpp",
        'if (Sync && Sync->Read == SyncRead::Size && Sync->Reads.empty() &&',
        'if (Sync && Sync->Read != SyncRead::Size && Sync->Reads.empty() &&',
        ["hostsync-lint"], ("lit", r"python/"),
        "the Python front end no longer knows torch.nonzero"),
    "table-loses-nonzero": (
        "analyzer/model/SyncTable.cpp",
        '{"nonzero", "nonzero", Nonzero,',
        '{"nonzero_", "nonzero", Nonzero,',
        ["hostsync-lint"], ("lit", r"rules/nonzero\."),
        "the sync table's nonzero row misspelled for C++ (one row teaches both front ends)"),
    "report-verdict-sync-reads-launches": (
        "report/verdict/Verdict.cpp",
        "const std::pair<Bound, Ns> causes[] = {{Bound::Sync, v.sync_ns},",
        "const std::pair<Bound, Ns> causes[] = {{Bound::Sync, v.launch_ns},",
        ["hostsync-report"], ("lit", r"report/"),
        "the verdict weighs syncs by the launch-bound idle"),
    "phases-no-start-up": (
        "profiler/analysis/Phases.cpp",
        "uint64_t low = (launches + 99) / 100, high = launches - launches / 100, seen = 0;",
        "uint64_t low = 0, high = launches, seen = 0;",
        ["hostsync_trace_tests"], ("unit", "tests/hostsync_trace_tests", "*Phase*"),
        "the steady part starts at the run's first launch"),
    "tracer-free-not-a-sync": (
        "profiler/model/ApiRegistry.cpp",
        '{"cudaFree", ApiRole::ImplicitSync},',
        '{"cudaFree", ApiRole::None},',
        ["hostsync_trace_tests"], ("unit", "tests/hostsync_trace_tests", "*"),
        "the tracer no longer counts cudaFree as a sync"),
    "sampled-no-slowdown": (
        "profiler/analysis/RunFoldEstimate.cpp",
        "  double slowdown = sampled_->slowdown();",
        "  double slowdown = 1;",
        ["hostsync_trace_tests"], ("unit", "tests/hostsync_trace_tests", "SampledRun*"),
        "a sampled run's busy time counted per second of its windows, which slow it"),
    "sampled-copy-args-ignored": (
        "profiler/analysis/Stalls.cpp",
        "  if (a.copy == CopyKind::Other)\n    return std::nullopt;",
        "  if (true)\n    return std::nullopt;",
        ["hostsync_trace_tests"], ("unit", "tests/hostsync_trace_tests", "SyncCount*:SampledRun*"),
        "a copy with no record no longer read from its call's arguments"),
    "sampled-read-back-from-copy-end": (
        "profiler/analysis/Stalls.cpp",
        "a.start - std::max(out[rb->second].end, m.api[out[rb->second].api_index].returned) >",
        "a.start - std::max(out[rb->second].end, Ns{0}) >",
        ["hostsync_trace_tests"], ("unit", "tests/hostsync_trace_tests", "SyncCount*"),
        "outside windows the tracer's own time after a copy counted as the program's"),
    "python-host-copy-ignored": (
        "analyzer/python/PythonCalls.cpp",
        "X.Where != Place::Cpu && Y.HostCopy;",
        "X.Where != Place::Cpu && !Y.HostCopy;",
        ["hostsync-lint"], ("lit", r"python/assignment"),
        "a value copied to the host on one path no longer known by its copy"),
}


def run(cmd, **kw):
    return subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, **kw)


def first_failure(output, kind):
    """The first failing test's name, as lit -q ("  hostsync :: rules/x.cu") or GoogleTest
    ("[  FAILED  ] Suite.Name") lists it."""
    marker = "hostsync :: " if kind == "lit" else "[  FAILED  ] "
    for line in output.splitlines():
        if marker in line:
            return line.split(marker, 1)[1].strip()
    return output.strip().splitlines()[-1] if output.strip() else "(no output)"


def tests_fail(build, tests):
    """(failed, first failing test) for the mutant's tests, run against the build."""
    if tests[0] == "lit":
        r = run([sys.executable, LIT, "-q", os.path.join(build, "tests", "lit"),
                 "--filter", tests[1]])
    else:
        r = run([os.path.join(build, tests[1]), f"--gtest_filter={tests[2]}"])
    return r.returncode != 0, first_failure(r.stdout, tests[0])


def build_targets(build, targets):
    r = run(["ninja", "-C", build] + targets)
    return r.returncode == 0, r.stdout[-2000:]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--only")
    ap.add_argument("--sample", type=int)
    ap.add_argument("--seed")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--check", action="store_true",
                    help="only check that each mutant's line is in its file, once (no build)")
    a = ap.parse_args()
    names = list(MUTANTS)
    if a.list:
        for n in names:
            print(f"{n}: {MUTANTS[n][5]} ({MUTANTS[n][0]})")
        return 0
    if a.check:  # a source edit that moves a mutant's line is caught by every suite run
        stale = [n for n in names if open(os.path.join(ROOT, MUTANTS[n][0]), encoding="utf-8")
                 .read().count(MUTANTS[n][1]) != 1]
        for n in stale:
            print(f"{n}: its line is no longer in {MUTANTS[n][0]} once: update the mutant")
        print(f"mutate: {len(names) - len(stale)} of {len(names)} mutants apply")
        return 1 if stale else 0
    if a.only:
        names = [n for n in a.only.split(",") if n]
        unknown = [n for n in names if n not in MUTANTS]
        if unknown:
            print(f"mutate: no mutant named {', '.join(unknown)} (--list lists them)")
            return 2
    if a.sample:
        seed = a.seed or run(["git", "rev-parse", "HEAD"]).stdout.strip()
        names = sorted(random.Random(seed).sample(names, min(a.sample, len(names))))
    build = os.path.abspath(a.build)
    if not os.path.exists(os.path.join(build, "build.ninja")):
        print(f"mutate: {build}: no configured build (build.ninja) there")
        return 2
    survived, broken, touched = [], [], set()
    for name in names:
        path, text, mutated, targets, tests, what = MUTANTS[name]
        full = os.path.join(ROOT, path)
        original = open(full, encoding="utf-8").read()
        if original.count(text) != 1:
            print(f"{name}: its line is no longer in {path} once: update the mutant")
            broken.append(name)
            continue
        touched.update(targets)
        try:
            with open(full, "w", encoding="utf-8") as f:
                f.write(original.replace(text, mutated))
            built, log = build_targets(build, targets)
            if not built:
                print(f"{name}: the mutated build failed:\n{log}")
                broken.append(name)
                continue
            failed, where = tests_fail(build, tests)
        finally:
            with open(full, "w", encoding="utf-8") as f:
                f.write(original)
        if failed:
            print(f"{name}: killed ({what}): {where}")
        else:
            print(f"{name}: SURVIVED ({what}): the tests {tests[1]} still pass")
            survived.append(name)
    if touched:  # the build as the sources are again
        built, log = build_targets(build, sorted(touched))
        if not built:
            print(f"mutate: rebuilding the unmutated sources failed:\n{log}")
            return 1
    print(f"mutate: {len(names)} mutants, {len(names) - len(survived) - len(broken)} killed, "
          f"{len(survived)} survived, {len(broken)} broken")
    return 1 if survived or broken else 0


if __name__ == "__main__":
    sys.exit(main())
