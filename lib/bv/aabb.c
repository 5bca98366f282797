/* aabb.c -- axis-aligned boxes in the body frame: exact min and max, so
   children merge exactly.  Under a relative rotation B's box is enclosed
   by the box of its rotated corners (|R| times the half extents). */
#include "bv_impl.h"

typedef struct {
    vccd_bv_relpose p;
    double Rabs[9];             /* upper bounds of |R_ij| */
    vccd_di_vec3 v;             /* aabb_prepare_linear only: the velocity */
} aabb_ctx;

static void
aabb_fit(void *bv, const double (*pts)[3], long np)
{
    vccd_bv_aabb *b = bv;
    for (int k = 0; k < 3; k++) {
        b->lo[k] = INFINITY;
        b->hi[k] = -INFINITY;
    }
    for (const double *p = pts[0], *p_end_ = pts[0] + 3 * np; p < p_end_; p += 3)
        for (int k = 0; k < 3; k++) {
            b->lo[k] = p[k] < b->lo[k] ? p[k] : b->lo[k];
            b->hi[k] = p[k] > b->hi[k] ? p[k] : b->hi[k];
        }
}

static void
aabb_merge(void *bv, const void *a, const void *b)
{
    const vccd_bv_aabb *x = a, *y = b;
    vccd_bv_aabb *r = bv;
    for (int k = 0; k < 3; k++) {
        r->lo[k] = x->lo[k] < y->lo[k] ? x->lo[k] : y->lo[k];
        r->hi[k] = x->hi[k] > y->hi[k] ? x->hi[k] : y->hi[k];
    }
}

static void
aabb_prepare(void *ctx, const vccd_bv_relpose *p)
{
    aabb_ctx *c = ctx;
    c->p = *p;
    for (int i = 0; i < 9; i++)
        c->Rabs[i] = vccd_di_abs(p->R.m[i]).hi;
}

/* B's box in A's frame, enclosed per axis: [blo[i], bhi[i]]. */
static void
aabb_place(double blo[3], double bhi[3], const aabb_ctx *c, const vccd_bv_aabb *y)
{
    vccd_di_vec3 mid, cb;
    double h[3];

    /* B's box is centre +- h with the centre enclosed and h rounded up;
       in A's frame it lies in (o + R centre) +- |R| h. */
    for (int k = 0; k < 3; k++) {
        mid.c[k] = vccd_di_add(vccd_di_mul_d(vccd_di_set_d(y->lo[k]), 0.5), vccd_di_mul_d(vccd_di_set_d(y->hi[k]), 0.5));
        /* h covers both ends from every centre in the enclosure mid */
        h[k] = fmax(vccd_di_sub(vccd_di_set_d(y->hi[k]), mid.c[k]).hi,
                    vccd_di_sub(mid.c[k], vccd_di_set_d(y->lo[k])).hi);
    }
    bv_apply(&cb, &c->p, &mid);
    for (int i = 0; i < 3; i++) {
        double e = BV_UP(BV_UP(BV_UP(c->Rabs[3 * i] * h[0]) + BV_UP(c->Rabs[3 * i + 1] * h[1]))
                         + BV_UP(c->Rabs[3 * i + 2] * h[2]));
        blo[i] = BV_DN(cb.c[i].lo - e);
        bhi[i] = BV_UP(cb.c[i].hi + e);
    }
}

static double
aabb_distance_lower(const void *ctx, const void *a, const void *b)
{
    const vccd_bv_aabb *x = a;
    double blo[3], bhi[3], g[3];
    aabb_place(blo, bhi, ctx, b);
    for (int i = 0; i < 3; i++)
        g[i] = bv_gap_lower(x->lo[i], x->hi[i], blo[i], bhi[i], 1.0);
    return bv_norm_lower(g);
}

/* --- constant-velocity translation ------------------------------------ */

/* x_A = o + t v + R x_B with constant R: the pose at t = 0 and v. */
static void
aabb_prepare_linear(void *ctx, const vccd_bv_relpose *p, const vccd_di_vec3 *v)
{
    aabb_ctx *c = ctx;
    aabb_prepare(ctx, p);
    c->v = *v;
}

/* B's box moves along A's axes at v, its extents |R| h fixed: on each
   axis the gaps above and below A are linear in t (bv_lin_gap). */
static int
aabb_overlap_times(const void *ctx, const void *a, const void *b, double t0, double t1, double *tf, double *tl)
{
    const aabb_ctx *c = ctx;
    const vccd_bv_aabb *x = a;
    double blo[3], bhi[3], lo = t0, hi = t1;
    aabb_place(blo, bhi, c, b);
    for (int i = 0; i < 3; i++)
        if (!bv_lin_gap(&lo, &hi, BV_DN(blo[i] - x->hi[i]), c->v.c[i].lo)
            || !bv_lin_gap(&lo, &hi, BV_DN(x->lo[i] - bhi[i]), -c->v.c[i].hi))
            return 0;
    *tf = lo;
    *tl = hi;
    return 1;
}

static double
aabb_radius(const void *bv)
{
    const vccd_bv_aabb *b = bv;
    return bv_half_diagonal(b->lo, b->hi, 1.0);
}

const vccd_bv_type vccd_bv_type_aabb = {
    "aabb", "axis-aligned box in the body frame (exact min/max)",
    sizeof(vccd_bv_aabb), sizeof(aabb_ctx),
    aabb_fit, aabb_merge, aabb_prepare, aabb_distance_lower, aabb_prepare_linear, aabb_overlap_times, aabb_radius
};
