// report.md's escapes (report/render/MarkdownText.h): what a name from the inputs becomes,
// so that it renders as the same text and never as HTML or a broken table row.
#include "render/MarkdownText.h"

#include <gtest/gtest.h>

using namespace hostsync::report;

TEST(MarkdownCode, FencesLongerThanAnyBacktickRun) {
  EXPECT_EQ(markdownCode("src/<script>.cpp:3"), "`src/<script>.cpp:3`");
  EXPECT_EQ(markdownCode("a`b``c"), "```a`b``c```");
  // A backtick against the fence, or spaces at both ends, would be read otherwise: padded.
  EXPECT_EQ(markdownCode("`x"), "`` `x ``");
  EXPECT_EQ(markdownCode(" x "), "`  x  `");
  EXPECT_EQ(markdownCode(" x"), "` x`");
  EXPECT_EQ(markdownCode(""), "");
}

TEST(MarkdownCode, StaysInItsTableCell) { EXPECT_EQ(markdownCode("a|b\nc"), "`a\\|b c`"); }

TEST(MarkdownText, NoHtmlAndNoCodeSpans) {
  EXPECT_EQ(markdownText("<b>&\"x\"</b>"), "&lt;b&gt;&amp;&quot;x&quot;&lt;/b&gt;");
  EXPECT_EQ(markdownText("`a`|b\r\nc"), "\\`a\\`\\|b  c");
  EXPECT_EQ(markdownText("matched by line (suppressed by NOLINT: timing)"),
            "matched by line (suppressed by NOLINT: timing)");
}
