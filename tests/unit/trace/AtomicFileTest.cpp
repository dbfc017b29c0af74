// writeFileAtomically: a file is replaced whole or not at all, and a failure leaves the
// earlier file as it was, no temporary file beside it, and says why.
#include "io/AtomicFile.h"

#include "../ScratchDir.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <dirent.h>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using namespace hostsync::trace;

namespace {
std::string freshDir(const std::string &name) {
  std::string dir = hostsync::test::scratchDir() + "atomic-" + name;
  mkdir(dir.c_str(), 0755);
  return dir;
}

std::string contentOf(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::vector<std::string> namesIn(const std::string &dir) {
  std::vector<std::string> names;
  if (DIR *d = opendir(dir.c_str())) {
    while (dirent *e = readdir(d))
      if (std::string(e->d_name) != "." && std::string(e->d_name) != "..")
        names.push_back(e->d_name);
    closedir(d);
  }
  return names;
}
} // namespace

TEST(AtomicFile, ReplacesTheFileWholeAndKeepsItsMode) {
  std::string dir = freshDir("replace");
  std::string path = dir + "/out.json";
  std::string error;
  ASSERT_TRUE(writeFileAtomically(path, "first\n", error)) << error;
  chmod(path.c_str(), 0640);
  ASSERT_TRUE(writeFileAtomically(path, "second\n", error)) << error;
  EXPECT_EQ(contentOf(path), "second\n");
  struct stat st;
  ASSERT_EQ(stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0640u);
  EXPECT_EQ(namesIn(dir), std::vector<std::string>{"out.json"}); // no temporary left
}

TEST(AtomicFile, AFailureSaysWhyAndLeavesNothingBehind) {
  std::string dir = freshDir("fail");
  std::string error;
  // A directory where the file should be: refused, the directory untouched.
  ASSERT_EQ(mkdir((dir + "/taken").c_str(), 0755), 0);
  EXPECT_FALSE(writeFileAtomically(dir + "/taken", "x", error));
  EXPECT_EQ(error, "Is a directory");
  // A regular file where a directory is needed (works as root too, unlike a chmod).
  ASSERT_TRUE(writeFileAtomically(dir + "/plain", "earlier\n", error)) << error;
  EXPECT_FALSE(writeFileAtomically(dir + "/plain/out.json", "x", error));
  EXPECT_EQ(error, "Not a directory");
  EXPECT_FALSE(writeFileAtomically(dir + "/missing/out.json", "x", error));
  EXPECT_EQ(error, "No such file or directory");
  std::vector<std::string> names = namesIn(dir);
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"plain", "taken"}));
  EXPECT_EQ(contentOf(dir + "/plain"), "earlier\n");
}

TEST(AtomicFile, TemporaryNamesShareThePathsPrefix) {
  // Readers of a directory (symbolize, the report) skip these by it.
  EXPECT_EQ(temporaryPrefixFor("out/trace-7.json"), "out/trace-7.json.tmp-");
}

TEST(AtomicFile, APipeOrDeviceIsRefusedNotReplaced) {
  // Renaming over it would put a regular file where the pipe (or /dev/...) was.
  std::string dir = freshDir("fifo");
  std::string path = dir + "/pipe";
  ASSERT_EQ(mkfifo(path.c_str(), 0644), 0);
  std::string error;
  EXPECT_FALSE(writeFileAtomically(path, "x", error));
  EXPECT_EQ(error, "not a regular file");
  struct stat st;
  ASSERT_EQ(stat(path.c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode));
  EXPECT_EQ(namesIn(dir), std::vector<std::string>{"pipe"});
}

// A tool stopped by SIGTERM while it writes (hostsync-report, symbolize): the temporary file
// is removed, the process still ends by the signal, and the file is whole or the earlier one.
// The child writes a large file again and again, so the signal nearly always comes during a
// write; whenever it comes, nothing may be left beside the file.
TEST(AtomicFile, SigtermDuringAWriteLeavesNoTemporaryFile) {
  std::string dir = freshDir("sigterm");
  std::string path = dir + "/report.json";
  std::string content(32 << 20, 'x');
  ASSERT_TRUE(writeFileAtomically(path, "old"));
  pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    removeTemporaryFilesOnSignal();
    for (;;)
      writeFileAtomically(path, content);
  }
  auto writing = [&] {
    std::vector<std::string> names = namesIn(dir);
    return std::any_of(names.begin(), names.end(),
                       [](const std::string &n) { return n.find(".tmp-") != std::string::npos; });
  };
  for (int i = 0; i < 200000 && !writing(); ++i)
    usleep(50);
  kill(child, SIGTERM);
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM) << status;
  EXPECT_EQ(namesIn(dir), std::vector<std::string>{"report.json"});
  std::string now = contentOf(path);
  EXPECT_TRUE(now == "old" || now == content) << now.size() << " bytes";
}
