/* t-pose.c -- vccd_motion_pose_di/mi: the pose of a rigid motion at a
   time, checked against poses worked out by hand as exact rationals. */
#include <math.h>
#include <string.h>

#include "testutil.h"
#include "vccd/motion.h"
#include "vccd/plugin/rigid.h"

/* Rotation matrices of (0.6, 0.8, 0, 0) about x and (0.6, 0, 0.8, 0)
   about y, from cos(a/2) = 3/5, sin(a/2) = 4/5: cos a = -7/25,
   sin a = 24/25.  Entries as num/25. */
static const long rot_x[9] = { 25, 0, 0, 0, -7, -24, 0, 24, -7 };
static const long rot_y[9] = { -7, 0, 24, 0, 25, 0, -24, 0, -7 };

static vccd_motion *
motion(const char *text)
{
    vccd_config cfg;
    vccd_error e;
    vccd_motion *m;
    if (vccd_config_load_string(&cfg, "t-pose.ini", text, &e) != 0)
        tu_fail("config: %s", e.msg);
    m = vccd_motion_from_config(&cfg.sec[0], 320, &e);
    if (!m)
        tu_fail("motion: %s", e.msg);
    vccd_config_clear(&cfg);
    return m;
}

/* a contains num/den exactly */
static int
mi_has_q(const vccd_mi_struct *a, long num, long den)
{
    mpq_t q;
    int ok;
    mpq_init(q);
    mpq_set_si(q, num, (unsigned long)den);
    mpq_canonicalize(q);
    ok = mpfr_cmp_q(&a->lo, q) <= 0 && mpfr_cmp_q(&a->hi, q) >= 0;
    mpq_clear(q);
    return ok;
}

static int
di_has_q(vccd_di a, long num, long den)
{
    vccd_mi_t x;
    int ok;
    vccd_mi_init2(x, 53);
    vccd_mi_set_di(x, a);
    ok = mi_has_q(x, num, den);
    vccd_mi_clear(x);
    return ok;
}

/* The pose at t (binary64 and MPFR at 256 bits) must contain origin o
   (in tenths) and the matrix rot (in 25ths). */
static void
check_pose(const vccd_motion *m, double t, const long o10[3], const long rot[9], const char *what)
{
    vccd_di_vec3 o;
    vccd_di_mat3 R;
    vccd_mi_vec3 mo;
    vccd_mi_mat3 mR;
    vccd_mi_t mt;

    if (vccd_motion_pose_di(&o, &R, m, vccd_di_set_d(t)) != 0)
        tu_fail("%s: pose_di refused a rigid motion", what);
    vccd_mi_vec3_init(&mo, 256);
    vccd_mi_mat3_init(&mR, 256);
    vccd_mi_init2(mt, 256);
    vccd_mi_set_d(mt, t);
    if (vccd_motion_pose_mi(&mo, &mR, m, mt) != 0)
        tu_fail("%s: pose_mi refused a rigid motion", what);
    for (int i = 0; i < 3; i++) {
        TU_CHECK(di_has_q(o.c[i], o10[i], 10), "%s: binary64 origin[%d] = [%a, %a] misses %ld/10",
                 what, i, o.c[i].lo, o.c[i].hi, o10[i]);
        TU_CHECK(mi_has_q(&mo.c[i], o10[i], 10), "%s: MPFR origin[%d] = %s misses %ld/10",
                 what, i, tu_fmt_mi(&mo.c[i]), o10[i]);
    }
    for (int k = 0; k < 9; k++) {
        TU_CHECK(di_has_q(R.m[k], rot[k], 25), "%s: binary64 R[%d] = [%a, %a] misses %ld/25",
                 what, k, R.m[k].lo, R.m[k].hi, rot[k]);
        TU_CHECK(mi_has_q(&mR.m[k], rot[k], 25), "%s: MPFR R[%d] = %s misses %ld/25",
                 what, k, tu_fmt_mi(&mR.m[k]), rot[k]);
        /* tight, not merely containing: 256 bits leave ~1e-70 */
        {
            MPFR_DECL_INIT(w, 64);
            vccd_mi_width(w, &mR.m[k]);
            TU_CHECK(mpfr_cmp_d(w, 1e-60) < 0, "%s: MPFR R[%d] too wide: %s", what, k, tu_fmt_mi(&mR.m[k]));
        }
    }
    vccd_mi_vec3_clear(&mo);
    vccd_mi_mat3_clear(&mR);
    vccd_mi_clear(mt);
}

START_TEST(test_pose_at_start)
{
    static const long o[3] = { 10, 20, 30 };
    vccd_motion *m;
    tu_init();
    m = motion("[motion]\ntype = ltlrm\no0 = 1 2 3\nv = 0.5 0 0\nq0 = 0.6 0.8 0 0\nomega = 0 0 1.5\n");
    check_pose(m, 0.0, o, rot_x, "ltlrm t=0");
    vccd_motion_free(m);
}
END_TEST

START_TEST(test_pose_at_end)
{
    /* identity -> (0.6, 0, 0.8, 0): with any number of extra full turns
       the pose at t = 1 is the given end pose */
    static const long o[3] = { 30, -10, 20 };
    static const char *turns[] = { "0", "1", "-2" };
    tu_init();
    for (int i = 0; i < 3; i++) {
        char text[512];
        vccd_motion *m;
        snprintf(text, sizeof text,
                 "[motion]\ntype = ltlrm\nstart_position = 0 0 0\nend_position = 3 -1 2\n"
                 "start_orientation = 1 0 0 0\nend_orientation = 0.6 0 0.8 0\nturns = %s\n", turns[i]);
        m = motion(text);
        check_pose(m, 1.0, o, rot_y, turns[i]);
        vccd_motion_free(m);
    }
}
END_TEST

START_TEST(test_pose_interval)
{
    /* The pose over t = [0.25, 0.5] contains the pose at 0.3. */
    vccd_motion *m;
    vccd_di_vec3 o, op;
    vccd_di_mat3 R, Rp;
    tu_init();
    m = motion("[motion]\ntype = ballistic\no0 = 1 2 3\nv = 0.5 0 0\na = 0 0 -9.81\n"
               "q0 = 0.6 0.8 0 0\nomega = 0.3 -1 1.5\n");
    vccd_motion_pose_di(&o, &R, m, vccd_di_set_2d(0.25, 0.5));
    vccd_motion_pose_di(&op, &Rp, m, vccd_di_set_d(0.3));
    for (int i = 0; i < 3; i++)
        TU_CHECK(vccd_di_subset(op.c[i], o.c[i]), "origin[%d]", i);
    for (int k = 0; k < 9; k++)
        TU_CHECK(vccd_di_subset(Rp.m[k], R.m[k]), "R[%d]", k);
    vccd_motion_free(m);
}
END_TEST

START_TEST(test_pose_per_vertex)
{
    vccd_motion *m;
    vccd_di_vec3 o;
    vccd_di_mat3 R;
    tu_init();
    m = motion("[motion]\ntype = vertex-linear\nvertices = 1\nvertex.0 = 0 0 0 1 1 1\n");
    TU_CHECK(vccd_motion_pose_di(&o, &R, m, vccd_di_set_d(0.5)) == -1,
             "a per-vertex motion has no pose");
    vccd_motion_free(m);
}
END_TEST

/* x (MPFR) inside the binary64 interval a */
static int
di_holds_mi(vccd_di a, const vccd_mi_struct *x)
{
    return mpfr_cmp_d(&x->lo, a.lo) >= 0 && mpfr_cmp_d(&x->hi, a.hi) <= 0;
}

START_TEST(test_pose_box_random)
{
    /* Random rigid motions of every kind (rest, half and full turns, tiny
       w, coordinates near 1e6) and random time boxes, zero-width ones
       included: o + R p from the pose over the box, and
       vccd_motion_eval_points_di over the box, hold the position of p at
       sampled times by MPFR at 256 bits; a per-vertex model goes through
       eval_points_di the same way.  A rigid model's points evaluated from
       their kept frames (vccd_motion_eval_frames_di) hold it too, and are
       bit for bit eval_points_di's enclosures; their velocities from the
       frames are eval_di's.  Frames combined from the unit axes'
       (vccd_motion_point_frame_lin_di) hold the position and the velocity
       too. */
    static const char *const names[] = { "ltlrm", "ballistic", "vertex-linear" };
    tu_init();
    for (long it = 0; it < tu_iters(300); it++) {
        const vccd_motion_type *ty = vccd_motion_type_find(names[it % 3]);
        vccd_motion *m = vccd_motion_alloc(ty, 0, 256);
        double a = tu_unit(), b = it % 7 == 0 ? a : tu_unit(), t0 = a < b ? a : b, t1 = a < b ? b : a;
        double scale = it % 5 == 0 ? 1e6 : it % 5 == 1 ? 1e-6 : 1.0;
        vccd_di_vec3 o, x, xp[2], p[2], xl[2], vl[2];
        vccd_di_mat3 R;
        int vx[2] = { 0, 0 }, have_lin = 0;
        ty->randomize(m, tu_rand, (int)(it / 3 % ty->nkinds));
        vccd_motion_sync(m);
        for (int k = 0; k < 2; k++)
            vccd_di_vec3_set_d(&p[k], scale * (2 * tu_unit() - 1), scale * (2 * tu_unit() - 1),
                               scale * (2 * tu_unit() - 1));
        if (it % 4 == 1)        /* a zero coordinate and mixed magnitudes */
            vccd_di_vec3_set_d(&p[1], 0.0, scale, -1e-12 * scale);
        if (ty->per_vertex) {
            vx[1] = m->nvertices - 1;
            TU_CHECK(vccd_motion_pose_di(&o, &R, m, vccd_di_set_2d(t0, t1)) == -1, "per-vertex pose");
        } else {
            TU_CHECK(vccd_motion_pose_di(&o, &R, m, vccd_di_set_2d(t0, t1)) == 0, "%s pose refused", ty->name);
        }
        vccd_motion_eval_points_di(xp, m, p, vx, 2, vccd_di_set_2d(t0, t1));
        if (!ty->per_vertex) {
            vccd_motion_pose_frame f;
            vccd_di_vec3 y[2][3], xf[2];
            long index[2] = { 1, 0 };
            TU_CHECK(vccd_motion_pose_frame_init(&f, m) == 0, "%s: no pose frame", ty->name);
            for (int k = 0; k < 2; k++)
                vccd_motion_point_frame_di(y[k], &f, &p[k]);
            vccd_motion_eval_frames_di(xf, &f, (const vccd_di_vec3 (*)[3])y, index, 2, vccd_di_set_2d(t0, t1));
            for (int k = 0; k < 2; k++)
                for (int i = 0; i < 3; i++)
                    TU_CHECK(xf[k].c[i].lo == xp[1 - k].c[i].lo && xf[k].c[i].hi == xp[1 - k].c[i].hi,
                             "%s it %ld [%a, %a]: eval_frames gives [%a, %a], eval_points [%a, %a]", ty->name, it,
                             t0, t1, xf[k].c[i].lo, xf[k].c[i].hi, xp[1 - k].c[i].lo, xp[1 - k].c[i].hi);
            /* frames combined from the unit axes' (point_frame_lin_di),
               which the mesh query keeps: another enclosure of the same
               frame, checked against MPFR below, position and velocity */
            {
                vccd_motion_frame_time ft;
                vccd_di T = vccd_di_set_2d(t0, t1);
                vccd_motion_frame_time_di(&ft, &f, T);
                for (int k = 0; k < 2; k++) {
                    const double pd[3] = { p[k].c[0].lo, p[k].c[1].lo, p[k].c[2].lo };
                    vccd_di_vec3 yl[3];
                    vccd_motion_point_frame_lin_di(yl, &f, pd);
                    vccd_motion_frame_apply_di(&xl[k], &ft, yl);
                    vccd_motion_frame_velocity_di(&vl[k], &f, &ft, yl, T);
                }
                have_lin = 1;
            }
            /* the velocity from a kept frame (frame_time + frame_velocity)
               is vccd_motion_eval_di's, bit for bit */
            {
                vccd_motion_frame_time ft;
                vccd_di_vec3 vf, ve, xe;
                vccd_di T = vccd_di_set_2d(t0, t1);
                vccd_motion_frame_time_di(&ft, &f, T);
                for (int k = 0; k < 2; k++) {
                    vccd_motion_frame_velocity_di(&vf, &f, &ft, y[k], T);
                    vccd_motion_eval_di(&xe, &ve, NULL, m, &p[k], 0, T);
                    for (int i = 0; i < 3; i++)
                        TU_CHECK(vf.c[i].lo == ve.c[i].lo && vf.c[i].hi == ve.c[i].hi,
                                 "%s it %ld [%a, %a]: frame velocity [%a, %a], eval_di [%a, %a]", ty->name, it, t0,
                                 t1, vf.c[i].lo, vf.c[i].hi, ve.c[i].lo, ve.c[i].hi);
                }
            }
        }
        for (int s = 0; s < 5; s++) {
            double t = s == 0 ? t0 : s == 4 ? t1 : t0 + (t1 - t0) * tu_unit();
            vccd_mi_vec3 mp, mx, mv;
            vccd_mi_t mt;
            vccd_mi_vec3_init(&mp, 256);
            vccd_mi_vec3_init(&mx, 256);
            vccd_mi_vec3_init(&mv, 256);
            vccd_mi_init2(mt, 256);
            vccd_mi_set_d(mt, t);
            for (int k = 0; k < 2; k++) {
                vccd_mi_vec3_set_d(&mp, p[k].c[0].lo, p[k].c[1].lo, p[k].c[2].lo);
                vccd_motion_eval_mi(&mx, &mv, NULL, m, &mp, vx[k], mt);
                if (!ty->per_vertex) {
                    vccd_di_mat3_mul_vec3(&x, &R, &p[k]);
                    vccd_di_vec3_add(&x, &x, &o);
                }
                for (int i = 0; i < 3; i++) {
                    TU_CHECK(ty->per_vertex || di_holds_mi(x.c[i], &mx.c[i]),
                             "%s it %ld t %a in [%a, %a]: pose gives [%a, %a], MPFR %s", ty->name, it, t, t0, t1,
                             x.c[i].lo, x.c[i].hi, tu_fmt_mi(&mx.c[i]));
                    TU_CHECK(di_holds_mi(xp[k].c[i], &mx.c[i]),
                             "%s it %ld t %a in [%a, %a]: eval_points gives [%a, %a], MPFR %s", ty->name, it, t, t0,
                             t1, xp[k].c[i].lo, xp[k].c[i].hi, tu_fmt_mi(&mx.c[i]));
                    TU_CHECK(!have_lin || di_holds_mi(xl[k].c[i], &mx.c[i]),
                             "%s it %ld t %a in [%a, %a]: combined frame's position [%a, %a], MPFR %s", ty->name, it,
                             t, t0, t1, xl[k].c[i].lo, xl[k].c[i].hi, tu_fmt_mi(&mx.c[i]));
                    TU_CHECK(!have_lin || di_holds_mi(vl[k].c[i], &mv.c[i]),
                             "%s it %ld t %a in [%a, %a]: combined frame's velocity [%a, %a], MPFR %s", ty->name, it,
                             t, t0, t1, vl[k].c[i].lo, vl[k].c[i].hi, tu_fmt_mi(&mv.c[i]));
                }
            }
            vccd_mi_vec3_clear(&mp);
            vccd_mi_vec3_clear(&mx);
            vccd_mi_vec3_clear(&mv);
            vccd_mi_clear(mt);
        }
        vccd_motion_free(m);
    }
}
END_TEST

START_TEST(test_pose_approx)
{
    /* vccd_motion_pose_frame_approx is no enclosure, only a plain-double
       guess for choices no proof rests on (where the advance stops):
       within a relative 1e-11 of the sizes of the terms it adds (centre,
       travel and the turned point) of the MPFR position at 256 bits, on
       random rigid motions of every kind (rest, half and full turns, tiny
       w), times and points with coordinates from 1e-6 to 1e6.  A wrong
       coefficient (sinc for cosc, t for t^2) is off by the order of the
       point's size. */
    static const char *const names[] = { "ltlrm", "ballistic" };
    tu_init();
    for (long it = 0; it < tu_iters(400); it++) {
        const vccd_motion_type *ty = vccd_motion_type_find(names[it % 2]);
        vccd_motion *m = vccd_motion_alloc(ty, 0, 256);
        vccd_motion_pose_frame f;
        double t = it % 9 == 0 ? 0.0 : it % 9 == 1 ? 1.0 : tu_unit(), o[3], R[9], p[3], x[3];
        double scale = it % 5 == 0 ? 1e6 : it % 5 == 1 ? 1e-6 : 1.0, w, size = 0.0;
        const vccd_di *P;
        vccd_mi_vec3 mp, mx;
        vccd_mi_t mt;
        ty->randomize(m, tu_rand, (int)(it / 2 % ty->nkinds));
        vccd_motion_sync(m);
        P = m->param_di;
        TU_CHECK(vccd_motion_pose_frame_init(&f, m) == 0, "%s: no pose frame", ty->name);
        for (int i = 0; i < 3; i++)
            p[i] = scale * (2 * tu_unit() - 1);
        vccd_motion_pose_frame_approx(o, R, &f, t);
        w = sqrt(f.w2.hi);
        for (int i = 0; i < 3; i++) {
            x[i] = o[i] + R[3 * i] * p[0] + R[3 * i + 1] * p[1] + R[3 * i + 2] * p[2];
            size += vccd_di_mag(P[VCCD_RIGID_O + i]) + vccd_di_mag(P[VCCD_RIGID_U + i]) * t
                    + (m->nparams >= VCCD_RIGID_NB ? vccd_di_mag(P[VCCD_RIGID_B + i]) * t * t : 0.0);
        }
        size += sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]) * (1.0 + w * t + w * w * t * t);
        vccd_mi_vec3_init(&mp, 256);
        vccd_mi_vec3_init(&mx, 256);
        vccd_mi_init2(mt, 256);
        vccd_mi_set_d(mt, t);
        vccd_mi_vec3_set_d(&mp, p[0], p[1], p[2]);
        vccd_motion_eval_mi(&mx, NULL, NULL, m, &mp, 0, mt);
        for (int i = 0; i < 3; i++) {
            double exact = mpfr_get_d(&mx.c[i].lo, MPFR_RNDN);
            TU_CHECK(fabs(x[i] - exact) <= 1e-11 * size, "%s it %ld t %a: approx %.17g, MPFR %s (size %g)", ty->name,
                     it, t, x[i], tu_fmt_mi(&mx.c[i]), size);
        }
        vccd_mi_vec3_clear(&mp);
        vccd_mi_vec3_clear(&mx);
        vccd_mi_clear(mt);
        vccd_motion_free(m);
    }
}
END_TEST

int
main(void)
{
    const TTest *tests[] = { test_pose_at_start, test_pose_at_end, test_pose_interval, test_pose_per_vertex,
                             test_pose_box_random, test_pose_approx };
    return tu_main("motion-pose", tests, (int)(sizeof tests / sizeof tests[0]));
}
