/* sqrt.c -- square root of MPFR intervals. */
#include "mi/mi_impl.h"

void
vccd_mi_sqrt(vccd_mi_t r, const vccd_mi_t a)
{
    if (vccd_mi_empty_p(a) || mpfr_sgn(HI(a)) < 0) {
        vccd_mi_set_empty(r);
        return;
    }
    /* Endpoint-wise, so aliasing is harmless; negative points of a are
       outside the domain and dropped. */
    if (mpfr_sgn(LO(a)) > 0)
        mpfr_sqrt(LO(r), LO(a), MPFR_RNDD);
    else
        mpfr_set_zero(LO(r), 1);
    mpfr_sqrt(HI(r), HI(a), MPFR_RNDU);
}
