#include "output/Writer.h"

#include "output/SarifWriter.h"
#include "rules/Catalog.h"

#include <map>

namespace hostsync {

namespace {

class TextWriter : public Writer {
  void write(std::ostream &OS, const RunResults &R) const override {
    writeText(OS, R.Findings, R.Color, R.Root);
  }
};

class JsonWriter : public Writer {
  void write(std::ostream &OS, const RunResults &R) const override {
    writeJson(OS, R.Findings, R.TUs, R.Run, R.Shard);
  }
};

class GithubWriter : public Writer {
  void write(std::ostream &OS, const RunResults &R) const override {
    writeGithub(OS, R.Findings, R.GithubRoot);
  }
};

class SarifFileWriter : public Writer {
  void write(std::ostream &OS, const RunResults &R) const override {
    writeSarif(OS, R.Findings, R.TUs, Catalog::embedded(), R.Root, R.Links, R.Run.BaselineGiven,
               R.Shard);
  }
};

class CodeQualityWriter : public Writer {
  void write(std::ostream &OS, const RunResults &R) const override {
    writeCodeQuality(OS, R.Findings, R.Root);
  }
};

} // namespace

const Writer &writerFor(OutputFormat Format) {
  static const TextWriter Text;
  static const JsonWriter Json;
  static const GithubWriter Github;
  static const SarifFileWriter Sarif;
  static const CodeQualityWriter CodeQuality;
  static const std::map<OutputFormat, const Writer *> ByFormat = {
      {OutputFormat::Text, &Text},
      {OutputFormat::Json, &Json},
      {OutputFormat::Github, &Github},
      {OutputFormat::Sarif, &Sarif},
      {OutputFormat::CodeQuality, &CodeQuality}};
  return *ByFormat.at(Format);
}

} // namespace hostsync
