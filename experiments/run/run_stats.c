/* run_stats.c -- the seven statistics of the thesis' Appendix K tables
   (min, lower quartile, median, upper quartile, max, mean, standard
   deviation) of a sample.  The thesis does not say how it took
   quartiles; this takes them by linear interpolation between order
   statistics (R's type 7), and the sample standard deviation (n - 1). */
#include <math.h>
#include <stdlib.h>

#include "run_stats.h"

const char *const run_stat_names[RUN_NSTATS] = { "min", "lower_quartile", "median", "upper_quartile",
                                                 "max", "mean", "sd" };

static int
cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double
quantile(const double *v, long n, double q)
{
    double h = q * (double)(n - 1);
    long k = (long)floor(h);
    if (k + 1 >= n)
        return v[n - 1];
    return v[k] + (h - (double)k) * (v[k + 1] - v[k]);
}

void
run_stats(double out[RUN_NSTATS], double *v, long n)
{
    double mean = 0.0, ss = 0.0;
    if (n == 0) {
        for (int i = 0; i < RUN_NSTATS; i++)
            out[i] = NAN;
        return;
    }
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    for (long i = 0; i < n; i++)
        mean += v[i];
    mean /= (double)n;
    for (long i = 0; i < n; i++)
        ss += (v[i] - mean) * (v[i] - mean);
    out[0] = v[0];
    out[1] = quantile(v, n, 0.25);
    out[2] = quantile(v, n, 0.5);
    out[3] = quantile(v, n, 0.75);
    out[4] = v[n - 1];
    out[5] = mean;
    out[6] = n > 1 ? sqrt(ss / (double)(n - 1)) : 0.0;
}
