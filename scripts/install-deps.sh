#!/usr/bin/env bash
# Installs what hostsync needs on a machine without a GPU: Debian 12, Ubuntu 22.04 or 24.04
# (the release is read from /etc/os-release; docs/install.md).
#   scripts/install-deps.sh          what the Quick start's main job needs: build hostsync-lint
#                                    and hostsync-report, lint the examples (LibTorch headers),
#                                    make the .deb (dpkg-dev)
#   scripts/install-deps.sh --test   that and what the whole test suite needs: lit and
#                                    FileCheck, GoogleTest, the sanitizer runtimes, clang-tidy
#                                    and clang-format, LLVM 22, the browsers for the HTML report,
#                                    pre-commit (Debian 12 only: the suite reads Debian's
#                                    LibTorch headers)
#   scripts/install-deps.sh --print [--test]   the packages for this release, one a line,
#                                    installing nothing (HOSTSYNC_OS_RELEASE names another
#                                    os-release file: tests/lit/install/install-deps.test)
# LLVM and Clang 14 come from the distribution on every release. LibTorch's headers come from
# Debian's libtorch-dev on Debian 12; on Ubuntu (22.04 has it at 1.8, 24.04 not at all) from
# PyTorch's CPU wheel, installed with pip into .deps/torch/ (a virtual environment:
# scripts/quickstart.sh puts its python3 first on PATH, where hostsync-lint finds torch).
# Idempotent: packages already present are skipped by apt. Run as root (or via sudo).
set -euo pipefail
cd "$(dirname "$0")/.."

print=false
test_set=false
for arg in "$@"; do
  case "$arg" in
  --print) print=true ;;
  --test) test_set=true ;;
  *)
    echo "install-deps: error: unknown argument '$arg' (nothing, --test, --print)" >&2
    exit 2
    ;;
  esac
done

os_release=${HOSTSYNC_OS_RELEASE:-/etc/os-release}
[ -r "$os_release" ] || { echo "install-deps: error: $os_release: cannot read" >&2; exit 2; }
release=$(. "$os_release" && echo "${ID:-}-${VERSION_ID:-}")

# The main job's packages, the same names on every supported release.
packages=(
  cmake ninja-build g++ python3 binutils
  llvm-14-dev libclang-14-dev libclang-cpp14-dev clang-14
  nlohmann-json3-dev libcli11-dev zlib1g-dev
  libtree-sitter-dev # the Python front end's parser runtime (third_party/tree-sitter-python)
  libyaml-dev # the linter's core reads .hostsync.yaml with it (analyzer/config/YamlTree)
  libxxhash-dev # the linter's core hashes the cache's files with it (analyzer/cache/ContentHashes)
  dpkg-dev file # dpkg-shlibdeps and file: CPack's .deb dependencies (scripts/package.sh)
  python3-venv # the pip wheel is installed into a fresh venv to be tested (scripts/build-wheel)
)
pip_torch=false
case "$release" in
debian-12)
  packages+=(libtorch-dev libthrust-dev pybind11-dev) # pybind11: torch/extension.h includes it
  ;;
ubuntu-22.04 | ubuntu-24.04)
  pip_torch=true
  ;;
*)
  echo "install-deps: error: $release is not supported (Debian 12, Ubuntu 22.04, Ubuntu 24.04)" >&2
  exit 2
  ;;
esac
if $test_set; then
  if [ "$release" != debian-12 ]; then
    echo "install-deps: error: --test needs Debian 12 (the suite reads Debian's LibTorch headers and uses LLVM 22); $release has the main job only" >&2
    exit 2
  fi
  packages+=(
    llvm-14-tools libclang-rt-14-dev libgtest-dev googletest python3-jsonschema python3-yaml
    clang-tools-14 clang-tidy-14 clang-tidy-22 clang-format-14
    llvm-22-dev libclang-22-dev libclang-cpp22-dev clang-22 llvm-22-tools
    chromium firefox-esr pre-commit protobuf-compiler
  )
fi
if $print; then
  printf '%s\n' "${packages[@]}"
  ! $pip_torch || echo "pip: torch (CPU wheel, .deps/torch)"
  exit 0
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages already installed"
else
  echo "install-deps: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
if $pip_torch && ! .deps/torch/bin/python3 -c 'import torch' 2>/dev/null; then
  echo "install-deps: LibTorch's headers from PyTorch's CPU wheel into .deps/torch"
  python3 -m venv .deps/torch
  .deps/torch/bin/pip install -q --index-url https://download.pytorch.org/whl/cpu torch
fi
