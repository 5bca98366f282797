/* ivd_trig.h -- sin and cos of binary64 intervals, written once for the
   rigorous and the unrounded backend (included by di/trig.c, ui/trig.c
   with IVD_T defined).  libm is not used: its error bounds are not proved.

   Point values: x = k*pi/2 + r with pi/2 = P1 + P2 + [P3T] (Cody-Waite;
   P1 and P2 have at most 33 significant bits so k*P1 and k*P2 are exact
   for |k| <= 2^20, and [P3T] is an enclosure of the rest, checked against
   MPFR in tests/di/t-trig.c).  Then sin r and cos r come from their Taylor
   series in nested (Horner) form, evaluated with the backend's interval
   operations.  The innermost tail 1 - r^2/(d(d+1))(1 - ...) of an
   alternating series with decreasing terms lies in [1 - r^2/(d(d+1)), 1],
   so the truncation error is part of the interval, not a guessed epsilon.

   Extrema: sin (cos) reaches +-1 exactly at the multiples n*pi/2 with n
   odd (even).  We take every n between ceil(lower bound of a/(pi/2)) and
   floor(upper bound of b/(pi/2)): a superset of the true ones, so at
   worst the result is a little wider, never wrong. */

#include "di/trig_const.h"
/* Depth of the nested series: for |r| <= 0.8 the tail interval is below
   1e-19 wide, well under an ulp of the result. */
#define TAYLOR_DEPTH 9

/* One Horner step t <- 1 - r2 t / d.  Here r2 >= 0 and t > 0 (checked by
   the caller: r2 < 2 keeps every r2 t / d below 1), so the bounds pair
   up directly: two products per bound instead of a general interval
   product, which keeps the latency-bound chain short.  1/d is a
   constant off the critical path. */
static inline IVD_T
IVD_FN(series_step)(IVD_T t, IVD_T r2, double d)
{
    IVD_T r;
    r.lo = IVD_DN(1.0 - IVD_UP(IVD_UP(r2.hi * t.hi) * IVD_UP(1.0 / d)));
    r.hi = IVD_UP(1.0 - IVD_DN(IVD_DN(r2.lo * t.lo) * IVD_DN(1.0 / d)));
    return r;
}

/* The tail [1 - r2/d, 1] of an alternating series with decreasing terms. */
static inline IVD_T
IVD_FN(series_tail)(IVD_T r2, double d)
{
    IVD_T t;
    t.lo = IVD_DN(1.0 - IVD_UP(r2.hi * IVD_UP(1.0 / d)));
    t.hi = 1.0;
    return t;
}

/* The small positive correction r2 t / d of the last Horner step.  The
   last step is done as r - r*c (sin) and 1 - c (cos) rather than r * t:
   the rounding errors of c are then scaled by c <= 0.31 instead of
   landing on the result at full size, which roughly halves the width. */
static inline IVD_T
IVD_FN(series_corr)(IVD_T t, IVD_T r2, double d)
{
    IVD_T c;
    c.lo = IVD_DN(IVD_DN(r2.lo * t.lo) * IVD_DN(1.0 / d));
    c.hi = IVD_UP(IVD_UP(r2.hi * t.hi) * IVD_UP(1.0 / d));
    if (c.lo < 0.0)             /* r2 t / d is never negative */
        c.lo = 0.0;
    return c;
}

/* sin r = r (1 - r2/(2*3) (1 - r2/(4*5) (1 - ...))) */
static IVD_T
IVD_FN(sin_series)(IVD_T r, IVD_T r2)
{
    int j = TAYLOR_DEPTH;
    IVD_T t = IVD_FN(series_tail)(r2, (double)(2 * j) * (2 * j + 1));
    for (j--; j >= 2; j--)
        t = IVD_FN(series_step)(t, r2, (double)(2 * j) * (2 * j + 1));
    return IVD_FN(sub)(r, IVD_FN(mul)(r, IVD_FN(series_corr)(t, r2, 6.0)));
}

/* cos r = 1 - r2/(1*2) (1 - r2/(3*4) (1 - ...)) */
static IVD_T
IVD_FN(cos_series)(IVD_T r2)
{
    int j = TAYLOR_DEPTH;
    IVD_T t = IVD_FN(series_tail)(r2, (double)(2 * j - 1) * (2 * j));
    for (j--; j >= 2; j--)
        t = IVD_FN(series_step)(t, r2, (double)(2 * j - 1) * (2 * j));
    return IVD_FN(sub)(IVD_FN(set_d)(1.0), IVD_FN(series_corr)(t, r2, 2.0));
}

/* Enclosures of sin x and cos x for a finite double |x| <= REDUCE_LIMIT. */
static void
IVD_FN(point_sin_cos)(IVD_T *s, IVD_T *c, double x)
{
    /* Any integer k gives a correct enclosure; the nearest one keeps |r|
       <= pi/4 (plus rounding) so the series converges fast. */
    double k = nearbyint(x * TWO_OVER_PI_LO);
    IVD_T r, r2, sr, cr;
    long q;

    if (k == 0.0) {
        r = IVD_FN(set_d)(x);   /* no reduction, nothing to round */
    } else {
        double y = k * P1;      /* exact: see trig_const.h */
        IVD_T tail;
        /* Sterbenz: x - y is exact, in every rounding mode, when x and y
           have the same sign and are within a factor 2 of each other,
           which is the usual case; stepping it outward anyway would
           triple the width of r. */
        if ((x > 0.0) == (y > 0.0) && fabs(y) <= 2.0 * fabs(x) && fabs(x) <= 2.0 * fabs(y))
            r = IVD_FN(set_d)(x - y);
        else
            r = IVD_FN(sub)(IVD_FN(set_d)(x), IVD_FN(set_d)(y));
        tail = IVD_FN(add)(IVD_FN(set_d)(k * P2),
                           IVD_FN(mul_d)(IVD_FN(set_2d)(P3T_LO, P3T_HI), k));
        r = IVD_FN(sub)(r, tail);
    }
    r2 = IVD_FN(sqr)(r);
    if (!(r2.hi < 2.0)) {
        /* cannot happen with k the nearest integer (|r| <= pi/4 + 1e-9);
           kept so that the series' sign assumptions are never violated */
        *s = *c = IVD_FN(set_2d)(-1.0, 1.0);
        return;
    }
    sr = IVD_FN(sin_series)(r, r2);
    cr = IVD_FN(cos_series)(r2);
    q = (long)k & 3;            /* two's complement: also right for k < 0 */
    switch (q) {
    case 0: *s = sr; *c = cr; break;
    case 1: *s = cr; *c = IVD_FN(neg)(sr); break;
    case 2: *s = IVD_FN(neg)(sr); *c = IVD_FN(neg)(cr); break;
    default: *s = IVD_FN(neg)(cr); *c = sr; break;
    }
}

static IVD_T
IVD_FN(clamp_unit)(IVD_T a)
{
    if (a.lo < -1.0) a.lo = -1.0;
    if (a.hi > 1.0) a.hi = 1.0;
    return a;
}

void
IVD_FN(sin_cos)(IVD_T *s, IVD_T *c, IVD_T a)
{
    IVD_T sa, ca, sb, cb, q;
    double na, nb, n;

    if (IVD_FN(is_empty)(a)) {
        *s = *c = a;
        return;
    }
    if (!IVD_FN(is_bounded)(a) || a.hi - a.lo >= 7.0) {
        *s = *c = IVD_FN(set_2d)(-1.0, 1.0);
        return;
    }
    if (fabs(a.lo) > REDUCE_LIMIT || fabs(a.hi) > REDUCE_LIMIT) {
        IVD_HUGE(s, c, a);
        return;
    }
    IVD_FN(point_sin_cos)(&sa, &ca, a.lo);
    if (a.lo == a.hi) {
        *s = IVD_FN(clamp_unit)(sa);
        *c = IVD_FN(clamp_unit)(ca);
        return;
    }
    IVD_FN(point_sin_cos)(&sb, &cb, a.hi);
    sa = IVD_FN(hull)(sa, sb);
    ca = IVD_FN(hull)(ca, cb);

    q = IVD_FN(set_2d)(TWO_OVER_PI_LO, TWO_OVER_PI_HI);
    na = ceil(IVD_FN(mul_d)(q, a.lo).lo);
    nb = floor(IVD_FN(mul_d)(q, a.hi).hi);
    if (nb - na >= 3.0) {
        sa = ca = IVD_FN(set_2d)(-1.0, 1.0);
    } else {
        for (n = na; n <= nb; n += 1.0) {
            switch ((long)n & 3) {
            case 0: ca.hi = 1.0; break;
            case 1: sa.hi = 1.0; break;
            case 2: ca.lo = -1.0; break;
            default: sa.lo = -1.0; break;
            }
        }
    }
    *s = IVD_FN(clamp_unit)(sa);
    *c = IVD_FN(clamp_unit)(ca);
}

IVD_T
IVD_FN(sin)(IVD_T a)
{
    IVD_T s, c;
    IVD_FN(sin_cos)(&s, &c, a);
    return s;
}

IVD_T
IVD_FN(cos)(IVD_T a)
{
    IVD_T s, c;
    IVD_FN(sin_cos)(&s, &c, a);
    return c;
}
