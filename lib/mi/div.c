/* div.c -- quotient and extended quotient of MPFR intervals. */
#include "mi/mi_impl.h"

void
vccd_mi_div_ui(vccd_mi_t r, const vccd_mi_t a, unsigned long u)
{
    /* Dividing by a positive integer keeps the order of the ends and
       costs a fraction of mpfr_div (the series of elem_impl.h divide by
       one at every level). */
    if (vccd_mi_empty_p(a) || u == 0) {
        vccd_mi_set_empty(r);
        return;
    }
    mpfr_div_ui(LO(r), LO(a), u, MPFR_RNDD);
    mpfr_div_ui(HI(r), HI(a), u, MPFR_RNDU);
}

void
vccd_mi_div(vccd_mi_t r, const vccd_mi_t a, const vccd_mi_t b)
{
    /* Six cases with 0 outside b (MPFI's table); valid intervals never
       meet inf/inf at the corners used, so no NaN can arise. */
    VCCD_MI_TMP(t, PREC(r));
    int bpos, ca;

    if (vccd_mi_empty_p(a) || vccd_mi_empty_p(b)
        || (mpfr_zero_p(LO(b)) && mpfr_zero_p(HI(b)))) {
        vccd_mi_set_empty(r);
        return;
    }
    if (mpfr_sgn(LO(b)) <= 0 && mpfr_sgn(HI(b)) >= 0) {
        vccd_mi_set_entire(r);
        return;
    }
    bpos = mpfr_sgn(LO(b)) > 0;
    ca = mpfr_sgn(LO(a)) >= 0 ? 0 : (mpfr_sgn(HI(a)) <= 0 ? 1 : 2);
    switch (2 * ca + !bpos) {
    case 0: /* a >= 0, b > 0 */
        mpfr_div(LO(t), LO(a), HI(b), MPFR_RNDD);
        mpfr_div(HI(t), HI(a), LO(b), MPFR_RNDU);
        break;
    case 1: /* a >= 0, b < 0 */
        mpfr_div(LO(t), HI(a), HI(b), MPFR_RNDD);
        mpfr_div(HI(t), LO(a), LO(b), MPFR_RNDU);
        break;
    case 2: /* a <= 0, b > 0 */
        mpfr_div(LO(t), LO(a), LO(b), MPFR_RNDD);
        mpfr_div(HI(t), HI(a), HI(b), MPFR_RNDU);
        break;
    case 3: /* a <= 0, b < 0 */
        mpfr_div(LO(t), HI(a), LO(b), MPFR_RNDD);
        mpfr_div(HI(t), LO(a), HI(b), MPFR_RNDU);
        break;
    case 4: /* 0 inside a, b > 0 */
        mpfr_div(LO(t), LO(a), LO(b), MPFR_RNDD);
        mpfr_div(HI(t), HI(a), LO(b), MPFR_RNDU);
        break;
    default: /* 0 inside a, b < 0 */
        mpfr_div(LO(t), HI(a), HI(b), MPFR_RNDD);
        mpfr_div(HI(t), LO(a), HI(b), MPFR_RNDU);
        break;
    }
    mpfr_set(LO(r), LO(t), MPFR_RNDD);
    mpfr_set(HI(r), HI(t), MPFR_RNDU);
}

int
vccd_mi_div_ext(vccd_mi_t r0, vccd_mi_t r1, const vccd_mi_t a, const vccd_mi_t b)
{
    /* The case split of vccd_di_div_ext: with num the endpoint of a
       nearest zero, the lower piece is (-inf, num/dl] and the upper one
       [num/du, +inf), where (dl, du) = (b.lo, b.hi) for a > 0 and
       (b.hi, b.lo) for a < 0; a piece exists when its divisor endpoint is
       nonzero.  Bounds go to temporaries since r0/r1 may alias a or b. */
    VCCD_MI_TMP(x, PREC(r0));
    VCCD_MI_TMP(y, PREC(r0));
    mpfr_srcptr num, dl, du;
    int n = 0;

    if (vccd_mi_empty_p(a) || vccd_mi_empty_p(b)
        || (mpfr_zero_p(LO(b)) && mpfr_zero_p(HI(b))))
        return 0;
    if (!(mpfr_sgn(LO(b)) <= 0 && mpfr_sgn(HI(b)) >= 0)) {
        vccd_mi_div(r0, a, b);
        return 1;
    }
    if (mpfr_sgn(LO(a)) <= 0 && mpfr_sgn(HI(a)) >= 0) {
        vccd_mi_set_entire(r0);
        return 1;
    }
    if (mpfr_sgn(LO(a)) > 0) {
        num = LO(a); dl = LO(b); du = HI(b);
    } else {
        num = HI(a); dl = HI(b); du = LO(b);
    }
    if (!mpfr_zero_p(dl)) {
        mpfr_set_inf(LO(x), -1);
        mpfr_div(HI(x), num, dl, MPFR_RNDU);
        n = 1;
    }
    if (!mpfr_zero_p(du)) {
        mpfr_div(LO(y), num, du, MPFR_RNDD);
        mpfr_set_inf(HI(y), 1);
        if (n == 0)
            vccd_mi_set(x, y);
        n++;
    }
    vccd_mi_set(r0, x);
    if (n == 2)
        vccd_mi_set(r1, y);
    return n;
}
