/* piece_impl.h -- the distance pieces of a feature pair (feature.h:
   slab, capsules, spheres) and their constraint terms, written once over
   the backends (included per backend by lib/feature/feature.c, after
   feature_impl.h, whose state and Leibniz products they use).

   Every piece reads only u, e1, e2 of the last evaluation
   (feature_vectors: V[v][k] the k-th derivative of vector v), so it
   shares the tight relative enclosures of s: the points are taken
   relative to one of them (piece_rel).  Squared
   forms only: no square root, and the margin enters as d^2. */

#ifndef VB_PFX
#error "include through lib/feature/feature.c"
#endif

#include "vccd/tpl.h"
#define VP_V3 VCCD_TPL_FN(vec3)
/* jets of a vector: 3 temporaries of 3 components */
#define VP_TMP_JET(name, v, ref)                                           \
    VB_TMP_N(name##0, (v)[0].c, 3, ref);                                    \
    VB_TMP_N(name##1, (v)[1].c, 3, ref);                                    \
    VB_TMP_N(name##2, (v)[2].c, 3, ref)

/* r[k] := (w . w)^(k), k <= order: 2 w.w' and 2 (w'.w' + w.w''), with
   squares where a factor repeats, so that zero-containing components
   stay tight. */
static void
VCCD_TPL_FN(piece_norm2_jet)(VB_T *r, const VP_V3 *w, int order)
{
    VB_TMP(c, &r[0]);
    VCCD_TPL_FN(vec3_norm2)(&r[0], &w[0]);
    if (order >= 1) {
        VCCD_TPL_FN(vec3_dot)(&r[1], &w[0], &w[1]);
        VB_MUL_2EXP(&r[1], &r[1], 1);
    }
    if (order >= 2) {
        VCCD_TPL_FN(vec3_norm2)(&r[2], &w[1]);
        VCCD_TPL_FN(vec3_dot)(c, &w[0], &w[2]);
        VB_ADD(&r[2], &r[2], c);
        VB_MUL_2EXP(&r[2], &r[2], 1);
    }
}

/* r[k] := (a^2)^(k) of a scalar jet a: a^2, 2 a a', 2 (a'^2 + a a''). */
static void
VCCD_TPL_FN(piece_sqr_jet)(VB_T *r, const VB_T *a, int order)
{
    VB_TMP(c, &r[0]);
    VB_SQR(&r[0], &a[0]);
    if (order >= 1) {
        VB_MUL(&r[1], &a[0], &a[1]);
        VB_MUL_2EXP(&r[1], &r[1], 1);
    }
    if (order >= 2) {
        VB_SQR(&r[2], &a[1]);
        VB_MUL(c, &a[0], &a[2]);
        VB_ADD(&r[2], &r[2], c);
        VB_MUL_2EXP(&r[2], &r[2], 1);
    }
}

/* The pair's points relative to one of them, from u, e1, e2, per kind
   (feature_vector_points): vertex-face p = u, a = 0, b = e1, c = e2;
   edge-edge a = 0, b = e1, c = u, d = u + e2; vertex-edge p = u, a = 0,
   b = e1.  {v, w}: the sum of vectors v and w (-1: none). */
static const int VCCD_TPL_FN(piece_rel)[3][4][2] = {
    { { 0, -1 }, { -1, -1 }, { 1, -1 }, { 2, -1 } },
    { { -1, -1 }, { 1, -1 }, { 0, -1 }, { 0, 2 } },
    { { 0, -1 }, { -1, -1 }, { 1, -1 }, { -1, -1 } },
};

/* The points of each piece, per kind: a capsule is point i against the
   segment (j, k), a sphere is point i against point j. */
static const int VCCD_TPL_FN(piece_points)[3][8][3] = {
    { { 0, 1, 2 }, { 0, 2, 3 }, { 0, 3, 1 }, { 0, 0, 0 }, { 0, 1, 0 }, { 0, 2, 0 }, { 0, 3, 0 }, { 0, 0, 0 } },
    { { 2, 0, 1 }, { 3, 0, 1 }, { 0, 2, 3 }, { 1, 2, 3 }, { 0, 2, 0 }, { 0, 3, 0 }, { 1, 2, 0 }, { 1, 3, 0 } },
    { { 0, 1, 2 }, { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 }, { 0, 1, 0 }, { 0, 2, 0 }, { 0, 0, 0 }, { 0, 0, 0 } },
};

/* r[k] := jets (k <= order) of point i relative to the reference point. */
static void
VCCD_TPL_FN(piece_point)(VP_V3 *r, VP_V3 (*V)[3], vccd_feature_kind kind, int i, int order)
{
    const int *v = VCCD_TPL_FN(piece_rel)[kind][i];
    for (int k = 0; k <= order; k++) {
        if (v[0] < 0)
            VCCD_TPL_FN(vec3_set_d)(&r[k], 0.0, 0.0, 0.0);
        else if (v[1] < 0)
            VCCD_TPL_FN(vec3_set)(&r[k], &V[v[0]][k]);
        else
            VCCD_TPL_FN(vec3_add)(&r[k], &V[v[0]][k], &V[v[1]][k]);
    }
}

/* Row of piece p (CAPSULE_k or SPHERE_k) in piece_points. */
static inline int VCCD_TPL_FN(piece_row)(vccd_feature_piece p)
{
    return p >= VCCD_PIECE_SPHERE_0 ? 4 + (int)(p - VCCD_PIECE_SPHERE_0) : (int)(p - VCCD_PIECE_CAPSULE_0);
}

/* w := point i - point j of piece p, and e := point k - point j for a
   capsule (jets up to order). */
static void
VCCD_TPL_FN(piece_edge)(VP_V3 *w, VP_V3 *e, VP_V3 (*V)[3], vccd_feature_kind kind, vccd_feature_piece p, int order)
{
    VP_V3 P[3];
    const VB_T *ref = &V[0][0].c[0];
    const int *ijk = VCCD_TPL_FN(piece_points)[kind][VCCD_TPL_FN(piece_row)(p)];
    VP_TMP_JET(p_l, P, ref);
    VCCD_TPL_FN(piece_point)(P, V, kind, ijk[1], order);
    VCCD_TPL_FN(piece_point)(w, V, kind, ijk[0], order);
    for (int i = 0; i <= order; i++)
        VCCD_TPL_FN(vec3_sub)(&w[i], &w[i], &P[i]);
    if (e) {
        VCCD_TPL_FN(piece_point)(e, V, kind, ijk[2], order);
        for (int i = 0; i <= order; i++)
            VCCD_TPL_FN(vec3_sub)(&e[i], &e[i], &P[i]);
    }
}

/* g[k], k <= order: piece p (not COPLANAR) with margin d over the time
   of V's evaluation, as binary64 intervals rounded outward.  A root of g
   is a time at which the features are d apart along the piece (with its
   constraints); g > 0: farther along it. */
static void
VCCD_TPL_FN(piece_jet)(vccd_di *g, VP_V3 (*V)[3], vccd_feature_kind kind, vccd_feature_piece p, double d, int order)
{
    /* c zeroed: gcc 12 cannot see that every branch reading c[k] set it
       first (-Wmaybe-uninitialized, since vec3_cross builds its result
       by value) */
    VP_V3 w[3], e[3], c[3] = { 0 };
    VB_T a[3], b[3], D[1], r[1];
    const VB_T *ref = &V[0][0].c[0];
    VP_TMP_JET(w_l, w, ref);
    VP_TMP_JET(e_l, e, ref);
    VP_TMP_JET(c_l, c, ref);
    VB_TMP_N(a_l, a, 3, ref);
    VB_TMP_N(b_l, b, 3, ref);
    VB_TMP_N(d_l, D, 1, ref);
    VB_TMP_N(r_l, r, 1, ref);

    VB_SET_D(D, d);
    VB_SQR(D, D);
    if (p == VCCD_PIECE_SLAB) {
        /* (u.n)^2 - d^2 |n|^2, n = e1 x e2 */
        for (int k = 0; k <= order; k++)
            VCCD_TPL_FN(feature_cross_leibniz)(&c[k], V[1], V[2], k);
        for (int k = 0; k <= order; k++)
            VCCD_TPL_FN(feature_dot_leibniz)(&b[k], V[0], c, k);
        VCCD_TPL_FN(piece_sqr_jet)(a, b, order);
        VCCD_TPL_FN(piece_norm2_jet)(b, c, order);
    } else if (p >= VCCD_PIECE_SPHERE_0) {
        /* |u - P_j|^2 - d^2 */
        VCCD_TPL_FN(piece_edge)(w, NULL, V, kind, p, order);
        VCCD_TPL_FN(piece_norm2_jet)(a, w, order);
        VB_SET_D(&b[0], 1.0);
        for (int k = 1; k <= order; k++)
            VB_SET_D(&b[k], 0.0);
    } else {
        /* |w x e|^2 - d^2 |e|^2 */
        VCCD_TPL_FN(piece_edge)(w, e, V, kind, p, order);
        for (int k = 0; k <= order; k++)
            VCCD_TPL_FN(feature_cross_leibniz)(&c[k], w, e, k);
        VCCD_TPL_FN(piece_norm2_jet)(a, c, order);
        VCCD_TPL_FN(piece_norm2_jet)(b, e, order);
    }
    for (int k = 0; k <= order; k++) {
        VB_MUL(r, D, &b[k]);
        VB_SUB(r, &a[k], r);
        g[k] = VB_GET_DI(r);
    }
}

/* The constraint terms of piece p at V[.][0] (order 0 over T): q[0..n)
   all >= 0 (with *nn > 0) iff the constraints hold, each scaled by
   *nn = |n|^2 (slab) or |e|^2 (capsule); the slab's are the barycentric
   coordinates of the vertex's projection on the face (VF), or the two
   edges' closest-point parameters and their complements (EE), the
   formulas of feature_incl_terms on relative points.  A sphere has no
   constraint (n = 0, *nn = 1). */
static int
VCCD_TPL_FN(piece_terms)(vccd_di *q, vccd_di *nn, VP_V3 (*V)[3], vccd_feature_kind kind, vccd_feature_piece p)
{
    VP_V3 w[1], e[1], n, x;
    VB_T r[1];
    const VB_T *ref = &V[0][0].c[0];
    const VP_V3 *u = &V[0][0], *e1 = &V[1][0], *e2 = &V[2][0];
    int nq = 0;
    VB_TMP_N(w_l, w[0].c, 3, ref);
    VB_TMP_N(e_l, e[0].c, 3, ref);
    VB_TMP_N(n_l, n.c, 3, ref);
    VB_TMP_N(x_l, x.c, 3, ref);
    VB_TMP_N(r_l, r, 1, ref);

    if (p >= VCCD_PIECE_SPHERE_0) {
        *nn = vccd_di_set_d(1.0);
        return 0;
    }
    if (p != VCCD_PIECE_SLAB) {
        VCCD_TPL_FN(piece_edge)(w, e, V, kind, p, 0);
        VCCD_TPL_FN(vec3_dot)(r, w, e);                       /* w.e */
        q[nq++] = VB_GET_DI(r);
        VCCD_TPL_FN(vec3_sub)(&x, e, w);                      /* (e - w).e */
        VCCD_TPL_FN(vec3_dot)(r, &x, e);
        q[nq++] = VB_GET_DI(r);
        VCCD_TPL_FN(vec3_norm2)(r, e);
        *nn = VB_GET_DI(r);
        return nq;
    }
    VCCD_TPL_FN(vec3_cross)(&n, e1, e2);
    VCCD_TPL_FN(feature_cross_dot)(r, u, e2, &n);                      /* VF: weight of b; EE: u */
    q[nq++] = VB_GET_DI(r);
    VCCD_TPL_FN(vec3_sub)(w, e1, u);                          /* VF: b - p; EE: b - c */
    if (kind == VCCD_FEATURE_VF) {
        VCCD_TPL_FN(feature_cross_dot)(r, e1, u, &n);                  /* weight of c */
        q[nq++] = VB_GET_DI(r);
        VCCD_TPL_FN(vec3_sub)(e, e2, u);                      /* c - p */
        VCCD_TPL_FN(feature_cross_dot)(r, w, e, &n);                   /* weight of a */
        q[nq++] = VB_GET_DI(r);
    } else {
        VCCD_TPL_FN(feature_cross_dot)(r, w, e2, &n);                  /* 1 - u */
        q[nq++] = VB_GET_DI(r);
        VCCD_TPL_FN(feature_cross_dot)(r, u, e1, &n);                  /* v */
        q[nq++] = VB_GET_DI(r);
        VCCD_TPL_FN(vec3_add)(e, u, e2);                      /* d - a */
        VCCD_TPL_FN(feature_cross_dot)(r, e1, e, &n);                  /* 1 - v */
        q[nq++] = VB_GET_DI(r);
    }
    VCCD_TPL_FN(vec3_norm2)(r, &n);
    *nn = VB_GET_DI(r);
    return nq;
}

#undef VP_V3
#undef VP_TMP_JET
