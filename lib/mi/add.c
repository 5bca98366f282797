/* add.c -- sum and difference of MPFR intervals. */
#include "mi/mi_impl.h"

void
vccd_mi_add(vccd_mi_t r, const vccd_mi_t a, const vccd_mi_t b)
{
    if (vccd_mi_empty_p(a) || vccd_mi_empty_p(b)) {
        vccd_mi_set_empty(r);
        return;
    }
    /* Endpoint-wise, so aliasing r with a or b is harmless. */
    mpfr_add(LO(r), LO(a), LO(b), MPFR_RNDD);
    mpfr_add(HI(r), HI(a), HI(b), MPFR_RNDU);
}

void
vccd_mi_sub(vccd_mi_t r, const vccd_mi_t a, const vccd_mi_t b)
{
    if (vccd_mi_empty_p(a) || vccd_mi_empty_p(b)) {
        vccd_mi_set_empty(r);
        return;
    }
    if (r == b) {               /* b's endpoints are needed crosswise */
        VCCD_MI_TMP(t, PREC(b));
        vccd_mi_set(t, b);
        vccd_mi_sub(r, a, t);
        return;
    }
    mpfr_sub(LO(r), LO(a), HI(b), MPFR_RNDD);
    mpfr_sub(HI(r), HI(a), LO(b), MPFR_RNDU);
}
