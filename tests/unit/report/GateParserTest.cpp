// The --fail-if grammar (report/gates/GateParser.h): what parses, into which clauses, and
// the one line each kind of bad text gets, with the column of its first bad byte.
#include "gates/GateParser.h"
#include "gates/Gates.h"

#include <gtest/gtest.h>

using namespace hostsync::report;

namespace {
// The clauses as text, "findings>0 & stall>1 | gpu_busy<50": what the parse made of it.
std::string shape(const std::string &text) {
  Gate g;
  std::string error;
  if (!parseGate(text, g, error))
    return "error: " + error;
  std::string out;
  for (const std::vector<Comparison> &clause : g.clauses) {
    out += out.empty() ? "" : " | ";
    for (size_t i = 0; i < clause.size(); ++i) {
      char value[32];
      std::snprintf(value, sizeof value, "%g", clause[i].value);
      out += (i ? " & " : "") + clause[i].metric + clause[i].op + value;
    }
  }
  return out;
}

std::string errorOf(const std::string &text) {
  Gate g;
  std::string error;
  EXPECT_FALSE(parseGate(text, g, error)) << text;
  return error;
}

Report reportWith(size_t findings, double gpuBusy) {
  Report r;
  r.findings.resize(findings);
  r.headline.gpu_busy_pct = gpuBusy;
  return r;
}
} // namespace

TEST(GateGrammar, OneComparisonAsBefore) {
  EXPECT_EQ(shape("lost_to_sync > 5%"), "lost_to_sync>5");
  EXPECT_EQ(shape("  missed_statically>=2  "), "missed_statically>=2");
  EXPECT_EQ(shape("findings != 0"), "findings!=0");
  EXPECT_EQ(shape("gpu_busy < 12.5e0%"), "gpu_busy<12.5");
  EXPECT_EQ(shape("findings > -1"), "findings>-1");
}

TEST(GateGrammar, AndBindsTighterThanOr) {
  EXPECT_EQ(shape("findings > 0 and stall > 1% or gpu_busy < 50%"),
            "findings>0 & stall>1 | gpu_busy<50");
  EXPECT_EQ(shape("findings > 0 or stall > 1% and gpu_busy < 50%"),
            "findings>0 | stall>1 & gpu_busy<50");
  // The symbols mean the same as the words, with or without spaces around them.
  EXPECT_EQ(shape("findings>0&&stall>1%||gpu_busy<50%"),
            shape("findings > 0 and stall > 1% or gpu_busy < 50%"));
  // A CI file's folded string may break the line.
  EXPECT_EQ(shape("findings > 0\n  or stall > 1%"), "findings>0 | stall>1");
}

TEST(GateGrammar, TheWholeTextMustParse) {
  EXPECT_EQ(errorOf("findings > 0 garbage"),
            "--fail-if 'findings > 0 garbage': unexpected 'garbage' at column 14: expected "
            "'and', 'or' or the end");
  EXPECT_EQ(errorOf("findings > 0 && garbage"),
            "--fail-if 'findings > 0 && garbage': unknown metric 'garbage' at column 17 "
            "(metrics: lost_to_sync, stall, gpu_busy, findings, hot_findings, new_findings, "
            "missed_statically, cold_findings)");
  EXPECT_EQ(errorOf("findings > 0x10"),
            "--fail-if 'findings > 0x10': unexpected 'x10' at column 13: expected 'and', 'or' or "
            "the end");
  EXPECT_EQ(errorOf("findings > 0 andstall > 1%"),
            "--fail-if 'findings > 0 andstall > 1%': unexpected 'andstall' at column 14: expected "
            "'and', 'or' or the end");
  EXPECT_EQ(errorOf("findings => 1"), "--fail-if 'findings => 1': unexpected '=>' at column 10: "
                                      "expected a comparison (> >= < <= == !=)");
}

TEST(GateGrammar, EmptyOperandsAreErrors) {
  EXPECT_EQ(errorOf(""),
            "--fail-if '': empty: expected 'METRIC OP VALUE', e.g. 'lost_to_sync > 5%'");
  EXPECT_EQ(errorOf("findings >"),
            "--fail-if 'findings >': expected a number at column 11, found the end");
  EXPECT_NE(errorOf("findings > 0 and").find("expected a metric (lost_to_sync, "),
            std::string::npos);
  EXPECT_NE(errorOf("findings > 0 and").find("at column 17, found the end"), std::string::npos);
  EXPECT_NE(errorOf("or findings > 0").find("unexpected 'or' at column 1: expected a metric"),
            std::string::npos);
  EXPECT_NE(errorOf("findings > 0 || || stall > 1%").find("unexpected '||' at column 17"),
            std::string::npos);
  EXPECT_NE(errorOf("> 5").find("unexpected '>' at column 1: expected a metric"),
            std::string::npos);
}

TEST(GateGrammar, NumbersAreFiniteDecimals) {
  EXPECT_EQ(errorOf("findings > nan"),
            "--fail-if 'findings > nan': unexpected 'nan' at column 12: expected a number");
  EXPECT_NE(errorOf("findings > inf").find("unexpected 'inf' at column 12"), std::string::npos);
  EXPECT_NE(errorOf("findings > -inf").find("unexpected '-inf' at column 12"), std::string::npos);
  EXPECT_EQ(errorOf("findings > 1e999"),
            "--fail-if 'findings > 1e999': '1e999' at column 12 is out of range");
  EXPECT_NE(errorOf("findings > 1e-999").find("'1e-999' at column 12 is out of range"),
            std::string::npos);
  EXPECT_NE(errorOf("findings > .5").find("unexpected '.5' at column 12"), std::string::npos);
  EXPECT_NE(errorOf("findings > 5.").find("unexpected '5.' at column 12"), std::string::npos);
}

TEST(GateGrammar, UnitsFollowTheMetric) {
  EXPECT_EQ(errorOf("lost_to_sync > 5"), "--fail-if 'lost_to_sync > 5': lost_to_sync is a "
                                         "percentage: expected '%' right after the number at "
                                         "column 17");
  EXPECT_EQ(errorOf("findings > 5%"),
            "--fail-if 'findings > 5%': findings is a count, not a percentage: unexpected '%' at "
            "column 13");
  EXPECT_NE(errorOf("findings > 5ms").find("unexpected 'ms' at column 13"), std::string::npos);
}

TEST(GateGrammar, ErrorsAreOneLine) {
  std::string error = errorOf("findings >\n\x01 5");
  EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  EXPECT_NE(error.find("'findings > ? 5'"), std::string::npos) << error;
}

TEST(GateEvaluation, AClauseTripsWhenAllItsComparisonsHold) {
  Gate g;
  std::string error;
  ASSERT_TRUE(parseGate("findings > 2 and gpu_busy < 50% or findings > 9", g, error)) << error;
  EXPECT_EQ(evaluateGate(g, reportWith(3, 40)),
            "gate 'findings > 2 and gpu_busy < 50% or findings > 9' tripped: findings is 3, "
            "gpu_busy is 40.0%");
  EXPECT_EQ(evaluateGate(g, reportWith(3, 60)), ""); // the first clause half holds
  EXPECT_EQ(evaluateGate(g, reportWith(10, 60)),
            "gate 'findings > 2 and gpu_busy < 50% or findings > 9' tripped: findings is 10");
  // A metric named twice in the tripping clause is said once.
  ASSERT_TRUE(parseGate("findings > 1 && findings < 5", g, error)) << error;
  EXPECT_EQ(evaluateGate(g, reportWith(3, 0)),
            "gate 'findings > 1 && findings < 5' tripped: findings is 3");
  EXPECT_TRUE(g.uses("findings"));
  EXPECT_FALSE(g.uses("new_findings"));
}
