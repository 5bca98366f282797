/* t-ui.c -- the NON-RIGOROUS unrounded backend vccd_ui: endpoints are plain round-to-nearest results, and therefore can miss the exact value. */
#include <stdlib.h>

#include "testutil.h"

#define IV(x) (x).lo, (x).hi
/* the rigorous backend's outward step of a rounded endpoint */
#define SU vccd_di_round_up
#define SD vccd_di_round_down

static vccd_ui
to_ui(vccd_di a)
{
    return vccd_ui_set_2d(a.lo, a.hi);
}

/* 0 * inf at an endpoint is 0 (ivd_ops.h); everything else is IEEE. */
static double
pmul(double x, double y)
{
    double p = x * y;
    return p == p ? p : 0.0;
}

static double
min4(double a, double b, double c, double d)
{
    return fmin(fmin(a, b), fmin(c, d));
}

static double
max4(double a, double b, double c, double d)
{
    return fmax(fmax(a, b), fmax(c, d));
}

/* Endpoint equality that also accepts equal infinities; -0 == +0 since
   the conventions do not distinguish them. */
static int
eq(vccd_ui r, double lo, double hi)
{
    return r.lo == lo && r.hi == hi;
}

/* The rigorous result is the unrounded one stepped outward: the
   two backends share ivd_ops.h and differ only in IVD_DN/IVD_UP. */
static int
stepped(vccd_di d, vccd_ui u)
{
    return d.lo == SD(u.lo) && d.hi == SU(u.hi);
}

/* A product by an exact zero needs no rounding: the rigorous backend
   keeps it [0, 0] rather than stepping it out (ivd_ops.h mul_d), so
   there the two backends agree exactly. */
static int
exact_zero(vccd_di d)
{
    return d.lo == 0.0 && d.hi == 0.0;
}

START_TEST(test_endpoints_are_round_to_nearest)
{
    long i, n = tu_iters(1000000), checks = 0;

    tu_init();
    for (i = 0; i < n; i++) {
        vccd_di da = tu_di(0), db = tu_di(0);
        vccd_ui a = to_ui(da), b = to_ui(db), r;
        double d = tu_double();

        r = vccd_ui_add(a, b);
        if (!eq(r, a.lo + b.lo, a.hi + b.hi) || !stepped(vccd_di_add(da, db), r))
            tu_fail("ui_add([%a,%a],[%a,%a]) = [%a,%a]", IV(a), IV(b), IV(r));
        r = vccd_ui_sub(a, b);
        if (!eq(r, a.lo - b.hi, a.hi - b.lo) || !stepped(vccd_di_sub(da, db), r))
            tu_fail("ui_sub([%a,%a],[%a,%a]) = [%a,%a]", IV(a), IV(b), IV(r));
        r = vccd_ui_mul(a, b);
        if (!eq(r, min4(pmul(a.lo, b.lo), pmul(a.lo, b.hi), pmul(a.hi, b.lo), pmul(a.hi, b.hi)),
                max4(pmul(a.lo, b.lo), pmul(a.lo, b.hi), pmul(a.hi, b.lo), pmul(a.hi, b.hi)))
            || !stepped(vccd_di_mul(da, db), r))
            tu_fail("ui_mul([%a,%a],[%a,%a]) = [%a,%a]", IV(a), IV(b), IV(r));
        r = vccd_ui_mul_d(a, d);
        if (!eq(r, fmin(pmul(a.lo, d), pmul(a.hi, d)), fmax(pmul(a.lo, d), pmul(a.hi, d)))
            || !(d == 0.0 || (da.lo == 0.0 && da.hi == 0.0) ? exact_zero(vccd_di_mul_d(da, d))
                                                              : stepped(vccd_di_mul_d(da, d), r)))
            tu_fail("ui_mul_d([%a,%a], %a) = [%a,%a]", IV(a), d, IV(r));
        if (d != 0.0) {
            r = vccd_ui_div_d(a, d);
            if (!eq(r, fmin(a.lo / d, a.hi / d), fmax(a.lo / d, a.hi / d))
                || !stepped(vccd_di_div_d(da, d), r))
                tu_fail("ui_div_d([%a,%a], %a) = [%a,%a]", IV(a), d, IV(r));
        }
        if (vccd_ui_is_bounded(a) && vccd_ui_is_bounded(b) && !vccd_ui_contains_zero(b)) {
            r = vccd_ui_div(a, b);
            if (!eq(r, min4(a.lo / b.lo, a.lo / b.hi, a.hi / b.lo, a.hi / b.hi),
                    max4(a.lo / b.lo, a.lo / b.hi, a.hi / b.lo, a.hi / b.hi))
                || !stepped(vccd_di_div(da, db), r))
                tu_fail("ui_div([%a,%a],[%a,%a]) = [%a,%a]", IV(a), IV(b), IV(r));
        }
        r = vccd_ui_sqr(a);
        if (a.lo >= 0.0 ? !eq(r, a.lo * a.lo, a.hi * a.hi)
            : a.hi <= 0.0 ? !eq(r, a.hi * a.hi, a.lo * a.lo)
            : !eq(r, 0.0, fmax(a.lo * a.lo, a.hi * a.hi)))
            tu_fail("ui_sqr([%a,%a]) = [%a,%a]", IV(a), IV(r));
        r = vccd_ui_sqrt(a);
        if (a.hi >= 0.0 && !eq(r, a.lo > 0.0 ? sqrt(a.lo) : 0.0, sqrt(a.hi)))
            tu_fail("ui_sqrt([%a,%a]) = [%a,%a]", IV(a), IV(r));
        if (a.hi < 0.0 && !vccd_ui_is_empty(r))
            tu_fail("ui_sqrt([%a,%a]) is not empty", IV(a));
        checks += 8;
    }
    printf("t-ui: %ld endpoint comparisons\n", checks);
}
END_TEST

START_TEST(test_conventions_shared)
{
    vccd_ui r, one2 = vccd_ui_set_2d(1, 2);
    long i, n = tu_iters(100000);
    MPFR_DECL_INIT(ex, 2200);

    tu_init();
    /* the set conventions are the rigorous backend's */
    if (!vccd_ui_is_empty(vccd_ui_div(one2, vccd_ui_set_d(0))))
        tu_fail("ui: x/[0,0] is not empty");
    if (!vccd_ui_is_entire(vccd_ui_div(one2, vccd_ui_set_2d(-1, 1))))
        tu_fail("ui: x/[-1,1] is not entire");
    r = vccd_ui_mul(vccd_ui_set_d(0), vccd_ui_set_2d(1, INFINITY));
    if (r.lo != 0.0 || r.hi != 0.0)
        tu_fail("ui: [0,0]*[1,inf] = [%a,%a], want exactly [0,0]", IV(r));
    if (!vccd_ui_is_entire(vccd_ui_set_d(NAN)) || !vccd_ui_is_empty(vccd_ui_add(one2, vccd_ui_empty())))
        tu_fail("ui: NaN/empty conventions");
    /* width is rounded up even here, since it feeds stopping tests */
    for (i = 0; i < n; i++) {
        vccd_ui a = to_ui(tu_di(1));
        double w = vccd_ui_width(a);
        mpfr_set_d(ex, a.hi, MPFR_RNDN);
        mpfr_sub_d(ex, ex, a.lo, MPFR_RNDN);    /* exact at 2200 bits */
        if (mpfr_cmp_d(ex, w) > 0)
            tu_fail("ui_width([%a,%a]) = %a is below the exact width", IV(a), w);
    }
}
END_TEST

static int
ui_encloses(vccd_ui a, const mpfr_t vd, const mpfr_t vu)
{
    return !vccd_ui_is_empty(a) && mpfr_cmp_d(vd, a.lo) >= 0 && mpfr_cmp_d(vu, a.hi) <= 0;
}

START_TEST(test_not_rigorous)
{
    double x = 0.1, y = 0.2;         /* the doubles nearest 1/10 and 2/10 */
    vccd_ui u;
    vccd_di d;
    long i, n = tu_iters(100000), ui_miss = 0;
    MPFR_DECL_INIT(ex, 256);         /* exact for these sums and products */
    MPFR_DECL_INIT(vd, 256);
    MPFR_DECL_INIT(vu, 256);

    tu_init();
    /* The double sum 0.1 + 0.2 rounds up to 0x1.3333333333334p-2 while
       the exact sum of the two doubles is below it. */
    mpfr_set_d(ex, x, MPFR_RNDN);
    if (mpfr_add_d(ex, ex, y, MPFR_RNDN) != 0)
        tu_fail("0.1 + 0.2 not exact at 256 bits");
    u = vccd_ui_add(vccd_ui_set_d(x), vccd_ui_set_d(y));
    d = vccd_di_add(vccd_di_set_d(x), vccd_di_set_d(y));
    if (ui_encloses(u, ex, ex))
        tu_fail("ui [0.1]+[0.2] = [%a,%a] unexpectedly encloses the exact sum", IV(u));
    if (!tu_di_encloses(d, ex, ex))
        tu_fail("di [0.1]+[0.2] = [%a,%a] misses the exact sum", IV(d));

    /* Same for a product: 0.1 * 0.1 rounds up as well. */
    mpfr_set_d(ex, x, MPFR_RNDN);
    mpfr_mul_d(ex, ex, x, MPFR_RNDN);
    u = vccd_ui_mul(vccd_ui_set_d(x), vccd_ui_set_d(x));
    d = vccd_di_mul(vccd_di_set_d(x), vccd_di_set_d(x));
    if (ui_encloses(u, ex, ex) || !tu_di_encloses(d, ex, ex))
        tu_fail("[0.1]*[0.1]: ui [%a,%a] should miss and di [%a,%a] hit", IV(u), IV(d));

    /* And it is the rule, not an accident: random point sums that are
       inexact are missed by ui about always, never by di. */
    for (i = 0; i < n; i++) {
        double a = 1.0 + tu_unit(), b = ldexp(tu_unit(), -(int)(tu_ulong() % 30));
        mpfr_set_d(vd, a, MPFR_RNDN);
        mpfr_add_d(vu, vd, b, MPFR_RNDU);
        mpfr_add_d(vd, vd, b, MPFR_RNDD);
        u = vccd_ui_add(vccd_ui_set_d(a), vccd_ui_set_d(b));
        d = vccd_di_add(vccd_di_set_d(a), vccd_di_set_d(b));
        if (!ui_encloses(u, vd, vu))
            ui_miss++;
        if (!tu_di_encloses(d, vd, vu))
            tu_fail("di misses %a + %a", a, b);
    }
    if (ui_miss == 0)
        tu_fail("ui enclosed all %ld random sums: it is not unrounded", n);
    printf("t-ui: ui missed %ld of %ld exact point sums; di missed none\n", ui_miss, n);
}
END_TEST


int
main(void)
{
    const TTest *tests[] = { test_endpoints_are_round_to_nearest, test_conventions_shared, test_not_rigorous };
    return tu_main("ui", tests, (int)(sizeof tests / sizeof tests[0]));
}
