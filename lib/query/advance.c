/* advance.c -- conservative advancement of two tiny meshes before the
   traversal.  A rigorous lower bound d of their distance at t and a
   bound s of the relative speed of any two of their points prove
   [t, t + (d - m) / s) free of contact (of distance <= m with a
   min-separation margin m): the traversal then starts at the end of
   that proof instead of t0.  The tetrahedron pair spent most of its
   query cutting time boxes one after another on the way to the contact;
   the advancement gets there in a few cheap steps.

   d: for any direction n, the gap min_j n.b_j - max_i n.a_i between the
   projections of the two vertex sets (interval enclosures at t, outward
   rounded), divided by an upper bound of |n|, bounds the distance of
   the two vertex hulls from below, hence of the meshes inside them.
   Which n is taken does not matter to the proof; it is chosen in plain
   doubles at the enclosures' midpoints as the best of the separating
   axis candidates of two polyhedra (the face normals of both and the
   cross products of their edges), which is the distance itself when
   the closest features are a vertex and a face, and a fraction of it
   otherwise. */
#include <math.h>

#include "query_impl.h"
#include "vccd/closest.h"

/* Stop once the proved gap is below this fraction of the bodies' size
   (the sum of their root nodes' ext): the traversal's first time box
   then holds the contact.  Each step stops short of the proved time by
   half of it, so that the traversal never starts on the contact itself
   (a root at the start of the domain cannot be certified: a translating
   pair's bound is exact and would land on it). */
#define Q_ADVANCE_CLOSE 0.01
#define Q_ADVANCE_MAX_STEPS 32
/* The sphere bound alone while it is above this many times the sum of
   the bodies' radii (sphere_gap): it then loses at most a fraction of
   the hull gap, which the next step makes up. */
#define Q_ADVANCE_FAR 4.0
/* Below this gap relative to the coordinates' size, the hull gap tries
   the candidate axes besides GJK's direction (q_hull_gap_points). */
#define Q_HULL_GJK_NEAR 1e-6

static double dot3(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

static void
cross3(double r[3], const double a[3], const double b[3])
{
    r[0] = a[1] * b[2] - a[2] * b[1];
    r[1] = a[2] * b[0] - a[0] * b[2];
    r[2] = a[0] * b[1] - a[1] * b[0];
}

int
q_advance_applies(const q_state *q)
{
    if (!q->vc[0].frame || !q->vc[1].frame || !q_hull_small(q->body[0]->bvh->mesh, q->body[1]->bvh->mesh))
        return 0;
    return q->o->advance && q->o->mode == VCCD_QUERY_EXACT && !q->lin;
}

/* The enclosures of every vertex of body k at time t. */
static void
vertices_at(vccd_di_vec3 *x, q_state *q, int k, double t)
{
    for (long v = 0; v < q->body[k]->bvh->mesh->nv; v++)
        x[v] = *q_vertex(q, k, v, t, t);
}

/* min and max of n . p over the points p of body k (plain doubles). */
static void
project(double *lo, double *hi, const double (*p)[3], long n, const double d[3])
{
    *lo = INFINITY;
    *hi = -INFINITY;
    for (long i = 0; i < n; i++) {
        double s = dot3(p[i], d);
        *lo = s < *lo ? s : *lo;
        *hi = s > *hi ? s : *hi;
    }
}

/* The candidate axis along which A's points (pa) and B's (pb) are the
   most apart per unit length, oriented from A to B: face normals, edge
   cross products (each edge once: i < j) and the line of the centroids.
   0 when none separates them. */
static int
best_axis(double n[3], const vccd_mesh *ma, const double (*pa)[3], const vccd_mesh *mb, const double (*pb)[3])
{
    const vccd_mesh *m[2] = { ma, mb };
    const double (*p[2])[3] = { pa, pb };
    double best = 0.0, ca[3] = { 0, 0, 0 }, cb[3] = { 0, 0, 0 }, c[3];
    int found = 0;

#define Q_TRY(axis)                                                                 \
    do {                                                                            \
        double l2 = dot3(axis, axis), la, ha, lb, hb, g;                            \
        if (!(l2 > 0.0))                                                            \
            break;                                                                  \
        project(&la, &ha, pa, m[0]->nv, axis);                                      \
        project(&lb, &hb, pb, m[1]->nv, axis);                                      \
        g = (lb - ha > la - hb ? lb - ha : la - hb) / sqrt(l2);                     \
        if (g > best) {                                                             \
            best = g;                                                               \
            for (int c_ = 0; c_ < 3; c_++)                                          \
                n[c_] = lb - ha > la - hb ? (axis)[c_] : -(axis)[c_];               \
            found = 1;                                                              \
        }                                                                           \
    } while (0)

    for (long i = 0; i < m[0]->nv; i++)
        for (int k = 0; k < 3; k++)
            ca[k] += pa[i][k] / (double)m[0]->nv;
    for (long i = 0; i < m[1]->nv; i++)
        for (int k = 0; k < 3; k++)
            cb[k] += pb[i][k] / (double)m[1]->nv;
    for (int k = 0; k < 3; k++)
        c[k] = cb[k] - ca[k];
    Q_TRY(c);
    for (int s = 0; s < 2; s++)
        for (long f = 0; f < m[s]->nt; f++) {
            const vccd_mesh_index *t = m[s]->t[f];
            double e1[3], e2[3], nf[3];
            for (int k = 0; k < 3; k++) {
                e1[k] = p[s][t[1]][k] - p[s][t[0]][k];
                e2[k] = p[s][t[2]][k] - p[s][t[0]][k];
            }
            cross3(nf, e1, e2);
            Q_TRY(nf);
        }
    for (long f = 0; f < m[0]->nt; f++)
        for (int i = 0; i < 3; i++) {
            long a0 = m[0]->t[f][i], a1 = m[0]->t[f][(i + 1) % 3];
            double ea[3];
            if (a0 >= a1)
                continue;
            for (int k = 0; k < 3; k++)
                ea[k] = pa[a1][k] - pa[a0][k];
            for (long g = 0; g < m[1]->nt; g++)
                for (int j = 0; j < 3; j++) {
                    long b0 = m[1]->t[g][j], b1 = m[1]->t[g][(j + 1) % 3];
                    double eb[3], x[3];
                    if (b0 >= b1)
                        continue;
                    for (int k = 0; k < 3; k++)
                        eb[k] = pb[b1][k] - pb[b0][k];
                    cross3(x, ea, eb);
                    Q_TRY(x);
                }
        }
#undef Q_TRY
    return found;
}

/* A lower bound of the distance of the vertex hulls from the
   enclosures xa, xb along n (0 when it proves nothing). */
static double
gap_along(const double n[3], const vccd_di_vec3 *xa, long na, const vccd_di_vec3 *xb, long nb)
{
    vccd_di_vec3 d;
    double ha = -INFINITY, lb = INFINITY, g, len;
    vccd_di_vec3_set_d(&d, n[0], n[1], n[2]);
    for (long i = 0; i < na; i++) {
        vccd_di s;
        vccd_di_vec3_dot(&s, &d, &xa[i]);
        ha = s.hi > ha || s.hi != s.hi ? s.hi : ha;  /* NaN sticks: no proof */
    }
    for (long j = 0; j < nb; j++) {
        vccd_di s;
        vccd_di_vec3_dot(&s, &d, &xb[j]);
        lb = s.lo < lb || s.lo != s.lo ? s.lo : lb;
    }
    g = Q_DN(lb - ha);
    if (!(g > 0.0))
        return 0.0;
    /* |n| rounded up: three squares and two sums, each up. */
    len = Q_UP(sqrt(Q_UP(Q_UP(Q_UP(n[0] * n[0]) + Q_UP(n[1] * n[1])) + Q_UP(n[2] * n[2]))));
    g = Q_DN(g / len);
    return g > 0.0 ? g : 0.0;
}

int
q_hull_small(const vccd_mesh *a, const vccd_mesh *b)
{
    return !a->planar && !b->planar && a->nt <= Q_ADVANCE_MAX_TRIANGLES && a->nv <= Q_ADVANCE_MAX_VERTICES
           && b->nt <= Q_ADVANCE_MAX_TRIANGLES && b->nv <= Q_ADVANCE_MAX_VERTICES;
}

double
q_hull_gap_points(const vccd_mesh *ma, const vccd_di_vec3 *xa, const vccd_mesh *mb, const vccd_di_vec3 *xb,
                  vccd_hull_seed *seed)
{
    double p[2][Q_ADVANCE_MAX_VERTICES][3], n[3], g = 0.0, size = 0.0;
    const vccd_mesh *m[2] = { ma, mb };
    const vccd_di_vec3 *x[2] = { xa, xb };
    int gjk;
    for (int k = 0; k < 2; k++)
        for (long v = 0; v < m[k]->nv; v++)
            for (int c = 0; c < 3; c++) {
                p[k][v][c] = 0.5 * x[k][v].c[c].lo + 0.5 * x[k][v].c[c].hi;
                size = fmax(size, fabs(p[k][v][c]));
            }
    /* GJK's direction is the best there is (the closest points' line)
       while the hulls are apart by more than the rounding of its
       barycentric combinations; nearer, that direction is off by about
       2^-53 size / distance, and a face normal or an edge pair's cross
       product, made of the vertices themselves, can prove a gap GJK's
       cannot.  The thesis tetrahedron frames at lo: with GJK alone 9% (high
       speed) and 14% (low) of the gaps failed to prove, against 0% and 4%
       with the candidates alone. */
    gjk = vccd_hull_direction(n, (const double (*)[3])p[0], (int)ma->nv, (const double (*)[3])p[1], (int)mb->nv,
                              seed) == 0;
    if (gjk) {
        g = gap_along(n, xa, ma->nv, xb, mb->nv);
        if (g > Q_HULL_GJK_NEAR * size)
            return g;
    }
    if (best_axis(n, ma, (const double (*)[3])p[0], mb, (const double (*)[3])p[1]))
        g = fmax(g, gap_along(n, xa, ma->nv, xb, mb->nv));
    return g;
}

double
q_hull_gap(q_state *q, double t)
{
    vccd_di_vec3 x[2][Q_ADVANCE_MAX_VERTICES];
    for (int k = 0; k < 2; k++)
        vertices_at(x[k], q, k, t);
    /* GJK starts from the last step's simplex */
    return q_hull_gap_points(q->body[0]->bvh->mesh, x[0], q->body[1]->bvh->mesh, x[1], &q->seed);
}

/* A lower bound of the distance of the two bodies at t from their
   centres: every vertex of body k lies within rad[0] (an upper bound of
   |p| over its vertices, body frame) of its centre, so the hulls are at
   least |c_b - c_a| - rad_a - rad_b apart (0 when that proves nothing). */
static double
sphere_gap(const q_state *q, double t)
{
    vccd_di_vec3 ca, cb;
    double m2 = 0.0, g;
    vccd_motion_frame_centre_di(&ca, &q->pf[0], vccd_di_set_d(t));
    vccd_motion_frame_centre_di(&cb, &q->pf[1], vccd_di_set_d(t));
    for (int c = 0; c < 3; c++) {
        vccd_di x = vccd_di_sub(cb.c[c], ca.c[c]);
        /* the smallest |x| over the enclosure, squared down; NaN: none */
        double mig = x.lo > 0.0 ? x.lo : x.hi < 0.0 ? -x.hi : 0.0;
        if (!(x.lo <= x.hi))
            return 0.0;
        m2 = Q_DN(m2 + Q_DN(mig * mig));
    }
    g = Q_DN(Q_DN(sqrt(m2)) - Q_UP(q->body[0]->rad[0] + q->body[1]->rad[0]));
    return g > 0.0 ? g : 0.0;
}

double
q_advance(q_state *q)
{
    double t = q->o->solve.t0, t1 = q->o->solve.t1, mg = q->o->min_separation;
    double s = Q_UP(vccd_query_body_speed(q->body[0], 0) + vccd_query_body_speed(q->body[1], 0));
    double close = Q_ADVANCE_CLOSE * (q->body[0]->ext[0] + q->body[1]->ext[0]);

    if (!(s < INFINITY))
        return t;
    for (int it = 0; it < Q_ADVANCE_MAX_STEPS; it++) {
        double d = sphere_gap(q, t), dt, next;
        /* far apart, the spheres about the centres prove nearly as much
           as the hulls, for two centre evaluations instead of every
           vertex and GJK: the first step of the high-speed frames */
        if (!(d > Q_ADVANCE_FAR * (q->body[0]->rad[0] + q->body[1]->rad[0])))
            d = q_hull_gap(q, t);
        d = Q_DN(d - mg);
        if (!(d > close))
            break;
        q->r->advance_steps++;
        if (s == 0.0)           /* nothing moves relative to anything */
            return INFINITY;
        /* [t, t + d / s) is free; all of [t0, t1] when that passes t1 */
        if (Q_DN(t + Q_DN(d / s)) > t1)
            return INFINITY;
        /* to where the gap is still >= close / 2 */
        dt = Q_DN(Q_DN(d - 0.5 * close) / s);
        next = Q_DN(t + dt);
        if (!(next > t))
            break;
        t = next;
    }
    return t;
}
