#include "input/LintFindings.h"

#include "input/JsonErrors.h"
#include "io/JsonFile.h"
#include "io/JsonNumbers.h"

namespace hostsync::report {

using J = nlohmann::ordered_json;
using trace::integerOf;
using trace::integerValue;

namespace {
// where names the record being read, for the errors nlohmann throws on a field of the wrong
// type: "findings[2]: type must be string, but is number".
void fromFindingsJson(const J &doc, Report &r, std::string &where) {
  size_t i = 0;
  for (const J &f : doc.at("findings")) {
    where = "findings[" + std::to_string(i++) + "]";
    StaticFinding s;
    s.rule = f.at("rule");
    s.severity = f.value("severity", "warning");
    s.file = f.at("file");
    s.line = integerOf<int>(f.at("line"), "line");
    s.column = integerValue(f, "column", 0);
    s.op = f.value("op", "");
    s.rank = f.value("rank", "");
    s.function = f.value("function", "");
    s.message = f.value("message", "");
    s.fix = f.value("fix", "");
    s.suppressed = f.contains("suppression");
    if (s.suppressed)
      s.suppression_reason = f["suppression"].value("reason", "");
    r.findings.push_back(s);
  }
  where = "translation_units";
  for (const J &tu : doc.value("translation_units", J::array()))
    r.analysed_files.push_back(tu.at("file"));
}

std::string percentDecode(const std::string &s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i)
    if (s[i] == '%' && i + 2 < s.size() && isxdigit(s[i + 1]) && isxdigit(s[i + 2])) {
      out += static_cast<char>(std::stoi(s.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      out += s[i];
    }
  return out;
}

// A file path from an artifactLocation: its uri, resolved against its uriBaseId.
std::string pathOf(const J &location, const J &bases) {
  std::string uri = location.at("uri");
  if (location.contains("uriBaseId") && bases.contains(location["uriBaseId"].get<std::string>())) {
    std::string base = bases[location["uriBaseId"].get<std::string>()].value("uri", "");
    if (!base.empty() && base.back() != '/')
      base += '/';
    uri = base + uri;
  }
  if (uri.rfind("file://", 0) == 0)
    uri = uri.substr(7);
  return percentDecode(uri);
}

void fromSarif(const J &doc, Report &r, std::string &where) {
  size_t runIndex = 0;
  for (const J &run : doc.at("runs")) {
    std::string runWhere = "runs[" + std::to_string(runIndex++) + "]";
    where = runWhere;
    const J bases = run.value("originalUriBaseIds", J::object());
    size_t i = 0;
    for (const J &res : run.value("results", J::array())) {
      where = runWhere + ".results[" + std::to_string(i++) + "]";
      StaticFinding s;
      s.rule = res.at("ruleId");
      std::string level = res.value("level", "warning");
      s.severity = level == "error" ? "error" : level == "note" ? "note" : "warning";
      s.message = res.at("message").value("text", "");
      const J &loc = res.at("locations").at(0).at("physicalLocation");
      s.file = pathOf(loc.at("artifactLocation"), bases);
      s.line = integerOf<int>(loc.at("region").at("startLine"), "startLine");
      s.column = integerValue(loc.at("region"), "startColumn", 0);
      const J props = res.value("properties", J::object());
      s.op = props.value("op", "");
      s.rank = props.value("rank", "");
      s.function = props.value("function", "");
      s.fix = props.value("fix", "");
      s.suppressed = res.contains("suppressions") && !res["suppressions"].empty();
      if (s.suppressed)
        s.suppression_reason = res["suppressions"][0].value("justification", "");
      r.findings.push_back(s);
    }
    where = runWhere + ".artifacts";
    for (const J &a : run.value("artifacts", J::array()))
      if (a.contains("location"))
        r.analysed_files.push_back(pathOf(a["location"], bases));
  }
}
} // namespace

bool loadLintResults(const std::string &path, Report &report, std::string &error) {
  J doc;
  if (!readJson(path, doc, error, trace::readJsonFile))
    return false;
  std::string where = "the document";
  try {
    if (doc.is_object() && doc.value("schema", "") == "hostsync-lint/findings") {
      // Version 2 renamed a translation unit's status "errors" to "gaps", version 3 the
      // device "possible" to "unknown", neither of which the report reads: all read the same.
      int version = integerValue(doc, "version", 0);
      if (version < 1 || version > 3) {
        error =
            path + ": findings JSON version " + doc["version"].dump() + ", this tool reads 1 to 3";
        return false;
      }
      fromFindingsJson(doc, report, where);
    } else if (doc.is_object() && doc.value("version", "") == "2.1.0" && doc.contains("runs")) {
      fromSarif(doc, report, where);
    } else {
      error = path + ": neither hostsync-lint findings JSON nor SARIF 2.1.0";
      return false;
    }
  } catch (const std::exception &e) { // nlohmann's, or a number out of range (JsonNumbers.h)
    error = path + ": " + where + ": malformed lint results: " + plainMessage(e);
    return false;
  }
  report.has_lint = true;
  return true;
}

} // namespace hostsync::report
