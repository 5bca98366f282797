/* t-bv.c -- every registered BV type: fit encloses its node's vertices
   (checked exactly in MPFR, from the layouts documented in bv.h, not
   with the library's code), and distance_lower never exceeds the
   distance of the two nodes' triangles computed independently in MPFR
   (tests/bvh/refgeom.h). */
#include <stdlib.h>

#include "bvh/refgeom.h"

#define EXACT_PREC 9000

static const double kdop14_dirs[7][3] = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 }, { 1, 1, 1 },
                                          { 1, 1, -1 }, { 1, -1, 1 }, { -1, 1, 1 } };
static const double kdop18_dirs[9][3] = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 }, { 1, 1, 0 }, { 1, 0, 1 },
                                          { 0, 1, 1 }, { 1, -1, 0 }, { 1, 0, -1 }, { 0, 1, -1 } };

/* Rows of M(q) = |q|^2 R(q / |q|) for an integer quaternion, in integers
   (rows exactly orthogonal with norm |q|^2): bv.h's OBB layout, written
   out here again rather than taken from lib/bv. */
static void
quat_rows(long m[3][3], long *N, const long q[4])
{
    long w = q[0], x = q[1], y = q[2], z = q[3];
    m[0][0] = w * w + x * x - y * y - z * z;
    m[0][1] = 2 * (x * y - w * z);
    m[0][2] = 2 * (x * z + w * y);
    m[1][0] = 2 * (x * y + w * z);
    m[1][1] = w * w - x * x + y * y - z * z;
    m[1][2] = 2 * (y * z - w * x);
    m[2][0] = 2 * (x * z - w * y);
    m[2][1] = 2 * (y * z + w * x);
    m[2][2] = w * w - x * x - y * y + z * z;
    *N = w * w + x * x + y * y + z * z;
}

/* Exact d . p (EXACT_PREC bits hold any such sum of products of
   doubles and integers below 2^62 exactly; the ternary values say so). */
static void
exact_dot(mpfr_t r, const double d[3], const double p[3])
{
    mpfr_t t;
    int inex = 0;
    mpfr_init2(t, EXACT_PREC);
    mpfr_set_ui(r, 0, MPFR_RNDN);
    for (int k = 0; k < 3; k++) {
        inex |= mpfr_set_d(t, d[k], MPFR_RNDN);
        inex |= mpfr_mul_d(t, t, p[k], MPFR_RNDN);
        inex |= mpfr_add(r, r, t, MPFR_RNDN);
    }
    TU_CHECK(inex == 0, "exact dot product was rounded");
    mpfr_clear(t);
}

static void
check_slab(const char *name, long node, const double d[3], const double *p, double lo, double hi)
{
    mpfr_t x;
    mpfr_init2(x, EXACT_PREC);
    exact_dot(x, d, p);
    TU_CHECK(mpfr_cmp_d(x, lo) >= 0 && mpfr_cmp_d(x, hi) <= 0,
             "%s node %ld: vertex (%a, %a, %a) projects to %s outside [%a, %a] on (%g, %g, %g)", name, node, p[0],
             p[1], p[2], tu_fmt_fr(x), lo, hi, d[0], d[1], d[2]);
    mpfr_clear(x);
}

/* Each type's fit check, from bv.h's layout: vertex p of node is in bv. */
static void
contains_sphere(const void *bv, long node, const double *p)
{
    const vccd_bv_sphere *s = bv;
    mpfr_t d2, t, r2;
    int inex = 0;
    mpfr_inits2(EXACT_PREC, d2, t, r2, (mpfr_ptr)0);
    mpfr_set_ui(d2, 0, MPFR_RNDN);
    for (int k = 0; k < 3; k++) {
        inex |= mpfr_set_d(t, p[k], MPFR_RNDN);
        inex |= mpfr_sub_d(t, t, s->c[k], MPFR_RNDN);
        inex |= mpfr_sqr(t, t, MPFR_RNDN);
        inex |= mpfr_add(d2, d2, t, MPFR_RNDN);
    }
    inex |= mpfr_set_d(r2, s->r, MPFR_RNDN);
    inex |= mpfr_sqr(r2, r2, MPFR_RNDN);
    TU_CHECK(inex == 0, "sphere check was rounded");
    TU_CHECK(s->r >= 0 && mpfr_cmp(d2, r2) <= 0, "sphere node %ld: vertex (%a, %a, %a) outside c=(%a, %a, %a) r=%a",
             node, p[0], p[1], p[2], s->c[0], s->c[1], s->c[2], s->r);
    mpfr_clears(d2, t, r2, (mpfr_ptr)0);
}

static void
contains_aabb(const void *bv, long node, const double *p)
{
    const vccd_bv_aabb *b = bv;
    for (int k = 0; k < 3; k++)
        TU_CHECK(b->lo[k] <= p[k] && p[k] <= b->hi[k], "aabb node %ld: coordinate %d = %a outside [%a, %a]", node,
                 k, p[k], b->lo[k], b->hi[k]);
}

static void
contains_obb(const void *bv, long node, const double *p)
{
    const vccd_bv_obb *b = bv;
    long q[4] = { b->q[0], b->q[1], b->q[2], b->q[3] }, mi[3][3], N;
    double m[3][3];
    TU_CHECK(labs(q[0]) <= (1L << 14) && labs(q[1]) <= (1L << 14) && labs(q[2]) <= (1L << 14)
             && labs(q[3]) <= (1L << 14), "obb node %ld: quaternion beyond 2^14", node);
    quat_rows(mi, &N, q);
    TU_CHECK(N > 0, "obb node %ld: zero quaternion", node);
    for (int k = 0; k < 3; k++) {
        for (int i = 0; i < 3; i++)
            m[k][i] = (double)mi[k][i];
        check_slab("obb", node, m[k], p, b->lo[k], b->hi[k]);
    }
}

static void
contains_kdop14(const void *bv, long node, const double *p)
{
    const vccd_bv_kdop14 *b = bv;
    for (int i = 0; i < 7; i++)
        check_slab("kdop14", node, kdop14_dirs[i], p, b->lo[i], b->hi[i]);
}

static void
contains_kdop18(const void *bv, long node, const double *p)
{
    const vccd_bv_kdop18 *b = bv;
    for (int i = 0; i < 9; i++)
        check_slab("kdop18", node, kdop18_dirs[i], p, b->lo[i], b->hi[i]);
}

/* The test's own knowledge of each type, looked up by the registry's
   name: every registered type must have an entry (test_registry), so a
   new type fails the tests until its references are written. */
typedef struct {
    const char *name;
    /* fit's check: vertex p of node lies in bv (TU_CHECK). */
    void (*contains)(const void *bv, long node, const double *p);
    /* 1 when the rational point x lies in bv (closed), for
       test_linear_types; NULL for a type whose constant-velocity test is
       checked by a test of its own (obb: test_obb_linear). */
    int (*inside)(const void *bv, mpq_t x[3]);
    /* The exact overlap of a and b at t beyond what a vertex witnesses
       (test_linear_types), or NULL. */
    int (*overlap)(const void *a, const void *b, const long qr[4], const long mr[3][3], long Nr, const double o[3],
                   const double v[3], const mpq_t t);
} ref_type;

static const ref_type *ref_of(const vccd_bv_type *bt);

START_TEST(test_contains)
{
    long iters = tu_iters(60);
    for (long it = 0; it < iters; it++) {
        vccd_mesh m;
        vccd_bvh h;
        vccd_bvh_opts o;
        ref_bvh_random(&m, &h, &o, 40, 80, 8);
        for (int ty = 0; ty < vccd_bv_type_count(); ty++) {
            const vccd_bv_type *bt = vccd_bv_type_get(ty);
            TU_CHECK(h.bv[ty] != NULL, "type %s not built", bt->name);
            for (long i = 0; i < h.nnodes; i++) {
                /* the size (radius) of a volume holding two points is at
                   least half their distance, whatever the type: any two
                   points of a ball or a box are within its diameter (an
                   overflow makes both infinite; NaN fails) */
                double r = bt->radius(vccd_bvh_bv(&h, ty, i)), far = 0.0;
                for (int32_t j = 0; j < 3 * h.node[i].n; j++)
                    for (int32_t l = 0; l < j; l++) {
                        const double *p = m.v[m.t[h.tri[h.node[i].start + j / 3]][j % 3]];
                        const double *u = m.v[m.t[h.tri[h.node[i].start + l / 3]][l % 3]];
                        double d = hypot(hypot(p[0] - u[0], p[1] - u[1]), p[2] - u[2]);
                        far = d > far ? d : far;
                    }
                TU_CHECK(r >= 0.5 * far * (1 - 1e-9), "%s node %ld: radius %.17g, points %.17g apart",
                         bt->name, i, r, far);
                for (int32_t j = 0; j < h.node[i].n; j++)
                    for (int k = 0; k < 3; k++)
                        ref_of(bt)->contains(vccd_bvh_bv(&h, ty, i), i, m.v[m.t[h.tri[h.node[i].start + j]][k]]);
            }
        }
        vccd_bvh_clear(&h);
        vccd_mesh_clear(&m);
    }
}
END_TEST

/* The world positions of a mesh's vertices at REF_PREC bits. */
static rvec *
world(const vccd_mesh *m, const ref_pose *p)
{
    rvec *w = malloc((size_t)m->nv * sizeof *w);
    ck_assert(w != NULL);
    for (long i = 0; i < m->nv; i++) {
        rv_init(&w[i]);
        ref_apply(&w[i], p, m->v[i]);
    }
    return w;
}

static void
world_free(rvec *w, long n)
{
    for (long i = 0; i < n; i++)
        rv_clear(&w[i]);
    free(w);
}

/* max |coordinate| over the world points, as the tolerance scale */
static void
world_mag(mpfr_t mag, const rvec *w, long n)
{
    for (long i = 0; i < n; i++)
        for (int k = 0; k < 3; k++)
            if (mpfr_cmpabs(w[i].x[k], mag) > 0)
                mpfr_abs(mag, w[i].x[k], MPFR_RNDU);
}

START_TEST(test_distance_lower)
{
    long iters = tu_iters(40), far = 0, far_pos[VCCD_BV_MAX] = { 0 };
    for (long it = 0; it < iters; it++) {
        vccd_mesh ma, mb;
        vccd_bvh ha, hb;
        vccd_bvh_opts o;
        vccd_error e;
        ref_pose pa, pb;
        vccd_pose qa, qb;
        vccd_bv_relpose rp;
        rvec *wa, *wb;
        mpfr_t mag, tol, lo, hi, best, diam;
        double scale = ldexp(1.0, (int)(tu_ulong() % 40) - 20), sep;
        int kind = (int)(tu_ulong() % 4);

        if (kind < 3) {
            ref_mesh_random(&ma, 3 + (long)(tu_ulong() % 10), 1 + (long)(tu_ulong() % 12), scale, 0.0);
            ref_mesh_random(&mb, 3 + (long)(tu_ulong() % 10), 1 + (long)(tu_ulong() % 12), scale, 0.0);
        } else {
            /* two unit cubes face to face, a gap of 2^-k apart and turned
               by about 2^-24 rad: here the boxes' bounds are nearly the
               true distance, so a missing error term shows */
            ck_assert(vccd_mesh_shape(&ma, "box:1:1:1", VCCD_MESH_DEGENERATE_KEEP, &e) == 0);
            ck_assert(vccd_mesh_shape(&mb, "box:1:1:1", VCCD_MESH_DEGENERATE_KEEP, &e) == 0);
            scale = 1.0;
        }
        ref_pose_random(&pa, kind == 3);
        ref_pose_random(&pb, kind >= 2);
        sep = kind == 0 ? 0.5 : kind == 1 ? 100.0 : 2.2;
        for (int k = 0; k < 3; k++) {
            pa.o[k] = scale * (2 * tu_unit() - 1);
            pb.o[k] = pa.o[k] + scale * sep * (2 * tu_unit() - 1);
        }
        if (kind == 3) {
            int axis = (int)(tu_ulong() % 3);
            for (int k = 0; k < 3; k++)
                pb.o[k] = pa.o[k] + (k == axis ? 1.0 + ldexp(1.0, -(int)(tu_ulong() % 30)) : 0.0);
        }
        ref_pose_di(&qa, &pa);
        ref_pose_di(&qb, &pb);
        /* every other case with widened pose enclosures (the true pose
           stays inside): the node tests' width terms must cover it */
        ref_pose_widen(&qa, it % 2 ? 10 + (int)(tu_ulong() % 40) : 0);
        ref_pose_widen(&qb, it % 2 ? 10 + (int)(tu_ulong() % 40) : 0);
        vccd_bv_relpose_from(&rp, &qa.o, &qa.R, &qb.o, &qb.R);
        vccd_bvh_opts_init(&o);
        o.leaf_size = 1 + (int)(tu_ulong() % 3);
        TU_CHECK(vccd_bvh_build(&ha, &ma, &o, &e) == 0, "build: %s", e.msg);
        TU_CHECK(vccd_bvh_build(&hb, &mb, &o, &e) == 0, "build: %s", e.msg);
        wa = world(&ma, &pa);
        wb = world(&mb, &pb);
        mpfr_inits2(REF_PREC, mag, tol, lo, hi, best, diam, (mpfr_ptr)0);
        mpfr_set_ui(mag, 0, MPFR_RNDN);
        world_mag(mag, wa, ma.nv);
        world_mag(mag, wb, mb.nv);
        /* the reference's error is below 2^-300 mag (REF_PREC = 320-bit
           points and a few dozen operations): 2^-200 mag is a margin
           that no binary64 rounding error could hide in */
        mpfr_mul_2si(tol, mag, -200, MPFR_RNDU);
        for (int pair = 0; pair < 6; pair++) {
            long na = pair == 0 ? 0 : (long)(tu_ulong() % (unsigned long)ha.nnodes);
            long nb = pair == 0 ? 0 : (long)(tu_ulong() % (unsigned long)hb.nnodes);
            const vccd_bvh_node *x = &ha.node[na], *y = &hb.node[nb];
            mpfr_set_inf(best, 1);
            mpfr_set_ui(diam, 0, MPFR_RNDN);
            for (int32_t i = 0; i < x->n; i++)
                for (int32_t j = 0; j < y->n; j++) {
                    const vccd_mesh_index *ta = ma.t[ha.tri[x->start + i]], *tb = mb.t[hb.tri[y->start + j]];
                    rvec A[3], B[3];
                    for (int k = 0; k < 3; k++) {
                        A[k] = wa[ta[k]];
                        B[k] = wb[tb[k]];
                    }
                    ref_tri_tri(lo, hi, A, B);
                    fr_min(best, hi);
                }
            /* the node's vertex-set diameters (max pairwise distance) */
            for (int side = 0; side < 2; side++) {
                const vccd_bvh_node *nd = side ? y : x;
                const vccd_bvh *hh = side ? &hb : &ha;
                const vccd_mesh *mm = side ? &mb : &ma;
                const rvec *ww = side ? wb : wa;
                mpfr_t d, dm;
                mpfr_inits2(REF_PREC, d, dm, (mpfr_ptr)0);
                mpfr_set_ui(dm, 0, MPFR_RNDN);
                for (long u = 0; u < 3L * nd->n; u++)
                    for (long w = 0; w < 3L * nd->n; w++) {
                        rv_dist2(d, &ww[mm->t[hh->tri[nd->start + u / 3]][u % 3]], &ww[mm->t[hh->tri[nd->start + w / 3]][w % 3]]);
                        if (mpfr_cmp(d, dm) > 0)
                            mpfr_set(dm, d, MPFR_RNDN);
                    }
                mpfr_sqrt(dm, dm, MPFR_RNDU);
                mpfr_add(diam, diam, dm, MPFR_RNDU);
                mpfr_clears(d, dm, (mpfr_ptr)0);
            }
            mpfr_add(hi, best, tol, MPFR_RNDU);
            /* far: apart by more than 5x the summed diameters, which no
               BV here inflates that much (a sphere's radius is below
               sqrt(3)/2 of its box diagonal, a rotated box's enclosing
               box is within 3x); every BV must then prove a gap */
            mpfr_mul_ui(diam, diam, 5, MPFR_RNDU);
            int is_far = mpfr_cmp(best, diam) > 0;
            far += is_far;
            for (int ty = 0; ty < vccd_bv_type_count(); ty++) {
                const vccd_bv_type *bt = vccd_bv_type_get(ty);
                union { char c[VCCD_BV_CTX_MAX]; double d; } ctx;
                double lb;
                ck_assert(bt->ctx_size <= sizeof ctx);
                bt->prepare(ctx.c, &rp);
                lb = bt->distance_lower(ctx.c, vccd_bvh_bv(&ha, ty, na), vccd_bvh_bv(&hb, ty, nb));
                TU_CHECK(lb >= 0 && mpfr_cmp_d(hi, lb) >= 0,
                         "%s: distance lower bound %a exceeds the nodes' distance %s (nodes %ld, %ld, case %ld)",
                         bt->name, lb, tu_fmt_fr(best), na, nb, it);
                TU_CHECK(vccd_bv_overlap(bt, ctx.c, vccd_bvh_bv(&ha, ty, na), vccd_bvh_bv(&hb, ty, nb)) == !(lb > 0),
                         "%s: overlap disagrees with distance_lower", bt->name);
                if (is_far) {
                    far_pos[ty] += lb > 0;
                    TU_CHECK(lb > 0, "%s: far nodes (distance %s) not separated", bt->name, tu_fmt_fr(best));
                }
            }
        }
        mpfr_clears(mag, tol, lo, hi, best, diam, (mpfr_ptr)0);
        world_free(wa, ma.nv);
        world_free(wb, mb.nv);
        vccd_bvh_clear(&ha);
        vccd_bvh_clear(&hb);
        vccd_mesh_clear(&ma);
        vccd_mesh_clear(&mb);
    }
    TU_CHECK(far > 0, "no far node pair was drawn: the positivity check did not run");
}
END_TEST

/* --- the constant-velocity test (overlap_times), against exact SAT --- */

/* Projection interval [c - r, c + r] of the box {x : lo_k <= m_k . x <=
   hi_k} onto direction L (exact rationals): x = sum_k s_k m_k / N^2. */
static void
box_proj(mpq_t c, mpq_t r, const vccd_bv_obb *b, mpq_t L[3])
{
    long m[3][3], N;
    long q[4] = { b->q[0], b->q[1], b->q[2], b->q[3] };
    mpq_t d, s, u;
    mpq_inits(d, s, u, NULL);
    quat_rows(m, &N, q);
    mpq_set_ui(c, 0, 1);
    mpq_set_ui(r, 0, 1);
    for (int k = 0; k < 3; k++) {
        mpq_set_ui(d, 0, 1);
        for (int i = 0; i < 3; i++) {
            mpq_set_si(u, m[k][i], 1);
            mpq_mul(u, u, L[i]);
            mpq_add(d, d, u);                   /* m_k . L */
        }
        mpq_set_d(s, b->lo[k]);
        mpq_set_d(u, b->hi[k]);
        mpq_add(s, s, u);
        mpq_mul(s, s, d);
        mpq_add(c, c, s);                       /* (lo + hi) m_k . L */
        mpq_set_d(s, b->hi[k]);
        mpq_set_d(u, b->lo[k]);
        mpq_sub(s, s, u);
        mpq_abs(d, d);
        mpq_mul(s, s, d);
        mpq_add(r, r, s);                       /* (hi - lo) |m_k . L| */
    }
    mpq_set_si(u, 2 * N * N, 1);
    mpq_div(c, c, u);
    mpq_div(r, r, u);
    mpq_clears(d, s, u, NULL);
}

/* 1 when box a (A's frame) and box b placed by x_A = o + t v + Rq x_B,
   Rq = M(qr) / |qr|^2, overlap at time t (closed sets): exactly, by the
   15 axes of the separating-axis theorem in rationals. */
static int
exact_overlap(const vccd_bv_obb *a, const vccd_bv_obb *b, const long qr[4], const double o[3], const double v[3],
              const mpq_t t)
{
    long ma[3][3], mb[3][3], mr[3][3], Na, Nb, Nr;
    long qa[4] = { a->q[0], a->q[1], a->q[2], a->q[3] }, qb[4] = { b->q[0], b->q[1], b->q[2], b->q[3] };
    mpq_t ax[15][3], off[3], cb[3], L[3], ca, ra, cbb, rb, u, w;
    int over = 1;
    quat_rows(ma, &Na, qa);
    quat_rows(mb, &Nb, qb);
    quat_rows(mr, &Nr, qr);
    mpq_inits(ca, ra, cbb, rb, u, w, NULL);
    for (int i = 0; i < 3; i++) {
        mpq_inits(off[i], cb[i], L[i], NULL);
        mpq_set_d(off[i], v[i]);
        mpq_mul(off[i], off[i], t);
        mpq_set_d(u, o[i]);
        mpq_add(off[i], off[i], u);             /* o + t v */
    }
    for (int k = 0; k < 15; k++)
        for (int i = 0; i < 3; i++)
            mpq_init(ax[k][i]);
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 3; i++) {
            mpq_set_si(ax[k][i], ma[k][i], 1);  /* A's normals */
            mpq_set_ui(ax[3 + k][i], 0, 1);     /* B's: Rq m^B_k (times Nr) */
            for (int l = 0; l < 3; l++) {
                mpq_set_si(u, mr[i][l] * mb[k][l], 1);
                mpq_add(ax[3 + k][i], ax[3 + k][i], u);
            }
        }
    for (int k = 0; k < 3; k++)
        for (int j = 0; j < 3; j++)
            for (int i = 0; i < 3; i++) {       /* ax[k] x ax[3 + j] */
                int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
                mpq_mul(u, ax[k][i1], ax[3 + j][i2]);
                mpq_mul(w, ax[k][i2], ax[3 + j][i1]);
                mpq_sub(ax[6 + 3 * k + j][i], u, w);
            }
    for (int k = 0; k < 15 && over; k++) {
        /* B: the box projected onto Rq^T L (B's frame), plus off . L */
        for (int i = 0; i < 3; i++) {
            mpq_set_ui(L[i], 0, 1);
            for (int l = 0; l < 3; l++) {
                mpq_set_si(u, mr[l][i], Nr);
                mpq_mul(u, u, ax[k][l]);
                mpq_add(L[i], L[i], u);
            }
        }
        box_proj(cbb, rb, b, L);
        for (int i = 0; i < 3; i++) {
            mpq_mul(u, off[i], ax[k][i]);
            mpq_add(cbb, cbb, u);
        }
        box_proj(ca, ra, a, ax[k]);
        mpq_sub(u, cbb, ca);
        mpq_abs(u, u);
        mpq_add(w, ra, rb);
        over = mpq_cmp(u, w) <= 0;
    }
    for (int k = 0; k < 15; k++)
        for (int i = 0; i < 3; i++)
            mpq_clear(ax[k][i]);
    for (int i = 0; i < 3; i++)
        mpq_clears(off[i], cb[i], L[i], NULL);
    mpq_clears(ca, ra, cbb, rb, u, w, NULL);
    return over;
}

static void
rand_iquat(long q[4], long scale)
{
    do {
        for (int i = 0; i < 4; i++)
            q[i] = (long)(tu_ulong() % (unsigned long)(2 * scale + 1)) - scale;
    } while (q[0] == 0 && q[1] == 0 && q[2] == 0 && q[3] == 0);
}

static void
rand_box(vccd_bv_obb *b, double scale)
{
    long q[4];
    rand_iquat(q, tu_ulong() % 3 == 0 ? 3 : 16384);
    if (tu_ulong() % 5 == 0)
        q[0] = 1, q[1] = q[2] = q[3] = 0;
    for (int i = 0; i < 4; i++)
        b->q[i] = (int16_t)q[i];
    {
        long m[3][3], N;
        quat_rows(m, &N, q);
        for (int k = 0; k < 3; k++) {
            double c = (2 * tu_unit() - 1) * 0.3 * scale, e = (0.05 + tu_unit()) * scale;
            /* the slabs are in units of N (m_k has norm N) */
            b->lo[k] = (c - e) * (double)N;
            b->hi[k] = (c + e) * (double)N;
            if (tu_ulong() % 8 == 0)
                b->hi[k] = b->lo[k];            /* flat */
        }
    }
}

/* A random time window in [0, 1], zero-width for it % 7 == 0. */
static void
rand_window(double *t0, double *t1, long it)
{
    *t0 = tu_unit();
    *t1 = it % 7 == 0 ? *t0 : tu_unit();
    if (*t1 < *t0) {
        double y = *t0;
        *t0 = *t1, *t1 = y;
    }
}

/* The relative pose at t = 0 of a constant-velocity test: Rq = M(qr) / N
   (its rows into mr, N into *Nr) exactly enclosed, and o. */
static void
lin_pose(vccd_bv_relpose *rp, long mr[3][3], long *Nr, const long qr[4], const double o[3])
{
    quat_rows(mr, Nr, qr);
    for (int i = 0; i < 9; i++)
        rp->R.m[i] = vccd_di_set_si_frac(mr[i / 3][i % 3], *Nr);
    for (int i = 0; i < 3; i++)
        rp->o.c[i] = vccd_di_set_d(o[i]);
}

/* Random boxes thrown at each other by random translations (B turned by
   a random integer quaternion, fixed): at sampled times in the window,
   the exact SAT in rationals says when the boxes overlap; overlap_times
   must hold every such time (a "no" is a proof), its first time must be
   close to the exact first one (bisected exactly), and wherever the
   swept test over the window (distance_lower under the interval pose)
   proves them apart, so must it.  Adversarial cases: zero-width windows,
   a body at rest, flat boxes, axis-aligned and equally turned boxes (all
   axes parallel), exact face contact at t = 1/2, magnitudes scaled by
   2^-30 and 2^30. */
START_TEST(test_obb_linear)
{
    const vccd_bv_type *bt = vccd_bv_type_get(vccd_bv_type_find("obb"));
    /* At least 300 cases whatever the multiplier: the closing check
       that some case is proved apart by the fast path alone needs that
       many (a sanitizer run's 30 had none). */
    long n = tu_iters(300) > 300 ? tu_iters(300) : 300, only_fast = 0, overlaps = 0;
    double worst = 0.0;
    char ctx[VCCD_BV_CTX_MAX], gctx[VCCD_BV_CTX_MAX];
    mpq_t t;
    tu_init();
    TU_CHECK(bt->prepare_linear && bt->overlap_times, "obb has no constant-velocity test");
    mpq_init(t);
    for (long it = 0; it < n; it++) {
        vccd_bv_obb a, b;
        long qr[4], mr[3][3], Nr;
        double o[3], v[3], t0, t1, tf = NAN, tl = NAN, scale = it % 10 == 8 ? 0x1p-30 : it % 10 == 9 ? 0x1p30 : 1.0;
        vccd_bv_relpose rp;
        vccd_di_vec3 vd;
        int fast, kind = (int)(it % 6), first = -1;
        rand_box(&a, scale);
        rand_box(&b, scale);
        rand_iquat(qr, tu_ulong() % 2 ? 3 : 16384);
        if (kind == 4) {                        /* every axis parallel */
            qr[0] = 1, qr[1] = qr[2] = qr[3] = 0;
            b.q[0] = a.q[0], b.q[1] = a.q[1], b.q[2] = a.q[2], b.q[3] = a.q[3];
        }
        for (int i = 0; i < 3; i++) {
            double dir = 2 * tu_unit() - 1;
            o[i] = dir * 3 * scale;
            v[i] = kind == 3 ? 0.0 : (-dir * 6 + (2 * tu_unit() - 1)) * scale;
        }
        if (kind == 5) {                        /* face contact at t = 1/2 */
            a.q[0] = b.q[0] = 1, a.q[1] = a.q[2] = a.q[3] = b.q[1] = b.q[2] = b.q[3] = 0;
            qr[0] = 1, qr[1] = qr[2] = qr[3] = 0;
            for (int i = 0; i < 3; i++) {
                a.lo[i] = -scale, a.hi[i] = scale, b.lo[i] = -0.5 * scale, b.hi[i] = 0.5 * scale;
                o[i] = v[i] = 0.0;
            }
            o[0] = 2.5 * scale;                 /* B's face x = o - 1/2 meets x = 1 at t = 1/2 */
            v[0] = -3 * scale;
        }
        rand_window(&t0, &t1, it);
        if (kind == 5)
            t0 = it % 2 ? 0.5 : 0.0, t1 = it % 4 < 2 ? 0.5 : 1.0;
        lin_pose(&rp, mr, &Nr, qr, o);
        for (int i = 0; i < 3; i++)
            vd.c[i] = vccd_di_set_d(v[i]);
        bt->prepare_linear(ctx, &rp, &vd);
        fast = bt->overlap_times(ctx, &a, &b, t0, t1, &tf, &tl);
        TU_CHECK(!fast || (t0 <= tf && tf <= tl && tl <= t1), "case %ld: [%a, %a] outside [%a, %a]", it, tf, tl,
                 t0, t1);
        /* the swept test: o + [t0, t1] v */
        {
            vccd_bv_relpose gp = rp;
            for (int i = 0; i < 3; i++)
                gp.o.c[i] = vccd_di_add(rp.o.c[i], vccd_di_mul(vccd_di_set_2d(t0, t1), vd.c[i]));
            bt->prepare(gctx, &gp);
            if (bt->distance_lower(gctx, &a, &b) > 0.0)
                TU_CHECK(!fast, "case %ld: the swept test proves apart over [%a, %a], the fast path does not", it,
                         t0, t1);
            else
                only_fast += !fast;
        }
        for (int s = 0; s <= 16; s++) {
            double ts = s == 0 ? t0 : s == 16 ? t1 : t0 + (t1 - t0) * (s / 16.0);
            mpq_set_d(t, ts);
            if (!exact_overlap(&a, &b, qr, o, v, t))
                continue;
            overlaps++;
            TU_CHECK(fast && tf <= ts && ts <= tl, "case %ld kind %d: boxes overlap at %a, fast path %d [%a, %a]", it,
                     kind, ts, fast, tf, tl);
            if (first < 0)
                first = s;
        }
        if (first > 0 && kind != 4) {
            /* bisect the first contact exactly between the samples */
            double lo = t0 + (t1 - t0) * ((first - 1) / 16.0), hi = t0 + (t1 - t0) * (first / 16.0);
            for (int k = 0; k < 40 && lo < hi; k++) {
                double mid = lo + (hi - lo) / 2;
                if (mid <= lo || mid >= hi)
                    break;
                mpq_set_d(t, mid);
                if (exact_overlap(&a, &b, qr, o, v, t))
                    hi = mid;
                else
                    lo = mid;
            }
            TU_CHECK(tf <= hi, "case %ld: first contact by %a, fast path from %a", it, hi, tf);
            worst = lo - tf > worst ? lo - tf : worst;
        }
        if (kind == 5)
            TU_CHECK(fast && tf <= 0.5 && (t1 < 0.5 || tl >= 0.5),
                     "case %ld: face contact at 1/2 in [%a, %a]: %d [%a, %a]", it, t0, t1, fast, tf, tl);
    }
    /* exact up to the rounding: the first time is within 1e-9 of the
       bisected one (the slack is 2^-40 of the magnitudes) */
    TU_CHECK(worst < 1e-9, "fast path's first time %g before the exact one", worst);
    TU_CHECK(overlaps > 0 && only_fast > 0, "no overlapping cases (%ld) or no gain over the swept test (%ld)",
             overlaps, only_fast);
    mpq_clear(t);
}
END_TEST

/* --- the other types' constant-velocity tests, against exact witnesses -- */

/* x := o + t v + Rq p (B's point p in A's frame at t) or, inverse, Rq^T
   (p - o - t v) (A's point p in B's frame), exactly; Rq = M(qr) / N. */
static void
place_exact(mpq_t x[3], const long m[3][3], long N, const double o[3], const double v[3], const mpq_t t,
            const double p[3], int inverse)
{
    mpq_t u, w, y[3];
    mpq_inits(u, w, y[0], y[1], y[2], NULL);
    for (int i = 0; i < 3; i++) {               /* y = o + t v */
        mpq_set_d(y[i], v[i]);
        mpq_mul(y[i], y[i], t);
        mpq_set_d(u, o[i]);
        mpq_add(y[i], y[i], u);
    }
    for (int i = 0; i < 3; i++) {
        mpq_set_ui(x[i], 0, 1);
        for (int l = 0; l < 3; l++) {
            if (inverse) {                      /* (Rq^T (p - y))_i */
                mpq_set_d(w, p[l]);
                mpq_sub(w, w, y[l]);
                mpq_set_si(u, m[l][i], N);
            } else {                            /* (Rq p)_i */
                mpq_set_d(w, p[l]);
                mpq_set_si(u, m[i][l], N);
            }
            mpq_mul(u, u, w);
            mpq_add(x[i], x[i], u);
        }
        if (!inverse)
            mpq_add(x[i], x[i], y[i]);
    }
    mpq_clears(u, w, y[0], y[1], y[2], NULL);
}

/* 1 when |x - c| <= r1 + r2 (rationals, exact). */
static int
within_exact(mpq_t x[3], const double c[3], double r1, double r2)
{
    mpq_t u, w, r;
    int in;
    mpq_inits(u, w, r, NULL);
    for (int k = 0; k < 3; k++) {
        mpq_set_d(u, c[k]);
        mpq_sub(u, x[k], u);
        mpq_mul(u, u, u);
        mpq_add(w, w, u);
    }
    mpq_set_d(u, r1);
    mpq_set_d(r, r2);
    mpq_add(u, u, r);
    mpq_mul(u, u, u);
    in = mpq_cmp(w, u) <= 0;
    mpq_clears(u, w, r, NULL);
    return in;
}

/* 1 when the rational point x lies in the slabs lo[k] <= d_k . x <=
   hi[k] of bv (layout { lo[nd], hi[nd] }, bv.h): AABBs and k-DOPs. */
static int
inside_slabs(const void *bv, const double (*dirs)[3], int nd, mpq_t x[3])
{
    mpq_t u, w;
    int in = 1;
    const double *lo = bv, *hi = (const double *)bv + nd;
    mpq_inits(u, w, NULL);
    for (int k = 0; k < nd && in; k++) {
        mpq_set_ui(w, 0, 1);
        for (int i = 0; i < 3; i++) {
            mpq_set_d(u, dirs[k][i]);
            mpq_mul(u, u, x[i]);
            mpq_add(w, w, u);
        }
        mpq_set_d(u, lo[k]);
        in = mpq_cmp(u, w) <= 0;
        mpq_set_d(u, hi[k]);
        in = in && mpq_cmp(w, u) <= 0;
    }
    mpq_clears(u, w, NULL);
    return in;
}

static const double aabb_dirs[3][3] = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } };

static int
inside_sphere(const void *bv, mpq_t x[3])
{
    const vccd_bv_sphere *b = bv;
    return within_exact(x, b->c, b->r, 0.0);
}

static int inside_aabb(const void *bv, mpq_t x[3]) { return inside_slabs(bv, aabb_dirs, 3, x); }
static int inside_kdop14(const void *bv, mpq_t x[3]) { return inside_slabs(bv, kdop14_dirs, 7, x); }
static int inside_kdop18(const void *bv, mpq_t x[3]) { return inside_slabs(bv, kdop18_dirs, 9, x); }

/* AABBs are boxes of identity orientation: the exact separating-axis
   test. */
static int
overlap_aabb(const void *a, const void *b, const long qr[4], const long mr[3][3], long Nr, const double o[3],
             const double v[3], const mpq_t t)
{
    vccd_bv_obb ba, bb;
    const vccd_bv_aabb *xa = a, *xb = b;
    (void)mr, (void)Nr;
    ba.q[0] = bb.q[0] = 1, ba.q[1] = ba.q[2] = ba.q[3] = bb.q[1] = bb.q[2] = bb.q[3] = 0;
    for (int k = 0; k < 3; k++) {
        ba.lo[k] = xa->lo[k], ba.hi[k] = xa->hi[k];
        bb.lo[k] = xb->lo[k], bb.hi[k] = xb->hi[k];
    }
    return exact_overlap(&ba, &bb, qr, o, v, t);
}

/* Spheres: the exact distance of the centres. */
static int
overlap_sphere(const void *a, const void *b, const long qr[4], const long mr[3][3], long Nr, const double o[3],
               const double v[3], const mpq_t t)
{
    const vccd_bv_sphere *sa = a, *sb = b;
    mpq_t x[3];
    int over;
    (void)qr;
    mpq_inits(x[0], x[1], x[2], NULL);
    place_exact(x, mr, Nr, o, v, t, sb->c, 0);
    over = within_exact(x, sa->c, sa->r, sb->r);
    mpq_clears(x[0], x[1], x[2], NULL);
    return over;
}

static const ref_type refs[] = {
    { "sphere", contains_sphere, inside_sphere, overlap_sphere },
    { "aabb", contains_aabb, inside_aabb, overlap_aabb },
    { "obb", contains_obb, NULL, NULL },
    { "kdop14", contains_kdop14, inside_kdop14, NULL },
    { "kdop18", contains_kdop18, inside_kdop18, NULL },
};
#define NREF ((int)(sizeof refs / sizeof refs[0]))

static const ref_type *
ref_of(const vccd_bv_type *bt)
{
    for (int i = 0; i < NREF; i++)
        if (strcmp(bt->name, refs[i].name) == 0)
            return &refs[i];
    tu_fail("BV type %s has no reference in t-bv.c's refs[]: add one", bt->name);
    return NULL;
}

START_TEST(test_registry)
{
    /* the registry's types are exactly the ones refs[] knows */
    TU_CHECK(vccd_bv_type_count() == NREF, "expected %d BV types, got %d", NREF, vccd_bv_type_count());
    for (int i = 0; i < NREF; i++)
        TU_CHECK(vccd_bv_type_find(refs[i].name) >= 0, "BV type %s is not registered", refs[i].name);
    for (int i = 0; i < vccd_bv_type_count(); i++) {
        const vccd_bv_type *bt = vccd_bv_type_get(i);
        TU_CHECK(vccd_bv_type_find(bt->name) == i, "find(%s)", bt->name);
        ref_of(bt);
        TU_CHECK(bt->ctx_size <= VCCD_BV_CTX_MAX && bt->fit && bt->prepare && bt->distance_lower && bt->radius,
                 "%s: incomplete vtable", bt->name);
    }
    TU_CHECK(vccd_bv_type_find("nope") == -1, "found an unknown type");
}
END_TEST

/* Sphere, AABB and k-DOPs thrown through each other by random
   translations (B turned by a random integer quaternion, fixed): at 33
   times of the window, a vertex of one body placed exactly (rationals)
   inside the other's volume proves the volumes overlap there, and
   overlap_times must hold that time (a "no" is a proof); for boxes the
   exact separating-axis test (AABBs are boxes of identity orientation)
   and for spheres the exact centre distance say when they overlap,
   which covers the touches no vertex witnesses.  Wherever the swept
   test over the window proves them apart, so must overlap_times, and it
   must narrow some windows.  Adversarial cases: zero-width windows,
   B at rest, velocity components of 0, wide velocity enclosures with the
   motion at either end, one-point and flat bodies, magnitudes scaled by
   2^-30 and 2^30. */
START_TEST(test_linear_types)
{
    long n = tu_iters(150) > 150 ? tu_iters(150) : 150;
    mpq_t t, x[3];
    tu_init();
    mpq_inits(t, x[0], x[1], x[2], NULL);
    for (int ty = 0; ty < vccd_bv_type_count(); ty++) {
        const vccd_bv_type *bt = vccd_bv_type_get(ty);
        const ref_type *ref = ref_of(bt);
        const char *name = bt->name;
        long overlaps = 0, only_fast = 0, narrowed = 0;
        if (!ref->inside)
            continue;
        TU_CHECK(bt->prepare_linear && bt->overlap_times, "%s has no constant-velocity test", name);
        if (!bt->overlap_times)
            continue;
        for (long it = 0; it < n; it++) {
            double pa[12][3], pb[12][3], o[3], v[3], t0, t1, tf = NAN, tl = NAN, bva[64], bvb[64];
            double scale = it % 10 == 8 ? 0x1p-30 : it % 10 == 9 ? 0x1p30 : 1.0;
            char ctx[VCCD_BV_CTX_MAX], gctx[VCCD_BV_CTX_MAX];
            long qr[4], mr[3][3], Nr;
            int na = it % 7 == 3 ? 1 : 2 + (int)(tu_ulong() % 10), nb = it % 7 == 5 ? 1 : 2 + (int)(tu_ulong() % 10);
            int fast, kind = (int)(it % 5);
            vccd_bv_relpose rp;
            vccd_di_vec3 vd;
            for (int i = 0; i < na; i++)
                for (int k = 0; k < 3; k++)
                    pa[i][k] = k == 2 && it % 6 == 1 ? 0.25 * scale : (2 * tu_unit() - 1) * scale;
            for (int i = 0; i < nb; i++)
                for (int k = 0; k < 3; k++)
                    pb[i][k] = k == 0 && it % 6 == 2 ? -0.5 * scale : (2 * tu_unit() - 1) * 0.7 * scale;
            bt->fit(bva, (const double (*)[3])pa, na);
            bt->fit(bvb, (const double (*)[3])pb, nb);
            rand_iquat(qr, tu_ulong() % 2 ? 3 : 16384);
            if (kind == 4)
                qr[0] = 1, qr[1] = qr[2] = qr[3] = 0;
            for (int i = 0; i < 3; i++) {
                double dir = 2 * tu_unit() - 1;
                o[i] = dir * 3 * scale;
                v[i] = kind == 3 ? 0.0 : (-dir * 6 + (2 * tu_unit() - 1)) * scale;
            }
            if (kind == 2)
                v[(int)(tu_ulong() % 3)] = 0.0;
            rand_window(&t0, &t1, it);
            lin_pose(&rp, mr, &Nr, qr, o);
            for (int i = 0; i < 3; i++) {
                vd.c[i] = vccd_di_set_d(v[i]);
                if (it % 3 == 1) {
                    /* a wide velocity enclosure, the motion at one of
                       its ends or its middle: every end is used */
                    double lo = v[i] - (0.05 * fabs(v[i]) + 0.01 * scale), hi = v[i] + (0.05 * fabs(v[i]) + 0.01 * scale);
                    unsigned pick = (unsigned)(tu_ulong() % 3);
                    vd.c[i] = vccd_di_set_2d(lo, hi);
                    v[i] = pick == 0 ? lo : pick == 1 ? hi : v[i];
                }
            }
            bt->prepare_linear(ctx, &rp, &vd);
            fast = bt->overlap_times(ctx, bva, bvb, t0, t1, &tf, &tl);
            TU_CHECK(!fast || (t0 <= tf && tf <= tl && tl <= t1), "%s case %ld: [%a, %a] outside [%a, %a]",
                     name, it, tf, tl, t0, t1);
            narrowed += fast && (t0 < tf || tl < t1);
            {   /* the swept test over the window: o + [t0, t1] v */
                vccd_bv_relpose gp = rp;
                for (int i = 0; i < 3; i++)
                    gp.o.c[i] = vccd_di_add(rp.o.c[i], vccd_di_mul(vccd_di_set_2d(t0, t1), vd.c[i]));
                bt->prepare(gctx, &gp);
                if (bt->distance_lower(gctx, bva, bvb) > 0.0)
                    TU_CHECK(!fast, "%s case %ld: the swept test proves apart over [%a, %a], overlap_times does not",
                             name, it, t0, t1);
                else
                    only_fast += !fast;
            }
            for (int sidx = 0; sidx <= 32; sidx++) {
                double ts = sidx == 0 ? t0 : sidx == 32 ? t1 : t0 + (t1 - t0) * (sidx / 32.0);
                int over = 0;
                mpq_set_d(t, ts);
                for (int i = 0; i < nb && !over; i++) {
                    place_exact(x, mr, Nr, o, v, t, pb[i], 0);
                    over = ref->inside(bva, x);
                }
                for (int i = 0; i < na && !over; i++) {
                    place_exact(x, mr, Nr, o, v, t, pa[i], 1);
                    over = ref->inside(bvb, x);
                }
                if (!over && ref->overlap)
                    over = ref->overlap(bva, bvb, qr, mr, Nr, o, v, t);
                if (!over)
                    continue;
                overlaps++;
                TU_CHECK(fast && tf <= ts && ts <= tl, "%s case %ld kind %d: the volumes overlap at %a, overlap_times %d [%a, %a]",
                         name, it, kind, ts, fast, tf, tl);
            }
        }
        printf("%s: %ld overlapping sample times; windows narrowed %ld, proved apart by overlap_times alone %ld\n",
               name, overlaps, narrowed, only_fast);
        /* what the query gains: item boxes narrowed to [first, last] */
        TU_CHECK(overlaps > 0 && narrowed > 0, "%s: no overlapping cases (%ld) or no window narrowed (%ld)",
                 name, overlaps, narrowed);
    }
    mpq_clears(t, x[0], x[1], x[2], NULL);
}
END_TEST

/* The edges of box b (its slabs' widths over the rows' norm N = |q|^2),
   sorted down. */
static void
obb_extents_sorted(double ext[3], const vccd_bv_obb *b)
{
    long q[4] = { b->q[0], b->q[1], b->q[2], b->q[3] }, mi[3][3], Ni;
    quat_rows(mi, &Ni, q);
    for (int k = 0; k < 3; k++)
        ext[k] = (b->hi[k] - b->lo[k]) / (double)Ni;
    for (int i = 0; i < 3; i++)
        for (int j = i + 1; j < 3; j++)
            if (ext[j] > ext[i]) {
                double x = ext[i];
                ext[i] = ext[j];
                ext[j] = x;
            }
}

/* One triangle's box (a leaf at leaf size 1).  Every vertex inside,
   exactly (contains_obb), for slivers, collinear and repeated points,
   axis-aligned and needle triangles at the adversarial scales; and a
   well-shaped triangle's box is the smallest there is but for the axes'
   rounding to 2^-14: flat along the normal, and twice the triangle's
   area across (no rectangle around a triangle is smaller; obb.c).  The
   principal axes of the three points give boxes up to a third larger
   across, which the area check catches. */
START_TEST(test_obb_triangle)
{
    const vccd_bv_type *bt = vccd_bv_type_get(vccd_bv_type_find("obb"));
    long iters = tu_iters(4000), tight = 0;
    for (long it = 0; it < iters; it++) {
        double p[3][3], scale, offset, len[3], L = 0.0, n[3], A, ext[3];
        int kind = (int)(it % 7), shaped = 0;
        vccd_bv_obb b;
        ref_scale_random(&scale, &offset);
        for (int i = 0; i < 3; i++)
            for (int k = 0; k < 3; k++)
                p[i][k] = offset + scale * (2 * tu_unit() - 1);
        switch (kind) {
        case 1: /* collinear: the third at a power-of-two fraction of the first two */
            for (int k = 0; k < 3; k++)
                p[2][k] = p[0][k] + 0.25 * (p[1][k] - p[0][k]);
            break;
        case 2: /* a repeated point */
            memcpy(p[2], p[it % 4 == 0 ? 0 : 1], sizeof p[2]);
            break;
        case 3: /* in a coordinate plane, along the axes */
            p[0][2] = p[1][2] = p[2][2] = offset;
            p[1][1] = p[0][1];
            break;
        case 4: /* a needle: one point 2^-40 of the scale off a side */
            for (int k = 0; k < 3; k++)
                p[2][k] = 0.5 * p[0][k] + 0.5 * p[1][k] + (k == (int)(it % 3) ? scale * 0x1p-40 : 0.0);
            break;
        case 6: /* a sliver: 2^-46 to 2^-60 of the scale off a side, any way */
            for (int k = 0; k < 3; k++)
                p[2][k] = p[0][k] + 0.375 * (p[1][k] - p[0][k])
                          + ldexp(scale * (2 * tu_unit() - 1), -46 - (int)(tu_ulong() % 15));
            break;
        default:
            break;
        }
        bt->fit(&b, (const double (*)[3])p, 3);
        for (int i = 0; i < 3; i++)
            contains_obb(&b, it, p[i]);
        if ((kind != 0 && kind != 5 && kind != 6) || scale != 1.0 || offset != 0.0)
            continue;
        /* the shape checks at scales where the doubles below are exact
           enough: unit scale, no offset; well-shaped (no angle under 10
           degrees), or a sliver */
        for (int i = 0; i < 3; i++) {
            double d2 = 0.0;
            for (int k = 0; k < 3; k++)
                d2 += (p[(i + 1) % 3][k] - p[i][k]) * (p[(i + 1) % 3][k] - p[i][k]);
            len[i] = sqrt(d2);
            L = len[i] > L ? len[i] : L;
        }
        for (int k = 0; k < 3; k++) {
            int a = (k + 1) % 3, c = (k + 2) % 3;
            n[k] = (p[1][a] - p[0][a]) * (p[2][c] - p[0][c]) - (p[1][c] - p[0][c]) * (p[2][a] - p[0][a]);
        }
        A = 0.5 * sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        shaped = 2 * A / (L * L) > 0.0868;     /* height over the longest side > sin(10 deg) / 2 */
        if (!shaped && kind != 6)
            continue;
        obb_extents_sorted(ext, &b);
        if (kind == 6) {
            /* a box as thin as the sliver in two directions but for the
               axes' rounding: its normal is rounding noise, so it must
               not steer the box (the principal axes see the spread) */
            TU_CHECK(ext[1] <= L * 0x1p-10, "sliver %ld: box %.3g x %.3g x %.3g, longest side %.17g", it, ext[0],
                     ext[1], ext[2], L);
            continue;
        }
        TU_CHECK(ext[2] <= L * 0x1p-11, "triangle %ld: box %.3g thick, longest side %.17g", it, ext[2], L);
        TU_CHECK(ext[0] * ext[1] <= 2 * A * 1.001 + L * L * 0x1p-10,
                 "triangle %ld: box %.17g x %.17g across, twice the area is %.17g", it, ext[0], ext[1], 2 * A);
        tight++;
    }
    TU_CHECK(tight > iters / 100, "only %ld well-shaped triangles checked", tight);
}
END_TEST

/* OBB axes for more than three points (obb.c's closed-form eigenvectors
   of the sampled covariance): a box's symmetric point set (8 corners, 6
   face centres, 12 edge midpoints), turned by a random rotation, at the
   adversarial scales, is enclosed exactly (contains_obb); and where its
   extents differ (by at least 5/4) or it is flat, its fitted box has its
   extents but for the axes' rounding (the covariance of that set is
   diagonal in the box's own frame).  Equal and nearly equal extents (a
   cube, a square) leave the axes free in their plane, and are checked
   for containment alone.  Axes that are not the principal ones (the
   body axes, say) make boxes up to sqrt 3 longer, which this catches. */
START_TEST(test_obb_axes)
{
    const vccd_bv_type *bt = vccd_bv_type_get(vccd_bv_type_find("obb"));
    long iters = tu_iters(3000), tight = 0;
    for (long it = 0; it < iters; it++) {
        double q[4], nq = 0.0, R[3][3], e[3], c[3], p[26][3], scale, offset, ext[3];
        int kind = (int)(it % 5), np = 0;
        vccd_bv_obb b;
        ref_scale_random(&scale, &offset);
        for (int i = 0; i < 4; i++) {
            q[i] = 2 * tu_unit() - 1;
            nq += q[i] * q[i];
        }
        nq = sqrt(nq);
        for (int i = 0; i < 4; i++)
            q[i] /= nq > 0 ? nq : 1;
        R[0][0] = 1 - 2 * (q[2] * q[2] + q[3] * q[3]), R[0][1] = 2 * (q[1] * q[2] - q[0] * q[3]);
        R[0][2] = 2 * (q[1] * q[3] + q[0] * q[2]), R[1][0] = 2 * (q[1] * q[2] + q[0] * q[3]);
        R[1][1] = 1 - 2 * (q[1] * q[1] + q[3] * q[3]), R[1][2] = 2 * (q[2] * q[3] - q[0] * q[1]);
        R[2][0] = 2 * (q[1] * q[3] - q[0] * q[2]), R[2][1] = 2 * (q[2] * q[3] + q[0] * q[1]);
        R[2][2] = 1 - 2 * (q[1] * q[1] + q[2] * q[2]);
        e[0] = 1.0;
        e[1] = 0.2 + 0.6 * tu_unit();                   /* at most 0.8 */
        e[2] = e[1] * (0.1 + 0.7 * tu_unit());          /* at most 0.8 e[1] */
        switch (kind) {
        case 1: e[2] = 0.0; break;                      /* flat */
        case 2: e[1] = e[2] = 0.0; break;               /* a segment */
        case 3: e[1] = 1.0 - 1e-9; break;               /* a square, nearly */
        case 4: e[1] = e[2] = 1.0; break;               /* a cube */
        default: break;
        }
        for (int k = 0; k < 3; k++)
            c[k] = offset + scale * (2 * tu_unit() - 1);
        for (int x = -1; x <= 1; x++)
            for (int y = -1; y <= 1; y++)
                for (int z = -1; z <= 1; z++) {
                    double l[3] = { x * e[0], y * e[1], z * e[2] };
                    int zeros = (x == 0) + (y == 0) + (z == 0);
                    if (zeros == 3)
                        continue;
                    for (int k = 0; k < 3; k++)
                        p[np][k] = c[k] + scale * (R[k][0] * l[0] + R[k][1] * l[1] + R[k][2] * l[2]);
                    np++;
                }
        bt->fit(&b, (const double (*)[3])p, np);
        for (int i = 0; i < np; i++)
            contains_obb(&b, it, p[i]);
        if (kind > 2 || scale != 1.0 || offset != 0.0)
            continue;
        obb_extents_sorted(ext, &b);    /* sorted down, as e is */
        /* each quaternion component is rounded by up to 2^-15, so the
           axes turn by up to 2^-13 rad, and a side's extent grows by up
           to 2 2^-13 sqrt(1 + 0.8^2) of the longest (1.28 2^-12): 2^-11
           bounds it (a wrong eigenvector costs a good part of 1) */
        for (int k = 0; k < 3; k++)
            TU_CHECK(ext[k] <= 2 * e[k] * (1 + 0x1p-20) + 0x1p-11,
                     "box %ld (kind %d): extents %.17g %.17g %.17g for a box of %.17g %.17g %.17g", it, kind, ext[0],
                     ext[1], ext[2], 2 * e[0], 2 * e[1], 2 * e[2]);
        tight++;
    }
    TU_CHECK(tight > iters / 20, "only %ld boxes checked for their extents", tight);
}
END_TEST

int
main(void)
{
    const TTest *tests[] = { test_registry,   test_contains,   test_obb_triangle, test_obb_axes,
                             test_distance_lower, test_obb_linear, test_linear_types };
    return tu_main("bv", tests, (int)(sizeof tests / sizeof tests[0]));
}
