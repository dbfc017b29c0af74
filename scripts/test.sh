#!/usr/bin/env bash
# Quick start, step 2: the whole test suite (unit, lit on real LibTorch headers, docs)
# against LLVM 14; then the analyzer's part of it (its units, and the lit tests of the
# analyzer and the clang-tidy module) again against LLVM 22, the other version it supports.
# The tracer's and the report's tests do not depend on the LLVM version: they run once; so
# do the ones of the driver's header search and CI recipe, of the demos' table scripts, and
# the Quick start's sample check (it joins with hostsync-report, which the LLVM 22 build
# does not make), and the Python front end's own tests, which build no LLVM into it (its
# driver test, python/inputs, runs under both) (together about a minute).
#
# scripts/test.sh --sanitize: the suite built with AddressSanitizer and UndefinedBehaviorSanitizer
# (HOSTSYNC_SANITIZE) in build-asan/ instead, against LLVM 14 only; --sanitize --no-analyzer:
# without the analyzer (the report's and the tracer's tests: a 10-minute build with -j1 on a
# shared 2-core machine, 17 s of tests).
# The default run ends with the fuzz targets once over their seed corpora (scripts/fuzz.sh).
# With CI=true, the .deb is also built, installed with apt, run and removed (needs root).
set -euo pipefail
cd "$(dirname "$0")/.."
# Each part's wall time, printed at the end (issue 50: the suite within 20 minutes on the
# 2-core CI machine; docs/results/test-times-*.md).
times=""
part_start=$SECONDS
part() { # the part that just ended
  times+="$(printf '%-44s %5d s' "$1" $((SECONDS - part_start)))"$'\n'
  part_start=$SECONDS
}
scripts/install-deps.sh --test
part "install (apt, packages already there skipped)"
if [ "${1:-}" = --sanitize ]; then
  analyzer=ON
  [ "${2:-}" != --no-analyzer ] || analyzer=OFF
  echo "== ASan + UBSan (build-asan), analyzer $analyzer"
  # Clang 14 at -O1 with line tables only (-g1): GCC at RelWithDebInfo's -O2 -g took over 7
  # minutes for one analyzer source on the shared 2-core machine, Clang so about one (the
  # sanitizers' reports keep file:line). CC/CXX, when set, choose another compiler for a new
  # build-asan/.
  CC=${CC:-clang-14} CXX=${CXX:-clang++-14} cmake -S . -B build-asan -G Ninja \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHOSTSYNC_SANITIZE=ON -DHOSTSYNC_BUILD_ANALYZER=$analyzer \
    "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" \
    "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" >/dev/null
  cmake --build build-asan
  # Leaks are not checked: LLVM and Clang keep their singletons until exit.
  (cd build-asan && ASAN_OPTIONS=detect_leaks=0 ctest --output-on-failure --no-tests=error -j "$(nproc)")
  exit
fi
# The suite's builds: Clang 14 at -O0, with asserts (the Test build type). An analyzer
# source takes about a third of GCC's -O3 time; the tools' speed is not under test here, and
# the analyzer's time is libclang's, optimised either way
# (docs/results/test-times-2026-11-27b.md). CC and CXX, when set, choose other compilers for
# new build folders.
export CC=${CC:-clang-14} CXX=${CXX:-clang++-14}
echo "== LLVM 14 (build): everything"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Test >/dev/null
part "LLVM 14: configure"
cmake --build build
part "LLVM 14: build"
mkdir -p build/test-logs
(cd build && ctest --output-on-failure --no-tests=error -j "$(nproc)") | tee build/test-logs/ctest.log
part "LLVM 14: ctest (units, lit, docs)"

# The Debian package, installed as a user installs it (apt-get install ./hostsync_*.deb),
# its tools run from /usr, then removed: in CI only (CI=true), where the job is root on a
# machine of its own (tests/lit/install/deb.test checks the unpacked package everywhere).
# It runs beside the LLVM 22 build: much of it (cpack's compression, apt, dpkg) keeps one
# core busy or none, and the build takes what is left. Its log is shown once it ends.
deb_pid=""
if [ "${CI:-}" = true ]; then
  echo "== the .deb: cpack, apt-get install, run, remove (beside the LLVM 22 build)"
  (
    start=$SECONDS
    scripts/check-deb.sh "$(scripts/package.sh build)"
    echo "check-deb: $((SECONDS - start)) s"
  ) >build/test-logs/deb.log 2>&1 &
  deb_pid=$!
fi

# Only the analyzer and the module are built here: the tests of the other tools, and the
# install test (which installs a whole build), run in the LLVM 14 build above.
echo "== LLVM 22 (build-llvm22): the analyzer and the clang-tidy module"
# The libraries that use no LLVM (the linter's core, the Python front end) are the LLVM 14
# build's, linked as they are (HOSTSYNC_LLVM_FREE_FROM): compiled once for both.
cmake -S . -B build-llvm22 -G Ninja -DCMAKE_BUILD_TYPE=Test -DHOSTSYNC_LLVM_VERSION=22 \
  -DHOSTSYNC_LLVM_FREE_FROM="$PWD/build" >/dev/null
cmake --build build-llvm22 --target hostsync-lint hostsync-tidy torch_pch hostsync_unit_tests
if [ -n "$deb_pid" ]; then
  deb_status=0
  wait "$deb_pid" || deb_status=$?
  cat build/test-logs/deb.log
  if [ "$deb_status" -ne 0 ]; then
    echo "the .deb check failed (exit $deb_status): build/test-logs/deb.log" >&2
    exit 1
  fi
fi
part "LLVM 22: configure and build (and the .deb)"
build-llvm22/tests/hostsync_unit_tests --gtest_brief=1 --gtest_output=xml:build-llvm22/unit.xml
(cd build-llvm22 && LIT_FILTER_OUT='install/|report/|trace/|cli/torch-headers|cli/ci-recipe|examples/traced-table|examples/quickstart-sample|python/(values|copies|sizes|waits|ranks|calls|flow|returns|objects|libraries|modules|closures|fixes|tuples)' ctest --output-on-failure -R '^lit$')
part "LLVM 22: units and lit"

# Every input reader's fuzz target once over its seeds (tests/fuzz/corpus/), so that a change
# that makes a reader crash on one of them, or on a crash found before, fails here (111 s
# on the shared 2-core CI machine from an empty build-fuzz/, nearly all of it the build).
echo "== fuzz targets over their seed corpora (build-fuzz)"
FUZZ_OPT="-O0 -g1" scripts/fuzz.sh --seeds-only | tee build/test-logs/fuzz.log
part "fuzz: build, seeds"

# Two planned breaks of the analyzer, the tracer or the report (scripts/mutate.py, chosen by
# the commit's hash), each made in place, built, its tests run and undone: the suite must fail
# on each (issue 78; docs/contributing.md, "Mutants").
echo "== mutation sample"
python3 scripts/mutate.py --build build --sample 2 | tee build/test-logs/mutate.log
part "mutation sample (two mutants)"

echo "== times"
printf '%s' "$times"
printf '%-44s %5d s\n' "the whole suite" "$SECONDS"
# What ran, against the floors: a count that falls fails (no test dropped to gain time).
python3 scripts/test-counts.py tests/test-counts.txt ctest-llvm14=build/test-logs/ctest.log \
  lit-llvm14=build/tests/lit/results.xml unit-llvm22=build-llvm22/unit.xml \
  lit-llvm22=build-llvm22/tests/lit/results.xml fuzz-seeds=build/test-logs/fuzz.log
