/* contacts.c -- the contact list of a step: growing it, and clustering
   a manifold's contacts so that a face resting on a face gives a few
   points, not one per feature pair (both manifolds share it). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "vccd/sim.h"

/* Contacts whose normals are closer than this angle share a group, and
   a group's corners stand for the points between them: along one normal
   a point's normal velocity is affine in the point.  Only along one: a
   curved mesh's next facet, 14 degrees over, at a chain link's sliding
   speed of 3 m/s closed at 0.7 m/s while the kept corners separated
   (groups 15 degrees wide stormed Rigid IPC's 8x8 chain net).  Flat
   faces' normals agree to rounding, so a box's face still gives 4. */
#define SAME_NORMAL_COS 0.9993908270190958     /* cos 2 degrees */
#define GROUP_MAX 4

void
vccd_sim_contacts_clear(vccd_sim_contacts *l)
{
    free(l->c);
    l->c = NULL;
    l->n = l->cap = 0;
}

int
vccd_sim_contacts_push(vccd_sim_contacts *l, const vccd_sim_contact *c)
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

static double
dot(const double a[3], const double b[3])
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/* Twice the signed area of (a, b, c) seen along n. */
static double
area(const double a[3], const double b[3], const double c[3], const double n[3])
{
    double u[3], v[3], w[3];
    for (int k = 0; k < 3; k++) {
        u[k] = b[k] - a[k];
        v[k] = c[k] - a[k];
    }
    vccd_sim_cross(w, u, v);
    return dot(w, n);
}

/* Keep at most GROUP_MAX of c[0..n), spanning the largest area: the
   closest pair, the point farthest from it, the point making the largest
   triangle with those two, and the largest on the other side of their
   line (a face-face contact keeps the corners of its overlap). */
static size_t
reduce(vccd_sim_contact *c, size_t n)
{
    const double *nn = c[0].normal;
    size_t k[GROUP_MAX] = { 0, 0, 0, 0 }, nk = 1;
    double best, side;
    vccd_sim_contact out[GROUP_MAX];
    if (n <= GROUP_MAX)
        return n;
    for (size_t i = 1; i < n; i++)
        if (c[i].gap_lower < c[k[0]].gap_lower)
            k[0] = i;
    best = -1.0;
    for (size_t i = 0; i < n; i++) {
        double d[3], l;
        for (int m = 0; m < 3; m++)
            d[m] = c[i].point[m] - c[k[0]].point[m];
        if ((l = dot(d, d)) > best)
            best = l, k[1] = i;
    }
    if (k[1] != k[0])
        nk = 2;
    best = 0.0;
    side = 0.0;
    for (size_t i = 0; i < n && nk == 2; i++) {
        double a = area(c[k[0]].point, c[k[1]].point, c[i].point, nn);
        if (fabs(a) > best)
            best = fabs(a), side = a, k[2] = i;
    }
    if (best > 0.0) {
        nk = 3;
        best = 0.0;
        for (size_t i = 0; i < n; i++) {
            double a = area(c[k[0]].point, c[k[1]].point, c[i].point, nn);
            if (a * side < 0 && fabs(a) > best)
                best = fabs(a), k[3] = i, nk = 4;
        }
    }
    for (size_t j = 0; j < nk; j++)
        out[j] = c[k[j]];
    memcpy(c, out, nk * sizeof *c);
    return nk;
}

void
vccd_sim_contacts_cluster(vccd_sim_contacts *out, size_t first)
{
    /* Sort each group to the front of what is left, in place, then
       reduce it. */
    vccd_sim_contact *raw = out->c + first;
    size_t n = out->n - first, done = 0;
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
}
