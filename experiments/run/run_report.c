/* run_report.c -- the files of `vccd run --out DIR`:
   instances.csv  one row per instance x system, motions round-trip exact;
   summary.csv    Appendix K's layout: per benchmark (and "all") x system,
                  the seven statistics of time, gap, v, v.n and TOC;
   report.md      the same as tables, penetration counts, the thesis'
                  "X is k times faster / more accurate" remarks computed
                  as the thesis did (max times, mean times, max gaps), the
                  thesis' own figures beside them when [experiment]
                  reference names its Appendix K CSV, and the verdict
                  table over all instances (Tables 61-63).
   The gap is the rigorous distance lower bound at the reported time;
   "penetrates or touches" is the thesis' count: a gap lower bound of 0
   (touching within rounding, or certified crossing). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "run.h"
#include "run_report.h"
#include "run_stats.h"

enum { M_TIME = RUN_M_TIME, M_GAP = RUN_M_GAP, M_V = RUN_M_V, M_VN = RUN_M_VN, M_TOC = RUN_M_TOC, NMETRICS = RUN_NMETRICS };

/* The metric m of a cell, or NaN when it has none (no contact: no gap,
   TOC, v; capoeira: no feature pair, so no v or v.n). */
static double
metric(const run_cell *c, int m)
{
    if (c->failed)
        return NAN;
    switch (m) {
    case M_TIME:
        return c->ms;
    case M_GAP:
        return c->have_dist ? c->d.lower : NAN;
    case M_V:
        return c->r.have_pair ? c->v : NAN;
    case M_VN:
        return c->r.have_pair ? c->r.vn : NAN;
    default:
        return c->r.status != VCCD_TOC_NONE ? c->r.lo : NAN;
    }
}

void
run_group_init(run_group *g)
{
    memset(g, 0, sizeof *g);
}

/* Statistics of system s over benches [b0, b1), instances below cap that
   s runs. */
int
run_group_compute(run_group *g, const run_experiment *x, run_cell *const *cells, int s, int b0, int b1, long cap)
{
    long n = (long)(b1 - b0) * x->instances;
    double *v = malloc((size_t)(n ? n : 1) * sizeof *v);
    if (!v)
        return -1;
    run_group_init(g);
    for (int m = 0; m < NMETRICS; m++) {
        long k = 0;
        for (int b = b0; b < b1; b++)
            for (long i = 0; i < x->instances && i < cap; i++) {
                if (!run_cell_planned(x, s, i))
                    continue;
                double y = metric(&cells[b][i * x->nsys + s], m);
                if (!isnan(y))
                    v[k++] = y;
            }
        run_stats(g->st[m], v, k);
    }
    free(v);
    for (int b = b0; b < b1; b++)
        for (long i = 0; i < x->instances && i < cap; i++) {
            const run_cell *c = &cells[b][i * x->nsys + s];
            if (!run_cell_planned(x, s, i))
                continue;
            g->n++;
            g->failed += c->failed;
            g->contacts += !c->failed && c->r.status != VCCD_TOC_NONE;
            g->certified += !c->failed && c->r.status == VCCD_TOC_CERTIFIED;
            g->touching += c->have_dist && !(c->d.lower > 0.0);
            g->crossing += c->have_dist && c->d.status == VCCD_DISTANCE_INTERSECTING;
        }
    return 0;
}

static void
csv_num(FILE *f, double v)
{
    if (!isnan(v))
        fprintf(f, "%.17g", v);
}

static int
write_instances(FILE *f, const run_experiment *x, run_cell *const *cells)
{
    static const char *const pn[11] = { "px", "py", "pz", "q0w", "q0x", "q0y", "q0z", "q1w", "q1x", "q1y", "q1z" };
    char an[32];
    fprintf(f, "benchmark,models,speed,instance,seed,system,mode,bv,solver,arithmetic,eps_t,eps_d");
    for (int k = 0; k < 22; k++)
        fprintf(f, ",%c_%s", k < 11 ? 'a' : 'b', pn[k % 11]);
    fprintf(f, ",status,toc_lo,toc_hi,time_ms,gap_lower,gap_upper,distance_status,v,v_dot_n,"
               "bv_tests,feature_pairs,solver_boxes,escalations,limited,stepped,error\n");
    for (int b = 0; b < x->nbench; b++) {
        const run_bench *bn = &x->bench[b];
        for (long i = x->shard_k; i < x->instances; i += x->shard_n) {
            double p[22];
            if (run_instance_params(p, x, b, i) != 0)
                return -1;
            for (int s = 0; s < x->nsys; s++) {
                const run_cell *c = &cells[b][i * x->nsys + s];
                const run_system *y = &x->sys[s];
                if (!run_cell_planned(x, s, i))
                    continue;
                fprintf(f, "%d,%s-%s,%s,%ld,%llu,%s,%s,%s,%s,%s,%.17g,%.17g", b + 1, x->model[bn->a].name,
                        x->model[bn->b].name, bn->speed, i, (unsigned long long)run_instance_seed(x, i), y->name,
                        run_mode_name(y->mode), vccd_bv_type_get(y->q.bv)->name, y->q.solve.solver->name,
                        vccd_arith_name(an, sizeof an, &y->q.solve.arith), y->q.solve.eps_t, y->q.eps_d);
                for (int k = 0; k < 22; k++)
                    fprintf(f, ",%.17g", p[k]);
                fprintf(f, ",%s,", c->failed ? "error" : vccd_toc_status_name(c->r.status));
                if (!c->failed && c->r.status != VCCD_TOC_NONE)
                    fprintf(f, "%.17g,%.17g", c->r.lo, c->r.hi);
                else
                    fputc(',', f);
                fprintf(f, ",%.6f,", c->ms);
                if (c->have_dist)
                    fprintf(f, "%.17g,%.17g,%s", c->d.lower, c->d.upper, vccd_distance_status_name(c->d.status));
                else
                    fputs(",,", f);
                fputc(',', f);
                csv_num(f, metric(c, M_V));
                fputc(',', f);
                csv_num(f, metric(c, M_VN));
                fprintf(f, ",%ld,%ld,%ld,%ld,%d,%d,%d\n", c->r.bv_tests, c->r.feature_pairs, c->r.solver_boxes,
                        c->r.escalations, c->r.limited, c->r.stepped, c->failed);
            }
        }
    }
    return 0;
}

static void
bench_label(char *out, size_t n, const run_experiment *x, int b)
{
    if (b < 0)
        snprintf(out, n, "all");
    else
        snprintf(out, n, "%s-%s", x->model[x->bench[b].a].name, x->model[x->bench[b].b].name);
}

static int
write_summary(FILE *f, const run_experiment *x, run_cell *const *cells)
{
    fprintf(f, "benchmark,models,speed,system,stat,time_ms,gap,v,v_dot_n,toc,instances,contacts,touching,"
               "crossing,errors\n");
    for (int b = -1; b < x->nbench; b++) {
        char label[160];
        bench_label(label, sizeof label, x, b);
        for (int s = 0; s < x->nsys; s++) {
            run_group g;
            if (run_group_compute(&g, x, cells, s, b < 0 ? 0 : b, b < 0 ? x->nbench : b + 1, x->instances) != 0)
                return -1;
            for (int k = 0; k < RUN_NSTATS; k++) {
                fprintf(f, "%d,%s,%s,%s,%s", b + 1, label, b < 0 ? "all" : x->bench[b].speed, x->sys[s].name,
                        run_stat_names[k]);
                for (int m = 0; m < NMETRICS; m++) {
                    fputc(',', f);
                    csv_num(f, g.st[m][k]);
                }
                fprintf(f, ",%ld,%ld,%ld,%ld,%ld\n", g.n, g.contacts, g.touching, g.crossing, g.failed);
            }
        }
    }
    return 0;
}

static FILE *
open_in(const char *dir, const char *name, vccd_error *e)
{
    char path[4096];
    FILE *f;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (!(f = fopen(path, "w")))
        vccd_error_set(e, path, 0, NULL, NULL, "cannot write: %s", strerror(errno));
    return f;
}

static int
close_in(FILE *f, const char *dir, const char *name, int rc, vccd_error *e)
{
    if ((ferror(f) | fclose(f)) && rc == 0) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, name);
        return vccd_error_set(e, path, 0, NULL, NULL, "error writing");
    }
    return rc;
}

const char *
run_mode_name(run_mode m)
{
    static const char *const names[] = { "exact", "capoeira", "step-back", "fcl-ca", "fcl-ca-rss",
                                         "fcl-ca-rss-fast" };
    return names[m];
}

int
run_report_write(const char *dir, const run_experiment *x, run_cell *const *cells, vccd_error *e)
{
    FILE *f;
    int rc;
    if (!(f = open_in(dir, "instances.csv", e)))
        return -1;
    rc = write_instances(f, x, cells);
    if (rc)
        vccd_error_set(e, NULL, 0, NULL, NULL, "instance parameters lost");
    if (close_in(f, dir, "instances.csv", rc, e) != 0)
        return -1;
    if (x->shard_n > 1)         /* a shard: vccd merge writes the rest */
        return 0;
    if (!(f = open_in(dir, "summary.csv", e)))
        return -1;
    rc = write_summary(f, x, cells);
    if (rc)
        vccd_error_set(e, NULL, 0, NULL, NULL, "out of memory");
    if (close_in(f, dir, "summary.csv", rc, e) != 0)
        return -1;
    if (!(f = open_in(dir, "report.md", e)))
        return -1;
    rc = run_report_markdown(f, dir, x, cells, e);
    return close_in(f, dir, "report.md", rc, e);
}
