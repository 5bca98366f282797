/* t-sim2d.c -- the 2D mode of the simulation against closed forms: a
   square dropped flat on a fixed ground bounces to e^2 times its drop
   height, without spin; two free polygons thrown at each other off
   centre conserve linear and angular momentum through their collision;
   both stay in the plane, with a proved positive gap at every piece. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "vccd/sim.h"

/* A 2D body from shape spec at (x, y) with velocity v, omega w: mass
   and inertia from the polygon (density 1), centred on its centre of
   mass. */
static void
body_2d(vccd_sim_body *b, const char *spec, double x, double y, double vx, double vy, double w, int fixed)
{
    vccd_error e;
    vccd_mesh_mass mp;
    vccd_bvh_opts bo;
    memset(b, 0, sizeof *b);
    snprintf(b->name, sizeof b->name, "%s", spec);
    if (vccd_mesh_load(&b->mesh, spec, NULL, &e) != 0)
        tu_fail("%s: %s", spec, e.msg);
    b->fixed = fixed;
    b->planar = 1;
    b->x[0] = x, b->x[1] = y;
    b->v[0] = vx, b->v[1] = vy;
    b->w[2] = w;
    vccd_sim_body_set_angle(b, 0.0);
    if (!fixed) {
        if (vccd_mesh_area_props(&mp, &b->mesh, &e) != 0)
            tu_fail("%s: %s", spec, e.msg);
        for (long i = 0; i < b->mesh.nv; i++)
            for (int k = 0; k < 2; k++)
                b->mesh.v[i][k] -= mp.com[k];
        b->mass = mp.volume;
        memcpy(b->inertia, mp.inertia, sizeof b->inertia);
    }
    ck_assert(vccd_sim_body_finish(b) == 0);
    vccd_bvh_opts_init(&bo);
    if (vccd_bvh_build(&b->bvh, &b->mesh, &bo, &e) != 0)
        tu_fail("%s", e.msg);
}

static void
body_clear(vccd_sim_body *b)
{
    vccd_sim_body_clear_cache(b);
    vccd_bvh_clear(&b->bvh);
    vccd_mesh_clear(&b->mesh);
}

static void
in_plane(const vccd_sim_body *b, int nb, long step)
{
    for (int i = 0; i < nb; i++)
        TU_CHECK(b[i].x[2] == 0.0 && b[i].v[2] == 0.0 && b[i].w[0] == 0.0 && b[i].w[1] == 0.0,
                 "step %ld: %s left the plane (z %g vz %g w %g %g)", step, b[i].name, b[i].x[2], b[i].v[2], b[i].w[0],
                 b[i].w[1]);
}

/* rect:1:1 from centre height 2 onto rect:8:1 whose top is y = 0: it
   lands flat at centre height 1/2 + gap (the step back's gap, between
   eps_d and the band) and rises to that plus e^2 times its fall. */
START_TEST(test_bounce)
{
    vccd_sim_body b[2];
    vccd_sim_opts o;
    vccd_error e;
    double peak = -INFINITY, min_gap = INFINITY;
    int bounced = 0;
    tu_init();
    body_2d(&b[0], "rect:8:1", 0, -0.5, 0, 0, 0, 1);
    body_2d(&b[1], "rect:1:1", 0, 2, 0, 0, 0, 0);
    vccd_sim_opts_init(&o);
    o.g[1] = -9.81;
    o.dt = 0.004;
    o.impulse.e = 0.5;
    o.impulse.v_sep = 9.81 * o.dt;
    for (long st = 0; st < 250; st++) {
        vccd_sim_step_result r;
        memset(&r, 0, sizeof r);
        if (vccd_sim_step(&r, b, 2, &o, NULL, NULL, &e) != 0)
            tu_fail("step %ld: %s", st, e.msg);
        min_gap = fmin(min_gap, r.min_gap);
        in_plane(b, 2, st);
        bounced |= r.events > 0;
        if (bounced)
            peak = fmax(peak, b[1].x[1]);
        TU_CHECK(fabs(b[1].w[2]) < 1e-9 && fabs(b[1].angle) < 1e-9, "step %ld: spin %g angle %g from a flat landing",
                 st, b[1].w[2], b[1].angle);
    }
    TU_CHECK(bounced, "no bounce");
    if (getenv("VCCD_TEST_VERBOSE"))
        printf("2D bounce: peak %.9g, rise / fall %.6f (e^2 = 0.25)\n", peak, (peak - 0.5) / 1.5);
    TU_CHECK(min_gap > 0.0, "gap lower bound %g", min_gap);
    {
        /* the impact height: at least 1/2 + eps_d, at most 1/2 + the
           band (2 eps_d) */
        double h0 = 2.0, e2 = 0.25;
        double want_lo = 0.5 + 1e-3 + e2 * (h0 - 0.5 - 2e-3), want_hi = 0.5 + 2e-3 + e2 * (h0 - 0.5 - 1e-3);
        /* the peak is sampled every dt: it can fall short by g dt^2 / 8 */
        TU_CHECK(peak >= want_lo - 9.81 * o.dt * o.dt / 8 - 1e-9 && peak <= want_hi + 1e-9,
                 "peak %.9g outside [%.9g, %.9g]: rise / fall = %.6f, want e^2 = 0.25", peak, want_lo, want_hi,
                 (peak - 0.5) / (h0 - 0.5));
    }
    body_clear(&b[0]);
    body_clear(&b[1]);
}
END_TEST

/* A pentagon and a star, no gravity, thrown at each other off centre:
   p and L (about the origin) before and after match to 1e-9 relative,
   and the collision happened and spun them. */
START_TEST(test_momentum)
{
    vccd_sim_body b[2];
    vccd_sim_opts o;
    vccd_error e;
    double ke0, ke1, pe, p0[3], p1[3], L0[3], L1[3], z[3] = { 0, 0, 0 };
    long events = 0;
    tu_init();
    body_2d(&b[0], "ngon:5", -2, 0.3, 3, 0, 0.5, 0);
    body_2d(&b[1], "star:7:4", 2, -0.3, -2, 0.2, -1, 0);
    vccd_sim_opts_init(&o);
    o.dt = 0.01;
    o.impulse.e = 0.8;
    vccd_sim_energy(&ke0, &pe, p0, L0, b, 2, z);
    for (long st = 0; st < 150; st++) {
        vccd_sim_step_result r;
        memset(&r, 0, sizeof r);
        if (vccd_sim_step(&r, b, 2, &o, NULL, NULL, &e) != 0)
            tu_fail("step %ld: %s", st, e.msg);
        TU_CHECK(r.min_gap > 0.0, "step %ld: gap %g", st, r.min_gap);
        events += r.events;
        in_plane(b, 2, st);
    }
    vccd_sim_energy(&ke1, &pe, p1, L1, b, 2, z);
    TU_CHECK(events > 0, "no collision");
    for (int k = 0; k < 2; k++)
        TU_CHECK(fabs(p1[k] - p0[k]) <= 1e-9 * (fabs(p0[0]) + fabs(p0[1]) + 1), "momentum %d: %.17g -> %.17g", k,
                 p0[k], p1[k]);
    TU_CHECK(fabs(L1[2] - L0[2]) <= 1e-9 * (fabs(L0[2]) + 1), "angular momentum %.17g -> %.17g", L0[2], L1[2]);
    TU_CHECK(L1[0] == 0.0 && L1[1] == 0.0 && p1[2] == 0.0, "momentum out of the plane");
    TU_CHECK(ke1 <= ke0 * (1 + 1e-12), "energy grew %.17g -> %.17g", ke0, ke1);
    TU_CHECK(fabs(b[0].w[2] - 0.5) > 1e-3 || fabs(b[1].w[2] + 1) > 1e-3, "an off-centre hit left the spins alone");
    body_clear(&b[0]);
    body_clear(&b[1]);
}
END_TEST

/* The area properties against closed forms: a W x H rectangle has
   I_z = m (W^2 + H^2) / 12 (ngon:4 is the square of side sqrt 2: area 2,
   I_z = 2 / 3); moved far from the origin it keeps I about its centre;
   a clockwise polygon is refused. */
START_TEST(test_area)
{
    vccd_mesh m;
    vccd_mesh_mass mp;
    vccd_error e;
    tu_init();
    if (vccd_mesh_load(&m, "rect:3:0.5", NULL, &e) != 0 || vccd_mesh_area_props(&mp, &m, &e) != 0)
        tu_fail("%s", e.msg);
    TU_CHECK(mp.volume == 1.5 && mp.com[0] == 0 && mp.com[1] == 0, "rect: area %g com %g %g", mp.volume, mp.com[0],
             mp.com[1]);
    TU_CHECK(fabs(mp.inertia[2][2] - 1.5 * (9 + 0.25) / 12) < 1e-15 && fabs(mp.inertia[0][1]) < 1e-15,
             "rect: I_z %.17g", mp.inertia[2][2]);
    vccd_mesh_clear(&m);
    if (vccd_mesh_load(&m, "ngon:4", NULL, &e) != 0 || vccd_mesh_area_props(&mp, &m, &e) != 0)
        tu_fail("%s", e.msg);
    TU_CHECK(fabs(mp.volume - 2) < 1e-15 && fabs(mp.inertia[2][2] - 2.0 / 3) < 1e-15, "ngon:4: area %g I_z %.17g",
             mp.volume, mp.inertia[2][2]);
    vccd_mesh_clear(&m);
    /* offset: the same square moved keeps its I about its centre */
    {
        double v[4][3] = { { 10, 20, 0 }, { 11, 20, 0 }, { 11, 21, 0 }, { 10, 21, 0 } };
        vccd_mesh_index t[4][3] = { { 0, 1, 1 }, { 1, 2, 2 }, { 2, 3, 3 }, { 3, 0, 0 } };
        if (vccd_mesh_init_arrays(&m, "sq", (const double (*)[3])v, 4, (const vccd_mesh_index (*)[3])t, 4,
                                  VCCD_MESH_DEGENERATE_KEEP, &e) != 0 || vccd_mesh_area_props(&mp, &m, &e) != 0)
            tu_fail("%s", e.msg);
        TU_CHECK(mp.volume == 1 && fabs(mp.com[0] - 10.5) < 1e-14 && fabs(mp.com[1] - 20.5) < 1e-14
                 && fabs(mp.inertia[2][2] - 1.0 / 6) < 1e-13, "offset square: %g (%g %g) %.17g", mp.volume, mp.com[0],
                 mp.com[1], mp.inertia[2][2]);
        vccd_mesh_clear(&m);
        /* clockwise: refused */
        t[0][0] = 1, t[0][1] = t[0][2] = 0, t[1][0] = 2, t[1][1] = t[1][2] = 1;
        t[2][0] = 3, t[2][1] = t[2][2] = 2, t[3][0] = 0, t[3][1] = t[3][2] = 3;
        if (vccd_mesh_init_arrays(&m, "cw", (const double (*)[3])v, 4, (const vccd_mesh_index (*)[3])t, 4,
                                  VCCD_MESH_DEGENERATE_KEEP, &e) != 0)
            tu_fail("%s", e.msg);
        TU_CHECK(vccd_mesh_area_props(&mp, &m, &e) == -1 && strstr(e.msg, "clockwise"), "clockwise accepted");
        vccd_mesh_clear(&m);
    }
}
END_TEST

int
main(void)
{
    const TTest *tests[] = { test_bounce, test_momentum, test_area };
    return tu_main("sim2d", tests, (int)(sizeof tests / sizeof tests[0]));
}
