/* cubic.c -- the coplanarity cubic of a pair on straight lines (cubic.h). */
#include "cubic.h"

void
vccd_feature_cubic_init(vccd_feature_cubic *q, const vccd_di_vec3 base[3], const vccd_di_vec3 slope[3])
{
    vccd_di_vec3 n[3], a, b;
    vccd_di x, y;

    /* n = e1 x e2 = e1_0 x e2_0 + t (e1_0 x de2 + de1 x e2_0) + t^2 de1 x de2 */
    vccd_di_vec3_cross(&n[0], &base[1], &base[2]);
    vccd_di_vec3_cross(&a, &base[1], &slope[2]);
    vccd_di_vec3_cross(&b, &slope[1], &base[2]);
    vccd_di_vec3_add(&n[1], &a, &b);
    vccd_di_vec3_cross(&n[2], &slope[1], &slope[2]);
    /* s = u . n: c_k = u0 . n_k + du . n_(k-1) */
    vccd_di_vec3_dot(&q->c[0], &base[0], &n[0]);
    for (int k = 1; k < 3; k++) {
        vccd_di_vec3_dot(&x, &base[0], &n[k]);
        vccd_di_vec3_dot(&y, &slope[0], &n[k - 1]);
        q->c[k] = vccd_di_add(x, y);
    }
    vccd_di_vec3_dot(&q->c[3], &slope[0], &n[2]);
    q->c2x2 = vccd_di_mul_d(q->c[2], 2.0);
    q->c3x3 = vccd_di_mul_d(q->c[3], 3.0);
    q->c3x6 = vccd_di_mul_d(q->c[3], 6.0);
}

static inline vccd_di
horner0(const vccd_feature_cubic *q, vccd_di t)
{
    const vccd_di *c = q->c;
    return vccd_di_add(vccd_di_mul(vccd_di_add(vccd_di_mul(vccd_di_add(vccd_di_mul(c[3], t), c[2]), t), c[1]), t),
                       c[0]);
}

static inline vccd_di
horner1(const vccd_feature_cubic *q, vccd_di t)
{
    return vccd_di_add(vccd_di_mul(vccd_di_add(vccd_di_mul(q->c3x3, t), q->c2x2), t), q->c[1]);
}

/* The hull of the values at a box's two ends, or, when either is not an
   interval (NaN after an overflow, which hull would drop as empty), the
   value over the box. */
static inline vccd_di
ends_or(vccd_di a, vccd_di b, vccd_di box)
{
    if (!(a.lo <= a.hi) || !(b.lo <= b.hi))
        return box;
    return vccd_di_hull(a, b);
}

void
vccd_feature_cubic_jet(vccd_di *s, const vccd_feature_cubic *q, vccd_di t, int order)
{
    /* Horner's rule: s = ((c3 t + c2) t + c1) t + c0, s' = (3 c3 t + 2 c2) t
       + c1, s'' = 6 c3 t + 2 c2, which holds t once: its range over a box
       up to the coefficients' width.  On a box where a derivative has no
       zero, the function below it is monotone for every choice of the
       coefficients in their enclosures, so its range there is the hull of
       its values at the two ends: Horner's rule at a point, much tighter
       than over the box, where the terms' ranges add up. */
    vccd_di d2 = vccd_di_add(vccd_di_mul(q->c3x6, t), q->c2x2), d1;
    int box = t.lo < t.hi;
    d1 = horner1(q, t);
    if (box && (d2.lo > 0.0 || d2.hi < 0.0))
        d1 = ends_or(horner1(q, vccd_di_set_d(t.lo)), horner1(q, vccd_di_set_d(t.hi)), d1);
    if (box && (d1.lo > 0.0 || d1.hi < 0.0))
        s[0] = ends_or(horner0(q, vccd_di_set_d(t.lo)), horner0(q, vccd_di_set_d(t.hi)), horner0(q, t));
    else
        s[0] = horner0(q, t);
    if (order >= 1)
        s[1] = d1;
    if (order >= 2)
        s[2] = d2;
}
