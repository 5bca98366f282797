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

typedef struct {
    vccd_bv_relpose p;          /* first: sphere_prepare writes only it */
    /* sphere_prepare_linear only: the velocity, and the directions the
       overlap times are bounded along (the axes and v's midpoint) */
    vccd_di_vec3 v;
    double u[4][3];
    int nu;
} sphere_ctx;

static void
sphere_prepare(void *ctx, const vccd_bv_relpose *p)
{
    ((sphere_ctx *)ctx)->p = *p;
}

/* |c_a - (o + R c_b)| - r_a - r_b, rounded down. */
static double
sphere_distance_lower(const void *ctx, const void *a, const void *b)
{
    const vccd_bv_sphere *sa = a, *sb = b;
    vccd_di_vec3 c;
    vccd_di d2 = vccd_di_set_d(0.0);
    double d;

    bv_apply_d(&c, ctx, sb->c);        /* the pose is sphere_ctx's first member */
    for (int k = 0; k < 3; k++)
        d2 = vccd_di_add(d2, vccd_di_sqr(vccd_di_sub(vccd_di_set_d(sa->c[k]), c.c[k])));
    d = BV_DN(vccd_di_sqrt(d2).lo - BV_UP(sa->r + sb->r));
    return d > 0.0 ? d : 0.0;
}

/* --- constant-velocity translation ------------------------------------ */

/* x_A = o + t v + R x_B with constant R: the pose at t = 0 and v.  The
   directions: the three axes, and v's midpoint, along which the first
   touch of two spheres is bounded best (the projections along the
   approach meet when the spheres do, for centres on one line). */
static void
sphere_prepare_linear(void *ctx, const vccd_bv_relpose *p, const vccd_di_vec3 *v)
{
    sphere_ctx *c = ctx;
    double m[3];
    sphere_prepare(ctx, p);
    c->v = *v;
    c->nu = 3;
    for (int i = 0; i < 3; i++) {
        for (int k = 0; k < 3; k++)
            c->u[i][k] = i == k;
        m[i] = 0.5 * v->c[i].lo + 0.5 * v->c[i].hi;
    }
    if ((m[0] != 0.0 || m[1] != 0.0 || m[2] != 0.0) && fabs(m[0]) + fabs(m[1]) + fabs(m[2]) < INFINITY) {
        for (int k = 0; k < 3; k++)
            c->u[3][k] = m[k];
        c->nu = 4;
    }
}

/* Along a fixed direction u the spheres project to c . u +- r |u|, and
   B's centre moves at v . u: both sides' gaps are linear in t
   (bv_lin_gap).  Any u gives a necessary condition, so the rounding of
   the directions costs nothing but sharpness. */
static int
sphere_overlap_times(const void *ctx, const void *a, const void *b, double t0, double t1, double *tf, double *tl)
{
    const sphere_ctx *c = ctx;
    const vccd_bv_sphere *sa = a, *sb = b;
    vccd_di_vec3 cb;
    double lo = t0, hi = t1, rs = BV_UP(sa->r + sb->r);
    bv_apply_d(&cb, &c->p, sb->c);     /* B's centre in A's frame at t = 0 */
    for (int j = 0; j < c->nu; j++) {
        vccd_di_vec3 u, d;
        vccd_di pd, w, n2;
        double r;
        vccd_di_vec3_set_d(&u, c->u[j][0], c->u[j][1], c->u[j][2]);
        for (int k = 0; k < 3; k++)
            d.c[k] = vccd_di_sub(cb.c[k], vccd_di_set_d(sa->c[k]));
        vccd_di_vec3_dot(&pd, &d, &u);              /* (c_B - c_A) . u */
        vccd_di_vec3_dot(&w, &c->v, &u);            /* v . u */
        vccd_di_vec3_norm2(&n2, &u);
        r = BV_UP(rs * vccd_di_sqrt(n2).hi);        /* (r_A + r_B) |u| */
        if (!bv_lin_gap(&lo, &hi, BV_DN(pd.lo - r), w.lo) || !bv_lin_gap(&lo, &hi, BV_DN(-pd.hi - r), -w.hi))
            return 0;
    }
    {
        /* No direction proves B passing by diagonally: the swept test
           over what is left, B's centre enclosed over [lo, hi], the same
           operations as the pose of a time box (so never weaker than the
           swept test over [t0, t1]: a subset of its enclosure). */
        vccd_bv_relpose sw = c->p;
        for (int k = 0; k < 3; k++)
            sw.o.c[k] = vccd_di_add(c->p.o.c[k], vccd_di_mul(vccd_di_set_2d(lo, hi), c->v.c[k]));
        if (sphere_distance_lower(&sw, a, b) > 0.0)
            return 0;
    }
    *tf = lo;
    *tl = hi;
    return 1;
}

static double
sphere_radius(const void *bv)
{
    return ((const vccd_bv_sphere *)bv)->r;
}

const vccd_bv_type vccd_bv_type_sphere = {
    "sphere", "bounding sphere (centre of the vertices' box, radius rounded up)",
    sizeof(vccd_bv_sphere), sizeof(sphere_ctx),
    sphere_fit, NULL, sphere_prepare, sphere_distance_lower, sphere_prepare_linear, sphere_overlap_times,
    sphere_radius
};
