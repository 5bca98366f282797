/* apriori.h -- private to lib/feature: sums of products of balls with
   one error bound per result, made a priori.  Not installed.

   Why: a chain of ball operations (ball.h) pays, at every product and
   sum, for a radius, a raise and the exact-zero and overflow tests; the
   inclusion terms of a pair on straight lines (cubic.c,
   vccd_feature_cubic_terms_at) are some forty such operations.  Here a
   value carries three plain doubles through the same expression, and
   the rounding part of its radius is made once, at the end, from the
   error analysis of the whole expression.  That part is bounded by the
   terms' absolute values, not by each rounded value as in the chain, so
   it is wider where the expression cancels: the cubic's coefficients,
   asked for near their roots, stay with the chain (cubic.c).

   A value is {m, a, r}: the expression evaluated on the inputs'
   midpoints (m) and on their absolute values (a, every difference taken
   as a sum), and r, a bound on how far the inputs' radii move the exact
   value, carried as ball arithmetic carries a radius but without the
   roundings' terms: r_xy = a_x r_y + a_y r_x + r_x r_y, r_(x+-y) = r_x +
   r_y.  For the inputs' expression E, a polynomial whose monomials have
   at most 4 factors, let A* be the sum of its monomials' absolute values
   at the midpoints (a, exactly).  Then (Higham, "Accuracy and Stability
   of Numerical Algorithms", 2002, 3.1 and 3.3, with 2u = 2^-52 per
   rounding in any mode):
   - m is within gamma_D A* of E at the midpoints, D the most rounded
     operations any monomial passes through (Higham's (1 + theta_j)
     (1 + theta_k) = 1 + theta_(j+k): a product of two computed values
     passes through the roundings of both);
   - E at any choice in the balls is within R* of E at the midpoints,
     R* the exact value of r's expression (for a product, |xy - m_x m_y|
     <= |m_x| r_y + |m_y| r_x + r_x r_y, and A* bounds |E| at the
     midpoints);
   - a is within D roundings of A* and r within 3D of R*, relatively,
     each an expression of terms >= 0.
   So r + K a with K = 10 2^-52 >= gamma_9 (1 - 2u)^-9 covers both when
   D <= 9, with the roundings of r and of that sum within the radius'
   scale (ball.h, 40 roundings).

   What the callers must keep (cubic.c does, and counts its D):
   - D <= 9 and at most 4 factors per monomial;
   - every input is exactly 0 or has 2^-200 <= |m| + r <= 2^200
     (vccd_apriori_set says which);
   - every product multiplies two inputs, or is not multiplied further,
     or multiplies such a product by values that are not multiplied
     further (a x b times c x d).
   Overflow: a monomial's a + r is at most 2^800, and there are few.
   Underflow: a product of two inputs' a + r is at least 2^-400, of all
   factors at least 2^-800, when not 0.  A product in m, a or r may
   underflow where a midpoint or radius is tiny, by at most 2^-1074;
   carried to the end it is multiplied by the other factors' values, at
   most their a + r, while its own two factors add at least 2^-400 times
   those to the monomial's a + r: the error is below 2^-674 of that (of
   2^-274 for a product not multiplied further, whose factors add at
   least 2^-800), and the radius r + K a is at least K (a + r): far within
   the radius' scale.  Every monomial that is not exactly 0 adds at
   least 2^-800 to a + r, so a result whose a and r are both 0 has no such
   monomial: it is the exact ball {0, 0}, as a chain of ball operations
   keeps it. */
#ifndef VCCD_FEATURE_APRIORI_H
#define VCCD_FEATURE_APRIORI_H

#include <math.h>

#include "ball.h"

typedef struct {
    double m, a, r;
} vccd_apriori;

/* gamma_9 (1 - 2u)^-9 < 9.0001 2^-52 */
#define VCCD_APRIORI_K (10 * 0x1p-52)

/* *x := the input ball b; 0 when b is outside the allowed range (the
   caller then takes the chain of ball operations instead). */
static inline int
vccd_apriori_set(vccd_apriori *x, vccd_ball b)
{
    double t;
    x->m = b.m;
    x->a = fabs(b.m);
    x->r = b.r;
    t = x->a + b.r;
    return (t >= 0x1p-200 && t <= 0x1p200) || vccd_ball_is0(b);
}

static inline vccd_apriori
vccd_apriori_mul(vccd_apriori x, vccd_apriori y)
{
    return (vccd_apriori){ x.m * y.m, x.a * y.a, x.a * y.r + y.a * x.r + x.r * y.r };
}

static inline vccd_apriori
vccd_apriori_add(vccd_apriori x, vccd_apriori y)
{
    return (vccd_apriori){ x.m + y.m, x.a + y.a, x.r + y.r };
}

static inline vccd_apriori
vccd_apriori_sub(vccd_apriori x, vccd_apriori y)
{
    return (vccd_apriori){ x.m - y.m, x.a + y.a, x.r + y.r };
}

/* The ball of a result (above). */
static inline vccd_ball
vccd_apriori_ball(vccd_apriori x)
{
    if (x.a == 0.0 && x.r == 0.0)
        return (vccd_ball){ 0.0, 0.0 };
    return (vccd_ball){ x.m, vccd_ball_rad(x.r + VCCD_APRIORI_K * x.a) };
}

#endif
