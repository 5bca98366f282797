/* rigid.c -- parsing, rebase, bounds and random instances shared by the
   rigid motions with constant angular velocity (rigid.h). */
#include <stdlib.h>
#include <string.h>

#include "vccd/plugin/motion_impl.h"
#include "vccd/plugin/rigid.h"

/* View of 3 or 4 consecutive parameters as a vector / quaternion: the
   struct copies share the MPFR limbs, so they are read-only views. */
static vccd_mi_vec3
view3(const vccd_mi_struct *P, int i)
{
    vccd_mi_vec3 v;
    memcpy(v.c, P + i, sizeof v.c);
    return v;
}

static vccd_mi_quat
view4(const vccd_mi_struct *P, int i)
{
    vccd_mi_quat q;
    memcpy(q.q, P + i, sizeof q.q);
    return q;
}

/* Angular velocity taking orientation q0 to q1 in one step with `turns`
   extra full turns: the relative rotation d = q1 q0* on the short arc
   (d.w >= 0), angle 2 acos(d.w) + 2 pi turns about d's axis. */
static int
omega_from_poses(vccd_motion *m, long turns, vccd_config_section *s, int line, vccd_error *e)
{
    mpfr_prec_t p = m->prec;
    vccd_mi_quat q0 = view4(m->param, VCCD_RIGID_Q), q1, c, d;
    VCCD_MI_TMP(phi, p);
    VCCD_MI_TMP(f, p);
    VCCD_MI_TMP(g, p);
    VCCD_MI_TMP(x, p);

    q1 = view4(m->param, VCCD_RIGID_W);     /* end orientation parked here */
    vccd_mi_quat_init(&c, p);
    vccd_mi_quat_init(&d, p);
    vccd_mi_quat_conj(&c, &q0);
    vccd_mi_quat_mul(&d, &q1, &c);
    /* q and -q are the same rotation: take the short arc, d.w >= 0.
       (Jørgensen 2006, 4.2/9.3, inverts the flip test.)  When d.w straddles
       0 the rotation is a half turn either way and either sign is fine. */
    if (mpfr_sgn(&d.q[0].hi) < 0 || (mpfr_sgn(&d.q[0].lo) < 0 && mpfr_cmpabs(&d.q[0].lo, &d.q[0].hi) > 0))
        for (int i = 0; i < 4; i++)
            vccd_mi_neg(&d.q[i], &d.q[i]);
    vccd_mi_acos(phi, &d.q[0]);                 /* half the angle */
    if (turns == 0) {
        /* angle 2 phi about xyz/|xyz| with |xyz| = sin(phi):
           w = xyz * 2 phi / sin(phi) = xyz * 2 / sinc(phi), which stays
           defined when the orientations coincide (phi = 0) */
        vccd_mi_sqr(x, phi);
        vccd_mi_sinc_cosc(f, g, x);
        vccd_mi_set_d(g, 2.0);
        vccd_mi_div(f, g, f);
        for (int i = 0; i < 3; i++)
            vccd_mi_mul(&m->param[VCCD_RIGID_W + i], &d.q[i + 1], f);
    } else {
        vccd_mi_vec3 axis = view3(d.q, 1);
        vccd_mi_vec3_norm2(x, &axis);
        vccd_mi_sqrt(x, x);
        if (vccd_mi_contains_zero(x)) {
            vccd_mi_quat_clear(&c);
            vccd_mi_quat_clear(&d);
            return vccd_error_set(e, s->file, line, s->name, "turns",
                                  "start and end orientations (nearly) coincide, so the axis of "
                                  "the extra turns is undefined; give omega instead");
        }
        vccd_mi_const_pi(g);
        vccd_mi_mul_2si(g, g, 1);
        vccd_mi_set_d(f, (double)turns);
        vccd_mi_mul(g, g, f);                   /* 2 pi turns */
        vccd_mi_mul_2si(f, phi, 1);
        vccd_mi_add(f, f, g);                   /* total angle */
        vccd_mi_div(f, f, x);
        for (int i = 0; i < 3; i++)
            vccd_mi_mul(&m->param[VCCD_RIGID_W + i], &d.q[i + 1], f);
    }
    vccd_mi_quat_clear(&c);
    vccd_mi_quat_clear(&d);
    return 0;
}

int
vccd_rigid_parse_poses(vccd_motion *m, vccd_config_section *s, int turns_ok, vccd_error *e)
{
    vccd_config_kv *tk = turns_ok ? vccd_config_get(s, "turns") : NULL;
    long turns = 0;
    char *end;
    vccd_mi_struct *P;

    /* the end orientation is parked in the w slots, one more than N */
    if (vccd_motion_reserve(m, VCCD_RIGID_W + 4) != 0)
        return vccd_error_set(e, s->file, s->line, s->name, NULL, "out of memory");
    P = m->param;
    if (tk) {
        turns = strtol(tk->value, &end, 10);
        if (end == tk->value || *end || turns < -1000000 || turns > 1000000)
            return vccd_error_set(e, s->file, tk->line, s->name, "turns",
                                  "'%s' is not an integer number of turns", tk->value);
    }
    /* o = start, u = end - start */
    if (vccd_motion_parse_reals(m, s, "start_position", VCCD_RIGID_O, 3, 1, 0, e)
        || vccd_motion_parse_reals(m, s, "end_position", VCCD_RIGID_U, 3, 1, 0, e)
        || vccd_motion_parse_unit_quat(m, s, "start_orientation", VCCD_RIGID_Q, 1, e)
        || vccd_motion_parse_unit_quat(m, s, "end_orientation", VCCD_RIGID_W, 1, e))
        return -1;
    for (int i = 0; i < 3; i++)
        vccd_mi_sub(&P[VCCD_RIGID_U + i], &P[VCCD_RIGID_U + i], &P[VCCD_RIGID_O + i]);
    if (omega_from_poses(m, turns, s, tk ? tk->line : s->line, e) != 0)
        return -1;
    /* the parked 4th slot is not a parameter */
    vccd_mi_clear(&m->param[VCCD_RIGID_W + 3]);
    m->nparams = VCCD_RIGID_N;
    return 0;
}

int
vccd_rigid_parse(vccd_motion *m, vccd_config_section *s, int with_b, int poses_ok, vccd_error *e)
{
    if (vccd_motion_reserve(m, with_b ? VCCD_RIGID_NB : VCCD_RIGID_N) != 0)
        return vccd_error_set(e, s->file, s->line, s->name, NULL, "out of memory");
    if (poses_ok && vccd_config_get(s, "start_position")) {
        if (vccd_config_get(s, "o0") || vccd_config_get(s, "v") || vccd_config_get(s, "omega")
            || vccd_config_get(s, "q0"))
            return vccd_error_set(e, s->file, s->line, s->name, NULL,
                                  "give either o0/v/q0/omega or start_/end_ poses, not both");
        return vccd_rigid_parse_poses(m, s, 1, e);
    }
    if (vccd_motion_parse_reals(m, s, "o0", VCCD_RIGID_O, 3, 1, 0, e)
        || vccd_motion_parse_reals(m, s, "v", VCCD_RIGID_U, 3, 1, 0, e)
        || vccd_motion_parse_unit_quat(m, s, "q0", VCCD_RIGID_Q, 0, e)
        || vccd_motion_parse_reals(m, s, "omega", VCCD_RIGID_W, 3, 1, 0, e))
        return -1;
    if (with_b && vccd_motion_parse_reals(m, s, "a", VCCD_RIGID_B, 3, 1, 0, e))
        return -1;
    return 0;
}

void
vccd_rigid_rebase(vccd_mi_struct *out, const vccd_mi_struct *P, int nparams,
                  const vccd_mi_struct *t0, const vccd_mi_struct *t1)
{
    mpfr_prec_t p = vccd_mi_get_prec(&out[0]);
    int with_b = nparams >= VCCD_RIGID_NB;
    vccd_mi_vec3 w = view3(P, VCCD_RIGID_W);
    vccd_mi_quat q0 = view4(P, VCCD_RIGID_Q), s;
    VCCD_MI_TMP(h, p);

    vccd_mi_sub(h, t1, t0);
    /* o' = o + u t0 (+ b t0^2/2),  u' = (u + b t0) h,  b' = b h^2 */
    if (with_b)
        vccd_mi_kin_quad_rebase(out + VCCD_RIGID_O, out + VCCD_RIGID_U, out + VCCD_RIGID_B, P + VCCD_RIGID_O,
                                P + VCCD_RIGID_U, P + VCCD_RIGID_B, 3, t0, t1);
    else
        vccd_mi_kin_line_rebase(out + VCCD_RIGID_O, out + VCCD_RIGID_U, P + VCCD_RIGID_O, P + VCCD_RIGID_U, 3, t0,
                                t1);
    for (int i = 0; i < 3; i++)
        vccd_mi_mul(&out[VCCD_RIGID_W + i], &P[VCCD_RIGID_W + i], h);
    /* q0' = rotation by w t0 after q0 */
    vccd_mi_quat_init(&s, p);
    vccd_mi_kin_quat_const(&s, &w, t0);
    {
        /* Not into a view4() of out: the struct copies share the limbs
           but MPFR writes sign and exponent into the copy, so out's q0
           stayed empty (found by tests/motion/t-motion.c).  Views are
           for reading only. */
        vccd_mi_quat o;
        vccd_mi_quat_init(&o, p);
        vccd_mi_quat_mul(&o, &s, &q0);
        for (int i = 0; i < 4; i++)
            vccd_mi_set(&out[VCCD_RIGID_Q + i], &o.q[i]);
        vccd_mi_quat_clear(&o);
    }
    vccd_mi_quat_clear(&s);
}

void
vccd_rigid_bounds_from(double *speed, double *accel, const vccd_di_vec3 *u, const vccd_di_vec3 *b,
                       vccd_di w2, double wd, double r)
{
    /* |dx/dt| <= |u| + |b| + |w| r and |d2x/dt2| <= |b| + (|w'| + |w|^2) r
       over t in [0, 1] (dx/dt = u + b t + w x r, d2x/dt2 = b + w' x r +
       w x (w x r)); norms from interval ops, so every bound is upward. */
    vccd_di nu, nb = vccd_di_set_d(0.0), rr = vccd_di_set_d(r), sp, ac;
    vccd_di_vec3_norm2(&nu, u);
    if (b) {
        vccd_di_vec3_norm2(&nb, b);
        nb = vccd_di_sqrt(nb);
    }
    sp = vccd_di_add(vccd_di_add(vccd_di_sqrt(nu), nb), vccd_di_mul(vccd_di_sqrt(w2), rr));
    ac = vccd_di_add(nb, vccd_di_mul(vccd_di_add(vccd_di_set_d(wd), w2), rr));
    *speed = sp.hi;
    *accel = ac.hi;
}

void
vccd_rigid_bounds(double *speed, double *accel, const vccd_di *P, int nparams, double r)
{
    vccd_di_vec3 u, w, b;
    vccd_di nw2;
    memcpy(u.c, P + VCCD_RIGID_U, sizeof u.c);
    memcpy(w.c, P + VCCD_RIGID_W, sizeof w.c);
    if (nparams >= VCCD_RIGID_NB)
        memcpy(b.c, P + VCCD_RIGID_B, sizeof b.c);
    vccd_di_vec3_norm2(&nw2, &w);
    vccd_rigid_bounds_from(speed, accel, &u, nparams >= VCCD_RIGID_NB ? &b : NULL, nw2, 0.0, r);
}

/* param[first .. first+3) := a rotation vector of length 0 (which = 1),
   pi (2), 2 pi (3) or 1e-9 (4) about one of a few exact unit axes. */
static void
special_rotvec(vccd_motion *m, gmp_randstate_t rs, int first, int which)
{
    static const char *axes[3][3] = { { "1", "0", "0" }, { "0", "0.6", "0.8" }, { "0", "0", "-1" } };
    const char *const *ax = axes[gmp_urandomb_ui(rs, 16) % 3];
    VCCD_MI_TMP(mag, m->prec);
    vccd_mi_const_pi(mag);
    if (which == 1)
        vccd_mi_set_d(mag, 0.0);
    else if (which == 3)
        vccd_mi_mul_2si(mag, mag, 1);
    else if (which == 4)
        vccd_mi_set_str(mag, "1e-9");
    for (int i = 0; i < 3; i++) {
        vccd_mi_set_str(&m->param[first + i], ax[i]);
        vccd_mi_mul(&m->param[first + i], &m->param[first + i], mag);
    }
}

void
vccd_rigid_randomize(vccd_motion *m, gmp_randstate_t rs, int kind, int with_b)
{
    vccd_motion_reserve(m, with_b ? VCCD_RIGID_NB : VCCD_RIGID_N);
    vccd_motion_random_reals(m, rs, VCCD_RIGID_O, 3, kind == 5 ? 1e6 : 2.0);
    vccd_motion_random_reals(m, rs, VCCD_RIGID_U, 3, 2.0);
    vccd_motion_random_unit_quat(m, rs, VCCD_RIGID_Q);
    vccd_motion_random_reals(m, rs, VCCD_RIGID_W, 3, 4.0);
    if (with_b)
        vccd_motion_random_reals(m, rs, VCCD_RIGID_B, 3, 2.0);
    if (kind >= 1 && kind <= 4)
        special_rotvec(m, rs, VCCD_RIGID_W, kind);
}

void
vccd_rigid_randomize_poses(vccd_motion *m, gmp_randstate_t rs, int kind)
{
    vccd_motion_reserve(m, VCCD_RIGID_W + 4);
    vccd_motion_random_reals(m, rs, VCCD_RIGID_O, 3, kind == 6 ? 1e6 : 2.0);
    vccd_motion_random_reals(m, rs, VCCD_RIGID_U, 3, 2.0);
    vccd_motion_random_unit_quat(m, rs, VCCD_RIGID_Q);
    vccd_motion_random_unit_quat(m, rs, VCCD_RIGID_W);  /* end orientation */
    if (kind >= 1 && kind <= 4) {
        /* end = e q0, e the rotation by a special vector (angle 0 for the
           same and the antipodal end, pi, 1e-9) */
        vccd_mi_quat e, q1, q0 = view4(m->param, VCCD_RIGID_Q);
        vccd_mi_vec3 rv;
        VCCD_MI_TMP(one, m->prec);
        special_rotvec(m, rs, VCCD_RIGID_W, kind <= 2 ? 1 : kind == 3 ? 2 : 4);
        rv = view3(m->param, VCCD_RIGID_W);
        vccd_mi_set_d(one, 1.0);
        vccd_mi_quat_init(&e, m->prec);
        vccd_mi_quat_init(&q1, m->prec);
        vccd_mi_kin_quat_const(&e, &rv, one);
        vccd_mi_quat_mul(&q1, &e, &q0);
        for (int i = 0; i < 4; i++) {
            if (kind == 2)
                vccd_mi_neg(&q1.q[i], &q1.q[i]);
            vccd_mi_set(&m->param[VCCD_RIGID_W + i], &q1.q[i]);
        }
        vccd_mi_quat_clear(&e);
        vccd_mi_quat_clear(&q1);
    }
    for (int i = 0; i < 3; i++)
        vccd_mi_sub(&m->param[VCCD_RIGID_U + i], &m->param[VCCD_RIGID_U + i], &m->param[VCCD_RIGID_O + i]);
    omega_from_poses(m, 0, NULL, 0, NULL);
    if (kind == 5) {
        /* displacement normal to the rotation axis (a screw with no slide) */
        vccd_mi_vec3 w = view3(m->param, VCCD_RIGID_W), u = view3(m->param, VCCD_RIGID_U), r;
        vccd_mi_vec3_init(&r, m->prec);
        vccd_mi_vec3_cross(&r, &w, &u);
        for (int i = 0; i < 3; i++)
            vccd_mi_set(&m->param[VCCD_RIGID_U + i], &r.c[i]);
        vccd_mi_vec3_clear(&r);
    }
    vccd_mi_clear(&m->param[VCCD_RIGID_W + 3]);
    m->nparams = VCCD_RIGID_N;
}
