/* cmd_bench.c -- `vccd bench KIND`: option parsing and the timing core. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "cli.h"

double
vccd_bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

double
vccd_bench_ns_per_op(const vccd_bench_opts *o, void (*fn)(void *, long), void *arg, long n)
{
    double min_t = o->quick ? 0.002 : 0.02, best = 1e300, t0, t;
    long reps = 1;

    for (;;) {                  /* calibrate */
        t0 = vccd_bench_now();
        fn(arg, reps);
        t = vccd_bench_now() - t0;
        if (t >= min_t || reps > (1L << 40))
            break;
        reps *= t < min_t / 16 ? 8 : 2;
    }
    best = t;
    for (int trial = 0; trial < (o->quick ? 2 : 5); trial++) {
        t0 = vccd_bench_now();
        fn(arg, reps);
        t = vccd_bench_now() - t0;
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

int
vccd_cmd_bench(int argc, char **argv)
{
    vccd_bench_opts o = { NULL, 0 };
    const char *kind = NULL, *csv = NULL;
    int rc;

    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--csv") == 0) {
            if (++i >= argc)
                return vccd_cli_usage_error("bench: option --csv needs a file name");
            csv = argv[i];
        } else if (strcmp(argv[i], "--quick") == 0) {
            o.quick = 1;
        } else if (strcmp(argv[i], "solvers") == 0 && !kind) {
            return vccd_bench_solvers(argc, argv);      /* parses its own options */
        } else if (strcmp(argv[i], "mesh") == 0 && !kind) {
            return vccd_bench_mesh(argc, argv);         /* likewise */
        } else if (strcmp(argv[i], "toc") == 0 && !kind) {
            return vccd_bench_toc(argc, argv);          /* likewise */
        } else if (argv[i][0] == '-') {
            return vccd_cli_usage_error("bench: unknown option '%s' (see vccd help bench)", argv[i]);
        } else if (kind) {
            return vccd_cli_usage_error("bench: unexpected argument '%s'", argv[i]);
        } else {
            kind = argv[i];
        }
    }
    if (!kind)
        return vccd_cli_usage_error("bench: which benchmark? (vccd bench arith | solvers | mesh | toc)");
    if (strcmp(kind, "arith") != 0)
        return vccd_cli_usage_error("bench: unknown benchmark '%s' (known: arith, solvers, mesh, toc)", kind);
    if (csv) {
        if (!(o.csv = vccd_cli_open_output(csv)))
            return VCCD_EXIT_USAGE;
        fputs("section,backend,op,ns_per_op,baseline_ns_per_op,ratio\n", o.csv);
    }
    rc = vccd_bench_arith(&o);
    if (o.csv && vccd_cli_close_output(o.csv, csv) != 0) {
        rc = VCCD_EXIT_FAIL;
    }
    return rc;
}
