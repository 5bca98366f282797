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
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "vccd/version.h"
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

/* The columns of an instances.csv row that say which instance and which
   system it is (vccd merge compares them with its own experiment's),
   then those of the answer. */
const char *const run_row_identity_header =
    "benchmark,models,speed,instance,seed,system,mode,bv,solver,arithmetic,eps_t,eps_d,"
    "a_px,a_py,a_pz,a_q0w,a_q0x,a_q0y,a_q0z,a_q1w,a_q1x,a_q1y,a_q1z,"
    "b_px,b_py,b_pz,b_q0w,b_q0x,b_q0y,b_q0z,b_q1w,b_q1x,b_q1y,b_q1z";

int
run_row_identity(char *out, size_t n, const run_experiment *x, int b, long i, int s, const double p[22])
{
    const run_bench *bn = &x->bench[b];
    const run_system *y = &x->sys[s];
    char an[32], seed[24] = "";
    size_t k;
    /* an instance read from a file has no seed */
    if (!x->inst)
        snprintf(seed, sizeof seed, "%llu", (unsigned long long)run_instance_seed(x, i));
    k = (size_t)snprintf(out, n, "%d,%s-%s,%s,%ld,%s,%s,%s,%s,%s,%s,%.17g,%.17g", b + 1, x->model[bn->a].name,
                         x->model[bn->b].name, bn->speed, i, seed, y->name, run_mode_name(y->mode),
                         vccd_bv_type_get(y->q.bv)->name, y->q.solve.solver->name,
                         vccd_arith_name(an, sizeof an, &y->q.solve.arith), y->q.solve.eps_t, y->q.eps_d);
    for (int j = 0; j < 22 && k < n; j++)
        k += (size_t)snprintf(out + k, n - k, ",%.17g", p[j]);
    return k < n ? 0 : -1;
}

static int
write_instances(FILE *f, const run_experiment *x, run_cell *const *cells)
{
    char id[2048];
    fprintf(f, "%s,status,toc_lo,toc_hi,time_ms,gap_lower,gap_upper,distance_status,v,v_dot_n,"
               "bv_tests,feature_pairs,solver_boxes,escalations,limited,stepped,error\n", run_row_identity_header);
    for (int b = 0; b < x->nbench; b++) {
        for (long i = x->shard_k; i < x->instances; i += x->shard_n) {
            double p[22];
            if (run_instance_params(p, x, b, i) != 0)
                return -1;
            for (int s = 0; s < x->nsys; s++) {
                const run_cell *c = &cells[b][i * x->nsys + s];
                if (!run_cell_planned(x, s, i))
                    continue;
                if (run_row_identity(id, sizeof id, x, b, i, s, p) != 0)
                    return -1;
                fputs(id, f);
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

/* The shortest decimal that reads back as v: %.17g would do, but
   "0.40000000000000002" hides the 0.4 the config says. */
static const char *
shortest(char *out, size_t n, double v)
{
    for (int p = 1; p <= 17; p++) {
        snprintf(out, n, "%.*g", p, v);
        if (strtod(out, NULL) == v)
            break;
    }
    return out;
}

/* 64-bit FNV-1a (G. Fowler, L. C. Noll, K.-P. Vo, D. Eastlake, "The FNV
   Non-Cryptographic Hash Algorithm", IETF draft-eastlake-fnv, section 2)
   over the bytes of w, least significant first, so that the digest does
   not depend on the machine's byte order. */
static uint64_t
fnv1a(uint64_t h, uint64_t w, int bytes)
{
    for (int k = 0; k < bytes; k++) {
        h ^= (w >> (8 * k)) & 0xffu;
        h *= UINT64_C(0x100000001b3);
    }
    return h;
}

/* A checksum of a model's geometry as run (its vertices' bits and its
   triangles, after normalisation): a shard of another mesh file, or of
   the same file normalised otherwise, is then told apart.  It guards
   against a slip, not a forged file. */
static uint64_t
geometry_digest(const vccd_mesh *m)
{
    uint64_t h = UINT64_C(0xcbf29ce484222325), w;
    for (long i = 0; i < m->nv; i++)
        for (int k = 0; k < 3; k++) {
            memcpy(&w, &m->v[i][k], sizeof w);
            h = fnv1a(h, w, 8);
        }
    for (long i = 0; i < m->nt; i++)
        for (int k = 0; k < 3; k++)
            h = fnv1a(h, (uint32_t)m->t[i][k], 4);
    return h;
}

/* The digest of the instances run (the bits of their parameters). */
static uint64_t
instances_digest(const run_experiment *x)
{
    uint64_t h = UINT64_C(0xcbf29ce484222325), w;
    for (int b = 0; b < x->nbench; b++)
        for (long i = 0; i < x->instances; i++)
            for (int j = 0; j < 22; j++) {
                memcpy(&w, &x->inst[((size_t)b * (size_t)x->inst_count + (size_t)i) * 22 + (size_t)j], sizeof w);
                h = fnv1a(h, w, 8);
            }
    return h;
}

int
run_identity_write(FILE *f, const run_experiment *x, int shard)
{
    char a[32], b[32], c[32], d[32];
    int speeds = 0, nsp;
    fprintf(f, "# vccd run: the experiment as run -- its config with the overrides and\n"
               "# every default filled in.  vccd merge refuses a shard whose copy of this\n"
               "# file differs in any key but [shard] shard.  Not an input of vccd run.\n");
    fprintf(f, "[vccd]\nversion = %s\n", VCCD_VERSION_STRING);
    fprintf(f, "[experiment]\nname = %s\n", x->name);
    /* instances from a file: its path and a digest of the parameters
       run (the rows of shards are compared with them too, vccd merge) */
    if (x->inst)
        fprintf(f, "instances_file = %s\ninstances_digest = %016" PRIx64 "\n", x->instances_file,
                instances_digest(x));
    else
        fprintf(f, "seed = %lu\n", x->seed);
    fprintf(f, "instances = %ld\nleaf_size = %d\nspeeds =", x->instances, x->leaf_size);
    for (int k = 0; k < x->nbench; k++)
        speeds |= x->bench[k].dist > 4.0 ? 2 : 1;
    fprintf(f, "%s%s\npairs =", speeds & 1 ? " low" : "", speeds & 2 ? " high" : "");
    /* parse_pairs makes one benchmark per pair and speed, pair by pair */
    nsp = speeds == 3 ? 2 : 1;
    for (int k = 0; k < x->nbench; k += nsp)
        fprintf(f, " %s-%s", x->model[x->bench[k].a].name, x->model[x->bench[k].b].name);
    fputc('\n', f);
    /* the models a benchmark uses (the others change no answer) */
    for (int m = 0; m < x->nmodels; m++) {
        const vccd_mesh *mm = &x->model[m].m;
        if (!x->model[m].built)
            continue;
        fprintf(f, "[model.%s]\nvertices = %ld\ntriangles = %ld\n", x->model[m].name, mm->nv, mm->nt);
        if (mm->normalized)
            fprintf(f, "center = %s %s %s\nscale = %s\n", shortest(a, sizeof a, mm->center[0]),
                    shortest(b, sizeof b, mm->center[1]), shortest(c, sizeof c, mm->center[2]),
                    shortest(d, sizeof d, mm->scale));
        else
            fprintf(f, "center = none\nscale = none\n");
        fprintf(f, "geometry = %016" PRIx64 "\n", geometry_digest(mm));
    }
    for (int s = 0; s < x->nsys; s++) {
        const run_system *y = &x->sys[s];
        fprintf(f, "[system.%s]\nmode = %s\nbv = %s\nsolver = %s\narithmetic = %s\n", y->name,
                run_mode_name(y->mode), vccd_bv_type_get(y->q.bv)->name, y->q.solve.solver->name,
                vccd_arith_name(a, sizeof a, &y->q.solve.arith));
        fprintf(f, "eps_t = %s\n", shortest(a, sizeof a, y->q.solve.eps_t));
        fprintf(f, "eps_d = %s\n", shortest(a, sizeof a, y->q.eps_d));
        fprintf(f, "positive_gap = %s\n", y->q.positive_gap ? "yes" : "no");
        if (y->instances)
            fprintf(f, "instances = %ld\n", y->instances);
        else
            fprintf(f, "instances = all\n");
        /* defaults no config key sets yet: a vccd whose defaults differ
           gives other answers */
        fprintf(f, "search = %s\nlinear = %s\nadvance = %s\nmin_separation = %s\n",
                vccd_query_search_name(y->q.search), y->q.linear ? "yes" : "no", y->q.advance ? "yes" : "no",
                shortest(a, sizeof a, y->q.min_separation));
        fprintf(f, "max_boxes = %ld\nmax_work = %ld\nmax_precision = %ld\n", y->q.solve.max_boxes,
                y->q.solve.max_work, (long)y->q.solve.max_precision);
    }
    if (shard)
        fprintf(f, "[shard]\nshard = %ld/%ld\n", x->shard_k + 1, x->shard_n);
    return ferror(f) ? -1 : 0;
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
    if (!(f = open_in(dir, "resolved.ini", e)))
        return -1;
    run_identity_write(f, x, 1);    /* a write error is close_in's to report */
    if (close_in(f, dir, "resolved.ini", 0, e) != 0)
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
