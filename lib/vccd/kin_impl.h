/* kin_impl.h -- kinematics shared by the motion models, written once
   over all backends (include through vccd/kin.h).

   Rotation by the constant angular velocity w for time t (angle |w| t
   about w/|w|), in the form
       R w x = x + t S (w x x) + t^2 C (w x (w x x)),
   S = sinc(|w| t), C = cosc(|w| t) = (1 - cos)/angle^2, both functions of
   |w|^2 t^2.  Unlike Rodrigues' formula with the unit axis, this needs no
   division by |w|: it stays defined and tight for w = 0 and for interval
   w around 0 (thesis App. A.2 notes the axis is undefined there). */

#ifndef VB_PFX
#error "include vccd/kin.h"
#endif

#define VK_CAT2(a, b) a##_##b
#define VK_CAT(a, b) VK_CAT2(a, b)
#define VK_FN(f) VK_CAT(VB_PFX, f)
#define VK_V3 VK_FN(vec3)
#define VK_Q VK_FN(quat)

/* r = R(w, t) x */
static inline void
VK_FN(kin_rotate_const)(VK_V3 *r, const VK_V3 *w, const VB_T *t, const VK_V3 *x)
{
    VK_V3 u, uu;
    VB_T th2[1], s[1], c[1];
    VB_TMP_N(u_l, u.c, 3, &r->c[0]);
    VB_TMP_N(uu_l, uu.c, 3, &r->c[0]);
    VB_TMP_N(th2_l, th2, 1, &r->c[0]);
    VB_TMP_N(s_l, s, 1, &r->c[0]);
    VB_TMP_N(c_l, c, 1, &r->c[0]);

    VK_FN(vec3_norm2)(th2, w);
    VB_SQR(s, t);
    VB_MUL(th2, th2, s);                /* |w|^2 t^2 */
    VK_FN(sinc_cosc)(s, c, th2);
    VB_MUL(s, s, t);                    /* t S */
    VB_MUL(c, c, t);
    VB_MUL(c, c, t);                    /* t^2 C */
    VK_FN(vec3_cross)(&u, w, x);
    VK_FN(vec3_cross)(&uu, w, &u);
    VK_FN(vec3_scale)(&u, s, &u);
    VK_FN(vec3_scale)(&uu, c, &uu);
    VK_FN(vec3_add)(&u, &u, &uu);
    VK_FN(vec3_add)(r, x, &u);
}

/* q = the unit quaternion of the rotation by angle |w| t about w:
   (cos(b/2), sin(b/2) w/|w|) with b = |w| t, computed as
   (1 - (b/2)^2 cosc(b/2), (t/2) sinc(b/2) w) so that w may be 0. */
static inline void
VK_FN(kin_quat_const)(VK_Q *q, const VK_V3 *w, const VB_T *t)
{
    VB_T h[1], x[1], s[1], c[1], one[1];
    VB_TMP_N(h_l, h, 1, &q->q[0]);
    VB_TMP_N(x_l, x, 1, &q->q[0]);
    VB_TMP_N(s_l, s, 1, &q->q[0]);
    VB_TMP_N(c_l, c, 1, &q->q[0]);
    VB_TMP_N(o_l, one, 1, &q->q[0]);

    VB_MUL_2EXP(h, t, -1);              /* t/2 */
    VK_FN(vec3_norm2)(x, w);
    VB_SQR(s, h);
    VB_MUL(x, x, s);                    /* (b/2)^2 */
    VK_FN(sinc_cosc)(s, c, x);
    VB_MUL(c, c, x);
    VB_SET_D(one, 1.0);
    VB_SUB(&q->q[0], one, c);
    VB_MUL(s, s, h);
    for (int i = 0; i < 3; i++)
        VB_MUL(&q->q[i + 1], s, &w->c[i]);
}

/* The rigid motion with centre c(t) = o + u t + b t^2/2 (b may be NULL:
   linear) and orientation R(w, t) R(q0): position x, velocity v and
   acceleration a (each may be NULL) of the body point p at times t.
   Shared by ltlrm (thesis App. A.2) and ballistic (thesis 3.1.3); v and
   a use the exact identities dx/dt = c' + w x r, d2x/dt2 = c'' +
   w x (w x r) with r = x - c, evaluated on the enclosure of r. */
static inline void
VK_FN(kin_rigid_eval)(VK_V3 *x, VK_V3 *v, VK_V3 *a, const VK_V3 *o, const VK_V3 *u,
                      const VK_V3 *b, const VK_Q *q0, const VK_V3 *w, const VK_V3 *p,
                      const VB_T *t)
{
    const VB_T *ref = x ? &x->c[0] : v ? &v->c[0] : &a->c[0];
    VK_V3 r, s, c;
    VB_T h[1];
    VB_TMP_N(r_l, r.c, 3, ref);
    VB_TMP_N(s_l, s.c, 3, ref);
    VB_TMP_N(c_l, c.c, 3, ref);
    VB_TMP_N(h_l, h, 1, ref);

    VK_FN(quat_rotate)(&r, q0, p);
    VK_FN(kin_rotate_const)(&r, w, t, &r);
    if (x) {
        VK_FN(vec3_scale)(&c, t, u);
        VK_FN(vec3_add)(&c, &c, o);
        if (b) {
            VB_SQR(h, t);
            VB_MUL_2EXP(h, h, -1);
            VK_FN(vec3_scale)(&s, h, b);
            VK_FN(vec3_add)(&c, &c, &s);
        }
    }
    if (v) {
        VK_FN(vec3_cross)(&s, w, &r);
        VK_FN(vec3_add)(v, &s, u);
        if (b) {
            VK_FN(vec3_scale)(&s, t, b);
            VK_FN(vec3_add)(v, v, &s);
        }
    }
    if (a) {
        VK_FN(vec3_cross)(&s, w, &r);
        VK_FN(vec3_cross)(a, w, &s);
        if (b)
            VK_FN(vec3_add)(a, a, b);
    }
    if (x)
        VK_FN(vec3_add)(x, &c, &r);
}

#undef VK_V3
#undef VK_Q
#undef VK_FN
