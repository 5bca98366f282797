/* interp.c -- the in-between motion of two poses (Jørgensen 2006, "Kontinuerligt
   kollisionsdetektering", 4.2, 9.3): the
   centre moves linearly, the orientation follows SLERP on the short arc.
   Config: type = interp with start_position, start_orientation,
   end_position, end_orientation (quaternions w x y z).

   SLERP from q0 to q1 turns at constant angular velocity about the fixed
   axis of d = q1 q0*, so this is ltlrm with its parameters derived from
   the poses (vccd_rigid_parse_poses; it flips d to d.w >= 0, where
   Jørgensen's test is inverted) and Jørgensen's matrices
   R(t) = cos(wt) A + sin(wt) B + C are not needed (their B should be
   u* R0).  Antipodal quaternions q1 = -q0 are the same rotation and give
   omega = 0.  A half turn (d.w = 0) can go either way; the sign of d as
   computed is kept, so q0 = identity, q1 = (0, 1, 0, 0) turns about +x,
   and when d.w is an interval around 0 the sign is the one with the
   larger part of the interval (either is a correct motion). */
#ifndef VB_PFX
#include "vccd/plugin/motion_impl.h"
#include "vccd/plugin/rigid.h"

static int interp_parse(vccd_motion *m, vccd_config_section *s, vccd_error *e) { return vccd_rigid_parse_poses(m, s, 0, e); }
static void interp_randomize(vccd_motion *m, gmp_randstate_t rs, int kind) { vccd_rigid_randomize_poses(m, rs, kind); }
#define interp_rebase vccd_rigid_rebase
#define interp_bounds vccd_rigid_bounds

/* The typed constructor (vccd/motions.h). */
#define interp_SIGNATURES(S)                                                                     \
    S(interp, new, VCCD_RIGID_POSES_PARAMS, "from the start and end poses (SLERP on the short arc)")

#define VCCD_MOTION_FILE "motions/interp.c"
#define VCCD_MOTION_NAME interp
#include "vccd/plugin/motion_instantiate.h"
VCCD_MOTION_DEFINE(interp, "interp", "in-between motion of two poses: linear centre, SLERP orientation (Jørgensen 2006, 4.2)",
                   3, 0, VCCD_RIGID_POSES_NKINDS);
#else

/* The kernel is ltlrm's, instantiated under this model's name. */
#include "motions/ltlrm.c"

#endif
