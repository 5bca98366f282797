/* rotvec.c -- rotation-vector interpolation (as Rigid IPC interpolates
   poses): the centre and the rotation vector phi (exponential map) both
   move linearly, x(t) = c(t) + exp([phi(t)]) p.
   Config: type = rotvec with start_position, end_position (3 numbers
   each) and start_rotvec, end_rotvec (rotation vectors: axis times angle
   in radians, any length).  Unless phi0 and phi1 are parallel the axis
   turns with t, so the angular velocity is J(phi) phi', not phi'
   (kin_rotvec in vccd/plugin/kin_impl.h). */
#ifndef VB_PFX
#include <string.h>

#include "vccd/plugin/motion_impl.h"
#include "vccd/plugin/rigid.h"

/* Layout of m->param: centre c0 at t = 0 and its displacement u = c1 - c0
   over the step; rotation vector phi0 at t = 0 and its change
   d = phi1 - phi0.  Both are lines, o + u t, so rebase is that of a line. */
enum { RV_C = 0, RV_U = 3, RV_PHI = 6, RV_D = 9, RV_N = 12 };

static int
rotvec_parse(vccd_motion *m, vccd_config_section *s, vccd_error *e)
{
    if (vccd_motion_reserve(m, RV_N) != 0)
        return vccd_error_set(e, s->file, s->line, s->name, NULL, "out of memory");
    if (vccd_motion_parse_reals(m, s, "start_position", RV_C, 3, 1, 0, e)
        || vccd_motion_parse_reals(m, s, "end_position", RV_U, 3, 1, 0, e)
        || vccd_motion_parse_reals(m, s, "start_rotvec", RV_PHI, 3, 1, 0, e)
        || vccd_motion_parse_reals(m, s, "end_rotvec", RV_D, 3, 1, 0, e))
        return -1;
    for (int i = 0; i < 3; i++) {
        vccd_mi_sub(&m->param[RV_U + i], &m->param[RV_U + i], &m->param[RV_C + i]);
        vccd_mi_sub(&m->param[RV_D + i], &m->param[RV_D + i], &m->param[RV_PHI + i]);
    }
    return 0;
}

/* param[first .. first+3) := a random direction scaled to length mag
   (an enclosure: the direction is normalised in interval arithmetic). */
static void
random_rotvec(vccd_motion *m, gmp_randstate_t rs, int first, const vccd_mi_struct *mag)
{
    VCCD_MI_TMP(n, m->prec);
    VCCD_MI_TMP(s, m->prec);
    do {
        vccd_motion_random_reals(m, rs, first, 3, 1.0);
        vccd_mi_set_d(n, 0.0);
        for (int i = 0; i < 3; i++) {
            vccd_mi_sqr(s, &m->param[first + i]);
            vccd_mi_add(n, n, s);
        }
        vccd_mi_set_d(s, 0.01);
    } while (!vccd_mi_certainly_le(s, n));
    vccd_mi_sqrt(n, n);
    vccd_mi_div(n, mag, n);
    for (int i = 0; i < 3; i++)
        vccd_mi_mul(&m->param[first + i], &m->param[first + i], n);
}

/* kind 0 generic; 1 phi = 0 throughout; 2 phi0, phi1 parallel (on one
   line through 0, which the path may cross); 3 |phi| near pi at both
   ends; 4 |phi| > 2 pi at both ends; 5 constant phi != 0 (translation
   only); 6 |phi| ~ 1e-9; 7 coordinates near 1e6. */
static void
rotvec_randomize(vccd_motion *m, gmp_randstate_t rs, int kind)
{
    VCCD_MI_TMP(mag, m->prec);
    VCCD_MI_TMP(k, m->prec);

    vccd_motion_reserve(m, RV_N);
    vccd_motion_random_reals(m, rs, RV_C, 3, kind == 7 ? 1e6 : 2.0);
    vccd_motion_random_reals(m, rs, RV_U, 3, 2.0);
    vccd_motion_random_reals(m, rs, RV_PHI, 3, 3.0);
    vccd_motion_random_reals(m, rs, RV_D, 3, 3.0);
    switch (kind) {
    case 1:
        for (int i = 0; i < 6; i++)
            vccd_motion_set_param_d(m, RV_PHI + i, 0.0);
        break;
    case 2:
        /* d = k phi0, k in [-2.5, 1.5]: phi1 = (1 + k) phi0 */
        vccd_motion_random_reals(m, rs, RV_D, 1, 2.0);
        vccd_mi_set_d(k, -0.5);
        vccd_mi_add(k, k, &m->param[RV_D]);
        for (int i = 0; i < 3; i++)
            vccd_mi_mul(&m->param[RV_D + i], &m->param[RV_PHI + i], k);
        break;
    case 3:
    case 4:
    case 6:
        /* both ends at length pi (1 + 1e-6 r), 2 pi + 1 .. 2 pi + 9, or
           1e-9: d = phi1 - phi0 */
        for (int end = 0; end < 2; end++) {
            double r = (double)gmp_urandomb_ui(rs, 30) * 0x1p-30;
            vccd_mi_const_pi(mag);
            if (kind == 3) {
                vccd_mi_set_d(k, 1.0 + 1e-6 * (2.0 * r - 1.0));
                vccd_mi_mul(mag, mag, k);
            } else if (kind == 4) {
                vccd_mi_mul_2si(mag, mag, 1);
                vccd_mi_set_d(k, 1.0 + 8.0 * r);
                vccd_mi_add(mag, mag, k);
            } else {
                vccd_mi_set_str(mag, "1e-9");
            }
            random_rotvec(m, rs, end ? RV_D : RV_PHI, mag);
        }
        for (int i = 0; i < 3; i++)
            vccd_mi_sub(&m->param[RV_D + i], &m->param[RV_D + i], &m->param[RV_PHI + i]);
        break;
    case 5:
        for (int i = 0; i < 3; i++)
            vccd_motion_set_param_d(m, RV_D + i, 0.0);
        break;
    default:
        break;
    }
}

static void
rotvec_rebase(vccd_mi_struct *out, const vccd_mi_struct *P, int nparams, const vccd_mi_struct *t0,
              const vccd_mi_struct *t1)
{
    (void)nparams;
    vccd_mi_kin_line_rebase(out + RV_C, out + RV_U, P + RV_C, P + RV_U, 3, t0, t1);
    vccd_mi_kin_line_rebase(out + RV_PHI, out + RV_D, P + RV_PHI, P + RV_D, 3, t0, t1);
}

/* |w| = |J(phi) d| <= |d|: J keeps the component of d along phi and
   scales the rest by |2 sin(|phi|/2)|/|phi| <= 1.  |dw/dt| is bounded by
   enclosing it over 64 pieces of [0, 1] in binary64 interval arithmetic,
   which stays tight where a single enclosure over [0, 1] would not. */
static void
rotvec_bounds(double *speed, double *accel, const vccd_di *P, int nparams, double r)
{
    enum { PIECES = 64 };
    vccd_di_vec3 u, phi0, d, wd;
    vccd_di d2, n2;
    double wdmax = 0.0;
    (void)nparams;
    memcpy(u.c, P + RV_U, sizeof u.c);
    memcpy(phi0.c, P + RV_PHI, sizeof phi0.c);
    memcpy(d.c, P + RV_D, sizeof d.c);
    vccd_di_vec3_norm2(&d2, &d);
    for (int i = 0; i < PIECES; i++) {
        vccd_di t = vccd_di_set_2d((double)i / PIECES, (double)(i + 1) / PIECES);
        vccd_di_kin_rotvec(NULL, NULL, &wd, &phi0, &d, NULL, &t);
        vccd_di_vec3_norm2(&n2, &wd);
        n2 = vccd_di_sqrt(n2);
        if (!(n2.hi <= wdmax))          /* NaN-safe: a NaN bound propagates */
            wdmax = n2.hi;
    }
    vccd_rigid_bounds_from(speed, accel, &u, NULL, d2, wdmax, r);
}

/* The parameter table and typed constructor (vccd/motions.h). */
#define ROTVEC_PARAMS(P, V)                                                                      \
    P(start_position, REAL, 3, NULL, "position of the centre at t = 0")                          \
    P(start_rotvec, REAL, 3, NULL, "rotation vector at t = 0: axis times angle, rad")            \
    P(end_position, REAL, 3, NULL, "position of the centre at t = 1")                            \
    P(end_rotvec, REAL, 3, NULL, "rotation vector at t = 1: axis times angle, rad")
#define rotvec_SIGNATURES(S)                                                                     \
    S(rotvec, new, ROTVEC_PARAMS, "from the start and end positions and rotation vectors")

#define VCCD_MOTION_FILE "motions/rotvec.c"
#define VCCD_MOTION_NAME rotvec
#include "vccd/plugin/motion_instantiate.h"
VCCD_MOTION_DEFINE(rotvec, "rotvec", "linear centre + linear rotation vector, exp map (as Rigid IPC)",
                   3, 0, 8);
#else

static void
VM_FN(eval)(VM_V3 *x, VM_V3 *v, VM_V3 *a, const VB_T *P, const VM_V3 *p, int vertex, const VB_T *t)
{
    const VM_V3 *c0 = (const VM_V3 *)(P + RV_C), *u = (const VM_V3 *)(P + RV_U);
    const VB_T *ref = x ? &x->c[0] : v ? &v->c[0] : &a->c[0];
    VM_V3 r, c, w, wd;
    VB_TMP_N(r_l, r.c, 3, ref);
    VB_TMP_N(c_l, c.c, 3, ref);
    VB_TMP_N(w_l, w.c, 3, ref);
    VB_TMP_N(wd_l, wd.c, 3, ref);
    (void)vertex;

    VM_G(kin_rotvec)(&r, v || a ? &w : NULL, a ? &wd : NULL, (const VM_V3 *)(P + RV_PHI),
                     (const VM_V3 *)(P + RV_D), p, t);
    if (x)
        VM_G(kin_line)(&c, c0, u, t);
    VM_G(kin_rigid_point)(x, v, a, &c, u, NULL, &w, &wd, &r);
}

#endif
