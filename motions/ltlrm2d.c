/* ltlrm2d.c -- planar linear translation + linear rotation (thesis App.
   A.1): x(t) = o0 + v t + R(alpha0 + omega t) p in the plane z = 0.
   Config: type = ltlrm2d with o0 (2 numbers), v (2), alpha0 (radians,
   counter-clockwise from +x; default 0) and omega (radians per step).
   Points are (x, y, 0): the z of the body point is ignored and every
   output's z is exactly 0. */
#ifndef VB_PFX
#include "vccd/plugin/motion_impl.h"
#include "vccd/plugin/rigid.h"

/* The shared planar layout, parsing, rebase and bounds (rigid.h). */
enum { L2_Q = VCCD_PLANAR_Q, L2_R = VCCD_PLANAR_R };
static int ltlrm2d_parse(vccd_motion *m, vccd_config_section *s, vccd_error *e) { return vccd_planar_parse(m, s, 0, e); }
static void ltlrm2d_randomize(vccd_motion *m, gmp_randstate_t rs, int kind) { vccd_planar_randomize(m, rs, kind, 0); }
#define ltlrm2d_rebase vccd_planar_rebase
#define ltlrm2d_bounds vccd_planar_bounds

/* The typed constructor (vccd/motions.h). */
#define ltlrm2d_SIGNATURES(S)                                                                    \
    S(ltlrm2d, new, VCCD_PLANAR_PARAMS, "the centre's line o0 + v t and the angle alpha0 + omega t")

#define VCCD_MOTION_FILE "motions/ltlrm2d.c"
#define VCCD_MOTION_NAME ltlrm2d
#include "vccd/plugin/motion_instantiate.h"
VCCD_MOTION_DEFINE(ltlrm2d, "ltlrm2d", "planar linear translation + rotation at constant angular velocity (thesis App. A.1)",
                   2, 0, VCCD_PLANAR_NKINDS);
#else

/* kin_planar_eval (thesis B.1.1) on the line of (centre, angle). */
static void
VM_FN(eval)(VM_V3 *x, VM_V3 *v, VM_V3 *a, const VB_T *P, const VM_V3 *p, int vertex, const VB_T *t)
{
    const VB_T *ref = x ? &x->c[0] : v ? &v->c[0] : &a->c[0];
    VM_V3 q;
    VB_TMP_N(q_l, q.c, 3, ref);
    (void)vertex;
    /* (centre x, centre y, angle) at t */
    VM_G(kin_line)(&q, (const VM_V3 *)(P + L2_Q), (const VM_V3 *)(P + L2_R), t);
    VM_G(kin_planar_eval)(x, v, a, &q, (const VM_V3 *)(P + L2_R), NULL, &P[L2_R + 2], p);
}

#endif
