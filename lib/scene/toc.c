/* toc.c -- the scene's narrow phase (scene.h): every candidate solved
   as a linear query, then the scene's earliest contact.  Each pair is
   solved over the whole domain whatever the others found, so that its
   answer, and so the scene's, is the same for any thread count and any
   order (a domain cut at the best hi so far would make each answer
   depend on which pairs a thread met first). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scene_impl.h"
#include "vccd/di.h"
#include "vccd/fp.h"

void
vccd_scene_opts_init(vccd_scene_opts *o)
{
    memset(o, 0, sizeof *o);
    vccd_solve_opts_init(&o->solve);
    o->min_separation = 0.0;
}

/* Is candidate p inside s's arrays, and of a kind the scene has? */
static int
pair_ok(const vccd_scene *s, vccd_scene_pair p)
{
    if (p.kind == VCCD_FEATURE_VF)
        return p.a >= 0 && p.a < s->mesh.nv && p.b >= 0 && p.b < s->mesh.nt;
    return p.kind == VCCD_FEATURE_EE && p.a >= 0 && p.a < s->mesh.ne && p.b >= 0 && p.b < s->mesh.ne;
}

/* Solve candidates idx[0..n) (indices into c) into r, in parallel.
   0, or -1 when out of memory. */
static int
solve_some(vccd_scene_pair_answer *r, long *boxes, long *escalations, const vccd_scene *s,
           const vccd_scene_candidates *c, const long *idx, long n, const vccd_scene_opts *o)
{
    long bx = 0, es = 0;
    int failed = 0;
    VCCD_OMP(omp parallel reduction(+ : bx, es) reduction(| : failed))
    {
        /* one context per kind and thread: a context is mutable */
        vccd_error te;
        vccd_toc_linear_ctx *ctx[2] = { vccd_toc_linear_ctx_new(VCCD_FEATURE_VF, &o->solve, &te),
                                        vccd_toc_linear_ctx_new(VCCD_FEATURE_EE, &o->solve, &te) };
        failed = !ctx[0] || !ctx[1];
        VCCD_OMP(omp for schedule(dynamic, 64))
        for (long j = 0; j < n; j++) {
            long i = idx ? idx[j] : j;
            double x0[4][3], x1[4][3];
            vccd_toc_answer ans;
            vccd_toc_stats st;
            vccd_toc_linear_ctx *cx = ctx[c->p[i].kind != VCCD_FEATURE_VF];
            if (failed)
                continue;
            vccd_scene_pair_points(x0, x1, s, c->p[i]);
            /* the scene's coordinates are finite (checked at load), so
               neither call fails on them */
            if (vccd_toc_linear_ctx_set(cx, x0, x1, &te) != 0
                || vccd_toc_linear_ctx_solve_within(&ans, &st, cx, o->min_separation, &te) != 0) {
                failed = 1;
                continue;
            }
            r[i].status = ans.status;
            r[i].lo = ans.lo;
            r[i].hi = ans.hi;
            r[i].limited = ans.limited;
            bx += st.solver_boxes;
            es += st.escalations;
        }
        vccd_toc_linear_ctx_free(ctx[0]);
        vccd_toc_linear_ctx_free(ctx[1]);
    }
    *boxes += bx;
    *escalations += es;
    return failed ? -1 : 0;
}

/* Candidate i's answer r into a: the least lo (ties: the lower index),
   the least certified hi. */
static void
reduce(vccd_scene_answer *a, long *best, const vccd_scene_pair_answer *r, const vccd_scene_candidates *c, long i)
{
    a->solved++;
    a->limited += r->limited;
    if (r->status == VCCD_TOC_NONE) {
        a->none++;
        return;
    }
    if (r->status == VCCD_TOC_CERTIFIED) {
        a->certified++;
        if (a->status != VCCD_TOC_CERTIFIED || r->hi < a->hi)
            a->hi = r->hi;
        a->status = VCCD_TOC_CERTIFIED;
    } else {
        a->possible++;
        if (a->status == VCCD_TOC_NONE)
            a->status = VCCD_TOC_POSSIBLE;
    }
    if (*best < 0 || r->lo < a->lo || (r->lo == a->lo && i < *best)) {
        a->lo = r->lo;
        a->pair = c->p[i];
        a->have_pair = 1;
        *best = i;
    }
}

/* Buckets of the earliest-contact search: pairs are solved in the order
   of their lower bounds (below), a bucket of 1/EARLY_BUCKETS of the
   step at a time. */
#define EARLY_BUCKETS 4096

/* Along the direction n (exact doubles; nmax >= |n|; ax >= 0: the
   coordinate axis ax, n unused), the gap at ta
   between the projections of points x[0 .. na - 1] (feature A) and x[na
   .. 3] (B), which move at the constant velocities u, closes no faster
   than the highest projected velocity on the near side less the lowest
   on the far side: the time it takes to come down to d |n| (every step
   rounded down), 2 when it never does, -1 when nothing is proved. */
static double
axis_time(const vccd_di_vec3 *x, const vccd_di_vec3 *u, int na, int ax, const double n[3], double nmax, double ta,
          double d)
{
    double ahi = -INFINITY, alo = INFINITY, bhi = -INFINITY, blo = INFINITY;
    double auhi = -INFINITY, aulo = INFINITY, buhi = -INFINITY, bulo = INFINITY, best = -1.0;
    double dn = d > 0.0 ? vccd_fp_next_up(d * nmax) : 0.0;
    for (int i = 0; i < 4; i++) {
        vccd_di px, pu;
        if (ax >= 0) {          /* a coordinate axis: the coordinate */
            px = x[i].c[ax];
            pu = u[i].c[ax];
        } else {
            px = vccd_di_add(vccd_di_add(vccd_di_mul_d(x[i].c[0], n[0]), vccd_di_mul_d(x[i].c[1], n[1])),
                             vccd_di_mul_d(x[i].c[2], n[2]));
            pu = vccd_di_add(vccd_di_add(vccd_di_mul_d(u[i].c[0], n[0]), vccd_di_mul_d(u[i].c[1], n[1])),
                             vccd_di_mul_d(u[i].c[2], n[2]));
        }
        if (i < na) {
            ahi = fmax(ahi, px.hi);
            alo = fmin(alo, px.lo);
            auhi = fmax(auhi, pu.hi);
            aulo = fmin(aulo, pu.lo);
        } else {
            bhi = fmax(bhi, px.hi);
            blo = fmin(blo, px.lo);
            buhi = fmax(buhi, pu.hi);
            bulo = fmin(bulo, pu.lo);
        }
    }
    for (int side = 0; side < 2; side++) {
        /* side 0: B above A, the gap blo - ahi closing at auhi - bulo;
           side 1: A above B */
        double gap = side ? vccd_fp_next_down(alo - bhi) : vccd_fp_next_down(blo - ahi);
        double rate = side ? vccd_fp_next_up(buhi - aulo) : vccd_fp_next_up(auhi - bulo), t;
        gap = vccd_fp_next_down(gap - dn);
        if (!(gap > 0.0) || rate != rate)
            continue;           /* nothing proved */
        if (rate <= 0.0)
            return 2.0;         /* never closes: not within d in [ta, 1] */
        t = vccd_fp_next_down(ta + vccd_fp_next_down(gap / rate));
        best = t > best ? t : best;
    }
    return best;
}

/* sc_pair_lower: a lower bound of the first time candidate p can come
   within d.  Before the start ta of its first slice its boxes do not
   overlap; from ta on, axis_time along the three coordinate axes and
   along the normal of the face (vertex-face) or of the two edges
   (edge-edge) at ta.  That normal is taken in plain doubles from the
   midpoints (any direction proves; this one separates features on a
   curved surface whose boxes overlap, which the coordinate axes cannot:
   a vertex and a face of one ball of n-body-simulation, moving together,
   never close along it).  The largest time; 2 (past 1) when some axis
   never closes. */
double
sc_pair_lower(const vccd_scene *s, vccd_scene_pair p, double ta, double d)
{
    double x0[4][3], x1[4][3], m[4][3], e1[3], e2[3], n[3], nmax = 0.0, best = ta, t;
    vccd_di_vec3 x[4], u[4];
    int na = p.kind == VCCD_FEATURE_VF ? 1 : 2;
    vccd_scene_pair_points(x0, x1, s, p);
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++) {
            u[i].c[k] = vccd_di_sub(vccd_di_set_d(x1[i][k]), vccd_di_set_d(x0[i][k]));
            x[i].c[k] = vccd_di_add(vccd_di_set_d(x0[i][k]), vccd_di_mul_d(u[i].c[k], ta));
            m[i][k] = 0.5 * x[i].c[k].lo + 0.5 * x[i].c[k].hi;
        }
    for (int k = 0; k < 4; k++) {
        if (k < 3) {
            t = axis_time(x, u, na, k, NULL, 1.0, ta, d);
        } else {
            for (int c = 0; c < 3; c++) {
                e1[c] = na == 1 ? m[2][c] - m[1][c] : m[1][c] - m[0][c];
                e2[c] = na == 1 ? m[3][c] - m[1][c] : m[3][c] - m[2][c];
            }
            n[0] = e1[1] * e2[2] - e1[2] * e2[1];
            n[1] = e1[2] * e2[0] - e1[0] * e2[2];
            n[2] = e1[0] * e2[1] - e1[1] * e2[0];
            /* |n|_2 <= |n|_1, rounded up */
            nmax = vccd_fp_next_up(vccd_fp_next_up(fabs(n[0]) + fabs(n[1])) + fabs(n[2]));
            if (!(nmax > 0.0) || !(nmax < INFINITY))
                continue;
            t = axis_time(x, u, na, -1, n, nmax, ta, d);
        }
        if (t >= 2.0)
            return 2.0;
        best = t > best ? t : best;
    }
    return best;
}

int
vccd_scene_toc(vccd_scene_answer *a, vccd_scene_pair_answer *per, const vccd_scene *s,
               const vccd_scene_candidates *c, const vccd_scene_opts *o, vccd_error *e)
{
    vccd_scene_pair_answer *r = per;
    long *idx = NULL, *first = NULL, best = -1;
    int rc = 0;

    memset(a, 0, sizeof *a);
    a->status = VCCD_TOC_NONE;
    a->lo = a->hi = o->solve.t1;
    if (vccd_solve_opts_check(&o->solve, "vccd_scene_toc", e) != 0)
        return -1;
    if (!(o->min_separation >= 0.0) || o->min_separation == INFINITY)
        return vccd_error_set(e, "vccd_scene_toc", 0, NULL, NULL, "min_separation %g is not finite and >= 0",
                              o->min_separation);
    if (o->min_separation > c->min_separation)
        return vccd_error_set(e, "vccd_scene_toc", 0, NULL, NULL,
                              "min_separation %.17g is above the broad phase's %.17g: a pair it left out may be "
                              "within it", o->min_separation, c->min_separation);
    for (long i = 0; i < c->n; i++)
        if (!pair_ok(s, c->p[i]) || (c->slices > 0 && (c->p[i].slice < 0 || c->p[i].slice >= c->slices)))
            return vccd_error_set(e, "vccd_scene_toc", 0, NULL, NULL,
                                  "candidate %ld (kind %d, %ld, %ld, slice %d) is not a pair of this scene", i,
                                  (int)c->p[i].kind, (long)c->p[i].a, (long)c->p[i].b, (int)c->p[i].slice);
    a->candidates = c->n;
    if (r) {
        /* every pair */
        if (solve_some(r, &a->solver_boxes, &a->escalations, s, c, NULL, c->n, o) != 0)
            return vccd_error_set(e, "vccd_scene_toc", 0, NULL, NULL, "out of memory");
        for (long i = 0; i < c->n; i++)
            reduce(a, &best, &r[i], c, i);
    } else {
        /* In the order of each pair's lower bound (sc_pair_lower), a bucket
           at a time, until a certified contact ends before the next
           bucket starts: the pairs left cannot touch before that start,
           so neither their contact nor their bounds can come first.
           The buckets and the order within them (the candidates' order)
           depend on the pairs alone: the same answer on any thread
           count. */
        double *lb = malloc((size_t)(c->n > 0 ? c->n : 1) * sizeof *lb);
        long nb = EARLY_BUCKETS + 1;
        r = malloc((size_t)(c->n > 0 ? c->n : 1) * sizeof *r);
        idx = malloc((size_t)(c->n > 0 ? c->n : 1) * sizeof *idx);
        first = calloc((size_t)nb + 1, sizeof *first);
        if (!lb || !r || !idx || !first) {
            free(lb);
            rc = vccd_error_set(e, "vccd_scene_toc", 0, NULL, NULL, "out of memory");
            goto done;
        }
        VCCD_OMP(omp parallel for schedule(static))
        for (long i = 0; i < c->n; i++) {
            double ta = c->slices > 0 ? sc_slice_time(c->p[i].slice, c->slices) : 0.0;
            double t = sc_pair_lower(s, c->p[i], ta, o->min_separation);
            /* bucket floor(t * B), rounded down; past the domain: last */
            lb[i] = t >= 1.0 ? (double)EARLY_BUCKETS : floor(t * EARLY_BUCKETS);
        }
        for (long i = 0; i < c->n; i++)
            first[(long)lb[i] + 1]++;
        for (long k = 0; k < nb; k++)
            first[k + 1] += first[k];
        for (long i = 0; i < c->n; i++)
            idx[first[(long)lb[i]]++] = i;
        for (long k = nb; k > 0; k--)       /* back to the starts */
            first[k] = first[k - 1];
        first[0] = 0;
        free(lb);
        for (long k = 0; k < nb; k++) {
            /* every pair from bucket k on is free before k / B (rounded
               down: the bucket index was) */
            if (a->status == VCCD_TOC_CERTIFIED && a->hi < (double)k / EARLY_BUCKETS)
                break;
            if (first[k + 1] == first[k])
                continue;
            if (solve_some(r, &a->solver_boxes, &a->escalations, s, c, idx + first[k], first[k + 1] - first[k], o)
                != 0) {
                rc = vccd_error_set(e, "vccd_scene_toc", 0, NULL, NULL, "out of memory");
                goto done;
            }
            for (long j = first[k]; j < first[k + 1]; j++)
                reduce(a, &best, &r[idx[j]], c, idx[j]);
        }
    }
    if (a->status == VCCD_TOC_POSSIBLE)
        a->hi = o->solve.t1;
done:
    if (r != per)
        free(r);
    free(idx);
    free(first);
    return rc;
}
