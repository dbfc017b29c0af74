// What a recovery pass gives back to the next parse of a file that does not compile
// (analyzer/recovery/Recovery.h), without a parse: the rewrites of the user's text and the
// undeclared names, and when a pass would give nothing back. The parses are checked in
// tests/lit/analysis.
#include "recovery/Recovery.h"

#include <gtest/gtest.h>

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace hostsync;

namespace {
// A user's file on disk, as a parse opens it; removed at the end of the test.
struct UserFile {
  explicit UserFile(const std::string &Text) {
    llvm::SmallString<128> P;
    int FD;
    EXPECT_FALSE(llvm::sys::fs::createTemporaryFile("recovery", "cpp", FD, P));
    llvm::raw_fd_ostream(FD, /*shouldClose=*/true) << Text;
    Path = std::string(P.str());
  }
  ~UserFile() { llvm::sys::fs::remove(Path); }
  std::string Path;
};

// The text the next parse of File reads.
std::string rewrittenText(const RecoveredFiles &R, const std::string &File) {
  llvm::vfs::InMemoryFileSystem FS;
  R.addTo(FS);
  auto Buffer = FS.getBufferForFile(File);
  return Buffer ? (*Buffer)->getBuffer().str() : "";
}

SourceRewrite rangeOf(const std::string &File, const std::string &Text, const std::string &Part) {
  size_t At = Text.find(Part);
  EXPECT_NE(At, std::string::npos) << Part;
  return {File, unsigned(At), unsigned(At + Part.size()), SourceRewrite::Range};
}
} // namespace

// broken.cpp of tests/lit/inputs/project: the loop's range is undeclared, and so is the
// variable its body adds to. The parse after the first rewrite loses the loop again, for its
// body; rewriting its range again changed only spaces, and the file was parsed to the limit
// of passes (five parses where two tell all).
TEST(RecoveredFiles, ARangeAlreadyOpaqueIsNotRewrittenAgain) {
  const std::string Text = "void f(int t) {\n  for (auto &row : undeclared_rows(t))\n"
                           "    total += row;\n}\n";
  UserFile F(Text);
  RecoveredFiles R;
  LostParts First;
  First.Rewrites.push_back(rangeOf(F.Path, Text, "undeclared_rows(t)"));
  EXPECT_TRUE(R.apply(First));
  std::string Once = rewrittenText(R, F.Path);
  EXPECT_EQ(Once.find("undeclared_rows"), std::string::npos) << Once;
  EXPECT_NE(Once.find("::hostsync_opaque_range<>())"), std::string::npos) << Once;

  // What the next parse reports lost: the same loop, its range now the opaque one.
  LostParts Again;
  Again.Rewrites.push_back(rangeOf(F.Path, Once, "::hostsync_opaque_range<>()"));
  EXPECT_FALSE(R.apply(Again));
  EXPECT_EQ(rewrittenText(R, F.Path), Once);

  // Another loop lost in the same pass is still given back.
  LostParts Both = Again;
  const std::string Two = Text + "void g() { for (int x : missing()) (void)x; }\n";
  UserFile G(Two);
  Both.Rewrites.push_back(rangeOf(G.Path, Two, "missing()"));
  EXPECT_TRUE(R.apply(Both));
  EXPECT_EQ(rewrittenText(R, G.Path).find("missing()"), std::string::npos);
}

TEST(RecoveredFiles, ANameAlreadyDeclaredGivesNothingBack) {
  RecoveredFiles R;
  LostParts Names;
  Names.Names = {{"cv::Mat", UnknownName::Type}, {"rows", UnknownName::Member}};
  EXPECT_TRUE(R.apply(Names));
  EXPECT_FALSE(R.apply(Names));
  // The same name found as something else: the stand-in changes.
  LostParts Template;
  Template.Names = {{"cv::Mat", UnknownName::Template}};
  EXPECT_TRUE(R.apply(Template));
  LostParts Member;
  Member.Names = {{"cols", UnknownName::Member}};
  EXPECT_TRUE(R.apply(Member));
}
