/* pairs.c -- the feature pairs a pair of triangles owns, solved by
   vccd_solve, their results folded into the query's state (the answer
   is built from it in answer.c). */
#include <math.h>
#include <string.h>

#include "query_impl.h"

/* The moving point of vertex v of body b. */
static void
track_of(vccd_track *t, const vccd_query_body *b, long v)
{
    t->m = b->m;
    if (b->m->type->per_vertex) {
        t->vertex = (int)v;
        t->p[0] = t->p[1] = t->p[2] = 0.0;
    } else {
        t->vertex = 0;
        memcpy(t->p, b->bvh->mesh->v[v], sizeof t->p);
    }
}

int
q_pair_body(const vccd_query_pair *p, int k)
{
    if (p->kind != VCCD_FEATURE_EE)
        return k == 0 ? p->vertex_body : 1 - p->vertex_body;
    return k / 2;
}

void
q_pair_tracks(vccd_track t[4], const q_state *q, const vccd_query_pair *p)
{
    for (int k = 0; k < 4; k++)
        track_of(&t[k], q->body[q_pair_body(p, k)], p->v[k]);
}

/* Where the vertices of the two triangles can be over the box: the
   filter below reads them for every feature pair of the triangles.  x
   points into a small body's vertex cache (no copy), else into own: a
   large body's slots are copied there (a slot may be taken by the next
   vertex), or the vertices are evaluated there. */
typedef struct {
    const vccd_di_vec3 *x[2][3];
    vccd_di_vec3 own[2][3];
} q_tri_pos;

static void
tri_pos(q_tri_pos *tp, q_state *q, long ta, long tb, double t0, double t1)
{
    vccd_di t = vccd_di_set_2d(t0, t1);
    long tri[2] = { ta, tb };
    for (int s = 0; s < 2; s++) {
        const vccd_query_body *b = q->body[s];
        vccd_di_vec3 p[3];
        int vx[3];
        if (q->vc[s].frame) {   /* from the kept frames */
            for (int k = 0; k < 3; k++)
                tp->x[s][k] = q_vertex(q, s, b->bvh->mesh->t[tri[s]][k], t0, t1);
            continue;
        }
        if (q->vc[s].key) {     /* a large body's slots: copies */
            for (int k = 0; k < 3; k++) {
                q_vertex_copy(&tp->own[s][k], q, s, b->bvh->mesh->t[tri[s]][k], t0, t1);
                tp->x[s][k] = &tp->own[s][k];
            }
            continue;
        }
        for (int k = 0; k < 3; k++) {
            long v = b->bvh->mesh->t[tri[s]][k];
            vx[k] = (int)v;
            if (b->m->type->per_vertex)
                vccd_di_vec3_set_d(&p[k], 0, 0, 0);
            else
                vccd_di_vec3_set_d(&p[k], b->bvh->mesh->v[v][0], b->bvh->mesh->v[v][1], b->bvh->mesh->v[v][2]);
        }
        vccd_motion_eval_points_di(tp->own[s], b->m, p, vx, 3, t);
        for (int k = 0; k < 3; k++)
            tp->x[s][k] = &tp->own[s][k];
    }
}

/* 1 when the boxes of enclosures P[0 .. na-1] (one feature) and
   P[na .. np-1] (the other) are apart along x, y or z: each feature lies
   in the box of its vertices at every time of the box.  No product and
   no rounding; NaN ends compare false and decide nothing. */
static int
boxes_apart(const vccd_di_vec3 *const *P, int na, int np)
{
    for (int c = 0; c < 3; c++) {
        double alo = INFINITY, ahi = -INFINITY, blo = INFINITY, bhi = -INFINITY;
        int nan = 0;
        for (int k = 0; k < np; k++) {
            vccd_di x = P[k]->c[c];
            nan |= !(x.lo <= x.hi);
            if (k < na) {
                alo = x.lo < alo ? x.lo : alo;
                ahi = x.hi > ahi ? x.hi : ahi;
            } else {
                blo = x.lo < blo ? x.lo : blo;
                bhi = x.hi > bhi ? x.hi : bhi;
            }
        }
        if (!nan && (ahi < blo || bhi < alo))
            return 1;
    }
    return 0;
}

/* 1 when pair p is proved to hold no answer over the whole box, from the
   vertex enclosures, without building the feature.  For a contact: the
   features' boxes are apart, or their coplanarity function (feature.h)
   is nonzero, or the separating axis of their closest points separates
   them -- the solver's own first tests, on the world enclosures.  On the
   tetrahedron pair at high speed (7.3 frames) the last one cut the
   features built per query from 4.4 to 1.6: 70% of the built ones had
   died in the solver's first box, each a feature built and prepared for
   nothing.  With a min-separation margin m: the features more than m
   apart along that axis.  Corner c of triangle side s is vertex
   tri(s)[c]. */
void
q_coplanarity(vccd_di *s, vccd_di_vec3 e[2], vccd_feature_kind kind, const vccd_di_vec3 *const P[4])
{
    vccd_di_vec3 u, n;
    if (kind == VCCD_FEATURE_VF) {          /* (p - a) . ((b - a) x (c - a)) */
        vccd_di_vec3_sub(&u, P[0], P[1]);
        vccd_di_vec3_sub(&e[0], P[2], P[1]);
        vccd_di_vec3_sub(&e[1], P[3], P[1]);
    } else if (kind == VCCD_FEATURE_VE2D) { /* (p - a) . ((b - a) x z) */
        vccd_di_vec3_sub(&u, P[0], P[1]);
        vccd_di_vec3_sub(&e[0], P[2], P[1]);
        vccd_di_vec3_set_d(&e[1], 0, 0, 1);
    } else {                                /* (c - a) . ((b - a) x (d - c)) */
        vccd_di_vec3_sub(&u, P[2], P[0]);
        vccd_di_vec3_sub(&e[0], P[1], P[0]);
        vccd_di_vec3_sub(&e[1], P[3], P[2]);
    }
    vccd_di_vec3_cross(&n, &e[0], &e[1]);
    vccd_di_vec3_dot(s, &u, &n);
}

static int
excluded(const q_tri_pos *tp, const vccd_query_pair *p, const int corner[4], const int side[4], double m)
{
    vccd_di_vec3 e[2];
    vccd_di sv;
    const vccd_di_vec3 *P[4];
    for (int k = 0; k < 4; k++)
        P[k] = tp->x[side[k]][corner[k]];
    if (m > 0.0)
        return vccd_feature_points_apart(p->kind, P, m);
    if (boxes_apart(P, p->kind == VCCD_FEATURE_EE ? 2 : 1, vccd_feature_kind_npoints(p->kind)))
        return 1;
    q_coplanarity(&sv, e, p->kind, P);
    /* NaN or empty (overflow) never excludes */
    if (sv.lo > 0.0 || sv.hi < 0.0)
        return 1;
    return vccd_feature_points_apart(p->kind, P, 0.0);
}

/* The distance pieces (feature.h) pair p leaves to others: an
   edge-edge pair keeps its interior piece alone (an edge's end is a
   vertex of its triangle, whose vertex-face pairs hold the rest); a
   vertex-face pair keeps the capsules and spheres of the face's edges
   and corners that its triangle owns (mesh.h: each is owned by exactly
   one triangle, whose leaf pair with the vertex's triangle the BVH
   reaches whenever the vertex comes within the margin of it). */
static unsigned
pieces_skipped(const q_state *q, const vccd_query_pair *p)
{
    unsigned skip = 0, own;
    int fb = 1 - p->vertex_body;
    if (p->kind == VCCD_FEATURE_EE)
        return ~(1u << VCCD_PIECE_SLAB);
    /* A segment (i, j, j) owns no triangle edges in the 3D sense: keep
       its capsule and both end spheres (sound; an end shared by two
       segments is solved twice). */
    if (p->kind == VCCD_FEATURE_VE2D)
        return 0;
    own = q->body[fb]->bvh->mesh->own[p->tri[fb]];
    for (int k = 0; k < 3; k++) {
        if (!(own & VCCD_MESH_OWN_EDGE(k)))
            skip |= 1u << (VCCD_PIECE_CAPSULE_0 + k);
        if (!(own & VCCD_MESH_OWN_VERTEX(k)))
            skip |= 1u << (VCCD_PIECE_SPHERE_0 + k);
    }
    return skip;
}

void
q_pair_solve(vccd_toc *res, q_state *q, const vccd_query_pair *p, double t0, double t1, int expect)
{
    const vccd_di_vec3 (*fr[4])[3];
    vccd_track t[4];
    vccd_feature *f;
    vccd_solve_opts so;
    vccd_toc r;
    int c;

    if (res)
        res->status = VCCD_TOC_NONE;
    if (t1 > q->cut)
        t1 = q->cut;
    if (!(t0 <= t1))
        return;
    if (q_out_of_work(q, t0)) {
        /* not solved: undecided over the window, which open_lo covers */
        if (res) {
            memset(res, 0, sizeof *res);
            res->status = VCCD_TOC_POSSIBLE;
            res->lo = t0;
            res->hi = t1;
            res->limited = 1;
        }
        return;
    }
    q_pair_tracks(t, q, p);
    /* the frames of small bodies' vertices, kept by the query */
    for (int k = 0; k < 4; k++)
        fr[k] = q_vertex_frame(q, q_pair_body(p, k), p->v[k]);
    if (q->fs)
        vccd_feature_reset_framed(f = q->fs, p->kind, t, fr, &q->o->solve.arith);
    else
        f = q->fs = vccd_feature_init_framed(q->fmem, p->kind, t, fr, &q->o->solve.arith);
    if (!f) {
        /* no memory: the pair stays undecided from t0 on */
        q->r->limited = 1;
        memset(&r, 0, sizeof r);
        r.status = VCCD_TOC_POSSIBLE;
        r.lo = t0;
        r.hi = t1;
    } else {
        so = q->o->solve;
        so.t0 = t0;
        so.t1 = t1;
        so.expect_contact = expect;
        vccd_solve_minsep(&r, f, q->o->min_separation, pieces_skipped(q, p), &so);
        /* Undecided in a time box: a root at or within rounding of the
           box's end (a time box cut exactly at the contact, 3/8 say)
           cannot be certified inside it, and the certified root would
           then be cut off by the next box's bound.  Solving the pair on
           to the end of the domain decides it; sound either way, a
           longer interval only adds times. */
        if (r.status == VCCD_TOC_POSSIBLE && t1 < q->cut) {
            so.t1 = q->cut;
            vccd_solve_minsep(&r, f, q->o->min_separation, pieces_skipped(q, p), &so);
        }
        /* Undecided from the window's very start: a contact there cannot
           be certified either (s(t0) holds 0, and nothing advances), and
           a translating pair's swept bound lands exactly on it.  Solved
           from eps_t earlier, the contact lies inside; a certified answer
           from there is one for this pair (its lo, a little lower, is
           still a proof).  Kept only when certified. */
        if (r.status == VCCD_TOC_POSSIBLE && r.lo == t0 && !r.limited && t0 > q->o->solve.t0) {
            vccd_toc e;
            double s0 = t0 - q->o->solve.eps_t;
            so.t0 = s0 > q->o->solve.t0 ? s0 : q->o->solve.t0;
            vccd_solve_minsep(&e, f, q->o->min_separation, pieces_skipped(q, p), &so);
            if (e.status == VCCD_TOC_CERTIFIED) {
                e.boxes += r.boxes;
                e.escalations += r.escalations;
                r = e;
            } else {
                r.boxes += e.boxes;
                r.escalations += e.escalations;
            }
        }
    }
    if (res)
        *res = r;
    if (f)                      /* reset for each pair: its work is this pair's */
        q->solve_work += vccd_feature_work(f);
    q->r->feature_pairs++;
    q->r->solver_boxes += r.boxes;
    q->r->escalations += r.escalations;
    q->r->limited |= r.limited;
    if (r.status == VCCD_TOC_NONE)
        return;
    /* Compared exactly: past binary64 time (eps_t below it), two pairs'
       ends may round to the same double (time.h). */
    if (r.status == VCCD_TOC_CERTIFIED
        && (!q->have_cert || vccd_time_cmp(&r.hi_exact, r.hi, &q->cert.hi_exact, q->cert.hi) < 0)) {
        q->cut = r.hi < q->cut ? r.hi : q->cut;
        q->cert = r;
        q->cert_pair = *p;
        q->have_cert = 1;
    }
    if (q->best_lo == INFINITY || (c = vccd_time_cmp(&r.lo_exact, r.lo, &q->best.lo_exact, q->best.lo)) < 0
        || (c == 0 && r.status == VCCD_TOC_CERTIFIED && q->best.status != VCCD_TOC_CERTIFIED)) {
        q->best_lo = r.lo;
        q->best_lo_up = vccd_time_get_d_up(&r.lo_exact, r.lo);
        q->best = r;
        q->best_pair = *p;
    }
}

/* 2D bodies (mesh.h: triangle (i, j, j) is segment i-j): the vertices
   segment ta owns (corners 0 and 1) against segment tb, and those tb owns
   against ta.  Every vertex is owned by one segment, so every vertex-edge
   pair of the two polygons is solved once; in the plane a first contact
   is always a vertex on an edge. */
static void
pairs_2d(q_state *q, const q_tri_pos *tp, long ta, long tb, double t0, double t1)
{
    const vccd_mesh *m[2] = { q->body[0]->bvh->mesh, q->body[1]->bvh->mesh };
    long seg[2] = { ta, tb };
    vccd_query_pair p;
    int corner[4], side[4];

    p.kind = VCCD_FEATURE_VE2D;
    p.tri[0] = ta;
    p.tri[1] = tb;
    for (int s = 0; s < 2; s++) {
        unsigned own = m[s]->own[seg[s]];
        p.vertex_body = s;
        for (int k = 0; k < 2; k++) {
            if (!(own & VCCD_MESH_OWN_VERTEX(k)))
                continue;
            p.v[0] = m[s]->t[seg[s]][k];
            p.v[1] = m[1 - s]->t[seg[1 - s]][0];
            p.v[2] = p.v[3] = m[1 - s]->t[seg[1 - s]][1];
            corner[0] = k;
            corner[1] = 0;
            corner[2] = corner[3] = 1;
            side[0] = s;
            side[1] = side[2] = side[3] = 1 - s;
            if (excluded(tp, &p, corner, side, q->o->min_separation)) {
                q->r->filtered++;
                continue;
            }
            q_pair_solve(NULL, q, &p, t0, t1, 0);
            if (q->r->out_of_work)
                return;
        }
    }
}

/* Pair p of a triangle pair, with the triangle corners and sides of its
   points: counted as filtered when it is the guess (solved already) or
   tp proves it apart, else solved over [t0, t1].  1 when the budget ran
   out (the triangle pair stops). */
static int
filter_solve(q_state *q, const q_tri_pos *tp, const vccd_query_pair *p, const int corner[4], const int side[4],
             double t0, double t1)
{
    if (q_pair_is_guess(q, p) || excluded(tp, p, corner, side, q->o->min_separation)) {
        q->r->filtered++;
        return 0;
    }
    q_pair_solve(NULL, q, p, t0, t1, 0);
    return q->r->out_of_work;
}

void
q_pairs_solve(q_state *q, long ta, long tb, double t0, double t1)
{
    const vccd_mesh *ma = q->body[0]->bvh->mesh, *mb = q->body[1]->bvh->mesh;
    unsigned oa = ma->own[ta], ob = mb->own[tb];
    vccd_query_pair p;
    q_tri_pos tp;
    int corner[4], side[4];
    double m = q->o->min_separation;

    if (t1 > q->cut)
        t1 = q->cut;
    if (!(t0 <= t1) || !(oa | ob))
        return;
    q->tri_pairs++;
    tri_pos(&tp, q, ta, tb, t0, t1);
    {
        /* the triangles' boxes apart: none of their pairs can touch */
        const vccd_di_vec3 *P[6] = { tp.x[0][0], tp.x[0][1], tp.x[0][2], tp.x[1][0], tp.x[1][1], tp.x[1][2] };
        if (m == 0.0 && boxes_apart(P, 3, 6))
            return;
    }
    if (ma->planar) {
        pairs_2d(q, &tp, ta, tb, t0, t1);
        return;
    }

    p.tri[0] = ta;
    p.tri[1] = tb;
    p.kind = VCCD_FEATURE_VF;
    for (int s = 0; s < 2; s++) {
        const vccd_mesh *mv = s ? mb : ma, *mf = s ? ma : mb;
        long tv = s ? tb : ta, tf = s ? ta : tb;
        unsigned own = s ? ob : oa;
        p.vertex_body = s;
        for (int k = 0; k < 3; k++) {
            if (!(own & VCCD_MESH_OWN_VERTEX(k)))
                continue;
            p.v[0] = mv->t[tv][k];
            corner[0] = k;
            side[0] = s;
            for (int j = 0; j < 3; j++) {
                p.v[1 + j] = mf->t[tf][j];
                corner[1 + j] = j;
                side[1 + j] = 1 - s;
            }
            if (filter_solve(q, &tp, &p, corner, side, t0, t1))
                return;
        }
    }
    p.kind = VCCD_FEATURE_EE;
    p.vertex_body = 0;
    for (int k = 0; k < 3; k++) {
        if (!(oa & VCCD_MESH_OWN_EDGE(k)))
            continue;
        for (int l = 0; l < 3; l++) {
            if (!(ob & VCCD_MESH_OWN_EDGE(l)))
                continue;
            p.v[0] = ma->t[ta][k];
            p.v[1] = ma->t[ta][(k + 1) % 3];
            p.v[2] = mb->t[tb][l];
            p.v[3] = mb->t[tb][(l + 1) % 3];
            corner[0] = k;
            corner[1] = (k + 1) % 3;
            corner[2] = l;
            corner[3] = (l + 1) % 3;
            side[0] = side[1] = 0;
            side[2] = side[3] = 1;
            if (filter_solve(q, &tp, &p, corner, side, t0, t1))
                return;
        }
    }
}
