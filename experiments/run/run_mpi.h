/* run_mpi.h -- `mpirun -np N vccd run X.ini`: rank r runs the instances
   i = r mod N (the machinery of --shard r+1/N), then rank 0 gathers every
   rank's cells and alone writes the files -- the files one process
   writes, timings aside.  In a build without MPI, or when no MPI launcher
   started the process, there is one rank and nothing is sent. */
#ifndef VCCD_RUN_MPI_H
#define VCCD_RUN_MPI_H

#include "run.h"

typedef struct {
    int rank, size;
    int started;                /* MPI_Init was called */
} run_mpi;

/* m := this process's rank among size.  MPI is started only when the
   environment shows an MPI launcher (mpirun, mpiexec, srun with PMI or
   PMIx), so a plain `vccd run` of an MPI build needs no MPI runtime.
   0, or -1 with e set (MPI would not start). */
int run_mpi_begin(run_mpi *m, vccd_error *e);
void run_mpi_end(run_mpi *m);

/* Nonzero when ok is nonzero on every rank.  Collective: every rank
   calls it the same number of times, so that one rank's failure stops
   all of them instead of leaving the others waiting. */
int run_mpi_all(const run_mpi *m, int ok);

/* Rank 0's cells[b] := the cells of instance i computed by rank
   i mod size, for every benchmark b; other ranks only send.  The cells
   travel as bytes, so every rank must run the same vccd binary (as
   mpirun of one vccd does).  Collective.  0, or -1 with e set. */
int run_mpi_gather(const run_mpi *m, run_cell *const *cells, const run_experiment *x, vccd_error *e);

#endif
