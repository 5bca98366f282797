/* run_stats.h -- Appendix K's seven statistics of a sample. */
#ifndef VCCD_RUN_STATS_H
#define VCCD_RUN_STATS_H

enum { RUN_STAT_MIN, RUN_STAT_Q1, RUN_STAT_MEDIAN, RUN_STAT_Q3, RUN_STAT_MAX, RUN_STAT_MEAN, RUN_STAT_SD,
       RUN_NSTATS };

extern const char *const run_stat_names[RUN_NSTATS];

/* out := the statistics of v[0 .. n) (v is sorted in place); NaN when
   n = 0. */
void run_stats(double out[RUN_NSTATS], double *v, long n);

#endif
