# What `cmake --install` puts beside the tools (each tool installs itself where it is built):
# the rule catalog, the rules' docs, and a CMake package so that another project's build can
# find hostsync with find_package(hostsync).
include(CMakePackageConfigHelpers)

install(FILES ${HOSTSYNC_CATALOG} DESTINATION ${CMAKE_INSTALL_DATADIR}/hostsync)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/rules/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/rules
        FILES_MATCHING PATTERN "*.md")
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/LICENSE
        DESTINATION ${CMAKE_INSTALL_DOCDIR})

# Which parts this build installs: the package says so (hostsync_<part>_FOUND).
set(HOSTSYNC_INSTALLED_LINT ${HOSTSYNC_BUILD_ANALYZER})
set(HOSTSYNC_INSTALLED_TIDY OFF)
set(HOSTSYNC_INSTALLED_TRACE OFF)
set(HOSTSYNC_INSTALLED_REPORT OFF)
if(TARGET hostsync-tidy)
  set(HOSTSYNC_INSTALLED_TIDY ON)
endif()
if(TARGET hostsync_trace)
  set(HOSTSYNC_INSTALLED_TRACE ON)
endif()
if(TARGET hostsync-report)
  set(HOSTSYNC_INSTALLED_REPORT ON)
endif()
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/hostsyncConfig.cmake.in
  ${PROJECT_BINARY_DIR}/hostsyncConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/hostsync
  PATH_VARS CMAKE_INSTALL_BINDIR HOSTSYNC_PKGLIBDIR CMAKE_INSTALL_DATADIR)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/hostsyncConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/hostsyncConfig.cmake
        ${PROJECT_BINARY_DIR}/hostsyncConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/hostsync)
