/* t-apriori.c -- the a priori bounds of lib/feature/apriori.h against
   MPFR.

   Three shapes: (a x b) . (c x d), the inclusion terms' (cubic.c,
   vccd_feature_cubic_terms_at: 4 factors, 7 rounded operations), and
   a . (b x c) (3 factors, 5) and a component of a x b + c x d (2
   factors, 3), within the header's limits too.  Each input is drawn from one class: exactly 0,
   a point, a few ulps wide, wider than its midpoint (holding 0), a
   midpoint of 0 with a radius, a tiny midpoint (2^-600) with a radius
   that brings it into range, just inside the range's ends 2^-200 and
   2^200, an ordinary midpoint with a radius below 2^-1060 (whose products
   underflow), or outside the range (vccd_apriori_set must then say so);
   b is sometimes nearly parallel to a, so that a x b cancels; at scales
   1, 1e-8, 3e5, 1e-59 and 1e59; a whole vector is sometimes exactly 0.
   For exact choices inside the balls (their ends and random points), the
   exact value computed in MPFR must lie in the result's interval, in
   each of the four rounding modes; a value with an exactly-0 factor in
   every monomial must be the exact ball {0, 0}. */
#include <fenv.h>
#include <float.h>
#include <math.h>
#include <stdio.h>

#include "feature/apriori.h"
#include "ball_pick.h"
#include "testutil.h"

#define PR 8000

static const int modes[4] = { FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO };
static const char *const mode_name[4] = { "nearest", "up", "down", "toward zero" };

static double rnd(double lo, double hi) { return lo + (hi - lo) * tu_unit(); }

/* an input of class k (above); *in := whether it is in range */
static vccd_ball
draw(int k, int *in)
{
    /* |m| in [s/2, s]: inside the range with room (a wide ball's bound is
       at most 4 s) */
    static const double sc[] = { 1.0, 1e-8, 3e5, 1e-59, 1e59 };
    double s = sc[tu_ulong() % 5], m = s * rnd(0.5, 1) * (tu_ulong() % 2 ? 1 : -1);
    *in = 1;
    switch (k) {
    case 0: return (vccd_ball){ 0.0, 0.0 };
    case 1: return (vccd_ball){ m, 0.0 };
    case 2: return (vccd_ball){ m, fabs(m) * 0x1p-52 * tu_unit() };
    case 3: return (vccd_ball){ m, fabs(m) * rnd(1, 3) };
    case 4: return (vccd_ball){ 0.0, s * tu_unit() + 0x1p-199 };
    case 5: return (vccd_ball){ 0x1p-600 * rnd(-1, 1), 0x1p-200 };
    case 6: return tu_ulong() % 2 ? (vccd_ball){ 0x1p200 * (1 - 0x1p-40) * (tu_ulong() % 2 ? 1 : -1), 0.0 }
                                  : (vccd_ball){ 0x1p-200 * (1 + 0x1p-40) * (tu_ulong() % 2 ? 1 : -1), 0.0 };
    case 7: return (vccd_ball){ m, 0x1p-1060 * tu_unit() };    /* r r underflows */
    default:
        *in = 0;
        return (vccd_ball){ (tu_ulong() % 2 ? 1e-70 : 1e70) * rnd(0.5, 1), 0.0 };
    }
}

static void
across(vccd_apriori r[3], const vccd_apriori a[3], const vccd_apriori b[3])
{
    for (int k = 0; k < 3; k++) {
        int i = (k + 1) % 3, j = (k + 2) % 3;
        r[k] = vccd_apriori_sub(vccd_apriori_mul(a[i], b[j]), vccd_apriori_mul(a[j], b[i]));
    }
}

static vccd_apriori
adot(const vccd_apriori a[3], const vccd_apriori b[3])
{
    return vccd_apriori_add(vccd_apriori_add(vccd_apriori_mul(a[0], b[0]), vccd_apriori_mul(a[1], b[1])),
                            vccd_apriori_mul(a[2], b[2]));
}

/* The shape's value from the inputs v[0..3] (vectors), in rounding mode
   `mode`, out of line so that nothing moves across the mode changes;
   0 when an input is out of range. */
static __attribute__((noinline)) int
shape_in(int mode, int shape, const vccd_ball v[4][3], vccd_ball *r)
{
    vccd_apriori x[4][3], p[3], q[3];
    int ok = 1;
    if (fesetround(mode) != 0)
        tu_fail("fesetround(%d) failed", mode);
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++)
            ok &= vccd_apriori_set(&x[i][k], v[i][k]);
    if (ok) {
        switch (shape) {
        case 0:
            across(p, x[1], x[2]);
            *r = vccd_apriori_ball(adot(x[0], p));
            break;
        case 1:
            across(p, x[0], x[1]);
            across(q, x[2], x[3]);
            *r = vccd_apriori_ball(adot(p, q));
            break;
        default:
            across(p, x[0], x[1]);
            across(q, x[2], x[3]);
            *r = vccd_apriori_ball(vccd_apriori_add(p[0], q[0]));
            break;
        }
    }
    fesetround(FE_TONEAREST);
    return ok;
}

/* the exact cross product of exact vectors */
static void
mcross(mpfr_t r[3], mpfr_t a[3], mpfr_t b[3], mpfr_t w)
{
    for (int k = 0; k < 3; k++) {
        int i = (k + 1) % 3, j = (k + 2) % 3;
        mpfr_mul(r[k], a[i], b[j], MPFR_RNDN);
        mpfr_mul(w, a[j], b[i], MPFR_RNDN);
        mpfr_sub(r[k], r[k], w, MPFR_RNDN);
    }
}

START_TEST(test_shapes)
{
    long n = tu_iters(40000), checked = 0, zeros = 0, out = 0;
    mpfr_t x[4][3], p[3], q[3], z, w;
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++)
            mpfr_init2(x[i][k], PR);
    for (int k = 0; k < 3; k++)
        mpfr_inits2(PR, p[k], q[k], (mpfr_ptr)0);
    mpfr_inits2(PR, z, w, (mpfr_ptr)0);
    for (long it = 0; it < n; it++) {
        vccd_ball v[4][3], r = { 0.0, 0.0 };
        vccd_di R;
        int shape = (int)(it % 3), md = (int)(it / 3 % 4), in = 1, zero[4] = { 1, 1, 1, 1 }, ins[4][3];
        int k0 = (int)(tu_ulong() % 9), k1 = (int)(tu_ulong() % 9), z0 = 0;
        for (int i = 0; i < 4; i++) {
            int whole0 = tu_ulong() % 12 == 0;
            for (int k = 0; k < 3; k++) {
                int ik, c = whole0 ? 0 : tu_ulong() % 3 == 0 ? k1 : k0;
                /* out of range: rarely, so that most cases are checked */
                if (c == 8 && tu_ulong() % 4)
                    c = 1;
                v[i][k] = draw(c, &ik);
                ins[i][k] = ik;
                if (!vccd_ball_is0(v[i][k]))
                    zero[i] = 0;
            }
        }
        if (tu_ulong() % 8 == 0) {
            /* b nearly parallel to a: the cross products cancel, and the
               roundings are all the error there is */
            zero[1] = 1;
            for (int k = 0; k < 3; k++) {
                v[1][k] = (vccd_ball){ v[0][k].m * (1 + 0x1p-50 * (double)(tu_ulong() % 5)), v[0][k].r };
                ins[1][k] = ins[0][k];  /* a's range's ends have room for it */
                if (!vccd_ball_is0(v[1][k]))
                    zero[1] = 0;
            }
        }
        for (int i = 0; i < 4; i++)
            for (int k = 0; k < 3; k++)
                in &= ins[i][k];
        /* every monomial has an exactly-0 factor when a factor vector is
           all 0 (shape 2: when one of a, b and one of c, d are) */
        if (shape == 0)
            z0 = zero[0] || zero[1] || zero[2];
        else if (shape == 1)
            z0 = zero[0] || zero[1] || zero[2] || zero[3];
        else
            z0 = (zero[0] || zero[1]) && (zero[2] || zero[3]);
        if (!shape_in(modes[md], shape, (const vccd_ball(*)[3])v, &r)) {
            TU_CHECK(!in, "case %ld: every input is in range, yet one was refused", it);
            out++;
            continue;
        }
        TU_CHECK(in, "case %ld: an input out of range was taken", it);
        if (z0) {
            zeros++;
            TU_CHECK(vccd_ball_is0(r), "case %ld: every monomial has an exact 0, yet {%a, %a}", it, r.m, r.r);
        }
        R = vccd_ball_get_di(r);
        for (int j = 0; j < 3; j++) {
            mpfr_clear_inexflag();
            for (int i = 0; i < 4; i++)
                for (int k = 0; k < 3; k++)
                    ball_pick(x[i][k], v[i][k], j < 2 ? (i + k + j) % 2 : 2);
            if (shape == 0) {
                mcross(p, x[1], x[2], w);
                mpfr_set_zero(z, 1);
                for (int k = 0; k < 3; k++) {
                    mpfr_mul(w, x[0][k], p[k], MPFR_RNDN);
                    mpfr_add(z, z, w, MPFR_RNDN);
                }
            } else {
                mcross(p, x[0], x[1], w);
                mcross(q, x[2], x[3], w);
                if (shape == 1) {
                    mpfr_set_zero(z, 1);
                    for (int k = 0; k < 3; k++) {
                        mpfr_mul(w, p[k], q[k], MPFR_RNDN);
                        mpfr_add(z, z, w, MPFR_RNDN);
                    }
                } else {
                    mpfr_add(z, p[0], q[0], MPFR_RNDN);
                }
            }
            TU_CHECK(!mpfr_inexflag_p(), "case %ld: the reference is not exact at %d bits", it, PR);
            TU_CHECK(mpfr_cmp_d(z, R.lo) >= 0 && mpfr_cmp_d(z, R.hi) <= 0,
                     "case %ld (%s, shape %d, classes %d %d): [%a, %a] misses %s", it, mode_name[md], shape, k0,
                     k1, R.lo, R.hi, tu_fmt_fr(z));
            checked++;
        }
    }
    printf("apriori: %ld values of the three shapes checked against exact MPFR values (%ld exactly 0); %ld cases "
           "refused as out of range\n", checked, zeros, out);
    TU_CHECK(zeros > 0 && out > 0, "a branch is untested: %ld zeros, %ld out of range", zeros, out);
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++)
            mpfr_clear(x[i][k]);
    for (int k = 0; k < 3; k++)
        mpfr_clears(p[k], q[k], (mpfr_ptr)0);
    mpfr_clears(z, w, (mpfr_ptr)0);
}
END_TEST

int
main(void)
{
    const TTest *tests[] = { test_shapes };
    return tu_main("apriori", tests, (int)(sizeof tests / sizeof tests[0]));
}
