/* fp.h -- exact one-ulp steps on binary64, the primitive of outward rounding. */
#ifndef VCCD_FP_H
#define VCCD_FP_H

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

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

#endif
