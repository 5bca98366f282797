/* axis.c -- closest points of a feature pair in plain doubles, for the
   separating-axis test of the inclusion predicate.  Written for the
   degenerate pairs the predicate exists for: zero-length edges,
   collinear triangles and parallel edges all fall back to point-segment
   distances instead of dividing by a vanishing area or length
   (Ericson, Real-Time Collision Detection, 5.1.2, 5.1.5, 5.1.9). */
#include <math.h>

#include "vccd/feature.h"

static double dot(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

static void
sub(double r[3], const double a[3], const double b[3])
{
    for (int i = 0; i < 3; i++)
        r[i] = a[i] - b[i];
}

static void
lerp(double r[3], const double a[3], const double b[3], double u)
{
    for (int i = 0; i < 3; i++)
        r[i] = a[i] + u * (b[i] - a[i]);
}

static double clamp01(double u) { return u < 0.0 ? 0.0 : u > 1.0 ? 1.0 : u; }

static double
dist2(const double a[3], const double b[3])
{
    double d[3];
    sub(d, a, b);
    return dot(d, d);
}

/* Closest point q on segment ab to p. */
static void
point_segment(double q[3], const double p[3], const double a[3], const double b[3])
{
    double e[3], w[3], ee;
    sub(e, b, a);
    sub(w, p, a);
    ee = dot(e, e);
    lerp(q, a, b, ee > 0.0 ? clamp01(dot(w, e) / ee) : 0.0);
}

/* Closest point q on triangle abc to p: the projection if it falls
   inside a proper triangle, else the nearest point of the three edges. */
static void
point_triangle(double q[3], const double p[3], const double a[3], const double b[3], const double c[3])
{
    double e1[3], e2[3], w[3], n[3], nn, u, v, best = INFINITY, r[3];
    const double *edges[3][2] = { { a, b }, { b, c }, { c, a } };
    sub(e1, b, a);
    sub(e2, c, a);
    sub(w, p, a);
    n[0] = e1[1] * e2[2] - e1[2] * e2[1];
    n[1] = e1[2] * e2[0] - e1[0] * e2[2];
    n[2] = e1[0] * e2[1] - e1[1] * e2[0];
    nn = dot(n, n);
    if (nn > 0.0 && isfinite(nn)) {
        double c1[3], c2[3];
        /* u = ((p-a) x e2).n / |n|^2, v = (e1 x (p-a)).n / |n|^2 */
        c1[0] = w[1] * e2[2] - w[2] * e2[1];
        c1[1] = w[2] * e2[0] - w[0] * e2[2];
        c1[2] = w[0] * e2[1] - w[1] * e2[0];
        c2[0] = e1[1] * w[2] - e1[2] * w[1];
        c2[1] = e1[2] * w[0] - e1[0] * w[2];
        c2[2] = e1[0] * w[1] - e1[1] * w[0];
        u = dot(c1, n) / nn;
        v = dot(c2, n) / nn;
        if (u >= 0.0 && v >= 0.0 && u + v <= 1.0) {
            for (int i = 0; i < 3; i++)
                q[i] = a[i] + u * e1[i] + v * e2[i];
            return;
        }
    }
    for (int k = 0; k < 3; k++) {
        double d2;
        point_segment(r, p, edges[k][0], edges[k][1]);
        d2 = dist2(r, p);
        if (d2 < best) {
            best = d2;
            q[0] = r[0];
            q[1] = r[1];
            q[2] = r[2];
        }
    }
}

/* Closest points qa on ab and qc on cd.  The general case solves the
   2x2 normal equations; near-parallel and zero-length edges (a tiny
   determinant) take the best of the four endpoint-to-segment pairs,
   which is a closest pair whenever the edges are parallel. */
static void
segment_segment(double qa[3], double qc[3], const double a[3], const double b[3],
                const double c[3], const double d[3])
{
    double d1[3], d2[3], r[3], A, E, B, C, F, den;
    sub(d1, b, a);
    sub(d2, d, c);
    sub(r, a, c);
    A = dot(d1, d1);
    E = dot(d2, d2);
    B = dot(d1, d2);
    C = dot(d1, r);
    F = dot(d2, r);
    den = A * E - B * B;
    if (den > 1e-12 * A * E && isfinite(den)) {
        double s = clamp01((B * F - C * E) / den);
        double t = (B * s + F) / E;
        if (t < 0.0) {
            t = 0.0;
            s = clamp01(-C / A);
        } else if (t > 1.0) {
            t = 1.0;
            s = clamp01((B - C) / A);
        }
        lerp(qa, a, b, s);
        lerp(qc, c, d, t);
        return;
    }
    {
        double best = INFINITY, p[3], q[3];
        const double *ends[4] = { a, b, c, d };
        for (int k = 0; k < 4; k++) {
            double d2v;
            if (k < 2) {
                point_segment(q, ends[k], c, d);
                d2v = dist2(q, ends[k]);
                if (d2v < best) {
                    best = d2v;
                    for (int i = 0; i < 3; i++) {
                        qa[i] = ends[k][i];
                        qc[i] = q[i];
                    }
                }
            } else {
                point_segment(p, ends[k], a, b);
                d2v = dist2(p, ends[k]);
                if (d2v < best) {
                    best = d2v;
                    for (int i = 0; i < 3; i++) {
                        qa[i] = p[i];
                        qc[i] = ends[k][i];
                    }
                }
            }
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
        segment_segment(qa, qb, P[0], P[1], P[2], P[3]);
        sub(d, qb, qa);
        break;
    default:
        point_segment(qb, P[0], P[1], P[2]);
        sub(d, qb, P[0]);
        break;
    }
    if (!(isfinite(d[0]) && isfinite(d[1]) && isfinite(d[2])) || (d[0] == 0.0 && d[1] == 0.0 && d[2] == 0.0))
        return -1;
    return 0;
}
