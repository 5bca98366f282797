/* linear.c -- the CCD benchmark's queries, four points on straight
   segments (toc.h): one reusable context, vccd_toc_linear_ctx, which
   vccd_toc_linear, vccd_toc_linear_batch and `vccd queries` all solve
   through.  A context holds one vertex-linear motion and one feature,
   refilled in place for each query: building a motion through the
   model's parser and a feature for each query was 80% of the batch's
   instructions (on the 2,824 sample queries: 199M for the motions and
   10M for the features, against 47M for the solves). */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "motion/number.h"
#include "toc_impl.h"
#include "vccd/fp.h"
#include "vccd/motions.h"

/* Layout of the vertex-linear parameters (motions/vertex_linear.c,
   motion.h's LINE form): per vertex i, x0 at 6i and u = x1 - x0 at
   6i + 3. */
enum { VL_X = 0, VL_U = 3, VL_STRIDE = 6 };

struct vccd_toc_linear_ctx {
    vccd_feature_kind kind;
    vccd_solve_opts o;
    vccd_motion *m;
    vccd_track tr[4];
    vccd_feature *f;            /* in fmem once a query is set */
    /* The solve reads the MPFR parameters only when its arithmetic is
       MPFR or adaptive; otherwise set from doubles fills param_di and
       param_ui alone, and param holds [-inf, inf] (sound if anything
       ever read it). */
    int lazy;
    int ready;                  /* a query is set (the last _set succeeded) */
    _Alignas(max_align_t) unsigned char fmem[VCCD_FEATURE_BYTES];
};

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

/* In a lazy context, param := [-inf, inf]. */
static void
lazy_params(vccd_toc_linear_ctx *c)
{
    if (c->lazy)
        for (int i = 0; i < c->m->nparams; i++)
            vccd_mi_set_entire(&c->m->param[i]);
}

vccd_toc_linear_ctx *
vccd_toc_linear_ctx_new(vccd_feature_kind kind, const vccd_solve_opts *o, vccd_error *e)
{
    static const double zero[4][3];
    vccd_toc_linear_ctx *c;

    if (kind != VCCD_FEATURE_VF && kind != VCCD_FEATURE_EE) {
        vccd_error_set(e, "vccd_toc_linear", 0, NULL, NULL, "kind %d: a linear query is vertex-face or edge-edge",
                       (int)kind);
        return NULL;
    }
    if (vccd_solve_opts_check(o, "vccd_toc_linear", e) != 0)
        return NULL;
    if (!(c = malloc(sizeof *c))) {
        vccd_error_set(e, "vccd_toc_linear", 0, NULL, NULL, "out of memory");
        return NULL;
    }
    c->kind = kind;
    c->o = *o;
    c->f = NULL;
    c->ready = 0;
    c->lazy = o->arith.kind == VCCD_ARITH_BINARY64 || o->arith.kind == VCCD_ARITH_UNROUNDED;
    /* the one constructor makes the motion (its type, vertex count and
       precision); the queries then refill its parameters */
    if (!(c->m = vccd_motion_vertex_linear_new(&zero[0][0], &zero[0][0], 4, vccd_toc_motion_prec(o), e))) {
        free(c);
        return NULL;
    }
    lazy_params(c);
    for (int i = 0; i < 4; i++) {
        c->tr[i].m = c->m;
        c->tr[i].vertex = i;
        c->tr[i].p[0] = c->tr[i].p[1] = c->tr[i].p[2] = 0.0;
    }
    return c;
}

const vccd_motion *
vccd_toc_linear_ctx_motion(const vccd_toc_linear_ctx *c)
{
    return c->m;
}

void
vccd_toc_linear_ctx_free(vccd_toc_linear_ctx *c)
{
    if (!c)
        return;
    vccd_feature_clear(c->f);
    vccd_motion_free(c->m);
    free(c);
}

/* The feature of the query just set, in c's storage (made as
   vccd_feature_new makes one). */
static void
feature_set(vccd_toc_linear_ctx *c)
{
    if (c->f)
        vccd_feature_reset_framed(c->f, c->kind, c->tr, NULL, &c->o.arith);
    else
        c->f = vccd_feature_init_framed(c->fmem, c->kind, c->tr, NULL, &c->o.arith);
}

/* [lo, hi] := mpfr_get_d(RNDD) and mpfr_get_d(RNDU) of the enclosure
   vccd_mi_sub gives of x1 - x0 (doubles, exact in MPFR) at prec: the
   binary64 parameter vccd_motion_sync makes of it.  Rounding down to
   prec bits and then to 53 is rounding down to 53 bits (the 53-bit
   doubles are prec-bit numbers, and MPFR's exponent range holds every
   double's), so [lo, hi] is x1 - x0 rounded down and up to binary64:
   the difference s as rounded in the caller's mode (one of the two
   doubles around x1 - x0), the sign of its error (Fast2Sum, which no
   overflow disturbs below 2^1020), then one ulp toward the exact value.
   Zeros carry IEEE's signs as MPFR's do: an exact zero difference is
   -0 rounded down and +0 rounded up, but +0 - (-0) = +0 and
   -0 - (+0) = -0 in every mode.  Past 2^1020, MPFR itself. */
static void
diff_d(double *lo, double *hi, double x1, double x0, mpfr_prec_t prec)
{
    if (fabs(x1) < 0x1p1020 && fabs(x0) < 0x1p1020) {
        /* Fast2Sum on a = the larger, b = the smaller of x1 and -x0:
           z = s - a is exact, so err = b - z is a + b - s rounded,
           which keeps the sign of that nonzero multiple of 2^-1074 in
           every rounding mode.  (TwoSum's error term is exact only to
           nearest: rounding up or down it could come out 0 or of the
           wrong sign, and the caller's rounding mode is not ours to
           assume; fp.h.) */
        double a = x1, b = -x0, s, z, err;
        if (fabs(a) < fabs(b)) {
            double w = a;
            a = b;
            b = w;
        }
        s = a + b;
        z = s - a;
        err = b - z;
        if (s != 0.0 || err != 0.0) {
            *lo = err < 0.0 ? vccd_fp_next_down(s) : s;
            *hi = err > 0.0 ? vccd_fp_next_up(s) : s;
        } else {
            int p1 = !signbit(x1), p0 = !signbit(x0);
            *lo = x1 == 0.0 && x0 == 0.0 && p1 && !p0 ? 0.0 : -0.0;
            *hi = x1 == 0.0 && x0 == 0.0 && !p1 && p0 ? -0.0 : 0.0;
        }
    } else {
        VCCD_MI_TMP(a, prec);
        VCCD_MI_TMP(b, prec);
        vccd_di d;
        vccd_mi_set_d(a, x1);
        vccd_mi_set_d(b, x0);
        vccd_mi_sub(a, a, b);
        d = vccd_mi_get_di(a);
        *lo = d.lo;
        *hi = d.hi;
    }
}

int
vccd_toc_linear_ctx_set(vccd_toc_linear_ctx *c, const double x0[4][3], const double x1[4][3], vccd_error *e)
{
    vccd_motion *m = c->m;

    c->ready = 0;
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++)
            if (!isfinite(x0[i][k]) || !isfinite(x1[i][k]))
                return vccd_error_set(e, "vccd_toc_linear", 0, NULL, NULL, "point %d: coordinate %d is %s", i, k,
                                      isnan(x0[i][k]) || isnan(x1[i][k]) ? "NaN" : "infinite");
    if (c->lazy) {
        /* what vccd_motion_sync would make of the parameters the
           constructor sets (diff_d), without them */
        for (int i = 0; i < 4; i++)
            for (int k = 0; k < 3; k++) {
                int ix = VL_STRIDE * i + VL_X + k, iu = VL_STRIDE * i + VL_U + k;
                double lo, hi;
                m->param_di[ix].lo = m->param_di[ix].hi = x0[i][k];
                m->param_ui[ix] = vccd_ui_set_2d(x0[i][k], x0[i][k]);
                diff_d(&lo, &hi, x1[i][k], x0[i][k], m->prec);
                m->param_di[iu].lo = lo;
                m->param_di[iu].hi = hi;
                m->param_ui[iu] = vccd_ui_set_2d(lo, hi);
            }
    } else {
        /* the constructor's operations (vertex_linear_parse): x0 and x1
           exact, then the outward-rounded difference */
        for (int i = 0; i < 4; i++)
            for (int k = 0; k < 3; k++) {
                vccd_mi_struct *P = m->param + VL_STRIDE * i;
                vccd_mi_set_d(&P[VL_X + k], x0[i][k]);
                vccd_mi_set_d(&P[VL_U + k], x1[i][k]);
                vccd_mi_sub(&P[VL_U + k], &P[VL_U + k], &P[VL_X + k]);
            }
        vccd_motion_sync(m);
    }
    feature_set(c);
    c->ready = 1;
    return 0;
}

int
vccd_toc_linear_ctx_set_str(vccd_toc_linear_ctx *c, char *const *x, vccd_error *e)
{
    vccd_motion *m = c->m;

    c->ready = 0;
    /* as vccd_motion_parse_reals encloses text, then the difference */
    for (int r = 0; r < 8; r++)
        for (int k = 0; k < 3; k++) {
            vccd_mi_struct *P = &m->param[VL_STRIDE * (r % 4) + (r < 4 ? VL_X : VL_U) + k];
            if (!vccd_motion_number_chars(x[3 * r + k], strlen(x[3 * r + k]))
                || vccd_mi_set_str(P, x[3 * r + k]) != 0 || !vccd_mi_is_bounded(P)
                || !vccd_di_is_bounded(vccd_mi_get_di(P))) {
                lazy_params(c);
                return vccd_error_set(e, "vccd_toc_linear", 0, NULL, NULL,
                                      "row %d: coordinate %d: '%.40s' is not a finite number in the binary64 range",
                                      r, k, x[3 * r + k]);
            }
        }
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++) {
            vccd_mi_struct *P = m->param + VL_STRIDE * i;
            vccd_mi_sub(&P[VL_U + k], &P[VL_U + k], &P[VL_X + k]);
        }
    vccd_motion_sync(m);
    lazy_params(c);
    feature_set(c);
    c->ready = 1;
    return 0;
}

int
vccd_toc_linear_ctx_solve_within(vccd_toc_answer *answer, vccd_toc_stats *stats, vccd_toc_linear_ctx *c, double d,
                                 vccd_error *e)
{
    vccd_toc r;
    if (!c->ready || !(d >= 0.0) || d == INFINITY) {
        memset(answer, 0, sizeof *answer);
        if (stats)
            memset(stats, 0, sizeof *stats);
        return c->ready ? vccd_error_set(e, "vccd_toc_linear", 0, NULL, NULL, "min_separation %g is not finite and >= 0", d)
                        : vccd_error_set(e, "vccd_toc_linear", 0, NULL, NULL, "no query set");
    }
    /* as vccd_toc_pair solves a lone pair: every piece */
    vccd_solve_minsep(&r, c->f, d, 0, &c->o);
    vccd_toc_answer_from_solve(answer, stats, &r, c->kind, &c->o);
    return 0;
}

int
vccd_toc_linear_ctx_solve(vccd_toc_answer *answer, vccd_toc_stats *stats, vccd_toc_linear_ctx *c, vccd_error *e)
{
    return vccd_toc_linear_ctx_solve_within(answer, stats, c, 0.0, e);
}

int
vccd_toc_linear(vccd_toc_answer *answer, vccd_toc_stats *stats, vccd_feature_kind kind, const double x0[4][3],
                const double x1[4][3], const vccd_solve_opts *o, vccd_error *e)
{
    vccd_toc_linear_ctx *c;
    int rc;

    memset(answer, 0, sizeof *answer);
    if (stats)
        memset(stats, 0, sizeof *stats);
    if (!(c = vccd_toc_linear_ctx_new(kind, o, e)))
        return -1;
    rc = vccd_toc_linear_ctx_set(c, x0, x1, e);
    if (rc == 0)
        rc = vccd_toc_linear_ctx_solve(answer, stats, c, e);
    vccd_toc_linear_ctx_free(c);
    return rc;
}

int
vccd_toc_linear_batch(int *status, double *lo, double *hi, const double (*q)[8][3], long n, vccd_feature_kind kind,
                      const vccd_solve_opts *o, vccd_error *e)
{
    vccd_toc_linear_ctx *c;
    int rc = 0;

    if (n <= 0)
        return 0;
    if (!(c = vccd_toc_linear_ctx_new(kind, o, e))) {
        char msg[sizeof e->msg];
        memcpy(msg, e->msg, sizeof msg);
        return vccd_error_set(e, "vccd_toc_linear_batch", 0, NULL, NULL, "query 0: %s", msg);
    }
    for (long i = 0; i < n && rc == 0; i++) {
        vccd_toc_answer a;
        if (vccd_toc_linear_ctx_set(c, q[i], q[i] + 4, e) != 0 || vccd_toc_linear_ctx_solve(&a, NULL, c, e) != 0) {
            char msg[sizeof e->msg];
            memcpy(msg, e->msg, sizeof msg);
            rc = vccd_error_set(e, "vccd_toc_linear_batch", 0, NULL, NULL, "query %ld: %s", i, msg);
            break;
        }
        if (status)
            status[i] = (int)a.status;
        if (lo)
            lo[i] = a.lo;
        if (hi)
            hi[i] = a.hi;
    }
    vccd_toc_linear_ctx_free(c);
    return rc;
}
