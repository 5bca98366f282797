/* brute.c -- the brute-force search: every triangle (segment) pair
   solved over a window, without the BVHs: the search option
   (vccd_query_search), the exact query's rule for taking it (small 2D
   bodies, or asked for), the search itself, and the reference query
   built on it (vccd_query_toc_brute). */
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

int
vccd_query_toc_brute(vccd_query_result *r, vccd_query_body *a, vccd_query_body *b, const vccd_query_opts *o,
                 vccd_error *e)
{
    q_state q;
    if (q_state_init(&q, r, a, b, o, e) != 0)
        return -1;
    q_solve_all(&q, o->solve.t0, o->solve.t1);
    q_finish(&q);
    q_state_clear(&q);
    return 0;
}
