/* bv_impl.h -- what the BV types share: rigorous bounds of projections of
   vertex sets, and of a distance from per-direction gaps.  Internal to
   lib/bv. */
#ifndef VCCD_BV_IMPL_H
#define VCCD_BV_IMPL_H

#include "vccd/bv.h"

#define BV_UP(x) vccd_fp_next_up(x)
#define BV_DN(x) vccd_fp_next_down(x)

/* Half the diagonal of the box lo[k] <= p[k] <= hi[k] (k < 3), divided
   by scale: the size (vccd_bv_type.radius) of every box-like type.  The
   edges scaled by the longest first, so that no square underflows
   (a box 1e-296 wide is not of size 0) or overflows. */
static inline double
bv_half_diagonal(const double lo[3], const double hi[3], double scale)
{
    double d[3], m = 0.0, s = 0.0;
    for (int k = 0; k < 3; k++) {
        d[k] = hi[k] - lo[k];
        m = d[k] > m || d[k] != d[k] ? d[k] : m;
    }
    if (!(m > 0.0 && m < INFINITY))
        return m;               /* 0, inf or NaN */
    for (int k = 0; k < 3; k++)
        s += (d[k] / m) * (d[k] / m);
    return 0.5 * m * sqrt(s) / scale;
}

/* lo[k] <= d_k . p <= hi[k] for the nd directions d_k and every point
   p of pts[0..np): the dot products in plain doubles, then one rounding
   bound for all of them instead of interval arithmetic per point.

   For a 3-term dot product evaluated left to right, |fl(s) - s| <=
   g3 S with S = sum |d_i p_i| and g3 = 3u / (1 - 3u), u = 2^-53, when
   nothing underflows; an underflowing product is off by at most 2^-1075
   and the two additions scale that by (1+u)^2, so 2^-1072 for all three.
   S <= dmax |p|_1 with dmax the largest |component| of any d_k, and the
   computed L = max fl(|p_0| + |p_1| + |p_2|) is at least (1 - 2u) times
   the exact |p|_1, so the error is below 2^-51 dmax |p|_1 + 2^-1072 <=
   2^-50 fl(dmax L) + 2^-1071.  When dmax L exceeds 2^1020 a sum may
   overflow (and inf - inf make NaN): the slabs are then the whole line.

   bv_widen is that last step alone: lo[k], hi[k] the least and greatest
   computed d_k0 p_0 + d_k1 p_1 + d_k2 p_2 (left to right, unfused) and
   l1 the greatest computed |p_0| + |p_1| + |p_2| over the points, made
   into the bounds.  A fit that scans its points its own way (obb.c: the
   box and the slabs in one pass) widens by the same proof. */
static inline void
bv_widen(double *lo, double *hi, int nd, double dmax, double l1)
{
    double err;
    if (!(dmax * l1 <= 0x1p1020)) {
        for (int k = 0; k < nd; k++) {
            lo[k] = -INFINITY;
            hi[k] = INFINITY;
        }
        return;
    }
    err = BV_UP(BV_UP(BV_UP(dmax * l1) * 0x1p-50) + 0x1p-1071);
    for (int k = 0; k < nd; k++) {
        lo[k] = BV_DN(lo[k] - err);
        hi[k] = BV_UP(hi[k] + err);
    }
}

static inline void
bv_project(double *lo, double *hi, const double (*d)[3], int nd, double dmax, const double (*pts)[3], long np)
{
    double l1 = 0.0;
    for (int k = 0; k < nd; k++) {
        lo[k] = INFINITY;
        hi[k] = -INFINITY;
    }
    for (const double *p = pts[0], *end = pts[0] + 3 * np; p < end; p += 3) {
        double a = fabs(p[0]) + fabs(p[1]) + fabs(p[2]);
        l1 = a > l1 ? a : l1;
        for (int k = 0; k < nd; k++) {
            double s = d[k][0] * p[0] + d[k][1] * p[1] + d[k][2] * p[2];
            lo[k] = s < lo[k] ? s : lo[k];
            hi[k] = s > hi[k] ? s : hi[k];
        }
    }
    bv_widen(lo, hi, nd, dmax, l1);
}

/* A lower bound of the distance between two sets whose projections onto
   some direction n lie in [alo, ahi] and [blo, bhi], with |n| <= nmax:
   the gap between the projections over nmax, rounded down, or 0. */
static inline double
bv_gap_lower(double alo, double ahi, double blo, double bhi, double nmax)
{
    double g1 = BV_DN(blo - ahi), g2 = BV_DN(alo - bhi), g = g1 > g2 ? g1 : g2;
    if (!(g > 0.0))
        return 0.0;
    g = BV_DN(g / nmax);
    return g > 0.0 ? g : 0.0;
}

/* The constant-velocity tests (prepare_linear, overlap_times): under a
   translation at constant velocity, the gap between the projections of
   two volumes onto a fixed direction -- B's lowest minus A's highest --
   is exactly linear in t: gap(t) = gap(0) + t w.  Given g <= gap(0)
   (negative when the projections overlap at t = 0) and wlo <= w, narrow
   [*lo, *hi] (0 <= *lo) to the times at which g + t wlo <= 0, the only
   ones at which the volumes can overlap.  Every bound is rounded outward;
   NaN is no constraint.  0 when the set is proved empty. */
static inline int
bv_lin_gap(double *lo, double *hi, double g, double wlo)
{
    double b;
    if (wlo > 0.0) {            /* t <= -g / wlo */
        b = BV_UP(-g / wlo);
        *hi = b < *hi ? b : *hi;
    } else if (wlo < 0.0) {     /* t >= -g / wlo = g / |wlo| */
        b = BV_DN(-g / wlo);
        *lo = b > *lo ? b : *lo;
    } else if (wlo == 0.0 && g > 0.0) {
        return 0;
    }
    return *lo <= *hi;
}

/* x := o + R p for an interval point p. */
static inline void
bv_apply(vccd_di_vec3 *x, const vccd_bv_relpose *rp, const vccd_di_vec3 *p)
{
    vccd_di_mat3_mul_vec3(x, &rp->R, p);
    vccd_di_vec3_add(x, x, &rp->o);
}

/* The same for a point of doubles. */
static inline void
bv_apply_d(vccd_di_vec3 *x, const vccd_bv_relpose *rp, const double p[3])
{
    vccd_di_vec3 q;
    vccd_di_vec3_set_d(&q, p[0], p[1], p[2]);
    bv_apply(x, rp, &q);
}

/* sqrt(g0^2 + g1^2 + g2^2) rounded down, for g_i >= 0: each operation
   rounded to nearest and stepped down (fp.h), and never below the
   largest g_i (which also covers squares that underflow).  Most calls
   see three zeros (volumes that may overlap) and return at once. */
static inline double
bv_norm_lower(const double g[3])
{
    double m = fmax(fmax(g[0], g[1]), g[2]), s;
    if (!(m > 0.0))
        return 0.0;
    s = BV_DN(BV_DN(BV_DN(g[0] * g[0]) + BV_DN(g[1] * g[1])) + BV_DN(g[2] * g[2]));
    s = s > 0.0 ? BV_DN(sqrt(s)) : 0.0;
    return s > m ? s : m;
}

#endif
