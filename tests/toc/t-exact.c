/* t-exact.c -- the time of contact past binary64, checked against an
   exact reference that shares nothing with vccd's solvers (issue 29,
   item 4).

   The queries are those of the CCD benchmark of Wang, Ferguson,
   Schneider, Jiang, Attene and Panozzo, "A Large-scale Benchmark and an
   Inclusion-based Algorithm for Continuous Collision Detection" (ACM TOG
   2021): four points with exact rational coordinates moving linearly,
   p_i(t) = x0_i + t (x1_i - x0_i).  The features can touch only where
   they are coplanar, i.e. at a root of the coplanarity function
       s(t) = (p - a) . ((b - a) x (c - a))       vertex p, face abc
       s(t) = (c - a) . ((b - a) x (d - c))       edges ab and cd,
   a cubic in t with rational coefficients.  The reference works in GMP
   rationals only: the square-free part s / gcd(s, s') has its real roots
   in [0, 1] isolated by Sturm's theorem (the number of distinct roots of
   a square-free P in (l, u), P(l) P(u) != 0, is V(l) - V(u), V the sign
   changes of P's Sturm sequence) and bisection at rational points, each
   root then held as a factor P of s with exactly one, simple, root in an
   open rational interval, or as an exact rational.  Whether the features
   touch at a root r is decided by the signs at r of polynomials in t:
   - vertex-face, with n = (b - a) x (c - a): p is in the closed triangle
     iff the three sub-triangle normals ((b - p) x (c - p)) . n,
     ((c - p) x (a - p)) . n, ((a - p) x (b - p)) . n are >= 0 (they are
     n . n times p's barycentric coordinates);
   - edge-edge, with d1 = b - a, d2 = d - c, m = d1 x d2, N = m . m: the
     lines meet at a + alpha d1 = c + beta d2 with alpha N = ((c - a) x d2)
     . m and beta N = ((c - a) x d1) . m, so the segments touch iff those
     two and N minus each are >= 0.
   A condition's sign at r is decided exactly: it is 0 iff its gcd with
   P changes sign across r's interval (the gcd's roots are P's, and P has
   one root there), and otherwise an enclosure of the condition over the
   interval, refined by bisection, excludes 0.  A root where some
   condition is exactly 0 is a contact on a boundary (a vertex on an
   edge, edges meeting at an end; or a degenerate face, parallel edges,
   where every condition is 0): only the tangency decides there, and the
   query is counted apart.  So are the queries whose contact root is a
   multiple root of s (a tangential touch).

   vccd then answers the same query at mpfr:128 with eps_t = 1e-30
   (taylor-lagrange): on a judged query (the first contact a simple root
   strictly inside) the answer must be certified, [lo, hi] must contain
   the exact root and hi - lo <= eps_t, all decided exactly; elsewhere
   lo <= the first proved contact and a certified box holds a root where
   the features may touch.  A second part builds random linear queries
   around a contact at a random rational time and checks them the same
   way at mpfr:256 with eps_t = 1e-60.

   make check runs the bundled positives (tests/data/sample-queries) and
   tu_iters(RANDOM_CASES) random queries (about a second in all).  Every
   mismatch is printed with the reference's roots, and each part fails
   at its end naming how many.  VCCD_EXACT_QUERIES=DIR runs every *.csv
   under DIR instead of the bundled ones (the benchmark's whole sample
   set); VCCD_EXACT_PREC and VCCD_EXACT_EPS_T run the random part at
   another precision and eps_t. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "testutil.h"

#define RANDOM_CASES 400

/* --- polynomials in t over Q ------------------------------------------------ */

#define MAXD 8
typedef struct {
    int deg;                    /* -1: the zero polynomial */
    mpq_t c[MAXD + 1];
} poly;

static void
p_init(poly *p)
{
    for (int i = 0; i <= MAXD; i++)
        mpq_init(p->c[i]);
    p->deg = -1;
}

static void
p_clear(poly *p)
{
    for (int i = 0; i <= MAXD; i++)
        mpq_clear(p->c[i]);
}

static void
p_norm(poly *p)
{
    while (p->deg >= 0 && mpq_sgn(p->c[p->deg]) == 0)
        p->deg--;
}

static void
p_set(poly *r, const poly *a)
{
    if (r == a)
        return;
    for (int i = 0; i <= MAXD; i++)
        mpq_set(r->c[i], a->c[i]);
    r->deg = a->deg;
}

/* r := x0 + t (x1 - x0) */
static void
p_linear(poly *r, const mpq_t x0, const mpq_t x1)
{
    for (int i = 0; i <= MAXD; i++)
        mpq_set_ui(r->c[i], 0, 1);
    mpq_set(r->c[0], x0);
    mpq_sub(r->c[1], x1, x0);
    r->deg = 1;
    p_norm(r);
}

static void
p_addsub(poly *r, const poly *a, const poly *b, int sub)
{
    int d = a->deg > b->deg ? a->deg : b->deg;
    for (int i = 0; i <= MAXD; i++) {
        if (sub)
            mpq_sub(r->c[i], a->c[i], b->c[i]);
        else
            mpq_add(r->c[i], a->c[i], b->c[i]);
    }
    r->deg = d;
    p_norm(r);
}

static void
p_mul(poly *r, const poly *a, const poly *b)
{
    poly t;
    mpq_t x;
    p_init(&t);
    mpq_init(x);
    if (a->deg >= 0 && b->deg >= 0) {
        ck_assert_int_le(a->deg + b->deg, MAXD);
        for (int i = 0; i <= a->deg; i++)
            for (int j = 0; j <= b->deg; j++) {
                mpq_mul(x, a->c[i], b->c[j]);
                mpq_add(t.c[i + j], t.c[i + j], x);
            }
        t.deg = a->deg + b->deg;
        p_norm(&t);
    }
    p_set(r, &t);
    mpq_clear(x);
    p_clear(&t);
}

static void
p_deriv(poly *r, const poly *a)
{
    poly t;
    mpq_t k;
    p_init(&t);
    mpq_init(k);
    for (int i = 1; i <= a->deg; i++) {
        mpq_set_si(k, i, 1);
        mpq_mul(t.c[i - 1], a->c[i], k);
    }
    t.deg = a->deg - 1;
    p_norm(&t);
    p_set(r, &t);
    mpq_clear(k);
    p_clear(&t);
}

/* q, r := a div b, a mod b (b != 0); q or r may be NULL. */
static void
p_divrem(poly *q, poly *r, const poly *a, const poly *b)
{
    poly qq, rr;
    mpq_t f, x;
    ck_assert_int_ge(b->deg, 0);
    p_init(&qq);
    p_init(&rr);
    mpq_init(f);
    mpq_init(x);
    p_set(&rr, a);
    while (rr.deg >= b->deg) {
        int k = rr.deg - b->deg;
        mpq_div(f, rr.c[rr.deg], b->c[b->deg]);
        mpq_set(qq.c[k], f);
        if (k > qq.deg)
            qq.deg = k;
        for (int i = 0; i <= b->deg; i++) {
            mpq_mul(x, f, b->c[i]);
            mpq_sub(rr.c[i + k], rr.c[i + k], x);
        }
        mpq_set_ui(rr.c[rr.deg], 0, 1);     /* exactly cancelled */
        p_norm(&rr);
    }
    if (q)
        p_set(q, &qq);
    if (r)
        p_set(r, &rr);
    mpq_clear(x);
    mpq_clear(f);
    p_clear(&rr);
    p_clear(&qq);
}

/* g := the monic gcd of a and b (Euclid over Q); 0 when both are 0. */
static void
p_gcd(poly *g, const poly *a, const poly *b)
{
    poly x, y, r;
    p_init(&x);
    p_init(&y);
    p_init(&r);
    p_set(&x, a);
    p_set(&y, b);
    while (y.deg >= 0) {
        p_divrem(NULL, &r, &x, &y);
        p_set(&x, &y);
        p_set(&y, &r);
    }
    if (x.deg >= 0) {
        mpq_t lc;
        mpq_init(lc);
        mpq_set(lc, x.c[x.deg]);
        for (int i = 0; i <= x.deg; i++)
            mpq_div(x.c[i], x.c[i], lc);
        mpq_clear(lc);
    }
    p_set(g, &x);
    p_clear(&r);
    p_clear(&y);
    p_clear(&x);
}

/* The sign of p(x), exactly (Horner in Q). */
static int
p_sgn_at(const poly *p, const mpq_t x)
{
    mpq_t v;
    int s;
    if (p->deg < 0)
        return 0;
    mpq_init(v);
    mpq_set(v, p->c[p->deg]);
    for (int i = p->deg - 1; i >= 0; i--) {
        mpq_mul(v, v, x);
        mpq_add(v, v, p->c[i]);
    }
    s = mpq_sgn(v);
    mpq_clear(v);
    return s;
}

/* An enclosure [*lo, *hi] of p over [l, u], 0 <= l <= u: there t^k
   ranges over [l^k, u^k], so each term c_k t^k over [c_k l^k, c_k u^k]
   (swapped when c_k < 0), and the sum over the sum of the ranges.  It
   shrinks to p(r) as [l, u] shrinks to r. */
static void
p_range(mpq_t lo, mpq_t hi, const poly *p, const mpq_t l, const mpq_t u)
{
    mpq_t pl, pu, a, b;
    mpq_init(pl);
    mpq_init(pu);
    mpq_init(a);
    mpq_init(b);
    mpq_set_ui(lo, 0, 1);
    mpq_set_ui(hi, 0, 1);
    mpq_set_ui(pl, 1, 1);
    mpq_set_ui(pu, 1, 1);
    for (int k = 0; k <= p->deg; k++) {
        mpq_mul(a, p->c[k], pl);
        mpq_mul(b, p->c[k], pu);
        if (mpq_cmp(a, b) > 0)
            mpq_swap(a, b);
        mpq_add(lo, lo, a);
        mpq_add(hi, hi, b);
        mpq_mul(pl, pl, l);
        mpq_mul(pu, pu, u);
    }
    mpq_clear(b);
    mpq_clear(a);
    mpq_clear(pu);
    mpq_clear(pl);
}

/* --- vectors of polynomials -------------------------------------------------- */

typedef struct {
    poly x[3];
} pvec;

static void
v_init(pvec *v)
{
    for (int k = 0; k < 3; k++)
        p_init(&v->x[k]);
}

static void
v_clear(pvec *v)
{
    for (int k = 0; k < 3; k++)
        p_clear(&v->x[k]);
}

static void
v_sub(pvec *r, const pvec *a, const pvec *b)
{
    for (int k = 0; k < 3; k++)
        p_addsub(&r->x[k], &a->x[k], &b->x[k], 1);
}

static void
v_cross(pvec *r, const pvec *a, const pvec *b)
{
    pvec t;
    poly m;
    v_init(&t);
    p_init(&m);
    for (int k = 0; k < 3; k++) {
        int i = (k + 1) % 3, j = (k + 2) % 3;
        p_mul(&t.x[k], &a->x[i], &b->x[j]);
        p_mul(&m, &a->x[j], &b->x[i]);
        p_addsub(&t.x[k], &t.x[k], &m, 1);
    }
    for (int k = 0; k < 3; k++)
        p_set(&r->x[k], &t.x[k]);
    p_clear(&m);
    v_clear(&t);
}

static void
v_dot(poly *r, const pvec *a, const pvec *b)
{
    poly t, m;
    p_init(&t);
    p_init(&m);
    for (int k = 0; k < 3; k++) {
        p_mul(&m, &a->x[k], &b->x[k]);
        p_addsub(&t, &t, &m, 0);
    }
    p_set(r, &t);
    p_clear(&m);
    p_clear(&t);
}

/* --- real roots in [0, 1] ----------------------------------------------------- */

/* A root: exactly the rational l (= u), or the one root, simple, of the
   factor p of s in the open interval (l, u), with p(l) p(u) != 0. */
typedef struct {
    int exact;
    poly p;
    mpq_t l, u;
} root;

#define MAXR 4

typedef struct {
    int n;
    root r[MAXR];
} roots;

static void
roots_init(roots *rs)
{
    rs->n = 0;
    for (int i = 0; i < MAXR; i++) {
        p_init(&rs->r[i].p);
        mpq_init(rs->r[i].l);
        mpq_init(rs->r[i].u);
    }
}

static void
roots_clear(roots *rs)
{
    for (int i = 0; i < MAXR; i++) {
        p_clear(&rs->r[i].p);
        mpq_clear(rs->r[i].l);
        mpq_clear(rs->r[i].u);
    }
}

static root *
roots_add(roots *rs)
{
    ck_assert_int_lt(rs->n, MAXR);
    return &rs->r[rs->n++];
}

/* The sign changes of the Sturm sequence seq[0..n) at x, zeros skipped. */
static int
sturm_var(const poly *seq, int n, const mpq_t x)
{
    int v = 0, last = 0;
    for (int i = 0; i < n; i++) {
        int s = p_sgn_at(&seq[i], x);
        if (s == 0)
            continue;
        if (last && s != last)
            v++;
        last = s;
    }
    return v;
}

/* The distinct roots of the square-free p in (l, u), p(l) p(u) != 0:
   V(l) - V(u) by Sturm's theorem. */
static int
sturm_count(const poly *p, const mpq_t l, const mpq_t u)
{
    poly seq[MAXD + 2];
    int n = 0, c;
    for (int i = 0; i < MAXD + 2; i++)
        p_init(&seq[i]);
    p_set(&seq[n++], p);
    p_deriv(&seq[n], p);
    if (seq[n].deg >= 0)
        n++;
    while (n >= 2 && seq[n - 1].deg > 0) {
        p_divrem(NULL, &seq[n], &seq[n - 2], &seq[n - 1]);
        if (seq[n].deg < 0)
            break;
        for (int i = 0; i <= seq[n].deg; i++)
            mpq_neg(seq[n].c[i], seq[n].c[i]);
        n++;
    }
    c = sturm_var(seq, n, l) - sturm_var(seq, n, u);
    for (int i = 0; i < MAXD + 2; i++)
        p_clear(&seq[i]);
    return c;
}

/* p := p / (t - x), x a root of p. */
static void
deflate(poly *p, const mpq_t x)
{
    poly lin, r;
    p_init(&lin);
    p_init(&r);
    mpq_neg(lin.c[0], x);
    mpq_set_ui(lin.c[1], 1, 1);
    lin.deg = 1;
    p_divrem(p, &r, p, &lin);
    ck_assert_int_lt(r.deg, 0);
    p_clear(&r);
    p_clear(&lin);
}

/* Isolate the roots of the square-free p in (l, u), p(l) p(u) != 0, in
   increasing order: bisect until each interval holds one root; a
   midpoint that is a root is an exact root, deflated out of p, so that
   it is an end (not a root) of the intervals on either side. */
static void
isolate_open(roots *rs, const poly *p, const mpq_t l, const mpq_t u)
{
    int n = sturm_count(p, l, u);
    mpq_t m;
    if (n == 0)
        return;
    if (n == 1) {
        root *r = roots_add(rs);
        r->exact = 0;
        p_set(&r->p, p);
        mpq_set(r->l, l);
        mpq_set(r->u, u);
        return;
    }
    mpq_init(m);
    mpq_add(m, l, u);
    mpq_div_2exp(m, m, 1);
    if (p_sgn_at(p, m) == 0) {
        poly q;
        p_init(&q);
        p_set(&q, p);
        deflate(&q, m);
        isolate_open(rs, &q, l, m);
        {
            root *r = roots_add(rs);
            r->exact = 1;
            mpq_set(r->l, m);
            mpq_set(r->u, m);
        }
        isolate_open(rs, &q, m, u);
        p_clear(&q);
    } else {
        isolate_open(rs, p, l, m);
        isolate_open(rs, p, m, u);
    }
    mpq_clear(m);
}

/* The roots of the square-free p in [0, 1], in increasing order. */
static void
isolate01(roots *rs, const poly *p)
{
    poly q;
    mpq_t zero, one;
    int at0, at1;
    p_init(&q);
    mpq_init(zero);
    mpq_init(one);
    mpq_set_ui(one, 1, 1);
    p_set(&q, p);
    rs->n = 0;
    at0 = p_sgn_at(&q, zero) == 0;
    if (at0) {
        root *r = roots_add(rs);
        r->exact = 1;
        mpq_set_ui(r->l, 0, 1);
        mpq_set_ui(r->u, 0, 1);
        deflate(&q, zero);
    }
    at1 = p_sgn_at(&q, one) == 0;
    if (at1)
        deflate(&q, one);
    isolate_open(rs, &q, zero, one);
    if (at1) {
        root *r = roots_add(rs);
        r->exact = 1;
        mpq_set_ui(r->l, 1, 1);
        mpq_set_ui(r->u, 1, 1);
    }
    mpq_clear(one);
    mpq_clear(zero);
    p_clear(&q);
}

/* One bisection step of r's interval. */
static void
refine_step(root *r)
{
    mpq_t m;
    int s;
    if (r->exact)
        return;
    mpq_init(m);
    mpq_add(m, r->l, r->u);
    mpq_div_2exp(m, m, 1);
    s = p_sgn_at(&r->p, m);
    if (s == 0) {
        r->exact = 1;
        mpq_set(r->l, m);
        mpq_set(r->u, m);
    } else if (s == p_sgn_at(&r->p, r->l)) {
        mpq_set(r->l, m);
    } else {
        mpq_set(r->u, m);
    }
    mpq_clear(m);
}

/* Refine r until u - l < w. */
static void
refine(root *r, const mpq_t w)
{
    mpq_t d;
    mpq_init(d);
    for (;;) {
        mpq_sub(d, r->u, r->l);
        if (r->exact || mpq_cmp(d, w) < 0)
            break;
        refine_step(r);
    }
    mpq_clear(d);
}

/* -1, 0, 1 as the root compares with x, exactly. */
static int
root_cmp_q(const root *r, const mpq_t x)
{
    int s;
    if (r->exact)
        return mpq_cmp(r->l, x) > 0 ? 1 : mpq_cmp(r->l, x) < 0 ? -1 : 0;
    if (mpq_cmp(x, r->l) <= 0)
        return 1;
    if (mpq_cmp(x, r->u) >= 0)
        return -1;
    s = p_sgn_at(&r->p, x);
    if (s == 0)
        return 0;
    /* the sign of p changes once in (l, u), at the root */
    return s == p_sgn_at(&r->p, r->l) ? 1 : -1;
}

/* 1 when c(r) = 0: c's gcd with r's factor p vanishes at r iff it
   changes sign over (l, u) (its roots are p's, p has one there and none
   at the ends). */
static int
zero_at(const poly *c, const root *r)
{
    poly h;
    int z;
    if (c->deg < 0)
        return 1;
    if (r->exact)
        return p_sgn_at(c, r->l) == 0;
    p_init(&h);
    p_gcd(&h, c, &r->p);
    z = h.deg >= 1 && p_sgn_at(&h, r->l) != p_sgn_at(&h, r->u);
    p_clear(&h);
    return z;
}

/* The sign of c at r, exactly: 0 by zero_at, else refine a copy of r
   until c's enclosure over the interval excludes 0. */
static int
sgn_at_root(const poly *c, const root *r0)
{
    root r;
    mpq_t lo, hi;
    int s = 0;
    if (zero_at(c, r0))
        return 0;
    if (r0->exact)
        return p_sgn_at(c, r0->l);
    p_init(&r.p);
    mpq_init(r.l);
    mpq_init(r.u);
    mpq_init(lo);
    mpq_init(hi);
    r.exact = 0;
    p_set(&r.p, &r0->p);
    mpq_set(r.l, r0->l);
    mpq_set(r.u, r0->u);
    for (int it = 0; it < 100000 && s == 0; it++) {
        if (r.exact) {
            s = p_sgn_at(c, r.l);
            break;
        }
        p_range(lo, hi, c, r.l, r.u);
        if (mpq_sgn(lo) > 0)
            s = 1;
        else if (mpq_sgn(hi) < 0)
            s = -1;
        else
            refine_step(&r);
    }
    ck_assert_msg(s != 0, "sgn_at_root: no decision (a zero missed by zero_at)");
    mpq_clear(hi);
    mpq_clear(lo);
    mpq_clear(r.u);
    mpq_clear(r.l);
    p_clear(&r.p);
    return s;
}

/* --- the reference ------------------------------------------------------------ */

/* What the features do at a root of s. */
enum { AT_OUTSIDE, AT_INSIDE, AT_BOUNDARY, AT_UNDECIDED };
/* A query's class. */
enum { Q_JUDGED, Q_BOUNDARY, Q_MULTIPLE, Q_SKIPPED, Q_NOCONTACT };
static const char *const q_name[] = { "judged", "boundary", "multiple", "skipped (s = 0)", "no contact" };

typedef struct {
    int cls;
    roots rs;                   /* s's distinct roots in [0, 1] */
    int at[MAXR];               /* AT_* at each */
    int mult[MAXR];             /* a multiple root of s */
    int first;                  /* index of the first proved contact, -1 none */
} reference;

/* x[r][k]: coordinate k of row r (rows 0-3 at t = 0, 4-7 at t = 1). */
static void
reference_solve(reference *ref, vccd_feature_kind kind, mpq_t x[8][3])
{
    pvec P[4], e1, e2, e3, m, w;
    poly s, ds, g, q, nz, cond[4], tmp;
    int ncond;

    for (int i = 0; i < 4; i++) {
        v_init(&P[i]);
        for (int k = 0; k < 3; k++)
            p_linear(&P[i].x[k], x[i][k], x[4 + i][k]);
    }
    v_init(&e1);
    v_init(&e2);
    v_init(&e3);
    v_init(&m);
    v_init(&w);
    p_init(&s);
    p_init(&ds);
    p_init(&g);
    p_init(&q);
    p_init(&nz);
    p_init(&tmp);
    for (int i = 0; i < 4; i++)
        p_init(&cond[i]);

    if (kind == VCCD_FEATURE_VF) {
        /* p, a, b, c = P[0..3]; n = (b - a) x (c - a) in m */
        v_sub(&e1, &P[2], &P[1]);
        v_sub(&e2, &P[3], &P[1]);
        v_cross(&m, &e1, &e2);
        v_sub(&e3, &P[0], &P[1]);
        v_dot(&s, &e3, &m);
        v_dot(&nz, &m, &m);
        for (int j = 0; j < 3; j++) {
            /* ((x_j - p) x (x_{j+1} - p)) . n for (b, c), (c, a), (a, b) */
            int a = 1 + (j + 1) % 3, b = 1 + (j + 2) % 3;
            v_sub(&e1, &P[a], &P[0]);
            v_sub(&e2, &P[b], &P[0]);
            v_cross(&w, &e1, &e2);
            v_dot(&cond[j], &w, &m);
        }
        ncond = 3;
    } else {
        /* edges a b = P[0] P[1] and c d = P[2] P[3]: d1 = b - a in e1,
           d2 = d - c in e2, m = d1 x d2, c - a in e3 */
        v_sub(&e1, &P[1], &P[0]);
        v_sub(&e2, &P[3], &P[2]);
        v_cross(&m, &e1, &e2);
        v_sub(&e3, &P[2], &P[0]);
        v_dot(&s, &e3, &m);
        v_dot(&nz, &m, &m);
        v_cross(&w, &e3, &e2);
        v_dot(&cond[0], &w, &m);                /* alpha N */
        v_cross(&w, &e3, &e1);
        v_dot(&cond[1], &w, &m);                /* beta N */
        p_addsub(&cond[2], &nz, &cond[0], 1);   /* (1 - alpha) N */
        p_addsub(&cond[3], &nz, &cond[1], 1);   /* (1 - beta) N */
        ncond = 4;
    }

    ref->first = -1;
    ref->rs.n = 0;
    if (s.deg < 0) {
        ref->cls = Q_SKIPPED;
    } else {
        int undecided_before = 0;
        p_deriv(&ds, &s);
        p_gcd(&g, &s, &ds);
        p_divrem(&q, NULL, &s, &g);     /* the square-free part */
        isolate01(&ref->rs, &q);
        for (int i = 0; i < ref->rs.n; i++) {
            root *r = &ref->rs.r[i];
            int neg = 0, zero = 0;
            ref->mult[i] = g.deg >= 1 && zero_at(&g, r);
            for (int j = 0; j < ncond; j++) {
                int sg = sgn_at_root(&cond[j], r);
                neg |= sg < 0;
                zero |= sg == 0;
            }
            ref->at[i] = neg ? AT_OUTSIDE : !zero ? AT_INSIDE : !zero_at(&nz, r) ? AT_BOUNDARY : AT_UNDECIDED;
            if (ref->first < 0 && (ref->at[i] == AT_INSIDE || ref->at[i] == AT_BOUNDARY))
                ref->first = i;
            if (ref->first < 0 && ref->at[i] == AT_UNDECIDED)
                undecided_before = 1;
        }
        if (ref->first < 0)
            ref->cls = undecided_before ? Q_BOUNDARY : Q_NOCONTACT;
        else if (ref->mult[ref->first])
            ref->cls = Q_MULTIPLE;
        else if (undecided_before || ref->at[ref->first] != AT_INSIDE)
            ref->cls = Q_BOUNDARY;
        else
            ref->cls = Q_JUDGED;
    }

    for (int i = 0; i < 4; i++)
        p_clear(&cond[i]);
    p_clear(&tmp);
    p_clear(&nz);
    p_clear(&q);
    p_clear(&g);
    p_clear(&ds);
    p_clear(&s);
    v_clear(&w);
    v_clear(&m);
    v_clear(&e3);
    v_clear(&e2);
    v_clear(&e1);
    for (int i = 0; i < 4; i++)
        v_clear(&P[i]);
}

/* --- vccd against the reference ------------------------------------------------ */

typedef struct {
    long n[5];
    long cert, total;
    long bad;                   /* mismatches, each printed */
    double secs;
} counts;

/* A mismatch: printed in full (the query, vccd's answer, the reference),
   counted, and the part fails at its end naming how many; so that one
   run lists them all. */
#define MISMATCH(cn, cond, ...)                                                  \
    do {                                                                         \
        tu_nchecks++;                                                            \
        if (!(cond)) {                                                           \
            (cn)->bad++;                                                         \
            printf("t-exact: MISMATCH: " __VA_ARGS__);                           \
            printf("\n    reference: %s\n", ref_text(ref));                     \
            fflush(stdout);                                                      \
        }                                                                        \
    } while (0)

/* A root as text for messages: its interval refined below 1e-40, in
   decimal. */
static const char *
root_text(const root *r0)
{
    static char buf[4][200];
    static int k;
    char *b = buf[k++ % 4];
    root r;
    mpq_t w;
    mpfr_t a, c;
    p_init(&r.p);
    mpq_init(r.l);
    mpq_init(r.u);
    mpq_init(w);
    mpfr_inits2(160, a, c, (mpfr_ptr)0);
    r.exact = r0->exact;
    p_set(&r.p, &r0->p);
    mpq_set(r.l, r0->l);
    mpq_set(r.u, r0->u);
    mpq_set_str(w, "1/10000000000000000000000000000000000000000", 10);     /* 1e-40 */
    refine(&r, w);
    mpfr_set_q(a, r.l, MPFR_RNDD);
    mpfr_set_q(c, r.u, MPFR_RNDU);
    if (r.exact)
        gmp_snprintf(b, 200, "t = %Qd exactly", r.l);
    else
        mpfr_snprintf(b, 200, "t in [%.45Rg, %.45Rg]", a, c);
    mpfr_clears(a, c, (mpfr_ptr)0);
    mpq_clear(w);
    mpq_clear(r.u);
    mpq_clear(r.l);
    p_clear(&r.p);
    return b;
}

/* The reference's roots of s in [0, 1], each with what the features do
   there ("<- first contact" marks the first proved contact). */
static const char *
ref_text(const reference *ref)
{
    static const char *const at_name[] = { "outside", "inside", "on the boundary", "undecided (degenerate)" };
    static char buf[1200];
    size_t n = 0;
    n += (size_t)snprintf(buf + n, sizeof buf - n, "%s; %d root(s) of s in [0, 1]", q_name[ref->cls], ref->rs.n);
    for (int i = 0; i < ref->rs.n && n < sizeof buf; i++)
        n += (size_t)snprintf(buf + n, sizeof buf - n, "%s %s: %s%s%s", i ? ";" : ":", root_text(&ref->rs.r[i]),
                              at_name[ref->at[i]], ref->mult[i] ? ", multiple" : "",
                              i == ref->first ? " <- first contact" : "");
    return buf;
}

/* Solve the query x (as text, x[3 r + k]) with vccd at arith, eps_t and
   check the answer against ref; where names it in failures. */
static void
check_query(counts *cn, const char *where, vccd_feature_kind kind, char *const *xs, const reference *ref,
            mpfr_prec_t prec, double eps_t)
{
    vccd_solve_opts o;
    vccd_error e;
    vccd_toc_linear_ctx *c;
    vccd_toc_answer a;
    mpfr_t t;
    mpq_t lo, hi, w, eps;
    struct timespec t0, t1;

    cn->n[ref->cls]++;
    cn->total++;
    if (ref->cls == Q_SKIPPED)
        return;
    vccd_solve_opts_init(&o);
    o.arith = (vccd_arith){ VCCD_ARITH_MPFR, prec };
    o.eps_t = eps_t;
    c = vccd_toc_linear_ctx_new(kind, &o, &e);
    if (!c)
        tu_fail("%s: context: %s", where, e.msg);
    if (vccd_toc_linear_ctx_set_str(c, xs, &e) != 0)
        tu_fail("%s: set_str: %s", where, e.msg);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (vccd_toc_linear_ctx_solve(&a, NULL, c, &e) != 0)
        tu_fail("%s: solve: %s", where, e.msg);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    cn->secs += (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    vccd_toc_linear_ctx_free(c);

    /* the answer's ends, exactly, as rationals */
    mpfr_init2(t, VCCD_TIME_PREC_MAX);
    mpq_inits(lo, hi, w, eps, (mpq_ptr)0);
    TU_CHECK(vccd_time_prec(&a.lo_exact) <= VCCD_TIME_PREC_MAX && vccd_time_prec(&a.hi_exact) <= VCCD_TIME_PREC_MAX,
             "%s: time precision", where);
    vccd_time_get_mpfr(t, &a.lo_exact, a.lo, MPFR_RNDN);
    mpfr_get_q(lo, t);
    vccd_time_get_mpfr(t, &a.hi_exact, a.hi, MPFR_RNDN);
    mpfr_get_q(hi, t);
    mpq_sub(w, hi, lo);
    mpq_set_d(eps, eps_t);      /* the double eps_t, exactly */
    if (a.status == VCCD_TOC_CERTIFIED)
        cn->cert++;

    {
        char los[VCCD_TIME_STR_MAX], his[VCCD_TIME_STR_MAX];
        const char *st = a.status == VCCD_TOC_CERTIFIED ? "certified" : a.status == VCCD_TOC_NONE ? "none" : "possible";
        vccd_time_snprint(los, sizeof los, &a.lo_exact, a.lo, MPFR_RNDD, 0);
        vccd_time_snprint(his, sizeof his, &a.hi_exact, a.hi, MPFR_RNDU, 0);
        MISMATCH(cn, a.rigorous, "%s: not rigorous", where);
        if (ref->cls == Q_JUDGED) {
            /* the first contact is a simple root strictly inside: vccd
               must certify it to eps_t */
            const root *r = &ref->rs.r[ref->first];
            MISMATCH(cn, a.status == VCCD_TOC_CERTIFIED, "%s: status %s [%s, %s]%s, %s, want certified", where, st,
                     los, his, a.limited ? " (limited)" : "",
                     root_cmp_q(r, hi) > 0 ? "wholly before t*" : root_cmp_q(r, lo) >= 0 ? "holding t*" : "after t*");
            if (a.status == VCCD_TOC_CERTIFIED) {
                MISMATCH(cn, root_cmp_q(r, lo) >= 0 && root_cmp_q(r, hi) <= 0,
                         "%s: certified [%s, %s] misses the first contact %s", where, los, his, root_text(r));
                MISMATCH(cn, mpq_cmp(w, eps) <= 0, "%s: certified [%s, %s] wider than eps_t = %g", where, los, his,
                         eps_t);
            } else {
                MISMATCH(cn, root_cmp_q(r, lo) >= 0, "%s: lo = %s passes the first contact %s", where, los,
                         root_text(r));
            }
        } else {
            /* [0, lo) holds no proved contact, and none is not an answer
               when there is one */
            if (ref->first >= 0) {
                const root *r = &ref->rs.r[ref->first];
                MISMATCH(cn, a.status != VCCD_TOC_NONE, "%s (%s): status none, but %s is a contact", where,
                         q_name[ref->cls], root_text(r));
                MISMATCH(cn, root_cmp_q(r, lo) >= 0, "%s (%s): lo = %s passes the contact %s", where, q_name[ref->cls],
                         los, root_text(r));
            }
            /* a certified box holds a root where the features may touch */
            if (a.status == VCCD_TOC_CERTIFIED) {
                int in = 0;
                for (int i = 0; i < ref->rs.n; i++)
                    in |= ref->at[i] != AT_OUTSIDE && root_cmp_q(&ref->rs.r[i], lo) >= 0
                          && root_cmp_q(&ref->rs.r[i], hi) <= 0;
                MISMATCH(cn, in, "%s (%s): certified [%s, %s] holds no root of s where the features touch", where,
                         q_name[ref->cls], los, his);
                MISMATCH(cn, mpq_cmp(w, eps) <= 0, "%s: certified [%s, %s] wider than eps_t = %g", where, los, his,
                         eps_t);
            }
        }
    }
    mpq_clears(lo, hi, w, eps, (mpq_ptr)0);
    mpfr_clear(t);
}

static void
print_counts(const char *what, const counts *cn)
{
    printf("t-exact: %s: %ld queries: judged %ld, boundary %ld, multiple %ld, skipped %ld, no contact %ld; "
           "%ld certified; %ld mismatches; vccd %.2f s\n",
           what, cn->total, cn->n[Q_JUDGED], cn->n[Q_BOUNDARY], cn->n[Q_MULTIPLE], cn->n[Q_SKIPPED],
           cn->n[Q_NOCONTACT], cn->cert, cn->bad, cn->secs);
    fflush(stdout);
}

/* --- part 1: the benchmark's positives --------------------------------------- */

static int
cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Append the *.csv files under dir to *v (n, cap). */
static void
find_csv(const char *dir, char ***v, int *n, int *cap)
{
    DIR *d = opendir(dir);
    struct dirent *de;
    if (!d)
        tu_fail("%s: cannot open the directory", dir);
    while ((de = readdir(d))) {
        char path[4096];
        struct stat sb;
        size_t len = strlen(de->d_name);
        if (de->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        if (stat(path, &sb) != 0)
            continue;
        if (S_ISDIR(sb.st_mode)) {
            find_csv(path, v, n, cap);
        } else if (len > 4 && strcmp(de->d_name + len - 4, ".csv") == 0) {
            if (*n == *cap) {
                *cap = *cap ? 2 * *cap : 16;
                *v = realloc(*v, (size_t)*cap * sizeof **v);
                ck_assert_ptr_nonnull(*v);
            }
            (*v)[(*n)++] = strdup(path);
        }
    }
    closedir(d);
}

START_TEST(sample_positives)
{
    const char *src = getenv("srcdir") ? getenv("srcdir") : ".";
    const char *dir = getenv("VCCD_EXACT_QUERIES");
    char bundled[4096];
    char **files = NULL;
    int nf = 0, cap = 0;
    counts cn;
    mpq_t x[8][3];

    memset(&cn, 0, sizeof cn);
    if (!dir || !*dir) {
        snprintf(bundled, sizeof bundled, "%s/tests/data/sample-queries/unit-tests", src);
        dir = bundled;
    }
    find_csv(dir, &files, &nf, &cap);
    TU_CHECK(nf > 0, "%s: no *.csv", dir);
    qsort(files, (size_t)nf, sizeof *files, cmp_str);
    printf("t-exact: seed %lu; positives of %d files under %s at mpfr:128, eps_t = 1e-30\n", tu_seed, nf, dir);
    for (int r = 0; r < 8; r++)
        for (int k = 0; k < 3; k++)
            mpq_init(x[r][k]);
    for (int f = 0; f < nf; f++) {
        vccd_queries qs;
        vccd_error e;
        memset(&qs, 0, sizeof qs);
        if (vccd_queries_read(&qs, files[f], -1, &e) != 0)
            tu_fail("%s", e.msg);
        for (long i = 0; i < qs.n; i++) {
            vccd_query *qq = &qs.q[i];
            char *xs[24];
            char where[4200];
            reference ref;
            if (!qq->truth)
                continue;
            for (int r = 0; r < 8; r++)
                for (int k = 0; k < 3; k++) {
                    xs[3 * r + k] = qq->coord[r][k];
                    if (mpq_set_str(x[r][k], qq->coord[r][k], 10) != 0)
                        tu_fail("%s:%d: coordinate '%s'", files[f], qq->line, qq->coord[r][k]);
                    mpq_canonicalize(x[r][k]);
                }
            snprintf(where, sizeof where, "%s:%d (query %ld, %s)", files[f], qq->line, i,
                     qs.kind == VCCD_FEATURE_VF ? "vertex-face" : "edge-edge");
            roots_init(&ref.rs);
            reference_solve(&ref, qs.kind, x);
            check_query(&cn, where, qs.kind, xs, &ref, 128, 1e-30);
            roots_clear(&ref.rs);
        }
        vccd_queries_clear(&qs);
        free(files[f]);
    }
    free(files);
    for (int r = 0; r < 8; r++)
        for (int k = 0; k < 3; k++)
            mpq_clear(x[r][k]);
    print_counts("sample positives", &cn);
    TU_CHECK(cn.bad == 0, "sample positives: %ld mismatches (each printed above with its file and line)", cn.bad);
    TU_CHECK(cn.n[Q_NOCONTACT] == 0, "%ld positives where the reference proves no contact", cn.n[Q_NOCONTACT]);
}
END_TEST

/* --- part 2: random linear queries with a contact built in ------------------- */

/* The random queries come in four flavours, each kind in turn:
   PLAIN: small rationals (denominators <= 64), the contact at a random
   time well inside the face / both edges; DYADIC: coordinates in
   [-1, 1] with denominator 2^52 (the benchmark's doubles) and a time
   k / 2^53; NEAR: the contact within 2^-60 .. 2^-30 of the face's edge
   or an edge's end, at a time that close to 0 or 1; ON: the contact
   exactly on the face's edge or vertex, or at an edge's end (the
   reference counts these as boundary). */
enum { F_PLAIN, F_DYADIC, F_NEAR, F_ON };
static const char *const f_name[] = { "plain", "dyadic", "near the boundary", "on the boundary" };

/* A random coordinate of flavour f. */
static void
rand_coord(mpq_t x, int f)
{
    if (f == F_DYADIC) {
        mpz_t z;
        mpz_init(z);
        mpz_urandomb(z, tu_rand, 53);           /* (z - 2^52) / 2^52 in [-1, 1) */
        mpz_sub_ui(z, z, 1UL << 52);
        mpq_set_z(x, z);
        mpq_div_2exp(x, x, 52);
        mpq_canonicalize(x);
        mpz_clear(z);
        return;
    }
    mpq_set_si(x, (long)(tu_ulong() % 2001) - 1000, 1 + tu_ulong() % 64);
    mpq_canonicalize(x);
}

/* 2^-e, e uniform in [30, 60]. */
static void
rand_tiny(mpq_t x)
{
    mpq_set_ui(x, 1, 1);
    mpq_div_2exp(x, x, 30 + (unsigned long)(tu_ulong() % 31));
}

/* A random number strictly inside (0, 1) of flavour f (for NEAR and ON,
   the PLAIN one: the flavour's boundary is put in by the caller). */
static void
rand_unit(mpq_t x, int f)
{
    if (f == F_DYADIC) {
        mpq_set_ui(x, 1 + tu_ulong() % ((1UL << 53) - 1), 1);
        mpq_div_2exp(x, x, 53);
        return;
    }
    unsigned long d = 2 + tu_ulong() % 1000;
    mpq_set_ui(x, 1 + tu_ulong() % (d - 1), d);
    mpq_canonicalize(x);
}

/* x := 1 - x */
static void
one_minus(mpq_t x)
{
    mpq_t one;
    mpq_init(one);
    mpq_set_ui(one, 1, 1);
    mpq_sub(x, one, x);
    mpq_clear(one);
}

/* x1 := x0 + (xc - x0) / tc: the linear motion from x0 through xc at tc. */
static void
through(mpq_t x1, const mpq_t x0, const mpq_t xc, const mpq_t tc)
{
    mpq_sub(x1, xc, x0);
    mpq_div(x1, x1, tc);
    mpq_add(x1, x1, x0);
}

/* x(tc) of row pair (r, r + 4), coordinate k. */
static void
at_time(mpq_t v, mpq_t x[8][3], int r, int k, const mpq_t tc)
{
    mpq_sub(v, x[4 + r][k], x[r][k]);
    mpq_mul(v, v, tc);
    mpq_add(v, v, x[r][k]);
}

/* Free what mpq_get_str allocated, with GMP's own allocator. */
static void
gmp_free(void *p, size_t n)
{
    void (*f)(void *, size_t);
    mp_get_memory_functions(NULL, NULL, &f);
    f(p, n);
}

START_TEST(random_built_in)
{
    long n = tu_iters(RANDOM_CASES);
    /* VCCD_EXACT_PREC / VCCD_EXACT_EPS_T: the same queries at another
       precision and eps_t (the settings are 256 and 1e-60) */
    mpfr_prec_t prec = getenv("VCCD_EXACT_PREC") ? strtol(getenv("VCCD_EXACT_PREC"), NULL, 10) : 256;
    double eps_t = getenv("VCCD_EXACT_EPS_T") ? strtod(getenv("VCCD_EXACT_EPS_T"), NULL) : 1e-60;
    counts cn;
    mpq_t x[8][3], tc, l1, l2, v, v2, X[3], D[3];
    char *xs[24];

    memset(&cn, 0, sizeof cn);
    for (int r = 0; r < 8; r++)
        for (int k = 0; k < 3; k++)
            mpq_init(x[r][k]);
    mpq_inits(tc, l1, l2, v, v2, X[0], X[1], X[2], D[0], D[1], D[2], (mpq_ptr)0);
    printf("t-exact: seed %lu; %ld random queries (VCCD_TEST_MULTIPLIER) at mpfr:%ld, eps_t = %g\n", tu_seed, n,
           (long)prec, eps_t);
    for (long i = 0; i < n; i++) {
        vccd_feature_kind kind = i % 2 ? VCCD_FEATURE_EE : VCCD_FEATURE_VF;
        int f = (int)(i / 2 % 4);
        reference ref;
        char where[300];

        /* the time of the built-in contact */
        rand_unit(tc, f);
        if (f == F_NEAR) {
            rand_tiny(tc);
            if (tu_ulong() % 2)
                one_minus(tc);
        }
        /* the points other than those put through the contact, free */
        for (int r = 0; r < 8; r++)
            for (int k = 0; k < 3; k++)
                rand_coord(x[r][k], f);
        if (kind == VCCD_FEATURE_VF) {
            /* p(tc) := c(tc) + l1 (a(tc) - c(tc)) + l2 (b(tc) - c(tc)): the
               barycentric coordinates l1, l2, 1 - l1 - l2 all positive,
               one of them tiny (NEAR), or zero (ON: on an edge, or at a
               vertex one time in four) */
            rand_unit(l1, f);
            rand_unit(l2, f);
            if (f == F_NEAR || f == F_ON) {
                if (f == F_NEAR)
                    rand_tiny(l1);
                else
                    mpq_set_ui(l1, 0, 1);
                if (f == F_ON && tu_ulong() % 4 == 0)
                    mpq_set_ui(l2, tu_ulong() % 2, 1);
            }
            /* l1 + l2 < 1 (<= 1 when ON): else l2 := (1 - l1) l2 */
            mpq_add(v, l1, l2);
            if (mpq_cmp_ui(v, 1, 1) > 0 || (mpq_cmp_ui(v, 1, 1) == 0 && f != F_ON)) {
                mpq_set(v, l1);
                one_minus(v);
                mpq_mul(l2, l2, v);
            }
            for (int k = 0; k < 3; k++) {
                at_time(v, x, 3, k, tc);
                mpq_set(X[k], v);
                at_time(v2, x, 1, k, tc);
                mpq_sub(v2, v2, v);
                mpq_mul(v2, v2, l1);
                mpq_add(X[k], X[k], v2);
                at_time(v2, x, 2, k, tc);
                mpq_sub(v2, v2, v);
                mpq_mul(v2, v2, l2);
                mpq_add(X[k], X[k], v2);
                through(x[4][k], x[0][k], X[k], tc);
            }
        } else {
            /* X := a(tc) + l1 (b(tc) - a(tc)); edge c d through X at tc:
               c(tc) = X - l2 D, d(tc) = X + (1 - l2) D; l2 tiny or
               1 - tiny (NEAR), 0 or 1 (ON) */
            rand_unit(l1, f);
            rand_unit(l2, f);
            if (f == F_NEAR) {
                rand_tiny(l2);
                if (tu_ulong() % 2)
                    one_minus(l2);
            } else if (f == F_ON) {
                mpq_set_ui(l2, tu_ulong() % 2, 1);
            }
            for (int k = 0; k < 3; k++) {
                at_time(v, x, 0, k, tc);
                at_time(v2, x, 1, k, tc);
                mpq_sub(v2, v2, v);
                mpq_mul(v2, v2, l1);
                mpq_add(X[k], v, v2);
                rand_coord(D[k], f);
                mpq_mul(v, D[k], l2);
                mpq_sub(v, X[k], v);
                through(x[6][k], x[2][k], v, tc);
                mpq_add(v, v, D[k]);
                through(x[7][k], x[3][k], v, tc);
            }
        }
        for (int r = 0; r < 8; r++)
            for (int k = 0; k < 3; k++)
                xs[3 * r + k] = mpq_get_str(NULL, 10, x[r][k]);
        gmp_snprintf(where, sizeof where, "random query %ld (%s, %s, built-in contact at t = %Qd)", i,
                     kind == VCCD_FEATURE_VF ? "vertex-face" : "edge-edge", f_name[f], tc);
        roots_init(&ref.rs);
        reference_solve(&ref, kind, x);
        /* the built-in contact is a contact: the reference finds one no
           later, or a degenerate root before it */
        TU_CHECK(ref.first >= 0 || ref.cls == Q_BOUNDARY, "%s: the reference finds no contact", where);
        if (ref.first >= 0)
            TU_CHECK(root_cmp_q(&ref.rs.r[ref.first], tc) <= 0, "%s: the reference's first contact is after it",
                     where);
        check_query(&cn, where, kind, xs, &ref, prec, eps_t);
        roots_clear(&ref.rs);
        for (int j = 0; j < 24; j++)
            gmp_free(xs[j], strlen(xs[j]) + 1);
    }
    mpq_clears(tc, l1, l2, v, v2, X[0], X[1], X[2], D[0], D[1], D[2], (mpq_ptr)0);
    for (int r = 0; r < 8; r++)
        for (int k = 0; k < 3; k++)
            mpq_clear(x[r][k]);
    print_counts("random", &cn);
    TU_CHECK(cn.bad == 0, "random: %ld mismatches (each printed above)", cn.bad);
}
END_TEST

int
main(void)
{
    const TTest *tests[] = { sample_positives, random_built_in };
    return tu_main("exact", tests, (int)(sizeof tests / sizeof tests[0]));
}
