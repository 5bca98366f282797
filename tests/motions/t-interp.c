/* t-interp.c -- the in-between (SLERP) motion: the tests AB00-AB02 of Jørgensen, "Kontinuerligt kollisionsdetektering" (2006) with closed-form poses, a general pose pair with the short-arc choice, antipodal, identical and half-turn orientations, the end poses of random pairs, rebase and config errors. */
#include <stdlib.h>

#include "poses.h"

/* AB00 (Jørgensen 2006, 10.1): start = end; every body point stays put. */
START_TEST(test_ab00)
{
    const char *q = "0.2 0.4 0.4 0.8";
    vccd_motion *m = pr_motion("interp", "1 2 3", q, "1 2 3", q);
    pr_ref f;
    pr_ref_init(&f);
    vccd_mi_vec3_set_d(&f.P0, 1, 2, 3);
    pr_quat_mat(&f.R0, q);
    pr_check_times("AB00", m, &f);
    /* at rest the enclosure over the whole step stays a tight point */
    for (int b = 0; b < PR_NB; b++)
        TU_CHECK(pr_width(m, b, pr_points[1], 0.0, 1.0) < 1e-13, "AB00 %s: width %g over [0, 1]",
                 pr_bname[b], pr_width(m, b, pr_points[1], 0.0, 1.0));
    pr_ref_clear(&f);
    vccd_motion_free(m);
}
END_TEST

/* AB01: (0,0,0) -> (10,0,0) at the identity orientation: x = p + (10t, 0, 0),
   so at t = i/8 the centre is at 1.25 i (Jørgensen 2006, 13.2). */
START_TEST(test_ab01)
{
    vccd_motion *m = pr_motion("interp", "0 0 0", "1 0 0 0", "10 0 0", "1 0 0 0");
    pr_ref f;
    char e[128];
    pr_ref_init(&f);
    vccd_mi_vec3_set_d(&f.V, 10, 0, 0);
    pr_check_times("AB01", m, &f);
    for (int i = 0; i <= 8; i++) {
        snprintf(e, sizeof e, "%.17g 2 3", 1.25 * i + 1.0);
        pr_check_point_str("AB01", m, pr_points[1], i / 8.0, e);
    }
    pr_ref_clear(&f);
    vccd_motion_free(m);
}
END_TEST

/* AB02: identity -> (0, 1, 0, 0), the half turn about x.  d = q1 q0* has
   d.w = 0 exactly, so the turn goes about +x (the documented choice):
   angle pi t.  At t = 1/2 a quarter turn, (x, y, z) -> (x, -z, y); at
   t = 1 diag(1, -1, -1); at t = 1/4 an eighth turn. */
START_TEST(test_ab02)
{
    vccd_motion *m = pr_motion("interp", "0 0 0", "1 0 0 0", "0 0 0", "0 1 0 0");
    pr_ref f;
    vccd_mi_vec3 e;
    const double e2[3] = { 0, 1, 0 };
    pr_ref_init(&f);
    vccd_mi_const_pi(f.th);
    pr_check_times("AB02", m, &f);
    pr_check_point_str("AB02", m, pr_points[1], 0.0, "1 2 3");
    pr_check_point_str("AB02", m, pr_points[1], 0.5, "1 -3 2");
    pr_check_point_str("AB02", m, pr_points[1], 1.0, "1 -2 -3");
    pr_check_point_str("AB02", m, e2, 0.5, "0 0 1");
    pr_check_point_str("AB02", m, e2, 1.0, "0 -1 0");
    /* e2 at t = 1/4: (0, sqrt(1/2), sqrt(1/2)) */
    vccd_mi_vec3_init(&e, PR_REF);
    vccd_mi_set_d(&e.c[0], 0.0);
    vccd_mi_set_d(&e.c[1], 0.5);
    vccd_mi_sqrt(&e.c[1], &e.c[1]);
    vccd_mi_set(&e.c[2], &e.c[1]);
    pr_check_point("AB02", m, e2, 0.25, &e);
    vccd_mi_vec3_clear(&e);
    pr_ref_clear(&f);
    vccd_motion_free(m);
}
END_TEST

/* q0 = (0.6, 0.8, 0, 0) and q1 = e q0 with e = (0.6, 0, 0.8, 0), the turn
   by 2 acos(0.6) about +y: q1 = (0.36, 0.48, 0.48, -0.64) (by hand).
   The end -q1 is the same orientation and must give the same motion;
   the end (-e) q0 = (0.36, 0.48, -0.48, 0.64) given as its negative
   -(...) = (-0.36, -0.48, 0.48, -0.64) must take the short arc, about -y
   (Jørgensen 2006's flip test is inverted: it would take the long way). */
START_TEST(test_general)
{
    static const char *ends[3] = { "0.36 0.48 0.48 -0.64", "-0.36 -0.48 -0.48 0.64",
                                   "-0.36 -0.48 0.48 -0.64" };
    for (int k = 0; k < 3; k++) {
        vccd_motion *m = pr_motion("interp", "1 -2 0.5", "0.6 0.8 0 0", "3 1 -1", ends[k]);
        pr_ref f;
        VCCD_MI_TMP(c, PR_REF);
        pr_ref_init(&f);
        vccd_mi_vec3_set_d(&f.P0, 1, -2, 0.5);
        vccd_mi_vec3_set_d(&f.V, 2, 3, -1.5);
        vccd_mi_vec3_set_d(&f.n, 0, k == 2 ? -1 : 1, 0);
        vccd_mi_set_str(c, "0.6");
        vccd_mi_acos(f.th, c);
        vccd_mi_mul_2si(f.th, f.th, 1);
        pr_quat_mat(&f.R0, "0.6 0.8 0 0");
        pr_check_times(k == 2 ? "short arc" : "general", m, &f);
        pr_check_rebase("general rebase", m, &f, 0.25, 0.75);
        pr_check_rebase("general rebase", m, &f, 0.5, 1.0);
        pr_ref_clear(&f);
        vccd_motion_free(m);
    }
}
END_TEST

/* Antipodal (q1 = -q0) and identical orientations: no rotation at all,
   omega encloses 0 tightly, and the body translates. */
START_TEST(test_no_turn)
{
    static const char *q0 = "0.36 0.48 0.64 0.48";
    static const char *ends[2] = { "-0.36 -0.48 -0.64 -0.48", "0.36 0.48 0.64 0.48" };
    for (int k = 0; k < 2; k++) {
        vccd_motion *m = pr_motion("interp", "0 0 0", q0, "1 2 3", ends[k]);
        pr_ref f;
        for (int i = 0; i < 3; i++) {
            vccd_di w = m->param_di[VCCD_RIGID_W + i];
            TU_CHECK(w.lo <= 0.0 && w.hi >= 0.0 && w.hi - w.lo < 1e-40,
                     "%s: omega[%d] = [%g, %g], not a tight 0", ends[k], i, w.lo, w.hi);
        }
        pr_ref_init(&f);
        vccd_mi_vec3_set_d(&f.V, 1, 2, 3);
        pr_quat_mat(&f.R0, q0);
        pr_check_times(k ? "identical" : "antipodal", m, &f);
        pr_ref_clear(&f);
        vccd_motion_free(m);
    }
}
END_TEST

/* A half turn whose d.w is an interval around 0: q1 = (0, 0, 0, 1) q0 =
   (0, 0, 0.8, 0.6) (by hand) with q0 = (0.6, 0.8, 0, 0) not exactly
   representable.  Either direction about z is a correct motion; it must
   be one of them at every time and for every point. */
START_TEST(test_half_turn)
{
    vccd_motion *m = pr_motion("interp", "0 0 0", "0.6 0.8 0 0", "0 0 0", "0 0 0.8 0.6");
    int ok[2] = { 1, 1 };
    for (int dir = 0; dir < 2; dir++) {
        pr_ref f;
        pr_ref_init(&f);
        vccd_mi_vec3_set_d(&f.n, 0, 0, dir ? -1 : 1);
        vccd_mi_const_pi(f.th);
        pr_quat_mat(&f.R0, "0.6 0.8 0 0");
        for (int k = 0; k < 4; k++)
            for (int i = 0; i <= 8; i++)
                ok[dir] = ok[dir] && pr_holds(m, &f, pr_points[k], i / 8.0, i / 8.0);
        pr_ref_clear(&f);
    }
    TU_CHECK(ok[0] || ok[1], "the half turn is neither about +z nor about -z");
    vccd_motion_free(m);
}
END_TEST

START_TEST(test_end_poses)
{
    pr_check_end_poses("interp", tu_iters(300));
}
END_TEST

/* The poses form of ltlrm (with no extra turns) is the same motion: the
   same derived parameters. */
START_TEST(test_is_ltlrm)
{
    for (long it = 0; it < tu_iters(50); it++) {
        char p[2][128], q[2][128];
        vccd_motion *a, *b;
        for (int e = 0; e < 2; e++) {
            pr_random_vec(p[e], sizeof p[e], 3.0);
            pr_random_quat(q[e], sizeof q[e]);
        }
        a = pr_motion("interp", p[0], q[0], p[1], q[1]);
        b = pr_motion("ltlrm", p[0], q[0], p[1], q[1]);
        TU_CHECK(a->nparams == b->nparams, "nparams %d vs %d", a->nparams, b->nparams);
        for (int i = 0; i < a->nparams; i++)
            TU_CHECK(mpfr_equal_p(&a->param[i].lo, &b->param[i].lo) && mpfr_equal_p(&a->param[i].hi, &b->param[i].hi),
                     "parameter %d differs from ltlrm's", i);
        vccd_motion_free(a);
        vccd_motion_free(b);
    }
}
END_TEST

START_TEST(test_bad_configs)
{
    pr_check_bad_configs("interp");
}
END_TEST

int
main(void)
{
    const TTest *tests[] = {
        test_ab00, test_ab01, test_ab02, test_general, test_no_turn, test_half_turn,
        test_end_poses, test_is_ltlrm, test_bad_configs,
    };
    return tu_main("interp", tests, (int)(sizeof tests / sizeof tests[0]));
}
