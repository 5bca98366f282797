/* scenario.c -- the benchmark frame of the thesis (7.3), so that the
   tests and `vccd bench toc` throw the same bodies: both move along a
   random axis from dist / 2 away to the origin over the step while each
   turns a quarter turn about its own random axis from a random initial
   orientation.  The motions are made by ltlrm's typed constructors from
   the decimals that vccd_query_scenario_text prints, so an instance is
   reproducible from its printed keys. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "vccd/motions.h"
#include "vccd/rng.h"
#include "vccd/query.h"

static void
quat_mul(double r[4], const double p[4], const double q[4])
{
    r[0] = p[0] * q[0] - p[1] * q[1] - p[2] * q[2] - p[3] * q[3];
    r[1] = p[0] * q[1] + p[1] * q[0] + p[2] * q[3] - p[3] * q[2];
    r[2] = p[0] * q[2] - p[1] * q[3] + p[2] * q[0] + p[3] * q[1];
    r[3] = p[0] * q[3] + p[1] * q[2] - p[2] * q[1] + p[3] * q[0];
}

/* The two bodies of instance seed: start position (at the origin at
   t = 1), start orientation and, turning, the end orientation. */
typedef struct {
    double o[2][3], q0[2][4], q1[2][4];
} frame;

static void
scenario_frame(frame *f, double dist, uint64_t seed)
{
    uint64_t s = seed;
    double axis[3], w[3], half = sqrt(0.5);

    vccd_rng_sphere(axis, 3, &s);
    for (int k = 0; k < 2; k++) {
        double r[4];
        vccd_rng_sphere(f->q0[k], 4, &s);
        if (f->q0[k][0] < 0.0)  /* the upper hemisphere, as in the thesis */
            for (int i = 0; i < 4; i++)
                f->q0[k][i] = -f->q0[k][i];
        vccd_rng_sphere(w, 3, &s);
        r[0] = half;
        for (int i = 0; i < 3; i++)
            r[1 + i] = half * w[i];
        quat_mul(f->q1[k], r, f->q0[k]);
        for (int i = 0; i < 3; i++)
            f->o[k][i] = (k ? 0.5 : -0.5) * dist * axis[i];
    }
}

/* The decimals every form of an instance holds: %.17g of each double,
   which reads back as the same double but, as a decimal, is not always
   that double; the motions are made from these decimals, so that an
   instance is the same whether built here or read from its text. */
#define V3 "%.17g %.17g %.17g"
#define V4 "%.17g %.17g %.17g %.17g"

static int
scenario_text(char *out, size_t size, double dist, uint64_t seed, int turn)
{
    frame f;
    int n = 0;

    scenario_frame(&f, dist, seed);
    for (int k = 0; k < 2; k++) {
        const double *o = f.o[k], *q0 = f.q0[k], *q1 = f.q1[k];
        if (!turn) {
            /* o0 = start, v = -start: at the origin at t = 1 */
            n += snprintf(out + n, n < (int)size ? size - (size_t)n : 0,
                          "[motion.%c]\ntype = ltlrm\no0 = " V3 "\nv = " V3 "\nq0 = " V4 "\nomega = 0 0 0\n\n",
                          'a' + k, o[0], o[1], o[2], -o[0], -o[1], -o[2], q0[0], q0[1], q0[2], q0[3]);
            continue;
        }
        n += snprintf(out + n, n < (int)size ? size - (size_t)n : 0,
                      "[motion.%c]\ntype = ltlrm\nstart_position = " V3 "\nend_position = 0 0 0\n"
                      "start_orientation = " V4 "\nend_orientation = " V4 "\n\n",
                      'a' + k, o[0], o[1], o[2], q0[0], q0[1], q0[2], q0[3], q1[0], q1[1], q1[2], q1[3]);
    }
    return n < (int)size ? 0 : -1;
}

int
vccd_query_scenario_text(char *out, size_t size, double dist, uint64_t seed)
{
    return scenario_text(out, size, dist, seed, 1);
}

/* Body k's motion, by ltlrm's typed constructors from the decimals of
   scenario_text (bit for bit the motions its text gives; checked for
   many seeds by tests/motion/t-new.c). */
static vccd_motion *
body_motion(const frame *f, int k, int turn, mpfr_prec_t prec, vccd_error *e)
{
    const double *o = f->o[k], *q0 = f->q0[k], *q1 = f->q1[k];
    char p[3][128], q[2][128];

    snprintf(q[0], sizeof q[0], V4, q0[0], q0[1], q0[2], q0[3]);
    if (!turn) {
        snprintf(p[0], sizeof p[0], V3, o[0], o[1], o[2]);
        snprintf(p[1], sizeof p[1], V3, -o[0], -o[1], -o[2]);
        return vccd_motion_ltlrm_new_str(p[0], p[1], q[0], "0 0 0", prec, e);
    }
    snprintf(p[0], sizeof p[0], V3, o[0], o[1], o[2]);
    snprintf(q[1], sizeof q[1], V4, q1[0], q1[1], q1[2], q1[3]);
    return vccd_motion_ltlrm_poses_new_str(p[0], q[0], "0 0 0", q[1], NULL, prec, e);
}

static int
scenario(vccd_motion **a, vccd_motion **b, double dist, uint64_t seed, int turn, mpfr_prec_t prec, vccd_error *e)
{
    frame f;
    scenario_frame(&f, dist, seed);
    *b = NULL;
    *a = body_motion(&f, 0, turn, prec, e);
    if (*a)
        *b = body_motion(&f, 1, turn, prec, e);
    if (!*b) {
        vccd_motion_free(*a);
        *a = NULL;
        return -1;
    }
    return 0;
}

int
vccd_query_scenario(vccd_motion **a, vccd_motion **b, double dist, uint64_t seed, mpfr_prec_t prec, vccd_error *e)
{
    return scenario(a, b, dist, seed, 1, prec, e);
}

int
vccd_query_scenario_translating(vccd_motion **a, vccd_motion **b, double dist, uint64_t seed, mpfr_prec_t prec,
                                vccd_error *e)
{
    return scenario(a, b, dist, seed, 0, prec, e);
}
