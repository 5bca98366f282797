/* cubic.c -- the coplanarity cubic of a pair on straight lines (cubic.h). */
#include "apriori.h"
#include "ball.h"
#include "cubic.h"

/* Exact zeros are kept exact: a product with an exact 0 is exactly 0,
   and 0 + x is x.  The outward step of di.h would make them +-2^-1074,
   and subnormal operands cost about a hundred cycles a product; a pair at
   rest or translating without turning has zero slopes, so that whole
   coefficients vanish (measured: 30% of the n-body step's queries' time
   went to such products). */
static inline int is0(vccd_di a) { return a.lo == 0.0 && a.hi == 0.0; }
static inline vccd_di mul0(vccd_di a, vccd_di b) { return is0(a) || is0(b) ? vccd_di_set_d(0.0) : vccd_di_mul(a, b); }
static inline vccd_di add0(vccd_di a, vccd_di b) { return is0(a) ? b : is0(b) ? a : vccd_di_add(a, b); }

/* The products of thin enclosures (the coefficients, the terms) are
   midpoint-radius balls (ball.h): a tenth of the endpoint form's cost. */
typedef vccd_ball_vec3 bvec3;

static inline void
bset(bvec3 *r, const vccd_di_vec3 *a)
{
    for (int k = 0; k < 3; k++)
        r->c[k] = vccd_ball_set_di(a->c[k]);
}

/* a x b and a . b, each component one vccd_ball_dot */
static void
bcross(bvec3 *r, const bvec3 *a, const bvec3 *b)
{
    bvec3 x;
    for (int k = 0; k < 3; k++) {
        int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
        vccd_ball p[2] = { a->c[k1], a->c[k2] }, q[2] = { b->c[k2], vccd_ball_neg(b->c[k1]) };
        x.c[k] = vccd_ball_dot(p, q, 2);
    }
    *r = x;
}

static inline vccd_ball
bdot(const bvec3 *a, const bvec3 *b)
{
    return vccd_ball_dot(a->c, b->c, 3);
}

/* a . b + c . d */
static inline vccd_ball
bdot2(const bvec3 *a, const bvec3 *b, const bvec3 *c, const bvec3 *d)
{
    vccd_ball p[6] = { a->c[0], a->c[1], a->c[2], c->c[0], c->c[1], c->c[2] },
              q[6] = { b->c[0], b->c[1], b->c[2], d->c[0], d->c[1], d->c[2] };
    return vccd_ball_dot(p, q, 6);
}

static inline void
badd3(bvec3 *r, const bvec3 *a, const bvec3 *b)
{
    for (int k = 0; k < 3; k++)
        r->c[k] = vccd_ball_add(a->c[k], b->c[k]);
}

void
vccd_feature_cubic_sub(vccd_di_vec3 *r, const vccd_di_vec3 *a, const vccd_di_vec3 *b)
{
    for (int k = 0; k < 3; k++) {
        vccd_di x = a->c[k], y = b->c[k];
        r->c[k] = x.lo == x.hi && y.lo == y.hi && x.lo == y.lo ? vccd_di_set_d(0.0) : vccd_di_sub(x, y);
    }
}

/* a x b and a . b as a priori values (apriori.h) */
static inline void
across(vccd_apriori r[3], const vccd_apriori a[3], const vccd_apriori b[3])
{
    for (int k = 0; k < 3; k++) {
        int i = k == 2 ? 0 : k + 1, j = k == 0 ? 2 : k - 1;
        r[k] = vccd_apriori_sub(vccd_apriori_mul(a[i], b[j]), vccd_apriori_mul(a[j], b[i]));
    }
}

static inline vccd_apriori
adot(const vccd_apriori a[3], const vccd_apriori b[3])
{
    return vccd_apriori_add(vccd_apriori_add(vccd_apriori_mul(a[0], b[0]), vccd_apriori_mul(a[1], b[1])),
                            vccd_apriori_mul(a[2], b[2]));
}

void
vccd_feature_cubic_init(vccd_feature_cubic *q, const vccd_di_vec3 base[3], const vccd_di_vec3 slope[3])
{
    bvec3 b0[3], b1[3], n[3], a, b;
    vccd_ball c[4];

    q->terms_n = 0;
    for (int v = 0; v < 3; v++) {
        bset(&q->bbase[v], &base[v]);
        bset(&q->bslope[v], &slope[v]);
        b0[v] = q->bbase[v];
        b1[v] = q->bslope[v];
    }
    /* n = e1 x e2 = e1_0 x e2_0 + t (e1_0 x de2 + de1 x e2_0) + t^2 de1 x de2.
       By the chain of fused ball operations, not a priori (apriori.h):
       that bound, from the terms' absolute values, was wider where the
       cross products cancel, and Tight-Inclusion's sample queries had
       4 near misses more left possible (68 against 64) */
    bcross(&n[0], &b0[1], &b0[2]);
    bcross(&a, &b0[1], &b1[2]);
    bcross(&b, &b1[1], &b0[2]);
    badd3(&n[1], &a, &b);
    bcross(&n[2], &b1[1], &b1[2]);
    /* s = u . n: c_k = u0 . n_k + du . n_(k-1) */
    c[0] = bdot(&b0[0], &n[0]);
    for (int k = 1; k < 3; k++)
        c[k] = bdot2(&b0[0], &n[k], &b1[0], &n[k - 1]);
    c[3] = bdot(&b1[0], &n[2]);
    for (int k = 0; k < 3; k++)
        q->nb[k] = n[k];
    for (int k = 0; k < 4; k++) {
        q->c[k] = vccd_ball_get_di(c[k]);
        q->h0[k] = c[k];
    }
    /* 2 c2 and 3 c3: exact scalings of the midpoints, the radii rounded
       as a product's */
    q->h1[0] = c[1];
    q->h1[1] = vccd_ball_mul(c[2], (vccd_ball){ 2.0, 0.0 });
    q->h1[2] = vccd_ball_mul(c[3], (vccd_ball){ 3.0, 0.0 });
    q->h0kind = vccd_ball_horner_kind(q->h0, 3);
    q->h1kind = vccd_ball_horner_kind(q->h1, 2);
    q->c2x2 = is0(q->c[2]) ? q->c[2] : vccd_di_mul_d(q->c[2], 2.0);
    q->c3x3 = is0(q->c[3]) ? q->c[3] : vccd_di_mul_d(q->c[3], 3.0);
    q->c3x6 = is0(q->c[3]) ? q->c[3] : vccd_di_mul_d(q->c[3], 6.0);
}

static inline vccd_di
horner0(const vccd_feature_cubic *q, vccd_di t)
{
    const vccd_di *c = q->c;
    return add0(mul0(add0(mul0(add0(mul0(c[3], t), c[2]), t), c[1]), t), c[0]);
}

static inline vccd_di
horner1(const vccd_feature_cubic *q, vccd_di t)
{
    return add0(mul0(add0(mul0(q->c3x3, t), q->c2x2), t), q->c[1]);
}

/* The same at a point t, in balls (ball.h): Horner's rule on the
   coefficients' balls as one operation. */
static inline vccd_di
horner0_at(const vccd_feature_cubic *q, double t)
{
    return vccd_ball_get_di(vccd_ball_horner(q->h0, 3, q->h0kind, t));
}

static inline vccd_di
horner1_at(const vccd_feature_cubic *q, double t)
{
    return vccd_ball_get_di(vccd_ball_horner(q->h1, 2, q->h1kind, t));
}

/* *r := the hull of the values at a box's two ends: 1, or 0 when either
   is not an interval (di.h makes none from intervals, but hull would
   drop a NaN or empty one as neutral), for the caller to take the value
   over the box instead. */
static inline int
ends(vccd_di *r, vccd_di a, vccd_di b)
{
    if (!(a.lo <= a.hi) || !(b.lo <= b.hi))
        return 0;
    *r = vccd_di_hull(a, b);
    return 1;
}

void
vccd_feature_cubic_jet(vccd_di *s, const vccd_feature_cubic *q, vccd_di t, int order)
{
    /* Horner's rule: s = ((c3 t + c2) t + c1) t + c0, s' = (3 c3 t + 2 c2) t
       + c1, s'' = 6 c3 t + 2 c2, which holds t once: its range over a box
       up to the coefficients' width.  On a box where a derivative has no
       zero, the function below it is monotone for every choice of the
       coefficients in their enclosures, so its range there is the hull of
       its values at the two ends: Horner's rule at a point, much tighter
       than over the box, where the terms' ranges add up. */
    vccd_di d2, d1;
    if (t.lo == t.hi) {
        /* a point: only what was asked for */
        s[0] = horner0_at(q, t.lo);
        if (order >= 1)
            s[1] = horner1_at(q, t.lo);
        if (order >= 2)
            s[2] = add0(vccd_di_mul_d(q->c3x6, t.lo), q->c2x2);
        return;
    }
    d2 = add0(mul0(q->c3x6, t), q->c2x2);
    if (!((d2.lo > 0.0 || d2.hi < 0.0) && ends(&d1, horner1_at(q, t.lo), horner1_at(q, t.hi))))
        d1 = horner1(q, t);
    if (!((d1.lo > 0.0 || d1.hi < 0.0) && ends(&s[0], horner0_at(q, t.lo), horner0_at(q, t.hi))))
        s[0] = horner0(q, t);
    if (order >= 1)
        s[1] = d1;
    if (order >= 2)
        s[2] = d2;
}

/* r[0..4] := the coefficients of M . N for the quadratics M = m0 + m1 t
   + m2 t^2 and N likewise: r_k = sum of m_i . n_j over i + j = k. */
static void
poly_dot(vccd_ball r[5], const bvec3 m[3], const bvec3 n[3])
{
    int have[5] = { 0 };
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            vccd_ball d = bdot(&m[i], &n[j]);
            r[i + j] = have[i + j] ? vccd_ball_add(r[i + j], d) : d;
            have[i + j] = 1;
        }
}

/* r[0..4] := the coefficients of (A x B) . N for A = a0 + t a1,
   B = b0 + t b1 and N = n0 + n1 t + n2 t^2. */
static void
triple4(vccd_ball r[5], const bvec3 *a0, const bvec3 *a1, const bvec3 *b0, const bvec3 *b1, const bvec3 n[3])
{
    bvec3 m[3], x;
    bcross(&m[0], a0, b0);
    bcross(&m[1], a0, b1);
    bcross(&x, a1, b0);
    badd3(&m[1], &m[1], &x);
    bcross(&m[2], a1, b1);
    poly_dot(r, m, n);
}

void
vccd_feature_cubic_terms_init(vccd_feature_cubic *q, int kind, const vccd_di_vec3 base[4],
                              const vccd_di_vec3 slope[4])
{
    /* x_j - x_i as base and slope */
#define DIFF(v, j, i)                                                     \
    do {                                                                  \
        vccd_di_vec3 d_;                                                  \
        vccd_feature_cubic_sub(&d_, &base[j], &base[i]);                  \
        bset(&v##0, &d_);                                                 \
        vccd_feature_cubic_sub(&d_, &slope[j], &slope[i]);                \
        bset(&v##1, &d_);                                                 \
    } while (0)
    bvec3 e10, e11, e20, e21, w0, w1, g0, g1, h0, h1;
    const bvec3 *n = q->nb;
    vccd_ball t[4][5], nn[5];
    if (kind == 0) {                    /* p, a, b, c */
        DIFF(e1, 2, 1);
        DIFF(e2, 3, 1);
        DIFF(w, 0, 1);                  /* p - a */
        DIFF(g, 2, 0);                  /* b - p */
        DIFF(h, 3, 0);                  /* c - p */
        triple4(t[0], &w0, &w1, &e20, &e21, n);     /* weight of b */
        triple4(t[1], &e10, &e11, &w0, &w1, n);     /* weight of c */
        triple4(t[2], &g0, &g1, &h0, &h1, n);       /* weight of a */
        q->terms_n = 3;
    } else {                            /* a, b, c, d */
        DIFF(e1, 1, 0);
        DIFF(e2, 3, 2);
        DIFF(w, 2, 0);                  /* c - a */
        DIFF(g, 1, 2);                  /* b - c */
        DIFF(h, 3, 0);                  /* d - a */
        triple4(t[0], &w0, &w1, &e20, &e21, n);     /* u |n|^2 */
        triple4(t[1], &g0, &g1, &e20, &e21, n);     /* (1 - u) |n|^2 */
        triple4(t[2], &w0, &w1, &e10, &e11, n);     /* v |n|^2 */
        triple4(t[3], &e10, &e11, &h0, &h1, n);     /* (1 - v) |n|^2 */
        q->terms_n = 4;
    }
#undef DIFF
    /* |n|^2 is the sum of the first two terms' polynomials for edge-edge
       (u + (1 - u) = 1), of all three for vertex-face (the weights sum to
       1): exactly, as polynomials, so the sum of their enclosures
       encloses it, at 5 additions instead of 9 dot products. */
    for (int k = 0; k < 5; k++) {
        nn[k] = vccd_ball_add(t[0][k], t[1][k]);
        if (kind == 0)
            nn[k] = vccd_ball_add(nn[k], t[2][k]);
        q->nn[k] = vccd_ball_get_di(nn[k]);
        for (int i = 0; i < q->terms_n; i++)
            q->terms[i][k] = vccd_ball_get_di(t[i][k]);
    }
}

/* sum r[k] t^k by Horner's rule (t appears once) */
static inline vccd_di
horner4(const vccd_di r[5], vccd_di t)
{
    vccd_di x = r[4];
    for (int k = 3; k >= 0; k--)
        x = add0(mul0(x, t), r[k]);
    return x;
}

int
vccd_feature_cubic_terms_at(vccd_di *qt, vccd_di *nn, const vccd_feature_cubic *q, int kind, vccd_di t)
{
    bvec3 x[3], n, m;
    vccd_ball tb = vccd_ball_set_di(t), b[4], bn;
    vccd_apriori y[3][3];
    int ok = 1;
    /* u, e1, e2 over t: base + t slope holds them for every t in t and
       every base and slope in their enclosures */
    for (int v = 0; v < 3; v++)
        for (int k = 0; k < 3; k++) {
            x[v].c[k] = vccd_ball_addmul(q->bbase[v].c[k], q->bslope[v].c[k], tb);
            ok &= vccd_apriori_set(&y[v][k], x[v].c[k]);
        }
    if (ok) {
        /* bounded a priori (apriori.h): each term a sum of monomials of 4
           inputs, each through 7 rounded operations (two cross products'
           components, 2 each, their product, not multiplied further, and
           a dot product's two sums) */
        vccd_apriori an[3], am[3];
        across(an, y[1], y[2]);
        bn = vccd_apriori_ball(adot(an, an));
        across(am, y[0], y[2]);
        b[0] = vccd_apriori_ball(adot(am, an));                    /* (u x e2) . n */
        if (kind == 0)
            across(am, y[1], y[0]);                                 /* (e1 x u) . n */
        else
            across(am, y[0], y[1]);                                 /* (u x e1) . n */
        b[1 + kind] = vccd_apriori_ball(adot(am, an));
    } else {
        /* an input out of the a priori range: the chain of balls */
        bcross(&n, &x[1], &x[2]);
        bn = bdot(&n, &n);
        bcross(&m, &x[0], &x[2]);
        b[0] = bdot(&m, &n);
        if (kind == 0)
            bcross(&m, &x[1], &x[0]);
        else
            bcross(&m, &x[0], &x[1]);
        b[1 + kind] = bdot(&m, &n);
    }
    if (kind == 0) {                    /* weights of b, c, a times |n|^2 */
        b[2] = vccd_ball_sub(vccd_ball_sub(bn, b[0]), b[1]);
    } else {                            /* u, 1 - u, v, 1 - v times |n|^2 */
        b[1] = vccd_ball_sub(bn, b[0]);
        b[3] = vccd_ball_sub(bn, b[2]);
    }
    *nn = vccd_ball_get_di(bn);
    for (int i = 0; i < 3 + kind; i++)
        qt[i] = vccd_ball_get_di(b[i]);
    return 3 + kind;
}

int
vccd_feature_cubic_terms(vccd_di *qt, vccd_di *nn, const vccd_feature_cubic *q, vccd_di t)
{
    for (int i = 0; i < q->terms_n; i++)
        qt[i] = horner4(q->terms[i], t);
    *nn = horner4(q->nn, t);
    return q->terms_n;
}
