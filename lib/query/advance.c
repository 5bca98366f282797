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
#include <string.h>

#include "query_impl.h"
#include "vccd/closest.h"
#include "vccd/plugin/rigid.h"

/* Stop once the proved gap is below this fraction of the bodies' size
   (the sum of their root nodes' ext): the traversal's first time box
   then holds the contact.  Each step stops short of the proved time,
   where the gap is still proved >= Q_ADVANCE_KEEP close, so that the
   traversal never starts on the contact itself (a root at the start of
   the domain cannot be certified: a translating pair's bound is exact
   and would land on it). */
#define Q_ADVANCE_CLOSE 0.01
/* The closing rate bound is loose by a factor (about 1.25 on the
   tetrahedron pair at low speed, turning included), so the gap shrinks
   geometrically towards the step's target, and the nearer the target is
   to 0 the fewer steps reach close.  Measured on the thesis tetrahedron
   frames (bench toc, OBB, exact, 32 instances, callgrind, per query),
   0.5 / 0.25 / 0.125 / 0.0625: low speed 6.34 / 5.82 / 5.64 / 5.47
   hull steps, 227.4k / 213.6k / 205.8k / 206.7k instructions; high
   speed 2.30 / 2.24 / 2.18 / 2.14 hull steps, 114.3k / 107.6k / 101.8k
   / 102.0k (the per-query means mix instances by their time-based warm
   repetitions: a few percent of noise).  Below 0.125 the steps saved
   go to the rest of the query. */
#define Q_ADVANCE_KEEP 0.125
#define Q_ADVANCE_MAX_STEPS 32
/* The sphere bound alone while it is above this many times the sum of
   the bodies' radii (sphere_gap): its two centre evaluations cost a
   tenth of a hull gap (every vertex and GJK), so it pays even where it
   proves less.  Measured on the thesis tetrahedron frames (instructions
   per query, high / low speed): 4 -> 316.8k / 476.4k, 1.5 -> 306.3k /
   471.9k, 0.5 -> 306.3k / 459.4k, 0.25 the same as 0.5. */
#define Q_ADVANCE_FAR 0.5
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

/* The normal of triangle f of m on the points p (plain doubles). */
static void
face_axis(double nf[3], const vccd_mesh *m, const double (*p)[3], long f)
{
    const vccd_mesh_index *t = m->t[f];
    double e1[3], e2[3];
    for (int k = 0; k < 3; k++) {
        e1[k] = p[t[1]][k] - p[t[0]][k];
        e2[k] = p[t[2]][k] - p[t[0]][k];
    }
    cross3(nf, e1, e2);
}

/* The cross product of edges a0 a1 (of pa) and b0 b1 (of pb), each taken
   from its lower index: the same vector whichever way round it comes. */
static void
edges_axis(double x[3], const double (*pa)[3], long a0, long a1, const double (*pb)[3], long b0, long b1)
{
    double ea[3], eb[3];
    long lo_a = a0 < a1 ? a0 : a1, hi_a = a0 < a1 ? a1 : a0, lo_b = b0 < b1 ? b0 : b1, hi_b = b0 < b1 ? b1 : b0;
    for (int k = 0; k < 3; k++) {
        ea[k] = pa[hi_a][k] - pa[lo_a][k];
        eb[k] = pb[hi_b][k] - pb[lo_b][k];
    }
    cross3(x, ea, eb);
}

/* axis oriented from A's points (pa) to B's (pb) by their projections
   (plain doubles) into n, with the separation per unit length: the
   larger of B above A and A above B.  -INFINITY for a zero axis. */
static double
orient(double n[3], const double axis[3], const double (*pa)[3], long na, const double (*pb)[3], long nb)
{
    double l2 = dot3(axis, axis), la, ha, lb, hb;
    if (!(l2 > 0.0))
        return -INFINITY;
    project(&la, &ha, pa, na, axis);
    project(&lb, &hb, pb, nb, axis);
    for (int c = 0; c < 3; c++)
        n[c] = lb - ha > la - hb ? axis[c] : -axis[c];
    return (lb - ha > la - hb ? lb - ha : la - hb) / sqrt(l2);
}

static double gap_along(const double n[3], const vccd_di_vec3 *xa, long na, const vccd_di_vec3 *xb, long nb);

/* The separating-axis candidates of two polyhedra: the line of the
   centroids, the face normals of both, the cross products of an edge of
   each.  Without x: the candidate along which A's points (pa) and B's
   (pb) are the most apart per unit length (plain doubles), oriented from
   A to B, into n; 0 when none separates them.  With x (the enclosures
   whose midpoints pa, pb are): every candidate's rigorous gap
   (gap_along), the largest returned in *g and its axis in n, edges taken
   in both of their triangles' orientations (with one edge pair per
   edge, an open mesh's boundary edge seen only as j > i would be left
   out: q_pair_axis must find its axis among them). */
static int
candidates(double n[3], double *g, const vccd_mesh *ma, const double (*pa)[3], const vccd_mesh *mb,
           const double (*pb)[3], const vccd_di_vec3 *xa, const vccd_di_vec3 *xb)
{
    const vccd_mesh *m[2] = { ma, mb };
    const double (*p[2])[3] = { pa, pb };
    double best = 0.0, ca[3] = { 0, 0, 0 }, cb[3] = { 0, 0, 0 }, c[3], o[3];
    int found = 0;

#define Q_TRY(axis)                                                                 \
    do {                                                                            \
        double d_ = orient(o, axis, pa, m[0]->nv, pb, m[1]->nv);                    \
        if (d_ == -INFINITY)    /* a zero axis: o is not set */                     \
            break;                                                                  \
        if (xa)                                                                     \
            d_ = gap_along(o, xa, m[0]->nv, xb, m[1]->nv);                          \
        if (d_ > best) {                                                            \
            best = d_;                                                              \
            memcpy(n, o, sizeof o);                                                 \
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
            double nf[3];
            face_axis(nf, m[s], p[s], f);
            Q_TRY(nf);
        }
    for (long f = 0; f < m[0]->nt; f++)
        for (int i = 0; i < 3; i++) {
            long a0 = m[0]->t[f][i], a1 = m[0]->t[f][(i + 1) % 3];
            if (a0 > a1 && !xa)
                continue;
            for (long h = 0; h < m[1]->nt; h++)
                for (int j = 0; j < 3; j++) {
                    long b0 = m[1]->t[h][j], b1 = m[1]->t[h][(j + 1) % 3];
                    double x[3];
                    if (b0 > b1 && !xa)
                        continue;
                    edges_axis(x, pa, a0, a1, pb, b0, b1);
                    Q_TRY(x);
                }
        }
#undef Q_TRY
    if (g)
        *g = best;
    return found;
}

/* A lower bound of the distance of the vertex hulls from the
   enclosures xa, xb along n (0 when it proves nothing). */
static double
gap_along(const double n[3], const vccd_di_vec3 *xa, long na, const vccd_di_vec3 *xb, long nb)
{
    double ha = -INFINITY, lb = INFINITY, g, len;
    const vccd_di zero = vccd_di_set_d(0.0);
    /* n . x rounded once per vertex (fdot_d) */
    for (long i = 0; i < na; i++) {
        vccd_di s = vccd_di_fdot_d(zero, xa[i].c, 1, n, 3);
        ha = s.hi > ha || s.hi != s.hi ? s.hi : ha;  /* NaN sticks: no proof */
    }
    for (long j = 0; j < nb; j++) {
        vccd_di s = vccd_di_fdot_d(zero, xb[j].c, 1, n, 3);
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

/* The midpoints of the enclosures x of m's vertices into p; the largest
   coordinate's magnitude returned. */
static double
midpoints(double (*p)[3], const vccd_mesh *m, const vccd_di_vec3 *x)
{
    double size = 0.0;
    for (long v = 0; v < m->nv; v++)
        for (int c = 0; c < 3; c++) {
            p[v][c] = 0.5 * x[v].c[c].lo + 0.5 * x[v].c[c].hi;
            size = fmax(size, fabs(p[v][c]));
        }
    return size;
}

/* GJK's first start on the points p (no simplex yet: the advance's
   first hull step): A's vertex farthest along the centroids' line and
   B's nearest, its support pair along that line, instead of the first
   two vertices (one or two iterations fewer of its seven or so on the
   tetrahedron pair). */
static void
seed_start(vccd_hull_seed *seed, const double (*pa)[3], long na, const double (*pb)[3], long nb)
{
    double d[3] = { 0, 0, 0 }, ha = -INFINITY, lb = INFINITY;
    int ja = 0, jb = 0;
    for (long i = 0; i < na; i++)
        for (int c = 0; c < 3; c++)
            d[c] -= pa[i][c] / (double)na;
    for (long j = 0; j < nb; j++)
        for (int c = 0; c < 3; c++)
            d[c] += pb[j][c] / (double)nb;
    for (long i = 0; i < na; i++)
        if (dot3(pa[i], d) > ha)
            ha = dot3(pa[i], d), ja = (int)i;
    for (long j = 0; j < nb; j++)
        if (dot3(pb[j], d) < lb)
            lb = dot3(pb[j], d), jb = (int)j;
    seed->n = 1;
    seed->ia[0] = ja;
    seed->ib[0] = jb;
}

/* The rigorous part of the hull gap: the bound along GJK's direction n
   (gjk: GJK settled) and, near contact or with every, along the
   candidates of the points p (plain doubles near the enclosures xa, xb;
   size: their largest coordinate's magnitude). */
static double
gap_from(double axis[3], const double n[3], int gjk, const vccd_mesh *ma, const double (*pa)[3], const vccd_di_vec3 *xa,
         const vccd_mesh *mb, const double (*pb)[3], const vccd_di_vec3 *xb, double size, int every)
{
    double g = 0.0, h, o[3];
    /* GJK's direction is the best there is (the closest points' line)
       while the hulls are apart by more than the rounding of its
       barycentric combinations; nearer, that direction is off by about
       2^-53 size / distance, and a face normal or an edge pair's cross
       product, made of the vertices themselves, can prove a gap GJK's
       cannot.  The thesis tetrahedron frames at lo: with GJK alone 9% (high
       speed) and 14% (low) of the gaps failed to prove, against 0% and 4%
       with the candidates alone. */
    if (gjk) {
        g = gap_along(n, xa, ma->nv, xb, mb->nv);
        if (axis)
            memcpy(axis, n, sizeof o);
        if (g > Q_HULL_GJK_NEAR * size && !every)
            return g;
    }
    if (every) {
        if (candidates(o, &h, ma, pa, mb, pb, xa, xb) && h > g) {
            g = h;
            if (axis)
                memcpy(axis, o, sizeof o);
        }
    } else if (candidates(o, NULL, ma, pa, mb, pb, NULL, NULL) && (h = gap_along(o, xa, ma->nv, xb, mb->nv)) > g) {
        g = h;
        if (axis)
            memcpy(axis, o, sizeof o);
    }
    return g;
}

double
q_hull_gap_points(double axis[3], const vccd_mesh *ma, const vccd_di_vec3 *xa, const vccd_mesh *mb,
                  const vccd_di_vec3 *xb, int every)
{
    double p[2][Q_ADVANCE_MAX_VERTICES][3], n[3], size;
    int gjk;
    size = fmax(midpoints(p[0], ma, xa), midpoints(p[1], mb, xb));
    gjk = vccd_hull_direction(n, (const double (*)[3])p[0], (int)ma->nv, (const double (*)[3])p[1], (int)mb->nv,
                              NULL) == 0;
    return gap_from(axis, n, gjk, ma, (const double (*)[3])p[0], xa, mb, (const double (*)[3])p[1], xb, size, every);
}

double
q_pair_gap_points(const vccd_query_pair *pr, const vccd_mesh *ma, const vccd_di_vec3 *xa, const vccd_mesh *mb,
                  const vccd_di_vec3 *xb)
{
    double p[2][Q_ADVANCE_MAX_VERTICES][3], x[3], n[3];
    const vccd_mesh *m[2] = { ma, mb };
    midpoints(p[0], ma, xa);
    midpoints(p[1], mb, xb);
    if (pr->kind == VCCD_FEATURE_VF) {
        int fb = 1 - pr->vertex_body;
        face_axis(x, m[fb], (const double (*)[3])p[fb], pr->tri[fb]);
    } else if (pr->kind == VCCD_FEATURE_EE) {
        edges_axis(x, (const double (*)[3])p[0], pr->v[0], pr->v[1], (const double (*)[3])p[1], pr->v[2], pr->v[3]);
    } else {
        return 0.0;
    }
    if (!(orient(n, x, (const double (*)[3])p[0], ma->nv, (const double (*)[3])p[1], mb->nv) > -INFINITY))
        return 0.0;
    return gap_along(n, xa, ma->nv, xb, mb->nv);
}

/* Body k's vertices at t in plain doubles (vccd_motion_pose_frame_approx)
   into p; the largest coordinate's magnitude returned. */
static double
approx_vertices(double (*p)[3], const q_state *q, int k, double t)
{
    const vccd_mesh *m = q->body[k]->bvh->mesh;
    double o[3], R[9], size = 0.0;
    vccd_motion_pose_frame_approx(o, R, &q->pf[k], t);
    for (long v = 0; v < m->nv; v++)
        for (int i = 0; i < 3; i++) {
            p[v][i] = o[i] + R[3 * i] * m->v[v][0] + R[3 * i + 1] * m->v[v][1] + R[3 * i + 2] * m->v[v][2];
            size = fmax(size, fabs(p[v][i]));
        }
    return size;
}

double
q_hull_gap(double axis[3], q_state *q, double t, double near)
{
    const vccd_mesh *ma = q->body[0]->bvh->mesh, *mb = q->body[1]->bvh->mesh;
    vccd_di_vec3 x[2][Q_ADVANCE_MAX_VERTICES];
    double p[2][Q_ADVANCE_MAX_VERTICES][3], n[3], size;
    int gjk;
    /* GJK runs in plain doubles whatever its points are: on the pose's
       own approximation (vccd_motion_pose_frame_approx) it needs no
       enclosure, and where it shows the hulls within near the
       enclosures are not made at all -- the advance's last step, about
       a third of its hull steps on the tetrahedron pair. */
    size = fmax(approx_vertices(p[0], q, 0, t), approx_vertices(p[1], q, 1, t));
    if (q->seed.n == 0)
        seed_start(&q->seed, (const double (*)[3])p[0], ma->nv, (const double (*)[3])p[1], mb->nv);
    /* GJK starts from the last step's simplex */
    gjk = vccd_hull_direction(n, (const double (*)[3])p[0], (int)ma->nv, (const double (*)[3])p[1], (int)mb->nv,
                              &q->seed) == 0;
    if (gjk && !(sqrt(dot3(n, n)) > near))
        return 0.0;
    for (int k = 0; k < 2; k++)
        vertices_at(x[k], q, k, t);
    return gap_from(axis, n, gjk, ma, (const double (*)[3])p[0], x[0], mb, (const double (*)[3])p[1], x[1], size, 0);
}

/* An upper bound, over [t, t1], of how fast the gap of the vertex sets'
   projections on n (from A to B) can shrink: the centres close along n
   at most at -(n . (cv_b - cv_a)) / |n| (interval centre velocities over
   [t, t1]), and a point p turning about its centre moves along n at
   n . (w x p) = p . (n x w), at most |n x w| / |n| rad.
   The projections' gap is a lower bound of the distance at every time,
   so [t, t + gap / rate) is free -- FCL's "motion bound along the
   normal", here with every term bounded.  At most s, the speed bound
   (both hold); <= 0: the gap never shrinks before t1. */
static double
closing_rate(const q_state *q, const double n[3], double t, double t1, double s)
{
    vccd_di_vec3 cv[2], nd, nw;
    vccd_di a, len2, nw2;
    double rot = 0.0, nlo, nhi, along, r;
    vccd_di_vec3_set_d(&nd, n[0], n[1], n[2]);
    vccd_di_vec3_norm2(&len2, &nd);
    nlo = Q_DN(sqrt(len2.lo));
    nhi = Q_UP(sqrt(len2.hi));
    if (!(nlo > 0.0))
        return s;
    for (int k = 0; k < 2; k++) {
        const vccd_di_vec3 *w = (const vccd_di_vec3 *)(q->pf[k].m->param_di + VCCD_RIGID_W);
        vccd_motion_frame_centre_di(NULL, &cv[k], &q->pf[k], vccd_di_set_2d(t, t1));
        /* n . (w x r) = r . (n x w): at most |n x w| / |n| rad, up */
        vccd_di_vec3_cross(&nw, &nd, w);
        vccd_di_vec3_norm2(&nw2, &nw);
        rot = Q_UP(rot + Q_UP(Q_UP(Q_UP(sqrt(nw2.hi)) / nlo) * q->body[k]->rad[0]));
    }
    vccd_di_vec3_sub(&cv[1], &cv[1], &cv[0]);
    vccd_di_vec3_dot(&a, &nd, &cv[1]);
    if (!(a.lo <= a.hi) || !(rot < INFINITY))
        return s;
    /* the lowest n . (cv_b - cv_a) / |n|, down */
    along = a.lo >= 0.0 ? Q_DN(a.lo / nhi) : Q_DN(a.lo / nlo);
    r = Q_UP(rot - along);
    return r < s ? r : s;
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
    vccd_motion_frame_centre_di(&ca, NULL, &q->pf[0], vccd_di_set_d(t));
    vccd_motion_frame_centre_di(&cb, NULL, &q->pf[1], vccd_di_set_d(t));
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
        double d = sphere_gap(q, t), dt, next, n[3], rate = s;
        /* apart by more than half their radii, the spheres about the
           centres, for two centre evaluations instead of every vertex
           and GJK (Q_ADVANCE_FAR) */
        if (!(d > Q_ADVANCE_FAR * (q->body[0]->rad[0] + q->body[1]->rad[0]))) {
            d = q_hull_gap(n, q, t, close + mg);
            /* the gap is along n: the closing rate along n bounds it */
            if (d > 0.0)
                rate = closing_rate(q, n, t, t1, s);
        }
        d = Q_DN(d - mg);
        if (!(d > close))
            break;
        q->r->advance_steps++;
        if (!(rate > 0.0))      /* the gap cannot shrink before t1 */
            return INFINITY;
        /* [t, t + d / rate) is free; all of [t0, t1] when that passes t1 */
        if (Q_DN(t + Q_DN(d / rate)) > t1)
            return INFINITY;
        /* to where the gap is still >= Q_ADVANCE_KEEP close */
        dt = Q_DN(Q_DN(d - Q_ADVANCE_KEEP * close) / rate);
        next = Q_DN(t + dt);
        if (!(next > t))
            break;
        t = next;
    }
    return t;
}
