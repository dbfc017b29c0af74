// The linter's core, built without LLVM (analyzer/LintCore.cmake): the file utilities that
// replaced LLVM's (paths, output files, the fd stream) and the terminal width of text, each
// checked against what LLVM's did where the driver relied on it.
#include "support/AbsolutePath.h"
#include "support/FdStream.h"
#include "support/OutputFile.h"

#include "common/ColumnWidth.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace hostsync;
namespace fs = std::filesystem;

namespace {
std::string readAll(const fs::path &P) {
  std::ifstream In(P);
  std::stringstream S;
  S << In.rdbuf();
  return S.str();
}

// A fresh directory under the test's temporary directory.
fs::path freshDirectory(const std::string &Name) {
  fs::path Dir =
      fs::temp_directory_path() / ("hostsync-core-" + Name + "-" + std::to_string(getpid()));
  fs::remove_all(Dir);
  fs::create_directories(Dir);
  return Dir;
}
} // namespace

// As llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true) gives them.
TEST(AbsolutePath, WithoutDots) {
  EXPECT_EQ(withoutDots("/a/./b/../c"), "/a/c");
  EXPECT_EQ(withoutDots("/a//b///"), "/a/b");
  EXPECT_EQ(withoutDots("/../a"), "/a");
  EXPECT_EQ(withoutDots("/"), "/");
  EXPECT_EQ(withoutDots("a/../../b"), "../b");
  EXPECT_EQ(withoutDots("./a"), "a");
  EXPECT_EQ(absolutePathIn("/w/x", "../y/z.cpp"), "/w/y/z.cpp");
  EXPECT_EQ(absolutePathIn("/w/x", "/abs/./f.py"), "/abs/f.py");
  EXPECT_EQ(absolutePathIn("", "rel/f.py"), "rel/f.py");
}

// $PWD names the current directory through a symbolic link, as the user typed it.
TEST(AbsolutePath, KeepsTheShellsNameOfTheCurrentDirectory) {
  fs::path Dir = freshDirectory("pwd");
  fs::create_directories(Dir / "real");
  fs::create_directory_symlink(Dir / "real", Dir / "link");
  fs::path Before = fs::current_path();
  const char *OldPwd = std::getenv("PWD");
  std::string Saved = OldPwd ? OldPwd : "";
  fs::current_path(Dir / "link");
  setenv("PWD", (Dir / "link").c_str(), 1);
  EXPECT_EQ(absolutePath("f.py"), (Dir / "link" / "f.py").string());
  setenv("PWD", "/", 1); // a $PWD that is not this directory is not believed
  EXPECT_EQ(absolutePath("f.py"), (fs::canonical(Dir) / "real" / "f.py").string());
  fs::current_path(Before);
  setenv("PWD", Saved.c_str(), 1);
  fs::remove_all(Dir);
}

TEST(OutputFile, ReplacesWholeAndKeepsTheMode) {
  fs::path Dir = freshDirectory("out");
  fs::path File = Dir / "out.json";
  std::ofstream(File) << "old\n";
  chmod(File.c_str(), 0640);
  std::string Error;
  {
    std::unique_ptr<OutputFile> Out = OutputFile::create(File.string(), Error);
    ASSERT_TRUE(Out) << Error;
    Out->stream() << "new\n";
    EXPECT_EQ(readAll(File), "old\n"); // not in place before commit()
    ASSERT_TRUE(Out->commit(Error)) << Error;
  }
  EXPECT_EQ(readAll(File), "new\n");
  struct stat St;
  ASSERT_EQ(stat(File.c_str(), &St), 0);
  EXPECT_EQ(St.st_mode & 0777, 0640u);
  // A file dropped without commit() leaves the old one and no temporary file.
  {
    std::unique_ptr<OutputFile> Out = OutputFile::create(File.string(), Error);
    ASSERT_TRUE(Out) << Error;
    Out->stream() << "half";
  }
  EXPECT_EQ(readAll(File), "new\n");
  EXPECT_EQ(std::distance(fs::directory_iterator(Dir), fs::directory_iterator()), 1);
  fs::remove_all(Dir);
}

TEST(OutputFile, ErrorsAreOneLine) {
  std::string Error;
  fs::path Dir = freshDirectory("errors");
  EXPECT_FALSE(OutputFile::create(Dir.string(), Error));
  EXPECT_EQ(Error, Dir.string() + ": cannot write: is a directory");
  EXPECT_FALSE(OutputFile::create((Dir / "no" / "f.json").string(), Error));
  EXPECT_EQ(Error, (Dir / "no" / "f.json").string() + ": cannot write: No such file or directory");
  std::unique_ptr<OutputFile> Full = OutputFile::create("/dev/full", Error);
  ASSERT_TRUE(Full) << Error;
  Full->stream() << "findings\n";
  EXPECT_FALSE(Full->commit(Error));
  EXPECT_EQ(Error, "/dev/full: cannot write: No space left on device");
  fs::remove_all(Dir);
}

TEST(FdStream, KeepsTheFirstWriteError) {
  int Fd = open("/dev/full", O_WRONLY);
  ASSERT_GE(Fd, 0);
  {
    FdStream S(Fd);
    S << std::string(100000, 'x'); // more than the buffer: written at once, and fails
    EXPECT_FALSE(S.flushAll());
    EXPECT_EQ(S.error(), std::errc::no_space_on_device);
  }
  close(Fd);
}

// The caret's indent: wide characters take two columns, combining marks none.
TEST(ColumnWidth, AsATerminalShowsIt) {
  EXPECT_EQ(text::columnWidth("loss = t"), 8);
  EXPECT_EQ(text::columnWidth("\xc3\xa9"), 1);                 // é
  EXPECT_EQ(text::columnWidth("e\xcc\x81"), 1);                // e + COMBINING ACUTE ACCENT
  EXPECT_EQ(text::columnWidth("\xe5\xbc\xa0\xe9\x87\x8f"), 4); // 张量
  EXPECT_EQ(text::columnWidth("\x01"), -1);                    // not printable
  EXPECT_EQ(text::columnWidth("\xff"), -1);                    // not UTF-8
  EXPECT_EQ(text::columnWidth(""), 0);
}
