/* linear.c -- vccd_toc_linear and vccd_toc_linear_batch (toc.h): the CCD
   benchmark's queries, four points on straight segments, from doubles
   taken exactly. */
#include <math.h>
#include <string.h>

#include "toc_impl.h"
#include "vccd/motions.h"

/* Motion parameters at least as precise as the finest arithmetic the
   solve uses, so that no MPFR run sees rounded inputs (the displacement
   x1 - x0 of two doubles is exact from 2100 bits on; below, its
   enclosure is outward-rounded).  The config reader uses it too. */
mpfr_prec_t
vccd_toc_motion_prec(const vccd_solve_opts *o)
{
    mpfr_prec_t p = 320;
    if (o->arith.kind == VCCD_ARITH_MPFR && o->arith.prec > p)
        p = o->arith.prec;
    if (o->arith.kind == VCCD_ARITH_ADAPTIVE && o->max_precision > p)
        p = o->max_precision;
    return p;
}

int
vccd_toc_linear(vccd_toc_answer *answer, vccd_toc_stats *stats, vccd_feature_kind kind, const double x0[4][3],
                const double x1[4][3], const vccd_solve_opts *o, vccd_error *e)
{
    vccd_pair_input in;
    vccd_motion *m;
    int rc;

    memset(answer, 0, sizeof *answer);
    if (stats)
        memset(stats, 0, sizeof *stats);
    if (kind != VCCD_FEATURE_VF && kind != VCCD_FEATURE_EE)
        return vccd_error_set(e, "vccd_toc_linear", 0, NULL, NULL,
                              "kind %d: a linear query is vertex-face or edge-edge", (int)kind);
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++)
            if (!isfinite(x0[i][k]) || !isfinite(x1[i][k]))
                return vccd_error_set(e, "vccd_toc_linear", 0, NULL, NULL, "point %d: coordinate %d is %s", i, k,
                                      isnan(x0[i][k]) || isnan(x1[i][k]) ? "NaN" : "infinite");
    if (!(m = vccd_motion_vertex_linear_new(&x0[0][0], &x1[0][0], 4, vccd_toc_motion_prec(o), e)))
        return -1;
    in.kind = kind;
    in.min_separation = 0.0;
    in.solve = *o;
    for (int i = 0; i < 4; i++) {
        in.point[i].m = m;
        in.point[i].vertex = i;
        in.point[i].p[0] = in.point[i].p[1] = in.point[i].p[2] = 0.0;
    }
    rc = vccd_toc_pair(answer, stats, &in, e);
    vccd_motion_free(m);
    return rc;
}

int
vccd_toc_linear_batch(int *status, double *lo, double *hi, const double (*q)[8][3], long n, vccd_feature_kind kind,
                      const vccd_solve_opts *o, vccd_error *e)
{
    for (long i = 0; i < n; i++) {
        vccd_toc_answer a;
        if (vccd_toc_linear(&a, NULL, kind, q[i], q[i] + 4, o, e) != 0) {
            char msg[sizeof e->msg];
            memcpy(msg, e->msg, sizeof msg);
            return vccd_error_set(e, "vccd_toc_linear_batch", 0, NULL, NULL, "query %ld: %s", i, msg);
        }
        if (status)
            status[i] = (int)a.status;
        if (lo)
            lo[i] = a.lo;
        if (hi)
            hi[i] = a.hi;
    }
    return 0;
}
