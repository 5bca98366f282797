/* manifold.c -- the contacts of two bodies at a stepped-back contact time
   (thesis 6.1.2): the triangle pairs within a band, each a point and a
   normal, clustered to a few points per contact face. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "vccd/closest.h"
#include "vccd/sim.h"


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

/* The normal of the triangle t[0..2], unnormalised. */
static void
tri_normal_w(double n[3], double t[3][3])
{
    double u[3], v[3];
    for (int k = 0; k < 3; k++) {
        u[k] = t[1][k] - t[0][k];
        v[k] = t[2][k] - t[0][k];
    }
    vccd_sim_cross(n, u, v);
}

/* Orient unit normal n from a to b: along d (b's point minus a's) when
   d is long enough to say, else away from a's centre towards b's. */
static void
orient(double n[3], const double d[3], const double ab[3], double tiny)
{
    double s = dot(n, d);
    if (fabs(s) <= tiny)
        s = dot(n, ab);
    if (s < 0)
        for (int k = 0; k < 3; k++)
            n[k] = -n[k];
}

/* The world position of vertex i of body b (the pose's midpoints). */
static void
vertex_world(double w[3], const vccd_pose *p, const vccd_mesh *m, long i)
{
    to_world(w, p, m->v[i], 1);
}

/* c := a contact of triangle pair pr of bodies ia, ib (no point yet). */
static void
contact_init(vccd_sim_contact *c, const vccd_distance_pair *pr, int ia, int ib, int approximate)
{
    memset(c, 0, sizeof *c);
    c->a = ia;
    c->b = ib;
    c->tri[0] = pr->tri[0];
    c->tri[1] = pr->tri[1];
    c->gap_lower = pr->lower;
    c->gap_upper = pr->upper;
    c->approximate = approximate;
}

/* The in-plane normal of segment t[0] t[1] of a 2D body, unnormalised. */
static void
seg_normal_w(double n[3], double t[3][3])
{
    n[0] = t[1][1] - t[0][1];
    n[1] = t[0][0] - t[1][0];
    n[2] = 0.0;
}

/* 2D bodies (segments (i, j, j)): each end of one segment over the
   other's interior within the band, with that segment's in-plane normal
   (the 2D vertex-edge contact; vertex against vertex is left to the
   closest points).  Returns the ends found, including those left to
   their owning segment's pair; *near: the least of their distances. */
static int
pair_contacts_2d(vccd_sim_contacts *out, double *near, vccd_sim_contact *c, double ta[3][3], double tb[3][3],
                 const double ab[3], double band, double tiny, const unsigned own[2])
{
    int found = 0;
    for (int side = 0; side < 2; side++) {
        double (*tv)[3] = side ? tb : ta, (*tf)[3] = side ? ta : tb, fn[3], e[3], l2;
        seg_normal_w(fn, tf);
        if (normalize(fn) != 0)
            continue;
        for (int k = 0; k < 3; k++)
            e[k] = tf[1][k] - tf[0][k];
        l2 = dot(e, e);
        for (int i = 0; i < 2; i++) {
            double u, q[3], d[3], r[3];
            for (int k = 0; k < 3; k++)
                r[k] = tv[i][k] - tf[0][k];
            u = dot(r, e) / l2;
            if (!(u > 1e-9 && u < 1 - 1e-9))
                continue;
            for (int k = 0; k < 3; k++) {
                q[k] = tf[0][k] + u * e[k];
                d[k] = side ? tv[i][k] - q[k] : q[k] - tv[i][k];
            }
            if (!(sqrt(dot(d, d)) < band))
                continue;
            /* a vertex ends two segments: only its owner's pair (mesh.h)
               adds it, or each contact would come twice; the other is
               covered all the same (no closest-point stand-in) */
            found++;
            *near = fmin(*near, sqrt(dot(d, d)));
            if (!(own[side] & VCCD_MESH_OWN_VERTEX(i)))
                continue;
            for (int k = 0; k < 3; k++) {
                c->point[k] = 0.5 * (tv[i][k] + q[k]);
                c->normal[k] = fn[k];
            }
            orient(c->normal, d, ab, tiny);
            if (vccd_sim_contacts_push(out, c) != 0)
                return -1;
        }
    }
    return found;
}

/* The feature contacts of triangle pair pr (thesis 6.1.2): each vertex of
   one triangle over the other's interior within the band (normal: that
   face's), each edge pair crossing within the band (normal: the edges'
   cross product); oriented from a to b.  Returns how many; *near: the
   least of their distances (the features' own, which may exceed the
   pair's: its closest points can be a vertex against an edge). */
static int
pair_contacts(vccd_sim_contacts *out, double *near, const vccd_distance_pair *pr, const vccd_sim_body *A,
              const vccd_pose *pa, const vccd_sim_body *B, const vccd_pose *pb, int ia, int ib, double band,
              int approximate)
{
    double ta[3][3], tb[3][3], ab[3], na[3], nb[3], tiny;
    int found = 0;
    vccd_sim_contact c;
    contact_init(&c, pr, ia, ib, approximate);
    for (int k = 0; k < 3; k++) {
        vertex_world(ta[k], pa, &A->mesh, A->mesh.t[pr->tri[0]][k]);
        vertex_world(tb[k], pb, &B->mesh, B->mesh.t[pr->tri[1]][k]);
        ab[k] = B->x[k] - A->x[k];
    }
    tiny = 0x1p-40 * (fabs(ta[0][0]) + fabs(ta[0][1]) + fabs(ta[0][2]) + 1.0);
    if (A->mesh.planar) {
        unsigned own[2] = { A->mesh.own[pr->tri[0]], B->mesh.own[pr->tri[1]] };
        return pair_contacts_2d(out, near, &c, ta, tb, ab, band, tiny, own);
    }
    tri_normal_w(na, ta);
    tri_normal_w(nb, tb);
    for (int side = 0; side < 2; side++) {
        double (*tv)[3] = side ? tb : ta, (*tf)[3] = side ? ta : tb, *fn = side ? na : nb;
        if (normalize(fn) != 0)
            continue;
        for (int i = 0; i < 3; i++) {
            double q[3], u, v, d[3];
            if (!vccd_closest_point_triangle_inside(q, &u, &v, tv[i], tf[0], tf[1], tf[2]))
                continue;
            for (int k = 0; k < 3; k++)
                d[k] = side ? tv[i][k] - q[k] : q[k] - tv[i][k];
            if (!(sqrt(dot(d, d)) < band))
                continue;
            for (int k = 0; k < 3; k++) {
                c.point[k] = 0.5 * (tv[i][k] + q[k]);
                c.normal[k] = fn[k];
            }
            orient(c.normal, d, ab, tiny);
            if (vccd_sim_contacts_push(out, &c) != 0)
                return -1;
            found++;
            *near = fmin(*near, sqrt(dot(d, d)));
        }
    }
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            const double *a0 = ta[i], *a1 = ta[(i + 1) % 3], *b0 = tb[j], *b1 = tb[(j + 1) % 3];
            double qa[3], qb[3], s, t, d[3], ea[3], eb[3], n[3];
            vccd_closest_segment_segment(qa, qb, &s, &t, a0, a1, b0, b1);
            /* interior points of both edges only: the ends are vertices,
               covered above */
            if (!(s > 1e-9 && s < 1 - 1e-9 && t > 1e-9 && t < 1 - 1e-9))
                continue;
            for (int k = 0; k < 3; k++) {
                d[k] = qb[k] - qa[k];
                ea[k] = a1[k] - a0[k];
                eb[k] = b1[k] - b0[k];
            }
            if (!(sqrt(dot(d, d)) < band))
                continue;
            /* closest points within the band of an edge's end are that
               vertex's contact (a corner over a face beside the edge
               otherwise also gave the edge pair's steep normal: a box
               landing flat got a 51-degree contact); if the vertex is
               over no face, the pair's closest points stand in below */
            {
                double la = sqrt(dot(ea, ea)), lb = sqrt(dot(eb, eb));
                if (!(s * la > band && (1 - s) * la > band && t * lb > band && (1 - t) * lb > band))
                    continue;
            }
            vccd_sim_cross(n, ea, eb);
            /* nearly parallel edges: their contact is a vertex's */
            if (sqrt(dot(n, n)) <= 1e-6 * sqrt(dot(ea, ea) * dot(eb, eb)) || normalize(n) != 0)
                continue;
            for (int k = 0; k < 3; k++) {
                c.point[k] = 0.5 * (qa[k] + qb[k]);
                c.normal[k] = n[k];
            }
            orient(c.normal, d, ab, tiny);
            if (vccd_sim_contacts_push(out, &c) != 0)
                return -1;
            found++;
            *near = fmin(*near, sqrt(dot(d, d)));
        }
    return found;
}

/* The feature contacts of vccd_sim_manifold, not clustered. */
static int
manifold_raw(vccd_sim_contacts *out, double *min_gap, const vccd_sim_body *bodies, int ia, int ib, int bv,
             double band, int approximate, vccd_error *e)
{
    const vccd_sim_body *A = &bodies[ia], *B = &bodies[ib];
    vccd_pose pa, pb;
    vccd_distance_list list = { NULL, 0, 0 };
    vccd_distance_result r;
    size_t first = out->n;
    char *had = NULL;               /* pair i gave a feature contact */
    double closest = INFINITY;
    double near = INFINITY;         /* the nearest feature contact's distance */
    double least_upper = INFINITY;  /* no pair is nearer than this */
    size_t stand = 0;               /* out->c[stand ..]: the stand-ins */
    int any;
    double tiny;
    size_t dup;
    if (vccd_sim_body_pose(&pa, A) != 0 || vccd_sim_body_pose(&pb, B) != 0)
        return vccd_error_set(e, A->name, 0, NULL, NULL, "a body's orientation is not a rotation");
    if (vccd_distance_within(&list, &r, &A->bvh, &pa, &B->bvh, &pb, bv, band, e) != 0) {
        free(list.pair);
        return -1;
    }
    *min_gap = r.lower;
    /* First the features.  Then a pair without one gets its closest
       points instead (the band is a rigorous bound, the features' test
       is doubles) when it is the closest pair, or when no pair had a
       feature -- so the contact that stopped the motion is always there.
       Closest points standing in for every pair without a feature gave
       wrong normals: a ground triangle beside the one under a box's
       corner is closest to that corner's side edges, at a steep angle.
       And a pair whose closest points are nearer than every feature
       found gets them too: a vertex against an edge or a vertex of two
       curved meshes (interlocked chain links) is no feature, and the
       faces beside it, found instead, can separate while the pair
       closes -- Rigid IPC's 8x8 chain net stepped such a pair back 60
       times a step to a gap of 1e-14. */
    if (list.n && !(had = calloc(list.n, 1))) {
        free(list.pair);
        return vccd_error_set(e, A->name, 0, NULL, NULL, "out of memory for the contacts");
    }
    for (size_t i = 0; i < list.n; i++) {
        /* found, not pushed: a 2D segment's end over the other segment
           is its owner's contact, and the pair of the segment that does
           not own it must not add closest points for it a second time */
        int found = pair_contacts(out, &near, &list.pair[i], A, &pa, B, &pb, ia, ib, band, approximate);
        if (found < 0) {
            free(had);
            free(list.pair);
            return vccd_error_set(e, A->name, 0, NULL, NULL, "out of memory for the contacts");
        }
        had[i] = found > 0;
        if (list.pair[i].lower < closest)
            closest = list.pair[i].lower;
        least_upper = fmin(least_upper, list.pair[i].upper);
    }
    any = out->n > first;
    stand = out->n;
    for (size_t i = 0; i < list.n; i++) {
        const vccd_distance_pair *p = &list.pair[i];
        vccd_sim_contact c;
        double d[3], m[3];
        contact_init(&c, p, ia, ib, approximate);
        for (int k = 0; k < 3; k++) {
            d[k] = p->q[k] - p->p[k];
            m[k] = 0.5 * (p->p[k] + p->q[k]);
        }
        to_world(c.point, &pa, m, 1);
        /* nearer than every feature by more than the features' rounding
           (their distances are doubles of world coordinates; p->upper
           is a bound), and maybe the closest pair (no pair's upper bound
           below its lower): a farther pair's closest points are the
           steep contacts the rule above avoids */
        tiny = 0x1p-40 * (fabs(c.point[0]) + fabs(c.point[1]) + fabs(c.point[2]) + 1.0);
        if (!(p->upper < near - tiny && p->lower <= least_upper) && (had[i] || (any && p->lower > closest)))
            continue;
        /* Closest points closer than the rounding of their coordinates
           give no direction: a's face normal (2D: its segment's), turned
           away from a. */
        if (sqrt(dot(d, d)) <= 0x1p-40 * (fabs(m[0]) + fabs(m[1]) + fabs(m[2]) + 1e-300) || normalize(d) != 0) {
            double ab[3];
            double t[3][3];
            for (int j = 0; j < 3; j++)
                memcpy(t[j], A->mesh.v[A->mesh.t[p->tri[0]][j]], sizeof t[j]);
            if (A->mesh.planar)
                seg_normal_w(d, t);
            else
                tri_normal_w(d, t);
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
        /* the triangles around a vertex share its closest points: one
           contact for them all */
        for (dup = stand; dup < out->n; dup++)
            if (fabs(out->c[dup].point[0] - c.point[0]) <= tiny && fabs(out->c[dup].point[1] - c.point[1]) <= tiny
                && fabs(out->c[dup].point[2] - c.point[2]) <= tiny && dot(out->c[dup].normal, c.normal) >= 1.0 - 1e-9)
                break;
        if (dup < out->n)
            continue;
        if (vccd_sim_contacts_push(out, &c) != 0) {
            free(had);
            free(list.pair);
            return vccd_error_set(e, A->name, 0, NULL, NULL, "out of memory for the contacts");
        }
    }
    free(had);
    free(list.pair);
    return 0;
}

int
vccd_sim_manifold(vccd_sim_contacts *out, double *min_gap, const vccd_sim_body *bodies, int ia, int ib, int bv,
                  double band, int approximate, vccd_error *e)
{
    size_t first = out->n;
    if (manifold_raw(out, min_gap, bodies, ia, ib, bv, band, approximate, e) != 0)
        return -1;
    vccd_sim_contacts_cluster(out, first);
    return 0;
}
