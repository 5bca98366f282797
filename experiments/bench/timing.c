/* timing.c -- the timing and reporting core of the `vccd bench` kinds
   (bench.h). */
#include <stdio.h>

#include "bench.h"
#include "cli.h"
#include "clock.h"

double
vccd_bench_ns_per_op(const vccd_bench_opts *o, void (*fn)(void *, long), void *arg, long n)
{
    double min_t = o->quick ? 0.002 : 0.02, best = 1e300, t0, t;
    long reps = 1;

    for (;;) {                  /* calibrate */
        t0 = vccd_clock_now();
        fn(arg, reps);
        t = vccd_clock_now() - t0;
        if (t >= min_t || reps > (1L << 40))
            break;
        reps *= t < min_t / 16 ? 8 : 2;
    }
    best = t;
    for (int trial = 0; trial < (o->quick ? 2 : 5); trial++) {
        t0 = vccd_clock_now();
        fn(arg, reps);
        t = vccd_clock_now() - t0;
        if (t < best)
            best = t;
    }
    return best * 1e9 / ((double)reps * (double)n);
}

void
vccd_bench_header(const vccd_bench_opts *o, const char *title, const char *baseline_name)
{
    (void)o;
    printf("\n%s\n", title);
    printf("%-22s %-12s %10s %14s %8s\n", "backend", "op", "ns/op", baseline_name, "ratio");
}

void
vccd_bench_row(const vccd_bench_opts *o, const char *section, const char *backend,
               const char *op, double ns, double baseline_ns)
{
    if (baseline_ns > 0)
        printf("%-22s %-12s %10.2f %14.2f %8.2f\n", backend, op, ns, baseline_ns, ns / baseline_ns);
    else
        printf("%-22s %-12s %10.2f %14s %8s\n", backend, op, ns, "-", "-");
    if (o->csv)
        fprintf(o->csv, "%s,%s,%s,%.4f,%.4f,%.4f\n", section, backend, op, ns,
                baseline_ns > 0 ? baseline_ns : 0.0, baseline_ns > 0 ? ns / baseline_ns : 0.0);
}

int
vccd_bench_bad_arg(const char *arg)
{
    if (arg[0] == '-')
        return vccd_cli_usage_error("bench: unknown option '%s' (see vccd help bench)", arg);
    return vccd_cli_usage_error("bench: unexpected argument '%s'", arg);
}
