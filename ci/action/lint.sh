#!/usr/bin/env bash
# The action's lint step (action.yml): SARIF for code scanning (never fails the step), then
# the same findings as annotations on the diff (paths relative to GITHUB_WORKSPACE); the
# annotation run's exit code goes to the step's outputs for the gate.
set -euo pipefail
cd "${GITHUB_WORKSPACE:?}"
read -r -a paths <<<"${HOSTSYNC_PATHS:-}"
read -r -a args <<<"${HOSTSYNC_ARGS:-}"
if [ -n "${HOSTSYNC_BUILD_DIR:-}" ]; then
  args=(-p "$HOSTSYNC_BUILD_DIR" "${args[@]}")
  [ "${paths[*]}" != . ] || paths=() # all the files of the database
fi
links=()
# The rules' pages and the tool's home in the action's own repository, when GitHub names it.
if [[ "${HOSTSYNC_RULE_DOCS:-}" =~ ^https?://[^/]+/[^/]+/[^/]+/blob/[^/]+/ ]]; then
  links=(--rule-docs-url="$HOSTSYNC_RULE_DOCS" --information-uri="$HOSTSYNC_HOME")
fi
sarif=${HOSTSYNC_SARIF:-hostsync.sarif}
rm -f "$sarif" # a file of an earlier run is not this run's
status=0
hostsync-lint -q --format=sarif "${links[@]}" -o "$sarif" "${args[@]}" "${paths[@]}" || status=$?
if [ "$status" -gt 1 ]; then
  echo "::error title=hostsync-lint::hostsync-lint exited $status (2: usage or input error, 3: a file not analysed)"
fi
[ ! -f "$sarif" ] || echo "sarif-file=$sarif" >>"${GITHUB_OUTPUT:?}"
status=0
hostsync-lint -q --format=github "${args[@]}" "${paths[@]}" || status=$?
echo "exit-code=$status" >>"$GITHUB_OUTPUT"
