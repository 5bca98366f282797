/* t-plane-ball.c -- vccd_plane_ball_lower (lib/geom/plane_ball.c), the
   distance from a triangle's plane to a ball from below, against MPFR:
   random triangles and balls at adversarial scales (ordinary, near
   subnormal, huge, small features far out, features at one ulp), the
   corners and the centre given as point intervals or widened by up to
   2^-10 of the scale, the ball placed from touching the plane to far
   from it, degenerate (collinear, repeated-corner) triangles, and a
   zero radius.  For triangles with corners at the ends of the
   enclosures and the centre at an end of its box, the bound g must not
   exceed the MPFR distance from the centre to the triangle less r (at
   320 bits, compared in MPFR, rounded so that the reference only
   grows); a triangle's distance to a ball is at least that, so the
   check is the function's contract.  It must also prove something
   (g > 0) in most cases with the ball clear of the plane, or it would
   be vacuous. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "bvh/refgeom.h"
#include "vccd/plane_ball.h"

static double rnd(double lo, double hi) { return lo + (hi - lo) * tu_unit(); }

START_TEST(test_random)
{
    long n = tu_iters(4000), proved = 0, clear = 0;
    mpfr_t d2, d, r;
    mpfr_inits2(REF_PREC, d2, d, r, (mpfr_ptr)0);
    for (long it = 0; it < n; it++) {
        double scale, offset, p[4][3], w = 0.0, rad, g, nrm[3], e1[3], e2[3], nn;
        vccd_di_vec3 x[3], c;
        int kind = (int)(it % 8);
        ref_scale_random(&scale, &offset);
        for (int k = 0; k < 3; k++)
            for (int j = 0; j < 3; j++)
                p[k][j] = offset + scale * rnd(-1, 1);
        if (kind == 6)                  /* collinear */
            for (int j = 0; j < 3; j++)
                p[2][j] = p[0][j] + 0.5 * (p[1][j] - p[0][j]);
        if (kind == 7)                  /* a repeated corner */
            for (int j = 0; j < 3; j++)
                p[2][j] = p[1][j];
        /* the centre: off the plane along its normal (plain doubles:
           only where it is, not how far, matters to the check) */
        for (int j = 0; j < 3; j++) {
            e1[j] = p[1][j] - p[0][j];
            e2[j] = p[2][j] - p[0][j];
        }
        nrm[0] = e1[1] * e2[2] - e1[2] * e2[1];
        nrm[1] = e1[2] * e2[0] - e1[0] * e2[2];
        nrm[2] = e1[0] * e2[1] - e1[1] * e2[0];
        nn = sqrt(nrm[0] * nrm[0] + nrm[1] * nrm[1] + nrm[2] * nrm[2]);
        {
            double up = kind % 3 == 0 ? rnd(0, 1e-12) : kind % 3 == 1 ? rnd(0.01, 1) : rnd(1, 100), u = rnd(0, 1);
            double v = rnd(0, 1 - u);
            for (int j = 0; j < 3; j++)
                p[3][j] = p[0][j] + u * e1[j] + v * e2[j] + (nn > 0 && isfinite(nn) ? up * scale * nrm[j] / nn : 0.0)
                          + (it % 5 == 0 ? scale * rnd(-2, 2) : 0.0);
        }
        rad = it % 9 == 0 ? 0.0 : scale * rnd(0, 0.5);
        if (it % 4 == 3)
            w = scale * ldexp(1.0, -10 - (int)(tu_ulong() % 40));
        for (int k = 0; k < 4; k++) {
            vccd_di_vec3 *t = k < 3 ? &x[k] : &c;
            for (int j = 0; j < 3; j++) {
                double lo = p[k][j] - (it % 4 == 3 ? w * tu_unit() : 0.0);
                double hi = p[k][j] + (it % 4 == 3 ? w * tu_unit() : 0.0);
                t->c[j] = vccd_di_set_2d(lo, hi);
            }
        }
        g = vccd_plane_ball_lower(x, &c, rad);
        TU_CHECK(g >= 0.0 && !isnan(g), "case %ld: bound %a", it, g);
        clear += kind < 6 && kind % 3 != 0 && w == 0.0 && nn > 0 && isfinite(nn) && it % 5 != 0;
        proved += kind < 6 && kind % 3 != 0 && w == 0.0 && nn > 0 && isfinite(nn) && it % 5 != 0 && g > 0.0;
        if (!(g > 0.0))
            continue;
        /* every end choice of the corners and the centre (2^12 of them
           for widened ones: 16 sampled) */
        for (int s = 0; s < (w > 0.0 ? 16 : 1); s++) {
            rvec T[3], C;
            for (int k = 0; k < 3; k++)
                rv_init(&T[k]);
            rv_init(&C);
            for (int k = 0; k < 4; k++)
                for (int j = 0; j < 3; j++) {
                    const vccd_di *iv = k < 3 ? &x[k].c[j] : &c.c[j];
                    mpfr_set_d((k < 3 ? &T[k] : &C)->x[j], s == 0 || tu_ulong() % 2 ? iv->lo : iv->hi, MPFR_RNDN);
                }
            ref_point_tri(d2, &C, T);
            mpfr_sqrt(d, d2, MPFR_RNDU);
            mpfr_set_d(r, rad, MPFR_RNDN);
            /* the reference's own rounding (320 bits, a few dozen
               operations) is far below 2^-300 of it: grow it by that */
            mpfr_sub(d, d, r, MPFR_RNDU);
            mpfr_mul_2si(r, d, -300, MPFR_RNDU);
            mpfr_abs(r, r, MPFR_RNDU);
            mpfr_add(d, d, r, MPFR_RNDU);
            TU_CHECK(mpfr_cmp_d(d, g) >= 0, "case %ld (scale %a, width %a): bound %a above the distance %s less r %a",
                     it, scale, w, g, tu_fmt_fr(d), rad);
            for (int k = 0; k < 3; k++)
                rv_clear(&T[k]);
            rv_clear(&C);
        }
    }
    mpfr_clears(d2, d, r, (mpfr_ptr)0);
    printf("plane_ball: %ld cases, %ld of %ld clear ones proved\n", n, proved, clear);
    TU_CHECK(clear > 0 && proved * 2 > clear, "only %ld of %ld balls clear of the plane proved apart", proved, clear);
}
END_TEST

int
main(void)
{
    const TTest *tests[] = { test_random };
    return tu_main("plane-ball", tests, (int)(sizeof tests / sizeof tests[0]));
}
