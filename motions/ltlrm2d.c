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

/* Thesis B.1.1: with r = R(alpha) p the offset from the centre,
   dx/dt = v + omega (-r_y, r_x) and d2x/dt2 = omega (-r'_y, r'_x) where
   r' = omega (-r_y, r_x) (no division, no rounding of the angle to a
   unit vector: sin and cos of the interval angle). */
static void
VM_FN(eval)(VM_V3 *x, VM_V3 *v, VM_V3 *a, const VB_T *P, const VM_V3 *p, int vertex, const VB_T *t)
{
    const VB_T *ref = x ? &x->c[0] : v ? &v->c[0] : &a->c[0];
    const VB_T *w = &P[L2_R + 2];
    VM_V3 q;
    VB_T r[2], rp[2], sn[1], cs[1], s[1];
    VB_TMP_N(q_l, q.c, 3, ref);
    VB_TMP_N(r_l, r, 2, ref);
    VB_TMP_N(rp_l, rp, 2, ref);
    VB_TMP_N(sn_l, sn, 1, ref);
    VB_TMP_N(cs_l, cs, 1, ref);
    VB_TMP_N(s_l, s, 1, ref);
    (void)vertex;

    /* (centre x, centre y, angle) at t */
    VM_G(kin_line)(&q, (const VM_V3 *)(P + L2_Q), (const VM_V3 *)(P + L2_R), t);
    VB_SIN_COS(sn, cs, &q.c[2]);
    VB_MUL(&r[0], cs, &p->c[0]);
    VB_MUL(s, sn, &p->c[1]);
    VB_SUB(&r[0], &r[0], s);            /* cos px - sin py */
    VB_MUL(&r[1], sn, &p->c[0]);
    VB_MUL(s, cs, &p->c[1]);
    VB_ADD(&r[1], &r[1], s);            /* sin px + cos py */
    if (v || a) {
        VB_MUL(&rp[0], w, &r[1]);
        VB_NEG(&rp[0], &rp[0]);
        VB_MUL(&rp[1], w, &r[0]);
    }
    if (a) {
        VB_MUL(&a->c[0], w, &rp[1]);
        VB_NEG(&a->c[0], &a->c[0]);
        VB_MUL(&a->c[1], w, &rp[0]);
        VB_SET_D(&a->c[2], 0.0);
    }
    if (v) {
        VB_ADD(&v->c[0], &P[L2_R], &rp[0]);
        VB_ADD(&v->c[1], &P[L2_R + 1], &rp[1]);
        VB_SET_D(&v->c[2], 0.0);
    }
    if (x) {
        VB_ADD(&x->c[0], &q.c[0], &r[0]);
        VB_ADD(&x->c[1], &q.c[1], &r[1]);
        VB_SET_D(&x->c[2], 0.0);
    }
}

#endif
