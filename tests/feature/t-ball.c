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
#include "ball_pick.h"
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
dot_in(int mode, const vccd_ball *a, const vccd_ball *b, int n, vccd_ball *c, vccd_di *P)
{
    if (fesetround(mode) != 0)
        tu_fail("fesetround(%d) failed", mode);
    *c = vccd_ball_dot(a, b, n);
    *P = vccd_ball_get_di(*c);
    fesetround(FE_TONEAREST);
}

static __attribute__((noinline)) void
addmul_in(int mode, vccd_ball b, vccd_ball x, vccd_ball t, vccd_ball *c, vccd_di *P)
{
    if (fesetround(mode) != 0)
        tu_fail("fesetround(%d) failed", mode);
    *c = vccd_ball_addmul(b, x, t);
    *P = vccd_ball_get_di(*c);
    fesetround(FE_TONEAREST);
}

static __attribute__((noinline)) void
horner_in(int mode, const vccd_ball *c, int d, double t, vccd_ball *h, vccd_di *P)
{
    if (fesetround(mode) != 0)
        tu_fail("fesetround(%d) failed", mode);
    *h = vccd_ball_horner(c, d, vccd_ball_horner_kind(c, d), t);
    *P = vccd_ball_get_di(*h);
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
            ball_pick(x, a, j < 2 ? j : 2);
            ball_pick(y, b, j == 0 ? 1 : j == 1 ? 0 : 2);
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
                ball_pick(x[i], a[i], j == 2 ? 2 : (i + j) % 2);
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

/* The fused dot product of 1 to 12 pairs: every exact choice of the
   operands in their balls gives a sum inside the result; the operands
   are drawn at one scale or at mixed scales (sums that cancel, tiny
   terms beside huge ones, underflowing products), with exact zeros in
   some, all or none of the products. */
START_TEST(test_dot)
{
    long n = tu_iters(60000), checked = 0, zeros = 0, inf = 0;
    mpfr_t x, y, z, w;
    mpfr_inits2(2 * PR, x, y, (mpfr_ptr)0);
    mpfr_inits2(2 * PR + 64, z, w, (mpfr_ptr)0);
    for (long it = 0; it < n; it++) {
        vccd_ball a[12], b[12], c;
        vccd_di P;
        int k = 1 + (int)(tu_ulong() % 12), md = (int)(it % 4), all0 = 1, how = (int)(it % 5);
        double sc = rand_scale();
        for (int i = 0; i < k; i++) {
            a[i] = rand_ball();
            b[i] = rand_ball();
            if (how == 0) {             /* one scale, radii of a few ulps */
                a[i] = (vccd_ball){ sc * rnd(-1, 1), 0.0 };
                b[i] = (vccd_ball){ rnd(-1, 1), tu_ulong() % 2 ? 0.0 : 0x1p-50 * tu_unit() };
            } else if (how == 1 && i > 0) {
                /* cancelling: the negation of the first product, nearly */
                a[i] = (vccd_ball){ -a[0].m * (1.0 + 0x1p-52 * (double)(tu_ulong() % 5)), a[0].r };
                b[i] = b[0];
            } else if (how == 2 && tu_ulong() % 2) {
                a[i] = (vccd_ball){ 0.0, 0.0 };
            }
            if (!vccd_ball_is0(a[i]) && !vccd_ball_is0(b[i]))
                all0 = 0;
        }
        dot_in(modes[md], a, b, k, &c, &P);
        TU_CHECK(P.lo == P.lo && P.hi == P.hi, "case %ld (%s): a NaN end", it, mode_name[md]);
        if (all0) {
            zeros++;
            TU_CHECK(vccd_ball_is0(c), "case %ld: every product has an exact 0 factor, yet the dot is {%a, %a}",
                     it, c.m, c.r);
        }
        if (P.lo == -INFINITY && P.hi == INFINITY) {
            inf++;
            continue;
        }
        for (int j = 0; j < 3; j++) {
            mpfr_set_zero(z, 1);
            mpfr_clear_inexflag();
            for (int i = 0; i < k; i++) {
                ball_pick(x, a[i], j < 2 ? (i + j) % 2 : 2);
                ball_pick(y, b[i], j < 2 ? (i + j + 1) % 2 : 2);
                mpfr_mul(w, x, y, MPFR_RNDN);
                mpfr_add(z, z, w, MPFR_RNDN);
            }
            TU_CHECK(!mpfr_inexflag_p(), "case %ld: the reference is not exact", it);
            TU_CHECK(holds(P, z), "case %ld (%s): a dot of %d = [%a, %a] misses %s (a0 = %a +- %a, b0 = %a +- %a)",
                     it, mode_name[md], k, P.lo, P.hi, tu_fmt_fr(z), a[0].m, a[0].r, b[0].m, b[0].r);
            checked++;
        }
    }
    printf("ball: %ld dot products of 1 to 12 checked (%ld exactly 0, %ld the whole line)\n", checked, zeros, inf);
    TU_CHECK(zeros > 0, "no exact zero drawn");
    mpfr_clears(x, y, z, w, (mpfr_ptr)0);
}
END_TEST

/* b + x t, as a vector's point at a time is made: each exact choice in
   the three balls gives a value inside; an exact 0 for x or t gives b
   itself. */
START_TEST(test_addmul)
{
    long n = tu_iters(200000), checked = 0, same = 0;
    mpfr_t x, y, z, w;
    mpfr_inits2(2 * PR, x, y, z, (mpfr_ptr)0);
    mpfr_init2(w, 4 * PR);
    for (long it = 0; it < n; it++) {
        vccd_ball b = rand_ball(), v = rand_ball(), t = rand_ball(), c;
        vccd_di P;
        int md = (int)(it % 4);
        if (it % 3 == 0)                /* a time in [0, 1], a few ulps wide */
            t = (vccd_ball){ tu_unit(), it % 2 ? 0.0 : 0x1p-52 * tu_unit() };
        else if (it % 7 == 1)           /* b + p past DBL_MAX, or back from it */
            b.m = DBL_MAX * rnd(-1, 1);
        else if (it % 7 == 2)           /* |p| in [2^1020, DBL_MAX) */
            v = (vccd_ball){ 0x1p1021 * rnd(-1, 1), 0.0 }, t = (vccd_ball){ rnd(-1.5, 1.5), 0.0 };
        else if (it % 11 == 3)          /* an overflowed operand upstream */
            v = (vccd_ball){ it % 2 ? NAN : INFINITY, INFINITY };
        addmul_in(modes[md], b, v, t, &c, &P);
        TU_CHECK(P.lo == P.lo && P.hi == P.hi, "case %ld (%s): a NaN end", it, mode_name[md]);
        if (vccd_ball_is0(v) || vccd_ball_is0(t)) {
            same++;
            TU_CHECK(c.m == b.m && c.r == b.r, "case %ld: b + 0 t is not b", it);
        }
        if (P.lo == -INFINITY && P.hi == INFINITY)
            continue;
        for (int j = 0; j < 4; j++) {
            mpfr_clear_inexflag();
            ball_pick(x, v, j < 2 ? j : 2);
            ball_pick(y, t, j == 0 ? 1 : j == 1 ? 0 : 2);
            ball_pick(z, b, j == 3 ? 2 : j % 2);
            mpfr_mul(w, x, y, MPFR_RNDN);
            mpfr_add(w, w, z, MPFR_RNDN);
            TU_CHECK(!mpfr_inexflag_p(), "case %ld: the reference is not exact", it);
            TU_CHECK(holds(P, w), "case %ld (%s): (%a +- %a) + (%a +- %a) (%a +- %a) = [%a, %a] misses %s", it,
                     mode_name[md], b.m, b.r, v.m, v.r, t.m, t.r, P.lo, P.hi, tu_fmt_fr(w));
            checked++;
        }
    }
    printf("ball: %ld b + x t checked (%ld with an exact 0 for x or t)\n", checked, same);
    TU_CHECK(same > 0, "no exact zero drawn");
    mpfr_clears(x, y, z, w, (mpfr_ptr)0);
}
END_TEST

/* Horner's rule at a point, degrees 1 to 4: coefficients from
   rand_ball (any scale, exact zeros, radii of 0, of a few ulps, wider
   than the midpoint), midpoints up to 2^1020 (past the 2^1016 where the
   radius becomes infinite), points (radius 0, so that only the running
   bound of the roundings covers them), points just below 2^1016 (the
   last that take the running bound), (t - rho)^d expanded, at or next to
   rho (cancelling: every rounding counts); t = 0, +-1, ordinary,
   subnormal, tiny, just above 1, large, 1e100, and NaN and inf.  Every
   case runs in every rounding mode.  Every exact choice must be inside;
   t = 0 gives c_0 itself, all-zero coefficients exactly 0. */
START_TEST(test_horner)
{
    static const double ts[] = { 0.0, 1.0, -1.0, 0x1p-1070, 1e-300, 1e-8, 1.0 + 0x1p-52, 3.0, 1e3, 1e100 };
    long n = tu_iters(100000), checked = 0, whole = 0;
    mpfr_t x, y, z;
    mpfr_inits2(12000, x, y, z, (mpfr_ptr)0);
    for (long it = 0; it < n; it++) {
        vccd_ball c[5], h;
        vccd_di P;
        /* every kind of case in every mode */
        int d = 1 + (int)(tu_ulong() % 4), md = (int)(it % 4), how = (int)(it / 4 % 6);
        double t = it % 3 == 0 ? rnd(-1, 1) : ts[tu_ulong() % (sizeof ts / sizeof ts[0])] * (tu_ulong() % 2 ? -1 : 1);
        double rho = rnd(0.25, 1), bin[5][5] = { { 1 }, { -1, 1 }, { 1, -2, 1 }, { -1, 3, -3, 1 }, { 1, -4, 6, -4, 1 } };
        if (how == 5)                   /* at or next to the root */
            t = it % 2 ? rho : rho * (1 + 0x1p-40 * rnd(-1, 1));
        for (int k = 0; k <= d; k++) {
            c[k] = rand_ball();
            if (how == 1)
                c[k].r = 0.0;                               /* points */
            else if (how == 2 && k == d)
                c[k].m = 0x1p1019 * rnd(-1, 1);             /* past 2^1016 */
            else if (how == 3)
                c[k] = (vccd_ball){ 0.0, 0.0 };
            else if (how == 4)                              /* points just below 2^1016 */
                c[k] = (vccd_ball){ ldexp(rnd(-1, 1), 1000 + (int)(tu_ulong() % 16)), 0.0 };
            else if (how == 5)                              /* (t - rho)^d: cancels near rho */
                c[k] = (vccd_ball){ bin[d][k] * pow(rho, d - k), 0.0 };
        }
        horner_in(modes[md], c, d, t, &h, &P);
        TU_CHECK(P.lo == P.lo && P.hi == P.hi, "case %ld (%s): a NaN end", it, mode_name[md]);
        if (t == 0.0)
            TU_CHECK(h.m == c[0].m && h.r == c[0].r, "case %ld: at t = 0 the value is not c_0", it);
        if (how == 3)
            TU_CHECK(vccd_ball_is0(h), "case %ld: all coefficients exactly 0, yet {%a, %a}", it, h.m, h.r);
        if (P.lo == -INFINITY && P.hi == INFINITY) {
            whole++;
            continue;
        }
        for (int j = 0; j < 3; j++) {
            /* sum c_k t^k, Horner's rule exactly */
            mpfr_clear_inexflag();
            ball_pick(z, c[d], j < 2 ? j : 2);
            for (int k = d - 1; k >= 0; k--) {
                mpfr_mul_d(z, z, t, MPFR_RNDN);
                ball_pick(y, c[k], j < 2 ? (j + k) % 2 : 2);
                mpfr_add(z, z, y, MPFR_RNDN);
            }
            TU_CHECK(!mpfr_inexflag_p(), "case %ld: the reference is not exact", it);
            TU_CHECK(holds(P, z), "case %ld (%s): degree %d at t = %a: [%a, %a] misses %s (c_d = %a +- %a)", it,
                     mode_name[md], d, t, P.lo, P.hi, tu_fmt_fr(z), c[d].m, c[d].r);
            checked++;
        }
    }
    /* a NaN or infinite t: the whole line, or exactly 0 for a polynomial
       that is */
    for (int md = 0; md < 4; md++)
        for (int j = 0; j < 4; j++) {
            vccd_ball c[4] = { { 1.0, 0.0 }, { -2.0, 0x1p-52 }, { 0.5, 0.0 }, { 3.0, 0.0 } }, h;
            vccd_di P;
            double t = j % 2 ? NAN : INFINITY;
            if (j >= 2)
                for (int k = 0; k < 4; k++)
                    c[k] = (vccd_ball){ 0.0, 0.0 };
            horner_in(modes[md], c, 3, t, &h, &P);
            if (j >= 2)
                TU_CHECK(vccd_ball_is0(h), "%s: the zero polynomial at %g is {%a, %a}", mode_name[md], t, h.m, h.r);
            else
                TU_CHECK(P.lo == -INFINITY && P.hi == INFINITY, "%s: at t = %g, [%a, %a]", mode_name[md], t, P.lo,
                         P.hi);
        }
    printf("ball: %ld Horner values checked (%ld the whole line)\n", checked, whole);
    mpfr_clears(x, y, z, (mpfr_ptr)0);
}
END_TEST

/* The worst case of the dot product's summation bound: n equal products
   just above a power of 2, each product and each partial sum rounded
   the same way (up or down), so that the errors add to about n^2 / 2
   ulps, which a bound of n 2u P covers and one of 2u P would not. */
START_TEST(test_dot_worst)
{
    mpfr_t z, p;
    mpfr_inits2(400, z, p, (mpfr_ptr)0);
    for (int md = 0; md < 4; md++)
        for (int n = 2; n <= 12; n++) {
            vccd_ball a[12], b[12], c;
            vccd_di P;
            for (int i = 0; i < n; i++) {
                a[i] = (vccd_ball){ 1.0 + 3 * 0x1p-52, 0.0 };
                b[i] = (vccd_ball){ 1.0 + 5 * 0x1p-52, 0.0 };
            }
            dot_in(modes[md], a, b, n, &c, &P);
            mpfr_set_d(p, a[0].m, MPFR_RNDN);
            mpfr_mul_d(p, p, b[0].m, MPFR_RNDN);
            mpfr_mul_ui(z, p, (unsigned long)n, MPFR_RNDN);
            TU_CHECK(holds(P, z), "%s: %d equal products: [%a, %a] misses %s", mode_name[md], n, P.lo, P.hi,
                     tu_fmt_fr(z));
        }
    mpfr_clears(z, p, (mpfr_ptr)0);
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
        /* the same through the fused dot: 1e300 1e300 - (1e300 - 1 ulp)^2,
           and DBL_MAX + DBL_MAX - DBL_MAX, which saturates in a directed
           mode before the last term brings it back */
        {
            vccd_ball p[3] = { big[0], big[2], { DBL_MAX, 0.0 } },
                      q[3] = { big[1], vccd_ball_neg(big[3]), { 1.0, 0.0 } }, u[3] = { { DBL_MAX, 0.0 },
                      { DBL_MAX, 0.0 }, { -DBL_MAX, 0.0 } }, one[3] = { { 1.0, 0.0 }, { 1.0, 0.0 }, { 1.0, 0.0 } };
            vccd_di S;
            dot_in(modes[md], p, q, 2, &c, &S);
            TU_CHECK(S.lo == -INFINITY && S.hi == INFINITY, "%s: a dot overflowing gives [%a, %a]", mode_name[md],
                     S.lo, S.hi);
            dot_in(modes[md], u, one, 3, &c, &S);
            TU_CHECK(S.lo == -INFINITY && S.hi == INFINITY, "%s: DBL_MAX + DBL_MAX - DBL_MAX as a dot gives [%a, %a]",
                     mode_name[md], S.lo, S.hi);
            /* an overflowed operand upstream ({NaN, inf}, {inf, inf}):
               never an exact 0, always the whole line */
            p[0] = (vccd_ball){ NAN, INFINITY };
            p[1] = (vccd_ball){ INFINITY, INFINITY };
            q[0] = q[1] = (vccd_ball){ 1e300, 0.0 };
            for (int k = 0; k < 4; k++) {
                dot_in(modes[md], k < 2 ? p + k : q, k < 2 ? q : p + k - 2, 1, &c, &S);
                TU_CHECK(!vccd_ball_is0(c) && S.lo == -INFINITY && S.hi == INFINITY,
                         "%s: an overflowed operand in a dot gives {%a, %a}", mode_name[md], c.m, c.r);
            }
        }
    }
}
END_TEST

int
main(void)
{
    const TTest *tests[] = { test_ops, test_chains, test_dot, test_dot_worst, test_addmul, test_horner, test_conversions };
    return tu_main("ball", tests, (int)(sizeof tests / sizeof tests[0]));
}
