/* impulse.c -- Newton's impact law at several contacts at once (thesis
   6.2) by projected Gauss-Seidel, with the checks the thesis leaves out:
   non-convergence (then one impulse per contact, in turn) and a rank
   deficient system (the impulses are then not unique). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "vccd/sim.h"

void
vccd_sim_impulse_opts_init(vccd_sim_impulse_opts *o)
{
    o->e = 0.5;
    o->mu = 0.0;
    o->v_rest = 0.0;
    o->v_sep = 0.0;
    o->iters = 200;
    o->tol = 1e-10;
}

static double
dot(const double a[3], const double b[3])
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/* The solve's per-body view: inverse mass and world inverse inertia. */
typedef struct {
    double im, I[3][3];
} body_inv;


/* Velocity change along d2 at arm r2 of body X from a unit impulse
   along d1 at arm r1 (the effective inverse mass term). */
static double
response(const body_inv *X, const double r1[3], const double d1[3], const double r2[3], const double d2[3])
{
    double a[3], w[3], c[3];
    vccd_sim_cross(a, r1, d1);
    for (int i = 0; i < 3; i++)
        w[i] = X->I[i][0] * a[0] + X->I[i][1] * a[1] + X->I[i][2] * a[2];
    vccd_sim_cross(c, w, r2);
    return X->im * dot(d1, d2) + dot(c, d2);
}

/* Apply impulse P (on b; -P on a) at contact c. */
static void
apply(vccd_sim_body *bodies, const body_inv *inv, const vccd_sim_contact *c, const double P[3])
{
    for (int s = 0; s < 2; s++) {
        int i = s ? c->b : c->a;
        double sg = s ? 1.0 : -1.0, r[3], a[3];
        vccd_sim_body *X = &bodies[i];
        if (X->fixed)
            continue;
        for (int k = 0; k < 3; k++)
            r[k] = c->point[k] - X->x[k];
        vccd_sim_cross(a, r, P);
        for (int k = 0; k < 3; k++) {
            X->v[k] += sg * inv[i].im * P[k];
            X->w[k] += sg * (inv[i].I[k][0] * a[0] + inv[i].I[k][1] * a[1] + inv[i].I[k][2] * a[2]);
        }
    }
}

/* Relative velocity (b minus a) at contact c. */
static void
rel_velocity(double u[3], const vccd_sim_body *bodies, const vccd_sim_contact *c)
{
    double va[3], vb[3];
    vccd_sim_body_point_velocity(va, &bodies[c->a], c->point);
    vccd_sim_body_point_velocity(vb, &bodies[c->b], c->point);
    for (int k = 0; k < 3; k++)
        u[k] = vb[k] - va[k];
}

/* K_ij: change of contact i's relative normal velocity per unit normal
   impulse at contact j (directions di, dj; both usually the normals). */
static double
k_entry(const vccd_sim_body *bodies, const body_inv *inv, const vccd_sim_contact *ci, const double di[3],
        const vccd_sim_contact *cj, const double dj[3])
{
    double k = 0.0;
    int bi[2] = { ci->a, ci->b }, bj[2] = { cj->a, cj->b };
    for (int s = 0; s < 2; s++)
        for (int t = 0; t < 2; t++) {
            double ri[3], rj[3], sg = (s ? 1.0 : -1.0) * (t ? 1.0 : -1.0);
            const vccd_sim_body *X;
            if (bi[s] != bj[t] || bodies[bi[s]].fixed)
                continue;
            X = &bodies[bi[s]];
            for (int m = 0; m < 3; m++) {
                ri[m] = ci->point[m] - X->x[m];
                rj[m] = cj->point[m] - X->x[m];
            }
            k += sg * response(&inv[bi[s]], rj, dj, ri, di);
        }
    return k;
}

/* Is the symmetric matrix K (n x n, rows of the contacts with a positive
   impulse) rank deficient?  Cholesky with pivots relative to the diagonal. */
static int
rank_deficient(const double *K, int n, const int *act, int na)
{
    double *L = calloc((size_t)na * (size_t)na + 1, sizeof *L);
    int def = 0;
    if (!L)
        return 0;
    for (int j = 0; j < na && !def; j++) {
        double d = K[(size_t)act[j] * (size_t)n + act[j]];
        for (int k = 0; k < j; k++)
            d -= L[(size_t)j * (size_t)na + k] * L[(size_t)j * (size_t)na + k];
        if (!(d > 1e-10 * K[(size_t)act[j] * (size_t)n + act[j]])) {
            def = 1;
            break;
        }
        L[(size_t)j * (size_t)na + j] = sqrt(d);
        for (int i = j + 1; i < na; i++) {
            double s = K[(size_t)act[i] * (size_t)n + act[j]];
            for (int k = 0; k < j; k++)
                s -= L[(size_t)i * (size_t)na + k] * L[(size_t)j * (size_t)na + k];
            L[(size_t)i * (size_t)na + j] = s / L[(size_t)j * (size_t)na + j];
        }
    }
    free(L);
    return def;
}

int
vccd_sim_impulse_solve(vccd_sim_impulse_result *r, vccd_sim_body *bodies, vccd_sim_contacts *l,
                       const vccd_sim_impulse_opts *o)
{
    int n = (int)l->n, nb = 0, spec = 0;
    double *K, *u, *target, *lam;
    int *act;
    body_inv *inv;
    memset(r, 0, sizeof *r);
    r->contacts = n;
    if (n == 0)
        return 0;
    for (int i = 0; i < n; i++) {
        nb = l->c[i].a + 1 > nb ? l->c[i].a + 1 : nb;
        nb = l->c[i].b + 1 > nb ? l->c[i].b + 1 : nb;
    }
    K = malloc((size_t)n * (size_t)n * sizeof *K);
    u = malloc((size_t)n * 3 * sizeof *u);
    act = malloc((size_t)n * sizeof *act);
    inv = malloc((size_t)nb * sizeof *inv);
    if (!K || !u || !act || !inv) {
        free(K), free(u), free(act), free(inv);
        return -1;
    }
    target = u + n;
    lam = u + 2 * n;
    for (int i = 0; i < nb; i++) {
        inv[i].im = bodies[i].fixed ? 0.0 : bodies[i].inv_mass;
        if (bodies[i].fixed)
            memset(inv[i].I, 0, sizeof inv[i].I);
        else
            vccd_sim_body_inv_inertia_world(inv[i].I, &bodies[i]);
    }
    for (int i = 0; i < n; i++) {
        double v[3];
        vccd_sim_contact *c = &l->c[i];
        rel_velocity(v, bodies, c);
        u[i] = c->vn = dot(v, c->normal);
        /* Approaching: Newton's law, or at a resting speed zero
           restitution plus the separating speed; apart: only vn+ >= 0. */
        if (u[i] < 0)
            r->approaching++;
        if (c->speculative)
            target[i] = c->target, spec++;    /* vccd_sim_rest_solve's */
        else if (u[i] < -o->v_rest)
            target[i] = -o->e * u[i];
        else if (u[i] < o->v_rest)
            target[i] = o->v_sep;       /* resting, either way */
        else
            target[i] = 0.0;
        lam[i] = 0.0;
        c->impulse = 0.0;
        memset(c->friction, 0, sizeof c->friction);
        for (int j = 0; j <= i; j++)
            K[(size_t)i * (size_t)n + j] = K[(size_t)j * (size_t)n + i] = k_entry(bodies, inv, c, c->normal, &l->c[j], l->c[j].normal);
    }
    if (r->approaching == 0 && !spec && !(o->v_sep > 0.0 && o->v_rest > 0.0)) {
        r->converged = 1;
        free(K), free(u), free(act), free(inv);
        return 0;
    }
    /* Projected Gauss-Seidel on K lam + u >= target, lam >= 0,
       complementary. */
    {
        double scale = 0.0;
        for (int i = 0; i < n; i++)
            scale = fmax(scale, fmax(fabs(u[i]), fabs(target[i])));
        for (r->sweeps = 0; r->sweeps < o->iters; r->sweeps++) {
            double viol = 0.0;
            for (int i = 0; i < n; i++) {
                double up = u[i], nl;
                for (int j = 0; j < n; j++)
                    up += K[(size_t)i * (size_t)n + j] * lam[j];
                if (!(K[(size_t)i * (size_t)n + i] > 0.0))
                    continue;           /* two fixed bodies: nothing moves */
                nl = fmax(0.0, lam[i] + (target[i] - up) / K[(size_t)i * (size_t)n + i]);
                lam[i] = nl;
            }
            for (int i = 0; i < n; i++) {
                double up = u[i];
                for (int j = 0; j < n; j++)
                    up += K[(size_t)i * (size_t)n + j] * lam[j];
                viol = fmax(viol, lam[i] > 0 ? fabs(up - target[i]) : fmax(0.0, target[i] - up));
            }
            r->residual = viol;
            if (viol <= o->tol * scale) {
                r->converged = 1;
                r->sweeps++;
                break;
            }
        }
    }
    if (r->converged) {
        int na = 0;
        for (int i = 0; i < n; i++)
            if (lam[i] > 0)
                act[na++] = i;
        r->singular = rank_deficient(K, n, act, na);
        for (int i = 0; i < n; i++) {
            double P[3];
            for (int k = 0; k < 3; k++)
                P[k] = lam[i] * l->c[i].normal[k];
            l->c[i].impulse = lam[i];
            apply(bodies, inv, &l->c[i], P);
        }
    } else {
        /* Sequential impulses: the most approaching contact gets its own
           Newton impulse, the velocities are updated, and again, until no
           contact is below its target or 100 n impulses were spent. */
        r->fallback = 1;
        for (int it = 0; it < 100 * n; it++) {
            int worst = -1;
            double wv = -o->tol * (fabs(target[0]) + 1e-300), P[3], v[3], j;
            for (int i = 0; i < n; i++) {
                double d;
                rel_velocity(v, bodies, &l->c[i]);
                d = dot(v, l->c[i].normal) - target[i];
                if (d < wv && K[(size_t)i * (size_t)n + i] > 0) {
                    wv = d;
                    worst = i;
                }
            }
            if (worst < 0)
                break;
            j = -wv / K[(size_t)worst * (size_t)n + worst];
            for (int k = 0; k < 3; k++)
                P[k] = j * l->c[worst].normal[k];
            l->c[worst].impulse += j;
            apply(bodies, inv, &l->c[worst], P);
        }
    }
    /* Coulomb friction, separately: per contact, the tangential impulse
       that would stop the sliding, clamped to the cone mu lambda. */
    if (o->mu > 0)
        for (int i = 0; i < n; i++) {
            vccd_sim_contact *c = &l->c[i];
            double v[3], t[3], vt, kt, jt, P[3];
            if (!(c->impulse > 0))
                continue;
            rel_velocity(v, bodies, c);
            vt = dot(v, c->normal);
            for (int k = 0; k < 3; k++)
                t[k] = v[k] - vt * c->normal[k];
            vt = sqrt(dot(t, t));
            if (!(vt > 0))
                continue;
            for (int k = 0; k < 3; k++)
                t[k] /= vt;
            kt = k_entry(bodies, inv, c, t, c, t);
            if (!(kt > 0))
                continue;
            jt = fmin(vt / kt, o->mu * c->impulse);
            for (int k = 0; k < 3; k++)
                c->friction[k] = P[k] = -jt * t[k];
            apply(bodies, inv, c, P);
        }
    free(K), free(u), free(act), free(inv);
    return 0;
}
