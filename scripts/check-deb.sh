#!/usr/bin/env bash
# Installs a hostsync .deb with apt (as a user would: `apt-get install ./hostsync_*.deb`,
# which also installs its dependencies), runs what it installed from /usr, and removes the
# package again (purged: dpkg keeps no record of it) unless --keep is given (the container keeps it). Needs root and Debian's
# LibTorch headers (libtorch-dev, as scripts/install-deps.sh installs); the clang-tidy check
# runs where clang-tidy-14 is installed.
#   scripts/check-deb.sh [--keep] build/hostsync_0.1.0_amd64.deb
set -euo pipefail
cd "$(dirname "$0")/.."
keep=false
if [ "${1:-}" = --keep ]; then
  keep=true
  shift
fi
deb=${1:?usage: scripts/check-deb.sh [--keep] <hostsync .deb>}
[ -f "$deb" ] || { echo "check-deb: error: $deb: no such file" >&2; exit 2; }
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
if dpkg-query -W -f='${Status}' hostsync 2>/dev/null | grep -q 'install ok installed'; then
  echo "check-deb: error: a hostsync package is installed already; remove it first" >&2
  exit 2
fi
work=$(mktemp -d)
cleanup() {
  rm -rf "$work"
  if ! $keep; then
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get purge -y -qq hostsync >/dev/null
    echo "check-deb: removed the hostsync package"
  fi
}
trap cleanup EXIT
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$(realpath "$deb")" >/dev/null
dpkg-query -W -f='check-deb: installed ${Package} ${Version}\n' hostsync
export PATH=/usr/bin:$PATH # the installed tools, not a build's

# The lint: the masked_loss demo's nonzero (exit 1: findings).
status=0
hostsync-lint --quiet --color=never examples/masked_loss/masked_loss.cpp >"$work/lint.txt" || status=$?
[ "$status" -eq 1 ] || { echo "check-deb: hostsync-lint exited $status, not 1" >&2; exit 1; }
grep -q '\[hostsync-nonzero\]' "$work/lint.txt" || { echo "check-deb: no hostsync-nonzero finding" >&2; exit 1; }
echo "check-deb: /usr/bin/hostsync-lint: $(grep -c ': warning: ' "$work/lint.txt") findings in masked_loss.cpp"

# The report, from the shipped trace.
hostsync-report -q --trace examples/traces/masked_loss -o "$work/report"
[ -s "$work/report/report.html" ] || { echo "check-deb: no report.html" >&2; exit 1; }
echo "check-deb: /usr/bin/hostsync-report wrote report.html"

# The clang-tidy module, inside the clang-tidy of its LLVM.
if command -v clang-tidy-14 >/dev/null; then
  clang-tidy-14 --load=/usr/lib/hostsync/libhostsync-tidy.so --checks='-*,hostsync-*' \
    examples/masked_loss/masked_loss.cpp -- -std=c++17 -Iexamples \
    -isystem /usr/include/torch/csrc/api/include >"$work/tidy.txt" 2>/dev/null || true
  grep -q '\[hostsync-nonzero\]' "$work/tidy.txt" || { echo "check-deb: the module found no hostsync-nonzero" >&2; exit 1; }
  echo "check-deb: clang-tidy-14 with /usr/lib/hostsync/libhostsync-tidy.so: $(grep -c ': warning: .*\[hostsync-' "$work/tidy.txt") findings"
fi

# The CMake package.
mkdir -p "$work/user"
cp tests/lit/inputs/install/CMakeLists.txt "$work/user/"
cmake -S "$work/user" -B "$work/user/build" >"$work/cmake.txt"
grep -q 'lint=/usr/bin/hostsync-lint' "$work/cmake.txt" || { echo "check-deb: find_package(hostsync) did not find /usr" >&2; exit 1; }
echo "check-deb: find_package(hostsync) found the package in /usr"
