/* meshes.c -- vccd_toc_meshes and vccd_distance_meshes (toc.h): the
   mesh query and the distance at a time in one call each, the query
   bodies' per-node caches made and freed around it. */
#include <string.h>

#include "toc_impl.h"

void
vccd_toc_input_init(vccd_toc_input *in)
{
    memset(in, 0, sizeof *in);
    vccd_query_opts_init(&in->opts);
}

/* The query bodies of in: 0, or -1 with e set (nothing to clear). */
static int
bodies_init(vccd_query_body qb[2], const vccd_toc_input *in, vccd_error *e)
{
    for (int i = 0; i < 2; i++) {
        const vccd_toc_body *b = &in->body[i];
        if (!b->bvh || !b->motion) {
            if (i == 1)
                vccd_query_body_clear(&qb[0]);
            return vccd_error_set(e, "vccd_toc_input", 0, NULL, NULL, "body %d has no %s", i,
                                  b->bvh ? "motion" : "BVH");
        }
        if (vccd_query_body_init(&qb[i], b->bvh, b->motion, e) != 0) {
            if (i == 1)
                vccd_query_body_clear(&qb[0]);
            return -1;
        }
    }
    return 0;
}

int
vccd_toc_meshes(vccd_toc_answer *answer, vccd_toc_stats *stats, const vccd_toc_input *in, vccd_error *e)
{
    vccd_query_body qb[2];
    vccd_query_result r;
    int rc;

    memset(answer, 0, sizeof *answer);
    if (stats)
        memset(stats, 0, sizeof *stats);
    /* the safe time's gap is the rigorous distance of posed meshes,
       which a deforming one has not: refused rather than answered
       without the safe_t asked for (toc.h) */
    for (int i = 0; i < 2 && in->opts.eps_d > 0.0; i++)
        if (in->body[i].motion && in->body[i].motion->type->per_vertex)
            return vccd_error_set(e, "vccd_toc_input", 0, NULL, NULL,
                                  "eps_d: the step back needs rigid motions (body %d moves its vertices: %s)", i,
                                  in->body[i].motion->type->name);
    /* an eps_t the arithmetic cannot resolve could not be kept by a
       certified answer (solver.h) */
    if (vccd_solve_opts_check(&in->opts.solve, "vccd_toc_meshes", e) != 0)
        return -1;
    if (bodies_init(qb, in, e) != 0)
        return -1;
    memset(&r, 0, sizeof r);
    rc = vccd_query_toc(&r, &qb[0], &qb[1], &in->opts, e);
    vccd_toc_answer_from_query(answer, stats, &r, &in->opts);
    vccd_query_body_clear(&qb[0]);
    vccd_query_body_clear(&qb[1]);
    return rc;
}

int
vccd_distance_meshes(vccd_distance_result *d, const vccd_toc_input *in, double t, vccd_error *e)
{
    vccd_query_body qb[2];
    int rc;

    memset(d, 0, sizeof *d);
    if (!(t >= 0.0 && t <= 1.0))
        return vccd_error_set(e, "vccd_distance_meshes", 0, NULL, NULL, "t = %g is not in [0, 1]", t);
    if (bodies_init(qb, in, e) != 0)
        return -1;
    rc = vccd_query_distance_at(d, &qb[0], &qb[1], t, in->opts.bv, e);
    vccd_query_body_clear(&qb[0]);
    vccd_query_body_clear(&qb[1]);
    return rc;
}
