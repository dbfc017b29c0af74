# hostsync-lint's core, shared by its front ends (Clang's for C++ and CUDA, tree-sitter's for
# Python): the finding model, NOLINT suppressions, the writers (text, JSON, SARIF, GitHub,
# GitLab), fix-its, the result cache and its hashes, --shard's split, the command line
# (support/CommandLine, driver/Options), the run's steps around the analysis
# (driver/PlanFiles, driver/LintSteps), and the file utilities under them. No LLVM: it is
# built whether or not the analyzer is (docs/contributing.md, "The analyzer's folders"); lint-layering checks
# that none of its files includes a header of LLVM or Clang.
find_package(nlohmann_json 3 REQUIRED)
# .hostsync.yaml is read with libyaml (config/YamlTree; Debian: libyaml-dev).
find_path(HOSTSYNC_YAML_INCLUDE yaml.h)
hostsync_find_library(HOSTSYNC_YAML_LIBRARY yaml)
# Without it, nothing of hostsync-lint is built (a GPU machine building the tracer and the
# report alone: docs/install.md); the analyzer, when asked for, says what it misses.
if(NOT HOSTSYNC_YAML_INCLUDE OR NOT HOSTSYNC_YAML_LIBRARY)
  message(STATUS "hostsync-lint: not built, no libyaml, with which its core reads .hostsync.yaml "
                 "(Debian: libyaml-dev; scripts/install-deps.sh installs it)")
  return()
endif()
# The caches' hashes: xxHash, compiled in from its header (cache/ContentHashes.cpp).
find_path(HOSTSYNC_XXHASH_INCLUDE xxhash.h)
if(NOT HOSTSYNC_XXHASH_INCLUDE)
  message(STATUS "hostsync-lint: not built, no xxhash.h, with which its core hashes the cache's "
                 "files (Debian: libxxhash-dev; scripts/install-deps.sh installs it)")
  return()
endif()
set(LC ${CMAKE_CURRENT_LIST_DIR})
configure_file(${LC}/hostsync_version.h.in ${CMAKE_BINARY_DIR}/generated-core/hostsync_version.h
               @ONLY)
hostsync_llvm_free_library(hostsync_lint_core
  ${LC}/model/AssumeDevice.cpp ${LC}/model/DeviceFacts.cpp ${LC}/model/DeviceFactsJson.cpp
  ${LC}/model/Finding.cpp ${LC}/model/CallFindings.cpp ${LC}/model/MacroExpansions.cpp
  ${LC}/model/TUResult.cpp ${LC}/model/OpTable.cpp ${LC}/model/SyncTable.cpp ${LC}/model/RankPolicy.cpp ${LC}/model/FindingBuilder.cpp ${LC}/core/Glob.cpp ${LC}/core/Suppressions.cpp
  ${LC}/output/Writer.cpp ${LC}/output/Writers.cpp ${LC}/output/SarifWriter.cpp
  ${LC}/output/Fixes.cpp ${LC}/config/SarifLinks.cpp
  ${LC}/support/AbsolutePath.cpp ${LC}/support/FdStream.cpp ${LC}/support/OutputFile.cpp
  ${LC}/support/RemoveOnSignal.cpp ${LC}/support/CommandLine.cpp ${LC}/support/PlainText.cpp ${LC}/driver/Options.cpp
  ${LC}/ci/ParseShard.cpp ${LC}/config/Config.cpp ${LC}/config/YamlTree.cpp
  ${LC}/core/InputFiles.cpp ${LC}/ci/Baseline.cpp ${LC}/commands/SourceFiles.cpp
  ${LC}/ci/Diff.cpp ${LC}/ci/AfterProjectPass.cpp ${LC}/model/ProjectPass.cpp
  ${LC}/driver/PlanFiles.cpp ${LC}/driver/LintSteps.cpp ${LC}/cache/ContentHashes.cpp
  ${LC}/cache/ResultCache.cpp ${LC}/cache/TUResultJson.cpp ${LC}/ci/Shard.cpp)
hostsync_always_optimised(${LC}/cache/ContentHashes.cpp)
target_include_directories(hostsync_lint_core PUBLIC ${LC} ${CMAKE_BINARY_DIR}/generated-core)
target_include_directories(hostsync_lint_core SYSTEM PRIVATE ${HOSTSYNC_YAML_INCLUDE}
                                                              ${HOSTSYNC_XXHASH_INCLUDE})
target_link_libraries(hostsync_lint_core PUBLIC hostsync_catalog hostsync_text
                                                nlohmann_json::nlohmann_json
                                         PRIVATE ${HOSTSYNC_YAML_LIBRARY})
target_compile_options(hostsync_lint_core PRIVATE -Wall -Wextra -Wno-unused-parameter)
set_target_properties(hostsync_lint_core PROPERTIES POSITION_INDEPENDENT_CODE ON)
