/* poses.h -- shared by the tests of the two-pose motion models
   (t-interp, t-screw), on top of model_check.h: an independent reference
   for a rigid motion that turns about a fixed axis line, containment
   checks on binary64, MPFR at 113 and at 128 bits, and the checks both
   models share (end poses, rebase, bad configs).

   The reference is written without lib/'s kinematics: Rodrigues'
   formula with a unit axis and MPFR interval sin/cos at PR_REF bits,
   for the body point y relative to a point P(t) = P0 + t V on the axis:
       r = y cos(th t) + (n x y) sin(th t) + n (n . y)(1 - cos(th t)),
       x = P(t) + r,  v = V + th n x r,  a = th^2 n x (n x r).
   With y = R0 p this is the in-between motion (P0 the start position,
   V = end - start); with P0 an axis point C, V the slide and
   y = T0 + R0 p - C it is the screw motion.  The reference is evaluated
   at point times (its enclosures are some 2^-390 wide); an enclosure
   over a time interval must contain it at several times of the
   interval. */
#ifndef VCCD_TESTS_POSES_H
#define VCCD_TESTS_POSES_H

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model_check.h"
#include "vccd/plugin/rigid.h"

#define PR_REF 400              /* the reference's precision */
#define PR_PREC 128             /* results are held at this precision */

/* binary64 and MPFR at 113 bits through model_check.h, and MPFR at 128 */
enum { PR_DI, PR_M113, PR_M128, PR_NB };
static const char *const pr_bname[PR_NB] = { "binary64", "mpfr:113", "mpfr:128" };

typedef struct {
    vccd_mi_vec3 q[3];          /* x, v, a */
} pr_xva;

typedef struct {
    vccd_mi_vec3 P0, V, Y0, n;
    vccd_mi_t th;
    vccd_mi_mat3 R0;
} pr_ref;

static inline void
pr_xva_init(pr_xva *r, mpfr_prec_t p)
{
    for (int i = 0; i < 3; i++)
        vccd_mi_vec3_init(&r->q[i], p);
}

static inline void
pr_xva_clear(pr_xva *r)
{
    for (int i = 0; i < 3; i++)
        vccd_mi_vec3_clear(&r->q[i]);
}

/* Evaluate m on backend b over [tlo, thi] into o (at PR_PREC: exact). */
static inline void
pr_eval(pr_xva *o, const vccd_motion *m, int b, const double p[3], double tlo, double thi)
{
    if (b == PR_M128) {
        vccd_mi_vec3 mp;
        VCCD_MI_TMP(t, PR_PREC);
        vccd_mi_vec3_init(&mp, PR_PREC);
        vccd_mi_vec3_set_d(&mp, p[0], p[1], p[2]);
        vccd_mi_set_2d(t, tlo, thi);
        vccd_motion_eval_mi(&o->q[0], &o->q[1], &o->q[2], m, &mp, 0, t);
        vccd_mi_vec3_clear(&mp);
    } else {
        mt_xva r;
        mt_xva_init(&r);
        mt_eval(&r, m, b == PR_DI ? MT_DI : MT_MI, p, 0, tlo, thi);
        for (int q = 0; q < 3; q++)
            vccd_mi_vec3_set(&o->q[q], &r.q[q]);
        mt_xva_clear(&r);
    }
}

/* Exact enclosure at PR_REF of a decimal string. */
static inline void
pr_set_str(vccd_mi_struct *r, const char *s)
{
    if (vccd_mi_set_str(r, s) != 0)
        tu_fail("bad decimal '%s' in the test", s);
}

/* r = the numbers of the blank-separated decimals s (n of them). */
static inline void
pr_parse(vccd_mi_struct *r, int n, const char *s)
{
    char buf[256], *tok, *save = NULL;
    int i = 0;
    snprintf(buf, sizeof buf, "%s", s);
    for (tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        if (i == n)
            tu_fail("'%s' has more than %d numbers", s, n);
        pr_set_str(&r[i++], tok);
    }
    if (i != n)
        tu_fail("'%s' has fewer than %d numbers", s, n);
}

/* q = the quaternion "w x y z" normalised (q must be initialised). */
static inline void
pr_quat(vccd_mi_quat *q, const char *wxyz)
{
    VCCD_MI_TMP(n, PR_REF);
    pr_parse(q->q, 4, wxyz);
    vccd_mi_quat_norm2(n, q);
    vccd_mi_sqrt(n, n);
    for (int i = 0; i < 4; i++)
        vccd_mi_div(&q->q[i], &q->q[i], n);
}

/* r = the rotation matrix of the quaternion "w x y z". */
static inline void
pr_quat_mat(vccd_mi_mat3 *r, const char *wxyz)
{
    vccd_mi_quat q;
    vccd_mi_quat_init(&q, PR_REF);
    pr_quat(&q, wxyz);
    vccd_mi_quat_to_mat3(r, &q);
    vccd_mi_quat_clear(&q);
}

/* A reference at rest: P0 = V = Y0 = 0, n = x axis, th = 0, R0 = I. */
static inline void
pr_ref_init(pr_ref *f)
{
    vccd_mi_vec3_init(&f->P0, PR_REF);
    vccd_mi_vec3_init(&f->V, PR_REF);
    vccd_mi_vec3_init(&f->Y0, PR_REF);
    vccd_mi_vec3_init(&f->n, PR_REF);
    vccd_mi_init2(f->th, PR_REF);
    vccd_mi_mat3_init(&f->R0, PR_REF);
    vccd_mi_vec3_set_d(&f->P0, 0, 0, 0);
    vccd_mi_vec3_set_d(&f->V, 0, 0, 0);
    vccd_mi_vec3_set_d(&f->Y0, 0, 0, 0);
    vccd_mi_vec3_set_d(&f->n, 1, 0, 0);
    vccd_mi_set_d(f->th, 0.0);
    pr_quat_mat(&f->R0, "1 0 0 0");
}

static inline void
pr_ref_clear(pr_ref *f)
{
    vccd_mi_vec3_clear(&f->P0);
    vccd_mi_vec3_clear(&f->V);
    vccd_mi_vec3_clear(&f->Y0);
    vccd_mi_vec3_clear(&f->n);
    vccd_mi_clear(f->th);
    vccd_mi_mat3_clear(&f->R0);
}

/* The reference at the point time t (see the top of this file). */
static inline void
pr_ref_eval(pr_xva *o, const pr_ref *f, const double p[3], double t)
{
    vccd_mi_vec3 y, r, s;
    VCCD_MI_TMP(ang, PR_REF);
    VCCD_MI_TMP(sn, PR_REF);
    VCCD_MI_TMP(cs, PR_REF);
    VCCD_MI_TMP(k, PR_REF);
    VCCD_MI_TMP(tt, PR_REF);

    vccd_mi_vec3_init(&y, PR_REF);
    vccd_mi_vec3_init(&r, PR_REF);
    vccd_mi_vec3_init(&s, PR_REF);
    vccd_mi_set_d(tt, t);
    vccd_mi_vec3_set_d(&y, p[0], p[1], p[2]);
    vccd_mi_mat3_mul_vec3(&y, &f->R0, &y);
    vccd_mi_vec3_add(&y, &y, &f->Y0);
    vccd_mi_mul(ang, f->th, tt);
    vccd_mi_sin_cos(sn, cs, ang);
    /* r = y cos + (n x y) sin + n (n . y)(1 - cos) */
    vccd_mi_vec3_cross(&s, &f->n, &y);
    vccd_mi_vec3_scale(&s, sn, &s);
    vccd_mi_vec3_scale(&r, cs, &y);
    vccd_mi_vec3_add(&r, &r, &s);
    vccd_mi_vec3_dot(k, &f->n, &y);
    vccd_mi_set_d(ang, 1.0);
    vccd_mi_sub(cs, ang, cs);
    vccd_mi_mul(k, k, cs);
    vccd_mi_vec3_scale(&s, k, &f->n);
    vccd_mi_vec3_add(&r, &r, &s);
    /* x = P0 + t V + r,  v = V + th n x r,  a = th^2 n x (n x r) */
    vccd_mi_vec3_scale(&o->q[0], tt, &f->V);
    vccd_mi_vec3_add(&o->q[0], &o->q[0], &f->P0);
    vccd_mi_vec3_add(&o->q[0], &o->q[0], &r);
    vccd_mi_vec3_cross(&s, &f->n, &r);
    vccd_mi_vec3_scale(&o->q[1], f->th, &s);
    vccd_mi_vec3_add(&o->q[1], &o->q[1], &f->V);
    vccd_mi_vec3_cross(&s, &f->n, &s);
    vccd_mi_sqr(k, f->th);
    vccd_mi_vec3_scale(&o->q[2], k, &s);
    vccd_mi_vec3_clear(&y);
    vccd_mi_vec3_clear(&r);
    vccd_mi_vec3_clear(&s);
}

/* Is the reference r inside got?  Where got is exact (a point, as
   x = 1 under a turn about x) and r is not, got widened by r's width
   must hold r: the tolerance is the reference's own error. */
static inline int
pr_inside1(const vccd_mi_struct *r, const vccd_mi_struct *got)
{
    MPFR_DECL_INIT(w, 64);
    VCCD_MI_TMP(g, PR_REF);
    if (vccd_mi_subset(r, got))
        return 1;
    vccd_mi_width(w, r);
    mpfr_sub(&g->lo, &got->lo, w, MPFR_RNDD);
    mpfr_add(&g->hi, &got->hi, w, MPFR_RNDU);
    return vccd_mi_subset(r, g);
}

/* The same for every component of quantity qi. */
static inline int
pr_inside(const pr_xva *ref, const pr_xva *got, int qi)
{
    for (int i = 0; i < 3; i++)
        if (!pr_inside1(&ref->q[qi].c[i], &got->q[qi].c[i]))
            return 0;
    return 1;
}

static inline void
pr_fail_at(const char *what, int b, const double p[3], double tlo, double thi, double t,
           const pr_xva *ref, const pr_xva *got, int qi)
{
    const vccd_mi_vec3 *r = &ref->q[qi], *g = &got->q[qi];
    tu_fail("%s: %s %s at t = %.17g in [%.17g, %.17g], p = (%g, %g, %g):\n"
            " ref %s %s %s\n got %s %s %s", what, pr_bname[b], mt_qname[qi], t, tlo, thi, p[0],
            p[1], p[2], tu_fmt_mi(&r->c[0]), tu_fmt_mi(&r->c[1]), tu_fmt_mi(&r->c[2]),
            tu_fmt_mi(&g->c[0]), tu_fmt_mi(&g->c[1]), tu_fmt_mi(&g->c[2]));
}

/* On every backend the enclosures of x, v, a over [tlo, thi] contain the
   reference at tlo, thi and three times between.  pr_holds says whether
   they do; pr_check fails the test when they do not. */
static inline int
pr_check_impl(const char *what, const vccd_motion *m, const pr_ref *f, const double p[3],
              double tlo, double thi, int fail)
{
    int ok = 1;
    pr_xva got, ref;
    pr_xva_init(&got, PR_PREC);
    pr_xva_init(&ref, PR_REF);
    for (int b = 0; b < PR_NB && ok; b++) {
        pr_eval(&got, m, b, p, tlo, thi);
        for (int j = 0; j < 5 && ok; j++) {
            double t = j == 4 ? thi : tlo + (thi - tlo) * (double)j / 4.0;
            pr_ref_eval(&ref, f, p, t > thi ? thi : t);
            for (int qi = 0; qi < 3 && ok; qi++) {
                tu_nchecks++;
                ok = pr_inside(&ref, &got, qi);
                if (!ok && fail)
                    pr_fail_at(what, b, p, tlo, thi, t, &ref, &got, qi);
            }
        }
    }
    pr_xva_clear(&got);
    pr_xva_clear(&ref);
    return ok;
}

static inline void
pr_check(const char *what, const vccd_motion *m, const pr_ref *f, const double p[3], double tlo,
         double thi)
{
    pr_check_impl(what, m, f, p, tlo, thi, 1);
}

static inline int
pr_holds(const vccd_motion *m, const pr_ref *f, const double p[3], double tlo, double thi)
{
    return pr_check_impl(NULL, m, f, p, tlo, thi, 0);
}

/* A few body points; pr_check at the times i/8 of Jørgensen 2006, 10.1,
   over the whole step and over a sub-interval. */
static const double pr_points[4][3] = { { 0, 0, 0 }, { 1, 2, 3 }, { -0.5, 0.25, 2 }, { 0, -1, 0 } };

static inline void
pr_check_times(const char *what, const vccd_motion *m, const pr_ref *f)
{
    for (int k = 0; k < 4; k++) {
        for (int i = 0; i <= 8; i++)
            pr_check(what, m, f, pr_points[k], i / 8.0, i / 8.0);
        pr_check(what, m, f, pr_points[k], 0.0, 1.0);
        pr_check(what, m, f, pr_points[k], 0.3, 0.55);
    }
}

/* The position of body point p at the point time t contains e (given as
   PR_REF intervals, or as decimals) on every backend. */
static inline void
pr_check_point(const char *what, const vccd_motion *m, const double p[3], double t,
               const vccd_mi_vec3 *e)
{
    pr_xva got;
    pr_xva_init(&got, PR_PREC);
    for (int b = 0; b < PR_NB; b++) {
        pr_eval(&got, m, b, p, t, t);
        for (int i = 0; i < 3; i++)
            TU_CHECK(pr_inside1(&e->c[i], &got.q[0].c[i]), "%s: %s x[%d] at t = %g: %s not in %s",
                     what, pr_bname[b], i, t, tu_fmt_mi(&e->c[i]), tu_fmt_mi(&got.q[0].c[i]));
    }
    pr_xva_clear(&got);
}

static inline void
pr_check_point_str(const char *what, const vccd_motion *m, const double p[3], double t,
                   const char *xyz)
{
    vccd_mi_vec3 e;
    vccd_mi_vec3_init(&e, PR_REF);
    pr_parse(e.c, 3, xyz);
    pr_check_point(what, m, p, t, &e);
    vccd_mi_vec3_clear(&e);
}

/* The motion rebased to [t0, t1] at u contains the reference at
   t0 + u (t1 - t0), with rates scaled by the step length t1 - t0. */
static inline void
pr_check_rebase(const char *what, const vccd_motion *m, const pr_ref *f, double t0, double t1)
{
    vccd_motion *r = vccd_motion_rebase(m, t0, t1);
    pr_xva got, ref;
    VCCD_MI_TMP(h, PR_REF);
    VCCD_MI_TMP(h2, PR_REF);

    vccd_mi_set_d(h, t1 - t0);
    vccd_mi_sqr(h2, h);
    pr_xva_init(&got, PR_PREC);
    pr_xva_init(&ref, PR_REF);
    for (int k = 0; k < 4; k++)
        for (int j = 0; j <= 4; j++) {
            double u = j / 4.0, t = t0 + u * (t1 - t0);
            pr_ref_eval(&ref, f, pr_points[k], t);
            vccd_mi_vec3_scale(&ref.q[1], h, &ref.q[1]);
            vccd_mi_vec3_scale(&ref.q[2], h2, &ref.q[2]);
            for (int b = 0; b < PR_NB; b++) {
                pr_eval(&got, r, b, pr_points[k], u, u);
                for (int qi = 0; qi < 3; qi++) {
                    tu_nchecks++;
                    if (!pr_inside(&ref, &got, qi))
                        pr_fail_at(what, b, pr_points[k], u, u, t, &ref, &got, qi);
                }
            }
        }
    pr_xva_clear(&got);
    pr_xva_clear(&ref);
    vccd_motion_free(r);
}

/* The largest width of the position enclosure on backend b. */
static inline double
pr_width(const vccd_motion *m, int b, const double p[3], double tlo, double thi)
{
    pr_xva got;
    double w = 0.0;
    MPFR_DECL_INIT(d, 64);
    pr_xva_init(&got, PR_PREC);
    pr_eval(&got, m, b, p, tlo, thi);
    for (int i = 0; i < 3; i++) {
        vccd_mi_width(d, &got.q[0].c[i]);
        if (mpfr_get_d(d, MPFR_RNDU) > w)
            w = mpfr_get_d(d, MPFR_RNDU);
    }
    pr_xva_clear(&got);
    return w;
}

/* Config text of a two-pose motion (keys on lines 3 to 6). */
static inline void
pr_text(char *buf, size_t n, const char *type, const char *p0, const char *q0, const char *p1,
        const char *q1)
{
    snprintf(buf, n,
             "[motion]\ntype = %s\nstart_position = %s\nstart_orientation = %s\n"
             "end_position = %s\nend_orientation = %s\n", type, p0, q0, p1, q1);
}

/* The motion of type between two poses. */
static inline vccd_motion *
pr_motion(const char *type, const char *p0, const char *q0, const char *p1, const char *q1)
{
    char text[1024];
    pr_text(text, sizeof text, type, p0, q0, p1, q1);
    return mt_motion(text);
}

/* A random unit quaternion as decimals (17 digits: its norm is within
   the parser's 1e-6 of 1, and the parser normalises it). */
static inline void
pr_random_quat(char *buf, size_t n)
{
    double q[4], s;
    do {
        s = 0.0;
        for (int i = 0; i < 4; i++) {
            q[i] = 2.0 * tu_unit() - 1.0;
            s += q[i] * q[i];
        }
    } while (s < 0.01 || s > 1.0);
    s = sqrt(s);
    snprintf(buf, n, "%.17g %.17g %.17g %.17g", q[0] / s, q[1] / s, q[2] / s, q[3] / s);
}

static inline void
pr_random_vec(char *buf, size_t n, double scale)
{
    snprintf(buf, n, "%.17g %.17g %.17g", scale * (2 * tu_unit() - 1), scale * (2 * tu_unit() - 1),
             scale * (2 * tu_unit() - 1));
}

/* Random poses (some with coordinates near 1e6): at t = 0 and t = 1 every
   body point is where the given poses put it, T + R p. */
static inline void
pr_check_end_poses(const char *type, long n)
{
    char p[2][128], q[2][128];
    pr_xva got;
    vccd_mi_mat3 R;
    vccd_mi_vec3 T, y;

    pr_xva_init(&got, PR_PREC);
    vccd_mi_mat3_init(&R, PR_REF);
    vccd_mi_vec3_init(&T, PR_REF);
    vccd_mi_vec3_init(&y, PR_REF);
    for (long it = 0; it < n; it++) {
        vccd_motion *m;
        for (int e = 0; e < 2; e++) {
            pr_random_vec(p[e], sizeof p[e], it % 5 == 4 ? 1e6 : 3.0);
            pr_random_quat(q[e], sizeof q[e]);
        }
        m = pr_motion(type, p[0], q[0], p[1], q[1]);
        for (int e = 0; e < 2; e++) {
            pr_parse(T.c, 3, p[e]);
            pr_quat_mat(&R, q[e]);
            for (int k = 0; k < 4; k++) {
                vccd_mi_vec3_set_d(&y, pr_points[k][0], pr_points[k][1], pr_points[k][2]);
                vccd_mi_mat3_mul_vec3(&y, &R, &y);
                vccd_mi_vec3_add(&y, &y, &T);
                for (int b = 0; b < PR_NB; b++) {
                    pr_eval(&got, m, b, pr_points[k], e, e);
                    for (int c = 0; c < 3; c++)
                        TU_CHECK(pr_inside1(&y.c[c], &got.q[0].c[c]),
                                 "%s %s: t = %d, point %d, x[%d]: %s not in %s\n%s %s -> %s %s", type,
                                 pr_bname[b], e, k, c, tu_fmt_mi(&y.c[c]), tu_fmt_mi(&got.q[0].c[c]),
                                 p[0], q[0], p[1], q[1]);
                }
            }
        }
        vccd_motion_free(m);
    }
    pr_xva_clear(&got);
    vccd_mi_mat3_clear(&R);
    vccd_mi_vec3_clear(&T);
    vccd_mi_vec3_clear(&y);
}

/* Bad configs both two-pose models reject, naming file:line and key. */
static inline void
pr_check_bad_configs(const char *type)
{
    char text[1024];
    pr_text(text, sizeof text, type, "0 0 0", "1 0 0 0.5", "1 0 0", "1 0 0 0");
    mt_expect_error(text, 4, "start_orientation", "unit quaternion");
    pr_text(text, sizeof text, type, "0 0 0", "1 0 0 0", "1 0 0", "0 0 0 0");
    mt_expect_error(text, 6, "end_orientation", "unit quaternion");
    pr_text(text, sizeof text, type, "0 0 x", "1 0 0 0", "1 0 0", "1 0 0 0");
    mt_expect_error(text, 3, "start_position", NULL);
    pr_text(text, sizeof text, type, "0 0 nan", "1 0 0 0", "1 0 0", "1 0 0 0");
    mt_expect_error(text, 3, "start_position", NULL);
    pr_text(text, sizeof text, type, "0 0 0", "1 0 0 0", "1 0", "1 0 0 0");
    mt_expect_error(text, 5, "end_position", NULL);
    pr_text(text, sizeof text, type, "0 0 0", "1 0 0 0", "1 0 0", "1 0 0 0 1");
    mt_expect_error(text, 6, "end_orientation", NULL);
    snprintf(text, sizeof text, "[motion]\ntype = %s\nstart_position = 0 0 0\n"
             "start_orientation = 1 0 0 0\nend_position = 1 0 0\n", type);
    {
        /* a missing key has no line of its own: the section's is cited */
        vccd_error e;
        vccd_motion *m = mt_motion_e(text, &e);
        if (m)
            vccd_motion_free(m);
        TU_CHECK(!m && strncmp(e.msg, MT_FILE ":", strlen(MT_FILE) + 1) == 0
                     && strstr(e.msg, " end_orientation: missing"),
                 "missing end_orientation: '%s'", m ? "accepted" : e.msg);
    }
    /* keys of the other rigid forms have no place here */
    pr_text(text, sizeof text, type, "0 0 0", "1 0 0 0", "1 0 0", "1 0 0 0");
    strcat(text, "turns = 1\n");
    mt_expect_error(text, 7, "turns", NULL);
    pr_text(text, sizeof text, type, "0 0 0", "1 0 0 0", "1 0 0", "1 0 0 0");
    strcat(text, "omega = 0 0 1\n");
    mt_expect_error(text, 7, "omega", NULL);
}

#endif
