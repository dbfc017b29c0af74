#!/bin/sh
# %expect-exit N CMD [ARG...] (lit.cfg.py): runs CMD and succeeds only when it exits with
# exactly N. A RUN line's redirections apply to CMD as written after it:
#   RUN: %expect-exit 2 %hostsync-report --frobnicate 2> %t/opt.err
# Not `CMD ||` followed by `test $? -eq N`: that passes when CMD exits 0 too, so a tool that
# stopped rejecting a bad input would still pass (issue 50; scripts/check-test-patterns.py
# rejects it).
want=$1
shift
"$@"
got=$?
if [ "$got" -ne "$want" ]; then
  # On stderr, which the RUN line may have sent to a file: the RUN line fails either way.
  echo "expect-exit: '$1' exited with $got, expected $want" >&2
  exit 1
fi
exit 0
