/* kin_impl.h -- kinematics shared by the motion models, written once
   over all backends (include through vccd/plugin/kin.h).

   Rotation by the constant angular velocity w for time t (angle |w| t
   about w/|w|), in the form
       R w x = x + t S (w x x) + t^2 C (w x (w x x)),
   S = sinc(|w| t), C = cosc(|w| t) = (1 - cos)/angle^2, both functions of
   |w|^2 t^2.  Unlike Rodrigues' formula with the unit axis, this needs no
   division by |w|: it stays defined and tight for w = 0 and for interval
   w around 0 (thesis App. A.2 notes the axis is undefined there).

   Rotation-vector interpolation (kin_rotvec, as in Rigid IPC) rotates by
   exp([phi]) with phi linear in t, whose axis turns unless phi stays
   parallel: its angular velocity is not phi' but J(phi) phi', with the
   left Jacobian J of exp, written with more of the sinc family
   (elem_impl.h) so that again nothing divides by |phi|. */

#ifndef VB_PFX
#error "include vccd/plugin/kin.h"
#endif

#include "vccd/tpl.h"
#define VK_V3 VCCD_TPL_FN(vec3)
#define VK_Q VCCD_TPL_FN(quat)

/* r = o + u t: a point on a line, or any quantity linear in t. */
static inline void
VCCD_TPL_FN(kin_line)(VK_V3 *r, const VK_V3 *o, const VK_V3 *u, const VB_T *t)
{
    VK_V3 s;
    VB_TMP_N(s_l, s.c, 3, &r->c[0]);
#ifdef VB_IVD
    /* times are >= 0: the cheaper product (a third of an easy
       vertex-linear query's s was these nine products) */
    if (t->lo >= 0.0) {
        /* o + t u rounded once (fdot: t >= 0 takes two corner
           products; o + [0, 0] t is o exactly) */
        for (int i = 0; i < 3; i++)
            r->c[i] = VCCD_TPL_FN(fdot)(o->c[i], t, 0, &u->c[i], 0, 1);
        return;
    }
#endif
    VCCD_TPL_FN(vec3_scale)(&s, t, u);
    VCCD_TPL_FN(vec3_add)(r, o, &s);
}

/* The n scalars o + u t restricted to [t0, t1] and reparametrised to
   [0, 1]: o' = o + u t0, u' = u (t1 - t0).  Outputs may be the inputs. */
static inline void
VCCD_TPL_FN(kin_line_rebase)(VB_T *o_out, VB_T *u_out, const VB_T *o, const VB_T *u, int n,
                       const VB_T *t0, const VB_T *t1)
{
    VB_TMP(h, o_out);
    VB_TMP(s, o_out);
    VB_SUB(h, t1, t0);
    for (int i = 0; i < n; i++) {
        VB_MUL(s, &u[i], t0);
        VB_ADD(&o_out[i], &o[i], s);
        VB_MUL(&u_out[i], &u[i], h);
    }
}

/* The n scalars o + u t + b t^2/2 restricted to [t0, t1] and
   reparametrised to [0, 1]: o' = o + u t0 + b t0^2/2, u' = (u + b t0) h,
   b' = b h^2 with h = t1 - t0.  Outputs may not be the inputs. */
static inline void
VCCD_TPL_FN(kin_quad_rebase)(VB_T *o_out, VB_T *u_out, VB_T *b_out, const VB_T *o, const VB_T *u, const VB_T *b, int n,
                       const VB_T *t0, const VB_T *t1)
{
    VB_TMP(h, o_out);
    VB_TMP(h2, o_out);
    VB_TMP(t02, o_out);
    VB_TMP(s, o_out);
    VB_SUB(h, t1, t0);
    VB_SQR(h2, h);
    VB_SQR(t02, t0);
    VB_MUL_2EXP(t02, t02, -1);
    for (int i = 0; i < n; i++) {
        VB_MUL(s, &u[i], t0);
        VB_ADD(&o_out[i], &o[i], s);
        VB_MUL(s, &b[i], t02);
        VB_ADD(&o_out[i], &o_out[i], s);
        VB_MUL(s, &b[i], t0);
        VB_ADD(&u_out[i], &u[i], s);
        VB_MUL(&u_out[i], &u_out[i], h);
        VB_MUL(&b_out[i], &b[i], h2);
    }
}

/* Clip every component of v to [-|b|, |b|] where |v| <= |b| is known
   (a rotated vector keeps its length).  Rigorous backends only: on the
   others an enclosure off by a rounding could turn empty. */
static inline void
VCCD_TPL_FN(kin_clip_ball)(VK_V3 *v, const VK_V3 *b)
{
    VB_TMP(n, &v->c[0]);
    VB_TMP(m, &v->c[0]);
    if (!VB_RIGOROUS)
        return;
    VCCD_TPL_FN(vec3_norm2)(n, b);
    VB_SQRT(n, n);
    VB_NEG(m, n);
    VB_HULL(n, m, n);                   /* [-|b|, |b|] */
    for (int i = 0; i < 3; i++)
        VB_INTERSECT(&v->c[i], &v->c[i], n);
}

/* r = R(w, t) x */
static inline void
VCCD_TPL_FN(kin_rotate_const)(VK_V3 *r, const VK_V3 *w, const VB_T *t, const VK_V3 *x)
{
    VK_V3 u, uu;
    VB_T th2[1], s[1], c[1];
    VB_TMP_N(u_l, u.c, 3, &r->c[0]);
    VB_TMP_N(uu_l, uu.c, 3, &r->c[0]);
    VB_TMP_N(th2_l, th2, 1, &r->c[0]);
    VB_TMP_N(s_l, s, 1, &r->c[0]);
    VB_TMP_N(c_l, c, 1, &r->c[0]);

    VCCD_TPL_FN(vec3_norm2)(th2, w);
    VB_SQR(s, t);
    VB_MUL(th2, th2, s);                /* |w|^2 t^2 */
    VCCD_TPL_FN(sinc_cosc)(s, c, th2);
    VB_MUL(s, s, t);                    /* t S */
    VB_MUL(c, c, t);
    VB_MUL(c, c, t);                    /* t^2 C */
    VCCD_TPL_FN(vec3_cross)(&u, w, x);
    VCCD_TPL_FN(vec3_cross)(&uu, w, &u);
    VCCD_TPL_FN(vec3_scale)(&u, s, &u);
    VCCD_TPL_FN(vec3_scale)(&uu, c, &uu);
    VCCD_TPL_FN(vec3_add)(&u, &u, &uu);
    VCCD_TPL_FN(vec3_add)(r, x, &u);
}

/* q = the unit quaternion of the rotation by angle |w| t about w:
   (cos(b/2), sin(b/2) w/|w|) with b = |w| t, computed as
   (1 - (b/2)^2 cosc(b/2), (t/2) sinc(b/2) w) so that w may be 0. */
static inline void
VCCD_TPL_FN(kin_quat_const)(VK_Q *q, const VK_V3 *w, const VB_T *t)
{
    VB_T h[1], x[1], s[1], c[1], one[1];
    VB_TMP_N(h_l, h, 1, &q->q[0]);
    VB_TMP_N(x_l, x, 1, &q->q[0]);
    VB_TMP_N(s_l, s, 1, &q->q[0]);
    VB_TMP_N(c_l, c, 1, &q->q[0]);
    VB_TMP_N(o_l, one, 1, &q->q[0]);

    VB_MUL_2EXP(h, t, -1);              /* t/2 */
    VCCD_TPL_FN(vec3_norm2)(x, w);
    VB_SQR(s, h);
    VB_MUL(x, x, s);                    /* (b/2)^2 */
    VCCD_TPL_FN(sinc_cosc)(s, c, x);
    VB_MUL(c, c, x);
    VB_SET_D(one, 1.0);
    VB_SUB(&q->q[0], one, c);
    VB_MUL(s, s, h);
    for (int i = 0; i < 3; i++)
        VB_MUL(&q->q[i + 1], s, &w->c[i]);
}

/* Position x = c + r, velocity v = cv + w x r and acceleration
   a = ca + wd x r + w x (w x r) of the body point at offset r from the
   reference point c, which moves with velocity cv and acceleration ca
   (NULL: 0), the body turning with angular velocity w and its derivative
   wd (NULL: 0, constant w).  Exact identities, evaluated on the
   enclosure of r; each output may be NULL, and x may alias c, v cv and
   a ca. */
static inline void
VCCD_TPL_FN(kin_rigid_point)(VK_V3 *x, VK_V3 *v, VK_V3 *a, const VK_V3 *c, const VK_V3 *cv,
                       const VK_V3 *ca, const VK_V3 *w, const VK_V3 *wd, const VK_V3 *r)
{
    const VB_T *ref = x ? &x->c[0] : v ? &v->c[0] : &a->c[0];
    VK_V3 s, q;
    VB_TMP_N(s_l, s.c, 3, ref);
    VB_TMP_N(q_l, q.c, 3, ref);

    if (v) {
        VCCD_TPL_FN(vec3_cross)(&s, w, r);
        VCCD_TPL_FN(vec3_add)(v, &s, cv);
    }
    if (a) {
        VCCD_TPL_FN(vec3_cross)(&s, w, r);
        VCCD_TPL_FN(vec3_cross)(&s, w, &s);
        if (wd) {
            VCCD_TPL_FN(vec3_cross)(&q, wd, r);
            VCCD_TPL_FN(vec3_add)(&s, &s, &q);
        }
        if (ca)
            VCCD_TPL_FN(vec3_add)(a, &s, ca);
        else
            VCCD_TPL_FN(vec3_set)(a, &s);
    }
    if (x)
        VCCD_TPL_FN(vec3_add)(x, c, r);
}

/* r = k1 u1 + k2 u2 (+ base unless NULL); r must not alias base. */
static inline void
VCCD_TPL_FN(kin_comb2)(VK_V3 *r, const VK_V3 *base, const VB_T *k1, const VK_V3 *u1,
                 const VB_T *k2, const VK_V3 *u2)
{
#ifdef VB_IVD
    /* binary64: each component rounded once (ivd_ops.h fadd_mul2): the
       kinematics of every rigid point is made of these */
    for (int i = 0; i < 3; i++)
        r->c[i] = VCCD_TPL_FN(fadd_mul2)(base ? base->c[i] : VCCD_TPL_FN(set_d)(0.0), *k1, u1->c[i], *k2, u2->c[i]);
#else
    VK_V3 s;
    VB_TMP_N(s_l, s.c, 3, &r->c[0]);
    VCCD_TPL_FN(vec3_scale)(&s, k2, u2);
    VCCD_TPL_FN(vec3_scale)(r, k1, u1);
    VCCD_TPL_FN(vec3_add)(r, r, &s);
    if (base)
        VCCD_TPL_FN(vec3_add)(r, r, base);
#endif
}

/* A body point p of a body turning at the constant angular velocity w
   from orientation q0, as three vectors that do not depend on time:
   y0 = R(q0) p, y1 = w x y0, y2 = w x y1.  Its offset from the body's
   reference point at time t is R(w, t) y0 = y0 + t S y1 + t^2 C y2
   (kin_rotate_const), and since w x y2 = -|w|^2 y1 (w x (w x y1) with
   y1 normal to w), its derivatives are combinations of the same vectors
   (kin_rigid_apply).  A feature pair computes the frame of each of its
   points once per solve, and only the scalar coefficients per time box. */
static inline void
VCCD_TPL_FN(kin_rigid_frame)(VK_V3 y[3], const VK_Q *q0, const VK_V3 *w, const VK_V3 *p)
{
    VCCD_TPL_FN(quat_rotate)(&y[0], q0, p);
    VCCD_TPL_FN(vec3_cross)(&y[1], w, &y[0]);
    VCCD_TPL_FN(vec3_cross)(&y[2], w, &y[1]);
}

/* The coefficients of kin_rigid_apply over the times t: k[0] = t S,
   k[1] = t^2 C, k[2] = 1 - |w|^2 t^2 C (= cos |w| t) and
   k[3] = -|w|^2 t S (= -|w| sin |w| t), with S, C = sinc, cosc of |w| t
   and w2 = |w|^2.  One sinc_cosc per body and time box, whatever the
   number of points. */
static inline void
VCCD_TPL_FN(kin_rigid_coefs)(VB_T k[4], const VB_T *w2, const VB_T *t)
{
    VB_T x[1];
    VB_TMP_N(x_l, x, 1, &k[0]);

    VB_SQR(x, t);
    VB_MUL(x, w2, x);                   /* |w|^2 t^2 */
    VCCD_TPL_FN(sinc_cosc)(&k[0], &k[1], x);
    VB_MUL(&k[0], &k[0], t);            /* t S */
    VB_MUL(&k[1], &k[1], t);
    VB_MUL(&k[1], &k[1], t);            /* t^2 C */
    VB_MUL(x, w2, &k[1]);
    VB_SET_D(&k[2], 1.0);
    VB_SUB(&k[2], &k[2], x);
    VB_MUL(&k[3], w2, &k[0]);
    VB_NEG(&k[3], &k[3]);
}

/* Position x = c + r, velocity v = cv + w x r and acceleration
   a = ca + w x (w x r) (ca NULL: 0) of the body point with frame y
   (kin_rigid_frame) at the times of the coefficients k
   (kin_rigid_coefs), r = y0 + k0 y1 + k1 y2:
       w x r = k2 y1 + k0 y2,   w x (w x r) = k2 y2 + k3 y1.
   Exact identities; each output may be NULL. */
static inline void
VCCD_TPL_FN(kin_rigid_apply)(VK_V3 *x, VK_V3 *v, VK_V3 *a, const VK_V3 *c, const VK_V3 *cv,
                       const VK_V3 *ca, const VK_V3 y[3], const VB_T k[4])
{
    if (x) {
#ifdef VB_IVD
        /* binary64: the centre joins the same sum, rounded once */
        for (int i = 0; i < 3; i++)
            x->c[i] = VCCD_TPL_FN(fadd2_mul2)(c->c[i], y[0].c[i], k[0], y[1].c[i], k[1], y[2].c[i]);
#else
        VCCD_TPL_FN(kin_comb2)(x, &y[0], &k[0], &y[1], &k[1], &y[2]);
        VCCD_TPL_FN(vec3_add)(x, x, c);
#endif
    }
    if (v)
        VCCD_TPL_FN(kin_comb2)(v, cv, &k[2], &y[1], &k[0], &y[2]);
    if (a)
        VCCD_TPL_FN(kin_comb2)(a, ca, &k[2], &y[2], &k[3], &y[1]);
}

/* The rigid body whose reference point follows a path with position c,
   velocity cv and acceleration ca at times t (ca NULL: 0) while the body
   turns at the constant angular velocity w from orientation q0:
   position x, velocity v and acceleration a (each may be NULL; c is read
   only for x, cv only for v) of the body point p (kin_rigid_frame,
   kin_rigid_coefs, kin_rigid_apply).  The centre must not alias the
   outputs. */
static inline void
VCCD_TPL_FN(kin_rigid_body)(VK_V3 *x, VK_V3 *v, VK_V3 *a, const VK_V3 *c, const VK_V3 *cv,
                      const VK_V3 *ca, const VK_Q *q0, const VK_V3 *w, const VK_V3 *p,
                      const VB_T *t)
{
    const VB_T *ref = x ? &x->c[0] : v ? &v->c[0] : &a->c[0];
    VK_V3 y[3];
    VB_T k[4], w2[1];
    VB_TMP_N(y0_l, y[0].c, 3, ref);
    VB_TMP_N(y1_l, y[1].c, 3, ref);
    VB_TMP_N(y2_l, y[2].c, 3, ref);
    VB_TMP_N(k_l, k, 4, ref);
    VB_TMP_N(w2_l, w2, 1, ref);

    VCCD_TPL_FN(kin_rigid_frame)(y, q0, w, p);
    VCCD_TPL_FN(vec3_norm2)(w2, w);
    VCCD_TPL_FN(kin_rigid_coefs)(k, w2, t);
    VCCD_TPL_FN(kin_rigid_apply)(x, v, a, c, cv, ca, y, k);
}

/* The centre c(t) = o + u t + b t^2/2 of a rigid motion and its
   velocity cv = u + b t over the times t (b may be NULL: linear); either
   output may be NULL. */
static inline void
VCCD_TPL_FN(kin_rigid_centre)(VK_V3 *c, VK_V3 *cv, const VK_V3 *o, const VK_V3 *u, const VK_V3 *b,
                        const VB_T *t)
{
    const VB_T *ref = c ? &c->c[0] : &cv->c[0];
    VK_V3 s;
    VB_T h[1];
    VB_TMP_N(s_l, s.c, 3, ref);
    VB_TMP_N(h_l, h, 1, ref);

    if (c) {
        VCCD_TPL_FN(kin_line)(c, o, u, t);
        if (b) {
            VB_SQR(h, t);
            VB_MUL_2EXP(h, h, -1);
            VCCD_TPL_FN(vec3_scale)(&s, h, b);
            VCCD_TPL_FN(vec3_add)(c, c, &s);
        }
    }
    if (cv) {
        if (b)
            VCCD_TPL_FN(kin_line)(cv, u, b, t);
        else
            VCCD_TPL_FN(vec3_set)(cv, u);
    }
}

/* The rigid motion with centre c(t) = o + u t + b t^2/2 (b may be NULL:
   linear) and orientation R(w, t) R(q0), as kin_rigid_body.  Shared by
   ltlrm (thesis App. A.2) and ballistic (thesis 3.1.3). */
static inline void
VCCD_TPL_FN(kin_rigid_eval)(VK_V3 *x, VK_V3 *v, VK_V3 *a, const VK_V3 *o, const VK_V3 *u,
                      const VK_V3 *b, const VK_Q *q0, const VK_V3 *w, const VK_V3 *p,
                      const VB_T *t)
{
    const VB_T *ref = x ? &x->c[0] : v ? &v->c[0] : &a->c[0];
    VK_V3 c, cv;
    VB_TMP_N(c_l, c.c, 3, ref);
    VB_TMP_N(cv_l, cv.c, 3, ref);

    if (x || v)
        VCCD_TPL_FN(kin_rigid_centre)(x ? &c : NULL, v ? &cv : NULL, o, u, b, t);
    VCCD_TPL_FN(kin_rigid_body)(x, v, a, &c, &cv, b, q0, w, p, t);
}

/* Rotation by exp([phi]) with phi = phi0 + d t (angle |phi| about
   phi/|phi|), with f_n, g_n of x = |phi|^2 as in elem_impl.h:
     r  = R p = p + f_1 (phi x p) + f_2 (phi x (phi x p)),
     w  = J(phi) d = d + f_2 e + f_3 (phi x e), e = phi x d = phi0 x d,
          the angular velocity (dR/dt = [w]x R; J the left Jacobian),
     wd = dw/dt = 2 (phi . d) (g_2 e + g_3 (phi x e)) + f_3 (d x e),
   since dx/dt = 2 phi . d and de/dt = d x d = 0.  Taking e from the
   constant phi0 keeps it a point, and exactly 0 when phi0 and d are
   parallel (the axis then stays fixed and w = d).  |r| = |p|, and
   |w| <= |d| (J keeps the part of d along phi and scales the rest by
   |2 sin(th/2)|/th <= 1), so r and w are clipped to those balls.  Each
   output may be NULL; none may alias an input. */
static inline void
VCCD_TPL_FN(kin_rotvec)(VK_V3 *r, VK_V3 *w, VK_V3 *wd, const VK_V3 *phi0, const VK_V3 *d,
                  const VK_V3 *p, const VB_T *t)
{
    const VB_T *ref = r ? &r->c[0] : w ? &w->c[0] : &wd->c[0];
    VK_V3 phi, u, uu, e;
    VB_T x[1], f[3], g[3];
    VB_TMP_N(phi_l, phi.c, 3, ref);
    VB_TMP_N(u_l, u.c, 3, ref);
    VB_TMP_N(uu_l, uu.c, 3, ref);
    VB_TMP_N(e_l, e.c, 3, ref);
    VB_TMP_N(x_l, x, 1, ref);
    VB_TMP_N(f_l, f, 3, ref);
    VB_TMP_N(g_l, g, 3, ref);
    /* f_1 for r; f_2 for r and w; f_3 for w and wd; g_2, g_3 for wd */
    VB_T *const fp[3] = { r ? &f[0] : NULL, r || w ? &f[1] : NULL, w || wd ? &f[2] : NULL };
    VB_T *const gp[3] = { NULL, wd ? &g[1] : NULL, wd ? &g[2] : NULL };

    VCCD_TPL_FN(kin_line)(&phi, phi0, d, t);
    VCCD_TPL_FN(vec3_norm2)(x, &phi);
    VCCD_TPL_FN(sinc_family)(fp, 3, gp, 3, x);
    if (r) {
        VCCD_TPL_FN(vec3_cross)(&u, &phi, p);
        VCCD_TPL_FN(vec3_cross)(&uu, &phi, &u);
        VCCD_TPL_FN(kin_comb2)(r, p, &f[0], &u, &f[1], &uu);
        VCCD_TPL_FN(kin_clip_ball)(r, p);
    }
    if (!w && !wd)
        return;
    VCCD_TPL_FN(vec3_cross)(&e, phi0, d);
    VCCD_TPL_FN(vec3_cross)(&uu, &phi, &e);
    if (w) {
        VCCD_TPL_FN(kin_comb2)(w, d, &f[1], &e, &f[2], &uu);
        VCCD_TPL_FN(kin_clip_ball)(w, d);
    }
    if (wd) {
        VCCD_TPL_FN(vec3_dot)(x, &phi, d);
        VB_MUL_2EXP(x, x, 1);           /* dx/dt */
        VB_MUL(&g[1], &g[1], x);
        VB_MUL(&g[2], &g[2], x);
        VCCD_TPL_FN(vec3_cross)(&u, d, &e);
        VCCD_TPL_FN(vec3_scale)(&u, &f[2], &u);
        VCCD_TPL_FN(kin_comb2)(wd, &u, &g[1], &e, &g[2], &uu);
    }
}

/* The screw motion (Jørgensen 2006, 4.1; FCL's ScrewMotion) of a point that
   goes from o at t = 0 to o + D at t = 1 while the body turns by the
   rotation vector w (|w| < 2 pi) about an axis line parallel to w and
   slides along it: its position c, velocity cv and acceleration ca at
   times t (each may be NULL).

   With the unit axis n, angle th = |w|, the split D = g + D_perp (g
   along n) and the point's distance vector r0 from the axis, the point
   moves as g t + (R(th t) - I) r0 with (R(th) - I) r0 = D_perp.  In the
   plane normal to n, read as the complex plane (n x = i), that is
       c(t) - o = g t + z(t) D_perp,
       z(t) = (e^(i th t) - 1)/(e^(i th) - 1)
            = e^(i ph (t - 1)) sin(ph t) / sin ph,
   with ph = th/2; let s = 2t - 1.  Product-to-sum identities give
   Re z - t = (sin(ph s) - s sin ph)/(2 sin ph) and
   Im z = (cos ph - cos(ph s))/(2 sin ph); with D_perp = -n x (n x D),
   n x D_perp = n x D and the family f_1 = sinc, f_2 = cosc,
   f_3 = (th - sin th)/th^3 of elem_impl.h,
       c(t) = o + t D + al w x (w x D) + be w x D,
       al = -s (f3(ph) - s^2 f3(ph s)) / (8 f1(ph)),
       be = (s^2 f2(ph s) - f2(ph)) / (4 f1(ph)),
   and, by z' = e^(i ph s)/f1(ph) and z'' = i th z',
       c'  = D + al' w x (w x D) + be' w x D,
       c'' = be' w x (w x D) + be'' w x D,
       al' = (s^2 f2(ph s) - f3(ph)) / (4 f1(ph)),
       be' = s f1(ph s) / (2 f1(ph)),
       be'' = cos(ph s)/f1(ph) = (1 - ph^2 s^2 f2(ph s)) / f1(ph).
   All are entire in ph^2 and the divisor f1(ph) >= 2/pi for th <= pi,
   so neither the axis direction n nor the axis point (both undefined as
   th -> 0) is needed: the enclosures stay tight for w = 0 (pure
   translation c = o + t D) and for w an interval around 0.  The outputs
   must not alias the inputs. */
static inline void
VCCD_TPL_FN(kin_screw_centre)(VK_V3 *c, VK_V3 *cv, VK_V3 *ca, const VK_V3 *o, const VK_V3 *D,
                        const VK_V3 *w, const VB_T *t)
{
    const VB_T *ref = c ? &c->c[0] : cv ? &cv->c[0] : &ca->c[0];
    VK_V3 wd, wwd, td;
    VB_T x[1], y[1], s[1], s2[1], f[3], fs[3], k1[1], k2[1], u[1];
    VB_TMP_N(wd_l, wd.c, 3, ref);
    VB_TMP_N(wwd_l, wwd.c, 3, ref);
    VB_TMP_N(td_l, td.c, 3, ref);
    VB_TMP_N(x_l, x, 1, ref);
    VB_TMP_N(y_l, y, 1, ref);
    VB_TMP_N(s_l, s, 1, ref);
    VB_TMP_N(s2_l, s2, 1, ref);
    VB_TMP_N(f_l, f, 3, ref);
    VB_TMP_N(fs_l, fs, 3, ref);
    VB_TMP_N(k1_l, k1, 1, ref);
    VB_TMP_N(k2_l, k2, 1, ref);
    VB_TMP_N(u_l, u, 1, ref);
    VB_T *const fp[3] = { &f[0], &f[1], &f[2] };
    VB_T *const fsp[3] = { &fs[0], &fs[1], &fs[2] };

    VCCD_TPL_FN(vec3_norm2)(x, w);
    VB_MUL_2EXP(x, x, -2);              /* ph^2 */
    VCCD_TPL_FN(sinc_family)(fp, 3, NULL, 0, x);
    VB_MUL_2EXP(s, t, 1);
    VB_SET_D(u, 1.0);
    VB_SUB(s, s, u);                    /* s = 2t - 1 */
    VB_SQR(s2, s);
    VB_MUL(y, x, s2);                   /* (ph s)^2 */
    VCCD_TPL_FN(sinc_family)(fsp, 3, NULL, 0, y);
    VCCD_TPL_FN(vec3_cross)(&wd, w, D);
    VCCD_TPL_FN(vec3_cross)(&wwd, w, &wd);
    VB_MUL(u, s2, &fs[1]);              /* s^2 f2(ph s), in be and al' */
    if (c) {
        VB_MUL(k1, s2, &fs[2]);
        VB_SUB(k1, &f[2], k1);
        VB_MUL(k1, k1, s);
        VB_DIV(k1, k1, &f[0]);
        VB_MUL_2EXP(k1, k1, -3);
        VB_NEG(k1, k1);                 /* al */
        VB_SUB(k2, u, &f[1]);
        VB_DIV(k2, k2, &f[0]);
        VB_MUL_2EXP(k2, k2, -2);        /* be */
        VCCD_TPL_FN(kin_comb2)(c, o, k1, &wwd, k2, &wd);
        VCCD_TPL_FN(vec3_scale)(&td, t, D);
        VCCD_TPL_FN(vec3_add)(c, c, &td);
    }
    VB_MUL(k2, s, &fs[0]);
    VB_DIV(k2, k2, &f[0]);
    VB_MUL_2EXP(k2, k2, -1);            /* be' (= al'') */
    if (cv) {
        VB_SUB(k1, u, &f[2]);
        VB_DIV(k1, k1, &f[0]);
        VB_MUL_2EXP(k1, k1, -2);        /* al' */
        VCCD_TPL_FN(kin_comb2)(cv, D, k1, &wwd, k2, &wd);
    }
    if (ca) {
        VB_MUL(k1, y, &fs[1]);
        VB_SET_D(u, 1.0);
        VB_SUB(k1, u, k1);
        VB_DIV(k1, k1, &f[0]);          /* be'' */
        VCCD_TPL_FN(kin_comb2)(ca, NULL, k2, &wwd, k1, &wd);
    }
}

/* A planar rigid motion (thesis B.1.1; ltlrm2d, ballistic2d): body point
   p (x, y; its z is ignored) at c + R(alpha) p in z = 0, where q holds
   (c_x, c_y, alpha) at the times, qv (c'_x, c'_y, omega) (read only for
   v), ca the centre's acceleration (2 values, or NULL: none) and w the
   constant omega.  With r = R(alpha) p and r' = omega (-r_y, r_x):
   v = c' + r', a = c'' + omega (-r'_y, r'_x); sin and cos of the interval
   angle, no unit vector rounded.  Every output's z is exactly 0. */
static inline void
VCCD_TPL_FN(kin_planar_eval)(VK_V3 *x, VK_V3 *v, VK_V3 *a, const VK_V3 *q, const VK_V3 *qv, const VB_T *ca,
                       const VB_T *w, const VK_V3 *p)
{
    const VB_T *ref = x ? &x->c[0] : v ? &v->c[0] : &a->c[0];
    VB_T r[2], rp[2], sn[1], cs[1], s[1];
    VB_TMP_N(r_l, r, 2, ref);
    VB_TMP_N(rp_l, rp, 2, ref);
    VB_TMP_N(sn_l, sn, 1, ref);
    VB_TMP_N(cs_l, cs, 1, ref);
    VB_TMP_N(s_l, s, 1, ref);

    VB_SIN_COS(sn, cs, &q->c[2]);
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
        if (ca) {
            VB_ADD(&a->c[0], &a->c[0], &ca[0]);
            VB_ADD(&a->c[1], &a->c[1], &ca[1]);
        }
        VB_SET_D(&a->c[2], 0.0);
    }
    if (v) {
        VB_ADD(&v->c[0], &qv->c[0], &rp[0]);
        VB_ADD(&v->c[1], &qv->c[1], &rp[1]);
        VB_SET_D(&v->c[2], 0.0);
    }
    if (x) {
        VB_ADD(&x->c[0], &q->c[0], &r[0]);
        VB_ADD(&x->c[1], &q->c[1], &r[1]);
        VB_SET_D(&x->c[2], 0.0);
    }
}

#undef VK_V3
#undef VK_Q
