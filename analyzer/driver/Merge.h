// `hostsync-lint merge [-o <file>] <shard output>...`: joins the JSON (findings-json.md) or
// SARIF outputs of shards (--shard=i/n) into one document of the same format, as one run
// over all their files would have written it: findings in the order of one run (hot
// first, then file, line, column, rule), one per rule and place (a header two shards
// analysed gives one), every shard's translation units, the summary counted again.
// Inputs must all be of one format and version; otherwise a one-line error.
#pragma once

namespace hostsync {

// Argv[0] is "merge". Returns the exit code: 0, or 2 with a one-line error on stderr.
int runMerge(int Argc, const char **Argv);

} // namespace hostsync
