/* bench_mesh.c -- `vccd bench mesh`: mesh loading, BVH build time and
   memory per BV type (also on icosphere:7 and :8, per million
   triangles), and the rigorous distance between two dragons at
   random poses 0.01 to 1 units apart, per BV type and split, beside the
   brute-force loop on the tetrahedron and the bunny.  One run; ratios
   in the table.  (FCL's distance() is not compared: optional in the
   issue, and left out.) */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cli.h"
#include "mesh_cli.h"
#include "vccd/distance.h"
#ifdef HAVE_FCL
#include "fcl_adapter.h"
#endif

typedef struct {
    int quick;
    long poses;
    unsigned long seed;
    FILE *csv;
    const char *mesh;           /* the big model (dragon) */
    const char *brute;          /* the brute-force partner of the tetrahedron (bunny) */
} bm_opts;

static unsigned long long bm_state;

static double
bm_unit(void)
{
    bm_state ^= bm_state << 13;
    bm_state ^= bm_state >> 7;
    bm_state ^= bm_state << 17;
    return (double)(bm_state >> 11) * 0x1p-53;
}

static double
bm_normal(void)
{
    double u = bm_unit(), v = bm_unit();
    return sqrt(-2 * log(u > 0 ? u : 0x1p-60)) * cos(6.283185307179586 * v);
}

static int
cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double
median(double *x, long n)
{
    qsort(x, (size_t)n, sizeof *x, cmp_double);
    return n % 2 ? x[n / 2] : 0.5 * (x[n / 2 - 1] + x[n / 2]);
}

/* The fastest of n repetitions: on a machine shared with other jobs the
   least disturbed one. */
static double
best(const double *x, long n)
{
    double b = INFINITY;
    for (long i = 0; i < n; i++)
        b = x[i] < b ? x[i] : b;
    return b;
}

static void
csv_row(const bm_opts *o, const char *section, const char *what, const char *bv, const char *split, const char *metric,
        double v)
{
    if (o->csv)
        fprintf(o->csv, "%s,%s,%s,%s,%s,%.6g\n", section, what, bv, split, metric, v);
}

/* The pose of quaternion qd at position p (exact doubles; the pose
   encloses the rotation of the normalised quaternion). */
static void
set_pose(vccd_pose *ps, const double qd[4], const double p[3])
{
    vccd_di q[4], pos[3];
    for (int i = 0; i < 4; i++)
        q[i] = vccd_di_set_d(qd[i]);
    for (int k = 0; k < 3; k++)
        pos[k] = vccd_di_set_d(p[k]);
    if (vccd_pose_from_quat(ps, pos, q) != 0)
        vccd_pose_identity(ps);
}

/* A uniformly random rotation (normalised Gaussian quaternion). */
static void
random_quat(double q[4])
{
    for (int i = 0; i < 4; i++)
        q[i] = bm_normal();
}

static int
load(vccd_mesh *m, const char *spec, double *ms)
{
    double t;
    if (vccd_cli_mesh_load(m, spec, NULL, &t) != 0)
        return -1;
    *ms = 1e3 * t;
    return 0;
}

static void
part_load(const bm_opts *o)
{
    static const char *const models[] = { "bunny", "dragon" };
    printf("\n== loading (best of 3; target: bunny < 300 ms)\n");
    printf("%-10s %10s %10s\n", "model", "triangles", "ms");
    for (int i = 0; i < 2; i++) {
        double best = INFINITY, ms;
        long nt = 0;
        for (int r = 0; r < 3; r++) {
            vccd_mesh m;
            if (load(&m, models[i], &ms) != 0)
                return;
            best = ms < best ? ms : best;
            nt = m.nt;
            vccd_mesh_clear(&m);
        }
        printf("%-10s %10ld %10.1f\n", models[i], nt, best);
        csv_row(o, "load", models[i], "", "", "ms", best);
    }
}

/* Build over m with every type: the median of `reps` builds. */
static int
part_build(const bm_opts *o, const vccd_mesh *m)
{
    static const char *const split_name[2] = { "median", "sah" };
    int reps = o->quick ? 1 : 5;
    printf("\n== BVH build on %s (%ld triangles, leaf size 4; best of %d builds; target: all types < 300 ms)\n",
           o->mesh, m->nt, reps);
    printf("%-7s %-7s %9s %9s %12s %12s %10s\n", "split", "bv", "ms", "nodes", "bv B/tri", "total B/tri",
           "mem/bound");
    for (int s = 0; s < 2; s++) {
        double tot[8], topo[8], fit[VCCD_BV_MAX][8];
        vccd_bvh h;
        vccd_bvh_opts bo;
        vccd_error e;
        vccd_bvh_opts_init(&bo);
        bo.split = (vccd_bvh_split)s;
        for (int r = 0; r < reps; r++) {
            double t0 = vccd_clock_now();
            if (vccd_bvh_build(&h, m, &bo, &e) != 0) {
                fprintf(stderr, "vccd: %s\n", e.msg);
                return -1;
            }
            tot[r] = 1e3 * (vccd_clock_now() - t0);
            topo[r] = 1e3 * h.topo_seconds;
            for (int ty = 0; ty < vccd_bv_type_count(); ty++)
                fit[ty][r] = 1e3 * h.bv_seconds[ty];
            if (r + 1 < reps)
                vccd_bvh_clear(&h);
        }
        printf("%-7s %-7s %9.1f %9ld %12s %12.1f %10s\n", split_name[s], "(all)", best(tot, reps), h.nnodes, "-",
               (double)vccd_bvh_topology_bytes(&h) / (double)m->nt, "-");
        printf("%-7s %-7s %9.1f %9s %12s %12.1f %10s\n", split_name[s], "(topo)", best(topo, reps), "", "-",
               (double)vccd_bvh_topology_bytes(&h) / (double)m->nt, "-");
        csv_row(o, "build", o->mesh, "all", split_name[s], "ms", best(tot, reps));
        csv_row(o, "build", o->mesh, "topology", split_name[s], "ms", best(topo, reps));
        for (int ty = 0; ty < vccd_bv_type_count(); ty++) {
            const vccd_bv_type *bt = vccd_bv_type_get(ty);
            double bytes = (double)vccd_bvh_bv_bytes(&h, ty), all = bytes + (double)vccd_bvh_topology_bytes(&h);
            /* t-bvh's bound: nodes, triangle order and volumes, within
               twice nnodes x size; the nodes' rad and ext come on top */
            double radii = 2.0 * sizeof(double) * (double)h.nnodes, bound = (double)h.nnodes * (double)bt->size;
            printf("%-7s %-7s %9.1f %9s %12.1f %12.1f %10.2f\n", split_name[s], bt->name, best(fit[ty], reps), "",
                   bytes / (double)m->nt, all / (double)m->nt, (all - radii) / bound);
            csv_row(o, "build", o->mesh, bt->name, split_name[s], "ms", best(fit[ty], reps));
            csv_row(o, "build", o->mesh, bt->name, split_name[s], "bytes_per_triangle", bytes / (double)m->nt);
            csv_row(o, "build", o->mesh, bt->name, split_name[s], "memory_over_nodes_x_size", (all - radii) / bound);
        }
        vccd_bvh_clear(&h);
    }
    return 0;
}

/* Set-up at scale (issue 30): load and build of big procedural meshes,
   in seconds and bytes, each also per million triangles (bytes per
   triangle are MB per million triangles).  One build fits every type, so
   its fit times are per type; a query builds one type, whose memory is
   the "1 type" column: mesh + topology + that type's volumes. */
static int
part_scale(const bm_opts *o)
{
    static const char *const specs[] = { "icosphere:7", "icosphere:8" };
    printf("\n== set-up at scale (leaf size 4, sah, %s threads; target: 1 type <= 150 B/tri)\n",
#ifdef _OPENMP
           "OpenMP"
#else
           "no OpenMP:"
#endif
    );
    printf("%-12s %9s %-9s %9s %9s %9s %10s\n", "mesh", "triangles", "part", "s", "s/Mtri", "B/tri", "1 type B/tri");
    for (int i = 0; i < 2; i++) {
        vccd_mesh m;
        vccd_bvh h;
        vccd_bvh_opts bo;
        vccd_error e;
        double ms, mt, base;
        if (load(&m, specs[i], &ms) != 0)
            return -1;
        mt = (double)m.nt / 1e6;
        vccd_bvh_opts_init(&bo);
        if (vccd_bvh_build(&h, &m, &bo, &e) != 0) {
            fprintf(stderr, "vccd: %s\n", e.msg);
            vccd_mesh_clear(&m);
            return -1;
        }
        base = (double)(vccd_mesh_bytes(&m) + vccd_bvh_topology_bytes(&h)) / (double)m.nt;
        printf("%-12s %9ld %-9s %9.3f %9.3f %9.1f %10s\n", specs[i], m.nt, "load", 1e-3 * ms, 1e-3 * ms / mt,
               (double)vccd_mesh_bytes(&m) / (double)m.nt, "-");
        printf("%-12s %9s %-9s %9.3f %9.3f %9.1f %10s\n", "", "", "topology", h.topo_seconds, h.topo_seconds / mt,
               (double)vccd_bvh_topology_bytes(&h) / (double)m.nt, "-");
        csv_row(o, "scale", specs[i], "", "", "load_s", 1e-3 * ms);
        csv_row(o, "scale", specs[i], "", "", "load_s_per_mtri", 1e-3 * ms / mt);
        csv_row(o, "scale", specs[i], "", "", "mesh_bytes_per_triangle", (double)vccd_mesh_bytes(&m) / (double)m.nt);
        csv_row(o, "scale", specs[i], "topology", "sah", "s", h.topo_seconds);
        csv_row(o, "scale", specs[i], "topology", "sah", "s_per_mtri", h.topo_seconds / mt);
        csv_row(o, "scale", specs[i], "topology", "sah", "bytes_per_triangle",
                (double)vccd_bvh_topology_bytes(&h) / (double)m.nt);
        for (int ty = 0; ty < vccd_bv_type_count(); ty++) {
            const char *name = vccd_bv_type_get(ty)->name;
            double b = (double)vccd_bvh_bv_bytes(&h, ty) / (double)m.nt;
            printf("%-12s %9s %-9s %9.3f %9.3f %9.1f %10.1f\n", "", "", name, h.bv_seconds[ty],
                   h.bv_seconds[ty] / mt, b, base + b);
            csv_row(o, "scale", specs[i], name, "sah", "fit_s", h.bv_seconds[ty]);
            csv_row(o, "scale", specs[i], name, "sah", "fit_s_per_mtri", h.bv_seconds[ty] / mt);
            csv_row(o, "scale", specs[i], name, "sah", "bytes_per_triangle", b);
            csv_row(o, "scale", specs[i], name, "sah", "one_type_bytes_per_triangle", base + b);
        }
        vccd_bvh_clear(&h);
        vccd_mesh_clear(&m);
    }
    return 0;
}

/* The distance with one method (type >= 0 on the BVHs, -1 brute). */
static int
query(vccd_distance_result *r, const vccd_bvh *ha, const vccd_pose *pa, const vccd_bvh *hb, const vccd_pose *pb,
      int type, double *ms)
{
    vccd_error e;
    double t0 = vccd_clock_now();
    int rc = type >= 0 ? vccd_distance(r, ha, pa, hb, pb, type, &e)
                       : vccd_distance_brute(r, ha->mesh, pa, hb->mesh, pb, &e);
    *ms = 1e3 * (vccd_clock_now() - t0);
    if (rc != 0)
        fprintf(stderr, "vccd: %s\n", e.msg);
    return rc;
}

/* Poses of B around A with distances spread log-uniformly over
   [lo, hi]: a random direction, then B slides towards A by the surplus
   (distance is 1-Lipschitz in the offset, so it never overshoots). */
static int
make_poses(vccd_pose *pa, vccd_pose *pb, double *gap, long n, const vccd_bvh *ha, const vccd_bvh *hb, int type,
           double lo, double hi, double start)
{
    for (long i = 0; i < n; i++) {
        double u[3], nu = 0, s = start, g = lo * pow(hi / lo, bm_unit()), zero[3] = { 0, 0, 0 }, p[3], qa[4], qb[4];
        vccd_distance_result r;
        double ms;
        for (int k = 0; k < 3; k++) {
            u[k] = bm_normal();
            nu += u[k] * u[k];
        }
        for (int k = 0; k < 3; k++)
            u[k] /= sqrt(nu);
        random_quat(qa);
        random_quat(qb);
        set_pose(&pa[i], qa, zero);
        for (int it = 0; it < 60; it++) {
            for (int k = 0; k < 3; k++)
                p[k] = s * u[k];
            set_pose(&pb[i], qb, p);
            if (query(&r, ha, &pa[i], hb, &pb[i], type, &ms) != 0)
                return -1;
            if (r.upper <= 1.05 * g || r.lower <= g)
                break;
            s -= r.lower - g;
        }
        gap[i] = r.lower;
    }
    return 0;
}

static int
part_distance(const bm_opts *o, const vccd_mesh *m)
{
    int nt = vccd_bv_type_count(), bad = 0;
    long n = o->poses;
    vccd_bvh h[2];
    vccd_bvh_opts bo;
    vccd_error e;
    vccd_pose *pa = malloc((size_t)n * sizeof *pa), *pb = malloc((size_t)n * sizeof *pb);
    double *gap = malloc((size_t)n * sizeof *gap), *ms = malloc((size_t)n * sizeof *ms);
    double (*lo)[2 * VCCD_BV_MAX] = malloc((size_t)n * sizeof *lo), (*up)[2 * VCCD_BV_MAX] = malloc((size_t)n * sizeof *up);
    double base, meds[2][VCCD_BV_MAX];

    if (!pa || !pb || !gap || !ms || !lo || !up) {
        fprintf(stderr, "vccd: out of memory\n");
        return -1;
    }
    for (int s = 0; s < 2; s++) {
        vccd_bvh_opts_init(&bo);
        bo.split = (vccd_bvh_split)s;
        if (vccd_bvh_build(&h[s], m, &bo, &e) != 0) {
            fprintf(stderr, "vccd: %s\n", e.msg);
            return -1;
        }
    }
    if (make_poses(pa, pb, gap, n, &h[1], &h[1], vccd_bv_type_find("kdop18"), 0.01, 1.0, 40.0) != 0)
        return -1;
    qsort(memcpy(ms, gap, (size_t)n * sizeof *ms), (size_t)n, sizeof *ms, cmp_double);
    printf("\n== distance: two %ss, %ld random poses, lower bounds %.3g .. %.3g (median %.3g); target: median < 2 ms\n",
           o->mesh, n, ms[0], ms[n - 1], ms[n / 2]);
    printf("%-7s %-7s %9s %9s %9s %11s %11s %12s\n", "split", "bv", "median_ms", "mean_ms", "max_ms", "bv_tests",
           "tri_tests", "max_rel_width");
    for (int s = 1; s >= 0; s--)
        for (int ty = 0; ty < nt; ty++) {
            double mean = 0, mx = 0, bvt = 0, trt = 0, width = 0, med;
            for (long i = 0; i < n; i++) {
                vccd_distance_result r;
                if (query(&r, &h[s], &pa[i], &h[s], &pb[i], ty, &ms[i]) != 0)
                    return -1;
                lo[i][2 * ty + s] = r.lower;
                up[i][2 * ty + s] = r.upper;
                mean += ms[i] / (double)n;
                mx = ms[i] > mx ? ms[i] : mx;
                bvt += (double)r.bv_tests / (double)n;
                trt += (double)r.tri_tests / (double)n;
                if (r.upper > 0 && (r.upper - r.lower) / r.upper > width)
                    width = (r.upper - r.lower) / r.upper;
            }
            med = median(ms, n);
            meds[s][ty] = med;
            printf("%-7s %-7s %9.3f %9.3f %9.3f %11.0f %11.0f %12.2g\n", s ? "sah" : "median",
                   vccd_bv_type_get(ty)->name, med, mean, mx, bvt, trt, width);
            csv_row(o, "distance", o->mesh, vccd_bv_type_get(ty)->name, s ? "sah" : "median", "median_ms", med);
            csv_row(o, "distance", o->mesh, vccd_bv_type_get(ty)->name, s ? "sah" : "median", "mean_tri_tests", trt);
        }
    base = meds[1][vccd_bv_type_find("obb")];
    printf("median time over sah/obb:");
    for (int ty = 0; ty < nt; ty++)
        printf(" %s %.2f", vccd_bv_type_get(ty)->name, meds[1][ty] / base);
    printf("; median/sah per type:");
    for (int ty = 0; ty < nt; ty++)
        printf(" %s %.2f", vccd_bv_type_get(ty)->name, meds[0][ty] / meds[1][ty]);
    printf("\n");
    /* The leaf size, on the default split and BV type. */
    printf("leaf size (sah, obb): median_ms");
    for (int leaf = 1; leaf <= 16; leaf *= 2) {
        vccd_bvh hl;
        int ob = vccd_bv_type_find("obb");
        vccd_bvh_opts_init(&bo);
        bo.leaf_size = leaf;
        bo.types = 1u << ob;
        if (vccd_bvh_build(&hl, m, &bo, &e) != 0) {
            fprintf(stderr, "vccd: %s\n", e.msg);
            return -1;
        }
        for (long i = 0; i < n; i++) {
            vccd_distance_result r;
            if (query(&r, &hl, &pa[i], &hl, &pb[i], ob, &ms[i]) != 0)
                return -1;
        }
        printf(" %d: %.3f", leaf, median(ms, n));
        {
            char name[16];
            snprintf(name, sizeof name, "leaf%d", leaf);
            csv_row(o, "distance", o->mesh, "obb", name, "median_ms", median(ms, n));
        }
        vccd_bvh_clear(&hl);
    }
    printf("\n");
#ifdef HAVE_FCL
    /* FCL's distance() on the same poses (its OBBRSS tree; midpoints of
       the pose enclosures, plain doubles): time, and where its number
       falls relative to vccd's proven interval (sah/obb). */
    {
        vccd_fcl_model *fm;
        double t0 = vccd_clock_now(), build_ms, worst = 0.0;
        long outside = 0;
        int ob = vccd_bv_type_find("obb");
        fm = vccd_fcl_model_new(m);
        build_ms = 1e3 * (vccd_clock_now() - t0);
        if (!fm) {
            fprintf(stderr, "vccd: FCL could not build its model\n");
            return -1;
        }
        for (long i = 0; i < n; i++) {
            double Ra[9], Rb[9], oa[3], ob3[3], d;
            for (int k = 0; k < 9; k++) {
                Ra[k] = 0.5 * pa[i].R.m[k].lo + 0.5 * pa[i].R.m[k].hi;
                Rb[k] = 0.5 * pb[i].R.m[k].lo + 0.5 * pb[i].R.m[k].hi;
            }
            for (int k = 0; k < 3; k++) {
                oa[k] = 0.5 * pa[i].o.c[k].lo + 0.5 * pa[i].o.c[k].hi;
                ob3[k] = 0.5 * pb[i].o.c[k].lo + 0.5 * pb[i].o.c[k].hi;
            }
            t0 = vccd_clock_now();
            d = vccd_fcl_distance(fm, Ra, oa, fm, Rb, ob3);
            ms[i] = 1e3 * (vccd_clock_now() - t0);
            if (d < lo[i][2 * ob + 1] || d > up[i][2 * ob + 1]) {
                double dev = d < lo[i][2 * ob + 1] ? lo[i][2 * ob + 1] - d : d - up[i][2 * ob + 1];
                outside++;
                worst = dev / up[i][2 * ob + 1] > worst ? dev / up[i][2 * ob + 1] : worst;
            }
        }
        {
            double med = median(ms, n);
            printf("FCL distance() (OBBRSS, NON-RIGOROUS): build %.1f ms, median %.3f ms = %.2fx sah/obb; "
                   "outside vccd's interval on %ld of %ld poses (worst %.2g relative)\n",
                   build_ms, med, med / base, outside, n, worst);
            csv_row(o, "distance", o->mesh, "fcl", "", "median_ms", med);
            csv_row(o, "distance", o->mesh, "fcl", "", "build_ms", build_ms);
            csv_row(o, "distance", o->mesh, "fcl", "", "outside_interval", (double)outside);
        }
        vccd_fcl_model_free(fm);
    }
#endif
    /* Every method answers about the same true distance: the intervals
       must intersect.  Anything else is a bug. */
    for (long i = 0; i < n; i++)
        for (int a = 0; a < 2 * nt; a++)
            for (int b = 0; b < 2 * nt; b++)
                if (lo[i][a] > up[i][b]) {
                    printf("BUG: pose %ld: methods %d and %d disagree: [%.17g, %.17g] vs [%.17g, %.17g]\n", i, a, b,
                           lo[i][a], up[i][a], lo[i][b], up[i][b]);
                    bad = 1;
                }
    for (int s = 0; s < 2; s++)
        vccd_bvh_clear(&h[s]);
    free(pa), free(pb), free(gap), free(ms), free(lo), free(up);
    return bad;
}

/* The tetrahedron (scaled into the bunny's size) against the bunny:
   brute force over all pairs beside the BVH. */
static int
part_brute(const bm_opts *o)
{
    vccd_mesh ma, mb;
    vccd_mesh_load_opts lo = { VCCD_MESH_DEGENERATE_KEEP, VCCD_MESH_CENTER_NONE, 0.05 };
    vccd_bvh ha, hb;
    vccd_bvh_opts bo;
    vccd_error e;
    vccd_pose pa, pb;
    vccd_distance_result r, rb;
    double gap, ms_brute, ms, blo, bup;
    int bad = 0;

    if (vccd_mesh_load(&ma, "tetrahedron", &lo, &e) != 0 || vccd_mesh_load(&mb, o->brute, NULL, &e) != 0) {
        fprintf(stderr, "vccd: %s\n", e.msg);
        return -1;
    }
    vccd_bvh_opts_init(&bo);
    if (vccd_bvh_build(&ha, &ma, &bo, &e) != 0 || vccd_bvh_build(&hb, &mb, &bo, &e) != 0) {
        fprintf(stderr, "vccd: %s\n", e.msg);
        return -1;
    }
    if (make_poses(&pa, &pb, &gap, 1, &ha, &hb, vccd_bv_type_find("kdop18"), 0.005, 0.02, 0.5) != 0
        || query(&rb, &ha, &pa, &hb, &pb, -1, &ms_brute) != 0)
        return -1;
    printf("\n== brute force: tetrahedron (radius 0.05) vs %s, %ld triangle pairs, distance in [%.6g, %.6g]\n",
           o->brute, ma.nt * mb.nt, rb.lower, rb.upper);
    printf("%-8s %10s %11s %10s\n", "method", "ms", "tri_tests", "brute/x");
    printf("%-8s %10.3f %11ld %10.1f\n", "brute", ms_brute, rb.tri_tests, 1.0);
    csv_row(o, "brute", "tetrahedron-bunny", "brute", "", "ms", ms_brute);
    blo = rb.lower;
    bup = rb.upper;
    for (int ty = 0; ty < vccd_bv_type_count(); ty++) {
        if (query(&r, &ha, &pa, &hb, &pb, ty, &ms) != 0)
            return -1;
        printf("%-8s %10.3f %11ld %10.0f\n", vccd_bv_type_get(ty)->name, ms, r.tri_tests, ms_brute / ms);
        csv_row(o, "brute", "tetrahedron-bunny", vccd_bv_type_get(ty)->name, "sah", "ms", ms);
        if (r.lower > bup || blo > r.upper) {
            printf("BUG: %s [%.17g, %.17g] vs brute [%.17g, %.17g]\n", vccd_bv_type_get(ty)->name, r.lower, r.upper,
                   blo, bup);
            bad = 1;
        }
    }
    vccd_bvh_clear(&ha);
    vccd_bvh_clear(&hb);
    vccd_mesh_clear(&ma);
    vccd_mesh_clear(&mb);
    return bad;
}

int
vccd_bench_mesh(int argc, char **argv)
{
    bm_opts o = { 0, 0, 1, NULL, "dragon", "bunny" };
    const char *csv = NULL;
    vccd_mesh m;
    double ms;
    int rc = 0, seen = 0;
    long n;

    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(opt, "mesh") == 0 && !seen) {
            seen = 1;
        } else if (strcmp(opt, "--quick") == 0) {
            o.quick = 1;
        } else if (strcmp(opt, "--csv") == 0 || strcmp(opt, "--poses") == 0 || strcmp(opt, "--seed") == 0
                   || strcmp(opt, "--mesh") == 0 || strcmp(opt, "--brute-mesh") == 0) {
            if (!val)
                return vccd_cli_usage_error("bench: option %s needs a value", opt);
            i++;
            if (opt[2] == 'c')
                csv = val;
            else if (opt[2] == 'm')
                o.mesh = val;
            else if (opt[2] == 'b')
                o.brute = val;
            else if (vccd_cli_parse_long(&n, opt, val, opt[2] == 'p' ? 1 : 0,
                                         opt[2] == 'p' ? 100000L : 4294967295L) != 0)
                return VCCD_EXIT_USAGE;
            else if (opt[2] == 'p')
                o.poses = n;
            else
                o.seed = (unsigned long)n;
        } else {
            return vccd_bench_bad_arg(opt);
        }
    }
    if (!o.poses)
        o.poses = o.quick ? 5 : 100;
    bm_state = 0x9e3779b97f4a7c15ULL ^ (unsigned long long)o.seed * 0xbf58476d1ce4e5b9ULL;
    if (!bm_state)
        bm_state = 1;
    if (csv) {
        if (!(o.csv = fopen(csv, "w"))) {
            perror(csv);
            return VCCD_EXIT_USAGE;
        }
        fputs("section,mesh,bv,split,metric,value\n", o.csv);
    }
#ifdef HAVE_FCL
    printf("vccd bench mesh: seed %lu%s (with FCL's distance() for comparison)\n", o.seed,
           o.quick ? ", quick (no load timing)" : "");
#else
    printf("vccd bench mesh: seed %lu%s (FCL's distance() not compared: built without FCL)\n", o.seed,
           o.quick ? ", quick (no load timing)" : "");
#endif
    if (!o.quick)
        part_load(&o);
    /* icosphere:7 and :8 take seconds: left out of --quick (make check) */
    if (!o.quick && part_scale(&o) != 0)
        rc = VCCD_EXIT_USAGE;
    else if (load(&m, o.mesh, &ms) != 0)
        rc = VCCD_EXIT_USAGE;
    else {
        if (part_build(&o, &m) != 0 || (rc = part_distance(&o, &m)) < 0)
            rc = VCCD_EXIT_USAGE;
        vccd_mesh_clear(&m);
    }
    if (rc == 0) {
        int b = part_brute(&o);
        rc = b < 0 ? VCCD_EXIT_USAGE : b;
    }
    if (o.csv && fclose(o.csv) != 0) {
        perror(csv);
        rc = VCCD_EXIT_FAIL;
    }
    return rc;
}
