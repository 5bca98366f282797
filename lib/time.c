/* time.c -- times at the working precision, held by value (time.h). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "vccd/time.h"

/* x made a view of t's limbs (no copy, no allocation): read only. */
static void
view(mpfr_ptr x, const vccd_time *t)
{
    mpfr_custom_init_set(x, t->kind, t->exp, t->prec, (void *)(uintptr_t)t->limb);
}

void
vccd_time_set_mpfr(vccd_time *t, mpfr_srcptr x, mpfr_rnd_t rnd)
{
    mpfr_t v;
    mpfr_prec_t p = mpfr_get_prec(x);
    if (p > VCCD_TIME_PREC_MAX)
        p = VCCD_TIME_PREC_MAX;
    mpfr_custom_init(t->limb, p);
    mpfr_custom_init_set(v, MPFR_ZERO_KIND, 0, p, t->limb);
    mpfr_set(v, x, rnd);
    t->prec = p;
    t->kind = mpfr_custom_get_kind(v);
    t->exp = mpfr_custom_get_exp(v);
}

mpfr_prec_t
vccd_time_prec(const vccd_time *t)
{
    return t->prec ? t->prec : 53;
}

void
vccd_time_get_mpfr(mpfr_ptr x, const vccd_time *t, double d, mpfr_rnd_t rnd)
{
    mpfr_t v;
    if (!t->prec) {
        mpfr_set_d(x, d, rnd);
        return;
    }
    view(v, t);
    mpfr_set(x, v, rnd);
}

int
vccd_time_cmp(const vccd_time *t, double d, const vccd_time *u, double e)
{
    mpfr_t a, b;
    if (!t->prec && !u->prec)
        return (d > e) - (d < e);
    mpfr_init2(a, vccd_time_prec(t));
    mpfr_init2(b, vccd_time_prec(u));
    vccd_time_get_mpfr(a, t, d, MPFR_RNDN);
    vccd_time_get_mpfr(b, u, e, MPFR_RNDN);
    int c = mpfr_cmp(a, b);
    mpfr_clear(a);
    mpfr_clear(b);
    return (c > 0) - (c < 0);
}

int
vccd_time_diff_le(const vccd_time *h, double dh, const vccd_time *l, double dl, double w)
{
    mpfr_t a, b;
    int r;
    if (!h->prec && !l->prec) {
        /* the difference of doubles rounded up */
        mpfr_init2(a, 2100);
        mpfr_set_d(a, dh, MPFR_RNDN);
        mpfr_sub_d(a, a, dl, MPFR_RNDU);
        r = mpfr_cmp_d(a, w) <= 0;
        mpfr_clear(a);
        return r;
    }
    mpfr_init2(a, vccd_time_prec(h) + vccd_time_prec(l) + 2100);
    mpfr_init2(b, vccd_time_prec(l));
    vccd_time_get_mpfr(a, h, dh, MPFR_RNDN);
    vccd_time_get_mpfr(b, l, dl, MPFR_RNDN);
    mpfr_sub(a, a, b, MPFR_RNDU);
    r = mpfr_cmp_d(a, w) <= 0;
    mpfr_clears(a, b, (mpfr_ptr)0);
    return r;
}

double
vccd_time_get_d_up(const vccd_time *t, double d)
{
    mpfr_t v;
    if (!t->prec)
        return d;
    view(v, t);
    return mpfr_get_d(v, MPFR_RNDU);
}

int
vccd_time_snprint(char *buf, size_t n, const vccd_time *t, double d, mpfr_rnd_t rnd, int hex)
{
    mpfr_prec_t p = vccd_time_prec(t);
    mpfr_t x;
    int len;
    mpfr_init2(x, p);
    vccd_time_get_mpfr(x, t, d, MPFR_RNDN);       /* exact: x has p bits */
    if (hex) {
        len = mpfr_snprintf(buf, n, "%Ra", x);
    } else if (mpfr_zero_p(x)) {
        len = snprintf(buf, n, "0");
    } else {
        /* One digit more than MPFR's round-trip count (mpfr_get_str_ndigits,
           1 + ceil(p log10 2)): then one decimal step is below half an ulp
           of x even after a directed rounding, so the text still reads
           back to x at p bits rounded to nearest. */
        size_t digits = mpfr_get_str_ndigits(10, p) + 1;
        char mant[VCCD_TIME_STR_MAX];
        mpfr_exp_t e;
        if (digits + 2 > sizeof mant)
            digits = sizeof mant - 2;
        mpfr_get_str(mant, &e, 10, digits, x, rnd);
        /* mant holds [-]d1 d2 ... with |x| ~ 0.d1d2... 10^e; trailing
           zeros say nothing and go, and times near 1 are written without
           an exponent, as %.17g writes them */
        const char *sign = mant[0] == '-' ? "-" : "", *dig = mant + (mant[0] == '-');
        size_t k = strlen(dig);
        while (k > 1 && dig[k - 1] == '0')
            k--;
        if (e >= -4 && e <= 0)
            len = snprintf(buf, n, "%s0.%.*s%.*s", sign, (int)-e, "0000", (int)k, dig);
        else if (e == 1)
            len = snprintf(buf, n, "%s%c%s%.*s", sign, dig[0], k > 1 ? "." : "", (int)(k - 1), dig + 1);
        else
            len = snprintf(buf, n, "%s%c%s%.*se%ld", sign, dig[0], k > 1 ? "." : "", (int)(k - 1), dig + 1,
                           (long)(e - 1));
    }
    mpfr_clear(x);
    return len;
}
