#!/usr/bin/env bash
# Installs what hostsync needs on a Debian 12 machine without a GPU.
#   scripts/install-deps.sh          what the Quick start's main job needs: build hostsync-lint
#                                    and hostsync-report, lint the examples (LibTorch headers)
#   scripts/install-deps.sh --test   that and what the whole test suite needs: lit and
#                                    FileCheck, GoogleTest, the sanitizer runtimes, clang-tidy
#                                    and clang-format, LLVM 22, the browsers for the HTML report
# Idempotent: packages already present are skipped by apt. Run as root (or via sudo).
set -euo pipefail

packages=(
  cmake ninja-build g++ python3 binutils
  llvm-14-dev libclang-14-dev libclang-cpp14-dev clang-14
  libtorch-dev libthrust-dev nlohmann-json3-dev libcli11-dev zlib1g-dev
)
case "${1:-}" in
"") ;;
--test)
  packages+=(
    llvm-14-tools libclang-rt-14-dev libgtest-dev googletest python3-jsonschema python3-yaml
    clang-tools-14 clang-tidy-14 clang-tidy-22 clang-format-14
    llvm-22-dev libclang-22-dev libclang-cpp22-dev clang-22 llvm-22-tools
    chromium firefox-esr
  )
  ;;
*)
  echo "install-deps: error: unknown argument '$1' (nothing, or --test)" >&2
  exit 2
  ;;
esac

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages already installed"
  exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
echo "install-deps: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
