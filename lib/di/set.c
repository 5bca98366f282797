/* set.c -- exact rationals and decimal strings to binary64 intervals.
   Both go through MPFR at 53 bits with directed rounding, so the result
   is the tightest binary64 enclosure (a point when representable). */
#include "vccd/mi.h"

vccd_di
vccd_di_set_si_frac(long num, long den)
{
    mpq_t q;
    vccd_di r;
    MPFR_DECL_INIT(lo, 53);
    MPFR_DECL_INIT(hi, 53);

    if (den == 0)
        return vccd_di_entire();
    mpq_init(q);
    mpq_set_si(q, num, 1);
    mpz_set_si(mpq_denref(q), den);
    if (den < 0) {
        mpz_neg(mpq_numref(q), mpq_numref(q));
        mpz_neg(mpq_denref(q), mpq_denref(q));
    }
    mpq_canonicalize(q);
    mpfr_set_q(lo, q, MPFR_RNDD);
    mpfr_set_q(hi, q, MPFR_RNDU);
    mpq_clear(q);
    /* 53-bit MPFR numbers in double range convert exactly; outside it the
       directed conversions still round outward. */
    r.lo = mpfr_get_d(lo, MPFR_RNDD);
    r.hi = mpfr_get_d(hi, MPFR_RNDU);
    return r;
}

int
vccd_di_set_str(vccd_di *r, const char *s)
{
    VCCD_MI_TMP(x, 53);
    if (vccd_mi_set_str(x, s) != 0)
        return -1;
    *r = vccd_mi_get_di(x);
    return 0;
}
