/* t-elem.c -- vccd_{di,mi}_sinc_cosc (vccd/plugin/elem_impl.h): containment of
   sinc(th) = sin(th)/th and cosc(th) = (1 - cos th)/th^2, th = sqrt(x),
   for random intervals x over every regime the implementation
   distinguishes (0, tiny, the series region, straddling the split at 1,
   the closed forms, huge, unbounded, partly negative), on binary64 and
   on MPFR at 53, 113 and 256 bits; and tightness for point arguments.

   The reference is independent of the library: plain MPFR with directed
   rounding at 448 bits or more.  th lies in [a, b] = [RD(sqrt x),
   RU(sqrt x)], and on that interval sin lies within b - a of sin(a)
   (|sin'| <= 1), which divided by [a, b] encloses sinc.  cosc is taken as
   sinc(th/2)^2/2 (the same identity as 2 sin^2(th/2)/th^2), which has no
   cancellation for small th, unlike 1 - cos.  The enclosure under test
   must contain the whole reference interval; since the reference is
   some 190 bits narrower than the narrowest backend result (and clamped
   to the exact bounds sinc <= 1, cosc <= 1/2, which tight enclosures
   reach), a failure is a real error, not an artefact of the reference. */
#include <math.h>
#include <stdlib.h>

#include "testutil.h"
#include "vccd/plugin/elem.h"

#define NB 4
static const mpfr_prec_t bprec[NB] = { 53, 53, 113, 256 };
static const char *const bname[NB] = { "binary64", "mpfr:53", "mpfr:113", "mpfr:256" };

/* --- the reference ------------------------------------------------------- */

/* [lo, hi] encloses sin(th)/th for every th in [a, b], 0 < a <= b, with
   d >= b - a. */
static void
ref_sinc_on(mpfr_t lo, mpfr_t hi, const mpfr_t a, const mpfr_t b, const mpfr_t d)
{
    mpfr_sin(lo, a, MPFR_RNDD);
    mpfr_sub(lo, lo, d, MPFR_RNDD);
    mpfr_sin(hi, a, MPFR_RNDU);
    mpfr_add(hi, hi, d, MPFR_RNDU);
    mpfr_div(lo, lo, mpfr_sgn(lo) >= 0 ? b : a, MPFR_RNDD);
    mpfr_div(hi, hi, mpfr_sgn(hi) >= 0 ? a : b, MPFR_RNDU);
}

/* Enclosures [slo, shi] of sinc(th) and [clo, chi] of cosc(th) with
   th = sqrt(th2), th2 >= 0 exact.  The precision grows with th so that
   the rounding of sqrt stays far below the backends' (sin of a huge th
   needs th to many bits). */
static void
ref_sinc_cosc(mpfr_t slo, mpfr_t shi, mpfr_t clo, mpfr_t chi, const mpfr_t th2)
{
    mpfr_prec_t p;
    mpfr_t a, b, d, lo, hi;

    if (mpfr_zero_p(th2)) {
        mpfr_set_ui(slo, 1, MPFR_RNDD);
        mpfr_set_ui(shi, 1, MPFR_RNDU);
        mpfr_set_d(clo, 0.5, MPFR_RNDD);
        mpfr_set_d(chi, 0.5, MPFR_RNDU);
        return;
    }
    p = 448 + (mpfr_get_exp(th2) > 0 ? mpfr_get_exp(th2) : 0);
    mpfr_inits2(p, a, b, d, lo, hi, (mpfr_ptr)0);
    mpfr_sqrt(a, th2, MPFR_RNDD);
    mpfr_sqrt(b, th2, MPFR_RNDU);
    mpfr_sub(d, b, a, MPFR_RNDU);
    ref_sinc_on(lo, hi, a, b, d);
    /* |sinc| <= 1 and 0 <= cosc <= 1/2 exactly: clamp, since the
       Lipschitz slack b - a would otherwise poke above the exact bound 1
       that a tight enclosure of sinc(tiny) has as its upper end */
    mpfr_set(slo, lo, MPFR_RNDD);
    mpfr_set(shi, hi, MPFR_RNDU);
    if (mpfr_cmp_ui(shi, 1) > 0)
        mpfr_set_ui(shi, 1, MPFR_RNDU);
    /* cosc(th) = sinc(th/2)^2 / 2: halving is exact */
    mpfr_div_2ui(a, a, 1, MPFR_RNDN);
    mpfr_div_2ui(b, b, 1, MPFR_RNDN);
    mpfr_div_2ui(d, d, 1, MPFR_RNDN);
    ref_sinc_on(lo, hi, a, b, d);
    if (mpfr_sgn(lo) >= 0) {
        mpfr_sqr(lo, lo, MPFR_RNDD);
        mpfr_sqr(hi, hi, MPFR_RNDU);
    } else if (mpfr_sgn(hi) <= 0) {
        mpfr_sqr(d, lo, MPFR_RNDU);
        mpfr_sqr(lo, hi, MPFR_RNDD);
        mpfr_set(hi, d, MPFR_RNDU);
    } else {
        mpfr_sqr(lo, lo, MPFR_RNDU);
        mpfr_sqr(hi, hi, MPFR_RNDU);
        mpfr_max(hi, hi, lo, MPFR_RNDU);
        mpfr_set_zero(lo, 1);
    }
    if (mpfr_cmp_ui(hi, 1) > 0)
        mpfr_set_ui(hi, 1, MPFR_RNDU);
    mpfr_div_2ui(clo, lo, 1, MPFR_RNDD);
    mpfr_div_2ui(chi, hi, 1, MPFR_RNDU);
    mpfr_clears(a, b, d, lo, hi, (mpfr_ptr)0);
}

/* --- arguments ------------------------------------------------------------ */

/* A random argument from the regimes of elem_impl.h, as binary64. */
static vccd_di
random_x(int *cls)
{
    double a, b, u = tu_unit();
    *cls = (int)(tu_ulong() % 15);
    switch (*cls) {
    case 0: return vccd_di_set_d(0.0);
    case 1:                                     /* [0, b], any scale */
        return vccd_di_set_2d(0.0, ldexp(1.0 + u, -60 + (int)(tu_ulong() % 120)));
    case 2:                                     /* tiny, subnormal too */
        a = ldexp(1.0 + u, -1074 + (int)(tu_ulong() % 1060));
        return vccd_di_set_2d(a, tu_ulong() & 1 ? a : 2.0 * a);
    case 3:                                     /* straddles the split */
        return vccd_di_set_2d(1.0 - ldexp(u, -(int)(tu_ulong() % 60)),
                              1.0 + ldexp(tu_unit(), -(int)(tu_ulong() % 60)));
    case 4: {                                   /* at or next to 1 */
        static const double near1[] = { 1.0, 1.0 - 0x1p-53, 1.0 + 0x1p-52, 1.0 - 0x1p-30, 1.0 + 0x1p-30 };
        a = near1[tu_ulong() % 5];
        b = near1[tu_ulong() % 5];
        return vccd_di_set_2d(fmin(a, b), fmax(a, b));
    }
    case 5:                                     /* inside [0, 4] */
        a = 4.0 * u;
        b = 4.0 * tu_unit();
        return vccd_di_set_2d(fmin(a, b), fmax(a, b));
    case 6:                                     /* large */
        a = ldexp(1.0 + u, (int)(tu_ulong() % 200));
        return vccd_di_set_2d(a, a * (1.0 + ldexp(tu_unit(), -(int)(tu_ulong() % 50))));
    case 7:                                     /* half-line */
        return vccd_di_set_2d(fabs(tu_double()), INFINITY);
    case 8: return vccd_di_set_2d(0.0, INFINITY);
    case 9:                                     /* huge point */
        a = ldexp(1.0 + u, 900 + (int)(tu_ulong() % 124));
        return vccd_di_set_d(isfinite(a) ? a : DBL_MAX);
    case 10:                                    /* partly negative */
        return vccd_di_set_2d(-fabs(tu_double()) - 1e-300, 8.0 * u);
    case 11:                                    /* narrow, moderate */
        a = 1e6 * u;
        return vccd_di_set_2d(a, a + a * ldexp(tu_unit(), -(int)(tu_ulong() % 50)));
    case 12:                                    /* narrow inside [0, 20]: a point time's |w|^2 t^2,
                                                   bounded from its left end alone (VE_NARROW, up to
                                                   2^-30 wide), up to the range's end */
        a = (tu_ulong() % 8 == 0 ? 20.0 - 0x1p-30 : 20.0 * u);
        b = a + (tu_ulong() % 4 == 0 ? 0x1p-30 : ldexp(tu_unit(), -30 - (int)(tu_ulong() % 25)));
        return vccd_di_set_2d(a, fmin(b, 20.0));
    case 13:                                    /* binary64's monotone range [0, 20] and past it */
        a = 20.5 * u;
        b = 20.5 * tu_unit();
        return vccd_di_set_2d(fmin(a, b), fmax(a, b));
    case 14: {                                  /* at the ends of that range and its K steps */
        /* ... and binary64's term counts (family_point's lim[]) with
           their neighbours above */
        static const double edge[] = { 20.0, 0x1.3ffffffffffffp+4, 4.0, 0x1.fffffffffffffp+1, 1.0, 0.0,
                                       0x1p-10, 0x1.0000000000001p-10, 0x1p-7, 0x1.0000000000001p-7, 0x1p-5,
                                       0x1.0000000000001p-5, 0.125, 0x1.0000000000001p-3, 0.375,
                                       0x1.8000000000001p-2, 0.875, 0x1.c000000000001p-1, 1.5,
                                       0x1.8000000000001p+0, 2.75, 0x1.6000000000001p+1, 4.25,
                                       0x1.1000000000001p+2, 6.5, 0x1.a000000000001p+2, 9.0,
                                       0x1.2000000000001p+3, 12.5, 0x1.9000000000001p+3, 16.0,
                                       0x1.0000000000001p+4 };
        const int ne = (int)(sizeof edge / sizeof edge[0]);
        a = edge[tu_ulong() % ne];
        b = edge[tu_ulong() % ne];
        return vccd_di_set_2d(fmin(a, b), fmax(a, b));
    }
    default: {                                  /* any nonnegative */
        vccd_di d = tu_di(0);
        return vccd_di_intersect(d, vccd_di_set_2d(0.0, INFINITY));
    }
    }
}

/* A random exact point of x ∩ [0, inf) (x not empty there), at
   precision prec + 12 so that it usually lies strictly between the
   backend's representable numbers. */
static void
point_in(mpfr_t th2, const vccd_mi_t x)
{
    VCCD_MI_TMP(xx, vccd_mi_get_prec(x));
    vccd_mi_set_2d(xx, 0.0, INFINITY);
    vccd_mi_intersect(xx, xx, x);
    if (tu_ulong() % 4 == 0 && !mpfr_inf_p(&xx->hi) && mpfr_cmp_d(&xx->hi, 1e-300) > 0) {
        /* log-uniform, to reach the small values of a wide interval */
        double lo = fmax(mpfr_get_d(&xx->lo, MPFR_RNDU), 1e-300), hi = mpfr_get_d(&xx->hi, MPFR_RNDD);
        double e = log2(lo) + (log2(hi) - log2(lo)) * tu_unit();
        mpfr_set_d(th2, fmin(fmax(exp2(e), lo), hi), MPFR_RNDN);
        if (!vccd_mi_contains_fr(xx, th2))
            mpfr_set(th2, &xx->lo, MPFR_RNDU);
        return;
    }
    tu_fr_point_in(th2, xx);
}

/* --- evaluation on a backend ---------------------------------------------- */

/* s, c (at bprec[b]) := sinc_cosc on backend b of x (at bprec[b]). */
static void
eval_sc(int b, vccd_mi_t s, vccd_mi_t c, const vccd_mi_t x)
{
    if (b == 0) {
        vccd_di xd = vccd_mi_get_di(x), sd, cd;
        vccd_di_sinc_cosc(&sd, &cd, &xd);
        if (isnan(sd.lo) || isnan(sd.hi) || isnan(cd.lo) || isnan(cd.hi))
            tu_fail("binary64: NaN for x = [%.17g, %.17g]", xd.lo, xd.hi);
        vccd_mi_set_di(s, sd);
        vccd_mi_set_di(c, cd);
    } else {
        vccd_mi_sinc_cosc(s, c, x);
        if (mpfr_nan_p(&s->lo) || mpfr_nan_p(&s->hi) || mpfr_nan_p(&c->lo) || mpfr_nan_p(&c->hi))
            tu_fail("%s: NaN for x = [%.17g, %.17g]", bname[b], mpfr_get_d(&x->lo, MPFR_RNDD),
                    mpfr_get_d(&x->hi, MPFR_RNDU));
    }
}

/* x at bprec[b]: the binary64 interval, and on MPFR half the time with
   random low-order bits in the endpoints (genuine p-bit arguments). */
static void
make_x(int b, vccd_mi_t x, vccd_di d)
{
    vccd_mi_set_di(x, d);
    if (b > 0 && vccd_di_is_bounded(d) && (tu_ulong() & 1)) {
        MPFR_DECL_INIT(lo, bprec[b]);
        MPFR_DECL_INIT(hi, bprec[b]);
        tu_fr_point_in(lo, x);
        tu_fr_point_in(hi, x);
        if (mpfr_greater_p(lo, hi))
            mpfr_swap(lo, hi);
        vccd_mi_set_2fr(x, lo, hi);
    }
}

/* --- containment ---------------------------------------------------------- */

#define POINTS_PER_X 2

START_TEST(test_containment)
{
    int b = _i, cls;
    long need = tu_iters(100000), checks = 0;
    mpfr_prec_t rp = 2048;
    mpfr_t th2, slo, shi, clo, chi;
    VCCD_MI_TMP(x, bprec[b]);
    VCCD_MI_TMP(s, bprec[b]);
    VCCD_MI_TMP(c, bprec[b]);

    tu_init();
    mpfr_init2(th2, bprec[b] + 12);
    mpfr_inits2(rp, slo, shi, clo, chi, (mpfr_ptr)0);
    while (checks < need) {
        vccd_di d = random_x(&cls);
        make_x(b, x, d);
        if (mpfr_sgn(&x->hi) < 0)
            continue;           /* nothing to enclose (see test_empty) */
        eval_sc(b, s, c, x);
        if (vccd_mi_is_empty(s) || vccd_mi_is_empty(c))
            tu_fail("%s: sinc_cosc of x = [%.17g, %.17g] (class %d) is empty", bname[b],
                    mpfr_get_d(&x->lo, MPFR_RNDD), mpfr_get_d(&x->hi, MPFR_RNDU), cls);
        for (int j = 0; j < POINTS_PER_X; j++) {
            point_in(th2, x);
            ref_sinc_cosc(slo, shi, clo, chi, th2);
            if (!tu_encloses_fr(&s->lo, &s->hi, slo, shi) || !tu_encloses_fr(&c->lo, &c->hi, clo, chi))
                tu_fail("%s: x = [%.17g, %.17g] (class %d), th^2 = %.17g: sinc in [%.17g, %.17g] "
                        "vs exact %.17g, cosc in [%.17g, %.17g] vs exact %.17g", bname[b],
                        mpfr_get_d(&x->lo, MPFR_RNDD), mpfr_get_d(&x->hi, MPFR_RNDU), cls,
                        mpfr_get_d(th2, MPFR_RNDN), mpfr_get_d(&s->lo, MPFR_RNDD),
                        mpfr_get_d(&s->hi, MPFR_RNDU), mpfr_get_d(slo, MPFR_RNDN),
                        mpfr_get_d(&c->lo, MPFR_RNDD), mpfr_get_d(&c->hi, MPFR_RNDU),
                        mpfr_get_d(clo, MPFR_RNDN));
            checks++;
        }
    }
    mpfr_clears(th2, slo, shi, clo, chi, (mpfr_ptr)0);
}
END_TEST

/* Empty and all-negative arguments give empty results (nothing to
   enclose), and NaN never appears. */
START_TEST(test_empty)
{
    int b = _i;
    VCCD_MI_TMP(x, bprec[b]);
    VCCD_MI_TMP(s, bprec[b]);
    VCCD_MI_TMP(c, bprec[b]);
    const vccd_di args[] = { vccd_di_empty(), vccd_di_set_2d(-2.0, -1.0), vccd_di_set_2d(-INFINITY, -1e-300) };

    tu_init();
    for (size_t i = 0; i < sizeof args / sizeof args[0]; i++) {
        vccd_mi_set_di(x, args[i]);
        eval_sc(b, s, c, x);
        if (!vccd_mi_is_empty(s) || !vccd_mi_is_empty(c))
            tu_fail("%s: sinc_cosc of [%.17g, %.17g] is not empty", bname[b], args[i].lo, args[i].hi);
    }
}
END_TEST

/* --- tightness ------------------------------------------------------------ */

/* For a point x in [0, 4] (th <= 2: no zero of sin or of 1 - cos nearby,
   so no cancellation excuses a wide result) both results are within a
   few ulps of the backend's precision.  The series (x < 1) has its
   truncation below an ulp and contracts rounding errors (measured 2 ulps
   on MPFR, whose roundings are directed, and 5 on binary64, which steps
   a full ulp outward after each operation).  The closed forms compose
   sqrt, sin/cos and a division, whose widths add up (measured 7 on MPFR,
   and up to 19 on binary64 near x = 1, its sin/cos enclosures being
   several ulps wide themselves).  The limits leave some room above. */
static const double series_ulps[NB] = { 8.0, 4.0, 4.0, 4.0 };
static const double closed_ulps[NB] = { 32.0, 10.0, 10.0, 10.0 };

/* width(a) in ulps of a's magnitude at precision p. */
static double
width_ulps(const vccd_mi_t a, mpfr_prec_t p)
{
    MPFR_DECL_INIT(w, 64);
    vccd_mi_width(w, a);
    if (mpfr_zero_p(w))
        return 0.0;
    /* ulp of a number m with 2^(e-1) <= |m| < 2^e is 2^(e-p) */
    return mpfr_get_d(w, MPFR_RNDU) / ldexp(1.0, (int)(mpfr_get_exp(&a->hi) - p));
}

START_TEST(test_tight)
{
    int b = _i;
    long n = tu_iters(20000);
    double worst[2][2] = { { 0.0, 0.0 }, { 0.0, 0.0 } };  /* [x < 1 ?][sinc, cosc] */
    VCCD_MI_TMP(x, bprec[b]);
    VCCD_MI_TMP(s, bprec[b]);
    VCCD_MI_TMP(c, bprec[b]);
    MPFR_DECL_INIT(pt, bprec[b]);

    tu_init();
    for (long i = 0; i < n; i++) {
        double ws, wc, lim;
        switch (i % 4) {
        case 0: mpfr_urandomb(pt, tu_rand); mpfr_mul_2ui(pt, pt, 2, MPFR_RNDN); break;
        case 1: mpfr_urandomb(pt, tu_rand); break;
        case 2:                 /* log-uniform down to 2^-1000 */
            mpfr_urandomb(pt, tu_rand);
            mpfr_mul_2si(pt, pt, -(long)(tu_ulong() % 1000), MPFR_RNDN);
            break;
        default: mpfr_set_d(pt, i % 8 == 3 ? 1.0 : 0.0, MPFR_RNDN); break;
        }
        vccd_mi_set_fr(x, pt);
        eval_sc(b, s, c, x);
        ws = width_ulps(s, bprec[b]);
        wc = width_ulps(c, bprec[b]);
        {
            int r = mpfr_cmp_ui(pt, 1) < 0;
            if (ws > worst[r][0]) worst[r][0] = ws;
            if (wc > worst[r][1]) worst[r][1] = wc;
        }
        lim = mpfr_cmp_ui(pt, 1) < 0 ? series_ulps[b] : closed_ulps[b];
        if (!(ws <= lim) || !(wc <= lim))
            tu_fail("%s: x = %.17g: sinc is %.1f ulps wide, cosc %.1f (at most %.0f)", bname[b],
                    mpfr_get_d(pt, MPFR_RNDN), ws, wc, lim);
    }
    if (getenv("VCCD_TEST_VERBOSE"))
        fprintf(stderr, "%s: widest for x < 1 (series): sinc %.1f ulps, cosc %.1f; for 1 <= x < 4 "
                "(closed forms): sinc %.1f, cosc %.1f\n", bname[b], worst[1][0], worst[1][1],
                worst[0][0], worst[0][1]);
}
END_TEST

int
main(void)
{
    Suite *s = suite_create("elem");
    TCase *tc = tu_tcase(s, "sinc_cosc");

    tu_init();
    tcase_add_loop_test(tc, test_empty, 0, NB);
    tcase_add_loop_test(tc, test_containment, 0, NB);
    tcase_add_loop_test(tc, test_tight, 0, NB);
    return tu_run(s);
}
