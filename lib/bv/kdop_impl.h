/* kdop_impl.h -- k-DOPs over a fixed direction table, written once for
   every k.  The includer defines KDOP_K (number of directions, both
   signs), KDOP_NAME (the type's name token: its layout in bv.h is
   vccd_bv_NAME, its config name "NAME"), KDOP_SUMMARY and a table `kdop_dirs[KDOP_K / 2][3]` whose first
   three rows are the axes and whose other rows have components in
   {-1, 0, 1}.

   Under a relative rotation B's k-DOP is no k-DOP in A's directions.
   For each direction n of A the distance test needs an upper bound of
   the support sup { w . q : q in B } with w = -R^T n: any decomposition
   w = lambda d_j + r with lambda >= 0 gives
       sup <= lambda hi_B(d_j) + sum_c sup(r_c * [lo_B(e_c), hi_B(e_c)]),
   exactly, however lambda was chosen (r is computed as an interval).
   prepare picks, per direction and sign, lambda = 0 (B's box) and one
   candidate per direction of B whose sign pattern matches w; the node
   test takes the smallest bound.  w and n . o do not depend on the
   nodes, which is why they are computed once per query. */
#include "bv_impl.h"

#define KDOP_H (KDOP_K / 2)
#define KDOP_NCAND (1 + (KDOP_H - 3) / 2)   /* at most one sign-consistent direction per pair */
#include "vccd/tpl.h"
/* KDOP_NAME's function f (tpl.h) */
#define KDOP_FN(f) VCCD_TPL_CAT(KDOP_NAME, f)
#define KDOP_STRUCT VCCD_TPL_CAT(vccd_bv, KDOP_NAME)

typedef struct {
    int j;                      /* B's direction (-1: none, the axes only) */
    int neg;                    /* 1: the negated direction d_j */
    double lambda;
    double rm[3], rr[3];        /* r = w - lambda d_j as midpoint +- radius */
} KDOP_FN(cand);

typedef struct {
    vccd_di no;                 /* n . o */
    double nmax;                /* upper bound of |n| */
    double wlo;                 /* prepare_linear only: lower end of n . v */
    int ncand;
    KDOP_FN(cand) cand[KDOP_NCAND];
} KDOP_FN(side);

typedef struct {
    KDOP_FN(side) side[KDOP_H][2];   /* [direction][0: +n, 1: -n] */
} KDOP_FN(ctx);

static void
KDOP_FN(fit)(void *bv, const double (*pts)[3], long np)
{
    KDOP_STRUCT *b = bv;
    for (int i = 0; i < 3; i++) {       /* the axes: exact */
        b->lo[i] = INFINITY;
        b->hi[i] = -INFINITY;
    }
    for (const double *p = pts[0], *p_end_ = pts[0] + 3 * np; p < p_end_; p += 3)
        for (int i = 0; i < 3; i++) {
            b->lo[i] = p[i] < b->lo[i] ? p[i] : b->lo[i];
            b->hi[i] = p[i] > b->hi[i] ? p[i] : b->hi[i];
        }
    /* the diagonals, rounded outward (components are +-1 or 0) */
    bv_project(b->lo + 3, b->hi + 3, kdop_dirs + 3, KDOP_H - 3, 1.0, pts, np);
}

static void
KDOP_FN(merge)(void *bv, const void *a, const void *b)
{
    const KDOP_STRUCT *x = a, *y = b;
    KDOP_STRUCT *r = bv;
    for (int i = 0; i < KDOP_H; i++) {
        r->lo[i] = x->lo[i] < y->lo[i] ? x->lo[i] : y->lo[i];
        r->hi[i] = x->hi[i] > y->hi[i] ? x->hi[i] : y->hi[i];
    }
}

#ifndef KDOP_MID_RAD
#define KDOP_MID_RAD
/* x = m +- r with r rounded up. */
static inline void
kdop_mid_rad(double *m, double *r, vccd_di x)
{
    *m = 0.5 * x.lo + 0.5 * x.hi;
    *r = BV_UP(fmax(BV_UP(x.hi - *m), BV_UP(*m - x.lo)));
}
#endif

static void
KDOP_FN(prepare)(void *ctx, const vccd_bv_relpose *p)
{
    KDOP_FN(ctx) *c = ctx;
    for (int i = 0; i < KDOP_H; i++)
        for (int s = 0; s < 2; s++) {
            KDOP_FN(side) *sd = &c->side[i][s];
            double sg = s ? -1.0 : 1.0, n[3], wm[3], n2 = 0.0;
            vccd_di w[3];
            for (int k = 0; k < 3; k++) {
                n[k] = sg * kdop_dirs[i][k];
                n2 += n[k] * n[k];      /* 1, 2 or 3: exact */
            }
            sd->nmax = vccd_di_sqrt(vccd_di_set_d(n2)).hi;
            sd->no = vccd_di_set_d(0.0);
            for (int k = 0; k < 3; k++) {       /* w = -R^T n */
                w[k] = vccd_di_set_d(0.0);
                for (int l = 0; l < 3; l++)
                    w[k] = vccd_di_sub(w[k], vccd_di_mul_d(p->R.m[3 * l + k], n[l]));
                sd->no = vccd_di_add(sd->no, vccd_di_mul_d(p->o.c[k], n[k]));
                wm[k] = 0.5 * w[k].lo + 0.5 * w[k].hi;
            }
            sd->ncand = 0;
            sd->cand[0].j = -1;
            sd->cand[0].neg = 0;
            sd->cand[0].lambda = 0.0;
            for (int k = 0; k < 3; k++)
                kdop_mid_rad(&sd->cand[0].rm[k], &sd->cand[0].rr[k], w[k]);
            sd->ncand = 1;
            for (int j = 3; j < KDOP_H; j++)
                for (int neg = 0; neg < 2; neg++) {
                    double lam = INFINITY, d[3];
                    int ok = 1;
                    for (int k = 0; k < 3; k++) {
                        d[k] = neg ? -kdop_dirs[j][k] : kdop_dirs[j][k];
                        if (d[k] != 0.0) {
                            double q = wm[k] / d[k];
                            ok &= q > 0.0;
                            lam = q < lam ? q : lam;
                        }
                    }
                    if (!ok || !(lam < INFINITY) || sd->ncand == KDOP_NCAND)
                        continue;
                    sd->cand[sd->ncand].j = j;
                    sd->cand[sd->ncand].neg = neg;
                    sd->cand[sd->ncand].lambda = lam;
                    for (int k = 0; k < 3; k++)  /* lambda * d[k] is exact (d in {-1, 0, 1}) */
                        kdop_mid_rad(&sd->cand[sd->ncand].rm[k], &sd->cand[sd->ncand].rr[k],
                                     vccd_di_sub(w[k], vccd_di_set_d(lam * d[k])));
                    sd->ncand++;
                }
        }
}

/* Upper bound of sup { w . q : q in B } from candidate cd:
   r_c q_c <= rm_c q_c + rr_c |q_c| for q_c in [lo_c, hi_c], summed in
   plain doubles; the at most 7 terms err by less than 2^-49 of the sum
   of their magnitudes, plus 2^-1065 for underflow.  Adding twice that,
   unrounded, also covers the rounding of the two last additions (each
   below 2^-53 of the magnitudes). */
static inline double
KDOP_FN(support)(const KDOP_FN(cand) *cd, const KDOP_STRUCT *y)
{
    double s = 0.0, mag = 0.0, t;
    if (cd->j >= 0) {
        s = cd->lambda * (cd->neg ? -y->lo[cd->j] : y->hi[cd->j]);
        mag = fabs(s);
    }
    for (int k = 0; k < 3; k++) {
        double q = cd->rm[k] >= 0.0 ? y->hi[k] : y->lo[k], aq = fmax(fabs(y->lo[k]), fabs(y->hi[k]));
        t = cd->rm[k] * q;
        s += t;
        mag += fabs(t);
        t = cd->rr[k] * aq;
        s += t;
        mag += t;
    }
    s = s + (mag * 0x1p-48 + 0x1p-1064);
    return s == s ? s : INFINITY;
}

/* A lower bound of B's lowest projection onto side sd's direction n
   minus A's highest (negative when they overlap; unnormalised). */
static inline double
KDOP_FN(side_gap)(const KDOP_FN(side) *sd, int i, int s, const KDOP_STRUCT *x, const KDOP_STRUCT *y)
{
    double sup = INFINITY, ahi = s ? -x->lo[i] : x->hi[i];
    for (int m = 0; m < sd->ncand; m++) {
        double v = KDOP_FN(support)(&sd->cand[m], y);
        sup = v < sup ? v : sup;
    }
    /* min over B of n . x = n . o - sup { -R^T n . q } */
    return BV_DN(BV_DN(sd->no.lo - sup) - ahi);
}

static double
KDOP_FN(distance_lower)(const void *ctx, const void *a, const void *b)
{
    const KDOP_FN(ctx) *c = ctx;
    const KDOP_STRUCT *x = a, *y = b;
    double best = 0.0, g3[3] = { 0.0, 0.0, 0.0 }, n3;

    for (int i = 0; i < KDOP_H; i++)
        for (int s = 0; s < 2; s++) {
            const KDOP_FN(side) *sd = &c->side[i][s];
            double gap = KDOP_FN(side_gap)(sd, i, s, x, y);
            if (gap > 0.0) {
                gap = BV_DN(gap / sd->nmax);
                best = gap > best ? gap : best;
                if (i < 3)
                    g3[i] = gap > g3[i] ? gap : g3[i];
            }
        }
    /* B lies in the box of its extents along A's axes: the axis gaps
       combine into the distance of two boxes. */
    n3 = bv_norm_lower(g3);
    return n3 > best ? n3 : best;
}

/* --- constant-velocity translation ------------------------------------ */

/* x_A = o + t v + R x_B with constant R: the sides at the pose of t = 0,
   and per side the rate n . v at which B's projection moves. */
static void
KDOP_FN(prepare_linear)(void *ctx, const vccd_bv_relpose *p, const vccd_di_vec3 *v)
{
    KDOP_FN(ctx) *c = ctx;
    KDOP_FN(prepare)(ctx, p);
    for (int i = 0; i < KDOP_H; i++)
        for (int s = 0; s < 2; s++) {
            vccd_di w = vccd_di_set_d(0.0);
            for (int k = 0; k < 3; k++)     /* n's components are -1, 0, 1: exact */
                w = vccd_di_add(w, vccd_di_mul_d(v->c[k], (s ? -1.0 : 1.0) * kdop_dirs[i][k]));
            c->side[i][s].wlo = w.lo;
        }
}

/* B's support along each of A's directions does not change under a
   translation, so each side's gap moves at n . v: linear in t
   (bv_lin_gap), and the volumes can overlap only where every side
   allows it. */
static int
KDOP_FN(overlap_times)(const void *ctx, const void *a, const void *b, double t0, double t1, double *tf, double *tl)
{
    const KDOP_FN(ctx) *c = ctx;
    double lo = t0, hi = t1;
    for (int i = 0; i < KDOP_H; i++)
        for (int s = 0; s < 2; s++)
            if (!bv_lin_gap(&lo, &hi, KDOP_FN(side_gap)(&c->side[i][s], i, s, a, b), c->side[i][s].wlo))
                return 0;
    *tf = lo;
    *tl = hi;
    return 1;
}

/* The box of the first three directions, the axes. */
static double
KDOP_FN(radius)(const void *bv)
{
    const KDOP_STRUCT *b = bv;
    return bv_half_diagonal(b->lo, b->hi, 1.0);
}

const vccd_bv_type VCCD_TPL_CAT(vccd_bv_type, KDOP_NAME) = {
    VCCD_TPL_STR(KDOP_NAME), KDOP_SUMMARY, sizeof(KDOP_STRUCT), sizeof(KDOP_FN(ctx)),
    KDOP_FN(fit), KDOP_FN(merge), KDOP_FN(prepare), KDOP_FN(distance_lower), KDOP_FN(prepare_linear),
    KDOP_FN(overlap_times), KDOP_FN(radius)
};
