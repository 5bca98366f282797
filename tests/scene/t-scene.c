/* t-scene.c -- the whole-scene query (lib/scene/): self-contact against
   brute force on small deforming meshes (a folded strip, a twisted and
   crumpled ribbon, a sheet folded through itself at t = 1, two sheets
   passing through each other as one scene), each with seeded noise:
   - the broad phase finds every pair the brute force does not answer
     none (every vertex-face pair with the vertex off the face, every
     edge pair sharing no vertex), for both ways (tree, sweep), 1, 3 and
     automatic time slices, min_separation 0 and 0.01;
   - its candidates are sorted, unique, non-incident, and the same for
     both ways and for 1 and 2 threads;
   - each candidate's answer is the brute force's for that pair, bit for
     bit, and the scene's answer is the brute force's least lo;
   - the earliest-contact search alone agrees with every pair's;
   - the slice boxes and the pairs' lower time bounds hold the exact
     positions (MPFR), also at adversarial scales;
   - the frames' errors name both files. */
#include <fenv.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bvh/refgeom.h"
#include "scene/scene_impl.h"
#include "testutil.h"
#include "vccd/scene.h"

#ifdef _OPENMP
#include <omp.h>
#endif

#define PI 3.14159265358979323846

static double rnd(double lo, double hi) { return lo + (hi - lo) * tu_unit(); }

/* An nx x ny grid sheet in [0, 1] x [0, w] (z = 0) at frame 0. */
static long
grid(double (*v)[3], vccd_mesh_index (*f)[3], long *nf, int nx, int ny, double w, long base)
{
    long nv = 0;
    for (int j = 0; j <= ny; j++)
        for (int i = 0; i <= nx; i++) {
            v[nv][0] = (double)i / nx;
            v[nv][1] = w * j / ny;
            v[nv][2] = 0.0;
            nv++;
        }
    for (int j = 0; j < ny; j++)
        for (int i = 0; i < nx; i++) {
            vccd_mesh_index a = (vccd_mesh_index)(base + j * (nx + 1) + i), b = a + 1, c = a + nx + 1, d = c + 1;
            f[*nf][0] = a;
            f[*nf][1] = b;
            f[*nf][2] = d;
            (*nf)++;
            f[*nf][0] = a;
            f[*nf][1] = d;
            f[*nf][2] = c;
            (*nf)++;
        }
    return nv;
}

enum { FOLD, TWIST, THROUGH, TWO, NSCENES };
static const char *const scene_name[NSCENES] = { "folded strip", "twisted ribbon", "sheet through itself",
                                                 "two sheets" };

/* Scene kind into s, noise 1e-3 of the size on every coordinate (and
   none in a third of the cases, so that exact coplanarity occurs too). */
static void
make_scene(vccd_scene *s, int kind)
{
    double v0[400][3], v1[400][3];
    vccd_mesh_index f[800][3];
    long nv = 0, nf = 0;
    double noise = tu_ulong() % 3 ? 1e-3 : 0.0;
    vccd_error e;

    if (kind == FOLD || kind == TWIST) {
        nv = grid(v0, f, &nf, 16, 2, 0.15, 0);
        for (long i = 0; i < nv; i++) {
            double x = v0[i][0], y = v0[i][1], th;
            if (kind == FOLD) {
                /* the far half turned by 190 degrees about x = 0.5, through
                   the near half */
                th = x > 0.5 ? 190.0 * PI / 180 : 0.0;
                v1[i][0] = 0.5 + (x - 0.5) * cos(th);
                v1[i][1] = y;
                v1[i][2] = (x - 0.5) * sin(th);
            } else {
                /* two turns of twist about the strip's axis, and the strip
                   crumpled to a third of its length */
                th = 4.0 * PI * x;
                v1[i][0] = 0.3 * x + 0.05 * sin(12.0 * x);
                v1[i][1] = 0.075 + (y - 0.075) * cos(th);
                v1[i][2] = (y - 0.075) * sin(th);
            }
        }
    } else if (kind == THROUGH) {
        nv = grid(v0, f, &nf, 8, 8, 1.0, 0);
        for (long i = 0; i < nv; i++) {
            double x = v0[i][0], y = v0[i][1];
            /* the right half folded over the left and beyond, dipping
               through it */
            v1[i][0] = x < 0.5 ? x : 1.1 - x;
            v1[i][1] = y;
            v1[i][2] = x < 0.5 ? 0.0 : 0.3 * (y - 0.5);
        }
    } else {
        long n0 = grid(v0, f, &nf, 6, 6, 1.0, 0), n1;
        n1 = grid(v0 + n0, f, &nf, 6, 6, 1.0, n0);
        nv = n0 + n1;
        for (long i = 0; i < nv; i++) {
            /* the second sheet tilted, above the first, falling through it */
            if (i >= n0) {
                v0[i][2] = 0.2 + 0.1 * v0[i][0];
                v0[i][0] += 0.3;
            }
            v1[i][0] = v0[i][0];
            v1[i][1] = v0[i][1];
            v1[i][2] = i >= n0 ? v0[i][2] - 0.45 : 0.05 * v0[i][1];
        }
    }
    for (long i = 0; i < nv; i++)
        for (int k = 0; k < 3; k++) {
            v0[i][k] += noise * rnd(-1, 1);
            v1[i][k] += noise * rnd(-1, 1);
        }
    TU_CHECK(vccd_scene_init_arrays(s, scene_name[kind], (const double (*)[3])v0, (const double (*)[3])v1, nv,
                                    (const vccd_mesh_index (*)[3])f, nf, &e) == 0, "%s: %s", scene_name[kind], e.msg);
}

/* Every pair the scene has (the brute force's), slice 0 of 1. */
static void
all_pairs(vccd_scene_candidates *c, const vccd_scene *s)
{
    const vccd_mesh *m = &s->mesh;
    long n = 0, cap = m->nv * m->nt + m->ne * m->ne;
    memset(c, 0, sizeof *c);
    c->p = malloc((size_t)cap * sizeof *c->p);
    ck_assert(c->p != NULL);
    for (long v = 0; v < m->nv; v++)
        for (long f = 0; f < m->nt; f++)
            if (m->t[f][0] != v && m->t[f][1] != v && m->t[f][2] != v)
                c->p[n++] = (vccd_scene_pair){ VCCD_FEATURE_VF, (vccd_mesh_index)v, (vccd_mesh_index)f, 0 };
    c->nvf = n;
    for (long a = 0; a < m->ne; a++)
        for (long b = a + 1; b < m->ne; b++) {
            const vccd_mesh_index *x = m->e[a].v, *y = m->e[b].v;
            if (x[0] != y[0] && x[0] != y[1] && x[1] != y[0] && x[1] != y[1])
                c->p[n++] = (vccd_scene_pair){ VCCD_FEATURE_EE, (vccd_mesh_index)a, (vccd_mesh_index)b, 0 };
        }
    c->n = n;
    c->nee = n - c->nvf;
    c->slices = 1;
    c->min_separation = INFINITY;       /* nothing left out */
}

#define cmp_pair vccd_scene_pair_cmp

static int
same_pairs(const vccd_scene_candidates *x, const vccd_scene_candidates *y)
{
    if (x->n != y->n)
        return 0;
    for (long i = 0; i < x->n; i++)
        if (cmp_pair(&x->p[i], &y->p[i]) || x->p[i].slice != y->p[i].slice)
            return 0;
    return 1;
}

/* x(t) = p0 + t (p1 - p0) in MPFR (exact at 2200 bits for doubles and
   t a double). */
static void
exact_pos(mpfr_t x, double p0, double p1, double t)
{
    mpfr_t u;
    mpfr_init2(u, 2200);
    mpfr_set_d(u, p1, MPFR_RNDN);
    mpfr_sub_d(u, u, p0, MPFR_RNDN);
    mpfr_mul_d(u, u, t, MPFR_RNDN);
    mpfr_add_d(x, u, p0, MPFR_RNDN);
    mpfr_clear(u);
}

/* Are the features of pair p more than d apart on some axis over each
   of the slices [k / n, (k + 1) / n], by their exact boxes (MPFR): a
   proof, independent of the broad phase's intervals, that they never
   come within d. */
static int
apart_exactly(const vccd_scene *s, vccd_scene_pair p, int n, double d)
{
    double x0[4][3], x1[4][3];
    int na = p.kind == VCCD_FEATURE_VF ? 1 : 2, ok = 1;
    mpfr_t lo[2], hi[2], x;
    mpfr_inits2(2200, lo[0], hi[0], lo[1], hi[1], x, (mpfr_ptr)0);
    vccd_scene_pair_points(x0, x1, s, p);
    for (int k = 0; k < n && ok; k++) {
        double ta = sc_slice_time(k, n), tb = sc_slice_time(k + 1, n);
        int apart = 0;
        for (int c = 0; c < 3 && !apart; c++) {
            for (int f = 0; f < 2; f++) {
                mpfr_set_inf(lo[f], 1);
                mpfr_set_inf(hi[f], -1);
            }
            for (int i = 0; i < 4; i++)
                for (int e = 0; e < 2; e++) {
                    int f = i >= na;
                    exact_pos(x, x0[i][c], x1[i][c], e ? tb : ta);
                    mpfr_min(lo[f], lo[f], x, MPFR_RNDN);
                    mpfr_max(hi[f], hi[f], x, MPFR_RNDN);
                }
            for (int f = 0; f < 2 && !apart; f++) {
                mpfr_sub(x, lo[!f], hi[f], MPFR_RNDN);
                apart = mpfr_cmp_d(x, d) > 0;
            }
        }
        ok = apart;
    }
    mpfr_clears(lo[0], hi[0], lo[1], hi[1], x, (mpfr_ptr)0);
    return ok;
}

static long left_possible;

/* Pair j of all was left out by the broad phase: it must not touch.
   Certified is a contradiction.  The binary64 solve may answer possible
   where the features pass closer than it resolves (a ribbon's twist
   takes vertices across its axis 1e-17 apart); then the exact boxes of
   the broad phase's slices must still be apart. */
static void
check_left_out(const vccd_scene *s, const vccd_scene_candidates *all, const vccd_scene_pair_answer *rb, long j,
               double d, const char *name, const vccd_scene_broad_opts *bo, int slices)
{
    if (rb[j].status == VCCD_TOC_NONE)
        return;
    TU_CHECK(rb[j].status != VCCD_TOC_CERTIFIED, "%s, %s, slices %d, d %g: pair (%s %ld %ld) left out, certified [%a, %a]",
             name, vccd_scene_broad_method_name(bo->method), slices, d,
             all->p[j].kind == VCCD_FEATURE_VF ? "vf" : "ee", (long)all->p[j].a, (long)all->p[j].b, rb[j].lo, rb[j].hi);
    TU_CHECK(apart_exactly(s, all->p[j], slices, d), "%s, %s, slices %d, d %g: pair (%s %ld %ld) left out, possible "
             "[%a, %a], and its exact boxes meet", name, vccd_scene_broad_method_name(bo->method), slices, d,
             all->p[j].kind == VCCD_FEATURE_VF ? "vf" : "ee", (long)all->p[j].a, (long)all->p[j].b, rb[j].lo,
             rb[j].hi);
    left_possible++;
}

START_TEST(test_brute)
{
    long reps = tu_iters(4) > 1 ? 2 : 1, checked = 0, contacts = 0;
    for (long rep = 0; rep < reps; rep++)
        for (int kind = 0; kind < NSCENES; kind++)
            for (int di = 0; di < 2; di++) {
                vccd_scene s;
                vccd_scene_candidates all;
                vccd_scene_opts o;
                vccd_scene_answer ab;
                vccd_scene_pair_answer *rb;
                vccd_error e;
                double d = di ? 0.01 : 0.0;
                long nonnone = 0;

                make_scene(&s, kind);
                all_pairs(&all, &s);
                vccd_scene_opts_init(&o);
                o.min_separation = d;
                rb = malloc((size_t)all.n * sizeof *rb);
                ck_assert(rb != NULL);
                TU_CHECK(vccd_scene_toc(&ab, rb, &s, &all, &o, &e) == 0, "%s", e.msg);
                for (long i = 0; i < all.n; i++)
                    nonnone += rb[i].status != VCCD_TOC_NONE;
                contacts += nonnone;
                for (int method = 0; method < 2; method++)
                    for (int sl = 0; sl < 3; sl++) {
                        vccd_scene_broad_opts bo;
                        vccd_scene_candidates c, c1;
                        vccd_scene_pair_answer *r;
                        vccd_scene_answer a, ae;
                        vccd_toc_status exp_status;
                        double exp_lo, exp_hi;
                        long j = 0, exp_n;
                        vccd_scene_broad_opts_init(&bo);
                        bo.method = method ? VCCD_SCENE_BROAD_SWEEP : VCCD_SCENE_BROAD_TREE;
                        bo.slices = sl == 0 ? 1 : sl == 1 ? 3 : 0;
                        bo.min_separation = d;
                        tu_set_threads(2);
                        TU_CHECK(vccd_scene_broad(&c, &s, &bo, &e) == 0, "%s", e.msg);
                        tu_set_threads(1);
                        TU_CHECK(vccd_scene_broad(&c1, &s, &bo, &e) == 0, "%s", e.msg);
                        tu_set_threads(2);
                        TU_CHECK(same_pairs(&c, &c1), "%s, %s, slices %d, d %g: 1 and 2 threads differ",
                                 scene_name[kind], vccd_scene_broad_method_name(bo.method), bo.slices, d);
                        vccd_scene_candidates_clear(&c1);
                        /* the other way: the same candidates, slices too */
                        bo.method = method ? VCCD_SCENE_BROAD_TREE : VCCD_SCENE_BROAD_SWEEP;
                        TU_CHECK(vccd_scene_broad(&c1, &s, &bo, &e) == 0, "%s", e.msg);
                        TU_CHECK(same_pairs(&c, &c1), "%s, slices %d, d %g: tree and sweep differ (%ld, %ld candidates)",
                                 scene_name[kind], bo.slices, d, c.n, c1.n);
                        bo.method = method ? VCCD_SCENE_BROAD_SWEEP : VCCD_SCENE_BROAD_TREE;
                        vccd_scene_candidates_clear(&c1);
                        /* sorted, unique, each a pair of the scene: a
                           subsequence of the brute force's list */
                        for (long i = 0; i < c.n; i++) {
                            TU_CHECK(i == 0 || cmp_pair(&c.p[i - 1], &c.p[i]) < 0, "%s: candidates %ld, %ld unsorted",
                                     scene_name[kind], i - 1, i);
                            TU_CHECK(c.p[i].slice >= 0 && c.p[i].slice < c.slices, "slice %d of %d", c.p[i].slice,
                                     c.slices);
                            while (j < all.n && cmp_pair(&all.p[j], &c.p[i]) < 0) {
                                check_left_out(&s, &all, rb, j, d, scene_name[kind], &bo, c.slices);
                                j++;
                            }
                            TU_CHECK(j < all.n && cmp_pair(&all.p[j], &c.p[i]) == 0,
                                     "%s: candidate (%d %ld %ld) is no pair of the scene (incident?)",
                                     scene_name[kind], (int)c.p[i].kind, (long)c.p[i].a, (long)c.p[i].b);
                            j++;
                        }
                        for (; j < all.n; j++)
                            check_left_out(&s, &all, rb, j, d, scene_name[kind], &bo, c.slices);
                        /* the answers on the candidates: the brute force's */
                        r = malloc((size_t)(c.n > 0 ? c.n : 1) * sizeof *r);
                        ck_assert(r != NULL);
                        TU_CHECK(vccd_scene_toc(&a, r, &s, &c, &o, &e) == 0, "%s", e.msg);
                        exp_n = 0;
                        exp_status = VCCD_TOC_NONE;
                        exp_lo = exp_hi = 1.0;
                        for (long i = 0, k = 0; i < c.n; i++) {
                            while (cmp_pair(&all.p[k], &c.p[i]) < 0)
                                k++;
                            /* the scene's answer, by the brute force's on the
                               candidates (the pairs left out are proved apart
                               above) */
                            if (rb[k].status != VCCD_TOC_NONE) {
                                exp_n++;
                                exp_lo = exp_n == 1 || rb[k].lo < exp_lo ? rb[k].lo : exp_lo;
                                if (rb[k].status == VCCD_TOC_CERTIFIED)
                                    exp_hi = exp_status != VCCD_TOC_CERTIFIED || rb[k].hi < exp_hi ? rb[k].hi : exp_hi;
                                if (rb[k].status == VCCD_TOC_CERTIFIED || exp_status == VCCD_TOC_NONE)
                                    exp_status = rb[k].status;
                            }
                            TU_CHECK(r[i].status == rb[k].status && r[i].lo == rb[k].lo && r[i].hi == rb[k].hi,
                                     "%s: candidate %ld: %s [%a, %a], the brute force's %s [%a, %a]", scene_name[kind],
                                     i, vccd_toc_status_name(r[i].status), r[i].lo, r[i].hi,
                                     vccd_toc_status_name(rb[k].status), rb[k].lo, rb[k].hi);
                            checked++;
                        }
                        TU_CHECK(a.status == exp_status && a.lo == exp_lo && a.hi == exp_hi
                                 && a.certified + a.possible == exp_n,
                                 "%s, slices %d, d %g: scene %s [%a, %a] (%ld not none), brute force %s [%a, %a] (%ld)",
                                 scene_name[kind], c.slices, d, vccd_toc_status_name(a.status), a.lo, a.hi,
                                 a.certified + a.possible, vccd_toc_status_name(exp_status), exp_lo, exp_hi, exp_n);
                        /* the pairs left out are none or proved apart, so
                           the certified contacts are the brute force's */
                        TU_CHECK(a.certified == ab.certified && (ab.status != VCCD_TOC_CERTIFIED || a.hi == ab.hi),
                                 "%s: %ld certified, the brute force %ld", scene_name[kind], a.certified, ab.certified);
                        /* the earliest contact alone */
                        TU_CHECK(vccd_scene_toc(&ae, NULL, &s, &c, &o, &e) == 0, "%s", e.msg);
                        TU_CHECK(ae.status == a.status && (a.status == VCCD_TOC_NONE
                                                           || (ae.lo <= a.hi && a.lo <= ae.hi && ae.lo >= 0.0)),
                                 "%s: earliest alone %s [%a, %a], every pair %s [%a, %a]", scene_name[kind],
                                 vccd_toc_status_name(ae.status), ae.lo, ae.hi, vccd_toc_status_name(a.status), a.lo,
                                 a.hi);
                        /* each pair's lower bound is below its contact */
                        for (long i = 0; i < c.n; i++)
                            if (r[i].status == VCCD_TOC_CERTIFIED) {
                                double t = sc_pair_lower(&s, c.p[i], sc_slice_time(c.p[i].slice, c.slices), d);
                                TU_CHECK(t <= r[i].hi, "%s: candidate %ld: bound %a after its contact [%a, %a]",
                                         scene_name[kind], i, t, r[i].lo, r[i].hi);
                            }
                        free(r);
                        vccd_scene_candidates_clear(&c);
                    }
                free(rb);
                vccd_scene_candidates_clear(&all);
                vccd_scene_clear(&s);
            }
    printf("scene: %ld candidate answers checked against the brute force, %ld pairs not none; %ld pairs left out "
           "answered possible, their exact boxes apart\n", checked, contacts, left_possible);
    TU_CHECK(contacts > 100, "only %ld pairs touch: the scenes test nothing", contacts);
}
END_TEST

/* The features of pair kind (0: vertex 0 against face 1 2 3; 1: edge 0
   1 against edge 2 3) of the scene v0 -> v1 are more than d apart at t:
   the exact positions (2200 bits) at the reference's REF_PREC, their
   distance (refgeom.h, an independent route), less a margin of 2^-300
   of the largest coordinate for that rounding. */
static void
check_apart(const double v0[4][3], const double v1[4][3], int kind, double t, double d, long it, double lb)
{
    rvec P[4];
    mpfr_t x, r, m;
    mpfr_inits2(2200, x, (mpfr_ptr)0);
    mpfr_inits2(REF_PREC, r, m, (mpfr_ptr)0);
    mpfr_set_zero(m, 1);
    for (int i = 0; i < 4; i++) {
        rv_init(&P[i]);
        for (int c = 0; c < 3; c++) {
            exact_pos(x, v0[i][c], v1[i][c], t);
            mpfr_set(P[i].x[c], x, MPFR_RNDN);
            mpfr_abs(x, x, MPFR_RNDN);
            if (mpfr_cmp(x, m) > 0)
                mpfr_set(m, x, MPFR_RNDU);
        }
    }
    if (kind)
        ref_seg_seg(r, &P[0], &P[1], &P[2], &P[3]);
    else
        ref_point_tri(r, &P[0], &P[1]);
    mpfr_sqrt(r, r, MPFR_RNDU);
    mpfr_mul_2si(m, m, -300, MPFR_RNDU);
    mpfr_add(r, r, m, MPFR_RNDU);
    TU_CHECK(mpfr_cmp_d(r, d) > 0, "case %ld: %s bound %a, but at %a the distance %s (with the margin) is not above d "
             "%a", it, kind ? "edge-edge" : "vertex-face", lb, t, tu_fmt_fr(r), d);
    for (int i = 0; i < 4; i++)
        rv_clear(&P[i]);
    mpfr_clears(x, r, m, (mpfr_ptr)0);
}

START_TEST(test_enclosures)
{
    long n = tu_iters(3000), bounded = 0;
    mpfr_t x, y;
    mpfr_inits2(2200, x, y, (mpfr_ptr)0);
    for (long it = 0; it < n; it++) {
        /* one face and one far vertex at an adversarial scale */
        static const double scales[] = { 1.0, 1e-300, 1e300, 1e-8, 3e5 };
        double sc = scales[it % 5], off = it % 7 == 0 ? 1e6 * sc : 0.0, v0[4][3], v1[4][3], ta, tb, d;
        vccd_mesh_index f[2][3] = { { 1, 2, 3 }, { 0, 1, 2 } };
        vccd_scene s;
        vccd_error e;
        sc_box b;
        int slices = 1 + (int)(tu_ulong() % 16), k = (int)(tu_ulong() % (unsigned long)slices);
        for (int i = 0; i < 4; i++)
            for (int c = 0; c < 3; c++) {
                v0[i][c] = off + sc * rnd(-1, 1);
                v1[i][c] = it % 4 == 0 ? v0[i][c] : off + sc * rnd(-1, 1);     /* zero width */
            }
        TU_CHECK(vccd_scene_init_arrays(&s, "random", (const double (*)[3])v0, (const double (*)[3])v1, 4,
                                        (const vccd_mesh_index (*)[3])f, 2, &e) == 0, "%s", e.msg);
        ta = sc_slice_time(k, slices);
        tb = sc_slice_time(k + 1, slices);
        d = it % 3 == 0 ? sc * rnd(0, 0.1) : 0.0;
        sc_vertex_box(&b, &s, 0, ta, tb, d);
        for (int j = 0; j < 5; j++) {
            double t = j == 0 ? ta : j == 1 ? tb : ta + (tb - ta) * tu_unit();
            for (int c = 0; c < 3; c++) {
                exact_pos(x, v0[0][c], v1[0][c], t);
                mpfr_add_d(y, x, d, MPFR_RNDN);
                TU_CHECK(mpfr_cmp_d(x, b.lo[c]) >= 0 && mpfr_cmp_d(y, b.hi[c]) <= 0,
                         "case %ld: slice %d/%d, t %a, axis %d: %s (+ d %a) outside [%a, %a]", it, k, slices, t, c,
                         tu_fmt_fr(x), d, b.lo[c], b.hi[c]);
            }
        }
        /* the pairs' bounds, vertex 0 against the face and edge (0 1)
           against edge (2 3): before the bound, the features are more
           than d apart (the MPFR distance of the exact positions) */
        for (int kind = 0; kind < 2; kind++) {
            vccd_scene_pair p = { kind ? VCCD_FEATURE_EE : VCCD_FEATURE_VF, 0, 0, k };
            double lb;
            if (kind) {
                vccd_mesh_index ab[2][2] = { { 0, 1 }, { 2, 3 } };
                int32_t ei[2] = { -1, -1 };
                for (int q = 0; q < 2; q++)
                    for (long i = 0; i < s.mesh.ne; i++)
                        if (s.mesh.e[i].v[0] == ab[q][0] && s.mesh.e[i].v[1] == ab[q][1])
                            ei[q] = (int32_t)i;
                ck_assert(ei[0] >= 0 && ei[1] >= 0);
                p.a = ei[0];
                p.b = ei[1];
            }
            lb = sc_pair_lower(&s, p, ta, d);
            TU_CHECK(lb >= ta && lb == lb, "case %ld: bound %a before the slice start %a", it, lb, ta);
            bounded += lb > ta;
            for (int j = 0; j < 4 && lb > ta; j++) {
                double t = ta + ((lb > 1.0 ? 1.0 : lb) - ta) * (j == 0 ? 0.0 : j == 1 ? 0.999 : tu_unit());
                check_apart(v0, v1, kind, t, d, it, lb);
            }
        }
        vccd_scene_clear(&s);
    }
    mpfr_clears(x, y, (mpfr_ptr)0);
    printf("scene: %ld random pairs, %ld with a lower time bound past their slice start, checked apart before it\n",
           2 * n, bounded);
    TU_CHECK(bounded * 10 > n, "only %ld of %ld bounds past the slice start: the check is vacuous", bounded, 2 * n);
}
END_TEST

/* The slice times: k / n rounded down, the same in every rounding mode
   (a worker thread may run in another mode than the caller), 0 and 1
   exact. */
START_TEST(test_slice_time)
{
    static const int modes[] = { FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO };
    mpfr_t x;
    long checked = 0;
    mpfr_init2(x, 128);
    for (int n = 1; n <= VCCD_SCENE_MAX_SLICES; n++)
        for (int k = 0; k <= n; k++) {
            double t[4];
            for (int m = 0; m < 4; m++) {
                fesetround(modes[m]);
                t[m] = sc_slice_time(k, n);
                fesetround(FE_TONEAREST);
            }
            /* t n <= k < next_up(t) n, exactly */
            mpfr_set_d(x, t[0], MPFR_RNDN);
            mpfr_mul_si(x, x, n, MPFR_RNDN);
            TU_CHECK(mpfr_cmp_si(x, k) <= 0, "slice %d of %d: %a is above k / n", k, n, t[0]);
            mpfr_set_d(x, nextafter(t[0], INFINITY), MPFR_RNDN);
            mpfr_mul_si(x, x, n, MPFR_RNDN);
            TU_CHECK(k == n || mpfr_cmp_si(x, k) > 0, "slice %d of %d: %a is not k / n rounded down", k, n, t[0]);
            for (int m = 1; m < 4; m++)
                TU_CHECK(t[m] == t[0], "slice %d of %d: %a in mode %d, %a to nearest", k, n, t[m], m, t[0]);
            TU_CHECK((k != 0 || t[0] == 0.0) && (k != n || t[0] == 1.0), "slice %d of %d: %a", k, n, t[0]);
            checked++;
        }
    mpfr_clear(x);
    printf("scene: %ld slice times checked in four rounding modes\n", checked);
}
END_TEST

static void
write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    ck_assert(f != NULL);
    fputs(text, f);
    fclose(f);
}

START_TEST(test_errors)
{
    char dir[256], p0[300], p1[300], p2[300];
    vccd_scene s;
    vccd_scene_candidates c;
    vccd_scene_broad_opts bo;
    vccd_error e;
    double v[3][3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } }, w[3][3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, NAN, 0 } };
    vccd_mesh_index f[1][3] = { { 0, 1, 2 } };

    ck_assert(tu_tmp_template(dir, sizeof dir, "t-scene") != NULL && mkdtemp(dir) != NULL);
    snprintf(p0, sizeof p0, "%s/a.obj", dir);
    snprintf(p1, sizeof p1, "%s/b.obj", dir);
    snprintf(p2, sizeof p2, "%s/c.obj", dir);
    write_file(p0, "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\nf 1 2 3\nf 2 4 3\n");
    write_file(p1, "v 0 0 1\nv 1 0 1\nv 0 1 1\nf 1 2 3\n");
    write_file(p2, "v 0 0 1\nv 1 0 1\nv 0 1 1\nv 1 1 1\nf 1 2 3\nf 2 3 4\n");
    TU_CHECK(vccd_scene_load_frames(&s, p0, p1, &e) != 0 && strstr(e.msg, p0) && strstr(e.msg, p1)
             && strstr(e.msg, "vertices"), "vertex counts: '%s'", e.msg);
    TU_CHECK(vccd_scene_load_frames(&s, p0, p2, &e) != 0 && strstr(e.msg, p0) && strstr(e.msg, p2)
             && strstr(e.msg, "face 1"), "faces: '%s'", e.msg);
    TU_CHECK(vccd_scene_load_frames(&s, p0, "/no/such/file.obj", &e) != 0 && strstr(e.msg, "/no/such/file.obj"),
             "missing: '%s'", e.msg);
    TU_CHECK(vccd_scene_init_arrays(&s, "nan", (const double (*)[3])v, (const double (*)[3])w, 3,
                                    (const vccd_mesh_index (*)[3])f, 1, &e) != 0 && strstr(e.msg, "NaN"),
             "NaN: '%s'", e.msg);
    TU_CHECK(vccd_scene_load_frames(&s, p0, p0, &e) == 0, "%s", e.msg);
    vccd_scene_broad_opts_init(&bo);
    bo.min_separation = -1.0;
    TU_CHECK(vccd_scene_broad(&c, &s, &bo, &e) != 0 && strstr(e.msg, "min_separation"), "'%s'", e.msg);
    bo.min_separation = 0.0;
    bo.max_candidates = -1;
    TU_CHECK(vccd_scene_broad(&c, &s, &bo, &e) != 0 && strstr(e.msg, "max_candidates"), "'%s'", e.msg);
    bo.max_candidates = 0;
    bo.slices = VCCD_SCENE_MAX_SLICES + 1;
    TU_CHECK(vccd_scene_broad(&c, &s, &bo, &e) != 0 && strstr(e.msg, "slices"), "'%s'", e.msg);
    /* a scene at rest: nothing touches (its two faces share an edge) */
    bo.slices = 0;
    TU_CHECK(vccd_scene_broad(&c, &s, &bo, &e) == 0, "%s", e.msg);
    {
        vccd_scene_opts o;
        vccd_scene_answer a;
        vccd_scene_opts_init(&o);
        TU_CHECK(vccd_scene_toc(&a, NULL, &s, &c, &o, &e) == 0 && a.status == VCCD_TOC_NONE, "rest: %s",
                 vccd_toc_status_name(a.status));
        /* a separation above the broad phase's: refused */
        o.min_separation = 0.5;
        TU_CHECK(vccd_scene_toc(&a, NULL, &s, &c, &o, &e) != 0 && strstr(e.msg, "broad phase"), "'%s'", e.msg);
        o.min_separation = 0.0;
        c.p = realloc(c.p, (c.n + 1) * sizeof *c.p);
        c.p[c.n++] = (vccd_scene_pair){ VCCD_FEATURE_VF, 7, 0, 0 };
        TU_CHECK(vccd_scene_toc(&a, NULL, &s, &c, &o, &e) != 0 && strstr(e.msg, "not a pair"), "'%s'", e.msg);
    }
    vccd_scene_candidates_clear(&c);
    vccd_scene_clear(&s);
    /* past the candidate budget: an error, for both ways, never a
       partial list */
    make_scene(&s, THROUGH);
    for (int method = 0; method < 2; method++) {
        vccd_scene_broad_opts_init(&bo);
        bo.method = method ? VCCD_SCENE_BROAD_SWEEP : VCCD_SCENE_BROAD_TREE;
        TU_CHECK(vccd_scene_broad(&c, &s, &bo, &e) == 0 && c.n > 10, "%s", e.msg);
        bo.max_candidates = c.n / 2;
        vccd_scene_candidates_clear(&c);
        TU_CHECK(vccd_scene_broad(&c, &s, &bo, &e) != 0 && strstr(e.msg, "max_candidates") && c.n == 0 && !c.p,
                 "budget: '%s'", e.msg);
    }
    vccd_scene_clear(&s);
    unlink(p0);
    unlink(p1);
    unlink(p2);
    rmdir(dir);
}
END_TEST

int
main(void)
{
    const TTest *tests[] = { test_brute, test_enclosures, test_slice_time, test_errors };
    return tu_main("scene", tests, (int)(sizeof tests / sizeof tests[0]));
}
