/* t-minsep.c -- min-separation of one feature pair (vccd_solve_minsep,
   lib/solve/minsep.c, over the distance pieces of feature.h), against a
   brute-force distance that shares no code with the library: the
   points from their motions at 256 bits, then the point-triangle and
   segment-segment distances of tests/bvh/refgeom.h at 320 bits.

   - Random pairs (vertex-face and edge-edge; rigid models and the
     per-vertex vertex-linear; degenerate triangles and zero-length edges
     in some; margins from 1e-9 to 5; every solver; binary64 and MPFR;
     time domains including zero-width ones): at every sampled time of
     [t0, lo) the distance is > d (a failure is a false proof), and at lo
     (lo > t0) it is >= d by continuity; when certified it is also
     <= d + L (hi - lo), L bounding the relative speed of the points.
   - Constructed crossings whose first time at distance d is known in
     closed form (vertex descending onto a turning face: slab; a vertex
     onto a vertex along a turning edge's line: sphere; a vertex onto a
     turning edge from outside the face: capsule; two crossing edges:
     the interior piece): certified, with t* in [lo, hi].
   - A vertex hovering just above and just below d over a turning face.
   - d = 0 is vccd_solve itself.
   - The piece jets g, g', g'' on every rigorous backend enclose a
     reference computed by truncated Taylor arithmetic (not the
     library's Leibniz products) at 1000 bits. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bvh/refgeom.h"
#include "testutil.h"
#include "vccd/feature.h"

#define PREC 256                /* the points for the distance */
#define MPREC 1200              /* motion parameters */
#define JET_PREC 1000           /* the jets' reference */


static double rnd(double lo, double hi) { return lo + (hi - lo) * tu_unit(); }

/* r := squared distance between the features at points P, by the
   reference of tests/bvh/refgeom.h. */
static void
brute_d2(mpfr_t r, vccd_feature_kind kind, rvec *P)
{
    if (kind == VCCD_FEATURE_VF)
        ref_point_tri(r, &P[0], &P[1]);
    else
        ref_seg_seg(r, &P[0], &P[1], &P[2], &P[3]);
}

/* --- random and constructed pairs ----------------------------------- */

typedef struct {
    vccd_feature_kind kind;
    vccd_motion *m[2];
    vccd_track tr[4];
    double speed;               /* max |velocity| of a point, sampled */
    char text[4096];
} pair;

static const char *const models[] = { "ltlrm", "interp", "screw", "rotvec", "ballistic", "angaccel",
                                      "vertex-linear" };

static vccd_motion *
motion_from(const char *text, const char *sec)
{
    vccd_config c;
    vccd_error e;
    vccd_motion *m;
    if (vccd_config_load_string(&c, "t-minsep", text, &e) != 0)
        tu_fail("config: %s\n%s", e.msg, text);
    if (!(m = vccd_motion_from_config(vccd_config_find(&c, sec), MPREC, &e)))
        tu_fail("motion: %s\n%s", e.msg, text);
    vccd_config_clear(&c);
    return m;
}

/* Section [motion.NAME] of model `model` moving from o by about v,
   turning at up to `rate` rad per unit time; vertex-linear moves the n
   body points P (and deforms them a little). */
static int
motion_text(char *out, size_t size, const char *name, const char *model, const double o[3], const double v[3],
            double rate, const double (*P)[3], int n)
{
    double q[4], w[3], qn = 0, wn = 0;
    int k;
    for (int i = 0; i < 4; i++) {
        q[i] = rnd(-1, 1);
        qn += q[i] * q[i];
    }
    for (int i = 0; i < 3; i++) {
        w[i] = rnd(-1, 1);
        wn += w[i] * w[i];
    }
    for (int i = 0; i < 3; i++)
        w[i] *= rate / sqrt(wn);
    qn = sqrt(qn);
    k = snprintf(out, size, "[motion.%s]\ntype = %s\n", name, model);
    if (!strcmp(model, "ltlrm") || !strcmp(model, "ballistic"))
        k += snprintf(out + k, size - (size_t)k,
                      "o0 = %.17g %.17g %.17g\nv = %.17g %.17g %.17g\nq0 = %.17g %.17g %.17g %.17g\n"
                      "omega = %.17g %.17g %.17g\n%s", o[0], o[1], o[2], v[0], v[1], v[2], q[0] / qn, q[1] / qn,
                      q[2] / qn, q[3] / qn, w[0], w[1], w[2], !strcmp(model, "ballistic") ? "a = 0.3 -0.2 -1\n" : "");
    else if (!strcmp(model, "interp") || !strcmp(model, "screw"))
        k += snprintf(out + k, size - (size_t)k,
                      "start_position = %.17g %.17g %.17g\nend_position = %.17g %.17g %.17g\n"
                      "start_orientation = 1 0 0 0\nend_orientation = %.17g %.17g %.17g %.17g\n", o[0], o[1], o[2],
                      o[0] + v[0], o[1] + v[1], o[2] + v[2], cos(0.5 * rate), sin(0.5 * rate) * w[0] / rate,
                      sin(0.5 * rate) * w[1] / rate, sin(0.5 * rate) * w[2] / rate);
    else if (!strcmp(model, "rotvec"))
        k += snprintf(out + k, size - (size_t)k,
                      "start_position = %.17g %.17g %.17g\nend_position = %.17g %.17g %.17g\n"
                      "start_rotvec = 0.1 0.2 0.3\nend_rotvec = %.17g %.17g %.17g\n", o[0], o[1], o[2], o[0] + v[0],
                      o[1] + v[1], o[2] + v[2], 0.1 + w[0], 0.2 + w[1], 0.3 + w[2]);
    else if (!strcmp(model, "angaccel"))
        k += snprintf(out + k, size - (size_t)k,
                      "o0 = %.17g %.17g %.17g\nv = %.17g %.17g %.17g\naxis = %.17g %.17g %.17g\nomega0 = %.17g\n"
                      "alpha = %.17g\n", o[0], o[1], o[2], v[0], v[1], v[2], w[0], w[1], w[2], rate, rnd(-2, 2));
    else {
        k += snprintf(out + k, size - (size_t)k, "vertices = %d\n", n);
        for (int i = 0; i < n && k < (int)size; i++)
            k += snprintf(out + k, size - (size_t)k, "vertex.%d = %.17g %.17g %.17g  %.17g %.17g %.17g\n", i,
                          P[i][0] + o[0], P[i][1] + o[1], P[i][2] + o[2], P[i][0] * rnd(0.9, 1.1) + o[0] + v[0],
                          P[i][1] * rnd(0.9, 1.1) + o[1] + v[1], P[i][2] * rnd(0.9, 1.1) + o[2] + v[2]);
    }
    return k < (int)size ? k : -1;
}

static void
pair_clear(pair *p)
{
    vccd_motion_free(p->m[0]);
    vccd_motion_free(p->m[1]);
    p->m[0] = p->m[1] = NULL;
}

/* Feature A (vertex or edge) on motion 0, B (face or edge) on motion 1,
   the bodies about `gap` apart and closing in; geo 1: a zero-length
   edge or a collinear triangle. */
static void
pair_random(pair *p, vccd_feature_kind kind, double gap, int geo)
{
    double P[4][3], o[2][3], v[2][3], dir[3], dn = 0;
    int na = kind == VCCD_FEATURE_EE ? 2 : 1, k;
    const char *mod[2];
    memset(p, 0, sizeof *p);
    p->kind = kind;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 3; j++)
            P[i][j] = rnd(-0.5, 0.5);
    if (geo == 1) {
        if (kind == VCCD_FEATURE_EE)
            memcpy(P[3], P[2], sizeof P[2]);
        else
            for (int j = 0; j < 3; j++)
                P[3][j] = P[1][j] + 0.5 * (P[2][j] - P[1][j]);
    }
    for (int j = 0; j < 3; j++) {
        dir[j] = rnd(-1, 1);
        dn += dir[j] * dir[j];
    }
    for (int j = 0; j < 3; j++) {
        dir[j] /= sqrt(dn);
        o[0][j] = -0.5 * (gap + 1.0) * dir[j];
        o[1][j] = 0.5 * (gap + 1.0) * dir[j];
        v[0][j] = (0.5 * gap + 0.5) * dir[j] + rnd(-0.1, 0.1);
        v[1][j] = -(0.5 * gap + 0.5) * dir[j] + rnd(-0.1, 0.1);
    }
    k = 0;
    for (int b = 0; b < 2; b++) {
        int m;
        mod[b] = models[tu_ulong() % 7];
        m = motion_text(p->text + k, sizeof p->text - (size_t)k, b ? "b" : "a", mod[b], o[b], v[b], rnd(0, 4),
                        (const double (*)[3])P + (b ? na : 0), b ? 4 - na : na);
        if (m < 0)
            tu_fail("text too long");
        k += m;
    }
    p->m[0] = motion_from(p->text, "motion.a");
    p->m[1] = motion_from(p->text, "motion.b");
    for (int i = 0; i < 4; i++) {
        int b = i >= na, per = p->m[b]->type->per_vertex;
        p->tr[i].m = p->m[b];
        p->tr[i].vertex = per ? i - (b ? na : 0) : 0;
        for (int j = 0; j < 3; j++)
            p->tr[i].p[j] = per ? 0.0 : P[i][j];
    }
}

/* Pos[i] := point i at time t (midpoints of 256-bit enclosures; their
   width is ~2^-240 of the coordinates), and the max point speed into
   p->speed. */
static void
positions(rvec *Pos, pair *p, double t)
{
    vccd_mi_vec3 x, v, b;
    vccd_mi_t tt;
    vccd_mi_vec3_init(&x, PREC);
    vccd_mi_vec3_init(&v, PREC);
    vccd_mi_vec3_init(&b, PREC);
    vccd_mi_init2(tt, PREC);
    vccd_mi_set_d(tt, t);
    for (int i = 0; i < 4; i++) {
        double s = 0;
        vccd_mi_vec3_set_d(&b, p->tr[i].p[0], p->tr[i].p[1], p->tr[i].p[2]);
        vccd_motion_eval_mi(&x, &v, NULL, p->tr[i].m, &b, p->tr[i].vertex, tt);
        for (int j = 0; j < 3; j++) {
            vccd_di vj = vccd_mi_get_di(&v.c[j]);
            vccd_mi_mid(Pos[i].x[j], &x.c[j]);
            s += fmax(vj.hi * vj.hi, vj.lo * vj.lo);
        }
        if (sqrt(s) > p->speed)
            p->speed = sqrt(s);
    }
    vccd_mi_vec3_clear(&x);
    vccd_mi_vec3_clear(&v);
    vccd_mi_vec3_clear(&b);
    vccd_mi_clear(tt);
}

/* The squared distance at t, as a double rounded down / up (the 256-bit
   value's error is far below a double's ulp). */
static double
dist2_at(pair *p, double t, int up)
{
    rvec Pos[4];
    mpfr_t r;
    double d;
    for (int i = 0; i < 4; i++)
        rv_init(&Pos[i]);
    mpfr_init2(r, REF_PREC);
    positions(Pos, p, t);
    brute_d2(r, p->kind, Pos);
    d = mpfr_get_d(r, up ? MPFR_RNDU : MPFR_RNDD);
    mpfr_clear(r);
    for (int i = 0; i < 4; i++)
        rv_clear(&Pos[i]);
    return d;
}

static const char *const solvers[] = { "bisection", "taylor-lagrange", "newton" };

/* Check r against the brute-force distance of p over [t0, t1]. */
static void
check_answer(pair *p, const vccd_toc *r, double d, double t0, double t1, const char *what)
{
    double end = r->status == VCCD_TOC_NONE ? t1 : r->lo, d2 = d * d, dl, du;
    /* d2 rounded: d^2 as a double is within an ulp; a sample fails only
       when its distance is below d by more than that (a false proof) */
    double lim = d2 * (1 - 0x1p-50);
    TU_CHECK(r->lo >= t0 && r->lo <= r->hi && r->hi <= t1, "%s: [%.17g, %.17g] outside [%.17g, %.17g]", what,
             r->lo, r->hi, t0, t1);
    for (int i = 0; i < 48; i++) {
        /* uniform, then closing in on the end geometrically */
        double t = i < 24 ? t0 + (end - t0) * (i / 24.0) : end - (end - t0) * ldexp(1.0, -(i - 23));
        if (!(t >= t0 && t < end))
            continue;
        du = dist2_at(p, t, 1);
        TU_CHECK(du > lim, "%s: distance^2 %.17g <= d^2 = %.17g at t = %.17g, before lo = %.17g (%s)\n%s", what, du,
                 d2, t, r->lo, vccd_toc_status_name(r->status), p->text);
    }
    if (r->status == VCCD_TOC_NONE || !(r->lo > t0))
        return;
    /* At lo the distance is >= d by continuity; certified, it reaches d
       within [lo, hi], so at lo it is at most d + L (hi - lo) with L the
       relative speed of the closest points, below twice the largest
       point speed sampled (hi - lo <= eps_t, too short for the speed to
       double). */
    p->speed = 0;
    du = dist2_at(p, r->lo, 1);
    dl = dist2_at(p, r->lo, 0);
    TU_CHECK(du >= lim, "%s: distance^2 %.17g < d^2 = %.17g at lo = %.17g\n%s", what, du, d2, r->lo, p->text);
    if (r->status == VCCD_TOC_CERTIFIED) {
        double L = 4.0 * p->speed, m = d + L * (r->hi - r->lo);
        TU_CHECK(dl <= m * m * (1 + 0x1p-40), "%s: distance^2 %.17g at lo = %.17g far above d^2 = %.17g, hi = %.17g\n%s",
                 what, dl, r->lo, d2, r->hi, p->text);
    }
}

START_TEST(test_random)
{
    static const double margins[] = { 1e-9, 1e-4, 0.05, 0.5, 5.0 };
    long n = tu_iters(60), found = 0;
    for (long it = 0; it < n; it++) {
        vccd_feature_kind kind = it & 1 ? VCCD_FEATURE_EE : VCCD_FEATURE_VF;
        double d = margins[tu_ulong() % 5], t0 = 0, t1 = 1;
        vccd_solve_opts o;
        vccd_feature *f;
        vccd_toc r;
        pair p;
        char what[160];

        pair_random(&p, kind, rnd(0, 2), it % 7 == 3);
        if (it % 9 == 4)
            t0 = t1 = rnd(0, 1);          /* zero-width domain */
        else if (it % 5 == 2)
            t0 = rnd(0, 0.5), t1 = rnd(0.5, 1);
        vccd_solve_opts_init(&o);
        o.solver = vccd_solver_type_find(solvers[it % 3]);
        o.t0 = t0;
        o.t1 = t1;
        if (it % 4 == 3) {
            o.arith.kind = VCCD_ARITH_MPFR;
            o.arith.prec = 113;
        }
        if (!(f = vccd_feature_new(kind, p.tr, &o.arith)))
            tu_fail("out of memory");
        vccd_solve_minsep(&r, f, d, 0, &o);
        snprintf(what, sizeof what, "case %ld %s d=%g %s %s", it, vccd_feature_kind_name(kind), d, solvers[it % 3],
                 o.arith.kind == VCCD_ARITH_MPFR ? "mpfr:113" : "binary64");
        check_answer(&p, &r, d, t0, t1, what);
        found += r.status != VCCD_TOC_NONE;
        vccd_feature_free(f);
        pair_clear(&p);
    }
    /* Not vacuous: the bodies close in, and 20% to 42% of the cases
       (seeds 1 to 8; the zero-width domains almost never) come within d. */
    TU_CHECK(found >= n / 8, "only %ld of %ld cases came within d", found, n);
}
END_TEST

/* --- constructed crossings ------------------------------------------ */

/* A pair from motion text with body points P (feature A's on motion a). */
static void
pair_text(pair *p, vccd_feature_kind kind, const char *text, const double P[4][3])
{
    int na = kind == VCCD_FEATURE_EE ? 2 : 1;
    memset(p, 0, sizeof *p);
    p->kind = kind;
    snprintf(p->text, sizeof p->text, "%s", text);
    p->m[0] = motion_from(text, "motion.a");
    p->m[1] = motion_from(text, "motion.b");
    for (int i = 0; i < 4; i++)
        p->tr[i] = (vccd_track){ p->m[i >= na], 0, { P[i][0], P[i][1], P[i][2] } };
}

/* Each case: the first time at distance d is 1 - d / speed. */
typedef struct {
    const char *name;
    vccd_feature_kind kind;
    double speed;
    const char *text;
    double P[4][3];
} crossing;

static const crossing crossings[] = {
    /* vertex descending at speed 1 onto the face z = 0 turning about z */
    { "slab", VCCD_FEATURE_VF, 1.0,
      "[motion.a]\ntype = ltlrm\no0 = 0 0 1\nv = 0 0 -1\nq0 = 1 0 0 0\nomega = 0 0 0\n"
      "[motion.b]\ntype = ltlrm\no0 = 0 0 0\nv = 0 0 0\nq0 = 1 0 0 0\nomega = 0 0 3\n",
      { { 0.1, 0.2, 0 }, { -2, -2, 0 }, { 3, -1, 0 }, { -1, 3, 0 } } },
    /* vertex moving at speed 2 along -x onto corner a = 0 of a triangle
       turning about x (edge ab stays on the x axis): the sphere */
    { "sphere", VCCD_FEATURE_VF, 2.0,
      "[motion.a]\ntype = ltlrm\no0 = -2 0 0\nv = 2 0 0\nq0 = 1 0 0 0\nomega = 0 0 0\n"
      "[motion.b]\ntype = ltlrm\no0 = 0 0 0\nv = 0 0 0\nq0 = 1 0 0 0\nomega = 2 0 0\n",
      { { 0, 0, 0 }, { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } } },
    /* vertex at speed 2 onto the middle of edge ab (the x axis) from -y,
       the face turning about x by 0.5 rad from the +y side: the angle
       to the vertex stays above 90 degrees, so the edge is closest */
    { "capsule", VCCD_FEATURE_VF, 2.0,
      "[motion.a]\ntype = ltlrm\no0 = 0 -2 0\nv = 0 2 0\nq0 = 1 0 0 0\nomega = 0 0 0\n"
      "[motion.b]\ntype = ltlrm\no0 = 0 0 0\nv = 0 0 0\nq0 = 1 0 0 0\nomega = 0.5 0 0\n",
      { { 0.5, 0, 0 }, { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } } },
    /* edge along x descending at speed 1 onto an edge along y turning
       about z: they cross over the origin, interiors closest */
    { "edges", VCCD_FEATURE_EE, 1.0,
      "[motion.a]\ntype = ltlrm\no0 = 0 0 1\nv = 0 0 -1\nq0 = 1 0 0 0\nomega = 0 0 0\n"
      "[motion.b]\ntype = ltlrm\no0 = 0 0 0\nv = 0 0 0\nq0 = 1 0 0 0\nomega = 0 0 1.5\n",
      { { -1, 0, 0 }, { 1.5, 0, 0 }, { 0, -1.25, 0 }, { 0, 1, 0 } } },
};

START_TEST(test_crossings)
{
    static const double margins[] = { 1e-9, 1e-3, 0.1, 0.45 };
    static const vccd_arith ariths[] = { { VCCD_ARITH_BINARY64, 53 }, { VCCD_ARITH_MPFR, 113 },
                                         { VCCD_ARITH_ADAPTIVE, 53 } };
    for (unsigned c = 0; c < sizeof crossings / sizeof crossings[0]; c++)
        for (int mi = 0; mi < 4; mi++)
            for (int s = 0; s < 3; s++)
                for (int a = 0; a < 3; a++) {
                    const crossing *x = &crossings[c];
                    double d = margins[mi], ts = 1.0 - d / x->speed;
                    vccd_solve_opts o;
                    vccd_feature *f;
                    vccd_toc r;
                    pair p;
                    char what[160];
                    pair_text(&p, x->kind, x->text, x->P);
                    vccd_solve_opts_init(&o);
                    o.solver = vccd_solver_type_find(solvers[s]);
                    o.arith = ariths[a];
                    if (!(f = vccd_feature_new(x->kind, p.tr, &o.arith)))
                        tu_fail("out of memory");
                    vccd_solve_minsep(&r, f, d, 0, &o);
                    snprintf(what, sizeof what, "%s d=%g %s arith %d", x->name, d, solvers[s], a);
                    TU_CHECK(r.status == VCCD_TOC_CERTIFIED, "%s: %s [%.17g, %.17g], t* = %.17g", what,
                             vccd_toc_status_name(r.status), r.lo, r.hi, ts);
                    /* t* = 1 - d / speed rounded: within an ulp or two of the double */
                    TU_CHECK(r.lo <= ts + 0x1p-51 && r.hi >= ts - 0x1p-51, "%s: [%.17g, %.17g] misses t* = %.17g",
                             what, r.lo, r.hi, ts);
                    check_answer(&p, &r, d, 0, 1, what);
                    vccd_feature_free(f);
                    pair_clear(&p);
                }
}
END_TEST

/* Two scenes at distance about d, for h = d (1 -+ rel):
   - hover: a vertex gliding at height h over a face turning about its
     normal, distance h throughout: above d it is never within d (a
     margin of 0.5 must be proved, one of 2^-20 or 2^-40 need not be, but
     no contact may be certified); below, it is within d at t0;
   - graze: a vertex on a unit circle about the x axis grazing the plane
     z = -(1 + h) at t = 1/2 (distance 1 + h - cos(2t - 1), its minimum h
     a double root when h = d): above, no contact may be certified;
     below, the first time within d, 1/2 - acos(1 - (d - h)) / 2, may not
     be excluded (acos near 1 loses half the digits: 1e-6 covers it). */
START_TEST(test_near_d)
{
    static const double rel[2][3] = { { 0x1p-40, 0x1p-20, 0.5 }, { 0x1p-30, 0x1p-10, 0.25 } };
    char text[512];
    for (int graze = 0; graze < 2; graze++)
        for (int i = 0; i < 3; i++)
            for (int below = 0; below < 2; below++)
                for (int s = 0; s < 3; s++) {
                    double d = 0.01, h = below ? d * (1 - rel[graze][i]) : d * (1 + rel[graze][i]);
                    double hover_P[4][3] = { { 0, 0, 0 }, { -3, -3, 0 }, { 4, -2, 0 }, { -2, 4, 0 } };
                    double graze_P[4][3] = { { 0, 0, -1 }, { -5, -5, -1 - h }, { 5, -5, -1 - h }, { 0, 5, -1 - h } };
                    double ts = graze ? 0.5 - 0.5 * acos(1 - (d - h)) : 0.0;
                    vccd_solve_opts o;
                    vccd_feature *f;
                    vccd_toc r;
                    pair p;
                    char what[96];
                    if (graze)
                        snprintf(text, sizeof text,
                                 "[motion.a]\ntype = ltlrm\no0 = 0 0 0\nv = 0 0 0\nq0 = %.17g %.17g 0 0\nomega = 2 0 0\n"
                                 "[motion.b]\ntype = ltlrm\no0 = 0 0 0\nv = 0 0 0\nq0 = 1 0 0 0\nomega = 0 0 0\n",
                                 cos(-0.5), sin(-0.5));
                    else
                        snprintf(text, sizeof text,
                                 "[motion.a]\ntype = ltlrm\no0 = -0.5 0 %.17g\nv = 1 0.2 0\nq0 = 1 0 0 0\n"
                                 "omega = 0 0 0\n[motion.b]\ntype = ltlrm\no0 = 0 0 0\nv = 0 0 0\nq0 = 1 0 0 0\n"
                                 "omega = 0 0 2\n", h);
                    pair_text(&p, VCCD_FEATURE_VF, text, graze ? graze_P : hover_P);
                    vccd_solve_opts_init(&o);
                    o.solver = vccd_solver_type_find(solvers[s]);
                    if (!(f = vccd_feature_new(VCCD_FEATURE_VF, p.tr, &o.arith)))
                        tu_fail("out of memory");
                    vccd_solve_minsep(&r, f, d, 0, &o);
                    snprintf(what, sizeof what, "%s h = d (1 %c 2^%d) %s", graze ? "graze" : "hover",
                             below ? '-' : '+', (int)log2(rel[graze][i]), solvers[s]);
                    if (below)
                        TU_CHECK(r.status != VCCD_TOC_NONE && r.lo <= ts + 1e-6
                                 && (graze || (r.status == VCCD_TOC_CERTIFIED && r.lo == 0.0)),
                                 "%s: %s at %.17g, t* = %.17g", what, vccd_toc_status_name(r.status), r.lo, ts);
                    else if (!graze && i == 2)
                        TU_CHECK(r.status == VCCD_TOC_NONE, "%s: %s at %.17g", what, vccd_toc_status_name(r.status),
                                 r.lo);
                    else
                        TU_CHECK(r.status != VCCD_TOC_CERTIFIED, "%s: certified at %.17g", what, r.lo);
                    check_answer(&p, &r, d, 0, 1, what);
                    vccd_feature_free(f);
                    pair_clear(&p);
                }
}
END_TEST

/* vccd_feature_points_apart (the mesh query's filter): when it says the
   features in the point boxes are more than d apart, no choice of points
   in the boxes is within d (sampled corners and interior points, by the
   refgeom.h distance). */
START_TEST(test_points_apart)
{
    long n = tu_iters(400), apart = 0;
    rvec X[4];
    mpfr_t r;
    for (int i = 0; i < 4; i++)
        rv_init(&X[i]);
    mpfr_init2(r, REF_PREC);
    for (long it = 0; it < n; it++) {
        vccd_feature_kind kind = it & 1 ? VCCD_FEATURE_EE : VCCD_FEATURE_VF;
        int na = kind == VCCD_FEATURE_EE ? 2 : 1;
        double d = ldexp(tu_unit(), -(int)(tu_ulong() % 20)), w = ldexp(tu_unit(), -(int)(tu_ulong() % 40));
        double off = rnd(0, 1.5);
        vccd_di_vec3 B[4];
        const vccd_di_vec3 *P[4];
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 3; j++) {
                double c = rnd(-0.5, 0.5) + (i >= na && j == 0 ? off : 0.0);
                B[i].c[j] = it % 7 == 0 ? vccd_di_set_d(c) : vccd_di_set_2d(c, c + w);
            }
            if (it % 11 == 5 && i == 3)         /* degenerate: zero-length edge, collinear triangle */
                B[3] = B[2];
            P[i] = &B[i];
        }
        if (!vccd_feature_points_apart(kind, P, d))
            continue;
        apart++;
        for (int sm = 0; sm < 24; sm++) {
            for (int i = 0; i < 4; i++)
                for (int j = 0; j < 3; j++) {
                    vccd_di x = B[i].c[j];
                    double v = sm < 16 ? ((sm >> (i % 4)) & 1 ? x.hi : x.lo) : x.lo + (x.hi - x.lo) * tu_unit();
                    mpfr_set_d(X[i].x[j], v > x.hi ? x.hi : v, MPFR_RNDN);
                }
            brute_d2(r, kind, X);
            TU_CHECK(mpfr_cmp_d(r, d * d) > 0, "case %ld %s: apart by %g said, distance^2 %s in the boxes", it,
                     vccd_feature_kind_name(kind), d, tu_fmt_fr(r));
        }
    }
    TU_CHECK(apart >= n / 4, "only %ld of %ld apart", apart, n);
    for (int i = 0; i < 4; i++)
        rv_clear(&X[i]);
    mpfr_clear(r);
}
END_TEST

/* d = 0 is the contact query: the same answer as vccd_solve. */
START_TEST(test_zero)
{
    long n = tu_iters(30);
    for (long it = 0; it < n; it++) {
        vccd_feature_kind kind = it & 1 ? VCCD_FEATURE_EE : VCCD_FEATURE_VF;
        vccd_solve_opts o;
        vccd_feature *f;
        vccd_toc r0, r1;
        pair p;
        pair_random(&p, kind, rnd(0, 1), 0);
        vccd_solve_opts_init(&o);
        o.solver = vccd_solver_type_find(solvers[it % 3]);
        if (!(f = vccd_feature_new(kind, p.tr, &o.arith)))
            tu_fail("out of memory");
        vccd_solve(&r0, f, &o);
        vccd_solve_minsep(&r1, f, 0.0, 0, &o);
        TU_CHECK(r0.status == r1.status && r0.lo == r1.lo && r0.hi == r1.hi,
                 "case %ld: solve %s [%.17g, %.17g], minsep(0) %s [%.17g, %.17g]", it, vccd_toc_status_name(r0.status),
                 r0.lo, r0.hi, vccd_toc_status_name(r1.status), r1.lo, r1.hi);
        vccd_feature_free(f);
        pair_clear(&p);
    }
}
END_TEST

/* --- the piece jets against truncated Taylor arithmetic ------------- */

/* A quantity's Taylor coefficients at a time (c[k] = f^(k) / k!), in
   MPFR intervals at JET_PREC. */
typedef struct {
    vccd_mi_t c[3];
} ser;

typedef struct {
    ser x[3];
} sv;

static void ser_init(ser *a) { for (int k = 0; k < 3; k++) vccd_mi_init2(a->c[k], JET_PREC); }
static void ser_clear(ser *a) { for (int k = 0; k < 3; k++) vccd_mi_clear(a->c[k]); }
static void sv_init(sv *a) { for (int i = 0; i < 3; i++) ser_init(&a->x[i]); }
static void sv_clear(sv *a) { for (int i = 0; i < 3; i++) ser_clear(&a->x[i]); }

/* r := a * b truncated after t^2 (r must not alias a or b); a square's
   diagonal terms by squaring, so that a square stays >= 0 (the library
   must enclose the reference, which must then be tight). */
static void
ser_mul(ser *r, const ser *a, const ser *b)
{
    VCCD_MI_TMP(p, JET_PREC);
    for (int k = 0; k < 3; k++) {
        vccd_mi_set_d(r->c[k], 0.0);
        for (int i = 0; i <= k; i++) {
            if (a == b && 2 * i == k)
                vccd_mi_sqr(p, a->c[i]);
            else
                vccd_mi_mul(p, a->c[i], b->c[k - i]);
            vccd_mi_add(r->c[k], r->c[k], p);
        }
    }
}

static void
ser_addmul(ser *r, const ser *a, const ser *b, int sign)
{
    ser p;
    ser_init(&p);
    ser_mul(&p, a, b);
    for (int k = 0; k < 3; k++)
        (sign > 0 ? vccd_mi_add : vccd_mi_sub)(r->c[k], r->c[k], p.c[k]);
    ser_clear(&p);
}

static void
sv_sub(sv *r, const sv *a, const sv *b)
{
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++)
            vccd_mi_sub(r->x[i].c[k], a->x[i].c[k], b->x[i].c[k]);
}

static void
sv_dot(ser *r, const sv *a, const sv *b)
{
    for (int k = 0; k < 3; k++)
        vccd_mi_set_d(r->c[k], 0.0);
    for (int i = 0; i < 3; i++)
        ser_addmul(r, &a->x[i], &b->x[i], 1);
}

static void
sv_cross(sv *r, const sv *a, const sv *b)
{
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        for (int m = 0; m < 3; m++)
            vccd_mi_set_d(r->x[i].c[m], 0.0);
        ser_addmul(&r->x[i], &a->x[j], &b->x[k], 1);
        ser_addmul(&r->x[i], &a->x[k], &b->x[j], -1);
    }
}

/* The points of each piece as feature.h lists them: SLAB (u, e1, e2 as
   point differences), CAPSULE_k (point, segment), SPHERE_k (point,
   point); -1 ends a list. */
static const int caps[2][4][3] = { { { 0, 1, 2 }, { 0, 2, 3 }, { 0, 3, 1 }, { -1 } },
                                   { { 2, 0, 1 }, { 3, 0, 1 }, { 0, 2, 3 }, { 1, 2, 3 } } };
static const int sphs[2][4][2] = { { { 0, 1 }, { 0, 2 }, { 0, 3 }, { -1 } }, { { 0, 2 }, { 0, 3 }, { 1, 2 }, { 1, 3 } } };

/* g := the series of piece pc of pair p (points P) with margin d. */
static void
ref_piece(ser *g, vccd_feature_kind kind, vccd_feature_piece pc, sv *P, double d)
{
    sv a, b, c;
    ser x, y;
    VCCD_MI_TMP(D, JET_PREC);
    int ee = kind == VCCD_FEATURE_EE;
    sv_init(&a);
    sv_init(&b);
    sv_init(&c);
    ser_init(&x);
    ser_init(&y);
    vccd_mi_set_d(D, d);
    vccd_mi_sqr(D, D);
    if (pc == VCCD_PIECE_SLAB) {
        sv_sub(&a, &P[ee ? 1 : 2], &P[ee ? 0 : 1]);           /* e1 */
        sv_sub(&b, &P[3], &P[ee ? 2 : 1]);                    /* e2 */
        sv_cross(&c, &a, &b);                                 /* n */
        sv_sub(&a, &P[ee ? 2 : 0], &P[ee ? 0 : 1]);           /* u */
        sv_dot(&x, &a, &c);
        ser_mul(g, &x, &x);
        sv_dot(&y, &c, &c);
    } else if (pc >= VCCD_PIECE_SPHERE_0) {
        const int *ij = sphs[ee][pc - VCCD_PIECE_SPHERE_0];
        sv_sub(&a, &P[ij[0]], &P[ij[1]]);
        sv_dot(g, &a, &a);
        vccd_mi_set_d(y.c[0], 1.0);
        vccd_mi_set_d(y.c[1], 0.0);
        vccd_mi_set_d(y.c[2], 0.0);
    } else {
        const int *ijk = caps[ee][pc - VCCD_PIECE_CAPSULE_0];
        sv_sub(&a, &P[ijk[0]], &P[ijk[1]]);
        sv_sub(&b, &P[ijk[2]], &P[ijk[1]]);
        sv_cross(&c, &a, &b);
        sv_dot(g, &c, &c);
        sv_dot(&y, &b, &b);
    }
    for (int k = 0; k < 3; k++) {
        vccd_mi_mul(y.c[k], y.c[k], D);
        vccd_mi_sub(g->c[k], g->c[k], y.c[k]);
    }
    sv_clear(&a);
    sv_clear(&b);
    sv_clear(&c);
    ser_clear(&x);
    ser_clear(&y);
}

START_TEST(test_jets)
{
    static const vccd_arith ariths[] = { { VCCD_ARITH_BINARY64, 53 }, { VCCD_ARITH_MPFR, 53 },
                                         { VCCD_ARITH_MPFR, 113 }, { VCCD_ARITH_MPFR, 256 } };
    static const double margins[] = { 0.0, 1e-9, 0.3, 7.0 };
    long n = tu_iters(40);
    sv P[4];
    ser g;
    vccd_mi_vec3 x[3], b;
    vccd_mi_t tt;

    for (int i = 0; i < 4; i++)
        sv_init(&P[i]);
    ser_init(&g);
    for (int k = 0; k < 3; k++)
        vccd_mi_vec3_init(&x[k], JET_PREC);
    vccd_mi_vec3_init(&b, 64);
    vccd_mi_init2(tt, JET_PREC);
    for (long it = 0; it < n; it++) {
        vccd_feature_kind kind = it & 1 ? VCCD_FEATURE_EE : VCCD_FEATURE_VF;
        vccd_feature_piece pcs[9];
        int np = vccd_feature_pieces(pcs, kind);
        double d = margins[tu_ulong() % 4], lo = tu_unit(), w = it % 3 == 0 ? 0.0 : ldexp(tu_unit(), -(int)(tu_ulong() % 30));
        double hi = fmin(1.0, lo + w), ts[3];
        pair p;
        pair_random(&p, kind, rnd(0, 2), it % 5 == 2);
        ts[0] = lo;
        ts[1] = hi;
        ts[2] = lo + (hi - lo) * tu_unit();
        for (int a = 0; a < 4; a++) {
            vccd_feature *f = vccd_feature_new(kind, p.tr, &ariths[a]);
            if (!f)
                tu_fail("out of memory");
            for (int q = 0; q < np; q++) {
                vccd_di G[3];
                ck_assert_int_eq(vccd_feature_set_piece(f, pcs[q], d), 0);
                vccd_feature_jet(G, f, vccd_di_set_2d(lo, hi), 2);
                for (int s = 0; s < 3; s++) {
                    vccd_mi_set_d(tt, ts[s]);
                    for (int i = 0; i < 4; i++) {
                        vccd_mi_vec3_set_d(&b, p.tr[i].p[0], p.tr[i].p[1], p.tr[i].p[2]);
                        vccd_motion_eval_mi(&x[0], &x[1], &x[2], p.tr[i].m, &b, p.tr[i].vertex, tt);
                        for (int j = 0; j < 3; j++)
                            for (int k = 0; k < 3; k++) {
                                vccd_mi_set(P[i].x[j].c[k], &x[k].c[j]);
                                if (k == 2)
                                    vccd_mi_mul_2si(P[i].x[j].c[k], P[i].x[j].c[k], -1);
                            }
                    }
                    ref_piece(&g, kind, pcs[q], P, d);
                    vccd_mi_mul_2si(g.c[2], g.c[2], 1);      /* g'' = 2 c2 */
                    for (int k = 0; k < 3; k++)
                        TU_CHECK(tu_di_encloses(G[k], &g.c[k]->lo, &g.c[k]->hi),
                                 "case %ld %s piece %d d=%g arith %d: g^(%d) over [%.17g, %.17g] = [%.17g, %.17g] "
                                 "misses %s at t = %.17g\n%s", it, vccd_feature_kind_name(kind), (int)pcs[q], d, a, k,
                                 lo, hi, G[k].lo, G[k].hi, tu_fmt_mi(g.c[k]), ts[s], p.text);
                }
            }
            /* a bad piece is refused and leaves f as it was */
            TU_CHECK(vccd_feature_set_piece(f, VCCD_PIECE_CAPSULE_3, kind == VCCD_FEATURE_VF ? 1.0 : -1.0) == -1,
                     "bad piece accepted");
            vccd_feature_free(f);
        }
        pair_clear(&p);
    }
    for (int i = 0; i < 4; i++)
        sv_clear(&P[i]);
    ser_clear(&g);
    for (int k = 0; k < 3; k++)
        vccd_mi_vec3_clear(&x[k]);
    vccd_mi_vec3_clear(&b);
    vccd_mi_clear(tt);
}
END_TEST

int
main(void)
{
    const TTest *tests[] = { test_jets, test_random, test_crossings, test_near_d, test_points_apart, test_zero };
    return tu_main("minsep", tests, (int)(sizeof tests / sizeof tests[0]));
}
