/* axis.c -- closest points of a feature pair in plain doubles, for the
   separating-axis test of the inclusion predicate.  Written for the
   degenerate pairs the predicate exists for: zero-length edges,
   collinear triangles and parallel edges all fall back to point-segment
   distances instead of dividing by a vanishing area or length
   (Ericson, Real-Time Collision Detection, 5.1.2, 5.1.5, 5.1.9). */
#include <math.h>

#include "vccd/closest.h"
#include "vccd/feature.h"

static void
sub(double r[3], const double a[3], const double b[3])
{
    for (int i = 0; i < 3; i++)
        r[i] = a[i] - b[i];
}

static double
dist2(const double a[3], const double b[3])
{
    double d[3];
    sub(d, a, b);
    return d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
}

static double dot(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

/* q := x + s e */
static void
along(double q[3], const double x[3], double s, const double e[3])
{
    for (int i = 0; i < 3; i++)
        q[i] = x[i] + s * e[i];
}

/* Closest point q on a proper triangle abc to p, by the Voronoi region
   of p (Ericson 5.1.5): with e1 = b - a, e2 = c - a and the dot products
   of e1, e2 with p minus each vertex, the regions of a, b, c, of the
   edges ab, ac, bc and of the face are told apart by signs, and only
   the region's point is computed (the three point-segment distances
   were a third of an easy query's predicate).  0 for a degenerate
   triangle or a non-finite answer: the caller falls back. */
static int
point_triangle_regions(double q[3], const double p[3], const double a[3], const double b[3], const double c[3])
{
    double e1[3], e2[3], w[3], n[3], d[3][2], d1, d2, d3, d4, d5, d6, ka, kb, kc, s;
    const double *vert[3] = { a, b, c };
    int v;
    sub(e1, b, a);
    sub(e2, c, a);
    n[0] = e1[1] * e2[2] - e1[2] * e2[1];
    n[1] = e1[2] * e2[0] - e1[0] * e2[2];
    n[2] = e1[0] * e2[1] - e1[1] * e2[0];
    if (!(dot(n, n) > 0.0))
        return 0;
    /* d[v] = (e1 . (p - v), e2 . (p - v)) for the vertices v = a, b, c */
    for (int k = 0; k < 3; k++) {
        sub(w, p, vert[k]);
        d[k][0] = dot(e1, w);
        d[k][1] = dot(e2, w);
    }
    d1 = d[0][0], d2 = d[0][1], d3 = d[1][0], d4 = d[1][1], d5 = d[2][0], d6 = d[2][1];
    /* the vertex regions of a, b, c */
    v = d1 <= 0.0 && d2 <= 0.0 ? 0 : d3 >= 0.0 && d4 <= d3 ? 1 : d6 >= 0.0 && d5 <= d6 ? 2 : -1;
    if (v >= 0) {
        for (int i = 0; i < 3; i++)
            q[i] = vert[v][i];
        return 1;
    }
    /* ka, kb, kc: the barycentric weights of a, b, c times 2 area^2 */
    kc = d1 * d4 - d3 * d2;
    kb = d5 * d2 - d1 * d6;
    ka = d3 * d6 - d5 * d4;
    if (kc <= 0.0 && d1 >= 0.0 && d3 <= 0.0)    /* edge ab */
        along(q, a, d1 / (d1 - d3), e1);
    else if (kb <= 0.0 && d2 >= 0.0 && d6 <= 0.0)   /* edge ac */
        along(q, a, d2 / (d2 - d6), e2);
    else if (ka <= 0.0 && d4 - d3 >= 0.0 && d5 - d6 >= 0.0) {   /* edge bc */
        sub(w, c, b);
        along(q, b, (d4 - d3) / ((d4 - d3) + (d5 - d6)), w);
    } else {                                    /* the face */
        s = 1.0 / (ka + kb + kc);
        along(q, a, kb * s, e1);
        along(w, q, kc * s, e2);
        q[0] = w[0];
        q[1] = w[1];
        q[2] = w[2];
    }
    return isfinite(q[0]) && isfinite(q[1]) && isfinite(q[2]);
}

/* Closest point q on triangle abc to p: by its Voronoi region for a
   proper triangle, else the projection if it falls inside, else the
   nearest point of the three edges. */
static void
point_triangle(double q[3], const double p[3], const double a[3], const double b[3], const double c[3])
{
    double u, v, best = INFINITY, r[3];
    const double *edges[3][2] = { { a, b }, { b, c }, { c, a } };
    if (point_triangle_regions(q, p, a, b, c))
        return;
    if (vccd_closest_point_triangle_inside(q, &u, &v, p, a, b, c))
        return;
    for (int k = 0; k < 3; k++) {
        double d2, t;
        vccd_closest_point_segment(r, &t, p, edges[k][0], edges[k][1]);
        d2 = dist2(r, p);
        if (d2 < best) {
            best = d2;
            q[0] = r[0];
            q[1] = r[1];
            q[2] = r[2];
        }
    }
}

int
vccd_feature_axis(double d[3], vccd_feature_kind kind, const double P_in[4][3])
{
    double qa[3], qb[3], P[4][3], m = 0.0, pre = 1.0;
    int np = kind == VCCD_FEATURE_VE2D ? 3 : 4, e;

    /* The direction does not depend on scale, but the arithmetic does:
       at 1e-190 the products underflow and at 1e80 the normal equations
       overflow.  Work on the points moved to P0 and scaled by a power of
       two to magnitude ~1 (exact but for the move). */
    for (int pass = 0; pass < 2; pass++) {
        m = 0.0;
        for (int i = 0; i < np; i++)
            for (int j = 0; j < 3; j++) {
                P[i][j] = pre * P_in[i][j] - pre * P_in[0][j];
                if (fabs(P[i][j]) > m)  /* fmax(m, |P|) inline: a NaN is skipped */
                    m = fabs(P[i][j]);
            }
        if (isfinite(m))
            break;
        pre = 0x1p-600;         /* differences overflowed: shrink first */
    }
    if (!(m > 0.0) || !isfinite(m))
        return -1;
    frexp(m, &e);
    /* One multiplication by 2^-e, exact as ldexp is, while 2^-e is a
       normal double (every m but the subnormal ones); ldexp per
       coordinate was a tenth of an easy query's predicate. */
    for (int i = 0; i < np; i++)
        for (int j = 0; j < 3; j++)
            P[i][j] = e >= -1022 && e <= 1022 ? P[i][j] * vccd_fp_pow2(-e) : ldexp(P[i][j], -e);
    switch (kind) {
    case VCCD_FEATURE_VF:
        point_triangle(qb, P[0], P[1], P[2], P[3]);
        sub(d, qb, P[0]);
        break;
    case VCCD_FEATURE_EE:
        {
            double sp, tp;
            vccd_closest_segment_segment(qa, qb, &sp, &tp, P[0], P[1], P[2], P[3]);
        }
        sub(d, qb, qa);
        break;
    default:
        {
            double tp;
            vccd_closest_point_segment(qb, &tp, P[0], P[1], P[2]);
        }
        sub(d, qb, P[0]);
        break;
    }
    if (!(isfinite(d[0]) && isfinite(d[1]) && isfinite(d[2])) || (d[0] == 0.0 && d[1] == 0.0 && d[2] == 0.0))
        return -1;
    return 0;
}
