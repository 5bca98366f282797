/* ballistic2d.c -- planar ballistic motion (thesis 3.1.3 in the plane):
   x(t) = o0 + v t + a t^2/2 + R(alpha0 + omega t) p in z = 0.  The 2D
   mode of `vccd simulate` moves its bodies with it.  Config: type =
   ballistic2d with o0 (2 numbers), v (2), a (2, default 0 0), alpha0
   (radians, default 0) and omega (radians per step).  Points are
   (x, y, 0): z is ignored and every output's z is exactly 0. */
#ifndef VB_PFX
#include "vccd/motion_impl.h"
#include "vccd/rigid.h"

/* Layout of m->param: (o0x, o0y, alpha0), their rates (vx, vy, omega)
   and their accelerations (ax, ay, 0): centre and angle are one
   quadratic q0 + q' t + q'' t^2/2, so rebase and the kernel treat them
   together (as ltlrm2d does its line). */
enum { B2_Q = 0, B2_R = 3, B2_A = 6, B2_N = 9 };

static int
ballistic2d_parse(vccd_motion *m, vccd_config_section *s, vccd_error *e)
{
    if (vccd_motion_reserve(m, B2_N) != 0)
        return vccd_error_set(e, s->file, s->line, s->name, NULL, "out of memory");
    if (vccd_motion_parse_reals(m, s, "o0", B2_Q, 2, 1, 0, e)
        || vccd_motion_parse_reals(m, s, "alpha0", B2_Q + 2, 1, 0, 0.0, e)
        || vccd_motion_parse_reals(m, s, "v", B2_R, 2, 1, 0, e)
        || vccd_motion_parse_reals(m, s, "omega", B2_R + 2, 1, 1, 0, e)
        || vccd_motion_parse_reals(m, s, "a", B2_A, 2, 0, 0.0, e))
        return -1;
    vccd_motion_set_param_d(m, B2_A + 2, 0.0);
    return 0;
}

/* kind 0 generic; 1 omega = 0; 2 a = 0 (ltlrm2d); 3 coordinates near
   1e6; 4 large angles (alpha0 ~ 1e4, omega ~ 100). */
static void
ballistic2d_randomize(vccd_motion *m, gmp_randstate_t rs, int kind)
{
    vccd_motion_reserve(m, B2_N);
    vccd_motion_random_reals(m, rs, B2_Q, 2, kind == 3 ? 1e6 : 2.0);
    vccd_motion_random_reals(m, rs, B2_Q + 2, 1, kind == 4 ? 1e4 : 4.0);
    vccd_motion_random_reals(m, rs, B2_R, 2, 2.0);
    vccd_motion_random_reals(m, rs, B2_R + 2, 1, kind == 4 ? 100.0 : 4.0);
    vccd_motion_random_reals(m, rs, B2_A, 2, 10.0);
    vccd_motion_set_param_d(m, B2_A + 2, 0.0);
    if (kind == 1)
        vccd_motion_set_param_d(m, B2_R + 2, 0.0);
    if (kind == 2) {
        vccd_motion_set_param_d(m, B2_A, 0.0);
        vccd_motion_set_param_d(m, B2_A + 1, 0.0);
    }
}

/* q' = q + r t0 + a t0^2/2, r' = (r + a t0) h, a' = a h^2 with
   h = t1 - t0, componentwise (the angle's acceleration stays 0). */
static void
ballistic2d_rebase(vccd_mi_struct *out, const vccd_mi_struct *P, int nparams, const vccd_mi_struct *t0,
                   const vccd_mi_struct *t1)
{
    mpfr_prec_t p = vccd_mi_get_prec(&out[0]);
    VCCD_MI_TMP(h, p);
    VCCD_MI_TMP(h2, p);
    VCCD_MI_TMP(t02, p);
    VCCD_MI_TMP(x, p);
    (void)nparams;
    vccd_mi_sub(h, t1, t0);
    vccd_mi_sqr(h2, h);
    vccd_mi_sqr(t02, t0);
    vccd_mi_mul_2si(t02, t02, -1);
    for (int i = 0; i < 3; i++) {
        vccd_mi_mul(x, &P[B2_R + i], t0);
        vccd_mi_add(&out[B2_Q + i], &P[B2_Q + i], x);
        vccd_mi_mul(x, &P[B2_A + i], t02);
        vccd_mi_add(&out[B2_Q + i], &out[B2_Q + i], x);
        vccd_mi_mul(x, &P[B2_A + i], t0);
        vccd_mi_add(&out[B2_R + i], &P[B2_R + i], x);
        vccd_mi_mul(&out[B2_R + i], &out[B2_R + i], h);
        vccd_mi_mul(&out[B2_A + i], &P[B2_A + i], h2);
    }
}

/* A rigid motion with centre velocity (vx, vy, 0) + (ax, ay, 0) t and
   constant angular velocity (0, 0, omega). */
static void
ballistic2d_bounds(double *speed, double *accel, const vccd_di *P, int nparams, double r)
{
    vccd_di_vec3 u = { { P[B2_R], P[B2_R + 1], vccd_di_set_d(0.0) } };
    vccd_di_vec3 b = { { P[B2_A], P[B2_A + 1], vccd_di_set_d(0.0) } };
    (void)nparams;
    vccd_rigid_bounds_from(speed, accel, &u, &b, vccd_di_sqr(P[B2_R + 2]), 0.0, r);
}

#define VCCD_MOTION_FILE "motions/ballistic2d.c"
#define VCCD_MOTION_NAME ballistic2d
#include "vccd/motion_instantiate.h"
VCCD_MOTION_DEFINE(ballistic2d, "ballistic2d",
                   "planar quadratic centre + rotation at constant angular velocity (thesis 3.1.3 in the plane)", 2,
                   0, 5);
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
