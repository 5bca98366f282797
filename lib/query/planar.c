/* planar.c -- what the query does differently for 2D bodies (mesh.h
   planar: segments (i, j, j) in z = 0, moved by planar motions): the
   bodies must agree on the dimension, and the search may skip the BVH
   when the polygons are small (vccd_query_search).  The pairs themselves
   are in pairs.c, the traversal is the 3D one: the segment "triangles"
   have volumes of every BV type, and a planar motion's pose is a rotation
   about z (vccd_motion_pose_di). */
#include <string.h>

#include "query_impl.h"

static const char *const search_names[] = { "auto", "bvh", "brute" };

const char *
vccd_query_search_name(vccd_query_search s)
{
    return (unsigned)s < 3 ? search_names[s] : "?";
}

int
vccd_query_search_find(const char *name)
{
    for (int i = 0; i < 3; i++)
        if (!strcmp(name, search_names[i]))
            return i;
    return -1;
}

int
q_planar_check(const vccd_query_body *a, const vccd_query_body *b, vccd_error *e)
{
    const vccd_mesh *ma = a->bvh->mesh, *mb = b->bvh->mesh;
    if (ma->planar != mb->planar)
        return vccd_error_set(e, ma->planar ? mb->name : ma->name, 0, NULL, NULL,
                              "a 3D mesh against the 2D body %s: both bodies must be 2D or both 3D",
                              ma->planar ? ma->name : mb->name);
    return 0;
}

/* Vertex-edge pairs of two 2D bodies: every owned vertex of each against
   every segment of the other. */
static long
pairs_2d(const vccd_mesh *a, const vccd_mesh *b)
{
    return (a->nv - a->unused_vertices) * b->nt + (b->nv - b->unused_vertices) * a->nt;
}

int
q_search_brute(const q_state *q)
{
    const vccd_mesh *ma = q->body[0]->bvh->mesh, *mb = q->body[1]->bvh->mesh;
    if (q->o->mode != VCCD_QUERY_EXACT)
        return 0;
    if (q->o->search == VCCD_QUERY_SEARCH_AUTO)
        return ma->planar && mb->planar && pairs_2d(ma, mb) <= VCCD_QUERY_BRUTE_2D_PAIRS;
    return q->o->search == VCCD_QUERY_SEARCH_BRUTE;
}

void
q_solve_all(q_state *q, double t0, double t1)
{
    const vccd_mesh *ma = q->body[0]->bvh->mesh, *mb = q->body[1]->bvh->mesh;
    /* the budget checked per triangle pair too: most are filtered
       without a feature pair solved (search = brute on two large meshes
       meets billions) */
    for (long i = 0; i < ma->nt; i++)
        for (long j = 0; j < mb->nt; j++) {
            if (q_out_of_work(q, t0))
                return;
            q_pairs_solve(q, i, j, t0, t1);
            if (q->r->out_of_work)
                return;
        }
}
