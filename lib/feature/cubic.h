/* cubic.h -- private to lib/feature: the coplanarity function of a pair
   whose four points all move on straight lines, as the cubic it is.

   With u, e1, e2 linear in t (u = u0 + t du, ...), the normal
   n = e1 x e2 is the quadratic n0 + n1 t + n2 t^2 and the triple product
   s = u . n the cubic c0 + c1 t + c2 t^2 + c3 t^3 (the expansion of the
   thesis' coplanarity condition, App. B, for linear motion).  The
   coefficients are enclosed once per pair, so that each jet over a time
   box costs a few interval products by Horner's rule instead of the
   Leibniz cross and dot products of every evaluation (feature_impl.h).

   Rigor: every operation is the outward-rounded binary64 interval of
   di.h, so each enclosed coefficient holds the exact coefficient for
   every choice of u0, du, ... in their enclosures, and each jet over T
   holds s^(k)(t) for every t in T. */
#ifndef VCCD_FEATURE_CUBIC_H
#define VCCD_FEATURE_CUBIC_H

#include "vccd/di.h"
#include "vccd/geom.h"

/* The enclosed coefficients: c[0..3], and 2 c2, 3 c3, 6 c3 for the
   derivatives. */
typedef struct {
    vccd_di c[4];
    vccd_di c2x2, c3x3, c3x6;
} vccd_feature_cubic;

/* q := the coefficients of u . (e1 x e2) for u = base[0] + t slope[0],
   e1 = base[1] + t slope[1], e2 = base[2] + t slope[2]. */
void vccd_feature_cubic_init(vccd_feature_cubic *q, const vccd_di_vec3 base[3], const vccd_di_vec3 slope[3]);

/* s[k] := s^(k) over t for k = 0 .. order (order <= 2). */
void vccd_feature_cubic_jet(vccd_di *s, const vccd_feature_cubic *q, vccd_di t, int order);

#endif
