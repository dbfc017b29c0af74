#!/usr/bin/env bash
# The action's last step (action.yml): fails the job with hostsync-lint's exit code unless
# it was 0.
code=${1:-}
case "$code" in
0) echo "hostsync-lint: no findings at or above --min-severity" ;;
1) echo "hostsync-lint: findings (see the annotations and the code scanning alerts)" ;;
"") echo "hostsync-lint did not run" ; exit 2 ;;
*) echo "hostsync-lint failed with exit code $code" ;;
esac
exit "$code"
