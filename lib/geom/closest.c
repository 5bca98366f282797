/* closest.c -- approximate closest points in plain doubles (closest.h).
   Written for degenerate inputs: zero-length edges, collinear triangles
   and parallel edges fall back to point-segment distances instead of
   dividing by a vanishing area or length (Ericson, Real-Time Collision
   Detection, 5.1.2, 5.1.5, 5.1.9). */
#include <math.h>

#include "vccd/closest.h"

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

void
vccd_closest_point_segment(double q[3], double *t, const double p[3], const double a[3], const double b[3])
{
    double e[3], w[3], ee;
    sub(e, b, a);
    sub(w, p, a);
    ee = dot(e, e);
    *t = ee > 0.0 ? clamp01(dot(w, e) / ee) : 0.0;
    if (*t != *t)
        *t = 0.0;
    lerp(q, a, b, *t);
}

int
vccd_closest_point_triangle_inside(double q[3], double *u, double *v, const double p[3], const double a[3],
                                   const double b[3], const double c[3])
{
    double e1[3], e2[3], w[3], n[3], nn, c1[3], c2[3];
    sub(e1, b, a);
    sub(e2, c, a);
    sub(w, p, a);
    n[0] = e1[1] * e2[2] - e1[2] * e2[1];
    n[1] = e1[2] * e2[0] - e1[0] * e2[2];
    n[2] = e1[0] * e2[1] - e1[1] * e2[0];
    nn = dot(n, n);
    if (!(nn > 0.0 && isfinite(nn)))
        return 0;
    /* u = ((p-a) x e2).n / |n|^2, v = (e1 x (p-a)).n / |n|^2 */
    c1[0] = w[1] * e2[2] - w[2] * e2[1];
    c1[1] = w[2] * e2[0] - w[0] * e2[2];
    c1[2] = w[0] * e2[1] - w[1] * e2[0];
    c2[0] = e1[1] * w[2] - e1[2] * w[1];
    c2[1] = e1[2] * w[0] - e1[0] * w[2];
    c2[2] = e1[0] * w[1] - e1[1] * w[0];
    *u = dot(c1, n) / nn;
    *v = dot(c2, n) / nn;
    if (!(*u >= 0.0 && *v >= 0.0 && *u + *v <= 1.0))
        return 0;
    for (int i = 0; i < 3; i++)
        q[i] = a[i] + *u * e1[i] + *v * e2[i];
    return 1;
}

void
vccd_closest_segment_segment(double qa[3], double qc[3], double *s, double *t, const double a[3],
                             const double b[3], const double c[3], const double d[3])
{
    double d1[3], d2[3], r[3], A, E, B, C, F, den, best = INFINITY, p[3], q[3], tp;
    const double *ends[4] = { a, b, c, d };
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
        *s = clamp01((B * F - C * E) / den);
        *t = (B * *s + F) / E;
        if (*t < 0.0) {
            *t = 0.0;
            *s = clamp01(-C / A);
        } else if (*t > 1.0) {
            *t = 1.0;
            *s = clamp01((B - C) / A);
        }
        lerp(qa, a, b, *s);
        lerp(qc, c, d, *t);
        return;
    }
    *s = *t = 0.0;
    for (int k = 0; k < 4; k++) {
        double d2v;
        if (k < 2) {
            vccd_closest_point_segment(q, &tp, ends[k], c, d);
            d2v = dist2(q, ends[k]);
            if (d2v < best) {
                best = d2v;
                *s = (double)k;
                *t = tp;
                for (int i = 0; i < 3; i++) {
                    qa[i] = ends[k][i];
                    qc[i] = q[i];
                }
            }
        } else {
            vccd_closest_point_segment(p, &tp, ends[k], a, b);
            d2v = dist2(p, ends[k]);
            if (d2v < best) {
                best = d2v;
                *s = tp;
                *t = (double)(k - 2);
                for (int i = 0; i < 3; i++) {
                    qa[i] = p[i];
                    qc[i] = ends[k][i];
                }
            }
        }
    }
    if (best == INFINITY) {     /* overflow: any pair */
        for (int i = 0; i < 3; i++) {
            qa[i] = a[i];
            qc[i] = c[i];
        }
    }
}
