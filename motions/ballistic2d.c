/* ballistic2d.c -- planar ballistic motion (thesis 3.1.3 in the plane):
   x(t) = o0 + v t + a t^2/2 + R(alpha0 + omega t) p in z = 0.  The 2D
   mode of `vccd simulate` moves its bodies with it.  Config: type =
   ballistic2d with o0 (2 numbers), v (2), a (2, default 0 0), alpha0
   (radians, default 0) and omega (radians per step).  Points are
   (x, y, 0): z is ignored and every output's z is exactly 0. */
#ifndef VB_PFX
#include "vccd/plugin/motion_impl.h"
#include "vccd/plugin/rigid.h"

/* The shared planar layout with the acceleration, parsing, rebase and
   bounds (rigid.h). */
enum { B2_Q = VCCD_PLANAR_Q, B2_R = VCCD_PLANAR_R, B2_A = VCCD_PLANAR_A };
static int ballistic2d_parse(vccd_motion *m, vccd_config_section *s, vccd_error *e) { return vccd_planar_parse(m, s, 1, e); }
static void ballistic2d_randomize(vccd_motion *m, gmp_randstate_t rs, int kind) { vccd_planar_randomize(m, rs, kind, 1); }
#define ballistic2d_rebase vccd_planar_rebase
#define ballistic2d_bounds vccd_planar_bounds

/* The typed constructor (vccd/motions.h). */
#define ballistic2d_SIGNATURES(S)                                                                \
    S(ballistic2d, new, VCCD_PLANAR_BALLISTIC_PARAMS,                                            \
      "the centre's parabola o0 + v t + a t^2/2 and the angle alpha0 + omega t")

#define VCCD_MOTION_FILE "motions/ballistic2d.c"
#define VCCD_MOTION_NAME ballistic2d
#include "vccd/plugin/motion_instantiate.h"
VCCD_MOTION_DEFINE(ballistic2d, "ballistic2d",
                   "planar quadratic centre + rotation at constant angular velocity (thesis 3.1.3 in the plane)", 2,
                   0, VCCD_PLANAR_NKINDS);
#else

/* kin_planar_eval (thesis B.1.1) on the quadratic of (centre, angle),
   with the centre's acceleration. */
static void
VM_FN(eval)(VM_V3 *x, VM_V3 *v, VM_V3 *a, const VB_T *P, const VM_V3 *p, int vertex, const VB_T *t)
{
    const VB_T *ref = x ? &x->c[0] : v ? &v->c[0] : &a->c[0];
    VM_V3 q, qv;
    VB_TMP_N(q_l, q.c, 3, ref);
    VB_TMP_N(qv_l, qv.c, 3, ref);
    (void)vertex;
    /* (centre x, centre y, angle) at t and their rates */
    VM_G(kin_rigid_centre)(&q, v ? &qv : NULL, (const VM_V3 *)(P + B2_Q), (const VM_V3 *)(P + B2_R),
                           (const VM_V3 *)(P + B2_A), t);
    VM_G(kin_planar_eval)(x, v, a, &q, &qv, &P[B2_A], &P[B2_R + 2], p);
}

#endif
