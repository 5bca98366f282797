/* window.c -- the window between the advance and a certified guessed
   contact, proved free of every other contact by one plane.

   After the advance of two tiny meshes (advance.c) the guessed pair is
   certified to touch in [lo, hi] (guess.c), and what is left to prove is
   that no other pair touches in [t0, lo), t0 the advance's end.  Solving
   every other feature pair over that window (pairs.c) was a quarter of a
   tetrahedron query.  A plane that moves with the guessed features does
   it at once, by the separating-plane theorem:
   - vertex p of body V against face (a, b, c) of body F: the plane of
     the face, n = (b - a) x (c - a).  Every vertex x of V lies at
     (x - a) . n = s(t) + (x - p) . n from it, where s is the pair's
     coplanarity function (feature.h);
   - edge (a0, a1) of A against edge (b0, b1) of B: the plane through a0
     spanned by both edges, n = (a1 - a0) x (b1 - b0).  Every vertex y of
     B lies at (y - a0) . n = s(t) + (y - b0) . n from it.
   When sigma s > 0 on [t0, lo) (sigma the sign of s at t0), the vertices
   of one body are on or behind the plane (sigma (x - .) . n <= 0) and
   those of the other at or past the pair's own (sigma (x - p) . n >= 0,
   or (y - b0) . n), the two vertex hulls, and so the meshes, lie in
   disjoint half-spaces at every t in [t0, lo): the closed one and the
   open one.

   What each condition rests on:
   - sigma s > 0 on [t0, lo): the solver discarded every box of [t0, lo)
     because s itself has no zero there (vccd_toc.incl_excluded == 0:
     no box was left to the inclusion predicate, which would only say the
     contact is not inside the face), so s keeps its sign at t0, whose
     enclosure must exclude 0;
   - the other vertices: a difference d of two vertices of one body is
     a body-frame vector turned by the body's rotation, so over [t0, t]
     it moves by at most |w| |d| (t - t0) (|dd/dt| = |w x d|, w the
     constant angular velocity of a RIGID-form motion); its enclosure at
     t0, from the vertices the advance placed there, widened by that,
     holds it over the whole window.  Only the rotation enters, not the
     travel: at 512 units per step the centres move 5e-3 over the
     thesis' windows, a difference turns by 3e-5 rad.  A face body's own
     vertices keep their signed distance to its face (a rotation has det
     1): it is bounded once in the body frame.
   A condition that cannot be proved (a body that is not convex at the
   pair, another vertex as close to the plane as the contact, parallel
   edges) leaves the window to the pair-by-pair search: the plane is a
   shortcut, never the only proof. */
#include <math.h>

#include "query_impl.h"

/* p - q of two body-frame vertices, enclosed. */
static void
body_diff(vccd_di_vec3 *r, const double *p, const double *q)
{
    for (int c = 0; c < 3; c++)
        r->c[c] = vccd_di_sub(vccd_di_set_d(p[c]), vccd_di_set_d(q[c]));
}

/* An upper bound of |x| over the enclosure x (NaN: none). */
static double
mag_up(const vccd_di_vec3 *x)
{
    double m2 = 0.0;
    for (int c = 0; c < 3; c++) {
        double a = vccd_di_mag(x->c[c]);
        m2 = Q_UP(m2 + Q_UP(a * a));
    }
    return Q_UP(sqrt(m2));
}

/* r := d0 widened by wdt |d0| in every coordinate: where a body vector
   whose enclosure at t0 is d0 can be over [t0, t0 + dt] when its body
   turns at |w| <= wdt / dt (a ball of that radius lies in the cube). */
static void
turned(vccd_di_vec3 *r, const vccd_di_vec3 *d0, double wdt)
{
    double e = Q_UP(wdt * mag_up(d0));
    for (int c = 0; c < 3; c++)
        r->c[c] = vccd_di_add(d0->c[c], vccd_di_set_2d(-e, e));
}

/* sigma x >= 0 proved.  NaN or empty proves nothing. */
static int
on_side(vccd_di x, int sigma)
{
    if (!(x.lo <= x.hi))
        return 0;
    return sigma > 0 ? x.lo >= 0.0 : x.hi <= 0.0;
}

/* sigma (x_i - x_o) . n >= 0 for every vertex i of body k over the
   window but the two or three the pair holds (skip[0 .. ns - 1]): x at
   t0 (the query's vertex cache), each difference turned by wdt. */
static int
others_on_side(q_state *q, int k, double t0, double wdt, long o, const long *skip, int ns, const vccd_di_vec3 *n,
               int sigma)
{
    const vccd_mesh *m = q->body[k]->bvh->mesh;
    const vccd_di_vec3 *xo = q_vertex(q, k, o, t0, t0);
    for (long i = 0; i < m->nv; i++) {
        vccd_di_vec3 d0, d;
        vccd_di g;
        int held = 0;
        for (int j = 0; j < ns; j++)
            held |= skip[j] == i;
        if (held)
            continue;
        vccd_di_vec3_sub(&d0, q_vertex(q, k, i, t0, t0), xo);
        turned(&d, &d0, wdt);
        vccd_di_vec3_dot(&g, &d, n);
        if (!on_side(g, sigma))
            return 0;
    }
    return 1;
}

int
q_window_free(q_state *q, double t0)
{
    const vccd_query_pair *p = &q->guess;
    const vccd_toc *g = &q->guess_r;
    const vccd_di_vec3 *P[4];
    vccd_di_vec3 u, e[2], ee, n;
    vccd_di s;
    double wdt[2], dt, lo_up;
    int sigma, body[4];

    if (!q->have_guess || g->status != VCCD_TOC_CERTIFIED || g->incl_excluded != 0 || !q->have_pf[0]
        || !q->have_pf[1] || !q->vc[0].frame || !q->vc[1].frame || q->o->min_separation != 0.0
        || (p->kind != VCCD_FEATURE_VF && p->kind != VCCD_FEATURE_EE))
        return 0;
    /* The answer will claim [t0, lo) at lo's exact value (time.h), which
       past binary64 time lies above the double lo: prove up to it. */
    lo_up = vccd_time_get_d_up(&g->lo_exact, g->lo);
    if (!(lo_up > t0))          /* nothing before the contact to prove */
        return lo_up <= t0 ? 2 : 0;
    /* |w| (lo - t0) of each body, up */
    dt = Q_UP(lo_up - t0);
    for (int k = 0; k < 2; k++)
        wdt[k] = Q_UP(Q_UP(sqrt(q->pf[k].w2.hi)) * dt);
    if (!(wdt[0] < INFINITY && wdt[1] < INFINITY))
        return 0;
    /* the sign of s at t0, from the vertices there */
    for (int k = 0; k < 4; k++) {
        body[k] = p->kind == VCCD_FEATURE_EE ? k / 2 : k == 0 ? p->vertex_body : 1 - p->vertex_body;
        P[k] = q_vertex(q, body[k], p->v[k], t0, t0);
    }
    q_coplanarity(&s, e, p->kind, P);
    sigma = s.lo > 0.0 ? 1 : s.hi < 0.0 ? -1 : 0;
    if (!sigma)
        return 0;
    if (p->kind == VCCD_FEATURE_VF) {
        int V = p->vertex_body, F = 1 - V;
        const vccd_mesh *mf = q->body[F]->bvh->mesh;
        vccd_di_vec3 N, ee1, ee2;
        /* the face body's other vertices, in its own frame */
        body_diff(&ee1, mf->v[p->v[2]], mf->v[p->v[1]]);
        body_diff(&ee2, mf->v[p->v[3]], mf->v[p->v[1]]);
        vccd_di_vec3_cross(&N, &ee1, &ee2);
        for (long j = 0; j < mf->nv; j++) {
            vccd_di_vec3 d;
            vccd_di w;
            if (j == p->v[1] || j == p->v[2] || j == p->v[3])
                continue;
            body_diff(&d, mf->v[j], mf->v[p->v[1]]);
            vccd_di_vec3_dot(&w, &d, &N);
            if (!on_side(w, -sigma))
                return 0;
        }
        /* the normal over the window: both edges turn with the face */
        turned(&ee1, &e[0], wdt[F]);
        turned(&ee2, &e[1], wdt[F]);
        vccd_di_vec3_cross(&n, &ee1, &ee2);
        return others_on_side(q, V, t0, wdt[V], p->v[0], p->v, 1, &n, sigma);
    }
    /* edge-edge: the plane through a0 spanned by both edges, over the
       window */
    turned(&u, &e[0], wdt[0]);
    turned(&ee, &e[1], wdt[1]);
    vccd_di_vec3_cross(&n, &u, &ee);
    return others_on_side(q, 0, t0, wdt[0], p->v[0], p->v, 2, &n, -sigma)
           && others_on_side(q, 1, t0, wdt[1], p->v[2], p->v + 2, 2, &n, sigma);
}
