/* cubic.h -- private to lib/feature: the coplanarity function of a pair
   whose four points all move on straight lines, as the cubic it is.

   With u, e1, e2 linear in t (u = u0 + t du, ...), the normal
   n = e1 x e2 is the quadratic n0 + n1 t + n2 t^2 and the triple product
   s = u . n the cubic c0 + c1 t + c2 t^2 + c3 t^3 (the expansion of the
   thesis' coplanarity condition, App. B, for linear motion).  The
   coefficients are enclosed once per pair, so that each jet over a time
   box costs a few interval products by Horner's rule instead of the
   Leibniz cross and dot products of every evaluation (feature_impl.h).

   The inclusion terms (feature_impl.h's feature_incl_terms: the
   barycentric coordinates times |n|^2, and |n|^2) are each a triple
   product (a x b) . n of two linear vectors and the quadratic n, so of
   degree 4; they are expanded the same way, once per pair, when the
   predicate first asks for them.

   Rigor: the products that make the coefficients and the terms, and the
   jets at a point, are midpoint-radius balls (ball.h), every other
   operation the outward-rounded binary64 interval of di.h, and each is
   turned into an interval holding it, so each enclosed coefficient holds
   the exact coefficient for every choice of u0, du, ... in their
   enclosures, and each jet or term over T holds its value at every t in
   T. */
#ifndef VCCD_FEATURE_CUBIC_H
#define VCCD_FEATURE_CUBIC_H

#include "ball.h"
#include "vccd/di.h"
#include "vccd/geom.h"

/* The enclosed coefficients: c[0..3], and 2 c2, 3 c3, 6 c3 for the
   derivatives. */
typedef struct {
    vccd_di c[4];
    vccd_di c2x2, c3x3, c3x6;
    /* as balls (ball.h): n = e1 x e2 = n0 + n1 t + n2 t^2, and u, e1,
       e2 = base + t slope */
    vccd_ball_vec3 nb[3], bbase[3], bslope[3];
    /* s's coefficients c and s''s c1, 2 c2, 3 c3 as balls, and what
       vccd_ball_horner needs to know of them */
    vccd_ball h0[4], h1[3];
    int h0kind, h1kind;
    /* the inclusion terms' coefficients (terms_n of them, 0: not made) */
    int terms_n;
    vccd_di terms[4][5], nn[5];
} vccd_feature_cubic;

/* r := a - b, enclosed, with the coordinates where a and b are the same
   point exactly 0: the outward step would blur that 0 to +-2^-1074, and
   subnormal operands cost a hundred cycles a product (a ball translating
   without turning has every slope the same; feature_prepare does the
   same for its difference frames). */
void vccd_feature_cubic_sub(vccd_di_vec3 *r, const vccd_di_vec3 *a, const vccd_di_vec3 *b);

/* q := the coefficients of u . (e1 x e2) for u = base[0] + t slope[0],
   e1 = base[1] + t slope[1], e2 = base[2] + t slope[2]. */
void vccd_feature_cubic_init(vccd_feature_cubic *q, const vccd_di_vec3 base[3], const vccd_di_vec3 slope[3]);

/* s[k] := s^(k) over t for k = 0 .. order (order <= 2). */
void vccd_feature_cubic_jet(vccd_di *s, const vccd_feature_cubic *q, vccd_di t, int order);

/* The inclusion terms' coefficients of a vertex-face (kind 0) or
   edge-edge (kind 1) pair whose points are x[i] = base[i] + t slope[i]
   (vertex-face: p, a, b, c; edge-edge: a, b, c, d), q made by
   vccd_feature_cubic_init from the same points' u, e1, e2. */
void vccd_feature_cubic_terms_init(vccd_feature_cubic *q, int kind, const vccd_di_vec3 base[4],
                                   const vccd_di_vec3 slope[4]);

/* The terms over t (feature_incl_terms' q[0 .. n) and nn) from the
   vectors u, e1, e2 over t, as feature_incl_terms from the points but
   with two of them (three cross products of four) from the identities
   the weights satisfy: vertex-face, the weight of a times |n|^2 is nn
   less the other two; edge-edge, (1 - u) |n|^2 = nn - u |n|^2 and
   likewise for v.  For a vertex-face (kind 0) or edge-edge (kind 1)
   pair; returns the number of terms.  t may be wide, but the polynomials
   below are tighter there; these are cheaper at a few narrow boxes. */
int vccd_feature_cubic_terms_at(vccd_di *qt, vccd_di *nn, const vccd_feature_cubic *q, int kind, vccd_di t);

/* The terms over t (feature_incl_terms' q[0 .. n) and nn); returns n. */
int vccd_feature_cubic_terms(vccd_di *qt, vccd_di *nn, const vccd_feature_cubic *q, vccd_di t);

#endif
