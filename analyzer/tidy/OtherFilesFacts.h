// What the clang-tidy module knows of the project's other files: the device facts that
// hostsync-lint's runs left in a project facts file (core/ProjectFactsFile.h), found from
// the HostsyncProjectFacts option or, unset, as the nearest
// <dir>/.hostsync-cache/project-facts.json that lists the file being checked, in the compile
// command's directory (where `hostsync-lint -p <build>` keeps its cache) or a folder above
// it (`hostsync-lint` run in the project's root).
#pragma once

#include "model/DeviceFacts.h"

#include <string>

namespace hostsync::tidy {

// Adds to Facts the facts of every file but MainFile; those of a file edited since they
// were taken count as unknown, except where they are evidence of CUDA. Setting: the option's value:
// "" (search from BuildDir), "none" (read nothing), or a facts file or a cache folder. False with
// Error ("<path>: what is wrong") when a facts file that the setting names, or that the search
// found, cannot be read.
bool addOtherFilesFacts(ProjectFacts &Facts, const std::string &Setting,
                        const std::string &BuildDir, const std::string &MainFile,
                        std::string &Error);

} // namespace hostsync::tidy
