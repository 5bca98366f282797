/* mi_impl.h -- private helpers shared by the MPFR interval sources. */
#ifndef VCCD_MI_IMPL_H
#define VCCD_MI_IMPL_H

#include "vccd/mi.h"

#define LO(x) (&(x)->lo)
#define HI(x) (&(x)->hi)
#define PREC(x) mpfr_get_prec(LO(x))

static inline int
vccd_mi_empty_p(const vccd_mi_struct *a)
{
    /* lo < 0 < hi needs no comparison (a third of the checks of the
       adaptive tail's products and sums) */
    if (mpfr_regular_p(LO(a)) && mpfr_regular_p(HI(a)) && mpfr_signbit(LO(a)) && !mpfr_signbit(HI(a)))
        return 0;
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
