/* t-feature.c -- feature pairs (vccd/feature.h): the coplanarity jets
   s, s', s'', the inclusion predicate and the contact parameters, against
   references that share no code with lib/feature.

   References for the jets.
   - Vertex-linear motion: point i is x_i + d_i t with rational x_i, d_i
     (the config gives them exactly, as P/Q or as an integer times a power
     of ten), so s is a cubic with rational coefficients.  It is expanded
     here by multiplying polynomials (the six signed products of the
     determinant) and its derivatives are evaluated exactly with GMP at
     the sample times, which are doubles and hence rationals.
   - Rigid motions: the points' position, velocity and acceleration come
     from their motions at 1000 bits at a point time (the motion tests
     check those), and s^(k) from them by the multinomial expansion of the
     determinant, sum k!/(i! j! l!) det(u^(i), e1^(j), e2^(l)), in MPFR
     intervals -- not the library's cross-then-dot Leibniz kernel.
   Every rigorous backend (binary64, MPFR at 53, 113 and 256 bits) must
   enclose the reference at every sampled time of T.

   The inclusion predicate is checked on scenes built exactly at a dyadic
   time t*: pairs that touch at t* (NO there would be a missed contact),
   pairs coplanar at t* that miss each other (YES would be a false
   contact), and clearly separated pairs, where NO must come in nearly
   every case, or the predicate prunes nothing.  Degenerate scenes --
   zero-length edges, collinear and point triangles, parallel and
   collinear edges, points sliding in a common plane so that s vanishes
   for all t -- are in every group, because there the barycentric signs
   decide nothing and the separating axis has to. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "vccd/feature.h"

#define LIN_PREC 320            /* vertex-linear parameters: above every backend's 256 */
#define RIG_PREC 1200           /* rigid parameters: above the reference's precision */
#define REF_PREC 1000
#define NSAMP 4                 /* sample times per time interval */
/* inih's line buffer is INI_MAX_LINE = 200 bytes with newline and NUL;
   the loader rejects longer lines. */
#define CFG_LINE_MAX 198

enum { B_DI, B_M53, B_M113, B_M256, NB };
static const vccd_arith barith[NB] = {
    { VCCD_ARITH_BINARY64, 53 }, { VCCD_ARITH_MPFR, 53 }, { VCCD_ARITH_MPFR, 113 }, { VCCD_ARITH_MPFR, 256 },
};
static const char *const bname[NB] = { "binary64", "mpfr:53", "mpfr:113", "mpfr:256" };

static const vccd_feature_kind kinds[3] = { VCCD_FEATURE_VF, VCCD_FEATURE_EE, VCCD_FEATURE_VE2D };

/* Written out rather than vccd_feature_kind_npoints, which test_names
   checks. */
static int
npoints(vccd_feature_kind k)
{
    return k == VCCD_FEATURE_VE2D ? 3 : 4;
}

/* s = u . (e1 x e2) with each vector the difference of two of the pair's
   points, as feature.h defines them; -1 marks the 2D e2 = z. */
static const int vec_pts[3][3][2] = {
    { { 0, 1 }, { 2, 1 }, { 3, 1 } },           /* VF: p - a, b - a, c - a */
    { { 2, 0 }, { 1, 0 }, { 3, 2 } },           /* EE: c - a, b - a, d - c */
    { { 0, 1 }, { 2, 1 }, { -1, -1 } },         /* VE2D: p - a, b - a, z */
};

/* The six terms sign * a[i] b[j] c[k] of det(a, b, c). */
static const int det_terms[6][4] = {
    { 0, 1, 2, 1 }, { 1, 2, 0, 1 }, { 2, 0, 1, 1 }, { 0, 2, 1, -1 }, { 2, 1, 0, -1 }, { 1, 0, 2, -1 },
};

/* The pair under test (kind and motion config text), for failure
   messages. */
static char ctx[8192];

static int verbose;

/* --- random numbers ------------------------------------------------------ */

/* Uniform in [lo, hi]. */
static long
rnd_int(long lo, long hi)
{
    return lo + (long)(tu_ulong() % (unsigned long)(hi - lo + 1));
}

static int rnd_one_in(unsigned long n) { return tu_ulong() % n == 0; }

static double rnd_sym(double s) { return s * (2.0 * tu_unit() - 1.0); }

/* r := k / 2^bits, k uniform in [lo, hi]: grid numbers keep the sums and
   products of the scene constructions short enough for a config line. */
static void
q_k(mpq_t r, long lo, long hi, int bits)
{
    mpq_set_si(r, rnd_int(lo, hi), 1);
    mpq_div_2exp(r, r, (mp_bitcnt_t)bits);
}

/* A grid number in [-range, range] with step 2^-bits. */
static void
q_grid(mpq_t r, long range, int bits)
{
    q_k(r, -(range << bits), range << bits, bits);
}

/* A rational in about [-scale, scale] with one of a few denominators:
   1/3 and 1/7919 have no finite binary expansion, so the motion's
   parameters are proper intervals on every backend. */
static void
q_rand(mpq_t r, long scale)
{
    static const unsigned long den[] = { 1, 2, 3, 7, 10, 1000, 1024, 7919, 1048576, 999983 };
    unsigned long d = den[tu_ulong() % (sizeof den / sizeof den[0])];
    long n = (long)d * scale;
    mpq_set_si(r, rnd_int(-n, n), d);
    mpq_canonicalize(r);
}

/* A rational for a failure message, in a rotating buffer (the exact
   fraction can have hundreds of digits). */
static const char *
q_fmt(const mpq_t q)
{
    static char buf[4][128];
    static int k;
    char *b = buf[k++ & 3];
    mpfr_t f;
    mpfr_init2(f, 80);
    mpfr_set_q(f, q, MPFR_RNDN);
    mpfr_snprintf(b, sizeof buf[0], "%.22Rg", f);
    mpfr_clear(f);
    return b;
}

/* --- 3-vectors of rationals ------------------------------------------------ */

static void qv_init(mpq_t *v) { for (int i = 0; i < 3; i++) mpq_init(v[i]); }
static void qv_clear(mpq_t *v) { for (int i = 0; i < 3; i++) mpq_clear(v[i]); }
static void qv_set(mpq_t *r, mpq_t *a) { for (int i = 0; i < 3; i++) mpq_set(r[i], a[i]); }
static void qv_zero(mpq_t *r) { for (int i = 0; i < 3; i++) mpq_set_ui(r[i], 0, 1); }
static void qv_sub(mpq_t *r, mpq_t *a, mpq_t *b) { for (int i = 0; i < 3; i++) mpq_sub(r[i], a[i], b[i]); }

/* r := a + s b (r may be a, not b). */
static void
qv_addmul(mpq_t *r, mpq_t *a, const mpq_t s, mpq_t *b)
{
    mpq_t t;
    mpq_init(t);
    for (int i = 0; i < 3; i++) {
        mpq_mul(t, s, b[i]);
        mpq_add(r[i], a[i], t);
    }
    mpq_clear(t);
}

/* Grid coordinates; z = 0 in 2D. */
static void
qv_grid(mpq_t *r, long range, int bits, int dim)
{
    for (int i = 0; i < 3; i++)
        if (i < dim)
            q_grid(r[i], range, bits);
        else
            mpq_set_ui(r[i], 0, 1);
}

static int qv_is_zero(mpq_t *a) { return !mpq_sgn(a[0]) && !mpq_sgn(a[1]) && !mpq_sgn(a[2]); }

/* a x b = 0: parallel, or one of them zero. */
static int
qv_parallel(mpq_t *a, mpq_t *b)
{
    mpq_t s, t;
    int par = 1;
    mpq_init(s);
    mpq_init(t);
    for (int i = 0; i < 3 && par; i++) {
        mpq_mul(s, a[(i + 1) % 3], b[(i + 2) % 3]);
        mpq_mul(t, a[(i + 2) % 3], b[(i + 1) % 3]);
        par = mpq_equal(s, t);
    }
    mpq_clear(s);
    mpq_clear(t);
    return par;
}

/* --- exact cubics in t ------------------------------------------------------ */

typedef struct {
    mpq_t c[4];                 /* c[0] + c[1] t + c[2] t^2 + c[3] t^3 */
} poly;

static void poly_init(poly *p) { for (int i = 0; i < 4; i++) mpq_init(p->c[i]); }
static void poly_clear(poly *p) { for (int i = 0; i < 4; i++) mpq_clear(p->c[i]); }
static void poly_zero(poly *p) { for (int i = 0; i < 4; i++) mpq_set_ui(p->c[i], 0, 1); }

/* r += sign a b (r distinct from a, b); s is a cubic, so a degree above
   3 is a bug of this file. */
static void
poly_addmul(poly *r, const poly *a, const poly *b, int sign)
{
    mpq_t p;
    mpq_init(p);
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            if (!mpq_sgn(a->c[i]) || !mpq_sgn(b->c[j]))
                continue;
            if (i + j > 3)
                tu_fail("test bug: product of degree %d", i + j);
            mpq_mul(p, a->c[i], b->c[j]);
            if (sign > 0)
                mpq_add(r->c[i + j], r->c[i + j], p);
            else
                mpq_sub(r->c[i + j], r->c[i + j], p);
        }
    mpq_clear(p);
}

/* v := p^(k)(t), Horner on the coefficients n!/(n-k)! c[n]. */
static void
poly_deriv_at(mpq_t v, const poly *p, const mpq_t t, int k)
{
    mpq_t c;
    mpq_init(c);
    mpq_set_ui(v, 0, 1);
    for (int n = 3; n >= k; n--) {
        unsigned long f = 1;
        for (int i = 0; i < k; i++)
            f *= (unsigned long)(n - i);
        mpq_mul(v, v, t);
        mpq_set_ui(c, f, 1);
        mpq_mul(c, c, p->c[n]);
        mpq_add(v, v, c);
    }
    mpq_clear(c);
}

/* --- containment ------------------------------------------------------------ */

/* Does a hold the rational v?  Empty intervals and NaN bounds never do. */
static int
di_has_q(vccd_di a, const mpq_t v)
{
    mpq_t b;
    int ok = 1;
    if (isnan(a.lo) || isnan(a.hi) || !(a.lo <= a.hi) || a.lo == INFINITY || a.hi == -INFINITY)
        return 0;
    mpq_init(b);
    if (a.lo != -INFINITY) {
        mpq_set_d(b, a.lo);
        ok = mpq_cmp(b, v) <= 0;
    }
    if (ok && a.hi != INFINITY) {
        mpq_set_d(b, a.hi);
        ok = mpq_cmp(b, v) >= 0;
    }
    mpq_clear(b);
    return ok;
}

/* Does a hold all of the (2^-1000 wide) reference r?  (Where the exact
   value is 0 and the library finds it exactly -- s'' of a face on a body
   at rest -- a is 0 stepped out to the subnormals while r is a sum of
   terms of size 1 rounded at 1000 bits: those motions are checked
   against exact rationals instead, rig_ref_exact.) */
static int
di_has_mi(vccd_di a, const vccd_mi_struct *r)
{
    if (isnan(a.lo) || isnan(a.hi) || !(a.lo <= a.hi) || vccd_mi_is_empty(r))
        return 0;
    return mpfr_cmp_d(&r->lo, a.lo) >= 0 && mpfr_cmp_d(&r->hi, a.hi) <= 0;
}

/* --- times ------------------------------------------------------------------ */

/* A time interval in [0, 1]: a point (often 0 or 1), a few ulps or 2^-k
   wide, random, or the whole step. */
static vccd_di
t_rand(void)
{
    double a = tu_unit(), b, w;
    switch (tu_ulong() % 8) {
    case 0:
        return vccd_di_set_d((double)(tu_ulong() & 1));
    case 1:
        return vccd_di_set_d(a);
    case 2:
        return vccd_di_set_2d(0.0, 1.0);
    case 3:                                     /* a few ulps */
        b = a;
        for (long i = rnd_int(1, 8); i > 0; i--)
            b = nextafter(b, 2.0);
        return vccd_di_set_2d(a, fmin(b, 1.0));
    case 4:                                     /* 2^-k, k = 1 .. 52 */
        w = ldexp(1.0, -(int)rnd_int(1, 52));
        a = fmin(a * (1.0 - w), 1.0 - w);
        return vccd_di_set_2d(a, a + w);
    case 5:                                     /* tiny, at an end of the step */
        w = ldexp(1.0, -(int)rnd_int(10, 60));
        return tu_ulong() & 1 ? vccd_di_set_2d(0.0, w) : vccd_di_set_2d(1.0 - w, 1.0);
    default:
        b = tu_unit();
        return vccd_di_set_2d(fmin(a, b), fmax(a, b));
    }
}

/* Sample i of t: its ends first, then random inside. */
static double
t_sample(vccd_di t, int i)
{
    double x;
    if (i < 2)
        return i == 0 ? t.lo : t.hi;
    x = t.lo + (t.hi - t.lo) * tu_unit();
    return fmin(fmax(x, t.lo), t.hi);
}

/* A dyadic contact time k / 2^16 (so that the scenes' rationals stay
   short), 0 and 1 among them. */
static double
t_star(void)
{
    switch (tu_ulong() % 8) {
    case 0: return 0.0;
    case 1: return 1.0;
    default: return (double)rnd_int(0, 65536) * 0x1p-16;
    }
}

/* A time interval in [0, 1] holding t: t itself, or t widened on either
   side by up to maxw (2^-k maxw or a random part of it). */
static vccd_di
t_around(double t, double maxw)
{
    double w[2];
    if (rnd_one_in(4))
        return vccd_di_set_d(t);
    for (int i = 0; i < 2; i++)
        switch (tu_ulong() % 3) {
        case 0: w[i] = 0.0; break;
        case 1: w[i] = ldexp(maxw, -(int)rnd_int(1, 60)); break;
        default: w[i] = maxw * tu_unit(); break;
        }
    /* t - w rounds to at most t and t + w to at least t: t stays inside */
    return vccd_di_set_2d(fmax(0.0, t - w[0]), fmin(1.0, t + w[1]));
}

/* Jet orders 0 and 1 as well: the kernel must not depend on the higher
   derivatives it was not asked for. */
static int
jet_order(void)
{
    unsigned long r = tu_ulong() % 8;
    return r == 0 ? 0 : r == 1 ? 1 : 2;
}

/* --- feature pairs under vertex-linear motion --------------------------------- */

/* Point i at time t is x[i] + d[i] t; one motion moves all points, vertex
   i being point i.  With e10 != 0 every coordinate is an integer times
   10^e10 (for the 1e-200 and 1e100 scenes). */
typedef struct {
    vccd_feature_kind kind;
    int np, e10;
    mpq_t x[4][3], d[4][3];
    poly s;                     /* the exact coplanarity function */
    vccd_motion *m;
    vccd_feature *f[NB];
    char what[512];             /* the scene, for failure messages */
} lin_pair;

static void
lin_init(lin_pair *lp)
{
    memset(lp, 0, sizeof *lp);
    for (int i = 0; i < 4; i++) {
        qv_init(lp->x[i]);
        qv_init(lp->d[i]);
    }
    poly_init(&lp->s);
}

static void
lin_release(lin_pair *lp)
{
    for (int b = 0; b < NB; b++) {
        vccd_feature_free(lp->f[b]);
        lp->f[b] = NULL;
    }
    vccd_motion_free(lp->m);
    lp->m = NULL;
}

static void
lin_clear(lin_pair *lp)
{
    lin_release(lp);
    for (int i = 0; i < 4; i++) {
        qv_clear(lp->x[i]);
        qv_clear(lp->d[i]);
    }
    poly_clear(&lp->s);
}

/* Append " q" as the config reads it exactly: "P/Q" or "P", or with
   e10 != 0 the integer q / 10^e10 as "Ne<e10>" (a 200-digit denominator
   would not fit a config line). */
static size_t
q_append(char *buf, size_t cap, size_t len, const mpq_t q, int e10)
{
    mpq_t n, p;
    if (e10 == 0)
        return len + (size_t)gmp_snprintf(buf + len, cap - len, " %Qd", q);
    mpq_init(n);
    mpq_init(p);
    mpz_ui_pow_ui(mpq_numref(p), 10, (unsigned long)abs(e10));
    if (e10 > 0)
        mpq_div(n, q, p);
    else
        mpq_mul(n, q, p);
    if (mpz_cmp_ui(mpq_denref(n), 1) != 0)
        tu_fail("test bug: %s is not an integer times 10^%d", q_fmt(q), e10);
    len += (size_t)gmp_snprintf(buf + len, cap - len, " %Zde%d", mpq_numref(n), e10);
    mpq_clear(n);
    mpq_clear(p);
    return len;
}

/* s as a polynomial: the six signed products of det(u, e1, e2), each
   vector component a linear polynomial from the points' x and d. */
static void
lin_exact_s(lin_pair *lp)
{
    poly v[3][3], ab;
    for (int w = 0; w < 3; w++)
        for (int c = 0; c < 3; c++) {
            const int *ij = vec_pts[lp->kind][w];
            poly_init(&v[w][c]);
            if (ij[0] < 0) {
                if (c == 2)
                    mpq_set_ui(v[w][c].c[0], 1, 1);
                continue;
            }
            mpq_sub(v[w][c].c[0], lp->x[ij[0]][c], lp->x[ij[1]][c]);
            mpq_sub(v[w][c].c[1], lp->d[ij[0]][c], lp->d[ij[1]][c]);
        }
    poly_init(&ab);
    poly_zero(&lp->s);
    for (int t = 0; t < 6; t++) {
        poly_zero(&ab);
        poly_addmul(&ab, &v[0][det_terms[t][0]], &v[1][det_terms[t][1]], 1);
        poly_addmul(&lp->s, &ab, &v[2][det_terms[t][2]], det_terms[t][3]);
    }
    poly_clear(&ab);
    for (int w = 0; w < 3; w++)
        for (int c = 0; c < 3; c++)
            poly_clear(&v[w][c]);
}

/* The motion (config text from x and x + d), a feature per backend and
   the exact s; what names the scene in failure messages. */
static void
lin_build(lin_pair *lp, const char *what)
{
    char text[4096];
    size_t len;
    vccd_config cfg;
    vccd_error e;
    vccd_track tr[4];
    mpq_t x1;

    lin_release(lp);
    mpq_init(x1);
    len = (size_t)snprintf(text, sizeof text, "[m]\ntype = vertex-linear\nvertices = %d\n", lp->np);
    for (int i = 0; i < lp->np; i++) {
        size_t start = len;
        len += (size_t)snprintf(text + len, sizeof text - len, "vertex.%d =", i);
        for (int j = 0; j < 3; j++)
            len = q_append(text, sizeof text, len, lp->x[i][j], lp->e10);
        for (int j = 0; j < 3; j++) {
            mpq_add(x1, lp->x[i][j], lp->d[i][j]);
            len = q_append(text, sizeof text, len, x1, lp->e10);
        }
        if (len - start > CFG_LINE_MAX || len + 2 >= sizeof text)
            tu_fail("test bug: config line of %zu characters: %s", len - start, text + start);
        text[len++] = '\n';
        text[len] = '\0';
    }
    mpq_clear(x1);
    if (what != lp->what)
        snprintf(lp->what, sizeof lp->what, "%s", what);
    snprintf(ctx, sizeof ctx, "%s pair, %s\n%s", vccd_feature_kind_name(lp->kind), what, text);
    if (vccd_config_load_string(&cfg, "t-feature", text, &e) != 0)
        tu_fail("config rejected: %s\n%s", e.msg, text);
    lp->m = vccd_motion_from_config(vccd_config_find(&cfg, "m"), LIN_PREC, &e);
    vccd_config_clear(&cfg);
    if (!lp->m)
        tu_fail("motion rejected: %s\n%s", e.msg, text);
    for (int i = 0; i < lp->np; i++)
        tr[i] = (vccd_track){ lp->m, i, { 0.0, 0.0, 0.0 } };
    for (int b = 0; b < NB; b++) {
        lp->f[b] = vccd_feature_new(lp->kind, tr, &barith[b]);
        ck_assert_msg(lp->f[b] != NULL, "out of memory");
    }
    lin_exact_s(lp);
}

/* The name of f's arithmetic, for failure messages (rotating buffers). */
static const char *
arith_of(const vccd_feature *f)
{
    static char buf[4][32];
    static int k;
    return vccd_arith_name(buf[k++ & 3], (int)sizeof buf[0], vccd_feature_get_arith(f));
}

/* Every backend's jet over T encloses s^(k)(t) at the sample times. */
static void
lin_check_jets(lin_pair *lp, vccd_di T)
{
    mpq_t tq, v[NSAMP][3];
    double ts[NSAMP];
    vccd_di s[3];

    mpq_init(tq);
    for (int i = 0; i < NSAMP; i++) {
        ts[i] = t_sample(T, i);
        mpq_set_d(tq, ts[i]);
        for (int k = 0; k < 3; k++) {
            mpq_init(v[i][k]);
            poly_deriv_at(v[i][k], &lp->s, tq, k);
        }
    }
    for (int b = 0; b < NB; b++) {
        int order = jet_order();
        vccd_feature_jet(s, lp->f[b], T, order);
        for (int i = 0; i < NSAMP; i++)
            for (int k = 0; k <= order; k++)
                TU_CHECK(di_has_q(s[k], v[i][k]),
                         "%s: jet order %d over T = [%a, %a]: s^(%d) = [%a, %a] misses s^(%d)(%a) = %s\n%s",
                         arith_of(lp->f[b]), order, T.lo, T.hi, k, s[k].lo, s[k].hi, k, ts[i], q_fmt(v[i][k]), ctx);
    }
    for (int i = 0; i < NSAMP; i++)
        for (int k = 0; k < 3; k++)
            mpq_clear(v[i][k]);
    mpq_clear(tq);
}

/* Classes of random vertex-linear pairs for the jets. */
enum {
    LJ_GENERIC, LJ_NEAR_DEGENERATE, LJ_DEGENERATE, LJ_ZERO_EDGE, LJ_LARGE, LJ_TINY, LJ_HUGE,
    LJ_REST, LJ_COPLANAR, LJ_N
};
static const char *const lj_name[LJ_N] = {
    "generic", "near-degenerate", "degenerate at the ends", "zero-length edge", "1e6 with 1e-3 features",
    "1e-200", "1e100", "at rest", "coplanar throughout",
};

/* For each kind, the point that makes the pair degenerate when put on a
   line: {target, base, from, to} with target = base + lambda (to - from):
   VF the collinear triangle (c on line ab), EE parallel edges (d - c
   along b - a), VE2D the vertex on the edge's line. */
static const int degen_pts[3][4] = { { 3, 1, 1, 2 }, { 3, 2, 0, 1 }, { 0, 1, 1, 2 } };
/* The edge made zero-length: VF's ab (a point triangle side), EE's ab, VE2D's ab. */
static const int zero_edge[3][2] = { { 1, 2 }, { 0, 1 }, { 1, 2 } };

/* Random positions at t = 0 (into x) and t = 1 (into d, then turned into
   the displacement) of class cls. */
static void
lin_random(lin_pair *lp, int cls)
{
    int dim = lp->kind == VCCD_FEATURE_VE2D ? 2 : 3;
    mpq_t (*P[2])[3] = { lp->x, lp->d };
    mpq_t base[2][3], lam, eps, z;

    mpq_init(lam);
    mpq_init(eps);
    mpq_init(z);
    lp->e10 = cls == LJ_TINY ? -200 : cls == LJ_HUGE ? (rnd_one_in(2) ? 96 : 100) : 0;
    for (int e = 0; e < 2; e++) {
        qv_init(base[e]);
        if (cls == LJ_LARGE) {                  /* ~1e6 on a 2^-20 grid */
            for (int j = 0; j < dim; j++) {
                if (e == 0) {
                    q_k(base[0][j], -(1L << 20), 1L << 20, 20);
                    mpq_set_si(lam, rnd_int(-1000000, 1000000), 1);
                    mpq_add(base[0][j], base[0][j], lam);
                } else {
                    q_grid(lam, 2, 10);
                    mpq_add(base[1][j], base[0][j], lam);
                }
            }
        }
        for (int i = 0; i < lp->np; i++)
            for (int j = 0; j < 3; j++) {
                mpq_t *c = &P[e][i][j];
                if (j >= dim)
                    mpq_set_ui(*c, 0, 1);
                else if (cls == LJ_LARGE) {     /* features of size ~1e-3 */
                    q_k(*c, -1024, 1024, 20);
                    mpq_add(*c, *c, base[e][j]);
                } else if (cls == LJ_TINY || cls == LJ_HUGE)
                    mpq_set_si(*c, rnd_int(-1000, 1000), 1);
                else if (cls == LJ_NEAR_DEGENERATE || cls == LJ_DEGENERATE)
                    q_grid(*c, 2, 10);          /* room for lambda and eps in a line */
                else
                    q_rand(*c, 2);
            }
    }
    switch (cls) {
    case LJ_NEAR_DEGENERATE:
    case LJ_DEGENERATE: {
        const int *g = degen_pts[lp->kind];
        for (int e = 0; e < 2; e++) {
            mpq_t dir[3];
            qv_init(dir);
            q_k(lam, -32, 32, 4);
            qv_sub(dir, P[e][g[3]], P[e][g[2]]);
            qv_addmul(P[e][g[0]], P[e][g[1]], lam, dir);
            if (cls == LJ_NEAR_DEGENERATE) {        /* off the line by ~1e-9 */
                for (int j = 0; j < dim; j++) {
                    q_k(eps, -1024, 1024, 40);
                    mpq_add(P[e][g[0]][j], P[e][g[0]][j], eps);
                }
            }
            qv_clear(dir);
        }
        break;
    }
    case LJ_ZERO_EDGE:
        for (int e = 0; e < 2; e++)
            qv_set(P[e][zero_edge[lp->kind][1]], P[e][zero_edge[lp->kind][0]]);
        break;
    case LJ_REST:
        for (int i = 0; i < lp->np; i++)
            qv_set(P[1][i], P[0][i]);
        break;
    case LJ_COPLANAR:                           /* all in one plane z = const */
        if (dim == 3) {
            q_rand(z, 2);
            for (int e = 0; e < 2; e++)
                for (int i = 0; i < lp->np; i++)
                    mpq_set(P[e][i][2], z);
        }
        break;
    default:
        break;
    }
    for (int i = 0; i < lp->np; i++)
        qv_sub(lp->d[i], lp->d[i], lp->x[i]);
    if (lp->e10 != 0) {
        mpq_set_ui(z, 1, 1);
        mpz_ui_pow_ui(mpq_numref(z), 10, (unsigned long)abs(lp->e10));
        if (lp->e10 < 0)
            mpq_inv(z, z);
        for (int i = 0; i < lp->np; i++)
            for (int j = 0; j < 3; j++) {
                mpq_mul(lp->x[i][j], lp->x[i][j], z);
                mpq_mul(lp->d[i][j], lp->d[i][j], z);
            }
    }
    for (int e = 0; e < 2; e++)
        qv_clear(base[e]);
    mpq_clear(lam);
    mpq_clear(eps);
    mpq_clear(z);
}

START_TEST(test_jets_linear)
{
    long n = tu_iters(4500), before = tu_nchecks;
    lin_pair lp;
    lin_init(&lp);
    for (long it = 0; it < n; it++) {
        int cls = (int)((it / 3) % LJ_N);
        lp.kind = kinds[it % 3];
        lp.np = npoints(lp.kind);
        lin_random(&lp, cls);
        lin_build(&lp, lj_name[cls]);
        for (int j = 0; j < 4; j++)
            lin_check_jets(&lp, t_rand());
    }
    lin_clear(&lp);
    if (verbose)
        fprintf(stderr, "jets, vertex-linear: %ld pairs, %ld checks\n", n, tu_nchecks - before);
}
END_TEST

/* --- feature pairs under rigid motions --------------------------------------- */

/* Motion classes: the rates and scales where the enclosures of sin/cos
   and of large coordinates are hardest. */
enum { RC_GENERIC, RC_REST, RC_HALF, RC_LARGE, RC_TINY_W, RC_FAST, RC_N };
static const char *const rc_name[RC_N] = {
    "generic", "at rest", "half turn", "1e6 with 1e-3 features", "omega 1e-9", "omega 50",
};
static const char *const rig3_models[] = { "ltlrm", "ballistic", "angaccel", "interp", "screw", "rotvec" };
#define N_RIG3 ((int)(sizeof rig3_models / sizeof rig3_models[0]))

/* Body point configurations. */
enum { RG_GENERIC, RG_ZERO_EDGE, RG_DEGENERATE, RG_COPLANAR, RG_N };
static const char *const rg_name[RG_N] = { "generic", "zero-length edge", "on a line", "coplanar" };

/* Append "key = v0 v1 ...".  %.17g is a decimal the parser encloses
   exactly; the reference evaluates the same motion, so it does not
   matter that the decimal is not quite the double. */
static size_t
cfg_key(char *buf, size_t cap, size_t len, const char *key, const double *v, int n)
{
    len += (size_t)snprintf(buf + len, cap - len, "%s =", key);
    for (int i = 0; i < n; i++)
        len += (size_t)snprintf(buf + len, cap - len, " %.17g", v[i]);
    return len + (size_t)snprintf(buf + len, cap - len, "\n");
}

static void
rnd_unit(double *d, int n)
{
    double s;
    do {
        s = 0.0;
        for (int i = 0; i < n; i++) {
            d[i] = rnd_sym(1.0);
            s += d[i] * d[i];
        }
    } while (s < 0.01);
    s = sqrt(s);
    for (int i = 0; i < n; i++)
        d[i] /= s;
}

/* r := the turn by angle about the unit axis, after q. */
static void
quat_turn(double r[4], const double q[4], const double axis[3], double angle)
{
    double a[4] = { cos(0.5 * angle), 0, 0, 0 };
    for (int i = 0; i < 3; i++)
        a[i + 1] = sin(0.5 * angle) * axis[i];
    r[0] = a[0] * q[0] - a[1] * q[1] - a[2] * q[2] - a[3] * q[3];
    r[1] = a[0] * q[1] + a[1] * q[0] + a[2] * q[3] - a[3] * q[2];
    r[2] = a[0] * q[2] - a[1] * q[3] + a[2] * q[0] + a[3] * q[1];
    r[3] = a[0] * q[3] + a[1] * q[2] - a[2] * q[1] + a[3] * q[0];
}

/* A 3D body at rest: its trajectory is x(t) = o + v t + acc t^2 / 2 +
   R(q) p exactly, with rational o, v, acc, q (the decimals of its config
   keys): ltlrm, ballistic and angaccel with zero rates; interp and screw
   between two equal orientations, and rotvec with both rotation vectors
   0 (then q = 1), their velocity end - start.  Then s and its
   derivatives are rationals at a double t (rig_ref_exact). */
typedef struct {
    int exact;
    double o[3], v[3], end[3], acc[3], q[4];
    int from_end, has_acc;
} rest_body;

/* Section [name] of a random motion of the given model and class; rb
   records it when it is a rest_body. */
static size_t
rig_config(char *buf, size_t cap, size_t len, const char *name, const char *model, int cls, rest_body *rb)
{
    double o[3], v[3], w[3], dir[3], q[4], q1[4], x[3], y;
    double scale = cls == RC_LARGE ? 1e6 : 2.0;
    double rate = cls == RC_REST ? 0.0 : cls == RC_HALF ? 3.141592653589793
                : cls == RC_TINY_W ? 1e-9 : cls == RC_FAST ? 50.0 : 4.0 * tu_unit();

    len += (size_t)snprintf(buf + len, cap - len, "[%s]\ntype = %s\n", name, model);
    for (int i = 0; i < 3; i++) {
        o[i] = rnd_sym(scale);
        v[i] = rnd_sym(2.0);
    }
    rnd_unit(dir, 3);
    rnd_unit(q, 4);
    for (int i = 0; i < 3; i++)
        w[i] = rate * dir[i];
    memset(rb, 0, sizeof *rb);
    rb->exact = cls == RC_REST && strcmp(model, "ltlrm2d") != 0;
    memcpy(rb->o, o, sizeof o);
    memcpy(rb->v, v, sizeof v);
    memcpy(rb->q, q, sizeof q);
    if (strcmp(model, "ltlrm2d") == 0) {
        y = rnd_sym(4.0);
        len = cfg_key(buf, cap, len, "o0", o, 2);
        len = cfg_key(buf, cap, len, "v", v, 2);
        len = cfg_key(buf, cap, len, "alpha0", &y, 1);
        y = tu_ulong() & 1 ? rate : -rate;
        return cfg_key(buf, cap, len, "omega", &y, 1);
    }
    if (strcmp(model, "interp") == 0 || strcmp(model, "screw") == 0 || strcmp(model, "rotvec") == 0) {
        len = cfg_key(buf, cap, len, "start_position", o, 3);
        for (int i = 0; i < 3; i++)
            x[i] = o[i] + v[i];
        len = cfg_key(buf, cap, len, "end_position", x, 3);
        memcpy(rb->end, x, sizeof x);
        rb->from_end = 1;
        if (strcmp(model, "rotvec") == 0) {
            /* at rest about the zero rotation vector: exp(0) = I is the
               one rotation vector with a rational rotation */
            for (int i = 0; i < 3; i++) {
                x[i] = cls == RC_REST ? 0.0 : rnd_sym(3.0);
                v[i] = x[i] + w[i];
            }
            rb->q[0] = 1.0;
            rb->q[1] = rb->q[2] = rb->q[3] = 0.0;
            len = cfg_key(buf, cap, len, "start_rotvec", x, 3);
            return cfg_key(buf, cap, len, "end_rotvec", v, 3);
        }
        quat_turn(q1, q, dir, rate);
        len = cfg_key(buf, cap, len, "start_orientation", q, 4);
        return cfg_key(buf, cap, len, "end_orientation", q1, 4);
    }
    len = cfg_key(buf, cap, len, "o0", o, 3);
    len = cfg_key(buf, cap, len, "v", v, 3);
    len = cfg_key(buf, cap, len, "q0", q, 4);
    if (strcmp(model, "angaccel") == 0) {
        len = cfg_key(buf, cap, len, "axis", dir, 3);
        y = tu_ulong() & 1 ? rate : -rate;
        len = cfg_key(buf, cap, len, "omega0", &y, 1);
        y = cls == RC_REST ? 0.0 : rnd_sym(cls == RC_FAST ? 50.0 : cls == RC_TINY_W ? 1e-9 : 4.0);
        return cfg_key(buf, cap, len, "alpha", &y, 1);
    }
    len = cfg_key(buf, cap, len, "omega", w, 3);
    if (strcmp(model, "ballistic") == 0) {
        for (int i = 0; i < 3; i++)
            x[i] = rnd_sym(10.0);
        len = cfg_key(buf, cap, len, "a", x, 3);
        memcpy(rb->acc, x, sizeof x);
        rb->has_acc = 1;
    }
    return len;
}

/* Feature A's points (the vertex, or edge ab) are body points of motion
   m[0], feature B's of m[1], which may be the same body. */
typedef struct {
    vccd_feature_kind kind;
    int np;
    vccd_motion *m[2];
    rest_body rest[2];          /* the bodies' trajectories, when exact */
    int body[4];                /* point i rides on m[body[i]] */
    vccd_track tr[4];
    vccd_feature *f[NB];
} rig_pair;

static void
rig_release(rig_pair *rp)
{
    for (int b = 0; b < NB; b++) {
        vccd_feature_free(rp->f[b]);
        rp->f[b] = NULL;
    }
    if (rp->m[1] != rp->m[0])
        vccd_motion_free(rp->m[1]);
    vccd_motion_free(rp->m[0]);
    rp->m[0] = rp->m[1] = NULL;
}

/* Body points of configuration geo.  They are computed in doubles, so
   the lines and planes are only nearly so; the motions' rotations
   round them further apart anyway. */
static void
rig_points(double p[4][3], vccd_feature_kind kind, int geo, double scale)
{
    int dim = kind == VCCD_FEATURE_VE2D ? 2 : 3;
    double al = rnd_sym(2.0), be = rnd_sym(2.0);
    const int *g = degen_pts[kind];
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 3; j++)
            p[i][j] = j < dim ? rnd_sym(scale) : 0.0;
    for (int j = 0; j < dim; j++)
        switch (geo) {
        case RG_ZERO_EDGE:
            p[zero_edge[kind][1]][j] = p[zero_edge[kind][0]][j];
            break;
        case RG_DEGENERATE:
            p[g[0]][j] = p[g[1]][j] + al * (p[g[3]][j] - p[g[2]][j]);
            break;
        case RG_COPLANAR:       /* the last point in the plane of the first three */
            p[kind == VCCD_FEATURE_VE2D ? 0 : 3][j] = p[g[1]][j] + al * (p[g[3]][j] - p[g[2]][j])
                + (kind == VCCD_FEATURE_VE2D ? 0.0 : be * (p[kind == VCCD_FEATURE_VF ? 0 : 2][j] - p[g[2]][j]));
            break;
        default:
            break;
        }
}

static void
rig_build(rig_pair *rp, vccd_feature_kind kind, int cls, int geo)
{
    char text[4096];
    size_t len = 0;
    int same = rnd_one_in(4), na = kind == VCCD_FEATURE_EE ? 2 : 1;
    double p[4][3];
    vccd_config cfg;
    vccd_error e;

    rp->kind = kind;
    rp->np = npoints(kind);
    for (int body = 0; body < 2; body++)
        len = rig_config(text, sizeof text, len, body ? "b" : "a",
                         kind == VCCD_FEATURE_VE2D ? "ltlrm2d" : rig3_models[tu_ulong() % N_RIG3], cls,
                         &rp->rest[body]);
    if (vccd_config_load_string(&cfg, "t-feature", text, &e) != 0)
        tu_fail("config rejected: %s\n%s", e.msg, text);
    rp->m[0] = vccd_motion_from_config(vccd_config_find(&cfg, "a"), RIG_PREC, &e);
    rp->m[1] = same || !rp->m[0] ? rp->m[0] : vccd_motion_from_config(vccd_config_find(&cfg, "b"), RIG_PREC, &e);
    vccd_config_clear(&cfg);
    if (!rp->m[0] || !rp->m[1])
        tu_fail("motion rejected: %s\n%s", e.msg, text);
    rig_points(p, kind, geo, cls == RC_LARGE ? 1e-3 : 1.0);
    len = (size_t)snprintf(ctx, sizeof ctx, "%s pair, %s motions, %s points%s\n%s", vccd_feature_kind_name(kind),
                           rc_name[cls], rg_name[geo], same ? ", both on body a" : "", text);
    for (int i = 0; i < rp->np; i++) {
        rp->body[i] = i < na || same ? 0 : 1;
        rp->tr[i] = (vccd_track){ rp->m[i < na ? 0 : 1], 0, { p[i][0], p[i][1], p[i][2] } };
        len += (size_t)snprintf(ctx + len, sizeof ctx - len, "point %d on body %c: %a %a %a\n", i,
                                i < na || same ? 'a' : 'b', p[i][0], p[i][1], p[i][2]);
    }
    for (int b = 0; b < NB; b++) {
        rp->f[b] = vccd_feature_new(kind, rp->tr, &barith[b]);
        ck_assert_msg(rp->f[b] != NULL, "out of memory");
    }
}

/* The reference's workspace at REF_PREC. */
typedef struct {
    vccd_mi_vec3 X[4][3], V[3][3], p;
    vccd_mi_t t, term;
} ref_ws;

static void
ref_init(ref_ws *w)
{
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++)
            vccd_mi_vec3_init(&w->X[i][k], REF_PREC);
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++)
            vccd_mi_vec3_init(&w->V[i][k], REF_PREC);
    vccd_mi_vec3_init(&w->p, 64);
    vccd_mi_init2(w->t, REF_PREC);
    vccd_mi_init2(w->term, REF_PREC);
}

static void
ref_clear(ref_ws *w)
{
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++)
            vccd_mi_vec3_clear(&w->X[i][k]);
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++)
            vccd_mi_vec3_clear(&w->V[i][k]);
    vccd_mi_vec3_clear(&w->p);
    vccd_mi_clear(w->t);
    vccd_mi_clear(w->term);
}

/* r := det(a, b, c) as the sum of its six signed products. */
static void
ref_det(vccd_mi_t r, const vccd_mi_vec3 *a, const vccd_mi_vec3 *b, const vccd_mi_vec3 *c)
{
    VCCD_MI_TMP(p, REF_PREC);
    vccd_mi_set_d(r, 0.0);
    for (int t = 0; t < 6; t++) {
        vccd_mi_mul(p, &a->c[det_terms[t][0]], &b->c[det_terms[t][1]]);
        vccd_mi_mul(p, p, &c->c[det_terms[t][2]]);
        if (det_terms[t][3] > 0)
            vccd_mi_add(r, r, p);
        else
            vccd_mi_sub(r, r, p);
    }
}

/* s[k] := s^(k)(t), k <= 2: the points' x, v, a from their motions at the
   point time t, then s^(k) = sum over i + j + l = k of
   k!/(i! j! l!) det(u^(i), e1^(j), e2^(l)); for k <= 2 the coefficient is
   2 exactly when two of i, j, l are 1, else 1. */
static void
rig_ref(vccd_mi_struct s[3], ref_ws *w, const rig_pair *rp, double t)
{
    vccd_mi_set_d(w->t, t);
    for (int i = 0; i < rp->np; i++) {
        vccd_mi_vec3_set_d(&w->p, rp->tr[i].p[0], rp->tr[i].p[1], rp->tr[i].p[2]);
        vccd_motion_eval_mi(&w->X[i][0], &w->X[i][1], &w->X[i][2], rp->tr[i].m, &w->p, rp->tr[i].vertex, w->t);
    }
    for (int v = 0; v < 3; v++)
        for (int k = 0; k < 3; k++) {
            const int *ij = vec_pts[rp->kind][v];
            if (ij[0] < 0)
                vccd_mi_vec3_set_d(&w->V[v][k], 0.0, 0.0, k == 0 ? 1.0 : 0.0);
            else
                vccd_mi_vec3_sub(&w->V[v][k], &w->X[ij[0]][k], &w->X[ij[1]][k]);
        }
    for (int k = 0; k < 3; k++) {
        vccd_mi_set_d(&s[k], 0.0);
        for (int i = 0; i <= k; i++)
            for (int j = 0; i + j <= k; j++) {
                int l = k - i - j;
                ref_det(w->term, &w->V[0][i], &w->V[1][j], &w->V[2][l]);
                if ((i == 1) + (j == 1) + (l == 1) == 2)
                    vccd_mi_mul_2si(w->term, w->term, 1);
                vccd_mi_add(&s[k], &s[k], w->term);
            }
    }
}

/* r := the rational the config parser reads for d, the decimal "%.17g"
   of d that rig_config wrote (not d itself). */
static void
q_set_g17(mpq_t r, double d)
{
    char buf[64], *c = buf;
    mpz_t m;
    long e = 0;
    int neg = 0;

    snprintf(buf, sizeof buf, "%.17g", d);
    mpz_init(m);
    if (*c == '-' || *c == '+')
        neg = *c++ == '-';
    for (; *c && *c != 'e'; c++)
        if (*c == '.') {
            e = 0;
            for (c++; *c >= '0' && *c <= '9'; c++, e--) {
                mpz_mul_ui(m, m, 10);
                mpz_add_ui(m, m, (unsigned long)(*c - '0'));
            }
            break;
        } else {
            if (*c < '0' || *c > '9')
                tu_fail("test bug: cannot read '%s'", buf);
            mpz_mul_ui(m, m, 10);
            mpz_add_ui(m, m, (unsigned long)(*c - '0'));
        }
    if (*c == 'e')
        e += strtol(c + 1, NULL, 10);
    mpq_set_z(r, m);
    mpz_ui_pow_ui(m, 10, (unsigned long)labs(e));
    if (e >= 0)
        mpz_mul(mpq_numref(r), mpq_numref(r), m);
    else
        mpz_mul(mpq_denref(r), mpq_denref(r), m);
    mpq_canonicalize(r);
    if (neg)
        mpq_neg(r, r);
    mpz_clear(m);
}

/* r := det(a, b, c), exactly. */
static void
q_det(mpq_t r, mpq_t *a, mpq_t *b, mpq_t *c)
{
    mpq_t p;
    mpq_init(p);
    mpq_set_ui(r, 0, 1);
    for (int t = 0; t < 6; t++) {
        mpq_mul(p, a[det_terms[t][0]], b[det_terms[t][1]]);
        mpq_mul(p, p, c[det_terms[t][2]]);
        if (det_terms[t][3] > 0)
            mpq_add(r, r, p);
        else
            mpq_sub(r, r, p);
    }
    mpq_clear(p);
}

/* X[k] := the k-th derivative at time t of body point p of the exact
   body rb: o + R(q) p + v t + acc t^2 / 2, with R(q) p =
   ((w^2 - |u|^2) p + 2 (u.p) u + 2 w u x p) / |q|^2 for q = (w, u), the
   rotation of the unit quaternion q / |q| (rational in q). */
static void
rest_point(mpq_t X[3][3], const rest_body *rb, const double pd[3], double t)
{
    mpq_t q[4], p[3], o[3], v[3], a[3], n2, up, c, d, tq, x;
    for (int i = 0; i < 4; i++) {
        mpq_init(q[i]);
        q_set_g17(q[i], rb->q[i]);
    }
    mpq_inits(n2, up, c, d, tq, x, NULL);
    for (int i = 0; i < 3; i++) {
        mpq_inits(p[i], o[i], v[i], a[i], NULL);
        mpq_set_d(p[i], pd[i]);
        q_set_g17(o[i], rb->o[i]);
        q_set_g17(v[i], rb->from_end ? rb->end[i] : rb->v[i]);
        if (rb->from_end)
            mpq_sub(v[i], v[i], o[i]);
        if (rb->has_acc)
            q_set_g17(a[i], rb->acc[i]);
    }
    mpq_set_d(tq, t);
    mpq_set_ui(n2, 0, 1);
    mpq_set_ui(up, 0, 1);
    for (int i = 0; i < 4; i++) {
        mpq_mul(c, q[i], q[i]);
        mpq_add(n2, n2, c);
    }
    for (int i = 0; i < 3; i++) {
        mpq_mul(c, q[i + 1], p[i]);
        mpq_add(up, up, c);
    }
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        /* (w^2 - |u|^2) p_i = (2 w^2 - |q|^2) p_i */
        mpq_mul(x, q[0], q[0]);
        mpq_add(x, x, x);
        mpq_sub(x, x, n2);
        mpq_mul(x, x, p[i]);
        mpq_mul(c, up, q[i + 1]);
        mpq_add(x, x, c);
        mpq_add(x, x, c);
        mpq_mul(c, q[j + 1], p[k]);             /* (u x p)_i */
        mpq_mul(d, q[k + 1], p[j]);
        mpq_sub(c, c, d);
        mpq_mul(c, c, q[0]);
        mpq_add(x, x, c);
        mpq_add(x, x, c);
        mpq_div(x, x, n2);
        /* position, velocity, acceleration */
        mpq_add(X[0][i], o[i], x);
        mpq_mul(c, v[i], tq);
        mpq_add(X[0][i], X[0][i], c);
        mpq_mul(c, a[i], tq);
        mpq_set(X[1][i], v[i]);
        mpq_add(X[1][i], X[1][i], c);
        mpq_mul(c, c, tq);
        mpq_div_2exp(c, c, 1);
        mpq_add(X[0][i], X[0][i], c);
        mpq_set(X[2][i], a[i]);
    }
    for (int i = 0; i < 4; i++)
        mpq_clear(q[i]);
    for (int i = 0; i < 3; i++)
        mpq_clears(p[i], o[i], v[i], a[i], NULL);
    mpq_clears(n2, up, c, d, tq, x, NULL);
}

/* n jets of 3-vectors, orders 0 .. 2 */
static void
qjets_init(mpq_t (*X)[3][3], int n)
{
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 3; k++)
            qv_init(X[i][k]);
}

static void
qjets_clear(mpq_t (*X)[3][3], int n)
{
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 3; k++)
            qv_clear(X[i][k]);
}

/* Is rp's s exactly rational (every body a rest_body, a 3D pair)? */
static int
rig_exact(const rig_pair *rp)
{
    if (rp->kind == VCCD_FEATURE_VE2D)
        return 0;
    for (int i = 0; i < rp->np; i++)
        if (!rp->rest[rp->body[i]].exact)
            return 0;
    return 1;
}

/* s[k] := s^(k)(t) exactly, k <= 2, for a pair with rig_exact: the same
   multinomial sum as rig_ref over the exact jets of rest_point. */
static void
rig_ref_exact(mpq_t s[3], const rig_pair *rp, double t)
{
    mpq_t X[4][3][3], V[3][3][3], d;
    mpq_init(d);
    qjets_init(X, 4);
    qjets_init(V, 3);
    for (int i = 0; i < rp->np; i++)
        rest_point(X[i], &rp->rest[rp->body[i]], rp->tr[i].p, t);
    for (int v = 0; v < 3; v++)
        for (int k = 0; k < 3; k++)
            qv_sub(V[v][k], X[vec_pts[rp->kind][v][0]][k], X[vec_pts[rp->kind][v][1]][k]);
    for (int k = 0; k < 3; k++) {
        mpq_set_ui(s[k], 0, 1);
        for (int i = 0; i <= k; i++)
            for (int j = 0; i + j <= k; j++) {
                int l = k - i - j;
                q_det(d, V[0][i], V[1][j], V[2][l]);
                if ((i == 1) + (j == 1) + (l == 1) == 2)
                    mpq_add(d, d, d);
                mpq_add(s[k], s[k], d);
            }
    }
    qjets_clear(X, 4);
    qjets_clear(V, 3);
    mpq_clear(d);
}

/* Does the MPFR interval r hold the rational v? */
static int
mi_has_q(const vccd_mi_struct *r, const mpq_t v)
{
    return mpfr_cmp_q(&r->lo, v) <= 0 && mpfr_cmp_q(&r->hi, v) >= 0;
}

START_TEST(test_jets_rigid)
{
    long n = tu_iters(600), before = tu_nchecks;
    rig_pair rp = { 0 };
    ref_ws w;
    vccd_mi_t ref[NSAMP][3];
    mpq_t qref[NSAMP][3];
    double ts[NSAMP];
    vccd_di s[3];
    long nexact = 0;

    ref_init(&w);
    for (int i = 0; i < NSAMP; i++)
        for (int k = 0; k < 3; k++)
            vccd_mi_init2(ref[i][k], REF_PREC);
    for (int i = 0; i < NSAMP; i++)
        for (int k = 0; k < 3; k++)
            mpq_init(qref[i][k]);
    for (long it = 0; it < n; it++) {
        int exact;
        rig_build(&rp, kinds[it % 3], (int)((it / 3) % RC_N), (int)(tu_ulong() % RG_N));
        exact = rig_exact(&rp);
        nexact += exact;
        for (int j = 0; j < 3; j++) {
            vccd_di T = t_rand();
            for (int i = 0; i < NSAMP; i++) {
                ts[i] = t_sample(T, i);
                rig_ref(&ref[i][0][0], &w, &rp, ts[i]);
                if (!exact)
                    continue;
                /* the exact values, which the MPFR reference must hold
                   too (else this file's rest_point is wrong) */
                rig_ref_exact(qref[i], &rp, ts[i]);
                for (int k = 0; k < 3; k++)
                    if (!mi_has_q(ref[i][k], qref[i][k]))
                        tu_fail("test bug: the exact s^(%d)(%a) = %s is outside the MPFR reference\n%s", k, ts[i],
                                q_fmt(qref[i][k]), ctx);
            }
            for (int b = 0; b < NB; b++) {
                int order = jet_order();
                vccd_feature_jet(s, rp.f[b], T, order);
                for (int i = 0; i < NSAMP; i++)
                    for (int k = 0; k <= order && exact; k++)
                        TU_CHECK(di_has_q(s[k], qref[i][k]),
                                 "%s: jet order %d over T = [%a, %a]: s^(%d) = [%a, %a] misses the exact "
                                 "s^(%d)(%a) = %s\n%s",
                                 bname[b], order, T.lo, T.hi, k, s[k].lo, s[k].hi, k, ts[i], q_fmt(qref[i][k]), ctx);
                for (int i = 0; i < NSAMP; i++)
                    for (int k = 0; k <= order && !exact; k++)
                        TU_CHECK(di_has_mi(s[k], ref[i][k]),
                                 "%s: jet order %d over T = [%a, %a]: s^(%d) = [%a, %a] misses "
                                 "s^(%d)(%a) in [%a, %a]\n%s",
                                 bname[b], order, T.lo, T.hi, k, s[k].lo, s[k].hi, k, ts[i],
                                 mpfr_get_d(&ref[i][k]->lo, MPFR_RNDD), mpfr_get_d(&ref[i][k]->hi, MPFR_RNDU), ctx);
            }
        }
        rig_release(&rp);
    }
    for (int i = 0; i < NSAMP; i++)
        for (int k = 0; k < 3; k++) {
            vccd_mi_clear(ref[i][k]);
            mpq_clear(qref[i][k]);
        }
    ref_clear(&w);
    /* the class at rest is one in RC_N, and exact for the 3D pairs */
    ck_assert_msg(n < 60 || nexact > 0, "no pair at rest was checked against the exact reference");
    if (verbose)
        fprintf(stderr, "jets, rigid: %ld pairs (%ld exact at rest), %ld checks\n", n, nexact, tu_nchecks - before);
}
END_TEST

/* A feature pair keeps its points' last jets and, per rigid body, the
   coefficients of the last time box (feature.c): whatever the order of
   the calls, an answer must be bit for bit the one a fresh pair gives.
   Each pair is asked for s over T at order 0, at a point P of T (which
   sets T's jets aside in binary64, feature.c's spare_use), over T at
   orders 2 and 1, the predicate over T, s at P and at T again, and is
   compared with fresh pairs asked once. */
static int
di_same(vccd_di a, vccd_di b)
{
    return memcmp(&a, &b, sizeof a) == 0 || (a.lo == b.lo && a.hi == b.hi);
}

START_TEST(test_jets_cached)
{
    long n = tu_iters(400), before = tu_nchecks;
    rig_pair rp = { 0 };

    for (long it = 0; it < n; it++) {
        rig_build(&rp, kinds[it % 3], (int)((it / 3) % RC_N), (int)(tu_ulong() % RG_N));
        for (int b = 0; b < NB; b++) {
            vccd_di T = t_rand(), P = vccd_di_set_d(t_sample(T, 1)), s[7][3], r[3];
            const vccd_arith *a = vccd_feature_get_arith(rp.f[b]);
            static const int order[7] = { 0, 1, 2, 1, -1, 2, 2 }, at_p[7] = { 0, 1, 0, 0, 0, 1, 0 };
            for (int c = 0; c < 7; c++) {
                vccd_di t = at_p[c] ? P : T;
                if (order[c] < 0)
                    (void)vccd_feature_inclusion(rp.f[b], t);
                else
                    vccd_feature_jet(s[c], rp.f[b], t, order[c]);
            }
            for (int c = 0; c < 7; c++) {
                vccd_feature *g;
                if (order[c] < 0)
                    continue;
                g = vccd_feature_new(rp.kind, rp.tr, a);
                ck_assert_ptr_nonnull(g);
                vccd_feature_jet(r, g, at_p[c] ? P : T, order[c]);
                for (int k = 0; k <= order[c]; k++)
                    TU_CHECK(di_same(s[c][k], r[k]), "%s: call %d (order %d): s^(%d) = [%a, %a] after earlier "
                             "calls, [%a, %a] fresh\n%s", bname[b], c, order[c], k, s[c][k].lo, s[c][k].hi,
                             r[k].lo, r[k].hi, ctx);
                vccd_feature_free(g);
            }
        }
        rig_release(&rp);
    }
    if (verbose)
        fprintf(stderr, "jets, cached: %ld pairs, %ld checks\n", n, tu_nchecks - before);
}
END_TEST

/* vccd_feature_new_framed with the frames vccd_motion_point_frame_di
   makes (what a mesh query keeps per vertex) answers bit for bit as
   vccd_feature_new, on every backend (MPFR and unrounded ignore them). */
START_TEST(test_jets_framed)
{
    long n = tu_iters(300), framed = 0;
    rig_pair rp = { 0 };

    for (long it = 0; it < n; it++) {
        vccd_motion_pose_frame pf[2];
        vccd_di_vec3 y[4][3];
        const vccd_di_vec3 (*fr[4])[3];
        int have[2];
        rig_build(&rp, kinds[it % 3], (int)((it / 3) % RC_N), (int)(tu_ulong() % RG_N));
        for (int k = 0; k < 2; k++)
            have[k] = vccd_motion_pose_frame_init(&pf[k], rp.m[k]) == 0;
        for (int i = 0; i < rp.np; i++) {
            int k = rp.tr[i].m == rp.m[0] ? 0 : 1;
            vccd_di_vec3 p;
            fr[i] = NULL;
            if (!have[k])
                continue;
            vccd_di_vec3_set_d(&p, rp.tr[i].p[0], rp.tr[i].p[1], rp.tr[i].p[2]);
            vccd_motion_point_frame_di(y[i], &pf[k], &p);
            fr[i] = (const vccd_di_vec3 (*)[3])&y[i];
            framed++;
        }
        for (int b = 0; b < NB; b++) {
            vccd_di T = t_rand(), P = vccd_di_set_d(t_sample(T, 1)), s[3], r[3];
            vccd_feature *g = vccd_feature_new_framed(rp.kind, rp.tr, fr, &barith[b]);
            ck_assert_ptr_nonnull(g);
            for (int c = 0; c < 2; c++) {
                vccd_di t = c ? P : T;
                vccd_feature_jet(s, g, t, 2);
                vccd_feature_jet(r, rp.f[b], t, 2);
                for (int k = 0; k <= 2; k++)
                    TU_CHECK(di_same(s[k], r[k]), "%s: s^(%d) over [%a, %a] framed [%a, %a], plain [%a, %a]\n%s",
                             bname[b], k, t.lo, t.hi, s[k].lo, s[k].hi, r[k].lo, r[k].hi, ctx);
                TU_CHECK(vccd_feature_inclusion(g, t) == vccd_feature_inclusion(rp.f[b], t),
                         "%s: the predicate differs framed\n%s", bname[b], ctx);
            }
            vccd_feature_free(g);
        }
        rig_release(&rp);
    }
    /* most of the models are not RIGID-form: a quarter of the pairs is plenty */
    TU_CHECK(4 * framed >= n, "only %ld framed points in %ld pairs", framed, n);
}
END_TEST

/* --- scenes at a contact time t* ---------------------------------------------- */

/* A pair at the time t*: positions X and velocities D, x(t) = X + D (t - t*);
   for a touching scene the contact's parameters (feature.h's u, v);
   two vectors spanning a plane through all points (2D: B[0] along a line
   through them, when they are on one), for the motions that keep s = 0;
   proper when the contact is inside a nondegenerate pair (no parameter
   at 0 or 1), where YES is the answer to expect. */
typedef struct {
    vccd_feature_kind kind;
    int np, dim, proper;
    mpq_t X[4][3], D[4][3], B[2][3], par[2];
    const char *what;
} scene;

static void
scene_init(scene *sc)
{
    memset(sc, 0, sizeof *sc);
    for (int i = 0; i < 4; i++) {
        qv_init(sc->X[i]);
        qv_init(sc->D[i]);
    }
    qv_init(sc->B[0]);
    qv_init(sc->B[1]);
    mpq_init(sc->par[0]);
    mpq_init(sc->par[1]);
}

static void
scene_clear(scene *sc)
{
    for (int i = 0; i < 4; i++) {
        qv_clear(sc->X[i]);
        qv_clear(sc->D[i]);
    }
    qv_clear(sc->B[0]);
    qv_clear(sc->B[1]);
    mpq_clear(sc->par[0]);
    mpq_clear(sc->par[1]);
}

static void
scene_start(scene *sc, vccd_feature_kind kind)
{
    sc->kind = kind;
    sc->np = npoints(kind);
    sc->dim = kind == VCCD_FEATURE_VE2D ? 2 : 3;
    sc->proper = 0;
    for (int i = 0; i < 4; i++) {
        qv_zero(sc->X[i]);
        qv_zero(sc->D[i]);
    }
    mpq_set_ui(sc->par[0], 0, 1);
    mpq_set_ui(sc->par[1], 0, 1);
}

/* B := a plane holding the directions u and v: they themselves when
   independent, else filled up with random vectors (in 2D B[0] is the
   line's direction). */
static void
scene_basis(scene *sc, mpq_t *u, mpq_t *v)
{
    if (!qv_parallel(u, v)) {
        qv_set(sc->B[0], u);
        qv_set(sc->B[1], v);
        return;
    }
    if (!qv_is_zero(u))
        qv_set(sc->B[0], u);
    else if (!qv_is_zero(v))
        qv_set(sc->B[0], v);
    else
        do
            qv_grid(sc->B[0], 1, 8, sc->dim);
        while (qv_is_zero(sc->B[0]));
    do
        qv_grid(sc->B[1], 1, 8, sc->dim);
    while (sc->dim == 3 && qv_parallel(sc->B[0], sc->B[1]));
}

enum { V_GENERIC, V_TRANSLATE, V_IN_PLANE, V_FACE_STILL, V_N };
static const char *const v_name[V_N] = {
    "generic velocities", "translation (s = 0 throughout)", "sliding in the common plane (s = 0 throughout)",
    "feature B still, feature A sliding in the common plane",
};

/* Velocities in [-1, 1]^dim on a 2^-10 grid, or combinations of B with
   weights in [-1, 1] on a 2^-4 grid. */
static void
scene_velocities(scene *sc, int how)
{
    int na = sc->kind == VCCD_FEATURE_EE ? 2 : 1;
    mpq_t al;
    mpq_init(al);
    for (int i = 0; i < sc->np; i++) {
        if (how == V_GENERIC || (how == V_TRANSLATE && i == 0)) {
            qv_grid(sc->D[i], 1, 10, sc->dim);
        } else if (how == V_TRANSLATE) {
            qv_set(sc->D[i], sc->D[0]);
        } else {
            qv_zero(sc->D[i]);
            if (how == V_FACE_STILL && i >= na)
                continue;
            for (int k = 0; k < sc->dim - 1; k++) {
                q_k(al, -16, 16, 4);
                qv_addmul(sc->D[i], sc->D[i], al, sc->B[k]);
            }
        }
    }
    mpq_clear(al);
}

/* A parameter on a contact: 0, 1 or in between on a 2^-8 grid. */
static void
par_touch(mpq_t u)
{
    switch (tu_ulong() % 4) {
    case 0: mpq_set_ui(u, 0, 1); break;
    case 1: mpq_set_ui(u, 1, 1); break;
    default: q_k(u, 0, 256, 8); break;
    }
}

/* A parameter off the feature: below 0 or above 1, by at most 16 2^-16
   (a near miss) or up to 1. */
static void
par_miss(mpq_t u)
{
    mpq_t one;
    if (rnd_one_in(2))
        q_k(u, 1, 16, 16);
    else
        q_k(u, 1, 256, 8);
    if (rnd_one_in(2)) {
        mpq_neg(u, u);
    } else {
        mpq_init(one);
        mpq_set_ui(one, 1, 1);
        mpq_add(u, u, one);
        mpq_clear(one);
    }
}

static int
par_inside(const mpq_t u)
{
    return mpq_sgn(u) > 0 && mpq_cmp_ui(u, 1, 1) < 0;
}

/* Weights (l1, l2) of b and c in the triangle: inside (l0 = 1 - l1 - l2,
   l1, l2 >= 0, on a 2^-8 grid, often on an edge or a corner), or outside
   on a 2^-16 grid, beyond one of the three edges, often only just. */
static void
vf_weights(mpq_t l1, mpq_t l2, int miss)
{
    long one = miss ? 65536 : 256, k1 = rnd_int(0, one), k2 = rnd_int(0, one - k1), eps;
    if (!miss) {
        switch (tu_ulong() % 6) {
        case 0: k1 = 0; break;                          /* on ac */
        case 1: k2 = 0; break;                          /* on ab */
        case 2: k2 = one - k1; break;                   /* on bc */
        case 3:                                         /* a corner */
            k1 = (long)(tu_ulong() % 3);
            k2 = k1 == 2 ? one : 0;
            k1 = k1 == 1 ? one : 0;
            break;
        default: break;
        }
    } else {
        eps = rnd_one_in(2) ? rnd_int(1, 16) : rnd_int(1, one);
        switch (tu_ulong() % 3) {
        case 0: k1 = -eps; k2 = rnd_int(-one / 2, one + one / 2); break;
        case 1: k2 = -eps; k1 = rnd_int(-one / 2, one + one / 2); break;
        default: k1 = rnd_int(-one / 2, one + one / 2); k2 = one - k1 + eps; break;
        }
    }
    mpq_set_si(l1, k1, (unsigned long)one);
    mpq_set_si(l2, k2, (unsigned long)one);
    mpq_canonicalize(l1);
    mpq_canonicalize(l2);
}

/* Vertex-face: p on the face (miss = 0; the triangle may be collinear or
   a point) or in its plane outside it (miss = 1; a proper triangle). */
static void
scene_vf(scene *sc, int miss)
{
    mpq_t *p = sc->X[0], *a = sc->X[1], *b = sc->X[2], *c = sc->X[3];
    mpq_t e1[3], e2[3], lam, sum;
    qv_init(e1);
    qv_init(e2);
    mpq_init(lam);
    mpq_init(sum);
    scene_start(sc, VCCD_FEATURE_VF);
    sc->what = miss ? "vertex in the face plane, outside the face" : "vertex on the face";
    do {
        qv_grid(a, 2, 10, 3);
        qv_grid(b, 2, 10, 3);
        qv_grid(c, 2, 10, 3);
        qv_sub(e1, b, a);
        qv_sub(e2, c, a);
    } while (miss && qv_parallel(e1, e2));
    if (!miss) {
        switch (tu_ulong() % 6) {
        case 0:
            q_k(lam, -16, 32, 4);
            qv_addmul(c, a, lam, e1);
            sc->what = "vertex on a collinear triangle";
            break;
        case 1:
            qv_set(b, a);
            qv_set(c, a);
            sc->what = "vertex on a point triangle";
            break;
        case 2:
            qv_set(b, a);
            sc->what = "vertex on a triangle with a = b";
            break;
        default:
            break;
        }
        qv_sub(e1, b, a);
        qv_sub(e2, c, a);
    }
    vf_weights(sc->par[0], sc->par[1], miss);
    qv_addmul(p, a, sc->par[0], e1);
    qv_addmul(p, p, sc->par[1], e2);
    mpq_add(sum, sc->par[0], sc->par[1]);
    sc->proper = !miss && !qv_parallel(e1, e2) && mpq_sgn(sc->par[0]) > 0 && mpq_sgn(sc->par[1]) > 0
                 && mpq_cmp_ui(sum, 1, 1) < 0;
    scene_basis(sc, e1, e2);
    qv_clear(e1);
    qv_clear(e2);
    mpq_clear(lam);
    mpq_clear(sum);
}

/* Edge-edge through the point C: a = C - u w1, b = a + w1, c = C - v w2,
   d = c + w2.  Touching: u, v in [0, 1], the edges may be points or
   collinear; missing: non-parallel edges, u or v off [0, 1]. */
static void
scene_ee(scene *sc, int miss)
{
    mpq_t C[3], w1[3], w2[3], k, one;
    mpq_t *u = &sc->par[0], *v = &sc->par[1];
    qv_init(C);
    qv_init(w1);
    qv_init(w2);
    mpq_init(k);
    mpq_init(one);
    mpq_set_ui(one, 1, 1);
    scene_start(sc, VCCD_FEATURE_EE);
    sc->what = miss ? "coplanar edges missing each other" : "crossing edges";
    qv_grid(C, 2, 10, 3);
    do {
        qv_grid(w1, 1, 8, 3);
        qv_grid(w2, 1, 8, 3);
    } while (miss && qv_parallel(w1, w2));
    if (!miss) {
        par_touch(*u);
        par_touch(*v);
        switch (tu_ulong() % 8) {
        case 0: qv_zero(w1); sc->what = "zero-length edge ab on edge cd"; break;
        case 1: qv_zero(w2); sc->what = "zero-length edge cd on edge ab"; break;
        case 2: qv_zero(w1); qv_zero(w2); sc->what = "two zero-length edges at one point"; break;
        case 3:
        case 4:
            q_k(k, 1, 32, 4);
            if (rnd_one_in(2))
                mpq_neg(k, k);
            qv_zero(w2);
            qv_addmul(w2, w2, k, w1);
            sc->what = "collinear overlapping edges";
            break;
        default:
            break;
        }
        sc->proper = !qv_parallel(w1, w2) && par_inside(*u) && par_inside(*v);
    } else {
        par_miss(*u);
        if (rnd_one_in(2))
            par_miss(*v);
        else
            par_touch(*v);
        if (rnd_one_in(2))
            mpq_swap(*u, *v);
    }
    mpq_neg(k, *u);
    qv_addmul(sc->X[0], C, k, w1);
    qv_addmul(sc->X[1], sc->X[0], one, w1);
    mpq_neg(k, *v);
    qv_addmul(sc->X[2], C, k, w2);
    qv_addmul(sc->X[3], sc->X[2], one, w2);
    scene_basis(sc, w1, w2);
    qv_clear(C);
    qv_clear(w1);
    qv_clear(w2);
    mpq_clear(k);
    mpq_clear(one);
}

/* Vertex-edge in 2D: p = C, a = C - u w, b = a + w. */
static void
scene_ve(scene *sc, int miss)
{
    mpq_t w[3], k, one;
    qv_init(w);
    mpq_init(k);
    mpq_init(one);
    mpq_set_ui(one, 1, 1);
    scene_start(sc, VCCD_FEATURE_VE2D);
    sc->what = miss ? "vertex on the edge's line, off the edge" : "vertex on the edge";
    qv_grid(sc->X[0], 2, 10, 2);
    do
        qv_grid(w, 1, 8, 2);
    while (miss && qv_is_zero(w));
    if (miss) {
        par_miss(sc->par[0]);
    } else {
        par_touch(sc->par[0]);
        if (rnd_one_in(4)) {
            qv_zero(w);
            sc->what = "vertex on a zero-length edge";
        }
        sc->proper = !qv_is_zero(w) && par_inside(sc->par[0]);
    }
    mpq_neg(k, sc->par[0]);
    qv_addmul(sc->X[1], sc->X[0], k, w);
    qv_addmul(sc->X[2], sc->X[1], one, w);
    scene_basis(sc, w, w);
    qv_clear(w);
    mpq_clear(k);
    mpq_clear(one);
}

static void
scene_contact(scene *sc, vccd_feature_kind kind, int miss)
{
    if (kind == VCCD_FEATURE_VF)
        scene_vf(sc, miss);
    else if (kind == VCCD_FEATURE_EE)
        scene_ee(sc, miss);
    else
        scene_ve(sc, miss);
}

/* The scene as a vertex-linear pair: x = X - D t*, d = D.  Scenes that
   are coplanar at t* by construction are checked to be, exactly: a
   construction error would otherwise pass for a library bug. */
static void
lin_from_scene(lin_pair *lp, scene *sc, double tstar, const char *vel, int coplanar)
{
    char what[256];
    mpq_t ts, s0;
    mpq_init(ts);
    mpq_init(s0);
    mpq_set_d(ts, tstar);
    lp->kind = sc->kind;
    lp->np = sc->np;
    lp->e10 = 0;
    for (int i = 0; i < sc->np; i++)
        for (int j = 0; j < 3; j++) {
            mpq_mul(s0, sc->D[i][j], ts);
            mpq_sub(lp->x[i][j], sc->X[i][j], s0);
            mpq_set(lp->d[i][j], sc->D[i][j]);
        }
    snprintf(what, sizeof what, "%s, %s, t* = %a", sc->what, vel, tstar);
    lin_build(lp, what);
    poly_deriv_at(s0, &lp->s, ts, 0);
    if (coplanar && mpq_sgn(s0) != 0)
        tu_fail("test bug: s(t*) = %s, not 0: %s", q_fmt(s0), ctx);
    mpq_clear(ts);
    mpq_clear(s0);
}

/* Scale a built scene by 2^32 10^e10 and rebuild it.  Its grid
   rationals (denominators up to 2^32) become integers times 10^e10,
   which a config line holds at any magnitude; touching, missing and
   separation are all invariant under scaling. */
static void
lin_scale(lin_pair *lp, int e10)
{
    char what[600];
    mpq_t f;
    mpq_init(f);
    mpz_ui_pow_ui(mpq_numref(f), 10, (unsigned long)abs(e10));
    if (e10 < 0)
        mpq_inv(f, f);
    mpq_mul_2exp(f, f, 32);
    for (int i = 0; i < lp->np; i++)
        for (int j = 0; j < 3; j++) {
            mpq_mul(lp->x[i][j], lp->x[i][j], f);
            mpq_mul(lp->d[i][j], lp->d[i][j], f);
        }
    mpq_clear(f);
    lp->e10 = e10;
    snprintf(what, sizeof what, "%s, scaled by 2^32 10^%d", lp->what, e10);
    lin_build(lp, what);
}

/* One contact scene in five scaled to about 1e-290, 1e-200 or 1e100:
   the predicate's terms are products of up to four coordinates, so they
   underflow or overflow where s itself still does not; 0 if unscaled. */
static int
lin_maybe_scale(lin_pair *lp)
{
    static const int e10[3] = { -300, -200, 90 };
    int e;
    if (!rnd_one_in(5))
        return 0;
    e = e10[tu_ulong() % 3];
    lin_scale(lp, e);
    return e;
}

static const char *
incl_name(int r)
{
    return r == VCCD_INCL_NO ? "NO" : r == VCCD_INCL_MAYBE ? "MAYBE" : r == VCCD_INCL_YES ? "YES" : "invalid";
}

/* Pairs touching at t*: over every T holding t*, the predicate must not
   say NO, and s must hold 0 (the solver drops boxes where it does not). */
START_TEST(test_inclusion_touching)
{
    long n = tu_iters(6000), before = tu_nchecks, yes = 0, nproper = 0;
    scene sc;
    lin_pair lp;
    vccd_di s[3];

    scene_init(&sc);
    lin_init(&lp);
    for (long it = 0; it < n; it++) {
        int vel = (int)(tu_ulong() % V_N);
        double tstar = t_star();
        int scaled;
        scene_contact(&sc, kinds[it % 3], 0);
        scene_velocities(&sc, vel);
        lin_from_scene(&lp, &sc, tstar, v_name[vel], 1);
        scaled = lin_maybe_scale(&lp);
        for (int j = 0; j < 4; j++) {
            vccd_di T = j == 0 ? vccd_di_set_d(tstar) : t_around(tstar, 1.0);
            for (int b = 0; b < NB; b++) {
                int r = vccd_feature_inclusion(lp.f[b], T), re = vccd_feature_inclusion_expect(lp.f[b], T);
                TU_CHECK(r == VCCD_INCL_MAYBE || r == VCCD_INCL_YES,
                         "%s: inclusion over T = [%a, %a] is %s, but the pair touches at t* = %a\n%s", bname[b],
                         T.lo, T.hi, incl_name(r), tstar, ctx);
                /* the terms-first order: never NO at a contact, YES
                   wherever the separating tests first said YES */
                TU_CHECK((re == VCCD_INCL_MAYBE || re == VCCD_INCL_YES) && (r != VCCD_INCL_YES || re == r),
                         "%s: inclusion_expect over T = [%a, %a] is %s (inclusion %s), the pair touches at t* = "
                         "%a\n%s", bname[b], T.lo, T.hi, incl_name(re), incl_name(r), tstar, ctx);
                vccd_feature_jet(s, lp.f[b], T, 0);
                TU_CHECK(s[0].lo <= 0.0 && 0.0 <= s[0].hi,
                         "%s: s over T = [%a, %a] is [%a, %a], but s(t*) = 0 at t* = %a\n%s", bname[b], T.lo,
                         T.hi, s[0].lo, s[0].hi, tstar, ctx);
                if (j == 0 && sc.proper && !scaled) {
                    nproper++;
                    yes += r == VCCD_INCL_YES;
                }
            }
        }
    }
    /* At a point time, a contact strictly inside a proper pair has all
       barycentric terms clearly positive: YES is what makes the solver
       certify instead of bisecting to its limit. */
    if (verbose)
        fprintf(stderr, "inclusion, touching: %ld pairs, %ld checks; YES at proper contacts %ld of %ld\n", n,
                tu_nchecks - before, yes, nproper);
    TU_CHECK(nproper == 0 || yes >= 0.9 * (double)nproper, "YES at only %ld of %ld proper contacts", yes, nproper);
    lin_clear(&lp);
    scene_clear(&sc);
}
END_TEST

/* The contact parameters: for T holding t*, (u, v) must hold the
   parameters of the contact built (any contact point's, for the
   degenerate pairs, where the whole [0, 1] is the answer). */
START_TEST(test_params)
{
    long n = tu_iters(3000), before = tu_nchecks;
    scene sc;
    lin_pair lp;
    vccd_di uv[2];

    scene_init(&sc);
    lin_init(&lp);
    for (long it = 0; it < n; it++) {
        int vel = (int)(tu_ulong() % V_N);
        double tstar = t_star();
        scene_contact(&sc, kinds[it % 3], 0);
        scene_velocities(&sc, vel);
        lin_from_scene(&lp, &sc, tstar, v_name[vel], 1);
        lin_maybe_scale(&lp);
        for (int j = 0; j < 3; j++) {
            vccd_di T = j == 0 ? vccd_di_set_d(tstar) : t_around(tstar, j == 1 ? 1e-6 : 1.0);
            for (int b = 0; b < NB; b++) {
                vccd_feature_params(uv, lp.f[b], T);
                for (int k = 0; k < 2; k++)
                    TU_CHECK(di_has_q(uv[k], sc.par[k]) && uv[k].lo >= 0.0 && uv[k].hi <= 1.0,
                             "%s: params over T = [%a, %a]: %c = [%a, %a], the contact's is %s (in [0, 1])\n%s",
                             bname[b], T.lo, T.hi, "uv"[k], uv[k].lo, uv[k].hi, q_fmt(sc.par[k]), ctx);
            }
        }
    }
    if (verbose)
        fprintf(stderr, "params: %ld pairs, %ld checks\n", n, tu_nchecks - before);
    lin_clear(&lp);
    scene_clear(&sc);
}
END_TEST

/* Pairs coplanar at t* but apart there: t* is a root of s that is no
   contact, so YES is wrong for every T holding t*. */
START_TEST(test_inclusion_coplanar_miss)
{
    long n = tu_iters(6000), before = tu_nchecks, no = 0, total = 0;
    scene sc;
    lin_pair lp;

    scene_init(&sc);
    lin_init(&lp);
    for (long it = 0; it < n; it++) {
        int vel = (int)(tu_ulong() % V_N);
        double tstar = t_star();
        scene_contact(&sc, kinds[it % 3], 1);
        scene_velocities(&sc, vel);
        lin_from_scene(&lp, &sc, tstar, v_name[vel], 1);
        lin_maybe_scale(&lp);
        for (int j = 0; j < 4; j++) {
            vccd_di T = j == 0 ? vccd_di_set_d(tstar) : t_around(tstar, 1.0);
            for (int b = 0; b < NB; b++) {
                int r = vccd_feature_inclusion(lp.f[b], T), re = vccd_feature_inclusion_expect(lp.f[b], T);
                TU_CHECK(r == VCCD_INCL_NO || r == VCCD_INCL_MAYBE,
                         "%s: inclusion over T = [%a, %a] is %s, but at t* = %a, a root of s, the pair is apart\n%s",
                         bname[b], T.lo, T.hi, incl_name(r), tstar, ctx);
                /* terms first: no YES either, and NO wherever the
                   separating tests said NO (they run when the terms
                   decide nothing) or the terms do */
                TU_CHECK((re == VCCD_INCL_NO || re == VCCD_INCL_MAYBE) && (r != VCCD_INCL_NO || re == r),
                         "%s: inclusion_expect over T = [%a, %a] is %s (inclusion %s), but at t* = %a, a root of s, "
                         "the pair is apart\n%s", bname[b], T.lo, T.hi, incl_name(re), incl_name(r), tstar, ctx);
                no += r == VCCD_INCL_NO;
                total++;
            }
        }
    }
    if (verbose)
        fprintf(stderr, "inclusion, coplanar misses: %ld pairs, %ld checks; NO in %ld of %ld\n", n,
                tu_nchecks - before, no, total);
    lin_clear(&lp);
    scene_clear(&sc);
}
END_TEST

/* --- separated scenes: the predicate must prune ------------------------------- */

/* Each builder makes, in a local frame, a pair of features of size about
   1 at least h >= 0.1 apart (the comment says why), with velocities in
   [-1, 1]^3 that keep its degeneracy; scene_place then turns and moves it
   exactly.  Over |T| <= 1e-3 no point moves more than 2e-3. */

/* A distance in [0.1006, 1]. */
static void
q_gap(mpq_t h)
{
    q_k(h, 103, 1024, 10);
    if (rnd_one_in(2))
        mpq_neg(h, h);
}

static void
qv_set_q(mpq_t *r, const mpq_t x, const mpq_t y, const mpq_t z)
{
    mpq_set(r[0], x);
    mpq_set(r[1], y);
    mpq_set(r[2], z);
}

/* r := (1 - l) a + l b, for points that must stay on line ab. */
static void
qv_lerp(mpq_t *r, mpq_t *a, mpq_t *b, const mpq_t l)
{
    mpq_t d[3];
    qv_init(d);
    qv_sub(d, b, a);
    qv_addmul(r, a, l, d);
    qv_clear(d);
}

/* Vertex above or below a triangle of the plane z = 0: |z_p| >= 0.1. */
static void
sep_vf_above(scene *sc)
{
    mpq_t h;
    mpq_init(h);
    scene_start(sc, VCCD_FEATURE_VF);
    for (int i = 1; i < 4; i++) {
        q_k(sc->X[i][0], 0, 1024, 10);
        q_k(sc->X[i][1], 0, 1024, 10);
    }
    q_k(sc->X[0][0], -512, 1536, 10);
    q_k(sc->X[0][1], -512, 1536, 10);
    q_gap(h);
    mpq_set(sc->X[0][2], h);
    scene_velocities(sc, V_GENERIC);
    mpq_clear(h);
}

/* Vertex in the plane of the right triangle (0,0), (L,0), (0,L): left of
   x = 0 or below y = 0 by h, or beyond the hypotenuse with
   x + y >= L + 1.5 h (distance >= 1.5 h / sqrt 2 > h).  All velocities in
   the plane, so s = 0 throughout: only the separating axis can say NO. */
static void
sep_vf_plane(scene *sc)
{
    mpq_t L, h, x, y, zero;
    int perm = (int)(tu_ulong() % 3);
    mpq_inits(L, h, x, y, zero, NULL);
    scene_start(sc, VCCD_FEATURE_VF);
    q_k(L, 512, 1024, 10);
    mpq_set(sc->X[1 + perm][0], L);
    mpq_set(sc->X[1 + (perm + 1) % 3][1], L);
    q_k(h, 103, 1024, 10);
    q_k(x, -512, 1536, 10);
    switch (tu_ulong() % 3) {
    case 0:                                     /* left */
        mpq_neg(sc->X[0][0], h);
        mpq_set(sc->X[0][1], x);
        break;
    case 1:                                     /* below */
        mpq_set(sc->X[0][0], x);
        mpq_neg(sc->X[0][1], h);
        break;
    default:                                    /* beyond the hypotenuse */
        mpq_set_ui(y, 3, 2);
        mpq_mul(y, y, h);
        mpq_add(y, y, L);
        mpq_sub(y, y, x);
        qv_set_q(sc->X[0], x, y, zero);
        break;
    }
    qv_zero(sc->B[0]);
    qv_zero(sc->B[1]);
    mpq_set_ui(sc->B[0][0], 1, 1);
    mpq_set_ui(sc->B[1][1], 1, 1);
    scene_velocities(sc, rnd_one_in(3) ? V_FACE_STILL : V_IN_PLANE);
    mpq_clears(L, h, x, y, zero, NULL);
}

/* A collinear triangle a = 0, b = (1,0,0), c = (lambda,0,0), kept
   collinear by its velocities (s = 0 throughout), and the vertex off its
   line by h, or on the line beyond the hull by h. */
static void
sep_vf_collinear(scene *sc)
{
    mpq_t lam, h, hi;
    mpq_inits(lam, h, hi, NULL);
    scene_start(sc, VCCD_FEATURE_VF);
    mpq_set_ui(sc->X[2][0], 1, 1);
    q_k(lam, -8, 24, 4);
    mpq_set(sc->X[3][0], lam);
    q_gap(h);
    if (rnd_one_in(3)) {                        /* on the line, beyond the hull */
        if (mpq_sgn(h) > 0) {
            mpq_set_ui(hi, 1, 1);
            if (mpq_cmp(lam, hi) > 0)
                mpq_set(hi, lam);
        } else {
            mpq_set_ui(hi, 0, 1);
            if (mpq_cmp(lam, hi) < 0)
                mpq_set(hi, lam);
        }
        mpq_add(sc->X[0][0], hi, h);
    } else {
        q_k(sc->X[0][0], -1024, 2048, 10);
        mpq_set(sc->X[0][1], h);
        q_k(sc->X[0][2], -1024, 1024, 10);
    }
    scene_velocities(sc, V_GENERIC);
    qv_lerp(sc->D[3], sc->D[1], sc->D[2], lam);
    mpq_clears(lam, h, hi, NULL);
}

/* A triangle collapsed to one point, the vertex |x| >= h from it. */
static void
sep_vf_point(scene *sc)
{
    scene_start(sc, VCCD_FEATURE_VF);
    q_gap(sc->X[0][0]);
    q_k(sc->X[0][1], -1024, 1024, 10);
    q_k(sc->X[0][2], -1024, 1024, 10);
    scene_velocities(sc, V_GENERIC);
    qv_set(sc->D[2], sc->D[1]);
    qv_set(sc->D[3], sc->D[1]);
}

/* Parallel edges in the plane z = 0, the lines h apart; velocities in the
   plane with d - c kept parallel to b - a (s = 0 throughout). */
static void
sep_ee_parallel(scene *sc)
{
    mpq_t L, db[3];
    mpq_init(L);
    qv_init(db);
    scene_start(sc, VCCD_FEATURE_EE);
    mpq_set_ui(sc->X[1][0], 1, 1);
    q_k(sc->X[2][0], -1024, 1024, 10);
    q_gap(sc->X[2][1]);
    q_k(L, 4, 16, 4);
    if (rnd_one_in(2))
        mpq_neg(L, L);
    qv_set(sc->X[3], sc->X[2]);
    mpq_add(sc->X[3][0], sc->X[3][0], L);
    for (int i = 0; i < 3; i++) {
        q_k(sc->D[i][0], -1024, 1024, 10);
        q_k(sc->D[i][1], -1024, 1024, 10);
    }
    qv_sub(db, sc->D[1], sc->D[0]);
    qv_addmul(sc->D[3], sc->D[2], L, db);
    mpq_clear(L);
    qv_clear(db);
}

/* Collinear edges on the x axis, cd beyond b or before a by at least
   1/8, all four kept on one line (s = 0 throughout). */
static void
sep_ee_collinear(scene *sc)
{
    mpq_t g, l;
    mpq_inits(g, l, NULL);
    scene_start(sc, VCCD_FEATURE_EE);
    mpq_set_ui(sc->X[1][0], 1, 1);
    q_k(l, 4, 16, 4);
    if (rnd_one_in(2)) {
        q_k(g, 18, 32, 4);
    } else {
        q_k(g, -16, -2, 4);
        mpq_neg(l, l);
    }
    scene_velocities(sc, V_GENERIC);
    mpq_set(sc->X[2][0], g);
    qv_lerp(sc->D[2], sc->D[0], sc->D[1], g);
    mpq_add(g, g, l);
    mpq_set(sc->X[3][0], g);
    qv_lerp(sc->D[3], sc->D[0], sc->D[1], g);
    mpq_clears(g, l, NULL);
}

/* Edge ab of zero length (kept so) |y| >= h from the x axis, where cd
   lies -- a segment, or a point as well. */
static void
sep_ee_zero(scene *sc)
{
    scene_start(sc, VCCD_FEATURE_EE);
    q_k(sc->X[0][0], -1024, 2048, 10);
    q_gap(sc->X[0][1]);
    q_k(sc->X[0][2], -1024, 1024, 10);
    qv_set(sc->X[1], sc->X[0]);
    if (!rnd_one_in(3))
        q_k(sc->X[3][0], 4, 16, 4);
    scene_velocities(sc, V_GENERIC);
    qv_set(sc->D[1], sc->D[0]);
    if (!mpq_sgn(sc->X[3][0]))
        qv_set(sc->D[3], sc->D[2]);
}

/* Edges in the planes z = 0 and z = h. */
static void
sep_ee_skew(scene *sc)
{
    mpq_t h;
    mpq_init(h);
    scene_start(sc, VCCD_FEATURE_EE);
    q_gap(h);
    for (int i = 0; i < 4; i++) {
        q_k(sc->X[i][0], 0, 1024, 10);
        q_k(sc->X[i][1], 0, 1024, 10);
        if (i >= 2)
            mpq_set(sc->X[i][2], h);
    }
    scene_velocities(sc, V_GENERIC);
    mpq_clear(h);
}

/* 2D: edge (0,0)-(L,0) (L may be 0), the vertex |y| >= h off its line,
   or on the line beyond an end by h, then often sliding along it. */
static void
sep_ve2d(scene *sc)
{
    mpq_t h;
    mpq_init(h);
    scene_start(sc, VCCD_FEATURE_VE2D);
    if (!rnd_one_in(4))
        q_k(sc->X[2][0], 4, 16, 4);
    q_gap(h);
    if (rnd_one_in(2)) {
        q_k(sc->X[0][0], -1024, 2048, 10);
        mpq_set(sc->X[0][1], h);
        scene_velocities(sc, V_GENERIC);
    } else {
        mpq_add(sc->X[0][0], mpq_sgn(h) > 0 ? sc->X[2][0] : sc->X[1][0], h);
        qv_zero(sc->B[0]);
        mpq_set_ui(sc->B[0][0], 1, 1);
        scene_velocities(sc, rnd_one_in(2) ? V_IN_PLANE : V_GENERIC);
    }
    mpq_clear(h);
}

/* x := (M x) / N for the rational rotation M / N of an integer
   quaternion (3D) or of a Gaussian integer a + ib (2D, about z). */
static void
qv_rotate(mpq_t *x, long M[3][3], long N)
{
    mpq_t r[3], t;
    qv_init(r);
    mpq_init(t);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            mpq_set_si(t, M[i][j], (unsigned long)N);
            mpq_canonicalize(t);
            mpq_mul(t, t, x[j]);
            mpq_add(r[i], r[i], t);
        }
    qv_set(x, r);
    qv_clear(r);
    mpq_clear(t);
}

/* Turn the scene by a random rotation with rational entries, exactly
   orthogonal, so every distance stays as built, and move it by a
   random offset. */
static void
scene_place(scene *sc)
{
    long q[4], M[3][3], N;
    mpq_t o[3];
    do {
        N = 0;
        for (int i = 0; i < 4; i++) {
            q[i] = i < 2 || sc->dim == 3 ? rnd_int(-3, 3) : 0;
            N += q[i] * q[i];
        }
    } while (N == 0);
    if (sc->dim == 2) {                         /* (a + ib)^2 / |a + ib|^2 */
        long a = q[0], b = q[1];
        long m[3][3] = { { a * a - b * b, -2 * a * b, 0 }, { 2 * a * b, a * a - b * b, 0 }, { 0, 0, N } };
        memcpy(M, m, sizeof M);
    } else {
        long w = q[0], x = q[1], y = q[2], z = q[3];
        long m[3][3] = {
            { w * w + x * x - y * y - z * z, 2 * (x * y - w * z), 2 * (x * z + w * y) },
            { 2 * (x * y + w * z), w * w - x * x + y * y - z * z, 2 * (y * z - w * x) },
            { 2 * (x * z - w * y), 2 * (y * z + w * x), w * w - x * x - y * y + z * z },
        };
        memcpy(M, m, sizeof M);
    }
    qv_init(o);
    qv_grid(o, 2, 4, sc->dim);
    for (int i = 0; i < sc->np; i++) {
        qv_rotate(sc->X[i], M, N);
        for (int j = 0; j < 3; j++)
            mpq_add(sc->X[i][j], sc->X[i][j], o[j]);
        qv_rotate(sc->D[i], M, N);
    }
    qv_clear(o);
}

/* The same scene shrunk to features of size 2^-10 ~ 1e-3, 1e-4 apart,
   near 1e6 (no rotation: its denominators would not fit a config line). */
static void
scene_shrink_far(scene *sc)
{
    mpq_t o;
    mpq_init(o);
    for (int j = 0; j < sc->dim; j++) {
        mpq_set_si(o, rnd_int(-1000000, 1000000), 1);
        for (int i = 0; i < sc->np; i++) {
            mpq_div_2exp(sc->X[i][j], sc->X[i][j], 10);
            mpq_add(sc->X[i][j], sc->X[i][j], o);
            mpq_div_2exp(sc->D[i][j], sc->D[i][j], 10);
        }
    }
    mpq_clear(o);
}

/* Where a separated scene goes: turned and moved, shrunk near 1e6, or
   scaled by 2^32 10^e10 (not turned: the rotation's denominators and
   10^e10 would not fit a config line). */
enum { PL_TURN, PL_FAR, PL_SCALE };

/* min_no: the least share of NO that every backend must reach. */
typedef struct {
    const char *name;
    void (*build)(scene *sc);
    int place, e10;
    double min_no;
} sep_class;

/* Every class, scaled ones included, must be pruned: the closest-point
   axis is computed on points moved and scaled to magnitude ~1
   (vccd_feature_axis), so at 1e-190 its projections no longer underflow
   and at 1e100 the closest-point solve no longer overflows (before that
   fix: NO in 0 of 250 at 1e-190, about 95% for skew edges at 1e-130 and
   1e100; now 100% everywhere). */
static const sep_class sep_classes[] = {
    { "vertex above a face", sep_vf_above, PL_TURN, 0, 0.9 },
    { "vertex in the face plane, sliding", sep_vf_plane, PL_TURN, 0, 0.9 },
    { "vertex off a collinear triangle", sep_vf_collinear, PL_TURN, 0, 0.9 },
    { "vertex off a point triangle", sep_vf_point, PL_TURN, 0, 0.9 },
    { "parallel edges in a common plane", sep_ee_parallel, PL_TURN, 0, 0.9 },
    { "collinear disjoint edges", sep_ee_collinear, PL_TURN, 0, 0.9 },
    { "zero-length edge off an edge", sep_ee_zero, PL_TURN, 0, 0.9 },
    { "edges in parallel planes", sep_ee_skew, PL_TURN, 0, 0.9 },
    { "2D vertex off an edge", sep_ve2d, PL_TURN, 0, 0.9 },
    { "vertex in the face plane, 1e-3 size near 1e6", sep_vf_plane, PL_FAR, 0, 0.9 },
    { "parallel edges, 1e-3 size near 1e6", sep_ee_parallel, PL_FAR, 0, 0.9 },
    { "vertex in the face plane at 1e-130", sep_vf_plane, PL_SCALE, -140, 0.9 },
    { "parallel edges at 1e-130", sep_ee_parallel, PL_SCALE, -140, 0.9 },
    { "edges in parallel planes at 1e-130", sep_ee_skew, PL_SCALE, -140, 0.9 },
    { "vertex in the face plane at 1e100", sep_vf_plane, PL_SCALE, 90, 0.9 },
    { "edges in parallel planes at 1e100", sep_ee_skew, PL_SCALE, 90, 0.9 },
    { "vertex in the face plane at 1e-190", sep_vf_plane, PL_SCALE, -200, 0.9 },
    { "edges in parallel planes at 1e-190", sep_ee_skew, PL_SCALE, -200, 0.9 },
    { "2D vertex off an edge at 1e-190", sep_ve2d, PL_SCALE, -200, 0.9 },
};
#define N_SEP ((int)(sizeof sep_classes / sizeof sep_classes[0]))

/* Clearly separated pairs over |T| <= 1e-3: NO in at least min_no of
   the cases of every class and backend (measured: 100%; the
   closest-point axis separates with a gap near 0.1 times the scale).  At least 60 cases, so that a rate is a
   rate even in the short sanitizer run. */
START_TEST(test_inclusion_prunes)
{
    long n = tu_iters(250) < 60 ? 60 : tu_iters(250);
    scene sc;
    lin_pair lp;

    scene_init(&sc);
    lin_init(&lp);
    for (int c = 0; c < N_SEP; c++) {
        long no[NB] = { 0 };
        for (long it = 0; it < n; it++) {
            const sep_class *cl = &sep_classes[c];
            double tstar = cl->place == PL_FAR ? (double)rnd_int(0, 64) / 64.0 : t_star();
            cl->build(&sc);
            if (cl->place == PL_FAR)
                scene_shrink_far(&sc);
            else if (cl->place == PL_TURN)
                scene_place(&sc);
            sc.what = cl->name;
            lin_from_scene(&lp, &sc, tstar, "", 0);
            if (cl->place == PL_SCALE)
                lin_scale(&lp, cl->e10);
            {
                vccd_di T = t_around(tstar, 5e-4);
                for (int b = 0; b < NB; b++) {
                    int r = vccd_feature_inclusion(lp.f[b], T);
                    TU_CHECK(r >= VCCD_INCL_NO && r <= VCCD_INCL_YES, "%s: inclusion returned %d\n%s", bname[b], r,
                             ctx);
                    no[b] += r == VCCD_INCL_NO;
                }
            }
        }
        for (int b = 0; b < NB; b++) {
            if (verbose)
                fprintf(stderr, "prunes: %-48s %-9s NO in %ld of %ld\n", sep_classes[c].name, bname[b], no[b], n);
            TU_CHECK(no[b] >= sep_classes[c].min_no * (double)n, "%s: %s: NO in only %ld of %ld separated pairs",
                     sep_classes[c].name, bname[b], no[b], n);
        }
    }
    lin_clear(&lp);
    scene_clear(&sc);
}
END_TEST

/* --- names and the small API --------------------------------------------------- */

START_TEST(test_names)
{
    static const char *const names[3] = { "vertex-face", "edge-edge", "vertex-edge-2d" };
    static const int np[3] = { 4, 4, 3 };
    static const char *const unknown[] = {
        "", "vertex", "Vertex-Face", "edge-edge ", " edge-edge", "vertex-edge", "vertex-edge-3d", "face-vertex",
        "edge", "vf", "ee",
    };
    for (int k = 0; k < 3; k++) {
        const char *s = vccd_feature_kind_name(kinds[k]);
        TU_CHECK(s && strcmp(s, names[k]) == 0, "kind %d is named '%s', expected '%s'", k, s ? s : "(null)", names[k]);
        TU_CHECK(vccd_feature_kind_find(s) == (int)kinds[k], "find('%s') = %d, expected %d", s,
                 vccd_feature_kind_find(s), (int)kinds[k]);
        TU_CHECK(vccd_feature_kind_npoints(kinds[k]) == np[k], "kind %s has %d points, expected %d", s,
                 vccd_feature_kind_npoints(kinds[k]), np[k]);
    }
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++)
        TU_CHECK(vccd_feature_kind_find(unknown[i]) == -1, "find('%s') = %d, expected -1", unknown[i],
                 vccd_feature_kind_find(unknown[i]));
}
END_TEST

/* Kind, arithmetic switching (adaptive means binary64 here) and the
   evaluation count, with jets still enclosing after each switch. */
START_TEST(test_api)
{
    static const vccd_arith adaptive = { VCCD_ARITH_ADAPTIVE, 113 }, unrounded = { VCCD_ARITH_UNROUNDED, 200 };
    lin_pair lp;
    vccd_di s[3], uv[2];
    lin_init(&lp);
    for (int k = 0; k < 3; k++) {
        vccd_feature *f;
        lp.kind = kinds[k];
        lp.np = npoints(lp.kind);
        lin_random(&lp, LJ_GENERIC);
        lin_build(&lp, "api");
        f = lp.f[0];
        TU_CHECK(vccd_feature_get_kind(f) == kinds[k], "get_kind");
        TU_CHECK(vccd_feature_evals(f) == 0, "evals = %ld at creation", vccd_feature_evals(f));
        vccd_feature_jet(s, f, vccd_di_set_2d(0.25, 0.5), 2);
        vccd_feature_inclusion(f, vccd_di_set_2d(0.25, 0.5));
        vccd_feature_params(uv, f, vccd_di_set_d(0.5));
        TU_CHECK(vccd_feature_evals(f) == 2, "evals = %ld after a jet and a predicate", vccd_feature_evals(f));

        TU_CHECK(vccd_feature_set_arith(f, &adaptive) == 0, "set_arith(adaptive)");
        TU_CHECK(vccd_feature_get_arith(f)->kind == VCCD_ARITH_BINARY64 && vccd_feature_get_arith(f)->prec == 53,
                 "adaptive gives kind %d prec %ld, expected binary64", (int)vccd_feature_get_arith(f)->kind,
                 (long)vccd_feature_get_arith(f)->prec);
        TU_CHECK(vccd_feature_set_arith(f, &unrounded) == 0, "set_arith(unrounded)");
        TU_CHECK(vccd_feature_get_arith(f)->kind == VCCD_ARITH_UNROUNDED && vccd_feature_get_arith(f)->prec == 53,
                 "unrounded gives kind %d prec %ld", (int)vccd_feature_get_arith(f)->kind,
                 (long)vccd_feature_get_arith(f)->prec);
        /* every backend's feature switched to the next one's arithmetic
           (MPFR workspaces released and made at a new precision) */
        for (int b = 0; b < NB; b++) {
            const vccd_arith *a = &barith[(b + 1) % NB];
            TU_CHECK(vccd_feature_set_arith(lp.f[b], a) == 0, "set_arith");
            TU_CHECK(vccd_feature_get_arith(lp.f[b])->kind == a->kind
                         && vccd_feature_get_arith(lp.f[b])->prec == a->prec,
                     "get_arith after set_arith(%s)", bname[(b + 1) % NB]);
        }
        for (int j = 0; j < 8; j++)
            lin_check_jets(&lp, t_rand());
    }
    lin_clear(&lp);
}
END_TEST

int
main(void)
{
    const TTest *tests[] = {
        test_names, test_api, test_jets_linear, test_jets_rigid, test_jets_cached, test_jets_framed, test_inclusion_touching, test_params,
        test_inclusion_coplanar_miss, test_inclusion_prunes,
    };
    verbose = getenv("VCCD_TEST_VERBOSE") != NULL;
    return tu_main("feature", tests, (int)(sizeof tests / sizeof tests[0]));
}
