/* body.c -- a mesh, its BVH and its motion as the query sees them: per
   node, the speed bound of its points, from the BVH's radius about the
   body origin (bvh.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "query_impl.h"
#include "vccd/bigalloc.h"

static int
check_motion(const vccd_query_body *b, const vccd_motion *m, vccd_error *e)
{
    const vccd_mesh *ms = b->bvh->mesh;
    if (m->type->dim != 3 && !ms->planar)
        return vccd_error_set(e, ms->name, 0, NULL, NULL,
                              "motion %s is planar: a 3D mesh needs a 3D motion", m->type->name);
    if (m->type->dim != 2 && ms->planar)
        return vccd_error_set(e, ms->name, 0, NULL, NULL,
                              "motion %s is 3D: a 2D body (polygon) needs a planar motion (ltlrm2d)", m->type->name);
    if (m->type->per_vertex && m->nvertices < ms->nv)
        return vccd_error_set(e, ms->name, 0, NULL, NULL, "motion %s moves %d vertices, the mesh has %ld",
                              m->type->name, m->nvertices, ms->nv);
    return 0;
}

int
vccd_query_body_init(vccd_query_body *b, const vccd_bvh *h, const vccd_motion *m, vccd_error *e)
{
    const vccd_mesh *ms = h->mesh;
    long n = h->nnodes;

    memset(b, 0, sizeof *b);
    b->bvh = h;
    if (check_motion(b, m, e) != 0)
        return -1;
    b->m = m;
    b->have_pf = vccd_motion_pose_frame_init(&b->pf, m) == 0;
    b->rad = h->rad;
    b->ext = h->ext;
    /* zeroed: nothing made yet (query.h) */
    b->speed = vccd_big_calloc((size_t)n, sizeof *b->speed);
    b->size = vccd_big_calloc((size_t)n, sizeof *b->size);
    b->size_bv = -1;            /* none made yet (state.c) */
    if (!b->rad || !b->ext) {
        vccd_query_body_clear(b);
        return vccd_error_set(e, ms->name, 0, NULL, NULL, "the BVH has no node radii: build it with vccd_bvh_build");
    }
    if (!b->speed || !b->size) {
        vccd_query_body_clear(b);
        return vccd_error_set(e, ms->name, 0, NULL, NULL, "out of memory for the query");
    }
    return 0;
}

int
vccd_query_body_set_motion(vccd_query_body *b, const vccd_motion *m, vccd_error *e)
{
    if (check_motion(b, m, e) != 0)
        return -1;
    b->m = m;
    b->have_pf = vccd_motion_pose_frame_init(&b->pf, m) == 0;
    memset(b->speed, 0, (size_t)b->bvh->nnodes * sizeof *b->speed);
    return 0;
}

void
vccd_query_body_clear(vccd_query_body *b)
{
    free(b->speed);
    free(b->size);
    memset(b, 0, sizeof *b);
}

double
vccd_query_body_speed(vccd_query_body *b, long i)
{
    if (!q_made(b->speed[i])) {
        double s, acc;
        /* Per-vertex models bound every vertex at once (r ignored), at a
           cost of one pass over the vertices: the bound is every node's,
           set once (a 9,450-vertex cloth against a ball spent a fifth of
           its query here, node after node). */
        int pv = b->m->type->per_vertex;
        vccd_motion_bounds(&s, &acc, b->m, pv ? 0.0 : b->rad[i]);
        s = s == s && s >= 0.0 ? s : INFINITY;
        if (pv)
            for (long k = 0; k < b->bvh->nnodes; k++)
                b->speed[k] = -s;
        b->speed[i] = -s;
    }
    return -b->speed[i];
}
