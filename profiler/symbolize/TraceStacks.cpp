#include "symbolize/TraceStacks.h"

#include "io/AtomicFile.h"
#include "io/JsonFile.h"
#include "io/JsonNumbers.h"
#include "io/TraceJson.h"
#include "analysis/Summary.h"
#include "symbolize/AtenOps.h"
#include "symbolize/StallSites.h"
#include "symbolize/KeepResolved.h"
#include "symbolize/SourceHashes.h"

#include <algorithm>
#include <cstdlib>
#include <dirent.h>
#include <set>
#include <sys/stat.h>

namespace hostsync::trace {

using J = nlohmann::ordered_json;

namespace {
std::vector<PythonFrame> pythonFramesFromJson(const J &frames) {
  std::vector<PythonFrame> out;
  for (const J &f : frames)
    out.push_back({f.value("file", ""), f.value("function", ""), integerValue(f, "line", 0)});
  return out;
}
bool endsWith(const std::string &s, const std::string &tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

} // namespace

bool traceFilesIn(const std::vector<std::string> &inputs, std::vector<std::string> &files,
                  std::string &error) {
  for (const std::string &in : inputs) {
    struct stat st;
    if (stat(in.c_str(), &st) != 0) {
      error = in + ": no such file or directory";
      return false;
    }
    if (!S_ISDIR(st.st_mode)) {
      files.push_back(in);
      continue;
    }
    std::vector<std::string> found;
    if (DIR *d = opendir(in.c_str())) {
      while (dirent *e = readdir(d)) {
        std::string name = e->d_name;
        if (name.rfind("trace-", 0) == 0 &&
            (endsWith(name, ".json") || endsWith(name, ".json.gz")) &&
            !endsWith(name, ".perfetto.json") && !endsWith(name, ".perfetto.json.gz"))
          found.push_back(in + "/" + name);
      }
      closedir(d);
    }
    if (found.empty()) {
      error = in + ": no trace-*.json files in this directory";
      return false;
    }
    std::sort(found.begin(), found.end());
    files.insert(files.end(), found.begin(), found.end());
  }
  // A file named twice (itself and its directory, or by two paths) is one input: symbolize
  // rewrites it in place once, and the report counts its run once.
  std::set<std::string> seen;
  std::vector<std::string> unique;
  for (const std::string &f : files) {
    char *real = realpath(f.c_str(), nullptr);
    bool fresh = seen.insert(real ? real : f).second;
    std::free(real);
    if (fresh)
      unique.push_back(f);
  }
  files = std::move(unique);
  return true;
}

bool loadTraceJson(const std::string &path, J &doc, std::string &error) {
  if (!readJsonFile(path, doc, error))
    return false;
  // Compared as JSON values: value("schema", "") of a number would throw, and a version read
  // as an int would be undefined for 1e300.
  if (!doc.is_object() || doc.value("schema", J()) != "hostsync-trace/trace") {
    error = path + ": not a hostsync-trace trace.json (no \"schema\": \"hostsync-trace/trace\")";
    return false;
  }
  if (doc.value("version", J()) != TraceJsonVersion) {
    error = path + ": trace.json version " + doc["version"].dump() + ", this tool reads " +
            std::to_string(TraceJsonVersion);
    return false;
  }
  for (const char *key : {"process", "summary", "stalls", "sites", "overlap"})
    if (!doc.contains(key)) {
      error = path + ": trace.json lacks \"" + key + "\"";
      return false;
    }
  return true;
}

namespace {
// The label of a stack's site: its first user frame, where symbolized.
std::string labelOf(int64_t stack, const std::vector<std::string> &labels,
                    const std::string &otherwise) {
  return stack >= 0 && static_cast<size_t>(stack) < labels.size() && !labels[stack].empty()
             ? labels[stack]
             : otherwise;
}

} // namespace

SiteCost readSite(const J &site, const std::string &where) {
  SiteCost c;
  c.count = integerValue(site, "count", uint64_t(0));
  c.waited = integerValue(site, "waited", c.count); // before: only stalls were counted
  c.stall_ns = integerValue(site, "stall_ns", Ns(0));
  c.idle_charged_ns = integerValue(site, "idle_charged_ns", Ns(0));
  c.bytes = integerValue(site, "bytes", uint64_t(0));
  c.stack = static_cast<int32_t>(integerValue(site, "stack", int64_t(-1)));
  const J &lengths = site.at("lengths");
  StallHistogram::Parts parts{c.count,
                              c.stall_ns,
                              integerValue(lengths, "min_ns", Ns(0)),
                              integerValue(lengths, "max_ns", Ns(0)),
                              {}};
  for (const J &b : lengths.value("buckets", J::array())) {
    if (!b.is_array() || b.size() != 2)
      throw JsonNumberError(where + ".lengths.buckets: not [index, stalls] pairs");
    parts.buckets.push_back(
        {integerOf<int>(b[0], "a bucket"), integerOf<uint64_t>(b[1], "stalls")});
  }
  if (integerValue(lengths, "per_octave", 0) != StallHistogram::PerOctave ||
      !StallHistogram::fromParts(parts, c.lengths))
    throw JsonNumberError(where + ".lengths: not a histogram of its count and stall_ns");
  if (site.contains("idle_estimate")) {
    c.estimated = true;
    c.idle_estimate = estimateOf(site.at("idle_estimate"), double(c.idle_charged_ns));
  }
  if (site.contains("phases")) {
    c.phased = true;
    for (int k = 0; k < PhaseCount; ++k) {
      const J &p = site.at("phases").at(phaseName(static_cast<Phase>(k)));
      SitePhase &into = c.phases[k];
      into.calls = integerValue(p, "calls", uint64_t(0));
      into.waited = integerValue(p, "waited", uint64_t(0));
      into.wait_ns = integerValue(p, "wait_ns", Ns(0));
      into.idle_ns = integerValue(p, "idle_charged_ns", Ns(0));
      if (into.wait_ns < 0 || into.idle_ns < 0)
        throw JsonNumberError(where + ".phases: a time that is no time");
    }
  }
  return c;
}

// Names each stall's site by its stack's first user frame (`function file:line`) and
// rebuilds the per-site table: return addresses of one line (two calls on it, or a
// binary seen by several runs) become one site. The tracer folds a run as it goes and
// lists only its costliest stalls, so the table is the tracer's sites merged by label
// (their stall lengths are histograms, which add); a trace without them (written before)
// has every stall listed, and the table adds those up. Times must be times and their sums
// must fit, or it throws. Each site also gets the ATen op of its stack (`op`, AtenOps.h).
void renameSites(J &doc, const std::vector<std::string> &labels,
                 const std::vector<std::string> &ops) {
  std::vector<std::string> opOfSite;
  std::map<std::string, uint32_t> ids;
  std::vector<std::string> names;
  auto idOf = [&](const std::string &site, int64_t stack) {
    auto [it, fresh] = ids.emplace(site, static_cast<uint32_t>(names.size()));
    if (fresh) {
      names.push_back(site);
      opOfSite.push_back(stack >= 0 && static_cast<size_t>(stack) < ops.size() ? ops[stack] : "");
    }
    return it->second;
  };
  std::vector<StallCost> costs;
  Ns stalled = 0, idled = 0;
  for (J &st : doc["stalls"]) {
    std::string where = "stalls[" + std::to_string(costs.size()) + "]";
    Ns start = integerValue(st, "start_ns", Ns(0)), end = integerValue(st, "end_ns", Ns(0));
    Ns idle = integerValue(st, "idle_charged_ns", Ns(0));
    if (start < 0 || end < start || idle < 0)
      throw JsonNumberError(where + ": start_ns, end_ns or idle_charged_ns is no time");
    if (__builtin_add_overflow(stalled, end - start, &stalled) ||
        __builtin_add_overflow(idled, idle, &idled))
      throw JsonNumberError(where + ": the stalls' times add up past 2^63 ns");
    int64_t stack = integerValue(st, "stack", int64_t(-1));
    st["site"] = labelOf(stack, labels, st.value("site", ""));
    costs.push_back({idOf(st["site"], stack), static_cast<int32_t>(stack), end - start,
                     integerValue(st, "bytes", uint64_t(0)), idle});
  }
  bool histograms = !doc["sites"].empty();
  for (const J &site : doc["sites"])
    histograms &= site.is_object() && site.contains("lengths");
  std::vector<SiteCost> table;
  if (histograms) {
    std::map<uint32_t, SiteCost> merged;
    size_t i = 0;
    for (const J &site : doc["sites"]) {
      std::string where = "sites[" + std::to_string(i++) + "]";
      SiteCost c = readSite(site, where);
      c.site = idOf(labelOf(c.stack, labels, site.value("site", "")), c.stack);
      auto [it, fresh] = merged.emplace(c.site, c);
      if (fresh)
        continue;
      SiteCost &into = it->second;
      if (__builtin_add_overflow(into.stall_ns, c.stall_ns, &into.stall_ns) ||
          __builtin_add_overflow(into.idle_charged_ns, c.idle_charged_ns, &into.idle_charged_ns))
        throw JsonNumberError(where + ": the sites' times add up past 2^63 ns");
      into.count += c.count;
      into.waited += c.waited;
      into.bytes += c.bytes;
      into.phased = into.phased && c.phased;
      if (into.estimated || c.estimated) { // one line's sites: their intervals add (safe side)
        into.estimated = true;
        into.idle_estimate.value += c.idle_estimate.value;
        into.idle_estimate.lo += c.idle_estimate.lo;
        into.idle_estimate.hi += c.idle_estimate.hi;
        into.idle_estimate.observed += c.idle_estimate.observed;
        into.idle_estimate.interval = into.idle_estimate.interval && c.idle_estimate.interval;
      }
      for (int k = 0; k < PhaseCount; ++k)
        into.phases[k].add(c.phases[k]);
      into.lengths.merge(c.lengths);
    }
    for (auto &[id, c] : merged) {
      c.p50_ns = c.lengths.percentile(0.5);
      c.p99_ns = c.lengths.percentile(0.99);
      table.push_back(c);
    }
    sortByCost(table);
  } else {
    table = costBySite(costs);
  }
  J sites = J::array();
  for (const SiteCost &c : table) {
    J site = siteJson(names[c.site], c);
    if (!opOfSite[c.site].empty())
      site["op"] = opOfSite[c.site];
    sites.push_back(site);
  }
  doc["sites"] = sites;
}

SymbolizeResult symbolizeTraceFile(const std::string &path, const SymbolizeOptions &options) {
  SymbolizeResult r;
  J doc;
  if (!loadTraceJson(path, doc, r.error))
    return r;
  try {
    SymbolizeOutcome outcome = symbolizeTraceDoc(doc, options);
    r.problems = std::move(outcome.problems);
    r.unresolved = outcome.unresolved;
  } catch (const std::exception &e) {
    r.error = path + ": malformed \"modules\" or \"stacks\": " + e.what();
    return r;
  }
  for (const J &s : doc["stacks"]) {
    ++r.stacks;
    bool native = integerValue(s, "user_frame", -1) >= 0;
    r.with_user_frame += native;
    r.with_python_user_frame += !native && integerValue(s, "python_user_frame", -1) >= 0;
  }
  // A compressed trace is written back compressed (and minified), a plain one as it was.
  std::string text = jsonText(doc, 1);
  if (isGzipFile(path)) {
    std::string packed;
    if (!gzipText(jsonText(doc), packed)) {
      r.error = path + ": cannot compress it (no zlib in this build?)";
      return r;
    }
    text = std::move(packed);
  }
  std::string why;
  if (!writeFileAtomically(path, text, why))
    r.error = path + ": cannot write it back: " + why;
  return r;
}

namespace {
std::string frames(size_t n) { return std::to_string(n) + (n == 1 ? " frame" : " frames"); }

// One line per module that could not be read: what became of its frames, and what to do.
std::string problemLine(const ModuleProblem &p, const KeptCount &c) {
  std::string line = p.module + ": " + p.why;
  if (c.unresolved == 0 && c.kept > 0)
    return line + "; its " + frames(c.kept) + " kept as an earlier run resolved them";
  line += ": " + frames(c.unresolved) + " left unresolved";
  if (c.kept > 0)
    line += " (" + frames(c.kept) + " kept as an earlier run resolved them)";
  return p.advice.empty() ? line : line + "; " + p.advice;
}
} // namespace

SymbolizeOutcome symbolizeTraceDoc(J &doc, const SymbolizeOptions &options) {
  std::vector<Module> modules;
  for (const J &m : doc.value("modules", J::array())) {
    Module mod;
    mod.path = m.value("path", "");
    mod.base = addressOf(m.at("base"));
    mod.size = integerValue(m, "size", uint64_t(0));
    mod.build_id = m.value("build_id", "");
    modules.push_back(mod);
  }
  // Each stack's own frames, then those of the forward op of a backward sync (after all of
  // them, at forwardAt[i]).
  std::vector<Stack> stacks;
  for (const J &s : doc.value("stacks", J::array())) {
    Stack st;
    for (const J &pc : s.at("pcs"))
      st.pcs.push_back(addressOf(pc));
    stacks.push_back(std::move(st));
  }
  size_t own = stacks.size();
  std::vector<long> forwardAt(own, -1);
  for (size_t i = 0; i < own; ++i)
    if (const J &s = doc["stacks"][i]; s.contains("backward")) {
      Stack fwd;
      for (const J &pc : s["backward"].value("pcs", J::array()))
        fwd.pcs.push_back(addressOf(pc));
      forwardAt[i] = static_cast<long>(stacks.size());
      stacks.push_back(std::move(fwd));
    }
  Symbolizer symbolizer(modules, options);
  std::vector<std::vector<Frame>> frames = symbolizer.symbolize(stacks);
  std::vector<std::string> labels, ops;
  KeptCounts counts;
  const std::string &dir = options.relative_to;
  std::map<std::string, std::string> sourceFiles; // as written -> where to read it now
  // Frames resolved here, paths made relative, source files noted; written to `into`.
  auto resolve = [&](J &into, std::vector<Frame> &resolved) {
    resolved = keepResolved(framesFromJson(into.value("frames", J::array())), resolved, counts);
    for (Frame &f : resolved) {
      std::string readPath = f.file;
      f.file = relativePath(f.file, dir);
      f.module = relativePath(f.module, dir);
      if (!f.library && !f.file.empty())
        sourceFiles.emplace(f.file, readPath);
    }
    into["frames"] = framesJson(resolved);
    into["user_frame"] = firstUserFrame(resolved);
  };
  // Python frames' paths made relative, source files noted; the first user frame's index.
  auto pythonFrames = [&](J &list) {
    for (J &f : list) {
      std::string file = f.value("file", "");
      f["file"] = relativePath(file, dir);
      if (!isLibraryPythonFile(file))
        sourceFiles.emplace(f["file"].get<std::string>(), file);
    }
    return pythonFramesFromJson(list);
  };
  for (size_t i = 0; i < own; ++i) {
    J &stack = doc["stacks"][i];
    resolve(stack, frames[i]);
    std::vector<std::string> opsHere = atenOpsOf(frames[i]);
    if (!opsHere.empty())
      stack["ops"] = opsHere;
    ops.push_back(opLabel(opsHere));
    // A Python program's site is its first user Python frame when no native one is the
    // user's: the frames were resolved in the traced process; only their paths change here.
    std::string label = userFrameLabel(frames[i]);
    if (stack.contains("python")) {
      std::vector<PythonFrame> python = pythonFrames(stack["python"]);
      int user = firstUserPythonFrame(python);
      stack["python_user_frame"] = user;
      if (label.empty() && user >= 0)
        label = pythonSiteLabel(python[user]);
    }
    // A backward sync tied to its forward op: the site is the forward op's line.
    if (forwardAt[i] >= 0) {
      J &backward = stack["backward"];
      std::vector<Frame> &fwd = frames[static_cast<size_t>(forwardAt[i])];
      resolve(backward, fwd);
      std::string forward = userFrameLabel(fwd);
      std::vector<PythonFrame> python = pythonFrames(backward["python"]);
      int user = firstUserPythonFrame(python);
      backward["python_user_frame"] = user;
      if (forward.empty() && user >= 0)
        forward = pythonSiteLabel(python[user]);
      if (!forward.empty())
        label = forward + backwardSuffix(backward.value("op", ""));
    }
    labels.push_back(label);
  }
  renameSites(doc, labels, ops);
  storeSourceHashes(doc, sourceFiles);
  if (!dir.empty()) {
    if (doc.contains("modules"))
      for (J &m : doc["modules"])
        m["path"] = relativePath(m.value("path", ""), dir);
    if (doc.contains("process") && doc["process"].contains("command"))
      doc["process"]["command"] = relativeCommand(doc["process"].value("command", ""), dir);
  }
  SymbolizeOutcome outcome;
  for (const ModuleProblem &p : symbolizer.problems()) {
    const KeptCount &c = counts[p.module];
    outcome.problems.push_back(problemLine(p, c));
    outcome.unresolved += c.unresolved;
    outcome.kept += c.kept;
  }
  return outcome;
}

} // namespace hostsync::trace
