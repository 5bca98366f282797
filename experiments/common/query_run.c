/* query_run.c -- the loop shared by `vccd queries` and `vccd bench
   solvers`: build each query's motion, solve, time the solve alone. */
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "cli.h"
#include "query_run.h"
#include "vccd/grow.h"
#include "vccd/toc.h"

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

void
vccd_query_stats_times(const vccd_query_stats *s, double *mean, double *median, double *max)
{
    double sum = 0.0, *t;
    *mean = *median = *max = 0.0;
    if (s->nus == 0 || !(t = malloc((size_t)s->nus * sizeof *t)))
        return;
    memcpy(t, s->us, (size_t)s->nus * sizeof *t);
    qsort(t, (size_t)s->nus, sizeof *t, vccd_cli_cmp_double);
    for (long i = 0; i < s->nus; i++)
        sum += t[i];
    *mean = sum / (double)s->nus;
    *median = s->nus % 2 ? t[s->nus / 2] : 0.5 * (t[s->nus / 2 - 1] + t[s->nus / 2]);
    *max = t[s->nus - 1];
    free(t);
}

const char vccd_query_csv_header[] = "file,line,truth,status,lo,hi,us,boxes,escalations,evals,prec,limited\n";

/* Queries are parsed and solved in blocks of QR_BLOCK contexts: every
   query of a block is parsed (exact rationals through MPFR), then each is
   solved and timed.  Why: parsing between two solves evicted the
   solve's code from the instruction cache, and the time of each solve
   then measured those misses as much as the solve (measured: 300
   instruction-cache misses a query, about a third of its time); a
   simulator's narrow phase runs its solves back to back, and so do the
   benchmarks it is compared with (Tight-Inclusion's reads every query
   first). */
#define QR_BLOCK 32

static void
count(vccd_query_stats *st, const vccd_queries *qs, long i, const vccd_toc_answer *r, const vccd_toc_stats *rs,
      double us, FILE *log, int verbose, FILE *csv)
{
    char lo[VCCD_TIME_STR_MAX], hi[VCCD_TIME_STR_MAX];
    int truth = qs->q[i].truth;
    /* lo and hi with the digits of their precision, rounded outward
       (time.h): P-bit numbers when eps_t took time past binary64 */
    if (log && verbose)
        fprintf(log, "query %s:%d truth=%d %s [%s, %s] us=%.2f boxes=%ld escalations=%d evals=%ld "
                "prec=%ld%s\n", qs->file, qs->q[i].line, truth, vccd_toc_status_name(r->status),
                vccd_cli_toc_end(lo, r, 0, 0), vccd_cli_toc_end(hi, r, 1, 0), us, rs->solver_boxes,
                (int)rs->escalations, rs->evals, (long)rs->prec, r->limited ? " limited" : "");
    if (csv)
        fprintf(csv, "%s,%d,%d,%s,%s,%s,%.3f,%ld,%d,%ld,%ld,%d\n", qs->file, qs->q[i].line, truth,
                vccd_toc_status_name(r->status), vccd_cli_toc_end(lo, r, 0, 0), vccd_cli_toc_end(hi, r, 1, 0),
                us, rs->solver_boxes, (int)rs->escalations, rs->evals, (long)rs->prec, r->limited);
    st->queries++;
    st->positives += truth;
    st->boxes += rs->solver_boxes;
    st->evals += rs->evals;
    st->escalations += rs->escalations;
    st->limited += r->limited;
    if (r->status == VCCD_TOC_NONE) {
        st->none++;
        if (truth) {
            st->fn++;
            if (log)
                fprintf(log, "false negative: %s:%d\n", qs->file, qs->q[i].line);
        }
    } else {
        if (r->status == VCCD_TOC_CERTIFIED)
            st->certified++;
        else
            st->possible++;
        st->fp += !truth;
    }
}

int
vccd_query_run(vccd_query_stats *st, const vccd_queries *qs, const vccd_solve_opts *o, FILE *log, int verbose,
               FILE *csv, vccd_error *e)
{
    /* the library's linear-query context, as vccd_toc_linear_batch: one
       motion and one feature per query of a block; the solve alone is
       timed */
    vccd_toc_linear_ctx *c[QR_BLOCK] = { 0 };
    vccd_toc_answer r[QR_BLOCK];
    vccd_toc_stats rs[QR_BLOCK];
    double us[QR_BLOCK];
    int rc = 0;
    if (!qs->has_truth)
        return vccd_error_set(e, qs->file, 0, NULL, NULL,
                              "no ground truth: the rows have 6 fields, not 7 (the last the truth, 0 or 1)");
    for (int j = 0; j < QR_BLOCK; j++)
        if (!(c[j] = vccd_toc_linear_ctx_new(qs->kind, o, e))) {
            rc = -1;
            goto out;
        }
    for (long i0 = 0; i0 < qs->n; i0 += QR_BLOCK) {
        int nb = qs->n - i0 < QR_BLOCK ? (int)(qs->n - i0) : QR_BLOCK;
        for (int j = 0; j < nb; j++)
            if (vccd_toc_linear_ctx_set_str(c[j], &qs->q[i0 + j].coord[0][0], e) != 0) {
                char msg[sizeof e->msg];
                memcpy(msg, e->msg, sizeof msg);
                rc = vccd_error_set(e, qs->file, qs->q[i0 + j].line, NULL, NULL, "%s", msg);
                goto out;
            }
        for (int j = 0; j < nb; j++) {
            double t0 = vccd_clock_now();
            vccd_toc_linear_ctx_solve(&r[j], &rs[j], c[j], e);
            us[j] = 1e6 * (vccd_clock_now() - t0);
        }
        for (int j = 0; j < nb; j++) {
            if (add_time(st, us[j]) != 0) {
                rc = vccd_error_set(e, qs->file, qs->q[i0 + j].line, NULL, NULL, "out of memory");
                goto out;
            }
            count(st, qs, i0 + j, &r[j], &rs[j], us[j], log, verbose, csv);
        }
    }
out:
    for (int j = 0; j < QR_BLOCK; j++)
        vccd_toc_linear_ctx_free(c[j]);
    return rc;
}
