/* t-motion.c -- generic tests of every registered motion model.

   Nothing here names a model except the pose check for the rigid
   parameter layout: each test is a loop test over the registry
   (vccd_motion_type_count/get), so a model added to MOTION_SOURCES is
   covered without touching this file.  Random instances come from the
   model's own randomize(), cycling through every kind (the degenerate
   cases: at rest, half and full turns, tiny rates, huge coordinates,
   ...), with parameters at 320 bits.

   The reference is the model's own kernel evaluated in MPFR at 320 bits
   at a point time: its enclosures are some 2^-300 wide, so containment
   of the reference is a sharp test of the interval enclosures over time
   intervals.  Because the reference is the same formula, the formula
   itself is checked separately: velocity and acceleration against
   finite differences of position and velocity (test_derivatives), the
   reparametrisation against direct evaluation (test_rebase, and from an
   enclosure of the start, test_rebase_di), the pose
   at t = 0 against the parameters (test_pose0), and the bounds against
   the reference (test_bounds).

   Backends: binary64, MPFR at 53, 113 and 256 bits are rigorous and must
   contain the reference; the unrounded backend is NON-RIGOROUS and is
   held only to "no NaN, nothing empty, nothing unbounded" (part f). */
#include <math.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "vccd/motion.h"
#include "vccd/plugin/rigid.h"

#define PARAM_PREC 320
#define REF_PREC 320
#define KMAX 20                 /* sub-intervals of width 2^-k, k = 0..KMAX */
#define PER_MOTION 16           /* samples per random instance */

enum { B_DI, B_UI, B_M53, B_M113, B_M256, NB };
static const mpfr_prec_t bprec[NB] = { 53, 53, 53, 113, 256 };
static const char *const bname[NB] = { "binary64", "unrounded", "mpfr:53", "mpfr:113", "mpfr:256" };
static const int rigorous[NB] = { 1, 0, 1, 1, 1 };

/* Position, velocity and acceleration enclosures of one evaluation, held
   as MPFR intervals on every backend (binary64 endpoints convert
   exactly), so all comparisons below are exact. */
typedef struct {
    vccd_mi_vec3 x, v, a;
} xva;

static void
xva_init(xva *r, mpfr_prec_t p)
{
    vccd_mi_vec3_init(&r->x, p);
    vccd_mi_vec3_init(&r->v, p);
    vccd_mi_vec3_init(&r->a, p);
}

static void
xva_clear(xva *r)
{
    vccd_mi_vec3_clear(&r->x);
    vccd_mi_vec3_clear(&r->v);
    vccd_mi_vec3_clear(&r->a);
}

static vccd_mi_vec3 *
xva_get(xva *r, int q)
{
    return q == 0 ? &r->x : q == 1 ? &r->v : &r->a;
}

static const char *const qname[3] = { "x", "v", "a" };

/* What is being tested, for failure messages. */
static char ctx[512];

static void
set_ctx(const vccd_motion *m, int kind, const double pt[3], int vertex, double tlo, double thi)
{
    snprintf(ctx, sizeof ctx, "model %s kind %d p=(%.17g, %.17g, %.17g) vertex %d T=[%.17g, %.17g]",
             m->type->name, kind, pt[0], pt[1], pt[2], vertex, tlo, thi);
}

/* With VCCD_TEST_VERBOSE set, one line per test and model: what was
   checked and the CPU time it took (for doc/adding-a-motion.md and for
   keeping the suite's run time in view). */
static void
report(const char *test, const vccd_motion_type *ty, long count, const char *what, clock_t start)
{
    if (getenv("VCCD_TEST_VERBOSE"))
        fprintf(stderr, "%-11s %-14s %8ld %s  %.2f s\n", test, ty->name, count, what,
                (double)(clock() - start) / CLOCKS_PER_SEC);
}

/* --- part f: no NaN, no empty, no unbounded enclosure -------------------- */

/* Every parameter is finite and t lies in [0, 1], so an empty or
   unbounded enclosure, or a NaN endpoint, is a bug in the kernel (say
   0/0 in a degenerate case), even where it is not a containment error. */
static void
check_sane_d(double lo, double hi, const char *backend, const char *what, int i)
{
    if (isnan(lo) || isnan(hi) || !(lo <= hi) || !isfinite(lo) || !isfinite(hi))
        tu_fail("%s: backend %s: %s[%d] = [%.17g, %.17g] is NaN, empty or unbounded", ctx, backend,
                what, i, lo, hi);
}

static void
check_sane_mi(const vccd_mi_struct *e, const char *backend, const char *what, int i)
{
    if (mpfr_nan_p(&e->lo) || mpfr_nan_p(&e->hi) || vccd_mi_is_empty(e) || !vccd_mi_is_bounded(e))
        tu_fail("%s: backend %s: %s[%d] = [%.17g, %.17g] is NaN, empty or unbounded", ctx, backend,
                what, i, mpfr_get_d(&e->lo, MPFR_RNDD), mpfr_get_d(&e->hi, MPFR_RNDU));
}

/* --- evaluation on a backend ---------------------------------------------- */

/* out := x, v, a of m at p / vertex over [tlo, thi] on backend b (out at
   bprec[b]), after checking part f on the backend's own numbers. */
static void
eval_on(int b, const vccd_motion *m, xva *out, const double pt[3], int vertex, double tlo, double thi)
{
    if (b == B_DI) {
        vccd_di_vec3 x, v, a, p;
        vccd_di_vec3_set_d(&p, pt[0], pt[1], pt[2]);
        vccd_motion_eval_di(&x, &v, &a, m, &p, vertex, vccd_di_set_2d(tlo, thi));
        for (int i = 0; i < 3; i++) {
            check_sane_d(x.c[i].lo, x.c[i].hi, bname[b], "x", i);
            check_sane_d(v.c[i].lo, v.c[i].hi, bname[b], "v", i);
            check_sane_d(a.c[i].lo, a.c[i].hi, bname[b], "a", i);
            vccd_mi_set_di(&out->x.c[i], x.c[i]);
            vccd_mi_set_di(&out->v.c[i], v.c[i]);
            vccd_mi_set_di(&out->a.c[i], a.c[i]);
        }
    } else if (b == B_UI) {
        vccd_ui_vec3 x, v, a, p;
        vccd_ui_vec3_set_d(&p, pt[0], pt[1], pt[2]);
        vccd_motion_eval_ui(&x, &v, &a, m, &p, vertex, vccd_ui_set_2d(tlo, thi));
        for (int i = 0; i < 3; i++) {
            check_sane_d(x.c[i].lo, x.c[i].hi, bname[b], "x", i);
            check_sane_d(v.c[i].lo, v.c[i].hi, bname[b], "v", i);
            check_sane_d(a.c[i].lo, a.c[i].hi, bname[b], "a", i);
            vccd_mi_set_2d(&out->x.c[i], x.c[i].lo, x.c[i].hi);
            vccd_mi_set_2d(&out->v.c[i], v.c[i].lo, v.c[i].hi);
            vccd_mi_set_2d(&out->a.c[i], a.c[i].lo, a.c[i].hi);
        }
    } else {
        vccd_mi_vec3 p;
        VCCD_MI_TMP(t, bprec[b]);
        vccd_mi_vec3_init(&p, 64);
        vccd_mi_vec3_set_d(&p, pt[0], pt[1], pt[2]);
        vccd_mi_set_2d(t, tlo, thi);
        vccd_motion_eval_mi(&out->x, &out->v, &out->a, m, &p, vertex, t);
        vccd_mi_vec3_clear(&p);
        for (int q = 0; q < 3; q++)
            for (int i = 0; i < 3; i++)
                check_sane_mi(&xva_get(out, q)->c[i], bname[b], qname[q], i);
    }
}

/* The reference at the point time t (REF_PREC). */
static void
eval_ref(const vccd_motion *m, xva *out, const double pt[3], int vertex, double t)
{
    vccd_mi_vec3 p;
    VCCD_MI_TMP(tt, 64);
    vccd_mi_vec3_init(&p, 64);
    vccd_mi_vec3_set_d(&p, pt[0], pt[1], pt[2]);
    vccd_mi_set_d(tt, t);
    vccd_motion_eval_mi(&out->x, &out->v, &out->a, m, &p, vertex, tt);
    vccd_mi_vec3_clear(&p);
    for (int q = 0; q < 3; q++)
        for (int i = 0; i < 3; i++)
            check_sane_mi(&xva_get(out, q)->c[i], "reference", qname[q], i);
}

/* --- random instances, points and times ---------------------------------- */

static vccd_motion *
new_motion(const vccd_motion_type *ty, int kind)
{
    vccd_motion *m = vccd_motion_alloc(ty, 0, PARAM_PREC);
    ck_assert_msg(m != NULL, "out of memory");
    ty->randomize(m, tu_rand, kind);
    vccd_motion_sync(m);
    if (ty->per_vertex && m->nvertices < 1)
        tu_fail("model %s kind %d: per-vertex model randomized with %d vertices", ty->name, kind,
                m->nvertices);
    for (int i = 0; i < m->nparams; i++)
        if (!vccd_mi_is_bounded(&m->param[i]) || vccd_mi_is_empty(&m->param[i]))
            tu_fail("model %s kind %d: randomize left parameter %d empty or unbounded", ty->name,
                    kind, i);
    return m;
}

/* A dyadic in [0, 1) with `bits` bits: exact in every sum below. */
static double
dyadic(int bits)
{
    return (double)gmp_urandomb_ui(tu_rand, (unsigned long)bits) * ldexp(1.0, -bits);
}

/* A body point in [-2, 2]^3 (z = 0 for planar models), and a vertex. */
static void
random_point(const vccd_motion *m, double pt[3], int *vertex)
{
    for (int i = 0; i < 3; i++)
        pt[i] = m->type->dim == 2 && i == 2 ? 0.0 : 4.0 * dyadic(30) - 2.0;
    *vertex = m->nvertices > 0 ? (int)(tu_ulong() % (unsigned long)m->nvertices) : 0;
}

/* Number of random instances so that `samples` samples are drawn and
   every kind gets at least one instance. */
static long
instances(const vccd_motion_type *ty, long samples)
{
    long n = (samples + PER_MOTION - 1) / PER_MOTION;
    return n < ty->nkinds ? ty->nkinds : n;
}

/* --- comparisons ---------------------------------------------------------- */

/* a and b share a point (both contain the exact value, so they must). */
static int
meet(const vccd_mi_struct *a, const vccd_mi_struct *b)
{
    return !vccd_mi_is_empty(a) && !vccd_mi_is_empty(b) && mpfr_lessequal_p(&a->lo, &b->hi)
        && mpfr_lessequal_p(&b->lo, &a->hi);
}

/* |mid a - mid b| <= tol (1 + |mid b|). */
static int
near(const vccd_mi_struct *a, const vccd_mi_struct *b, double tol, double *err)
{
    MPFR_DECL_INIT(ma, 400);
    MPFR_DECL_INIT(mb, 400);
    vccd_mi_mid(ma, a);
    vccd_mi_mid(mb, b);
    mpfr_sub(ma, ma, mb, MPFR_RNDN);
    *err = fabs(mpfr_get_d(ma, MPFR_RNDN)) / (1.0 + fabs(mpfr_get_d(mb, MPFR_RNDN)));
    return *err <= tol;
}

static double
mid_d(const vccd_mi_struct *a)
{
    MPFR_DECL_INIT(x, 400);
    vccd_mi_mid(x, a);
    return mpfr_get_d(x, MPFR_RNDN);
}

/* --- a. containment ------------------------------------------------------- */

/* Per sample: an instance, a point, T = [t0, t0 + 2^-k]; the enclosures
   over T on every backend; then the reference at both ends of T and at
   REF_TIMES - 2 random times inside, each compared with every rigorous
   backend.  A check is one reference time against one backend (x, v and a,
   all three components). */
#define REF_TIMES 8

START_TEST(test_containment)
{
    const vccd_motion_type *ty = vccd_motion_type_get(_i);
    long need = tu_iters(100000), samples = (need + REF_TIMES - 1) / REF_TIMES;
    long nm = instances(ty, samples), checks[NB] = { 0 };
    xva enc[NB], ref;
    clock_t start = clock();

    tu_init();
    for (int b = 0; b < NB; b++)
        xva_init(&enc[b], bprec[b]);
    xva_init(&ref, REF_PREC);
    for (long j = 0; j < nm; j++) {
        int kind = (int)(j % ty->nkinds);
        vccd_motion *m = new_motion(ty, kind);
        for (int s = 0; s < PER_MOTION; s++) {
            int k = (int)(tu_ulong() % (KMAX + 1)), vertex;
            double h = ldexp(1.0, -k), t0 = (1.0 - h) * dyadic(30), pt[3];
            random_point(m, pt, &vertex);
            set_ctx(m, kind, pt, vertex, t0, t0 + h);
            for (int b = 0; b < NB; b++)
                eval_on(b, m, &enc[b], pt, vertex, t0, t0 + h);
            for (int r = 0; r < REF_TIMES; r++) {
                double t = r == 0 ? t0 : r == 1 ? t0 + h : t0 + h * dyadic(30);
                eval_ref(m, &ref, pt, vertex, t);
                if (ty->dim == 2)
                    for (int q = 0; q < 3; q++)
                        if (!vccd_mi_contains_zero(&xva_get(&ref, q)->c[2]))
                            tu_fail("%s: planar model: %s.z at t=%.17g is not 0", ctx, qname[q], t);
                for (int b = 0; b < NB; b++) {
                    if (!rigorous[b])
                        continue;
                    for (int q = 0; q < 3; q++)
                        for (int i = 0; i < 3; i++)
                            if (!vccd_mi_subset(&xva_get(&ref, q)->c[i], &xva_get(&enc[b], q)->c[i]))
                                tu_fail("%s: backend %s: %s[%d] over T = [%.17g, %.17g] misses the "
                                        "value %.17g at t=%.17g", ctx, bname[b], qname[q], i,
                                        mpfr_get_d(&xva_get(&enc[b], q)->c[i].lo, MPFR_RNDD),
                                        mpfr_get_d(&xva_get(&enc[b], q)->c[i].hi, MPFR_RNDU),
                                        mid_d(&xva_get(&ref, q)->c[i]), t);
                    checks[b]++;
                }
            }
        }
        vccd_motion_free(m);
    }
    for (int b = 0; b < NB; b++) {
        if (rigorous[b] && checks[b] < need)
            tu_fail("model %s backend %s: only %ld checks", ty->name, bname[b], checks[b]);
        xva_clear(&enc[b]);
    }
    xva_clear(&ref);
    report("containment", ty, checks[B_DI], "checks on each of binary64, mpfr:53/113/256", start);
}
END_TEST

/* --- b. derivatives ------------------------------------------------------- */

/* v against the central difference (x(t+h) - x(t-h))/(2h) of the
   reference at h = 2^-40, and a against that of v.  The truncation error
   is h^2/6 max|x'''| ~ 1e-25 |x'''| and the reference is good to ~2^-300,
   so 1e-9 (1 + |v|) is generous yet catches any wrong term of a formula. */
#define FD_H 0x1p-40
#define FD_TOL 1e-9

static void
fd_compare(xva *lo, xva *mid, xva *hi, int q, double t)
{
    MPFR_DECL_INIT(d, REF_PREC + 64);
    MPFR_DECL_INIT(e, REF_PREC + 64);
    vccd_mi_vec3 *f0 = xva_get(lo, q), *f1 = xva_get(hi, q), *df = xva_get(mid, q + 1);
    for (int i = 0; i < 3; i++) {
        double fd, an;
        vccd_mi_mid(d, &f1->c[i]);
        vccd_mi_mid(e, &f0->c[i]);
        mpfr_sub(d, d, e, MPFR_RNDN);
        mpfr_div_d(d, d, 2.0 * FD_H, MPFR_RNDN);
        fd = mpfr_get_d(d, MPFR_RNDN);
        an = mid_d(&df->c[i]);
        if (!(fabs(fd - an) <= FD_TOL * (1.0 + fabs(an))))
            tu_fail("%s: %s[%d] at t=%.17g is %.17g, but the central difference of %s gives %.17g",
                    ctx, qname[q + 1], i, t, an, qname[q], fd);
    }
}

START_TEST(test_derivatives)
{
    const vccd_motion_type *ty = vccd_motion_type_get(_i);
    long nm = instances(ty, tu_iters(3000));
    xva r0, r1, r2;
    clock_t start = clock();

    tu_init();
    xva_init(&r0, REF_PREC);
    xva_init(&r1, REF_PREC);
    xva_init(&r2, REF_PREC);
    for (long j = 0; j < nm; j++) {
        int kind = (int)(j % ty->nkinds);
        vccd_motion *m = new_motion(ty, kind);
        for (int s = 0; s < PER_MOTION; s++) {
            int vertex;
            /* t in [2^-10, 1 - 2^-10], a 30-bit dyadic: t +- h exact */
            double t = 0x1p-10 + (1.0 - 0x1p-9) * dyadic(20), pt[3];
            random_point(m, pt, &vertex);
            set_ctx(m, kind, pt, vertex, t, t);
            eval_ref(m, &r0, pt, vertex, t - FD_H);
            eval_ref(m, &r1, pt, vertex, t);
            eval_ref(m, &r2, pt, vertex, t + FD_H);
            fd_compare(&r0, &r1, &r2, 0, t);
            fd_compare(&r0, &r1, &r2, 1, t);
        }
        vccd_motion_free(m);
    }
    xva_clear(&r0);
    xva_clear(&r1);
    xva_clear(&r2);
    report("derivatives", ty, nm * PER_MOTION, "times: v and a against central differences", start);
}
END_TEST

/* --- c. rebase ------------------------------------------------------------ */

/* A[b] and B[b] at each backend's precision (tu_init first). */
static void
xvas_init(xva *A, xva *B)
{
    tu_init();
    for (int b = 0; b < NB; b++) {
        xva_init(&A[b], bprec[b]);
        xva_init(&B[b], bprec[b]);
    }
}

static void
xvas_clear(xva *A, xva *B)
{
    for (int b = 0; b < NB; b++) {
        xva_clear(&A[b]);
        xva_clear(&B[b]);
    }
}

/* A point of the original m at time tt and of the rebased r at s, on
   rigorous backend b (both exact instants). */
static void
eval_rebased(int b, xva *A, xva *B, const vccd_motion *m, const vccd_motion *r, const double pt[3], int vertex,
             double tt, double s)
{
    eval_on(b, m, A, pt, vertex, tt, tt);
    eval_on(b, r, B, pt, vertex, s, s);
}

/* The restriction to [t0, t1] at s equals the motion at t0 + s h, h =
   t1 - t0, with v scaled by h and a by h^2: on every rigorous backend the
   two enclosures share a point, and at 256 bits their midpoints agree to
   1e-50.  t0, t1 are 30-bit dyadics and s a 20-bit one, so t0 + s h is an
   exact double and both sides enclose the same exact value. */
#define REBASE_TOL 1e-50

START_TEST(test_rebase)
{
    const vccd_motion_type *ty = vccd_motion_type_get(_i);
    long nm = instances(ty, tu_iters(3000));
    xva A[NB], B[NB];
    VCCD_MI_TMP(hh, 128);
    VCCD_MI_TMP(sc, REF_PREC);
    clock_t start = clock();

    xvas_init(A, B);
    for (long j = 0; j < nm; j++) {
        int kind = (int)(j % ty->nkinds);
        vccd_motion *m = new_motion(ty, kind), *r;
        double t0 = dyadic(30), t1 = dyadic(30), s, tt, h, pt[3];
        int vertex;
        switch (tu_ulong() % 8) {
        case 0: t0 = 0.0; t1 = 1.0; break;      /* the identity */
        case 1: t1 = t0; break;                 /* a single instant */
        default: break;
        }
        if (t0 > t1) { double x = t0; t0 = t1; t1 = x; }
        h = t1 - t0;
        r = vccd_motion_rebase(m, t0, t1);
        ck_assert_msg(r != NULL, "out of memory");
        for (int i = 0; i < r->nparams; i++)
            if (!vccd_mi_is_bounded(&r->param[i]) || vccd_mi_is_empty(&r->param[i]))
                tu_fail("model %s kind %d: rebase to [%.17g, %.17g] left parameter %d empty or "
                        "unbounded", ty->name, kind, t0, t1, i);
        for (int smp = 0; smp < PER_MOTION; smp++) {
            s = smp == 0 ? 0.0 : smp == 1 ? 1.0 : dyadic(20);
            tt = t0 + s * h;
            random_point(m, pt, &vertex);
            set_ctx(m, kind, pt, vertex, tt, tt);
            snprintf(ctx + strlen(ctx), sizeof ctx - strlen(ctx), " rebased to [%.17g, %.17g] at s=%.17g",
                     t0, t1, s);
            for (int b = 0; b < NB; b++) {
                if (!rigorous[b])
                    continue;
                eval_rebased(b, &A[b], &B[b], m, r, pt, vertex, tt, s);
                /* scale the original's v by h and a by h^2, outward */
                vccd_mi_set_d(hh, h);
                for (int i = 0; i < 3; i++) {
                    vccd_mi_set(sc, &A[b].v.c[i]);
                    vccd_mi_mul(sc, sc, hh);
                    if (!meet(&B[b].x.c[i], &A[b].x.c[i]))
                        tu_fail("%s: backend %s: x[%d] of the rebased motion and of the original "
                                "do not meet (%.17g vs %.17g)", ctx, bname[b], i,
                                mid_d(&B[b].x.c[i]), mid_d(&A[b].x.c[i]));
                    if (!meet(&B[b].v.c[i], sc))
                        tu_fail("%s: backend %s: v[%d] of the rebased motion and h v of the "
                                "original do not meet (%.17g vs %.17g)", ctx, bname[b], i,
                                mid_d(&B[b].v.c[i]), mid_d(sc));
                    if (b == B_M256) {
                        double err;
                        if (!near(&B[b].v.c[i], sc, REBASE_TOL, &err))
                            tu_fail("%s: at 256 bits v[%d] of the rebased motion differs from h v "
                                    "by %.3g (relative)", ctx, i, err);
                        if (!near(&B[b].x.c[i], &A[b].x.c[i], REBASE_TOL, &err))
                            tu_fail("%s: at 256 bits x[%d] of the rebased motion differs by %.3g "
                                    "(relative)", ctx, i, err);
                    }
                    vccd_mi_set(sc, &A[b].a.c[i]);
                    vccd_mi_mul(sc, sc, hh);
                    vccd_mi_mul(sc, sc, hh);
                    if (!meet(&B[b].a.c[i], sc))
                        tu_fail("%s: backend %s: a[%d] of the rebased motion and h^2 a of the "
                                "original do not meet (%.17g vs %.17g)", ctx, bname[b], i,
                                mid_d(&B[b].a.c[i]), mid_d(sc));
                    if (b == B_M256) {
                        double err;
                        if (!near(&B[b].a.c[i], sc, REBASE_TOL, &err))
                            tu_fail("%s: at 256 bits a[%d] of the rebased motion differs from "
                                    "h^2 a by %.3g (relative)", ctx, i, err);
                    }
                }
            }
        }
        vccd_motion_free(r);
        vccd_motion_free(m);
    }
    xvas_clear(A, B);
    report("rebase", ty, nm * PER_MOTION, "times on 4 backends: rebased vs original", start);
}
END_TEST


/* vccd_motion_rebase_di: rebased to [t0 - d, t0 + d] (d = 2^-30) and
   t1 = 1, the motion encloses the restriction of every start in it: at
   s it meets the original at c + s (1 - c) for c = t0 - d, t0, t0 + d
   (dyadics: exact doubles), on every rigorous backend; with a point
   enclosure it is vccd_motion_rebase bit for bit. */
START_TEST(test_rebase_di)
{
    const vccd_motion_type *ty = vccd_motion_type_get(_i);
    long nm = instances(ty, tu_iters(600));
    xva A[NB], B[NB];
    const double d = 0x1p-30;

    xvas_init(A, B);
    for (long j = 0; j < nm; j++) {
        int kind = (int)(j % ty->nkinds);
        vccd_motion *m = new_motion(ty, kind), *r, *rp, *rq;
        double t0 = 0.25 + 0.5 * dyadic(20), pt[3];
        int vertex;
        r = vccd_motion_rebase_di(m, vccd_di_set_2d(t0 - d, t0 + d), vccd_di_set_d(1.0));
        rp = vccd_motion_rebase_di(m, vccd_di_set_d(t0), vccd_di_set_d(1.0));
        rq = vccd_motion_rebase(m, t0, 1.0);
        ck_assert_msg(r && rp && rq, "out of memory");
        for (int i = 0; i < r->nparams; i++)
            if (!vccd_mi_is_bounded(&r->param[i]) || vccd_mi_is_empty(&r->param[i])
                || !mpfr_equal_p(&rp->param[i].lo, &rq->param[i].lo) || !mpfr_equal_p(&rp->param[i].hi, &rq->param[i].hi))
                tu_fail("model %s kind %d: rebase_di to [%.17g +- 2^-30, 1]: parameter %d empty, unbounded, or "
                        "(point) not vccd_motion_rebase's", ty->name, kind, t0, i);
        for (int smp = 0; smp < PER_MOTION; smp++) {
            double s = smp == 0 ? 0.0 : smp == 1 ? 1.0 : dyadic(20);
            random_point(m, pt, &vertex);
            for (int c = -1; c <= 1; c++) {
                double tc = t0 + c * d, tt = tc + s * (1.0 - tc);
                set_ctx(m, kind, pt, vertex, tt, tt);
                snprintf(ctx + strlen(ctx), sizeof ctx - strlen(ctx), " rebase_di from %.17g, start %.17g, s=%.17g",
                         t0, tc, s);
                for (int b = 0; b < NB; b++) {
                    if (!rigorous[b])
                        continue;
                    eval_rebased(b, &A[b], &B[b], m, r, pt, vertex, tt, s);
                    for (int i = 0; i < 3; i++)
                        if (!meet(&B[b].x.c[i], &A[b].x.c[i]))
                            tu_fail("%s: backend %s: x[%d] of the rebased enclosure misses the original's "
                                    "(%.17g vs %.17g)", ctx, bname[b], i, mid_d(&B[b].x.c[i]), mid_d(&A[b].x.c[i]));
                }
            }
        }
        vccd_motion_free(m);
        vccd_motion_free(r);
        vccd_motion_free(rp);
        vccd_motion_free(rq);
    }
    xvas_clear(A, B);
}
END_TEST

/* --- d. pose at t = 0 ----------------------------------------------------- */

/* Models known (from their sources) to keep the centre o0, its velocity
   v and the orientation q0 at t = 0 in the rigid layout of vccd/plugin/rigid.h
   (VCCD_RIGID_O, _U, _Q), so that x(0) = o0 + R(q0) p; for those whose
   centre moves as o0 + v t + O(t^2) (all but screw, whose reference
   point follows a helix), also v(0) = v at p = 0.  Models not listed are
   checked only through the generic part. */
enum { POSE_X = 1, POSE_V = 2 };

static int
rigid_layout(const vccd_motion_type *ty)
{
    static const struct { const char *name; int what; } known[] = {
        { "ltlrm", POSE_X | POSE_V }, { "ballistic", POSE_X | POSE_V }, { "interp", POSE_X | POSE_V },
        { "angaccel", POSE_X | POSE_V }, { "screw", POSE_X },
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (strcmp(ty->name, known[i].name) == 0)
            return known[i].what;
    return 0;
}

START_TEST(test_pose0)
{
    const vccd_motion_type *ty = vccd_motion_type_get(_i);
    long nm = instances(ty, tu_iters(2000));
    xva A, B;
    vccd_mi_vec3 p, e;
    vccd_mi_quat q0;
    clock_t start = clock();

    tu_init();
    xva_init(&A, REF_PREC);
    xva_init(&B, REF_PREC);
    vccd_mi_vec3_init(&p, 64);
    vccd_mi_vec3_init(&e, REF_PREC);
    for (long j = 0; j < nm; j++) {
        int kind = (int)(j % ty->nkinds);
        vccd_motion *m = new_motion(ty, kind), *r = vccd_motion_rebase(m, 0.0, 1.0);
        ck_assert_msg(r != NULL, "out of memory");
        for (int s = 0; s < PER_MOTION; s++) {
            int vertex;
            double t = s == 0 ? 0.0 : s == 1 ? 1.0 : dyadic(30), pt[3], err;
            random_point(m, pt, &vertex);
            set_ctx(m, kind, pt, vertex, t, t);
            /* generic: the restriction to [0, 1] is the motion itself */
            eval_ref(m, &A, pt, vertex, t);
            eval_ref(r, &B, pt, vertex, t);
            for (int q = 0; q < 3; q++)
                for (int i = 0; i < 3; i++)
                    if (!meet(&xva_get(&A, q)->c[i], &xva_get(&B, q)->c[i])
                        || !near(&xva_get(&B, q)->c[i], &xva_get(&A, q)->c[i], REBASE_TOL, &err))
                        tu_fail("%s: %s[%d] of the motion rebased to [0, 1] differs from the "
                                "motion's (%.17g vs %.17g)", ctx, qname[q], i,
                                mid_d(&xva_get(&B, q)->c[i]), mid_d(&xva_get(&A, q)->c[i]));
            if (!rigid_layout(ty) || s != 0)
                continue;
            /* x(0) = o0 + R(q0) p, and the centre's velocity v(0) = v */
            memcpy(q0.q, m->param + VCCD_RIGID_Q, sizeof q0.q);   /* read-only view */
            vccd_mi_vec3_set_d(&p, pt[0], pt[1], pt[2]);
            vccd_mi_quat_rotate(&e, &q0, &p);
            for (int i = 0; i < 3; i++) {
                vccd_mi_add(&e.c[i], &e.c[i], &m->param[VCCD_RIGID_O + i]);
                if (!meet(&A.x.c[i], &e.c[i]) || !near(&A.x.c[i], &e.c[i], REBASE_TOL, &err))
                    tu_fail("%s: x[%d](0) = %.17g but o0 + R(q0) p = %.17g", ctx, i,
                            mid_d(&A.x.c[i]), mid_d(&e.c[i]));
            }
            if (!(rigid_layout(ty) & POSE_V))
                continue;
            pt[0] = pt[1] = pt[2] = 0.0;
            eval_ref(m, &A, pt, vertex, 0.0);
            for (int i = 0; i < 3; i++)
                if (!meet(&A.v.c[i], &m->param[VCCD_RIGID_U + i])
                    || !near(&A.v.c[i], &m->param[VCCD_RIGID_U + i], REBASE_TOL, &err))
                    tu_fail("%s: the centre's velocity v[%d](0) = %.17g but the parameter v is %.17g",
                            ctx, i, mid_d(&A.v.c[i]), mid_d(&m->param[VCCD_RIGID_U + i]));
        }
        vccd_motion_free(r);
        vccd_motion_free(m);
    }
    xva_clear(&A);
    xva_clear(&B);
    vccd_mi_vec3_clear(&p);
    vccd_mi_vec3_clear(&e);
    report("pose0", ty, nm, (rigid_layout(ty) & POSE_V) ? "instances: rebase to [0, 1] is the identity; "
           "x(0) = o0 + R(q0) p, v(0) = v" : rigid_layout(ty) ? "instances: rebase to [0, 1] is the "
           "identity; x(0) = o0 + R(q0) p" : "instances: rebase to [0, 1] is the identity", start);
}
END_TEST

/* --- e. bounds ------------------------------------------------------------ */

/* vccd_motion_bounds(m, r) must dominate |v| and |a| for every |p| <= r
   and t in [0, 1].  Compared with the lower end of the reference's norm
   enclosure, so a failure proves the bound wrong.  Points are drawn on
   the sphere |p| = r (where the bounds are tightest) most of the time. */
START_TEST(test_bounds)
{
    const vccd_motion_type *ty = vccd_motion_type_get(_i);
    long nm = instances(ty, tu_iters(5000));
    xva A;
    VCCD_MI_TMP(n, REF_PREC);
    clock_t start = clock();

    tu_init();
    xva_init(&A, REF_PREC);
    for (long j = 0; j < nm; j++) {
        int kind = (int)(j % ty->nkinds);
        vccd_motion *m = new_motion(ty, kind);
        double r = (tu_ulong() % 8 == 0) ? 0.0 : 4.0 * tu_unit(), speed, accel;
        vccd_motion_bounds(&speed, &accel, m, r);
        if (!(speed >= 0.0) || !(accel >= 0.0) || isinf(speed) || isinf(accel))
            tu_fail("model %s kind %d: bounds(r=%.17g) = %.17g, %.17g are NaN, negative or "
                    "infinite", ty->name, kind, r, speed, accel);
        for (int s = 0; s < PER_MOTION; s++) {
            int vertex;
            double t = s == 0 ? 0.0 : s == 1 ? 1.0 : tu_unit(), pt[3], len = 0.0, f;
            random_point(m, pt, &vertex);
            for (int i = 0; i < 3; i++)
                len += pt[i] * pt[i];
            len = sqrt(len);
            /* scale to |p| = r (or just inside: the slack absorbs the
               rounding of this scaling), or inside the ball */
            f = len > 0.0 ? r / len * (1.0 - 0x1p-40) * (tu_ulong() % 4 ? 1.0 : tu_unit()) : 0.0;
            for (int i = 0; i < 3; i++)
                pt[i] *= f;
            set_ctx(m, kind, pt, vertex, t, t);
            eval_ref(m, &A, pt, vertex, t);
            vccd_mi_vec3_norm2(n, &A.v);
            vccd_mi_sqrt(n, n);
            if (mpfr_cmp_d(&n->lo, speed) > 0)
                tu_fail("%s: |v| >= %.17g exceeds the speed bound %.17g for r=%.17g", ctx,
                        mpfr_get_d(&n->lo, MPFR_RNDD), speed, r);
            vccd_mi_vec3_norm2(n, &A.a);
            vccd_mi_sqrt(n, n);
            if (mpfr_cmp_d(&n->lo, accel) > 0)
                tu_fail("%s: |a| >= %.17g exceeds the acceleration bound %.17g for r=%.17g", ctx,
                        mpfr_get_d(&n->lo, MPFR_RNDD), accel, r);
        }
        vccd_motion_free(m);
    }
    xva_clear(&A);
    report("bounds", ty, nm * PER_MOTION, "points: |v|, |a| within the bounds", start);
}
END_TEST

/* The registry itself: names unique and findable, vtables complete. */
START_TEST(test_registry)
{
    int n = vccd_motion_type_count();
    ck_assert_int_ge(n, 2);
    ck_assert_ptr_null(vccd_motion_type_get(-1));
    ck_assert_ptr_null(vccd_motion_type_get(n));
    for (int i = 0; i < n; i++) {
        const vccd_motion_type *ty = vccd_motion_type_get(i);
        ck_assert_ptr_nonnull(ty);
        ck_assert_msg(ty->name && *ty->name && ty->summary && *ty->summary, "model %d unnamed", i);
        ck_assert_msg(vccd_motion_type_find(ty->name) == ty, "model %s: find gives another", ty->name);
        ck_assert_msg(ty->dim == 2 || ty->dim == 3, "model %s: dim %d", ty->name, ty->dim);
        ck_assert_msg(ty->nkinds >= 1, "model %s: nkinds %d", ty->name, ty->nkinds);
        ck_assert_msg(ty->parse && ty->randomize && ty->eval_di && ty->eval_ui && ty->eval_mi
                      && ty->rebase && ty->bounds, "model %s: incomplete vtable", ty->name);
    }
    ck_assert_ptr_null(vccd_motion_type_find("no-such-model"));
}
END_TEST

int
main(void)
{
    /* One test case per property (CK_RUN_CASE=rebase runs one), each a
       loop over the registry so failures name the model. */
    const struct { const char *name; const TTest *fn; } cases[] = {
        { "containment", test_containment }, { "derivatives", test_derivatives },
        { "rebase", test_rebase }, { "rebase_di", test_rebase_di }, { "pose0", test_pose0 },
        { "bounds", test_bounds },
    };
    Suite *s = suite_create("motion");
    TCase *tc = tcase_create("registry");
    int n = vccd_motion_type_count();

    tu_init();
    tcase_add_test(tc, test_registry);
    suite_add_tcase(s, tc);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        tcase_add_loop_test(tu_tcase(s, cases[i].name), cases[i].fn, 0, n);
    return tu_run(s);
}
