/* query_run.h -- solving every query of benchmark CSV files and tallying
   the outcome against the ground truth (vccd queries, vccd bench). */
#ifndef VCCD_QUERY_RUN_H
#define VCCD_QUERY_RUN_H

#include <stdio.h>

#include "vccd/queries.h"
#include "vccd/solver.h"

typedef struct {
    long queries, positives;
    long fn;                    /* truth 1, answered none */
    long fp;                    /* truth 0, answered certified or possible */
    long certified, possible, none;
    long limited;               /* stopped by max_boxes */
    long escalations;           /* adaptive re-runs */
    long boxes, evals;
    double *us;                 /* solve time per query, microseconds */
    long nus, capus;
} vccd_query_stats;

void vccd_query_stats_clear(vccd_query_stats *s);
/* Add b's counts and times to a. */
int vccd_query_stats_merge(vccd_query_stats *a, const vccd_query_stats *b);
/* Mean, median and max of the times (0 when there are none). */
void vccd_query_stats_times(const vccd_query_stats *s, double *mean, double *median, double *max);

/* Solve every query of qs with o, adding to st.  The false negatives are
   listed on log (FILE:LINE per query) when it is not NULL, and with
   verbose every query's answer.  0, or -1 with e set (out of memory). */
int vccd_query_run(vccd_query_stats *st, const vccd_queries *qs, const vccd_solve_opts *o, FILE *log,
                   int verbose, vccd_error *e);

#endif
