/* elem_impl.h -- elementary functions beyond the backends' own, written
   once over every backend (include through vccd/plugin/elem.h).

   sinc_cosc gives sinc(th) = sin(th)/th and cosc(th) = (1 - cos th)/th^2
   as functions of th^2; sinc_family gives more of their family and its
   derivatives (see there).  Rotations about an axis w with angle |w| t need
   exactly these, and written this way they stay defined, and tight, when
   w is zero or an interval around zero (a rebased motion that was at
   rest), where the unit axis w/|w| does not exist.

   For th^2 <= 1 the Taylor series in nested form is used, with the tail
   of the alternating series enclosed as [1 - th^2 a, 1] (a the ratio of
   the last two terms; they decrease since th^2 a <= 1): the truncation
   error is inside the interval.  The depth grows with the precision of
   the result.  For th^2 >= 1 the closed forms with interval sin, cos and
   division are used; an argument straddling 1 is split there and the
   pieces hulled. */

#ifndef VB_PFX
#error "include vccd/plugin/elem.h"
#endif

#include "vccd/tpl.h"

/* Series depth n: the first omitted term th^(2n)/(2n+k)! <= 2^-(prec+8)
   for th^2 <= 1, k = 1 (sinc) and so also for the rest of the family. */
static inline int
VCCD_TPL_FN(series_depth)(long prec)
{
    /* A function of prec alone, asked for on every call of the series
       with mostly the same prec: the last answer is remembered (the
       log2 loop was 6% of a rotating pair's solve). */
    static _Thread_local long last_prec = -1;
    static _Thread_local int last_n;
    double lg = 0.0;            /* log2((2n+1)!) so far */
    int n = 0, m = 1;
    if (prec == last_prec)
        return last_n;
    while (lg < (double)prec + 8.0 || n < 2) {
        n++;
        lg += log2((double)(++m));
        lg += log2((double)(++m));
    }
    last_prec = prec;
    last_n = n;
    return n;
}

/* The family that sinc and cosc belong to: f_n(x) = sum_k (-1)^k x^k /
   (2k+n)!, so that with x = th^2
       f_1 = sinc th,  f_2 = cosc th,  f_3 = (th - sin th)/th^3,
       f_{n+2} = (1/n! - f_n)/x,
   and their derivatives in x,
       g_n = d f_n/dx = (n f_{n+2} - f_{n+1})/2
           = -sum_k (-1)^k (k+1) x^k / (2k+n+2)!.
   The derivatives of exp of a time-varying rotation vector (kin_impl.h)
   need f_2, f_3 and their g's; like sinc and cosc they are entire in x,
   so nothing divides by |phi| and phi may be an interval around 0.
   From f_n(x) = int_0^1 (1-u)^(n-1)/(n-1)! cos(u th) du:
   |f_n| <= 1/n! and, differentiating under the integral,
   |g_n| <= int (1-u)^(n-1)/(n-1)! u^2/2 du = 1/(n+2)! for every x >= 0;
   also f_1 = sinc >= -0.2173 and, by the alternating Taylor bounds of
   sin and cos, f_2 .. f_5 >= 0. */
#define VE_FAMILY_MAX 5         /* f_1 .. f_5 (so g_1 .. g_3) */

/* Series part for 0 <= x <= 1: r = f_n(x), or g_n(x) when deriv.  Nested
   form c (1 - x a_1 (1 - x a_2 (... (1 - x a_N [0, 1])))), with a_j the
   ratio of the magnitudes of terms j and j-1.  Every a_j x <= 1, so the
   terms decrease and the omitted alternating tail lies in the innermost
   [0, 1]. */
static inline void
VCCD_TPL_FN(family_series)(VB_T *r, const VB_T *x, int n, int deriv)
{
    int depth = VCCD_TPL_FN(series_depth)(VB_PREC(r));
    long fact = 1;
    VB_TMP(one, r);
    VB_TMP(t, r);
    VB_TMP(dd, r);

    VB_SET_D(one, 1.0);
    for (int j = depth; j >= 1; j--) {
        /* f: a_j = 1/((2j+n-1)(2j+n));  g: a_j = (j+1)/(j (2j+n+1)(2j+n+2)) */
        unsigned long den = deriv ? (unsigned long)j * (2 * j + n + 1) * (2 * j + n + 2)
                                  : (unsigned long)(2 * j + n - 1) * (2 * j + n);
        if (j == depth)
            VB_SET(t, x);       /* the innermost factor is [0, 1] */
        else
            VB_MUL(t, x, t);
        if (deriv)
            VB_MUL_D(t, t, (double)(j + 1));
        VB_DIV_UI(t, t, den);
        VB_SUB(t, one, t);
        if (j == depth)
            VB_HULL(t, t, one);
    }
    /* c = 1/n!, or -1/(n+2)! for g; a power of two scales exactly */
    for (int k = 2; k <= n + 2 * deriv; k++)
        fact *= k;
    if (fact == 1) {
        VB_SET(r, t);
    } else if ((fact & (fact - 1)) == 0) {
        int e = 0;
        while ((1L << e) < fact)
            e++;
        VB_MUL_2EXP(r, t, -e);
    } else {
        VB_SET_D(dd, (double)fact);
        VB_DIV(r, t, dd);
    }
    if (deriv)
        VB_NEG(r, r);
}

/* Closed forms for x = th^2 >= 1: F[i] = f_{i+1} for i < nf, by sin/cos
   for f_1, f_2 and the recurrence beyond. */
static inline void
VCCD_TPL_FN(family_closed)(VB_T *F, int nf, const VB_T *x)
{
    VB_TMP(th, &F[0]);
    VB_TMP(sn, &F[0]);
    VB_TMP(cs, &F[0]);
    VB_TMP(k, &F[0]);
    VB_SQRT(th, x);
    VB_SIN_COS(sn, cs, th);
    VB_DIV(&F[0], sn, th);
    VB_SET_D(k, 1.0);
    VB_SUB(cs, k, cs);
    VB_DIV(&F[1], cs, x);
    for (int n = 1; n + 2 <= nf; n++) {
        if (n > 1) {
            VB_SET_D(cs, (double)n);
            VB_DIV(k, k, cs);   /* 1/n!, an enclosure */
        }
        VB_SUB(cs, k, &F[n - 1]);
        VB_DIV(&F[n + 1], cs, x);
    }
}

/* Every wanted f_n (into F) and g_n (into G) on x, whose points are all
   in [0, 1] (series) or all >= 1 (closed forms). */
static inline void
VCCD_TPL_FN(family_part)(VB_T *F, VB_T *G, VB_T *const *f, int nf, VB_T *const *g, int ng,
                   const VB_T *x, int series)
{
    if (series) {
        for (int i = 0; i < nf; i++)
            if (f[i])
                VCCD_TPL_FN(family_series)(&F[i], x, i + 1, 0);
        for (int i = 0; i < ng; i++)
            if (g[i])
                VCCD_TPL_FN(family_series)(&G[i], x, i + 1, 1);
        return;
    }
    VCCD_TPL_FN(family_closed)(F, nf > ng + 2 ? nf : ng + 2, x);
    for (int i = 0; i < ng; i++) {
        /* g_n = (n f_{n+2} - f_{n+1})/2 */
        if (i == 0)
            VB_SET(&G[i], &F[i + 2]);
        else
            VB_MUL_D(&G[i], &F[i + 2], (double)(i + 1));
        VB_SUB(&G[i], &G[i], &F[i + 1]);
        VB_MUL_2EXP(&G[i], &G[i], -1);
    }
}

/* f[i] = f_{i+1}(x) for i < nf and g[i] = g_{i+1}(x) for i < ng, from
   x = th^2 (an interval of nonnegative numbers; negative points are
   ignored, empty x gives empty).  Entries of f and g may be NULL;
   2 <= nf <= VE_FAMILY_MAX and ng + 2 <= VE_FAMILY_MAX.  Series for
   th^2 <= 1, closed forms for th^2 >= 1; an argument straddling 1 is
   split there and the pieces hulled. */
static inline void
VCCD_TPL_FN(sinc_family)(VB_T *const *f, int nf, VB_T *const *g, int ng, const VB_T *x)
{
    const VB_T *ref = NULL;
    VB_T F[VE_FAMILY_MAX], G[VE_FAMILY_MAX], F2[VE_FAMILY_MAX], G2[VE_FAMILY_MAX];

    for (int i = 0; i < nf && !ref; i++)
        ref = f[i];
    for (int i = 0; i < ng && !ref; i++)
        ref = g[i];
    if (!ref)
        return;
    VB_TMP_N(F_l, F, VE_FAMILY_MAX, ref);
    VB_TMP_N(G_l, G, VE_FAMILY_MAX, ref);
    VB_TMP_N(F2_l, F2, VE_FAMILY_MAX, ref);
    VB_TMP_N(G2_l, G2, VE_FAMILY_MAX, ref);
    VB_TMP(one, ref);
    VB_TMP(xx, ref);
    VB_TMP(part, ref);

    VB_SET_D(one, 1.0);
    VB_SET_2D(xx, 0.0, INFINITY);
    VB_INTERSECT(xx, xx, x);    /* th^2 >= 0 */
    if (VB_IS_EMPTY(xx)) {
        for (int i = 0; i < VE_FAMILY_MAX; i++) {
            VB_SET(&F[i], xx);
            VB_SET(&G[i], xx);
        }
    } else if (VB_CERTAINLY_LE(xx, one)) {
        VCCD_TPL_FN(family_part)(F, G, f, nf, g, ng, xx, 1);
    } else if (VB_CERTAINLY_LE(one, xx)) {
        VCCD_TPL_FN(family_part)(F, G, f, nf, g, ng, xx, 0);
    } else {
        /* split at 1: [lo, 1] by the series, [1, hi] by the closed forms */
        VB_SET_2D(part, -INFINITY, 1.0);
        VB_INTERSECT(part, part, xx);
        VCCD_TPL_FN(family_part)(F2, G2, f, nf, g, ng, part, 1);
        VB_SET_2D(part, 1.0, INFINITY);
        VB_INTERSECT(part, part, xx);
        VCCD_TPL_FN(family_part)(F, G, f, nf, g, ng, part, 0);
        for (int i = 0; i < nf; i++)
            if (f[i])
                VB_HULL(&F[i], &F[i], &F2[i]);
        for (int i = 0; i < ng; i++)
            if (g[i])
                VB_HULL(&G[i], &G[i], &G2[i]);
    }
    /* Clip to the ranges above: free, and it keeps a wide argument (a
       whole time step) from blowing up through the dependency in the
       closed forms, where f_3 = (1 - f_1)/x etc. reuse x.  Rigorous
       backends only: elsewhere an enclosure that misses a range by a
       rounding error would turn empty. */
    if (VB_RIGOROUS && !VB_IS_EMPTY(xx)) {
        double fact = 1.0;
        for (int n = 1; n <= VE_FAMILY_MAX; n++) {
            double u;
            fact *= n;
            u = (1.0 / fact) * (1.0 + 0x1p-50);     /* >= 1/n! */
            if (n <= nf && f[n - 1]) {
                VB_SET_2D(part, n == 1 ? -0.22 : 0.0, u);
                VB_INTERSECT(&F[n - 1], &F[n - 1], part);
            }
            if (n >= 3 && n - 2 <= ng && g[n - 3]) {
                VB_SET_2D(part, -u, u);
                VB_INTERSECT(&G[n - 3], &G[n - 3], part);
            }
        }
    }
    for (int i = 0; i < nf; i++)
        if (f[i])
            VB_SET(f[i], &F[i]);
    for (int i = 0; i < ng; i++)
        if (g[i])
            VB_SET(g[i], &G[i]);
}

#ifdef VB_IVD
/* binary64 only: f_n (n = 1, 2) at one double x in [0, 20] as a double
   v[n-1] with |f_n(x) - v[n-1]| <= err[n-1].  Horner in plain doubles on the Taylor
   series f_n(x) = sum_k (-1)^k x^k / (2k+n)!, truncated after K terms:
   - the coefficients are 1/m! correctly rounded (relative error <= 2^-53;
     generated with exact rationals), which moves the sum by at most
     2^-53 S, S = sum_k |a_k| x^k;
   - Horner's own rounding is bounded by a running error analysis
     (Higham, Accuracy and Stability, Alg. 5.1): at most 2 u mu with
     mu = sum_k |p_k| x^k over the computed partial results, and u = 2^-52
     so that the bound holds in any rounding mode, as the rest of the
     binary64 backend does (fused multiply-adds only round less);
   - the omitted tail alternates with decreasing terms (x < (2k+n+1)
     (2k+n+2) for every k > K), so it is below the first omitted term.
   Many times cheaper than the interval nested form on a rotating pair,
   where sinc and cosc were 40% of the solve. */
static inline void
VCCD_TPL_FN(family_point)(double v[2], double err[2], double x)
{
    static const double inv_fact[62] = {
        0x1.0000000000000p+0, 0x1.0000000000000p+0, 0x1.0000000000000p-1, 0x1.5555555555555p-3,
        0x1.5555555555555p-5, 0x1.1111111111111p-7, 0x1.6c16c16c16c17p-10, 0x1.a01a01a01a01ap-13,
        0x1.a01a01a01a01ap-16, 0x1.71de3a556c734p-19, 0x1.27e4fb7789f5cp-22, 0x1.ae64567f544e4p-26,
        0x1.1eed8eff8d898p-29, 0x1.6124613a86d09p-33, 0x1.93974a8c07c9dp-37, 0x1.ae7f3e733b81fp-41,
        0x1.ae7f3e733b81fp-45, 0x1.952c77030ad4ap-49, 0x1.6827863b97d97p-53, 0x1.2f49b46814157p-57,
        0x1.e542ba4020225p-62, 0x1.71b8ef6dcf572p-66, 0x1.0ce396db7f853p-70, 0x1.761b41316381ap-75,
        0x1.f2cf01972f578p-80, 0x1.3f3ccdd165fa9p-84, 0x1.88e85fc6a4e5ap-89, 0x1.d1ab1c2dccea3p-94,
        0x1.0a18a2635085dp-98, 0x1.259f98b4358adp-103, 0x1.3932c5047d60ep-108, 0x1.434d2e783f5bcp-113,
        0x1.434d2e783f5bcp-118, 0x1.3981254dd0d52p-123, 0x1.2710231c0fd7ap-128, 0x1.0dc59c716d91fp-133,
        0x1.df983290c2ca9p-139, 0x1.9ec8d1c94e85bp-144, 0x1.5d4acb9c0c3abp-149, 0x1.1e99449a4bacep-154,
        0x1.ca8ed42a12ae3p-160, 0x1.65e61c39d0241p-165, 0x1.10af527530de8p-170, 0x1.95db45257e512p-176,
        0x1.272b1b03fec6ap-181, 0x1.a3cb872220648p-187, 0x1.240804f659510p-192, 0x1.8da8e0a127ebap-198,
        0x1.091b406b6ff26p-203, 0x1.5a42f0dfeb086p-209, 0x1.bb36f6e12cd78p-215, 0x1.161872bf7b823p-220,
        0x1.56457989358c9p-226, 0x1.9d4f1058674dfp-232, 0x1.e9d8f6ed83eaap-238, 0x1.1d008faac5c50p-243,
        0x1.45b77f9e98e12p-249, 0x1.6db793c887b97p-255, 0x1.938cc661b03f6p-261, 0x1.b5bfc17fa97d3p-267,
        0x1.d2eeac43e7fcfp-273, 0x1.e9e56d649f768p-279,
    };
    /* The fewest terms K with the first omitted one below 2^-58 (at
       n = 1; n = 2 only has smaller ones) for x up to lim[K]: a rotating
       pair's |w|^2 t^2 is mostly small, and each term is a step of both
       Horner loops.  (x^(K+1)/(2K+3)! <= 2^-58 holds up to 1.06e-3 for
       K = 3, 0.0107, 0.0528, 0.172, 0.433, 0.909, 1.68, 2.82, 4.41, 6.51,
       9.19, 12.5, 16.5 and 21.2 for K = 16.) */
    static const double lim[17] = { 0, 0, 0, 0x1p-10, 0x1p-7, 0x1p-5, 0.125, 0.375, 0.875, 1.5, 2.75, 4.25, 6.5,
                                    9.0, 12.5, 16.0, INFINITY };
    int K = 3;
    double xk = 1.0;
    while (K < 16 && !(x <= lim[K]))
        K++;
    /* sinc (n = 1) and cosc (n = 2) side by side: one pass, one power */
    for (int n = 1; n <= 2; n++) {
        double a = inv_fact[2 * K + n], p = K & 1 ? -a : a, S = a, mu = 0.5 * a;
        for (int k = K - 1; k >= 0; k--) {
            a = inv_fact[2 * k + n];
            p = p * x + (k & 1 ? -a : a);
            S = S * x + a;
            mu = mu * x + fabs(p);
        }
        if (n == 1)
            for (int k = 0; k <= K; k++)
                xk *= x;
        v[n - 1] = p;
        /* a_0 = 1/1! or 1/2! is exact.  The running bound is first order
           in u, and S, mu and the tail term carry relative errors of
           about K u: the 2^-20 margin covers both; 0x1p-1000 covers the
           tail term underflowing to 0. */
        err[n - 1] = (0x1p-52 * (2.0 * mu - fabs(p)) + 0x1p-53 * (S - inv_fact[n]) + xk * inv_fact[2 * K + 2 + n])
                     * (1.0 + 0x1p-20) + 0x1p-1000;
    }
}

/* sinc and cosc of th = sqrt(x) over x in [0, 20] from the end points:
   both decrease there (sinc up to its first minimum at th^2 = 20.19,
   cosc = sinc(th/2)^2/2 up to th = 2 pi), so the range is spanned by the
   values at the ends, each taken from family_point and stepped outward.
   Tighter than the nested interval form, which also pays for x's width
   inside every factor. */
/* family_point of the last few x (per thread and translation unit): a
   box [a, b] and then its left end a, as taylor-lagrange asks for them,
   give sinc_cosc the same lower end x; a pure function of x's bits, so
   the remembered values are those a call would return. */
static inline void
VCCD_TPL_FN(family_point_memo)(double v[2], double err[2], double x)
{
    static _Thread_local struct { double x, v[2], err[2]; } memo[4] = {
        { -1.0, { 0, 0 }, { 0, 0 } }, { -1.0, { 0, 0 }, { 0, 0 } },
        { -1.0, { 0, 0 }, { 0, 0 } }, { -1.0, { 0, 0 }, { 0, 0 } } };
    static _Thread_local unsigned next;
    for (int i = 0; i < 4; i++)
        if (memo[i].x == x) {   /* x >= 0 here: never the empty slots' -1 */
            v[0] = memo[i].v[0], v[1] = memo[i].v[1];
            err[0] = memo[i].err[0], err[1] = memo[i].err[1];
            return;
        }
    VCCD_TPL_FN(family_point)(v, err, x);
    next = (next + 1) & 3;
    memo[next].x = x;
    memo[next].v[0] = v[0], memo[next].v[1] = v[1];
    memo[next].err[0] = err[0], memo[next].err[1] = err[1];
}

/* A narrow x (a point time t: x = |w|^2 t^2 is a few ulps wide) is
   bounded from its left end alone: both functions decrease, so their
   values at xl bound them from above, and their slopes in x are at most
   1/6 and 1/24 in magnitude for every x >= 0, which bounds them from
   below within that times the width.  (d sinc(th)/dx = (th cos th - sin
   th) / (2 th^3), and g = sin th - th cos th has |g'| = |th sin th| <=
   th^2, so |g| <= th^3 / 3; d cosc(th)/dx = -h / (2 th^4) with h = 2 (1 -
   cos th) - th sin th, h' = g, so |h| <= th^4 / 12.)  One family_point
   where two were, on every point time of a rigid motion. */
#define VE_NARROW 0x1p-30

static inline void
VCCD_TPL_FN(sinc_cosc_monotone)(VB_T *s, VB_T *c, double xl, double xh)
{
    double v[2], e[2];
    if (xl != xh && xh - xl <= VE_NARROW) {
        /* >= xh - xl and the slopes' bounds times it, up: 1/6 and 1/24
           are rounded up, each product is within an ulp */
        double d = vccd_fp_next_up(xh - xl);
        VCCD_TPL_FN(family_point_memo)(v, e, xl);
        s->lo = vccd_fp_next_down(vccd_fp_next_down(v[0] - e[0]) - vccd_fp_next_up(d * 0x1.5555555555556p-3));
        c->lo = vccd_fp_next_down(vccd_fp_next_down(v[1] - e[1]) - vccd_fp_next_up(d * 0x1.5555555555556p-5));
    } else {
        VCCD_TPL_FN(family_point_memo)(v, e, xh);
        s->lo = vccd_fp_next_down(v[0] - e[0]);
        c->lo = vccd_fp_next_down(v[1] - e[1]);
        if (xl != xh)           /* a point time: one evaluation */
            VCCD_TPL_FN(family_point_memo)(v, e, xl);
    }
    s->hi = vccd_fp_next_up(v[0] + e[0]);
    c->hi = vccd_fp_next_up(v[1] + e[1]);
    /* the ranges of elem_impl.h's family (sinc <= 1, 0 <= cosc <= 1/2) */
    s->hi = s->hi < 1.0 ? s->hi : 1.0;
    c->lo = c->lo > 0.0 ? c->lo : 0.0;
    c->hi = c->hi < 0.5 ? c->hi : 0.5;
}
#endif

/* s = sinc(th), c = cosc(th) from x = th^2 (as sinc_family). */
static inline void
VCCD_TPL_FN(sinc_cosc)(VB_T *s, VB_T *c, const VB_T *x)
{
    VB_T *const f[2] = { s, c };
#ifdef VB_IVD
    /* A rigid motion evaluates every body point of a feature pair at the
       same time, and each needs sinc/cosc of the same |w|^2 t^2, the
       costly part of the evaluation.  A pure function of x's bits, so
       remembering the last call (per thread, per translation unit)
       returns exactly what the call would. */
    static _Thread_local struct { VB_T x, s, c; int ok; } memo;
    VB_T xin = *x;
    if (memo.ok && memcmp(&memo.x, &xin, sizeof xin) == 0) {
        *s = memo.s;
        *c = memo.c;
        return;
    }
    if (VB_RIGOROUS && xin.lo <= 20.0 && xin.hi <= 20.0 && xin.lo <= xin.hi && xin.hi >= 0.0)
        VCCD_TPL_FN(sinc_cosc_monotone)(s, c, xin.lo > 0.0 ? xin.lo : 0.0, xin.hi);
    else
#endif
    VCCD_TPL_FN(sinc_family)(f, 2, NULL, 0, x);
#ifdef VB_IVD
    memo.x = xin;
    memo.s = *s;
    memo.c = *c;
    memo.ok = 1;
#endif
}

#undef VE_NARROW
