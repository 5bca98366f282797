/* t-fp.c -- vccd_fp_next_up/next_down: special values and random doubles against nextafter; vccd_fp_widen_up/down: never inside the one-ulp step, at most three steps, in every rounding mode. */
#include <fenv.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static double
from_bits(uint64_t u)
{
    double x;
    memcpy(&x, &u, sizeof x);
    return x;
}

/* Bit-for-bit equality, so that -0/+0 mix-ups are caught; any NaN matches
   any NaN because the payload is not part of the contract. */
static int
same(double x, double y)
{
    if (x != x || y != y)
        return x != x && y != y;
    return tu_bits(x) == tu_bits(y);
}

struct special { double x, up, down; };

/* vccd_fp_pow2(e) is 2^e exactly, as ldexp(1, e), over the whole
   exponent range and past it (subnormal powers, 0, inf). */
START_TEST(test_pow2)
{
    for (int e = -1200; e <= 1200; e++) {
        double a = vccd_fp_pow2(e), b = ldexp(1.0, e);
        ck_assert_msg(memcmp(&a, &b, sizeof a) == 0, "pow2(%d) = %a, ldexp gives %a", e, a, b);
    }
}
END_TEST

START_TEST(test_special)
{
    /* Expected values written by hand from the binary64 layout, not from
       nextafter, so this test is independent of libm. */
    const double dmin = 0x1p-1074, lsub = 0x0.fffffffffffffp-1022;
    static const struct special t[] = {
        {  0.0,                  0x1p-1074,               -0x1p-1074 },
        { -0.0,                  0x1p-1074,               -0x1p-1074 },
        {  0x1p-1074,            0x1p-1073,                0.0 },
        { -0x1p-1074,           -0.0,                     -0x1p-1073 },
        {  0x1p-1073,            0x1.8p-1073,              0x1p-1074 },
        {  0x0.fffffffffffffp-1022, 0x1p-1022,             0x0.ffffffffffffep-1022 },
        {  DBL_MIN,              0x1.0000000000001p-1022,  0x0.fffffffffffffp-1022 },
        { -DBL_MIN,             -0x0.fffffffffffffp-1022, -0x1.0000000000001p-1022 },
        {  DBL_MAX,              INFINITY,                 0x1.ffffffffffffep1023 },
        { -DBL_MAX,             -0x1.ffffffffffffep1023,  -INFINITY },
        {  INFINITY,             INFINITY,                 DBL_MAX },
        { -INFINITY,            -DBL_MAX,                 -INFINITY },
        {  1.0,                  0x1.0000000000001p0,      0x1.fffffffffffffp-1 },
        { -1.0,                 -0x1.fffffffffffffp-1,    -0x1.0000000000001p0 },
        {  2.0,                  0x1.0000000000001p1,      0x1.fffffffffffffp0 },
        {  0.5,                  0x1.0000000000001p-1,     0x1.fffffffffffffp-2 },
        {  0x1p1023,             0x1.0000000000001p1023,   0x1.fffffffffffffp1022 },
        {  0x1p-1021,            0x1.0000000000001p-1021,  0x1.fffffffffffffp-1022 },
        {  0x1p-1030,            0x1p-1030 + 0x1p-1074,    0x1p-1030 - 0x1p-1074 },
        {  1.5,                  0x1.8000000000001p0,      0x1.7ffffffffffffp0 },
    };
    size_t i;

    tu_init();
    for (i = 0; i < sizeof t / sizeof t[0]; i++) {
        double u = vccd_fp_next_up(t[i].x), d = vccd_fp_next_down(t[i].x);
        if (!same(u, t[i].up))
            tu_fail("next_up(%a) = %a, want %a", t[i].x, u, t[i].up);
        if (!same(d, t[i].down))
            tu_fail("next_down(%a) = %a, want %a", t[i].x, d, t[i].down);
    }
    if (!isnan(vccd_fp_next_up(NAN)) || !isnan(vccd_fp_next_down(NAN))
        || !isnan(vccd_fp_next_up(-NAN)) || !isnan(vccd_fp_next_down(-NAN)))
        tu_fail("NaN must map to NaN");
    /* Every power of two, normal and subnormal: the step below a normal
       power is half the step above it, except at DBL_MIN where the
       subnormal spacing takes over. */
    for (i = 0; i < 2098; i++) {
        int k = (int)i - 1074;
        double p = ldexp(1.0, k);
        double up = k >= -1022 ? p + ldexp(1.0, k - 52) : p + dmin;
        double dn = k > -1022 ? p - ldexp(1.0, k - 53) : (k == -1022 ? lsub : p - dmin);
        if (!same(vccd_fp_next_up(p), up) || !same(vccd_fp_next_down(p), dn))
            tu_fail("2^%d: next_up %a (want %a), next_down %a (want %a)", k,
                    vccd_fp_next_up(p), up, vccd_fp_next_down(p), dn);
        if (!same(vccd_fp_next_up(-p), -dn) || !same(vccd_fp_next_down(-p), -up))
            tu_fail("-2^%d: next_up %a, next_down %a", k,
                    vccd_fp_next_up(-p), vccd_fp_next_down(-p));
    }
}
END_TEST

static void
check_against_nextafter(double x)
{
    double u = vccd_fp_next_up(x), d = vccd_fp_next_down(x);
    double eu = nextafter(x, INFINITY), ed = nextafter(x, -INFINITY);

    if (!same(u, eu))
        tu_fail("next_up(%a) = %a, nextafter gives %a", x, u, eu);
    if (!same(d, ed))
        tu_fail("next_down(%a) = %a, nextafter gives %a", x, d, ed);
    /* The step must be the smallest one: nothing in between, round trip
       back except across zero (where -0 and +0 are the same number). */
    if (isfinite(x) && !(vccd_fp_next_down(u) == x && vccd_fp_next_up(d) == x))
        tu_fail("round trip through %a fails", x);
}

START_TEST(test_random_classes)
{
    long i, n = tu_iters(500000);

    tu_init();
    for (i = 0; i < n; i++)
        check_against_nextafter(tu_double());
}
END_TEST

START_TEST(test_random_bits)
{
    long i, n = tu_iters(500000);

    tu_init();
    /* Raw bit patterns reach NaNs with payloads, infinities and both
       signs of every exponent, which tu_double never produces. */
    for (i = 0; i < n; i++)
        check_against_nextafter(from_bits(tu_ulong()));
}
END_TEST

START_TEST(test_rounding_mode_independent)
{
    static const int modes[] = { FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO, FE_TONEAREST };
    long i, n = tu_iters(50000);
    size_t m;

    tu_init();
    /* The rigour argument of di.h needs the step to be exact in every
       mode; bit arithmetic is, but check that nothing slipped in. */
    for (m = 0; m < sizeof modes / sizeof modes[0]; m++) {
        for (i = 0; i < n; i++) {
            double x = (i & 1) ? tu_double() : from_bits(tu_ulong());
            double eu = nextafter(x, INFINITY), ed = nextafter(x, -INFINITY);
            double u, d;
            if (fesetround(modes[m]) != 0)
                tu_fail("fesetround(%d) failed", modes[m]);
            u = vccd_fp_next_up(x);
            d = vccd_fp_next_down(x);
            fesetround(FE_TONEAREST);
            if (!same(u, eu) || !same(d, ed))
                tu_fail("mode %d: x=%a up=%a (want %a) down=%a (want %a)",
                        modes[m], x, u, eu, d, ed);
        }
    }
}
END_TEST

/* Hand-derived widenings (fp.h): x + 2^-52 (1 + 2^-50) |x| + 2^-1074 in
   round to nearest is one step for a significand below 1.5, two from
   1.5 on, and two from a power of two towards zero (half the spacing
   there); the ends follow next_up. */
START_TEST(test_widen_special)
{
    static const struct special t[] = {
        {  0.0,        0x1p-1074,               -0x1p-1074 },
        { -0.0,        0x1p-1074,               -0x1p-1074 },
        {  1.0,        0x1.0000000000001p+0,     0x1.ffffffffffffep-1 },
        { -1.0,       -0x1.ffffffffffffep-1,    -0x1.0000000000001p+0 },
        {  3.0,        0x1.8000000000002p+1,     0x1.7fffffffffffep+1 },
        {  2.5,        0x1.4000000000001p+1,     0x1.3ffffffffffffp+1 },
        {  DBL_MAX,    INFINITY,                 0x1.ffffffffffffdp+1023 },
        { -DBL_MAX,   -0x1.ffffffffffffdp+1023, -INFINITY },
        {  INFINITY,   INFINITY,                 DBL_MAX },
        { -INFINITY,  -DBL_MAX,                 -INFINITY },
        {  NAN,        NAN,                      NAN },
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        double u = vccd_fp_widen_up(t[i].x), d = vccd_fp_widen_down(t[i].x);
        if (!same(u, t[i].up) || !same(d, t[i].down))
            tu_fail("widen(%a): up %a (want %a), down %a (want %a)", t[i].x, u, t[i].up, d, t[i].down);
    }
}
END_TEST

/* next_up(x) <= widen_up(x) <= next_up^4(x), the same for down, in the
   rounding mode m (the soundness of vccd_di in every mode rests on the
   first inequality; the second bounds the loss of tightness: two steps
   in round to nearest, and near the subnormals, where 2^-1074 is a whole
   ulp and e itself is rounded up, four from a power of two downwards,
   as 2^-1021 in FE_UPWARD). */
static void
check_widen(double x, int m)
{
    double u, d, n1 = vccd_fp_next_up(x), n3 = vccd_fp_next_up(vccd_fp_next_up(vccd_fp_next_up(n1)));
    double m1 = vccd_fp_next_down(x), m3 = vccd_fp_next_down(vccd_fp_next_down(vccd_fp_next_down(m1)));
    if (fesetround(m) != 0)
        tu_fail("fesetround(%d) failed", m);
    u = vccd_fp_widen_up(x);
    d = vccd_fp_widen_down(x);
    fesetround(FE_TONEAREST);
    if (x != x) {
        if (u == u || d == d)
            tu_fail("mode %d: widen(NaN) = %a, %a", m, u, d);
        return;
    }
    if (!(n1 <= u && u <= n3) || !(m3 <= d && d <= m1))
        tu_fail("mode %d: x=%a widen_up %a not in [%a, %a] or widen_down %a not in [%a, %a]", m, x, u, n1, n3,
                d, m3, m1);
}

START_TEST(test_widen_random)
{
    static const int modes[] = { FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO, FE_TONEAREST };
    long n = tu_iters(200000);

    tu_init();
    for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
        for (long i = 0; i < n; i++)
            check_widen((i & 1) ? tu_double() : from_bits(tu_ulong()), modes[m]);
        /* every binade's ends and the subnormals' */
        for (int e = -1074; e <= 1023; e++) {
            double p = ldexp(1.0, e);
            check_widen(p, modes[m]);
            check_widen(-p, modes[m]);
            check_widen(vccd_fp_next_down(p), modes[m]);
            check_widen(-vccd_fp_next_up(p), modes[m]);
        }
        check_widen(DBL_MAX, modes[m]);
        check_widen(-DBL_MAX, modes[m]);
    }
}
END_TEST

int
main(void)
{
    const TTest *tests[] = { test_pow2, test_special, test_random_classes, test_random_bits,
                             test_rounding_mode_independent, test_widen_special, test_widen_random };
    return tu_main("fp", tests, (int)(sizeof tests / sizeof tests[0]));
}
