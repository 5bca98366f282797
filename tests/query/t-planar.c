/* t-planar.c -- the query on 2D bodies (polygons and open polylines in
   z = 0 under ltlrm2d).  On random small bodies (at most 100 edges
   together) thrown at each other, some missing, for every BV type and
   in binary64 and MPFR: the BVH search and the brute-force search give
   the status of a plain loop written here over every vertex-edge-2d pair
   (each vertex of one body against each segment of the other, solved by
   vccd_solve directly) and enclosures that meet it; the normal is a unit
   vector in the plane with v . n >= 0; the rigorous distance finds no
   crossing at lo and the step back's gap is >= eps_d.  Then a known
   contact with its normal, the 2D segment distance against MPFR, and the
   errors. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "qbody.h"

static double rnd(double lo, double hi) { return lo + (hi - lo) * tu_unit(); }

/* ltlrm2d from p0 to p1 over the step, turning by a random angle. */
static vccd_motion *
planar_motion(const double p0[2], const double p1[2])
{
    char text[512];
    snprintf(text, sizeof text, "[motion.m]\ntype = ltlrm2d\no0 = %.17g %.17g\nv = %.17g %.17g\nalpha0 = %.17g\n"
             "omega = %.17g\n", p0[0], p0[1], p1[0] - p0[0], p1[1] - p0[1], rnd(-4, 4), rnd(-4, 4));
    return motion_from_text(text);
}

static void
build(body *b)
{
    vccd_bvh_opts bo;
    vccd_error e;
    vccd_bvh_opts_init(&bo);
    bo.leaf_size = 1 + (int)(tu_ulong() % 4);
    if (vccd_bvh_build(&b->h, &b->m, &bo, &e) != 0)
        tu_fail("bvh: %s", e.msg);
}

/* A random 2D body of at most max_edges edges (>= 3): a star polygon, a
   regular polygon, a rectangle, or an open zigzag polyline. */
static void
random_body(body *b, long max_edges)
{
    vccd_error e;
    char spec[64];
    int kind = (int)(tu_ulong() % 4);
    long n = 3 + (long)(tu_ulong() % (unsigned long)(max_edges - 2));
    memset(b, 0, sizeof *b);
    if (kind == 3) {
        double (*v)[3] = malloc((size_t)(n + 1) * sizeof *v);
        vccd_mesh_index (*t)[3] = malloc((size_t)n * sizeof *t);
        for (long i = 0; i <= n; i++) {
            v[i][0] = -0.8 + 1.6 * (double)i / (double)n;
            v[i][1] = rnd(-0.5, 0.5);
            v[i][2] = 0.0;
        }
        for (long i = 0; i < n; i++) {
            t[i][0] = (vccd_mesh_index)i;
            t[i][1] = t[i][2] = (vccd_mesh_index)(i + 1);
        }
        if (vccd_mesh_init_arrays(&b->m, "zigzag", (const double (*)[3])v, n + 1, (const vccd_mesh_index (*)[3])t, n,
                                  VCCD_MESH_DEGENERATE_DROP, &e) != 0)
            tu_fail("zigzag: %s", e.msg);
        free(v);
        free(t);
        TU_CHECK(b->m.planar && b->m.closure == VCCD_MESH_OPEN && b->m.boundary_edges == 2, "zigzag not an open 2D body");
    } else {
        if (kind == 0)
            snprintf(spec, sizeof spec, "star:%ld:%lu", n, tu_ulong() % 1000);
        else if (kind == 1)
            snprintf(spec, sizeof spec, "ngon:%ld", n);
        else
            snprintf(spec, sizeof spec, "rect:%.17g:%.17g", rnd(0.2, 1.5), rnd(0.2, 1.5));
        if (vccd_mesh_load(&b->m, spec, NULL, &e) != 0)
            tu_fail("%s: %s", spec, e.msg);
        TU_CHECK(b->m.planar && b->m.closure == VCCD_MESH_CLOSED, "%s not a closed 2D body", spec);
    }
    build(b);
}

/* The reference: every vertex used by a segment of one body against
   every segment of the other, each pair solved on its own over the whole
   step; the answer is the earliest lo (a certified one on ties), its hi
   cut by the earliest certified hi. */
static void
plain_loop(vccd_toc *best, body *s[2], const vccd_solve_opts *so)
{
    double cut = so->t1;
    best->status = VCCD_TOC_NONE;
    best->lo = INFINITY;
    for (int vb = 0; vb < 2; vb++) {
        const vccd_mesh *mv = &s[vb]->m, *me = &s[1 - vb]->m;
        char *used = calloc((size_t)mv->nv, 1);
        for (long i = 0; i < mv->nt; i++)
            used[mv->t[i][0]] = used[mv->t[i][1]] = 1;
        for (long v = 0; v < mv->nv; v++) {
            if (!used[v])
                continue;
            for (long j = 0; j < me->nt; j++) {
                vccd_track t[3];
                vccd_feature *f;
                vccd_toc r;
                t[0].m = s[vb]->mo;
                t[0].vertex = 0;
                memcpy(t[0].p, mv->v[v], sizeof t[0].p);
                for (int k = 0; k < 2; k++) {
                    t[1 + k].m = s[1 - vb]->mo;
                    t[1 + k].vertex = 0;
                    memcpy(t[1 + k].p, me->v[me->t[j][k]], sizeof t[1 + k].p);
                }
                if (!(f = vccd_feature_new(VCCD_FEATURE_VE2D, t, &so->arith)))
                    tu_fail("out of memory");
                vccd_solve(&r, f, so);
                vccd_feature_free(f);
                if (r.status == VCCD_TOC_NONE)
                    continue;
                if (r.status == VCCD_TOC_CERTIFIED && r.hi < cut)
                    cut = r.hi;
                if (r.lo < best->lo || (r.lo == best->lo && r.status == VCCD_TOC_CERTIFIED))
                    *best = r;
            }
        }
        free(used);
    }
    if (best->status != VCCD_TOC_NONE && cut < best->hi)
        best->hi = cut;
}

static void
check_answer(const vccd_query_result *r, const vccd_toc *ref, body *a, body *b, int bv, const char *what, long it)
{
    vccd_distance_result d;
    vccd_error e;
    TU_CHECK(r->status == ref->status, "case %ld %s %s: %s [%.17g, %.17g], plain loop %s [%.17g, %.17g]", it, what,
             vccd_bv_type_get(bv)->name, vccd_toc_status_name(r->status), r->lo, r->hi,
             vccd_toc_status_name(ref->status), ref->lo, ref->hi);
    if (r->status == VCCD_TOC_NONE)
        return;
    TU_CHECK(r->lo <= ref->hi && ref->lo <= r->hi, "case %ld %s %s: [%.17g, %.17g] misses the loop's [%.17g, %.17g]",
             it, what, vccd_bv_type_get(bv)->name, r->lo, r->hi, ref->lo, ref->hi);
    TU_CHECK(r->have_pair && r->pair.kind == VCCD_FEATURE_VE2D, "case %ld %s: no vertex-edge-2d pair", it, what);
    TU_CHECK(r->normal[2] == 0.0 && fabs(hypot(r->normal[0], r->normal[1]) - 1.0) < 1e-12,
             "case %ld %s: normal (%g, %g, %g) not a unit vector of the plane", it, what, r->normal[0], r->normal[1],
             r->normal[2]);
    TU_CHECK(r->vn >= 0.0, "case %ld %s: v.n = %g < 0", it, what, r->vn);
    if (vccd_query_distance_at(&d, &a->qb, &b->qb, r->lo, bv, &e) != 0)
        tu_fail("distance: %s", e.msg);
    TU_CHECK(d.status != VCCD_DISTANCE_INTERSECTING, "case %ld %s: bodies cross at lo = %.17g", it, what, r->lo);
}

START_TEST(test_random)
{
    long n = tu_iters(24);
    for (long it = 0; it < n; it++) {
        body a, b, *s[2] = { &a, &b };
        double dir, p[4][2], off[2];
        vccd_query_opts o;
        vccd_query_result r;
        vccd_toc ref;
        vccd_error e;
        int mpfr = it % 4 == 3;
        long na;

        random_body(&a, mpfr ? 12 : 60);
        na = a.m.nt;
        random_body(&b, (mpfr ? 12 : 100 - na) > 3 ? (mpfr ? 12 : 100 - na) : 4);
        dir = rnd(0, 6.283185307179586);
        for (int k = 0; k < 2; k++)
            off[k] = rnd(-1, 1) * (it % 3 == 2 ? 1.5 : 0.3);      /* a third may miss */
        p[0][0] = -1.6 * cos(dir), p[0][1] = -1.6 * sin(dir);
        p[2][0] = 1.6 * cos(dir), p[2][1] = 1.6 * sin(dir);
        for (int k = 0; k < 2; k++)
            p[1][k] = off[k], p[3][k] = -off[k];
        body_move(&a, planar_motion(p[0], p[1]));
        body_move(&b, planar_motion(p[2], p[3]));

        vccd_query_opts_init(&o);
        o.gap = 0;
        o.solve.eps_t = 1e-6;
        if (mpfr) {
            o.solve.arith.kind = VCCD_ARITH_MPFR;
            o.solve.arith.prec = 113;
        }
        plain_loop(&ref, s, &o.solve);
        for (int bv = 0; bv < vccd_bv_type_count(); bv++) {
            o.bv = bv;
            o.search = VCCD_QUERY_SEARCH_BVH;
            if (vccd_query_toc(&r, &a.qb, &b.qb, &o, &e) != 0)
                tu_fail("query: %s", e.msg);
            check_answer(&r, &ref, &a, &b, bv, mpfr ? "bvh/mpfr" : "bvh/binary64", it);
            o.search = VCCD_QUERY_SEARCH_AUTO;
            if (vccd_query_toc(&r, &a.qb, &b.qb, &o, &e) != 0)
                tu_fail("query: %s", e.msg);
            check_answer(&r, &ref, &a, &b, bv, mpfr ? "auto/mpfr" : "auto/binary64", it);
        }
        o.search = VCCD_QUERY_SEARCH_BRUTE;
        if (vccd_query_toc(&r, &a.qb, &b.qb, &o, &e) != 0)
            tu_fail("brute: %s", e.msg);
        check_answer(&r, &ref, &a, &b, o.bv, mpfr ? "brute/mpfr" : "brute/binary64", it);
        TU_CHECK(r.bv_tests == 0 && r.items == 0, "case %ld: brute force traversed the BVH", it);
        /* The step back proves its gap on 2D bodies too. */
        if (ref.status == VCCD_TOC_CERTIFIED && ref.lo > 0.05) {
            o.search = VCCD_QUERY_SEARCH_AUTO;
            o.eps_d = 1e-3;
            o.gap = 1;
            if (vccd_query_toc(&r, &a.qb, &b.qb, &o, &e) != 0)
                tu_fail("step back: %s", e.msg);
            TU_CHECK(r.stepped == 1 && r.have_gap && r.gap_lower >= 1e-3 && r.lo <= ref.lo,
                     "case %ld: step back %d gap [%g, %g] at %.17g (contact %.17g)", it, r.stepped, r.gap_lower,
                     r.gap_upper, r.lo, ref.lo);
        }
        body_clear(&a);
        body_clear(&b);
    }
}
END_TEST

/* Triangle A (ngon:3, a vertex at (1, 0)) from x = -3 to 1 against
   rectangle B (1 wide, 2 tall) at rest at the origin: A's leading vertex
   reaches B's left edge, at its middle, when -2 + 4 t = -1/2, t = 3/8;
   the normal is +x (A's approach), v . n = 4, the point (-1/2, 0).  (A
   square would meet the edge with two corners at once: the second pair,
   solved only up to the first one's certified hi, comes back possible a
   few ulps before the contact -- a proved lower bound, not a certified
   time.) */
START_TEST(test_known)
{
    body a, b;
    vccd_query_opts o;
    vccd_query_result r;
    vccd_error e;
    tu_init();
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    if (vccd_mesh_load(&a.m, "ngon:3", NULL, &e) != 0 || vccd_mesh_load(&b.m, "rect:1:2", NULL, &e) != 0)
        tu_fail("%s", e.msg);
    build(&a);
    build(&b);
    body_move(&a, motion_from_text("[motion.m]\ntype = ltlrm2d\no0 = -3 0\nv = 4 0\nomega = 0\n"));
    body_move(&b, motion_from_text("[motion.m]\ntype = ltlrm2d\no0 = 0 0\nv = 0 0\nomega = 0\n"));
    for (int s = 0; s < 3; s++) {
        vccd_query_opts_init(&o);
        o.search = (vccd_query_search)s;
        o.solve.eps_t = 1e-12;
        if (vccd_query_toc(&r, &a.qb, &b.qb, &o, &e) != 0)
            tu_fail("%s", e.msg);
        TU_CHECK(r.status == VCCD_TOC_CERTIFIED && r.lo <= 0.375 && 0.375 <= r.hi,
                 "search %s: %s [%.17g, %.17g], expected 3/8", vccd_query_search_name(o.search),
                 vccd_toc_status_name(r.status), r.lo, r.hi);
        TU_CHECK(fabs(r.normal[0] - 1.0) < 1e-9 && fabs(r.normal[1]) < 1e-9 && fabs(r.vn - 4.0) < 1e-9,
                 "normal (%g, %g) v.n %g, expected (1, 0) and 4", r.normal[0], r.normal[1], r.vn);
        TU_CHECK(r.pair.vertex_body == 0 && r.pair.v[0] == 0 && fabs(r.point[0] + 0.5) < 1e-9
                 && fabs(r.point[1]) < 1e-9, "contact (%g, %g) by body %d vertex %ld, expected A's vertex 0 at "
                 "(-1/2, 0)", r.point[0], r.point[1], r.pair.vertex_body, r.pair.v[0]);
        TU_CHECK(r.have_gap && r.gap_lower >= 0.0 && r.gap_lower <= 1e-9, "gap at lo [%g, %g]", r.gap_lower,
                 r.gap_upper);
    }
    body_clear(&a);
    body_clear(&b);
}
END_TEST

/* MPFR distance from point p to segment ab in the plane, at 256 bits
   (the error is far below anything binary64 resolves). */
static void
mp_point_segment(mpfr_t d, const double p[2], const double a[2], const double b[2])
{
    mpfr_t ux, uy, ex, ey, t, n2, x, y;
    mpfr_inits2(256, ux, uy, ex, ey, t, n2, x, y, (mpfr_ptr)0);
    mpfr_set_d(ux, p[0], MPFR_RNDN);
    mpfr_sub_d(ux, ux, a[0], MPFR_RNDN);
    mpfr_set_d(uy, p[1], MPFR_RNDN);
    mpfr_sub_d(uy, uy, a[1], MPFR_RNDN);
    mpfr_set_d(ex, b[0], MPFR_RNDN);
    mpfr_sub_d(ex, ex, a[0], MPFR_RNDN);
    mpfr_set_d(ey, b[1], MPFR_RNDN);
    mpfr_sub_d(ey, ey, a[1], MPFR_RNDN);
    mpfr_mul(t, ux, ex, MPFR_RNDN);
    mpfr_fma(t, uy, ey, t, MPFR_RNDN);
    mpfr_mul(n2, ex, ex, MPFR_RNDN);
    mpfr_fma(n2, ey, ey, n2, MPFR_RNDN);
    mpfr_div(t, t, n2, MPFR_RNDN);
    if (mpfr_sgn(t) < 0)
        mpfr_set_ui(t, 0, MPFR_RNDN);
    if (mpfr_cmp_ui(t, 1) > 0)
        mpfr_set_ui(t, 1, MPFR_RNDN);
    mpfr_mul(x, t, ex, MPFR_RNDN);
    mpfr_sub(x, ux, x, MPFR_RNDN);
    mpfr_mul(y, t, ey, MPFR_RNDN);
    mpfr_sub(y, uy, y, MPFR_RNDN);
    mpfr_hypot(d, x, y, MPFR_RNDN);
    mpfr_clears(ux, uy, ex, ey, t, n2, x, y, (mpfr_ptr)0);
}

/* sign of (b - a) x (c - a), exactly (doubles' products fit in 256 bits) */
static int
mp_orient(const double a[2], const double b[2], const double c[2])
{
    mpfr_t x, y;
    int s;
    mpfr_inits2(256, x, y, (mpfr_ptr)0);
    mpfr_set_d(x, b[0], MPFR_RNDN);
    mpfr_sub_d(x, x, a[0], MPFR_RNDN);
    mpfr_set_d(y, c[1], MPFR_RNDN);
    mpfr_sub_d(y, y, a[1], MPFR_RNDN);
    mpfr_mul(x, x, y, MPFR_RNDN);
    mpfr_set_d(y, b[1], MPFR_RNDN);
    mpfr_sub_d(y, y, a[1], MPFR_RNDN);
    {
        mpfr_t z;
        mpfr_init2(z, 256);
        mpfr_set_d(z, c[0], MPFR_RNDN);
        mpfr_sub_d(z, z, a[0], MPFR_RNDN);
        mpfr_mul(y, y, z, MPFR_RNDN);
        mpfr_clear(z);
    }
    mpfr_sub(x, x, y, MPFR_RNDN);
    s = mpfr_sgn(x);
    mpfr_clears(x, y, (mpfr_ptr)0);
    return s;
}

/* The distance of two segments as 2D bodies at rest (identity poses)
   encloses the MPFR distance: random, nearly touching (a vertex 2^-k
   from the other segment), parallel, collinear, huge and tiny. */
START_TEST(test_distance)
{
    long n = tu_iters(400);
    for (long it = 0; it < n; it++) {
        double s[4][3] = { { 0 } }, scale = it % 5 == 3 ? 1e8 : it % 5 == 4 ? 1e-8 : 1.0;
        vccd_mesh_index seg[2][3] = { { 0, 1, 1 }, { 2, 3, 3 } };
        vccd_mesh ma, mb;
        vccd_bvh ha, hb;
        vccd_bvh_opts bo;
        vccd_pose id;
        vccd_distance_result d;
        vccd_error e;
        mpfr_t best, x;
        int kind = (int)(it % 4), cross;
        for (int i = 0; i < 4; i++)
            for (int k = 0; k < 2; k++)
                s[i][k] = scale * rnd(-1, 1);
        if (kind == 1) {            /* vertex 2 at 2^-k off segment 0-1's interior, along its normal */
            double u = rnd(0.1, 0.9), ex = s[1][0] - s[0][0], ey = s[1][1] - s[0][1], l = hypot(ex, ey);
            double g = scale * ldexp(1.0, -(int)(tu_ulong() % 40));
            s[2][0] = s[0][0] + u * ex - g * ey / l;
            s[2][1] = s[0][1] + u * ey + g * ex / l;
        } else if (kind == 2) {     /* parallel: 2-3 is 0-1 shifted */
            double g = scale * rnd(-1e-3, 1e-3);
            for (int k = 0; k < 2; k++) {
                s[2][k] = s[0][k] + g * (k ? 1 : -1);
                s[3][k] = s[1][k] + g * (k ? 1 : -1);
            }
        } else if (kind == 3) {     /* collinear: on one line */
            double t2 = rnd(1.0, 2.0), t3 = rnd(2.0, 3.0);
            for (int k = 0; k < 2; k++) {
                s[2][k] = s[0][k] + t2 * (s[1][k] - s[0][k]);
                s[3][k] = s[0][k] + t3 * (s[1][k] - s[0][k]);
            }
        }
        if ((s[0][0] == s[1][0] && s[0][1] == s[1][1]) || (s[2][0] == s[3][0] && s[2][1] == s[3][1]))
            continue;
        if (vccd_mesh_init_arrays(&ma, "a", (const double (*)[3])s, 2, (const vccd_mesh_index (*)[3])seg, 1,
                                  VCCD_MESH_DEGENERATE_KEEP, &e) != 0
            || vccd_mesh_init_arrays(&mb, "b", (const double (*)[3])(s + 2), 2,
                                     (const vccd_mesh_index (*)[3])seg, 1, VCCD_MESH_DEGENERATE_KEEP, &e) != 0)
            tu_fail("%s", e.msg);
        vccd_bvh_opts_init(&bo);
        if (vccd_bvh_build(&ha, &ma, &bo, &e) != 0 || vccd_bvh_build(&hb, &mb, &bo, &e) != 0)
            tu_fail("%s", e.msg);
        vccd_pose_identity(&id);
        if (vccd_distance(&d, &ha, &id, &hb, &id, vccd_bv_type_find("obb"), &e) != 0)
            tu_fail("%s", e.msg);
        mpfr_inits2(256, best, x, (mpfr_ptr)0);
        {
            double p2[4][2];
            for (int i = 0; i < 4; i++)
                p2[i][0] = s[i][0], p2[i][1] = s[i][1];
            cross = mp_orient(p2[0], p2[1], p2[2]) * mp_orient(p2[0], p2[1], p2[3]) < 0
                    && mp_orient(p2[2], p2[3], p2[0]) * mp_orient(p2[2], p2[3], p2[1]) < 0;
            mp_point_segment(best, p2[0], p2[2], p2[3]);
            mp_point_segment(x, p2[1], p2[2], p2[3]);
            mpfr_min(best, best, x, MPFR_RNDN);
            mp_point_segment(x, p2[2], p2[0], p2[1]);
            mpfr_min(best, best, x, MPFR_RNDN);
            mp_point_segment(x, p2[3], p2[0], p2[1]);
            mpfr_min(best, best, x, MPFR_RNDN);
            if (cross)
                mpfr_set_ui(best, 0, MPFR_RNDN);
        }
        TU_CHECK(mpfr_cmp_d(best, d.lower) >= 0 && mpfr_cmp_d(best, d.upper) <= 0,
                 "case %ld (kind %d): [%.17g, %.17g] misses the MPFR distance %s", it, kind, d.lower, d.upper,
                 tu_fmt_fr(best));
        /* tight where it can be: a gap of 2^-39 relative is still seen */
        if (!cross && mpfr_cmp_d(best, 1e-12 * scale) > 0)
            TU_CHECK(d.lower > 0.0, "case %ld (kind %d): distance %s not proved > 0: (%a %a)-(%a %a) vs (%a %a)-(%a %a) "
                     "upper %g", it, kind, tu_fmt_fr(best), s[0][0], s[0][1], s[1][0], s[1][1], s[2][0], s[2][1],
                     s[3][0], s[3][1], d.upper);
        mpfr_clears(best, x, (mpfr_ptr)0);
        vccd_bvh_clear(&ha);
        vccd_bvh_clear(&hb);
        vccd_mesh_clear(&ma);
        vccd_mesh_clear(&mb);
    }
}
END_TEST

START_TEST(test_errors)
{
    body a, b;
    vccd_query_opts o;
    vccd_query_result r;
    vccd_error e;
    vccd_motion *m2 = motion_from_text("[motion.m]\ntype = ltlrm2d\no0 = 0 0\nv = 1 0\nomega = 1\n");
    vccd_motion *m3 = motion_from_text("[motion.m]\ntype = ltlrm\no0 = 0 0 0\nv = 1 0 0\nomega = 0 0 0\n");
    tu_init();
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    if (vccd_mesh_load(&a.m, "ngon:5", NULL, &e) != 0 || vccd_mesh_load(&b.m, "box:1:1:1", NULL, &e) != 0)
        tu_fail("%s", e.msg);
    build(&a);
    build(&b);
    TU_CHECK(vccd_query_body_init(&a.qb, &a.h, m3, &e) == -1 && strstr(e.msg, "2D body"), "3D motion on a polygon");
    TU_CHECK(vccd_query_body_init(&b.qb, &b.h, m2, &e) == -1 && strstr(e.msg, "planar"), "planar motion on a box");
    if (vccd_query_body_init(&a.qb, &a.h, m2, &e) != 0 || vccd_query_body_init(&b.qb, &b.h, m3, &e) != 0)
        tu_fail("%s", e.msg);
    vccd_query_opts_init(&o);
    TU_CHECK(vccd_query_toc(&r, &a.qb, &b.qb, &o, &e) == -1 && strstr(e.msg, "both bodies must be 2D or both 3D"),
             "2D against 3D: %s", e.msg);
    TU_CHECK(vccd_query_toc_brute(&r, &b.qb, &a.qb, &o, &e) == -1, "2D against 3D, brute force");
    vccd_query_body_clear(&a.qb);
    vccd_query_body_clear(&b.qb);
    vccd_bvh_clear(&a.h);
    vccd_bvh_clear(&b.h);
    vccd_mesh_clear(&a.m);
    vccd_mesh_clear(&b.m);
    vccd_motion_free(m2);
    vccd_motion_free(m3);
}
END_TEST

int
main(void)
{
    const TTest *tests[] = { test_random, test_known, test_distance, test_errors };
    return tu_main("planar", tests, (int)(sizeof tests / sizeof tests[0]));
}
