/* t-screw.c -- the screw motion: closed-form screws (quarter and half turns about a z-parallel axis, with and without slide), the identity, antipodal and tiny-angle cases, random screws against FCL's axis-point construction, the end poses of random pairs, rebase, bounds and config errors. */
#include <stdlib.h>

#include "poses.h"

/* The screw reference from two poses by FCL's construction (ScrewMotion):
   d = q1 q0* on the short arc, angle th = 2 acos(d.w) about n = d.xyz /
   |d.xyz|, slide g = n . D with D = T1 - T0, and the axis point
   C = (T0 + T1 + cot(th/2) n x D)/2; then P0 = C, V = g n, Y0 = T0 - C.
   0 when the angle is not certainly positive (the axis is undefined). */
static int
screw_ref(pr_ref *f, const char *p0, const char *q0, const char *p1, const char *q1)
{
    vccd_mi_quat a, b, d;
    vccd_mi_vec3 T0, D, nd;
    int ok;
    VCCD_MI_TMP(s, PR_REF);
    VCCD_MI_TMP(k, PR_REF);

    vccd_mi_quat_init(&a, PR_REF);
    vccd_mi_quat_init(&b, PR_REF);
    vccd_mi_quat_init(&d, PR_REF);
    vccd_mi_vec3_init(&T0, PR_REF);
    vccd_mi_vec3_init(&D, PR_REF);
    vccd_mi_vec3_init(&nd, PR_REF);
    pr_quat(&a, q0);
    pr_quat(&b, q1);
    pr_quat_mat(&f->R0, q0);
    vccd_mi_quat_conj(&a, &a);
    vccd_mi_quat_mul(&d, &b, &a);
    if (mpfr_sgn(&d.q[0].hi) < 0)
        for (int i = 0; i < 4; i++)
            vccd_mi_neg(&d.q[i], &d.q[i]);
    for (int i = 0; i < 3; i++)
        vccd_mi_set(&f->n.c[i], &d.q[i + 1]);
    vccd_mi_vec3_norm2(s, &f->n);
    vccd_mi_sqrt(s, s);                         /* sin(th/2) */
    ok = !vccd_mi_contains_zero(s) && !vccd_mi_contains_zero(&d.q[0]);
    if (ok) {
        for (int i = 0; i < 3; i++)
            vccd_mi_div(&f->n.c[i], &f->n.c[i], s);
        vccd_mi_acos(f->th, &d.q[0]);
        vccd_mi_mul_2si(f->th, f->th, 1);
        vccd_mi_div(k, &d.q[0], s);             /* cot(th/2) */
        pr_parse(T0.c, 3, p0);
        pr_parse(D.c, 3, p1);
        vccd_mi_vec3_add(&f->P0, &T0, &D);      /* T0 + T1 */
        vccd_mi_vec3_sub(&D, &D, &T0);
        vccd_mi_vec3_cross(&nd, &f->n, &D);
        vccd_mi_vec3_scale(&nd, k, &nd);
        vccd_mi_vec3_add(&f->P0, &f->P0, &nd);
        for (int i = 0; i < 3; i++)
            vccd_mi_mul_2si(&f->P0.c[i], &f->P0.c[i], -1);
        vccd_mi_vec3_dot(k, &f->n, &D);
        vccd_mi_vec3_scale(&f->V, k, &f->n);
        vccd_mi_vec3_sub(&f->Y0, &T0, &f->P0);
    }
    vccd_mi_quat_clear(&a);
    vccd_mi_quat_clear(&b);
    vccd_mi_quat_clear(&d);
    vccd_mi_vec3_clear(&T0);
    vccd_mi_vec3_clear(&D);
    vccd_mi_vec3_clear(&nd);
    return ok;
}

/* A screw about the axis through (1, 0, 0) parallel to +z, from the pose
   (0, identity): th = angle (pi/div), slide. */
static void
z_screw_ref(pr_ref *f, int div, double slide)
{
    pr_ref_init(f);
    vccd_mi_vec3_set_d(&f->P0, 1, 0, 0);
    vccd_mi_vec3_set_d(&f->Y0, -1, 0, 0);
    vccd_mi_vec3_set_d(&f->V, 0, 0, slide);
    vccd_mi_vec3_set_d(&f->n, 0, 0, 1);
    vccd_mi_const_pi(f->th);
    vccd_mi_mul_2si(f->th, f->th, div == 2 ? -1 : 0);
}

/* sqrt(1/2) */
static void
half_sqrt2(vccd_mi_struct *r)
{
    vccd_mi_set_d(r, 0.5);
    vccd_mi_sqrt(r, r);
}

/* 90 degrees about the z-parallel axis through (1, 0, 0) with slide 2:
   the body origin goes from 0 to (1, 0, 0) + Rz(90)(-1, 0, 0) + (0, 0, 2)
   = (1, -1, 2).  By hand: at t = 1/2, 45 degrees and slide 1, so the
   origin is at (1 - sqrt(1/2), -sqrt(1/2), 1) and the body point
   (1, 2, 3) at (1, 0, 0) + Rz(45)(0, 2, 3) + (0, 0, 1) =
   (1 - sqrt 2, sqrt 2, 4); at t = 1 that point is at
   (1, 0, 0) + (-2, 0, 3) + (0, 0, 2) = (-1, 0, 5).  The quaternion
   (a, 0, 0, a) normalises to the exact quarter turn for any a. */
START_TEST(test_quarter)
{
    vccd_motion *m = pr_motion("screw", "0 0 0", "1 0 0 0", "1 -1 2", "0.7071067811865476 0 0 0.7071067811865476");
    pr_ref f;
    vccd_mi_vec3 e;
    VCCD_MI_TMP(h, PR_REF);

    z_screw_ref(&f, 2, 2.0);
    pr_check_times("quarter screw", m, &f);
    pr_check_rebase("quarter screw rebase", m, &f, 0.25, 0.75);
    pr_check_rebase("quarter screw rebase", m, &f, 0.0, 0.5);
    vccd_mi_vec3_init(&e, PR_REF);
    half_sqrt2(h);
    vccd_mi_set_d(&e.c[0], 1.0);
    vccd_mi_sub(&e.c[0], &e.c[0], h);
    vccd_mi_neg(&e.c[1], h);
    vccd_mi_set_d(&e.c[2], 1.0);
    pr_check_point("quarter screw, origin", m, pr_points[0], 0.5, &e);
    vccd_mi_mul_2si(h, h, 1);                   /* sqrt 2 */
    vccd_mi_set_d(&e.c[0], 1.0);
    vccd_mi_sub(&e.c[0], &e.c[0], h);
    vccd_mi_set(&e.c[1], h);
    vccd_mi_set_d(&e.c[2], 4.0);
    pr_check_point("quarter screw, (1, 2, 3)", m, pr_points[1], 0.5, &e);
    pr_check_point_str("quarter screw, (1, 2, 3)", m, pr_points[1], 1.0, "-1 0 5");
    pr_check_point_str("quarter screw, (1, 2, 3)", m, pr_points[1], 0.0, "1 2 3");
    vccd_mi_vec3_clear(&e);
    pr_ref_clear(&f);
    vccd_motion_free(m);

    /* the same turn without slide (a pure rotation about the axis) */
    m = pr_motion("screw", "0 0 0", "1 0 0 0", "1 -1 0", "0.7071067811865476 0 0 0.7071067811865476");
    z_screw_ref(&f, 2, 0.0);
    pr_check_times("pure rotation", m, &f);
    pr_check_point_str("pure rotation", m, pr_points[1], 1.0, "-1 0 3");
    pr_ref_clear(&f);
    vccd_motion_free(m);
}
END_TEST

/* The half turn about the same axis with slide 2: end (2, 0, 2),
   q1 = (0, 0, 0, 1).  d.w = 0 exactly, so the turn is about +z (the
   documented choice): at t = 1/2 the origin is at
   (1, 0, 0) + Rz(90)(-1, 0, 0) + (0, 0, 1) = (1, -1, 1). */
START_TEST(test_half)
{
    vccd_motion *m = pr_motion("screw", "0 0 0", "1 0 0 0", "2 0 2", "0 0 0 1");
    pr_ref f;
    z_screw_ref(&f, 1, 2.0);
    pr_check_times("half screw", m, &f);
    pr_check_rebase("half screw rebase", m, &f, 0.5, 1.0);
    pr_check_point_str("half screw", m, pr_points[0], 0.5, "1 -1 1");
    pr_check_point_str("half screw", m, pr_points[1], 1.0, "1 -2 5");
    pr_ref_clear(&f);
    vccd_motion_free(m);
}
END_TEST

/* No rotation (equal or antipodal orientations): the screw is the pure
   translation x = T0 + t (T1 - T0) + R0 p, tight at every time. */
START_TEST(test_identity)
{
    static const char *q0 = "0.2 0.4 0.4 0.8";
    static const char *ends[2] = { "0.2 0.4 0.4 0.8", "-0.2 -0.4 -0.4 -0.8" };
    for (int k = 0; k < 2; k++) {
        vccd_motion *m = pr_motion("screw", "1 2 3", q0, "4 -2 3", ends[k]);
        pr_ref f;
        pr_ref_init(&f);
        vccd_mi_vec3_set_d(&f.P0, 1, 2, 3);
        vccd_mi_vec3_set_d(&f.V, 3, -4, 0);
        pr_quat_mat(&f.R0, q0);
        pr_check_times(k ? "antipodal" : "identity", m, &f);
        pr_check_rebase("identity rebase", m, &f, 0.25, 0.5);
        /* a few sums of products on coordinates below 8, each rounded
           once with a bound of (n + 1) ulps of its terms' magnitudes in
           any rounding mode (ivd_ops.h fdot): 32 ulps of 8.9e-16
           measured (16 when every operation was widened by itself) */
        TU_CHECK(pr_width(m, PR_DI, pr_points[1], 0.5, 0.5) < 4e-14, "identity: binary64 width %g",
                 pr_width(m, PR_DI, pr_points[1], 0.5, 0.5));
        TU_CHECK(pr_width(m, PR_M128, pr_points[1], 0.5, 0.5) < 1e-30, "identity: mpfr width %g",
                 pr_width(m, PR_M128, pr_points[1], 0.5, 0.5));
        pr_ref_clear(&f);
        vccd_motion_free(m);
    }
}
END_TEST

/* A turn by about 1e-9 rad about z with a generic displacement: the axis
   point is some 2e9 away, yet the enclosures stay as tight as for the
   pure translation (widths near the rounding of the coordinates). */
START_TEST(test_tiny)
{
    static const char *q1[3] = { "1 0 0 5e-10", "1 3e-10 -4e-10 0", "0.6 0.8 0 1e-12" };
    static const char *q0[3] = { "1 0 0 0", "1 0 0 0", "0.6 0.8 0 0" };
    for (int k = 0; k < 3; k++) {
        vccd_motion *m = pr_motion("screw", "0.5 0 -1", q0[k], "1 2 3", q1[k]);
        pr_ref f;
        pr_ref_init(&f);
        TU_CHECK(screw_ref(&f, "0.5 0 -1", q0[k], "1 2 3", q1[k]), "tiny: no axis");
        pr_check_times("tiny angle", m, &f);
        pr_check_rebase("tiny angle rebase", m, &f, 0.125, 0.875);
        for (int i = 0; i <= 8; i++) {
            double wd = pr_width(m, PR_DI, pr_points[1], i / 8.0, i / 8.0);
            double wm = pr_width(m, PR_M128, pr_points[1], i / 8.0, i / 8.0);
            TU_CHECK(wd < 1e-13 && wm < 1e-30, "tiny angle %d, t = %d/8: widths %g (binary64), %g (mpfr)",
                     k, i, wd, wm);
        }
        pr_ref_clear(&f);
        vccd_motion_free(m);
    }
}
END_TEST

/* Random screws against the construction above, at the seed's times, on
   intervals and rebased. */
START_TEST(test_random)
{
    long n = tu_iters(150), done = 0;
    for (long it = 0; it < n; it++) {
        char p[2][128], q[2][128];
        vccd_motion *m;
        pr_ref f;
        for (int e = 0; e < 2; e++) {
            pr_random_vec(p[e], sizeof p[e], it % 7 == 6 ? 1e4 : 3.0);
            pr_random_quat(q[e], sizeof q[e]);
        }
        m = pr_motion("screw", p[0], q[0], p[1], q[1]);
        pr_ref_init(&f);
        if (screw_ref(&f, p[0], q[0], p[1], q[1])) {
            for (int k = 0; k < 4; k++) {
                for (int i = 0; i <= 4; i++)
                    pr_check("random screw", m, &f, pr_points[k], i / 4.0, i / 4.0);
                pr_check("random screw", m, &f, pr_points[k], 0.3, 0.55);
            }
            if (it % 10 == 0)
                pr_check_rebase("random screw rebase", m, &f, 0.375, 0.625);
            done++;
        }
        pr_ref_clear(&f);
        vccd_motion_free(m);
    }
    TU_CHECK(done > n / 2, "only %ld of %ld random screws had an axis", done, n);
}
END_TEST

START_TEST(test_end_poses)
{
    pr_check_end_poses("screw", tu_iters(300));
}
END_TEST

/* The bounds hold at sampled times for points with |p| <= r, for every
   kind of random instance: the smallest magnitude of the enclosures of
   v and a (a lower bound of the exact value) never exceeds them. */
START_TEST(test_bounds)
{
    const vccd_motion_type *ty = vccd_motion_type_find("screw");
    double r = 2.0;
    for (long it = 0; it < tu_iters(70); it++) {
        vccd_motion *m = vccd_motion_alloc(ty, 0, 320);
        double sp, ac;
        ty->randomize(m, tu_rand, (int)(it % ty->nkinds));
        vccd_motion_sync(m);
        vccd_motion_bounds(&sp, &ac, m, r);
        for (int j = 0; j < 20; j++) {
            double p[3], n2 = 0.0, t = tu_unit();
            pr_xva got;
            MPFR_DECL_INIT(mg, 64);
            for (int i = 0; i < 3; i++) {
                p[i] = 2.0 * tu_unit() - 1.0;
                n2 += p[i] * p[i];
            }
            for (int i = 0; i < 3; i++)
                p[i] *= r / sqrt(3.0);          /* |p| <= r */
            pr_xva_init(&got, PR_PREC);
            pr_eval(&got, m, PR_M128, p, t, t);
            for (int qi = 1; qi <= 2; qi++) {
                double lo2 = 0.0;
                for (int i = 0; i < 3; i++) {
                    vccd_mi_struct *c = &got.q[qi].c[i];
                    /* distance of c from 0, rounded down */
                    if (mpfr_sgn(&c->lo) > 0)
                        mpfr_set(mg, &c->lo, MPFR_RNDD);
                    else if (mpfr_sgn(&c->hi) < 0)
                        mpfr_neg(mg, &c->hi, MPFR_RNDD);
                    else
                        mpfr_set_zero(mg, 1);
                    lo2 += mpfr_get_d(mg, MPFR_RNDD) * mpfr_get_d(mg, MPFR_RNDD) * (1 - 1e-15);
                }
                TU_CHECK(sqrt(lo2) <= (qi == 1 ? sp : ac), "kind %ld: |%s| >= %.17g > bound %.17g", it % ty->nkinds,
                         qi == 1 ? "v" : "a", sqrt(lo2), qi == 1 ? sp : ac);
            }
            pr_xva_clear(&got);
            (void)n2;
        }
        vccd_motion_free(m);
    }
}
END_TEST

START_TEST(test_bad_configs)
{
    pr_check_bad_configs("screw");
}
END_TEST

int
main(void)
{
    const TTest *tests[] = {
        test_quarter, test_half, test_identity, test_tiny, test_random, test_end_poses,
        test_bounds, test_bad_configs,
    };
    return tu_main("screw", tests, (int)(sizeof tests / sizeof tests[0]));
}
