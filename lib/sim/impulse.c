/* impulse.c -- Newton's impact law at several contacts at once (thesis
   6.2) by projected Gauss-Seidel, with the checks the thesis leaves out:
   non-convergence (then one impulse per contact, in turn) and a rank
   deficient system (the impulses are then not unique).

   The system K lambda + u >= target is never formed: K = J M^-1 J^T has
   a non-zero entry only where two contacts share a moving body, and a
   dense K cost n^2 to build and n^2 per sweep (a pile of 64 spheres
   keeps about 400 resting contacts).  Each sweep keeps the bodies'
   velocities instead and reads a contact's normal velocity from them,
   J_i V: the velocity form of the same Gauss-Seidel iteration (Catto,
   "Iterative dynamics with temporal coherence", GDC 2005), O(1) a
   contact.  The fallback's "most approaching first" keeps the contacts
   in a tournament tree and, after each impulse, updates only the
   contacts of the two bodies it moved. */
#include <limits.h>
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
    o->unique_max = 128;
    o->fallback = 1;
}

static double
dot(const double a[3], const double b[3])
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/* A body as the solve sees it: whether it moves, its inverse mass and
   world inverse inertia, and its velocities as the solve changes them. */
typedef struct {
    int moving;
    double im, I[3][3];
    double v[3], w[3];
} body_state;

/* Contact c's row along unit direction d (J_i and M^-1 J_i^T): per side
   (a: sign -1, b: +1) the body (-1 when it does not move), the signed
   moment sg (r x d), and the velocity change per unit impulse, sg im d
   and sg I^-1 (r x d); k = J M^-1 J^T, the impulse's own response;
   u0 the velocity along d of the sides that do not move (a static body
   has none in a scene, but the solve takes any state). */
typedef struct {
    int body[2];
    double d[3];
    double rd[2][3];
    double dv[2][3], dw[2][3];
    double k, u0;
} row;

static void
row_make(row *w, const body_state *bs, const vccd_sim_body *bodies, const vccd_sim_contact *c, const double d[3])
{
    memcpy(w->d, d, sizeof w->d);
    w->k = w->u0 = 0.0;
    for (int s = 0; s < 2; s++) {
        int i = s ? c->b : c->a;
        double sg = s ? 1.0 : -1.0, r[3], m[3];
        const body_state *X = &bs[i];
        w->body[s] = X->moving ? i : -1;
        for (int k = 0; k < 3; k++)
            r[k] = c->point[k] - bodies[i].x[k];
        vccd_sim_cross(m, r, d);
        if (!X->moving) {
            w->u0 += sg * (dot(d, bodies[i].v) + dot(m, bodies[i].w));
            continue;
        }
        for (int k = 0; k < 3; k++) {
            w->rd[s][k] = sg * m[k];
            w->dv[s][k] = sg * X->im * d[k];
            w->dw[s][k] = sg * (X->I[k][0] * m[0] + X->I[k][1] * m[1] + X->I[k][2] * m[2]);
        }
        w->k += X->im * dot(d, d) + dot(w->rd[s], w->dw[s]);
    }
}

/* J V: the relative velocity (b minus a) along the row's direction. */
static double
row_velocity(const row *w, const body_state *bs)
{
    double u = w->u0;
    for (int s = 0; s < 2; s++) {
        const body_state *X;
        if (w->body[s] < 0)
            continue;
        X = &bs[w->body[s]];
        u += (s ? 1.0 : -1.0) * dot(w->d, X->v) + dot(w->rd[s], X->w);
    }
    return u;
}

/* V += p M^-1 J^T: impulse p along the row's direction (on b; -p on a). */
static void
row_apply(const row *w, body_state *bs, double p)
{
    for (int s = 0; s < 2; s++) {
        body_state *X;
        if (w->body[s] < 0)
            continue;
        X = &bs[w->body[s]];
        for (int k = 0; k < 3; k++) {
            X->v[k] += p * w->dv[s][k];
            X->w[k] += p * w->dw[s][k];
        }
    }
}

/* K_ij: the change of row i's velocity per unit impulse of row j,
   through the moving bodies they share. */
static double
k_entry(const row *ri, const row *rj)
{
    double k = 0.0;
    for (int s = 0; s < 2; s++)
        for (int t = 0; t < 2; t++)
            if (ri->body[s] >= 0 && ri->body[s] == rj->body[t])
                k += (s ? 1.0 : -1.0) * dot(ri->d, rj->dv[t]) + dot(ri->rd[s], rj->dw[t]);
    return k;
}

/* Union-find over bodies, for the components of the active contacts. */
static int
find(int *parent, int i)
{
    while (parent[i] != i)
        i = parent[i] = parent[parent[i]];
    return i;
}

/* Is K over the active contacts act[0..na) rank deficient?  K is block
   diagonal over the components that moving bodies join, so each block
   gets its own Cholesky factor, pivots relative to the diagonal.  -1
   (not checked) when a block has more than max contacts: a dense factor
   costs its size cubed. */
static int
rank_deficient(const row *rows, const int *act, int na, int nb, int max)
{
    int *parent = malloc((size_t)nb * sizeof *parent), *comp = malloc((size_t)na * sizeof *comp);
    int *idx = malloc((size_t)na * sizeof *idx), def = 0;
    double *L = NULL;
    if (!parent || !comp || !idx)
        goto fail;
    for (int i = 0; i < nb; i++)
        parent[i] = i;
    for (int j = 0; j < na; j++) {
        const row *w = &rows[act[j]];
        if (w->body[0] >= 0 && w->body[1] >= 0)
            parent[find(parent, w->body[0])] = find(parent, w->body[1]);
    }
    /* a contact's component: its first moving body's root */
    for (int j = 0; j < na; j++) {
        const row *w = &rows[act[j]];
        comp[j] = w->body[0] >= 0 ? find(parent, w->body[0]) : w->body[1] >= 0 ? find(parent, w->body[1]) : -1 - j;
    }
    for (int j = 0; j < na && def == 0; j++) {
        int m = 0;
        if (comp[j] == INT_MIN)
            continue;               /* done with its component */
        for (int i = j; i < na; i++)
            if (comp[i] == comp[j] && comp[i] != INT_MIN)
                idx[m++] = act[i];
        for (int i = na - 1, c = comp[j]; i >= j; i--)
            if (comp[i] == c)
                comp[i] = INT_MIN;
        if (m > max) {
            def = -1;
            continue;
        }
        free(L);
        if (!(L = calloc((size_t)m * (size_t)m, sizeof *L)))
            goto fail;
        for (int q = 0; q < m && def != 1; q++) {
            double kq = k_entry(&rows[idx[q]], &rows[idx[q]]), d = kq;
            for (int k = 0; k < q; k++)
                d -= L[(size_t)q * (size_t)m + k] * L[(size_t)q * (size_t)m + k];
            if (!(d > 1e-10 * kq)) {
                def = 1;
                break;
            }
            L[(size_t)q * (size_t)m + q] = sqrt(d);
            for (int i = q + 1; i < m; i++) {
                double s = k_entry(&rows[idx[i]], &rows[idx[q]]);
                for (int k = 0; k < q; k++)
                    s -= L[(size_t)i * (size_t)m + k] * L[(size_t)q * (size_t)m + k];
                L[(size_t)i * (size_t)m + q] = s / L[(size_t)q * (size_t)m + q];
            }
        }
    }
    free(L), free(parent), free(comp), free(idx);
    return def;
fail:
    free(L), free(parent), free(comp), free(idx);
    return -1;
}

/* The fallback's "most approaching": a tournament tree over the
   contacts' violations d_i (the smallest wins; +inf for a contact no
   impulse can move), so that finding the worst and updating one costs
   log n. */
typedef struct {
    int size;                       /* leaves: a power of 2 >= n */
    int *win;                       /* win[1..2 size): the winning contact */
    double *d;
} tourney;

static int
tourney_pick(const tourney *t, int a, int b)
{
    if (a < 0)
        return b;
    if (b < 0)
        return a;
    return t->d[b] < t->d[a] ? b : a;
}

static void
tourney_set(tourney *t, int i, double d)
{
    int k = t->size + i;
    t->d[i] = d;
    t->win[k] = i;
    for (k >>= 1; k >= 1; k >>= 1)
        t->win[k] = tourney_pick(t, t->win[2 * k], t->win[2 * k + 1]);
}

/* Sequential impulses: the most approaching contact (below its target by
   more than tol, absolute) gets the impulse that brings it to its target,
   and again, until none is or 100 n impulses were spent.  -1 when out of
   memory. */
static int
sequential(const row *rows, body_state *bs, int nb, const double *target, double *lam, int n, double tol)
{
    tourney t = { 1, NULL, NULL };
    int *start = calloc((size_t)nb + 1, sizeof *start), *list = malloc((size_t)(2 * n + 1) * sizeof *list);
    double wv = -fmax(tol, 1e-300);
    while (t.size < n)
        t.size *= 2;
    t.win = malloc((size_t)(2 * t.size) * sizeof *t.win);
    t.d = malloc((size_t)n * sizeof *t.d);
    if (!start || !list || !t.win || !t.d) {
        free(start), free(list), free(t.win), free(t.d);
        return -1;
    }
    /* the contacts of each moving body (CSR) */
    for (int i = 0; i < n; i++)
        for (int s = 0; s < 2; s++)
            if (rows[i].body[s] >= 0)
                start[rows[i].body[s] + 1]++;
    for (int b = 0; b < nb; b++)
        start[b + 1] += start[b];
    {
        int *fill = malloc((size_t)nb * sizeof *fill);
        if (!fill) {
            free(start), free(list), free(t.win), free(t.d);
            return -1;
        }
        memcpy(fill, start, (size_t)nb * sizeof *fill);
        for (int i = 0; i < n; i++)
            for (int s = 0; s < 2; s++)
                if (rows[i].body[s] >= 0)
                    list[fill[rows[i].body[s]]++] = i;
        free(fill);
    }
    for (int k = 0; k < 2 * t.size; k++)
        t.win[k] = -1;
    for (int i = 0; i < n; i++)
        tourney_set(&t, i, rows[i].k > 0.0 ? row_velocity(&rows[i], bs) - target[i] : INFINITY);
    for (long it = 0; it < 100L * n; it++) {
        int worst = t.win[1];
        double j;
        if (worst < 0 || !(t.d[worst] < wv))
            break;
        j = -t.d[worst] / rows[worst].k;
        lam[worst] += j;
        row_apply(&rows[worst], bs, j);
        for (int s = 0; s < 2; s++) {
            int b = rows[worst].body[s];
            if (b < 0)
                continue;
            for (int q = start[b]; q < start[b + 1]; q++) {
                int i = list[q];
                if (rows[i].k > 0.0)
                    tourney_set(&t, i, row_velocity(&rows[i], bs) - target[i]);
            }
        }
    }
    free(start), free(list), free(t.win), free(t.d);
    return 0;
}

int
vccd_sim_impulse_solve(vccd_sim_impulse_result *r, vccd_sim_body *bodies, vccd_sim_contacts *l,
                       const vccd_sim_impulse_opts *o)
{
    int n = (int)l->n, nb = 0, spec = 0, rc = -1;
    double *target = NULL, *lam = NULL, scale = 0.0;
    int *act = NULL;
    row *rows = NULL;
    body_state *bs = NULL;
    memset(r, 0, sizeof *r);
    r->contacts = n;
    if (n == 0)
        return 0;
    for (int i = 0; i < n; i++) {
        nb = l->c[i].a + 1 > nb ? l->c[i].a + 1 : nb;
        nb = l->c[i].b + 1 > nb ? l->c[i].b + 1 : nb;
    }
    target = malloc((size_t)n * 2 * sizeof *target);
    act = malloc((size_t)n * sizeof *act);
    rows = malloc((size_t)n * sizeof *rows);
    bs = calloc((size_t)nb, sizeof *bs);
    if (!target || !act || !rows || !bs)
        goto done;
    lam = target + n;
    /* the bodies the contacts touch (-1 marks one not yet seen) */
    for (int i = 0; i < nb; i++)
        bs[i].moving = -1;
    for (int i = 0; i < n; i++)
        for (int s = 0; s < 2; s++) {
            int b = s ? l->c[i].b : l->c[i].a;
            body_state *X = &bs[b];
            if (X->moving >= 0)
                continue;
            X->moving = !bodies[b].fixed;
            if (X->moving) {
                X->im = bodies[b].inv_mass;
                vccd_sim_body_inv_inertia_world(X->I, &bodies[b]);
                memcpy(X->v, bodies[b].v, sizeof X->v);
                memcpy(X->w, bodies[b].w, sizeof X->w);
            }
        }
    for (int i = 0; i < n; i++) {
        vccd_sim_contact *c = &l->c[i];
        double u;
        row_make(&rows[i], bs, bodies, c, c->normal);
        u = c->vn = row_velocity(&rows[i], bs);
        /* Approaching: Newton's law, or at a resting speed zero
           restitution plus the separating speed; apart: only vn+ >= 0. */
        if (u < 0)
            r->approaching++;
        if (c->speculative)
            target[i] = c->target, spec++;    /* vccd_sim_rest_solve's */
        else if (u < -o->v_rest)
            target[i] = -o->e * u;
        else if (u < o->v_rest)
            target[i] = o->v_sep;       /* resting, either way */
        else
            target[i] = 0.0;
        lam[i] = 0.0;
        c->impulse = 0.0;
        memset(c->friction, 0, sizeof c->friction);
    }
    if (r->approaching == 0 && !spec && !(o->v_sep > 0.0 && o->v_rest > 0.0)) {
        r->converged = 1;
        rc = 0;
        goto done;
    }
    /* Projected Gauss-Seidel on K lam + u >= target, lam >= 0,
       complementary, in the velocity form (the file's head). */
    for (int i = 0; i < n; i++)
        scale = fmax(scale, fmax(fabs(l->c[i].vn), fabs(target[i])));
    for (r->sweeps = 0; r->sweeps < o->iters; r->sweeps++) {
        double viol = 0.0;
        for (int i = 0; i < n; i++) {
            double nl;
            if (!(rows[i].k > 0.0))
                continue;           /* two fixed bodies: nothing moves */
            nl = fmax(0.0, lam[i] + (target[i] - row_velocity(&rows[i], bs)) / rows[i].k);
            row_apply(&rows[i], bs, nl - lam[i]);
            lam[i] = nl;
        }
        for (int i = 0; i < n; i++) {
            double up = row_velocity(&rows[i], bs);
            viol = fmax(viol, lam[i] > 0 ? fabs(up - target[i]) : fmax(0.0, target[i] - up));
        }
        r->residual = viol;
        if (viol <= o->tol * scale) {
            r->converged = 1;
            r->sweeps++;
            break;
        }
    }
    if (r->converged) {
        int na = 0;
        for (int i = 0; i < n; i++)
            if (lam[i] > 0)
                act[na++] = i;
        r->singular = o->unique_max > 0 ? rank_deficient(rows, act, na, nb, o->unique_max) : -1;
    } else if (!o->fallback) {
        /* PGS's iterate as it stands (vccd_sim_rest_solve's choice) */
    } else {
        /* From the velocities before the solve, not from PGS's last
           iterate: the iterate spreads the impulse unevenly over a
           face's coplanar contacts, and finishing from it rocked the
           3-box stack (10,000 steps: 41 events and a gap of 4.6e-5,
           against 6 and 6.8e-4 from the start). */
        r->fallback = 1;
        for (int b = 0; b < nb; b++)
            if (bs[b].moving > 0) {
                memcpy(bs[b].v, bodies[b].v, sizeof bs[b].v);
                memcpy(bs[b].w, bodies[b].w, sizeof bs[b].w);
            }
        for (int i = 0; i < n; i++)
            lam[i] = 0.0;
        if (sequential(rows, bs, nb, target, lam, n, o->tol * scale) != 0)
            goto done;
    }
    for (int i = 0; i < n; i++)
        l->c[i].impulse = lam[i];
    /* Coulomb friction, separately: per contact, the tangential impulse
       that would stop the sliding, clamped to the cone mu lambda. */
    if (o->mu > 0)
        for (int i = 0; i < n; i++) {
            vccd_sim_contact *c = &l->c[i];
            double v[3], t[3], vt, jt;
            row rt;
            if (!(c->impulse > 0))
                continue;
            /* the relative velocity: its normal part is rows[i]'s, each
               tangential one the row along that axis */
            for (int k = 0; k < 3; k++) {
                double ax[3] = { k == 0, k == 1, k == 2 };
                row_make(&rt, bs, bodies, c, ax);
                v[k] = row_velocity(&rt, bs);
            }
            vt = dot(v, c->normal);
            for (int k = 0; k < 3; k++)
                t[k] = v[k] - vt * c->normal[k];
            vt = sqrt(dot(t, t));
            if (!(vt > 0))
                continue;
            for (int k = 0; k < 3; k++)
                t[k] /= vt;
            row_make(&rt, bs, bodies, c, t);
            if (!(rt.k > 0))
                continue;
            jt = fmin(vt / rt.k, o->mu * c->impulse);
            for (int k = 0; k < 3; k++)
                c->friction[k] = -jt * t[k];
            row_apply(&rt, bs, -jt);
        }
    for (int b = 0; b < nb; b++)
        if (bs[b].moving > 0) {
            memcpy(bodies[b].v, bs[b].v, sizeof bs[b].v);
            memcpy(bodies[b].w, bs[b].w, sizeof bs[b].w);
        }
    rc = 0;
done:
    free(target), free(act), free(rows), free(bs);
    return rc;
}
