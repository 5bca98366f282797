/* run_report.h -- what the report files share: the statistics of one
   system over a set of benchmarks. */
#ifndef VCCD_RUN_REPORT_H
#define VCCD_RUN_REPORT_H

#include <stdio.h>

#include "run.h"
#include "run_stats.h"

enum { RUN_M_TIME, RUN_M_GAP, RUN_M_V, RUN_M_VN, RUN_M_TOC, RUN_NMETRICS };

typedef struct {
    double st[RUN_NMETRICS][RUN_NSTATS];  /* time_ms, gap, v, v.n, toc */
    long n, contacts, certified, touching, crossing, failed;
} run_group;

void run_group_init(run_group *g);
/* g := the statistics of system s over benchmarks [b0, b1), over the
   instances below cap that s runs (x->instances: all).  0, or -1 out of
   memory. */
int run_group_compute(run_group *g, const run_experiment *x, run_cell *const *cells, int s, int b0, int b1,
                      long cap);

const char *run_mode_name(run_mode m);

/* The columns of an instances.csv row before the answer (which instance
   of which benchmark, which system, the motion parameters), and that
   part of row (b, i, s) into out (n bytes) as vccd run writes it, p
   being run_instance_params(b, i): 0, or -1 when it does not fit.
   vccd merge compares a shard's rows with it. */
extern const char *const run_row_identity_header;
int run_row_identity(char *out, size_t n, const run_experiment *x, int b, long i, int s, const double p[22]);

/* resolved.ini: the experiment as run, after its overrides, with every
   default filled in (the vccd version; per used model its vertex and
   triangle counts, normalisation and a digest of its geometry; per
   system every query option), and with shard != 0 a [shard] section
   "shard = K/N".  vccd merge refuses a shard whose file differs from
   its experiment's in any other key.  0, or -1 on a write error. */
int run_identity_write(FILE *f, const run_experiment *x, int shard);

/* report.md into f (plots written beside it, into dir).  0, or -1 with
   e set. */
int run_report_markdown(FILE *f, const char *dir, const run_experiment *x, run_cell *const *cells, vccd_error *e);

/* Box plots of time and gap per speed, PNG by gnuplot, into dir; the
   names of the written files in names (NULL-terminated, static).  0, or
   -1 when gnuplot is missing or fails (the report then says so). */
int run_plot_write(const char *dir, const run_experiment *x, run_cell *const *cells, const char **names, int max);

#endif
