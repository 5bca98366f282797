/* t-toc.c -- the one-call API of toc.h: vccd_toc_meshes gives what the
   engine's calls give (query body, vccd_query_toc) bit for bit on the
   thesis' random frames; its answers hold the guarantee on a family with
   a known contact time; vccd_distance_meshes and vccd_toc_pair likewise;
   every misuse is an error naming what is wrong. */
#include <fenv.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "toc/toc_impl.h"

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

/* in := two bodies of the tree h, translating without turning: *a from
   o0a at velocity va, *b from o0b at vb (ltlrm, 128 bits). */
static void
translating_pair(vccd_toc_input *in, vccd_bvh *h, vccd_motion **a, const double o0a[3], const double va[3],
                 vccd_motion **b, const double o0b[3], const double vb[3])
{
    double w[3] = { 0, 0, 0 };
    vccd_error e;
    *a = vccd_motion_ltlrm_new(o0a, va, NULL, w, 128, &e);
    *b = vccd_motion_ltlrm_new(o0b, vb, NULL, w, 128, &e);
    TU_CHECK(*a && *b, "motion: %s", e.msg);
    vccd_toc_input_init(in);
    in->body[0] = (vccd_toc_body){ h, *a };
    in->body[1] = (vccd_toc_body){ h, *b };
}

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
        vccd_motion *a, *b;
        translating_pair(&in, &h, &a, o0a, va, &b, o0b, vb);
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
        vccd_motion *a, *b;
        translating_pair(&in, &h, &a, o0a, va, &b, o0b, vb);
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

/* The reference answer of one linear query: a motion from the typed
   constructor and vccd_toc_pair, nothing shared with the linear-query
   context; and that constructor's binary64 parameters. */
static void
linear_reference(vccd_toc_answer *a, vccd_motion **mp, const double q[8][3], vccd_feature_kind kind,
                 const vccd_solve_opts *o, mpfr_prec_t prec)
{
    vccd_error e;
    vccd_pair_input in;
    vccd_motion *m = vccd_motion_vertex_linear_new(&q[0][0], &q[4][0], 4, prec, &e);
    TU_CHECK(m != NULL, "%s", e.msg);
    vccd_pair_input_init(&in);
    in.kind = kind;
    in.solve = *o;
    for (int k = 0; k < 4; k++)
        in.point[k] = (vccd_track){ m, k, { 0, 0, 0 } };
    TU_CHECK(vccd_toc_pair(a, NULL, &in, &e) == 0, "%s", e.msg);
    *mp = m;
}

/* Query i of a mixed batch: small dyadics; coordinates of every class of
   tu_double (+-0, subnormals, tiny, huge, +-DBL_MAX); a zero-width
   motion (x1 = x0) or points at rest; one configuration scaled by 2^s
   (s in -1000 .. 1000); a point through the face or edge (contacts,
   touching at the ends); shared values (x1 - x0 exact zeros of both
   signs). */
static void
linear_random(double q[8][3], long i)
{
    int cls = (int)(tu_ulong() % 6);
    int s = (int)(tu_ulong() % 2001) - 1000;
    (void)i;
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 3; c++) {
            switch (cls) {
            case 0:
            case 3:
                q[r][c] = ldexp((double)(int)(tu_ulong() % 2049) - 1024.0, -10);
                break;
            case 1:
                q[r][c] = tu_double();
                break;
            case 2:
                q[r][c] = r < 4 ? ldexp((double)(int)(tu_ulong() % 2049) - 1024.0, -10) : q[r - 4][c];
                break;
            case 4:
                q[r][c] = ldexp((double)(int)(tu_ulong() % 5) - 2.0, -1);
                break;
            default:
                q[r][c] = tu_ulong() % 3 == 0 ? (tu_ulong() % 2 ? 0.0 : -0.0) : ldexp(1.0, (int)(tu_ulong() % 7));
                break;
            }
        }
    if (cls == 3)
        for (int r = 0; r < 8; r++)
            for (int c = 0; c < 3; c++)
                q[r][c] = ldexp(q[r][c], s);
    if (cls == 2 && tu_ulong() % 2)         /* some points move */
        for (int c = 0; c < 3; c++)
            q[4 + (int)(tu_ulong() % 4)][c] += 0.25;
    if (cls == 4) {
        /* the first point crosses the others' plane z = 0 */
        q[0][2] = 1.0;
        q[4][2] = -1.0;
        for (int r = 1; r < 8; r++)
            if (r != 4)
                q[r][2] = 0.0;
    }
}

static int
same_bits(const void *a, const void *b, size_t n)
{
    return memcmp(a, b, n) == 0;
}

/* The linear context's binary64 refill in every rounding mode of the
   caller (the library assumes none, fp.h): the parameters must equal
   the constructor's (MPFR, which does not depend on the mode) and
   enclose x1 - x0.  Far-apart magnitudes of either sign are where an
   error term that is exact only to nearest (TwoSum) went wrong: rounding
   up, x0 = 1, x1 = -2^-200 gave u = [-1, -1]. */
START_TEST(linear_refill_rounding)
{
    static const int modes[] = { FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO };
    static const char *const mode_name[] = { "nearest", "upward", "downward", "toward zero" };
    long n = tu_iters(4000);
    mpfr_t d;
    mpfr_init2(d, 2200);
    for (int ai = 0; ai < 2; ai++) {
        vccd_solve_opts o;
        vccd_error e;
        vccd_toc_linear_ctx *c;
        vccd_solve_opts_init(&o);
        TU_CHECK(vccd_arith_parse(&o.arith, ai ? "unrounded" : "binary64") == 0, "arith");
        c = vccd_toc_linear_ctx_new(VCCD_FEATURE_VF, &o, &e);
        TU_CHECK(c != NULL, "%s", e.msg);
        for (long i = 0; i < n; i++) {
            double q[8][3];
            int mode = (int)(i % 4);
            vccd_motion *ref;
            const vccd_motion *cm;
            int ok;
            for (int r = 0; r < 4; r++)
                for (int k = 0; k < 3; k++) {
                    double a = tu_double(), b;
                    switch (tu_ulong() % 4) {
                    case 0: /* the other far smaller, of either sign */
                        b = ldexp(tu_ulong() % 2 ? -1.0 : 1.0, (int)(tu_ulong() % 400) - 200) * a;
                        break;
                    case 1:
                        b = -ldexp(a, -(int)(tu_ulong() % 120) - 1);
                        break;
                    case 2:
                        b = tu_double();
                        break;
                    default:
                        b = a;
                        break;
                    }
                    if (!isfinite(a) || !isfinite(b))
                        a = 1.0, b = -0x1p-200;
                    if (tu_ulong() % 2)
                        q[r][k] = a, q[4 + r][k] = b;
                    else
                        q[r][k] = b, q[4 + r][k] = a;
                }
            if (i < 8) {        /* the reviewer's counterexamples */
                q[0][0] = i % 2 ? -1.0 : 1.0;
                q[4][0] = i % 2 ? 0x1p-200 : -0x1p-200;
                q[1][1] = 0x1.b4044c72bcb42p+6;
                q[5][1] = -0x1p-381;
            }
            ref = vccd_motion_vertex_linear_new(&q[0][0], &q[4][0], 4, 320, &e);
            TU_CHECK(ref != NULL, "%s", e.msg);
            fesetround(modes[mode]);
            ok = vccd_toc_linear_ctx_set(c, (const double(*)[3])q, (const double(*)[3])(q + 4), &e) == 0;
            fesetround(FE_TONEAREST);
            TU_CHECK(ok, "%s", e.msg);
            cm = vccd_toc_linear_ctx_motion(c);
            for (int p = 0; p < ref->nparams; p++) {
                int v = p / 6, k = p % 3;
                TU_CHECK(same_bits(&cm->param_di[p], &ref->param_di[p], sizeof cm->param_di[p])
                             && same_bits(&cm->param_ui[p], &ref->param_ui[p], sizeof cm->param_ui[p]),
                         "%s, rounding %s, query %ld: parameter %d is [%a, %a], the constructor's [%a, %a]",
                         ai ? "unrounded" : "binary64", mode_name[mode], i, p, cm->param_di[p].lo,
                         cm->param_di[p].hi, ref->param_di[p].lo, ref->param_di[p].hi);
                if (p % 6 >= 3) {
                    mpfr_set_d(d, q[4 + v][k], MPFR_RNDN);
                    mpfr_sub_d(d, d, q[v][k], MPFR_RNDN); /* exact at 2200 bits */
                    TU_CHECK(mpfr_cmp_d(d, cm->param_di[p].lo) >= 0 && mpfr_cmp_d(d, cm->param_di[p].hi) <= 0,
                             "rounding %s, query %ld: [%a, %a] misses %a - %a", mode_name[mode], i,
                             cm->param_di[p].lo, cm->param_di[p].hi, q[4 + v][k], q[v][k]);
                }
            }
            vccd_motion_free(ref);
        }
        vccd_toc_linear_ctx_free(c);
    }
    mpfr_clear(d);
}
END_TEST

/* vccd_toc_linear_batch and the linear-query context, which reuse one
   motion and one feature across queries, against each query solved
   alone (vccd_toc_linear) and through the typed constructor and
   vccd_toc_pair: status, lo and hi bit for bit, in every arithmetic
   (binary64 and unrounded refill the binary64 parameters alone, which
   must equal the constructor's; adaptive and MPFR refill the MPFR
   ones); the text form (exact rationals) equal to the doubles; a NaN or
   infinity in query k stops the batch naming query k, with the outputs
   before k set and the rest untouched. */
START_TEST(linear_batch_reuse)
{
    static const char *const ariths[] = { "binary64", "unrounded", "adaptive", "mpfr:113" };
    long n = tu_iters(120);
    double (*q)[8][3] = malloc((size_t)n * sizeof *q);
    int *status = malloc((size_t)n * sizeof *status);
    double *lo = malloc((size_t)n * sizeof *lo), *hi = malloc((size_t)n * sizeof *hi);

    TU_CHECK(q && status && lo && hi, "out of memory");
    for (int ai = 0; ai < 4; ai++)
        for (int kk = 0; kk < 2; kk++) {
            vccd_feature_kind kind = kk ? VCCD_FEATURE_EE : VCCD_FEATURE_VF;
            vccd_solve_opts o;
            vccd_error e;
            vccd_toc_linear_ctx *c, *cs;
            long m = ai < 2 ? n : n / 4 + 1;    /* MPFR solves are slower */
            mpfr_prec_t prec = 320;

            vccd_solve_opts_init(&o);
            TU_CHECK(vccd_arith_parse(&o.arith, ariths[ai]) == 0, "%s", ariths[ai]);
            if (o.arith.kind == VCCD_ARITH_ADAPTIVE && o.max_precision > prec)
                prec = o.max_precision;
            for (long i = 0; i < m; i++)
                linear_random(q[i], i);
            TU_CHECK(vccd_toc_linear_batch(status, lo, hi, (const double(*)[8][3])q, m, kind, &o, &e) == 0, "%s: %s",
                     ariths[ai], e.msg);
            c = vccd_toc_linear_ctx_new(kind, &o, &e);
            cs = vccd_toc_linear_ctx_new(kind, &o, &e);
            TU_CHECK(c && cs, "%s", e.msg);
            for (long i = 0; i < m; i++) {
                vccd_toc_answer a, b, x;
                vccd_motion *ref;
                const vccd_motion *cm;
                TU_CHECK(vccd_toc_linear(&a, NULL, kind, (const double(*)[3])q[i], (const double(*)[3])(q[i] + 4),
                                         &o, &e) == 0,
                         "%s", e.msg);
                linear_reference(&b, &ref, (const double(*)[3])q[i], kind, &o, prec);
                TU_CHECK(status[i] == (int)b.status && same_bits(&lo[i], &b.lo, sizeof lo[i])
                             && same_bits(&hi[i], &b.hi, sizeof hi[i]),
                         "%s query %ld: batch %d [%a, %a], pair %d [%a, %a]", ariths[ai], i, status[i], lo[i], hi[i],
                         (int)b.status, b.lo, b.hi);
                TU_CHECK(a.status == b.status && same_bits(&a.lo, &b.lo, sizeof a.lo)
                             && same_bits(&a.hi, &b.hi, sizeof a.hi),
                         "%s query %ld: linear and pair differ", ariths[ai], i);
                /* the reused context's parameters: the constructor's */
                TU_CHECK(vccd_toc_linear_ctx_set(c, (const double(*)[3])q[i], (const double(*)[3])(q[i] + 4), &e)
                             == 0,
                         "%s", e.msg);
                cm = vccd_toc_linear_ctx_motion(c);
                TU_CHECK(cm->nparams == ref->nparams
                             && same_bits(cm->param_di, ref->param_di, (size_t)ref->nparams * sizeof *ref->param_di)
                             && same_bits(cm->param_ui, ref->param_ui, (size_t)ref->nparams * sizeof *ref->param_ui),
                         "%s query %ld: refilled binary64 parameters differ from the constructor's", ariths[ai], i);
                if (o.arith.kind == VCCD_ARITH_MPFR || o.arith.kind == VCCD_ARITH_ADAPTIVE)
                    for (int p = 0; p < ref->nparams; p++)
                        TU_CHECK(mpfr_equal_p(&cm->param[p].lo, &ref->param[p].lo)
                                     && mpfr_signbit(&cm->param[p].lo) == mpfr_signbit(&ref->param[p].lo)
                                     && mpfr_equal_p(&cm->param[p].hi, &ref->param[p].hi)
                                     && mpfr_signbit(&cm->param[p].hi) == mpfr_signbit(&ref->param[p].hi),
                                 "%s query %ld: MPFR parameter %d differs", ariths[ai], i, p);
                TU_CHECK(vccd_toc_linear_ctx_solve(&x, NULL, c, &e) == 0 && x.status == b.status
                             && same_bits(&x.lo, &b.lo, sizeof x.lo) && same_bits(&x.hi, &b.hi, sizeof x.hi),
                         "%s query %ld: context differs", ariths[ai], i);
                /* the same query as text (exact decimals of the doubles,
                   as queries.h's rationals are text), when no -0 (text
                   has none) */
                {
                    static char buf[24][1100];
                    char *txt[24];
                    int neg0 = 0;
                    mpfr_t t;
                    mpfr_init2(t, 53);
                    for (int r = 0; r < 8; r++)
                        for (int k = 0; k < 3; k++) {
                            double v = q[i][r][k];
                            neg0 |= v == 0.0 && signbit(v);
                            mpfr_set_d(t, v, MPFR_RNDN);
                            mpfr_snprintf(buf[3 * r + k], sizeof buf[0], "%.770Re", t);
                            txt[3 * r + k] = buf[3 * r + k];
                        }
                    mpfr_clear(t);
                    if (!neg0) {
                        TU_CHECK(vccd_toc_linear_ctx_set_str(cs, txt, &e) == 0, "%s", e.msg);
                        TU_CHECK(vccd_toc_linear_ctx_solve(&x, NULL, cs, &e) == 0 && x.status == b.status
                                     && same_bits(&x.lo, &b.lo, sizeof x.lo) && same_bits(&x.hi, &b.hi, sizeof x.hi),
                                 "%s query %ld: the text form differs", ariths[ai], i);
                    }
                }
                vccd_motion_free(ref);
            }
            vccd_toc_linear_ctx_free(c);
            vccd_toc_linear_ctx_free(cs);
        }
    /* a bad query k: the error names k, outputs before k are set and
       those after untouched; the context refuses to solve after a
       failed set and answers again after a good one */
    /* the text form takes what a motion config takes and nothing more:
       MPFR alone would read "1@3" as 1000, and nan, inf, hex */
    {
        static const char *const bad_text[] = { "1@3", "nan", "inf", "0x1p3", " 1", "1 ", "", "1/0", "1e999" };
        static const char *const good_text[] = { "1/3", "-2.5e-3", "+7", "0", "-0.125" };
        vccd_solve_opts o;
        vccd_error e;
        vccd_toc_linear_ctx *c;
        char *txt[24];
        vccd_solve_opts_init(&o);
        c = vccd_toc_linear_ctx_new(VCCD_FEATURE_VF, &o, &e);
        TU_CHECK(c != NULL, "%s", e.msg);
        for (int t = 0; t < (int)(sizeof good_text / sizeof *good_text); t++) {
            for (int j = 0; j < 24; j++)
                txt[j] = (char *)(j % 5 == t ? good_text[t] : "1");
            TU_CHECK(vccd_toc_linear_ctx_set_str(c, txt, &e) == 0, "'%s' refused: %s", good_text[t], e.msg);
        }
        for (int t = 0; t < (int)(sizeof bad_text / sizeof *bad_text); t++) {
            int j = (int)(tu_ulong() % 24);
            char want[48];
            for (int i = 0; i < 24; i++)
                txt[i] = (char *)"1";
            txt[j] = (char *)bad_text[t];
            TU_CHECK(vccd_toc_linear_ctx_set_str(c, txt, &e) != 0, "'%s' accepted", bad_text[t]);
            snprintf(want, sizeof want, "row %d: coordinate %d: ", j / 3, j % 3);
            TU_CHECK(strstr(e.msg, want) != NULL, "'%s': %s (expected %s)", bad_text[t], e.msg, want);
        }
        vccd_toc_linear_ctx_free(c);
    }
    for (int bad = 0; bad < 4 && n >= 8; bad++) {
        long k = (long)(tu_ulong() % 8), mq = 8;
        vccd_feature_kind kind = bad % 2 ? VCCD_FEATURE_EE : VCCD_FEATURE_VF;
        vccd_solve_opts o;
        vccd_error e;
        char want[64];
        vccd_toc_linear_ctx *c;
        vccd_toc_answer x;
        vccd_solve_opts_init(&o);
        for (long i = 0; i < mq; i++) {
            linear_random(q[i], i);
            status[i] = -7;
            lo[i] = hi[i] = -7.0;
        }
        q[k][(int)(tu_ulong() % 8)][(int)(tu_ulong() % 3)] = bad < 2 ? NAN : (bad == 2 ? INFINITY : -INFINITY);
        TU_CHECK(vccd_toc_linear_batch(status, lo, hi, (const double(*)[8][3])q, mq, kind, &o, &e) != 0,
                 "bad query %ld accepted", k);
        snprintf(want, sizeof want, "query %ld: ", k);
        TU_CHECK(strstr(e.msg, want) && strstr(e.msg, bad < 2 ? "NaN" : "infinite"), "query %ld: %s", k, e.msg);
        for (long i = 0; i < mq; i++) {
            if (i < k) {
                vccd_toc_answer b;
                vccd_motion *ref;
                linear_reference(&b, &ref, (const double(*)[3])q[i], kind, &o, 320);
                TU_CHECK(status[i] == (int)b.status && lo[i] == b.lo && hi[i] == b.hi, "query %ld before %ld", i, k);
                vccd_motion_free(ref);
            } else
                TU_CHECK(status[i] == -7 && lo[i] == -7.0 && hi[i] == -7.0, "query %ld after %ld was written", i, k);
        }
        c = vccd_toc_linear_ctx_new(kind, &o, &e);
        TU_CHECK(c != NULL, "%s", e.msg);
        TU_CHECK(vccd_toc_linear_ctx_solve(&x, NULL, c, &e) != 0 && strstr(e.msg, "no query"), "unset: %s", e.msg);
        TU_CHECK(vccd_toc_linear_ctx_set(c, (const double(*)[3])q[(k + 1) % mq], (const double(*)[3])(q[(k + 1) % mq] + 4), &e) == 0
                     || k + 1 == mq,
                 "%s", e.msg);
        TU_CHECK(vccd_toc_linear_ctx_set(c, (const double(*)[3])q[k], (const double(*)[3])(q[k] + 4), &e) != 0,
                 "bad set accepted");
        TU_CHECK(vccd_toc_linear_ctx_solve(&x, NULL, c, &e) != 0, "solved after a failed set");
        TU_CHECK(vccd_toc_linear_ctx_set(c, (const double(*)[3])q[0], (const double(*)[3])(q[0] + 4), &e) == 0
                     || k == 0,
                 "%s", e.msg);
        if (k != 0)
            TU_CHECK(vccd_toc_linear_ctx_solve(&x, NULL, c, &e) == 0 && x.status == (vccd_toc_status)status[0]
                         && x.lo == lo[0] && x.hi == hi[0],
                     "after a good set: %s", e.msg);
        vccd_toc_linear_ctx_free(c);
    }
    {
        vccd_solve_opts o;
        vccd_error e;
        vccd_solve_opts_init(&o);
        TU_CHECK(vccd_toc_linear_batch(status, lo, hi, (const double(*)[8][3])q, 1, VCCD_FEATURE_VE2D, &o, &e) != 0
                     && strstr(e.msg, "query 0: "),
                 "VE2D batch: %s", e.msg);
        TU_CHECK(vccd_toc_linear_ctx_new(VCCD_FEATURE_VE2D, &o, &e) == NULL, "VE2D context");
        TU_CHECK(vccd_toc_linear_batch(status, lo, hi, (const double(*)[8][3])q, 0, VCCD_FEATURE_VF, &o, &e) == 0,
                 "empty batch");
    }
    free(q);
    free(status);
    free(lo);
    free(hi);
}
END_TEST

int
main(void)
{
    const TTest *tests[] = { meshes_same_as_engine, meshes_known_truth, meshes_errors, distance_known,
                             pair_and_linear, linear_batch_reuse, linear_refill_rounding };
    return tu_main("toc", tests, (int)(sizeof tests / sizeof tests[0]));
}
