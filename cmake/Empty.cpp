// The one source of a library whose objects another build folder compiled
// (HOSTSYNC_LLVM_FREE_FROM, CMakeLists.txt): nothing of its own.
