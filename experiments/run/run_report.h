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

/* report.md into f (plots written beside it, into dir).  0, or -1 with
   e set. */
int run_report_markdown(FILE *f, const char *dir, const run_experiment *x, run_cell *const *cells, vccd_error *e);

/* Box plots of time and gap per speed, PNG by gnuplot, into dir; the
   names of the written files in names (NULL-terminated, static).  0, or
   -1 when gnuplot is missing or fails (the report then says so). */
int run_plot_write(const char *dir, const run_experiment *x, run_cell *const *cells, const char **names, int max);

#endif
