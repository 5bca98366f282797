/* run.h -- `vccd run EXPERIMENT.ini`: an experiment is models, benchmarks
   (model pair x speed, thesis 7.3 frames from a seed) and systems (solver
   x BV x arithmetic x mode); every system meets every instance, and the
   results go to instances.csv, summary.csv, report.md and box plots. */
#ifndef VCCD_RUN_H
#define VCCD_RUN_H

#include "vccd/query.h"

#define RUN_MAX_MODELS 8
#define RUN_MAX_SYSTEMS 16
#define RUN_MAX_BENCH 64

/* vccd's modes, then FCL's conservative advancement as peers (fcl_ca.h;
   NON-RIGOROUS, only in builds with libfcl-dev). */
typedef enum { RUN_EXACT = 0, RUN_CAPOEIRA, RUN_STEP_BACK, RUN_FCL_CA, RUN_FCL_CA_RSS, RUN_FCL_CA_RSS_FAST } run_mode;
#define RUN_IS_FCL(m) ((m) >= RUN_FCL_CA)

typedef struct {
    char name[64];
    vccd_mesh m;
    vccd_bvh h;
    int loaded, built;
} run_model;

typedef struct {
    char name[64];
    run_mode mode;
    vccd_query_opts q;          /* bv, eps_d, solver, arithmetic, eps_t */
    long instances;             /* > 0: runs only the first `instances` of
                                   each benchmark (a peer too slow for all
                                   of them); 0: all */
} run_system;

typedef struct {
    int a, b;                   /* model indices */
    double dist;                /* 4 (low speed) or 512 (high) */
    const char *speed;
} run_bench;

/* The outcome of one system on one instance. */
typedef struct {
    vccd_query_result r;
    double ms;
    int have_dist;              /* gap measured at r.lo */
    vccd_distance_result d;
    int failed;                 /* the query reported an error */
    double v;                   /* |relative velocity| (r.have_pair) */
} run_cell;

typedef struct {
    char name[64];
    unsigned long seed;
    long instances;
    int leaf_size;
    char reference[4096];       /* thesis figures: a directory, or "" */
    run_model model[RUN_MAX_MODELS];
    int nmodels;
    run_system sys[RUN_MAX_SYSTEMS];
    int nsys;
    run_bench bench[RUN_MAX_BENCH];
    int nbench;
    long shard_k, shard_n;      /* this run does instances i = k mod n */
    char instances_file[4096];  /* [experiment] instances_file, resolved,
                                   or "": instances from the seed */
    double *inst;               /* its parameters, 22 per instance, of
                                   bench b instance i at (b * inst_count
                                   + i) * 22 (run_instances_read) */
    long inst_count;            /* instances per benchmark in the file
                                   (x->instances <= inst_count runs) */
} run_experiment;

/* The precision of the motions' parameters (bits). */
#define RUN_MOTION_PREC 320

/* Read path into x; overrides are "section.key=value" strings that
   replace or add keys (the section must exist).  Meshes are loaded and
   their BVHs built.  0, or -1 with e naming file, line and key (the
   command line for an override). */
int run_experiment_load(run_experiment *x, const char *path, char **overrides, int noverrides, vccd_error *e);
void run_experiment_clear(run_experiment *x);

/* The 2 x 11 motion parameters of instance i of bench b (start position
   and start / end orientation of each body; both end at the origin):
   the seed's frame, or the row of x->instances_file.  0, or -1 when
   there is no such instance. */
int run_instance_params(double p[22], const run_experiment *x, int b, long i);
uint64_t run_instance_seed(const run_experiment *x, long i);
/* The motions of parameters p (ltlrm from the start and end poses, both
   ending at the origin), at prec bits.  0, or -1 with e set (a
   quaternion far from unit length) and *a = *b = NULL. */
int run_instance_motions(vccd_motion **a, vccd_motion **b, const double p[22], mpfr_prec_t prec, vccd_error *e);
/* Read the instances of x's benchmarks from the CSV at path into x->inst
   and x->inst_count (run_instances.c; the columns: doc/experiments.md,
   "Instances from a file").  0, or -1 with e naming the file, line and
   column: an empty file, a missing column, a row of another length, a
   number that is not a finite double, a benchmark not in x, an instance
   given twice with other parameters, a benchmark without instances
   0 .. k-1 or with another k than the others. */
int run_instances_read(run_experiment *x, const char *path, vccd_error *e);

/* 1 when system s runs instance i (see run_system.instances). */
int run_cell_planned(const run_experiment *x, int s, long i);

/* Every system on every instance of bench b, instances spread over jobs
   threads; cells[i * nsys + s].  progress(done) after each instance
   (called from one thread at a time).  0, or -1 with e set. */
int run_bench_exec(run_cell *cells, run_experiment *x, int b, int jobs, void (*progress)(void *, long), void *arg,
                   vccd_error *e);

/* Read the shard (vccd run --shard K/N) in directory dir into cells[b],
   seen[b][i * nsys + s] marking what was read.  Its resolved.ini must
   equal experiment x's (run_identity_write) but for [shard] shard =
   K/N, and each row of its instances.csv must be of shard K/N, its
   instance, system and motion columns what x writes there.  0, or -1
   with e naming the file, line and field: the first key or column that
   differs (a shard of another experiment), a bad number, an instance
   given twice. */
int run_merge_read(run_cell *const *cells, unsigned char *const *seen, const run_experiment *x, const char *dir,
                   vccd_error *e);

/* Write instances.csv, resolved.ini (run_report.h), summary.csv,
   report.md and the plots into dir.
   cells[b] holds bench b's cells.  0, or -1 with e set. */
int run_report_write(const char *dir, const run_experiment *x, run_cell *const *cells, vccd_error *e);

#endif
