/* run_mpi.c -- the ranks of `mpirun -np N vccd run` (run_mpi.h).  Each
   instance's row of cells is one message, sent in the order rank 0
   reads them (benchmark, then instance), so no message waits on another
   and none is larger than 16 systems' cells. */
#include <stdlib.h>

#include "config.h"
#include "run_mpi.h"
#ifdef HAVE_MPI
#include <mpi.h>
#endif

int
run_mpi_begin(run_mpi *m, vccd_error *e)
{
    m->rank = 0;
    m->size = 1;
    m->started = 0;
#ifdef HAVE_MPI
    /* Open MPI, MPICH's Hydra / Slurm's PMI, and PMIx launchers */
    if (getenv("OMPI_COMM_WORLD_SIZE") || getenv("PMI_SIZE") || getenv("PMIX_RANK")) {
        int provided;
        /* OpenMP threads run the instances; only this thread calls MPI */
        if (MPI_Init_thread(NULL, NULL, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS)
            return vccd_error_set(e, NULL, 0, NULL, NULL, "MPI_Init_thread failed");
        m->started = 1;
        MPI_Comm_rank(MPI_COMM_WORLD, &m->rank);
        MPI_Comm_size(MPI_COMM_WORLD, &m->size);
    }
#else
    (void)e;
#endif
    return 0;
}

void
run_mpi_end(run_mpi *m)
{
#ifdef HAVE_MPI
    if (m->started)
        MPI_Finalize();
#endif
    m->started = 0;
}

int
run_mpi_all(const run_mpi *m, int ok)
{
#ifdef HAVE_MPI
    if (m->started) {
        int mine = ok != 0, all = 0;
        if (MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD) != MPI_SUCCESS)
            return 0;
        return all;
    }
#else
    (void)m;
#endif
    return ok != 0;
}

int
run_mpi_gather(const run_mpi *m, run_cell *const *cells, const run_experiment *x, vccd_error *e)
{
#ifdef HAVE_MPI
    int row = (int)(x->nsys * (long)sizeof(run_cell));
    if (!m->started || m->size == 1)
        return 0;
    for (int b = 0; b < x->nbench; b++)
        for (long i = 0; i < x->instances; i++) {
            int from = (int)(i % m->size), rc = MPI_SUCCESS;
            void *buf = cells[b] + i * x->nsys;
            if (m->rank == 0 && from != 0)
                rc = MPI_Recv(buf, row, MPI_BYTE, from, b, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            else if (m->rank != 0 && from == m->rank)
                rc = MPI_Send(buf, row, MPI_BYTE, 0, b, MPI_COMM_WORLD);
            if (rc != MPI_SUCCESS)
                return vccd_error_set(e, NULL, 0, NULL, NULL, "MPI: benchmark %d instance %ld not gathered",
                                      b + 1, i);
        }
#else
    (void)m, (void)cells, (void)x, (void)e;
#endif
    return 0;
}
