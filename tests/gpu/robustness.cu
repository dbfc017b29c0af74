// Robustness of hostsync-trace: the program does real GPU work with a known stall (a 20 ms
// spin, then a blocking DtoH copy), then ends the way argv[1] says. The trace must be
// complete and valid (or absent with a message), and the exit status unchanged.
//   exit | abort | sigterm | segv | exit_thread | fork | segv_tracer
// segv_tracer (traced only): after 2.5 s, SIGSEGV to the tracer's own thread (named
// hostsync-fold), as a bug of the tracer's would send it: the program must die of it at
// once, with the trace.json of the last periodic write (HOSTSYNC_WRITE_S=1).
#include "gpu_check.cuh"

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fstream>
#include <string>
#include <sys/syscall.h>
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
  if (!std::strcmp(how, "segv_tracer")) {
    usleep(2500000);
    DIR *tasks = opendir("/proc/self/task");
    for (dirent *e; tasks && (e = readdir(tasks));) {
      std::string comm;
      std::getline(std::ifstream(std::string("/proc/self/task/") + e->d_name + "/comm"), comm);
      if (comm == "hostsync-fold")
        syscall(SYS_tgkill, getpid(), std::atoi(e->d_name), SIGSEGV);
    }
    usleep(30000000); // the signal ends the program long before this
    std::printf("no thread named hostsync-fold\n");
    return 1;
  }
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
