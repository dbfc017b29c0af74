// --diff's reader (analyzer/ci/Diff.h): the lines of the new text that a unified diff
// adds or modifies, per file.
#include "ci/Diff.h"

#include <gtest/gtest.h>

using namespace hostsync;

TEST(Diff, ReadsTheNewLinesOfEachHunk) {
  ChangedLines C;
  std::string Diff = "diff --git a/src/a.cpp b/src/a.cpp\n"
                     "--- a/src/a.cpp\n"
                     "+++ b/src/a.cpp\n"
                     "@@ -3 +3 @@ int f();\n"
                     "-old\n"
                     "+new\n"
                     "@@ -10,0 +11,2 @@\n"
                     "+x\n"
                     "+y\n"
                     "@@ -20,3 +22,0 @@\n"
                     "--- a/gone.cpp\n"
                     "+++ /dev/null\n"
                     "@@ -1,2 +0,0 @@\n"
                     "--- b.h\t2024-01-01\n"
                     "+++ b.h\t2024-01-02\n"
                     "@@ -1 +1,1 @@\n";
  ASSERT_EQ(parseUnifiedDiff(Diff, "/p", C), "");
  EXPECT_EQ(C["/p/src/a.cpp"], (std::set<unsigned>{3, 11, 12}));
  EXPECT_EQ(C["/p/b.h"], (std::set<unsigned>{1}));
  EXPECT_EQ(C.count("/p/gone.cpp"), 0u);
}

TEST(Diff, AHunkHeaderThatIsNotUnifiedIsAnError) {
  ChangedLines C;
  EXPECT_NE(parseUnifiedDiff("+++ b/a.cpp\n@@ -1 +x,y @@\n", "/p", C), "");
}
