/* bench_scene.c -- `vccd bench scene DIR...`: one whole simulation step
   of the Scalable-CCD benchmark (Belgrod et al. 2023) per directory:
   vccd's own broad phase on the two frames, every candidate solved, and
   the answers judged against the data set's Mathematica verdicts where
   its query files let a query be matched to the frames' features (by
   exact coordinates); then the data set's own queries alone, as `vccd
   queries` solves them.

   A directory holds frames/ (two meshes, the same faces), and, per kind,
   queries/NNvf.csv or NNee.csv (8 rows of 6 integers per query),
   mma_bool/NN{vf,ee}_mma_bool.json (one boolean per query) and
   boxes/NN{vf,ee}.json (the data set's candidate pairs, counted). */
#include <dirent.h>
#include <gmp.h>
#include <jansson.h>
#include <mpfr.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "bench.h"
#include "cli.h"
#include "query_run.h"
#include "vccd/scene.h"

#ifdef _OPENMP
#include <omp.h>
#endif

typedef struct {
    char **v;
    long n, cap;
} names;

static void
names_clear(names *l)
{
    for (long i = 0; i < l->n; i++)
        free(l->v[i]);
    free(l->v);
    memset(l, 0, sizeof *l);
}

static int
cmp_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The files of dir/sub whose names end in suffix or suffix2 (if not
   NULL), sorted: 0, or -1 (out of memory; a missing directory is no
   file). */
static int
list_files(names *l, const char *dir, const char *sub, const char *suffix, const char *suffix2)
{
    char path[4096];
    DIR *d;
    struct dirent *en;
    memset(l, 0, sizeof *l);
    snprintf(path, sizeof path, "%s/%s", dir, sub);
    if (!(d = opendir(path)))
        return 0;
    while ((en = readdir(d))) {
        size_t n = strlen(en->d_name), k = strlen(suffix), k2 = suffix2 ? strlen(suffix2) : 0;
        char *p;
        if (en->d_name[0] == '.'
            || !((n >= k && !strcmp(en->d_name + n - k, suffix))
                 || (suffix2 && n >= k2 && !strcmp(en->d_name + n - k2, suffix2))))
            continue;
        if (l->n == l->cap) {
            long nc = l->cap ? 2 * l->cap : 8;
            char **nv = realloc(l->v, (size_t)nc * sizeof *nv);
            if (!nv)
                goto oom;
            l->v = nv;
            l->cap = nc;
        }
        if (!(p = malloc(strlen(path) + n + 2)))
            goto oom;
        sprintf(p, "%s/%s", path, en->d_name);
        l->v[l->n++] = p;
    }
    closedir(d);
    if (l->n)
        qsort(l->v, (size_t)l->n, sizeof *l->v, cmp_name);
    return 0;
oom:
    closedir(d);
    names_clear(l);
    return -1;
}

/* --- matching queries to the frames' features ------------------------ */

/* Vertices by their positions at t = 0 and t = 1, bit for bit. */
typedef struct {
    const vccd_scene *s;
    long *slot, nslot;
    long *next;                 /* the next vertex on the same path, or -1 */
} vindex;

static uint64_t
vhash(const double *a, const double *b)
{
    uint64_t h = 0x9E3779B97F4A7C15u;
    for (int k = 0; k < 3; k++) {
        uint64_t u, w;
        memcpy(&u, &a[k], 8);
        memcpy(&w, &b[k], 8);
        h = (h ^ u) * 0xff51afd7ed558ccdu;
        h = (h ^ w) * 0xc4ceb9fe1a85ec53u;
    }
    return h ^ (h >> 31);
}

static int
vindex_init(vindex *x, const vccd_scene *s)
{
    long n = 1;
    while (n < 2 * s->mesh.nv + 2)
        n *= 2;
    x->s = s;
    x->nslot = n;
    x->slot = calloc((size_t)n, sizeof *x->slot);
    x->next = malloc((size_t)(s->mesh.nv > 0 ? s->mesh.nv : 1) * sizeof *x->next);
    if (!x->slot || !x->next)
        return -1;
    /* backwards, so that each chain runs in increasing vertex order */
    for (long i = s->mesh.nv - 1; i >= 0; i--) {
        x->next[i] = -1;
        for (uint64_t j = vhash(s->mesh.v[i], s->v1[i]);; j++) {
            long *sl = &x->slot[j & (uint64_t)(n - 1)];
            if (!*sl) {
                *sl = i + 1;
                break;
            }
            /* another vertex on the same path (a mesh may repeat a
               vertex, or two bodies touch at one): chained */
            if (!memcmp(s->mesh.v[*sl - 1], s->mesh.v[i], 24) && !memcmp(s->v1[*sl - 1], s->v1[i], 24)) {
                x->next[i] = *sl - 1;
                *sl = i + 1;
                break;
            }
        }
    }
    return 0;
}

static long
vindex_find(const vindex *x, const double p0[3], const double p1[3])
{
    for (uint64_t j = vhash(p0, p1);; j++) {
        long s = x->slot[j & (uint64_t)(x->nslot - 1)];
        if (!s)
            return -1;
        if (!memcmp(x->s->mesh.v[s - 1], p0, 24) && !memcmp(x->s->v1[s - 1], p1, 24))
            return s - 1;
    }
}

/* "P/Q" as the double it is exactly: 0, or -1 when it is none. */
static int
rational_double(double *out, const char *txt)
{
    mpq_t q;
    mpfr_t x;
    int ok;
    mpq_init(q);
    mpfr_init2(x, 53);
    ok = mpq_set_str(q, txt, 10) == 0;
    if (ok) {
        mpq_canonicalize(q);
        ok = mpfr_set_q(x, q, MPFR_RNDN) == 0;
        *out = mpfr_get_d(x, MPFR_RNDN);
    }
    mpfr_clear(x);
    mpq_clear(q);
    return ok ? 0 : -1;
}

static long
edge_find(const vccd_mesh *m, vccd_mesh_index a, vccd_mesh_index b);
static int cmp_tri(const void *x, const void *y);
static void sort3(vccd_mesh_index v[3]);

/* The face with vertices a, b, c (any order), or -1. */
static long
face_find(const vccd_mesh *m, vccd_mesh_index (*fs)[4], long a, long b, long c)
{
    vccd_mesh_index key[4] = { (vccd_mesh_index)a, (vccd_mesh_index)b, (vccd_mesh_index)c, -1 };
    long lo = 0, hi = m->nt;
    sort3(key);
    /* the first row not below key: key's 4th entry -1 sorts first */
    while (lo < hi) {
        long mid = (lo + hi) / 2;
        if (cmp_tri(fs[mid], key) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < m->nt && !memcmp(fs[lo], key, 3 * sizeof *key) ? fs[lo][3] : -1;
}

/* The mesh's pair for a query whose points are the vertex paths v[0..3]
   (each the first of its chain in vx): 1 with *p set, or 0. */
static int
match_pair(vccd_scene_pair *p, const vccd_scene *s, const vindex *vx, vccd_mesh_index (*fs)[4], const long v[4],
           int kind)
{
    const vccd_mesh *m = &s->mesh;
    for (long a = v[0]; a >= 0; a = vx->next[a])
        for (long b = v[1]; b >= 0; b = vx->next[b])
            for (long c = v[2]; c >= 0; c = vx->next[c])
                for (long d = v[3]; d >= 0; d = vx->next[d]) {
                    if (kind == VCCD_FEATURE_VF) {
                        long f = face_find(m, fs, b, c, d);
                        if (f >= 0 && a != b && a != c && a != d) {
                            p->a = (vccd_mesh_index)a;
                            p->b = (vccd_mesh_index)f;
                            return 1;
                        }
                    } else {
                        long ea = edge_find(m, (vccd_mesh_index)a, (vccd_mesh_index)b);
                        long eb = edge_find(m, (vccd_mesh_index)c, (vccd_mesh_index)d);
                        if (ea >= 0 && eb >= 0 && a != c && a != d && b != c && b != d) {
                            p->a = (vccd_mesh_index)(ea < eb ? ea : eb);
                            p->b = (vccd_mesh_index)(ea < eb ? eb : ea);
                            return 1;
                        }
                    }
                }
    return 0;
}

static int
cmp_tri(const void *x, const void *y)
{
    const vccd_mesh_index *a = x, *b = y;
    for (int k = 0; k < 4; k++)
        if (a[k] != b[k])
            return a[k] < b[k] ? -1 : 1;
    return 0;
}

static void
sort3(vccd_mesh_index v[3])
{
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2 - i; j++)
            if (v[j] > v[j + 1]) {
                vccd_mesh_index t = v[j];
                v[j] = v[j + 1];
                v[j + 1] = t;
            }
}

/* The faces by their sorted vertices: rows (v0 v1 v2 face), sorted. */
static vccd_mesh_index (*faces_sorted(const vccd_mesh *m))[4]
{
    vccd_mesh_index (*f)[4] = malloc((size_t)(m->nt > 0 ? m->nt : 1) * sizeof *f);
    if (!f)
        return NULL;
    for (long i = 0; i < m->nt; i++) {
        memcpy(f[i], m->t[i], sizeof m->t[i]);
        sort3(f[i]);
        f[i][3] = (vccd_mesh_index)i;
    }
    qsort(f, (size_t)m->nt, sizeof *f, cmp_tri);
    return f;
}

static long
edge_find(const vccd_mesh *m, vccd_mesh_index a, vccd_mesh_index b)
{
    long lo = 0, hi = m->ne - 1;
    vccd_mesh_index u = a < b ? a : b, w = a < b ? b : a;
    while (lo <= hi) {
        long mid = (lo + hi) / 2;
        const vccd_mesh_edge *e = &m->e[mid];
        if (e->v[0] == u && e->v[1] == w)
            return mid;
        if (e->v[0] < u || (e->v[0] == u && e->v[1] < w))
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

/* The verdicts of a mma_bool file: 0 with *v (n booleans), or -1 with
   the message printed (file, line, what). */
static int
read_verdicts(int **v, long *n, const char *path)
{
    json_error_t je;
    json_t *a = json_load_file(path, 0, &je);
    *v = NULL;
    *n = 0;
    if (!a) {
        fprintf(stderr, "vccd: %s:%d: %s\n", path, je.line, je.text);
        return -1;
    }
    if (!json_is_array(a)) {
        fprintf(stderr, "vccd: %s: expected an array of booleans\n", path);
        json_decref(a);
        return -1;
    }
    *n = (long)json_array_size(a);
    if (!(*v = malloc((size_t)(*n > 0 ? *n : 1) * sizeof **v))) {
        json_decref(a);
        return -1;
    }
    for (long i = 0; i < *n; i++) {
        json_t *b = json_array_get(a, (size_t)i);
        if (!json_is_boolean(b)) {
            fprintf(stderr, "vccd: %s: entry %ld is not a boolean\n", path, i);
            free(*v);
            *v = NULL;
            json_decref(a);
            return -1;
        }
        (*v)[i] = json_is_true(b);
    }
    json_decref(a);
    return 0;
}

/* The length of the JSON array in path (the data set's candidates), or
   -1 (printed). */
static long
array_length(const char *path)
{
    json_error_t je;
    json_t *a = json_load_file(path, 0, &je);
    long n;
    if (!a) {
        fprintf(stderr, "vccd: %s:%d: %s\n", path, je.line, je.text);
        return -1;
    }
    n = json_is_array(a) ? (long)json_array_size(a) : -1;
    if (n < 0)
        fprintf(stderr, "vccd: %s: expected an array\n", path);
    json_decref(a);
    return n;
}

typedef struct {
    long judged, unmatched, positives, fn, fp, wrong;
    long ds_candidates;
    vccd_query_stats own;       /* the data set's queries alone */
    int have_own;
} judge_stats;

/* Judge the scene's answers against one kind's query file and verdicts,
   then solve that file alone.  0, or an exit status. */
static int
judge_kind(judge_stats *js, const vccd_scene *s, const vccd_scene_candidates *c, const vccd_scene_pair_answer *r,
           const vindex *vx, vccd_mesh_index (*fs)[4], const char *qpath, int kind, const vccd_solve_opts *so)
{
    vccd_queries qs;
    vccd_error e;
    int *truth = NULL;
    long nt;
    const char *suffix = kind == VCCD_FEATURE_VF ? "vf_mma_bool.json" : "ee_mma_bool.json";
    char mpath[4096], bpath[4096];
    FILE *f;

    /* queries/NNvf.csv -> mma_bool/NNvf_mma_bool.json, boxes/NNvf.json */
    {
        const char *base = strrchr(qpath, '/') ? strrchr(qpath, '/') + 1 : qpath;
        int dlen = (int)(base - qpath), slen = (int)(strlen(base) - strlen("vf.csv"));
        snprintf(mpath, sizeof mpath, "%.*s../mma_bool/%.*s%s", dlen, qpath, slen, base, suffix);
        snprintf(bpath, sizeof bpath, "%.*s../boxes/%.*s%s", dlen, qpath, slen, base,
                 kind == VCCD_FEATURE_VF ? "vf.json" : "ee.json");
    }
    if ((f = fopen(bpath, "rb"))) {
        long n;
        fclose(f);
        if ((n = array_length(bpath)) < 0)
            return VCCD_EXIT_USAGE;
        js->ds_candidates += n;
    }
    if (vccd_queries_read(&qs, qpath, kind, &e) != 0) {
        fprintf(stderr, "vccd: %s\n", e.msg);
        return VCCD_EXIT_USAGE;
    }
    if (read_verdicts(&truth, &nt, mpath) != 0) {
        vccd_queries_clear(&qs);
        return VCCD_EXIT_USAGE;
    }
    if (nt != qs.n) {
        fprintf(stderr, "vccd: %s: %ld verdicts, but %s has %ld queries\n", mpath, nt, qpath, qs.n);
        free(truth);
        vccd_queries_clear(&qs);
        return VCCD_EXIT_USAGE;
    }
    for (long i = 0; i < qs.n; i++) {
        long v[4];
        int ok = 1;
        vccd_scene_pair p = { kind, -1, -1, 0 };
        const vccd_scene_pair *hit;
        qs.q[i].truth = truth[i];
        for (int j = 0; j < 4 && ok; j++) {
            double p0[3], p1[3];
            for (int k = 0; k < 3; k++)
                ok = ok && rational_double(&p0[k], qs.q[i].coord[j][k]) == 0
                     && rational_double(&p1[k], qs.q[i].coord[j + 4][k]) == 0;
            ok = ok && (v[j] = vindex_find(vx, p0, p1)) >= 0;
        }
        /* Vertices on the same path are the same query: any choice of
           them that makes a non-incident pair of the mesh's features is
           the pair (every such choice has the same geometry, so the same
           boxes and the same answer). */
        ok = ok && match_pair(&p, s, vx, fs, v, kind);
        if (!ok) {
            js->unmatched++;
            continue;
        }
        js->judged++;
        js->positives += truth[i];
        hit = bsearch(&p, c->p, (size_t)c->n, sizeof *c->p, vccd_scene_pair_cmp);
        if (!hit || r[hit - c->p].status == VCCD_TOC_NONE) {
            if (truth[i]) {
                js->fn++;
                fprintf(stderr, "vccd: false negative: %s query %ld (line %d)%s\n", qpath, i, qs.q[i].line,
                        hit ? "" : ": not a candidate");
            }
        } else if (!truth[i]) {
            js->fp++;
            if (r[hit - c->p].status == VCCD_TOC_CERTIFIED) {
                js->wrong++;
                fprintf(stderr, "vccd: certified where Mathematica says no contact: %s query %ld (line %d)\n",
                        qpath, i, qs.q[i].line);
            }
        }
    }
    free(truth);
    /* the data set's queries alone, as `vccd queries` */
    qs.has_truth = 1;
    {
        vccd_query_stats st = { 0 };
        int rc = vccd_query_run(&st, &qs, so, NULL, 0, NULL, &e);
        if (rc == 0)
            rc = vccd_query_stats_merge(&js->own, &st);
        vccd_query_stats_clear(&st);
        js->have_own = 1;
        vccd_queries_clear(&qs);
        if (rc != 0) {
            fprintf(stderr, "vccd: %s\n", e.msg);
            return VCCD_EXIT_FAIL;
        }
    }
    return 0;
}

static double
peak_mb(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (double)u.ru_maxrss / 1024.0;
}

static int
bench_dir(const char *dir, const vccd_scene_broad_opts *bo, int compare, FILE *csv)
{
    names fr, qf, bf;
    vccd_scene s;
    vccd_scene_candidates c;
    vccd_scene_opts o;
    vccd_scene_answer a, all;
    vccd_scene_pair_answer *r = NULL;
    vccd_error e;
    judge_stats js = { 0 };
    double t0, t_load, t_broad, t_narrow, t_all, t_broad1 = 0.0, t_other = 0.0, mean = 0, median = 0, max = 0;
    vindex vx = { 0 };
    vccd_mesh_index (*fs)[4] = NULL;
    int rc = VCCD_EXIT_OK, threads = 1;
    const char *name = strrchr(dir, '/') && strrchr(dir, '/')[1] ? strrchr(dir, '/') + 1 : dir;

#ifdef _OPENMP
    threads = omp_get_max_threads();
#endif
    if (list_files(&fr, dir, "frames", ".ply", ".ply.gz") != 0)
        return vccd_cli_usage_error("out of memory");
    if (fr.n != 2) {
        names_clear(&fr);
        return vccd_cli_usage_error("bench scene: %s/frames holds %ld .ply or .ply.gz files, not 2", dir, fr.n);
    }
    t0 = vccd_clock_now();
    if (vccd_scene_load_frames(&s, fr.v[0], fr.v[1], &e) != 0) {
        names_clear(&fr);
        return vccd_cli_usage_error("%s", e.msg);
    }
    t_load = vccd_clock_now() - t0;
    names_clear(&fr);

    /* the broad phase on one thread, then on all, for the ratio (the
       candidates are the same: checked) */
#ifdef _OPENMP
    if (threads > 1) {
        vccd_scene_candidates c1;
        omp_set_num_threads(1);
        t0 = vccd_clock_now();
        if (vccd_scene_broad(&c1, &s, bo, &e) != 0) {
            omp_set_num_threads(threads);
            vccd_scene_clear(&s);
            return vccd_cli_usage_error("%s", e.msg);
        }
        t_broad1 = vccd_clock_now() - t0;
        omp_set_num_threads(threads);
        t0 = vccd_clock_now();
        if (vccd_scene_broad(&c, &s, bo, &e) != 0) {
            vccd_scene_candidates_clear(&c1);
            vccd_scene_clear(&s);
            return vccd_cli_usage_error("%s", e.msg);
        }
        t_broad = vccd_clock_now() - t0;
        if (c1.n != c.n || memcmp(c1.p, c.p, (size_t)c.n * sizeof *c.p) != 0) {
            fprintf(stderr, "vccd: BUG: %s: the broad phase differs on 1 and %d threads\n", dir, threads);
            rc = VCCD_EXIT_FAIL;
        }
        vccd_scene_candidates_clear(&c1);
    } else
#endif
    {
        t0 = vccd_clock_now();
        if (vccd_scene_broad(&c, &s, bo, &e) != 0) {
            vccd_scene_clear(&s);
            return vccd_cli_usage_error("%s", e.msg);
        }
        t_broad = t_broad1 = vccd_clock_now() - t0;
    }

    if (compare) {
        /* the other way to the same candidates, on all threads */
        vccd_scene_broad_opts b2 = *bo;
        vccd_scene_candidates c2;
        b2.method = bo->method == VCCD_SCENE_BROAD_TREE ? VCCD_SCENE_BROAD_SWEEP : VCCD_SCENE_BROAD_TREE;
        t0 = vccd_clock_now();
        if (vccd_scene_broad(&c2, &s, &b2, &e) != 0) {
            rc = vccd_cli_usage_error("%s", e.msg);
            goto done;
        }
        t_other = vccd_clock_now() - t0;
        if (c2.n != c.n || memcmp(c2.p, c.p, (size_t)c.n * sizeof *c.p) != 0) {
            fprintf(stderr, "vccd: BUG: %s: the broad phase's %s and %s differ\n", dir,
                    vccd_scene_broad_method_name(bo->method), vccd_scene_broad_method_name(b2.method));
            rc = VCCD_EXIT_FAIL;
        }
        vccd_scene_candidates_clear(&c2);
        printf("%-18s   broad phase %s: %.1f ms, %s: %.1f ms (%d threads, the same %ld candidates)\n", name,
               vccd_scene_broad_method_name(bo->method), 1e3 * t_broad, vccd_scene_broad_method_name(b2.method),
               1e3 * t_other, threads, c.n);
    }
    vccd_scene_opts_init(&o);
    o.min_separation = bo->min_separation;
    if (!(r = malloc((size_t)(c.n > 0 ? c.n : 1) * sizeof *r))) {
        rc = vccd_cli_usage_error("out of memory");
        goto done;
    }
    /* every pair (judged below), then the earliest contact alone: the
       whole step's narrow phase; the two answers must agree */
    t0 = vccd_clock_now();
    if (vccd_scene_toc(&all, r, &s, &c, &o, &e) != 0) {
        rc = vccd_cli_usage_error("%s", e.msg);
        goto done;
    }
    t_all = vccd_clock_now() - t0;
    t0 = vccd_clock_now();
    if (vccd_scene_toc(&a, NULL, &s, &c, &o, &e) != 0) {
        rc = vccd_cli_usage_error("%s", e.msg);
        goto done;
    }
    t_narrow = vccd_clock_now() - t0;
    if (all.status != a.status || (a.status != VCCD_TOC_NONE && (a.lo > all.hi || all.lo > a.hi))) {
        fprintf(stderr, "vccd: BUG: %s: the earliest contact alone (%s [%.17g, %.17g]) disagrees with every pair's "
                "(%s [%.17g, %.17g])\n", dir, vccd_toc_status_name(a.status), a.lo, a.hi,
                vccd_toc_status_name(all.status), all.lo, all.hi);
        rc = VCCD_EXIT_FAIL;
    }

    /* judged against the data set, kind by kind, where it has queries */
    if (vindex_init(&vx, &s) != 0 || !(fs = faces_sorted(&s.mesh))) {
        rc = vccd_cli_usage_error("out of memory");
        goto done;
    }
    for (int k = 0; k < 2 && rc == VCCD_EXIT_OK; k++) {
        int kind = k ? VCCD_FEATURE_EE : VCCD_FEATURE_VF;
        const char *suf = k ? "ee.csv" : "vf.csv", *bsuf = k ? "ee.json" : "vf.json";
        if (list_files(&qf, dir, "queries", suf, NULL) != 0 || list_files(&bf, dir, "boxes", bsuf, NULL) != 0) {
            rc = vccd_cli_usage_error("out of memory");
            break;
        }
        if (qf.n == 0)
            for (long i = 0; i < bf.n; i++) {   /* verdicts without queries: counted only */
                long n = array_length(bf.v[i]);
                js.ds_candidates += n > 0 ? n : 0;
            }
        for (long i = 0; i < qf.n && rc == VCCD_EXIT_OK; i++) {
            int st = judge_kind(&js, &s, &c, r, &vx, fs, qf.v[i], kind, &o.solve);
            if (st)
                rc = st;
        }
        names_clear(&qf);
        names_clear(&bf);
    }
    if (rc != VCCD_EXIT_OK && rc != VCCD_EXIT_FAIL)
        goto done;
    if (js.have_own)
        vccd_query_stats_times(&js.own, &mean, &median, &max);
    printf("%-18s %7ld %7ld %8ld %8ld %8ld %6ld %4ld %4ld %5ld %9.1f %9.1f %9.1f %9.1f %9.1f %s [%.17g, %.17g] "
           "%7.1f\n", name, s.mesh.nv, s.mesh.nt, c.nvf, c.nee, js.ds_candidates, js.judged, js.fn, js.fp, js.wrong,
           1e3 * t_broad1, 1e3 * t_broad, 1e3 * t_all, 1e3 * t_narrow, 1e3 * (t_broad + t_narrow),
           vccd_toc_status_name(a.status), a.lo, a.hi, peak_mb());
    printf("%-18s   load %.1f ms, %d time slice%s, %s; every pair: %ld certified, %ld possible, %ld none (%.3f us "
           "per pair); earliest contact alone: %ld pairs solved\n", name, 1e3 * t_load, c.slices,
           c.slices == 1 ? "" : "s", vccd_scene_broad_method_name(bo->method), all.certified, all.possible, all.none,
           c.n ? 1e6 * t_all * threads / (double)c.n : 0.0, a.solved);
    if (js.have_own)
        printf("%-18s   the data set's queries alone: queries=%ld positives=%ld fn=%ld fp=%ld mean_us=%.3f "
               "median_us=%.3f max_us=%.1f\n", name, js.own.queries, js.own.positives, js.own.fn, js.own.fp, mean,
               median, max);
    if (csv)
        fprintf(csv, "%s,%ld,%ld,%ld,%ld,%ld,%ld,%ld,%ld,%ld,%.3f,%.3f,%.3f,%.3f,%.3f,%s,%.17g,%.17g,%.1f,%ld,%ld,"
                "%.4f,%.4f,%d\n", name, s.mesh.nv, s.mesh.nt, c.nvf, c.nee, js.ds_candidates, js.judged, js.fn, js.fp,
                js.wrong, 1e3 * t_broad1, 1e3 * t_broad, 1e3 * t_all, 1e3 * t_narrow, 1e3 * t_load,
                vccd_toc_status_name(a.status), a.lo, a.hi, peak_mb(), js.own.queries, js.own.fn, mean, median,
                threads);
    if (js.fn > 0 || js.wrong > 0 || (js.have_own && js.own.fn > 0)) {
        fprintf(stderr, "vccd: %s: %ld false negatives, %ld wrong certifications (the data set's queries alone: %ld "
                "false negatives)\n", dir, js.fn, js.wrong, js.own.fn);
        rc = VCCD_EXIT_FAIL;
    }
done:
    free(fs);
    free(vx.slot);
    free(vx.next);
    free(r);
    vccd_query_stats_clear(&js.own);
    vccd_scene_candidates_clear(&c);
    vccd_scene_clear(&s);
    return rc;
}

int
vccd_bench_scene(int argc, char **argv)
{
    vccd_scene_broad_opts bo;
    double minsep = 0.0;
    long slices = 0;
    int compare = 0;
    const char *csv_path = NULL;
    FILE *csv = NULL;
    int rc = VCCD_EXIT_OK, ndirs = 0, threads = 1;

    vccd_scene_broad_opts_init(&bo);
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "scene"))
            continue;
        if (!strcmp(argv[i], "--min-separation") && i + 1 < argc) {
            char *end;
            minsep = strtod(argv[++i], &end);
            if (*end || end == argv[i] || !(minsep >= 0.0) || minsep == INFINITY)
                return vccd_cli_usage_error("bench scene: --min-separation: '%s' is not a finite number >= 0",
                                            argv[i]);
        } else if (!strcmp(argv[i], "--csv") && i + 1 < argc) {
            csv_path = argv[++i];
        } else if (!strcmp(argv[i], "--slices") && i + 1 < argc) {
            if (vccd_cli_parse_long(&slices, "--slices", argv[++i], 0, VCCD_SCENE_MAX_SLICES) != 0)
                return VCCD_EXIT_USAGE;
        } else if (!strcmp(argv[i], "--sweep")) {
            bo.method = VCCD_SCENE_BROAD_SWEEP;
        } else if (!strcmp(argv[i], "--compare")) {
            compare = 1;
        } else if (argv[i][0] == '-') {
            return vccd_bench_bad_arg(argv[i]);
        } else {
            ndirs++;
        }
    }
    if (!ndirs)
        return vccd_cli_usage_error("bench scene: no scene directory given");
    bo.min_separation = minsep;
    bo.slices = (int)slices;
    if (csv_path) {
        if (!(csv = vccd_cli_open_output(csv_path)))
            return VCCD_EXIT_USAGE;
        fputs("scene,vertices,faces,cand_vf,cand_ee,dataset_candidates,judged,fn,fp,wrong,broad1_ms,broad_ms,"
              "all_ms,toc_ms,load_ms,status,lo,hi,peak_mb,own_queries,own_fn,own_mean_us,own_median_us,threads\n", csv);
    }
#ifdef _OPENMP
    threads = omp_get_max_threads();
#endif
    printf("vccd bench scene: one step per scene, every vertex on a straight line; %d thread%s; min_separation %g\n",
           threads, threads == 1 ? "" : "s", minsep);
    printf("judged: data set queries matched to vccd's features by exact coordinates; fn: Mathematica says contact,\n"
           "vccd none or no candidate; fp: vccd certified or possible where Mathematica says none (wrong: certified)\n");
    printf("broad1_ms: the broad phase on 1 thread; all_ms: every candidate solved; toc_ms: the earliest contact\n"
           "alone; step_ms = broad_ms + toc_ms, the whole step\n");
    printf("%-18s %7s %7s %8s %8s %8s %6s %4s %4s %5s %9s %9s %9s %9s %9s %s\n", "scene", "verts", "faces", "cand_vf",
           "cand_ee", "ds_cand", "judged", "fn", "fp", "wrong", "broad1_ms", "broad_ms", "all_ms", "toc_ms",
           "step_ms", "toc [lo, hi] peak_MB");
    for (int i = 1; i < argc; i++) {
        int st;
        if (!strcmp(argv[i], "scene"))
            continue;
        if (argv[i][0] == '-') {
            /* the options with a value skip it */
            i += !strcmp(argv[i], "--min-separation") || !strcmp(argv[i], "--csv") || !strcmp(argv[i], "--slices");
            continue;
        }
        st = bench_dir(argv[i], &bo, compare, csv);
        if (st > rc)
            rc = st;
    }
    if (csv && vccd_cli_close_output(csv, csv_path) != 0 && rc == VCCD_EXIT_OK)
        rc = VCCD_EXIT_FAIL;
    return rc;
}
