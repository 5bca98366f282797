/* manifold.c -- the contacts of two bodies at a stepped-back contact time
   (thesis 6.1.2): the triangle pairs within a band, each a point and a
   normal, clustered to a few points per contact face. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "vccd/sim.h"

/* Contacts whose normals are closer than this angle share a group. */
#define SAME_NORMAL_COS 0.9659258262890683     /* cos 15 degrees */
#define GROUP_MAX 4

static double
mid(vccd_di x)
{
    return 0.5 * x.lo + 0.5 * x.hi;
}

/* world := o + R x with the pose's midpoints (display and physics). */
static void
to_world(double w[3], const vccd_pose *p, const double x[3], int point)
{
    for (int i = 0; i < 3; i++) {
        w[i] = point ? mid(p->o.c[i]) : 0.0;
        for (int k = 0; k < 3; k++)
            w[i] += mid(p->R.m[3 * i + k]) * x[k];
    }
}

static double
dot(const double a[3], const double b[3])
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static int
normalize(double v[3])
{
    double n = sqrt(dot(v, v));
    if (!(n > 0.0) || !isfinite(n))
        return -1;
    for (int k = 0; k < 3; k++)
        v[k] /= n;
    return 0;
}

static int
push(vccd_sim_contacts *l, const vccd_sim_contact *c)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 16;
        vccd_sim_contact *nc = realloc(l->c, cap * sizeof *nc);
        if (!nc)
            return -1;
        l->c = nc;
        l->cap = cap;
    }
    l->c[l->n++] = *c;
    return 0;
}

/* The normal of triangle t of m (body frame), unnormalised. */
static void
tri_normal(double n[3], const vccd_mesh *m, long t)
{
    const double *a = m->v[m->t[t][0]], *b = m->v[m->t[t][1]], *c = m->v[m->t[t][2]];
    double u[3], v[3];
    for (int k = 0; k < 3; k++) {
        u[k] = b[k] - a[k];
        v[k] = c[k] - a[k];
    }
    n[0] = u[1] * v[2] - u[2] * v[1];
    n[1] = u[2] * v[0] - u[0] * v[2];
    n[2] = u[0] * v[1] - u[1] * v[0];
}

/* Keep at most GROUP_MAX of c[0..n): the extremes along two tangents of
   the group's normal (the closest pair first, so it always stays). */
static size_t
reduce(vccd_sim_contact *c, size_t n)
{
    double t1[3], t2[3], *nn = c[0].normal;
    size_t keep[GROUP_MAX + 1], nk = 0, ext[4] = { 0, 0, 0, 0 };
    double best[4] = { -INFINITY, -INFINITY, -INFINITY, -INFINITY };
    vccd_sim_contact out[GROUP_MAX];
    size_t closest = 0;
    if (n <= GROUP_MAX)
        return n;
    /* t1: any unit vector normal to n; t2 = n x t1 */
    if (fabs(nn[0]) < 0.6) {
        t1[0] = 0, t1[1] = nn[2], t1[2] = -nn[1];
    } else {
        t1[0] = -nn[2], t1[1] = 0, t1[2] = nn[0];
    }
    normalize(t1);
    t2[0] = nn[1] * t1[2] - nn[2] * t1[1];
    t2[1] = nn[2] * t1[0] - nn[0] * t1[2];
    t2[2] = nn[0] * t1[1] - nn[1] * t1[0];
    for (size_t i = 0; i < n; i++) {
        double s[4] = { dot(c[i].point, t1), -dot(c[i].point, t1), dot(c[i].point, t2), -dot(c[i].point, t2) };
        for (int k = 0; k < 4; k++)
            if (s[k] > best[k]) {
                best[k] = s[k];
                ext[k] = i;
            }
        if (c[i].gap_lower < c[closest].gap_lower)
            closest = i;
    }
    keep[nk++] = closest;
    for (int k = 0; k < 4; k++) {
        int dup = 0;
        for (size_t j = 0; j < nk; j++)
            dup |= keep[j] == ext[k];
        if (!dup && nk < GROUP_MAX)
            keep[nk++] = ext[k];
    }
    for (size_t j = 0; j < nk; j++)
        out[j] = c[keep[j]];
    memcpy(c, out, nk * sizeof *c);
    return nk;
}

int
vccd_sim_manifold(vccd_sim_contacts *out, double *min_gap, const vccd_sim_body *bodies, int ia, int ib, int bv,
                  double band, int approximate, vccd_error *e)
{
    const vccd_sim_body *A = &bodies[ia], *B = &bodies[ib];
    vccd_pose pa, pb;
    vccd_distance_list list = { NULL, 0, 0 };
    vccd_distance_result r;
    vccd_sim_contact *raw;
    size_t first = out->n, n, done;
    if (vccd_sim_body_pose(&pa, A) != 0 || vccd_sim_body_pose(&pb, B) != 0)
        return vccd_error_set(e, A->name, 0, NULL, NULL, "a body's orientation is not a rotation");
    if (vccd_distance_within(&list, &r, &A->bvh, &pa, &B->bvh, &pb, bv, band, e) != 0) {
        free(list.pair);
        return -1;
    }
    *min_gap = r.lower;
    for (size_t i = 0; i < list.n; i++) {
        const vccd_distance_pair *p = &list.pair[i];
        vccd_sim_contact c;
        double d[3], m[3];
        memset(&c, 0, sizeof c);
        c.a = ia;
        c.b = ib;
        c.tri[0] = p->tri[0];
        c.tri[1] = p->tri[1];
        c.gap_lower = p->lower;
        c.gap_upper = p->upper;
        c.approximate = approximate;
        for (int k = 0; k < 3; k++) {
            d[k] = p->q[k] - p->p[k];
            m[k] = 0.5 * (p->p[k] + p->q[k]);
        }
        to_world(c.point, &pa, m, 1);
        /* Closest points closer than the rounding of their coordinates
           give no direction: a's face normal, turned away from a. */
        if (sqrt(dot(d, d)) <= 0x1p-40 * (fabs(m[0]) + fabs(m[1]) + fabs(m[2]) + 1e-300) || normalize(d) != 0) {
            double ab[3];
            tri_normal(d, &A->mesh, p->tri[0]);
            if (normalize(d) != 0)
                continue;               /* a degenerate triangle: no normal */
            to_world(c.normal, &pa, d, 0);
            for (int k = 0; k < 3; k++)
                ab[k] = B->x[k] - A->x[k];
            if (dot(c.normal, ab) < 0)
                for (int k = 0; k < 3; k++)
                    c.normal[k] = -c.normal[k];
        } else {
            to_world(c.normal, &pa, d, 0);
        }
        normalize(c.normal);
        if (push(out, &c) != 0) {
            free(list.pair);
            return vccd_error_set(e, A->name, 0, NULL, NULL, "out of memory for the contacts");
        }
    }
    free(list.pair);
    /* Cluster out->c[first..] by normal, in place: sort each group to the
       front of what is left, then reduce it. */
    raw = out->c + first;
    n = out->n - first;
    done = 0;
    for (size_t g = 0; g < n;) {
        size_t end = g + 1, kept;
        for (size_t i = g + 1; i < n; i++)
            if (dot(raw[i].normal, raw[g].normal) >= SAME_NORMAL_COS) {
                vccd_sim_contact t = raw[end];
                raw[end] = raw[i];
                raw[i] = t;
                end++;
            }
        kept = reduce(raw + g, end - g);
        memmove(raw + done, raw + g, kept * sizeof *raw);
        /* the rest of the array moves down behind the kept ones */
        memmove(raw + done + kept, raw + end, (n - end) * sizeof *raw);
        n -= (end - g) - kept + (g - done);
        done += kept;
        g = done;
    }
    out->n = first + done;
    return 0;
}
