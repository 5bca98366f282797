/* bench_solvers_eps.c -- `vccd bench solvers`, part 4: the time to reach
   eps_t past binary64 (issue 29; doc/solvers.md, "Time past binary64").

   eps_t = 1e-10, 1e-30 and 1e-60 at mpfr:128, mpfr:256 and adaptive, on
   the positive sample queries (exact rationals) and on random touching
   ltlrm pairs.  Checked as well as timed: a certified answer wider than
   eps_t (exactly), or one that is not certified where the construction
   says the pair touches, is printed; the first makes the command fail.
   An eps_t finer than the arithmetic resolves is refused by
   vccd_solve_opts_check, and its row says so. */
#include <stdlib.h>
#include <string.h>

#include "bench_solvers.h"

#define NEA 3
#define NEPS 3
static const char *const eps_arith[NEA] = { "mpfr:128", "mpfr:256", "adaptive" };
static const double eps_list[NEPS] = { 1e-10, 1e-30, 1e-60 };

/* 1 when r is certified but wider than eps_t, exactly. */
static int
too_wide(const vccd_toc_answer *a, double eps_t)
{
    return a->status == VCCD_TOC_CERTIFIED
           && !vccd_time_diff_le(&a->hi_exact, a->hi, &a->lo_exact, a->lo, eps_t);
}

static void
print_row(const char *what, const char *arith, double eps_t, const vccd_query_stats *s, long wide)
{
    double mean, median, max;
    vccd_query_stats_times(s, &mean, &median, &max);
    printf("%-10s %-9s %-6g %6ld %9ld %8ld %5ld %5ld %10.1f %10.1f %10.1f\n", what, arith, eps_t, s->queries,
           s->certified, s->possible, s->none, wide, mean, median, max);
}

/* The positive queries of the sample, each solved to eps_t. */
static int
eps_queries(vccd_query_stats *s, long *wide, const vccd_queries *qs, long nf, const vccd_solve_opts *so)
{
    for (long f = 0; f < nf; f++) {
        vccd_error e;
        vccd_toc_linear_ctx *c = vccd_toc_linear_ctx_new(qs[f].kind, so, &e);
        if (!c)
            return vccd_cli_usage_error("%s", e.msg);
        for (long i = 0; i < qs[f].n; i++) {
            vccd_toc_answer a;
            vccd_toc_stats st;
            vccd_toc r;
            double t0;
            if (!qs[f].q[i].truth)
                continue;
            if (vccd_toc_linear_ctx_set_str(c, &qs[f].q[i].coord[0][0], &e) != 0) {
                vccd_toc_linear_ctx_free(c);
                return vccd_cli_usage_error("%s:%d: %s", qs[f].file, qs[f].q[i].line, e.msg);
            }
            t0 = vccd_clock_now();
            if (vccd_toc_linear_ctx_solve(&a, &st, c, &e) != 0) {
                vccd_toc_linear_ctx_free(c);
                return vccd_cli_usage_error("%s:%d: %s", qs[f].file, qs[f].q[i].line, e.msg);
            }
            memset(&r, 0, sizeof r);
            r.status = a.status;
            r.limited = a.limited;
            r.boxes = st.solver_boxes;
            r.evals = st.evals;
            if (bs_add_us(s, &r, 1e6 * (vccd_clock_now() - t0)) != 0) {
                vccd_toc_linear_ctx_free(c);
                return vccd_cli_usage_error("out of memory");
            }
            if (too_wide(&a, so->eps_t) && ++*wide <= MAX_BUG_LINES)
                printf("BUG: %s:%d certified wider than eps_t %g\n", qs[f].file, qs[f].q[i].line, so->eps_t);
        }
        vccd_toc_linear_ctx_free(c);
    }
    return VCCD_EXIT_OK;
}

/* n random touching pairs (the even ones of the touching half), each
   solved to eps_t. */
static int
eps_pairs(vccd_query_stats *s, long *wide, const bs_opts *o, long n, const vccd_solve_opts *so)
{
    for (long k = 0, idx = 0; k < n; idx++) {
        bench_pair bp;
        vccd_feature *f;
        vccd_toc r;
        vccd_error e;
        double t0;
        if (bs_build_pair(&bp, o, idx, FAMILY_RANDOM, &e) != 0) {
            bs_free_pair(&bp);
            return vccd_cli_usage_error("bench solvers: pair %ld: %s", idx, e.msg);
        }
        if (bp.half != HALF_TOUCH) {
            bs_free_pair(&bp);
            continue;
        }
        if (!(f = vccd_feature_new(bp.kind, bp.tr, &so->arith))) {
            bs_free_pair(&bp);
            return vccd_cli_usage_error("out of memory");
        }
        t0 = vccd_clock_now();
        vccd_solve(&r, f, so);
        if (bs_add_us(s, &r, 1e6 * (vccd_clock_now() - t0)) != 0) {
            vccd_feature_free(f);
            bs_free_pair(&bp);
            return vccd_cli_usage_error("out of memory");
        }
        if (r.status == VCCD_TOC_CERTIFIED
            && !vccd_time_diff_le(&r.hi_exact, r.hi, &r.lo_exact, r.lo, so->eps_t) && ++*wide <= MAX_BUG_LINES)
            printf("BUG: pair %ld certified wider than eps_t %g\n", idx, so->eps_t);
        vccd_feature_free(f);
        bs_free_pair(&bp);
        k++;
    }
    return VCCD_EXIT_OK;
}

int
run_eps(const bs_opts *o0, const vccd_queries *qs, long nf)
{
    /* the pairs' motions carry 512 bits, past every precision below
       (adaptive starts at 231 for 1e-60): at 128 they would hold time
       to about 1e-39 whatever the arithmetic */
    bs_opts copy = *o0, *o = &copy;
    copy.motion_prec = 512;
    long n = o->pairs / 10 > 1000 ? 1000 : o->pairs / 10 > 10 ? o->pairs / 10 : 10, bad = 0;
    int rc = VCCD_EXIT_OK;
    printf("\n== time to eps_t past binary64 (taylor-lagrange search, Newton refinement on P-bit time) ==\n"
           "positives: the sample queries that touch (%s); pairs: %ld random touching ltlrm pairs.\n"
           "wide: certified answers wider than eps_t (must be 0).  Times in microseconds.\n",
           nf ? "all" : "none given", n);
    printf("%-10s %-9s %-6s %6s %9s %8s %5s %5s %10s %10s %10s\n", "workload", "arith", "eps_t", "n", "certified",
           "possible", "none", "wide", "mean", "median", "max");
    for (int a = 0; a < NEA; a++)
        for (int k = 0; k < NEPS; k++) {
            vccd_solve_opts so;
            vccd_error e;
            vccd_solve_opts_init(&so);
            vccd_arith_parse(&so.arith, eps_arith[a]);
            so.eps_t = eps_list[k];
            if (vccd_solve_opts_check(&so, "bench solvers", &e) != 0) {
                printf("%-10s %-9s %-6g refused: below the smallest eps_t %g\n", "both", eps_arith[a],
                       eps_list[k], vccd_solve_eps_t_min(&so));
                continue;
            }
            for (int w = 0; w < 2 && rc == VCCD_EXIT_OK; w++) {
                vccd_query_stats s;
                long wide = 0;
                memset(&s, 0, sizeof s);
                if (w == 0 && !nf) {
                    vccd_query_stats_clear(&s);
                    continue;
                }
                rc = w == 0 ? eps_queries(&s, &wide, qs, nf, &so) : eps_pairs(&s, &wide, o, n, &so);
                if (rc == VCCD_EXIT_OK)
                    print_row(w == 0 ? "positives" : "pairs", eps_arith[a], eps_list[k], &s, wide);
                bad += wide;
                vccd_query_stats_clear(&s);
            }
        }
    if (rc == VCCD_EXIT_OK && bad)
        rc = vccd_cli_usage_error("bench solvers: %ld certified answers wider than eps_t", bad);
    return rc;
}
