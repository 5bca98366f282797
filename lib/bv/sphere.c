/* sphere.c -- bounding spheres: centre at the middle of the vertices'
   bounding box, radius the largest distance to it rounded up. */
#include "bv_impl.h"

static void
sphere_fit(void *bv, const double (*pts)[3], long np)
{
    vccd_bv_sphere *s = bv;
    double lo[3] = { INFINITY, INFINITY, INFINITY }, hi[3] = { -INFINITY, -INFINITY, -INFINITY }, m = 0.0;

    for (const double *p = pts[0], *p_end_ = pts[0] + 3 * np; p < p_end_; p += 3)
        for (int k = 0; k < 3; k++) {
            lo[k] = p[k] < lo[k] ? p[k] : lo[k];
            hi[k] = p[k] > hi[k] ? p[k] : hi[k];
        }
    for (int k = 0; k < 3; k++)  /* halves first: lo + hi may overflow */
        s->c[k] = 0.5 * lo[k] + 0.5 * hi[k];
    for (const double *p = pts[0], *p_end_ = pts[0] + 3 * np; p < p_end_; p += 3) {
        double dx = p[0] - s->c[0], dy = p[1] - s->c[1], dz = p[2] - s->c[2];
        double d2 = dx * dx + dy * dy + dz * dz;
        if (!(d2 <= m))
            m = d2 == d2 ? d2 : INFINITY;
    }
    /* Every term is >= 0, so there is no cancellation: the subtraction,
       the square and the two additions make the computed d2 at most
       (1+u)^5 < 1 + 2^-50 times too small, plus 2^-1072 for squares that
       underflow (see bv_project).  The 0.5 * x halving above can lose a
       subnormal bit, but the centre is any double: only the radius must
       be rigorous. */
    m = BV_UP(BV_UP(m + BV_UP(m * 0x1p-50)) + 0x1p-1072);
    s->r = BV_UP(sqrt(m));
}

static void
sphere_prepare(void *ctx, const vccd_bv_relpose *p)
{
    *(vccd_bv_relpose *)ctx = *p;
}

/* |c_a - (o + R c_b)| - r_a - r_b, rounded down. */
static double
sphere_distance_lower(const void *ctx, const void *a, const void *b)
{
    const vccd_bv_sphere *sa = a, *sb = b;
    vccd_di_vec3 c;
    vccd_di d2 = vccd_di_set_d(0.0);
    double d;

    bv_apply_d(&c, ctx, sb->c);
    for (int k = 0; k < 3; k++)
        d2 = vccd_di_add(d2, vccd_di_sqr(vccd_di_sub(vccd_di_set_d(sa->c[k]), c.c[k])));
    d = BV_DN(vccd_di_sqrt(d2).lo - BV_UP(sa->r + sb->r));
    return d > 0.0 ? d : 0.0;
}

const vccd_bv_type vccd_bv_type_sphere = {
    "sphere", "bounding sphere (centre of the vertices' box, radius rounded up)",
    sizeof(vccd_bv_sphere), sizeof(vccd_bv_relpose),
    sphere_fit, NULL, sphere_prepare, sphere_distance_lower, NULL, NULL
};
