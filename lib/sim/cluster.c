/* cluster.c -- the contacts an event's impulses act on (sim.h,
   vccd_sim_event_solve): the pairs near the event's two bodies, grown
   only where the solve pushes a body into another, instead of every
   contact of the scene.

   A solve over every pair within the band costs the whole scene's
   manifolds at every event, and it moves every body that rests on
   another (a resting contact's target is the separating speed), so in a
   pile of n bodies, whose events grow with n, a step cost n^2.  An
   impulse only travels as far as the bodies it pushes into others: a
   sphere landing on a pile pushes the column under it, not the far
   side. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "vccd/sim.h"

/* A boundary contact joins the cluster when the solve took more normal
   velocity from it than it could lose over the rest of the step without
   closing its gap (and it now approaches): a push that cannot close the
   gap before the step ends is the next step's resting solve's.  A tenth
   of the gap grew the pile of 256's clusters to 61 contacts an event,
   and its first 300 steps took 1.6x the time for 4% more events. */
#define GROW_GAP_SHARE 1.0

typedef struct {
    vccd_sim_contacts pool;         /* the manifolds made so far */
    size_t *off;                    /* candidate u's contacts: pool.c[off[u] ..] */
    int *cnt;                       /* how many; -1: not made */
    unsigned char *in;              /* candidate u is in the cluster */
    double (*v0)[6];                /* the velocities before the event */
} cluster;

/* The normal velocity (b minus a) of contact c from velocities vw. */
static double
normal_velocity(const vccd_sim_body *bodies, const double (*vw)[6], const vccd_sim_contact *c)
{
    double u = 0.0;
    for (int s = 0; s < 2; s++) {
        int i = s ? c->b : c->a;
        double r[3], x[3];
        for (int k = 0; k < 3; k++)
            r[k] = c->point[k] - bodies[i].x[k];
        vccd_sim_cross(x, vw[i] + 3, r);
        for (int k = 0; k < 3; k++)
            u += (s ? 1.0 : -1.0) * (vw[i][k] + x[k]) * c->normal[k];
    }
    return u;
}

/* Candidate u's manifold into the pool, once. */
static int
make(cluster *cu, double *gaps, const vccd_sim_body *bodies, const vccd_sim_pairs *cand, long u, double band,
     const vccd_sim_opts *o, vccd_error *e)
{
    int i = cand->p[u][0], j = cand->p[u][1], rc;
    int nodes = o->manifold == VCCD_SIM_MANIFOLD_NODES
                || (o->manifold == VCCD_SIM_MANIFOLD_AUTO && o->mode == VCCD_QUERY_CAPOEIRA);
    size_t first = cu->pool.n;
    if (cu->cnt[u] >= 0)
        return 0;
    rc = nodes ? vccd_sim_manifold_nodes(&cu->pool, &gaps[u], bodies, i, j, o->bv, band, e)
               : vccd_sim_manifold(&cu->pool, &gaps[u], bodies, i, j, o->bv, band,
                                   o->mode != VCCD_QUERY_EXACT ? VCCD_SIM_APPROX_TIME : 0, e);
    if (rc != 0)
        return -1;
    cu->off[u] = first;
    cu->cnt[u] = (int)(cu->pool.n - first);
    return 0;
}

int
vccd_sim_event_solve(vccd_sim_impulse_result *res, vccd_sim_contacts *cl, double *gaps, unsigned char *changed,
                     double *t_solve, vccd_sim_body *bodies, int nb, const vccd_sim_pairs *cand, int a, int b,
                     double band, double left, const vccd_sim_opts *o, vccd_error *e)
{
    cluster cu;
    long n = cand->n;
    int rc = -1, grew = 1, rounds = 0;
    double t;
    memset(&cu, 0, sizeof cu);
    memset(res, 0, sizeof *res);
    cl->n = 0;
    cu.off = malloc((size_t)(n + 1) * sizeof *cu.off);
    cu.cnt = malloc((size_t)(n + 1) * sizeof *cu.cnt);
    cu.in = calloc((size_t)n + 1, 1);
    cu.v0 = malloc((size_t)nb * sizeof *cu.v0);
    if (!cu.off || !cu.cnt || !cu.in || !cu.v0) {
        vccd_error_set(e, NULL, 0, NULL, NULL, "out of memory for an event's contacts");
        goto done;
    }
    for (int i = 0; i < nb; i++) {
        memcpy(cu.v0[i], bodies[i].v, 3 * sizeof(double));
        memcpy(cu.v0[i] + 3, bodies[i].w, 3 * sizeof(double));
        changed[i] = 0;
    }
    for (long u = 0; u < n; u++) {
        int i = cand->p[u][0], j = cand->p[u][1];
        cu.cnt[u] = -1;
        gaps[u] = NAN;
        /* the pairs of the event's moving bodies */
        if (((i == a || i == b) && !bodies[i].fixed) || ((j == a || j == b) && !bodies[j].fixed)) {
            if (make(&cu, gaps, bodies, cand, u, band, o, e) != 0)
                goto done;
            cu.in[u] = 1;
        }
    }
    while (grew) {
        grew = 0;
        /* solve the cluster from the velocities before the event */
        for (int i = 0; i < nb; i++) {
            memcpy(bodies[i].v, cu.v0[i], 3 * sizeof(double));
            memcpy(bodies[i].w, cu.v0[i] + 3, 3 * sizeof(double));
        }
        cl->n = 0;
        for (long u = 0; u < n; u++)
            for (int k = 0; cu.in[u] && k < cu.cnt[u]; k++)
                if (vccd_sim_contacts_push(cl, &cu.pool.c[cu.off[u] + (size_t)k]) != 0) {
                    vccd_error_set(e, NULL, 0, NULL, NULL, "out of memory for an event's contacts");
                    goto done;
                }
        t = vccd_sim_clock();
        if (vccd_sim_impulse_solve(res, bodies, cl, &o->impulse) != 0) {
            vccd_error_set(e, NULL, 0, NULL, NULL, "out of memory in the impulse solve");
            goto done;
        }
        *t_solve += vccd_sim_clock() - t;
        res->rounds = ++rounds;
        for (int i = 0; i < nb; i++)
            changed[i] = memcmp(bodies[i].v, cu.v0[i], 3 * sizeof(double)) != 0
                         || memcmp(bodies[i].w, cu.v0[i] + 3, 3 * sizeof(double)) != 0;
        /* the pairs of a body it moved, where it now closes a gap */
        for (long u = 0; u < n; u++) {
            int i = cand->p[u][0], j = cand->p[u][1];
            if (cu.in[u] || !(changed[i] || changed[j]))
                continue;
            if (make(&cu, gaps, bodies, cand, u, band, o, e) != 0)
                goto done;
            for (int k = 0; k < cu.cnt[u] && !cu.in[u]; k++) {
                const vccd_sim_contact *c = &cu.pool.c[cu.off[u] + (size_t)k];
                double va[3], vb[3], vn = 0.0, vn0 = normal_velocity(bodies, (const double (*)[6])cu.v0, c);
                vccd_sim_body_point_velocity(va, &bodies[c->a], c->point);
                vccd_sim_body_point_velocity(vb, &bodies[c->b], c->point);
                for (int q = 0; q < 3; q++)
                    vn += (vb[q] - va[q]) * c->normal[q];
                if (vn < 0.0 && vn0 - vn > 1e-12 * (1.0 + fabs(vn0))
                    && (vn0 - vn) * left > GROW_GAP_SHARE * fmax(c->gap_lower, 0.0)) {
                    cu.in[u] = 1;
                    grew = 1;
                }
            }
        }
    }
    rc = 0;
done:
    vccd_sim_contacts_clear(&cu.pool);
    free(cu.off), free(cu.cnt), free(cu.in), free(cu.v0);
    return rc;
}
