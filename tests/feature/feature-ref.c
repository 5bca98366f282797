/* feature-ref.c -- the references the t-feature* tests share
   (feature-ref.h); none of it uses lib/feature. */
#include "feature-ref.h"

const vccd_arith barith[NB] = {
    { VCCD_ARITH_BINARY64, 53 }, { VCCD_ARITH_MPFR, 53 }, { VCCD_ARITH_MPFR, 113 }, { VCCD_ARITH_MPFR, 256 },
};
const char *const bname[NB] = { "binary64", "mpfr:53", "mpfr:113", "mpfr:256" };

const vccd_feature_kind kinds[3] = { VCCD_FEATURE_VF, VCCD_FEATURE_EE, VCCD_FEATURE_VE2D };

/* Written out rather than vccd_feature_kind_npoints, which test_names
   checks. */
int
npoints(vccd_feature_kind k)
{
    return k == VCCD_FEATURE_VE2D ? 3 : 4;
}

/* s = u . (e1 x e2) with each vector the difference of two of the pair's
   points, as feature.h defines them; -1 marks the 2D e2 = z. */
const int vec_pts[3][3][2] = {
    { { 0, 1 }, { 2, 1 }, { 3, 1 } },           /* VF: p - a, b - a, c - a */
    { { 2, 0 }, { 1, 0 }, { 3, 2 } },           /* EE: c - a, b - a, d - c */
    { { 0, 1 }, { 2, 1 }, { -1, -1 } },         /* VE2D: p - a, b - a, z */
};

/* The six terms sign * a[i] b[j] c[k] of det(a, b, c). */
const int det_terms[6][4] = {
    { 0, 1, 2, 1 }, { 1, 2, 0, 1 }, { 2, 0, 1, 1 }, { 0, 2, 1, -1 }, { 2, 1, 0, -1 }, { 1, 0, 2, -1 },
};

/* The pair under test (kind and motion config text), for failure
   messages. */
char ctx[8192];

int verbose;

/* --- random numbers ------------------------------------------------------ */

/* Uniform in [lo, hi]. */
long
rnd_int(long lo, long hi)
{
    return lo + (long)(tu_ulong() % (unsigned long)(hi - lo + 1));
}

int rnd_one_in(unsigned long n) { return tu_ulong() % n == 0; }

double rnd_sym(double s) { return s * (2.0 * tu_unit() - 1.0); }

/* r := k / 2^bits, k uniform in [lo, hi]: grid numbers keep the sums and
   products of the scene constructions short enough for a config line. */
void
q_k(mpq_t r, long lo, long hi, int bits)
{
    mpq_set_si(r, rnd_int(lo, hi), 1);
    mpq_div_2exp(r, r, (mp_bitcnt_t)bits);
}

/* A grid number in [-range, range] with step 2^-bits. */
void
q_grid(mpq_t r, long range, int bits)
{
    q_k(r, -(range << bits), range << bits, bits);
}

/* A rational in about [-scale, scale] with one of a few denominators:
   1/3 and 1/7919 have no finite binary expansion, so the motion's
   parameters are proper intervals on every backend. */
void
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
const char *
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

void qv_init(mpq_t *v) { for (int i = 0; i < 3; i++) mpq_init(v[i]); }
void qv_clear(mpq_t *v) { for (int i = 0; i < 3; i++) mpq_clear(v[i]); }
void qv_set(mpq_t *r, mpq_t *a) { for (int i = 0; i < 3; i++) mpq_set(r[i], a[i]); }
void qv_zero(mpq_t *r) { for (int i = 0; i < 3; i++) mpq_set_ui(r[i], 0, 1); }
void qv_sub(mpq_t *r, mpq_t *a, mpq_t *b) { for (int i = 0; i < 3; i++) mpq_sub(r[i], a[i], b[i]); }

/* r := a + s b (r may be a, not b). */
void
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
void
qv_grid(mpq_t *r, long range, int bits, int dim)
{
    for (int i = 0; i < 3; i++)
        if (i < dim)
            q_grid(r[i], range, bits);
        else
            mpq_set_ui(r[i], 0, 1);
}

int qv_is_zero(mpq_t *a) { return !mpq_sgn(a[0]) && !mpq_sgn(a[1]) && !mpq_sgn(a[2]); }

/* a x b = 0: parallel, or one of them zero. */
int
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


void poly_init(poly *p) { for (int i = 0; i < 4; i++) mpq_init(p->c[i]); }
void poly_clear(poly *p) { for (int i = 0; i < 4; i++) mpq_clear(p->c[i]); }
void poly_zero(poly *p) { for (int i = 0; i < 4; i++) mpq_set_ui(p->c[i], 0, 1); }

/* r += sign a b (r distinct from a, b); s is a cubic, so a degree above
   3 is a bug of this file. */
void
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
void
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
int
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
int
di_has_mi(vccd_di a, const vccd_mi_struct *r)
{
    if (isnan(a.lo) || isnan(a.hi) || !(a.lo <= a.hi) || vccd_mi_is_empty(r))
        return 0;
    return mpfr_cmp_d(&r->lo, a.lo) >= 0 && mpfr_cmp_d(&r->hi, a.hi) <= 0;
}

/* --- times ------------------------------------------------------------------ */

/* A time interval in [0, 1]: a point (often 0 or 1), a few ulps or 2^-k
   wide, random, or the whole step. */
vccd_di
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
double
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
double
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
vccd_di
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
int
jet_order(void)
{
    unsigned long r = tu_ulong() % 8;
    return r == 0 ? 0 : r == 1 ? 1 : 2;
}

/* --- feature pairs under vertex-linear motion --------------------------------- */

/* Point i at time t is x[i] + d[i] t; one motion moves all points, vertex
   i being point i.  With e10 != 0 every coordinate is an integer times
   10^e10 (for the 1e-200 and 1e100 scenes). */

void
lin_init(lin_pair *lp)
{
    memset(lp, 0, sizeof *lp);
    for (int i = 0; i < 4; i++) {
        qv_init(lp->x[i]);
        qv_init(lp->d[i]);
    }
    poly_init(&lp->s);
}

void
lin_release(lin_pair *lp)
{
    for (int b = 0; b < NB; b++) {
        vccd_feature_free(lp->f[b]);
        lp->f[b] = NULL;
    }
    vccd_motion_free(lp->m);
    lp->m = NULL;
}

void
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
size_t
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
void
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
void
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
const char *
arith_of(const vccd_feature *f)
{
    static char buf[4][32];
    static int k;
    return vccd_arith_name(buf[k++ & 3], (int)sizeof buf[0], vccd_feature_get_arith(f));
}

/* Every backend's jet over T encloses s^(k)(t) at the sample times. */
void
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
const char *const lj_name[LJ_N] = {
    "generic", "near-degenerate", "degenerate at the ends", "zero-length edge", "1e6 with 1e-3 features",
    "1e-200", "1e100", "at rest", "coplanar throughout",
};

/* For each kind, the point that makes the pair degenerate when put on a
   line: {target, base, from, to} with target = base + lambda (to - from):
   VF the collinear triangle (c on line ab), EE parallel edges (d - c
   along b - a), VE2D the vertex on the edge's line. */
const int degen_pts[3][4] = { { 3, 1, 1, 2 }, { 3, 2, 0, 1 }, { 0, 1, 1, 2 } };
/* The edge made zero-length: VF's ab (a point triangle side), EE's ab, VE2D's ab. */
const int zero_edge[3][2] = { { 1, 2 }, { 0, 1 }, { 1, 2 } };

/* Random positions at t = 0 (into x) and t = 1 (into d, then turned into
   the displacement) of class cls. */
void
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
