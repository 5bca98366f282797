/* body.c -- a mesh, its BVH and its motion as the query sees them: per
   node, the radius about the body origin that the speed bounds need and
   a size for ComputeN. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "query_impl.h"
#include "vccd/bigalloc.h"
#include "vccd/omp.h"

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
    b->rad = vccd_big_malloc((size_t)n * sizeof *b->rad);
    b->ext = vccd_big_malloc((size_t)n * sizeof *b->ext);
    b->speed = vccd_big_malloc((size_t)n * sizeof *b->speed);
    b->size = vccd_big_malloc((size_t)n * sizeof *b->size);
    b->size_bv = -1;            /* none made yet (state.c) */
    if (!b->rad || !b->ext || !b->speed || !b->size) {
        vccd_query_body_clear(b);
        return vccd_error_set(e, ms->name, 0, NULL, NULL, "out of memory for the query");
    }
    /* The leaves from their vertices, independently: in parallel for a
       big mesh (a million-triangle body spent 150 ms here, every query). */
    VCCD_OMP(omp parallel for schedule(static) if (n >= 65536))
    for (long i = 0; i < n; i++) {
        const vccd_bvh_node *nd = &h->node[i];
        double lo[3] = { INFINITY, INFINITY, INFINITY }, hi[3] = { -INFINITY, -INFINITY, -INFINITY }, r = 0.0;
        if (nd->left != 0)
            continue;
        for (long k = 0; k < 3L * nd->n; k++) {
            const double *p = ms->v[ms->t[h->tri[nd->start + k / 3]][k % 3]];
            /* |p| rounded up: three squares and two sums, each up. */
            double s = Q_UP(Q_UP(Q_UP(p[0] * p[0]) + Q_UP(p[1] * p[1])) + Q_UP(p[2] * p[2]));
            s = Q_UP(sqrt(s));
            r = s > r ? s : r;
            for (int c = 0; c < 3; c++) {
                lo[c] = p[c] < lo[c] ? p[c] : lo[c];
                hi[c] = p[c] > hi[c] ? p[c] : hi[c];
            }
        }
        b->rad[i] = r;
        {
            double d2 = 0.0;
            for (int c = 0; c < 3; c++)
                d2 += (hi[c] - lo[c]) * (hi[c] - lo[c]);
            b->ext[i] = 0.5 * sqrt(d2);
        }
        b->speed[i] = NAN;
    }
    /* Children follow their parent in the node array (build.c), so one
       backward pass fills every inner node from its children. */
    for (long i = n - 1; i >= 0; i--) {
        const vccd_bvh_node *nd = &h->node[i];
        if (nd->left != 0) {
            double x = b->ext[nd->left], y = b->ext[nd->left + 1];
            double u = b->rad[nd->left], w = b->rad[nd->left + 1];
            b->rad[i] = u > w ? u : w;
            /* a size, not a bound: the larger child's, grown */
            b->ext[i] = (x > y ? x : y) * 1.5;
            b->speed[i] = NAN;
        }
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
    for (long i = 0; i < b->bvh->nnodes; i++)
        b->speed[i] = NAN;
    return 0;
}

void
vccd_query_body_clear(vccd_query_body *b)
{
    free(b->rad);
    free(b->ext);
    free(b->speed);
    free(b->size);
    memset(b, 0, sizeof *b);
}

double
vccd_query_body_speed(vccd_query_body *b, long i)
{
    if (b->speed[i] != b->speed[i]) {
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
                b->speed[k] = s;
        b->speed[i] = s;
    }
    return b->speed[i];
}
