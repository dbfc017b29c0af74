// Robustness of hostsync-trace: the program does real GPU work with a known stall (a 20 ms
// spin, then a blocking DtoH copy), then ends the way argv[1] says. The trace must be
// complete and valid (or absent with a message), and the exit status unchanged.
//   exit | abort | sigterm | segv | exit_thread | fork
#include "gpu_check.cuh"

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

int main(int argc, char **argv) {
  const char *how = argc > 1 ? argv[1] : "exit";
  int khz = 0;
  cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, 0);
  float *dev = nullptr, value = 0;
  cudaMalloc(&dev, sizeof(float));
  for (int i = 0; i < 3; ++i) {
    spin<<<1, 1>>>(20LL * khz);
    cudaMemcpy(&value, dev, sizeof value, cudaMemcpyDeviceToHost);
  }
  std::printf("work done, ending by %s\n", how);
  std::fflush(stdout);
  if (!std::strcmp(how, "abort"))
    std::abort();
  if (!std::strcmp(how, "sigterm"))
    raise(SIGTERM);
  if (!std::strcmp(how, "segv"))
    *static_cast<volatile int *>(nullptr) = 1;
  if (!std::strcmp(how, "exit_thread"))
    std::thread([] { std::exit(3); }).join();
  if (!std::strcmp(how, "fork")) {
    pid_t child = fork();
    if (child == 0) { // a DataLoader-like worker: no CUDA, just exits
      std::printf("child %d exits\n", static_cast<int>(getpid()));
      std::exit(0);
    }
    int status = 0;
    waitpid(child, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
  }
  return 0;
}
