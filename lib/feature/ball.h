/* ball.h -- private to lib/feature: midpoint-radius binary64 balls for
   the products of thin enclosures in the cubic of a pair on straight
   lines (cubic.c).  Not installed.

   Why: the cubic's coefficients and its inclusion terms are some forty
   products of enclosures a few ulps wide.  The endpoint product of di.h
   takes four products, a min and a max of four and two outward steps,
   with the guards its contract needs for any interval (about 140
   instructions); a ball's product is four products and four sums, with
   no compare (Rump, "Fast and parallel interval arithmetic", BIT 39,
   1999: midpoint-radius arithmetic, at most 1.5 times wider than the
   endpoint form on any operands and as tight on thin ones).

   A ball {m, r} stands for the reals x with |x - m| <= r.

   Rigor, in any rounding mode (the library keeps no mode, di.h): every
   operation's rounded result fl(z) satisfies |fl(z) - z| <= 2u |z| + eta
   with u = 2^-53 and eta = 2^-1074 for a product (an underflow) and 0
   for a sum.  A radius is the exact bound rounded, then scaled by
   1 + 2^-46, which covers the relative error of up to 40 roundings of
   nonnegative terms, with those of the scaling and the raise themselves
   ((1 - 2u)^-42 < 1 + 2^-46.6), and raised by 2^-1020,
   which covers their underflows (each at most 2^-1074, on a sum below
   2^-1000, whose ulp is 2^-1052 or less: the raise is not rounded away).
   Exact zeros stay exact (a product with, or a sum of, the ball {0, 0}),
   as di.h's cubic keeps them: a pair at rest has whole coefficients
   exactly 0, which the cubic root finder reads as "coplanar all along".
   Overflow: a midpoint or radius sum that reached DBL_MAX (where round
   toward zero or down saturates an overflow instead of making it inf)
   makes the radius infinite, and an infinite or NaN midpoint or radius
   makes the interval of vccd_ball_get_di the whole line: a saturated
   value cannot come back as a narrow one through later sums. */
#ifndef VCCD_FEATURE_BALL_H
#define VCCD_FEATURE_BALL_H

#include <float.h>
#include <math.h>

#include "vccd/di.h"
#include "vccd/fp.h"

typedef struct {
    double m, r;
} vccd_ball;

typedef struct {
    vccd_ball c[3];
} vccd_ball_vec3;

/* the scale and the raise of every rounded radius (above) */
#define VCCD_BALL_SCALE (1.0 + 0x1p-46)
#define VCCD_BALL_RAISE 0x1p-1020
/* 2u, the relative error of one rounding in any mode, bounding that of
   the midpoint itself */
#define VCCD_BALL_2U 0x1p-52

static inline int vccd_ball_is0(vccd_ball a) { return a.m == 0.0 && a.r == 0.0; }

/* The radius from its rounded terms' sum s >= 0: scaled and raised.
   A sum that reached DBL_MAX may have overflowed (in round toward zero
   or down an overflow saturates there instead of going to inf): the
   radius is then infinite. */
static inline double
vccd_ball_rad(double s)
{
    double r = s * VCCD_BALL_SCALE + VCCD_BALL_RAISE;
    return r < DBL_MAX ? r : INFINITY;
}

/* c := {m, r}, but with an infinite radius where the midpoint may have
   overflowed (|m| = DBL_MAX, saturated in a directed mode, or inf). */
static inline vccd_ball
vccd_ball_make(double m, double r)
{
    vccd_ball c = { m, r };
    if (!(fabs(m) < DBL_MAX))
        c.r = INFINITY;
    return c;
}

/* The ball of an interval: its midpoint, and the larger distance to an
   end rounded up; a point is exact.  An infinite or NaN end makes an
   infinite or NaN ball. */
static inline vccd_ball
vccd_ball_set_di(vccd_di a)
{
    vccd_ball b;
    if (a.lo == a.hi)
        return (vccd_ball){ a.lo, 0.0 };
    double u, v;
    b.m = 0.5 * a.lo + 0.5 * a.hi;
    u = a.hi - b.m;
    v = b.m - a.lo;
    /* a NaN (an infinite end) is taken when u is not the larger */
    b.r = vccd_ball_rad(u > v ? u : v);
    if (!(a.lo <= a.hi))
        b.r = NAN;
    return b;
}

/* The interval of a ball, outward; the whole line for an infinite or
   NaN one. */
static inline vccd_di
vccd_ball_get_di(vccd_ball a)
{
    if (!(fabs(a.m) < INFINITY && a.r < INFINITY))
        return vccd_di_entire();
    if (a.r == 0.0)
        return vccd_di_set_d(a.m);
    return vccd_di_set_2d(vccd_fp_widen_down(a.m - a.r), vccd_fp_widen_up(a.m + a.r));
}

/* a + b: the radii, and the rounding of the midpoint's sum. */
static inline vccd_ball
vccd_ball_add(vccd_ball a, vccd_ball b)
{
    vccd_ball c;
    if (vccd_ball_is0(a))
        return b;
    if (vccd_ball_is0(b))
        return a;
    c.m = a.m + b.m;
    return vccd_ball_make(c.m, vccd_ball_rad(a.r + b.r + VCCD_BALL_2U * fabs(c.m)));
}

static inline vccd_ball
vccd_ball_neg(vccd_ball a)
{
    return (vccd_ball){ -a.m, a.r };
}

static inline vccd_ball
vccd_ball_sub(vccd_ball a, vccd_ball b)
{
    return vccd_ball_add(a, vccd_ball_neg(b));
}

/* a b: x y - ma mb = ma (y - mb) + mb (x - ma) + (x - ma) (y - mb), so
   |x y - ma mb| <= |ma| rb + |mb| ra + ra rb, and the midpoint's own
   rounding (2u |m| + eta, the eta in the raise). */
static inline vccd_ball
vccd_ball_mul(vccd_ball a, vccd_ball b)
{
    vccd_ball c;
    if (vccd_ball_is0(a) || vccd_ball_is0(b))
        return (vccd_ball){ 0.0, 0.0 };
    c.m = a.m * b.m;
    return vccd_ball_make(c.m, vccd_ball_rad(fabs(a.m) * b.r + fabs(b.m) * a.r + a.r * b.r + VCCD_BALL_2U * fabs(c.m)));
}

/* b + s t, the point of a vector b + t s at a time t: the radius bounds
   what the product adds (as in vccd_ball_mul) and the two roundings of
   the midpoint, gamma_2 (|mb| + |ms mt|), by 2^-50 (|mb| + |p|) with p
   the rounded product: twice gamma_2, which covers p's own rounding.
   Exactly b when s or t is exactly 0; an overflowed product (|ms mt| not
   below 2^1020, where a directed mode saturates it and the sum could
   bring it back) makes the radius infinite.  A third of the cost of the
   general vccd_ball_dot of two. */
static inline vccd_ball
vccd_ball_addmul(vccd_ball b, vccd_ball s, vccd_ball t)
{
    double p, m;
    if (vccd_ball_is0(s) || vccd_ball_is0(t))
        return b;
    p = s.m * t.m;
    m = b.m + p;
    if (!(fabs(p) < 0x1p1020))
        return (vccd_ball){ m, INFINITY };
    return vccd_ball_make(m, vccd_ball_rad(b.r + fabs(s.m) * t.r + s.r * (fabs(t.m) + t.r)
                                           + 0x1p-50 * (fabs(b.m) + fabs(p))));
}

/* sum of a[i] b[i] over i < n (1 <= n <= 12), as one operation: the
   midpoint is the plain dot product of the midpoints, and the radius
   bounds, in one sum, what every product of balls adds (as in
   vccd_ball_mul) and what the recursive summation of the n rounded
   products can lose, gamma_n sum |ma_i mb_i| with gamma_n = n 2u / (1 -
   n 2u) (Higham, "Accuracy and Stability of Numerical Algorithms",
   2002, 3.1, with 2u for one rounding in any mode), taken as n 2u (1 +
   2^-30).  The underflows of the n products are in the raise; no term
   of the radius passes through more than n + 4 roundings (a product,
   two sums within its i, the n sums of s and the last one), within the
   scale's allowance (40).

   Why: in products taken one at a time every partial product and sum
   pays its own radius, its own raise and its own exact-zero and
   overflow tests (about 25 instructions each); here the whole sum pays
   once: a cross product's component or a dot product at about half the
   cost.

   The result is the exact ball {0, 0} when every product has an exact
   zero factor, as a chain of vccd_ball_mul and vccd_ball_add gives it.
   Overflow: the midpoint's partial sums are at most about sum |ma_i
   mb_i|; when that sum reaches 2^1020 (near DBL_MAX, where a directed
   mode saturates instead of making inf, so that a later term could
   bring a saturated partial sum back) the radius is infinite. */
static inline vccd_ball
vccd_ball_dot(const vccd_ball *a, const vccd_ball *b, int n)
{
    double m = 0.0, P = 0.0, s = 0.0;
    int nz = 0;
    for (int i = 0; i < n; i++) {
        double am = fabs(a[i].m), bm = fabs(b[i].m), p = a[i].m * b[i].m;
        m = i ? m + p : p;
        P += fabs(p);
        s += am * b[i].r + bm * a[i].r + a[i].r * b[i].r;
        /* neither factor is the exact ball {0, 0}: |m| + r is 0 only
           for it (a NaN, from an overflow upstream, is not) */
        nz |= (am + a[i].r != 0.0) & (bm + b[i].r != 0.0);
    }
    if (!nz)
        return (vccd_ball){ 0.0, 0.0 };
    if (!(P < 0x1p1020))
        return (vccd_ball){ m, INFINITY };
    return vccd_ball_make(m, vccd_ball_rad(s + (double)n * (0x1p-52 * (1.0 + 0x1p-30)) * P));
}

/* What vccd_ball_horner needs to know of the coefficients c[0..d],
   once per polynomial: 0 every one exactly 0, 1 none past 2^1016, 2 some
   past it (the radius is then infinite). */
static inline int
vccd_ball_horner_kind(const vccd_ball *c, int d)
{
    int nz = 0, big = 0;
    for (int k = 0; k <= d; k++) {
        nz |= !vccd_ball_is0(c[k]);
        big |= !(fabs(c[k].m) + c[k].r < 0x1p1016);
    }
    return !nz ? 0 : big ? 2 : 1;
}

/* Horner's rule at an exact point, as one operation: the sum of c_k t^k
   over k <= d for every choice of the c_k in their balls.

   The midpoint is Horner's rule on the midpoints; the radius is Horner's
   rule on |t| over the radii (how far the coefficients move the value),
   plus a running bound of the midpoint's roundings (Higham 2002, 5.2):
   step j's product p and sum y are each within 2u / (1 - 2u) of what
   they round, relative to themselves, and what step j loses is carried
   to the end times |t|^j, so mu = mu |t| + |p| + |y| gives them all, times
   2^-52 (1 + 2^-50).  Each rounding is bounded by the value it makes, as
   in a chain of vccd_ball_mul and vccd_ball_add: a bound from the
   coefficients' absolute values alone was wider near a root, where s
   cancels (Tight-Inclusion's sample queries had 6 near misses more left
   possible with it).

   Underflow: a product may underflow by 2^-1074, carried to the end
   times |t|^j; each step adds 2^-967 to mu (2^-1019 to the radius, far
   above the step's two underflows, the midpoint's and the radii's),
   carried the same way.  Overflow: with every |m_k| + r_k below 2^1016
   no partial value nears DBL_MAX for |t| <= 1; for |t| > 1 the radius
   and mu only grow, and a product or sum of the midpoints that saturated
   (or became inf) enters mu through |p| + |y|, so mu is not below 2^1016
   at the end: then, or with a coefficient past 2^1016, the radius is
   infinite.

   At t = 0 the result is c_0 itself, and with every c_k exactly 0 it is
   exactly 0, as the chain gives them (the cubic root finder reads an
   exact 0 of s at an end as a root). */
static inline vccd_ball
vccd_ball_horner(const vccd_ball *c, int d, int kind, double t)
{
    double y = c[d].m, R = c[d].r, mu = 0.0, at = fabs(t);
    if (t == 0.0)
        return c[0];
    if (kind == 0)
        return (vccd_ball){ 0.0, 0.0 };
    for (int k = d - 1; k >= 0; k--) {
        double p = y * t;
        y = p + c[k].m;
        R = R * at + c[k].r;
        mu = mu * at + (fabs(p) + fabs(y) + 0x1p-967);
    }
    if (kind != 1 || !(R < 0x1p1016 && mu < 0x1p1016))
        return (vccd_ball){ y, INFINITY };
    return vccd_ball_make(y, vccd_ball_rad(R + 0x1p-52 * (1.0 + 0x1p-50) * mu));
}

#endif
