/* screw.c -- screw motion between two poses (Jørgensen 2006, 4.1; FCL's
   ScrewMotion): the body turns about a fixed axis line at constant rate
   while sliding along it.  Config: type = screw with start_position,
   start_orientation, end_position, end_orientation (quaternions w x y z).

   The relative transform T1 T0^-1 is a rotation by theta about an axis
   n through a point c plus a slide d n (Chasles); the motion at time t
   rotates by theta t and slides d t.  The parameters are those of the
   poses form of the rigid models (vccd/plugin/rigid.h): o = start position,
   u = end - start, q0, and the rotation vector w = theta n on the short
   arc (see motions/interp.c for antipodal quaternions and half turns).
   The reference point's path is kin_screw_centre (vccd/plugin/kin_impl.h),
   written with the sinc family so that neither n nor c (undefined as
   theta -> 0) appears: the identity rotation gives pure translation
   o + t u, and a tiny or zero-straddling w stays tight. */
#ifndef VB_PFX
#include <math.h>
#include <string.h>

#include "vccd/plugin/motion_impl.h"
#include "vccd/plugin/rigid.h"

/* The typed constructor (vccd/motions.h). */
#define screw_SIGNATURES(S)                                                                      \
    S(screw, new, VCCD_RIGID_POSES_PARAMS, "from the start and end poses (the short arc's screw)")

#define VCCD_MOTION_FILE "motions/screw.c"
#define VCCD_MOTION_NAME screw
#include "vccd/plugin/motion_instantiate.h"

static int screw_parse(vccd_motion *m, vccd_config_section *s, vccd_error *e) { return vccd_rigid_parse_poses(m, s, 0, e); }
static void screw_randomize(vccd_motion *m, gmp_randstate_t rs, int kind) { vccd_rigid_randomize_poses(m, rs, kind); }

/* The restriction to [t0, t1] is the screw between the poses at t0 and
   t1 with rotation vector w (t1 - t0) (the same axis line; the screw
   with a given rotation vector of length < 2 pi between two poses is
   unique): q0 and w as for the rigid models, o and u from the path. */
static void
screw_rebase(vccd_mi_struct *out, const vccd_mi_struct *P, int nparams,
             const vccd_mi_struct *t0, const vccd_mi_struct *t1)
{
    mpfr_prec_t p = vccd_mi_get_prec(&out[0]);
    vccd_mi_vec3 o, u, w, c0, c1;

    vccd_rigid_rebase(out, P, nparams, t0, t1);
    memcpy(o.c, P + VCCD_RIGID_O, sizeof o.c);  /* read-only views */
    memcpy(u.c, P + VCCD_RIGID_U, sizeof u.c);
    memcpy(w.c, P + VCCD_RIGID_W, sizeof w.c);
    vccd_mi_vec3_init(&c0, p);
    vccd_mi_vec3_init(&c1, p);
    vccd_mi_kin_screw_centre(&c0, NULL, NULL, &o, &u, &w, t0);
    vccd_mi_kin_screw_centre(&c1, NULL, NULL, &o, &u, &w, t1);
    for (int i = 0; i < 3; i++) {
        vccd_mi_set(&out[VCCD_RIGID_O + i], &c0.c[i]);
        vccd_mi_sub(&out[VCCD_RIGID_U + i], &c1.c[i], &c0.c[i]);
    }
    vccd_mi_vec3_clear(&c0);
    vccd_mi_vec3_clear(&c1);
}

/* The reference point moves at the constant speed |c'| <= |u|/sinc(th/2)
   (its slide and its turn about the axis are orthogonal, and the turn
   covers the chord |u_perp| along an arc of length |u_perp|/sinc(th/2))
   with acceleration |c''| = th |c'_perp| <= th |u|/sinc(th/2); a body
   point at distance <= r from it adds |w| r and |w|^2 r.  Rounded
   upward by interval operations. */
static void
screw_bounds(double *speed, double *accel, const vccd_di *P, int nparams, double r)
{
    vccd_di_vec3 u, w;
    vccd_di nu, nw2, nw, x, s, c, k, rr = vccd_di_set_d(r);
    (void)nparams;
    memcpy(u.c, P + VCCD_RIGID_U, sizeof u.c);
    memcpy(w.c, P + VCCD_RIGID_W, sizeof w.c);
    vccd_di_vec3_norm2(&nu, &u);
    vccd_di_vec3_norm2(&nw2, &w);
    nw = vccd_di_sqrt(nw2);
    x = vccd_di_mul_d(nw2, 0.25);
    vccd_di_sinc_cosc(&s, &c, &x);
    if (!(s.lo > 0.0)) {                /* th >= 2 pi: not a parsed screw */
        *speed = *accel = INFINITY;
        return;
    }
    k = vccd_di_div(vccd_di_sqrt(nu), vccd_di_set_d(s.lo));
    *speed = vccd_di_add(k, vccd_di_mul(nw, rr)).hi;
    *accel = vccd_di_add(vccd_di_mul(nw, k), vccd_di_mul(nw2, rr)).hi;
}

VCCD_MOTION_DEFINE(screw, "screw", "screw motion between two poses: turn about and slide along one axis (Jørgensen 2006, 4.1; FCL ScrewMotion)",
                   3, 0, VCCD_RIGID_POSES_NKINDS);
#else

static void
VM_FN(eval)(VM_V3 *x, VM_V3 *v, VM_V3 *a, const VB_T *P, const VM_V3 *p, int vertex, const VB_T *t)
{
    const VB_T *ref = x ? &x->c[0] : v ? &v->c[0] : &a->c[0];
    const VM_V3 *w = (const VM_V3 *)(P + VCCD_RIGID_W);
    VM_V3 c, cv, ca;
    VB_TMP_N(c_l, c.c, 3, ref);
    VB_TMP_N(cv_l, cv.c, 3, ref);
    VB_TMP_N(ca_l, ca.c, 3, ref);
    (void)vertex;
    VM_G(kin_screw_centre)(x ? &c : NULL, v ? &cv : NULL, a ? &ca : NULL, (const VM_V3 *)(P + VCCD_RIGID_O),
                           (const VM_V3 *)(P + VCCD_RIGID_U), w, t);
    VM_G(kin_rigid_body)(x, v, a, &c, &cv, &ca, (const VM_Q *)(P + VCCD_RIGID_Q), w, p, t);
}

#endif
