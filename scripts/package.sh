#!/usr/bin/env bash
# Builds hostsync in a build folder (default: build/, configured if it is not) and makes its
# Debian package there with CPack: <build>/hostsync_<version>_<arch>.deb. Prints the path.
# CI (scripts/test.sh with CI=true) and the container (ci/Dockerfile) run it.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHOSTSYNC_BUILD_TESTS=OFF >/dev/null
fi
cmake --build "$build" >&2 # stdout is the path alone
rm -f "$build"/hostsync_*.deb
(cd "$build" && cpack -G DEB >/dev/null)
ls "$PWD/$build"/hostsync_*.deb
