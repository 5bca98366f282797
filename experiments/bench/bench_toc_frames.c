/* bench_toc_frames.c -- the frames of `vccd bench toc` beyond the
   thesis' (issue 30): a scanned model falling onto a big flat body at
   rest (big triangles against a dense mesh), and two dense meshes
   passing each other a known gap apart (grazing near misses).  Both are
   deterministic from the seed, as the thesis frames are. */
#include <math.h>
#include <stdio.h>

#include "bench.h"
#include "vccd/motions.h"
#include "vccd/rng.h"

#define V3 "%.17g %.17g %.17g"
#define V4 "%.17g %.17g %.17g %.17g"

static double dot3(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

static vccd_motion *
poses(const double p0[3], const double q0[4], const double p1[3], const double q1[4], vccd_error *e)
{
    char a[3][128], b[2][128];
    snprintf(a[0], sizeof a[0], V3, p0[0], p0[1], p0[2]);
    snprintf(a[1], sizeof a[1], V3, p1[0], p1[1], p1[2]);
    snprintf(b[0], sizeof b[0], V4, q0[0], q0[1], q0[2], q0[3]);
    snprintf(b[1], sizeof b[1], V4, q1[0], q1[1], q1[2], q1[3]);
    return vccd_motion_ltlrm_poses_new_str(a[0], b[0], a[1], b[1], NULL, 320, e);
}

static int
pair_of(vccd_motion **a, vccd_motion **b, vccd_motion *ma, vccd_motion *mb)
{
    if (!ma || !mb) {
        vccd_motion_free(ma);
        vccd_motion_free(mb);
        return -1;
    }
    *a = ma;
    *b = mb;
    return 0;
}

int
vccd_bench_frame_fall(vccd_motion **a, vccd_motion **b, const vccd_mesh *ground, double dist, uint64_t seed,
                      vccd_error *e)
{
    static const double id[4] = { 1, 0, 0, 0 }, zero[3] = { 0, 0, 0 };
    double top = -INFINITY, half_x = INFINITY, half_y = INFINITY, q0[4], q1[4], w[3], p0[3], p1[3];
    const double h = sqrt(0.5);
    uint64_t s = seed;

    for (long v = 0; v < ground->nv; v++) {
        top = fmax(top, ground->v[v][2]);
        half_x = fmin(half_x, fabs(ground->v[v][0]));
        half_y = fmin(half_y, fabs(ground->v[v][1]));
    }
    /* over the middle half of the top face, so that the body meets the
       face's big triangles rather than the box's sides */
    p0[0] = p1[0] = half_x * (vccd_rng_unit(&s) - 0.5);
    p0[1] = p1[1] = half_y * (vccd_rng_unit(&s) - 0.5);
    /* from dist / 2 above touching distance (radius 1) down to its centre
       on the top face: it must land */
    p0[2] = top + 1.0 + 0.5 * dist;
    p1[2] = top;
    vccd_rng_sphere(q0, 4, &s);
    if (q0[0] < 0.0)
        for (int i = 0; i < 4; i++)
            q0[i] = -q0[i];
    vccd_rng_sphere(w, 3, &s);
    /* a quarter turn about w, as the thesis frames turn */
    q1[0] = h * q0[0] - h * (w[0] * q0[1] + w[1] * q0[2] + w[2] * q0[3]);
    q1[1] = h * q0[1] + h * (w[0] * q0[0] + w[1] * q0[3] - w[2] * q0[2]);
    q1[2] = h * q0[2] + h * (w[1] * q0[0] + w[2] * q0[1] - w[0] * q0[3]);
    q1[3] = h * q0[3] + h * (w[2] * q0[0] + w[0] * q0[2] - w[1] * q0[1]);
    return pair_of(a, b, poses(zero, id, zero, id, e), poses(p0, q0, p1, q1, e));
}

int
vccd_bench_frame_graze(vccd_motion **a, vccd_motion **b, const vccd_mesh *ma, const vccd_mesh *mb, double gap,
                       uint64_t seed, vccd_error *e)
{
    static const double id[4] = { 1, 0, 0, 0 }, zero[3] = { 0, 0, 0 };
    long ta = 0, bb = 0;
    double n[3], r[3], u[3], len, p0[3], p1[3];
    uint64_t s = seed;

    /* A random direction n, not a coordinate axis: along an axis the
       bodies' volumes (an icosphere's OBB is axis-aligned) would be
       apart at the root, and nothing of the traversal would be seen. */
    vccd_rng_sphere(n, 3, &s);
    vccd_rng_sphere(r, 3, &s);
    u[0] = n[1] * r[2] - n[2] * r[1];
    u[1] = n[2] * r[0] - n[0] * r[2];
    u[2] = n[0] * r[1] - n[1] * r[0];
    len = sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
    /* A's vertex farthest along n and B's nearest: with B moving across
       n (along u), unturned, B's vertices stay at least gap beyond A's
       along n, so the two are at least gap apart at every time (the
       answer must be none), and gap apart at t = 1/2, when B's nearest
       vertex passes over A's farthest.  All of it is plain doubles: the
       gap realised is gap to within a few ulps of 1 (1e-15), far below
       the smallest gap asked, 1e-9. */
    for (long v = 1; v < ma->nv; v++)
        ta = dot3(ma->v[v], n) > dot3(ma->v[ta], n) ? v : ta;
    for (long v = 1; v < mb->nv; v++)
        bb = dot3(mb->v[v], n) < dot3(mb->v[bb], n) ? v : bb;
    /* 4 units of travel, as the thesis' low speed, centred on the pass */
    for (int c = 0; c < 3; c++) {
        double m = ma->v[ta][c] - mb->v[bb][c] + gap * n[c];
        p0[c] = m - 2.0 * u[c] / len;
        p1[c] = m + 2.0 * u[c] / len;
    }
    return pair_of(a, b, poses(zero, id, zero, id, e), poses(p0, id, p1, id, e));
}
