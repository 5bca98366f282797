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
   1 + 2^-46, which covers the relative error of up to 8 roundings of
   nonnegative terms ((1 - 2u)^-9 < 1 + 2^-48.8), and raised by 2^-1020,
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

#endif
