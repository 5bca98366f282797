/* scenario.c -- the benchmark frame of the thesis (7.3), so that the
   tests and `vccd bench toc` throw the same bodies: both move along a
   random axis from dist / 2 away to the origin over the step while each
   turns a quarter turn about its own random axis from a random initial
   orientation.  The motions are built from decimal text by the ltlrm
   poses parser, so an instance is reproducible from its printed keys. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "vccd/rng.h"
#include "vccd/query.h"

/* vccd_rng: a seed gives one instance on every platform. */
static double
unit(uint64_t *s)
{
    return vccd_rng_unit(s);
}

/* Uniform on the unit sphere of dimension n - 1 (rejection from the
   cube). */
static void
sphere_point(double *x, int n, uint64_t *s)
{
    double r2;
    do {
        r2 = 0.0;
        for (int i = 0; i < n; i++) {
            x[i] = 2.0 * unit(s) - 1.0;
            r2 += x[i] * x[i];
        }
    } while (r2 > 1.0 || r2 < 1e-6);
    for (int i = 0; i < n; i++)
        x[i] /= sqrt(r2);
}

static void
quat_mul(double r[4], const double p[4], const double q[4])
{
    r[0] = p[0] * q[0] - p[1] * q[1] - p[2] * q[2] - p[3] * q[3];
    r[1] = p[0] * q[1] + p[1] * q[0] + p[2] * q[3] - p[3] * q[2];
    r[2] = p[0] * q[2] - p[1] * q[3] + p[2] * q[0] + p[3] * q[1];
    r[3] = p[0] * q[3] + p[1] * q[2] - p[2] * q[1] + p[3] * q[0];
}

static int
scenario_text(char *out, size_t size, double dist, uint64_t seed, int turn)
{
    uint64_t s = seed;
    double axis[3], q0[2][4], w[3], q1[4], half = sqrt(0.5);
    int n = 0;

    sphere_point(axis, 3, &s);
    for (int k = 0; k < 2; k++) {
        double r[4];
        sphere_point(q0[k], 4, &s);
        if (q0[k][0] < 0.0)     /* the upper hemisphere, as in the thesis */
            for (int i = 0; i < 4; i++)
                q0[k][i] = -q0[k][i];
        sphere_point(w, 3, &s);
        r[0] = half;
        for (int i = 0; i < 3; i++)
            r[1 + i] = half * w[i];
        quat_mul(q1, r, q0[k]);
        if (!turn) {
            /* o0 = start, v = -start: at the origin at t = 1 */
            double o[3];
            for (int i = 0; i < 3; i++)
                o[i] = (k ? 0.5 : -0.5) * dist * axis[i];
            n += snprintf(out + n, n < (int)size ? size - (size_t)n : 0,
                          "[motion.%c]\ntype = ltlrm\no0 = %.17g %.17g %.17g\nv = %.17g %.17g %.17g\n"
                          "q0 = %.17g %.17g %.17g %.17g\nomega = 0 0 0\n\n",
                          'a' + k, o[0], o[1], o[2], -o[0], -o[1], -o[2], q0[k][0], q0[k][1], q0[k][2], q0[k][3]);
            continue;
        }
        n += snprintf(out + n, n < (int)size ? size - (size_t)n : 0,
                      "[motion.%c]\ntype = ltlrm\nstart_position = %.17g %.17g %.17g\nend_position = 0 0 0\n"
                      "start_orientation = %.17g %.17g %.17g %.17g\nend_orientation = %.17g %.17g %.17g %.17g\n\n",
                      'a' + k, (k ? 0.5 : -0.5) * dist * axis[0], (k ? 0.5 : -0.5) * dist * axis[1],
                      (k ? 0.5 : -0.5) * dist * axis[2], q0[k][0], q0[k][1], q0[k][2], q0[k][3], q1[0], q1[1],
                      q1[2], q1[3]);
    }
    return n < (int)size ? 0 : -1;
}

int
vccd_query_scenario_text(char *out, size_t size, double dist, uint64_t seed)
{
    return scenario_text(out, size, dist, seed, 1);
}

static int
scenario(vccd_motion **a, vccd_motion **b, double dist, uint64_t seed, int turn, mpfr_prec_t prec, vccd_error *e)
{
    char text[1024];
    vccd_config c;
    vccd_config_section *s;
    *a = *b = NULL;
    if (scenario_text(text, sizeof text, dist, seed, turn) != 0)
        return vccd_error_set(e, "scenario", 0, NULL, NULL, "text too long");
    if (vccd_config_load_string(&c, "scenario", text, e) != 0)
        return -1;
    if ((s = vccd_config_find(&c, "motion.a")))
        *a = vccd_motion_from_config(s, prec, e);
    if (*a && (s = vccd_config_find(&c, "motion.b")))
        *b = vccd_motion_from_config(s, prec, e);
    vccd_config_clear(&c);
    if (!*a || !*b) {
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
