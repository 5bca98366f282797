/* ltlrm.c -- linear translational and linear rotational motion (thesis
   App. A.2; FCL's InterpMotion): the centre moves on a line, the body
   turns about a fixed axis through it at constant angular velocity.
   Config: type = ltlrm with o0, v, q0, omega, or with start_/end_
   position and orientation plus turns (see vccd/plugin/rigid.h). */
#ifndef VB_PFX
#include "vccd/plugin/motion_impl.h"
#include "vccd/plugin/rigid.h"

static int ltlrm_parse(vccd_motion *m, vccd_config_section *s, vccd_error *e) { return vccd_rigid_parse(m, s, 0, 1, e); }
static void ltlrm_randomize(vccd_motion *m, gmp_randstate_t rs, int kind) { vccd_rigid_randomize(m, rs, kind, 0); }
#define ltlrm_rebase vccd_rigid_rebase
#define ltlrm_bounds vccd_rigid_bounds

/* The typed constructors (vccd/motions.h): either form of the config. */
#define ltlrm_SIGNATURES(S)                                                                      \
    S(ltlrm, new, VCCD_RIGID_PARAMS, "the centre's line o0 + v t and a constant angular velocity omega") \
    S(ltlrm, poses_new, VCCD_RIGID_POSES_TURNS_PARAMS,                                           \
      "from the start and end poses: short arc between the orientations, plus whole turns")

#define VCCD_MOTION_FILE "motions/ltlrm.c"
#define VCCD_MOTION_NAME ltlrm
#include "vccd/plugin/motion_instantiate.h"
VCCD_MOTION_DEFINE_FORM(ltlrm, "ltlrm", "linear translation + rotation at constant angular velocity (thesis App. A.2)",
                   3, 0, VCCD_RIGID_NKINDS, VCCD_MOTION_FORM_RIGID);
#else

static void
VM_FN(eval)(VM_V3 *x, VM_V3 *v, VM_V3 *a, const VB_T *P, const VM_V3 *p, int vertex, const VB_T *t)
{
    (void)vertex;
    VM_G(kin_rigid_eval)(x, v, a, (const VM_V3 *)(P + VCCD_RIGID_O), (const VM_V3 *)(P + VCCD_RIGID_U),
                         NULL, (const VM_Q *)(P + VCCD_RIGID_Q), (const VM_V3 *)(P + VCCD_RIGID_W), p, t);
}

#endif
