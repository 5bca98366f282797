/* t-ball.c -- the midpoint-radius balls of lib/feature/ball.h against
   MPFR.

   Random balls at adversarial scales: ordinary, 1e-300 and 1e300, mixed,
   subnormal midpoints and radii, radii of 0 (points), of a few ulps, and
   wider than the midpoint (containing 0), exact zeros, and intervals
   made into balls (points, thin, wide, containing 0, with an infinite
   end).  For exact reals chosen in the operands (their ends, and random
   points inside), computed in MPFR at 4800 bits and more (exact for these
   doubles: the inexact flag is checked), the interval of every result
   (vccd_ball_get_di of a sum, a difference and a product, and of chains
   of products) must hold the exact result; a ball from an interval must
   hold the interval; an exact zero must stay exactly zero, and an
   overflow must give the whole line, never a NaN end, also when a later
   difference cancels it.  Every operation runs in each of the four
   rounding modes in turn (in round toward zero or down an overflow
   saturates at DBL_MAX instead of becoming inf); the references are
   MPFR's, whatever the mode. */
#include <fenv.h>
#include <float.h>
#include <math.h>
#include <stdio.h>

#include "feature/ball.h"
#include "testutil.h"

#define PR 2400

static double rnd(double lo, double hi) { return lo + (hi - lo) * tu_unit(); }

static const int modes[4] = { FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO };
static const char *const mode_name[4] = { "nearest", "up", "down", "toward zero" };

/* The operations under test in rounding mode `mode`, out of line so that
   no operation moves across the mode changes. */
static __attribute__((noinline)) void
ops_in(int mode, vccd_ball a, vccd_ball b, vccd_ball *s, vccd_di *S, vccd_di *D, vccd_di *P, vccd_ball *p)
{
    if (fesetround(mode) != 0)
        tu_fail("fesetround(%d) failed", mode);
    *s = vccd_ball_add(a, b);
    *S = vccd_ball_get_di(*s);
    *D = vccd_ball_get_di(vccd_ball_sub(a, b));
    *p = vccd_ball_mul(a, b);
    *P = vccd_ball_get_di(*p);
    fesetround(FE_TONEAREST);
}

static __attribute__((noinline)) void
chains_in(int mode, const vccd_ball a[4], vccd_di *P, vccd_di *Q)
{
    if (fesetround(mode) != 0)
        tu_fail("fesetround(%d) failed", mode);
    *P = vccd_ball_get_di(vccd_ball_mul(vccd_ball_mul(vccd_ball_mul(a[0], a[1]), a[2]), a[3]));
    *Q = vccd_ball_get_di(vccd_ball_sub(vccd_ball_mul(a[0], a[1]), vccd_ball_mul(a[2], a[3])));
    fesetround(FE_TONEAREST);
}

static __attribute__((noinline)) void
convert_in(int mode, vccd_di a, vccd_ball *c, vccd_di *b)
{
    if (fesetround(mode) != 0)
        tu_fail("fesetround(%d) failed", mode);
    *c = vccd_ball_set_di(a);
    *b = vccd_ball_get_di(*c);
    fesetround(FE_TONEAREST);
}

static double
rand_scale(void)
{
    static const double s[] = { 1.0, 1e-300, 1e300, 1e-8, 3e5, 0x1p-1060, 0x1p-1000, 1e150, 1e-150 };
    return s[tu_ulong() % (sizeof s / sizeof s[0])];
}

static vccd_ball
rand_ball(void)
{
    double m = rand_scale() * rnd(-1, 1), r;
    switch (tu_ulong() % 6) {
    case 0:
        return (vccd_ball){ 0.0, 0.0 };
    case 1:
        r = 0.0;
        break;
    case 2:
        r = fabs(m) * 0x1p-50 * tu_unit();
        break;
    case 3:
        r = fabs(m) * rnd(1, 3);         /* holds 0 */
        break;
    case 4:
        r = rand_scale() * tu_unit();    /* any scale */
        break;
    default:
        r = 0x1p-1074 * (double)(tu_ulong() % 8);
        break;
    }
    return (vccd_ball){ m, r };
}

/* x := an exact real in ball a: an end (j = 0, 1) or a random point */
static void
pick(mpfr_t x, vccd_ball a, int j)
{
    double th = j == 0 ? -1.0 : j == 1 ? 1.0 : rnd(-1, 1);
    mpfr_set_d(x, a.r, MPFR_RNDN);
    mpfr_mul_d(x, x, th, MPFR_RNDN);
    mpfr_add_d(x, x, a.m, MPFR_RNDN);
}

static int
holds(vccd_di d, mpfr_t x)
{
    return mpfr_cmp_d(x, d.lo) >= 0 && mpfr_cmp_d(x, d.hi) <= 0;
}

START_TEST(test_ops)
{
    long n = tu_iters(200000), checked = 0, zeros = 0;
    mpfr_t x, y, z;
    mpfr_inits2(2 * PR, x, y, z, (mpfr_ptr)0);
    for (long it = 0; it < n; it++) {
        vccd_ball a = rand_ball(), b = rand_ball(), s, p;
        vccd_di S, D, P;
        int md = (int)(it % 4);
        ops_in(modes[md], a, b, &s, &S, &D, &P, &p);
        TU_CHECK(S.lo == S.lo && S.hi == S.hi && D.lo == D.lo && P.lo == P.lo && P.hi == P.hi,
                 "case %ld (%s): a NaN end", it, mode_name[md]);
        if (vccd_ball_is0(a) || vccd_ball_is0(b)) {
            zeros++;
            TU_CHECK(vccd_ball_is0(p) && P.lo == 0.0 && P.hi == 0.0, "case %ld: a product with 0 is not exactly 0",
                     it);
        }
        for (int j = 0; j < 4; j++) {
            mpfr_clear_inexflag();
            pick(x, a, j < 2 ? j : 2);
            pick(y, b, j == 0 ? 1 : j == 1 ? 0 : 2);
            mpfr_add(z, x, y, MPFR_RNDN);
            TU_CHECK(holds(S, z), "case %ld (%s): (%a +- %a) + (%a +- %a) = [%a, %a] misses %s", it, mode_name[md],
                     a.m, a.r, b.m, b.r, S.lo, S.hi, tu_fmt_fr(z));
            mpfr_sub(z, x, y, MPFR_RNDN);
            TU_CHECK(holds(D, z), "case %ld (%s): (%a +- %a) - (%a +- %a) = [%a, %a] misses %s", it, mode_name[md],
                     a.m, a.r, b.m, b.r, D.lo, D.hi, tu_fmt_fr(z));
            mpfr_mul(z, x, y, MPFR_RNDN);
            TU_CHECK(holds(P, z), "case %ld (%s): (%a +- %a) (%a +- %a) = [%a, %a] misses %s", it, mode_name[md],
                     a.m, a.r, b.m, b.r, P.lo, P.hi, tu_fmt_fr(z));
            TU_CHECK(!mpfr_inexflag_p(), "case %ld: the reference is not exact at %d bits", it, 2 * PR);
            checked += 3;
        }
    }
    printf("ball: %ld sums, differences and products checked against exact MPFR values (%ld with an exact 0)\n",
           checked, zeros);
    TU_CHECK(zeros > 0, "no exact zero drawn");
    mpfr_clears(x, y, z, (mpfr_ptr)0);
}
END_TEST

/* Chains: ((a b) c) d and sums of such products, as the cubic's
   coefficients are made, each reference a product of exact choices. */
START_TEST(test_chains)
{
    long n = tu_iters(50000), checked = 0;
    mpfr_t x[4], z, w;
    for (int i = 0; i < 4; i++)
        mpfr_init2(x[i], 4 * PR);
    mpfr_inits2(4 * PR, z, w, (mpfr_ptr)0);
    for (long it = 0; it < n; it++) {
        vccd_ball a[4];
        vccd_di P, Q;
        for (int i = 0; i < 4; i++)
            a[i] = rand_ball();
        chains_in(modes[it % 4], a, &P, &Q);
        for (int j = 0; j < 3; j++) {
            mpfr_clear_inexflag();
            for (int i = 0; i < 4; i++)
                pick(x[i], a[i], j == 2 ? 2 : (i + j) % 2);
            mpfr_mul(z, x[0], x[1], MPFR_RNDN);
            mpfr_mul(w, x[2], x[3], MPFR_RNDN);
            mpfr_sub(w, z, w, MPFR_RNDN);
            mpfr_mul(z, z, x[2], MPFR_RNDN);
            mpfr_mul(z, z, x[3], MPFR_RNDN);
            TU_CHECK(!mpfr_inexflag_p(), "case %ld: the reference is not exact", it);
            TU_CHECK(holds(P, z), "case %ld: a product of four = [%a, %a] misses %s", it, P.lo, P.hi, tu_fmt_fr(z));
            TU_CHECK(holds(Q, w), "case %ld: ab - cd = [%a, %a] misses %s", it, Q.lo, Q.hi, tu_fmt_fr(w));
            checked += 2;
        }
    }
    printf("ball: %ld chained products and differences of products checked\n", checked);
    for (int i = 0; i < 4; i++)
        mpfr_clear(x[i]);
    mpfr_clears(z, w, (mpfr_ptr)0);
}
END_TEST

/* Intervals into balls and back: the ball holds the interval; points
   stay exact; infinite or NaN ends give the whole line. */
START_TEST(test_conversions)
{
    long n = tu_iters(100000);
    for (long it = 0; it < n; it++) {
        double m = rand_scale() * rnd(-1, 1), w = it % 4 == 0 ? 0.0 : rand_scale() * tu_unit();
        double lo = it % 3 == 0 ? m - w : m, hi = m + w;
        vccd_di a, b;
        vccd_ball c;
        if (it % 97 == 0)
            lo = -INFINITY;
        if (it % 89 == 0)
            hi = NAN;
        if (!(lo <= hi))
            hi = lo;
        a = vccd_di_set_2d(lo, hi);
        convert_in(modes[it % 4], a, &c, &b);
        TU_CHECK(b.lo <= a.lo && b.hi >= a.hi, "case %ld: [%a, %a] as a ball gives [%a, %a]", it, a.lo, a.hi, b.lo,
                 b.hi);
        if (a.lo == a.hi && isfinite(a.lo))
            TU_CHECK(b.lo == a.lo && b.hi == a.hi && c.r == 0.0, "case %ld: the point %a is not kept exact", it,
                     a.lo);
    }
    for (int md = 0; md < 4; md++) {
        /* an overflow, alone and cancelled by a difference: 1e300^2, and
           1e300^2 - (1e300 (1 - 2^-52))^2, whose true value is 2^-51
           1e600 */
        vccd_ball big[4] = { { 1e300, 0.0 }, { 1e300, 0.0 }, { 1e300 * (1 - 0x1p-52), 0.0 },
                             { 1e300 * (1 - 0x1p-52), 0.0 } }, c;
        vccd_di P, Q, R;
        chains_in(modes[md], big, &P, &Q);
        convert_in(modes[md], vccd_di_set_2d(NAN, NAN), &c, &R);
        TU_CHECK(Q.lo == -INFINITY && Q.hi == INFINITY, "%s: 1e300^2 - (1e300 - 1 ulp)^2 gives [%a, %a], not the "
                 "whole line", mode_name[md], Q.lo, Q.hi);
        TU_CHECK(P.lo == -INFINITY && P.hi == INFINITY, "%s: a product of four 1e300 gives [%a, %a], not the whole "
                 "line", mode_name[md], P.lo, P.hi);
        TU_CHECK(R.lo == -INFINITY && R.hi == INFINITY, "%s: a NaN interval gives [%a, %a]", mode_name[md], R.lo,
                 R.hi);
    }
}
END_TEST

int
main(void)
{
    const TTest *tests[] = { test_ops, test_chains, test_conversions };
    return tu_main("ball", tests, (int)(sizeof tests / sizeof tests[0]));
}
