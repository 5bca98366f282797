/* aabb.c -- axis-aligned boxes in the body frame: exact min and max, so
   children merge exactly.  Under a relative rotation B's box is enclosed
   by the box of its rotated corners (|R| times the half extents). */
#include "bv_impl.h"

typedef struct {
    vccd_bv_relpose p;
    double Rabs[9];             /* upper bounds of |R_ij| */
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

static double
aabb_distance_lower(const void *ctx, const void *a, const void *b)
{
    const aabb_ctx *c = ctx;
    const vccd_bv_aabb *x = a, *y = b;
    vccd_di_vec3 mid, cb;
    double h[3], g[3];

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
        g[i] = bv_gap_lower(x->lo[i], x->hi[i], BV_DN(cb.c[i].lo - e), BV_UP(cb.c[i].hi + e), 1.0);
    }
    return bv_norm_lower(g);
}

const vccd_bv_type vccd_bv_type_aabb = {
    "aabb", "axis-aligned box in the body frame (exact min/max)",
    sizeof(vccd_bv_aabb), sizeof(aabb_ctx),
    aabb_fit, aabb_merge, aabb_prepare, aabb_distance_lower, NULL, NULL
};
