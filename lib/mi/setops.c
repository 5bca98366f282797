/* setops.c -- hull, intersection, negation, abs, min, max of MPFR
   intervals: exact apart from rounding to the output precision. */
#include "mi/mi_impl.h"

void
vccd_mi_hull(vccd_mi_t r, const vccd_mi_t a, const vccd_mi_t b)
{
    /* empty = {+inf, -inf} is neutral for min/max; mpfr_min/max round
       in the direction we ask and accept aliasing. */
    mpfr_min(LO(r), LO(a), LO(b), MPFR_RNDD);
    mpfr_max(HI(r), HI(a), HI(b), MPFR_RNDU);
}

void
vccd_mi_intersect(vccd_mi_t r, const vccd_mi_t a, const vccd_mi_t b)
{
    /* Decide emptiness on the exact endpoints: rounding max(lo) down and
       min(hi) up to a coarser r can otherwise turn disjoint operands into
       a nonempty point (found by tests/mi/t-arith). */
    if (vccd_mi_empty_p(a) || vccd_mi_empty_p(b)
        || mpfr_less_p(HI(a), LO(b)) || mpfr_less_p(HI(b), LO(a))) {
        vccd_mi_set_empty(r);
        return;
    }
    mpfr_max(LO(r), LO(a), LO(b), MPFR_RNDD);
    mpfr_min(HI(r), HI(a), HI(b), MPFR_RNDU);
    if (vccd_mi_empty_p(r))
        vccd_mi_set_empty(r);
}

void
vccd_mi_neg(vccd_mi_t r, const vccd_mi_t a)
{
    if (vccd_mi_empty_p(a)) {
        vccd_mi_set_empty(r);
        return;
    }
    if (r == a) {
        mpfr_swap(LO(r), HI(r));
        mpfr_neg(LO(r), LO(r), MPFR_RNDD);
        mpfr_neg(HI(r), HI(r), MPFR_RNDU);
        return;
    }
    mpfr_neg(LO(r), HI(a), MPFR_RNDD);
    mpfr_neg(HI(r), LO(a), MPFR_RNDU);
}

void
vccd_mi_abs(vccd_mi_t r, const vccd_mi_t a)
{
    if (vccd_mi_empty_p(a) || mpfr_sgn(LO(a)) >= 0) {
        vccd_mi_set(r, a);
    } else if (mpfr_sgn(HI(a)) <= 0) {
        vccd_mi_neg(r, a);
    } else {
        /* max(-lo, hi): compare magnitudes, then write (r may alias a) */
        if (mpfr_cmpabs(LO(a), HI(a)) > 0)
            mpfr_neg(HI(r), LO(a), MPFR_RNDU);
        else
            mpfr_set(HI(r), HI(a), MPFR_RNDU);
        mpfr_set_zero(LO(r), 1);
    }
}

void
vccd_mi_min(vccd_mi_t r, const vccd_mi_t a, const vccd_mi_t b)
{
    if (vccd_mi_empty_p(a) || vccd_mi_empty_p(b)) {
        vccd_mi_set_empty(r);
        return;
    }
    mpfr_min(LO(r), LO(a), LO(b), MPFR_RNDD);
    mpfr_min(HI(r), HI(a), HI(b), MPFR_RNDU);
}

void
vccd_mi_max(vccd_mi_t r, const vccd_mi_t a, const vccd_mi_t b)
{
    if (vccd_mi_empty_p(a) || vccd_mi_empty_p(b)) {
        vccd_mi_set_empty(r);
        return;
    }
    mpfr_max(LO(r), LO(a), LO(b), MPFR_RNDD);
    mpfr_max(HI(r), HI(a), HI(b), MPFR_RNDU);
}
