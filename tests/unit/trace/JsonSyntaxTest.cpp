// Where a JSON input stops being JSON (profiler/io/JsonSyntax.h), and the error readJsonFile
// makes of it for a plain file and for a gzip-compressed one (whose line and column are the
// decompressed text's, and say so).
#include "io/JsonFile.h"
#include "common/JsonSyntax.h"

#include "../ScratchDir.h"

#include <gtest/gtest.h>

#include <fstream>
#include <unistd.h>

using namespace hostsync::trace;
using namespace hostsync::text;
using J = nlohmann::ordered_json;

namespace {
JsonSyntaxError syntaxErrorOf(const std::string &text) {
  J doc;
  JsonSyntaxError error;
  EXPECT_FALSE(parseJsonText(text, doc, error)) << text;
  return error;
}

std::string fileWith(const std::string &name, const std::string &bytes) {
  std::string path = hostsync::test::scratchDir() + std::to_string(getpid()) + "-" + name;
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}
} // namespace

TEST(JsonSyntax, LineAndColumnFromOne) {
  EXPECT_EQ(lineColumn("", 0), "1:1");
  EXPECT_EQ(lineColumn("ab\ncd", 0), "1:1");
  EXPECT_EQ(lineColumn("ab\ncd", 2), "1:3"); // the newline ends line 1
  EXPECT_EQ(lineColumn("ab\ncd", 3), "2:1");
  EXPECT_EQ(lineColumn("ab\ncd", 5), "2:3"); // the end of the text
  EXPECT_EQ(lineColumn("ab\n", 3), "2:1");
}

TEST(JsonSyntax, WhereAndWhatOfTheFirstError) {
  J doc;
  JsonSyntaxError error;
  EXPECT_TRUE(parseJsonText(R"({"a": [1, 2]})", doc, error));
  EXPECT_EQ(doc["a"][1], 2);
  JsonSyntaxError comma = syntaxErrorOf("{\n  \"a\": 1,\n}");
  EXPECT_EQ(comma.where, "3:1");
  EXPECT_EQ(comma.what, "unexpected '}'; expected string literal");
  EXPECT_EQ(syntaxErrorOf("[1, 2").where, "1:6"); // the end of the text
  JsonSyntaxError huge = syntaxErrorOf("{\"x\":\n  1e999}");
  EXPECT_EQ(huge.where, "2:3"); // the number's first digit
  EXPECT_EQ(huge.what, "number overflow parsing '1e999'");
}

TEST(JsonFile, PlainErrorsNameFileLineAndColumn) {
  std::string path = fileWith("cut.json", "{\"a\": [1,\n 2");
  J doc;
  std::string error;
  EXPECT_FALSE(readJsonFile(path, doc, error));
  EXPECT_EQ(error, path + ":2:3: not valid JSON: unexpected end of input; expected ']'");
}

TEST(JsonFile, GzipErrorsNameTheDecompressedTextsLineAndColumn) {
  std::string packed;
  if (!gzipText("{\"a\": [1,\n 2", packed))
    GTEST_SKIP() << "no zlib in this build";
  std::string path = fileWith("cut.json.gz", packed);
  J doc;
  std::string error;
  EXPECT_FALSE(readJsonFile(path, doc, error));
  EXPECT_EQ(error, path + ": not valid JSON at 2:3 of the decompressed text: unexpected end of "
                          "input; expected ']'");
  ASSERT_TRUE(gzipText("{\"a\": [1,\n 2]}", packed));
  std::ofstream(path, std::ios::binary) << packed;
  EXPECT_TRUE(readJsonFile(path, doc, error)) << error;
  EXPECT_EQ(doc["a"][1], 2);
}
