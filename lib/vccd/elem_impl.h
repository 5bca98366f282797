/* elem_impl.h -- elementary functions beyond the backends' own, written
   once over every backend (include through vccd/elem.h).

   sinc_cosc gives sinc(th) = sin(th)/th and cosc(th) = (1 - cos th)/th^2
   as functions of th^2.  Rotations about an axis w with angle |w| t need
   exactly these, and written this way they stay defined, and tight, when
   w is zero or an interval around zero (a rebased motion that was at
   rest), where the unit axis w/|w| does not exist.

   For th^2 <= 1 the Taylor series in nested form is used, with the tail
   of the alternating series enclosed as [1 - th^2/(d(d+1)), 1] (the terms
   decrease since th^2 <= d(d+1)): the truncation error is inside the
   interval.  The depth grows with the precision of the result.  For
   th^2 >= 1 the closed forms with interval sin, cos and division are
   used; an argument straddling 1 is split there and the pieces hulled. */

#ifndef VB_PFX
#error "include vccd/elem.h"
#endif

#define VE_CAT2(a, b) a##_##b
#define VE_CAT(a, b) VE_CAT2(a, b)
#define VE_FN(f) VE_CAT(VB_PFX, f)

/* Series depth n: the first omitted term th^(2n)/(2n+k)! <= 2^-(prec+8)
   for th^2 <= 1, k = 1 (sinc) or 2 (cosc). */
static inline int
VE_FN(series_depth)(long prec)
{
    double lg = 0.0;            /* log2((2n+1)!) so far */
    int n = 0, m = 1;
    while (lg < (double)prec + 8.0 || n < 2) {
        n++;
        lg += log2((double)(++m));
        lg += log2((double)(++m));
    }
    return n;
}

/* t <- 1 - x t / d, all in interval arithmetic. */
static inline void
VE_FN(series_step)(VB_T *t, const VB_T *x, double d, const VB_T *one)
{
    VB_TMP(u, t);
    VB_TMP(dd, t);
    VB_SET_D(dd, d);
    VB_MUL(u, x, t);
    VB_DIV(u, u, dd);
    VB_SUB(t, one, u);
}

/* Series part: x = th^2 with 0 <= x <= 1. */
static inline void
VE_FN(sinc_cosc_series)(VB_T *s, VB_T *c, const VB_T *x)
{
    int n = VE_FN(series_depth)(VB_PREC(s) > VB_PREC(c) ? VB_PREC(s) : VB_PREC(c));
    VB_TMP(one, s);
    VB_TMP(t, s);
    VB_TMP(dd, s);
    VB_SET_D(one, 1.0);

    /* sinc = 1 - x/(2*3) (1 - x/(4*5) (1 - ...)): factors (2j)(2j+1) */
    VB_SET_D(dd, (double)(2 * n) * (2 * n + 1));
    VB_DIV(t, x, dd);
    VB_SUB(t, one, t);
    VB_HULL(t, t, one);
    for (int j = n - 1; j >= 1; j--)
        VE_FN(series_step)(t, x, (double)(2 * j) * (2 * j + 1), one);
    VB_SET(s, t);

    /* cosc = 1/2 (1 - x/(3*4) (1 - x/(5*6) (1 - ...))): (2j+1)(2j+2) */
    VB_SET_D(dd, (double)(2 * n + 1) * (2 * n + 2));
    VB_DIV(t, x, dd);
    VB_SUB(t, one, t);
    VB_HULL(t, t, one);
    for (int j = n - 1; j >= 1; j--)
        VE_FN(series_step)(t, x, (double)(2 * j + 1) * (2 * j + 2), one);
    VB_MUL_2EXP(c, t, -1);
}

/* Closed forms for x = th^2 >= 1. */
static inline void
VE_FN(sinc_cosc_closed)(VB_T *s, VB_T *c, const VB_T *x)
{
    VB_TMP(th, s);
    VB_TMP(sn, s);
    VB_TMP(cs, s);
    VB_TMP(one, s);
    VB_SQRT(th, x);
    VB_SIN_COS(sn, cs, th);
    VB_DIV(s, sn, th);
    VB_SET_D(one, 1.0);
    VB_SUB(cs, one, cs);
    VB_DIV(c, cs, x);
}

/* s = sinc(th), c = cosc(th) from x = th^2 (an interval of nonnegative
   numbers; negative points of x are ignored).  Empty x gives empty. */
static inline void
VE_FN(sinc_cosc)(VB_T *s, VB_T *c, const VB_T *x)
{
    VB_TMP(lo, s);
    VB_TMP(hi, s);
    VB_TMP(s2, s);
    VB_TMP(c2, c);
    VB_TMP(one, s);
    VB_TMP(xx, s);

    VB_SET_D(one, 1.0);
    VB_SET_D(lo, 0.0);
    VB_SET_2D(xx, 0.0, INFINITY);
    VB_INTERSECT(xx, xx, x);    /* th^2 >= 0 */
    if (VB_IS_EMPTY(xx)) {
        VB_SET(s, xx);
        VB_SET(c, xx);
        return;
    }
    if (VB_CERTAINLY_LE(xx, one)) {
        VE_FN(sinc_cosc_series)(s, c, xx);
    } else if (VB_CERTAINLY_LE(one, xx)) {
        VE_FN(sinc_cosc_closed)(s, c, xx);
    } else {
        /* split at 1: [lo, 1] by the series, [1, hi] by the closed form */
        VB_SET_2D(lo, -INFINITY, 1.0);
        VB_INTERSECT(lo, lo, xx);
        VB_SET_2D(hi, 1.0, INFINITY);
        VB_INTERSECT(hi, hi, xx);
        VE_FN(sinc_cosc_series)(s2, c2, lo);
        VE_FN(sinc_cosc_closed)(s, c, hi);
        VB_HULL(s, s, s2);
        VB_HULL(c, c, c2);
    }
}

#undef VE_FN
