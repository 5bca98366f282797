/* bench_solvers.c -- `vccd bench solvers`: the root finders compared in
   one run, so that their ratios share the machine's state.

   Three workloads, a file each: the benchmark's sample queries
   (vertex-linear motions, exact ground truth) when a directory is given
   (bench_solvers_queries.c); random feature pairs under ltlrm rigid
   motions, built so that half of them touch at a known time t* and the
   other half become coplanar at t* without touching there
   (bench_solvers_pairs.c); and a sample of those pairs with the tail
   families in every rigorous arithmetic (bench_solvers_arith.c).  The
   touching half is a correctness check as well as a workload: an answer
   of none, or a first contact reported after t*, contradicts the
   construction and makes the command fail.  This file: the options, the
   CSV rows and the entry. */
#include <stdlib.h>
#include <string.h>

#include "bench_solvers.h"

/* --- CSV ---------------------------------------------------------------- */

static const char csv_header[] =
    "part,solver,arith,kind,half,n,none,certified,possible,fn,fp,limited,"
    "mean_us,median_us,max_us,boxes_mean,evals_mean,time_ratio_bisection,boxes_ratio_bisection\n";

double
bs_per_query(long total, long n)
{
    return n ? (double)total / (double)n : 0.0;
}

/* Ratio of mean time and of mean boxes per query, a over b. */
void
bs_ratios(double *time, double *boxes, const vccd_query_stats *a, const vccd_query_stats *b)
{
    double am, amed, amax, bm, bmed, bmax;
    vccd_query_stats_times(a, &am, &amed, &amax);
    vccd_query_stats_times(b, &bm, &bmed, &bmax);
    *time = bm > 0 ? am / bm : 0.0;
    *boxes = bs_per_query(b->boxes, b->queries) > 0
        ? bs_per_query(a->boxes, a->queries) / bs_per_query(b->boxes, b->queries) : 0.0;
}

/* Ratios are left empty when there is no baseline: a 0 would read as a
   measurement. */
void
bs_csv_row(FILE *csv, const char *part, const char *solver, const char *arith, const char *kind, const char *half,
        const vccd_query_stats *s, int with_fp, const vccd_query_stats *base)
{
    double mean, median, max, tr, br;
    if (!csv)
        return;
    vccd_query_stats_times(s, &mean, &median, &max);
    fprintf(csv, "%s,%s,%s,%s,%s,%ld,%ld,%ld,%ld,%ld,", part, solver, arith, kind, half, s->queries, s->none,
            s->certified, s->possible, s->fn);
    if (with_fp)
        fprintf(csv, "%ld", s->fp);
    fprintf(csv, ",%ld,%.4f,%.4f,%.4f,%.4f,%.4f,", s->limited, mean, median, max, bs_per_query(s->boxes, s->queries),
            bs_per_query(s->evals, s->queries));
    if (base && base->queries) {
        bs_ratios(&tr, &br, s, base);
        fprintf(csv, "%.4f,%.4f", tr, br);
    } else {
        fputc(',', csv);
    }
    fputc('\n', csv);
}


/* --- entry ---------------------------------------------------------------- */

/* argv holds the whole `bench` command line, "solvers" among it, so that
   the options shared with the other kinds may come before the kind. */
int
vccd_bench_solvers(int argc, char **argv)
{
    bs_opts o = { NULL, NULL, 10000, 1, 0, 128 };
    long dump = -1;
    const char *csv = NULL;
    double tl_ratio = 0.0;
    int rc, rc2, seen = 0;
    long n;

    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(opt, "solvers") == 0 && !seen) {
            seen = 1;
        } else if (strcmp(opt, "--quick") == 0) {
            o.quick = 1;
        } else if (strcmp(opt, "--dump-pair") == 0) {
            if (vccd_cli_parse_long(&dump, opt, val, 0, 100000000L) != 0)
                return VCCD_EXIT_USAGE;
            i++;
        } else if (strcmp(opt, "--csv") == 0 || strcmp(opt, "--queries") == 0 || strcmp(opt, "--pairs") == 0
                   || strcmp(opt, "--seed") == 0) {
            if (!val)
                return vccd_cli_usage_error("bench: option %s needs a value", opt);
            i++;
            if (opt[2] == 'c')
                csv = val;
            else if (opt[2] == 'q')
                o.qdir = val;
            else if (vccd_cli_parse_long(&n, opt, val, opt[2] == 'p' ? 1 : 0, opt[2] == 'p' ? 100000000L
                                         : 4294967295L) != 0)
                return VCCD_EXIT_USAGE;
            else if (opt[2] == 'p')
                o.pairs = n;
            else
                o.seed = (unsigned long)n;
        } else {
            return vccd_bench_bad_arg(opt);
        }
    }
    if (dump >= 0)
        return dump_pair(&o, dump);
    if (o.quick)
        o.pairs = o.pairs / 10 > 0 ? o.pairs / 10 : 1;
    if (csv) {
        if (!(o.csv = vccd_cli_open_output(csv)))
            return VCCD_EXIT_USAGE;
        fputs(csv_header, o.csv);
    }
    printf("vccd bench solvers: solvers");
    for (int j = 0; j < vccd_solver_type_count(); j++)
        printf(" %s", vccd_solver_type_get(j)->name);
    printf("; times in microseconds per query, of the solve alone.\n");
    rc = run_queries(&o, &tl_ratio);
    if (rc != VCCD_EXIT_USAGE) {
        rc2 = run_pairs(&o, tl_ratio);
        if (rc2 != VCCD_EXIT_OK && (rc == VCCD_EXIT_OK || rc2 == VCCD_EXIT_USAGE))
            rc = rc2;
    }
    if (rc != VCCD_EXIT_USAGE) {
        rc2 = run_by_arith(&o);
        if (rc2 != VCCD_EXIT_OK)
            rc = rc2;
    }
    if (rc != VCCD_EXIT_USAGE) {
        vccd_queries *qs = NULL;
        long nf = 0, nq = 0;
        rc2 = o.qdir ? bs_read_queries(&qs, &nf, &nq, o.qdir) : VCCD_EXIT_OK;
        if (rc2 == VCCD_EXIT_OK)
            rc2 = run_eps(&o, qs, nf);
        bs_free_queries(qs, nf);
        if (rc2 != VCCD_EXIT_OK)
            rc = rc2;
    }
    if (o.csv && vccd_cli_close_output(o.csv, csv) != 0) {
        if (rc == VCCD_EXIT_OK)
            rc = VCCD_EXIT_FAIL;
    }
    return rc;
}
