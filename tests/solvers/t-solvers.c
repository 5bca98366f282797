/* t-solvers.c -- every registered root finder, on every arithmetic,
   against times of contact known independently of the library.

   The reference is this file's own: feature points moved in MPFR at
   REF_PREC bits straight from the config strings (x0 + (x1 - x0) t, and
   o0 + v t + Rot(omega, t) R(q0) p by Rodrigues' formula), the triple
   product s and the barycentric coordinates at its roots.  Hand-made
   pairs carry a closed-form first TOC derived in the comment beside each;
   random pairs are checked by sampling s densely and bisecting every
   sign change.  Nothing here calls the library to compute a reference.

   The contract under test (solver.h): [t0, lo) holds no contact, so a
   contact before lo, or any contact at all after "none", is a bug;
   "certified" means a contact lies in [lo, hi]; hi - lo <= eps_t unless
   stopped by max_boxes.  binary64, mpfr:113 and adaptive are rigorous
   and held to it; unrounded is NON-RIGOROUS and only has to terminate.
   Which answers were "possible" rather than "certified" is printed, not
   asserted, except for simple transversal contacts on mpfr:113, where
   certification is within reach of every solver. */
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "vccd/config.h"
#include "vccd/feature.h"
#include "vccd/motion.h"
#include "vccd/solver.h"

#define REF_PREC 256            /* the reference's working precision */
#define MOTION_PREC 320         /* parameter precision of the motions */
#define NSAMP 2048              /* samples of s over [0, 1] */
#define ROOT_WIDTH 1e-30        /* root brackets are bisected to this */
#define MARGIN 1e-9             /* barycentric margin of a clear verdict */
#define MAX_ROOTS 64
#define EPS_T 1e-6
#define MAX_BOXES 100000L

enum { A_B64, A_M113, A_ADAPT, A_UNR, NARITH };
static const char *const arith_name[NARITH] = { "binary64", "mpfr:113", "adaptive", "unrounded" };

/* --- failures -------------------------------------------------------------- */

/* A broken contract is recorded and the test goes on, so that one run
   lists every case, solver and arithmetic that breaks it (on stderr);
   the test fails at its end, citing the first. */
static long nfail;
static char first_fail[2048];

static void expect_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void
expect_fail(const char *fmt, ...)
{
    va_list ap;
    char msg[2048];
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fprintf(stderr, "FAIL seed=%lu: %s\n", tu_seed, msg);
    if (nfail++ == 0)
        snprintf(first_fail, sizeof first_fail, "%s", msg);
}

#define EXPECT(cond, ...)                                                    \
    do {                                                                     \
        tu_nchecks++;                                                        \
        if (!(cond))                                                         \
            expect_fail(__VA_ARGS__);                                        \
    } while (0)

static void
expect_done(const char *test)
{
    long n = nfail;
    nfail = 0;
    fflush(stdout);
    if (n)
        tu_fail("%s: %ld failed checks (listed on stderr), the first: %s", test, n, first_fail);
}

/* --- pairs as config strings ---------------------------------------------- */

/* One moving point: vertex-linear from x0 (t = 0) to x1 (t = 1), or the
   body point p of an ltlrm motion when o0 is set.  The strings are the
   single source of both the library's motion and the reference. */
typedef struct {
    const char *x0, *x1;
    const char *o0, *v, *q0, *w;
    double p[3];
} pt_spec;

#define FIX(a) { .x0 = a, .x1 = a }
#define LIN(a, b) { .x0 = a, .x1 = b }
/* RIG(O, V, W, px, py, pz); O, V, W may come from one macro (BODY_*). */
#define RIG(...) RIG_(__VA_ARGS__)
#define RIG_(O, V, W, px, py, pz) { .o0 = O, .v = V, .w = W, .p = { px, py, pz } }

/* The first TOC: T_RAT a / c, T_ACOS acos(a) / c, T_ATAN2 atan2(a, b) / c,
   T_PI a pi / c; T_NONE: the pair never touches in [0, 1]. */
typedef enum { T_NONE, T_RAT, T_ACOS, T_ATAN2, T_PI } toc_kind;
typedef struct {
    toc_kind k;
    const char *a, *b, *c;
} toc_spec;

#define NO_TOC { T_NONE, NULL, NULL, NULL }
#define RAT(a, c) { T_RAT, a, NULL, c }

enum {
    F_CERT = 1,                 /* simple transversal: certified on mpfr:113 */
    F_SLIDE = 2                 /* s = 0 throughout: needs many boxes */
};

typedef struct {
    const char *name;
    vccd_feature_kind kind;
    pt_spec pt[4];
    toc_spec toc;
    int flags;
} hand_case;

/* --- the reference: MPFR at REF_PREC -------------------------------------- */

typedef struct {
    int rigid;
    mpfr_t a[3], b[3];          /* linear: x0, x1 - x0; rigid: o0, v */
    mpfr_t k[3], wn;            /* rigid: unit axis (0 when wn = 0), |omega| */
    mpfr_t q[4];                /* rigid: q0 normalised */
    mpfr_t r[3];                /* rigid: R(q0) p, the offset at t = 0 */
} ref_pt;

typedef struct {
    vccd_feature_kind kind;
    ref_pt pt[4];
} ref_pair;

static void
fr_inits(mpfr_t *x, int n)
{
    for (int i = 0; i < n; i++)
        mpfr_init2(x[i], REF_PREC);
}

static void
fr_clears(mpfr_t *x, int n)
{
    for (int i = 0; i < n; i++)
        mpfr_clear(x[i]);
}

/* One token: a decimal, or an exact rational P/Q (as the motions take). */
static void
fr_set_tok(mpfr_t x, const char *tok)
{
    const char *slash = strchr(tok, '/');
    if (mpfr_set_str(x, tok, 10, MPFR_RNDN) == 0 && !slash)
        return;
    if (slash) {
        char num[128];
        mpfr_t d;
        size_t n = (size_t)(slash - tok);
        ck_assert(n < sizeof num);
        memcpy(num, tok, n);
        num[n] = '\0';
        mpfr_init2(d, REF_PREC);
        ck_assert(mpfr_set_str(x, num, 10, MPFR_RNDN) == 0 && mpfr_set_str(d, slash + 1, 10, MPFR_RNDN) == 0);
        mpfr_div(x, x, d, MPFR_RNDN);
        mpfr_clear(d);
        return;
    }
    tu_fail("bad number '%s' in a test pair", tok);
}

/* n numbers separated by blanks or commas. */
static void
fr_set_list(mpfr_t *x, int n, const char *s)
{
    char tok[128];
    int k = 0;
    while (*s) {
        size_t len = 0;
        while (*s == ' ' || *s == ',')
            s++;
        if (!*s)
            break;
        while (s[len] && s[len] != ' ' && s[len] != ',')
            len++;
        ck_assert(len < sizeof tok && k < n);
        memcpy(tok, s, len);
        tok[len] = '\0';
        fr_set_tok(x[k++], tok);
        s += len;
    }
    ck_assert_int_eq(k, n);
}

static void
fr_dot(mpfr_t r, mpfr_t a[3], mpfr_t b[3])
{
    mpfr_t t;
    mpfr_init2(t, REF_PREC);
    mpfr_mul(r, a[0], b[0], MPFR_RNDN);
    for (int i = 1; i < 3; i++) {
        mpfr_mul(t, a[i], b[i], MPFR_RNDN);
        mpfr_add(r, r, t, MPFR_RNDN);
    }
    mpfr_clear(t);
}

/* r := a x b (r must not alias a or b). */
static void
fr_cross(mpfr_t r[3], mpfr_t a[3], mpfr_t b[3])
{
    mpfr_t t;
    mpfr_init2(t, REF_PREC);
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        mpfr_mul(r[i], a[j], b[k], MPFR_RNDN);
        mpfr_mul(t, a[k], b[j], MPFR_RNDN);
        mpfr_sub(r[i], r[i], t, MPFR_RNDN);
    }
    mpfr_clear(t);
}

/* r := R(q) p = p + 2 w (u x p) + 2 u x (u x p) for q = (w, u), with u
   negated (the inverse rotation) when conj. */
static void
fr_qrot(mpfr_t r[3], mpfr_t q[4], mpfr_t p[3], int conj)
{
    mpfr_t u[3], c[3], cc[3];
    fr_inits(u, 3);
    fr_inits(c, 3);
    fr_inits(cc, 3);
    for (int i = 0; i < 3; i++)
        mpfr_mul_si(u[i], q[i + 1], conj ? -1 : 1, MPFR_RNDN);
    fr_cross(c, u, p);
    fr_cross(cc, u, c);
    for (int i = 0; i < 3; i++) {
        mpfr_mul(c[i], c[i], q[0], MPFR_RNDN);
        mpfr_add(c[i], c[i], cc[i], MPFR_RNDN);
        mpfr_mul_2ui(c[i], c[i], 1, MPFR_RNDN);
        mpfr_add(r[i], p[i], c[i], MPFR_RNDN);
    }
    fr_clears(u, 3);
    fr_clears(c, 3);
    fr_clears(cc, 3);
}

/* r := rotation of p about the unit axis k by the angle th (Rodrigues):
   p cos th + (k x p) sin th + k (k . p)(1 - cos th). */
static void
fr_axis_rot(mpfr_t r[3], mpfr_t k[3], const mpfr_t th, mpfr_t p[3])
{
    mpfr_t s, c, kp, kxp[3], t;
    mpfr_inits2(REF_PREC, s, c, kp, t, (mpfr_ptr)0);
    fr_inits(kxp, 3);
    mpfr_sin_cos(s, c, th, MPFR_RNDN);
    fr_dot(kp, k, p);
    fr_cross(kxp, k, p);
    mpfr_ui_sub(t, 1, c, MPFR_RNDN);
    mpfr_mul(kp, kp, t, MPFR_RNDN);
    for (int i = 0; i < 3; i++) {
        mpfr_mul(r[i], p[i], c, MPFR_RNDN);
        mpfr_mul(t, kxp[i], s, MPFR_RNDN);
        mpfr_add(r[i], r[i], t, MPFR_RNDN);
        mpfr_mul(t, k[i], kp, MPFR_RNDN);
        mpfr_add(r[i], r[i], t, MPFR_RNDN);
    }
    mpfr_clears(s, c, kp, t, (mpfr_ptr)0);
    fr_clears(kxp, 3);
}

static void
ref_pt_init(ref_pt *r, const pt_spec *s)
{
    fr_inits(r->a, 3);
    fr_inits(r->b, 3);
    fr_inits(r->k, 3);
    fr_inits(r->q, 4);
    fr_inits(r->r, 3);
    mpfr_init2(r->wn, REF_PREC);
    r->rigid = s->o0 != NULL;
    if (!r->rigid) {
        fr_set_list(r->a, 3, s->x0);
        fr_set_list(r->b, 3, s->x1 ? s->x1 : s->x0);
        for (int i = 0; i < 3; i++)
            mpfr_sub(r->b[i], r->b[i], r->a[i], MPFR_RNDN);
        return;
    }
    fr_set_list(r->a, 3, s->o0);
    fr_set_list(r->b, 3, s->v);
    fr_set_list(r->k, 3, s->w);
    fr_set_list(r->q, 4, s->q0 ? s->q0 : "1 0 0 0");
    fr_dot(r->wn, r->k, r->k);
    mpfr_sqrt(r->wn, r->wn, MPFR_RNDN);
    if (!mpfr_zero_p(r->wn))
        for (int i = 0; i < 3; i++)
            mpfr_div(r->k[i], r->k[i], r->wn, MPFR_RNDN);
    {
        mpfr_t n, p[3];
        mpfr_init2(n, REF_PREC);
        fr_inits(p, 3);
        mpfr_sqr(n, r->q[0], MPFR_RNDN);
        for (int i = 1; i < 4; i++)
            mpfr_fma(n, r->q[i], r->q[i], n, MPFR_RNDN);
        mpfr_sqrt(n, n, MPFR_RNDN);
        for (int i = 0; i < 4; i++)
            mpfr_div(r->q[i], r->q[i], n, MPFR_RNDN);
        for (int i = 0; i < 3; i++)
            mpfr_set_d(p[i], s->p[i], MPFR_RNDN);
        fr_qrot(r->r, r->q, p, 0);
        mpfr_clear(n);
        fr_clears(p, 3);
    }
}

static void
ref_pt_clear(ref_pt *r)
{
    fr_clears(r->a, 3);
    fr_clears(r->b, 3);
    fr_clears(r->k, 3);
    fr_clears(r->q, 4);
    fr_clears(r->r, 3);
    mpfr_clear(r->wn);
}

/* x := the point's position at t. */
static void
ref_pos(mpfr_t x[3], const ref_pt *p, const mpfr_t t)
{
    ref_pt *q = (ref_pt *)p;    /* MPFR's API wants non-const inputs */
    for (int i = 0; i < 3; i++)
        mpfr_fma(x[i], q->b[i], t, q->a[i], MPFR_RNDN);
    if (q->rigid) {
        mpfr_t th, d[3];
        mpfr_init2(th, REF_PREC);
        fr_inits(d, 3);
        mpfr_mul(th, q->wn, t, MPFR_RNDN);
        fr_axis_rot(d, q->k, th, q->r);
        for (int i = 0; i < 3; i++)
            mpfr_add(x[i], x[i], d[i], MPFR_RNDN);
        mpfr_clear(th);
        fr_clears(d, 3);
    }
}

/* The body point whose position at tc is W, for the rigid motion of b
   (its own p ignored): R(q0)^-1 Rot(omega, -|omega| tc) (W - o0 - v tc). */
static void
ref_body_point(double p[3], const ref_pt *b, double tc, const double W[3])
{
    ref_pt *q = (ref_pt *)b;
    mpfr_t t, y[3], z[3];
    mpfr_init2(t, REF_PREC);
    fr_inits(y, 3);
    fr_inits(z, 3);
    mpfr_set_d(t, tc, MPFR_RNDN);
    for (int i = 0; i < 3; i++) {
        mpfr_fma(y[i], q->b[i], t, q->a[i], MPFR_RNDN);
        mpfr_d_sub(y[i], W[i], y[i], MPFR_RNDN);
    }
    mpfr_mul(t, q->wn, t, MPFR_RNDN);
    mpfr_neg(t, t, MPFR_RNDN);
    fr_axis_rot(z, q->k, t, y);
    fr_qrot(y, q->q, z, 1);
    for (int i = 0; i < 3; i++)
        p[i] = mpfr_get_d(y[i], MPFR_RNDN);
    mpfr_clear(t);
    fr_clears(y, 3);
    fr_clears(z, 3);
}

static void
ref_pair_init(ref_pair *r, vccd_feature_kind kind, const pt_spec *pt)
{
    r->kind = kind;
    for (int i = 0; i < 4; i++)
        ref_pt_init(&r->pt[i], &pt[i]);
}

static void
ref_pair_clear(ref_pair *r)
{
    for (int i = 0; i < 4; i++)
        ref_pt_clear(&r->pt[i]);
}

/* s = u . (e1 x e2) with vertex-face u = p - a, e1 = b - a, e2 = c - a
   and edge-edge u = c - a, e1 = b - a, e2 = d - c (feature.h). */
static void
ref_vectors(mpfr_t u[3], mpfr_t e1[3], mpfr_t e2[3], const ref_pair *r, const mpfr_t t)
{
    mpfr_t P[4][3];
    static const int vf[3][2] = { { 0, 1 }, { 2, 1 }, { 3, 1 } }, ee[3][2] = { { 2, 0 }, { 1, 0 }, { 3, 2 } };
    const int (*ix)[2] = r->kind == VCCD_FEATURE_VF ? vf : ee;
    mpfr_t *out[3] = { u, e1, e2 };
    for (int i = 0; i < 4; i++) {
        fr_inits(P[i], 3);
        ref_pos(P[i], &r->pt[i], t);
    }
    for (int v = 0; v < 3; v++)
        for (int j = 0; j < 3; j++)
            mpfr_sub(out[v][j], P[ix[v][0]][j], P[ix[v][1]][j], MPFR_RNDN);
    for (int i = 0; i < 4; i++)
        fr_clears(P[i], 3);
}

static double
fr_norm1_d(mpfr_t a[3])
{
    return fabs(mpfr_get_d(a[0], MPFR_RNDU)) + fabs(mpfr_get_d(a[1], MPFR_RNDU)) +
           fabs(mpfr_get_d(a[2], MPFR_RNDU));
}

/* The sign of s at t, 0 when |s| is below the reference's own rounding
   (2^-200 of |u| |e1| |e2|): an exact zero of the hand-made pairs. */
static int
ref_sign(const ref_pair *r, const mpfr_t t)
{
    mpfr_t u[3], e1[3], e2[3], n[3], s;
    double scale;
    int sg;
    fr_inits(u, 3);
    fr_inits(e1, 3);
    fr_inits(e2, 3);
    fr_inits(n, 3);
    mpfr_init2(s, REF_PREC);
    ref_vectors(u, e1, e2, r, t);
    fr_cross(n, e1, e2);
    fr_dot(s, u, n);
    scale = fr_norm1_d(u) * fr_norm1_d(e1) * fr_norm1_d(e2);
    sg = mpfr_zero_p(s) || fabs(mpfr_get_d(s, MPFR_RNDN)) <= 0x1p-200 * scale ? 0 : mpfr_sgn(s);
    fr_clears(u, 3);
    fr_clears(e1, 3);
    fr_clears(e2, 3);
    fr_clears(n, 3);
    mpfr_clear(s);
    return sg;
}

/* Where the features stand at a root t of s: inside each other by at
   least MARGIN in every barycentric coordinate (a contact), outside by
   MARGIN in one (no contact), or too close to call (a degenerate pair
   included). */
enum { CL_OUT = -1, CL_EDGE = 0, CL_IN = 1 };

static int
ref_classify(const ref_pair *r, const mpfr_t t)
{
    mpfr_t u[3], e1[3], e2[3], n[3], c[3], nn, x[4];
    int nx, cls = CL_IN;
    fr_inits(u, 3);
    fr_inits(e1, 3);
    fr_inits(e2, 3);
    fr_inits(n, 3);
    fr_inits(c, 3);
    fr_inits(x, 4);
    mpfr_init2(nn, REF_PREC);
    ref_vectors(u, e1, e2, r, t);
    fr_cross(n, e1, e2);
    fr_dot(nn, n, n);
    if (mpfr_zero_p(nn)) {
        cls = CL_EDGE;
        goto out;
    }
    if (r->kind == VCCD_FEATURE_VF) {
        /* weights of b and c from (p - a) x e2 and e1 x (p - a) */
        fr_cross(c, u, e2);
        fr_dot(x[0], c, n);
        fr_cross(c, e1, u);
        fr_dot(x[1], c, n);
        mpfr_div(x[0], x[0], nn, MPFR_RNDN);
        mpfr_div(x[1], x[1], nn, MPFR_RNDN);
        mpfr_ui_sub(x[2], 1, x[0], MPFR_RNDN);
        mpfr_sub(x[2], x[2], x[1], MPFR_RNDN);
        nx = 3;
    } else {
        /* a + s e1 = c + v e2: s = ((c-a) x e2).n / |n|^2, v = ((c-a) x e1).n / |n|^2 */
        fr_cross(c, u, e2);
        fr_dot(x[0], c, n);
        fr_cross(c, u, e1);
        fr_dot(x[2], c, n);
        mpfr_div(x[0], x[0], nn, MPFR_RNDN);
        mpfr_div(x[2], x[2], nn, MPFR_RNDN);
        mpfr_ui_sub(x[1], 1, x[0], MPFR_RNDN);
        mpfr_ui_sub(x[3], 1, x[2], MPFR_RNDN);
        nx = 4;
    }
    for (int i = 0; i < nx; i++) {
        if (mpfr_cmp_d(x[i], -MARGIN) < 0) {
            cls = CL_OUT;
            break;
        }
        if (mpfr_cmp_d(x[i], MARGIN) < 0)
            cls = CL_EDGE;
    }
out:
    fr_clears(u, 3);
    fr_clears(e1, 3);
    fr_clears(e2, 3);
    fr_clears(n, 3);
    fr_clears(c, 3);
    fr_clears(x, 4);
    mpfr_clear(nn);
    return cls;
}

/* A root of s, bracketed to ROOT_WIDTH and rounded outward to doubles. */
typedef struct {
    double lo, hi;
    int cls;
} ref_root;

/* Narrow [lo, hi], where s has the nonzero sign sl at lo and the
   opposite one at hi, to a bracket of a root; classify the features at
   its midpoint. */
static ref_root
ref_bisect(const ref_pair *r, const mpfr_t lo0, const mpfr_t hi0, int sl)
{
    mpfr_t lo, hi, mid, w;
    ref_root rt;
    mpfr_inits2(REF_PREC, lo, hi, mid, w, (mpfr_ptr)0);
    mpfr_set(lo, lo0, MPFR_RNDN);
    mpfr_set(hi, hi0, MPFR_RNDN);
    for (;;) {
        int sm;
        mpfr_sub(w, hi, lo, MPFR_RNDN);
        if (mpfr_cmp_d(w, ROOT_WIDTH) <= 0)
            break;
        mpfr_add(mid, lo, hi, MPFR_RNDN);
        mpfr_div_2ui(mid, mid, 1, MPFR_RNDN);
        sm = ref_sign(r, mid);
        if (sm == 0) {
            mpfr_set(lo, mid, MPFR_RNDN);
            mpfr_set(hi, mid, MPFR_RNDN);
            break;
        }
        mpfr_set(sm == sl ? lo : hi, mid, MPFR_RNDN);
    }
    mpfr_add(mid, lo, hi, MPFR_RNDN);
    mpfr_div_2ui(mid, mid, 1, MPFR_RNDN);
    rt.lo = mpfr_get_d(lo, MPFR_RNDD);
    rt.hi = mpfr_get_d(hi, MPFR_RNDU);
    rt.cls = ref_classify(r, mid);
    mpfr_clears(lo, hi, mid, w, (mpfr_ptr)0);
    return rt;
}

/* Every sign change (and exact zero) of s among NSAMP + 1 samples of
   [0, 1]; degenerate when s vanishes at too many of them to tell. */
typedef struct {
    int n, degenerate;
    ref_root r[MAX_ROOTS];
} ref_profile;

static void
ref_profile_build(ref_profile *pr, const ref_pair *r)
{
    mpfr_t t, tp;
    int sp = 0;
    mpfr_inits2(REF_PREC, t, tp, (mpfr_ptr)0);
    pr->n = 0;
    pr->degenerate = 0;
    for (int i = 0; i <= NSAMP && !pr->degenerate; i++) {
        int sg;
        mpfr_set_ui(t, (unsigned long)i, MPFR_RNDN);
        mpfr_div_ui(t, t, NSAMP, MPFR_RNDN);
        sg = ref_sign(r, t);
        if (pr->n == MAX_ROOTS && (sg == 0 || (i > 0 && sg * sp < 0)))
            pr->degenerate = 1;
        else if (sg == 0)
            pr->r[pr->n++] = (ref_root){ (double)i / NSAMP, (double)i / NSAMP, ref_classify(r, t) };
        else if (i > 0 && sg * sp < 0)
            pr->r[pr->n++] = ref_bisect(r, tp, t, sp);
        sp = sg;
        mpfr_set(tp, t, MPFR_RNDN);
    }
    mpfr_clears(t, tp, (mpfr_ptr)0);
}

/* A root classified as a contact that lies before lo (inclusive: at or
   before lo), or NULL. */
static const ref_root *
ref_contact_before(const ref_profile *pr, double lo, int inclusive)
{
    for (int i = 0; i < pr->n; i++)
        if (pr->r[i].cls == CL_IN && (pr->r[i].hi < lo || (inclusive && pr->r[i].lo <= lo)))
            return &pr->r[i];
    return NULL;
}

/* The exact first TOC of a hand-made pair. */
static void
toc_value(mpfr_t x, const toc_spec *ts)
{
    mpfr_t a, b, c;
    mpfr_inits2(REF_PREC, a, b, c, (mpfr_ptr)0);
    fr_set_tok(a, ts->a);
    fr_set_tok(c, ts->c);
    switch (ts->k) {
    case T_RAT: mpfr_set(x, a, MPFR_RNDN); break;
    case T_ACOS: mpfr_acos(x, a, MPFR_RNDN); break;
    case T_ATAN2:
        fr_set_tok(b, ts->b);
        mpfr_atan2(x, a, b, MPFR_RNDN);
        break;
    default:
        mpfr_const_pi(x, MPFR_RNDN);
        mpfr_mul(x, x, a, MPFR_RNDN);
        break;
    }
    mpfr_div(x, x, c, MPFR_RNDN);
    mpfr_clears(a, b, c, (mpfr_ptr)0);
}

/* --- the library side ------------------------------------------------------ */

typedef struct {
    vccd_motion *m[4];
    vccd_feature *f;
} lib_pair;

static vccd_motion *
motion_of(const pt_spec *s)
{
    char text[1024];
    vccd_config c;
    vccd_error e;
    vccd_motion *m;
    if (s->o0)
        snprintf(text, sizeof text, "[m]\ntype = ltlrm\no0 = %s\nv = %s\nq0 = %s\nomega = %s\n", s->o0, s->v,
                 s->q0 ? s->q0 : "1 0 0 0", s->w);
    else
        snprintf(text, sizeof text, "[m]\ntype = vertex-linear\nvertices = 1\nvertex.0 = %s  %s\n", s->x0,
                 s->x1 ? s->x1 : s->x0);
    if (vccd_config_load_string(&c, "pair", text, &e) != 0)
        tu_fail("%s\n%s", e.msg, text);
    m = vccd_motion_from_config(vccd_config_find(&c, "m"), MOTION_PREC, &e);
    vccd_config_clear(&c);
    if (!m)
        tu_fail("%s\n%s", e.msg, text);
    return m;
}

static void
lib_pair_init(lib_pair *lp, vccd_feature_kind kind, const pt_spec *pt)
{
    vccd_track tr[4];
    vccd_arith a = { VCCD_ARITH_BINARY64, 53 };
    for (int i = 0; i < 4; i++) {
        lp->m[i] = motion_of(&pt[i]);
        tr[i] = (vccd_track){ lp->m[i], 0, { pt[i].p[0], pt[i].p[1], pt[i].p[2] } };
    }
    lp->f = vccd_feature_new(kind, tr, &a);
    ck_assert(lp->f != NULL);
}

static void
lib_pair_clear(lib_pair *lp)
{
    vccd_feature_free(lp->f);
    for (int i = 0; i < 4; i++)
        vccd_motion_free(lp->m[i]);
}

/* The answers are checked against the contract with the limits out of
   the way: the default work budget (max_work) stops bisection in MPFR on
   the grazing pairs, by design; test_tiny_limits checks what a limit
   does. */
static void
opts_for(vccd_solve_opts *o, const vccd_solver_type *st, int ai, long max_boxes, long max_work)
{
    vccd_solve_opts_init(o);
    o->solver = st;
    ck_assert(vccd_arith_parse(&o->arith, arith_name[ai]) == 0);
    o->eps_t = EPS_T;
    o->max_boxes = max_boxes;
    o->max_work = max_work;
}

static char
status_letter(const vccd_toc *r)
{
    return r->status == VCCD_TOC_NONE ? 'N' : r->status == VCCD_TOC_CERTIFIED ? 'C' : 'P';
}

/* A possible box wider than eps_t, not cut short: widened to the
   contact it stands before (solve.c's widen), which the callers check
   is inside it. */
static int
widened(const vccd_toc *r)
{
    return r->status == VCCD_TOC_POSSIBLE && !r->limited && !(r->hi - r->lo <= EPS_T);
}

/* The checks every rigorous answer owes whatever the pair: a proper
   enclosure inside [0, 1], and eps_t wide unless cut short or widened. */
static void
check_shape(const vccd_toc *r, const char *what)
{
    EXPECT(r->lo >= 0.0 && r->lo <= r->hi && r->hi <= 1.0, "%s: enclosure [%.17g, %.17g]", what, r->lo, r->hi);
    EXPECT(r->limited || widened(r) || r->hi - r->lo <= EPS_T, "%s: %s [%.17g, %.17g] wider than eps_t %g", what,
           vccd_toc_status_name(r->status), r->lo, r->hi, EPS_T);
    EXPECT(!r->limited || r->status == VCCD_TOC_POSSIBLE, "%s: limited but %s", what,
           vccd_toc_status_name(r->status));
    EXPECT(r->status != VCCD_TOC_NONE || (r->lo == 1.0 && r->hi == 1.0), "%s: none with [%.17g, %.17g]", what,
           r->lo, r->hi);
}

/* --- hand-made pairs --------------------------------------------------------- */

/* Static faces: the unit right triangle in z = 0, and a big one. */
#define UNITRI FIX("0 0 0"), FIX("1 0 0"), FIX("0 1 0")
#define BIGTRI FIX("-2 -2 0"), FIX("2 -2 0"), FIX("0 2 0")
/* A body turning about x at 2.5 rad/step: its point (0, 0, 1) is at
   (0.1 + 0.5 t, 0.2 + 0.25 t - sin 2.5t, 0.3 + cos 2.5t). */
#define BODY_X25 "0.1 0.2 0.3", "0.5 0.25 0", "2.5 0 0"
/* A body turning about z at 1.25 rad/step around (0.1, -0.2, 0.05): its
   points (0, 0, 0) and (2, 0, 0) span the edge from the centre along
   angle 1.25 t, length 2. */
#define BODY_Z125 "0.1 -0.2 0.05", "0 0 0", "0 0 1.25"
/* A body tumbling about (1, 2, -0.5) while it drifts. */
#define BODY_TUMBLE "0.1 0.2 0.3", "0.4 -0.3 0.2", "1 2 -0.5"
/* The centre of the pairs near 1e6. */
#define BIG "1000000 1000000 1000000"

static const hand_case hand[] = {
    /* --- transversal crossings --- */
    /* p_z = 0.7 - t over the unit triangle, at (1/3, 1/7) inside: 7/10. */
    { "vf-cross", VCCD_FEATURE_VF, { LIN("1/3 1/7 0.7", "1/3 1/7 -0.3"), UNITRI }, RAT("7", "10"), F_CERT },
    /* the face rises as 0.2 t, the vertex falls as 1 - t: 1 - t = 0.2 t at 5/6. */
    { "vf-cross-face", VCCD_FEATURE_VF,
      { LIN("0.2 0.3 1", "0.2 0.3 0"), LIN("0 0 0", "0 0 0.2"), LIN("1 0 0", "1 0 0.2"), LIN("0 1 0", "0 1 0.2") },
      RAT("5", "6"), F_CERT },
    /* edge 1 along x at z = 0.3 - 0.9 t over edge 2 along y: crossing at
       the origin (u = v = 1/2) at 1/3. */
    { "ee-cross", VCCD_FEATURE_EE,
      { LIN("-1 0 0.3", "-1 0 -0.6"), LIN("1 0 0.3", "1 0 -0.6"), FIX("0 -1 0"), FIX("0 1 0") }, RAT("1", "3"),
      F_CERT },
    /* BODY_X25's point reaches z = 0 when cos 2.5t = -0.3, at
       (0.475, -0.567, 0) inside BIGTRI: acos(-0.3) / 2.5 = 0.750. */
    { "vf-cross-rot", VCCD_FEATURE_VF, { RIG(BODY_X25, 0, 0, 1), BIGTRI }, { T_ACOS, "-0.3", NULL, "2.5" }, F_CERT },
    /* the face turns about x at 1.5 rad/step through the origin: its
       normal is (0, -sin, cos), so the fixed vertex (0.2, 0.3, 0.5) is in
       the plane when tan(1.5 t) = 0.5 / 0.3, at body point (0.2, 0.583, 0)
       inside the face: atan2(0.5, 0.3) / 1.5 = 0.687. */
    { "vf-face-rot", VCCD_FEATURE_VF,
      { FIX("0.2 0.3 0.5"), RIG("0 0 0", "0 0 0", "1.5 0 0", -1, -1, 0), RIG("0 0 0", "0 0 0", "1.5 0 0", 2, -1, 0),
        RIG("0 0 0", "0 0 0", "1.5 0 0", -1, 2, 0) },
      { T_ATAN2, "0.5", "0.3", "1.5" }, F_CERT },
    /* BODY_Z125's edge points along (0.9, 0.7) from its centre, and so
       crosses the vertical edge at (1, 0.5) (u = 0.57, v = 0.525), when
       1.25 t = atan2(0.7, 0.9): 0.529. */
    { "ee-cross-rot", VCCD_FEATURE_EE,
      { RIG(BODY_Z125, 0, 0, 0), RIG(BODY_Z125, 2, 0, 0), FIX("1 0.5 -1"), FIX("1 0.5 1") },
      { T_ATAN2, "0.7", "0.9", "1.25" }, F_CERT },
    /* --- grazing --- */
    /* c = (0, 1, 2t - 1) tilts the face: n = (0, 1 - 2t, 1), and with
       p = (0.2, 0.7 - t, -0.38 + 0.8 t), s = 2 (t - 0.4)^2: a double root
       at 2/5, p = (0.2, 0.3, -0.06) = a + 0.2 (b - a) + 0.3 (c - a). */
    { "vf-graze", VCCD_FEATURE_VF,
      { LIN("0.2 0.7 -0.38", "0.2 -0.3 0.42"), FIX("0 0 0"), FIX("1 0 0"), LIN("0 1 -1", "0 1 1") }, RAT("2", "5"),
      0 },
    /* a point 1 from the centre (0.1, 0.2, 1) turning about x at 4
       rad/step: z = 1 + cos 4t touches z = 0 at (0.336, 0.2, 0) at pi/4. */
    { "vf-graze-rot", VCCD_FEATURE_VF, { RIG("0.1 0.2 1", "0.3 0 0", "4 0 0", 0, 0, 1), BIGTRI },
      { T_PI, "1", NULL, "4" }, 0 },
    /* through the midpoint of edge ab at 3/10, and through corner b at 9/20. */
    { "vf-edge-hit", VCCD_FEATURE_VF, { LIN("0.5 0 0.3", "0.5 0 -0.7"), UNITRI }, RAT("3", "10"), 0 },
    { "vf-corner-hit", VCCD_FEATURE_VF, { LIN("1 0 0.45", "1 0 -0.55"), UNITRI }, RAT("9", "20"), 0 },
    /* the face turns about x with its edge ab on the axis; the vertex
       (0.3, 0.4 - t, 0.2 - t/2) gives s ~ (0.4 - t)(cos t / 2 - sin t) > 0
       before it meets the fixed edge at (0.3, 0, 0) at 2/5. */
    { "vf-edge-hit-rot", VCCD_FEATURE_VF,
      { LIN("0.3 0.4 0.2", "0.3 -0.6 -0.3"), RIG("0 0 0", "0 0 0", "1 0 0", -1, 0, 0),
        RIG("0 0 0", "0 0 0", "1 0 0", 1, 0, 0), RIG("0 0 0", "0 0 0", "1 0 0", 0, 1, 0) },
      RAT("2", "5"), 0 },
    /* the vertical edge at y = 0.3 - t meets the end b = (1, 0, 0) at 3/10. */
    { "ee-end-hit", VCCD_FEATURE_EE,
      { FIX("0 0 0"), FIX("1 0 0"), LIN("1 0.3 -0.5", "1 -0.7 -0.5"), LIN("1 0.3 0.5", "1 -0.7 0.5") },
      RAT("3", "10"), 0 },
    /* vf-graze's tilting face, p = (0.2, 1.25 - t, -0.97 + 1.7 t): s = 2 (t
       - 0.2)(t - 0.7), two simple roots about a critical point at 0.45;
       at 1/5 p = a + 0.2 (b - a) + 1.05 (c - a) is outside (0.2 + 1.05 >
       1), at 7/10 a + 0.2 (b - a) + 0.55 (c - a) inside: 7/10 */
    { "vf-two-roots", VCCD_FEATURE_VF,
      { LIN("0.2 1.25 -0.97", "0.2 0.25 0.73"), FIX("0 0 0"), FIX("1 0 0"), LIN("0 1 -1", "0 1 1") }, RAT("7", "10"),
      F_CERT },
    /* --- contact at t = 0 --- */
    /* sliding in the face's plane, inside it from the start: s = 0
       throughout, contact at 0 */
    { "vf-slide-in", VCCD_FEATURE_VF, { LIN("0.2 0.2 0", "0.4 0.3 0"), UNITRI }, RAT("0", "1"), F_SLIDE },
    { "vf-t0", VCCD_FEATURE_VF, { LIN("0.2 0.3 0", "0.2 0.3 -1"), UNITRI }, RAT("0", "1"), 0 },
    /* point (0, 0.5, 0) about centre (0.2, 0.1, 0): (0.2, 0.1 + 0.5 cos 3t,
       0.5 sin 3t) starts in BIGTRI and leaves it upward. */
    { "vf-t0-rot", VCCD_FEATURE_VF, { RIG("0.2 0.1 0", "0 0 0", "3 0 0", 0, 0.5, 0), BIGTRI }, RAT("0", "1"), 0 },
    { "ee-t0", VCCD_FEATURE_EE,
      { FIX("-1 0 0"), FIX("1 0 0"), LIN("0 -1 0", "0 -1 -0.5"), LIN("0 1 0", "0 1 -0.5") }, RAT("0", "1"), 0 },
    /* BODY_Z125's edge lies along x at t = 0, through (1.1, -0.2, 0.05). */
    { "ee-t0-rot", VCCD_FEATURE_EE,
      { RIG(BODY_Z125, 0, 0, 0), RIG(BODY_Z125, 2, 0, 0), FIX("1.1 -0.2 -1"), FIX("1.1 -0.2 1") }, RAT("0", "1"), 0 },
    /* --- contact at t = 1 --- */
    { "vf-t1", VCCD_FEATURE_VF, { LIN("0.2 0.3 0.6", "0.2 0.3 0"), UNITRI }, RAT("1", "1"), 0 },
    /* turning in its plane at height 1 - t: lands at (0.5 cos 2, 0.5 sin 2, 0). */
    { "vf-t1-rot", VCCD_FEATURE_VF, { RIG("0 0 1", "0 0 -1", "0 0 2", 0.5, 0, 0), BIGTRI }, RAT("1", "1"), 0 },
    { "ee-t1", VCCD_FEATURE_EE,
      { FIX("-1 0 0"), FIX("1 0 0"), LIN("0 -1 0.7", "0 -1 0"), LIN("0 1 0.7", "0 1 0") }, RAT("1", "1"), 0 },
    /* edge 1 turns in the plane z = 1 - t: parallel to edge 2 at t = 0 (a
       root of s that is no contact), crossing it (u = 0.37) at t = 1. */
    { "ee-t1-rot", VCCD_FEATURE_EE,
      { RIG("0.1 -0.2 1", "0 0 -1", "0 0 1.25", 0, 0, 0), RIG("0.1 -0.2 1", "0 0 -1", "0 0 1.25", 2, 0, 0),
        FIX("0 0.5 0"), FIX("2 0.5 0") },
      RAT("1", "1"), 0 },
    /* --- no contact --- */
    { "vf-miss", VCCD_FEATURE_VF, { LIN("0.8 0.7 0.5", "0.8 0.7 -0.5"), UNITRI }, NO_TOC, 0 },
    { "vf-parallel", VCCD_FEATURE_VF, { LIN("0.1 0.1 0.2", "0.9 0.05 0.2"), UNITRI }, NO_TOC, 0 },
    { "ee-miss", VCCD_FEATURE_EE,
      { FIX("0 0 0"), FIX("1 0 0"), LIN("1.5 -1 0.5", "1.5 -1 -0.5"), LIN("1.5 1 0.5", "1.5 1 -0.5") }, NO_TOC, 0 },
    /* parallel edges 0.5 apart moving together */
    { "ee-parallel-apart", VCCD_FEATURE_EE,
      { LIN("0 0 0", "0.5 0.5 0"), LIN("1 0 0", "1.5 0.5 0"), LIN("0 1 0.5", "0.5 1.5 0.5"),
        LIN("1 1 0.5", "1.5 1.5 0.5") },
      NO_TOC, F_SLIDE },
    /* parallel edges in z = 0, collinear at t = 1/2 but with x in [0, 1]
       against [2, 3] */
    { "ee-parallel-pass", VCCD_FEATURE_EE,
      { FIX("0 0 0"), FIX("1 0 0"), LIN("2 0.5 0", "2 -0.5 0"), LIN("3 0.5 0", "3 -0.5 0") }, NO_TOC, F_SLIDE },
    /* vf-cross-rot's crossing at (0.475, -0.567) is outside this face, and
       the next is at t = (2 pi - acos(-0.3)) / 2.5 > 1 */
    { "vf-miss-rot", VCCD_FEATURE_VF, { RIG(BODY_X25, 0, 0, 1), FIX("1 1 0"), FIX("2 1 0"), FIX("1 2 0") }, NO_TOC,
      0 },
    /* ee-cross-rot's crossing is at z = 0.05, below this edge */
    { "ee-miss-rot", VCCD_FEATURE_EE,
      { RIG(BODY_Z125, 0, 0, 0), RIG(BODY_Z125, 2, 0, 0), FIX("1 0.5 0.5"), FIX("1 0.5 1") }, NO_TOC, 0 },
    /* two parallel edges of one rigid motion, 0.71 apart for ever */
    { "ee-parallel-rot", VCCD_FEATURE_EE,
      { RIG(BODY_TUMBLE, 0, 0, 0), RIG(BODY_TUMBLE, 1, 0, 0), RIG(BODY_TUMBLE, 0, 0.5, 0.5),
        RIG(BODY_TUMBLE, 1, 0.5, 0.5) },
      NO_TOC, F_SLIDE },
    /* a circle of radius 0.5 at height 0.2 over the face */
    { "vf-parallel-rot", VCCD_FEATURE_VF, { RIG("0 0 0.2", "0 0 0", "0 0 3", 0.5, 0, 0), UNITRI }, NO_TOC, 0 },
    /* --- sliding in a common plane (s = 0 throughout) --- */
    /* x = -0.7 + t enters the face through edge ca at 7/10 */
    { "vf-slide", VCCD_FEATURE_VF, { LIN("-0.7 0.25 0", "0.3 0.25 0"), UNITRI }, RAT("7", "10"), F_SLIDE },
    /* (cos 2t, sin 2t, 0) enters through edge ab on y = x at angle pi/4:
       pi/8 */
    { "vf-slide-rot", VCCD_FEATURE_VF,
      { RIG("0 0 0", "0 0 0", "0 0 2", 1, 0, 0), FIX("0.5 0.5 0"), FIX("2 2 0"), FIX("0 2 0") },
      { T_PI, "1", NULL, "8" }, F_SLIDE },
    /* collinear: c = (1.3 - t, 0, 0) meets b at 3/10 */
    { "ee-slide-collinear", VCCD_FEATURE_EE,
      { FIX("0 0 0"), FIX("1 0 0"), LIN("1.3 0 0", "0.3 0 0"), LIN("2 0 0", "1 0 0") }, RAT("3", "10"), F_SLIDE },
    /* parallel at y = 0.4 - t, overlapping in x, meet at 2/5 */
    { "ee-slide-parallel", VCCD_FEATURE_EE,
      { FIX("0 0 0"), FIX("1 0 0"), LIN("0.2 0.4 0", "0.2 -0.6 0"), LIN("0.8 0.4 0", "0.8 -0.6 0") }, RAT("2", "5"),
      F_SLIDE },
    /* the radial edge r in [0.5, 1.5] at angle 2t first meets the edge from
       (1, 0.5) (r = 1.12) to (1, 1), at its end: atan2(0.5, 1) / 2 */
    { "ee-slide-rot", VCCD_FEATURE_EE,
      { RIG("0 0 0", "0 0 0", "0 0 2", 0.5, 0, 0), RIG("0 0 0", "0 0 0", "0 0 2", 1.5, 0, 0), FIX("1 0.5 0"),
        FIX("1 1 0") },
      { T_ATAN2, "0.5", "1", "2" }, F_SLIDE },
    /* --- degenerate features --- */
    /* collinear "triangle" on the x axis; p = (0.7, 0.6 - t, 0.3 - t/2)
       reaches it at 3/5 */
    { "vf-degen-tri", VCCD_FEATURE_VF,
      { LIN("0.7 0.6 0.3", "0.7 -0.4 -0.2"), FIX("0 0 0"), FIX("1 0 0"), FIX("2 0 0") }, RAT("3", "5"), F_SLIDE },
    /* a triangle shrunk to a point, passed through at 3/10 */
    { "vf-point-tri", VCCD_FEATURE_VF,
      { LIN("0.2 0.8 0.5", "1.2 -0.2 0.5"), FIX("0.5 0.5 0.5"), FIX("0.5 0.5 0.5"), FIX("0.5 0.5 0.5") },
      RAT("3", "10"), F_SLIDE },
    /* 0.3 above the collinear triangle */
    { "vf-degen-miss", VCCD_FEATURE_VF,
      { LIN("0.7 0.6 0.3", "0.7 -0.4 0.3"), FIX("0 0 0"), FIX("1 0 0"), FIX("2 0 0") }, NO_TOC, F_SLIDE },
    /* a zero-length edge falling through edge 2 at 7/20 */
    { "ee-zero-len", VCCD_FEATURE_EE,
      { LIN("0.5 0.3 0.35", "0.5 0.3 -0.65"), LIN("0.5 0.3 0.35", "0.5 0.3 -0.65"), FIX("0 0.3 0"), FIX("1 0.3 0") },
      RAT("7", "20"), F_SLIDE },
    /* two points: x = -0.3 + t meets the origin at 3/10 */
    { "ee-zero-both", VCCD_FEATURE_EE,
      { LIN("-0.3 0 0", "0.7 0 0"), LIN("-0.3 0 0", "0.7 0 0"), FIX("0 0 0"), FIX("0 0 0") }, RAT("3", "10"),
      F_SLIDE },
    /* falls 0.1 beside edge 2 */
    { "ee-zero-miss", VCCD_FEATURE_EE,
      { LIN("0.5 0.3 0.35", "0.5 0.3 -0.65"), LIN("0.5 0.3 0.35", "0.5 0.3 -0.65"), FIX("0 0.4 0"),
        FIX("1 0.4 0") },
      NO_TOC, F_SLIDE },
    /* a point on the unit circle at angle 1.5 t meets the vertical edge at
       (0.6, 0.8): atan2(0.8, 0.6) / 1.5 */
    { "ee-zero-rot", VCCD_FEATURE_EE,
      { RIG("0 0 0", "0 0 0", "0 0 1.5", 1, 0, 0), RIG("0 0 0", "0 0 0", "0 0 1.5", 1, 0, 0), FIX("0.6 0.8 -1"),
        FIX("0.6 0.8 1") },
      { T_ATAN2, "0.8", "0.6", "1.5" }, F_SLIDE },
    /* the same point against a collinear triangle on that edge */
    { "vf-degen-rot", VCCD_FEATURE_VF,
      { RIG("0 0 0", "0 0 0", "0 0 1.5", 1, 0, 0), FIX("0.6 0.8 -1"), FIX("0.6 0.8 0"), FIX("0.6 0.8 1") },
      { T_ATAN2, "0.8", "0.6", "1.5" }, F_SLIDE },
    /* --- coordinates near 1e6, features near 1e-3 --- */
    /* vf-cross shifted and scaled: z offset 0.0007 - 0.001 t, 7/10 */
    { "vf-big", VCCD_FEATURE_VF,
      { LIN("1000000.0002 1000000.0003 1000000.0007", "1000000.0002 1000000.0003 999999.9997"), FIX(BIG),
        FIX("1000000.001 1000000 1000000"), FIX("1000000 1000000.001 1000000") },
      RAT("7", "10"), F_CERT },
    /* edges of length 0.001 crossing at (1e6, 1e6, 1e6) when the z offset
       0.0003 - 0.001 t vanishes: 3/10 */
    { "ee-big", VCCD_FEATURE_EE,
      { LIN("999999.9995 1000000 1000000.0003", "999999.9995 1000000 999999.9993"),
        LIN("1000000.0005 1000000 1000000.0003", "1000000.0005 1000000 999999.9993"),
        FIX("1000000 999999.9995 1000000"), FIX("1000000 1000000.0005 1000000") },
      RAT("3", "10"), F_CERT },
    /* vf-cross-rot at 1e6 scaled by 2^-10: z offset 0.3 * 2^-10 + 2^-10
       cos 2.5t, over a face 0.004 across: acos(-0.3) / 2.5 */
    { "vf-big-rot", VCCD_FEATURE_VF,
      { RIG("1000000 1000000 1000000.00029296875", "0 0 0", "2.5 0 0", 0, 0, 0x1p-10),
        FIX("999999.998 999999.998 1000000"), FIX("1000000.002 999999.998 1000000"),
        FIX("1000000 1000000.002 1000000") },
      { T_ACOS, "-0.3", NULL, "2.5" }, F_CERT },
    /* ee-cross-rot at 1e6 scaled by 1/1000 (edge length 2^-9): the turning
       edge points along (0.9, 0.7) at atan2(0.7, 0.9) / 1.25 */
    { "ee-big-rot", VCCD_FEATURE_EE,
      { RIG(BIG, "0 0 0", "0 0 1.25", 0, 0, 0), RIG(BIG, "0 0 0", "0 0 1.25", 0x1p-9, 0, 0),
        FIX("1000000.0009 1000000.0007 999999.999"), FIX("1000000.0009 1000000.0007 1000000.001") },
      { T_ATAN2, "0.7", "0.9", "1.25" }, F_CERT },
};
#define NHAND ((int)(sizeof hand / sizeof hand[0]))

/* The hand derivations themselves, against the reference: s vanishes at
   the stated TOC, no clear contact comes before it, and the pairs said
   to miss have no clear contact at all. */
static void
check_hand_reference(const hand_case *hc, const ref_pair *rp)
{
    ref_profile pr;
    ref_profile_build(&pr, rp);
    if (hc->toc.k == T_NONE) {
        const ref_root *c = ref_contact_before(&pr, 1.0, 1);
        EXPECT(pr.degenerate || !c, "%s: the reference sees a contact at [%.17g, %.17g]", hc->name, c ? c->lo : 0,
               c ? c->hi : 0);
        return;
    }
    {
        mpfr_t t;
        const ref_root *c;
        mpfr_init2(t, REF_PREC);
        toc_value(t, &hc->toc);
        EXPECT(ref_sign(rp, t) == 0, "%s: s does not vanish at the hand TOC %.17g", hc->name,
               mpfr_get_d(t, MPFR_RNDN));
        c = ref_contact_before(&pr, mpfr_get_d(t, MPFR_RNDD) - 1e-12, 0);
        EXPECT(pr.degenerate || !c, "%s: the reference sees a contact at [%.17g, %.17g] before the hand TOC",
               hc->name, c ? c->lo : 0, c ? c->hi : 0);
        mpfr_clear(t);
    }
}

static vccd_toc hand_res[64][8][NARITH];

/* One rigorous answer for a hand-made pair against its exact TOC. */
static void
check_hand_answer(const hand_case *hc, const vccd_toc *r, const char *solver, int ai, const mpfr_t toc)
{
    char what[160];
    snprintf(what, sizeof what, "%s, %s, %s", hc->name, solver, arith_name[ai]);
    check_shape(r, what);
    EXPECT(!r->limited, "%s: stopped by max_boxes = %ld (boxes %ld)", what, MAX_BOXES, r->boxes);
    if (hc->toc.k == T_NONE)
        return;
    EXPECT(r->status != VCCD_TOC_NONE, "%s: none, but the pair touches at %.17g", what,
           mpfr_get_d(toc, MPFR_RNDN));
    EXPECT(!widened(r) || mpfr_cmp_d(toc, r->hi) <= 0, "%s: possible [%.17g, %.17g] widened short of the TOC %.17g",
           what, r->lo, r->hi, mpfr_get_d(toc, MPFR_RNDN));
    EXPECT(mpfr_cmp_d(toc, r->lo) >= 0, "%s: %s lo = %.17g is past the TOC %.17g", what,
           vccd_toc_status_name(r->status), r->lo, mpfr_get_d(toc, MPFR_RNDN));
    if (r->status == VCCD_TOC_CERTIFIED)
        EXPECT(mpfr_cmp_d(toc, r->hi) <= 0, "%s: certified [%.17g, %.17g] misses the TOC %.17g", what, r->lo,
               r->hi, mpfr_get_d(toc, MPFR_RNDN));
    if ((hc->flags & F_CERT) && ai == A_M113)
        EXPECT(r->status == VCCD_TOC_CERTIFIED, "%s: %s [%.17g, %.17g], certification expected", what,
               vccd_toc_status_name(r->status), r->lo, r->hi);
}

static void
print_hand_table(void)
{
    int ns = vccd_solver_type_count();
    printf("\nhand-made pairs: status/boxes per solver for %s, %s, %s, %s\n", arith_name[0], arith_name[1],
           arith_name[2], arith_name[3]);
    for (int c = 0; c < NHAND; c++) {
        printf("%-19s %-6s", hand[c].name, hand[c].toc.k == T_NONE ? "miss" : "touch");
        for (int s = 0; s < ns; s++) {
            printf(" |");
            for (int a = 0; a < NARITH; a++)
                printf(" %c%-5ld", status_letter(&hand_res[c][s][a]), hand_res[c][s][a].boxes);
        }
        printf("\n");
    }
    printf("solvers:");
    for (int s = 0; s < ns; s++)
        printf(" %s", vccd_solver_type_get(s)->name);
    printf("\nrigorous answers 'possible' for touching pairs:\n");
    for (int c = 0; c < NHAND; c++)
        for (int s = 0; s < ns; s++)
            for (int a = 0; a < A_UNR; a++)
                if (hand[c].toc.k != T_NONE && hand_res[c][s][a].status == VCCD_TOC_POSSIBLE)
                    printf("  %-19s %-16s %-9s [%.17g, %.17g]\n", hand[c].name, vccd_solver_type_get(s)->name,
                           arith_name[a], hand_res[c][s][a].lo, hand_res[c][s][a].hi);
    printf("rigorous answers not 'none' for pairs that never touch:\n");
    for (int c = 0; c < NHAND; c++)
        for (int s = 0; s < ns; s++)
            for (int a = 0; a < A_UNR; a++)
                if (hand[c].toc.k == T_NONE && hand_res[c][s][a].status != VCCD_TOC_NONE)
                    printf("  %-19s %-16s %-9s %s [%.17g, %.17g]\n", hand[c].name, vccd_solver_type_get(s)->name,
                           arith_name[a], vccd_toc_status_name(hand_res[c][s][a].status), hand_res[c][s][a].lo,
                           hand_res[c][s][a].hi);
    fflush(stdout);
}

START_TEST(test_hand)
{
    int ns = vccd_solver_type_count();
    ck_assert_int_ge(ns, 1);
    ck_assert_int_le(ns, 8);
    ck_assert_int_le(NHAND, 64);
    for (int c = 0; c < NHAND; c++) {
        const hand_case *hc = &hand[c];
        ref_pair rp;
        lib_pair lp;
        mpfr_t toc;
        mpfr_init2(toc, REF_PREC);
        ref_pair_init(&rp, hc->kind, hc->pt);
        check_hand_reference(hc, &rp);
        if (hc->toc.k != T_NONE)
            toc_value(toc, &hc->toc);
        lib_pair_init(&lp, hc->kind, hc->pt);
        for (int s = 0; s < ns; s++)
            for (int a = 0; a < NARITH; a++) {
                vccd_solve_opts o;
                vccd_toc *r = &hand_res[c][s][a];
                opts_for(&o, vccd_solver_type_get(s), a, MAX_BOXES, LONG_MAX);
                vccd_solve(r, lp.f, &o);
                if (a != A_UNR)
                    check_hand_answer(hc, r, vccd_solver_type_get(s)->name, a, toc);
            }
        lib_pair_clear(&lp);
        ref_pair_clear(&rp);
        mpfr_clear(toc);
    }
    print_hand_table();
    expect_done("hand-made pairs");
}
END_TEST

/* --- bounded work ------------------------------------------------------------ */

/* With max_boxes 1 the search cannot finish (the first box is [0, 1]),
   with 3 it may or may not; either way a touching pair is never "none"
   and the cut-off answer keeps [0, lo) proved: lo <= TOC, hi = 1.  The
   pairs sliding in a plane need a bisection to eps_t, so 3 boxes must
   cut them short.  The same with a work budget (max_work) of 1 and 3
   binary64 evaluations, which spans the adaptive re-runs too. */
static void
tiny_limits(int by_work)
{
    static const long limits[] = { 1, 3 };
    int ns = vccd_solver_type_count(), nlimited = 0, nruns = 0;
    for (int c = 0; c < NHAND; c++) {
        const hand_case *hc = &hand[c];
        lib_pair lp;
        mpfr_t toc;
        if (hc->toc.k == T_NONE)
            continue;
        mpfr_init2(toc, REF_PREC);
        toc_value(toc, &hc->toc);
        lib_pair_init(&lp, hc->kind, hc->pt);
        for (int s = 0; s < ns; s++)
            for (int a = 0; a < A_UNR; a++)
                for (int l = 0; l < 2; l++) {
                    vccd_solve_opts o;
                    vccd_toc r;
                    char what[160];
                    snprintf(what, sizeof what, "%s, %s, %s, %s %ld", hc->name, vccd_solver_type_get(s)->name,
                             arith_name[a], by_work ? "max_work" : "max_boxes", limits[l]);
                    opts_for(&o, vccd_solver_type_get(s), a, by_work ? MAX_BOXES : limits[l],
                             by_work ? limits[l] : LONG_MAX);
                    vccd_solve(&r, lp.f, &o);
                    check_shape(&r, what);
                    EXPECT(r.status != VCCD_TOC_NONE, "%s: none, but the pair touches", what);
                    EXPECT(mpfr_cmp_d(toc, r.lo) >= 0, "%s: lo = %.17g past the TOC %.17g", what, r.lo,
                           mpfr_get_d(toc, MPFR_RNDN));
                    if (r.limited)
                        EXPECT(r.hi == 1.0, "%s: limited with hi = %.17g", what, r.hi);
                    if (limits[l] == 1 || (hc->flags & F_SLIDE))
                        EXPECT(r.limited && r.status == VCCD_TOC_POSSIBLE, "%s: %s, limited %d: expected cut short",
                               what, vccd_toc_status_name(r.status), r.limited);
                    if (r.status == VCCD_TOC_CERTIFIED)
                        EXPECT(mpfr_cmp_d(toc, r.hi) <= 0, "%s: certified [%.17g, %.17g] misses the TOC", what,
                               r.lo, r.hi);
                    nlimited += r.limited;
                    nruns++;
                }
        lib_pair_clear(&lp);
        mpfr_clear(toc);
    }
    printf("tiny %s: %d of %d runs cut short\n", by_work ? "max_work" : "max_boxes", nlimited, nruns);
    expect_done(by_work ? "tiny max_work" : "tiny max_boxes");
}

START_TEST(test_tiny_max_boxes)
{
    tiny_limits(0);
}
END_TEST

START_TEST(test_tiny_max_work)
{
    tiny_limits(1);
}
END_TEST

/* --- random pairs against the sampled reference -------------------------------- */

/* Strings of one random pair: up to 4 per point (x0, x1 or o0, v, q0,
   omega), each three or four %.17g numbers (exact in binary64 and in
   the decimal the motions enclose). */
typedef struct {
    char s[4][4][112];
    pt_spec pt[4];
    int colliding;              /* built to touch at tc */
    int big;                    /* moved to 1e6 and shrunk to 1e-3 */
    int linear;                 /* every point vertex-linear: s is a cubic
                                   (solvers/cubic.c's pairs) */
    double tc;
} rand_pair;

static double
urand(double lo, double hi)
{
    return lo + (hi - lo) * tu_unit();
}

static void
rand_vec(double v[3], double scale)
{
    for (int i = 0; i < 3; i++)
        v[i] = urand(-scale, scale);
}

static void
fmt_nums(char *b, const double *x, int n)
{
    size_t len = 0;
    for (int i = 0; i < n; i++)
        len += (size_t)snprintf(b + len, 112 - len, "%s%.17g", i ? " " : "", x[i]);
}

static double
cross_norm2(const double a[3], const double b[3])
{
    double n[3] = { a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0] };
    return n[0] * n[0] + n[1] * n[1] + n[2] * n[2];
}

/* The world positions W[0 .. 4) at tc of the pair: for colliding pairs
   the vertex is inside the face (or the edges cross) with barycentric
   weights >= 0.05; otherwise they are arbitrary. */
static void
rand_world(double W[4][3], vccd_feature_kind kind, int colliding)
{
    double w[3];
    for (;;) {
        for (int i = 0; i < 4; i++)
            rand_vec(W[i], 1.0);
        if (!colliding)
            return;
        if (kind == VCCD_FEATURE_VF) {
            double e1[3], e2[3];
            for (int i = 0; i < 3; i++) {
                e1[i] = W[2][i] - W[1][i];
                e2[i] = W[3][i] - W[1][i];
            }
            if (cross_norm2(e1, e2) < 0.25)
                continue;       /* a sliver: the contact would be borderline */
            w[0] = urand(0.05, 0.9);
            w[1] = urand(0.05, 0.95 - w[0]);
            w[2] = 1.0 - w[0] - w[1];
            for (int i = 0; i < 3; i++)
                W[0][i] = w[0] * W[1][i] + w[1] * W[2][i] + w[2] * W[3][i];
        } else {
            double u = urand(0.1, 0.9), v = urand(0.1, 0.9), X[3], e1[3], D[3];
            for (int i = 0; i < 3; i++) {
                e1[i] = W[1][i] - W[0][i];
                D[i] = W[3][i] - W[2][i];
            }
            if (cross_norm2(e1, D) < 0.25)
                continue;       /* nearly parallel or short: borderline */
            for (int i = 0; i < 3; i++) {
                X[i] = W[0][i] + u * e1[i];
                W[2][i] = X[i] - v * D[i];
                W[3][i] = X[i] + (1.0 - v) * D[i];
            }
        }
        return;
    }
}

/* Points lo .. hi-1 of the pair as one side: vertex-linear through W at
   tc with random velocities, or one ltlrm body whose points are at W at
   tc. */
static void
rand_side(rand_pair *rp, int lo, int hi, int rigid, double W[4][3])
{
    double scale = rp->big ? 1e-3 : 1.0;
    if (!rigid) {
        for (int i = lo; i < hi; i++) {
            double d[3], x0[3], x1[3];
            rand_vec(d, scale);
            for (int j = 0; j < 3; j++) {
                x0[j] = W[i][j] - d[j] * rp->tc;
                x1[j] = W[i][j] + d[j] * (1.0 - rp->tc);
            }
            fmt_nums(rp->s[i][0], x0, 3);
            fmt_nums(rp->s[i][1], x1, 3);
            rp->pt[i] = (pt_spec){ .x0 = rp->s[i][0], .x1 = rp->s[i][1] };
        }
        return;
    }
    {
        double o[3], v[3], w[3], q[4], qn = 0.0, wn = 0.0;
        ref_pt body;
        rand_vec(o, scale);
        rand_vec(v, scale);
        for (int j = 0; j < 3 && rp->big; j++)
            o[j] += 1e6;
        rand_vec(w, 1.0);
        for (int j = 0; j < 3; j++)
            wn += w[j] * w[j];
        for (int j = 0; j < 3; j++)     /* |omega| up to 2 pi */
            w[j] *= urand(0.0, 6.283185307179586) / sqrt(wn);
        for (int j = 0; j < 4; j++) {
            q[j] = urand(-1.0, 1.0);
            qn += q[j] * q[j];
        }
        for (int j = 0; j < 4; j++)
            q[j] /= sqrt(qn);
        fmt_nums(rp->s[lo][0], o, 3);
        fmt_nums(rp->s[lo][1], v, 3);
        fmt_nums(rp->s[lo][2], q, 4);
        fmt_nums(rp->s[lo][3], w, 3);
        for (int i = lo; i < hi; i++)
            rp->pt[i] = (pt_spec){ .o0 = rp->s[lo][0], .v = rp->s[lo][1], .q0 = rp->s[lo][2], .w = rp->s[lo][3] };
        ref_pt_init(&body, &rp->pt[lo]);
        for (int i = lo; i < hi; i++)
            ref_body_point(rp->pt[i].p, &body, rp->tc, W[i]);
        ref_pt_clear(&body);
    }
}

static void
rand_pair_make(rand_pair *rp, vccd_feature_kind kind, int linear)
{
    double W[4][3];
    int split = kind == VCCD_FEATURE_VF ? 1 : 2;
    memset(rp, 0, sizeof *rp);
    rp->linear = linear;
    rp->colliding = (int)(tu_ulong() & 1);
    rp->big = tu_ulong() % 4 == 0;
    rp->tc = urand(0.05, 0.95);
    rand_world(W, kind, rp->colliding);
    /* One pair in four far out and small: binary64 then resolves the
       positions to 1e-10, a 1e-7 part of the features. */
    for (int i = 0; i < 4 && rp->big; i++)
        for (int j = 0; j < 3; j++)
            W[i][j] = 1e6 + 1e-3 * W[i][j];
    rand_side(rp, 0, split, (int)(tu_ulong() & 1) && !linear, W);
    rand_side(rp, split, 4, (int)(tu_ulong() & 1) && !linear, W);
}

/* The pair as config text, for failure messages. */
static const char *
rand_pair_text(const rand_pair *rp)
{
    static char b[2048];
    size_t len = 0;
    for (int i = 0; i < 4; i++) {
        const pt_spec *p = &rp->pt[i];
        if (p->o0)
            len += (size_t)snprintf(b + len, sizeof b - len,
                                    "\n  pt %d: ltlrm o0 = %s; v = %s; q0 = %s; omega = %s; p = %.17g %.17g %.17g", i,
                                    p->o0, p->v, p->q0, p->w, p->p[0], p->p[1], p->p[2]);
        else
            len += (size_t)snprintf(b + len, sizeof b - len, "\n  pt %d: vertex-linear %s  %s", i, p->x0, p->x1);
    }
    return b;
}

/* A certified [lo, hi], or a widened possible one, must hold a root of
   s at which the features touch: s changes sign over it by the
   reference, and the root is not clearly outside. */
static void
check_certified_ref(const ref_pair *ref, const vccd_toc *r, const char *what, const rand_pair *rp)
{
    mpfr_t lo, hi;
    int sl, sh;
    ref_root rt;
    mpfr_inits2(REF_PREC, lo, hi, (mpfr_ptr)0);
    mpfr_set_d(lo, r->lo, MPFR_RNDN);
    mpfr_set_d(hi, r->hi, MPFR_RNDN);
    sl = ref_sign(ref, lo);
    sh = ref_sign(ref, hi);
    EXPECT(sl * sh <= 0, "%s: certified [%.17g, %.17g] but s has sign %d at both ends%s", what, r->lo, r->hi, sl,
           rand_pair_text(rp));
    if (sl == 0 || sh == 0) {
        rt.lo = rt.hi = sl == 0 ? r->lo : r->hi;
        rt.cls = ref_classify(ref, sl == 0 ? lo : hi);
    } else
        rt = ref_bisect(ref, lo, hi, sl);
    EXPECT(rt.cls != CL_OUT, "%s: certified [%.17g, %.17g] but the root of s at [%.17g, %.17g] is no contact%s",
           what, r->lo, r->hi, rt.lo, rt.hi, rand_pair_text(rp));
    mpfr_clears(lo, hi, (mpfr_ptr)0);
}

static void
check_random_answer(const ref_pair *ref, const ref_profile *pr, const vccd_toc *r, const char *what,
                    const rand_pair *rp)
{
    const ref_root *c;
    check_shape(r, what);
    if (pr->degenerate)
        return;
    c = ref_contact_before(pr, r->lo, r->status == VCCD_TOC_NONE);
    EXPECT(!c, "%s: %s [%.17g, %.17g], but the features touch at t in [%.17g, %.17g]%s", what,
           vccd_toc_status_name(r->status), r->lo, r->hi, c ? c->lo : 0, c ? c->hi : 0, rand_pair_text(rp));
    if (r->status == VCCD_TOC_CERTIFIED || widened(r))
        check_certified_ref(ref, r, what, rp);
}

/* Counts for the summary: [arith][status] over all solvers. */
typedef struct {
    long pairs, touching, st[NARITH][3], limited;
} rand_stats;

static void
random_pairs(vccd_feature_kind kind, long n, const char *label, int linear)
{
    int ns = vccd_solver_type_count();
    rand_stats rs;
    memset(&rs, 0, sizeof rs);
    for (long it = 0; it < n; it++) {
        rand_pair rp;
        ref_pair ref;
        ref_profile pr;
        lib_pair lp;
        rand_pair_make(&rp, kind, linear);
        ref_pair_init(&ref, kind, rp.pt);
        ref_profile_build(&pr, &ref);
        lib_pair_init(&lp, kind, rp.pt);
        rs.pairs++;
        rs.touching += ref_contact_before(&pr, 1.0, 1) != NULL;
        for (int s = 0; s < ns; s++)
            for (int a = 0; a < NARITH; a++)
                /* hint: expect_contact, which the mesh query gives its
                   guessed pair (the first box skips the predicate): the
                   same checks, on pairs that touch and pairs that do not */
                for (int hint = 0; hint < 2; hint++) {
                    vccd_solve_opts o;
                    vccd_toc r;
                    char what[160];
                    if (hint && a == A_UNR)
                        continue;
                    snprintf(what, sizeof what, "%s pair %ld (%s%s), %s, %s%s", label, it,
                             rp.colliding ? "built to touch" : "arbitrary", rp.big ? ", at 1e6" : "",
                             vccd_solver_type_get(s)->name, arith_name[a], hint ? ", expect_contact" : "");
                    opts_for(&o, vccd_solver_type_get(s), a, MAX_BOXES, LONG_MAX);
                    o.expect_contact = hint;
                    vccd_solve(&r, lp.f, &o);
                    if (!hint)
                        rs.st[a][r.status]++;
                    if (a == A_UNR)
                        continue;
                    rs.limited += r.limited;
                    check_random_answer(&ref, &pr, &r, what, &rp);
                }
        lib_pair_clear(&lp);
        ref_pair_clear(&ref);
    }
    printf("random %s: %ld pairs, %ld touching by the reference; limited %ld\n", label, rs.pairs, rs.touching,
           rs.limited);
    for (int a = 0; a < NARITH; a++)
        printf("  %-9s none %ld certified %ld possible %ld (all solvers)\n", arith_name[a], rs.st[a][0], rs.st[a][1],
               rs.st[a][2]);
    fflush(stdout);
}

START_TEST(test_random_vf)
{
    random_pairs(VCCD_FEATURE_VF, tu_iters(150), "vertex-face", 0);
    expect_done("random vertex-face pairs");
}
END_TEST

START_TEST(test_random_ee)
{
    random_pairs(VCCD_FEATURE_EE, tu_iters(150), "edge-edge", 0);
    expect_done("random edge-edge pairs");
}
END_TEST

/* Every point on a straight line: the cubic's pairs (solvers/cubic.c),
   up to three roots of s in the step, each checked like the others. */
START_TEST(test_random_linear)
{
    random_pairs(VCCD_FEATURE_VF, tu_iters(150), "vertex-face on lines", 1);
    random_pairs(VCCD_FEATURE_EE, tu_iters(150), "edge-edge on lines", 1);
    expect_done("random pairs on straight lines");
}
END_TEST

/* Contacts exactly on an edge or at a vertex, and misses just past one,
   on straight lines (the cubic's pairs): at tc the vertex lies on an
   edge of the face, or an edge's end on the other edge, exactly, or
   beyond it by 2^-10 of the edge.  Every coordinate is a multiple of
   2^-14 below 8 in magnitude (at most 15 significant decimal digits),
   so that its %.17g decimal is the double itself and the reference sees
   the same pair.  Such a root is where a
   barycentric weight crosses 0, so no box about it decides it from the
   terms: the cubic narrows the box about the root and asks the predicate
   with its tightest terms, and answers possible there itself (solvers/
   cubic.c, narrow_root).  Checked, in binary64 and adaptive:
   - the answers' contract against the reference (check_random_answer);
   - a contact on the boundary at tc is never answered none, and lo <= tc
     (tc is a contact: [t0, lo) holds none);
   - the cubic's status is the taylor-lagrange search's;
   - the cubic answers them itself, in fewer evaluations than the search
     (in three of four binary64 possible answers at least). */
static double
grid(double lo, double hi, double q)
{
    return q * floor(urand(lo, hi) / q);
}

static void
edge_pair_make(rand_pair *rp, vccd_feature_kind kind, int miss, int planar)
{
    double W[4][3];
    const double q = 0x1p-14, delta = miss ? 0x1p-10 : 0.0;
    memset(rp, 0, sizeof *rp);
    rp->linear = 1;
    rp->colliding = !miss;
    rp->tc = (double)(2 + tu_ulong() % 13) / 16.0;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 3; j++)
            W[i][j] = planar && j == 2 ? 0.0 : grid(-1.0, 1.0, 0x1p-4);
    if (kind == VCCD_FEATURE_VF) {
        /* p on the edge bc at weight w of b (1 + delta: past b) */
        double w = miss ? 1.0 + delta : (double)(1 + tu_ulong() % 15) / 16.0;
        for (int j = 0; j < 3; j++)
            W[0][j] = w * W[2][j] + (1.0 - w) * W[3][j];
    } else {
        /* the first edge's end a on the second edge at weight v of d
           (1 + delta: past d) */
        double v = miss ? 1.0 + delta : (double)(1 + tu_ulong() % 15) / 16.0;
        for (int j = 0; j < 3; j++)
            W[0][j] = v * W[3][j] + (1.0 - v) * W[2][j];
    }
    for (int i = 0; i < 4; i++) {
        double x0[3], x1[3];
        for (int j = 0; j < 3; j++) {
            double d = planar && j == 2 ? 0.0 : grid(-2.0, 2.0, 0x1p-6);
            x0[j] = W[i][j] - d * rp->tc;
            x1[j] = W[i][j] + d * (1.0 - rp->tc);
            if (x0[j] != q * floor(x0[j] / q) || x1[j] != q * floor(x1[j] / q) || !(fabs(x0[j]) < 8.0)
                || !(fabs(x1[j]) < 8.0))
                tu_fail("edge pair: coordinate %.17g or %.17g not a multiple of 2^-14 below 8", x0[j], x1[j]);
        }
        fmt_nums(rp->s[i][0], x0, 3);
        fmt_nums(rp->s[i][1], x1, 3);
        rp->pt[i] = (pt_spec){ .x0 = rp->s[i][0], .x1 = rp->s[i][1] };
    }
}

START_TEST(test_edge_contacts)
{
    const vccd_solver_type *cubic = vccd_solver_type_find("cubic"), *tl = vccd_solver_type_find("taylor-lagrange");
    long n = tu_iters(200), st[2][3] = { { 0 } }, agree = 0, runs = 0, possible64[2] = { 0 }, fewer[2] = { 0 };
    for (long it = 0; it < n; it++) {
        vccd_feature_kind kind = it % 2 ? VCCD_FEATURE_EE : VCCD_FEATURE_VF;
        int miss = (int)(it / 2 % 2), planar = it % 8 >= 4;
        rand_pair rp;
        ref_pair ref;
        ref_profile pr;
        lib_pair lp;
        edge_pair_make(&rp, kind, miss, planar);
        ref_pair_init(&ref, kind, rp.pt);
        ref_profile_build(&pr, &ref);
        lib_pair_init(&lp, kind, rp.pt);
        for (int a = A_B64; a <= A_ADAPT; a += A_ADAPT - A_B64) {
            vccd_solve_opts o;
            vccd_toc rc, rt;
            char what[160];
            snprintf(what, sizeof what, "edge pair %ld (%s, %s at tc %g%s), %s", it,
                     kind == VCCD_FEATURE_VF ? "vertex-face" : "edge-edge", miss ? "missing" : "touching", rp.tc,
                     planar ? ", in one plane" : "", arith_name[a]);
            opts_for(&o, cubic, a, MAX_BOXES, LONG_MAX);
            vccd_solve(&rc, lp.f, &o);
            opts_for(&o, tl, a, MAX_BOXES, LONG_MAX);
            vccd_solve(&rt, lp.f, &o);
            check_random_answer(&ref, &pr, &rc, what, &rp);
            check_random_answer(&ref, &pr, &rt, what, &rp);
            if (!miss)
                EXPECT(rc.status != VCCD_TOC_NONE && rc.lo <= rp.tc,
                       "%s: the features touch at %g on an edge, but the cubic says %s [%.17g, %.17g]%s", what,
                       rp.tc, vccd_toc_status_name(rc.status), rc.lo, rc.hi, rand_pair_text(&rp));
            EXPECT(rc.status == rt.status, "%s: cubic %s [%.17g, %.17g], taylor-lagrange %s [%.17g, %.17g]%s", what,
                   vccd_toc_status_name(rc.status), rc.lo, rc.hi, vccd_toc_status_name(rt.status), rt.lo, rt.hi,
                   rand_pair_text(&rp));
            if (planar && a == A_B64) {
                /* a budget that cannot pay for the coplanar pass: the
                   pair is the search's, cut short as with taylor-lagrange
                   (a rigor review found the cubic answering none past
                   max_boxes = 48 here) */
                vccd_toc bc, bt;
                opts_for(&o, cubic, a, 48, LONG_MAX);
                vccd_solve(&bc, lp.f, &o);
                opts_for(&o, tl, a, 48, LONG_MAX);
                vccd_solve(&bt, lp.f, &o);
                EXPECT(bc.status == bt.status && bc.limited == bt.limited && bc.boxes <= 49,
                       "%s, max_boxes 48: cubic %s (limited %d, %ld boxes), taylor-lagrange %s (limited %d)%s", what,
                       vccd_toc_status_name(bc.status), bc.limited, bc.boxes, vccd_toc_status_name(bt.status),
                       bt.limited, rand_pair_text(&rp));
            }
            st[miss][rc.status]++;
            agree += rc.status == rt.status;
            runs++;
            if (a == A_B64 && rc.status == VCCD_TOC_POSSIBLE) {
                possible64[planar]++;
                fewer[planar] += rc.evals < rt.evals;
            }
        }
        lib_pair_clear(&lp);
        ref_pair_clear(&ref);
    }
    printf("edge contacts: %ld pairs; touching: none %ld certified %ld possible %ld; missing: none %ld certified %ld "
           "possible %ld; cubic = taylor-lagrange in %ld of %ld runs; binary64 possible answers with fewer "
           "evaluations than taylor-lagrange's: %ld of %ld, in one plane %ld of %ld\n",
           n, st[0][0], st[0][1], st[0][2], st[1][0], st[1][1], st[1][2], agree, runs, fewer[0], possible64[0],
           fewer[1], possible64[1]);
    fflush(stdout);
    /* the cubic answers them itself: handed to the search from t0, as
       before, each took the search's evaluations and its own (86-95% of
       seeds' possible answers take fewer now) */
    for (int p = 0; p < 2; p++)
        EXPECT(4 * fewer[p] >= 3 * possible64[p],
               "the cubic took fewer evaluations than taylor-lagrange in only %ld of its %ld binary64 possible "
               "answers on an edge%s", fewer[p], possible64[p], p ? ", in one plane" : "");
    expect_done("contacts on an edge");
}
END_TEST

/* --- options from config -------------------------------------------------------- */

static int
opts_from(vccd_solve_opts *o, const char *text, vccd_error *e)
{
    vccd_config c;
    int rc;
    if (vccd_config_load_string(&c, "opts.ini", text, e) != 0)
        tu_fail("config not loaded: %s\n%s", e->msg, text);
    rc = vccd_solve_opts_from_config(o, &c, e);
    vccd_config_clear(&c);
    return rc;
}

/* text must be rejected with "opts.ini:LINE: [SECTION] KEY: ..." */
static void
expect_opts_error(const char *text, int line, const char *key, const char *needle)
{
    vccd_solve_opts o;
    vccd_error e;
    char want[96], kk[96];
    vccd_solve_opts_init(&o);
    memset(&e, 0, sizeof e);
    EXPECT(opts_from(&o, text, &e) == -1, "accepted, expected an error at line %d:\n%s", line, text);
    snprintf(want, sizeof want, "opts.ini:%d: ", line);
    snprintf(kk, sizeof kk, " %s: ", key);
    EXPECT(strncmp(e.msg, want, strlen(want)) == 0, "message '%s' does not start with '%s' for:\n%s", e.msg, want,
           text);
    EXPECT(strstr(e.msg, kk) != NULL, "message '%s' does not name key %s", e.msg, key);
    EXPECT(!needle || strstr(e.msg, needle), "message '%s' lacks '%s'", e.msg, needle);
}

/* vccd_toc.incl_excluded: the mesh query's window plane (window.c)
   takes 0 to mean that s itself, not the inclusion predicate, cleared
   [t0, lo).  A vertex that falls through the plane of the unit triangle
   beside it (x = 5) crosses s = 0 at t = 1/2 and is cleared by the
   predicate alone: none, with incl_excluded > 0, in every solver and
   rigorous arithmetic (MPFR's binary64 pre-test says which test
   cleared a box).  One that falls through the triangle (x = y = 0.2) is
   certified at 1/2 and every box before it is cleared by s: 0, with and
   without expect_contact. */
START_TEST(test_incl_excluded)
{
    static const pt_spec beside[4] = { LIN("5 0.2 1", "5 0.2 -1"), FIX("0 0 0"), FIX("1 0 0"), FIX("0 1 0") };
    static const pt_spec through[4] = { LIN("0.2 0.2 1", "0.2 0.2 -1"), FIX("0 0 0"), FIX("1 0 0"), FIX("0 1 0") };
    lib_pair lb, lt;
    int ns = vccd_solver_type_count();
    lib_pair_init(&lb, VCCD_FEATURE_VF, beside);
    lib_pair_init(&lt, VCCD_FEATURE_VF, through);
    for (int sv = 0; sv < ns; sv++)
        for (int a = 0; a < A_UNR; a++)
            for (int expect = 0; expect < 2; expect++) {
                vccd_solve_opts o;
                vccd_toc r;
                const char *name = vccd_solver_type_get(sv)->name;
                opts_for(&o, vccd_solver_type_get(sv), a, MAX_BOXES, LONG_MAX);
                o.expect_contact = expect;
                vccd_solve(&r, lb.f, &o);
                EXPECT(r.status == VCCD_TOC_NONE && r.incl_excluded > 0,
                       "beside, %s, %s, expect %d: %s with incl_excluded %ld", name, arith_name[a], expect,
                       vccd_toc_status_name(r.status), r.incl_excluded);
                vccd_solve(&r, lt.f, &o);
                EXPECT(r.status == VCCD_TOC_CERTIFIED && r.lo <= 0.5 && 0.5 <= r.hi && r.incl_excluded == 0,
                       "through, %s, %s, expect %d: %s [%.17g, %.17g] with incl_excluded %ld", name, arith_name[a],
                       expect, vccd_toc_status_name(r.status), r.lo, r.hi, r.incl_excluded);
            }
    lib_pair_clear(&lb);
    lib_pair_clear(&lt);
    expect_done("incl_excluded");
}
END_TEST

START_TEST(test_config)
{
    vccd_solve_opts o;
    vccd_error e;
    vccd_solve_opts_init(&o);
    /* the documented defaults */
    ck_assert_ptr_eq(o.solver, vccd_solver_type_find("cubic"));
    ck_assert_int_eq(o.arith.kind, VCCD_ARITH_BINARY64);
    ck_assert(o.eps_t == 1e-6 && o.max_boxes == 100000 && o.max_precision == 1024 && o.t0 == 0.0 && o.t1 == 1.0);
    ck_assert(o.max_work == VCCD_SOLVE_MAX_WORK);
    /* every registered solver by name */
    for (int i = 0; i < vccd_solver_type_count(); i++) {
        char text[128];
        const vccd_solver_type *st = vccd_solver_type_get(i);
        snprintf(text, sizeof text, "[solver]\ntype = %s\n", st->name);
        vccd_solve_opts_init(&o);
        ck_assert_int_eq(opts_from(&o, text, &e), 0);
        ck_assert_ptr_eq(o.solver, st);
        ck_assert_ptr_eq(vccd_solver_type_find(st->name), st);
    }
    ck_assert_ptr_null(vccd_solver_type_get(vccd_solver_type_count()));
    ck_assert_ptr_null(vccd_solver_type_get(-1));
    ck_assert_ptr_null(vccd_solver_type_find("nosuch"));
    /* all keys */
    vccd_solve_opts_init(&o);
    ck_assert_int_eq(opts_from(&o,
                               "[solver]\ntype = newton\neps_t = 1e-9\nmax_boxes = 500\nmax_work = 7000\n"
                               "[arithmetic]\nbackend = mpfr:200\nmax_precision = 512\n",
                               &e),
                     0);
    ck_assert_ptr_eq(o.solver, vccd_solver_type_find("newton"));
    ck_assert(o.eps_t == 1e-9 && o.max_boxes == 500 && o.max_work == 7000);
    ck_assert(o.arith.kind == VCCD_ARITH_MPFR && o.arith.prec == 200 && o.max_precision == 512);
    /* absent keys and sections keep their values */
    ck_assert_int_eq(opts_from(&o, "[arithmetic]\nbackend = adaptive\n[other]\nx = 1\n", &e), 0);
    ck_assert_ptr_eq(o.solver, vccd_solver_type_find("newton"));
    ck_assert(o.eps_t == 1e-9 && o.max_boxes == 500 && o.max_precision == 512);
    ck_assert_int_eq(o.arith.kind, VCCD_ARITH_ADAPTIVE);
    ck_assert_int_eq(opts_from(&o, "[solver]\neps_t = 0\n[arithmetic]\nbackend = unrounded\n", &e), 0);
    ck_assert(o.eps_t == 0.0 && o.arith.kind == VCCD_ARITH_UNROUNDED);
    static const struct { const char *text; int line; const char *key, *needle; } bad[] = {
        /* errors: FILE:LINE: [SECTION] KEY: */
        { "[solver]\ntype = nosuch\n", 2, "type", "nosuch" },
        { "[solver]\ntype = bisection\n\neps_t = abc\n", 4, "eps_t", "abc" },
        { "[solver]\neps_t = 1e-6x\n", 2, "eps_t", NULL },
        { "[solver]\neps_t = 2\n", 2, "eps_t", NULL },
        { "[solver]\neps_t = -1e-6\n", 2, "eps_t", NULL },
        { "[solver]\neps_t = nan\n", 2, "eps_t", NULL },
        { "[solver]\neps_t = inf\n", 2, "eps_t", NULL },
        { "[solver]\nmax_boxes = 0\n", 2, "max_boxes", NULL },
        { "[solver]\nmax_boxes = -5\n", 2, "max_boxes", NULL },
        { "[solver]\nmax_boxes = 1.5\n", 2, "max_boxes", NULL },
        { "[solver]\nmax_boxes = 99999999999999999999999\n", 2, "max_boxes", NULL },
        { "[solver]\nmax_boxes = many\n", 2, "max_boxes", "many" },
        { "[solver]\nmax_work = 0\n", 2, "max_work", NULL },
        { "[solver]\nmax_work = 2.5\n", 2, "max_work", "2.5" },
        { "[solver]\ntype = newton\ntolerance = 1e-6\n", 3, "tolerance", "unknown key" },
        { "[arithmetic]\nbackend = float\n", 2, "backend", "float" },
        { "[arithmetic]\nbackend = mpfr:1\n", 2, "backend", NULL },
        { "[arithmetic]\nbackend = mpfr:\n", 2, "backend", NULL },
        { "[arithmetic]\nbackend = mpfr:65537\n", 2, "backend", NULL },
        { "[arithmetic]\nbackend = mpfr:53x\n", 2, "backend", NULL },
        { "[arithmetic]\nbackend = binary64\nmax_precision = 32\n", 3, "max_precision", NULL },
        { "[arithmetic]\nmax_precision = lots\n", 2, "max_precision", "lots" },
        { "[arithmetic]\nbackend = binary64\nprecision = 100\n", 3, "precision", "unknown key" },
        { "[solver]\ntype = newton\n[arithmetic]\n\n\nbackend = mpfr\n", 6, "backend", NULL },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        expect_opts_error(bad[i].text, bad[i].line, bad[i].key, bad[i].needle);
    expect_done("options from config");
}
END_TEST

int
main(void)
{
    const TTest *tests[] = { test_config, test_hand, test_tiny_max_boxes, test_tiny_max_work, test_random_vf,
                             test_random_ee, test_random_linear, test_edge_contacts,
                             test_incl_excluded };
    return tu_main("solvers", tests, (int)(sizeof tests / sizeof tests[0]));
}
