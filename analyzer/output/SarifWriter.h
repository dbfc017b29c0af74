// SARIF 2.1.0 (docs/lint.md#sarif), the format GitHub code scanning and other CI viewers
// read: the catalog as tool.driver.rules, one result per finding with a path relative to
// %SRCROOT%, and a fingerprint of the code line so that a result keeps its identity when
// lines move.
#pragma once

#include "rules/Catalog.h"
#include "model/Finding.h"
#include "model/TUResult.h"
#include "config/SarifLinks.h"

#include <ostream>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace hostsync {

// Shard, when not null, goes into the run's properties as "hostsync-lint/shard" (a shard's
// facts for merge: ci/ShardFacts.h).
void writeSarif(std::ostream &OS, const std::vector<Finding> &Findings,
                const std::vector<TUResult> &TUs, const Catalog &C, const std::string &SourceRoot,
                const SarifLinks &Links, bool BaselineGiven = false,
                const nlohmann::ordered_json &Shard = nullptr);

// GitHub's primaryLocationLineHash: lineHash() of the line's text and the occurrence of
// that text for that rule within the file ("3f2a9c0d11e6b7a4:2"). With a baseline, each
// result carries baselineState "new" or "unchanged".
std::string lineFingerprint(const std::string &LineText, unsigned Occurrence);

} // namespace hostsync
