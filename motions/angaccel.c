/* angaccel.c -- rotation at constant angular acceleration about a fixed
   axis through the centre, while the centre moves on a line; the worked
   example of doc/adding-a-motion.md.

   With the unit axis n and angle(t) = omega0 t + alpha t^2/2,
       x(t) = o0 + v t + R(n, angle(t)) R(q0) p,
   the angular velocity is omega(t) n with omega(t) = omega0 + alpha t and
   the angular acceleration alpha n, so with r = x - centre
       dx/dt   = v + omega(t) n x r,
       d2x/dt2 = alpha n x r + omega(t)^2 n x (n x r).
   Config: type = angaccel with o0, v, q0 (optional, identity), axis (any
   nonzero 3-vector; only its direction is used), omega0 (rad per step)
   and alpha (rad per step^2).  The axis is fixed by construction: the
   model has no way to express a precessing axis, which would need
   another model. */
#ifndef VB_PFX
#include <string.h>

#include "vccd/plugin/motion_impl.h"
#include "vccd/plugin/rigid.h"

/* Parameter layout.  o0, v and q0 sit where the rigid models keep them
   (vccd/plugin/rigid.h), so code that knows that layout reads the pose at t = 0
   the same way; then the unit axis n and the two scalars. */
enum {
    AA_O = VCCD_RIGID_O, AA_U = VCCD_RIGID_U, AA_Q = VCCD_RIGID_Q,
    AA_N = 10, AA_W0 = 13, AA_AL = 14, AA_NP = 15
};

/* n := axis/|axis| as an enclosure at the motion's precision, so |n|^2
   encloses 1 exactly as the kernel's formulas assume.  -1 when the axis
   may be zero: it then has no direction. */
static int
normalize_axis(vccd_motion *m)
{
    vccd_mi_vec3 n;
    VCCD_MI_TMP(len, m->prec);
    memcpy(n.c, m->param + AA_N, sizeof n.c);   /* read-only view */
    vccd_mi_vec3_norm2(len, &n);
    if (vccd_mi_contains_zero(len))
        return -1;
    vccd_mi_sqrt(len, len);
    for (int i = 0; i < 3; i++)
        vccd_mi_div(&m->param[AA_N + i], &m->param[AA_N + i], len);
    return 0;
}

static int
angaccel_parse(vccd_motion *m, vccd_config_section *s, vccd_error *e)
{
    if (vccd_motion_reserve(m, AA_NP) != 0)
        return vccd_error_set(e, s->file, s->line, s->name, NULL, "out of memory");
    if (vccd_motion_parse_reals(m, s, "o0", AA_O, 3, 1, 0, e)
        || vccd_motion_parse_reals(m, s, "v", AA_U, 3, 1, 0, e)
        || vccd_motion_parse_unit_quat(m, s, "q0", AA_Q, 0, e)
        || vccd_motion_parse_reals(m, s, "axis", AA_N, 3, 1, 0, e)
        || vccd_motion_parse_reals(m, s, "omega0", AA_W0, 1, 1, 0, e)
        || vccd_motion_parse_reals(m, s, "alpha", AA_AL, 1, 1, 0, e))
        return -1;
    if (normalize_axis(m) != 0)
        return vccd_error_set(e, s->file, vccd_config_get(s, "axis")->line, s->name, "axis",
                              "must be a nonzero vector (it gives the direction of the rotation axis)");
    return 0;
}

/* kind: 0 generic; 1 at rest; 2 alpha = 0 (ltlrm's motion); 3 starting
   from rest (omega0 = 0); 4 angle(1) = pi; 5 alpha = -2 omega0 (turns
   back: omega changes sign at t = 1/2, angle(1) = 0); 6 tiny rates
   (1e-9); 7 coordinates near 1e6. */
#define ANGACCEL_NKINDS 8

static void
angaccel_randomize(vccd_motion *m, gmp_randstate_t rs, int kind)
{
    mpfr_prec_t p = m->prec;
    vccd_mi_struct *P;
    VCCD_MI_TMP(x, p);

    if (vccd_motion_reserve(m, AA_NP) != 0)
        return;
    P = m->param;
    vccd_motion_random_reals(m, rs, AA_O, 3, kind == 7 ? 1e6 : 2.0);
    vccd_motion_random_reals(m, rs, AA_U, 3, 2.0);
    vccd_motion_random_unit_quat(m, rs, AA_Q);
    do
        vccd_motion_random_reals(m, rs, AA_N, 3, 1.0);
    while (normalize_axis(m) != 0);
    vccd_motion_random_reals(m, rs, AA_W0, 1, 4.0);
    vccd_motion_random_reals(m, rs, AA_AL, 1, 8.0);
    switch (kind) {
    case 1:
        vccd_motion_set_param_d(m, AA_W0, 0.0);
        vccd_motion_set_param_d(m, AA_AL, 0.0);
        break;
    case 2:
        vccd_motion_set_param_d(m, AA_AL, 0.0);
        break;
    case 3:
        vccd_motion_set_param_d(m, AA_W0, 0.0);
        break;
    case 4:                     /* omega0 = pi - alpha/2 */
        vccd_mi_const_pi(x);
        vccd_mi_mul_2si(&P[AA_W0], &P[AA_AL], -1);
        vccd_mi_sub(&P[AA_W0], x, &P[AA_W0]);
        break;
    case 5:
        vccd_mi_mul_2si(&P[AA_AL], &P[AA_W0], 1);
        vccd_mi_neg(&P[AA_AL], &P[AA_AL]);
        break;
    case 6:
        vccd_mi_set_str(&P[AA_W0], "1e-9");
        vccd_mi_set_str(&P[AA_AL], "-1e-9");
        break;
    default:
        break;
    }
}

/* The restriction to [t0, t1] on s in [0, 1], t = t0 + h s, h = t1 - t0:
   the centre gives o' = o + v t0, v' = v h; the angle
   angle(t0 + h s) = angle(t0) + (omega0 + alpha t0) h s + alpha h^2 s^2/2
   gives q0' = rot(n, angle(t0)) q0, omega0' = (omega0 + alpha t0) h,
   alpha' = alpha h^2; the axis is unchanged. */
static void
angaccel_rebase(vccd_mi_struct *out, const vccd_mi_struct *P, int nparams,
                const vccd_mi_struct *t0, const vccd_mi_struct *t1)
{
    mpfr_prec_t p = vccd_mi_get_prec(&out[0]);
    vccd_mi_vec3 n;
    vccd_mi_quat q0, s, o;
    VCCD_MI_TMP(h, p);
    VCCD_MI_TMP(th, p);
    VCCD_MI_TMP(x, p);

    (void)nparams;
    memcpy(n.c, P + AA_N, sizeof n.c);
    memcpy(q0.q, P + AA_Q, sizeof q0.q);
    vccd_mi_sub(h, t1, t0);
    /* angle(t0) = t0 (omega0 + alpha t0/2) */
    vccd_mi_mul(th, &P[AA_AL], t0);
    vccd_mi_mul_2si(th, th, -1);
    vccd_mi_add(th, th, &P[AA_W0]);
    vccd_mi_mul(th, th, t0);
    for (int i = 0; i < 3; i++) {
        vccd_mi_mul(x, &P[AA_U + i], t0);
        vccd_mi_add(&out[AA_O + i], &P[AA_O + i], x);
        vccd_mi_mul(&out[AA_U + i], &P[AA_U + i], h);
        vccd_mi_set(&out[AA_N + i], &P[AA_N + i]);
    }
    vccd_mi_mul(x, &P[AA_AL], t0);
    vccd_mi_add(x, x, &P[AA_W0]);
    vccd_mi_mul(&out[AA_W0], x, h);
    vccd_mi_sqr(x, h);
    vccd_mi_mul(&out[AA_AL], &P[AA_AL], x);
    /* rotation by |n| angle(t0) = angle(t0) about n, then q0 */
    vccd_mi_quat_init(&s, p);
    vccd_mi_quat_init(&o, p);
    vccd_mi_kin_quat_const(&s, &n, th);
    vccd_mi_quat_mul(&o, &s, &q0);
    /* copied into out's own structs: a memcpy view of out would share the
       limbs but not the sign and exponent that MPFR writes */
    for (int i = 0; i < 4; i++)
        vccd_mi_set(&out[AA_Q + i], &o.q[i]);
    vccd_mi_quat_clear(&s);
    vccd_mi_quat_clear(&o);
}

/* Over t in [0, 1], |omega(t)| <= max(|omega0|, |omega0 + alpha|) (it is
   linear in t), |n x r| <= |n| |r| and |r| = |p| <= r, so
   |dx/dt| <= |v| + wmax |n| r and |d2x/dt2| <= |alpha| |n| r + wmax^2 |n|^2 r.
   |n| is kept (an enclosure around 1) so every bound rounds upward. */
static void
angaccel_bounds(double *speed, double *accel, const vccd_di *P, int nparams, double r)
{
    vccd_di_vec3 u, n;
    vccd_di nu, nn, wm, al, rr = vccd_di_set_d(r), sp, ac;

    (void)nparams;
    memcpy(u.c, P + AA_U, sizeof u.c);
    memcpy(n.c, P + AA_N, sizeof n.c);
    vccd_di_vec3_norm2(&nu, &u);
    vccd_di_vec3_norm2(&nn, &n);
    nu = vccd_di_sqrt(nu);
    nn = vccd_di_sqrt(nn);
    wm = vccd_di_abs(vccd_di_hull(P[AA_W0], vccd_di_add(P[AA_W0], P[AA_AL])));
    wm = vccd_di_set_d(wm.hi);
    al = vccd_di_abs(P[AA_AL]);
    sp = vccd_di_add(nu, vccd_di_mul(vccd_di_mul(wm, nn), rr));
    ac = vccd_di_add(vccd_di_mul(vccd_di_mul(al, nn), rr),
                     vccd_di_mul(vccd_di_mul(vccd_di_sqr(wm), vccd_di_sqr(nn)), rr));
    *speed = sp.hi;
    *accel = ac.hi;
}

/* The parameter table and typed constructor (vccd/motions.h). */
#define ANGACCEL_PARAMS(P, V)                                                                    \
    P(o0, REAL, 3, NULL, "position of the centre at t = 0")                                      \
    P(v, REAL, 3, NULL, "velocity of the centre, per step")                                      \
    P(q0, UNIT_QUAT, 4, "1 0 0 0", "orientation at t = 0, w x y z")                              \
    P(axis, DIRECTION, 3, NULL, "the fixed rotation axis (any length, not zero)")                \
    P(omega0, REAL, 1, NULL, "angular velocity at t = 0, rad per step")                          \
    P(alpha, REAL, 1, NULL, "angular acceleration, rad per step^2")
#define angaccel_SIGNATURES(S)                                                                   \
    S(angaccel, new, ANGACCEL_PARAMS, "the centre's line o0 + v t and the angle omega0 t + alpha t^2/2 about axis")

#define VCCD_MOTION_FILE "motions/angaccel.c"
#define VCCD_MOTION_NAME angaccel
#include "vccd/plugin/motion_instantiate.h"
VCCD_MOTION_DEFINE(angaccel, "angaccel",
                   "linear translation + rotation at constant angular acceleration about a fixed axis",
                   3, 0, ANGACCEL_NKINDS);
#else

static void
VM_FN(eval)(VM_V3 *x, VM_V3 *v, VM_V3 *a, const VB_T *P, const VM_V3 *p, int vertex, const VB_T *t)
{
    const VB_T *ref = x ? &x->c[0] : v ? &v->c[0] : &a->c[0];
    const VM_V3 *o = (const VM_V3 *)(P + AA_O), *u = (const VM_V3 *)(P + AA_U);
    const VM_V3 *n = (const VM_V3 *)(P + AA_N);
    const VM_Q *q0 = (const VM_Q *)(P + AA_Q);
    VM_V3 r, s, nr;
    VB_T th[1], w[1], h[1];
    VB_TMP_N(r_l, r.c, 3, ref);
    VB_TMP_N(s_l, s.c, 3, ref);
    VB_TMP_N(nr_l, nr.c, 3, ref);
    VB_TMP_N(th_l, th, 1, ref);
    VB_TMP_N(w_l, w, 1, ref);
    VB_TMP_N(h_l, h, 1, ref);

    (void)vertex;
    /* omega(t) = omega0 + alpha t; angle(t) = t (omega0 + alpha t/2), in
       this form so that t appears once per factor (tighter over an
       interval t than omega0 t + alpha t^2/2) */
    VB_MUL(h, &P[AA_AL], t);
    VB_ADD(w, &P[AA_W0], h);
    VB_MUL_2EXP(h, h, -1);
    VB_ADD(th, &P[AA_W0], h);
    VB_MUL(th, th, t);
    /* r = R(n, angle) R(q0) p: kin_rotate_const turns by |w| t about w,
       here by |n| angle = angle about n */
    VM_G(quat_rotate)(&r, q0, p);
    VM_G(kin_rotate_const)(&r, n, th, &r);
    if (v || a)
        VM_G(vec3_cross)(&nr, n, &r);
    if (v) {
        VM_G(vec3_scale)(&s, w, &nr);
        VM_G(vec3_add)(v, u, &s);
    }
    if (a) {
        VM_G(vec3_cross)(&s, n, &nr);
        VB_SQR(h, w);
        VM_G(vec3_scale)(&s, h, &s);
        VM_G(vec3_scale)(a, &P[AA_AL], &nr);
        VM_G(vec3_add)(a, a, &s);
    }
    if (x) {
        VM_G(vec3_scale)(&s, t, u);
        VM_G(vec3_add)(&s, &s, o);
        VM_G(vec3_add)(x, &s, &r);
    }
}

#endif
