/* t-refine.c -- the time axis past binary64 (lib/solve/refine.c): with
   eps_t below binary64's resolution, a certified answer is at most
   eps_t wide, exactly, and holds the true first contact, known here in
   closed form; eps_t finer than the arithmetic resolves is refused,
   naming the line; the mesh query refines as the pair solve does. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"

static void
write_config(char *path, size_t n, const char *text)
{
    FILE *f;
    int fd;
    snprintf(path, n, "t-refine-XXXXXX");
    fd = mkstemp(path);
    if (fd < 0 || !(f = fdopen(fd, "w")))
        tu_fail("cannot write %s", path);
    fputs(text, f);
    fclose(f);
}

/* Load fmt (its %s filled with arg) followed by tail (the [solver] and
   [arithmetic] sections) and solve it; -1 with e set when the load
   refuses it. */
static int
solve_text(vccd_toc_answer *a, const char *fmt, const char *arg, const char *tail, vccd_error *e)
{
    char path[64], text[4096];
    vccd_toc_problem *p;
    int rc, n;
    n = snprintf(text, sizeof text, fmt, arg);
    snprintf(text + n, sizeof text - (size_t)n, "%s", tail);
    write_config(path, sizeof path, text);
    rc = vccd_toc_problem_load(&p, path, NULL, e);
    unlink(path);
    if (rc != 0)
        return -1;
    if (vccd_toc_problem_solve(a, NULL, p, e) != 0)
        tu_fail("solve: %s", e->msg);
    vccd_toc_problem_free(p);
    return 0;
}

/* A vertex spinning about z (radius 0.35) while its height falls as
   1 - speed t onto a fixed triangle that holds its circle: the first
   contact is at t* = 1/speed exactly (thesis-style ltlrm, the rotation
   makes every evaluation transcendental). */
static const char pair_fmt[] = "[motion.spinner]\ntype = ltlrm\no0 = 0 0 1\nv = 0 0 -%s\nq0 = 1 0 0 0\n"
                               "omega = 0 0 3\n"
                               "[motion.ground]\ntype = vertex-linear\nvertices = 3\n"
                               "vertex.0 = -1 -1 0 -1 -1 0\nvertex.1 = 2 -1 0 2 -1 0\nvertex.2 = -1 2 0 -1 2 0\n"
                               "[pair]\nkind = vertex-face\npoint.0 = spinner 0.25 0.25 0\n"
                               "point.1 = ground vertex 0\npoint.2 = ground vertex 1\npoint.3 = ground vertex 2\n";

/* a's [lo, hi] holds num/den exactly and is at most eps_t wide, exactly */
static void
check_holds(const vccd_toc_answer *a, long num, long den, double eps_t, const char *what)
{
    mpfr_t lo, hi, w;
    mpq_t t, q;
    mpfr_inits2(VCCD_TIME_PREC_MAX, lo, hi, (mpfr_ptr)0);
    mpfr_init2(w, 2 * VCCD_TIME_PREC_MAX);
    mpq_inits(t, q, (mpq_ptr)0);
    vccd_time_get_mpfr(lo, &a->lo_exact, a->lo, MPFR_RNDN);
    vccd_time_get_mpfr(hi, &a->hi_exact, a->hi, MPFR_RNDN);
    mpq_set_si(t, num, (unsigned long)den);
    mpq_canonicalize(t);
    if (a->status != VCCD_TOC_CERTIFIED)
        tu_fail("%s: status %s, not certified", what, vccd_toc_status_name(a->status));
    if (!(mpfr_cmp_q(lo, t) <= 0 && mpfr_cmp_q(hi, t) >= 0))
        tu_fail("%s: [lo, hi] misses %ld/%ld", what, num, den);
    mpfr_sub(w, hi, lo, MPFR_RNDU);     /* exact at this precision */
    if (eps_t > 0.0 && !(mpfr_cmp_d(w, eps_t) <= 0))
        tu_fail("%s: width %g > eps_t %g", what, mpfr_get_d(w, MPFR_RNDU), eps_t);
    /* the doubles are the exact ends rounded outward */
    mpfr_get_q(q, lo);
    if (!(a->lo == mpfr_get_d(lo, MPFR_RNDD) && a->hi == mpfr_get_d(hi, MPFR_RNDU)))
        tu_fail("%s: lo, hi not the exact ends rounded outward", what);
    mpfr_clears(lo, hi, w, (mpfr_ptr)0);
    mpq_clears(t, q, (mpq_ptr)0);
}

START_TEST(pair_to_eps_t)
{
    static const struct {
        const char *backend;
        double eps_t;
    } cases[] = {
        { "mpfr:128", 1e-30 }, { "mpfr:256", 1e-60 }, { "mpfr:400", 1e-100 }, { "adaptive", 1e-30 },
        { "adaptive", 1e-60 }, { "mpfr:113", 0.0 }, { "adaptive", 0.0 }, { "mpfr:256", 1e-20 },
    };
    static const long speeds[] = { 2, 3, 7 };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (size_t k = 0; k < sizeof speeds / sizeof speeds[0]; k++) {
            char tail[256], what[128], speed[16];
            vccd_toc_answer a;
            vccd_error e;
            snprintf(speed, sizeof speed, "%ld", speeds[k]);
            snprintf(tail, sizeof tail, "[solver]\neps_t = %.17g\n[arithmetic]\nbackend = %s\n", cases[i].eps_t,
                     cases[i].backend);
            snprintf(what, sizeof what, "%s eps_t=%g speed %ld", cases[i].backend, cases[i].eps_t, speeds[k]);
            if (solve_text(&a, pair_fmt, speed, tail, &e) != 0)
                tu_fail("%s: %s", what, e.msg);
            check_holds(&a, 1, speeds[k], cases[i].eps_t, what);
            /* eps_t = 0: at most one binary64 ulp at lo, exactly */
            if (cases[i].eps_t == 0.0)
                ck_assert_msg(vccd_time_diff_le(&a.hi_exact, a.hi, &a.lo_exact, a.lo, vccd_fp_next_up(a.lo) - a.lo),
                              "%s: wider than an ulp", what);
        }
}
END_TEST

START_TEST(eps_t_beyond_the_arithmetic)
{
    static const char *const bad[] = { "eps_t = 1e-30\n[arithmetic]\nbackend = binary64\n",
                                       "eps_t = 1e-40\n[arithmetic]\nbackend = mpfr:128\n",
                                       "eps_t = 1e-17\n[arithmetic]\nbackend = unrounded\n",
                                       "eps_t = 1e-320\n[arithmetic]\nbackend = adaptive\n" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char tail[256];
        vccd_toc_answer a;
        vccd_error e;
        snprintf(tail, sizeof tail, "[solver]\n%s", bad[i]);
        ck_assert_int_eq(solve_text(&a, pair_fmt, "2", tail, &e), -1);
        /* at the eps_t line (the pair text is 18 lines, [solver] 19) */
        ck_assert_msg(strstr(e.msg, ":20: [solver] eps_t:") && strstr(e.msg, "finer than"), "%s", e.msg);
    }
    /* the one-call API refuses it too, naming the call */
    {
        vccd_solve_opts o;
        vccd_error e;
        static const double x0[4][3] = { { 0.25, 0.25, 1 }, { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } };
        static const double x1[4][3] = { { 0.25, 0.25, -1 }, { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } };
        vccd_toc_answer a;
        vccd_solve_opts_init(&o);
        o.eps_t = 1e-30;
        ck_assert_int_eq(vccd_toc_linear(&a, NULL, VCCD_FEATURE_VF, x0, x1, &o, &e), -1);
        ck_assert_msg(strstr(e.msg, "vccd_toc_linear") && strstr(e.msg, "finer than binary64"), "%s", e.msg);
        o.arith = (vccd_arith){ VCCD_ARITH_MPFR, 128 };
        ck_assert_int_eq(vccd_toc_linear(&a, NULL, VCCD_FEATURE_VF, x0, x1, &o, &e), 0);
        ck_assert_int_eq(a.status, VCCD_TOC_CERTIFIED);
        ck_assert(vccd_time_diff_le(&a.hi_exact, a.hi, &a.lo_exact, a.lo, 1e-30));
    }
}
END_TEST

/* Two tetrahedra, one thrown onto the other, rotating: the mesh query
   refines its answer as the pair solve does, and its box is exactly
   inside binary64's answer for the same problem. */
static const char mesh_fmt[] = "[body.a]\nmesh = tetrahedron\nmotion = throw\n"
                               "[body.b]\nmesh = tetrahedron\nmotion = still\n"
                               "[motion.throw]\ntype = ltlrm\no0 = 0.1 0.05 3\nv = 0 0 -4\nq0 = 1 0 0 0\n"
                               "omega = 2 1 0\n"
                               "[motion.still]\ntype = ltlrm\no0 = 0 0 0\nv = 0 0 0\nq0 = 1 0 0 0\nomega = 0 0 0\n"
                               "[query]\nmode = %s\npositive_gap = false\n";

START_TEST(mesh_to_eps_t)
{
    vccd_toc_answer a64, a;
    vccd_error e;
    mpfr_t lo, hi;
    if (solve_text(&a64, mesh_fmt, "exact", "[solver]\neps_t = 1e-12\n[arithmetic]\nbackend = mpfr:128\n", &e) != 0)
        tu_fail("%s", e.msg);
    if (solve_text(&a, mesh_fmt, "exact", "[solver]\neps_t = 1e-30\n[arithmetic]\nbackend = mpfr:128\n", &e) != 0)
        tu_fail("%s", e.msg);
    ck_assert_int_eq(a64.status, VCCD_TOC_CERTIFIED);
    ck_assert_int_eq(a.status, VCCD_TOC_CERTIFIED);
    mpfr_inits2(VCCD_TIME_PREC_MAX, lo, hi, (mpfr_ptr)0);
    vccd_time_get_mpfr(lo, &a.lo_exact, a.lo, MPFR_RNDN);
    vccd_time_get_mpfr(hi, &a.hi_exact, a.hi, MPFR_RNDN);
    /* both hold the first contact, and [t0, lo) is free in both: so the
       fine box meets the coarse one, and starts no earlier than its lo */
    ck_assert(mpfr_cmp_d(lo, a64.lo) >= 0 && mpfr_cmp_d(lo, a64.hi) <= 0);
    mpfr_sub(hi, hi, lo, MPFR_RNDU);
    ck_assert_msg(mpfr_cmp_d(hi, 1e-30) <= 0, "width %g", mpfr_get_d(hi, MPFR_RNDU));
    mpfr_clears(lo, hi, (mpfr_ptr)0);
    /* eps_t = 0, one ulp at the contact: an edge-edge pair whose lines
       cross an ulp before it near a segment's end stays undecided on
       binary64 time, and the refinement on 113-bit time excludes it (it
       was possible, 8 ulps wide, before) */
    for (int k = 0; k < 2; k++) {
        if (solve_text(&a, mesh_fmt, "exact", k ? "[solver]\neps_t = 0\n[arithmetic]\nbackend = adaptive\n"
                                                : "[solver]\neps_t = 0\n[arithmetic]\nbackend = mpfr:113\n", &e) != 0)
            tu_fail("%s", e.msg);
        ck_assert_int_eq(a.status, VCCD_TOC_CERTIFIED);
        ck_assert(vccd_time_diff_le(&a.hi_exact, a.hi, &a.lo_exact, a.lo, vccd_fp_next_up(a.lo) - a.lo));
        ck_assert(a.lo >= a64.lo && a.lo <= a64.hi);
    }
}
END_TEST

/* Printing: decimal with the digits of the precision reads back to the
   same number, rounded outward; hex is exact. */
START_TEST(print_reads_back)
{
    gmp_randstate_t rs;
    gmp_randinit_default(rs);
    gmp_randseed_ui(rs, tu_seed);
    for (int i = 0; i < 2000; i++) {
        mpfr_prec_t p = 53 + (mpfr_prec_t)gmp_urandomm_ui(rs, VCCD_TIME_PREC_MAX - 52);
        mpfr_t x, y;
        vccd_time t;
        char buf[VCCD_TIME_STR_MAX];
        int n;
        mpfr_inits2(p, x, y, (mpfr_ptr)0);
        mpfr_urandomb(x, rs);
        if (i % 7 == 0)
            mpfr_div_2ui(x, x, gmp_urandomm_ui(rs, 1000), MPFR_RNDN);
        if (i % 11 == 0)
            mpfr_set_ui(x, i % 2, MPFR_RNDN);
        vccd_time_set_mpfr(&t, x, MPFR_RNDN);
        for (int dir = 0; dir < 2; dir++) {
            n = vccd_time_snprint(buf, sizeof buf, &t, 0.0, dir ? MPFR_RNDU : MPFR_RNDD, 0);
            ck_assert(n > 0 && n < (int)sizeof buf);
            mpfr_set_str(y, buf, 10, MPFR_RNDN);
            ck_assert_msg(mpfr_equal_p(x, y), "p=%ld %s", (long)p, buf);
            mpfr_set_str(y, buf, 10, dir ? MPFR_RNDD : MPFR_RNDU);   /* the text's side of x */
            ck_assert_msg(dir ? mpfr_cmp(y, x) >= 0 : mpfr_cmp(y, x) <= 0, "p=%ld %s not outward", (long)p, buf);
        }
        n = vccd_time_snprint(buf, sizeof buf, &t, 0.0, MPFR_RNDN, 1);
        ck_assert(n > 0 && n < (int)sizeof buf);
        mpfr_set_str(y, buf, 0, MPFR_RNDN);
        ck_assert_msg(mpfr_equal_p(x, y), "hex %s", buf);
        mpfr_clears(x, y, (mpfr_ptr)0);
    }
    gmp_randclear(rs);
}
END_TEST

int
main(void)
{
    const TTest *tests[] = { pair_to_eps_t, eps_t_beyond_the_arithmetic, mesh_to_eps_t, print_reads_back };
    return tu_main("refine", tests, (int)(sizeof tests / sizeof tests[0]));
}
