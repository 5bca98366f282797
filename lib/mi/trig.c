/* trig.c -- sin and cos of MPFR intervals, and the MPFR route for large
   binary64 arguments.

   Endpoint values are MPFR's correctly rounded sin/cos, rounded down for
   the lower and up for the upper bound.  Extrema are found as in
   di/ivd_trig.h: every integer n with n*pi/2 in a is a candidate (odd n
   for sin, even n for cos); we take the integers between
   ceil(lower bound of lo/(pi/2)) and floor(upper bound of hi/(pi/2)), a
   superset of the true ones, so the answer can only get wider. */
#include "mi/mi_impl.h"

/* Working precision for the quotient by pi/2: enough bits to resolve the
   integer part of |x|/(pi/2), capped so the temporaries stay small; past
   the cap the candidate range just becomes wide and we answer [-1, 1]. */
static mpfr_prec_t
quadrant_prec(const vccd_mi_struct *a)
{
    mpfr_exp_t e = 0, f;
    if (mpfr_regular_p(LO(a)) && (f = mpfr_get_exp(LO(a))) > e) e = f;
    if (mpfr_regular_p(HI(a)) && (f = mpfr_get_exp(HI(a))) > e) e = f;
    if (e > 4096)
        e = 4096;
    return PREC(a) + e + 32;
}

/* Bits n mod 4 (0..3) present among candidate integers, as a mask; 15
   when all are. */
static int
candidate_mask(const vccd_mi_struct *a)
{
    mpfr_prec_t p = quadrant_prec(a);
    MPFR_DECL_INIT(pio2lo, p);
    MPFR_DECL_INIT(pio2hi, p);
    MPFR_DECL_INIT(na, p);
    MPFR_DECL_INIT(nb, p);
    long ia;
    int mask = 0, k;

    mpfr_const_pi(pio2lo, MPFR_RNDD);
    mpfr_const_pi(pio2hi, MPFR_RNDU);
    mpfr_div_2ui(pio2lo, pio2lo, 1, MPFR_RNDD);
    mpfr_div_2ui(pio2hi, pio2hi, 1, MPFR_RNDU);
    /* lower bound of lo/(pi/2): divide by the larger pi/2 when lo >= 0 */
    mpfr_div(na, LO(a), mpfr_sgn(LO(a)) >= 0 ? pio2hi : pio2lo, MPFR_RNDD);
    mpfr_div(nb, HI(a), mpfr_sgn(HI(a)) >= 0 ? pio2lo : pio2hi, MPFR_RNDU);
    mpfr_ceil(na, na);
    mpfr_floor(nb, nb);
    if (mpfr_greater_p(na, nb))
        return 0;
    mpfr_sub(nb, nb, na, MPFR_RNDU);
    if (mpfr_cmp_ui(nb, 3) >= 0)
        return 15;
    /* na mod 4, exactly: na is an integer, fmod by 4 is exact */
    mpfr_fmod_ui(na, na, 4, MPFR_RNDN);
    ia = mpfr_get_si(na, MPFR_RNDN);
    if (ia < 0)
        ia += 4;
    for (k = 0; k <= (int)mpfr_get_si(nb, MPFR_RNDN); k++)
        mask |= 1 << ((ia + k) & 3);
    return mask;
}

static void
clamp_unit(vccd_mi_struct *r)
{
    if (mpfr_cmp_si(LO(r), -1) < 0) mpfr_set_si(LO(r), -1, MPFR_RNDD);
    if (mpfr_cmp_si(HI(r), 1) > 0) mpfr_set_si(HI(r), 1, MPFR_RNDU);
}

/* s and c at their own precisions; either may be NULL. */
static void
sin_cos(vccd_mi_struct *s, vccd_mi_struct *c, const vccd_mi_struct *a)
{
    mpfr_prec_t ps = s ? PREC(s) : PREC(c), pc = c ? PREC(c) : PREC(s);
    VCCD_MI_TMP(ts, ps);
    VCCD_MI_TMP(tc, pc);
    MPFR_DECL_INIT(u, ps);
    MPFR_DECL_INIT(v, pc);
    int mask;

    if (vccd_mi_empty_p(a)) {
        vccd_mi_set_empty(ts);
        vccd_mi_set_empty(tc);
        goto out;
    }
    if (!vccd_mi_is_bounded(a)) {
        vccd_mi_set_2d(ts, -1.0, 1.0);
        vccd_mi_set_2d(tc, -1.0, 1.0);
        goto out;
    }
    mpfr_sin(LO(ts), LO(a), MPFR_RNDD);
    mpfr_sin(HI(ts), LO(a), MPFR_RNDU);
    mpfr_cos(LO(tc), LO(a), MPFR_RNDD);
    mpfr_cos(HI(tc), LO(a), MPFR_RNDU);
    if (!mpfr_equal_p(LO(a), HI(a))) {
        mpfr_sin(u, HI(a), MPFR_RNDD);
        mpfr_min(LO(ts), LO(ts), u, MPFR_RNDD);
        mpfr_sin(u, HI(a), MPFR_RNDU);
        mpfr_max(HI(ts), HI(ts), u, MPFR_RNDU);
        mpfr_cos(v, HI(a), MPFR_RNDD);
        mpfr_min(LO(tc), LO(tc), v, MPFR_RNDD);
        mpfr_cos(v, HI(a), MPFR_RNDU);
        mpfr_max(HI(tc), HI(tc), v, MPFR_RNDU);
        mask = candidate_mask(a);
        if (mask & 1) mpfr_set_si(HI(tc), 1, MPFR_RNDU);
        if (mask & 2) mpfr_set_si(HI(ts), 1, MPFR_RNDU);
        if (mask & 4) mpfr_set_si(LO(tc), -1, MPFR_RNDD);
        if (mask & 8) mpfr_set_si(LO(ts), -1, MPFR_RNDD);
    }
    clamp_unit(ts);
    clamp_unit(tc);
out:
    if (s) vccd_mi_set(s, ts);
    if (c) vccd_mi_set(c, tc);
}

void vccd_mi_sin(vccd_mi_t r, const vccd_mi_t a) { sin_cos(r, NULL, a); }
void vccd_mi_cos(vccd_mi_t r, const vccd_mi_t a) { sin_cos(NULL, r, a); }
void vccd_mi_sin_cos(vccd_mi_t s, vccd_mi_t c, const vccd_mi_t a) { sin_cos(s, c, a); }

void
vccd_di_sin_cos_mpfr(vccd_di *s, vccd_di *c, vccd_di a)
{
    VCCD_MI_TMP(x, 53);
    VCCD_MI_TMP(ms, 53);
    VCCD_MI_TMP(mc, 53);

    vccd_mi_set_di(x, a);
    sin_cos(ms, mc, x);
    *s = vccd_mi_get_di(ms);
    *c = vccd_mi_get_di(mc);
}

void
vccd_mi_acos(vccd_mi_t r, const vccd_mi_t a)
{
    /* acos is decreasing on [-1, 1]: the bounds come from the opposite
       endpoints of a clipped to the domain. */
    MPFR_DECL_INIT(lo, PREC(r));
    MPFR_DECL_INIT(hi, PREC(r));
    VCCD_MI_TMP(d, PREC(a));

    vccd_mi_set_2d(d, -1.0, 1.0);
    vccd_mi_intersect(d, d, a);
    if (vccd_mi_empty_p(d)) {
        vccd_mi_set_empty(r);
        return;
    }
    mpfr_acos(lo, HI(d), MPFR_RNDD);
    mpfr_acos(hi, LO(d), MPFR_RNDU);
    mpfr_set(LO(r), lo, MPFR_RNDD);
    mpfr_set(HI(r), hi, MPFR_RNDU);
}

void
vccd_mi_const_pi(vccd_mi_t r)
{
    mpfr_const_pi(LO(r), MPFR_RNDD);
    mpfr_const_pi(HI(r), MPFR_RNDU);
}
