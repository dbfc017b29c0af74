#include "gates/GateParser.h"

#include "gates/Metrics.h"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace hostsync::report {

namespace {
bool isWordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The gate's text as quoted in a message: one line whatever it holds (a CI file's folded
// string may carry newlines), with every byte at its column.
std::string oneLine(const std::string &text) {
  std::string out = text;
  for (char &c : out)
    if (std::iscntrl(static_cast<unsigned char>(c)))
      c = std::isspace(static_cast<unsigned char>(c)) ? ' ' : '?';
  return out;
}

// Recursive descent over the text, one method per rule of the grammar. Each failure stops
// the parse at the first byte that does not fit and says what was expected there.
class Parser {
public:
  explicit Parser(const std::string &text) : Text(text) {}

  bool parse(Gate &gate, std::string &error) {
    gate = {oneLine(Text), {}};
    skipSpace();
    if (Pos == Text.size())
      return fail("empty: expected 'METRIC OP VALUE', e.g. 'lost_to_sync > 5%'", error);
    bool ok = clause(gate) && connectives(gate);
    if (!ok)
      error = "--fail-if '" + oneLine(Text) + "': " + Error;
    return ok;
  }

private:
  const std::string &Text;
  size_t Pos = 0;
  std::string Error;

  bool fail(const std::string &why, std::string &error) {
    error = "--fail-if '" + oneLine(Text) + "': " + why;
    return false;
  }
  bool fail(const std::string &why) {
    Error = why;
    return false;
  }
  std::string column(size_t at) const { return "column " + std::to_string(at + 1); }

  // "unexpected 'garbage' at column 17: expected a metric", or "expected a metric at column
  // 12, found the end": the bad text runs to the next space (length, when given, says less).
  bool unexpected(size_t at, const std::string &expected, size_t length = 0) {
    if (at >= Text.size())
      return fail("expected " + expected + " at " + column(at) + ", found the end");
    if (length == 0)
      while (at + length < Text.size() &&
             !std::isspace(static_cast<unsigned char>(Text[at + length])))
        ++length;
    std::string bad = oneLine(Text.substr(at, std::min<size_t>(length, 32)));
    if (length > 32)
      bad += "...";
    return fail("unexpected '" + bad + "' at " + column(at) + ": expected " + expected);
  }

  void skipSpace() {
    while (Pos < Text.size() && std::isspace(static_cast<unsigned char>(Text[Pos])))
      ++Pos;
  }

  std::string word() {
    size_t start = Pos;
    while (Pos < Text.size() && isWordChar(Text[Pos]))
      ++Pos;
    return Text.substr(start, Pos - start);
  }

  // Consumes "and" / "&&" (Or = false) or "or" / "||" (Or = true) when it is next.
  bool connective(bool &isOr) {
    for (const auto &[spelling, meansOr] :
         {std::pair<const char *, bool>{"&&", false}, {"||", true}, {"and", false}, {"or", true}}) {
      std::string s = spelling;
      bool isWord = std::isalpha(static_cast<unsigned char>(s[0]));
      if (Text.compare(Pos, s.size(), s) == 0 &&
          !(isWord && Pos + s.size() < Text.size() && isWordChar(Text[Pos + s.size()]))) {
        Pos += s.size();
        isOr = meansOr;
        return true;
      }
    }
    return false;
  }

  bool connectives(Gate &gate) {
    for (;;) {
      skipSpace();
      if (Pos == Text.size())
        return true;
      bool isOr = false;
      if (!connective(isOr))
        return unexpected(Pos, "'and', 'or' or the end");
      if (isOr)
        gate.clauses.emplace_back();
      if (!comparison(gate.clauses.back()))
        return false;
    }
  }

  bool clause(Gate &gate) {
    gate.clauses.emplace_back();
    return comparison(gate.clauses.back());
  }

  bool comparison(std::vector<Comparison> &into) {
    Comparison c;
    skipSpace();
    size_t at = Pos;
    c.metric = word();
    if (c.metric.empty() || c.metric == "and" || c.metric == "or")
      return unexpected(at, "a metric (" + metricNames() + ")", c.metric.size());
    const Metric *metric = findMetric(c.metric);
    if (!metric)
      return fail("unknown metric '" + c.metric + "' at " + column(at) +
                  " (metrics: " + metricNames() + ")");
    skipSpace();
    at = Pos;
    while (Pos < Text.size() && std::string("<>=!").find(Text[Pos]) != std::string::npos)
      ++Pos;
    c.op = Text.substr(at, Pos - at);
    if (c.op != ">" && c.op != ">=" && c.op != "<" && c.op != "<=" && c.op != "==" && c.op != "!=")
      return unexpected(at, "a comparison (> >= < <= == !=)", c.op.size());
    skipSpace();
    if (!number(c.value))
      return false;
    if (!unit(*metric))
      return false;
    into.push_back(c);
    return true;
  }

  // Digits as the grammar says, scanned here so that strtod's extras (nan, inf, hex, a
  // leading space) are not numbers; then finite and in double's range (no 1e999, no 1e-999).
  bool number(double &value) {
    size_t at = Pos, p = Pos;
    auto digits = [&] {
      size_t from = p;
      while (p < Text.size() && std::isdigit(static_cast<unsigned char>(Text[p])))
        ++p;
      return p > from;
    };
    if (p < Text.size() && Text[p] == '-')
      ++p;
    if (!digits())
      return unexpected(at, "a number");
    if (p < Text.size() && Text[p] == '.') {
      ++p;
      if (!digits())
        return unexpected(at, "a number");
    }
    if (p < Text.size() && (Text[p] == 'e' || Text[p] == 'E')) {
      size_t mark = p++;
      if (p < Text.size() && (Text[p] == '+' || Text[p] == '-'))
        ++p;
      if (!digits())
        p = mark; // "5e" or "5em": the number ends before the 'e', the rest is what follows
    }
    std::string literal = Text.substr(at, p - at);
    errno = 0;
    value = std::strtod(literal.c_str(), nullptr);
    if (errno == ERANGE || !std::isfinite(value))
      return fail("'" + literal + "' at " + column(at) + " is out of range");
    Pos = p;
    return true;
  }

  // "%" after a percentage; nothing after a count.
  bool unit(const Metric &metric) {
    bool percent = Pos < Text.size() && Text[Pos] == '%';
    if (percent && !metric.percent)
      return fail(std::string(metric.name) + " is a count, not a percentage: unexpected '%' at " +
                  column(Pos));
    if (!percent && metric.percent)
      return fail(std::string(metric.name) +
                  " is a percentage: expected '%' right after the number at " + column(Pos));
    Pos += percent;
    return true;
  }
};
} // namespace

bool Gate::uses(const std::string &metric) const {
  for (const std::vector<Comparison> &clause : clauses)
    for (const Comparison &c : clause)
      if (c.metric == metric)
        return true;
  return false;
}

bool parseGate(const std::string &text, Gate &gate, std::string &error) {
  return Parser(text).parse(gate, error);
}

} // namespace hostsync::report
