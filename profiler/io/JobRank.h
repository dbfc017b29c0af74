// Where a process stands in a distributed job, as its launcher tells it through the
// environment: torchrun (RANK, LOCAL_RANK, WORLD_SIZE), Open MPI's mpirun
// (OMPI_COMM_WORLD_*), MPICH and Intel MPI (PMI_RANK, PMI_SIZE, MPI_LOCALRANKID) and
// Slurm's srun (SLURM_PROCID, SLURM_LOCALID, SLURM_NTASKS). The first launcher whose rank
// is set wins: torchrun started by srun names the rank torch.distributed uses.
#pragma once

#include <functional>
#include <string>

namespace hostsync::trace {

struct JobRank {
  std::string rank, local_rank, world_size; // "" where the launcher does not say
  std::string launcher;                     // torchrun, mpirun, mpich, slurm, or ""
};

// env: the value of a variable, "" when unset.
JobRank jobRankFrom(const std::function<std::string(const char *)> &env);

} // namespace hostsync::trace
