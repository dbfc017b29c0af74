// The formats of the findings output (--format); output/Writer.h has one writer for each.
#pragma once

namespace hostsync {

enum class OutputFormat { Text, Json, Github, Sarif, CodeQuality };

} // namespace hostsync
