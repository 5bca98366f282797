/* query_run.c -- the loop shared by `vccd queries` and `vccd bench
   solvers`: build each query's motion, solve, time the solve alone. */
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "query_run.h"
#include "vccd/grow.h"

void
vccd_query_stats_clear(vccd_query_stats *s)
{
    free(s->us);
    memset(s, 0, sizeof *s);
}

static int
add_time(vccd_query_stats *s, double us)
{
    if (vccd_grow((void **)&s->us, &s->capus, s->nus, sizeof *s->us) != 0)
        return -1;
    s->us[s->nus++] = us;
    return 0;
}

int
vccd_query_stats_merge(vccd_query_stats *a, const vccd_query_stats *b)
{
    a->queries += b->queries;
    a->positives += b->positives;
    a->fn += b->fn;
    a->fp += b->fp;
    a->certified += b->certified;
    a->possible += b->possible;
    a->none += b->none;
    a->limited += b->limited;
    a->escalations += b->escalations;
    a->boxes += b->boxes;
    a->evals += b->evals;
    for (long i = 0; i < b->nus; i++)
        if (add_time(a, b->us[i]) != 0)
            return -1;
    return 0;
}

static int
cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void
vccd_query_stats_times(const vccd_query_stats *s, double *mean, double *median, double *max)
{
    double sum = 0.0, *t;
    *mean = *median = *max = 0.0;
    if (s->nus == 0 || !(t = malloc((size_t)s->nus * sizeof *t)))
        return;
    memcpy(t, s->us, (size_t)s->nus * sizeof *t);
    qsort(t, (size_t)s->nus, sizeof *t, cmp_double);
    for (long i = 0; i < s->nus; i++)
        sum += t[i];
    *mean = sum / (double)s->nus;
    *median = s->nus % 2 ? t[s->nus / 2] : 0.5 * (t[s->nus / 2 - 1] + t[s->nus / 2]);
    *max = t[s->nus - 1];
    free(t);
}

/* Parameters at least as precise as the finest arithmetic the run uses,
   so that no MPFR run sees rounded inputs (the rationals are mostly
   dyadic and then exact anyway). */
static mpfr_prec_t
motion_prec(const vccd_solve_opts *o)
{
    mpfr_prec_t p = 320;
    if (o->arith.kind == VCCD_ARITH_MPFR && o->arith.prec > p)
        p = o->arith.prec;
    if (o->arith.kind == VCCD_ARITH_ADAPTIVE && o->max_precision > p)
        p = o->max_precision;
    return p;
}

int
vccd_query_run(vccd_query_stats *st, const vccd_queries *qs, const vccd_solve_opts *o, FILE *log, int verbose,
               vccd_error *e)
{
    mpfr_prec_t prec = motion_prec(o);
    for (long i = 0; i < qs->n; i++) {
        vccd_track tr[4];
        vccd_motion *m = vccd_queries_motion(qs, i, prec, tr, e);
        vccd_feature *f;
        vccd_toc r;
        double t0;
        int truth = qs->q[i].truth;

        if (!m)
            return -1;
        if (!(f = vccd_feature_new(qs->kind, tr, &o->arith))) {
            vccd_motion_free(m);
            return vccd_error_set(e, qs->file, qs->q[i].line, NULL, NULL, "out of memory");
        }
        t0 = vccd_clock_now();
        vccd_solve(&r, f, o);
        if (add_time(st, 1e6 * (vccd_clock_now() - t0)) != 0) {
            vccd_feature_free(f);
            vccd_motion_free(m);
            return vccd_error_set(e, qs->file, qs->q[i].line, NULL, NULL, "out of memory");
        }
        vccd_feature_free(f);
        vccd_motion_free(m);
        if (log && verbose)
            fprintf(log, "query %s:%d truth=%d %s [%.17g, %.17g] boxes=%ld evals=%ld prec=%ld%s\n", qs->file,
                    qs->q[i].line, truth, vccd_toc_status_name(r.status), r.lo, r.hi, r.boxes, r.evals,
                    (long)r.prec, r.limited ? " limited" : "");
        st->queries++;
        st->positives += truth;
        st->boxes += r.boxes;
        st->evals += r.evals;
        st->escalations += r.escalations;
        st->limited += r.limited;
        if (r.status == VCCD_TOC_NONE) {
            st->none++;
            if (truth) {
                st->fn++;
                if (log)
                    fprintf(log, "false negative: %s:%d\n", qs->file, qs->q[i].line);
            }
        } else {
            if (r.status == VCCD_TOC_CERTIFIED)
                st->certified++;
            else
                st->possible++;
            st->fp += !truth;
        }
    }
    return 0;
}
