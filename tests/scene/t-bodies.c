/* t-bodies.c -- a scene of bodies (lib/scene/bodies*.c):
   - a body's slice box holds the exact position (MPFR, 256 bits) of
     every vertex at random times of the slice, for every rigid 3D motion
     model and each of its degenerate kinds, at adversarial scales and on
     zero-width slices;
   - on random scenes of rigid bodies (ltlrm, screw, ballistic) and
     deforming sheets, the broad phase keeps every pair of bodies that
     the direct query (vccd_toc_meshes, no broad phase) does not answer
     none, each kept pair's answer is the direct one bit for bit, a
     sheet's self-contact is vccd_scene's, and the step's answer is the
     direct answers' earliest; the same for 1 and 2 threads and with
     min_separation;
   - the library's errors. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scene/scene_impl.h"
#include "testutil.h"
#include "vccd/bodies.h"
#include "vccd/mi.h"
#include "vccd/motions.h"

static double rnd(double lo, double hi) { return lo + (hi - lo) * tu_unit(); }

/* A random tetrahedron of radius about r around c. */
static void
tetra(vccd_mesh *m, double r, const double c[3])
{
    static const vccd_mesh_index f[4][3] = { { 0, 2, 1 }, { 0, 1, 3 }, { 1, 2, 3 }, { 0, 3, 2 } };
    static const double u[4][3] = { { 1, 1, 1 }, { 1, -1, -1 }, { -1, 1, -1 }, { -1, -1, 1 } };
    double v[4][3];
    vccd_error e;
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++)
            v[i][k] = c[k] + r * (u[i][k] * 0.57735 + rnd(-0.1, 0.1));
    TU_CHECK(vccd_mesh_init_arrays(m, "tetra", (const double (*)[3])v, 4, f, 4, VCCD_MESH_DEGENERATE_KEEP, &e) == 0,
             "%s", e.msg);
}

/* The body boxes against MPFR. */
START_TEST(test_boxes)
{
    static const double scales[] = { 1.0, 1e-8, 3e5, 1e-150, 1e150 };
    long n = tu_iters(40), checked = 0;
    vccd_mi_vec3 x, v, a, p;
    VCCD_MI_TMP(t, 256);
    mpfr_t y;
    mpfr_init2(y, 512);
    vccd_mi_vec3_init(&x, 256);
    vccd_mi_vec3_init(&v, 256);
    vccd_mi_vec3_init(&a, 256);
    vccd_mi_vec3_init(&p, 256);
    for (int ty = 0; ty < vccd_motion_type_count(); ty++) {
        const vccd_motion_type *type = vccd_motion_type_get(ty);
        if (type->dim != 3 || type->per_vertex)
            continue;
        for (long it = 0; it < n; it++) {
            double sc = scales[it % 5], c[3] = { 0, 0, 0 }, blo[3], bhi[3], ta, tb, d;
            vccd_bodies s;
            vccd_mesh m;
            vccd_motion *mo = vccd_motion_alloc(type, 0, 256);
            vccd_error e;
            sc_box b;
            ck_assert(mo != NULL);
            type->randomize(mo, tu_rand, (int)(it % type->nkinds));
            vccd_motion_sync(mo);
            if (it % 3 == 0)
                c[0] = c[1] = 1e3 * sc;
            tetra(&m, sc, c);
            vccd_bodies_init(&s);
            TU_CHECK(vccd_bodies_add_motion(&s, "b", &m, mo, &e) == 0, "%s", e.msg);
            ta = tu_unit();
            tb = it % 4 == 0 ? ta : ta + (1.0 - ta) * tu_unit();     /* zero width */
            if (it % 7 == 0) {
                ta = 0.0;
                tb = 1.0;
            }
            d = it % 3 == 1 ? sc * rnd(0, 0.1) : 0.0;
            sc_mesh_box(blo, bhi, &s.body[0]->mesh);
            sc_body_box(&b, s.body[0], blo, bhi, ta, tb, d);
            for (int j = 0; j < 5; j++) {
                double tt = j == 0 ? ta : j == 1 ? tb : ta + (tb - ta) * tu_unit();
                if (tt > tb)
                    tt = tb;
                vccd_mi_set_d(t, tt);
                for (long q = 0; q < s.body[0]->mesh.nv; q++) {
                    const double *pv = s.body[0]->mesh.v[q];
                    vccd_mi_vec3_set_d(&p, pv[0], pv[1], pv[2]);
                    vccd_motion_eval_mi(&x, &v, &a, s.body[0]->motion, &p, 0, t);
                    for (int k = 0; k < 3; k++) {
                        /* an overflowed box is the whole space, which holds it */
                        if (!mpfr_number_p(&x.c[k].lo) || !mpfr_number_p(&x.c[k].hi))
                            continue;
                        mpfr_add_d(y, &x.c[k].hi, d, MPFR_RNDU);
                        TU_CHECK(mpfr_cmp_d(&x.c[k].lo, b.lo[k]) >= 0 && mpfr_cmp_d(y, b.hi[k]) <= 0,
                                 "%s kind %ld, scale %g: vertex %ld at t %a, axis %d: %s (+ d %a) outside [%a, %a]",
                                 type->name, it % type->nkinds, sc, q, tt, k, tu_fmt_mi(&x.c[k]), d, b.lo[k],
                                 b.hi[k]);
                        checked++;
                    }
                }
            }
            vccd_bodies_clear(&s);
        }
    }
    printf("bodies: %ld vertex positions inside their body's slice box (MPFR, 256 bits)\n", checked);
    TU_CHECK(checked > 1000, "only %ld positions checked", checked);
    vccd_mi_vec3_clear(&x);
    vccd_mi_vec3_clear(&v);
    vccd_mi_vec3_clear(&a);
    vccd_mi_vec3_clear(&p);
    mpfr_clear(y);
}
END_TEST

/* A two-frame body's slice boxes against its vertices' exact positions
   p0 + t (p1 - p0) (MPFR), and a rigid body whose enclosure overflows:
   its box is the whole space. */
START_TEST(test_boxes_frames)
{
    static const double scales[] = { 1.0, 1e-300, 1e300, 1e-8, 3e5 };
    long n = tu_iters(400), checked = 0;
    mpfr_t x, y;
    mpfr_inits2(2200, x, y, (mpfr_ptr)0);
    for (long it = 0; it < n; it++) {
        double sc = scales[it % 5], v0[4][3], v1[4][3], blo[3], bhi[3], ta, tb, d;
        vccd_mesh_index f[2][3] = { { 0, 1, 2 }, { 1, 3, 2 } };
        vccd_bodies s;
        vccd_error e;
        sc_box b;
        for (int i = 0; i < 4; i++)
            for (int c = 0; c < 3; c++) {
                v0[i][c] = sc * rnd(-1, 1);
                v1[i][c] = it % 4 == 0 ? v0[i][c] : sc * rnd(-1, 1);
            }
        vccd_bodies_init(&s);
        TU_CHECK(vccd_bodies_add_frames(&s, "sheet", (const double (*)[3])v0, (const double (*)[3])v1, 4,
                                        (const vccd_mesh_index (*)[3])f, 2, &e) == 0, "%s", e.msg);
        ta = tu_unit();
        tb = it % 3 == 0 ? ta : ta + (1.0 - ta) * tu_unit();
        d = it % 2 ? sc * rnd(0, 0.1) : 0.0;
        sc_mesh_box(blo, bhi, &s.body[0]->mesh);
        sc_body_box(&b, s.body[0], blo, bhi, ta, tb, d);
        for (int j = 0; j < 4; j++) {
            double t = j == 0 ? ta : j == 1 ? tb : ta + (tb - ta) * tu_unit();
            if (t > tb)
                t = tb;
            for (int q = 0; q < 4; q++)
                for (int c = 0; c < 3; c++) {
                    /* p0 + t (p1 - p0), exact at 2200 bits */
                    mpfr_set_d(x, v1[q][c], MPFR_RNDN);
                    mpfr_sub_d(x, x, v0[q][c], MPFR_RNDN);
                    mpfr_mul_d(x, x, t, MPFR_RNDN);
                    mpfr_add_d(x, x, v0[q][c], MPFR_RNDN);
                    mpfr_add_d(y, x, d, MPFR_RNDN);
                    TU_CHECK(mpfr_cmp_d(x, b.lo[c]) >= 0 && mpfr_cmp_d(y, b.hi[c]) <= 0,
                             "case %ld: vertex %d at t %a, axis %d: %s (+ d %a) outside [%a, %a]", it, q, t, c,
                             tu_fmt_fr(x), d, b.lo[c], b.hi[c]);
                    checked++;
                }
        }
        vccd_bodies_clear(&s);
    }
    {
        /* centre at 1e308 moving by 1e308 per step: x overflows */
        double o0[3] = { 1e308, 0, 0 }, v[3] = { 1e308, 0, 0 }, q0[4] = { 1, 0, 0, 0 }, w[3] = { 0, 0, 1 };
        double c[3] = { 0, 0, 0 }, blo[3], bhi[3];
        vccd_bodies s;
        vccd_mesh m;
        vccd_error e;
        vccd_motion *mo = vccd_motion_ltlrm_new(o0, v, q0, w, 53, &e);
        sc_box b;
        ck_assert(mo != NULL);
        tetra(&m, 1.0, c);
        vccd_bodies_init(&s);
        TU_CHECK(vccd_bodies_add_motion(&s, "far", &m, mo, &e) == 0, "%s", e.msg);
        sc_mesh_box(blo, bhi, &s.body[0]->mesh);
        sc_body_box(&b, s.body[0], blo, bhi, 0.5, 1.0, 0.0);
        TU_CHECK(b.lo[0] == -INFINITY && b.hi[0] == INFINITY, "an overflowed box is [%a, %a], not the whole axis",
                 b.lo[0], b.hi[0]);
        vccd_bodies_clear(&s);
    }
    mpfr_clears(x, y, (mpfr_ptr)0);
    printf("bodies: %ld positions of two-frame bodies inside their slice box (MPFR), an overflow made the whole "
           "space\n", checked);
}
END_TEST

/* A random rigid motion through the region around the origin. */
static vccd_motion *
random_motion(int which)
{
    double o0[3], o1[3], q0[4] = { 1, 0, 0, 0 }, q1[4], w[3], acc[3];
    vccd_error e;
    vccd_motion *m;
    double n = 0;
    for (int k = 0; k < 3; k++) {
        o0[k] = rnd(-1.5, 1.5);
        o1[k] = rnd(-1.5, 1.5);
        w[k] = rnd(-2, 2);
        acc[k] = rnd(-1, 1);
    }
    for (int k = 0; k < 4; k++) {
        q1[k] = rnd(-1, 1);
        n += q1[k] * q1[k];
    }
    for (int k = 0; k < 4; k++)
        q1[k] /= sqrt(n);
    switch (which % 3) {
    case 0: {
        double vel[3] = { o1[0] - o0[0], o1[1] - o0[1], o1[2] - o0[2] };
        m = vccd_motion_ltlrm_new(o0, vel, q0, w, 53, &e);
        break;
    }
    case 1:
        m = vccd_motion_screw_new(o0, q0, o1, q1, 53, &e);
        break;
    default: {
        double vel[3] = { o1[0] - o0[0], o1[1] - o0[1], o1[2] - o0[2] };
        m = vccd_motion_ballistic_new(o0, vel, q0, w, acc, 53, &e);
        break;
    }
    }
    TU_CHECK(m != NULL, "%s", e.msg);
    return m;
}

/* A 4 x 4 sheet near z = z0, its frame 1 a random crumple (it may pass
   through itself). */
static void
add_sheet(vccd_bodies *s, const char *name, double z0)
{
    double v0[25][3], v1[25][3];
    vccd_mesh_index f[32][3];
    long nf = 0;
    vccd_error e;
    for (int j = 0; j <= 4; j++)
        for (int i = 0; i <= 4; i++) {
            int q = j * 5 + i;
            v0[q][0] = -1.0 + 0.5 * i;
            v0[q][1] = -1.0 + 0.5 * j;
            v0[q][2] = z0 + rnd(-0.01, 0.01);
            v1[q][0] = v0[q][0] * rnd(0.2, 1.0);
            v1[q][1] = v0[q][1] * rnd(0.2, 1.0);
            v1[q][2] = z0 + rnd(-0.6, 0.6);
        }
    for (int j = 0; j < 4; j++)
        for (int i = 0; i < 4; i++) {
            vccd_mesh_index p = (vccd_mesh_index)(j * 5 + i);
            f[nf][0] = p;
            f[nf][1] = p + 1;
            f[nf][2] = p + 6;
            nf++;
            f[nf][0] = p;
            f[nf][1] = p + 6;
            f[nf][2] = p + 5;
            nf++;
        }
    TU_CHECK(vccd_bodies_add_frames(s, name, (const double (*)[3])v0, (const double (*)[3])v1, 25,
                                    (const vccd_mesh_index (*)[3])f, nf, &e) == 0, "%s", e.msg);
}

static int
same_answer(const vccd_bodies_pair_answer *x, const vccd_bodies_pair_answer *y)
{
    return x->status == y->status && tu_bits(x->lo) == tu_bits(y->lo) && tu_bits(x->hi) == tu_bits(y->hi)
           && x->have_pair == y->have_pair && (!x->have_pair || (x->kind == y->kind && !memcmp(x->v, y->v, sizeof x->v)));
}

/* The direct answer of bodies i < j (vccd_toc_meshes, the BVHs the
   scene built) or of body i's self-contact (vccd_scene_broad and
   vccd_scene_toc on its frames), without the bodies' broad phase or
   narrow phase. */
static void
direct(vccd_bodies_pair_answer *r, vccd_bodies *s, const vccd_bodies_opts *o, int i, int j)
{
    vccd_error e;
    memset(r, 0, sizeof *r);
    if (i == j) {
        vccd_scene_broad_opts bo = o->self;
        vccd_scene_opts so;
        vccd_scene_candidates c;
        vccd_scene_answer a;
        bo.min_separation = o->query.min_separation;
        vccd_scene_opts_init(&so);
        so.solve = o->query.solve;
        so.min_separation = o->query.min_separation;
        TU_CHECK(vccd_scene_broad(&c, s->body[i]->frames, &bo, &e) == 0, "%s", e.msg);
        TU_CHECK(vccd_scene_toc(&a, NULL, s->body[i]->frames, &c, &so, &e) == 0, "%s", e.msg);
        vccd_scene_candidates_clear(&c);
        r->status = a.status;
        r->lo = a.lo;
        r->hi = a.hi;
        if ((r->have_pair = a.have_pair)) {
            vccd_mesh_index v[4];
            vccd_scene_pair_vertices(v, s->body[i]->frames, a.pair);
            r->kind = a.pair.kind;
            for (int k = 0; k < 4; k++)
                r->v[k] = v[k];
        }
    } else {
        vccd_toc_input in;
        vccd_toc_answer a;
        vccd_toc_input_init(&in);
        in.opts = o->query;
        in.body[0].bvh = &s->body[i]->bvh;
        in.body[0].motion = s->body[i]->motion;
        in.body[1].bvh = &s->body[j]->bvh;
        in.body[1].motion = s->body[j]->motion;
        TU_CHECK(vccd_toc_meshes(&a, NULL, &in, &e) == 0, "%s", e.msg);
        r->status = a.status;
        r->lo = a.lo;
        r->hi = a.hi;
        if ((r->have_pair = a.have_pair)) {
            r->kind = a.pair.kind;
            for (int k = 0; k < 4; k++)
                r->v[k] = a.pair.v[k];
        }
    }
}

START_TEST(test_brute)
{
    long reps = tu_iters(20), kept = 0, contacts = 0, cross = 0, pairs = 0, domains = 0;
    for (long it = 0; it < reps; it++) {
        vccd_bodies s;
        vccd_bodies_opts o;
        vccd_bodies_pairs p, p2;
        vccd_bodies_answer a, a2;
        vccd_bodies_pair_answer r[64], r2[64], dr[8][8];
        int nb = 5 + (int)(it % 3);
        char name[16];
        vccd_error e;
        double lo, hi;
        int status = VCCD_TOC_NONE;

        vccd_bodies_init(&s);
        vccd_bodies_opts_init(&o);
        o.slices = 1 + (int)(tu_ulong() % 20);
        if (it % 2)
            o.query.min_separation = o.self.min_separation = 0.05;
        if (it % 3 == 2) {
            /* a sub-interval of the step, or a single time */
            o.query.solve.t0 = 0.5 * tu_unit();
            o.query.solve.t1 = it % 4 == 0 ? o.query.solve.t0 : o.query.solve.t0 + 0.5 * tu_unit();
            domains++;
        }
        for (int i = 0; i < nb; i++) {
            snprintf(name, sizeof name, "b%d", i);
            if (i == 2 || (i == 4 && it % 2)) {
                add_sheet(&s, name, rnd(-0.5, 0.5));
            } else {
                vccd_mesh m;
                double c[3] = { 0, 0, 0 };
                tetra(&m, rnd(0.1, 0.5), c);
                TU_CHECK(vccd_bodies_add_motion(&s, name, &m, random_motion(i + (int)it), &e) == 0, "%s", e.msg);
            }
        }
        TU_CHECK(vccd_bodies_broad(&p, &s, &o, &e) == 0, "%s", e.msg);
        TU_CHECK(p.n <= 64, "%ld pairs", p.n);
        TU_CHECK(vccd_bodies_toc(&a, r, &s, &p, &o, &e) == 0, "%s", e.msg);
        lo = hi = o.query.solve.t1;
        /* every pair, directly (the BVHs are built now) */
        for (int i = 0; i < nb; i++)
            for (int j = i; j < nb; j++)
                if (i < j || s.body[i]->frames)
                    direct(&dr[i][j], &s, &o, i, j);
        for (int i = 0; i < nb; i++)
            for (int j = i; j < nb; j++) {
                long at = -1;
                if (i == j && !s.body[i]->frames)
                    continue;
                pairs++;
                for (long k = 0; k < p.n; k++)
                    if (p.p[k].a == i && p.p[k].b == j)
                        at = k;
                if (dr[i][j].status != VCCD_TOC_NONE) {
                    contacts++;
                    cross += i != j;
                    TU_CHECK(at >= 0, "case %ld: bodies %d and %d: the direct query says %s at [%a, %a], the broad "
                             "phase left them out", it, i, j, vccd_toc_status_name(dr[i][j].status), dr[i][j].lo,
                             dr[i][j].hi);
                    if (dr[i][j].lo < lo)
                        lo = dr[i][j].lo;
                    if (dr[i][j].status == VCCD_TOC_CERTIFIED) {
                        hi = status == VCCD_TOC_CERTIFIED && hi < dr[i][j].hi ? hi : dr[i][j].hi;
                        status = VCCD_TOC_CERTIFIED;
                    } else if (status == VCCD_TOC_NONE)
                        status = VCCD_TOC_POSSIBLE;
                }
                if (at >= 0) {
                    kept++;
                    TU_CHECK(same_answer(&r[at], &dr[i][j]), "case %ld: bodies %d and %d: %s [%a, %a] in the scene, "
                             "%s [%a, %a] directly", it, i, j, vccd_toc_status_name(r[at].status), r[at].lo, r[at].hi,
                             vccd_toc_status_name(dr[i][j].status), dr[i][j].lo, dr[i][j].hi);
                }
            }
        TU_CHECK((int)a.status == status && a.lo == lo && (status != VCCD_TOC_CERTIFIED || a.hi == hi),
                 "case %ld: the step says %s [%a, %a], the direct answers %s [%a, %a]", it,
                 vccd_toc_status_name(a.status), a.lo, a.hi, vccd_toc_status_name(status), lo, hi);
        /* on 2 threads (and back): the same pairs and answers */
        tu_set_threads(2);
        TU_CHECK(vccd_bodies_broad(&p2, &s, &o, &e) == 0, "%s", e.msg);
        TU_CHECK(p2.n == p.n && !memcmp(p2.p, p.p, (size_t)p.n * sizeof *p.p), "case %ld: the pairs differ on 2 "
                 "threads", it);
        TU_CHECK(vccd_bodies_toc(&a2, r2, &s, &p2, &o, &e) == 0, "%s", e.msg);
        tu_set_threads(1);
        for (long k = 0; k < p.n; k++)
            TU_CHECK(same_answer(&r[k], &r2[k]), "case %ld: pair %ld differs on 2 threads", it, k);
        TU_CHECK(a2.status == a.status && a2.lo == a.lo && a2.hi == a.hi && a2.pair == a.pair, "case %ld: the step "
                 "differs on 2 threads", it);
        vccd_bodies_pairs_clear(&p);
        vccd_bodies_pairs_clear(&p2);
        vccd_bodies_clear(&s);
    }
    printf("bodies: %ld random scenes (%ld on a part of the step), %ld pairs of bodies or self-contacts, %ld kept by "
           "the broad phase, %ld not none (%ld of two bodies; every one kept, every answer the direct one)\n", reps,
           domains, pairs, kept, contacts, cross);
    TU_CHECK(cross > 0 && kept < pairs, "vacuous: %ld contacts of two bodies, %ld of %ld pairs kept", cross, kept,
             pairs);
}
END_TEST

START_TEST(test_errors)
{
    vccd_bodies s;
    vccd_bodies_opts o;
    vccd_bodies_pairs p;
    vccd_bodies_answer a;
    vccd_mesh m;
    vccd_error e;
    double c[3] = { 0, 0, 0 }, x0[12], x1[12];
    vccd_motion *mo;

    vccd_bodies_init(&s);
    vccd_bodies_opts_init(&o);
    tetra(&m, 1.0, c);
    TU_CHECK(vccd_bodies_add_motion(&s, "", &m, random_motion(0), &e) == -1 && strstr(e.msg, "name"), "%s", e.msg);
    tetra(&m, 1.0, c);
    TU_CHECK(vccd_bodies_add_motion(&s, "a", &m, random_motion(0), &e) == 0, "%s", e.msg);
    tetra(&m, 1.0, c);
    TU_CHECK(vccd_bodies_add_motion(&s, "a", &m, random_motion(1), &e) == -1 && strstr(e.msg, "second body"), "%s",
             e.msg);
    /* a per-vertex motion is refused (no self-contact test for it) */
    for (int i = 0; i < 12; i++)
        x1[i] = (x0[i] = (double)i) + 1.0;
    mo = vccd_motion_vertex_linear_new(x0, x1, 4, 53, &e);
    ck_assert(mo != NULL);
    tetra(&m, 1.0, c);
    TU_CHECK(vccd_bodies_add_motion(&s, "pv", &m, mo, &e) == -1 && strstr(e.msg, "two frames"), "%s", e.msg);
    TU_CHECK(vccd_bodies_add_frames(&s, "bad", (const double (*)[3])x0, (const double (*)[3])x1, 4,
                                    (const vccd_mesh_index (*)[3])(vccd_mesh_index[1][3]){ { 0, 1, 7 } }, 1, &e) == -1,
             "a face out of range was taken");
    TU_CHECK(s.n == 1, "%d bodies after the failures", s.n);
    /* options and pairs */
    o.slices = 0;
    TU_CHECK(vccd_bodies_broad(&p, &s, &o, &e) == -1 && strstr(e.msg, "slices"), "%s", e.msg);
    o.slices = 4;
    o.query.min_separation = -1;
    TU_CHECK(vccd_bodies_broad(&p, &s, &o, &e) == -1 && strstr(e.msg, "min_separation"), "%s", e.msg);
    o.query.min_separation = 0;
    TU_CHECK(vccd_bodies_broad(&p, &s, &o, &e) == 0, "%s", e.msg);
    o.query.min_separation = 0.5;
    TU_CHECK(vccd_bodies_toc(&a, NULL, &s, &p, &o, &e) == -1 && strstr(e.msg, "exceeds"), "%s", e.msg);
    o.query.min_separation = 0;
    {
        vccd_bodies_pair q = { 0, 0, 0 };
        vccd_bodies_pairs bad = { &q, 1, 1, 0.0, 0.0, 1.0, 1 };
        TU_CHECK(vccd_bodies_toc(&a, NULL, &s, &bad, &o, &e) == -1 && strstr(e.msg, "not a pair"), "%s", e.msg);
    }
    TU_CHECK(vccd_bodies_toc(&a, NULL, &s, &p, &o, &e) == 0 && a.status == VCCD_TOC_NONE && a.pairs == 0, "%s",
             e.msg);
    vccd_bodies_pairs_clear(&p);
    /* pairs found over [0, 0.5] do not prove [0, 1]; nor among fewer
       bodies than the scene has now */
    o.query.solve.t1 = 0.5;
    TU_CHECK(vccd_bodies_broad(&p, &s, &o, &e) == 0, "%s", e.msg);
    o.query.solve.t1 = 1.0;
    TU_CHECK(vccd_bodies_toc(&a, NULL, &s, &p, &o, &e) == -1 && strstr(e.msg, "not inside"), "%s", e.msg);
    o.query.solve.t1 = 0.5;
    tetra(&m, 1.0, c);
    TU_CHECK(vccd_bodies_add_motion(&s, "b", &m, random_motion(1), &e) == 0, "%s", e.msg);
    TU_CHECK(vccd_bodies_toc(&a, NULL, &s, &p, &o, &e) == -1 && strstr(e.msg, "among 1 bodies"), "%s", e.msg);
    vccd_bodies_pairs_clear(&p);
    vccd_bodies_clear(&s);

    /* a pile: six bodies in one place keep 15 pairs; a limit of 10
       stops the broad phase with an error and nothing kept */
    vccd_bodies_init(&s);
    vccd_bodies_opts_init(&o);
    for (int i = 0; i < 6; i++) {
        char name[16];
        double q0[4] = { 1, 0, 0, 0 }, zero[3] = { 0, 0, 0 };
        snprintf(name, sizeof name, "p%d", i);
        tetra(&m, 1.0, c);
        mo = vccd_motion_ltlrm_new(zero, zero, q0, zero, 53, &e);
        ck_assert(mo != NULL);
        TU_CHECK(vccd_bodies_add_motion(&s, name, &m, mo, &e) == 0, "%s", e.msg);
    }
    TU_CHECK(vccd_bodies_broad(&p, &s, &o, &e) == 0 && p.n == 15, "%ld pairs in the pile", p.n);
    vccd_bodies_pairs_clear(&p);
    o.max_pairs = 10;
    TU_CHECK(vccd_bodies_broad(&p, &s, &o, &e) == -1 && strstr(e.msg, "more than 10 pairs") && p.n == 0 && !p.p,
             "%s", e.msg);
    vccd_bodies_clear(&s);
}
END_TEST

int
main(void)
{
    const TTest *tests[] = { test_boxes, test_boxes_frames, test_brute, test_errors };
    return tu_main("bodies", tests, (int)(sizeof tests / sizeof tests[0]));
}
