/* t-cubic.c -- the coplanarity cubic of a pair on straight lines
   (lib/feature/cubic.c) against MPFR.

   u, e1, e2 are random interval vectors (points, narrow and wide
   intervals, most wide ones containing zero), at adversarial scales
   (1e-150 .. 1e150, 1e+-60, and mixed), with degenerate cases: zero
   slopes (a pair at rest, whose n1, n2, c1 .. c3 must be exactly 0),
   parallel slopes, coplanar bases.  For random exact choices inside the
   enclosures, the exact cubic
       s(t) = (u0 + t du) . ((e10 + t de1) x (e20 + t de2))
   is expanded in MPFR at 4400 bits (9000 for the terms: exact for doubles
   in this range, MPFR's inexact flag is checked) and
   every enclosed coefficient must hold the exact one; each jet over a
   random box T (zero width, [0, 1], tiny, ordinary) must hold s, s', s''
   at T's ends and at random times inside.  Both branches of the jet are
   counted (the box's Horner value, and the hull of the ends where a
   derivative has no zero), so neither goes untested.  An overflowing
   pair must still give an enclosure (infinite ends), never NaN.  The
   library runs in each of the four rounding modes in turn. */
#include <fenv.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "feature/cubic.h"
#include "testutil.h"

#define PR 4400

static double rnd(double lo, double hi) { return lo + (hi - lo) * tu_unit(); }

/* The library's calls run in each rounding mode in turn (the library
   keeps none, di.h; ball.h's overflows saturate in the directed ones);
   the test's own arithmetic and MPFR's references in round to nearest. */
static const int modes[4] = { FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO };

static void
lib_mode(long it)
{
    if (fesetround(modes[it % 4]) != 0)
        tu_fail("fesetround failed");
}

/* A random interval around x, of relative width w (0: the point). */
static vccd_di
around(double x, double w)
{
    double h = fabs(x) * w;
    if (w == 0.0)
        return vccd_di_set_d(x);
    return vccd_di_set_2d(x - h * tu_unit(), x + h * tu_unit());
}

/* r := exact s^(k)(t) of the polynomial with the MPFR coefficients c */
static void
exact_jet(mpfr_t r, mpfr_t c[4], int k, double t)
{
    static const int f[3][4] = { { 1, 1, 1, 1 }, { 0, 1, 2, 3 }, { 0, 0, 2, 6 } };
    mpfr_t x, p;
    mpfr_inits2(PR, x, p, (mpfr_ptr)0);
    mpfr_set_zero(r, 1);
    for (int i = k; i < 4; i++) {
        /* f[k][i] c_i t^(i-k) */
        mpfr_set_d(p, t, MPFR_RNDN);
        mpfr_pow_ui(p, p, (unsigned long)(i - k), MPFR_RNDN);
        mpfr_mul(x, c[i], p, MPFR_RNDN);
        mpfr_mul_ui(x, x, (unsigned long)f[k][i], MPFR_RNDN);
        mpfr_add(r, r, x, MPFR_RNDN);
    }
    mpfr_clears(x, p, (mpfr_ptr)0);
}

/* Does the binary64 interval a hold the exact x?  (An overflow gives
   [DBL_MAX, inf] or the whole line, never NaN: a NaN end fails.) */
static int
holds(vccd_di a, mpfr_t x)
{
    return mpfr_cmp_d(x, a.lo) >= 0 && mpfr_cmp_d(x, a.hi) <= 0 && !isnan(a.lo) && !isnan(a.hi);
}

START_TEST(test_cubic)
{
    /* 1e-60 and 1e60: more scales between the ordinary ones and the
       extreme ones */
    static const double scales[] = { 1.0, 1e-150, 1e150, 1e-8, 3e5, 1e-60, 1e60, 0.0 };
    long n = tu_iters(3000), checked = 0, by_ends = 0, by_box = 0, nans = 0, zeros = 0;
    mpfr_t c[4], v[3][2][3], x, y;
    for (int k = 0; k < 4; k++)
        mpfr_init2(c[k], PR);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 2; j++)
            for (int k = 0; k < 3; k++)
                mpfr_init2(v[i][j][k], PR);
    mpfr_inits2(PR, x, y, (mpfr_ptr)0);

    for (long it = 0; it < n; it++) {
        vccd_di_vec3 base[3], slope[3];
        vccd_feature_cubic q;
        /* widths: points, 1e-3, 1e-15, and 3 (most such intervals hold
           0, some with a midpoint near 0) */
        double sc = scales[it % 8], w = it % 5 == 0 ? 0.0 : it % 5 == 1 ? 1e-3 : it % 5 == 2 ? 3.0 : 1e-15;
        int kind = (int)(it / 8 % 5);    /* 0 generic, 1 rest, 2 parallel slopes, 3 coplanar, 4 overflow */
        /* scale 0: each vector at its own scale */
        /* e1 and e2 first: u may be made coplanar with them */
        for (int ii = 0; ii < 3; ii++) {
            int i = (ii + 1) % 3;
            double s = sc > 0.0 ? sc : scales[tu_ulong() % 7];
            for (int k = 0; k < 3; k++) {
                double x0 = s * rnd(-1, 1), d = s * rnd(-1, 1);
                if (kind == 1)
                    d = 0.0;
                if (kind == 2 && i == 2)
                    d = vccd_di_mid(slope[1].c[k]) * 0.5;
                if (kind == 3 && i == 0)
                    x0 = 0.25 * vccd_di_mid(base[1].c[k]) + 0.5 * vccd_di_mid(base[2].c[k]);
                if (kind == 4) {
                    x0 = 1e300 * rnd(-1, 1);
                    d = 1e300 * rnd(-1, 1);
                }
                base[i].c[k] = around(x0, w);
                slope[i].c[k] = kind == 1 ? vccd_di_set_d(0.0) : around(d, w);
            }
        }
        lib_mode(it);
        vccd_feature_cubic_init(&q, base, slope);
        fesetround(FE_TONEAREST);
        if (kind == 1) {
            /* at rest: n1, n2 and c1 .. c3 are exactly 0, whichever way
               they were made (the root finder reads an exact 0) */
            zeros++;
            for (int k = 0; k < 3; k++)
                TU_CHECK(vccd_ball_is0(q.nb[1].c[k]) && vccd_ball_is0(q.nb[2].c[k]), "case %ld: at rest, n1 or n2 "
                         "is not exactly 0", it);
            for (int k = 1; k < 4; k++)
                TU_CHECK(q.c[k].lo == 0.0 && q.c[k].hi == 0.0 && vccd_ball_is0(q.h0[k]), "case %ld: at rest, c%d = "
                         "[%a, %a] is not exactly 0", it, k, q.c[k].lo, q.c[k].hi);
        }
        /* two exact choices inside the enclosures (the first: the ends) */
        for (int ch = 0; ch < 2; ch++) {
            for (int i = 0; i < 3; i++)
                for (int k = 0; k < 3; k++) {
                    mpfr_set_d(v[i][0][k], ch ? tu_point_in(base[i].c[k]) : base[i].c[k].lo, MPFR_RNDN);
                    mpfr_set_d(v[i][1][k], ch ? tu_point_in(slope[i].c[k]) : slope[i].c[k].hi, MPFR_RNDN);
                }
            mpfr_clear_inexflag();
            /* n_j = coefficients of e1 x e2; c_k = sum u_i . n_j (i + j = k) */
            for (int k = 0; k < 4; k++)
                mpfr_set_zero(c[k], 1);
            for (int ui = 0; ui < 2; ui++)
                for (int p = 0; p < 2; p++)
                    for (int r = 0; r < 2; r++) {
                        /* u^(ui) . (e1^(p) x e2^(r)) adds to c[ui + p + r] */
                        for (int k = 0; k < 3; k++) {
                            int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
                            mpfr_mul(x, v[1][p][k1], v[2][r][k2], MPFR_RNDN);
                            mpfr_mul(y, v[1][p][k2], v[2][r][k1], MPFR_RNDN);
                            mpfr_sub(x, x, y, MPFR_RNDN);
                            mpfr_mul(x, x, v[0][ui][k], MPFR_RNDN);
                            mpfr_add(c[ui + p + r], c[ui + p + r], x, MPFR_RNDN);
                        }
                    }
            TU_CHECK(!mpfr_inexflag_p(), "case %ld: the reference coefficients are not exact at %d bits", it, PR);
            for (int k = 0; k < 4; k++) {
                TU_CHECK(holds(q.c[k], c[k]), "case %ld (kind %d, scale %g): c%d = [%a, %a] misses %s", it, kind, sc,
                         k, q.c[k].lo, q.c[k].hi, tu_fmt_fr(c[k]));
                checked++;
            }
            for (int bx = 0; bx < 4; bx++) {
                double t0 = tu_unit(), t1;
                vccd_di t, s[3];
                switch (bx) {
                case 0: t1 = t0; break;                                 /* a point */
                case 1: t0 = 0.0; t1 = 1.0; break;                      /* the step */
                case 2: t1 = fmin(1.0, t0 + 1e-9 * tu_unit()); break;   /* tiny */
                default: t1 = t0 + (1.0 - t0) * tu_unit(); break;
                }
                t = vccd_di_set_2d(t0, t1);
                lib_mode(it + bx);
                vccd_feature_cubic_jet(s, &q, t, 2);
                fesetround(FE_TONEAREST);
                if (t0 < t1) {
                    vccd_di d2 = s[2];
                    int mono = (d2.lo > 0.0 || d2.hi < 0.0) || (s[1].lo > 0.0 || s[1].hi < 0.0);
                    by_ends += mono;
                    by_box += !mono;
                }
                nans += isnan(s[0].lo) || isnan(s[0].hi);
                for (int j = 0; j < 5; j++) {
                    double tt = j == 0 ? t0 : j == 1 ? t1 : t0 + (t1 - t0) * tu_unit();
                    if (tt > t1)
                        tt = t1;
                    for (int k = 0; k < 3; k++) {
                        mpfr_clear_inexflag();
                        exact_jet(x, c, k, tt);
                        TU_CHECK(!mpfr_inexflag_p(), "case %ld: s^(%d) at %a is not exact at %d bits", it, k, tt, PR);
                        TU_CHECK(holds(s[k], x), "case %ld (kind %d, scale %g): s^(%d) over [%a, %a] = [%a, %a] "
                                 "misses %s at t = %a", it, kind, sc, k, t0, t1, s[k].lo, s[k].hi, tu_fmt_fr(x), tt);
                        checked++;
                    }
                }
            }
        }
    }
    printf("cubic: %ld enclosures checked against exact MPFR values; boxes decided by their ends %ld, by Horner over "
           "the box %ld\n", checked, by_ends, by_box);
    TU_CHECK(zeros > n / 10, "only %ld pairs at rest", zeros);
    TU_CHECK(nans == 0, "%ld jets with a NaN end", nans);
    TU_CHECK(by_ends > n / 10 && by_box > n / 10, "a branch of the jet is barely tested: %ld by the ends, %ld by the "
             "box", by_ends, by_box);
    for (int k = 0; k < 4; k++)
        mpfr_clear(c[k]);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 2; j++)
            for (int k = 0; k < 3; k++)
                mpfr_clear(v[i][j][k]);
    mpfr_clears(x, y, (mpfr_ptr)0);
}
END_TEST

/* The terms' reference precision: products of four differences of
   coordinates 1e300 apart in scale need about 4 x 1,050 bits, and the
   times' powers more. */
#define PRT 9000

/* r := (a x b) . n for exact MPFR vectors */
static void
triple(mpfr_t r, mpfr_t a[3], mpfr_t b[3], mpfr_t n[3])
{
    mpfr_t x, y;
    mpfr_inits2(PRT, x, y, (mpfr_ptr)0);
    mpfr_set_zero(r, 1);
    for (int k = 0; k < 3; k++) {
        int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
        mpfr_mul(x, a[k1], b[k2], MPFR_RNDN);
        mpfr_mul(y, a[k2], b[k1], MPFR_RNDN);
        mpfr_sub(x, x, y, MPFR_RNDN);
        mpfr_mul(x, x, n[k], MPFR_RNDN);
        mpfr_add(r, r, x, MPFR_RNDN);
    }
    mpfr_clears(x, y, (mpfr_ptr)0);
}

/* The inclusion terms' polynomials (vccd_feature_cubic_terms) over
   random boxes against feature_impl.h's expressions evaluated exactly
   at the positions x_i(t) = x0_i + t d_i of exact choices inside the
   points' enclosures: vertex-face (p, a, b, c) and edge-edge (a, b, c,
   d), at the scales and widths of test_cubic (each point at its own
   scale, too) and past 1e300, with points at rest and sharing slopes
   (the exact zeros kept exact).  Each exact slope is drawn from
   its own enclosure: shared point slopes are then the same number. */
START_TEST(test_terms)
{
    static const double scales[] = { 1.0, 1e-150, 1e150, 1e-8, 3e5, 0.0 };
    long n = tu_iters(2000), checked = 0, checked_at = 0;
    mpfr_t X[4][3], e1[3], e2[3], w[3], g[3], h[3], nv[3], ref[5], tmp;
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++)
            mpfr_init2(X[i][k], PRT);
    for (int k = 0; k < 3; k++)
        mpfr_inits2(PRT, e1[k], e2[k], w[k], g[k], h[k], nv[k], (mpfr_ptr)0);
    for (int k = 0; k < 5; k++)
        mpfr_init2(ref[k], PRT);
    mpfr_init2(tmp, PRT);
    for (long it = 0; it < n; it++) {
        int kind = (int)(it % 2), shared = it % 5 == 1, rest = it % 7 == 3, over = it % 11 == 5;
        double sc = scales[it / 2 % 6], wd = it % 3 == 0 ? 0.0 : it % 3 == 1 ? 1e-14 : 1e-3;
        vccd_di_vec3 base[4], slope[4], ub[3], us[3];
        vccd_feature_cubic q;
        static const int vp[2][3][2] = { { { 1, 0 }, { 1, 2 }, { 1, 3 } }, { { 0, 2 }, { 0, 1 }, { 2, 3 } } };
        for (int i = 0; i < 4; i++) {
            /* scale 0: each point at its own scale; over: past 1e300 */
            double si = over ? 1e300 : sc > 0.0 ? sc : scales[tu_ulong() % 5];
            for (int k = 0; k < 3; k++) {
                base[i].c[k] = around(si * rnd(-1, 1), wd);
                slope[i].c[k] = rest ? vccd_di_set_d(0.0)
                                : shared && i > 0 ? slope[0].c[k] : around(si * rnd(-1, 1), wd);
            }
        }
        /* u, e1, e2 as feature.c hands them (kind's point pairs) */
        for (int v = 0; v < 3; v++) {
            vccd_feature_cubic_sub(&ub[v], &base[vp[kind][v][1]], &base[vp[kind][v][0]]);
            vccd_feature_cubic_sub(&us[v], &slope[vp[kind][v][1]], &slope[vp[kind][v][0]]);
        }
        lib_mode(it);
        vccd_feature_cubic_init(&q, ub, us);
        vccd_feature_cubic_terms_init(&q, kind, base, slope);
        fesetround(FE_TONEAREST);
        for (int bx = 0; bx < 3; bx++) {
            double t0 = tu_unit(), t1 = bx == 0 ? t0 : bx == 1 ? fmin(1.0, t0 + 1e-6 * tu_unit()) : t0 + (1 - t0) * tu_unit();
            vccd_di qt[4], nn, qa[4], na;
            int nq, nqa;
            lib_mode(it + bx);
            nq = vccd_feature_cubic_terms(qt, &nn, &q, vccd_di_set_2d(t0, t1));
            /* and the same terms from the vectors (terms_at), against the
               same references */
            nqa = vccd_feature_cubic_terms_at(qa, &na, &q, kind, vccd_di_set_2d(t0, t1));
            fesetround(FE_TONEAREST);
            TU_CHECK(nq == (kind ? 4 : 3) && nqa == nq, "%d and %d terms for kind %d", nq, nqa, kind);
            for (int j = 0; j < 3; j++) {
                double tt = j == 0 ? t0 : j == 1 ? t1 : t0 + (t1 - t0) * tu_unit();
                if (tt > t1)
                    tt = t1;
                mpfr_clear_inexflag();
                /* exact positions at tt of exact choices (the ends of the
                   enclosures, or points inside) */
                for (int i = 0; i < 4; i++)
                    for (int k = 0; k < 3; k++) {
                        double b0 = j == 0 ? base[i].c[k].lo : tu_point_in(base[i].c[k]);
                        double d0 = j == 0 ? slope[i].c[k].hi : tu_point_in(slope[i].c[k]);
                        mpfr_set_d(tmp, d0, MPFR_RNDN);
                        mpfr_mul_d(tmp, tmp, tt, MPFR_RNDN);
                        mpfr_add_d(X[i][k], tmp, b0, MPFR_RNDN);
                    }
                for (int k = 0; k < 3; k++) {
                    if (kind == 0) {        /* p, a, b, c */
                        mpfr_sub(e1[k], X[2][k], X[1][k], MPFR_RNDN);
                        mpfr_sub(e2[k], X[3][k], X[1][k], MPFR_RNDN);
                        mpfr_sub(w[k], X[0][k], X[1][k], MPFR_RNDN);
                        mpfr_sub(g[k], X[2][k], X[0][k], MPFR_RNDN);
                        mpfr_sub(h[k], X[3][k], X[0][k], MPFR_RNDN);
                    } else {                /* a, b, c, d */
                        mpfr_sub(e1[k], X[1][k], X[0][k], MPFR_RNDN);
                        mpfr_sub(e2[k], X[3][k], X[2][k], MPFR_RNDN);
                        mpfr_sub(w[k], X[2][k], X[0][k], MPFR_RNDN);
                        mpfr_sub(g[k], X[1][k], X[2][k], MPFR_RNDN);
                        mpfr_sub(h[k], X[3][k], X[0][k], MPFR_RNDN);
                    }
                }
                for (int k = 0; k < 3; k++) {
                    int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
                    mpfr_mul(nv[k], e1[k1], e2[k2], MPFR_RNDN);
                    mpfr_mul(tmp, e1[k2], e2[k1], MPFR_RNDN);
                    mpfr_sub(nv[k], nv[k], tmp, MPFR_RNDN);
                }
                if (kind == 0) {
                    triple(ref[0], w, e2, nv);
                    triple(ref[1], e1, w, nv);
                    triple(ref[2], g, h, nv);
                } else {
                    triple(ref[0], w, e2, nv);
                    triple(ref[1], g, e2, nv);
                    triple(ref[2], w, e1, nv);
                    triple(ref[3], e1, h, nv);
                }
                mpfr_set_zero(ref[4], 1);
                for (int k = 0; k < 3; k++) {
                    mpfr_mul(tmp, nv[k], nv[k], MPFR_RNDN);
                    mpfr_add(ref[4], ref[4], tmp, MPFR_RNDN);
                }
                TU_CHECK(!mpfr_inexflag_p(), "case %ld: the reference terms are not exact at %d bits", it, PRT);
                /* both forms: the polynomials, and from the vectors */
                for (int form = 0; form < 2; form++) {
                    const vccd_di *q4 = form ? qa : qt, *n2 = form ? &na : &nn;
                    const char *how = form ? " from the vectors" : "";
                    for (int i = 0; i < nq; i++)
                        TU_CHECK(holds(q4[i], ref[i]), "case %ld (kind %d, scale %g%s%s): term %d%s over [%a, %a] = "
                                 "[%a, %a] misses %s at t = %a", it, kind, sc, shared ? ", shared slope" : "",
                                 rest ? ", at rest" : "", i, how, t0, t1, q4[i].lo, q4[i].hi, tu_fmt_fr(ref[i]), tt);
                    TU_CHECK(holds(*n2, ref[4]), "case %ld (kind %d, scale %g): |n|^2%s over [%a, %a] = [%a, %a] "
                             "misses %s at t = %a", it, kind, sc, how, t0, t1, n2->lo, n2->hi, tu_fmt_fr(ref[4]), tt);
                    *(form ? &checked_at : &checked) += nq + 1;
                }
            }
        }
    }
    printf("cubic: %ld inclusion terms and |n|^2 over boxes checked against their exact values (MPFR), %ld more "
           "from the vectors\n", checked, checked_at);
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++)
            mpfr_clear(X[i][k]);
    for (int k = 0; k < 3; k++)
        mpfr_clears(e1[k], e2[k], w[k], g[k], h[k], nv[k], (mpfr_ptr)0);
    for (int k = 0; k < 5; k++)
        mpfr_clear(ref[k]);
    mpfr_clear(tmp);
}
END_TEST

int
main(void)
{
    const TTest *tests[] = { test_cubic, test_terms };
    return tu_main("cubic", tests, (int)(sizeof tests / sizeof tests[0]));
}
