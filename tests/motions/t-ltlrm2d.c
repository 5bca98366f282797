/* t-ltlrm2d.c -- planar LTLRM (thesis App. A.1): a quarter turn with exact expected poses, random motions against the closed forms x = o0 + v t + R(alpha0 + omega t) p, v = v + omega R(. + pi/2) p, a = -omega^2 R(.) p in MPFR, z exactly 0 on every backend, rebase, bounds and config errors. */
#include <stdlib.h>

#include "model_check.h"

/* Parameters of a reference motion at MT_REF_PREC: o0 (2), v (2),
   alpha0, omega. */
typedef struct {
    mpfr_t o[2], v[2], al, om;
} ref2d;

static void
ref_init(ref2d *r, const char *const s[6])
{
    mpfr_t *f[6] = { &r->o[0], &r->o[1], &r->v[0], &r->v[1], &r->al, &r->om };
    for (int i = 0; i < 6; i++) {
        mpfr_init2(*f[i], MT_REF_PREC);
        mpfr_set_str(*f[i], s[i], 10, MPFR_RNDN);
    }
}

static void
ref_clear(ref2d *r)
{
    mpfr_clears(r->o[0], r->o[1], r->v[0], r->v[1], r->al, r->om, (mpfr_ptr)0);
}

/* Closed forms at time t for the body point (px, py): with th = alpha0 +
   omega t, c = cos th, s = sin th,
     x = o0 + v t + (c px - s py, s px + c py),
     v = v + omega (-s px - c py, c px - s py),
     a = -omega^2 (c px - s py, s px + c py). */
static void
ref_eval_fr(mpfr_t q[3][3], ref2d *r, mpfr_srcptr t, const double p[3])
{
    mpfr_t th, c, s, rx, ry, w2;
    mpfr_inits2(MT_REF_PREC, th, c, s, rx, ry, w2, (mpfr_ptr)0);
    mpfr_mul(th, r->om, t, MPFR_RNDN);
    mpfr_add(th, th, r->al, MPFR_RNDN);
    mpfr_sin_cos(s, c, th, MPFR_RNDN);
    mpfr_mul_d(rx, c, p[0], MPFR_RNDN);
    mpfr_mul_d(th, s, p[1], MPFR_RNDN);
    mpfr_sub(rx, rx, th, MPFR_RNDN);
    mpfr_mul_d(ry, s, p[0], MPFR_RNDN);
    mpfr_mul_d(th, c, p[1], MPFR_RNDN);
    mpfr_add(ry, ry, th, MPFR_RNDN);
    for (int i = 0; i < 2; i++) {
        mpfr_mul(q[0][i], r->v[i], t, MPFR_RNDN);
        mpfr_add(q[0][i], q[0][i], r->o[i], MPFR_RNDN);
        mpfr_add(q[0][i], q[0][i], i ? ry : rx, MPFR_RNDN);
    }
    mpfr_mul(th, r->om, ry, MPFR_RNDN);
    mpfr_sub(q[1][0], r->v[0], th, MPFR_RNDN);
    mpfr_mul(th, r->om, rx, MPFR_RNDN);
    mpfr_add(q[1][1], r->v[1], th, MPFR_RNDN);
    mpfr_sqr(w2, r->om, MPFR_RNDN);
    mpfr_neg(w2, w2, MPFR_RNDN);
    mpfr_mul(q[2][0], w2, rx, MPFR_RNDN);
    mpfr_mul(q[2][1], w2, ry, MPFR_RNDN);
    for (int k = 0; k < 3; k++)
        mpfr_set_zero(q[k][2], 1);
    mpfr_clears(th, c, s, rx, ry, w2, (mpfr_ptr)0);
}

static void
ref_eval(mpfr_t q[3][3], ref2d *r, double t, const double p[3])
{
    mpfr_t tt;
    mpfr_init2(tt, 64);
    mpfr_set_d(tt, t, MPFR_RNDN);
    ref_eval_fr(q, r, tt, p);
    mpfr_clear(tt);
}

/* The reference's error bound: ~2^-1000 of the magnitudes involved. */
static void
ref_tol(mpfr_t tol, ref2d *r, const double p[3])
{
    double mag = 1.0 + fabs(mpfr_get_d(r->o[0], MPFR_RNDN)) + fabs(mpfr_get_d(r->o[1], MPFR_RNDN))
        + fabs(mpfr_get_d(r->v[0], MPFR_RNDN)) + fabs(mpfr_get_d(r->v[1], MPFR_RNDN))
        + fabs(mpfr_get_d(r->al, MPFR_RNDN)) + fabs(mpfr_get_d(r->om, MPFR_RNDN));
    mag *= 1.0 + fabs(mpfr_get_d(r->om, MPFR_RNDN));
    mag *= mag * (1.0 + fabs(p[0]) + fabs(p[1]));
    mpfr_set_d(tol, mag, MPFR_RNDU);
    mpfr_mul_2si(tol, tol, -1000, MPFR_RNDU);
}

/* Every output's z must be exactly 0. */
static void
check_z0(const mt_xva *r, const char *backend)
{
    for (int k = 0; k < 3; k++)
        if (mpfr_sgn(&r->q[k].c[2].lo) != 0 || mpfr_sgn(&r->q[k].c[2].hi) != 0)
            tu_fail("%s: %s.z = [%s, %s], not exactly 0", backend, mt_qname[k],
                    tu_fmt_fr(&r->q[k].c[2].lo), tu_fmt_fr(&r->q[k].c[2].hi));
}

/* Check m over [tlo, thi] on both backends against the reference at the
   ends and a few times inside; also the unrounded backend's z. */
static void
check_motion(const vccd_motion *m, ref2d *rf, const double p[3], double tlo, double thi, const char *what)
{
    mt_xva r;
    mpfr_t q[3][3], tol;
    mt_xva_init(&r);
    mpfr_init2(tol, 64);
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 3; i++)
            mpfr_init2(q[k][i], MT_REF_PREC);
    ref_tol(tol, rf, p);
    for (int b = 0; b < MT_NB; b++) {
        mt_eval(&r, m, b, p, 0, tlo, thi);
        check_z0(&r, mt_bname[b]);
        for (int j = 0; j < 4; j++) {
            double t = j == 0 ? tlo : j == 1 ? thi : tlo + (thi - tlo) * tu_unit();
            ref_eval(q, rf, t, p);
            for (int k = 0; k < 3; k++)
                for (int i = 0; i < 3; i++)
                    mt_check(&r, k, i, q[k][i], tol, b, what);
        }
    }
    {
        vccd_ui_vec3 x, v, a, up;
        vccd_ui_vec3_set_d(&up, p[0], p[1], p[2]);
        vccd_motion_eval_ui(&x, &v, &a, m, &up, 0, vccd_ui_set_2d(tlo, thi));
        if (x.c[2].lo != 0 || x.c[2].hi != 0 || v.c[2].lo != 0 || v.c[2].hi != 0 || a.c[2].lo != 0
            || a.c[2].hi != 0)
            tu_fail("unrounded: %s: z not exactly 0", what);
    }
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 3; i++)
            mpfr_clear(q[k][i]);
    mpfr_clear(tol);
    mt_xva_clear(&r);
}

/* alpha0 = 0, omega = pi/2 (set as an enclosure of pi/2: no decimal is
   pi/2), p = (1, 0): at t = 1 the point is at o0 + v + (0, 1), at t = 0
   at o0 + (1, 0), with velocities v + (0, pi/2) and v - (pi/2, 0) and
   accelerations -(pi/2)^2 (1, 0) and -(pi/2)^2 (0, 1). */
START_TEST(test_quarter_turn)
{
    vccd_motion *m = mt_motion("[motion]\ntype = ltlrm2d\no0 = 1.5 -2\nv = 0.25, 0.5\nalpha0 = 0\nomega = 1\n");
    static const double p[3] = { 1, 0, 0 };
    static const double ex[2][2] = { { 2.5, -2 }, { 1.75, -0.5 } };     /* x at t = 0, 1 */
    mt_xva r;
    mpfr_t h, ref, tol;
    mpq_t q;

    ck_assert_int_eq(m->type->dim, 2);
    vccd_mi_const_pi(&m->param[5]);
    vccd_mi_mul_2si(&m->param[5], &m->param[5], -1);
    vccd_motion_sync(m);
    mt_xva_init(&r);
    mpfr_inits2(MT_REF_PREC, h, ref, tol, (mpfr_ptr)0);
    mpq_init(q);
    mpfr_const_pi(h, MPFR_RNDN);
    mpfr_mul_2si(h, h, -1, MPFR_RNDN);      /* pi/2 */
    mpfr_set_ui_2exp(tol, 1, -1000, MPFR_RNDN);
    for (int b = 0; b < MT_NB; b++)
        for (int k = 0; k < 2; k++) {
            mt_eval(&r, m, b, p, 0, k, k);
            check_z0(&r, mt_bname[b]);
            for (int i = 0; i < 2; i++) {
                mpq_set_d(q, ex[k][i]);
                if (!mt_contains_q(&r.q[0].c[i], q))
                    tu_fail("%s: x[%d] at t = %d misses %g", mt_bname[b], i, k, ex[k][i]);
            }
            /* velocity: t = 0: (0.25, 0.5 + pi/2); t = 1: (0.25 - pi/2, 0.5) */
            mpfr_set_d(ref, 0.25, MPFR_RNDN);
            if (k)
                mpfr_sub(ref, ref, h, MPFR_RNDN);
            mt_check(&r, 1, 0, ref, tol, b, "quarter turn v");
            mpfr_set_d(ref, 0.5, MPFR_RNDN);
            if (!k)
                mpfr_add(ref, ref, h, MPFR_RNDN);
            mt_check(&r, 1, 1, ref, tol, b, "quarter turn v");
            /* acceleration -(pi/2)^2 (cos, sin) of the angle k pi/2 */
            mpfr_sqr(ref, h, MPFR_RNDN);
            mpfr_neg(ref, ref, MPFR_RNDN);
            mt_check(&r, 2, k ? 1 : 0, ref, tol, b, "quarter turn a");
            mpfr_set_zero(ref, 1);
            mt_check(&r, 2, k ? 0 : 1, ref, tol, b, "quarter turn a");
        }
    mpq_clear(q);
    mpfr_clears(h, ref, tol, (mpfr_ptr)0);
    mt_xva_clear(&r);
    vccd_motion_free(m);
}
END_TEST

/* A random motion as config text and its reference: kinds 0 generic,
   1 omega = 0, 2 omega ~ +-pi (a decimal), 3 huge coordinates, 4 large
   angles. */
static vccd_motion *
random_motion(ref2d *rf, int kind)
{
    char num[6][48], text[512];
    const char *s[6];
    vccd_motion *m;
    for (int i = 0; i < 6; i++)
        s[i] = mt_rand_dec(num[i], sizeof num[i], i < 2 && kind == 3 ? 1000000 : i >= 4 && kind == 4 ? 1000 : 3,
                           1 + (int)(tu_ulong() % 15));
    if (kind == 1)
        s[5] = "0";
    else if (kind == 2)
        s[5] = tu_ulong() & 1 ? "3.14159265358979323846" : "-3.1415926535897932";
    snprintf(text, sizeof text, "[motion]\ntype = ltlrm2d\no0 = %s %s\nv = %s %s\nalpha0 = %s\nomega = %s\n",
             s[0], s[1], s[2], s[3], s[4], s[5]);
    m = mt_motion(text);
    ref_init(rf, s);
    return m;
}

START_TEST(test_random)
{
    long iters = tu_iters(2000);
    for (long it = 0; it < iters; it++) {
        ref2d rf;
        vccd_motion *m = random_motion(&rf, (int)(it % 5));
        double p[3] = { 4 * tu_unit() - 2, 4 * tu_unit() - 2, 4 * tu_unit() - 2 };   /* z ignored */
        double t0 = tu_unit(), w = ldexp(1.0, -(int)(tu_ulong() % 30));
        double t1 = t0 + w > 1.0 ? 1.0 : t0 + w;
        check_motion(m, &rf, p, 0.0, 0.0, "t = 0");
        check_motion(m, &rf, p, 1.0, 1.0, "t = 1");
        check_motion(m, &rf, p, t0, t0, "point t");
        check_motion(m, &rf, p, t0, t1, "interval t");
        ref_clear(&rf);
        vccd_motion_free(m);
    }
}
END_TEST

/* The restriction to [t0, t1] at s is the original at t0 + s (t1 - t0). */
START_TEST(test_rebase)
{
    long iters = tu_iters(300);
    for (long it = 0; it < iters; it++) {
        ref2d rf;
        vccd_motion *m = random_motion(&rf, (int)(it % 5)), *mr;
        double p[3] = { 4 * tu_unit() - 2, 4 * tu_unit() - 2, 0 };
        double t0 = 0.5 * tu_unit(), t1 = t0 + ldexp(1.0, -(int)(tu_ulong() % 10) - 1);
        mt_xva r;
        mpfr_t q[3][3], tol, h, t;
        mr = vccd_motion_rebase(m, t0, t1);
        mt_xva_init(&r);
        mpfr_inits2(MT_REF_PREC, tol, h, t, (mpfr_ptr)0);
        for (int k = 0; k < 3; k++)
            for (int i = 0; i < 3; i++)
                mpfr_init2(q[k][i], MT_REF_PREC);
        ref_tol(tol, &rf, p);
        mpfr_set_d(h, t1, MPFR_RNDN);
        mpfr_sub_d(h, h, t0, MPFR_RNDN);        /* h = t1 - t0, exact */
        for (int j = 0; j <= 4; j++) {
            double s = j / 4.0;
            mpfr_mul_d(t, h, s, MPFR_RNDN);
            mpfr_add_d(t, t, t0, MPFR_RNDN);    /* t0 + s h, exact */
            ref_eval_fr(q, &rf, t, p);
            /* velocity and acceleration scale by h and h^2 */
            for (int i = 0; i < 3; i++) {
                mpfr_mul(q[1][i], q[1][i], h, MPFR_RNDN);
                mpfr_mul(q[2][i], q[2][i], h, MPFR_RNDN);
                mpfr_mul(q[2][i], q[2][i], h, MPFR_RNDN);
            }
            for (int b = 0; b < MT_NB; b++) {
                mt_eval(&r, mr, b, p, 0, s, s);
                check_z0(&r, mt_bname[b]);
                for (int k = 0; k < 3; k++)
                    for (int i = 0; i < 2; i++)
                        mt_check(&r, k, i, q[k][i], tol, b, "rebased");
            }
        }
        for (int k = 0; k < 3; k++)
            for (int i = 0; i < 3; i++)
                mpfr_clear(q[k][i]);
        mpfr_clears(tol, h, t, (mpfr_ptr)0);
        mt_xva_clear(&r);
        vccd_motion_free(mr);
        vccd_motion_free(m);
        ref_clear(&rf);
    }
}
END_TEST

/* |v(t)| <= speed and |a(t)| <= accel for |p| <= rad, at random t. */
START_TEST(test_bounds)
{
    long iters = tu_iters(1000);
    mpfr_t q[3][3], n;
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 3; i++)
            mpfr_init2(q[k][i], MT_REF_PREC);
    mpfr_init2(n, MT_REF_PREC);
    for (long it = 0; it < iters; it++) {
        ref2d rf;
        vccd_motion *m = random_motion(&rf, (int)(it % 5));
        double rad = 3 * tu_unit(), speed, accel, ang = 7 * tu_unit();
        double p[3] = { rad * cos(ang), rad * sin(ang), 0 };
        vccd_motion_bounds(&speed, &accel, m, rad * (1 + 1e-12));
        ref_eval(q, &rf, tu_unit(), p);
        for (int k = 1; k < 3; k++) {
            mpfr_hypot(n, q[k][0], q[k][1], MPFR_RNDN);
            if (mpfr_cmp_d(n, k == 1 ? speed : accel) > 0)
                tu_fail("|%s| = %s exceeds the bound %.17g (r = %g)", mt_qname[k], tu_fmt_fr(n),
                        k == 1 ? speed : accel, rad);
        }
        ref_clear(&rf);
        vccd_motion_free(m);
    }
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 3; i++)
            mpfr_clear(q[k][i]);
    mpfr_clear(n);
}
END_TEST

START_TEST(test_errors)
{
    mt_expect_error("[motion]\ntype = ltlrm2d\no0 = 1 2 3\nv = 0 0\nomega = 1\n", 3, "o0", "expected 2 numbers");
    mt_expect_error("[motion]\ntype = ltlrm2d\no0 = 1 2\nv = 0\nomega = 1\n", 4, "v", "got 1");
    mt_expect_error("[motion]\ntype = ltlrm2d\no0 = 1 2\nv = 0 0\n", 0, "omega", "missing");
    mt_expect_error("[motion]\ntype = ltlrm2d\nv = 0 0\nomega = 1\n", 0, "o0", "missing");
    mt_expect_error("[motion]\ntype = ltlrm2d\no0 = 1 2\nv = 0 nan\nomega = 1\n", 4, "v", "nan");
    mt_expect_error("[motion]\ntype = ltlrm2d\no0 = 1 2\nv = 0 0\nalpha0 = 1 2\nomega = 1\n", 5, "alpha0", NULL);
    mt_expect_error("[motion]\ntype = ltlrm2d\no0 = 1 2\nv = 0 0\nomega = -inf\n", 5, "omega", NULL);
    mt_expect_error("[motion]\ntype = ltlrm2d\no0 = 1 2\nv = 0 0\nomega = 1\nq0 = 1 0 0 0\n", 6, "q0",
                    "unknown key");
}
END_TEST

int
main(void)
{
    const mt_case cases[] = {
        { "quarter_turn", test_quarter_turn }, { "random", test_random }, { "rebase", test_rebase },
        { "bounds", test_bounds }, { "errors", test_errors },
    };
    return mt_run("ltlrm2d", cases, sizeof cases / sizeof cases[0]);
}
