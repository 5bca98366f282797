/* apriori.h -- private to lib/feature: sums of products of balls with
   one error bound per result, made a priori.  Not installed.

   Why: a chain of ball operations (ball.h) pays, at every product and
   sum, for a radius, a raise and the exact-zero and overflow tests; the
   coefficients of the coplanarity cubic and the inclusion terms of a
   pair (cubic.c) are a few dozen such operations each.  Here a value
   carries three plain doubles through the same expression, and its
   radius is made once, at the end, from the error analysis of the whole
   expression: about a third of the chain's cost.

   A value is {m, a, t}: the expression evaluated on the inputs'
   midpoints (m), on their absolute values (a), and on their bounds
   M = fl(|m| + r) (t), every difference of the expression taken as a
   sum in a and t.  For the exact inputs' expression E, a polynomial
   whose monomials have at most 4 factors, let A* and T* be the sums of
   its monomials' absolute values at |m| and at |m| + r exactly.  Then
   (Higham, "Accuracy and Stability of Numerical Algorithms", 2002, 3.1
   and 3.3, with 2u = 2^-52 per rounding in any mode):
   - m is within gamma_D A* of E at the midpoints, D the most rounded
     operations any monomial passes through (Higham's (1 + theta_j)
     (1 + theta_k) = 1 + theta_(j+k): a product of two computed values
     passes through the roundings of both);
   - E at any choice in the balls is within T* - A* of E at the
     midpoints (the multilinear expansion about the midpoints, each term
     at most its bound);
   - a and t are within D and D + 4 roundings of A* and T*, relatively
     (t's inputs took one more), and a <= t (rounding is monotone);
   so (t - a) + K t with K = 2^-46 covers both when D <= 9: 2 (D + 4) + D
   <= 35 < 64 ulps of 2^-52 of t, with room for the few roundings of
   that sum and the radius' own scaling and raise (ball.h).

   What the callers must keep (cubic.c does; each use counts its D):
   - D <= 9 and at most 4 factors per monomial;
   - every input is exactly 0 or has 2^-200 <= M <= 2^200
     (vccd_apriori_set says which);
   - every product multiplies two inputs, or is not multiplied further,
     or multiplies such a product by values that are not multiplied
     further (a x b times c x d).
   Overflow: a monomial's bound is at most 2^800, and there are few.
   Underflow: in t, none (its products of two bounds are at least
   2^-400, of all factors at least 2^-800).  In m and a a product may
   underflow where a midpoint is tiny, by at most 2^-1074; carried to
   the end it is multiplied by the other factors' values, at most their
   terms of t, while its own two factors add at least 2^-400 times those
   to t: the error is below 2^-674 of its monomial's term of t, within
   the room in K.  Every monomial that is not exactly 0 adds at least
   2^-800 to t, so a result whose t is 0 has no such monomial: it is the
   exact ball {0, 0}, as a chain of ball operations keeps it. */
#ifndef VCCD_FEATURE_APRIORI_H
#define VCCD_FEATURE_APRIORI_H

#include <math.h>

#include "ball.h"

typedef struct {
    double m, a, t;
} vccd_apriori;

#define VCCD_APRIORI_K 0x1p-46

/* *x := the input ball b; 0 when b is outside the allowed range (the
   caller then takes the chain of ball operations instead). */
static inline int
vccd_apriori_set(vccd_apriori *x, vccd_ball b)
{
    x->m = b.m;
    x->a = fabs(b.m);
    x->t = x->a + b.r;
    return (x->t >= 0x1p-200 && x->t <= 0x1p200) || vccd_ball_is0(b);
}

static inline vccd_apriori
vccd_apriori_mul(vccd_apriori x, vccd_apriori y)
{
    return (vccd_apriori){ x.m * y.m, x.a * y.a, x.t * y.t };
}

static inline vccd_apriori
vccd_apriori_add(vccd_apriori x, vccd_apriori y)
{
    return (vccd_apriori){ x.m + y.m, x.a + y.a, x.t + y.t };
}

static inline vccd_apriori
vccd_apriori_sub(vccd_apriori x, vccd_apriori y)
{
    return (vccd_apriori){ x.m - y.m, x.a + y.a, x.t + y.t };
}

/* The ball of a result (above). */
static inline vccd_ball
vccd_apriori_ball(vccd_apriori x)
{
    if (x.t == 0.0)
        return (vccd_ball){ 0.0, 0.0 };
    return (vccd_ball){ x.m, vccd_ball_rad((x.t - x.a) + VCCD_APRIORI_K * x.t) };
}

#endif
