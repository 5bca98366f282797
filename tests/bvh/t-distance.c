/* t-distance.c -- mesh-mesh distance against the brute-force MPFR
   reference of refgeom.h (all triangle pairs at 320 bits): random soups
   at random exact poses that are far, near, overlapping (crossing),
   touching exactly (a shared vertex, a vertex at an edge's midpoint) and
   nearly parallel (a 2^-24 rad tilt), at scales 2^-1000 .. 2^960.  For
   the BVH with every BV type, both splits, and the brute-force loop:
     lower <= ref_hi + tol and upper >= ref_lo - tol,
   where [ref_lo, ref_hi] encloses the true distance (ref_lo = 0 when
   the reference cannot rule a crossing out) and tol = 2^-200 times the
   largest world coordinate covers the reference's own rounding (points
   at 320 bits, a few dozen operations: below 2^-300 of it); a status
   `intersecting` needs ref_lo = 0, a certain contact (ref_hi = 0) needs
   lower = 0, and at ordinary scales the interval must be tight. */
#include <stdlib.h>

#include "bvh/refgeom.h"

typedef struct {
    vccd_mesh m;
    ref_pose p;
} body;

static void
body_mesh(body *b, const double (*v)[3], long nv, const vccd_mesh_index (*t)[3], long nt)
{
    vccd_error e;
    if (vccd_mesh_init_arrays(&b->m, "body", v, nv, t, nt, VCCD_MESH_DEGENERATE_KEEP, &e) != 0)
        tu_fail("mesh: %s", e.msg);
}

static void
ref_distance(mpfr_t lo, mpfr_t hi, mpfr_t mag, const body *a, const body *b)
{
    rvec *wa = malloc((size_t)a->m.nv * sizeof *wa), *wb = malloc((size_t)b->m.nv * sizeof *wb);
    mpfr_t l, h;
    ck_assert(wa && wb);
    mpfr_inits2(REF_PREC, l, h, (mpfr_ptr)0);
    mpfr_set_ui(mag, 0, MPFR_RNDN);
    for (int s = 0; s < 2; s++) {
        const body *x = s ? b : a;
        rvec *w = s ? wb : wa;
        for (long i = 0; i < x->m.nv; i++) {
            rv_init(&w[i]);
            ref_apply(&w[i], &x->p, x->m.v[i]);
            for (int k = 0; k < 3; k++)
                if (mpfr_cmpabs(w[i].x[k], mag) > 0)
                    mpfr_abs(mag, w[i].x[k], MPFR_RNDU);
        }
    }
    mpfr_set_inf(lo, 1);
    mpfr_set_inf(hi, 1);
    for (long i = 0; i < a->m.nt; i++)
        for (long j = 0; j < b->m.nt; j++) {
            rvec A[3], B[3];
            for (int k = 0; k < 3; k++) {
                A[k] = wa[a->m.t[i][k]];
                B[k] = wb[b->m.t[j][k]];
            }
            ref_tri_tri(l, h, A, B);
            fr_min(lo, l);
            fr_min(hi, h);
        }
    for (long i = 0; i < a->m.nv; i++)
        rv_clear(&wa[i]);
    for (long i = 0; i < b->m.nv; i++)
        rv_clear(&wb[i]);
    free(wa);
    free(wb);
    mpfr_clears(l, h, (mpfr_ptr)0);
}

static long n_sep, n_touch, n_cross, n_tight, n_wide;

static void
check_pair_w(const body *a, const body *b, const char *what, long it, int widen_bits)
{
    mpfr_t lo, hi, mag, tol, x;
    vccd_pose pa, pb;
    vccd_distance_result r;
    vccd_error e;
    int ordinary;

    mpfr_inits2(REF_PREC, lo, hi, mag, tol, x, (mpfr_ptr)0);
    ref_distance(lo, hi, mag, a, b);
    mpfr_mul_2si(tol, mag, -200, MPFR_RNDU);
    ordinary = mpfr_cmp_d(mag, 0x1p-100) > 0 && mpfr_cmp_d(mag, 0x1p100) < 0;
    ref_pose_di(&pa, &a->p);
    ref_pose_di(&pb, &b->p);
    ref_pose_widen(&pa, widen_bits);
    ref_pose_widen(&pb, widen_bits);
    n_wide += widen_bits > 0;
    for (int method = -1; method < 2 * vccd_bv_type_count(); method++) {
        vccd_bvh ha, hb;
        vccd_bvh_opts o;
        char name[64];
        if (method < 0) {
            snprintf(name, sizeof name, "brute");
            TU_CHECK(vccd_distance_brute(&r, &a->m, &pa, &b->m, &pb, &e) == 0, "brute: %s", e.msg);
        } else {
            int ty = method / 2;
            vccd_bvh_opts_init(&o);
            o.split = method % 2 ? VCCD_BVH_SPLIT_MEDIAN : VCCD_BVH_SPLIT_SAH;
            o.leaf_size = 1 + (int)(tu_ulong() % 4);
            o.types = 1u << ty;
            snprintf(name, sizeof name, "%s/%s/leaf%d", vccd_bv_type_get(ty)->name, method % 2 ? "median" : "sah",
                     o.leaf_size);
            TU_CHECK(vccd_bvh_build(&ha, &a->m, &o, &e) == 0 && vccd_bvh_build(&hb, &b->m, &o, &e) == 0, "build: %s",
                     e.msg);
            TU_CHECK(vccd_distance(&r, &ha, &pa, &hb, &pb, ty, &e) == 0, "distance: %s", e.msg);
            /* vccd_distance_at_least: the verdict of the whole distance
               for every need (0, below, at and above its lower bound),
               and when it holds the same bits; refuted, only rigorous
               bounds (lower 0) */
            for (int k = 0; k < 4; k++) {
                vccd_distance_result rl;
                double need = k == 0 ? 0.0 : k == 1 ? 0.5 * r.lower : k == 2 ? r.lower : 2.0 * r.upper + 1e-300;
                int ok = -1, want = need > 0.0 ? r.lower >= need : r.lower > 0.0;
                TU_CHECK(vccd_distance_at_least(&ok, &rl, &ha, &pa, &hb, &pb, ty, need, &e) == 0, "at_least: %s",
                         e.msg);
                TU_CHECK(ok == want, "%s (%s, case %ld): at_least %a says %d, the distance [%a, %a] %d", name, what,
                         it, need, ok, r.lower, r.upper, want);
                if (ok)
                    TU_CHECK(rl.lower == r.lower && rl.upper == r.upper && rl.status == r.status
                                 && rl.tri[0] == r.tri[0] && rl.tri[1] == r.tri[1] && rl.bv_tests == r.bv_tests,
                             "%s (%s, case %ld): at_least %a differs from the distance", name, what, it, need);
                else
                    TU_CHECK(rl.lower <= r.lower && rl.upper >= r.upper
                                 && (rl.status == VCCD_DISTANCE_SEPARATED) == (rl.lower > 0.0),
                             "%s (%s, case %ld): refuted at_least %a: [%a, %a] against [%a, %a]", name, what, it,
                             need, rl.lower, rl.upper, r.lower, r.upper);
            }
            TU_CHECK(vccd_distance_at_least(&(int){ 0 }, &r, &ha, &pa, &hb, &pb, ty, -1.0, &e) == -1
                         && strstr(e.msg, "need"),
                     "at_least accepted need < 0");
            vccd_bvh_clear(&ha);
            vccd_bvh_clear(&hb);
        }
        mpfr_add(x, hi, tol, MPFR_RNDU);
        TU_CHECK(r.lower >= 0 && mpfr_cmp_d(x, r.lower) >= 0,
                 "%s (%s, case %ld): lower %a exceeds the distance, reference [%s, %s]", name, what, it, r.lower,
                 tu_fmt_fr(lo), tu_fmt_fr(hi));
        mpfr_sub(x, lo, tol, MPFR_RNDD);
        TU_CHECK(r.upper >= r.lower && mpfr_cmp_d(x, r.upper) <= 0,
                 "%s (%s, case %ld): upper %a below the distance, reference [%s, %s]", name, what, it, r.upper,
                 tu_fmt_fr(lo), tu_fmt_fr(hi));
        TU_CHECK(r.status != VCCD_DISTANCE_INTERSECTING || mpfr_zero_p(lo),
                 "%s (%s, case %ld): certified a crossing the reference rules out (distance %s)", name, what, it,
                 tu_fmt_fr(lo));
        TU_CHECK(!mpfr_zero_p(hi) || mpfr_cmp_d(tol, r.lower) >= 0, "%s (%s, case %ld): contact, but lower %a", name,
                 what, it, r.lower);
        TU_CHECK((r.status == VCCD_DISTANCE_SEPARATED) == (r.lower > 0), "%s: status %s with lower %a", name,
                 vccd_distance_status_name(r.status), r.lower);
        TU_CHECK(r.tri[0] >= 0 && r.tri[0] < a->m.nt && r.tri[1] >= 0 && r.tri[1] < b->m.nt, "%s: witness pair", name);
        if (method < 0) {
            n_sep += r.status == VCCD_DISTANCE_SEPARATED;
            n_touch += r.status == VCCD_DISTANCE_TOUCHING;
            n_cross += r.status == VCCD_DISTANCE_INTERSECTING;
        }
        /* Tightness at ordinary scales.  The gap direction comes from
           double witness points off by about 2^-52 mag, which turns it
           by 2^-52 mag / d at distance d and costs that angle times the
           triangles' extent (< 2 mag) in the gap: the interval may be
           1e-7 d + 2^-48 mag^2 / d wide, no more. */
        if (!widen_bits && ordinary && mpfr_cmp(lo, hi) == 0 && mpfr_cmp_d(lo, 1e-6 * mpfr_get_d(mag, MPFR_RNDN)) > 0) {
            double m = mpfr_get_d(mag, MPFR_RNDU), d = mpfr_get_d(lo, MPFR_RNDD);
            n_tight++;
            TU_CHECK(r.upper - r.lower <= 1e-7 * r.upper + 0x1p-48 * m * m / d,
                     "%s (%s, case %ld): loose [%a, %a], distance %s", name, what, it, r.lower, r.upper,
                     tu_fmt_fr(lo));
        }
    }
    mpfr_clears(lo, hi, mag, tol, x, (mpfr_ptr)0);
}

static void
check_pair(const body *a, const body *b, const char *what, long it)
{
    check_pair_w(a, b, what, it, 0);
}

static void
random_pose(ref_pose *p, double scale, double spread, int tiny)
{
    ref_pose_random(p, tiny);
    for (int k = 0; k < 3; k++)
        p->o[k] = scale * spread * (2 * tu_unit() - 1);
}

START_TEST(test_random)
{
    long iters = tu_iters(75);
    static const char *what[] = { "near", "far", "overlapping", "tiny-rotation", "near, widened pose" };
    for (long it = 0; it < iters; it++) {
        body a, b;
        double scale, offset;
        int kind = (int)(it % 5);
        ref_scale_random(&scale, &offset);
        ref_mesh_random(&a.m, 3 + (long)(tu_ulong() % 12), 1 + (long)(tu_ulong() % 16), scale, offset);
        ref_mesh_random(&b.m, 3 + (long)(tu_ulong() % 12), 1 + (long)(tu_ulong() % 16), scale, offset);
        random_pose(&a.p, scale, 0.0, 0);
        random_pose(&b.p, fabs(offset) + scale, kind == 0 || kind == 4 ? 3.0 : kind == 1 ? 30.0 : kind == 2 ? 0.1 : 2.0,
                    kind == 3);
        check_pair_w(&a, &b, what[kind], it, kind == 4 ? 10 + (int)(tu_ulong() % 40) : 0);
        vccd_mesh_clear(&a.m);
        vccd_mesh_clear(&b.m);
    }
    TU_CHECK(n_wide > 0, "no widened pose checked");
}
END_TEST

/* Exact contacts at the identity pose: a shared vertex, a vertex at the
   exact midpoint of an edge (even integer coordinates), an edge through
   the middle of a triangle (a crossing). */
START_TEST(test_contact)
{
    long iters = tu_iters(75);
    static const char *what[] = { "shared vertex", "vertex on edge", "edge through face" };
    for (long it = 0; it < iters; it++) {
        double va[3][3], vb[3][3], s = ldexp(1.0, (int)(tu_ulong() % 200) - 100);
        vccd_mesh_index t[1][3] = { { 0, 1, 2 } };
        body a, b;
        int kind = (int)(it % 3);
        for (int i = 0; i < 3; i++)
            for (int k = 0; k < 3; k++) {
                va[i][k] = s * 2.0 * (double)((long)(tu_ulong() % 2001) - 1000);
                vb[i][k] = s * 2.0 * (double)((long)(tu_ulong() % 2001) - 1000);
            }
        if (kind == 0)
            for (int k = 0; k < 3; k++)
                vb[0][k] = va[0][k];
        else if (kind == 1)
            for (int k = 0; k < 3; k++)
                vb[0][k] = (va[0][k] + va[1][k]) / 2;
        else {
            /* B's edge 0-1 from the centroid of A out along +-normal */
            double e1[3], e2[3], n[3], c[3];
            for (int k = 0; k < 3; k++) {
                e1[k] = va[1][k] - va[0][k];
                e2[k] = va[2][k] - va[0][k];
                c[k] = (va[0][k] + va[1][k] + va[2][k]) / 3;
            }
            n[0] = e1[1] * e2[2] - e1[2] * e2[1];
            n[1] = e1[2] * e2[0] - e1[0] * e2[2];
            n[2] = e1[0] * e2[1] - e1[1] * e2[0];
            for (int k = 0; k < 3; k++) {
                vb[0][k] = c[k] + n[k] / (s * 1000.0);
                vb[1][k] = c[k] - n[k] / (s * 1000.0);
            }
        }
        body_mesh(&a, (const double(*)[3])va, 3, (const vccd_mesh_index(*)[3])t, 1);
        body_mesh(&b, (const double(*)[3])vb, 3, (const vccd_mesh_index(*)[3])t, 1);
        memset(&a.p, 0, sizeof a.p);
        memset(&b.p, 0, sizeof b.p);
        a.p.q[0] = b.p.q[0] = 1;
        check_pair(&a, &b, what[kind], it);
        vccd_mesh_clear(&a.m);
        vccd_mesh_clear(&b.m);
    }
    TU_CHECK(n_cross > 0 && n_touch > 0, "contacts not exercised: %ld crossing, %ld touching", n_cross, n_touch);
}
END_TEST

/* Nearly parallel faces: two flat sheets of triangles in z = 0, the
   second lifted by h and tilted by about 2^-24 rad. */
START_TEST(test_parallel)
{
    long iters = tu_iters(40);
    for (long it = 0; it < iters; it++) {
        enum { NV = 12, NT = 10 };
        double v[NV][3];
        vccd_mesh_index t[NT][3];
        body a, b;
        double h = ldexp(1.0, -(int)(tu_ulong() % 40));
        for (int i = 0; i < NV; i++) {
            v[i][0] = 2 * tu_unit() - 1;
            v[i][1] = 2 * tu_unit() - 1;
            v[i][2] = 0.0;
        }
        for (int i = 0; i < NT; i++)
            for (int k = 0; k < 3; k++)
                t[i][k] = (i + k * (1 + i % 3)) % NV == (i + ((k + 1) % 3) * (1 + i % 3)) % NV ? (i + k) % NV
                                                                                                : (i + k * (1 + i % 3)) % NV;
        for (int i = 0; i < NT; i++)    /* three distinct indices */
            if (t[i][0] == t[i][1] || t[i][1] == t[i][2] || t[i][0] == t[i][2])
                t[i][0] = (vccd_mesh_index)i, t[i][1] = (vccd_mesh_index)((i + 1) % NV),
                t[i][2] = (vccd_mesh_index)((i + 2) % NV);
        body_mesh(&a, (const double(*)[3])v, NV, (const vccd_mesh_index(*)[3])t, NT);
        body_mesh(&b, (const double(*)[3])v, NV, (const vccd_mesh_index(*)[3])t, NT);
        memset(&a.p, 0, sizeof a.p);
        a.p.q[0] = 1;
        ref_pose_random(&b.p, 1);
        b.p.o[0] = 0.1 * (2 * tu_unit() - 1);
        b.p.o[1] = 0.1 * (2 * tu_unit() - 1);
        b.p.o[2] = h;
        check_pair(&a, &b, "nearly parallel", it);
        vccd_mesh_clear(&a.m);
        vccd_mesh_clear(&b.m);
    }
    TU_CHECK(n_tight > 0, "no separated pair checked for tightness");
}
END_TEST

START_TEST(test_errors)
{
    body a;
    vccd_bvh h;
    vccd_bvh_opts o;
    vccd_pose p;
    vccd_distance_result r;
    vccd_error e;
    vccd_di q[4] = { { 0, 0 }, { 0, 0 }, { -1e-300, 1e-300 }, { 0, 0 } }, pos[3] = { { 0, 0 }, { 0, 0 }, { 0, 0 } };
    ref_mesh_random(&a.m, 4, 2, 1.0, 0.0);
    vccd_bvh_opts_init(&o);
    o.types = 1u << 0;
    ck_assert(vccd_bvh_build(&h, &a.m, &o, &e) == 0);
    vccd_pose_identity(&p);
    TU_CHECK(vccd_distance(&r, &h, &p, &h, &p, 1, &e) == -1 && strstr(e.msg, "not built"), "unbuilt type accepted");
    TU_CHECK(vccd_pose_from_quat(&p, pos, q) == -1, "a quaternion that may be 0 accepted");
    /* nonzero quaternions of every magnitude, subnormal included (2^-ex
       overflowed for them, and they were refused as "may be 0"): the
       rotation of (3, 4, 0, 0) / 5 has rows (25, 0, 0), (0, -7, -24),
       (0, 24, -7) over 25, enclosed (exactly, in MPFR) at every scale */
    for (int ex = -1074; ex <= 1020; ex += 13) {
        static const int R25[9] = { 25, 0, 0, 0, -7, -24, 0, 24, -7 };
        double s = ldexp(1.0, ex);
        vccd_di qq[4] = { { 3 * s, 3 * s }, { 4 * s, 4 * s }, { 0, 0 }, { 0, 0 } };
        mpfr_t lo, hi;
        mpfr_inits2(128, lo, hi, (mpfr_ptr)0);
        TU_CHECK(vccd_pose_from_quat(&p, pos, qq) == 0, "quaternion (3, 4, 0, 0) * 2^%d refused", ex);
        for (int i = 0; i < 9; i++) {
            mpfr_set_d(lo, p.R.m[i].lo, MPFR_RNDN);     /* exact: 53 bits times 25 fit in 128 */
            mpfr_set_d(hi, p.R.m[i].hi, MPFR_RNDN);
            mpfr_mul_ui(lo, lo, 25, MPFR_RNDN);
            mpfr_mul_ui(hi, hi, 25, MPFR_RNDN);
            TU_CHECK(mpfr_cmp_si(lo, R25[i]) <= 0 && mpfr_cmp_si(hi, R25[i]) >= 0 && p.R.m[i].hi - p.R.m[i].lo < 1e-12,
                     "quaternion (3, 4, 0, 0) * 2^%d: R[%d] = [%a, %a], not around %d/25", ex, i, p.R.m[i].lo,
                     p.R.m[i].hi, R25[i]);
        }
        mpfr_clears(lo, hi, (mpfr_ptr)0);
    }
    vccd_bvh_clear(&h);
    vccd_mesh_clear(&a.m);
}
END_TEST

/* vccd_distance_within against the loop over every triangle pair: no
   pair the BVH leaves out (proved >= band apart) has a triangle upper
   bound below the band, no pair twice, for every BV type,
   and the distance interval from the list agrees with vccd_distance. */
START_TEST(test_within)
{
    long iters = tu_iters(40);
    for (long it = 0; it < iters; it++) {
        body a, b;
        double scale, offset, band;
        vccd_pose pa, pb;
        ref_scale_random(&scale, &offset);
        ref_mesh_random(&a.m, 3 + (long)(tu_ulong() % 12), 1 + (long)(tu_ulong() % 16), scale, offset);
        ref_mesh_random(&b.m, 3 + (long)(tu_ulong() % 12), 1 + (long)(tu_ulong() % 16), scale, offset);
        random_pose(&a.p, scale, 0.0, 0);
        random_pose(&b.p, fabs(offset) + scale, 2.0, 0);
        ref_pose_di(&pa, &a.p);
        ref_pose_di(&pb, &b.p);
        for (int ty = 0; ty < vccd_bv_type_count(); ty++) {
            vccd_bvh ha, hb;
            vccd_bvh_opts o;
            vccd_distance_result r, d;
            vccd_distance_list list = { NULL, 0, 0 };
            vccd_error e;
            long want = 0;
            vccd_bvh_opts_init(&o);
            o.leaf_size = 1 + (int)(tu_ulong() % 4);
            o.types = 1u << ty;
            TU_CHECK(vccd_bvh_build(&ha, &a.m, &o, &e) == 0 && vccd_bvh_build(&hb, &b.m, &o, &e) == 0, "build: %s",
                     e.msg);
            TU_CHECK(vccd_distance(&d, &ha, &pa, &hb, &pb, ty, &e) == 0, "distance: %s", e.msg);
            band = isfinite(d.upper) ? d.upper * (0.5 + 2 * tu_unit()) : 1.0;
            TU_CHECK(vccd_distance_within(&list, &r, &ha, &pa, &hb, &pb, ty, band, &e) == 0, "within: %s", e.msg);
            /* the reference: each pair's own bound, pair by pair */
            for (long i = 0; i < a.m.nt; i++)
                for (long j = 0; j < b.m.nt; j++) {
                    int found = 0;
                    for (size_t k = 0; k < list.n; k++)
                        found |= list.pair[k].tri[0] == i && list.pair[k].tri[1] == j;
                    if (found) {
                        want++;
                        continue;
                    }
                    {
                        const double *va[3];
                        vccd_di_vec3 wb[3];
                        const vccd_di_vec3 *vb[3];
                        vccd_bv_relpose rp;
                        vccd_tri_dist td;
                        vccd_bv_relpose_from(&rp, &pa.o, &pa.R, &pb.o, &pb.R);
                        for (int k = 0; k < 3; k++) {
                            vccd_di_vec3 x;
                            va[k] = a.m.v[a.m.t[i][k]];
                            vccd_di_vec3_set_d(&x, b.m.v[b.m.t[j][k]][0], b.m.v[b.m.t[j][k]][1],
                                               b.m.v[b.m.t[j][k]][2]);
                            vccd_di_mat3_mul_vec3(&wb[k], &rp.R, &x);
                            vccd_di_vec3_add(&wb[k], &wb[k], &rp.o);
                            vb[k] = &wb[k];
                        }
                        vccd_tri_distance(&td, va, vb);
                        /* left out means proved >= band apart, which its own
                           upper bound must not contradict */
                        TU_CHECK(!(td.upper < band), "case %ld %s: pair (%ld, %ld) within %a < band %a left out",
                                 it, vccd_bv_type_get(ty)->name, i, j, td.upper, band);
                        /* the early stop at `enough` (what vccd_distance
                           passes: its best upper so far) changes nothing
                           but a lower bound that is already >= enough */
                        for (int q = 0; q < 3; q++) {
                            vccd_tri_dist te;
                            double enough = q == 0 ? 0.0 : q == 1 ? 0.5 * td.lower : td.upper;
                            vccd_tri_distance_enough(&te, va, vb, enough);
                            TU_CHECK(te.upper == td.upper && te.intersect == td.intersect && te.lower <= td.lower
                                         && (te.lower == td.lower || (te.lower > 0.0 && te.lower >= enough)),
                                     "case %ld: pair (%ld, %ld) enough %a: [%a, %a] against [%a, %a]", it, i, j,
                                     enough, te.lower, te.upper, td.lower, td.upper);
                        }
                    }
                }
            TU_CHECK(want == (long)list.n, "case %ld: duplicate pairs in the list", it);
            for (size_t k = 0; k < list.n; k++)
                TU_CHECK(list.pair[k].lower < band && list.pair[k].lower <= list.pair[k].upper, "pair %zu bounds", k);
            /* both lower bounds bound the same distance, which d.upper
               exceeds; with pairs found, upper is one of theirs */
            TU_CHECK(r.lower <= d.upper && r.lower <= band, "case %ld: within lower %a vs distance [%a, %a]", it,
                     r.lower, d.lower, d.upper);
            TU_CHECK(list.n == 0 || r.upper >= r.lower, "case %ld: [%a, %a]", it, r.lower, r.upper);
            free(list.pair);
            vccd_bvh_clear(&ha);
            vccd_bvh_clear(&hb);
        }
        vccd_mesh_clear(&a.m);
        vccd_mesh_clear(&b.m);
    }
}
END_TEST

/* Skew edges a hair apart, as at a TOC's lo: the distance along the
   witness direction loses the witness points' rounding over the gap,
   which near contact is the whole gap, so the edges' cross product must
   give the bound.  A's edge e0 e1 and B's edge f0 f1 cross at height h
   (A below, B above), the frame turned by a random rotation in doubles
   so that the witness points are rounded; B's vertices are enclosed one
   ulp wide.  The distance is h up to the turned coordinates' rounding
   (|x| <= 2: 2^-50 absolute covers it). */
/* Triangles ar and br (br moved h along `axis`, h = 2^-20 to 2^-35,
   so h apart by construction), turned by one random rotation in
   doubles, B enclosed by one ulp: the bound must hold h (up to the
   turn's rounding, 2^-50) and prove at least half of it, which is far
   above the enclosures' width (2^-52).  The count of pairs proved. */
static long
turned_pairs_proved(const double ar[3][3], const double br0[3][3], int axis, const char *what, long iters)
{
    long proved = 0;
    for (long it = 0; it < iters; it++) {
        double h = ldexp(1.0, -20 - (int)(tu_ulong() % 16)), R[3][3], q[4], qq = 0.0;
        double br[3][3], av[3][3], bv[3][3];
        const double *ap[3] = { av[0], av[1], av[2] };
        vccd_di_vec3 bi[3];
        const vccd_di_vec3 *bp[3] = { &bi[0], &bi[1], &bi[2] };
        vccd_tri_dist r;
        for (int k = 0; k < 4; k++) {
            q[k] = 2 * tu_unit() - 1;
            qq += q[k] * q[k];
        }
        for (int k = 0; k < 4; k++)
            q[k] /= sqrt(qq);
        R[0][0] = 1 - 2 * (q[2] * q[2] + q[3] * q[3]);
        R[0][1] = 2 * (q[1] * q[2] - q[0] * q[3]);
        R[0][2] = 2 * (q[1] * q[3] + q[0] * q[2]);
        R[1][0] = 2 * (q[1] * q[2] + q[0] * q[3]);
        R[1][1] = 1 - 2 * (q[1] * q[1] + q[3] * q[3]);
        R[1][2] = 2 * (q[2] * q[3] - q[0] * q[1]);
        R[2][0] = 2 * (q[1] * q[3] - q[0] * q[2]);
        R[2][1] = 2 * (q[2] * q[3] + q[0] * q[1]);
        R[2][2] = 1 - 2 * (q[1] * q[1] + q[2] * q[2]);
        for (int i = 0; i < 3; i++) {
            for (int k = 0; k < 3; k++)
                br[i][k] = br0[i][k];
            br[i][axis] += h;
            for (int k = 0; k < 3; k++) {
                av[i][k] = R[k][0] * ar[i][0] + R[k][1] * ar[i][1] + R[k][2] * ar[i][2];
                bv[i][k] = R[k][0] * br[i][0] + R[k][1] * br[i][1] + R[k][2] * br[i][2];
            }
            for (int k = 0; k < 3; k++)
                bi[i].c[k] = vccd_di_set_2d(vccd_fp_next_down(bv[i][k]), vccd_fp_next_up(bv[i][k]));
        }
        vccd_tri_distance(&r, ap, bp);
        TU_CHECK(r.lower <= h + 0x1p-50 && r.upper >= h - 0x1p-50, "%s %a apart: [%a, %a] misses it", what, h, r.lower,
                 r.upper);
        {   /* near contact the early stop is what saves: same answer, a
               lower bound only as good as asked */
            vccd_tri_dist re;
            vccd_tri_distance_enough(&re, ap, bp, 0.25 * h);
            TU_CHECK(re.upper == r.upper && re.intersect == r.intersect && re.lower <= r.lower
                         && (re.lower == r.lower || re.lower >= 0.25 * h),
                     "%s %a apart, enough h/4: [%a, %a] against [%a, %a]", what, h, re.lower, re.upper, r.lower,
                     r.upper);
        }
        proved += r.lower > 0.5 * h;
    }
    return proved;
}

/* Two skew edges h apart along their common normal. */
START_TEST(test_skew_edges)
{
    static const double ar[3][3] = { { -1, 0, 0 }, { 1, 0, 0 }, { 0, 0.3, -1 } };
    static const double br[3][3] = { { 0, -1, 0 }, { 0, 1, 0 }, { 0.3, 0, 1 } };
    long iters = tu_iters(200), proved = turned_pairs_proved(ar, br, 2, "skew edges", iters);
    TU_CHECK(proved == iters, "skew edges: the lower bound proved half the gap on %ld of %ld pairs", proved, iters);
}
END_TEST

/* Coplanar triangles edge to edge, h apart in their plane (two box faces
   side by side just before a face contact): neither the common normal
   nor the witness direction (tilted off the plane by its points'
   rounding over h) proves the gap; the in-plane edge normals do. */
START_TEST(test_coplanar_edges)
{
    static const double ar[3][3] = { { 0, -1, 0 }, { 0, 1, 0 }, { -1, 0.3, 0 } };
    static const double br[3][3] = { { 0, -0.7, 0 }, { 0, 1.2, 0 }, { 1, 0.2, 0 } };
    long iters = tu_iters(200), proved = turned_pairs_proved(ar, br, 0, "coplanar edges", iters);
    TU_CHECK(proved == iters, "coplanar edges: the lower bound proved half the gap on %ld of %ld pairs", proved,
             iters);
}
END_TEST

/* Big against small: a few big triangles (scale 20) and a small soup
   (scale 1) placed within a few units of a point of the big mesh's
   first triangle.  Every one-triangle leaf of the big mesh then has a
   sphere that holds the whole small mesh, and with spheres only its
   plane (vccd/plane_ball.h) tells a small node apart from it: the
   distance, every BV type, against the MPFR reference as in
   test_random. */
START_TEST(test_big_small)
{
    long iters = tu_iters(40);
    for (long it = 0; it < iters; it++) {
        body a, b;
        rvec x[3];
        double u = tu_unit(), w = tu_unit() * (1 - u), at[3];
        ref_mesh_random(&a.m, 3 + (long)(tu_ulong() % 4), 1 + (long)(tu_ulong() % 3), 20.0, 0.0);
        ref_mesh_random(&b.m, 3 + (long)(tu_ulong() % 12), 1 + (long)(tu_ulong() % 16), 1.0, 0.0);
        random_pose(&a.p, 1.0, 0.0, 0);
        random_pose(&b.p, 1.0, 0.0, 0);
        /* b's origin near a point of a's first triangle, world frame */
        for (int k = 0; k < 3; k++) {
            rv_init(&x[k]);
            ref_apply(&x[k], &a.p, a.m.v[a.m.t[0][k]]);
        }
        for (int c = 0; c < 3; c++)
            at[c] = (1 - u - w) * mpfr_get_d(x[0].x[c], MPFR_RNDN) + u * mpfr_get_d(x[1].x[c], MPFR_RNDN)
                    + w * mpfr_get_d(x[2].x[c], MPFR_RNDN);
        for (int c = 0; c < 3; c++)
            b.p.o[c] = at[c] + (it % 2 ? 3.0 : 1.5) * (2 * tu_unit() - 1);
        /* the big body as B half the time (distance.c plane_lower's
           other branch: B's triangle placed in A's frame), and every
           fourth pose widened */
        if ((it / 2) % 2)
            check_pair_w(&b, &a, "small against big", it, it % 4 == 3 ? 10 + (int)(tu_ulong() % 40) : 0);
        else
            check_pair_w(&a, &b, "big against small", it, it % 4 == 3 ? 10 + (int)(tu_ulong() % 40) : 0);
        for (int k = 0; k < 3; k++)
            rv_clear(&x[k]);
        vccd_mesh_clear(&a.m);
        vccd_mesh_clear(&b.m);
    }
}
END_TEST

int
main(void)
{
    const TTest *tests[] = { test_random, test_contact, test_parallel, test_errors, test_within, test_skew_edges, test_coplanar_edges, test_big_small };
    return tu_main("distance", tests, (int)(sizeof tests / sizeof tests[0]));
}
