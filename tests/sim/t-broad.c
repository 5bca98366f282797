/* t-broad.c -- vccd_sim_broad (lib/sim/broad.c), the simulation's broad
   phase over bodies.  Random scenes of icospheres and boxes, some fixed,
   thrown, falling and spinning (ballistic motions over a piece, as the
   step makes them), packed from touching to far apart, margins h from 0
   up: every pair left out must be more than h apart at every time of the
   piece.  That is checked at 33 times per pair, with each body's
   vertices moved by the motion's interval pose (outward rounded): the
   boxes of the two vertex sets must be more than h apart along some
   axis, and a mesh lies in the box of its vertices.  The kept pairs are
   sorted, distinct, i < j and never two fixed bodies; some pairs are
   left out and some kept (not vacuous). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "testutil.h"
#include "vccd/bv.h"
#include "vccd/config.h"
#include "vccd/di.h"
#include "vccd/geom.h"
#include "vccd/motion.h"
#include "vccd/sim.h"

#define NB 24
#define TIMES 33

static double rnd(double lo, double hi) { return lo + (hi - lo) * tu_unit(); }

/* the ballistic motion of the piece, as the step writes it (o0, v, a,
   q0, omega: the state's numbers times the piece's length) */
static vccd_motion *
motion(const vccd_sim_body *b, double h, const double g[3])
{
    char text[1024];
    vccd_config c;
    vccd_error e;
    vccd_motion *m = NULL;
    double f = b->fixed ? 0.0 : 1.0;
    snprintf(text, sizeof text,
             "[motion]\ntype = ballistic\no0 = %.17g %.17g %.17g\nv = %.17g %.17g %.17g\na = %.17g %.17g %.17g\n"
             "q0 = %.17g %.17g %.17g %.17g\nomega = %.17g %.17g %.17g\n",
             b->x[0], b->x[1], b->x[2], f * b->v[0] * h, f * b->v[1] * h, f * b->v[2] * h, f * g[0] * h * h,
             f * g[1] * h * h, f * g[2] * h * h, b->q[0], b->q[1], b->q[2], b->q[3], f * b->w[0] * h,
             f * b->w[1] * h, f * b->w[2] * h);
    ck_assert_msg(vccd_config_load_string(&c, "t-broad", text, &e) == 0, "%s", e.msg);
    m = vccd_motion_from_config(vccd_config_find(&c, "motion"), 128, &e);
    ck_assert_msg(m != NULL, "%s", e.msg);
    vccd_config_clear(&c);
    return m;
}

/* the box of body b's vertices at time t of motion m, outward */
static void
vertex_box(double lo[3], double hi[3], const vccd_sim_body *b, const vccd_motion *m, double t)
{
    vccd_di_vec3 o, x, p;
    vccd_di_mat3 R;
    ck_assert(vccd_motion_pose_di(&o, &R, m, vccd_di_set_d(t)) == 0);
    for (int k = 0; k < 3; k++) {
        lo[k] = INFINITY;
        hi[k] = -INFINITY;
    }
    for (long i = 0; i < b->mesh.nv; i++) {
        for (int k = 0; k < 3; k++)
            p.c[k] = vccd_di_set_d(b->mesh.v[i][k]);
        vccd_di_mat3_mul_vec3(&x, &R, &p);
        vccd_di_vec3_add(&x, &x, &o);
        for (int k = 0; k < 3; k++) {
            lo[k] = fmin(lo[k], x.c[k].lo);
            hi[k] = fmax(hi[k], x.c[k].hi);
        }
    }
}

START_TEST(test_random)
{
    long n = tu_iters(40), left_out = 0, kept = 0, checks = 0;
    static vccd_sim_body b[NB];
    vccd_motion *m[NB];
    const double g[3] = { 0, 0, -9.81 };
    for (long it = 0; it < n; it++) {
        vccd_sim_pairs pl = { NULL, 0, 0 };
        vccd_error e;
        int nb = 2 + (int)(tu_ulong() % (NB - 1)), in[NB][NB];
        double spread = it % 3 == 0 ? 2.0 : it % 3 == 1 ? 6.0 : 20.0, dt = 1.0 / 60.0 * rnd(0.1, 1.0);
        double h = it % 4 == 0 ? 0.0 : it % 4 == 1 ? 1e-3 : it % 4 == 2 ? 0.1 : 1.0;
        for (int i = 0; i < nb; i++) {
            vccd_bvh_opts bo;
            double ax[3], an, th;
            memset(&b[i], 0, sizeof b[i]);
            snprintf(b[i].name, sizeof b[i].name, "b%d", i);
            ck_assert(vccd_mesh_shape(&b[i].mesh, i % 2 ? "icosphere:1" : "box:1:0.5:0.25", VCCD_MESH_DEGENERATE_KEEP,
                                      &e) == 0);
            b[i].fixed = tu_ulong() % 5 == 0;
            b[i].mass = 1.0;
            for (int k = 0; k < 3; k++) {
                b[i].inertia[k][k] = 0.4;
                b[i].x[k] = rnd(-spread, spread);
                b[i].v[k] = rnd(-20, 20);
                b[i].w[k] = rnd(-30, 30);
                ax[k] = rnd(-1, 1);
            }
            an = sqrt(ax[0] * ax[0] + ax[1] * ax[1] + ax[2] * ax[2]);
            th = rnd(0, 3.1);
            b[i].q[0] = cos(th / 2);
            for (int k = 0; k < 3; k++)
                b[i].q[k + 1] = sin(th / 2) * ax[k] / an;
            ck_assert(vccd_sim_body_finish(&b[i]) == 0);
            vccd_bvh_opts_init(&bo);
            ck_assert_msg(vccd_bvh_build(&b[i].bvh, &b[i].mesh, &bo, &e) == 0, "%s", e.msg);
            m[i] = motion(&b[i], dt, g);
            ck_assert_msg(vccd_query_body_init(&b[i].qb, &b[i].bvh, m[i], &e) == 0, "%s", e.msg);
        }
        ck_assert(vccd_sim_broad(&pl, b, nb, h) == 0);
        memset(in, 0, sizeof in);
        for (long u = 0; u < pl.n; u++) {
            int i = pl.p[u][0], j = pl.p[u][1];
            TU_CHECK(0 <= i && i < j && j < nb, "case %ld: pair %d %d", it, i, j);
            TU_CHECK(u == 0 || pl.p[u - 1][0] < i || (pl.p[u - 1][0] == i && pl.p[u - 1][1] < j),
                     "case %ld: pairs not sorted and distinct at %ld", it, u);
            TU_CHECK(!(b[i].fixed && b[j].fixed), "case %ld: two fixed bodies %d %d kept", it, i, j);
            in[i][j] = 1;
        }
        kept += pl.n;
        for (int i = 0; i < nb; i++)
            for (int j = i + 1; j < nb; j++) {
                if (in[i][j] || (b[i].fixed && b[j].fixed))
                    continue;
                left_out++;
                for (int s = 0; s < TIMES; s++) {
                    double t = (double)s / (TIMES - 1), li[3], hi_[3], lj[3], hj[3];
                    int sep = 0;
                    vertex_box(li, hi_, &b[i], m[i], t);
                    vertex_box(lj, hj, &b[j], m[j], t);
                    for (int k = 0; k < 3; k++)
                        sep |= lj[k] - hi_[k] > h || li[k] - hj[k] > h;
                    checks++;
                    TU_CHECK(sep, "case %ld: bodies %d and %d left out but within %g at t = %g", it, i, j, h, t);
                }
            }
        vccd_sim_pairs_clear(&pl);
        for (int i = 0; i < nb; i++) {
            vccd_query_body_clear(&b[i].qb);
            vccd_motion_free(m[i]);
            vccd_bvh_clear(&b[i].bvh);
            vccd_mesh_clear(&b[i].mesh);
        }
    }
    printf("sim broad: %ld scenes, %ld pairs kept, %ld left out, each checked apart at %d times (%ld checks)\n", n,
           kept, left_out, TIMES, checks);
    TU_CHECK(kept > 0 && left_out > 0, "vacuous: %ld kept, %ld left out", kept, left_out);
}
END_TEST

int
main(void)
{
    const TTest *tests[] = { test_random };
    return tu_main("sim-broad", tests, (int)(sizeof tests / sizeof tests[0]));
}
