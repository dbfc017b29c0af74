# The Debian package: `cpack -G DEB` in a build folder makes hostsync_<version>_<arch>.deb
# from what `cmake --install` installs (cmake/Install.cmake), under /usr. The libraries the
# tools link (libclang-cpp14, libLLVM-14, libstdc++6...) become dependencies through
# dpkg-shlibdeps; what they read at run time without linking it is named here: Clang's
# builtin headers for the analyzer's parser (libclang-common-<v>-dev) and a C++ standard
# library's headers (the LibTorch headers include them). The tracer's CUPTI comes from the
# CUDA toolkit, not from a Debian package: a .deb built with the tracer needs that toolkit
# where it runs, and names no package for it.
set(CPACK_PACKAGE_NAME hostsync)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "Find, measure and fix host-device synchronizations in LibTorch programs")
set(CPACK_PACKAGE_DESCRIPTION
    "hostsync-lint (a Clang analyzer and clang-tidy module), hostsync-report, and, where built
with the CUDA toolkit, the hostsync-trace CUPTI tracer.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # hostsync_0.1.0_amd64.deb
set(HOSTSYNC_PACKAGE_MAINTAINER "hostsync maintainers <maintainers@hostsync.invalid>"
    CACHE STRING "The .deb's Maintainer field")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER ${HOSTSYNC_PACKAGE_MAINTAINER})
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
if(HOSTSYNC_HOMEPAGE_URL)
  set(CPACK_DEBIAN_PACKAGE_HOMEPAGE ${HOSTSYNC_HOMEPAGE_URL})
endif()
set(HOSTSYNC_DEB_DEPENDS "")
set(HOSTSYNC_DEB_SUGGESTS "")
if(HOSTSYNC_BUILD_ANALYZER)
  list(APPEND HOSTSYNC_DEB_DEPENDS "libclang-common-${HOSTSYNC_LLVM_VERSION}-dev" "libstdc++-dev")
  # The module runs inside the clang-tidy of the LLVM it was built against; the LibTorch
  # headers come from the project being linted (pip, the LibTorch archive) or from Debian.
  list(APPEND HOSTSYNC_DEB_SUGGESTS "clang-tidy-${HOSTSYNC_LLVM_VERSION}" "libtorch-dev")
endif()
if(TARGET hostsync_trace)
  list(APPEND HOSTSYNC_DEB_SUGGESTS binutils) # addr2line, for the offline symbolizer
endif()
list(JOIN HOSTSYNC_DEB_DEPENDS ", " CPACK_DEBIAN_PACKAGE_DEPENDS)
list(JOIN HOSTSYNC_DEB_SUGGESTS ", " CPACK_DEBIAN_PACKAGE_SUGGESTS)
include(CPack)
