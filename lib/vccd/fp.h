/* fp.h -- one-ulp steps and outward widening on binary64, the primitives of outward rounding. */
#ifndef VCCD_FP_H
#define VCCD_FP_H

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "vccd/export.h"

VCCD_BEGIN_DECLS

#if !defined(FLT_EVAL_METHOD) || FLT_EVAL_METHOD != 0
/* x87 excess precision would make "round to nearest, then step one ulp"
   unsound: the double we step from would not be the rounded result. */
#error "vccd needs FLT_EVAL_METHOD == 0 (SSE2 doubles); build with -msse2 -mfpmath=sse"
#endif

/* Smallest double strictly greater than x; +inf and NaN map to themselves,
   -inf to -DBL_MAX.  Works by stepping the bit pattern, so it is exact and
   independent of the current rounding mode: whatever mode produced a
   double c from an exact value v, c is v rounded to a neighbour, hence
   next_down(c) <= v <= next_up(c).  That is the whole rigour argument of
   the binary64 backend (see doc/arithmetic.md). */
static inline double
vccd_fp_next_up(double x)
{
    uint64_t u;

    if (x == 0.0)
        return 0x1p-1074;
    if (!(x < INFINITY))        /* +inf or NaN */
        return x;
    memcpy(&u, &x, sizeof u);
    /* +1 on the magnitude for positive x, -1 for negative: branch-free */
    u += (uint64_t)(((int64_t)u >> 63) | 1);
    memcpy(&x, &u, sizeof u);
    return x;
}

/* 2^e exactly, built from its bit pattern for normal powers (ldexp was
   a call per scaling on the hot paths); ldexp otherwise. */
static inline double
vccd_fp_pow2(int e)
{
    if (e >= -1022 && e <= 1023) {
        uint64_t u = (uint64_t)(e + 1023) << 52;
        double x;
        memcpy(&x, &u, sizeof x);
        return x;
    }
    return ldexp(1.0, e);
}

/* Largest double strictly less than x; -inf and NaN map to themselves. */
static inline double
vccd_fp_next_down(double x)
{
    return -vccd_fp_next_up(-x);
}

/* A double >= x's successor, for any double x, by widening instead of
   stepping the bit pattern: x + (2^-52 (1 + 2^-50) |x| + 2^-1074) for
   |x| < DBL_MAX, and what next_up gives for the rest (+-DBL_MAX, +-inf;
   NaN stays NaN), by selects.  The rounding argument of next_up holds
   for it (next_down(c) <= v <= next_up(c) for any v that rounded to c,
   in any mode), because it is never below next_up(x):
   - the spacing above a finite x in [2^E, 2^(E+1)) is at most
     2^(E-52) when x is normal, a double no larger than phi |x|, so
     phi |x| rounded in whatever mode is current is at least it (no
     rounding passes a double), and adding eta only raises it; for
     subnormal x and 0 the spacing is eta = 2^-1074 itself;
   - x + e >= next_up(x) exactly, next_up(x) is a double (x < DBL_MAX),
     and every IEEE rounding mode is monotone, so the rounded sum is
     >= next_up(x) too.  At DBL_MAX, next_up is +inf, which rounding
     down would not reach (t-fpenv found it): it is selected outright,
     as -DBL_MAX is for -inf.
   It is one to two ulps outward in round to nearest (three in a
   directed mode, four near the subnormals: t-fp bounds it), where
   next_up is one, with no trip between the FP and integer registers:
   vccd bench arith's "outward rounding techniques" and
   doc/arithmetic.md have the measurements that made it what the
   binary64 backend rounds with.  The special ends take one branch that
   a finite x never takes: x + e alone is then the result (e < DBL_MAX
   and x + e >= x > -DBL_MAX, so the selects below would change
   nothing), two floating-point operations on the bound's dependency
   chain where the selects made five (the tetrahedron query 9% faster,
   the same bits).
   Rump, Zimmermann, Boldo and Melquiond (BIT 2009) widen by half this
   in round-to-nearest only; the full ulp here keeps the backend sound in
   every rounding mode, which t-fpenv checks. */
#define VCCD_FP_WIDEN_PHI (0x1p-52 + 0x1p-102)
#if defined(__GNUC__)
#define VCCD_FP_LIKELY(c) __builtin_expect(!!(c), 1)
#else
#define VCCD_FP_LIKELY(c) (c)
#endif
static inline double
vccd_fp_widen_up(double x)
{
    double e = VCCD_FP_WIDEN_PHI * fabs(x) + 0x1p-1074, r;
    if (VCCD_FP_LIKELY(fabs(x) < DBL_MAX))
        return x + e;
    e = e < DBL_MAX ? e : DBL_MAX;      /* x = -inf: -inf + e stays -inf */
    r = x + e;
    r = x == DBL_MAX ? INFINITY : r;
    return r < -DBL_MAX ? -DBL_MAX : r;
}

static inline double
vccd_fp_widen_down(double x)
{
    return -vccd_fp_widen_up(-x);
}

VCCD_END_DECLS

#endif
