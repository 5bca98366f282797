/* mi_impl.h -- private helpers shared by the MPFR interval sources. */
#ifndef VCCD_MI_IMPL_H
#define VCCD_MI_IMPL_H

#include "vccd/mi.h"

#define LO(x) (&(x)->lo)
#define HI(x) (&(x)->hi)
#define PREC(x) mpfr_get_prec(LO(x))

/* x <= y for regular (finite, nonzero) x and y: by sign, exponent and
   the significands' limbs, which MPFR keeps normalised and aligned at
   their top, through MPFR's public accessors.  mpfr_lessequal_p, a call
   and a generic comparison, was a seventh of the adaptive tail's
   instructions. */
static inline int
vccd_mi_le_regular(mpfr_srcptr x, mpfr_srcptr y)
{
    int neg = mpfr_signbit(x);
    mpfr_exp_t ex, ey;
    const mp_limb_t *a, *b;
    long na, nb;
    if (neg != mpfr_signbit(y))
        return neg;
    ex = mpfr_get_exp(x);
    ey = mpfr_get_exp(y);
    if (ex != ey)
        return neg ? ex > ey : ex < ey;
    a = (const mp_limb_t *)mpfr_custom_get_significand(x);
    b = (const mp_limb_t *)mpfr_custom_get_significand(y);
    na = (long)((mpfr_get_prec(x) - 1) / GMP_NUMB_BITS + 1);
    nb = (long)((mpfr_get_prec(y) - 1) / GMP_NUMB_BITS + 1);
    /* |x| against |y|, the top limbs first */
    while (na > 0 && nb > 0) {
        mp_limb_t p = a[--na], q = b[--nb];
        if (p != q)
            return neg ? p > q : p < q;
    }
    while (na > 0)              /* |x| > |y| if x has more nonzero limbs */
        if (a[--na])
            return neg;
    while (nb > 0)
        if (b[--nb])
            return !neg;
    return 1;                   /* equal */
}

static inline int
vccd_mi_empty_p(const vccd_mi_struct *a)
{
    if (mpfr_regular_p(LO(a)) && mpfr_regular_p(HI(a)))
        return !vccd_mi_le_regular(LO(a), HI(a));
    return !mpfr_lessequal_p(LO(a), HI(a));
}

/* NaN from 0*inf at an endpoint means 0 (see ivd_ops.h); from inf/inf it
   means the corner may be dropped, which callers handle by case analysis
   so it never arises. */
static inline void
vccd_mi_fix_zero_inf(mpfr_ptr x)
{
    if (mpfr_nan_p(x))
        mpfr_set_zero(x, 1);
}

#endif
