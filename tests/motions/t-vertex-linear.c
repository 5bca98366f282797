/* t-vertex-linear.c -- the per-vertex linear motion: exact midpoints and end positions (rationals), velocity x1 - x0 and zero acceleration, vertex selection, rebase, bounds and config errors. */
#include <stdlib.h>

#include "model_check.h"

/* Check quantity qi of r against the exact rationals q[0..3). */
static void
check_q(const mt_xva *r, int qi, mpq_t *q, int b, const char *what)
{
    for (int i = 0; i < 3; i++)
        if (!mt_contains_q(&r->q[qi].c[i], q[i]))
            tu_fail("%s: %s: %s[%d] = [%s, %s] misses %s", mt_bname[b], what, mt_qname[qi], i,
                    tu_fmt_fr(&r->q[qi].c[i].lo), tu_fmt_fr(&r->q[qi].c[i].hi), mpq_get_str(NULL, 10, q[i]));
}

/* a must be exactly 0. */
static void
check_zero_accel(const mt_xva *r, int b)
{
    for (int i = 0; i < 3; i++)
        if (mpfr_sgn(&r->q[2].c[i].lo) != 0 || mpfr_sgn(&r->q[2].c[i].hi) != 0)
            tu_fail("%s: acceleration[%d] = [%s, %s], not 0", mt_bname[b], i, tu_fmt_fr(&r->q[2].c[i].lo),
                    tu_fmt_fr(&r->q[2].c[i].hi));
}

/* vertex i's ends, from its six decimal strings: e[0] at t = 0, e[1] at
   t = 1. */
typedef struct {
    mpq_t e[2][3];
} seg;

static void
seg_init(seg *s, const char *const d[6])
{
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < 3; i++) {
            mpq_init(s->e[k][i]);
            mt_q_dec(s->e[k][i], d[3 * k + i]);
        }
}

static void
seg_clear(seg *s)
{
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < 3; i++)
            mpq_clear(s->e[k][i]);
}

/* q = x0 + (x1 - x0) t for the double t (exact). */
static void
seg_at(mpq_t *q, seg *s, double t)
{
    mpq_t tq, d;
    mpq_init(tq);
    mpq_init(d);
    mpq_set_d(tq, t);
    for (int i = 0; i < 3; i++) {
        mpq_sub(d, s->e[1][i], s->e[0][i]);
        mpq_mul(d, d, tq);
        mpq_add(q[i], s->e[0][i], d);
    }
    mpq_clear(tq);
    mpq_clear(d);
}

/* Evaluate vertex vi of m at t in [tlo, thi] on both backends and check
   x at the ends of the time interval, v = x1 - x0 and a = 0; the body
   point (which must be ignored) is random. */
static void
check_vertex(const vccd_motion *m, int vi, seg *s, double tlo, double thi, const char *what)
{
    mt_xva r;
    mpq_t q[3];
    double p[3] = { tu_unit() * 10 - 5, tu_unit() * 10 - 5, tu_unit() * 10 - 5 };
    mt_xva_init(&r);
    for (int i = 0; i < 3; i++)
        mpq_init(q[i]);
    for (int b = 0; b < MT_NB; b++) {
        mt_eval(&r, m, b, p, vi, tlo, thi);
        seg_at(q, s, tlo);
        check_q(&r, 0, q, b, what);
        seg_at(q, s, thi);
        check_q(&r, 0, q, b, what);
        for (int i = 0; i < 3; i++)
            mpq_sub(q[i], s->e[1][i], s->e[0][i]);
        check_q(&r, 1, q, b, what);
        check_zero_accel(&r, b);
    }
    for (int i = 0; i < 3; i++)
        mpq_clear(q[i]);
    mt_xva_clear(&r);
}

static const char *const fixed[3][6] = {
    { "0", "0", "0", "2", "4", "6" },
    { "0.1", "-0.3", "7.25", "1.3", "0.5", "-2.75" },
    { "1000000.5", "-3", "0", "1000000.5", "-3", "0" },   /* zero length */
};

START_TEST(test_midpoints)
{
    vccd_motion *m = mt_motion("[motion]\n"
                               "type = vertex-linear\n"
                               "vertices = 3\n"
                               "vertex.0 = 0 0 0  2 4 6\n"
                               "vertex.1 = 0.1, -0.3, 7.25, 1.3, 0.5, -2.75\n"
                               "vertex.2 = 1000000.5 -3 0 1000000.5 -3 0\n");
    seg s[3];
    ck_assert_int_eq(m->nvertices, 3);
    ck_assert_int_eq(m->type->per_vertex, 1);
    for (int i = 0; i < 3; i++)
        seg_init(&s[i], fixed[i]);
    for (int i = 0; i < 3; i++) {
        check_vertex(m, i, &s[i], 0.5, 0.5, "midpoint");
        check_vertex(m, i, &s[i], 0.0, 0.0, "t = 0");
        check_vertex(m, i, &s[i], 1.0, 1.0, "t = 1");
        check_vertex(m, i, &s[i], 0.25, 0.75, "t in [0.25, 0.75]");
    }
    /* the midpoint of vertex 0 is exactly (1, 2, 3): a point enclosure */
    {
        vccd_di_vec3 x, p;
        vccd_di_vec3_set_d(&p, 0, 0, 0);
        vccd_motion_eval_di(&x, NULL, NULL, m, &p, 0, vccd_di_set_d(0.5));
        for (int i = 0; i < 3; i++)
            if (!(x.c[i].lo <= i + 1.0 && i + 1.0 <= x.c[i].hi && x.c[i].hi - x.c[i].lo < 1e-14))
                tu_fail("midpoint[%d] = [%.17g, %.17g], expected %d", i, x.c[i].lo, x.c[i].hi, i + 1);
    }
    for (int i = 0; i < 3; i++)
        seg_clear(&s[i]);
    vccd_motion_free(m);
}
END_TEST

/* Random segments (including zero-length and huge ones) from decimal
   config text: the ends and the velocity are exact rationals. */
START_TEST(test_random)
{
    long iters = tu_iters(2000);
    for (long it = 0; it < iters; it++) {
        int n = 1 + (int)(tu_ulong() % 10);
        char text[8192], num[6][48];
        const char *d[6];
        seg *s = malloc((size_t)n * sizeof *s);
        size_t len = (size_t)snprintf(text, sizeof text, "[motion]\ntype = vertex-linear\nvertices = %d\n", n);
        vccd_motion *m;
        for (int i = 0; i < n; i++) {
            int kind = (int)(tu_ulong() % 4);
            long scale = kind == 2 ? 100000000L : 3;
            for (int j = 0; j < 6; j++)
                d[j] = mt_rand_dec(num[j], sizeof num[j], scale, 1 + (int)(tu_ulong() % 12));
            if (kind == 1)                      /* at rest */
                for (int j = 0; j < 3; j++)
                    d[3 + j] = d[j];
            seg_init(&s[i], d);
            len += (size_t)snprintf(text + len, sizeof text - len, "vertex.%d = %s %s %s %s %s %s\n", i,
                                    d[0], d[1], d[2], d[3], d[4], d[5]);
        }
        m = mt_motion(text);
        for (int i = 0; i < n; i++) {
            double t0 = tu_unit(), t1 = tu_unit();
            check_vertex(m, i, &s[i], 0.0, 0.0, "t = 0");
            check_vertex(m, i, &s[i], 1.0, 1.0, "t = 1");
            check_vertex(m, i, &s[i], t0 < t1 ? t0 : t1, t0 < t1 ? t1 : t0, "random T");
        }
        for (int i = 0; i < n; i++)
            seg_clear(&s[i]);
        free(s);
        vccd_motion_free(m);
    }
}
END_TEST

/* The restriction to [t0, t1], reparametrised: at s it is the original
   at t0 + s (t1 - t0). */
START_TEST(test_rebase)
{
    static const double tt[][2] = { { 0.25, 0.75 }, { 0.0, 0.125 }, { 0.5, 1.0 }, { 0.3, 0.3 } };
    vccd_motion *m = mt_motion("[motion]\ntype = vertex-linear\nvertices = 3\n"
                               "vertex.0 = 0 0 0 2 4 6\n"
                               "vertex.1 = 0.1 -0.3 7.25 1.3 0.5 -2.75\n"
                               "vertex.2 = 1000000.5 -3 0 1000000.5 -3 0\n");
    seg s[3];
    mt_xva r;
    mpq_t q[3];
    mt_xva_init(&r);
    for (int i = 0; i < 3; i++) {
        seg_init(&s[i], fixed[i]);
        mpq_init(q[i]);
    }
    for (size_t k = 0; k < sizeof tt / sizeof tt[0]; k++) {
        vccd_motion *mr = vccd_motion_rebase(m, tt[k][0], tt[k][1]);
        double p[3] = { 0, 0, 0 };
        ck_assert_int_eq(mr->nvertices, 3);
        for (int i = 0; i < 3; i++)
            for (int j = 0; j <= 4; j++) {
                double sj = j / 4.0, t = tt[k][0] + sj * (tt[k][1] - tt[k][0]);
                for (int b = 0; b < MT_NB; b++) {
                    mt_eval(&r, mr, b, p, i, sj, sj);
                    seg_at(q, &s[i], t);        /* t is exact: dyadic */
                    check_q(&r, 0, q, b, "rebased x");
                    check_zero_accel(&r, b);
                }
            }
        vccd_motion_free(mr);
    }
    for (int i = 0; i < 3; i++) {
        seg_clear(&s[i]);
        mpq_clear(q[i]);
    }
    mt_xva_clear(&r);
    vccd_motion_free(m);
}
END_TEST

/* speed >= max |x1 - x0| (and not far above), accel = 0, whatever r. */
START_TEST(test_bounds)
{
    vccd_motion *m = mt_motion("[motion]\ntype = vertex-linear\nvertices = 3\n"
                               "vertex.0 = 0 0 0 2 4 6\n"
                               "vertex.1 = 0.1 -0.3 7.25 1.3 0.5 -2.75\n"
                               "vertex.2 = 1000000.5 -3 0 1000000.5 -3 0\n");
    double speed, accel;
    /* |(1.2, 0.8, -10)|^2 = 102.08 is the largest */
    mpfr_t want;
    mpfr_init2(want, 200);
    mpfr_set_str(want, "102.08", 10, MPFR_RNDD);
    mpfr_sqrt(want, want, MPFR_RNDD);
    for (int k = 0; k < 3; k++) {
        vccd_motion_bounds(&speed, &accel, m, k == 0 ? 0.0 : k == 1 ? 1.0 : 1e6);
        if (mpfr_cmp_d(want, speed) > 0 || speed > 1.000001 * mpfr_get_d(want, MPFR_RNDU))
            tu_fail("speed bound %.17g, max |x1 - x0| = %s", speed, tu_fmt_fr(want));
        ck_assert(accel == 0.0);
    }
    mpfr_clear(want);
    vccd_motion_free(m);
}
END_TEST

START_TEST(test_errors)
{
    /* line numbers: [motion] is line 1; 0 means the section's line */
    mt_expect_error("[motion]\ntype = vertex-linear\nvertex.0 = 0 0 0 1 1 1\n", 0, "vertices", "missing");
    mt_expect_error("[motion]\ntype = vertex-linear\nvertices = 0\n", 3, "vertices", NULL);
    mt_expect_error("[motion]\ntype = vertex-linear\nvertices = 2.5\nvertex.0 = 0 0 0 1 1 1\n", 3, "vertices", NULL);
    mt_expect_error("[motion]\ntype = vertex-linear\nvertices = two\n", 3, "vertices", NULL);
    mt_expect_error("[motion]\ntype = vertex-linear\nvertices = -1\n", 3, "vertices", NULL);
    /* a missing vertex key is named, at the section */
    mt_expect_error("[motion]\ntype = vertex-linear\nvertices = 2\nvertex.0 = 0 0 0 1 1 1\n", 0, "vertex.1",
                    "missing");
    /* a vertex beyond the count, or a malformed index */
    mt_expect_error("[motion]\ntype = vertex-linear\nvertices = 2\nvertex.0 = 0 0 0 1 1 1\n"
                    "vertex.1 = 0 0 0 1 1 1\nvertex.2 = 0 0 0 1 1 1\n", 6, "vertex.2", "no such vertex");
    mt_expect_error("[motion]\ntype = vertex-linear\nvertices = 1\nvertex.0 = 0 0 0 1 1 1\n"
                    "vertex.00 = 0 0 0 1 1 1\n", 5, "vertex.00", "no such vertex");
    /* wrong counts, NaN, infinities, junk */
    mt_expect_error("[motion]\ntype = vertex-linear\nvertices = 1\nvertex.0 = 0 0 0 1 1\n", 4, "vertex.0",
                    "expected 6 numbers, got 5");
    mt_expect_error("[motion]\ntype = vertex-linear\nvertices = 1\nvertex.0 = 0 0 0 1 1 1 1\n", 4, "vertex.0",
                    "got more");
    mt_expect_error("[motion]\ntype = vertex-linear\nvertices = 1\nvertex.0 = 0 0 nan 1 1 1\n", 4, "vertex.0",
                    "nan");
    mt_expect_error("[motion]\ntype = vertex-linear\nvertices = 1\nvertex.0 = 0 0 0 1 inf 1\n", 4, "vertex.0",
                    "inf");
    mt_expect_error("[motion]\ntype = vertex-linear\nvertices = 1\nvertex.0 = 0 0 0 1 1e999999999 1\n", 4,
                    "vertex.0", NULL);
    /* other unknown keys */
    mt_expect_error("[motion]\ntype = vertex-linear\nvertices = 1\nvertex.0 = 0 0 0 1 1 1\nvertex_1 = 1\n", 5,
                    "vertex_1", "unknown key");
}
END_TEST

int
main(void)
{
    const mt_case cases[] = {
        { "midpoints", test_midpoints }, { "random", test_random }, { "rebase", test_rebase },
        { "bounds", test_bounds }, { "errors", test_errors },
    };
    return mt_run("vertex-linear", cases, sizeof cases / sizeof cases[0]);
}
