/* feature_impl.h -- the coplanarity function of a feature pair and the
   terms of its inclusion predicate, written once over the backends
   (included per backend by lib/feature/eval.c).

   X[i][k] is the k-th time derivative of point i (k = 0 position,
   1 velocity, 2 acceleration), each an enclosure over the same time
   interval.  Results come back as binary64 intervals rounded outward. */

#ifndef VB_PFX
#error "include through lib/feature/eval.c"
#endif

#include "vccd/tpl.h"
#define VF_V3 VCCD_TPL_FN(vec3)

/* A feature pair's state on one backend: its body points, what is
   prepared of them once per solve (feature_prepare) and the points' jets
   from the last evaluation (feature_points). */
typedef struct {
    VF_V3 p[4];                 /* the body points */
    VF_V3 y[4][3];              /* RIGID: kin_rigid_frame; LINE: x0, u */
    VF_V3 X[4][3];              /* the last jets */
    /* RIGID, per body (indexed by its first point): the centre, its
       velocity and kin_rigid_coefs at the times of the last evaluation */
    VF_V3 c[4], cv[4];
    VB_T k[16];
    VB_T w2[4];                 /* RIGID, per body: |w|^2 */
    /* u, e1, e2 of s (feature_vectors) whose two points ride on the same
       RIGID or LINE motion: diff[v] = 1 and d[v] the difference of the
       points' frames (segments), so that the vector is evaluated as one
       expression instead of a difference of two enclosures */
    int diff[3];
    VF_V3 d[3][3];
    VF_V3 zero;
    VF_V3 V[3][3];              /* u, e1, e2 of the last evaluation */
    void *block;                /* MPFR: the limbs of all of the above */
} VCCD_TPL_FN(feature_state);

/* The points (i, j) whose difference X_j - X_i is u, e1, e2 of s, per
   kind (2D: e2 is the constant z). */
static const int VCCD_TPL_FN(feature_vector_points)[3][3][2] = {
    { { 1, 0 }, { 1, 2 }, { 1, 3 } }, { { 0, 2 }, { 0, 1 }, { 2, 3 } }, { { 1, 0 }, { 1, 2 }, { -1, -1 } }
};

/* Every interval of st, in one order: init and clear walk the same
   list.  DO(x) is run with x pointing to each. */
#define VF_STATE_EACH(st, DO)                                             \
    do {                                                                  \
        VB_T *vf_all_[2] = { (st)->k, (st)->w2 };                         \
        int vf_n_[2] = { 16, 4 };                                         \
        VF_V3 *vf_v_;                                                     \
        for (int vf_a_ = 0; vf_a_ < 2; vf_a_++)                           \
            for (int vf_i_ = 0; vf_i_ < vf_n_[vf_a_]; vf_i_++) {          \
                VB_T *x = &vf_all_[vf_a_][vf_i_];                         \
                DO;                                                       \
            }                                                             \
        for (int vf_i_ = 0; vf_i_ < VF_STATE_NV3; vf_i_++) {              \
            vf_v_ = VCCD_TPL_FN(state_vec)((st), vf_i_);                        \
            for (int vf_c_ = 0; vf_c_ < 3; vf_c_++) {                     \
                VB_T *x = &vf_v_->c[vf_c_];                               \
                DO;                                                       \
            }                                                             \
        }                                                                 \
    } while (0)

/* The state's vectors, numbered 0 .. VF_STATE_NV3 - 1. */
#define VF_STATE_NV3 (1 + 9 + 9 + 4 * 3 + 4 * 3 * 2)
static inline VF_V3 *
VCCD_TPL_FN(state_vec)(VCCD_TPL_FN(feature_state) *st, int i)
{
    if (i == 0)
        return &st->zero;
    if ((i -= 1) < 9)
        return &st->d[i / 3][i % 3];
    if ((i -= 9) < 9)
        return &st->V[i / 3][i % 3];
    if ((i -= 9) < 4)
        return &st->c[i];
    if ((i -= 4) < 4)
        return &st->cv[i];
    if ((i -= 4) < 4)
        return &st->p[i];
    if ((i -= 4) < 12)
        return &st->y[i / 3][i % 3];
    i -= 12;
    return &st->X[i / 3][i % 3];
}

static inline void
VCCD_TPL_FN(feature_state_init)(VCCD_TPL_FN(feature_state) *st, long prec)
{
#ifdef VB_INIT_BLOCK
    /* MPFR: the limbs of every interval in one block (the 370 mpfr_init2
       were a tenth of an adaptive tail query's escalation) */
    long n = 0;
    char *at;
    VF_STATE_EACH(st, (void)x; n++);
    st->block = at = VB_INIT_BLOCK(n, prec);
    VF_STATE_EACH(st, VB_INIT_ON(x, prec, at));
#else
    VF_STATE_EACH(st, VB_INIT(x, prec));
#endif
}

static inline void
VCCD_TPL_FN(feature_state_clear)(VCCD_TPL_FN(feature_state) *st)
{
#ifdef VB_INIT_BLOCK
    VB_FREE_BLOCK(st->block);
    st->block = NULL;
#else
    VF_STATE_EACH(st, VB_CLEAR(x));
#endif
}

/* What does not depend on time: the body points, and per point of a
   RIGID motion its frame, of a LINE motion its segment. */
static void
VCCD_TPL_FN(feature_prepare)(VCCD_TPL_FN(feature_state) *st, const vccd_track *pt, const int *body, int np,
                       vccd_feature_kind kind, const vccd_di_vec3 (*const *frames)[3])
{
    VCCD_TPL_FN(vec3_set_d)(&st->zero, 0.0, 0.0, 0.0);
    for (int i = 0; i < np; i++) {
        const VB_T *P = VF_PARAMS(pt[i].m);
        VCCD_TPL_FN(vec3_set_d)(&st->p[i], pt[i].p[0], pt[i].p[1], pt[i].p[2]);
        switch (pt[i].m->type->form) {
        case VCCD_MOTION_FORM_RIGID:
#if defined(VB_IVD) && VB_RIGOROUS     /* binary64 alone: frames are vccd_di */
            /* a frame the caller kept (vccd_feature_new_framed): the same
               kin_rigid_frame of the same point, made once per query */
            if (frames && frames[i])
                memcpy(st->y[i], *frames[i], sizeof st->y[i]);
            else
#else
            (void)frames;
#endif
                VCCD_TPL_FN(kin_rigid_frame)(st->y[i], (const VCCD_TPL_FN(quat) *)(P + VCCD_RIGID_Q),
                                       (const VF_V3 *)(P + VCCD_RIGID_W), &st->p[i]);
            VCCD_TPL_FN(vec3_norm2)(&st->w2[i], (const VF_V3 *)(P + VCCD_RIGID_W));
            break;
        case VCCD_MOTION_FORM_LINE:
            VCCD_TPL_FN(vec3_set)(&st->y[i][0], (const VF_V3 *)(P + 6 * pt[i].vertex));
            VCCD_TPL_FN(vec3_set)(&st->y[i][1], (const VF_V3 *)(P + 6 * pt[i].vertex + 3));
            break;
        default:
            break;
        }
    }
    for (int v = 0; v < 3; v++) {
        int i = VCCD_TPL_FN(feature_vector_points)[kind][v][0], j = VCCD_TPL_FN(feature_vector_points)[kind][v][1];
        vccd_motion_form form = i >= 0 ? pt[i].m->type->form : VCCD_MOTION_FORM_GENERIC;
        /* 2D pairs are flattened after evaluation (feature.c) */
        st->diff[v] = kind != VCCD_FEATURE_VE2D && i >= 0 && body[i] == body[j] && form != VCCD_MOTION_FORM_GENERIC;
        if (st->diff[v])
            for (int k = 0; k < (form == VCCD_MOTION_FORM_RIGID ? 3 : 2); k++) {
                VCCD_TPL_FN(vec3_sub)(&st->d[v][k], &st->y[j][k], &st->y[i][k]);
#ifdef VB_IVD
                /* Equal points differ by exactly 0, which the outward
                   step would blur to +-2^-1074: subnormal operands cost
                   a hundred cycles a product (an edge translating
                   without turning has u_j = u_i). */
                for (int c = 0; c < 3; c++)
                    if (st->y[j][k].c[c].lo == st->y[j][k].c[c].hi && st->y[i][k].c[c].lo == st->y[i][k].c[c].hi
                        && st->y[j][k].c[c].lo == st->y[i][k].c[c].lo)
                        VB_SET_D(&st->d[v][k].c[c], 0.0);
#endif
            }
    }
}

/* The coefficients of every RIGID body over t (kin_rigid_coefs). */
static void
VCCD_TPL_FN(feature_coefs)(VCCD_TPL_FN(feature_state) *st, const vccd_track *pt, const int *body, int np, const VB_T *t)
{
    for (int i = 0; i < np; i++)
        if (body[i] == i && pt[i].m->type->form == VCCD_MOTION_FORM_RIGID)
            VCCD_TPL_FN(kin_rigid_coefs)(st->k + 4 * i, &st->w2[i], t);
}

/* st->X[i][k] := the k-th derivative (from <= k <= order) of point i
   over t, for the points i in mask (bit i); the orders below `from` are
   those of t already (each order is computed on its own, so adding the
   higher ones later gives the same bits as computing all at once).
   Points on the same RIGID motion share its centre and coefficients
   (body[i]: the first point on point i's motion; the coefficients are
   those of t, feature_coefs), so the costly sinc and cosc are evaluated
   once per body and time box.  The other forms go through the vtable,
   which computes every order. */
static void
VCCD_TPL_FN(feature_points)(VCCD_TPL_FN(feature_state) *st, const vccd_track *pt, const int *body, int np,
                      const VB_T *t, int from, int order, unsigned mask)
{
    unsigned centred = 0;       /* bodies whose centre is done */
    for (int i = 0; i < np; i++) {
        const vccd_motion *m = pt[i].m;
        const VB_T *P = VF_PARAMS(m);
        VF_V3 *X = st->X[i];
        int b = body[i];
        if (!(mask >> i & 1))
            continue;
        switch (m->type->form) {
        case VCCD_MOTION_FORM_RIGID: {
            const VF_V3 *acc = m->nparams >= VCCD_RIGID_NB ? (const VF_V3 *)(P + VCCD_RIGID_B) : NULL;
            int kx = from <= 0, kv = from <= 1 && order >= 1, ka = order >= 2;
            if (!(centred >> b & 1) && (kx || kv))
                VCCD_TPL_FN(kin_rigid_centre)(kx ? &st->c[b] : NULL, kv ? &st->cv[b] : NULL,
                                        (const VF_V3 *)(P + VCCD_RIGID_O), (const VF_V3 *)(P + VCCD_RIGID_U), acc, t);
            centred |= 1u << b;
            VCCD_TPL_FN(kin_rigid_apply)(kx ? &X[0] : NULL, kv ? &X[1] : NULL, ka ? &X[2] : NULL, &st->c[b],
                                   &st->cv[b], acc, st->y[i], st->k + 4 * b);
            break;
        }
        case VCCD_MOTION_FORM_LINE:
            if (from <= 0)
                VCCD_TPL_FN(kin_line)(&X[0], &st->y[i][0], &st->y[i][1], t);
            if (order >= 1 && from <= 1)
                VCCD_TPL_FN(vec3_set)(&X[1], &st->y[i][1]);
            if (order >= 2)
                VCCD_TPL_FN(vec3_set_d)(&X[2], 0.0, 0.0, 0.0);
            break;
        default:
            VF_EVAL(m)(&X[0], order >= 1 ? &X[1] : NULL, order >= 2 ? &X[2] : NULL, P, &st->p[i], pt[i].vertex, t);
            break;
        }
    }
}

/* r := sum of the coefficient-weighted cross products a[i] x b[j] over
   i + j = k (Leibniz: (a x b)^(k) = sum C(k,i) a^(i) x b^(k-i)). */
static inline void
VCCD_TPL_FN(feature_cross_leibniz)(VF_V3 *r, const VF_V3 *a, const VF_V3 *b, int k)
{
    VF_V3 c;
    VB_TMP_N(c_l, c.c, 3, &r->c[0]);
    VCCD_TPL_FN(vec3_cross)(r, &a[0], &b[k]);
    for (int i = 1; i <= k; i++) {
        VCCD_TPL_FN(vec3_cross)(&c, &a[i], &b[k - i]);
        if (i != k)             /* C(2,1) = 2 is the only coefficient > 1 */
            for (int j = 0; j < 3; j++)
                VB_MUL_2EXP(&c.c[j], &c.c[j], 1);
        VCCD_TPL_FN(vec3_add)(r, r, &c);
    }
}

/* The same for a dot product into a scalar. */
static inline void
VCCD_TPL_FN(feature_dot_leibniz)(VB_T *r, const VF_V3 *a, const VF_V3 *b, int k)
{
    VB_T c[1];
    VB_TMP_N(c_l, c, 1, r);
    VCCD_TPL_FN(vec3_dot)(r, &a[0], &b[k]);
    for (int i = 1; i <= k; i++) {
        VCCD_TPL_FN(vec3_dot)(c, &a[i], &b[k - i]);
        if (i != k)
            VB_MUL_2EXP(c, c, 1);
        VB_ADD(r, r, c);
    }
}

/* The jets of u, e1, e2 (s = u . (e1 x e2)) of orders from .. order
   over t (the lower ones are those of t already): from the difference
   frames where both points ride on one RIGID or LINE motion
   (coefficients of t in st), else from the points' jets in st->X
   (feature_points over t). */
static inline void
VCCD_TPL_FN(feature_vectors)(VF_V3 V[3][3], VCCD_TPL_FN(feature_state) *st, const vccd_track *pt, const int *body,
                       vccd_feature_kind kind, const VB_T *t, int from, int order)
{
    for (int v = 0; v < 3; v++) {
        int i = VCCD_TPL_FN(feature_vector_points)[kind][v][0], j = VCCD_TPL_FN(feature_vector_points)[kind][v][1];
        if (i < 0) {            /* 2D: e2 = z, constant */
            for (int k = from; k <= order; k++)
                VCCD_TPL_FN(vec3_set_d)(&V[v][k], 0.0, 0.0, k == 0 ? 1.0 : 0.0);
        } else if (!st->diff[v]) {
            for (int k = from; k <= order; k++)
                VCCD_TPL_FN(vec3_sub)(&V[v][k], &st->X[j][k], &st->X[i][k]);
        } else if (pt[i].m->type->form == VCCD_MOTION_FORM_RIGID) {
            VCCD_TPL_FN(kin_rigid_apply)(from <= 0 ? &V[v][0] : NULL, from <= 1 && order >= 1 ? &V[v][1] : NULL,
                                   order >= 2 ? &V[v][2] : NULL, &st->zero, &st->zero, NULL, st->d[v],
                                   st->k + 4 * body[i]);
        } else {
            if (from <= 0)
                VCCD_TPL_FN(kin_line)(&V[v][0], &st->d[v][0], &st->d[v][1], t);
            if (order >= 1 && from <= 1)
                VCCD_TPL_FN(vec3_set)(&V[v][1], &st->d[v][1]);
            if (order >= 2)
                VCCD_TPL_FN(vec3_set_d)(&V[v][2], 0.0, 0.0, 0.0);
        }
    }
}

/* s[k], k <= order: the triple product and its derivatives by the
   product rule (thesis App. B.2.3/B.2.4, here in one formula for all
   pair kinds): n = e1 x e2, s^(k) = sum C(k,i) u^(i) . n^(k-i). */
static void
VCCD_TPL_FN(feature_jet)(vccd_di *s, VCCD_TPL_FN(feature_state) *st, int order)
{
    VF_V3 *u = st->V[0], *e1 = st->V[1], *e2 = st->V[2], n[3];
    VB_T r[1];
    const VB_T *ref = &st->X[0][0].c[0];
    VB_TMP_N(n_l, n[0].c, 3, ref);
    VB_TMP_N(n1_l, n[1].c, 3, ref);
    VB_TMP_N(n2_l, n[2].c, 3, ref);
    VB_TMP_N(r_l, r, 1, ref);

    for (int k = 0; k <= order; k++)
        VCCD_TPL_FN(feature_cross_leibniz)(&n[k], e1, e2, k);
    for (int k = 0; k <= order; k++) {
        VCCD_TPL_FN(feature_dot_leibniz)(r, u, n, k);
        s[k] = VB_GET_DI(r);
    }
}

/* r := (a x b) . n */
static inline void
VCCD_TPL_FN(feature_cross_dot)(VB_T *r, const VF_V3 *a, const VF_V3 *b, const VF_V3 *n)
{
    VF_V3 c;
    VB_TMP_N(c_l, c.c, 3, r);
    VCCD_TPL_FN(vec3_cross)(&c, a, b);
    VCCD_TPL_FN(vec3_dot)(r, &c, n);
}

/* The inclusion terms at positions X[i][0] over T: q[0..nq) are the
   contact's barycentric coordinates (vertex-face: weights of b, c, a;
   edge-edge: u, 1 - u, v, 1 - v; vertex-edge: u, 1 - u) times *nn, the
   squared area (length) factor |n|^2 (|b - a|^2 in 2D).  At a root of s
   the pair touches iff every q >= 0 (when nn > 0).  Every q is a single
   expression in the positions, not a difference of two, so no term is
   widened by cancelling dependent enclosures. */
static int
VCCD_TPL_FN(feature_incl_terms)(vccd_di *q, vccd_di *nn, VF_V3 X[][3], vccd_feature_kind kind)
{
    VF_V3 e1, e2, n, w, g;
    VB_T r[1];
    const VB_T *ref = &X[0][0].c[0];
    int nq = 0;
    VB_TMP_N(e1_l, e1.c, 3, ref);
    VB_TMP_N(e2_l, e2.c, 3, ref);
    VB_TMP_N(n_l, n.c, 3, ref);
    VB_TMP_N(w_l, w.c, 3, ref);
    VB_TMP_N(g_l, g.c, 3, ref);
    VB_TMP_N(r_l, r, 1, ref);

    switch (kind) {
    case VCCD_FEATURE_VF:               /* p = X0; a, b, c = X1, X2, X3 */
        VCCD_TPL_FN(vec3_sub)(&e1, &X[2][0], &X[1][0]);
        VCCD_TPL_FN(vec3_sub)(&e2, &X[3][0], &X[1][0]);
        VCCD_TPL_FN(vec3_cross)(&n, &e1, &e2);
        VCCD_TPL_FN(vec3_sub)(&w, &X[0][0], &X[1][0]);              /* p - a */
        VCCD_TPL_FN(feature_cross_dot)(r, &w, &e2, &n);           /* weight of b */
        q[nq++] = VB_GET_DI(r);
        VCCD_TPL_FN(feature_cross_dot)(r, &e1, &w, &n);           /* weight of c */
        q[nq++] = VB_GET_DI(r);
        VCCD_TPL_FN(vec3_sub)(&w, &X[2][0], &X[0][0]);              /* b - p */
        VCCD_TPL_FN(vec3_sub)(&g, &X[3][0], &X[0][0]);              /* c - p */
        VCCD_TPL_FN(feature_cross_dot)(r, &w, &g, &n);            /* weight of a */
        q[nq++] = VB_GET_DI(r);
        VCCD_TPL_FN(vec3_norm2)(r, &n);
        break;
    case VCCD_FEATURE_EE:               /* a, b = X0, X1; c, d = X2, X3 */
        VCCD_TPL_FN(vec3_sub)(&e1, &X[1][0], &X[0][0]);
        VCCD_TPL_FN(vec3_sub)(&e2, &X[3][0], &X[2][0]);
        VCCD_TPL_FN(vec3_cross)(&n, &e1, &e2);
        VCCD_TPL_FN(vec3_sub)(&w, &X[2][0], &X[0][0]);              /* c - a */
        VCCD_TPL_FN(feature_cross_dot)(r, &w, &e2, &n);           /* u |n|^2 */
        q[nq++] = VB_GET_DI(r);
        VCCD_TPL_FN(vec3_sub)(&g, &X[1][0], &X[2][0]);              /* b - c */
        VCCD_TPL_FN(feature_cross_dot)(r, &g, &e2, &n);           /* (1 - u) |n|^2 */
        q[nq++] = VB_GET_DI(r);
        VCCD_TPL_FN(feature_cross_dot)(r, &w, &e1, &n);           /* v |n|^2 */
        q[nq++] = VB_GET_DI(r);
        VCCD_TPL_FN(vec3_sub)(&g, &X[3][0], &X[0][0]);              /* d - a */
        VCCD_TPL_FN(feature_cross_dot)(r, &e1, &g, &n);           /* (1 - v) |n|^2 */
        q[nq++] = VB_GET_DI(r);
        VCCD_TPL_FN(vec3_norm2)(r, &n);
        break;
    default:                            /* p = X0; a, b = X1, X2 */
        VCCD_TPL_FN(vec3_sub)(&e1, &X[2][0], &X[1][0]);
        VCCD_TPL_FN(vec3_sub)(&w, &X[0][0], &X[1][0]);              /* p - a */
        VCCD_TPL_FN(vec3_dot)(r, &w, &e1);                          /* u |e|^2 */
        q[nq++] = VB_GET_DI(r);
        VCCD_TPL_FN(vec3_sub)(&w, &X[2][0], &X[0][0]);              /* b - p */
        VCCD_TPL_FN(vec3_dot)(r, &w, &e1);                          /* (1 - u) |e|^2 */
        q[nq++] = VB_GET_DI(r);
        VCCD_TPL_FN(vec3_norm2)(r, &e1);
        break;
    }
    *nn = VB_GET_DI(r);
    return nq;
}

/* pi[i] := d . P[i] for the n points: their projections on the axis d
   (exact doubles, any direction: it only has to separate); a NULL P[i]
   is the origin, projected to exactly 0 (its step out would be
   subnormal). */
static void
VCCD_TPL_FN(feature_project)(vccd_di *pi, const VF_V3 *const *P, int n, const double d[3])
{
    VB_T r[1], p[1];
    const VB_T *ref = NULL;
    for (int i = 0; i < n && !ref; i++)
        if (P[i])
            ref = &P[i]->c[0];
    if (!ref) {
        for (int i = 0; i < n; i++)
            pi[i] = vccd_di_set_d(0.0);
        return;
    }
    {
        VB_TMP_N(r_l, r, 1, ref);
        VB_TMP_N(p_l, p, 1, ref);
        /* d is exact: a product by a double needs two end products, not four */
        for (int i = 0; i < n; i++) {
            if (!P[i]) {
                pi[i] = vccd_di_set_d(0.0);
                continue;
            }
            VB_MUL_D(r, &P[i]->c[0], d[0]);
            VB_MUL_D(p, &P[i]->c[1], d[1]);
            VB_ADD(r, r, p);
            VB_MUL_D(p, &P[i]->c[2], d[2]);
            VB_ADD(r, r, p);
            pi[i] = VB_GET_DI(r);
        }
    }
}

/* The points' projections pi on the closest-point direction axis
   between the features at the middle of T; 0 when the features meet
   there and there is no direction (pi is then left alone). */
static int
VCCD_TPL_FN(feature_axis_project)(vccd_di *pi, double axis[3], VF_V3 X[][3], vccd_feature_kind kind, int np)
{
    double P[4][3];
    const VF_V3 *Q[4] = { NULL, NULL, NULL, NULL };
    for (int i = 0; i < np; i++) {
        Q[i] = &X[i][0];
        for (int j = 0; j < 3; j++)
            P[i][j] = vccd_di_mid(VB_GET_DI(&X[i][0].c[j]));
    }
    if (vccd_feature_axis(axis, kind, P) != 0)
        return 0;
    VCCD_TPL_FN(feature_project)(pi, Q, np, axis);
    return 1;
}

/* The same from u, e1, e2 of the last evaluation (st->V, order 0 over
   T) instead of the points, for a pair whose vectors all come from
   difference frames: the points relative to point 1 (vertex-face: u, 0,
   e1, e2) or point 0 (edge-edge: 0, e1, u, u + e2).  Moving every point
   by the same X_ref(t) moves both features' projections by the same
   amount at each t, so a gap between them is a gap between the
   features; and the relative enclosures are the tight ones.  The
   vectors are read in place (copying them was a tenth of an MPFR
   predicate) and the origin is not projected. */
static int
VCCD_TPL_FN(feature_axis_project_rel)(vccd_di *pi, double axis[3], VCCD_TPL_FN(feature_state) *st, vccd_feature_kind kind)
{
    VF_V3 w;
    const VF_V3 *Q[4];
    double P[4][3];
    VB_TMP_N(w_l, w.c, 3, &st->V[0][0].c[0]);

    if (kind == VCCD_FEATURE_VF) {
        Q[0] = &st->V[0][0];
        Q[1] = NULL;
        Q[2] = &st->V[1][0];
        Q[3] = &st->V[2][0];
    } else {
        VCCD_TPL_FN(vec3_add)(&w, &st->V[0][0], &st->V[2][0]);
        Q[0] = NULL;
        Q[1] = &st->V[1][0];
        Q[2] = &st->V[0][0];
        Q[3] = &w;
    }
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 3; j++)
            P[i][j] = Q[i] ? vccd_di_mid(VB_GET_DI(&Q[i]->c[j])) : 0.0;
    if (vccd_feature_axis(axis, kind, P) != 0)
        return 0;
    VCCD_TPL_FN(feature_project)(pi, Q, 4, axis);
    return 1;
}

#undef VF_STATE_EACH
#undef VF_STATE_NV3
#undef VF_V3
#undef VF_PARAMS
#undef VF_EVAL
