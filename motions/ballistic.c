/* ballistic.c -- ballistic motion (thesis 3.1.3, after Mirtich): the
   centre follows o0 + v t + a t^2/2, the body turns at constant angular
   velocity.  Config: type = ballistic with o0, v, a, q0, omega. */
#ifndef VB_PFX
#include "vccd/plugin/motion_impl.h"
#include "vccd/plugin/rigid.h"

static int ballistic_parse(vccd_motion *m, vccd_config_section *s, vccd_error *e) { return vccd_rigid_parse(m, s, 1, 0, e); }
static void ballistic_randomize(vccd_motion *m, gmp_randstate_t rs, int kind) { vccd_rigid_randomize(m, rs, kind, 1); }
#define ballistic_rebase vccd_rigid_rebase
#define ballistic_bounds vccd_rigid_bounds

/* The typed constructor (vccd/motions.h). */
#define ballistic_SIGNATURES(S)                                                                  \
    S(ballistic, new, VCCD_RIGID_BALLISTIC_PARAMS,                                               \
      "the centre's parabola o0 + v t + a t^2/2 and a constant angular velocity omega")

#define VCCD_MOTION_FILE "motions/ballistic.c"
#define VCCD_MOTION_NAME ballistic
#include "vccd/plugin/motion_instantiate.h"
VCCD_MOTION_DEFINE_FORM(ballistic, "ballistic", "quadratic centre + rotation at constant angular velocity (thesis 3.1.3)",
                   3, 0, VCCD_RIGID_NKINDS, VCCD_MOTION_FORM_RIGID);
#else

static void
VM_FN(eval)(VM_V3 *x, VM_V3 *v, VM_V3 *a, const VB_T *P, const VM_V3 *p, int vertex, const VB_T *t)
{
    (void)vertex;
    VM_G(kin_rigid_eval)(x, v, a, (const VM_V3 *)(P + VCCD_RIGID_O), (const VM_V3 *)(P + VCCD_RIGID_U),
                         (const VM_V3 *)(P + VCCD_RIGID_B), (const VM_Q *)(P + VCCD_RIGID_Q),
                         (const VM_V3 *)(P + VCCD_RIGID_W), p, t);
}

#endif
