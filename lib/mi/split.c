/* split.c -- midpoint, width, magnitude and bisection of MPFR intervals. */
#include "mi/mi_impl.h"

void
vccd_mi_mid(mpfr_t m, const vccd_mi_t a)
{
    if (vccd_mi_empty_p(a)) {
        mpfr_set_nan(m);
        return;
    }
    if (mpfr_inf_p(LO(a)) && mpfr_inf_p(HI(a))) {
        mpfr_set_zero(m, 1);
        return;
    }
    if (mpfr_inf_p(LO(a)) || mpfr_inf_p(HI(a))) {
        /* largest finite magnitude at m's precision, toward the open end,
           unless the finite endpoint is already beyond it */
        int up = mpfr_inf_p(HI(a));
        mpfr_set_inf(m, up ? 1 : -1);
        if (up) mpfr_nextbelow(m); else mpfr_nextabove(m);
        if (up && mpfr_less_p(m, LO(a))) mpfr_set(m, LO(a), MPFR_RNDU);
        if (!up && mpfr_greater_p(m, HI(a))) mpfr_set(m, HI(a), MPFR_RNDD);
        return;
    }
    {
        /* lo/2 + hi/2 is exact in MPFR's exponent range before the final
           rounding; clamp in case rounding to m's precision stepped out */
        MPFR_DECL_INIT(t, mpfr_get_prec(m) > PREC(a) ? mpfr_get_prec(m) : PREC(a));
        MPFR_DECL_INIT(h, PREC(a));
        /* Halve before adding, as the comment says: lo + hi overflowed to
           inf near the largest number (which mid returns for half-lines),
           so mid landed on hi and bisect fell back to a one-ulp sliver
           (found by tests/mi/t-arith). */
        mpfr_div_2ui(t, LO(a), 1, MPFR_RNDN);
        mpfr_div_2ui(h, HI(a), 1, MPFR_RNDN);
        mpfr_add(m, t, h, MPFR_RNDN);
        if (mpfr_less_p(m, LO(a))) mpfr_set(m, LO(a), MPFR_RNDU);
        if (mpfr_greater_p(m, HI(a))) mpfr_set(m, HI(a), MPFR_RNDD);
    }
}

void
vccd_mi_width(mpfr_t w, const vccd_mi_t a)
{
    if (vccd_mi_empty_p(a)) {
        mpfr_set_nan(w);
        return;
    }
    mpfr_sub(w, HI(a), LO(a), MPFR_RNDU);
}

void
vccd_mi_mag(mpfr_t m, const vccd_mi_t a)
{
    if (vccd_mi_empty_p(a)) {
        mpfr_set_nan(m);
        return;
    }
    if (mpfr_cmpabs(LO(a), HI(a)) > 0)
        mpfr_abs(m, LO(a), MPFR_RNDU);
    else
        mpfr_abs(m, HI(a), MPFR_RNDU);
}

int
vccd_mi_bisect(vccd_mi_t left, vccd_mi_t right, const vccd_mi_t a)
{
    MPFR_DECL_INIT(m, PREC(a));

    if (vccd_mi_empty_p(a))
        goto nosplit;
    vccd_mi_mid(m, a);
    if (!(mpfr_less_p(LO(a), m) && mpfr_less_p(m, HI(a)))) {
        /* mid rounded onto an endpoint: at precision PREC(a) the only
           candidate left is the successor of lo */
        mpfr_set(m, LO(a), MPFR_RNDN);
        mpfr_nextabove(m);
        if (!mpfr_less_p(m, HI(a)))
            goto nosplit;
    }
    /* m has a's precision; left/right may be coarser, in which case the
       split point is rounded outward in each half (still a cover of a). */
    {
        MPFR_DECL_INIT(hi, PREC(a));
        mpfr_set(hi, HI(a), MPFR_RNDN);
        mpfr_set(LO(left), LO(a), MPFR_RNDD);
        mpfr_set(HI(left), m, MPFR_RNDU);
        mpfr_set(LO(right), m, MPFR_RNDD);
        mpfr_set(HI(right), hi, MPFR_RNDU);
    }
    return 1;
nosplit:
    vccd_mi_set(left, a);
    vccd_mi_set(right, a);
    return 0;
}
