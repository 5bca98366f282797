/* planar.c -- what the planar rigid motions (ltlrm2d, ballistic2d) share
   beyond their kernel (kin_planar_eval): the parameter layout, parsing,
   rebase, bounds and random instances (rigid.h). */
#include "vccd/plugin/motion_impl.h"
#include "vccd/plugin/rigid.h"

int
vccd_planar_parse(vccd_motion *m, vccd_config_section *s, int with_a, vccd_error *e)
{
    if (vccd_motion_reserve(m, with_a ? VCCD_PLANAR_NA : VCCD_PLANAR_N) != 0)
        return vccd_error_set(e, s->file, s->line, s->name, NULL, "out of memory");
    if (vccd_motion_parse_reals(m, s, "o0", VCCD_PLANAR_Q, 2, 1, 0, e)
        || vccd_motion_parse_reals(m, s, "alpha0", VCCD_PLANAR_Q + 2, 1, 0, 0.0, e)
        || vccd_motion_parse_reals(m, s, "v", VCCD_PLANAR_R, 2, 1, 0, e)
        || vccd_motion_parse_reals(m, s, "omega", VCCD_PLANAR_R + 2, 1, 1, 0, e))
        return -1;
    if (with_a) {
        if (vccd_motion_parse_reals(m, s, "a", VCCD_PLANAR_A, 2, 0, 0.0, e))
            return -1;
        vccd_motion_set_param_d(m, VCCD_PLANAR_A + 2, 0.0);
    }
    return 0;
}

void
vccd_planar_randomize(vccd_motion *m, gmp_randstate_t rs, int kind, int with_a)
{
    vccd_motion_reserve(m, with_a ? VCCD_PLANAR_NA : VCCD_PLANAR_N);
    vccd_motion_random_reals(m, rs, VCCD_PLANAR_Q, 2, kind == 4 ? 1e6 : 2.0);
    vccd_motion_random_reals(m, rs, VCCD_PLANAR_Q + 2, 1, kind == 5 ? 1e4 : 4.0);
    vccd_motion_random_reals(m, rs, VCCD_PLANAR_R, 2, 2.0);
    vccd_motion_random_reals(m, rs, VCCD_PLANAR_R + 2, 1, kind == 5 ? 100.0 : 4.0);
    if (with_a) {
        vccd_motion_random_reals(m, rs, VCCD_PLANAR_A, 2, 10.0);
        vccd_motion_set_param_d(m, VCCD_PLANAR_A + 2, 0.0);
    }
    if (kind == 1) {
        vccd_motion_set_param_d(m, VCCD_PLANAR_R + 2, 0.0);
    } else if (kind == 2 || kind == 3) {
        vccd_mi_struct *w = &m->param[VCCD_PLANAR_R + 2];
        vccd_mi_const_pi(w);
        if (kind == 3)
            vccd_mi_mul_2si(w, w, 1);
        if (gmp_urandomb_ui(rs, 1))
            vccd_mi_neg(w, w);
    }
}

/* q' = q + r t0 + a t0^2/2, r' = (r + a t0) h, a' = a h^2 with
   h = t1 - t0, for (centre, angle) at once (the angle's a is 0). */
void
vccd_planar_rebase(vccd_mi_struct *out, const vccd_mi_struct *P, int nparams, const vccd_mi_struct *t0,
                   const vccd_mi_struct *t1)
{
    if (nparams < VCCD_PLANAR_NA) {
        vccd_mi_kin_line_rebase(out + VCCD_PLANAR_Q, out + VCCD_PLANAR_R, P + VCCD_PLANAR_Q, P + VCCD_PLANAR_R, 3,
                                t0, t1);
        return;
    }
    vccd_mi_kin_quad_rebase(out + VCCD_PLANAR_Q, out + VCCD_PLANAR_R, out + VCCD_PLANAR_A, P + VCCD_PLANAR_Q,
                            P + VCCD_PLANAR_R, P + VCCD_PLANAR_A, 3, t0, t1);
}

/* A rigid motion with centre velocity (vx, vy, 0) (+ (ax, ay, 0) t) and
   constant angular velocity (0, 0, omega). */
void
vccd_planar_bounds(double *speed, double *accel, const vccd_di *P, int nparams, double r)
{
    vccd_di_vec3 u = { { P[VCCD_PLANAR_R], P[VCCD_PLANAR_R + 1], vccd_di_set_d(0.0) } };
    vccd_di_vec3 b = { { vccd_di_set_d(0.0), vccd_di_set_d(0.0), vccd_di_set_d(0.0) } };
    if (nparams >= VCCD_PLANAR_NA)
        b.c[0] = P[VCCD_PLANAR_A], b.c[1] = P[VCCD_PLANAR_A + 1];
    vccd_rigid_bounds_from(speed, accel, &u, nparams >= VCCD_PLANAR_NA ? &b : NULL,
                           vccd_di_sqr(P[VCCD_PLANAR_R + 2]), 0.0, r);
}
