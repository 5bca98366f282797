/* tri_dist.c -- the distance of two triangles, rigorously bounded.

   The closest points are first found approximately in doubles (they
   only choose a direction and a witness pair).  Then:
   - lower: for any nonzero direction n, the gap
       min_j n . b_j - max_i n . a_i     (intervals, outward rounded)
     divided by an upper bound of |n| is a lower bound of the distance of
     the two convex hulls, whatever n is; n = q - p makes it tight;
   - upper: p and q are rebuilt as barycentric combinations with weights
     >= 0 summing to at most 1 exactly, in interval arithmetic, so they
     enclose true points of the two triangles; |p - q| rounded up bounds
     their distance;
   - a crossing: an edge whose end points are on strictly opposite sides
     of the other triangle's plane and which passes strictly inside its
     three edges (interval orientation signs) proves a common point. */
#include "vccd/closest.h"
#include "vccd/distance.h"

typedef struct {
    double d2;
    double wa[3], wb[3];        /* barycentric weights on a and b */
} closest;

static inline void sub3(double *r, const double *x, const double *y) { for (int k = 0; k < 3; k++) r[k] = x[k] - y[k]; }
static inline void
cross3(double *r, const double *x, const double *y)
{
    r[0] = x[1] * y[2] - x[2] * y[1];
    r[1] = x[2] * y[0] - x[0] * y[2];
    r[2] = x[0] * y[1] - x[1] * y[0];
}

/* The (unnormalised) normal of triangle t, in doubles: only a direction
   to try, never part of a bound. */
static void
face_normal(double *n, const double *const t[3])
{
    double e1[3], e2[3];
    sub3(e1, t[1], t[0]);
    sub3(e2, t[2], t[0]);
    cross3(n, e1, e2);
}

static inline double clamp01(double x) { return x > 0.0 ? (x < 1.0 ? x : 1.0) : 0.0; }

static double
dist2_at(const double *const a[3], const double wa[3], const double *const b[3], const double wb[3])
{
    double d2 = 0.0;
    for (int k = 0; k < 3; k++) {
        double x = wa[0] * a[0][k] + wa[1] * a[1][k] + wa[2] * a[2][k]
                   - (wb[0] * b[0][k] + wb[1] * b[1][k] + wb[2] * b[2][k]);
        d2 += x * x;
    }
    return d2 == d2 ? d2 : INFINITY;
}

static void
consider(closest *c, const double *const a[3], const double wa[3], const double *const b[3], const double wb[3])
{
    double d2 = dist2_at(a, wa, b, wb);
    if (d2 < c->d2) {
        c->d2 = d2;
        for (int k = 0; k < 3; k++) {
            c->wa[k] = wa[k];
            c->wb[k] = wb[k];
        }
    }
}

static void
approx_closest(closest *c, const double *const a[3], const double *const b[3])
{
    static const double one[3][3] = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } };
    double w[3];
    c->d2 = INFINITY;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            double s, t, wa[3] = { 0, 0, 0 }, wb[3] = { 0, 0, 0 }, qa[3], qb[3];
            vccd_closest_segment_segment(qa, qb, &s, &t, a[i], a[(i + 1) % 3], b[j], b[(j + 1) % 3]);
            wa[i] = 1.0 - s;
            wa[(i + 1) % 3] = s;
            wb[j] = 1.0 - t;
            wb[(j + 1) % 3] = t;
            consider(c, a, wa, b, wb);
        }
    for (int i = 0; i < 3; i++) {      /* vertex against the inside of a face */
        double q[3], u, v;
        if (vccd_closest_point_triangle_inside(q, &u, &v, a[i], b[0], b[1], b[2])) {
            w[0] = 1.0 - u - v, w[1] = u, w[2] = v;
            consider(c, a, one[i], b, w);
        }
        if (vccd_closest_point_triangle_inside(q, &u, &v, b[i], a[0], a[1], a[2])) {
            w[0] = 1.0 - u - v, w[1] = u, w[2] = v;
            consider(c, a, w, b, one[i]);
        }
    }
    if (c->d2 == INFINITY) {    /* overflowing coordinates: any pair will do */
        c->d2 = 0.0;
        for (int k = 0; k < 3; k++)
            c->wa[k] = c->wb[k] = one[0][k];
    }
}

/* An enclosure of a true point of the triangle with vertices t (exact or
   enclosed), near weights w: w1, w2 >= 0 with w1 + w2 <= 1 exactly. */
static void
point_on(vccd_di_vec3 *x, const vccd_di_vec3 t[3], const double w[3])
{
    double w1 = clamp01(w[1]), w2 = clamp01(w[2]), room = vccd_fp_next_down(1.0 - w1);
    w2 = w2 < room ? w2 : (room > 0.0 ? room : 0.0);
    for (int k = 0; k < 3; k++)
        x->c[k] = vccd_di_add(t[0].c[k], vccd_di_add(vccd_di_mul_d(vccd_di_sub(t[1].c[k], t[0].c[k]), w1),
                                                     vccd_di_mul_d(vccd_di_sub(t[2].c[k], t[0].c[k]), w2)));
}

/* Lower bound of the distance from the gap along n (any double vector). */
static double
gap_lower(const vccd_di_vec3 a[3], const vccd_di_vec3 b[3], const double n[3])
{
    double m = fmax(fabs(n[0]), fmax(fabs(n[1]), fabs(n[2]))), u[3], amax = -INFINITY, bmin = INFINITY, g;
    vccd_di nn = vccd_di_set_d(0.0);
    if (!(m > 0.0) || !(m < INFINITY))
        return 0.0;
    for (int k = 0; k < 3; k++) {       /* any scaling of n is as good: keep |n| ~ 1 */
        u[k] = n[k] / m;
        nn = vccd_di_add(nn, vccd_di_sqr(vccd_di_set_d(u[k])));
    }
    for (int i = 0; i < 3; i++) {
        vccd_di pa = vccd_di_set_d(0.0), pb = vccd_di_set_d(0.0);
        for (int k = 0; k < 3; k++) {
            pa = vccd_di_add(pa, vccd_di_mul_d(a[i].c[k], u[k]));
            pb = vccd_di_add(pb, vccd_di_mul_d(b[i].c[k], u[k]));
        }
        amax = pa.hi > amax ? pa.hi : amax;
        bmin = pb.lo < bmin ? pb.lo : bmin;
    }
    g = vccd_fp_next_down(bmin - amax);
    if (!(g > 0.0))
        return 0.0;
    g = vccd_fp_next_down(g / vccd_di_sqrt(nn).hi);
    return g > 0.0 ? g : 0.0;
}

static vccd_di
orient(const vccd_di_vec3 *p, const vccd_di_vec3 *q, const vccd_di_vec3 *r, const vccd_di_vec3 *s)
{
    vccd_di_vec3 u, v, w, c;
    vccd_di d;
    vccd_di_vec3_sub(&u, q, p);
    vccd_di_vec3_sub(&v, r, p);
    vccd_di_vec3_sub(&w, s, p);
    vccd_di_vec3_cross(&c, &u, &v);
    vccd_di_vec3_dot(&d, &c, &w);
    return d;
}

static int sgn(vccd_di x) { return x.lo > 0.0 ? 1 : x.hi < 0.0 ? -1 : 0; }

/* Segment e0 e1 certainly crosses the inside of triangle t. */
static int
edge_crosses(const vccd_di_vec3 *e0, const vccd_di_vec3 *e1, const vccd_di_vec3 t[3])
{
    int s0 = sgn(orient(&t[0], &t[1], &t[2], e0)), s1 = sgn(orient(&t[0], &t[1], &t[2], e1)), s;
    if (s0 == 0 || s1 != -s0)
        return 0;
    s = sgn(orient(e0, e1, &t[0], &t[1]));
    return s != 0 && sgn(orient(e0, e1, &t[1], &t[2])) == s && sgn(orient(e0, e1, &t[2], &t[0])) == s;
}

/* Both triangles in the plane z = 0, up to the rounding of B's placement
   (the rigid pose's interval products leave z a few ulps of the
   coordinates wide): only a choice of candidate directions rests on it,
   never the bound. */
static int
in_plane(const double *const a[3], const vccd_di_vec3 tb[3])
{
    double z = 0.0, xy = 0.0;
    for (int i = 0; i < 3; i++) {
        z = fmax(z, fmax(fabs(a[i][2]), fmax(fabs(tb[i].c[2].lo), fabs(tb[i].c[2].hi))));
        for (int k = 0; k < 2; k++)
            xy = fmax(xy, fmax(fabs(a[i][k]), fmax(fabs(tb[i].c[k].lo), fabs(tb[i].c[k].hi))));
    }
    return z <= xy * 0x1p-40;
}

/* lower settled: tight to 2^-40 of upper (the usual case), or at least
   enough (then no better bound is asked for).  lower > 0 either way, so
   the crossing test at the end is never skipped. */
static int
settled(const vccd_tri_dist *r, double enough)
{
    return r->lower > 0.0 && (r->lower >= r->upper * (1.0 - 0x1p-40) || r->lower >= enough);
}

void
vccd_tri_distance(vccd_tri_dist *r, const double *const a[3], const vccd_di_vec3 *const b[3])
{
    vccd_tri_distance_enough(r, a, b, INFINITY);
}

void
vccd_tri_distance_enough(vccd_tri_dist *r, const double *const a[3], const vccd_di_vec3 *const b[3], double enough)
{
    vccd_di_vec3 ta[3], tb[3], p, q;
    double bm[3][3], n[3];
    const double *bp[3] = { bm[0], bm[1], bm[2] };
    closest c;
    vccd_di d2 = vccd_di_set_d(0.0);

    for (int i = 0; i < 3; i++) {
        vccd_di_vec3_set_d(&ta[i], a[i][0], a[i][1], a[i][2]);
        tb[i] = *b[i];
        for (int k = 0; k < 3; k++)
            bm[i][k] = 0.5 * b[i]->c[k].lo + 0.5 * b[i]->c[k].hi;
    }
    approx_closest(&c, a, bp);
    point_on(&p, ta, c.wa);
    point_on(&q, tb, c.wb);
    for (int k = 0; k < 3; k++) {
        vccd_di x = vccd_di_sub(p.c[k], q.c[k]);
        d2 = vccd_di_add(d2, vccd_di_sqr(x));
        r->p[k] = 0.5 * p.c[k].lo + 0.5 * p.c[k].hi;
        r->q[k] = 0.5 * q.c[k].lo + 0.5 * q.c[k].hi;
        n[k] = r->q[k] - r->p[k];
    }
    r->upper = vccd_di_sqrt(d2).hi;
    r->intersect = 0;
    r->lower = gap_lower(ta, tb, n);
    /* Tight already (the usual case)?  Otherwise the face normals too:
       a vertex-face witness direction is off by the witness points'
       rounding over the distance, while the face normal is accurate to
       rounding of the face itself. */
    if (settled(r, enough))
        return;
    for (int side = 0; side < 2; side++) {
        double g;
        face_normal(n, side ? bp : a);
        g = fmax(gap_lower(ta, tb, n), gap_lower(tb, ta, n));
        r->lower = g > r->lower ? g : r->lower;
    }
    if (settled(r, enough))
        return;
    /* 2D bodies (every z exactly 0): the edges' in-plane normals e x z
       are the separating axes of the plane, accurate to the rounding of
       the edges, where the witness direction loses its points' rounding
       over the gap (segments 1e8 long and 0.05 apart were not proved
       apart) and the cross products below all point along z. */
    if (in_plane(a, tb)) {
        for (int side = 0; side < 2; side++)
            for (int i = 0; i < 3; i++) {
                const double *const *t = side ? bp : a;
                double g;
                n[0] = t[(i + 1) % 3][1] - t[i][1];
                n[1] = t[i][0] - t[(i + 1) % 3][0];
                n[2] = 0.0;
                g = fmax(gap_lower(ta, tb, n), gap_lower(tb, ta, n));
                r->lower = g > r->lower ? g : r->lower;
            }
        if (settled(r, enough))
            return;
    }
    /* Edge against edge: the witness direction is off by rounding over
       the distance there too, and near contact (a TOC's lo) that loss
       exceeds the gap itself, while the cross product of the two edges
       is accurate to the rounding of the edges.  Any direction gives a
       valid bound, so trying the nine costs tightness nothing. */
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            double ea[3], eb[3], g;
            sub3(ea, a[(i + 1) % 3], a[i]);
            sub3(eb, bp[(j + 1) % 3], bp[j]);
            cross3(n, ea, eb);
            g = fmax(gap_lower(ta, tb, n), gap_lower(tb, ta, n));
            r->lower = g > r->lower ? g : r->lower;
        }
    if (settled(r, enough))
        return;
    /* Coplanar triangles, edge to edge (two box faces side by side just
       before a face contact): every direction above lies along the common
       normal or tilts off the plane by the witness points' rounding over
       the gap, which near contact hides the gap (box faces 8e-12 apart
       were proved apart only once 2e-8 apart, and 1.5e-8 apart only to
       0.4 of it).  The in-plane normals of the edges, e x n of either
       triangle, separate them. */
    for (int side = 0; side < 2; side++) {
        const double *const *t = side ? bp : a;
        double nf[3], e[3];
        face_normal(nf, t);
        for (int i = 0; i < 3; i++) {
            double g;
            sub3(e, t[(i + 1) % 3], t[i]);
            cross3(n, e, nf);
            g = fmax(gap_lower(ta, tb, n), gap_lower(tb, ta, n));
            r->lower = g > r->lower ? g : r->lower;
        }
    }
    if (r->lower > 0.0)
        return;
    for (int i = 0; i < 3 && !r->intersect; i++)
        r->intersect = edge_crosses(&ta[i], &ta[(i + 1) % 3], tb) || edge_crosses(&tb[i], &tb[(i + 1) % 3], ta);
    if (r->intersect)
        r->upper = 0.0;
}
