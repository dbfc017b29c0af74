#include "input/LintFindings.h"

#include "io/JsonFile.h"

namespace hostsync::report {

using J = nlohmann::ordered_json;

namespace {
void fromFindingsJson(const J &doc, Report &r) {
  for (const J &f : doc.at("findings")) {
    StaticFinding s;
    s.rule = f.at("rule");
    s.severity = f.value("severity", "warning");
    s.file = f.at("file");
    s.line = f.at("line");
    s.column = f.value("column", 0);
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
  for (const J &tu : doc.value("translation_units", J::array()))
    r.analysed_files.push_back(tu.at("file"));
}

std::string stripFileScheme(std::string uri) {
  return uri.rfind("file://", 0) == 0 ? uri.substr(7) : uri;
}

void fromSarif(const J &doc, Report &r) {
  for (const J &run : doc.at("runs")) {
    std::string base;
    if (run.contains("originalUriBaseIds") && run["originalUriBaseIds"].contains("SRCROOT"))
      base = stripFileScheme(run["originalUriBaseIds"]["SRCROOT"].value("uri", ""));
    for (const J &res : run.value("results", J::array())) {
      StaticFinding s;
      s.rule = res.at("ruleId");
      std::string level = res.value("level", "warning");
      s.severity = level == "error" ? "error" : level == "note" ? "note" : "warning";
      s.message = res.at("message").value("text", "");
      const J &loc = res.at("locations").at(0).at("physicalLocation");
      s.file = stripFileScheme(loc.at("artifactLocation").at("uri"));
      if (!base.empty() && !s.file.empty() && s.file[0] != '/')
        s.file = base + (base.back() == '/' ? "" : "/") + s.file;
      s.line = loc.at("region").at("startLine");
      s.column = loc.at("region").value("startColumn", 0);
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
    for (const J &a : run.value("artifacts", J::array()))
      if (a.contains("location"))
        r.analysed_files.push_back(stripFileScheme(a["location"].value("uri", "")));
  }
}
} // namespace

bool loadLintResults(const std::string &path, Report &report, std::string &error) {
  J doc;
  if (!trace::readJsonFile(path, doc, error))
    return false;
  try {
    if (doc.is_object() && doc.value("schema", "") == "hostsync-lint/findings") {
      if (doc.value("version", 0) != 1) {
        error = path + ": findings JSON version " + doc["version"].dump() + ", this tool reads 1";
        return false;
      }
      fromFindingsJson(doc, report);
    } else if (doc.is_object() && doc.value("version", "") == "2.1.0" && doc.contains("runs")) {
      fromSarif(doc, report);
    } else {
      error = path + ": neither hostsync-lint findings JSON nor SARIF 2.1.0";
      return false;
    }
  } catch (const J::exception &e) {
    error = path + ": malformed lint results: " + e.what();
    return false;
  }
  report.has_lint = true;
  return true;
}

} // namespace hostsync::report
