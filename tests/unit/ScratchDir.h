// A folder of the test process's own under the test temp directory (gtest's TempDir(),
// /tmp), removed when the process exits: tests write their files there, so that nothing is
// left in a /tmp that CI machines share, and two runs never write one file.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <unistd.h>

namespace hostsync::test {

// The folder, "<TempDir>hostsync-unit-<pid>/", made on first use.
inline const std::string &scratchDir() {
  static const std::string Dir = [] {
    std::string D = ::testing::TempDir() + "hostsync-unit-" + std::to_string(getpid()) + "/";
    std::filesystem::create_directories(D);
    // Kept apart from Dir, which static destruction may have destroyed when the handler runs.
    static const std::string *const Removed = new std::string(D);
    static const pid_t Owner = getpid();
    std::atexit([] {
      if (getpid() != Owner) // a forked child's exit leaves its parent's folder
        return;
      std::error_code Ignored; // a folder already gone is what is wanted
      std::filesystem::remove_all(*Removed, Ignored);
    });
    return D;
  }();
  return Dir;
}

} // namespace hostsync::test
