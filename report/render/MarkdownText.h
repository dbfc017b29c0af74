// Text from the inputs (file and function names, messages, NOLINT reasons) put into
// report.md, which CI jobs show as a job summary or a PR comment: rendered there, so a name
// like "<script>.cpp" must come out as text, never as HTML, and a "|" must not split a table
// row.
#pragma once

#include <string>

namespace hostsync::report {

// A code span that holds s whole, in a table cell or not: a fence of more backticks than s
// has in a row, "|" as "\|", line breaks as spaces. Markdown shows a code span's content as
// it is: no HTML, no emphasis. "" for an empty s.
std::string markdownCode(const std::string &s);

// Plain text: "<", ">", "&", '"' as entities, "|" as "\|", "`" as "\`", line breaks as
// spaces.
std::string markdownText(const std::string &s);

} // namespace hostsync::report
