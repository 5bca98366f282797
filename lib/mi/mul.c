/* mul.c -- product and square of MPFR intervals. */
#include "mi/mi_impl.h"

/* Sign class: 0 for lo >= 0, 1 for hi <= 0 (and not class 0), 2 for an
   interval with zero strictly inside. */
static int
sign_class(const vccd_mi_struct *a)
{
    if (mpfr_sgn(LO(a)) >= 0)
        return 0;
    if (mpfr_sgn(HI(a)) <= 0)
        return 1;
    return 2;
}

static void
mul_end(mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr y, mpfr_rnd_t rnd)
{
    mpfr_mul(r, x, y, rnd);
    vccd_mi_fix_zero_inf(r);
}

/* [lo, hi] := a b (nonempty a, b of sign classes ca, cb), each end
   rounded outward: nine sign cases as in MPFI, one product per endpoint
   except when both operands straddle zero.  lo and hi must not be
   endpoints of a or b. */
static void
mul_into(mpfr_ptr lo, mpfr_ptr hi, const vccd_mi_t a, const vccd_mi_t b, int ca, int cb)
{
    switch (3 * ca + cb) {
    case 0: /* P P */
        mul_end(lo, LO(a), LO(b), MPFR_RNDD);
        mul_end(hi, HI(a), HI(b), MPFR_RNDU);
        break;
    case 1: /* P N */
        mul_end(lo, HI(a), LO(b), MPFR_RNDD);
        mul_end(hi, LO(a), HI(b), MPFR_RNDU);
        break;
    case 2: /* P M */
        mul_end(lo, HI(a), LO(b), MPFR_RNDD);
        mul_end(hi, HI(a), HI(b), MPFR_RNDU);
        break;
    case 3: /* N P */
        mul_end(lo, LO(a), HI(b), MPFR_RNDD);
        mul_end(hi, HI(a), LO(b), MPFR_RNDU);
        break;
    case 4: /* N N */
        mul_end(lo, HI(a), HI(b), MPFR_RNDD);
        mul_end(hi, LO(a), LO(b), MPFR_RNDU);
        break;
    case 5: /* N M */
        mul_end(lo, LO(a), HI(b), MPFR_RNDD);
        mul_end(hi, LO(a), LO(b), MPFR_RNDU);
        break;
    case 6: /* M P */
        mul_end(lo, LO(a), HI(b), MPFR_RNDD);
        mul_end(hi, HI(a), HI(b), MPFR_RNDU);
        break;
    case 7: /* M N */
        mul_end(lo, HI(a), LO(b), MPFR_RNDD);
        mul_end(hi, LO(a), LO(b), MPFR_RNDU);
        break;
    default: { /* M M */
        VCCD_MI_TMP(u, mpfr_get_prec(lo));
        mul_end(lo, LO(a), HI(b), MPFR_RNDD);
        mul_end(LO(u), HI(a), LO(b), MPFR_RNDD);
        mpfr_min(lo, lo, LO(u), MPFR_RNDD);
        mul_end(hi, LO(a), LO(b), MPFR_RNDU);
        mul_end(HI(u), HI(a), HI(b), MPFR_RNDU);
        mpfr_max(hi, hi, HI(u), MPFR_RNDU);
        break;
    }
    }
}

void
vccd_mi_mul(vccd_mi_t r, const vccd_mi_t a, const vccd_mi_t b)
{
    int ca, cb;

    if (vccd_mi_empty_p(a) || vccd_mi_empty_p(b)) {
        vccd_mi_set_empty(r);
        return;
    }
    ca = sign_class(a);
    cb = sign_class(b);
    if (r == a || r == b) {
        /* through a temporary of r's precision: the same roundings, so
           the same result as straight into r */
        VCCD_MI_TMP(t, PREC(r));
        mul_into(LO(t), HI(t), a, b, ca, cb);
        mpfr_set(LO(r), LO(t), MPFR_RNDD);
        mpfr_set(HI(r), HI(t), MPFR_RNDU);
        return;
    }
    /* Straight into r: the temporary's two copies and its set-up were a
       fifth of an MPFR product (the adaptive tail's queries). */
    mul_into(LO(r), HI(r), a, b, ca, cb);
}

void
vccd_mi_sqr(vccd_mi_t r, const vccd_mi_t a)
{
    VCCD_MI_TMP(t, PREC(r));

    if (vccd_mi_empty_p(a)) {
        vccd_mi_set_empty(r);
        return;
    }
    if (mpfr_sgn(LO(a)) >= 0) {
        mpfr_sqr(LO(t), LO(a), MPFR_RNDD);
        mpfr_sqr(HI(t), HI(a), MPFR_RNDU);
    } else if (mpfr_sgn(HI(a)) <= 0) {
        mpfr_sqr(LO(t), HI(a), MPFR_RNDD);
        mpfr_sqr(HI(t), LO(a), MPFR_RNDU);
    } else {
        mpfr_set_zero(LO(t), 1);
        if (mpfr_cmpabs(LO(a), HI(a)) > 0)
            mpfr_sqr(HI(t), LO(a), MPFR_RNDU);
        else
            mpfr_sqr(HI(t), HI(a), MPFR_RNDU);
    }
    mpfr_set(LO(r), LO(t), MPFR_RNDD);
    mpfr_set(HI(r), HI(t), MPFR_RNDU);
}

void
vccd_mi_mul_2si(vccd_mi_t r, const vccd_mi_t a, long e)
{
    if (vccd_mi_empty_p(a)) {
        vccd_mi_set_empty(r);
        return;
    }
    /* endpoint-wise: aliasing is harmless */
    mpfr_mul_2si(LO(r), LO(a), e, MPFR_RNDD);
    mpfr_mul_2si(HI(r), HI(a), e, MPFR_RNDU);
}
