/* ball_pick.h -- for the tests of lib/feature's balls (t-ball.c,
   t-apriori.c): exact reals inside a ball. */
#ifndef VCCD_TESTS_BALL_PICK_H
#define VCCD_TESTS_BALL_PICK_H

#include <mpfr.h>

#include "feature/ball.h"
#include "testutil.h"

/* x := an exact real in ball a: an end (j = 0, 1) or a random point
   (x's precision must hold a.m + th a.r exactly for a double th) */
static inline void
ball_pick(mpfr_t x, vccd_ball a, int j)
{
    double th = j == 0 ? -1.0 : j == 1 ? 1.0 : -1.0 + 2.0 * tu_unit();
    mpfr_set_d(x, a.r, MPFR_RNDN);
    mpfr_mul_d(x, x, th, MPFR_RNDN);
    mpfr_add_d(x, x, a.m, MPFR_RNDN);
}

#endif
