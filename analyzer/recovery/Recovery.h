// Recovery: a file that does not compile against the headers at hand (a header missing,
// code written for another LibTorch) loses more than its invalid statements. Each parse
// that had errors is searched for what was lost and can be given back by a rewrite, made
// in memory, of the user's text; the file is then parsed again (parse/ParseFile.cpp).
//
// LoopRecovery.cpp: Clang drops a for loop whose range (range-for) or condition (classic
// for) does not compile, and with it every statement of its body. On real training code
// with a header missing (OpenCV, a dataset or option library), that is the loop over the
// data loader, `for (auto &batch : *loader)`, or over the epochs, `for (e = 0; e !=
// num_epochs; ++e)`: where the syncs of the training step are. The range becomes an opaque
// range of hostsync's and the condition `true`, so that a second parse keeps the body:
// statements that use what is unknown stay invalid, the others are analysed. (if, while,
// do and switch keep their bodies.) A variable declared `auto x = <what does not
// compile>` gets, the same way, an opaque value that converts to anything, so that a
// hyper-parameter read from a missing option library (`auto lr =
// args["lr"].as<double>()`) no longer poisons every statement that uses it; a chain of
// such variables is freed one link per parse.
//
// ExportMacroRecovery.cpp: a class declared with the export macro of a header the build
// generates (`class DETECTION_EXPORT Detector {`, from CMake's GenerateExportHeader or a
// project's `*_export.h`/`*_api.h`) that is not there: Clang reads the macro as a class
// name and loses the real class, its members and every out-of-line method. An all-capital
// name that is no macro, between `class`/`struct` and the class's name, is erased.
//
// ApiChangeRecovery.cpp: calls written for an older LibTorch whose overload is gone, in
// the form the current API spells the same operation (`x.index(t)` -> `x.index({t})`).
//
// UnknownNameRecovery.cpp: a library whose header is missing (OpenCV most of all) leaves
// its namespace undeclared, and every declaration that names one of its types is invalid:
// a member function `void pred(cv::Mat &img)` is lost, and with it the out-of-line body
// that holds the syncs. The names the user's text qualifies with such a namespace are
// declared as opaque stand-ins (UnknownName), so that declarations and statements that
// only pass them around compile; what reads their real API stays invalid.
#pragma once

#include "model/Finding.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Lex/Token.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace hostsync {

struct SourceRewrite {
  std::string File;    // absolute path as the parse saw it
  unsigned Begin, End; // offsets, in the text that parse saw, of what is replaced
  enum Kind {
    Range,        // a range-for's range: an opaque range
    ExampleRange, // one whose body reads <var>.data / .target: a LibTorch data loader
    Condition,    // a classic for's condition: `true`
    Initializer,  // `auto x = <invalid>;`: an opaque value
    Braced,       // an argument an older LibTorch took alone, now in a braced list
    Erased,       // an export macro whose header is missing (`class MYLIB_EXPORT Net {`)
  } What = Range;
};

// A name of a missing library, qualified by a namespace the parse did not know
// (`cv::Mat`), declared for the next parse: a class that any arguments construct and that
// converts to anything, a class template, a value (`cv::INTER_LINEAR`), a function
// (`cv::imread(...)`); or a member name that every such class has (`img.data`, `img.rows`,
// `cv::Mat::zeros`).
struct UnknownName {
  std::string Name; // qualified, without the leading `::` ("cv::Mat"); a member: unqualified
  enum Kind { Type, Template, Value, Function, Member, MemberTemplate } What = Type;
};

// What one parse lost that the next parse can give back.
struct LostParts {
  std::vector<SourceRewrite> Rewrites;
  std::vector<UnknownName> Names;
  bool empty() const { return Rewrites.empty() && Names.empty(); }
};

// Everything the parse of TopLevel (the user's top-level declarations) lost that a rewrite
// can give back: the for loops missing from the AST, the first invalid `auto` variables'
// initializers, calls to a changed LibTorch API; or, first, the names of namespaces the
// parse reported undeclared (Undeclared), whose declarations may make the rest valid.
LostParts recoveryRewrites(clang::ASTContext &Ctx, const std::vector<clang::Decl *> &TopLevel,
                           const std::set<std::string> &Undeclared);
// The parts, over the user's files (Files: each file that holds one of TopLevel, to the
// absolute path the parse opened it by, which a rewrite must shadow).
using UserFiles = std::map<clang::FileID, std::string>;
void loopRewrites(clang::ASTContext &Ctx, const std::vector<clang::Decl *> &TopLevel,
                  const UserFiles &Files, std::vector<SourceRewrite> &Out);
void apiChangeRewrites(clang::ASTContext &Ctx, const std::vector<clang::Decl *> &TopLevel,
                       const UserFiles &Files, std::vector<SourceRewrite> &Out);
void exportMacroRewrites(clang::ASTContext &Ctx, const UserFiles &Files,
                         std::vector<SourceRewrite> &Out);
// Also erases the `using namespace` / `using` declarations of those namespaces, which the
// first parse ignored.
void unknownNames(clang::ASTContext &Ctx, const std::vector<clang::Decl *> &TopLevel,
                  const UserFiles &Files, const std::set<std::string> &Undeclared, LostParts &Out);
// A file's tokens as the raw lexer sees them (no macro expanded, no header read).
std::vector<clang::Token> rawTokens(const clang::SourceManager &SM, clang::FileID F,
                                    const clang::LangOptions &LO);

// The user's files as the recovery rewrote them, and where their text moved.
class RecoveredFiles {
public:
  // Applies the rewrites one parse found, to the texts that parse saw, and keeps the names
  // it found undeclared, for every later parse. False when that changed nothing (each
  // rewrite already made, each name already known): a parse again would lose the same.
  bool apply(const LostParts &Lost);
  bool empty() const { return Files.empty() && Names.empty(); }
  bool holds(const std::string &Path) const { return Files.count(Path) != 0; }
  // Adds the rewritten files, and the header that declares the opaque types, to FS.
  // Returns the flags that include that header.
  std::vector<std::string> addTo(llvm::vfs::InMemoryFileSystem &FS) const;
  // A finding of a parse of the rewritten text, moved back to the user's own text (its
  // line, column and source line); its fix-it is dropped (its offsets moved too).
  void restore(Finding &F) const;

private:
  struct Edit {
    unsigned NewBegin, NewEnd, OldBegin, OldEnd;
    bool Braced; // "{" + old + "}": inside it, positions keep their place in the old text
  };
  struct File {
    std::string Original, Text;
    std::vector<std::vector<Edit>> Passes; // each pass's edits, by NewBegin
  };
  std::map<std::string, File> Files;
  std::map<std::string, UnknownName::Kind> Names; // qualified name -> what it declares
  std::set<std::string> Members, MemberTemplates;
  std::string prelude() const;
};

} // namespace hostsync
