/* t-trig.c -- containment and tightness of vccd_mi_sin/cos/sin_cos and of vccd_di_sin_cos_mpfr. */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define LO(x) (&(x)->lo)
#define HI(x) (&(x)->hi)
#define PMAX 704





/* Valid result (tu_mi_check_valid) and inside [-1, 1]. */
static void
check_valid(const char *op, const vccd_mi_t r, mpfr_prec_t p)
{
    if (tu_mi_check_valid(op, r, p) && (mpfr_cmp_si(LO(r), -1) < 0 || mpfr_cmp_si(HI(r), 1) > 0))
        tu_fail("%s: %s is not inside [-1, 1]", op, tu_fmt_mi(r));
}


static int
subset(const vccd_mi_t a, const vccd_mi_t b)
{
    return vccd_mi_is_empty(a)
        || (mpfr_lessequal_p(LO(b), LO(a)) && mpfr_lessequal_p(HI(a), HI(b)));
}

static void
mi_prec(vccd_mi_t x, mpfr_prec_t p)
{
    mpfr_set_prec(LO(x), p);
    mpfr_set_prec(HI(x), p);
}

/* --- the exact expectation ------------------------------------------- */

/* Residues mod 4 of the integers n with n*pi/2 in the bounded interval
   a: in = those certainly present, maybe = those possibly present (the
   two differ only when an endpoint is within ~2^-(prec+128) of some
   n*pi/2, which random inputs essentially never are).  Bits as in
   lib/mi/trig.c: 1 cos max, 2 sin max, 4 cos min, 8 sin min. */
static void
quadrants(const vccd_mi_t a, int *in, int *maybe)
{
    mpfr_exp_t e = 0;
    mpfr_prec_t q;
    mpfr_t plo, phi, l0, l1, h0, h1;
    int pass;

    if (mpfr_regular_p(LO(a)) && mpfr_get_exp(LO(a)) > e) e = mpfr_get_exp(LO(a));
    if (mpfr_regular_p(HI(a)) && mpfr_get_exp(HI(a)) > e) e = mpfr_get_exp(HI(a));
    q = mpfr_get_prec(LO(a)) + e + 128;
    mpfr_inits2(q, plo, phi, l0, l1, h0, h1, (mpfr_ptr)0);
    mpfr_const_pi(plo, MPFR_RNDD);
    mpfr_const_pi(phi, MPFR_RNDU);
    mpfr_div_2ui(plo, plo, 1, MPFR_RNDD);
    mpfr_div_2ui(phi, phi, 1, MPFR_RNDU);
    /* [l0, l1] encloses lo/(pi/2), [h0, h1] encloses hi/(pi/2) */
    mpfr_div(l0, LO(a), mpfr_sgn(LO(a)) >= 0 ? phi : plo, MPFR_RNDD);
    mpfr_div(l1, LO(a), mpfr_sgn(LO(a)) >= 0 ? plo : phi, MPFR_RNDU);
    mpfr_div(h0, HI(a), mpfr_sgn(HI(a)) >= 0 ? phi : plo, MPFR_RNDD);
    mpfr_div(h1, HI(a), mpfr_sgn(HI(a)) >= 0 ? plo : phi, MPFR_RNDU);
    for (pass = 0; pass < 2; pass++) {
        /* certain: ceil(l1) .. floor(h0); possible: ceil(l0) .. floor(h1) */
        int mask = 0;
        mpfr_t n0, n1;
        mpfr_inits2(q, n0, n1, (mpfr_ptr)0);
        mpfr_ceil(n0, pass ? l0 : l1);
        mpfr_floor(n1, pass ? h1 : h0);
        if (mpfr_lessequal_p(n0, n1)) {
            mpfr_sub(n1, n1, n0, MPFR_RNDN);        /* exact: integers */
            if (mpfr_cmp_ui(n1, 3) >= 0) {
                mask = 15;
            } else {
                long k, i0, cnt = mpfr_get_si(n1, MPFR_RNDN);
                mpfr_fmod_ui(n0, n0, 4, MPFR_RNDN);
                i0 = mpfr_get_si(n0, MPFR_RNDN);
                for (k = 0; k <= cnt; k++)
                    mask |= 1 << (int)(((i0 + k) % 4 + 4) % 4);
            }
        }
        if (pass) *maybe = mask; else *in = mask;
        mpfr_clears(n0, n1, (mpfr_ptr)0);
    }
    mpfr_clears(plo, phi, l0, l1, h0, h1, (mpfr_ptr)0);
}

/* The tightest enclosures an implementation with correctly rounded
   endpoint values can give: s = [min RD sin(end), max RU sin(end)],
   widened to -1/+1 for the extrema whose bits are in mask; likewise c.
   s and c carry the wanted precisions; a is bounded and nonempty. */
static void
expect(vccd_mi_t s, vccd_mi_t c, const vccd_mi_t a, int mask)
{
    MPFR_DECL_INIT(u, mpfr_get_prec(LO(s)));
    MPFR_DECL_INIT(v, mpfr_get_prec(LO(c)));

    mpfr_sin_cos(LO(s), LO(c), LO(a), MPFR_RNDD);
    mpfr_sin_cos(HI(s), HI(c), LO(a), MPFR_RNDU);
    mpfr_sin_cos(u, v, HI(a), MPFR_RNDD);
    mpfr_min(LO(s), LO(s), u, MPFR_RNDD);
    mpfr_min(LO(c), LO(c), v, MPFR_RNDD);
    mpfr_sin_cos(u, v, HI(a), MPFR_RNDU);
    mpfr_max(HI(s), HI(s), u, MPFR_RNDU);
    mpfr_max(HI(c), HI(c), v, MPFR_RNDU);
    if (mask & 1) mpfr_set_si(HI(c), 1, MPFR_RNDU);
    if (mask & 2) mpfr_set_si(HI(s), 1, MPFR_RNDU);
    if (mask & 4) mpfr_set_si(LO(c), -1, MPFR_RNDD);
    if (mask & 8) mpfr_set_si(LO(s), -1, MPFR_RNDD);
}

/* r must lie between the expectations for the certain and the possible
   extrema: equal to both when they agree. */
static void
check_tight(const char *op, const vccd_mi_t r, const vccd_mi_t lo_exp, const vccd_mi_t hi_exp,
            const vccd_mi_t a)
{
    TU_CHECK(subset(lo_exp, r) && subset(r, hi_exp), "%s(%s) = %s, expected %s (or up to %s)", op,
          tu_fmt_mi(a), tu_fmt_mi(r), tu_fmt_mi(lo_exp), tu_fmt_mi(hi_exp));
}

/* --- inputs ------------------------------------------------------------- */

/* Precision schedule: mostly <= 113 bits (MPFR's sin/cos get slow above),
   every 8th case 256, every 16th uniform in [2, 600]. */

/* mpfr number 2^-j * u, u uniform in [0, 1) */
static void
rand_scaled(mpfr_t x, long j)
{
    mpfr_urandomb(x, tu_rand);
    mpfr_mul_2si(x, x, -j, MPFR_RNDN);
}

/* d := |c| 2^-j u (2^-j u when c = 0), j < p + 12, negated in a quarter
   of the cases: an end's distance from c. */
static void
rand_offset(mpfr_t d, const mpfr_t c, mpfr_prec_t p)
{
    rand_scaled(d, (long)(tu_ulong() % (unsigned long)(p + 12)));
    if (!mpfr_zero_p(c)) {
        mpfr_mul(d, d, c, MPFR_RNDN);
        mpfr_abs(d, d, MPFR_RNDN);
    }
    if (tu_ulong() % 4 == 0)
        mpfr_neg(d, d, MPFR_RNDN);
}

/* A random argument interval at a's precision from the classes that
   matter for sin/cos. */
static void
gen_trig(vccd_mi_t a)
{
    mpfr_prec_t p = mpfr_get_prec(LO(a));
    MPFR_DECL_INIT(c, p + 64);
    MPFR_DECL_INIT(d, p + 64);
    unsigned long k = tu_ulong() % 16;

    switch (k) {
    case 0: case 1: case 2: case 3: case 4:
        /* the general mix: unbounded, points, zero-containing, huge,
           tiny, subnormal; sometimes empty */
        if (tu_ulong() % 32 == 0)
            vccd_mi_set_empty(a);
        else
            tu_mi(a, 0);
        return;
    case 5: case 6: case 7: case 8: case 9: {
        /* near n*pi/2 for small, medium and huge n: endpoints on either
           side, at distances from a few ulps to a large fraction of pi */
        long n;
        switch (tu_ulong() % 3) {
        case 0: n = (long)(tu_ulong() % 33) - 16; break;
        case 1: n = (long)(tu_ulong() % (1UL << 21)) - (1L << 20); break;
        default: n = (long)(tu_ulong() >> 4) * (tu_ulong() & 1 ? 1 : -1); break;
        }
        mpfr_const_pi(c, MPFR_RNDN);
        mpfr_mul_si(c, c, n, MPFR_RNDN);
        mpfr_div_2ui(c, c, 1, MPFR_RNDN);
        /* lower end: c - |c| 2^-j u (or 2^-j u near 0), sometimes above c */
        rand_offset(d, c, p);
        mpfr_sub(LO(a), c, d, MPFR_RNDD);
        rand_offset(d, c, p);
        mpfr_add(HI(a), c, d, MPFR_RNDU);
        break;
    }
    case 10:
        /* wide: width > 2 pi gives [-1, 1] */
        mpfr_set_d(LO(a), (tu_unit() - 0.5) * ldexp(1.0, (int)(tu_ulong() % 40)), MPFR_RNDD);
        mpfr_add_d(HI(a), LO(a), 6.2832 + tu_unit() * 100.0, MPFR_RNDU);
        break;
    case 11: case 12:
        /* huge arguments around 1e300: narrow, down to points */
        mpfr_set_d(LO(a), 1e300 * (1.0 + tu_unit()) * (tu_ulong() & 1 ? 1 : -1), MPFR_RNDN);
        rand_scaled(d, 40 + (long)(tu_ulong() % (unsigned long)(p + 8)));
        mpfr_mul(d, d, LO(a), MPFR_RNDN);
        mpfr_abs(d, d, MPFR_RNDN);
        mpfr_add(HI(a), LO(a), d, MPFR_RNDU);
        break;
    case 13: case 14:
        /* moderate width around moderate values: interior extrema */
        mpfr_set_d(LO(a), (tu_unit() - 0.5) * 40.0, MPFR_RNDD);
        mpfr_add_d(HI(a), LO(a), tu_unit() * 4.0, MPFR_RNDU);
        break;
    default:
        /* tiny: around 0 or on one side of it */
        rand_scaled(d, 20 + (long)(tu_ulong() % 1100));
        mpfr_neg(LO(a), d, MPFR_RNDD);
        if (tu_ulong() & 1)
            mpfr_set_zero(LO(a), 1);
        rand_scaled(d, 20 + (long)(tu_ulong() % 1100));
        mpfr_set(HI(a), d, MPFR_RNDU);
        if (tu_ulong() % 4 == 0)
            mpfr_set(LO(a), HI(a), MPFR_RNDN);
        break;
    }
    if (mpfr_greater_p(LO(a), HI(a)))
        mpfr_swap(LO(a), HI(a));
}

/* --- vccd_mi_sin, vccd_mi_cos, vccd_mi_sin_cos ------------------------ */

START_TEST(test_mi_trig)
{
    vccd_mi_t a, s, c, s2, c2, es0, ec0, es1, ec1;
    mpfr_t x, vs_d, vc_d, vs_u, vc_u;
    long i, n = tu_iters(1000000), nmaybe = 0, nextr = 0;

    tu_init();
    tu_nchecks = 0;
    vccd_mi_init2(a, PMAX); vccd_mi_init2(s, PMAX); vccd_mi_init2(c, PMAX);
    vccd_mi_init2(s2, PMAX); vccd_mi_init2(c2, PMAX);
    vccd_mi_init2(es0, PMAX); vccd_mi_init2(ec0, PMAX);
    vccd_mi_init2(es1, PMAX); vccd_mi_init2(ec1, PMAX);
    mpfr_inits2(PMAX, x, vs_d, vc_d, vs_u, vc_u, (mpfr_ptr)0);
    for (i = 0; i < n; i++) {
        mpfr_prec_t pa = tu_pick_prec(i), ps = pa, pc = pa, P;
        int in = 15, maybe = 15;

        /* an eighth of the cases give s and c their own precisions */
        if (tu_ulong() % 8 == 0) {
            ps = 2 + (mpfr_prec_t)(tu_ulong() % (unsigned long)(pa + 63));
            pc = 2 + (mpfr_prec_t)(tu_ulong() % (unsigned long)(pa + 63));
        }
        /* the reference precision: any P >= ps, pc makes the enclosure
           test exact (an endpoint of precision <= P is <= v iff it is
           <= RD_P(v)); the margin only guards against a slip */
        P = (ps > pc ? ps : pc) + 16;
        mi_prec(a, pa);
        gen_trig(a);

        mi_prec(s, ps);
        vccd_mi_sin(s, a);
        check_valid("sin", s, ps);
        mi_prec(c, pc);
        vccd_mi_cos(c, a);
        check_valid("cos", c, pc);
        mi_prec(s2, ps);
        mi_prec(c2, pc);
        vccd_mi_sin_cos(s2, c2, a);
        check_valid("sin_cos s", s2, ps);
        check_valid("sin_cos c", c2, pc);
        TU_CHECK(tu_mi_same(s, s2) && tu_mi_same(c, c2), "sin_cos(%s) = %s, %s but sin, cos give %s, %s",
              tu_fmt_mi(a), tu_fmt_mi(s2), tu_fmt_mi(c2), tu_fmt_mi(s), tu_fmt_mi(c));

        if (vccd_mi_is_empty(a)) {
            TU_CHECK(vccd_mi_is_empty(s) && vccd_mi_is_empty(c), "sin/cos of empty: %s %s",
                  tu_fmt_mi(s), tu_fmt_mi(c));
            continue;
        }
        if (!vccd_mi_is_bounded(a)) {
            TU_CHECK(mpfr_cmp_si(LO(s), -1) == 0 && mpfr_cmp_si(HI(s), 1) == 0
                  && mpfr_cmp_si(LO(c), -1) == 0 && mpfr_cmp_si(HI(c), 1) == 0,
                  "sin/cos of unbounded %s: %s %s", tu_fmt_mi(a), tu_fmt_mi(s), tu_fmt_mi(c));
        } else {
            /* exact expectation, including the extrema */
            quadrants(a, &in, &maybe);
            nmaybe += in != maybe;
            nextr += in != 0;
            mi_prec(es0, ps); mi_prec(ec0, pc);
            mi_prec(es1, ps); mi_prec(ec1, pc);
            expect(es0, ec0, a, in);
            if (maybe != in) {
                expect(es1, ec1, a, maybe);
            } else {
                vccd_mi_set(es1, es0);
                vccd_mi_set(ec1, ec0);
            }
            check_tight("sin", s, es0, es1, a);
            check_tight("cos", c, ec0, ec1, a);
            /* an interval with a sin maximum inside reaches exactly 1 */
            if (in & 2) TU_CHECK(mpfr_cmp_ui(HI(s), 1) == 0, "sin(%s) = %s misses 1", tu_fmt_mi(a), tu_fmt_mi(s));
            if (in & 8) TU_CHECK(mpfr_cmp_si(LO(s), -1) == 0, "sin(%s) = %s misses -1", tu_fmt_mi(a), tu_fmt_mi(s));
            if (in & 1) TU_CHECK(mpfr_cmp_ui(HI(c), 1) == 0, "cos(%s) = %s misses 1", tu_fmt_mi(a), tu_fmt_mi(c));
            if (in & 4) TU_CHECK(mpfr_cmp_si(LO(c), -1) == 0, "cos(%s) = %s misses -1", tu_fmt_mi(a), tu_fmt_mi(c));
        }

        /* containment of a point's sine and cosine */
        mpfr_set_prec(x, pa);
        mpfr_set_prec(vs_d, P); mpfr_set_prec(vc_d, P);
        mpfr_set_prec(vs_u, P); mpfr_set_prec(vc_u, P);
        tu_fr_point_in(x, a);
        mpfr_sin_cos(vs_d, vc_d, x, MPFR_RNDD);
        mpfr_sin_cos(vs_u, vc_u, x, MPFR_RNDU);
        TU_CHECK(tu_encloses_fr(LO(s), HI(s), vs_d, vs_u), "sin(%s) = %s misses sin(%s)", tu_fmt_mi(a),
              tu_fmt_mi(s), tu_fmt_fr(x));
        TU_CHECK(tu_encloses_fr(LO(c), HI(c), vc_d, vc_u), "cos(%s) = %s misses cos(%s)", tu_fmt_mi(a),
              tu_fmt_mi(c), tu_fmt_fr(x));
    }
    printf("t-mi-trig mi: %ld checks, %ld intervals per function (%ld with an extremum inside, "
           "%ld undecided)\n", tu_nchecks, n, nextr, nmaybe);
    vccd_mi_clear(a); vccd_mi_clear(s); vccd_mi_clear(c); vccd_mi_clear(s2); vccd_mi_clear(c2);
    vccd_mi_clear(es0); vccd_mi_clear(ec0); vccd_mi_clear(es1); vccd_mi_clear(ec1);
    mpfr_clears(x, vs_d, vc_d, vs_u, vc_u, (mpfr_ptr)0);
}
END_TEST

/* Hand-picked arguments with known answers. */
START_TEST(test_mi_trig_special)
{
    vccd_mi_t a, s, c;
    MPFR_DECL_INIT(pi, 300);

    tu_init();
    tu_nchecks = 0;
    vccd_mi_init2(a, 53); vccd_mi_init2(s, 53); vccd_mi_init2(c, 53);
    mpfr_const_pi(pi, MPFR_RNDN);

    /* [1, 2] holds pi/2: sin reaches 1 exactly, cos stays above -1 */
    vccd_mi_set_2d(a, 1.0, 2.0);
    vccd_mi_sin_cos(s, c, a);
    TU_CHECK(mpfr_cmp_ui(HI(s), 1) == 0 && mpfr_cmp_d(LO(s), 0.8414) > 0 && mpfr_cmp_d(LO(s), 0.8415) < 0,
          "sin([1,2]) = %s", tu_fmt_mi(s));
    TU_CHECK(mpfr_cmp_d(LO(c), -0.4162) > 0 && mpfr_cmp_d(LO(c), -0.4161) < 0
          && mpfr_cmp_d(HI(c), 0.5403) > 0 && mpfr_cmp_d(HI(c), 0.5404) < 0,
          "cos([1,2]) = %s", tu_fmt_mi(c));
    /* [3, 3.5] holds pi: cos reaches -1 */
    vccd_mi_set_2d(a, 3.0, 3.5);
    vccd_mi_cos(c, a);
    TU_CHECK(mpfr_cmp_si(LO(c), -1) == 0 && mpfr_cmp_d(HI(c), -0.93) < 0, "cos([3,3.5]) = %s", tu_fmt_mi(c));
    /* [-0.5, 0.5] holds 0: cos reaches 1; sin does not reach +-1 */
    vccd_mi_set_2d(a, -0.5, 0.5);
    vccd_mi_sin_cos(s, c, a);
    TU_CHECK(mpfr_cmp_ui(HI(c), 1) == 0 && mpfr_cmp_d(HI(s), 0.48) < 0 && mpfr_cmp_d(LO(s), -0.48) > 0,
          "sin/cos([-0.5,0.5]) = %s %s", tu_fmt_mi(s), tu_fmt_mi(c));
    /* just below pi/2 and just above it: the interval between the two
       doubles around pi/2 contains it */
    mpfr_set(LO(a), pi, MPFR_RNDD);
    mpfr_set(HI(a), pi, MPFR_RNDU);
    mpfr_div_2ui(LO(a), LO(a), 1, MPFR_RNDD);
    mpfr_div_2ui(HI(a), HI(a), 1, MPFR_RNDU);
    vccd_mi_sin_cos(s, c, a);
    TU_CHECK(mpfr_cmp_ui(HI(s), 1) == 0 && mpfr_sgn(LO(c)) < 0 && mpfr_sgn(HI(c)) > 0,
          "sin/cos(pi/2 enclosure %s) = %s %s", tu_fmt_mi(a), tu_fmt_mi(s), tu_fmt_mi(c));
    /* both ends below pi/2: no maximum inside, cos stays positive */
    mpfr_set(HI(a), LO(a), MPFR_RNDN);
    mpfr_nextbelow(LO(a));
    vccd_mi_sin_cos(s, c, a);
    TU_CHECK(mpfr_sgn(LO(c)) > 0, "cos(%s) = %s", tu_fmt_mi(a), tu_fmt_mi(c));
    /* wide: more than a period */
    vccd_mi_set_2d(a, 10.0, 16.5);
    vccd_mi_sin_cos(s, c, a);
    TU_CHECK(mpfr_cmp_si(LO(s), -1) == 0 && mpfr_cmp_ui(HI(s), 1) == 0 && mpfr_cmp_si(LO(c), -1) == 0
          && mpfr_cmp_ui(HI(c), 1) == 0, "sin/cos([10,16.5]) = %s %s", tu_fmt_mi(s), tu_fmt_mi(c));
    /* huge point: sin(1e300) = -0.8178819121159085..., cos = -0.5753861119575...
       (MPFR at 53 bits; here only the sign and magnitude are pinned) */
    vccd_mi_set_d(a, 1e300);
    vccd_mi_sin_cos(s, c, a);
    TU_CHECK(mpfr_cmp_d(LO(s), -0.8179) > 0 && mpfr_cmp_d(HI(s), -0.8178) < 0
          && mpfr_cmp_d(LO(c), -0.5754) > 0 && mpfr_cmp_d(HI(c), -0.5753) < 0,
          "sin/cos(1e300) = %s %s", tu_fmt_mi(s), tu_fmt_mi(c));
    /* tiny: sin x in [x - x^3/6, x], cos in [1 - x^2/2, 1] */
    vccd_mi_set_d(a, 0x1p-600);
    vccd_mi_sin_cos(s, c, a);
    TU_CHECK(mpfr_cmp_d(HI(s), 0x1p-600) == 0 && mpfr_cmp_d(LO(s), 0x1p-600) < 0
          && mpfr_cmp_ui(HI(c), 1) == 0 && mpfr_cmp_ui(LO(c), 1) < 0,
          "sin/cos(2^-600) = %s %s", tu_fmt_mi(s), tu_fmt_mi(c));
    /* unbounded and empty */
    vccd_mi_set_2d(a, -INFINITY, 0.0);
    vccd_mi_sin(s, a);
    TU_CHECK(mpfr_cmp_si(LO(s), -1) == 0 && mpfr_cmp_ui(HI(s), 1) == 0, "sin(-inf, 0] = %s", tu_fmt_mi(s));
    vccd_mi_set_empty(a);
    vccd_mi_cos(c, a);
    TU_CHECK(vccd_mi_is_empty(c), "cos(empty) = %s", tu_fmt_mi(c));
    printf("t-mi-trig special: %ld checks\n", tu_nchecks);
    vccd_mi_clear(a); vccd_mi_clear(s); vccd_mi_clear(c);
}
END_TEST

/* --- vccd_di_sin_cos_mpfr ------------------------------------------- */

/* The largest double <= x / the smallest >= x, exactly (x at any
   precision, possibly outside the binary64 range). */
static double rd_d(const mpfr_t x) { return mpfr_get_d(x, MPFR_RNDD); }
static double ru_d(const mpfr_t x) { return mpfr_get_d(x, MPFR_RNDU); }

START_TEST(test_di_mpfr)
{
    vccd_mi_t a, es0, ec0, es1, ec1;
    mpfr_t x, vs_d, vc_d, vs_u, vc_u;
    long i, n = tu_iters(300000);

    tu_init();
    tu_nchecks = 0;
    vccd_mi_init2(a, 53);
    /* expectations at 200 bits: RD_double(RD_200(v)) = RD_double(v) */
    vccd_mi_init2(es0, 200); vccd_mi_init2(ec0, 200);
    vccd_mi_init2(es1, 200); vccd_mi_init2(ec1, 200);
    mpfr_inits2(64, vs_d, vc_d, vs_u, vc_u, (mpfr_ptr)0);
    mpfr_init2(x, 53);
    for (i = 0; i < n; i++) {
        vccd_di d, s, c;
        double lo, hi;
        int in = 15, maybe = 15;

        switch (tu_ulong() % 4) {
        case 0:
            d = tu_di(0);
            break;
        case 1:
            /* huge, past the binary64 kernel's 2^20 */
            lo = ldexp(1.0 + tu_unit(), 20 + (int)(tu_ulong() % 1004));
            lo = tu_ulong() & 1 ? lo : -lo;
            hi = tu_ulong() % 2 == 0 ? lo : lo + fabs(lo) * ldexp(tu_unit(), -(int)(tu_ulong() % 60));
            d = vccd_di_set_2d(lo, hi);
            break;
        case 2: {
            /* around n*pi/2 for n of 20 to 60 bits */
            MPFR_DECL_INIT(cc, 300);
            long k = (long)(tu_ulong() >> (4 + tu_ulong() % 40));
            mpfr_const_pi(cc, MPFR_RNDN);
            mpfr_mul_si(cc, cc, k, MPFR_RNDN);
            mpfr_div_2ui(cc, cc, 1, MPFR_RNDN);
            lo = mpfr_get_d(cc, MPFR_RNDD);
            hi = mpfr_get_d(cc, MPFR_RNDU);
            for (k = (long)(tu_ulong() % 4); k > 0; k--) lo = vccd_fp_next_down(lo);
            for (k = (long)(tu_ulong() % 4); k > 0; k--) hi = vccd_fp_next_up(hi);
            if (tu_ulong() % 4 == 0) hi = lo;
            if (tu_ulong() % 4 == 0) lo = hi;
            d = vccd_di_set_2d(lo, hi);
            break;
        }
        default:
            lo = (tu_unit() - 0.5) * ldexp(1.0, (int)(tu_ulong() % 64));
            d = vccd_di_set_2d(lo, lo + tu_unit() * 8.0);
            break;
        }
        if (tu_ulong() % 64 == 0)
            d = vccd_di_empty();

        vccd_di_sin_cos_mpfr(&s, &c, d);
        tu_nchecks++;
        if (isnan(s.lo) || isnan(s.hi) || isnan(c.lo) || isnan(c.hi))
            tu_fail("sin_cos_mpfr([%a, %a]) has NaN", d.lo, d.hi);
        if (vccd_di_is_empty(d)) {
            TU_CHECK(vccd_di_is_empty(s) && vccd_di_is_empty(c), "sin_cos_mpfr(empty)");
            continue;
        }
        TU_CHECK(s.lo >= -1.0 && s.hi <= 1.0 && c.lo >= -1.0 && c.hi <= 1.0 && s.lo <= s.hi
              && c.lo <= c.hi, "sin_cos_mpfr([%a, %a]) = [%a, %a] [%a, %a]", d.lo, d.hi, s.lo, s.hi,
              c.lo, c.hi);
        if (!vccd_di_is_bounded(d)) {
            TU_CHECK(s.lo == -1.0 && s.hi == 1.0 && c.lo == -1.0 && c.hi == 1.0,
                  "sin_cos_mpfr unbounded [%a, %a] = [%a, %a] [%a, %a]", d.lo, d.hi, s.lo, s.hi,
                  c.lo, c.hi);
            continue;
        }
        /* tight: the binary64 rounding of the exact expectation */
        vccd_mi_set_di(a, d);
        quadrants(a, &in, &maybe);
        expect(es0, ec0, a, in);
        expect(es1, ec1, a, maybe);
        TU_CHECK(s.lo <= rd_d(LO(es0)) && s.hi >= ru_d(HI(es0)) && s.lo >= rd_d(LO(es1))
              && s.hi <= ru_d(HI(es1)),
              "sin_cos_mpfr([%a, %a]): sin [%a, %a], expected %s", d.lo, d.hi, s.lo, s.hi, tu_fmt_mi(es0));
        TU_CHECK(c.lo <= rd_d(LO(ec0)) && c.hi >= ru_d(HI(ec0)) && c.lo >= rd_d(LO(ec1))
              && c.hi <= ru_d(HI(ec1)),
              "sin_cos_mpfr([%a, %a]): cos [%a, %a], expected %s", d.lo, d.hi, c.lo, c.hi, tu_fmt_mi(ec0));
        /* containment of a point, against a 64-bit reference */
        mpfr_set_d(x, tu_point_in(d), MPFR_RNDN);
        mpfr_sin_cos(vs_d, vc_d, x, MPFR_RNDD);
        mpfr_sin_cos(vs_u, vc_u, x, MPFR_RNDU);
        TU_CHECK(tu_di_encloses(s, vs_d, vs_u), "sin_cos_mpfr([%a, %a]) sin [%a, %a] misses sin(%s)",
              d.lo, d.hi, s.lo, s.hi, tu_fmt_fr(x));
        TU_CHECK(tu_di_encloses(c, vc_d, vc_u), "sin_cos_mpfr([%a, %a]) cos [%a, %a] misses cos(%s)",
              d.lo, d.hi, c.lo, c.hi, tu_fmt_fr(x));
    }
    printf("t-mi-trig di_sin_cos_mpfr: %ld checks, %ld intervals\n", tu_nchecks, n);
    vccd_mi_clear(a); vccd_mi_clear(es0); vccd_mi_clear(ec0); vccd_mi_clear(es1); vccd_mi_clear(ec1);
    mpfr_clears(x, vs_d, vc_d, vs_u, vc_u, (mpfr_ptr)0);
}
END_TEST


int
main(void)
{
    const TTest *tests[] = { test_mi_trig_special, test_di_mpfr, test_mi_trig };
    return tu_main("mi-trig", tests, (int)(sizeof tests / sizeof tests[0]));
}
