#include "io/JobRank.h"

namespace hostsync::trace {

JobRank jobRankFrom(const std::function<std::string(const char *)> &env) {
  struct Launcher {
    const char *name, *rank, *local_rank, *world_size;
  };
  static const Launcher launchers[] = {
      {"torchrun", "RANK", "LOCAL_RANK", "WORLD_SIZE"},
      {"mpirun", "OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_LOCAL_RANK", "OMPI_COMM_WORLD_SIZE"},
      {"mpich", "PMI_RANK", "MPI_LOCALRANKID", "PMI_SIZE"},
      {"slurm", "SLURM_PROCID", "SLURM_LOCALID", "SLURM_NTASKS"}};
  for (const Launcher &l : launchers)
    if (std::string rank = env(l.rank); !rank.empty())
      return {rank, env(l.local_rank), env(l.world_size), l.name};
  // A program that sets only LOCAL_RANK (one node, its own launcher): the rank it knows.
  if (std::string local = env("LOCAL_RANK"); !local.empty())
    return {local, local, env("WORLD_SIZE"), ""};
  return {};
}

} // namespace hostsync::trace
