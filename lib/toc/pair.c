/* pair.c -- vccd_toc_pair (toc.h): one feature pair under any motions,
   every point checked against its motion before the solve, since the
   motion kernels see only their parameters and cannot check. */
#include <math.h>
#include <string.h>

#include "toc_impl.h"

void
vccd_pair_input_init(vccd_pair_input *in)
{
    memset(in, 0, sizeof *in);
    in->kind = VCCD_FEATURE_VF;
    vccd_solve_opts_init(&in->solve);
}

static int
check_point(const vccd_track *t, int i, vccd_error *e)
{
    const char *who = "vccd_toc_pair";
    const vccd_motion *m = t->m;
    if (!m)
        return vccd_error_set(e, who, 0, NULL, NULL, "point %d has no motion", i);
    if (m->type->per_vertex) {
        if (t->vertex < 0 || t->vertex >= m->nvertices)
            return vccd_error_set(e, who, 0, NULL, NULL, "point %d: motion %s has %d vertices, no vertex %d", i,
                                  m->type->name, m->nvertices, t->vertex);
        return 0;
    }
    for (int k = 0; k < 3; k++)
        if (!isfinite(t->p[k]))
            return vccd_error_set(e, who, 0, NULL, NULL, "point %d: coordinate %d is not finite", i, k);
    if (m->type->dim == 2 && t->p[2] != 0.0)
        return vccd_error_set(e, who, 0, NULL, NULL, "point %d: motion %s is planar, so z must be 0", i,
                              m->type->name);
    return 0;
}

int
vccd_toc_pair(vccd_toc_answer *answer, vccd_toc_stats *stats, const vccd_pair_input *in, vccd_error *e)
{
    vccd_feature *f;
    vccd_toc r;
    int np = vccd_feature_kind_npoints(in->kind);

    memset(answer, 0, sizeof *answer);
    if (stats)
        memset(stats, 0, sizeof *stats);
    if (in->kind != VCCD_FEATURE_VF && in->kind != VCCD_FEATURE_EE && in->kind != VCCD_FEATURE_VE2D)
        return vccd_error_set(e, "vccd_toc_pair", 0, NULL, NULL, "unknown feature kind %d", (int)in->kind);
    for (int i = 0; i < np; i++)
        if (check_point(&in->point[i], i, e) != 0)
            return -1;
    if (vccd_solve_opts_check(&in->solve, "vccd_toc_pair", e) != 0)
        return -1;
    if (!(in->min_separation >= 0.0 && in->min_separation < INFINITY))
        return vccd_error_set(e, "vccd_toc_pair", 0, NULL, NULL, "min_separation = %g is not finite and >= 0",
                              in->min_separation);
    if (!(f = vccd_feature_new(in->kind, in->point, &in->solve.arith)))
        return vccd_error_set(e, "vccd_toc_pair", 0, NULL, NULL, "out of memory");
    /* a lone pair: every piece, the edges' ends included */
    vccd_solve_minsep(&r, f, in->min_separation, 0, &in->solve);
    vccd_feature_free(f);
    vccd_toc_answer_from_solve(answer, stats, &r, in->kind, &in->solve);
    return 0;
}
