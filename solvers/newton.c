/* newton.c -- interval Newton, N(X) = m - s(m) / S'(X), with extended
   division when 0 is in S'(X) (Moore; Hansen and Walster ch. 9).  Two
   steps per box, both rigorous and intersected:
     - from the left end m = lo: every root t of s in X has
       s(lo) + s'(xi) (t - lo) = 0, so this is a certified advancement
       (conservative advancement with the slope bound S'(X));
     - from the midpoint: two-sided contraction, and when 0 is not in
       S'(X) and N(X) lies inside X, the mean-value theorem and Brouwer
       prove a unique root in N(X).
   The driver pops the leftmost piece first. */
#include <math.h>

#include "vccd/solver.h"

/* pieces of (m - s(m) / d) inside x; returns their number (<= 2) */
static int
newton_step(vccd_box *out, vccd_feature *f, const vccd_box *x, double m, vccd_di d)
{
    vccd_di sm, q[2];
    int nq, n = 0;
    vccd_feature_jet(&sm, f, vccd_di_set_d(m), 0);
    /* Roots t satisfy s(m) = s'(xi) (m - t).  div_ext is the quotient set
       {x / y : y != 0}, which is empty for S'(X) = [0, 0]; but then s is
       constant on X, and every t is a root when s(m) may be 0 (an
       enduring root, s = 0 identically: the edges of a coplanar pair). */
    if (d.lo == 0.0 && d.hi == 0.0) {
        if (sm.lo > 0.0 || sm.hi < 0.0)
            return 0;
        out[0] = *x;
        return 1;
    }
    nq = vccd_di_div_ext(q, sm, d);
    for (int i = 0; i < nq; i++) {
        vccd_di nx = vccd_di_sub(vccd_di_set_d(m), q[i]);
        /* NaN bounds: keep x whole rather than trust them */
        double lo = nx.lo == nx.lo ? nx.lo : -INFINITY, hi = nx.hi == nx.hi ? nx.hi : INFINITY;
        if (vccd_box_clip(&out[n], x, lo, hi))
            n++;
    }
    if (n == 2 && out[0].lo > out[1].lo) {
        vccd_box t = out[0];
        out[0] = out[1];
        out[1] = t;
    }
    return n;
}

static int
newton_contract(vccd_box *out, vccd_feature *f, const vccd_box *x, vccd_di s0)
{
    vccd_di s[2];
    vccd_box a[2], b[2];
    int na, nb, n = 0;
    double m;
    (void)s0;

    vccd_feature_jet(s, f, vccd_di_set_2d(x->lo, x->hi), 1);
    na = newton_step(a, f, x, x->lo, s[1]);
    m = vccd_di_mid(vccd_di_set_2d(x->lo, x->hi));
    nb = newton_step(b, f, x, m, s[1]);
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++) {
            vccd_box c;
            if (vccd_box_clip(&c, &a[i], b[j].lo, b[j].hi)) {
                if (n == VCCD_SOLVER_MAX_OUT) {
                    out[n - 1].hi = c.hi;           /* hull of the tail */
                    out[n - 1].root = 0;
                } else
                    out[n++] = c;
            }
        }
    /* Unique root: 0 not in S'(X) and the midpoint image strictly inside. */
    if (n == 1 && nb == 1 && (s[1].lo > 0.0 || s[1].hi < 0.0) && b[0].lo > x->lo && b[0].hi < x->hi)
        out[0].root = 1;
    return n;
}

const vccd_solver_type vccd_solver_newton = {
    .name = "newton",
    .summary = "interval Newton with extended division, leftmost first",
    .contract = newton_contract,
};
