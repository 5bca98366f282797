/* init.c -- lifetime, precision and assignment of MPFR intervals. */
#include <ctype.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>

#include "mi/mi_impl.h"

void
vccd_mi_init2(vccd_mi_t x, mpfr_prec_t prec)
{
    /* Operations keep temporaries of the output's precision on the stack;
       an unchecked huge precision would overflow it far from the cause. */
    if (prec < MPFR_PREC_MIN || prec > VCCD_MI_PREC_MAX) {
        fprintf(stderr, "vccd_mi_init2: precision %ld outside [%ld, %ld]\n",
                (long)prec, (long)MPFR_PREC_MIN, (long)VCCD_MI_PREC_MAX);
        abort();
    }
    mpfr_init2(LO(x), prec);
    mpfr_init2(HI(x), prec);
    vccd_mi_set_empty(x);
}

void
vccd_mi_clear(vccd_mi_t x)
{
    mpfr_clear(LO(x));
    mpfr_clear(HI(x));
}

void
vccd_mi_init_on(vccd_mi_t x, mpfr_prec_t prec, mp_limb_t *limbs)
{
    mpfr_custom_init_set(LO(x), MPFR_INF_KIND, 1, prec, limbs);
    mpfr_custom_init_set(HI(x), MPFR_INF_KIND, -1, prec,
                         limbs + VCCD_MI_LIMBS(prec));
}

mp_limb_t *
vccd_mi_alloc_limbs(long n, mpfr_prec_t prec)
{
    mp_limb_t *p;
    if (prec < MPFR_PREC_MIN || prec > VCCD_MI_PREC_MAX || n < 0) {
        fprintf(stderr, "vccd_mi_alloc_limbs: precision %ld outside [%ld, %ld] or count %ld\n", (long)prec,
                (long)MPFR_PREC_MIN, (long)VCCD_MI_PREC_MAX, n);
        abort();
    }
    if (!(p = malloc((size_t)(n > 0 ? n : 1) * 2 * VCCD_MI_LIMBS(prec) * sizeof *p))) {
        fprintf(stderr, "vccd_mi_alloc_limbs: out of memory\n");
        abort();
    }
    return p;
}

mpfr_prec_t
vccd_mi_get_prec(const vccd_mi_t x)
{
    return PREC(x);
}

void
vccd_mi_set_prec_round(vccd_mi_t x, mpfr_prec_t prec)
{
    mpfr_prec_round(LO(x), prec, MPFR_RNDD);
    mpfr_prec_round(HI(x), prec, MPFR_RNDU);
}

void
vccd_mi_set_empty(vccd_mi_t r)
{
    mpfr_set_inf(LO(r), 1);
    mpfr_set_inf(HI(r), -1);
}

void
vccd_mi_set_entire(vccd_mi_t r)
{
    mpfr_set_inf(LO(r), -1);
    mpfr_set_inf(HI(r), 1);
}

void
vccd_mi_set(vccd_mi_t r, const vccd_mi_t a)
{
    if (r == a)
        return;
    mpfr_set(LO(r), LO(a), MPFR_RNDD);
    mpfr_set(HI(r), HI(a), MPFR_RNDU);
}

void
vccd_mi_set_2fr(vccd_mi_t r, const mpfr_t lo, const mpfr_t hi)
{
    if (mpfr_nan_p(lo) || mpfr_nan_p(hi)) {
        vccd_mi_set_entire(r);
        return;
    }
    if (mpfr_greater_p(lo, hi) || (mpfr_inf_p(lo) && mpfr_sgn(lo) > 0)
        || (mpfr_inf_p(hi) && mpfr_sgn(hi) < 0)) {
        vccd_mi_set_empty(r);
        return;
    }
    if (LO(r) == hi) {                  /* r aliases the inputs swapped */
        MPFR_DECL_INIT(t, mpfr_get_prec(lo));
        mpfr_set(t, lo, MPFR_RNDD);
        mpfr_set(HI(r), hi, MPFR_RNDU);
        mpfr_set(LO(r), t, MPFR_RNDD);
        return;
    }
    mpfr_set(LO(r), lo, MPFR_RNDD);
    mpfr_set(HI(r), hi, MPFR_RNDU);
}

void
vccd_mi_set_fr(vccd_mi_t r, const mpfr_t x)
{
    if (mpfr_inf_p(x)) {
        /* +inf is no real number: the unbounded end, as vccd_di_set_d */
        if (mpfr_sgn(x) > 0) {
            mpfr_set_inf(HI(r), 1);
            mpfr_set_inf(LO(r), 1);
            mpfr_nextbelow(LO(r));
        } else {
            mpfr_set_inf(LO(r), -1);
            mpfr_set_inf(HI(r), -1);
            mpfr_nextabove(HI(r));
        }
        return;
    }
    vccd_mi_set_2fr(r, x, x);
}

void
vccd_mi_set_d(vccd_mi_t r, double x)
{
    vccd_mi_set_di(r, vccd_di_set_d(x));
}

void
vccd_mi_set_2d(vccd_mi_t r, double lo, double hi)
{
    vccd_mi_set_di(r, vccd_di_set_2d(lo, hi));
}

void
vccd_mi_set_di(vccd_mi_t r, vccd_di a)
{
    if (vccd_di_is_empty(a)) {
        vccd_mi_set_empty(r);
        return;
    }
    mpfr_set_d(LO(r), a.lo, MPFR_RNDD);
    mpfr_set_d(HI(r), a.hi, MPFR_RNDU);
}

void
vccd_mi_set_q(vccd_mi_t r, const mpq_t q)
{
    mpfr_set_q(LO(r), q, MPFR_RNDD);
    mpfr_set_q(HI(r), q, MPFR_RNDU);
}

/* "P/Q" with decimal integers P and Q != 0: the exact rationals of the
   CCD benchmark queries, enclosed at r's precision. */
static int
set_str_q(vccd_mi_t r, const char *s)
{
    const char *slash = strchr(s, '/');
    mpq_t q;
    int ok = 1;

    /* mpq_set_str accepts white space and a leading '+' inside; a number
       here is exactly [-]digits/digits. */
    for (const char *c = s + (*s == '-'); *c; c++)
        if (c != slash && !isdigit((unsigned char)*c))
            ok = 0;
    if (!ok || slash == s + (*s == '-') || slash[1] == '\0')
        return -1;
    mpq_init(q);
    if (mpq_set_str(q, s, 10) != 0 || mpz_sgn(mpq_denref(q)) == 0) {
        mpq_clear(q);
        return -1;
    }
    mpq_canonicalize(q);
    vccd_mi_set_q(r, q);
    mpq_clear(q);
    return 0;
}

int
vccd_mi_set_str(vccd_mi_t r, const char *s)
{
    MPFR_DECL_INIT(lo, PREC(r));
    MPFR_DECL_INIT(hi, PREC(r));
    char *end;

    if (strchr(s, '/'))
        return set_str_q(r, s);
    mpfr_strtofr(lo, s, &end, 10, MPFR_RNDD);
    if (end == s || *end != '\0' || mpfr_nan_p(lo))
        return -1;
    mpfr_strtofr(hi, s, &end, 10, MPFR_RNDU);
    vccd_mi_set_2fr(r, lo, hi);
    if (mpfr_inf_p(lo) && mpfr_inf_p(hi))
        vccd_mi_set_fr(r, lo);
    return 0;
}

vccd_di
vccd_mi_get_di(const vccd_mi_t a)
{
    vccd_di r;
    if (vccd_mi_empty_p(a))
        return vccd_di_empty();
    r.lo = mpfr_get_d(LO(a), MPFR_RNDD);
    r.hi = mpfr_get_d(HI(a), MPFR_RNDU);
    return r;
}
