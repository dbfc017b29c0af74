// The text rules every tool shares (common/): text that is not UTF-8 in outputs and stores,
// and lines counted as Clang counts them. Expected values are Python's
// bytes.decode("utf-8", "backslashreplace"), the rule this one is documented to match.
#include "common/JsonText.h"
#include "common/Lines.h"
#include "common/Utf8.h"

#include <gtest/gtest.h>

#include <random>

using namespace hostsync::text;

namespace {
struct Case {
  std::string Bytes, Python;
};
} // namespace

TEST(ValidUtf8, MatchesPythonsBackslashReplace) {
  const Case Cases[] = {
      {"plain ascii", "plain ascii"},
      {"\xe5\xbc\xa0\xe9\x87\x8f UTF-8 \xc3\xa9", "\xe5\xbc\xa0\xe9\x87\x8f UTF-8 \xc3\xa9"},
      {"\xd6\xd0\xce\xc4 gbk", "\\xd6\\xd0\\xce\\xc4 gbk"},
      {"\x82\xa0 sjis", "\\x82\\xa0 sjis"},
      {"\x80", "\\x80"},                            // a continuation byte alone
      {"\xc0\x80", "\\xc0\\x80"},                   // overlong NUL
      {"\xe0\x80\x80", "\\xe0\\x80\\x80"},          // overlong, three bytes
      {"\xed\xa0\x80", "\\xed\\xa0\\x80"},          // a surrogate
      {"\xf4\x90\x80\x80", "\\xf4\\x90\\x80\\x80"}, // above U+10FFFF
      {"\xf5\x80", "\\xf5\\x80"},                   // never a lead byte
      {"\xe4\xb8", "\\xe4\\xb8"},                   // cut at the end
      {"a\xe4\xb8"
       "a",
       "a\\xe4\\xb8"
       "a"}, // cut in the middle
      {"\xf0\x9f\x98", "\\xf0\\x9f\\x98"},
      {"\xf0\x9f\x98\x80", "\xf0\x9f\x98\x80"}, // U+1F600
      {"\xef\xbf\xbf", "\xef\xbf\xbf"},         // U+FFFF is valid text
      {std::string("nul\0byte", 8), std::string("nul\0byte", 8)},
      {"", ""},
  };
  for (const Case &C : Cases) {
    EXPECT_EQ(validUtf8(C.Bytes), C.Python) << C.Python;
    EXPECT_EQ(isValidUtf8(C.Bytes), C.Bytes == C.Python) << C.Python;
    EXPECT_TRUE(isValidUtf8(validUtf8(C.Bytes)));
    EXPECT_EQ(validUtf8(validUtf8(C.Bytes)), validUtf8(C.Bytes)) << "not idempotent";
  }
}

TEST(ValidUtf8, KeepsDistinctBytesDistinct) {
  EXPECT_NE(validUtf8("model\xd6.cpp"), validUtf8("model\xd7.cpp"));
}

TEST(StoredText, GivesBackEveryByte) {
  std::mt19937 Random(7);
  for (int Round = 0; Round < 2000; ++Round) {
    std::string Bytes(Random() % 24, '\0');
    for (char &B : Bytes)
      B = static_cast<char>(Random() % 4 ? Random() % 256 : 'a' + Random() % 26);
    if (Round % 7 == 0)
      Bytes = "\xef\xbf\xbf" + Bytes; // begins as a stored string does
    std::string Stored = storedText(Bytes), Back;
    ASSERT_TRUE(isValidUtf8(Stored));
    ASSERT_TRUE(fromStoredText(Stored, Back));
    ASSERT_EQ(Back, Bytes);
  }
  EXPECT_EQ(storedText("valid text, \xc3\xa9"), "valid text, \xc3\xa9"); // kept as it is
}

TEST(StoredText, SaysWhenAStoredStringIsDamaged) {
  std::string Out;
  EXPECT_FALSE(fromStoredText("\xef\xbf\xbf"
                              "abc",
                              Out)); // odd length
  EXPECT_FALSE(fromStoredText("\xef\xbf\xbf"
                              "zz",
                              Out)); // not hex
  EXPECT_TRUE(fromStoredText("\xef\xbf\xbf"
                             "d6d0",
                             Out));
  EXPECT_EQ(Out, "\xd6\xd0");
}

TEST(JsonText, OutputsFollowTheRuleInValuesAndKeys) {
  nlohmann::ordered_json Doc = {{"z", "\xd6\xd0"}, {"a\xff", {"ok", "\xc3"}}};
  std::string Text = outputJson(Doc);
  EXPECT_EQ(Text, R"({"z":"\\xd6\\xd0","a\\xff":["ok","\\xc3"]})"); // order kept
  nlohmann::json Valid = {{"k", "\xc3\xa9"}};
  EXPECT_EQ(outputJson(Valid, 1), Valid.dump(1)); // valid documents are as dump() writes them
}

TEST(JsonText, StoresGiveBackValuesAndKeys) {
  nlohmann::json Doc = {{"file\xd6.cpp", {{"line", "x = t.item(); // \xb2\xe2"}, {"n", 3}}}};
  std::string Stored = storedJson(Doc);
  ASSERT_TRUE(isValidUtf8(Stored));
  nlohmann::json Back;
  ASSERT_TRUE(fromStored(nlohmann::json::parse(Stored), Back));
  EXPECT_EQ(Back, Doc);
  nlohmann::json Damaged = {{"k", "\xef\xbf\xbf"
                                  "q"}};
  EXPECT_FALSE(fromStored(Damaged, Back));
}

TEST(Lines, CountAsClangDoes) {
  // "\n", "\r\n" and a lone "\r" each end one line.
  std::string Text = "one\ntwo\r\nthree\rfour";
  EXPECT_EQ(offsetOf(Text, 1, 1), 0u);
  EXPECT_EQ(offsetOf(Text, 2, 1), 4u);
  EXPECT_EQ(offsetOf(Text, 3, 2), 10u);
  EXPECT_EQ(offsetOf(Text, 4, 1), 15u);
  EXPECT_EQ(offsetOf(Text, 9, 1), Text.size()); // past the end: clamped
  EXPECT_EQ(lineColumnOf(Text, 0), std::make_pair(1u, 1u));
  EXPECT_EQ(lineColumnOf(Text, 7), std::make_pair(2u, 4u)); // the "\r" of "\r\n"
  EXPECT_EQ(lineColumnOf(Text, 8), std::make_pair(2u, 5u)); // its "\n": still line 2
  EXPECT_EQ(lineColumnOf(Text, 11), std::make_pair(3u, 3u));
  EXPECT_EQ(lineColumnOf(Text, 16), std::make_pair(4u, 2u));
  EXPECT_EQ(lineAt(Text, 5), "two");
  EXPECT_EQ(lineAt(Text, 8), "two");
  EXPECT_EQ(lineAt(Text, 12), "three");
  EXPECT_EQ(lineAt(Text, 17), "four");
  for (size_t At = 0; At <= Text.size(); ++At) { // the two directions agree
    auto [Line, Column] = lineColumnOf(Text, At);
    EXPECT_EQ(offsetOf(Text, Line, Column), At) << At;
  }
  // lineAt reads back from the offset, lineColumnOf forward from the start: the same line,
  // at every offset, the breaks' own included.
  for (std::string T : {Text, std::string("\r\n\n\rx\r\n"), std::string("")})
    for (size_t At = 0; At <= T.size(); ++At) {
      size_t Start = At - (lineColumnOf(T, At).second - 1);
      size_t End = std::min(T.find_first_of("\r\n", Start), T.size());
      EXPECT_EQ(lineAt(T, At), std::string_view(T).substr(Start, End - Start)) << At;
    }
}

TEST(Lines, KeepANulByte) {
  std::string Text("a = t.item(); // \0 comment\nnext", 31);
  EXPECT_EQ(lineAt(Text, 4), std::string("a = t.item(); // \0 comment", 26));
}
