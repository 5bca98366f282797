/* bench_toc2d.c -- the 2D rows of `vccd bench toc`: two random star
   polygons (star:N:1 against star:N:2, N = 4 .. 1024 edges, radius <= 1)
   in the planar analogue of the thesis frame (7.3): from 4 units apart
   along a random direction to the origin at t = 1, each turning a
   quarter turn either way from a random angle (ltlrm2d).  Each size runs
   brute force (every vertex-edge pair solved) and the BVH with every BV
   type, so the table shows where the BVH starts to pay: the crossover
   behind VCCD_QUERY_BRUTE_2D_PAIRS (doc/query.md).  agree counts the
   instances where the BVH answer has brute force's status and an
   enclosure meeting its [lo, hi]. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cli.h"
#include "vccd/rng.h"
#include "vccd/query.h"

#define VB2_PI 3.14159265358979323846

static double
uniform(uint64_t *x)
{
    return vccd_rng_unit(x);
}

/* The two planar motions of instance seed: config text, as a user would
   write them. */
static int
frame_2d(vccd_motion *m[2], double dist, uint64_t seed, vccd_error *e)
{
    char text[1024];
    int n = 0;
    uint64_t s = seed;
    double th = 2.0 * VB2_PI * uniform(&s), c = cos(th), sn = sin(th);
    vccd_config cf;
    for (int k = 0; k < 2; k++) {
        double sg = k ? 0.5 : -0.5, a0 = 2.0 * VB2_PI * uniform(&s), w = (uniform(&s) < 0.5 ? -0.5 : 0.5) * VB2_PI;
        n += snprintf(text + n, sizeof text - (size_t)n,
                      "[motion.%c]\ntype = ltlrm2d\no0 = %.17g %.17g\nv = %.17g %.17g\nalpha0 = %.17g\nomega = %.17g\n",
                      'a' + k, sg * dist * c, sg * dist * sn, -sg * dist * c, -sg * dist * sn, a0, w);
    }
    m[0] = m[1] = NULL;
    if (vccd_config_load_string(&cf, "bench-2d", text, e) != 0)
        return -1;
    for (int k = 0; k < 2; k++) {
        char name[16];
        snprintf(name, sizeof name, "motion.%c", 'a' + k);
        if (!(m[k] = vccd_motion_from_config(vccd_config_find(&cf, name), 320, e)))
            break;
    }
    vccd_config_clear(&cf);
    if (!m[0] || !m[1]) {
        vccd_motion_free(m[0]);
        vccd_motion_free(m[1]);
        return -1;
    }
    return 0;
}

typedef struct {
    vccd_mesh m;
    vccd_bvh h;
} poly;

static int
poly_load(poly *p, long n, int seed, vccd_error *e)
{
    char spec[64];
    vccd_bvh_opts bo;
    vccd_bvh_opts_init(&bo);
    bo.leaf_size = 1;
    snprintf(spec, sizeof spec, "star:%ld:%d", n, seed);
    if (vccd_mesh_load(&p->m, spec, NULL, e) != 0)
        return -1;
    if (vccd_bvh_build(&p->h, &p->m, &bo, e) != 0) {
        vccd_mesh_clear(&p->m);
        return -1;
    }
    return 0;
}

/* One query repeated to 1 ms, so the clock sees the small ones. */
static int
timed(vccd_query_result *r, double *ms, vccd_query_body *a, vccd_query_body *b, const vccd_query_opts *o,
      vccd_error *e)
{
    long reps = 0;
    double t0 = vccd_clock_now(), t;
    do {
        if (vccd_query_toc(r, a, b, o, e) != 0)
            return -1;
        reps++;
        t = vccd_clock_now() - t0;
    } while (t < 1e-3 && reps < 1000);
    *ms = 1e3 * t / (double)reps;
    return 0;
}

/* One size: brute force first (the reference), then every BV type. */
static int
run_size(long n, long instances, unsigned long seed, unsigned bvs, FILE *csv, vccd_error *e)
{
    poly p[2];
    vccd_motion **mo = calloc((size_t)(2 * instances), sizeof *mo);
    vccd_query_result *ref = calloc((size_t)instances, sizeof *ref);
    double *ms = malloc((size_t)instances * sizeof *ms);
    vccd_query_body qa, qb;
    int rc = -1, loaded = 0, bound = 0;
    long nref;
    char name[32];

    if (!mo || !ref || !ms)
        goto out;
    if (poly_load(&p[0], n, 1, e) != 0)
        goto out;
    if (poly_load(&p[1], n, 2, e) != 0) {
        vccd_bvh_clear(&p[0].h);
        vccd_mesh_clear(&p[0].m);
        goto out;
    }
    loaded = 1;
    for (long i = 0; i < instances; i++)
        if (frame_2d(&mo[2 * i], 4.0, seed * 1000003u + (uint64_t)i, e) != 0)
            goto out;
    if (vccd_query_body_init(&qa, &p[0].h, mo[0], e) != 0)
        goto out;
    if (vccd_query_body_init(&qb, &p[1].h, mo[1], e) != 0) {
        vccd_query_body_clear(&qa);
        goto out;
    }
    bound = 1;
    snprintf(name, sizeof name, "2d-star-%ld", n);
    /* Brute force at 1024 edges solves 2 million pairs a query (about
       20 s here): two frames give its time, and the reference for them. */
    nref = n >= 1024 && instances > 2 ? 2 : instances;
    for (int bv = -1; bv < vccd_bv_type_count(); bv++) {
        vccd_query_opts o;
        long agree = 0, bvt = 0, pairs = 0, st[3] = { 0, 0, 0 }, ni = bv < 0 ? nref : instances;
        double mean = 0.0, med;
        if (bv >= 0 && !(bvs >> bv & 1))
            continue;
        vccd_query_opts_init(&o);
        o.gap = 0;
        o.search = bv < 0 ? VCCD_QUERY_SEARCH_BRUTE : VCCD_QUERY_SEARCH_BVH;
        if (bv >= 0)
            o.bv = bv;
        for (long i = 0; i < ni; i++) {
            vccd_query_result r;
            if (vccd_query_body_set_motion(&qa, mo[2 * i], e) != 0
                || vccd_query_body_set_motion(&qb, mo[2 * i + 1], e) != 0 || timed(&r, &ms[i], &qa, &qb, &o, e) != 0)
                goto out;
            mean += ms[i] / (double)ni;
            bvt += r.bv_tests;
            pairs += r.feature_pairs;
            st[r.status == VCCD_TOC_CERTIFIED ? 0 : r.status == VCCD_TOC_POSSIBLE ? 1 : 2]++;
            if (bv < 0)
                ref[i] = r;
            if (i < nref)
                agree += r.status == ref[i].status && r.lo <= ref[i].hi && ref[i].lo <= r.hi;
        }
        qsort(ms, (size_t)ni, sizeof *ms, vccd_cli_cmp_double);
        med = ni % 2 ? ms[ni / 2] : 0.5 * ms[ni / 2 - 1] + 0.5 * ms[ni / 2];
        printf("%-18s %-5s %-7s %-10s %9.3f %9.3f %9.0f %9.0f %4ld/%ld/%ld  agree=%ld/%ld\n", name, "low",
               bv < 0 ? "brute" : vccd_bv_type_get(bv)->name, "exact", med, mean, (double)bvt / (double)ni,
               (double)pairs / (double)ni, st[0], st[1], st[2], agree, nref);
        if (csv)
            fprintf(csv, "%s,low,%s,exact,%ld,%.6f,%.6f,%.1f,%.1f,%ld,%ld,%ld,-1,0,nan,nan,nan\n", name,
                    bv < 0 ? "brute" : vccd_bv_type_get(bv)->name, ni, med, mean, (double)bvt / (double)ni,
                    (double)pairs / (double)ni, st[0], st[1], st[2]);
        fflush(stdout);
    }
    rc = 0;
out:
    if (bound) {
        vccd_query_body_clear(&qa);
        vccd_query_body_clear(&qb);
    }
    if (loaded)
        for (int k = 0; k < 2; k++) {
            vccd_bvh_clear(&p[k].h);
            vccd_mesh_clear(&p[k].m);
        }
    for (long i = 0; mo && i < 2 * instances; i++)
        vccd_motion_free(mo[i]);
    free(mo);
    free(ref);
    free(ms);
    return rc;
}

int
vccd_bench_toc_2d(long instances, unsigned long seed, unsigned bvs, long max_edges, FILE *csv)
{
    vccd_error e;
    printf("2D: star:N:1 against star:N:2, planar thesis frames (4 units, quarter turns), %ld instances; "
           "auto search takes brute force up to %d vertex-edge pairs\n", instances, VCCD_QUERY_BRUTE_2D_PAIRS);
    static const long sizes[] = { 4, 8, 16, 32, 64, 256, 1024 };
    for (int i = 0; i < 7 && sizes[i] <= max_edges; i++)
        if (run_size(sizes[i], instances, seed, bvs, csv, &e) != 0) {
            fprintf(stderr, "vccd: %s\n", e.msg);
            return VCCD_EXIT_FAIL;
        }
    return VCCD_EXIT_OK;
}
