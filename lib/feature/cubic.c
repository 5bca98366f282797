/* cubic.c -- the coplanarity cubic of a pair on straight lines (cubic.h). */
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
static inline vccd_di sub0(vccd_di a, vccd_di b) { return is0(b) ? a : is0(a) ? vccd_di_neg(b) : vccd_di_sub(a, b); }
/* a t for a time t >= 0: two end products (mul_nonneg keeps an exact
   0 exact); four for any other t. */
static inline vccd_di mult(vccd_di a, vccd_di t) { return t.lo >= 0.0 ? vccd_di_mul_nonneg(a, t) : mul0(a, t); }

static void
cross0(vccd_di_vec3 *r, const vccd_di_vec3 *a, const vccd_di_vec3 *b)
{
    vccd_di_vec3 x;
    for (int k = 0; k < 3; k++) {
        int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
        x.c[k] = sub0(mul0(a->c[k1], b->c[k2]), mul0(a->c[k2], b->c[k1]));
    }
    *r = x;
}

static inline vccd_di
dot0(const vccd_di_vec3 *a, const vccd_di_vec3 *b)
{
    return add0(add0(mul0(a->c[0], b->c[0]), mul0(a->c[1], b->c[1])), mul0(a->c[2], b->c[2]));
}

static inline void
add3(vccd_di_vec3 *r, const vccd_di_vec3 *a, const vccd_di_vec3 *b)
{
    for (int k = 0; k < 3; k++)
        r->c[k] = add0(a->c[k], b->c[k]);
}

void
vccd_feature_cubic_sub(vccd_di_vec3 *r, const vccd_di_vec3 *a, const vccd_di_vec3 *b)
{
    for (int k = 0; k < 3; k++) {
        vccd_di x = a->c[k], y = b->c[k];
        r->c[k] = x.lo == x.hi && y.lo == y.hi && x.lo == y.lo ? vccd_di_set_d(0.0) : vccd_di_sub(x, y);
    }
}

void
vccd_feature_cubic_init(vccd_feature_cubic *q, const vccd_di_vec3 base[3], const vccd_di_vec3 slope[3])
{
    vccd_di_vec3 *n = q->n, a, b;

    q->terms_n = 0;
    for (int v = 0; v < 3; v++) {
        q->base[v] = base[v];
        q->slope[v] = slope[v];
    }
    /* n = e1 x e2 = e1_0 x e2_0 + t (e1_0 x de2 + de1 x e2_0) + t^2 de1 x de2 */
    cross0(&n[0], &base[1], &base[2]);
    cross0(&a, &base[1], &slope[2]);
    cross0(&b, &slope[1], &base[2]);
    add3(&n[1], &a, &b);
    cross0(&n[2], &slope[1], &slope[2]);
    /* s = u . n: c_k = u0 . n_k + du . n_(k-1) */
    q->c[0] = dot0(&base[0], &n[0]);
    for (int k = 1; k < 3; k++)
        q->c[k] = add0(dot0(&base[0], &n[k]), dot0(&slope[0], &n[k - 1]));
    q->c[3] = dot0(&slope[0], &n[2]);
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

/* The same at a point t: each product of an interval by a double, two
   end products instead of four (mul_d keeps an exact 0 exact). */
static inline vccd_di
horner0_at(const vccd_feature_cubic *q, double t)
{
    const vccd_di *c = q->c;
    return add0(vccd_di_mul_d(add0(vccd_di_mul_d(add0(vccd_di_mul_d(c[3], t), c[2]), t), c[1]), t), c[0]);
}

static inline vccd_di
horner1_at(const vccd_feature_cubic *q, double t)
{
    return add0(vccd_di_mul_d(add0(vccd_di_mul_d(q->c3x3, t), q->c2x2), t), q->c[1]);
}

/* The hull of the values at a box's two ends, or, should either not be
   an interval (di.h makes none from intervals, but hull would drop a NaN
   or empty one as neutral), the value over the box. */
static inline vccd_di
ends_or(vccd_di a, vccd_di b, vccd_di box)
{
    if (!(a.lo <= a.hi) || !(b.lo <= b.hi))
        return box;
    return vccd_di_hull(a, b);
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
    d1 = horner1(q, t);
    if (d2.lo > 0.0 || d2.hi < 0.0)
        d1 = ends_or(horner1_at(q, t.lo), horner1_at(q, t.hi), d1);
    if (d1.lo > 0.0 || d1.hi < 0.0)
        s[0] = ends_or(horner0_at(q, t.lo), horner0_at(q, t.hi), horner0(q, t));
    else
        s[0] = horner0(q, t);
    if (order >= 1)
        s[1] = d1;
    if (order >= 2)
        s[2] = d2;
}

/* r[0..4] := the coefficients of M . N for the quadratics M = m0 + m1 t
   + m2 t^2 and N likewise: r_k = sum of m_i . n_j over i + j = k. */
static void
poly_dot(vccd_di r[5], const vccd_di_vec3 m[3], const vccd_di_vec3 n[3])
{
    int have[5] = { 0 };
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            vccd_di d = dot0(&m[i], &n[j]);
            r[i + j] = have[i + j] ? add0(r[i + j], d) : d;
            have[i + j] = 1;
        }
}

/* r[0..4] := the coefficients of (A x B) . N for A = a0 + t a1,
   B = b0 + t b1 and N = n0 + n1 t + n2 t^2. */
static void
triple4(vccd_di r[5], const vccd_di_vec3 *a0, const vccd_di_vec3 *a1, const vccd_di_vec3 *b0,
        const vccd_di_vec3 *b1, const vccd_di_vec3 n[3])
{
    vccd_di_vec3 m[3], x;
    cross0(&m[0], a0, b0);
    cross0(&m[1], a0, b1);
    cross0(&x, a1, b0);
    add3(&m[1], &m[1], &x);
    cross0(&m[2], a1, b1);
    poly_dot(r, m, n);
}

void
vccd_feature_cubic_terms_init(vccd_feature_cubic *q, int kind, const vccd_di_vec3 base[4],
                              const vccd_di_vec3 slope[4])
{
    /* x_j - x_i as base and slope */
#define DIFF(v, j, i)                                                     \
    do {                                                                  \
        vccd_feature_cubic_sub(&v##0, &base[j], &base[i]);                \
        vccd_feature_cubic_sub(&v##1, &slope[j], &slope[i]);              \
    } while (0)
    vccd_di_vec3 e10, e11, e20, e21, w0, w1, g0, g1, h0, h1;
    const vccd_di_vec3 *n = q->n;
    if (kind == 0) {                    /* p, a, b, c */
        DIFF(e1, 2, 1);
        DIFF(e2, 3, 1);
        DIFF(w, 0, 1);                  /* p - a */
        DIFF(g, 2, 0);                  /* b - p */
        DIFF(h, 3, 0);                  /* c - p */
        triple4(q->terms[0], &w0, &w1, &e20, &e21, n);      /* weight of b */
        triple4(q->terms[1], &e10, &e11, &w0, &w1, n);      /* weight of c */
        triple4(q->terms[2], &g0, &g1, &h0, &h1, n);        /* weight of a */
        q->terms_n = 3;
    } else {                            /* a, b, c, d */
        DIFF(e1, 1, 0);
        DIFF(e2, 3, 2);
        DIFF(w, 2, 0);                  /* c - a */
        DIFF(g, 1, 2);                  /* b - c */
        DIFF(h, 3, 0);                  /* d - a */
        triple4(q->terms[0], &w0, &w1, &e20, &e21, n);      /* u |n|^2 */
        triple4(q->terms[1], &g0, &g1, &e20, &e21, n);      /* (1 - u) |n|^2 */
        triple4(q->terms[2], &w0, &w1, &e10, &e11, n);      /* v |n|^2 */
        triple4(q->terms[3], &e10, &e11, &h0, &h1, n);      /* (1 - v) |n|^2 */
        q->terms_n = 4;
    }
#undef DIFF
    /* |n|^2 is the sum of the first two terms' polynomials for edge-edge
       (u + (1 - u) = 1), of all three for vertex-face (the weights sum to
       1): exactly, as polynomials, so the sum of their enclosures
       encloses it, at 5 additions instead of 9 dot products. */
    for (int k = 0; k < 5; k++) {
        q->nn[k] = add0(q->terms[0][k], q->terms[1][k]);
        if (kind == 0)
            q->nn[k] = add0(q->nn[k], q->terms[2][k]);
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
    vccd_di_vec3 x[3], n, m;
    /* u, e1, e2 over t: base + t slope holds them for every t in t and
       every base and slope in their enclosures */
    for (int v = 0; v < 3; v++)
        for (int k = 0; k < 3; k++)
            x[v].c[k] = add0(q->base[v].c[k], mult(q->slope[v].c[k], t));
    cross0(&n, &x[1], &x[2]);
    *nn = dot0(&n, &n);
    cross0(&m, &x[0], &x[2]);
    qt[0] = dot0(&m, &n);                                   /* (u x e2) . n */
    if (kind == 0) {                    /* weights of b, c, a times |n|^2 */
        cross0(&m, &x[1], &x[0]);
        qt[1] = dot0(&m, &n);                               /* (e1 x u) . n */
        qt[2] = sub0(sub0(*nn, qt[0]), qt[1]);
        return 3;
    }
    /* u, 1 - u, v, 1 - v times |n|^2 */
    qt[1] = sub0(*nn, qt[0]);
    cross0(&m, &x[0], &x[1]);
    qt[2] = dot0(&m, &n);                                   /* (u x e1) . n */
    qt[3] = sub0(*nn, qt[2]);
    return 4;
}

int
vccd_feature_cubic_terms(vccd_di *qt, vccd_di *nn, const vccd_feature_cubic *q, vccd_di t)
{
    for (int i = 0; i < q->terms_n; i++)
        qt[i] = horner4(q->terms[i], t);
    *nn = horner4(q->nn, t);
    return q->terms_n;
}
