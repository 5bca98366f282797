/* bv_impl.h -- what the BV types share: rigorous bounds of projections of
   vertex sets, and of a distance from per-direction gaps.  Internal to
   lib/bv. */
#ifndef VCCD_BV_IMPL_H
#define VCCD_BV_IMPL_H

#include "vccd/bv.h"

#define BV_UP(x) vccd_fp_next_up(x)
#define BV_DN(x) vccd_fp_next_down(x)

/* Running max and min of d . p over points p, in plain doubles, with the
   largest sum |d_0 p_0| + |d_1 p_1| + |d_2 p_2| seen: enough to bound the
   rounding of every dot product afterwards (bv_proj_hi/lo) instead of
   paying interval arithmetic per vertex. */
typedef struct { double smax, smin, amax; } bv_proj;

static inline void
bv_proj_init(bv_proj *pr)
{
    pr->smax = -INFINITY;
    pr->smin = INFINITY;
    pr->amax = 0.0;
}

static inline void
bv_proj_add(bv_proj *pr, const double d[3], const double p[3])
{
    double x = d[0] * p[0], y = d[1] * p[1], z = d[2] * p[2];
    double s = x + y + z, a = fabs(x) + fabs(y) + fabs(z);
    if (s != s) {               /* inf - inf after an overflow: nothing known */
        pr->smax = INFINITY;
        pr->smin = -INFINITY;
    }
    if (s > pr->smax)
        pr->smax = s;
    if (s < pr->smin)
        pr->smin = s;
    if (!(a <= pr->amax))       /* NaN too, as +inf */
        pr->amax = a == a ? a : INFINITY;
}

/* The rounding bound: for a 3-term dot product evaluated left to right,
   |fl(s) - s| <= g3 S with S = sum |d_i p_i| and g3 = 3u / (1 - 3u),
   u = 2^-53, when no product underflows; an underflowing product is off
   by at most 2^-1075 and the two additions scale that by (1+u)^2, so at
   most 2^-1072 for all three.  The computed a satisfies
   S <= (a + 2^-1072) / (1 - g3), so the error is below
   2^-50 a + 2^-1071 (g3 / (1 - g3) < 2^-51 < 2^-50). */
static inline double
bv_proj_err(const bv_proj *pr)
{
    return BV_UP(BV_UP(pr->amax * 0x1p-50) + 0x1p-1071);
}

/* max / min of the exact d . p over the points added. */
static inline double bv_proj_hi(const bv_proj *pr) { return BV_UP(pr->smax + bv_proj_err(pr)); }
static inline double bv_proj_lo(const bv_proj *pr) { return BV_DN(pr->smin - bv_proj_err(pr)); }

/* The vertices of triangles tri[0..n), in order, 3 per triangle. */
#define BV_FOR_VERTICES(p, v, t, tri, n)                                        \
    for (long bv_i_ = 0; bv_i_ < 3 * (n); bv_i_++)                              \
        for (const double *p = (v)[(t)[(tri)[bv_i_ / 3]][bv_i_ % 3]]; p; p = NULL)

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

/* sqrt(g0^2 + g1^2 + g2^2) rounded down, for g_i >= 0. */
static inline double
bv_norm_lower(const double g[3])
{
    vccd_di s = vccd_di_add(vccd_di_add(vccd_di_sqr(vccd_di_set_d(g[0])), vccd_di_sqr(vccd_di_set_d(g[1]))),
                            vccd_di_sqr(vccd_di_set_d(g[2])));
    return vccd_di_sqrt(s).lo;
}

#endif
