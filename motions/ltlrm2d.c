/* ltlrm2d.c -- planar linear translation + linear rotation (thesis App.
   A.1): x(t) = o0 + v t + R(alpha0 + omega t) p in the plane z = 0.
   Config: type = ltlrm2d with o0 (2 numbers), v (2), alpha0 (radians,
   counter-clockwise from +x; default 0) and omega (radians per step).
   Points are (x, y, 0): the z of the body point is ignored and every
   output's z is exactly 0. */
#ifndef VB_PFX
#include "vccd/motion_impl.h"
#include "vccd/rigid.h"

/* Layout of m->param: (o0x, o0y, alpha0) and their rates (vx, vy, omega),
   so that centre and angle are one line q0 + q' t: rebase and the kernel
   treat them together. */
enum { L2_Q = 0, L2_R = 3, L2_N = 6 };

static int
ltlrm2d_parse(vccd_motion *m, vccd_config_section *s, vccd_error *e)
{
    if (vccd_motion_reserve(m, L2_N) != 0)
        return vccd_error_set(e, s->file, s->line, s->name, NULL, "out of memory");
    if (vccd_motion_parse_reals(m, s, "o0", L2_Q, 2, 1, 0, e)
        || vccd_motion_parse_reals(m, s, "alpha0", L2_Q + 2, 1, 0, 0.0, e)
        || vccd_motion_parse_reals(m, s, "v", L2_R, 2, 1, 0, e)
        || vccd_motion_parse_reals(m, s, "omega", L2_R + 2, 1, 1, 0, e))
        return -1;
    return 0;
}

/* kind 0 generic; 1 omega = 0; 2 half turn (omega = +-pi); 3 full turn
   (+-2 pi); 4 coordinates near 1e6; 5 large angles (alpha0 ~ 1e4, omega
   ~ 100, for the argument reduction of sin/cos). */
static void
ltlrm2d_randomize(vccd_motion *m, gmp_randstate_t rs, int kind)
{
    vccd_motion_reserve(m, L2_N);
    vccd_motion_random_reals(m, rs, L2_Q, 2, kind == 4 ? 1e6 : 2.0);
    vccd_motion_random_reals(m, rs, L2_Q + 2, 1, kind == 5 ? 1e4 : 4.0);
    vccd_motion_random_reals(m, rs, L2_R, 2, 2.0);
    vccd_motion_random_reals(m, rs, L2_R + 2, 1, kind == 5 ? 100.0 : 4.0);
    if (kind == 1) {
        vccd_motion_set_param_d(m, L2_R + 2, 0.0);
    } else if (kind == 2 || kind == 3) {
        vccd_mi_struct *w = &m->param[L2_R + 2];
        vccd_mi_const_pi(w);
        if (kind == 3)
            vccd_mi_mul_2si(w, w, 1);
        if (gmp_urandomb_ui(rs, 1))
            vccd_mi_neg(w, w);
    }
}

static void
ltlrm2d_rebase(vccd_mi_struct *out, const vccd_mi_struct *P, int nparams, const vccd_mi_struct *t0,
               const vccd_mi_struct *t1)
{
    (void)nparams;
    vccd_mi_kin_line_rebase(out + L2_Q, out + L2_R, P + L2_Q, P + L2_R, 3, t0, t1);
}

/* A rigid motion with centre velocity (vx, vy, 0) and constant angular
   velocity (0, 0, omega). */
static void
ltlrm2d_bounds(double *speed, double *accel, const vccd_di *P, int nparams, double r)
{
    vccd_di_vec3 u = { { P[L2_R], P[L2_R + 1], vccd_di_set_d(0.0) } };
    (void)nparams;
    vccd_rigid_bounds_from(speed, accel, &u, NULL, vccd_di_sqr(P[L2_R + 2]), 0.0, r);
}

#define VCCD_MOTION_FILE "motions/ltlrm2d.c"
#define VCCD_MOTION_NAME ltlrm2d
#include "vccd/motion_instantiate.h"
VCCD_MOTION_DEFINE(ltlrm2d, "ltlrm2d", "planar linear translation + rotation at constant angular velocity (thesis App. A.1)",
                   2, 0, 6);
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
