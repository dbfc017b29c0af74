#!/bin/sh
# Extracts the two pytorch/examples programs that bench/trace-overhead runs (wlm_py,
# mnist_cpp; issue 34: the tracer measured on training scripts nobody here wrote) into
# .bench-src/pytorch-examples/, which git ignores: their code is read and run, never committed.
# GIT_DIR is a bare clone of github.com/pytorch/examples (the fetch tool's mirror, or
# `git clone --bare`). The commit extracted is written to COMMIT, for the results.
#
# usage: bench/pytorch-examples.sh GIT_DIR [REV]   (REV defaults to HEAD)
set -eu
[ $# -ge 1 ] || { echo "usage: $0 GIT_DIR [REV]" >&2; exit 2; }
git_dir=$1
rev=${2:-HEAD}
root=$(cd "$(dirname "$0")/.." && pwd)
dest=$root/.bench-src/pytorch-examples
commit=$(git --git-dir="$git_dir" rev-parse --verify "$rev^{commit}")
# A fresh directory, so that files of an earlier commit do not linger beside these.
rm -rf "$dest"
mkdir -p "$dest"
# wikitext-2 is left out: the bench trains on a generated corpus (bench/data/zipf_corpus.py),
# and a mirror may hold the large files as listed but absent objects, which archive fails on.
git --git-dir="$git_dir" archive "$commit" word_language_model cpp/mnist \
  ':(exclude)word_language_model/data' | tar -x -C "$dest"
# git may still report the absent objects on stderr while archiving the rest whole (exit 0):
# what matters is that the programs are here.
for f in word_language_model/main.py word_language_model/data.py word_language_model/model.py \
         cpp/mnist/mnist.cpp cpp/mnist/CMakeLists.txt; do
  [ -f "$dest/$f" ] || { echo "$0: $f missing from $commit" >&2; exit 1; }
done
echo "$commit" > "$dest/COMMIT"
echo "pytorch/examples $commit -> $dest"
