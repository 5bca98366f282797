/* t-toc.c -- the one-call API of toc.h: vccd_toc_meshes gives what the
   engine's calls give (query body, vccd_query_toc) bit for bit on the
   thesis' random frames; its answers hold the guarantee on a family with
   a known contact time; vccd_distance_meshes and vccd_toc_pair likewise;
   every misuse is an error naming what is wrong. */
#include <math.h>
#include <string.h>

#include "testutil.h"

static void
mesh_shape(vccd_mesh *m, vccd_bvh *h, const char *spec)
{
    vccd_error e;
    vccd_bvh_opts o;
    if (vccd_mesh_load(m, spec, NULL, &e) != 0)
        tu_fail("%s: %s", spec, e.msg);
    vccd_bvh_opts_init(&o);
    o.leaf_size = 1;
    o.types = 1u << vccd_bv_type_find("obb");  /* the one type the tests query */
    if (vccd_bvh_build(h, m, &o, &e) != 0)
        tu_fail("%s: %s", spec, e.msg);
}

static int
same_answer(const vccd_toc_answer *a, const vccd_query_result *r)
{
    return a->status == r->status && a->lo == r->lo && a->hi == r->hi && a->approximate == r->approximate
           && a->limited == r->limited && a->have_pair == r->have_pair
           && (!r->have_pair || memcmp(&a->pair, &r->pair, sizeof a->pair) == 0) && a->have_gap == r->have_gap
           && (!r->have_gap || (a->gap_lower == r->gap_lower && a->gap_upper == r->gap_upper))
           && memcmp(a->point, r->point, sizeof a->point) == 0 && memcmp(a->normal, r->normal, sizeof a->normal) == 0;
}

/* The one call and the engine's calls on the thesis' frames (rotating
   and translating, both speeds, every BV type): the same answer and the
   same counters. */
START_TEST(meshes_same_as_engine)
{
    vccd_mesh ma, mb;
    vccd_bvh ha, hb;
    long n = tu_iters(24);
    mesh_shape(&ma, &ha, "tetrahedron");
    mesh_shape(&mb, &hb, "box:1:0.5:0.25");
    for (long i = 0; i < n; i++) {
        vccd_motion *a, *b;
        vccd_error e;
        vccd_toc_input in;
        vccd_toc_answer ans;
        vccd_toc_stats st;
        vccd_query_body qa, qb;
        vccd_query_result r;
        double dist = i % 2 ? 512.0 : 4.0;
        uint64_t seed = tu_ulong();
        int rc = (i % 3 == 2) ? vccd_query_scenario_translating(&a, &b, dist, seed, 320, &e)
                              : vccd_query_scenario(&a, &b, dist, seed, 320, &e);
        TU_CHECK(rc == 0, "scenario: %s", e.msg);
        vccd_toc_input_init(&in);
        in.opts.bv = (int)(i % vccd_bv_type_count());
        if (in.opts.bv != vccd_bv_type_find("obb")) {
            /* the BVHs hold OBBs only: the one call must refuse */
            in.body[0] = (vccd_toc_body){ &ha, a };
            in.body[1] = (vccd_toc_body){ &hb, b };
            TU_CHECK(vccd_toc_meshes(&ans, &st, &in, &e) != 0, "BV type %d not built, accepted", in.opts.bv);
            in.opts.bv = vccd_bv_type_find("obb");
        }
        in.body[0] = (vccd_toc_body){ &ha, a };
        in.body[1] = (vccd_toc_body){ &hb, b };
        TU_CHECK(vccd_toc_meshes(&ans, &st, &in, &e) == 0, "toc_meshes: %s", e.msg);
        TU_CHECK(vccd_query_body_init(&qa, &ha, a, &e) == 0 && vccd_query_body_init(&qb, &hb, b, &e) == 0, "%s",
                 e.msg);
        TU_CHECK(vccd_query_toc(&r, &qa, &qb, &in.opts, &e) == 0, "query: %s", e.msg);
        TU_CHECK(same_answer(&ans, &r), "frame %ld (seed %llu): one call [%.17g, %.17g] %d, engine [%.17g, %.17g] %d",
                 i, (unsigned long long)seed, ans.lo, ans.hi, (int)ans.status, r.lo, r.hi, (int)r.status);
        TU_CHECK(st.bv_tests == r.bv_tests && st.feature_pairs == r.feature_pairs && st.items == r.items
                     && st.solver_boxes == r.solver_boxes && st.work == r.work && st.work > 0,
                 "frame %ld: counters differ", i);
        TU_CHECK(ans.out_of_work == r.out_of_work && ans.limited == r.limited, "frame %ld: budget flags differ", i);
        TU_CHECK(ans.rigorous == 1, "binary64 answer not marked rigorous");
        vccd_query_body_clear(&qa);
        vccd_query_body_clear(&qb);
        vccd_motion_free(a);
        vccd_motion_free(b);
    }
    vccd_bvh_clear(&ha);
    vccd_bvh_clear(&hb);
    vccd_mesh_clear(&ma);
    vccd_mesh_clear(&mb);
}
END_TEST

/* Two unit cubes (half side 1/2) whose centres start g + 1 apart on x
   and close at speed s: they touch at t* = g / s exactly when that is
   <= 1.  Scales 2^k move the whole scene.  lo > t* or a certified
   hi < t* is a wrong answer; a contact must be found when t* <= 1. */
START_TEST(meshes_known_truth)
{
    vccd_mesh m;
    vccd_bvh h;
    long n = tu_iters(40);
    mesh_shape(&m, &h, "box:1:1:1");
    for (long i = 0; i < n; i++) {
        vccd_error e;
        vccd_toc_input in;
        vccd_toc_answer ans;
        vccd_toc_stats st;
        double g = ldexp(1.0 + (double)(tu_ulong() % 1024), -10); /* gap in (0, 2] */
        double s = ldexp(1.0 + (double)(tu_ulong() % 4096), -11);  /* speed in (0, 2] */
        double tstar = g / s;                                       /* rounded: compare with care */
        double o0a[3] = { 0, 0, 0 }, va[3] = { s, 0, 0 }, o0b[3] = { 1.0 + g, 0.25, -0.125 }, vb[3] = { 0, 0, 0 };
        double w[3] = { 0, 0, 0 };
        vccd_motion *a = vccd_motion_ltlrm_new(o0a, va, NULL, w, 128, &e);
        vccd_motion *b = vccd_motion_ltlrm_new(o0b, vb, NULL, w, 128, &e);
        TU_CHECK(a && b, "motion: %s", e.msg);
        vccd_toc_input_init(&in);
        in.body[0] = (vccd_toc_body){ &h, a };
        in.body[1] = (vccd_toc_body){ &h, b };
        in.opts.mode = (i % 4 == 3) ? VCCD_QUERY_CAPOEIRA : VCCD_QUERY_EXACT;
        /* every fifth case on a small query budget: the guarantee on lo
           holds whatever the budget, and running out says so */
        if (i % 5 == 4)
            in.opts.max_work = 1 + (long)(tu_ulong() % 400);
        TU_CHECK(vccd_toc_meshes(&ans, &st, &in, &e) == 0, "%s", e.msg);
        TU_CHECK(!ans.out_of_work || (ans.status == VCCD_TOC_POSSIBLE && ans.limited),
                 "case %ld: out of work (max_work %ld) but status %d, limited %d", i, in.opts.max_work,
                 (int)ans.status, ans.limited);
        TU_CHECK(ans.out_of_work || st.work <= in.opts.max_work, "case %ld: work %ld past max_work %ld, not said", i,
                 st.work, in.opts.max_work);
        /* lo <= t* exactly: lo * s <= g (both sides exact in binary64
           here: s and lo have few bits? not in general -- so use the
           exact product in MPFR) */
        {
            mpfr_t x;
            mpfr_init2(x, 256);
            mpfr_set_d(x, ans.lo, MPFR_RNDN);
            mpfr_mul_d(x, x, s, MPFR_RNDN); /* exact at 256 bits */
            TU_CHECK(mpfr_cmp_d(x, g) <= 0, "case %ld: lo = %.17g past t* = %.17g (g %.17g, s %.17g)", i, ans.lo,
                     tstar, g, s);
            if (ans.status == VCCD_TOC_CERTIFIED && !ans.approximate) {
                mpfr_set_d(x, ans.hi, MPFR_RNDN);
                mpfr_mul_d(x, x, s, MPFR_RNDN);
                TU_CHECK(mpfr_cmp_d(x, g) >= 0, "case %ld: certified hi = %.17g before t* = %.17g", i, ans.hi,
                         tstar);
            }
            mpfr_clear(x);
        }
        if (g <= s && in.opts.mode == VCCD_QUERY_EXACT && !ans.out_of_work)
            TU_CHECK(ans.status != VCCD_TOC_NONE, "case %ld: contact at t* = %.17g missed", i, tstar);
        if (g > s)
            TU_CHECK(ans.status == VCCD_TOC_NONE || ans.status == VCCD_TOC_POSSIBLE,
                     "case %ld: certified contact where none is (t* = %.17g > 1)", i, tstar);
        vccd_motion_free(a);
        vccd_motion_free(b);
    }
    vccd_bvh_clear(&h);
    vccd_mesh_clear(&m);
}
END_TEST

START_TEST(meshes_errors)
{
    vccd_mesh m;
    vccd_bvh h;
    vccd_error e;
    vccd_toc_input in;
    vccd_toc_answer ans;
    vccd_distance_result d;
    double z[3] = { 0, 0, 0 }, o2[2] = { 0, 0 };
    vccd_motion *a, *p2;
    mesh_shape(&m, &h, "tetrahedron");
    a = vccd_motion_ltlrm_new(z, z, NULL, z, 64, &e);
    p2 = vccd_motion_ltlrm2d_new(o2, 0.0, o2, 0.0, 64, &e);
    TU_CHECK(a && p2, "%s", e.msg);
    vccd_toc_input_init(&in);
    in.body[0] = (vccd_toc_body){ &h, a };
    TU_CHECK(vccd_toc_meshes(&ans, NULL, &in, &e) != 0 && strstr(e.msg, "body 1 has no BVH"), "no body 1: %s",
             e.msg);
    in.body[1] = (vccd_toc_body){ &h, NULL };
    TU_CHECK(vccd_toc_meshes(&ans, NULL, &in, &e) != 0 && strstr(e.msg, "no motion"), "no motion: %s", e.msg);
    in.body[1].motion = p2;
    TU_CHECK(vccd_toc_meshes(&ans, NULL, &in, &e) != 0 && strstr(e.msg, "planar"), "planar on 3D: %s", e.msg);
    in.body[1].motion = a;
    TU_CHECK(vccd_distance_meshes(&d, &in, 1.5, &e) != 0 && strstr(e.msg, "[0, 1]"), "t = 1.5: %s", e.msg);
    TU_CHECK(vccd_distance_meshes(&d, &in, NAN, &e) != 0, "t = NaN accepted");
    /* coincident: no gap can be proved */
    TU_CHECK(vccd_distance_meshes(&d, &in, 0.5, &e) == 0, "coincident tetrahedra: %s", e.msg);
    TU_CHECK(d.lower == 0.0 && d.status != VCCD_DISTANCE_SEPARATED, "coincident tetrahedra: lower %.17g status %d",
             d.lower, (int)d.status);
    in.opts.solve.t1 = 2.0;
    TU_CHECK(vccd_toc_meshes(&ans, NULL, &in, &e) != 0, "t1 = 2 accepted");
    vccd_motion_free(a);
    vccd_motion_free(p2);
    vccd_bvh_clear(&h);
    vccd_mesh_clear(&m);
}
END_TEST

/* The distance at t of two boxes a known gap apart. */
START_TEST(distance_known)
{
    vccd_mesh m;
    vccd_bvh h;
    long n = tu_iters(20);
    mesh_shape(&m, &h, "box:1:1:1");
    for (long i = 0; i < n; i++) {
        vccd_error e;
        vccd_toc_input in;
        vccd_distance_result d;
        double g = ldexp(1.0 + (double)(tu_ulong() % 1024), -9), t = ldexp((double)(tu_ulong() % 17), -4);
        double o0a[3] = { 0, 0, 0 }, va[3] = { 0, 0, 1 }, o0b[3] = { 1.0 + g, 0, 0 }, vb[3] = { 0, 0, 1 };
        double w[3] = { 0, 0, 0 };
        vccd_motion *a = vccd_motion_ltlrm_new(o0a, va, NULL, w, 128, &e);
        vccd_motion *b = vccd_motion_ltlrm_new(o0b, vb, NULL, w, 128, &e);
        TU_CHECK(a && b, "%s", e.msg);
        vccd_toc_input_init(&in);
        in.body[0] = (vccd_toc_body){ &h, a };
        in.body[1] = (vccd_toc_body){ &h, b };
        TU_CHECK(vccd_distance_meshes(&d, &in, t, &e) == 0, "%s", e.msg);
        TU_CHECK(d.lower <= g && g <= d.upper && d.status == VCCD_DISTANCE_SEPARATED,
                 "gap %.17g at t %.17g: [%.17g, %.17g]", g, t, d.lower, d.upper);
        vccd_motion_free(a);
        vccd_motion_free(b);
    }
    vccd_bvh_clear(&h);
    vccd_mesh_clear(&m);
}
END_TEST

/* One pair: the same as vccd_solve_minsep on the same feature; linear
   queries from doubles; errors. */
START_TEST(pair_and_linear)
{
    long n = tu_iters(200);
    for (long i = 0; i < n; i++) {
        vccd_error e;
        double q[8][3];
        vccd_toc_answer a;
        vccd_toc_stats st;
        vccd_solve_opts o;
        vccd_feature_kind kind = i % 2 ? VCCD_FEATURE_EE : VCCD_FEATURE_VF;
        for (int r = 0; r < 8; r++)
            for (int c = 0; c < 3; c++)
                q[r][c] = ldexp((double)(int)(tu_ulong() % 2049) - 1024.0, -10);
        vccd_solve_opts_init(&o);
        TU_CHECK(vccd_toc_linear(&a, &st, kind, (const double(*)[3])q, (const double(*)[3])(q + 4), &o, &e) == 0,
                 "%s", e.msg);
        {
            /* the same through the pair call and the typed motion */
            vccd_pair_input in;
            vccd_toc_answer b;
            vccd_motion *m = vccd_motion_vertex_linear_new(&q[0][0], &q[4][0], 4, 320, &e);
            int status;
            double lo, hi;
            TU_CHECK(m != NULL, "%s", e.msg);
            vccd_pair_input_init(&in);
            in.kind = kind;
            for (int k = 0; k < 4; k++)
                in.point[k] = (vccd_track){ m, k, { 0, 0, 0 } };
            TU_CHECK(vccd_toc_pair(&b, NULL, &in, &e) == 0, "%s", e.msg);
            TU_CHECK(a.status == b.status && a.lo == b.lo && a.hi == b.hi, "linear and pair differ");
            TU_CHECK(vccd_toc_linear_batch(&status, &lo, &hi, (const double(*)[8][3])q, 1, kind, &o, &e) == 0
                         && status == (int)a.status && lo == a.lo && hi == a.hi,
                     "batch differs");
            in.point[3].vertex = 4;
            TU_CHECK(vccd_toc_pair(&b, NULL, &in, &e) != 0 && strstr(e.msg, "no vertex 4"), "vertex 4: %s", e.msg);
            in.point[3].m = NULL;
            TU_CHECK(vccd_toc_pair(&b, NULL, &in, &e) != 0 && strstr(e.msg, "no motion"), "no motion: %s", e.msg);
            vccd_motion_free(m);
        }
    }
    {
        vccd_error e;
        vccd_toc_answer a;
        vccd_solve_opts o;
        double q[8][3] = { { 0 } };
        vccd_solve_opts_init(&o);
        q[5][1] = NAN;
        TU_CHECK(vccd_toc_linear(&a, NULL, VCCD_FEATURE_VF, (const double(*)[3])q, (const double(*)[3])(q + 4), &o,
                                 &e) != 0
                     && strstr(e.msg, "NaN"),
                 "NaN: %s", e.msg);
        TU_CHECK(vccd_toc_linear(&a, NULL, VCCD_FEATURE_VE2D, (const double(*)[3])q, (const double(*)[3])(q + 4),
                                 &o, &e) != 0,
                 "VE2D linear accepted");
    }
}
END_TEST

int
main(void)
{
    const TTest *tests[] = { meshes_same_as_engine, meshes_known_truth, meshes_errors, distance_known,
                             pair_and_linear };
    return tu_main("toc", tests, (int)(sizeof tests / sizeof tests[0]));
}
