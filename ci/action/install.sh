#!/usr/bin/env bash
# The action's first step (action.yml): makes hostsync-lint available to the next ones.
# HOSTSYNC_DEB set: installs that .deb with apt (and its dependencies). Else a hostsync-lint
# already on PATH is used. Else the action's own source is built (scripts/install-deps.sh,
# then the hostsync-lint target, a few minutes) and its folder added to GITHUB_PATH.
set -euo pipefail
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
if [ -n "${HOSTSYNC_DEB:-}" ]; then
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$(realpath "$HOSTSYNC_DEB")"
elif ! command -v hostsync-lint >/dev/null; then
  src=${GITHUB_ACTION_PATH:?}
  build=${RUNNER_TEMP:?}/hostsync-build
  "$src/scripts/install-deps.sh"
  cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHOSTSYNC_BUILD_TESTS=OFF >/dev/null
  cmake --build "$build" --target hostsync-lint
  echo "$build/analyzer" >>"${GITHUB_PATH:?}"
  export PATH=$build/analyzer:$PATH
fi
echo "hostsync-lint: $(command -v hostsync-lint || echo "$RUNNER_TEMP/hostsync-build/analyzer/hostsync-lint")"
