#include "commands/CudaSetup.h"

#include "compat/LLVMCompat.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cstdlib>
#include <fstream>
#include <regex>

#include "CudaShimData.inc"

namespace hostsync {

namespace {
constexpr const char *ShimDir = "/hostsync-cuda-shim";
constexpr const char *ShimHeader = "hostsync_cuda_shim.h";
// The toolkit headers a program or LibTorch may include, each answered by the stand-in.
constexpr const char *ShimNames[] = {"cuda_runtime.h",
                                     "cuda_runtime_api.h",
                                     "cuda.h",
                                     "driver_types.h",
                                     "vector_types.h",
                                     "builtin_types.h",
                                     "host_defines.h",
                                     "device_launch_parameters.h",
                                     "cuda_fp16.h",
                                     "cuda_bf16.h",
                                     "cuda_device_runtime_api.h",
                                     "cublas_v2.h",
                                     "cusparse.h",
                                     "cusolverDn.h",
                                     "cuda_occupancy.h",
                                     "vector_functions.h",
                                     "cooperative_groups.h",
                                     "cooperative_groups/reduce.h",
                                     "cooperative_groups/memcpy_async.h",
                                     "math_constants.h",
                                     "sm_32_intrinsics.h",
                                     "cuda_texture_types.h",
                                     "texture_fetch_functions.h",
                                     "surface_functions.h",
                                     "curand.h",
                                     "curand_kernel.h",
                                     "nvToolsExt.h",
                                     "nvtx3/nvToolsExt.h"};

// Thrust's public headers that a file may include for one algorithm. With nvcc, Thrust's
// CUDA back end includes its whole execution policy, and with it every algorithm: code
// that includes <thrust/count.h> calls thrust::remove_if and names thrust::device. The
// C++ back end that the stand-in parses Thrust with does not, so each of these is served
// as itself followed by all of them (hostsync_thrust_all.h).
constexpr const char *ThrustHeaders[] = {"execution_policy.h",
                                         "system_error.h",
                                         "device_vector.h",
                                         "host_vector.h",
                                         "copy.h",
                                         "count.h",
                                         "fill.h",
                                         "for_each.h",
                                         "gather.h",
                                         "scatter.h",
                                         "remove.h",
                                         "unique.h",
                                         "sequence.h",
                                         "sort.h",
                                         "transform.h",
                                         "reduce.h",
                                         "scan.h",
                                         "extrema.h",
                                         "binary_search.h",
                                         "merge.h",
                                         "partition.h",
                                         "set_operations.h",
                                         "adjacent_difference.h",
                                         "replace.h",
                                         "reverse.h",
                                         "tabulate.h",
                                         "inner_product.h",
                                         "logical.h",
                                         "mismatch.h",
                                         "equal.h",
                                         "find.h",
                                         "generate.h",
                                         "transform_reduce.h",
                                         "transform_scan.h"};

// <thrust/H> as served: the real header, then (outermost only: a Thrust header that
// includes another must not pull all of them in before its own declarations are done)
// every algorithm.
std::string thrustHeaderShadow(const std::string &H) {
  std::string Real = "#include_next <thrust/" + H + ">\n";
  return "#ifdef HOSTSYNC_THRUST_INSIDE\n" + Real + "#else\n#define HOSTSYNC_THRUST_INSIDE\n" +
         Real + "#include \"hostsync_thrust_all.h\"\n#undef HOSTSYNC_THRUST_INSIDE\n#endif\n";
}

// CUDA_VERSION from <dir>/include/cuda.h (e.g. 13000), 0 when unreadable.
int toolkitVersion(const std::string &Dir) {
  std::ifstream In(Dir + "/include/cuda.h");
  std::string Line;
  static const std::regex Def("^#define CUDA_VERSION ([0-9]+)");
  std::smatch M;
  while (std::getline(In, Line))
    if (std::regex_search(Line, M, Def))
      return std::atoi(M[1].str().c_str());
  return 0;
}
} // namespace

CudaSetup findCuda() {
  CudaSetup S;
  std::vector<std::string> Candidates;
  for (const char *Var : {"CUDA_HOME", "CUDA_PATH"})
    if (const char *V = std::getenv(Var); V && *V)
      Candidates.push_back(V);
  Candidates.push_back("/usr/local/cuda");
  Candidates.push_back("/usr/lib/cuda"); // Debian's nvidia-cuda-toolkit
  for (const std::string &Dir : Candidates) {
    if (!llvm::sys::fs::exists(Dir + "/include/cuda_runtime.h"))
      continue;
    S.FoundDir = Dir;
    int Version = toolkitVersion(Dir);
    std::string Name = Dir + " (CUDA " + std::to_string(Version / 1000) + "." +
                       std::to_string(Version % 1000 / 10) + ")";
    if (Version > 0 && Version <= compat::NewestCudaToolkit) {
      S.ToolkitDir = Dir;
      S.Description = "CUDA headers from " + Name;
      return S;
    }
    S.Description = "CUDA toolkit " + Name +
                    " is newer than this Clang reads; .cu files "
                    "parsed with hostsync's stand-in CUDA header";
    return S;
  }
  S.Description = "no CUDA toolkit found; .cu files parsed with hostsync's stand-in CUDA header";
  return S;
}

std::vector<std::string> CudaSetup::cudaFlags() const {
  std::vector<std::string> F = {"-xcuda", "--cuda-host-only", "-nocudalib",
                                "-Wno-unknown-cuda-version"};
  if (!ToolkitDir.empty()) {
    F.push_back("--cuda-path=" + ToolkitDir);
    // CUDA 13 moved CCCL (libcu++, CUB, Thrust) to include/cccl, which nvcc adds by itself
    // and Clang does not: cooperative_groups.h needs its <cuda/std/...> headers.
    if (llvm::sys::fs::is_directory(ToolkitDir + "/include/cccl"))
      F.insert(F.end(), {"-isystem", ToolkitDir + "/include/cccl"});
    return F;
  }
  // Thrust's CUDA back end needs the whole toolkit; its C++ back end declares the same
  // device_vector and algorithms, which is all a host-side parse needs.
  // __CUDACC__, as nvcc and Clang's own CUDA headers (which -nocudainc leaves out) define
  // it: code picks its CUDA half by it (`#ifdef __CUDACC__ #include "gpu/commands.h"`).
  F.insert(F.end(), {"-nocudainc", "-isystem", ShimDir, "-include", ShimHeader,
                     "-DTHRUST_DEVICE_SYSTEM=THRUST_DEVICE_SYSTEM_CPP", "-D__CUDACC__"});
  return F;
}

std::vector<std::string> CudaSetup::fallbackFlags() const { return {"-idirafter", ShimDir}; }

bool isCudaFile(llvm::StringRef Path) {
  llvm::StringRef Ext = llvm::sys::path::extension(Path);
  return Ext == ".cu" || Ext == ".cuh";
}

void addCudaShim(llvm::vfs::InMemoryFileSystem &FS) {
  std::string Dir = ShimDir;
  FS.addFile(Dir + "/" + ShimHeader, 0,
             llvm::MemoryBuffer::getMemBuffer(kCudaShimHeader, ShimHeader));
  for (const char *Name : ShimNames)
    FS.addFile(Dir + "/" + Name, 0,
               llvm::MemoryBuffer::getMemBufferCopy(
                   std::string("#include \"") + ShimHeader + "\"\n", Name));
  std::string All = "#pragma once\n";
  for (const char *H : ThrustHeaders)
    All += std::string("#include <thrust/") + H + ">\n";
  FS.addFile(Dir + "/hostsync_thrust_all.h", 0,
             llvm::MemoryBuffer::getMemBufferCopy(All, "hostsync_thrust_all.h"));
  for (const char *H : ThrustHeaders)
    FS.addFile(Dir + "/thrust/" + H, 0,
               llvm::MemoryBuffer::getMemBufferCopy(thrustHeaderShadow(H), H));
  // Generated when LibTorch is built, and missing from some packages of its headers
  // (Debian's libtorch-dev): every c10/cuda header includes it. It only sets export macros.
  FS.addFile(Dir + "/c10/cuda/impl/cuda_cmake_macros.h", 0,
             llvm::MemoryBuffer::getMemBuffer("#pragma once\n", "cuda_cmake_macros.h"));
}

} // namespace hostsync
