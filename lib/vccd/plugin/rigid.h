/* rigid.h -- parameters and operations shared by the rigid motions with
   a constant angular velocity (ltlrm, ballistic): the parameter layout,
   parsing of both forms, rebase, bounds and random instances. */
#ifndef VCCD_RIGID_H
#define VCCD_RIGID_H

#include "vccd/motion.h"

#include "vccd/export.h"

VCCD_BEGIN_DECLS

/* Layout of m->param: centre o at t = 0, its velocity u, orientation q0
   (unit quaternion w x y z) at t = 0, angular velocity w (world frame,
   rad per step), and for ballistic the centre's acceleration b. */
enum {
    VCCD_RIGID_O = 0, VCCD_RIGID_U = 3, VCCD_RIGID_Q = 6, VCCD_RIGID_W = 10,
    VCCD_RIGID_B = 13, VCCD_RIGID_N = 13, VCCD_RIGID_NB = 16
};

/* The parameter tables of both forms (vccd/plugin/motion_impl.h), shared by
   the models that parse them with vccd_rigid_parse and
   vccd_rigid_parse_poses. */
#define VCCD_RIGID_PARAMS(P, V)                                                                  \
    P(o0, REAL, 3, NULL, "position of the centre (the body origin) at t = 0")                    \
    P(v, REAL, 3, NULL, "velocity of the centre, per step")                                      \
    P(q0, UNIT_QUAT, 4, "1 0 0 0", "orientation at t = 0, w x y z")                              \
    P(omega, REAL, 3, NULL, "angular velocity, world frame, rad per step")
#define VCCD_RIGID_BALLISTIC_PARAMS(P, V)                                                        \
    VCCD_RIGID_PARAMS(P, V)                                                                      \
    P(a, REAL, 3, NULL, "acceleration of the centre, per step^2")
#define VCCD_RIGID_POSES_PARAMS(P, V)                                                            \
    P(start_position, REAL, 3, NULL, "position of the centre at t = 0")                          \
    P(start_orientation, UNIT_QUAT, 4, NULL, "orientation at t = 0, w x y z")                   \
    P(end_position, REAL, 3, NULL, "position of the centre at t = 1")                            \
    P(end_orientation, UNIT_QUAT, 4, NULL, "orientation at t = 1, w x y z (the short arc)")
#define VCCD_RIGID_POSES_TURNS_PARAMS(P, V)                                                      \
    VCCD_RIGID_POSES_PARAMS(P, V)                                                                \
    P(turns, INTEGER, 1, "0", "extra full turns about the short arc's axis (|turns| <= 1000000)")

/* Keys: o0, v, q0 (default identity), omega, and with_b: a.  When
   poses_ok, instead start_position, start_orientation, end_position,
   end_orientation and turns (extra full turns about the shortest-arc
   axis, default 0), converted with interval arithmetic at m->prec. */
int vccd_rigid_parse(vccd_motion *m, vccd_config_section *s, int with_b, int poses_ok,
                     vccd_error *e);
/* Only the poses form (the keys above, turns only when turns_ok): o is
   the start position, u = end - start, q0 the start orientation and w
   the rotation from start to end orientation on the short arc (d.w >= 0
   for d = q1 q0*; antipodal q1 = -q0 gives w = 0; a half turn, d.w = 0,
   turns about the vector part of d as computed). */
int vccd_rigid_parse_poses(vccd_motion *m, vccd_config_section *s, int turns_ok, vccd_error *e);
void vccd_rigid_rebase(vccd_mi_struct *out, const vccd_mi_struct *P, int nparams,
                       const vccd_mi_struct *t0, const vccd_mi_struct *t1);
void vccd_rigid_bounds(double *speed, double *accel, const vccd_di *P, int nparams, double r);
/* The bounds behind vccd_rigid_bounds, for any body whose reference point
   moves with velocity u + b t (b may be NULL) while it turns with an
   angular velocity w(t), |w|^2 <= w2.hi and |dw/dt| <= wd over [0, 1]:
   points within r of the reference point. */
void vccd_rigid_bounds_from(double *speed, double *accel, const vccd_di_vec3 *u,
                            const vccd_di_vec3 *b, vccd_di w2, double wd, double r);
/* kind: 0 generic; 1 at rest (w = 0); 2 half turn; 3 full turn;
   4 tiny w (1e-9 rad); 5 coordinates near 1e6. */
void vccd_rigid_randomize(vccd_motion *m, gmp_randstate_t rs, int kind, int with_b);
#define VCCD_RIGID_NKINDS 6
/* Random instances of the poses form (two random poses): kind 0
   generic; 1 same end orientation; 2 antipodal end quaternion (-q0);
   3 half turn; 4 turn by 1e-9 rad; 5 displacement normal to w;
   6 coordinates near 1e6. */
void vccd_rigid_randomize_poses(vccd_motion *m, gmp_randstate_t rs, int kind);
#define VCCD_RIGID_POSES_NKINDS 7

/* The planar models' parameter tables (vccd_planar_parse). */
#define VCCD_PLANAR_PARAMS(P, V)                                                                 \
    P(o0, REAL, 2, NULL, "position of the centre at t = 0, x y")                                 \
    P(alpha0, REAL, 1, "0", "angle at t = 0, rad")                                               \
    P(v, REAL, 2, NULL, "velocity of the centre, per step")                                      \
    P(omega, REAL, 1, NULL, "angular velocity, rad per step")
#define VCCD_PLANAR_BALLISTIC_PARAMS(P, V)                                                       \
    VCCD_PLANAR_PARAMS(P, V)                                                                     \
    P(a, REAL, 2, "0 0", "acceleration of the centre, per step^2")

/* The planar rigid motions (lib/motion/planar.c; ltlrm2d, ballistic2d):
   m->param holds (o0x, o0y, alpha0), their rates (vx, vy, omega) and,
   with an acceleration, (ax, ay, 0), so that centre and angle are one
   line or quadratic.  Keys o0, alpha0 (default 0), v, omega, and a
   (default 0 0) when with_a. */
enum { VCCD_PLANAR_Q = 0, VCCD_PLANAR_R = 3, VCCD_PLANAR_A = 6, VCCD_PLANAR_N = 6, VCCD_PLANAR_NA = 9 };
int vccd_planar_parse(vccd_motion *m, vccd_config_section *s, int with_a, vccd_error *e);
/* kind 0 generic; 1 omega = 0; 2 half turn (omega = +-pi); 3 full turn
   (+-2 pi); 4 coordinates near 1e6; 5 large angles (alpha0 ~ 1e4, omega
   ~ 100, for the argument reduction of sin/cos). */
void vccd_planar_randomize(vccd_motion *m, gmp_randstate_t rs, int kind, int with_a);
#define VCCD_PLANAR_NKINDS 6
/* The acceleration is there when nparams >= VCCD_PLANAR_NA. */
void vccd_planar_rebase(vccd_mi_struct *out, const vccd_mi_struct *P, int nparams, const vccd_mi_struct *t0,
                        const vccd_mi_struct *t1);
void vccd_planar_bounds(double *speed, double *accel, const vccd_di *P, int nparams, double r);

VCCD_END_DECLS

#endif
