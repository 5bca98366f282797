/* taylor_lagrange.c -- the Taylor-Lagrange root finder (thesis 5.2.1,
   App. F, G, I), hybrid with the driver's bisection.

   On X = [a, b], Taylor's theorem with the Lagrange remainder gives, for
   h = t - a in [0, b - a],
       s(a) + s'(a) h + S''(X) h^2 / 2  contains  s(t),
   so s lies between the parabolas
       L(h) = lo s(a) + lo s'(a) h + lo S''(X) h^2 / 2,
       U(h) = hi s(a) + hi s'(a) h + hi S''(X) h^2 / 2
   (h >= 0 lets each bound take the matching end of each coefficient).
   If s(a) > 0, s has no root before the first positive root of L; if
   also U reaches 0 at some a + h_u, s(a + h_u) <= 0 and a root lies
   between (the thesis' "both parabolas intersect": a bracket, and fast
   convergence).  s(a) < 0 is the mirror image.

   The thesis computed the parabola roots in floating point and moved
   them by a guessed epsilon, and reports that halving it missed roots.
   Here the advancement is an interval enclosure of L's first root from a
   cancellation-free formula, and the bracket end is checked by a
   rigorous evaluation of s there, so neither needs an epsilon. */
#include <math.h>

#include "vccd/solver.h"

/* A lower bound of the first root h > 0 of g0 + g1 h + (gc / 2) h^2 with
   g0 > 0 (exact doubles): the quadratic is positive on [0, result).
   +inf when it has no positive root. */
static double
first_root_lower(double g0, double g1, double gc)
{
    vccd_di D, r, h;
    if (g1 >= 0.0 && gc >= 0.0)
        return INFINITY;        /* increasing from g0 > 0 */
    /* D = g1^2 - 2 gc g0 */
    D = vccd_di_sub(vccd_di_sqr(vccd_di_set_d(g1)), vccd_di_mul(vccd_di_mul_d(vccd_di_set_d(gc), 2.0),
                                                             vccd_di_set_d(g0)));
    if (gc > 0.0 && D.hi < 0.0)
        return INFINITY;        /* convex and never reaching 0 */
    r = vccd_di_sqrt(vccd_di_intersect(D, vccd_di_set_2d(0.0, INFINITY)));
    if (vccd_di_is_empty(r))
        r = vccd_di_set_d(0.0);
    if (g1 < 0.0)
        /* 2 g0 / (-g1 + sqrt D): both terms of the sum are >= 0 */
        h = vccd_di_div(vccd_di_mul_d(vccd_di_set_d(g0), 2.0), vccd_di_add(vccd_di_set_d(-g1), r));
    else
        /* gc < 0 <= g1: (g1 + sqrt D) / (-gc), again no cancellation */
        h = vccd_di_div(vccd_di_add(vccd_di_set_d(g1), r), vccd_di_set_d(-gc));
    return h.lo >= 0.0 ? h.lo : 0.0;    /* NaN or negative: no advance */
}

/* An approximation (plain doubles) of the first root h > 0 of the same
   kind of quadratic; only a guess, checked by the caller. */
static double
first_root_guess(double g0, double g1, double gc)
{
    double D = g1 * g1 - 2.0 * gc * g0;
    if (D < 0.0 || (g1 >= 0.0 && gc >= 0.0))
        return INFINITY;
    if (g1 < 0.0)
        return 2.0 * g0 / (-g1 + sqrt(D));
    return (g1 + sqrt(D)) / -gc;
}

static int
taylor_lagrange_contract(vccd_box *out, vccd_feature *f, const vccd_box *x, vccd_di s0)
{
    vccd_di sa[2], sx[3], st;
    double sign, hl, hu, lo, tu;
    (void)s0;

    vccd_feature_jet(sa, f, vccd_di_set_d(x->lo), 1);
    if (!(sa[0].lo > 0.0 || sa[0].hi < 0.0)) {
        out[0] = *x;            /* s(a) may be 0: nothing to advance */
        return 1;
    }
    vccd_feature_jet(sx, f, vccd_di_set_2d(x->lo, x->hi), 2);
    /* Work with g = sign * s, g(a) > 0. */
    sign = sa[0].lo > 0.0 ? 1.0 : -1.0;
    if (sign < 0.0) {
        sa[0] = vccd_di_neg(sa[0]);
        sa[1] = vccd_di_neg(sa[1]);
        sx[2] = vccd_di_neg(sx[2]);
    }
    hl = first_root_lower(sa[0].lo, sa[1].lo, sx[2].lo);
    /* a + hl rounded down stays at or before the first possible root. */
    lo = vccd_di_add(vccd_di_set_d(x->lo), vccd_di_set_d(hl)).lo;
    if (!(lo < x->hi) && hl > 0.0)
        return 0;               /* L > 0 on all of X: no root */
    if (!(lo > x->lo))
        lo = x->lo;
    hu = first_root_guess(sa[0].hi, sa[1].hi, sx[2].hi);
    /* U's root lies beyond s's, but only just when the enclosures are
       tight, and the rounded guess can then fall short of s's root (or
       back onto lo once the root is pinned within an ulp); a relative and
       a one-ulp margin put the candidate past it. */
    tu = vccd_fp_next_up(x->lo + hu * (1.0 + 0x1p-26));
    if (tu <= lo && hu < INFINITY)
        tu = vccd_fp_next_up(lo);
    if (tu > lo && tu < x->hi) {
        vccd_feature_jet(&st, f, vccd_di_set_d(tu), 0);
        if (sign * st.hi <= 0.0 && sign * st.lo <= 0.0) {
            /* g(a) > 0 >= g(tu): a root in [lo, tu], and maybe later ones */
            out[0] = (vccd_box){ lo, tu, 1 };
            out[1] = (vccd_box){ tu, x->hi, 0 };
            return 2;
        }
    }
    out[0] = (vccd_box){ lo, x->hi, 0 };
    return 1;
}

const vccd_solver_type vccd_solver_taylor_lagrange = {
    .name = "taylor-lagrange",
    .summary = "Taylor-Lagrange bounding parabolas + bisection (Buddingh' 2014, 5.2.1, App. G)",
    .contract = taylor_lagrange_contract,
};
