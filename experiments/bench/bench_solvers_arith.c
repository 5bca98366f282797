/* bench_solvers_arith.c -- `vccd bench solvers`, part 3: every solver in
   every rigorous arithmetic on a sample of the random pairs and on the
   tail families (grazing, boundary, t* = 0 or 1). */
#include <stdlib.h>

#include "bench_solvers.h"

/* --- part 3: every arithmetic, and the tail families -------------------- */

#define NPA 3
static const char *const pair_arith[NPA] = { "binary64", "mpfr:113", "adaptive" };

/* Every solver in every rigorous arithmetic on a sample of the random
   pairs (every hundredth) and on as many pairs of each tail family: the
   slowest pair of each row is what the work budget must bound. */
int
run_by_arith(const bs_opts *o)
{
    int ns = vccd_solver_type_count(), rc = VCCD_EXIT_OK;
    long n = o->pairs / 100 > 4 ? o->pairs / 100 : 4;
    vccd_query_stats (*st)[NPA][MAX_SOLVERS] = calloc(NFAMILY, sizeof *st);
    double t_start = vccd_clock_now();

    if (!st)
        return vccd_cli_usage_error("out of memory");
    if (ns > MAX_SOLVERS)
        ns = MAX_SOLVERS;
    printf("\n== rotating pairs by arithmetic: %ld random (every 100th) and %ld of each other family ==\n"
           "grazing: touching at t* with the relative velocity along the contact plane; boundary: the\n"
           "vertex on an edge or corner of the face, an edge's end on the other edge; t=0,1: touching at\n"
           "t* = 0 or 1.  Timed, not checked (the rounding of the construction may turn a touch into a\n"
           "near miss).  limited: stopped by the work budget (max_boxes %ld, max_work %ld).\n", n, n,
           100000L, (long)VCCD_SOLVE_MAX_WORK);
    for (int fam = 0; fam < NFAMILY; fam++)
        for (long k = 0; k < n; k++) {
            long idx = fam == FAMILY_RANDOM ? 100 * k : k;
            bench_pair bp;
            vccd_feature *f = NULL;
            vccd_solve_opts so;
            vccd_error e;
            if (bs_build_pair(&bp, o, idx, fam, &e) != 0) {
                bs_free_pair(&bp);
                rc = vccd_cli_usage_error("bench solvers: %s pair %ld: %s", bs_family_name[fam], idx, e.msg);
                goto out;
            }
            vccd_solve_opts_init(&so);
            if (!(f = vccd_feature_new(bp.kind, bp.tr, &so.arith))) {
                bs_free_pair(&bp);
                rc = vccd_cli_usage_error("out of memory");
                goto out;
            }
            for (int a = 0; a < NPA; a++)
                for (int j = 0; j < ns; j++) {
                    vccd_toc r;
                    double t0;
                    vccd_arith_parse(&so.arith, pair_arith[a]);
                    so.solver = vccd_solver_type_get(j);
                    t0 = vccd_clock_now();
                    vccd_solve(&r, f, &so);
                    if (bs_add_us(&st[fam][a][j], &r, 1e6 * (vccd_clock_now() - t0)) != 0) {
                        vccd_feature_free(f);
                        bs_free_pair(&bp);
                        rc = vccd_cli_usage_error("out of memory");
                        goto out;
                    }
                }
            vccd_feature_free(f);
            bs_free_pair(&bp);
        }
    printf("%-9s %-16s %-9s %6s %9s %9s %10s %8s %6s %6s %6s %7s\n", "family", "solver", "arith", "pairs", "mean_us",
           "median_us", "max_us", "boxes/q", "none", "cert", "poss", "limited");
    for (int fam = 0; fam < NFAMILY; fam++)
        for (int a = 0; a < NPA; a++)
            for (int j = 0; j < ns; j++) {
                const vccd_query_stats *q = &st[fam][a][j];
                double mean, median, max;
                vccd_query_stats_times(q, &mean, &median, &max);
                printf("%-9s %-16s %-9s %6ld %9.2f %9.2f %10.1f %8.1f %6ld %6ld %6ld %7ld\n", bs_family_name[fam],
                       vccd_solver_type_get(j)->name, pair_arith[a], q->queries, mean, median, max,
                       bs_per_query(q->boxes, q->queries), q->none, q->certified, q->possible, q->limited);
                bs_csv_row(o->csv, fam == FAMILY_RANDOM ? "pairs-sample" : "pairs-tail", vccd_solver_type_get(j)->name,
                        pair_arith[a], bs_family_name[fam], "all", q, 0, NULL);
            }
    printf("(%.1f s for this part)\n", vccd_clock_now() - t_start);
out:
    for (int fam = 0; fam < NFAMILY; fam++)
        for (int a = 0; a < NPA; a++)
            for (int j = 0; j < MAX_SOLVERS; j++)
                vccd_query_stats_clear(&st[fam][a][j]);
    free(st);
    return rc;
}
