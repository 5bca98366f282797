/* refgeom.h -- the independent MPFR reference of the BV and distance
   tests: random small meshes, exactly known poses (integer quaternions),
   and triangle-triangle distances at REF_PREC bits, computed by a route
   that shares no code or formula with lib/bvh: the minimum of a convex
   quadratic over a square or triangle is at its interior stationary
   point or on the boundary, so segment-segment = min(interior point, the
   four end point to segment distances), point-triangle = min(interior
   projection, the three edges), and triangle-triangle = 0 if an edge
   crosses the other triangle, else the minimum over the 6 vertex-face
   and 9 edge-edge pairs. */
#ifndef REFGEOM_H
#define REFGEOM_H

#include <string.h>

#include "testutil.h"
#include "vccd.h"

#define REF_PREC 320

typedef struct { mpfr_t x[3]; } rvec;

static inline void rv_init(rvec *v) { for (int k = 0; k < 3; k++) mpfr_init2(v->x[k], REF_PREC); }
static inline void rv_clear(rvec *v) { for (int k = 0; k < 3; k++) mpfr_clear(v->x[k]); }
static inline void rv_sub(rvec *r, const rvec *a, const rvec *b) { for (int k = 0; k < 3; k++) mpfr_sub(r->x[k], a->x[k], b->x[k], MPFR_RNDN); }

static inline void
rv_dot(mpfr_t r, const rvec *a, const rvec *b)
{
    mpfr_t t;
    mpfr_init2(t, REF_PREC);
    mpfr_mul(r, a->x[0], b->x[0], MPFR_RNDN);
    for (int k = 1; k < 3; k++) {
        mpfr_mul(t, a->x[k], b->x[k], MPFR_RNDN);
        mpfr_add(r, r, t, MPFR_RNDN);
    }
    mpfr_clear(t);
}

/* r = a + s (b - a) + t (c - a) */
static inline void
rv_comb(rvec *r, const rvec *a, const rvec *b, const rvec *c, mpfr_t s, mpfr_t t)
{
    mpfr_t u;
    mpfr_init2(u, REF_PREC);
    for (int k = 0; k < 3; k++) {
        mpfr_sub(u, b->x[k], a->x[k], MPFR_RNDN);
        mpfr_mul(u, u, s, MPFR_RNDN);
        mpfr_add(u, u, a->x[k], MPFR_RNDN);
        if (c) {
            mpfr_t w;
            mpfr_init2(w, REF_PREC);
            mpfr_sub(w, c->x[k], a->x[k], MPFR_RNDN);
            mpfr_mul(w, w, t, MPFR_RNDN);
            mpfr_add(u, u, w, MPFR_RNDN);
            mpfr_clear(w);
        }
        mpfr_set(r->x[k], u, MPFR_RNDN);
    }
    mpfr_clear(u);
}

static inline void
rv_dist2(mpfr_t r, const rvec *a, const rvec *b)
{
    rvec d;
    rv_init(&d);
    rv_sub(&d, a, b);
    rv_dot(r, &d, &d);
    rv_clear(&d);
}

static inline void fr_min(mpfr_t r, mpfr_t x) { if (mpfr_cmp(x, r) < 0) mpfr_set(r, x, MPFR_RNDN); }

/* squared distance from x to segment [a, b] */
static inline void
ref_point_seg(mpfr_t r, const rvec *x, const rvec *a, const rvec *b)
{
    rvec d, w, p;
    mpfr_t t, l;
    rv_init(&d), rv_init(&w), rv_init(&p);
    mpfr_inits2(REF_PREC, t, l, (mpfr_ptr)0);
    rv_sub(&d, b, a);
    rv_sub(&w, x, a);
    rv_dot(l, &d, &d);
    rv_dot(t, &w, &d);
    if (mpfr_zero_p(l) || mpfr_sgn(t) <= 0)
        mpfr_set_ui(t, 0, MPFR_RNDN);
    else {
        mpfr_div(t, t, l, MPFR_RNDN);
        if (mpfr_cmp_ui(t, 1) > 0)
            mpfr_set_ui(t, 1, MPFR_RNDN);
    }
    rv_comb(&p, a, b, NULL, t, t);
    rv_dist2(r, x, &p);
    mpfr_clears(t, l, (mpfr_ptr)0);
    rv_clear(&d), rv_clear(&w), rv_clear(&p);
}

/* Solve [g11 g12; g12 g22] (s, t) = (h1, h2); 0 when singular. */
static inline int
ref_solve2(mpfr_t s, mpfr_t t, mpfr_t g11, mpfr_t g12, mpfr_t g22, mpfr_t h1, mpfr_t h2)
{
    mpfr_t den, u;
    int ok;
    mpfr_inits2(REF_PREC, den, u, (mpfr_ptr)0);
    mpfr_mul(den, g11, g22, MPFR_RNDN);
    mpfr_mul(u, g12, g12, MPFR_RNDN);
    mpfr_sub(den, den, u, MPFR_RNDN);
    /* relative singularity threshold: the boundary candidates cover it */
    mpfr_mul(u, g11, g22, MPFR_RNDN);
    mpfr_mul_2si(u, u, -200, MPFR_RNDN);
    ok = mpfr_cmp(den, u) > 0;
    if (ok) {
        mpfr_mul(s, h1, g22, MPFR_RNDN);
        mpfr_mul(u, h2, g12, MPFR_RNDN);
        mpfr_sub(s, s, u, MPFR_RNDN);
        mpfr_div(s, s, den, MPFR_RNDN);
        mpfr_mul(t, h2, g11, MPFR_RNDN);
        mpfr_mul(u, h1, g12, MPFR_RNDN);
        mpfr_sub(t, t, u, MPFR_RNDN);
        mpfr_div(t, t, den, MPFR_RNDN);
    }
    mpfr_clears(den, u, (mpfr_ptr)0);
    return ok;
}

/* squared distance of segments [a, b] and [c, d] */
static inline void
ref_seg_seg(mpfr_t r, const rvec *a, const rvec *b, const rvec *c, const rvec *d)
{
    mpfr_t x, s, t, g11, g12, g22, h1, h2;
    rvec u, v, w, p, q;
    mpfr_inits2(REF_PREC, x, s, t, g11, g12, g22, h1, h2, (mpfr_ptr)0);
    rv_init(&u), rv_init(&v), rv_init(&w), rv_init(&p), rv_init(&q);
    ref_point_seg(r, a, c, d);
    ref_point_seg(x, b, c, d);
    fr_min(r, x);
    ref_point_seg(x, c, a, b);
    fr_min(r, x);
    ref_point_seg(x, d, a, b);
    fr_min(r, x);
    /* interior: (a + s u) - (c + t v) orthogonal to u and v */
    rv_sub(&u, b, a);
    rv_sub(&v, d, c);
    rv_sub(&w, c, a);
    rv_dot(g11, &u, &u);
    rv_dot(g12, &u, &v);
    rv_dot(g22, &v, &v);
    rv_dot(h1, &w, &u);
    rv_dot(h2, &w, &v);
    mpfr_neg(h2, h2, MPFR_RNDN);
    mpfr_neg(g12, g12, MPFR_RNDN);      /* [g11 -g12; -g12 g22] (s, t) = (w.u, -w.v) */
    if (ref_solve2(s, t, g11, g12, g22, h1, h2) && mpfr_sgn(s) > 0 && mpfr_cmp_ui(s, 1) < 0 && mpfr_sgn(t) > 0
        && mpfr_cmp_ui(t, 1) < 0) {
        rv_comb(&p, a, b, NULL, s, s);
        rv_comb(&q, c, d, NULL, t, t);
        rv_dist2(x, &p, &q);
        fr_min(r, x);
    }
    mpfr_clears(x, s, t, g11, g12, g22, h1, h2, (mpfr_ptr)0);
    rv_clear(&u), rv_clear(&v), rv_clear(&w), rv_clear(&p), rv_clear(&q);
}

/* squared distance of x to triangle t */
static inline void
ref_point_tri(mpfr_t r, const rvec *x, const rvec t[3])
{
    mpfr_t y, s, u, g11, g12, g22, h1, h2;
    rvec e1, e2, w, p;
    mpfr_inits2(REF_PREC, y, s, u, g11, g12, g22, h1, h2, (mpfr_ptr)0);
    rv_init(&e1), rv_init(&e2), rv_init(&w), rv_init(&p);
    ref_point_seg(r, x, &t[0], &t[1]);
    ref_point_seg(y, x, &t[1], &t[2]);
    fr_min(r, y);
    ref_point_seg(y, x, &t[2], &t[0]);
    fr_min(r, y);
    rv_sub(&e1, &t[1], &t[0]);
    rv_sub(&e2, &t[2], &t[0]);
    rv_sub(&w, x, &t[0]);
    rv_dot(g11, &e1, &e1);
    rv_dot(g12, &e1, &e2);
    rv_dot(g22, &e2, &e2);
    rv_dot(h1, &w, &e1);
    rv_dot(h2, &w, &e2);
    if (ref_solve2(s, u, g11, g12, g22, h1, h2) && mpfr_sgn(s) >= 0 && mpfr_sgn(u) >= 0) {
        mpfr_add(y, s, u, MPFR_RNDN);
        if (mpfr_cmp_ui(y, 1) <= 0) {
            rv_comb(&p, &t[0], &t[1], &t[2], s, u);
            rv_dist2(y, x, &p);
            fr_min(r, y);
        }
    }
    mpfr_clears(y, s, u, g11, g12, g22, h1, h2, (mpfr_ptr)0);
    rv_clear(&e1), rv_clear(&e2), rv_clear(&w), rv_clear(&p);
}

/* orientation determinant of (b - a, c - a, d - a), and the sum of the
   magnitudes of its terms (the scale its rounding is relative to) */
static inline void
ref_orient(mpfr_t r, mpfr_t mag, const rvec *a, const rvec *b, const rvec *c, const rvec *d)
{
    rvec u, v, w;
    mpfr_t t;
    static const int p[6][3] = { { 0, 1, 2 }, { 1, 2, 0 }, { 2, 0, 1 }, { 0, 2, 1 }, { 2, 1, 0 }, { 1, 0, 2 } };
    rv_init(&u), rv_init(&v), rv_init(&w);
    mpfr_init2(t, REF_PREC);
    rv_sub(&u, b, a);
    rv_sub(&v, c, a);
    rv_sub(&w, d, a);
    mpfr_set_ui(r, 0, MPFR_RNDN);
    mpfr_set_ui(mag, 0, MPFR_RNDN);
    for (int i = 0; i < 6; i++) {
        mpfr_mul(t, u.x[p[i][0]], v.x[p[i][1]], MPFR_RNDN);
        mpfr_mul(t, t, w.x[p[i][2]], MPFR_RNDN);
        if (i >= 3)
            mpfr_neg(t, t, MPFR_RNDN);
        mpfr_add(r, r, t, MPFR_RNDN);
        mpfr_abs(t, t, MPFR_RNDN);
        mpfr_add(mag, mag, t, MPFR_RNDN);
    }
    mpfr_clear(t);
    rv_clear(&u), rv_clear(&v), rv_clear(&w);
}

/* sign of the orientation: +1, -1, or 0 when it is within the
   reference's own rounding (2^-(REF_PREC - 80) of the term magnitudes,
   far above REF_PREC-bit errors of the points and the terms) */
static inline int
ref_sign(const rvec *a, const rvec *b, const rvec *c, const rvec *d)
{
    mpfr_t r, m;
    int s;
    mpfr_inits2(REF_PREC, r, m, (mpfr_ptr)0);
    ref_orient(r, m, a, b, c, d);
    mpfr_mul_2si(m, m, -(REF_PREC - 80), MPFR_RNDN);
    s = mpfr_cmpabs(r, m) <= 0 ? 0 : mpfr_sgn(r);
    mpfr_clears(r, m, (mpfr_ptr)0);
    return s;
}

/* 2: segment certainly crosses the triangle; 1: maybe (a sign within
   the reference's rounding); 0: certainly not (some sign rules it out) */
static inline int
ref_edge_crosses(const rvec *e0, const rvec *e1, const rvec t[3])
{
    int s0 = ref_sign(&t[0], &t[1], &t[2], e0), s1 = ref_sign(&t[0], &t[1], &t[2], e1), o[3], maybe = 0;
    if (s0 != 0 && s0 == s1)
        return 0;
    maybe = s0 == 0 || s1 == 0;
    o[0] = ref_sign(e0, e1, &t[0], &t[1]);
    o[1] = ref_sign(e0, e1, &t[1], &t[2]);
    o[2] = ref_sign(e0, e1, &t[2], &t[0]);
    if ((o[0] > 0 || o[1] > 0 || o[2] > 0) && (o[0] < 0 || o[1] < 0 || o[2] < 0))
        return 0;
    maybe |= o[0] == 0 || o[1] == 0 || o[2] == 0;
    return maybe ? 1 : 2;
}

/* The distance of triangles a and b: [lo, hi] (lo = 0 when they may
   cross, hi = 0 when they certainly do; otherwise the feature minimum,
   at REF_PREC bits). */
static inline void
ref_tri_tri(mpfr_t lo, mpfr_t hi, const rvec a[3], const rvec b[3])
{
    mpfr_t x;
    int cross = 0;
    mpfr_init2(x, REF_PREC);
    mpfr_set_inf(hi, 1);
    for (int i = 0; i < 3; i++) {
        ref_point_tri(x, &a[i], b);
        fr_min(hi, x);
        ref_point_tri(x, &b[i], a);
        fr_min(hi, x);
        for (int j = 0; j < 3; j++) {
            ref_seg_seg(x, &a[i], &a[(i + 1) % 3], &b[j], &b[(j + 1) % 3]);
            fr_min(hi, x);
        }
    }
    mpfr_sqrt(hi, hi, MPFR_RNDN);
    for (int i = 0; i < 3; i++) {
        int c1 = ref_edge_crosses(&a[i], &a[(i + 1) % 3], b), c2 = ref_edge_crosses(&b[i], &b[(i + 1) % 3], a);
        cross = c1 > cross ? c1 : cross;
        cross = c2 > cross ? c2 : cross;
    }
    mpfr_set(lo, hi, MPFR_RNDN);
    if (cross >= 1)
        mpfr_set_ui(lo, 0, MPFR_RNDN);
    if (cross == 2)
        mpfr_set_ui(hi, 0, MPFR_RNDN);
    mpfr_clear(x);
}

/* --- exact poses: x = o + R(q) p / |q|^2 for an integer quaternion q -- */

typedef struct {
    long q[4];
    double o[3];
} ref_pose;

/* The library's enclosure of the pose. */
static inline void
ref_pose_di(vccd_pose *p, const ref_pose *rp)
{
    vccd_di q[4], pos[3];
    for (int i = 0; i < 4; i++)
        q[i] = vccd_di_set_d((double)rp->q[i]);
    for (int k = 0; k < 3; k++)
        pos[k] = vccd_di_set_d(rp->o[k]);
    ck_assert(vccd_pose_from_quat(p, pos, q) == 0);
}

/* x := the world position of body point v at REF_PREC bits. */
static inline void
ref_apply(rvec *x, const ref_pose *rp, const double v[3])
{
    mpfr_t w, a, b, c, d, n, t;
    mpfr_t R[9];
    mpfr_inits2(REF_PREC, w, a, b, c, d, n, t, (mpfr_ptr)0);
    for (int i = 0; i < 9; i++)
        mpfr_init2(R[i], 256);
    /* integer products: exact in 256 bits */
    {
        long long W = rp->q[0], X = rp->q[1], Y = rp->q[2], Z = rp->q[3];
        long long M[9] = { W * W + X * X - Y * Y - Z * Z, 2 * (X * Y - W * Z), 2 * (X * Z + W * Y),
                           2 * (X * Y + W * Z), W * W - X * X + Y * Y - Z * Z, 2 * (Y * Z - W * X),
                           2 * (X * Z - W * Y), 2 * (Y * Z + W * X), W * W - X * X - Y * Y + Z * Z };
        mpfr_set_si(n, (long)(W * W + X * X + Y * Y + Z * Z), MPFR_RNDN);
        for (int i = 0; i < 9; i++)
            mpfr_set_si(R[i], (long)M[i], MPFR_RNDN);
    }
    for (int i = 0; i < 3; i++) {
        mpfr_set_ui(w, 0, MPFR_RNDN);
        for (int j = 0; j < 3; j++) {
            mpfr_mul_d(t, R[3 * i + j], v[j], MPFR_RNDN);
            mpfr_add(w, w, t, MPFR_RNDN);
        }
        mpfr_div(w, w, n, MPFR_RNDN);
        mpfr_add_d(x->x[i], w, rp->o[i], MPFR_RNDN);
    }
    mpfr_clears(w, a, b, c, d, n, t, (mpfr_ptr)0);
    for (int i = 0; i < 9; i++)
        mpfr_clear(R[i]);
}

/* Widen every interval of p outward by random relative amounts up to
   2^-widen_bits, different on each side so that the midpoint moves off
   the true pose (0: leave p alone): the true pose stays inside, so every
   bound must still hold -- this exercises the pose-width terms of the
   node tests (midpoint +- radius) and of the triangle bounds. */
static inline void
ref_pose_widen(vccd_pose *p, int widen_bits)
{
    if (!widen_bits)
        return;
    for (int i = 0; i < 9; i++) {
        double w = ldexp(1.0, -widen_bits) * (fabs(p->R.m[i].lo) + fabs(p->R.m[i].hi) + 1e-3);
        p->R.m[i] = vccd_di_add(p->R.m[i], vccd_di_set_2d(-w * tu_unit(), w * tu_unit()));
    }
    if (tu_ulong() % 2)         /* half the time the rotation alone */
        return;
    for (int k = 0; k < 3; k++) {
        double w = ldexp(1.0, -widen_bits) * (fabs(p->o.c[k].lo) + fabs(p->o.c[k].hi) + 1e-3);
        p->o.c[k] = vccd_di_add(p->o.c[k], vccd_di_set_2d(-w * tu_unit(), w * tu_unit()));
    }
}

/* Every method on bodies a and b against the reference. */
/* A random pose: rotation by a random integer quaternion (components up
   to 2^qbits; small qbits with a big w gives a tiny rotation). */
static inline void
ref_pose_random(ref_pose *p, int tiny_rotation)
{
    for (int i = 0; i < 4; i++)
        p->q[i] = (long)(tu_ulong() % 20001) - 10000;
    if (tiny_rotation) {
        p->q[0] = 1L << 24;
        for (int i = 1; i < 4; i++)
            p->q[i] = (long)(tu_ulong() % 3) - 1;
    }
    if (p->q[0] == 0 && p->q[1] == 0 && p->q[2] == 0 && p->q[3] == 0)
        p->q[0] = 1;
    p->o[0] = p->o[1] = p->o[2] = 0.0;
}

/* --- random meshes ------------------------------------------------ */

/* A random soup of nt triangles over nv vertices: coordinates
   offset + scale * (uniform in [-1, 1]), all exact doubles.  Adversarial
   magnitudes come from scale (2^-1000 .. 2^1000) and offset (a large
   offset with small features). */
static inline void
ref_mesh_random(vccd_mesh *m, long nv, long nt, double scale, double offset)
{
    double (*v)[3] = malloc((size_t)nv * sizeof *v);
    vccd_mesh_index (*t)[3] = malloc((size_t)nt * sizeof *t);
    vccd_error e;
    ck_assert(v && t && nv >= 3);
    for (long i = 0; i < nv; i++)
        for (int k = 0; k < 3; k++)
            v[i][k] = offset + scale * (2 * tu_unit() - 1);
    for (long i = 0; i < nt; i++) {
        t[i][0] = (vccd_mesh_index)(tu_ulong() % (unsigned long)nv);
        do
            t[i][1] = (vccd_mesh_index)(tu_ulong() % (unsigned long)nv);
        while (t[i][1] == t[i][0]);
        do
            t[i][2] = (vccd_mesh_index)(tu_ulong() % (unsigned long)nv);
        while (t[i][2] == t[i][0] || t[i][2] == t[i][1]);
    }
    if (vccd_mesh_init_arrays(m, "random", (const double (*)[3])v, nv, (const vccd_mesh_index (*)[3])t, nt,
                              VCCD_MESH_DEGENERATE_KEEP, &e) != 0)
        tu_fail("mesh: %s", e.msg);
    free(v);
    free(t);
}

/* Adversarial scale and offset classes for ref_mesh_random. */
static inline void
ref_scale_random(double *scale, double *offset)
{
    switch (tu_ulong() % 6) {
    case 0: *scale = 1.0, *offset = 0.0; break;
    case 1: *scale = ldexp(1.0, -1000 + (int)(tu_ulong() % 40)), *offset = 0.0; break;   /* tiny, near subnormal */
    case 2: *scale = ldexp(1.0, 900 + (int)(tu_ulong() % 60)), *offset = 0.0; break;     /* huge */
    case 3: *scale = 1e-3, *offset = 1e6; break;                                        /* small features far out */
    case 4: *scale = ldexp(1.0, -60), *offset = 1.0; break;                             /* features at 1 ulp scale */
    default: *scale = ldexp(1.0, (int)(tu_ulong() % 200) - 100), *offset = 0.0; break;
    }
}

/* A random soup of up to nv_max vertices and nt_max triangles at a
   random adversarial scale, and its BVH with a random leaf size (1 ..
   leaf_max) and split: the fixture of the containment and topology
   tests. */
static inline void
ref_bvh_random(vccd_mesh *m, vccd_bvh *h, vccd_bvh_opts *o, long nv_max, long nt_max, int leaf_max)
{
    vccd_error e;
    double scale, offset;
    ref_scale_random(&scale, &offset);
    ref_mesh_random(m, 3 + (long)(tu_ulong() % (unsigned long)nv_max), 1 + (long)(tu_ulong() % (unsigned long)nt_max),
                    scale, offset);
    vccd_bvh_opts_init(o);
    o->leaf_size = 1 + (int)(tu_ulong() % (unsigned long)leaf_max);
    o->split = tu_ulong() % 2 ? VCCD_BVH_SPLIT_SAH : VCCD_BVH_SPLIT_MEDIAN;
    if (vccd_bvh_build(h, m, o, &e) != 0)
        tu_fail("build: %s", e.msg);
}

#endif
