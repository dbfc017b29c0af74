// `hostsync-lint merge [-o <file>] <shard output>...`: joins the JSON (findings-json.md) or
// SARIF outputs of the shards of one run (--shard=i/n) into the document one run over all
// their files writes. Each shard's output carries its files' results before the project
// pass (ci/ShardFacts.h); the merge runs the project pass over all of them, so devices
// that one shard's file decides for another's are closed as in one run, then applies what
// one run applies after it (ci/AfterProjectPass.h) and writes with the same writer.
// Inputs must be every shard of one run, once each, of one format; otherwise a one-line
// error and nothing written.
#pragma once

namespace hostsync {

// Argv[0] is "merge". Returns the exit code: 0, or 2 with a one-line error on stderr.
int runMerge(int Argc, const char **Argv);

} // namespace hostsync
