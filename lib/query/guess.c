/* guess.c -- after the advance of two tiny meshes, the feature pair the
   last GJK simplex names as closest is solved before the traversal.
   Near contact it is almost always the pair that touches first; a
   certified contact then cuts the time domain to [advance, its hi]
   before the first volume test, and the traversal searches that short
   window in one time box instead of cutting [advance, t1] into pieces
   (thesis 5.4.3's ComputeN) to reach it.

   Soundness does not rest on the guess: solving one more feature pair
   only adds a result to the fold (query.c: lo is the minimum over the
   pruned bounds and the pair results), and a certified hi is a contact
   whatever pair it came from.  The traversal skips the same pair later
   (q_pair_is_guess): its result already covers every window. */
#include "query_impl.h"

/* The distinct indices of idx[0 .. n-1] in d (at most 4): their count. */
static int
distinct(long d[4], const int *idx, int n)
{
    int m = 0;
    for (int i = 0; i < n; i++) {
        int seen = 0;
        for (int j = 0; j < m; j++)
            seen |= d[j] == idx[i];
        if (!seen)
            d[m++] = idx[i];
    }
    return m;
}

/* A triangle of m whose vertices are exactly v[0 .. 2] (its corner order
   into f), or -1. */
static long
face_of(long f[3], const vccd_mesh *m, const long v[3])
{
    for (long t = 0; t < m->nt; t++) {
        int hit = 0;
        for (int k = 0; k < 3; k++)
            hit += m->t[t][k] == v[0] || m->t[t][k] == v[1] || m->t[t][k] == v[2];
        if (hit == 3 && v[0] != v[1] && v[1] != v[2] && v[0] != v[2]) {
            for (int k = 0; k < 3; k++)
                f[k] = m->t[t][k];
            return t;
        }
    }
    return -1;
}

/* A triangle of m with the edge v0 v1, or -1. */
static long
edge_of(const vccd_mesh *m, long v0, long v1)
{
    for (long t = 0; t < m->nt; t++)
        for (int k = 0; k < 3; k++)
            if ((m->t[t][k] == v0 && m->t[t][(k + 1) % 3] == v1) || (m->t[t][k] == v1 && m->t[t][(k + 1) % 3] == v0))
                return t;
    return -1;
}

/* The pair the simplex names: a vertex against a face (1 + 3 points) or
   an edge against an edge (2 + 2), when they are the meshes' own
   features.  0 when it names none (a smaller simplex: vertex-vertex or
   vertex-edge closest points, which several pairs share). */
static int
guess_pair(vccd_query_pair *p, const q_state *q)
{
    const vccd_hull_seed *s = &q->seed;
    const vccd_mesh *m[2] = { q->body[0]->bvh->mesh, q->body[1]->bvh->mesh };
    long da[4], db[4];
    int na, nb;
    if (s->n < 1 || s->n > 4)
        return 0;
    na = distinct(da, s->ia, s->n);
    nb = distinct(db, s->ib, s->n);
    if (na + nb != 4)
        return 0;
    if (na == 1 || nb == 1) {   /* a vertex of one against a face of the other */
        int vb = na == 1 ? 0 : 1;
        long f[3], t = face_of(f, m[1 - vb], vb ? da : db);
        if (t < 0)
            return 0;
        p->kind = VCCD_FEATURE_VF;
        p->vertex_body = vb;
        p->v[0] = vb ? db[0] : da[0];
        for (int k = 0; k < 3; k++)
            p->v[1 + k] = f[k];
        p->tri[1 - vb] = t;
        /* the vertex's triangle: any one holding it */
        p->tri[vb] = 0;
        for (long u = 0; u < m[vb]->nt; u++)
            if (m[vb]->t[u][0] == p->v[0] || m[vb]->t[u][1] == p->v[0] || m[vb]->t[u][2] == p->v[0]) {
                p->tri[vb] = u;
                break;
            }
        return 1;
    }
    p->kind = VCCD_FEATURE_EE;  /* 2 + 2 */
    p->vertex_body = 0;
    if ((p->tri[0] = edge_of(m[0], da[0], da[1])) < 0 || (p->tri[1] = edge_of(m[1], db[0], db[1])) < 0)
        return 0;
    p->v[0] = da[0];
    p->v[1] = da[1];
    p->v[2] = db[0];
    p->v[3] = db[1];
    return 1;
}

void
q_guess_solve(q_state *q, double t0)
{
    /* With a margin the pairs' pieces depend on ownership: not guessed. */
    if (q->o->min_separation != 0.0 || !guess_pair(&q->guess, q))
        return;
    q->have_guess = 1;
    q_pair_solve(&q->guess_r, q, &q->guess, t0, q->o->solve.t1, 1);
}

static int
same2(const long *a, const long *b)
{
    return (a[0] == b[0] && a[1] == b[1]) || (a[0] == b[1] && a[1] == b[0]);
}

int
q_pair_is_guess(const q_state *q, const vccd_query_pair *p)
{
    const vccd_query_pair *g = &q->guess;
    if (!q->have_guess || p->kind != g->kind)
        return 0;
    if (p->kind == VCCD_FEATURE_EE)
        return same2(p->v, g->v) && same2(p->v + 2, g->v + 2);
    if (p->vertex_body != g->vertex_body || p->v[0] != g->v[0] || p->v[1] == p->v[2] || p->v[1] == p->v[3]
        || p->v[2] == p->v[3])
        return 0;
    for (int k = 1; k < 4; k++)
        if (!(p->v[k] == g->v[1] || p->v[k] == g->v[2] || p->v[k] == g->v[3]))
            return 0;
    return 1;
}
