#include "driver/LintSteps.h"

#include "common/Utf8.h"
#include "config/SarifLinks.h"
#include "output/Fixes.h"
#include "output/Writer.h"
#include "output/Writers.h"
#include "support/AbsolutePath.h"
#include "support/FdStream.h"
#include "support/SourceRoot.h"

#include <unistd.h>

#include <csignal>

#include <filesystem>
#include <iostream>
#include <optional>

namespace hostsync {

namespace {

bool sameFile(const std::string &A, const std::string &B) {
  std::error_code E;
  return std::filesystem::equivalent(A, B, E) && !E;
}

// Every file the run reads that an output must not replace: sources, baseline,
// configuration, compile database. (--write-baseline may replace --baseline: it is read
// whole before anything is written.)
std::vector<std::string> inputsOfTheRun(const std::vector<std::string> &Sources,
                                        const Options &Opts) {
  std::vector<std::string> In = Sources;
  for (const std::string &F : {Opts.Baseline, Opts.ConfigFile})
    if (!F.empty())
      In.push_back(F);
  if (!Opts.BuildPath.empty())
    In.push_back(Opts.BuildPath + "/compile_commands.json");
  return In;
}

struct Output {
  const char *Option;
  const std::string &Path; // "" when not asked for
  std::unique_ptr<OutputFile> *Into;
  std::string MayReplace = ""; // the one input it may write over
};

// Opens each output asked for (its temporary file, so an unwritable place fails now); ""
// or the one-line error.
std::string openOutputs(const std::vector<std::string> &Inputs, std::vector<Output> Outputs) {
  for (size_t I = 0; I < Outputs.size(); ++I) {
    const Output &O = Outputs[I];
    if (O.Path.empty())
      continue;
    for (const std::string &In : Inputs)
      if (sameFile(O.Path, In) && In != O.MayReplace)
        return O.Path + ": is an input of this run (" + In + "); refusing to write over it";
    for (size_t J = 0; J < I; ++J)
      if (!Outputs[J].Path.empty() &&
          (O.Path == Outputs[J].Path || sameFile(O.Path, Outputs[J].Path)))
        return O.Path + ": given to both " + Outputs[J].Option + " and " + O.Option;
    std::string E;
    if (!(*O.Into = OutputFile::create(O.Path, E)))
      return E;
  }
  return "";
}

// --write-baseline, --export-fixes and --fix; "" or the error.
std::string writeBaselineAndFixes(const Options &Opts, const std::vector<Finding> &Findings,
                                  const std::string &Root, RunOutputs &Out) {
  if (Out.Baseline)
    writeBaseline(Out.Baseline->stream(), Findings, Root);
  if (Out.Fixes)
    if (unsigned LeftOut = exportFixes(Out.Fixes->stream(), Findings, Opts.FixNotes);
        LeftOut && !Opts.Quiet)
      std::cerr << "hostsync-lint: warning: --export-fixes: " << LeftOut << " fix"
                << (LeftOut == 1 ? "" : "es")
                << " left out: a file name or an edit that is not UTF-8, which YAML cannot "
                   "hold byte for byte (--fix applies them)\n";
  for (OutputFile *Written : {Out.Baseline.get(), Out.Fixes.get()})
    if (std::string E; Written && !Written->commit(E))
      return E;
  if (!Opts.Fix)
    return "";
  FixSummary Fixed;
  if (std::string E; !applyFixes(Findings, Opts.FixNotes, Fixed, E))
    return E;
  if (!Opts.Quiet)
    std::cerr << "hostsync-lint: applied " << Fixed.Applied << " fix"
              << (Fixed.Applied == 1 ? "" : "es") << " in " << Fixed.Files << " file"
              << (Fixed.Files == 1 ? "" : "s")
              << (Fixed.Conflicts
                      ? "; " + std::to_string(Fixed.Conflicts) + " overlapping edits left out"
                      : "")
              << "\n";
  return "";
}

// The findings in the format asked for, to -o or the standard output; "" or the error.
std::string writeFindings(const Options &Opts, const Analysed &A, const ConfigLookup &ConfigOf,
                          const AfterProjectPass &After, RunOutputs &Out,
                          const ShardFactsJson &ShardFacts) {
  std::ostream &OS = Out.Findings ? Out.Findings->stream() : standardOutput();
  bool Color = Opts.Color == ColorMode::Always ||
               (Opts.Color == ColorMode::Auto && !Out.Findings && isatty(STDOUT_FILENO));
  nlohmann::ordered_json Shard; // merge's facts, in a shard's JSON or SARIF
  if (ShardFacts && (Opts.Format == OutputFormat::Json || Opts.Format == OutputFormat::Sarif))
    if (std::string E; !ShardFacts(ConfigOf, After, Shard, E))
      return E;
  JsonRunInfo Run = jsonRunInfo(After, A.AnalysisSeconds, A.ProjectPassSeconds);
  std::string GithubRoot = Opts.Format == OutputFormat::Github ? githubRoot(Opts.SourceRoot) : "";
  writerFor(Opts.Format)
      .write(OS, {A.Findings, A.Results, Run, After.Root, GithubRoot, After.Links, Color, Shard});
  OS.flush();
  standardOutput().flushAll();
  if (std::string E; Out.Findings && !Out.Findings->commit(E))
    return E;
  return "";
}

// One line per file not analysed fully (a file with gaps keeps its findings), the run's
// summary, and the exit code.
int summarise(const Options &Opts, const std::vector<TUResult> &Results,
              const std::vector<Finding> &Findings, size_t Files) {
  unsigned Full = 0, Gaps = 0, NotAnalysed = 0, MarkerErrors = 0;
  for (const TUResult &R : Results) {
    for (const std::string &E : R.SourceErrors)
      std::cerr << "hostsync-lint: error: " << text::validUtf8(E) << "\n";
    MarkerErrors += R.SourceErrors.size();
    TUResult::Status S = R.status();
    Full += S == TUResult::Status::Ok;
    Gaps += S == TUResult::Status::Gaps;
    NotAnalysed += S == TUResult::Status::Failed;
    if (S == TUResult::Status::Failed || (S == TUResult::Status::Gaps && !Opts.Quiet))
      std::cerr << "hostsync-lint: " << text::validUtf8(R.File + ": " + describeStatus(R)) << "\n";
  }
  unsigned AtOrAbove = 0, Hot = 0, Periodic = 0, Suppressed = 0, Known = 0;
  for (const Finding &F : Findings) {
    if (F.Suppressed) {
      ++Suppressed;
      continue;
    }
    if (F.InBaseline) { // reported in JSON/SARIF, but neither counted nor failing
      ++Known;
      continue;
    }
    AtOrAbove += F.Level >= Opts.MinSeverity;
    Hot += F.LoopRank == Rank::Hot;
    Periodic += F.LoopRank == Rank::Periodic;
  }
  size_t Reported = Findings.size() - Suppressed - Known;
  if (!Opts.Quiet)
    std::cerr << "hostsync-lint: " << Reported << " finding" << (Reported == 1 ? "" : "s") << " ("
              << Hot << " hot, " << (Periodic ? std::to_string(Periodic) + " periodic, " : "")
              << Reported - Hot - Periodic << " cold) in " << Files << " file"
              << (Files == 1 ? "" : "s") << " (" << Full << " analysed fully, " << Gaps
              << " with gaps, " << NotAnalysed << " not analysed); " << AtOrAbove << " at or above "
              << severityName(Opts.MinSeverity)
              << (Suppressed ? "; " + std::to_string(Suppressed) + " suppressed by NOLINT" : "")
              << (Opts.Baseline.empty() ? ""
                                        : "; " + std::to_string(Known) + " known to the baseline")
              << "\n";
  if (NotAnalysed || MarkerErrors || (Opts.Strict && Gaps))
    return ParseFailure;
  return AtOrAbove ? HaveFindings : Clean;
}

// --list-rules.
int listRules(const Options &Opts, const Catalog &C) {
  if (Opts.Format == OutputFormat::Json)
    standardOutput() << Catalog::embeddedJson();
  else
    writeRuleListText(standardOutput(), C);
  standardOutput().flushAll();
  return Clean;
}

// --dump-config: the config of the first input (for a directory: of a file in it), or of ".".
int dumpConfigOfFirstInput(const Options &Opts, ConfigFinder &Configs) {
  std::string Where = absolutePath(Opts.Inputs.empty() ? "" : Opts.Inputs[0]);
  std::error_code Ignored;
  if (std::filesystem::is_directory(Where, Ignored))
    Where += "/-";
  std::string E;
  const LintConfig *Cfg = Configs.forFile(Where, E);
  if (!Cfg)
    return usageError(E);
  standardOutput() << dumpConfig(*Cfg);
  standardOutput().flushAll();
  return Clean;
}

} // namespace

int usageError(const std::string &Message) {
  std::cerr << "hostsync-lint: error: " << text::validUtf8(Message) << "\n";
  return UsageError;
}

int runGuarded(const std::function<int()> &Lint) {
  signal(SIGXFSZ, SIG_IGN);
  std::string What;
  try {
    return Lint();
  } catch (const std::exception &E) {
    What = E.what();
  } catch (...) {
    What = "an unknown exception";
  }
  std::cerr << "hostsync-lint: error: internal error: " << text::validUtf8(What)
            << " (a bug of hostsync-lint: please report it with the command)\n";
  return InternalError;
}

std::optional<int> startRun(int Argc, const char **Argv, const std::string &Version, Options &Opts,
                            ConfigFinder &Configs) {
  if (std::string E; !parseOptions(Argc, Argv, Opts, E, Version))
    return Opts.Printed ? Clean : usageError(E);
  if (Opts.ListRules)
    return listRules(Opts, Catalog::embedded());
  Configs = ConfigFinder(Opts.ConfigFile.empty() ? "" : absolutePath(Opts.ConfigFile));
  if (Opts.DumpConfig)
    return dumpConfigOfFirstInput(Opts, Configs);
  return std::nullopt;
}

std::string openRunOutputs(const Options &Opts, const FilePlan &P, Baseline &Accepted,
                           RunOutputs &Out) {
  if (std::string E; !Opts.Baseline.empty() && !readBaseline(Opts.Baseline, Accepted, E))
    return E;
  return openOutputs(inputsOfTheRun(P.Files, Opts),
                     {{"-o", Opts.OutputFile, &Out.Findings},
                      {"--write-baseline", Opts.WriteBaseline, &Out.Baseline, Opts.Baseline},
                      {"--export-fixes", Opts.ExportFixes, &Out.Fixes}});
}

void printPlanInfo(const Options &Opts, const FilePlan &P) {
  if (!Opts.Quiet)
    for (const std::string &Line : P.Info)
      std::cerr << "hostsync-lint: " << Line << "\n";
}

int finishRun(const Options &Opts, const FilePlan &P, const RunSettings &S, Analysed &A,
              ConfigFinder &Configs, const Baseline &Accepted, RunOutputs &Out, const char *Argv0,
              const ShardFactsJson &ShardFacts) {
  std::string Root = absolutePath(Opts.SourceRoot);
  SarifLinks Links;
  if (std::string E;
      Opts.Format == OutputFormat::Sarif &&
      !resolveSarifLinks({Opts.RuleDocsUrl, Opts.InformationUri}, Configs, Root, Argv0, Links, E))
    return usageError(E);
  AfterProjectPass After{Opts.Devices,
                         P.Changed,
                         Opts.Baseline.empty() ? std::nullopt : std::optional<Baseline>(Accepted),
                         Root,
                         assumeDeviceName(Opts.Assume),
                         severityName(Opts.MinSeverity),
                         S.Defaults.EnabledRules,
                         Links};
  ConfigLookup ConfigOf = [&](const std::string &F, std::string &E) {
    return Configs.forFile(F, E);
  };
  if (std::string E; !applyAfterProjectPass(A.Findings, ConfigOf, After, E))
    return usageError(E);
  if (std::string E = writeBaselineAndFixes(Opts, A.Findings, Root, Out); !E.empty())
    return usageError(E);
  if (std::string E = writeFindings(Opts, A, ConfigOf, After, Out, ShardFacts); !E.empty())
    return usageError(E);
  return summarise(Opts, A.Results, A.Findings, P.Files.size());
}

} // namespace hostsync
