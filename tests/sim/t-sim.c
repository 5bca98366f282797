/* t-sim.c -- the impulse solver on hand-worked cases: equal spheres
   head on swap velocities at e = 1; momentum (linear and angular) is
   conserved on random multi-contact cases, and kinetic energy does not
   grow for one contact at e <= 1 or several at e = 0; a box landing flat on a fixed ground takes no
   spin and reports its four-point system as non-unique; a starved PGS
   is reported and the sequential fallback leaves no contact approaching;
   the manifold of a box resting over a larger one is its 4 corners, and
   a pair's closest points are a contact where they are no feature, and
   clustering keeps a normal turned by more than 2 degrees; a
   step carries states at the ends of its range (1e-300, 1e300); a
   resting contact's speculative target is the velocity that brings its
   gap to eps_d at the step's end, and a box resting on another stays
   there for 600 steps without a contact event, its gap kept in
   [eps_d / 4, 3 eps_d] (with resting = events it takes events); a
   piece's reach bounds every vertex's displacement, computed with MPFR
   at the apexes and on a grid, on random and adversarial states. */
#include <math.h>
#include <mpfr.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "vccd/bv.h"
#include "vccd/fp.h"
#include "vccd/sim.h"

static void
body_init(vccd_sim_body *b, const char *name, double mass, double inertia, const double x[3], const double v[3],
          const double w[3], int fixed)
{
    memset(b, 0, sizeof *b);
    snprintf(b->name, sizeof b->name, "%s", name);
    b->fixed = fixed;
    b->mass = mass;
    for (int k = 0; k < 3; k++) {
        b->inertia[k][k] = inertia;
        b->x[k] = x[k];
        b->v[k] = v[k];
        b->w[k] = w[k];
    }
    b->q[0] = 1.0;
    ck_assert(vccd_sim_body_finish(b) == 0);
}

static void
contact_set(vccd_sim_contact *c, int a, int b, const double p[3], const double n[3])
{
    memset(c, 0, sizeof *c);
    c->a = a;
    c->b = b;
    memcpy(c->point, p, sizeof c->point);
    memcpy(c->normal, n, sizeof c->normal);
}

START_TEST(test_head_on)
{
    vccd_sim_body b[2];
    vccd_sim_contact c;
    vccd_sim_contacts l = { &c, 1, 1 };
    vccd_sim_impulse_opts o;
    vccd_sim_impulse_result r;
    double xa[3] = { -1, 0, 0 }, xb[3] = { 1, 0, 0 }, va[3] = { 2, 0, 0 }, vb[3] = { -1, 0, 0 }, z[3] = { 0, 0, 0 };
    double p[3] = { 0, 0, 0 }, n[3] = { 1, 0, 0 };
    body_init(&b[0], "a", 1.0, 0.4, xa, va, z, 0);
    body_init(&b[1], "b", 1.0, 0.4, xb, vb, z, 0);
    contact_set(&c, 0, 1, p, n);
    vccd_sim_impulse_opts_init(&o);
    o.e = 1.0;
    ck_assert(vccd_sim_impulse_solve(&r, b, &l, &o) == 0);
    TU_CHECK(r.converged && !r.fallback && r.approaching == 1, "converged %d fallback %d", r.converged, r.fallback);
    TU_CHECK(fabs(b[0].v[0] + 1.0) <= 1e-15 && fabs(b[1].v[0] - 2.0) <= 1e-15, "velocities %g %g, want -1 2",
             b[0].v[0], b[1].v[0]);
    TU_CHECK(fabs(c.impulse - 3.0) <= 1e-15 && c.vn == -3.0, "impulse %g vn %g", c.impulse, c.vn);
    for (int k = 0; k < 3; k++)
        TU_CHECK(b[0].w[k] == 0 && b[1].w[k] == 0, "spin from a central impact");
    /* e = 0: both move with the mean velocity */
    body_init(&b[0], "a", 1.0, 0.4, xa, va, z, 0);
    body_init(&b[1], "b", 1.0, 0.4, xb, vb, z, 0);
    o.e = 0.0;
    ck_assert(vccd_sim_impulse_solve(&r, b, &l, &o) == 0);
    TU_CHECK(fabs(b[0].v[0] - 0.5) <= 1e-15 && fabs(b[1].v[0] - 0.5) <= 1e-15, "plastic: %g %g", b[0].v[0],
             b[1].v[0]);
}
END_TEST

static void
totals(double *ke, double p[3], double L[3], const vccd_sim_body *b, int nb)
{
    double pe, g[3] = { 0, 0, 0 };
    vccd_sim_energy(ke, &pe, p, L, b, nb, g);
}

/* Three free bodies, random masses, inertias and velocities, 2..8
   contacts between random pairs at random points with random normals. */
START_TEST(test_conservation)
{
    long iters = tu_iters(2000), n_app = 0, n_fb = 0;
    for (long it = 0; it < iters; it++) {
        vccd_sim_body b[3];
        vccd_sim_contact c[8];
        vccd_sim_contacts l = { c, 0, 8 };
        vccd_sim_impulse_opts o;
        vccd_sim_impulse_result r;
        double ke0, ke1, p0[3], p1[3], L0[3], L1[3], ps = 0, Ls = 0;
        int nc = it % 4 == 1 ? 1 : 2 + (int)(tu_ulong() % 7);
        for (int i = 0; i < 3; i++) {
            double x[3], v[3], w[3];
            for (int k = 0; k < 3; k++) {
                x[k] = 4 * tu_unit() - 2;
                v[k] = 4 * tu_unit() - 2;
                w[k] = 2 * tu_unit() - 1;
            }
            body_init(&b[i], "b", 0.1 + 10 * tu_unit(), 0.05 + tu_unit(), x, v, w, 0);
        }
        for (int i = 0; i < nc; i++) {
            double p[3], n[3], nn;
            int a = (int)(tu_ulong() % 3), bb = (a + 1 + (int)(tu_ulong() % 2)) % 3;
            do {
                for (int k = 0; k < 3; k++)
                    n[k] = 2 * tu_unit() - 1;
                nn = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
            } while (nn < 0.1);
            for (int k = 0; k < 3; k++) {
                n[k] /= nn;
                p[k] = 0.5 * (b[a].x[k] + b[bb].x[k]) + 0.3 * (2 * tu_unit() - 1);
            }
            contact_set(&c[i], a, bb, p, n);
        }
        l.n = (size_t)nc;
        vccd_sim_impulse_opts_init(&o);
        o.e = it % 4 == 0 ? 1.0 : it % 4 == 2 ? 0.0 : tu_unit();
        totals(&ke0, p0, L0, b, 3);
        ck_assert(vccd_sim_impulse_solve(&r, b, &l, &o) == 0);
        totals(&ke1, p1, L1, b, 3);
        n_app += r.approaching > 0;
        n_fb += r.fallback;
        for (int k = 0; k < 3; k++) {
            ps = fmax(ps, fabs(p0[k]));
            Ls = fmax(Ls, fabs(L0[k]));
        }
        for (int i = 0; i < nc; i++)
            ps += c[i].impulse, Ls += c[i].impulse * 10;
        for (int k = 0; k < 3; k++) {
            TU_CHECK(fabs(p1[k] - p0[k]) <= 1e-12 * ps, "case %ld: momentum %d moved %g (scale %g)", it, k,
                     p1[k] - p0[k], ps);
            TU_CHECK(fabs(L1[k] - L0[k]) <= 1e-12 * Ls, "case %ld: angular momentum %d moved %g", it, k,
                     L1[k] - L0[k]);
        }
        /* Energy: the change is lambda.u+ - lambda K lambda / 2, which is
           -lambda K lambda / 2 <= 0 at e = 0 (lambda.u+ = 0) and for one
           contact at any e <= 1; several contacts at e > 0 can gain energy
           under the simultaneous Newton law (a known defect of the law,
           not of the solver), so they are not checked. */
        if (nc == 1 || o.e == 0.0)
            TU_CHECK(ke1 <= ke0 * (1 + 1e-12), "case %ld (e %g, %d contacts, fallback %d): energy grew %.17g -> %.17g", it,
                 o.e, nc, r.fallback, ke0, ke1);
        for (int i = 0; i < nc; i++) {
            double va[3], vb[3], vn = 0;
            vccd_sim_body_point_velocity(va, &b[c[i].a], c[i].point);
            vccd_sim_body_point_velocity(vb, &b[c[i].b], c[i].point);
            for (int k = 0; k < 3; k++)
                vn += (vb[k] - va[k]) * c[i].normal[k];
            TU_CHECK(c[i].impulse >= 0, "negative impulse");
            TU_CHECK(vn >= -1e-9 * (1 + fabs(c[i].vn)) || (r.fallback && !r.converged),
                     "case %ld contact %d still approaching: %g", it, i, vn);
        }
    }
    TU_CHECK(n_app > iters / 2, "too few approaching cases: %ld", n_app);
}
END_TEST

/* A unit cube (mass 1) falling flat on a fixed ground at its 4 bottom
   corners: v_n' = -e v_n, no spin, and the 4x4 system has rank 3. */
START_TEST(test_box_flat)
{
    vccd_sim_body b[2];
    vccd_sim_contact c[4];
    vccd_sim_contacts l = { c, 4, 4 };
    vccd_sim_impulse_opts o;
    vccd_sim_impulse_result r;
    double xg[3] = { 0, 0, -10 }, xb[3] = { 0, 0, 0.5 }, z[3] = { 0, 0, 0 }, vb[3] = { 0.25, 0, -2 };
    double n[3] = { 0, 0, 1 };
    body_init(&b[0], "ground", 1.0, 1.0, xg, z, z, 1);
    body_init(&b[1], "box", 1.0, 1.0 / 6.0, xb, vb, z, 0);
    for (int i = 0; i < 4; i++) {
        double p[3] = { i & 1 ? 0.5 : -0.5, i & 2 ? 0.5 : -0.5, 0 };
        contact_set(&c[i], 0, 1, p, n);
    }
    vccd_sim_impulse_opts_init(&o);
    o.e = 0.5;
    ck_assert(vccd_sim_impulse_solve(&r, b, &l, &o) == 0);
    TU_CHECK(r.converged && r.singular, "converged %d singular %d", r.converged, r.singular);
    TU_CHECK(fabs(b[1].v[2] - 1.0) <= 1e-9, "bounce %g, want 1", b[1].v[2]);
    TU_CHECK(b[1].v[0] == 0.25, "tangential velocity changed without friction: %g", b[1].v[0]);
    for (int k = 0; k < 3; k++)
        TU_CHECK(fabs(b[1].w[k]) <= 1e-9, "spin %d: %g", k, b[1].w[k]);
    TU_CHECK(b[0].v[2] == 0 && b[0].w[0] == 0, "the fixed ground moved");
    /* friction mu = 1 stops the sliding (|dv_t| = 0.25 < mu * 3) */
    body_init(&b[1], "box", 1.0, 1.0 / 6.0, xb, vb, z, 0);
    o.mu = 1.0;
    ck_assert(vccd_sim_impulse_solve(&r, b, &l, &o) == 0);
    TU_CHECK(fabs(b[1].v[0]) < 0.25, "friction did not slow the slide: %g", b[1].v[0]);
}
END_TEST

/* A chain of 6 unit spheres in contact, the first moving in: PGS with
   one sweep cannot converge, and the solve must say so and fall back,
   or, told not to, keep that sweep's velocities. */
START_TEST(test_nonconvergence)
{
    vccd_sim_body b[6];
    vccd_sim_contact c[5];
    vccd_sim_contacts l = { c, 5, 5 };
    vccd_sim_impulse_opts o;
    vccd_sim_impulse_result r;
    double z[3] = { 0, 0, 0 }, n[3] = { 1, 0, 0 };
    for (int i = 0; i < 6; i++) {
        double x[3] = { 2.0 * i, 0, 0 }, v[3] = { i == 0 ? 1.0 : 0.0, 0, 0 };
        body_init(&b[i], "s", 1.0, 0.4, x, v, z, 0);
    }
    for (int i = 0; i < 5; i++) {
        double p[3] = { 2.0 * i + 1, 0, 0 };
        contact_set(&c[i], i, i + 1, p, n);
    }
    vccd_sim_impulse_opts_init(&o);
    o.e = 0.0;
    o.iters = 1;
    ck_assert(vccd_sim_impulse_solve(&r, b, &l, &o) == 0);
    TU_CHECK(!r.converged && r.fallback && r.residual > 0, "converged %d fallback %d residual %g", r.converged,
             r.fallback, r.residual);
    for (int i = 0; i < 5; i++)
        TU_CHECK(b[i + 1].v[0] - b[i].v[0] >= -1e-9, "fallback left contact %d approaching", i);
    /* without the fallback (the resting solve's choice): PGS's one sweep
       as it stands, each contact in turn halving the relative speed it
       meets: 1/2, 1/4, ..., 1/32, 1/32, exactly */
    for (int i = 0; i < 6; i++) {
        double x[3] = { 2.0 * i, 0, 0 }, v[3] = { i == 0 ? 1.0 : 0.0, 0, 0 };
        body_init(&b[i], "s", 1.0, 0.4, x, v, z, 0);
    }
    o.fallback = 0;
    ck_assert(vccd_sim_impulse_solve(&r, b, &l, &o) == 0);
    TU_CHECK(!r.converged && !r.fallback, "no fallback: converged %d fallback %d", r.converged, r.fallback);
    for (int i = 0; i < 6; i++)
        TU_CHECK(b[i].v[0] == ldexp(1.0, -(i < 5 ? i + 1 : 5)), "no fallback: sphere %d at %g after one sweep", i,
                 b[i].v[0]);
    for (int i = 0; i < 5; i++)
        TU_CHECK(c[i].impulse == ldexp(1.0, -(i + 1)), "no fallback: impulse %d is %g", i, c[i].impulse);
    o.fallback = 1;
    /* with enough sweeps: converged, all move at 1/6 */
    for (int i = 0; i < 6; i++) {
        double x[3] = { 2.0 * i, 0, 0 }, v[3] = { i == 0 ? 1.0 : 0.0, 0, 0 };
        body_init(&b[i], "s", 1.0, 0.4, x, v, z, 0);
    }
    o.iters = 1000;
    ck_assert(vccd_sim_impulse_solve(&r, b, &l, &o) == 0);
    TU_CHECK(r.converged && !r.fallback, "not converged in 1000 sweeps (residual %g)", r.residual);
    for (int i = 0; i < 6; i++)
        TU_CHECK(fabs(b[i].v[0] - 1.0 / 6.0) <= 1e-9, "sphere %d at %g, want 1/6", i, b[i].v[0]);
}
END_TEST

/* The relative normal velocity of contact c, from the bodies' states. */
static double
normal_velocity(const vccd_sim_body *b, const vccd_sim_contact *c)
{
    double va[3], vb[3], vn = 0.0;
    vccd_sim_body_point_velocity(va, &b[c->a], c->point);
    vccd_sim_body_point_velocity(vb, &b[c->b], c->point);
    for (int k = 0; k < 3; k++)
        vn += (vb[k] - va[k]) * c->normal[k];
    return vn;
}

/* Impulse p along contact c's normal applied to the bodies (on b; -p on
   a), written from the rigid-body laws (dv = p n / m, dw = I^-1 (r x p n)). */
static void
push_impulse(vccd_sim_body *b, const vccd_sim_contact *c, double p)
{
    for (int s = 0; s < 2; s++) {
        vccd_sim_body *X = &b[s ? c->b : c->a];
        double sg = s ? p : -p, r[3], m[3], I[3][3], P[3];
        if (X->fixed)
            continue;
        vccd_sim_body_inv_inertia_world(I, X);
        for (int k = 0; k < 3; k++) {
            r[k] = c->point[k] - X->x[k];
            P[k] = sg * c->normal[k];
        }
        vccd_sim_cross(m, r, P);
        for (int k = 0; k < 3; k++) {
            X->v[k] += X->inv_mass * P[k];
            X->w[k] += I[k][0] * m[0] + I[k][1] * m[1] + I[k][2] * m[2];
        }
    }
}

/* The reference the solve is checked against: K formed column by column
   by applying a unit impulse at each contact and measuring every
   contact's velocity change, then the textbook dense projected
   Gauss-Seidel on K lam + u >= target.  Returns 1 when it converged
   (lam then holds the impulses), with the solve's targets and stopping
   rule. */
static int
dense_reference(double *lam, const vccd_sim_body *b0, int nb, const vccd_sim_contact *c, int n,
                const vccd_sim_impulse_opts *o)
{
    vccd_sim_body *b = malloc((size_t)nb * sizeof *b);
    double *K = malloc((size_t)n * (size_t)n * sizeof *K), *u = malloc((size_t)n * 2 * sizeof *u), *tg = u + n;
    double scale = 0.0;
    int conv = 0;
    ck_assert(b && K && u);
    for (int j = 0; j < n; j++) {
        memcpy(b, b0, (size_t)nb * sizeof *b);
        push_impulse(b, &c[j], 1.0);
        for (int i = 0; i < n; i++)
            K[(size_t)i * (size_t)n + j] = normal_velocity(b, &c[i]) - normal_velocity(b0, &c[i]);
    }
    for (int i = 0; i < n; i++) {
        u[i] = normal_velocity(b0, &c[i]);
        tg[i] = c[i].speculative ? c[i].target : u[i] < -o->v_rest ? -o->e * u[i] : u[i] < o->v_rest ? o->v_sep : 0.0;
        lam[i] = 0.0;
        scale = fmax(scale, fmax(fabs(u[i]), fabs(tg[i])));
    }
    for (int sweep = 0; sweep < o->iters && !conv; sweep++) {
        double viol = 0.0;
        for (int i = 0; i < n; i++) {
            double up = u[i];
            for (int j = 0; j < n; j++)
                up += K[(size_t)i * (size_t)n + j] * lam[j];
            if (K[(size_t)i * (size_t)n + i] > 0.0)
                lam[i] = fmax(0.0, lam[i] + (tg[i] - up) / K[(size_t)i * (size_t)n + i]);
        }
        for (int i = 0; i < n; i++) {
            double up = u[i];
            for (int j = 0; j < n; j++)
                up += K[(size_t)i * (size_t)n + j] * lam[j];
            viol = fmax(viol, lam[i] > 0 ? fabs(up - tg[i]) : fmax(0.0, tg[i] - up));
        }
        conv = viol <= o->tol * scale;
    }
    free(b), free(K), free(u);
    return conv;
}

/* The solve against the dense reference on random many-body systems: 4
   to 40 bodies (one in five fixed), 1 to 120 contacts between random
   pairs at random points, the normals within about 17 degrees of the
   centres' line, some of them speculative
   with random targets (some such systems converge in neither: a
   quarter must in both).  Where both converge, the impulses agree to
   1e-7 of their scale (the same iteration, to rounding) and so do the
   velocities; no contact is left below its target. */
START_TEST(test_sparse_vs_dense)
{
    long iters = tu_iters(300), both = 0, many = 0;
    for (long it = 0; it < iters; it++) {
        int nb = 4 + (int)(tu_ulong() % 37), n = 1 + (int)(tu_ulong() % 120);
        vccd_sim_body *b = malloc((size_t)nb * sizeof *b), *b0 = malloc((size_t)nb * sizeof *b0);
        vccd_sim_contact *c = malloc((size_t)n * sizeof *c);
        vccd_sim_contacts l = { c, (size_t)n, (size_t)n };
        double *lam = malloc((size_t)n * sizeof *lam), pscale = 1e-300;
        vccd_sim_impulse_opts o;
        vccd_sim_impulse_result r;
        int conv;
        ck_assert(b && b0 && c && lam);
        for (int i = 0; i < nb; i++) {
            double x[3], v[3], w[3];
            for (int k = 0; k < 3; k++) {
                x[k] = 8 * tu_unit() - 4;
                v[k] = 2 * tu_unit() - 1;
                w[k] = tu_unit() - 0.5;
            }
            body_init(&b[i], "b", 0.1 + 10 * tu_unit(), 0.05 + tu_unit(), x, v, w, i % 5 == 0);
        }
        for (int i = 0; i < n; i++) {
            double p[3], nn[3], len;
            int a = (int)(tu_ulong() % (unsigned long)nb), bb = (a + 1 + (int)(tu_ulong() % (unsigned long)(nb - 1))) % nb;
            /* about along the centres' line, as between convex bodies
               (random normals make systems that seldom converge) */
            for (int k = 0; k < 3; k++)
                nn[k] = b[bb].x[k] - b[a].x[k];
            len = sqrt(nn[0] * nn[0] + nn[1] * nn[1] + nn[2] * nn[2]);
            for (int k = 0; k < 3; k++)
                nn[k] = nn[k] / len + 0.3 * (2 * tu_unit() - 1);
            len = sqrt(nn[0] * nn[0] + nn[1] * nn[1] + nn[2] * nn[2]);
            for (int k = 0; k < 3; k++) {
                nn[k] /= len;
                p[k] = 0.5 * (b[a].x[k] + b[bb].x[k]) + 0.3 * (2 * tu_unit() - 1);
            }
            contact_set(&c[i], a, bb, p, nn);
            if (it % 2 && tu_unit() < 0.5) {
                c[i].speculative = 1;
                c[i].target = 0.2 * tu_unit() - 0.05;
            }
        }
        vccd_sim_impulse_opts_init(&o);
        o.e = tu_unit();
        o.tol = 1e-9;
        o.iters = 2000;
        memcpy(b0, b, (size_t)nb * sizeof *b);
        conv = dense_reference(lam, b0, nb, c, n, &o);
        ck_assert(vccd_sim_impulse_solve(&r, b, &l, &o) == 0);
        for (int i = 0; i < n; i++)
            pscale = fmax(pscale, fabs(lam[i]));
        if (conv && r.converged) {
            both++;
            many += n > 60;
            for (int i = 0; i < n; i++)
                TU_CHECK(fabs(c[i].impulse - lam[i]) <= 1e-7 * pscale, "case %ld (%d bodies, %d contacts): contact %d "
                         "impulse %.17g, dense %.17g", it, nb, n, i, c[i].impulse, lam[i]);
            /* the dense impulses applied from the start give the same
               velocities */
            for (int i = 0; i < n; i++)
                push_impulse(b0, &c[i], lam[i]);
            for (int i = 0; i < nb; i++)
                for (int k = 0; k < 3; k++)
                    TU_CHECK(fabs(b[i].v[k] - b0[i].v[k]) <= 1e-6 * (1 + pscale * b[i].inv_mass)
                             && fabs(b[i].w[k] - b0[i].w[k]) <= 1e-6 * (1 + 100 * pscale),
                             "case %ld: body %d velocity %g %g, dense %g %g", it, i, b[i].v[k], b0[i].v[k], b[i].w[k],
                             b0[i].w[k]);
        }
        TU_CHECK(conv == r.converged || r.residual <= 1e-8 * (1 + pscale), "case %ld: converged %d, dense %d (residual %g)",
                 it, r.converged, conv, r.residual);
        for (int i = 0; i < n; i++) {
            double tg = c[i].speculative ? c[i].target : c[i].vn < -o.v_rest ? -o.e * c[i].vn : 0.0;
            TU_CHECK(c[i].impulse >= 0.0, "case %ld: negative impulse", it);
            if (b[c[i].a].fixed && b[c[i].b].fixed)
                continue;
            TU_CHECK(normal_velocity(b, &c[i]) >= tg - 1e-6 * (1 + fabs(tg) + pscale) || (r.fallback && !r.converged),
                     "case %ld contact %d below its target: %g < %g", it, i, normal_velocity(b, &c[i]), tg);
        }
        free(b), free(b0), free(c), free(lam);
    }
    TU_CHECK(both > iters / 4 && many > iters / 20, "too few compared cases: %ld both converged, %ld of them with > 60 "
             "contacts", both, many);
}
END_TEST

/* Bodies 1 and 2 of b: unit cubes (mass 1) at x = 4 and 8, z = 0.5,
   falling at velocity v. */
static void
falling_boxes(vccd_sim_body b[3], const double v[3])
{
    double z[3] = { 0, 0, 0 };
    for (int k = 1; k < 3; k++) {
        double x[3] = { 4.0 * k, 0, 0.5 };
        body_init(&b[k], "box", 1.0, 1.0 / 6.0, x, v, z, 0);
    }
}

/* The fallback, run on many bodies: 60 rows of 6 unit spheres in
   contact, the first of each moving in, PGS starved (1 sweep):
   sequential impulses leave no contact approaching, each row's momentum
   is kept, and each row ends as the 6-sphere case alone does.  And the
   unique check's blocks: two boxes flat on a fixed ground are two
   singular blocks (4 coplanar points each), one box on 3 points is not,
   and a block over unique_max is reported unchecked (-1). */
START_TEST(test_fallback_and_blocks)
{
    enum { R = 60, N = 6 * R };
    vccd_sim_body *b = malloc(N * sizeof *b), one[6];
    vccd_sim_contact c[N], c1[5];
    vccd_sim_contacts l = { c, 0, N }, l1 = { c1, 5, 5 };
    vccd_sim_impulse_opts o;
    vccd_sim_impulse_result r;
    double z[3] = { 0, 0, 0 }, n[3] = { 1, 0, 0 };
    ck_assert(b != NULL);
    for (int i = 0; i < N; i++) {
        double x[3] = { 2.0 * (i % 6), 3.0 * (i / 6), 0 }, v[3] = { i % 6 == 0 ? 1.0 + 0.01 * (i / 6) : 0.0, 0, 0 };
        body_init(&b[i], "s", 1.0, 0.4, x, v, z, 0);
        if (i < 6)
            body_init(&one[i], "s", 1.0, 0.4, x, v, z, 0);
    }
    /* the rows' contacts interleaved, so that no row's are contiguous */
    for (int k = 0; k < 5; k++)
        for (int row = 0; row < R; row++) {
            int i = 6 * row + k;
            double p[3] = { 2.0 * k + 1, 3.0 * row, 0 };
            contact_set(&c[l.n++], i, i + 1, p, n);
            if (row == 0)
                contact_set(&c1[k], k, k + 1, p, n);
        }
    vccd_sim_impulse_opts_init(&o);
    o.e = 0.0;
    o.iters = 1;
    ck_assert(vccd_sim_impulse_solve(&r, b, &l, &o) == 0);
    TU_CHECK(!r.converged && r.fallback, "converged %d fallback %d", r.converged, r.fallback);
    ck_assert(vccd_sim_impulse_solve(&r, one, &l1, &o) == 0);
    for (int row = 0; row < R; row++) {
        double p = 0.0;
        for (int k = 0; k < 6; k++) {
            p += b[6 * row + k].v[0];
            if (k < 5)
                TU_CHECK(b[6 * row + k + 1].v[0] - b[6 * row + k].v[0] >= -1e-9,
                         "fallback left row %d contact %d approaching", row, k);
            /* e = 0: the row moves as one, at its momentum over 6 */
            TU_CHECK(fabs(b[6 * row + k].v[0] - (1.0 + 0.01 * row) / 6.0) <= 1e-9, "row %d sphere %d at %.17g", row, k,
                     b[6 * row + k].v[0]);
            if (row == 0)
                TU_CHECK(fabs(b[k].v[0] - one[k].v[0]) <= 1e-9, "row 0 sphere %d at %.17g, alone %.17g", k,
                         b[k].v[0], one[k].v[0]);
        }
        TU_CHECK(fabs(p - (1.0 + 0.01 * row)) <= 1e-12, "row %d momentum %.17g", row, p);
    }
    /* blocks */
    {
        vccd_sim_body bb[3];
        vccd_sim_contact cc[11];
        vccd_sim_contacts ll = { cc, 0, 11 };
        double xg[3] = { 0, 0, -10 }, down[3] = { 0.1, 0, -2 }, up[3] = { 0, 0, 1 };
        body_init(&bb[0], "ground", 1.0, 1.0, xg, z, z, 1);
        falling_boxes(bb, down);
        for (int k = 1; k < 3; k++) {
            for (int i = 0; i < 4; i++) {
                double p[3] = { 4.0 * k + (i & 1 ? 0.5 : -0.5), i & 2 ? 0.5 : -0.5, 0 };
                contact_set(&cc[ll.n++], 0, k, p, up);
            }
        }
        vccd_sim_impulse_opts_init(&o);
        o.e = 0.5;
        ck_assert(vccd_sim_impulse_solve(&r, bb, &ll, &o) == 0);
        TU_CHECK(r.converged && r.singular == 1, "two flat boxes: converged %d singular %d", r.converged, r.singular);
        /* the second box on 3 of its corners: its block is regular, the
           first's still singular; then each alone */
        falling_boxes(bb, down);
        ll.n = 7;
        ck_assert(vccd_sim_impulse_solve(&r, bb, &ll, &o) == 0);
        TU_CHECK(r.converged && r.singular == 1, "flat box and box on 3: singular %d", r.singular);
        falling_boxes(bb, down);
        ll.c = cc + 4;
        ll.n = 3;
        ck_assert(vccd_sim_impulse_solve(&r, bb, &ll, &o) == 0);
        TU_CHECK(r.converged && r.singular == 0, "box on 3 corners: singular %d", r.singular);
        falling_boxes(bb, down);
        ll.n = 4;
        o.unique_max = 3;
        ck_assert(vccd_sim_impulse_solve(&r, bb, &ll, &o) == 0);
        TU_CHECK(r.converged && r.singular == -1, "a block over unique_max: singular %d, want -1", r.singular);
    }
    free(b);
}
END_TEST

static void
mesh_body(vccd_sim_body *b, const char *shape, double z, double angle)
{
    vccd_error e;
    vccd_bvh_opts o;
    memset(b, 0, sizeof *b);
    snprintf(b->name, sizeof b->name, "%s", shape);
    ck_assert(vccd_mesh_shape(&b->mesh, shape, VCCD_MESH_DEGENERATE_KEEP, &e) == 0);
    vccd_bvh_opts_init(&o);
    ck_assert(vccd_bvh_build(&b->bvh, &b->mesh, &o, &e) == 0);
    b->x[2] = z;
    b->q[0] = cos(0.5 * angle);
    b->q[3] = sin(0.5 * angle);
}

static void
mesh_body_clear(vccd_sim_body *b)
{
    vccd_sim_body_clear_cache(b);
    vccd_bvh_clear(&b->bvh);
    vccd_mesh_clear(&b->mesh);
}

/* b := a unit box of mass 1 centred z over a fixed box `ground` (a
   box:X:Y:1 centred at the origin), turned about z by ang, both ready
   to step. */
static void
unit_box_on(vccd_sim_body b[2], const char *ground, double z, double ang)
{
    mesh_body(&b[0], ground, 0.0, 0.0);
    mesh_body(&b[1], "box:1:1:1", z, ang);
    b[0].fixed = 1;
    ck_assert(vccd_sim_body_finish(&b[0]) == 0);
    b[1].mass = 1.0;
    for (int k = 0; k < 3; k++)
        b[1].inertia[k][k] = 1.0 / 6.0;
    ck_assert(vccd_sim_body_finish(&b[1]) == 0);
}

/* b := a unit box over a 2 x 2 x 1 box, *g in [2.5e-4, 1.25e-3) above
   it, turned about z by a random *ang. */
static void
box_over_box(vccd_sim_body b[2], double *g, double *ang)
{
    *g = 1e-3 * (0.25 + tu_unit());
    *ang = 6.283185307179586 * tu_unit();
    mesh_body(&b[0], "box:2:2:1", 0.0, 0.0);
    mesh_body(&b[1], "box:1:1:1", 1.0 + *g, *ang);
}

/* Manifolds: a unit box over a 2 x 2 x 1 box, gap g, turned about z by
   a random angle: the points of the one normal group are 4 (the top
   box's bottom corners, all inside the lower face), the normal is +z,
   the gaps are g to rounding; a gap of 3 bands gives no contact.  The
   same for the node manifold, as far as it promises (below). */
START_TEST(test_manifold)
{
    long iters = tu_iters(20);
    for (long it = 0; it < iters; it++) {
        vccd_sim_body b[2];
        vccd_sim_contacts l = { NULL, 0, 0 };
        vccd_error e;
        double g, ang, gap;
        box_over_box(b, &g, &ang);
        ck_assert(vccd_sim_manifold(&l, &gap, b, 0, 1, vccd_bv_type_find("obb"), 2e-3, 0, &e) == 0);
        TU_CHECK(l.n == 4, "case %ld (angle %g): %zu points", it, ang, l.n);
        TU_CHECK(gap <= g && gap > 0.99 * g, "case %ld: gap bound %g, gap %g", it, gap, g);
        for (size_t i = 0; i < l.n; i++) {
            const vccd_sim_contact *c = &l.c[i];
            double r = hypot(c->point[0], c->point[1]);
            TU_CHECK(fabs(c->normal[2] - 1) < 1e-12 && c->a == 0 && c->b == 1, "case %ld: normal %g %g %g", it,
                     c->normal[0], c->normal[1], c->normal[2]);
            /* a corner of the top box: sqrt(1/2) from the axis */
            TU_CHECK(fabs(r - sqrt(0.5)) < 1e-9 && fabs(c->point[2] - (0.5 + 0.5 * g)) < 1e-9,
                     "case %ld: point %g %g %g not a corner", it, c->point[0], c->point[1], c->point[2]);
            TU_CHECK(c->gap_lower <= g * (1 + 1e-9) && c->gap_upper >= g * (1 - 1e-9), "case %ld: pair gap", it);
        }
        for (size_t i = 0; i < l.n; i++)
            for (size_t j = i + 1; j < l.n; j++)
                TU_CHECK(hypot(l.c[i].point[0] - l.c[j].point[0], l.c[i].point[1] - l.c[j].point[1]) > 0.9,
                         "case %ld: two points of the same corner", it);
        /* The node manifold (thesis 6.1.1): approximate by construction,
           so only what it promises -- its contacts are labelled, name no
           triangle, sit at the top box's bottom corners (the smaller
           leaves' vertices nearest the other body), point from a to b
           (+z: the faces across the leaves' line are the horizontal
           ones), and its gap bound is a proof, in [0, g], as is each
           contact's. */
        l.n = 0;
        ck_assert(vccd_sim_manifold_nodes(&l, &gap, b, 0, 1, vccd_bv_type_find("obb"), 2e-3, &e) == 0);
        TU_CHECK(l.n >= 1 && l.n <= 4, "nodes, case %ld (angle %g): %zu points", it, ang, l.n);
        TU_CHECK(gap <= g && gap >= 0.0, "nodes, case %ld: gap bound %g, gap %g", it, gap, g);
        for (size_t i = 0; i < l.n; i++) {
            const vccd_sim_contact *c = &l.c[i];
            TU_CHECK(c->approximate == VCCD_SIM_APPROX_NODES && c->tri[0] == -1 && c->tri[1] == -1,
                     "nodes, case %ld: not labelled", it);
            TU_CHECK(fabs(c->normal[2] - 1) < 1e-12 && c->a == 0 && c->b == 1, "nodes, case %ld: normal %g %g %g",
                     it, c->normal[0], c->normal[1], c->normal[2]);
            TU_CHECK(fabs(hypot(c->point[0], c->point[1]) - sqrt(0.5)) < 1e-9 && fabs(c->point[2] - (0.5 + g)) < 1e-9,
                     "nodes, case %ld: point %g %g %g not a corner", it, c->point[0], c->point[1], c->point[2]);
            TU_CHECK(c->gap_lower <= g && c->gap_lower >= 0.0, "nodes, case %ld: gap %g", it, c->gap_lower);
        }
        l.n = 0;
        b[1].x[2] = 1.0 + 6e-3;
        ck_assert(vccd_sim_manifold(&l, &gap, b, 0, 1, vccd_bv_type_find("obb"), 2e-3, 0, &e) == 0);
        TU_CHECK(l.n == 0 && gap == 2e-3, "apart by 3 bands: %zu points, gap %g", l.n, gap);
        ck_assert(vccd_sim_manifold_nodes(&l, &gap, b, 0, 1, vccd_bv_type_find("obb"), 2e-3, &e) == 0);
        TU_CHECK(l.n == 0 && gap == 2e-3, "nodes, apart by 3 bands: %zu points, gap %g", l.n, gap);
        vccd_sim_contacts_clear(&l);
        mesh_body_clear(&b[0]);
        mesh_body_clear(&b[1]);
    }
}
END_TEST

/* Clustering keeps every normal more than 2 degrees from the others: a
   face's 4 corners and a fifth point inside them, all +z, and a contact
   at the middle whose normal is turned by a random 3 to 20 degrees (a
   curved mesh's next facet).  The 4 corners stand for the inner +z
   point (its normal velocity is between theirs), but not for the turned
   one: at a chain link's sliding speed of a few m/s, 14 degrees are
   0.7 m/s of approach the corners do not see (the 8x8 chain net's storm
   with groups 15 degrees wide). */
START_TEST(test_cluster_normals)
{
    long iters = tu_iters(50);
    for (long it = 0; it < iters; it++) {
        vccd_sim_contacts l = { NULL, 0, 0 };
        double up[3] = { 0, 0, 1 }, a = (3.0 + 17.0 * tu_unit()) * 3.141592653589793 / 180.0, ph = 6.28 * tu_unit();
        double tilt[3] = { sin(a) * cos(ph), sin(a) * sin(ph), cos(a) };
        double pts[6][3] = { { -1, -1, 0 }, { 1, -1, 0 }, { 1, 1, 0 }, { -1, 1, 0 }, { 0.3, 0.2, 0 }, { 0, 0, 0 } };
        int kept = 0, corners = 0;
        for (int i = 0; i < 6; i++) {
            vccd_sim_contact c;
            contact_set(&c, 0, 1, pts[i], i == 5 ? tilt : up);
            c.gap_lower = 1e-3 + 1e-5 * i;
            ck_assert(vccd_sim_contacts_push(&l, &c) == 0);
        }
        vccd_sim_contacts_cluster(&l, 0);
        for (size_t i = 0; i < l.n; i++) {
            kept += l.c[i].normal[2] < 1.0;
            corners += l.c[i].normal[2] == 1.0 && fabs(l.c[i].point[0]) == 1.0;
        }
        TU_CHECK(kept == 1 && corners == 4 && l.n == 5, "case %ld (%g degrees): %zu kept, turned %d, corners %d", it,
                 a * 180.0 / 3.141592653589793, l.n, kept, corners);
        vccd_sim_contacts_clear(&l);
    }
}
END_TEST

/* b := a body of the one triangle v[0..2]. */
static void
triangle_body(vccd_sim_body *b, const char *name, double v[3][3])
{
    static const vccd_mesh_index t[1][3] = { { 0, 1, 2 } };
    vccd_error e;
    vccd_bvh_opts o;
    memset(b, 0, sizeof *b);
    snprintf(b->name, sizeof b->name, "%s", name);
    ck_assert(vccd_mesh_init_arrays(&b->mesh, name, (const double (*)[3])v, 3, t, 1, VCCD_MESH_DEGENERATE_KEEP, &e)
              == 0);
    vccd_bvh_opts_init(&o);
    ck_assert(vccd_bvh_build(&b->bvh, &b->mesh, &o, &e) == 0);
    b->q[0] = 1.0;
}

/* The closest points are a contact where no feature is as near, even
   though they are no feature.  Triangle a lies in z = 0 on y <= 0, its edge on the x axis;
   triangle b's corner C sits just past that edge (y = dy > 0, z = g),
   and its edge from C runs back over a, rising to a corner V over a's
   interior at a height h below the band.  So the closest points are
   that edge against a's edge, dy / 0.01 of the way from C (within the
   band of C: not an edge-edge contact, which is left to C's, and C is
   over no face), their direction is turned from +z by
   atan((h - g) / 0.01)-ish; the one feature is V over a's face, normal
   +z, at h.  The manifold must hold a contact within 1 degree of the
   closest direction, from a to b.  Before, the pair had V's feature and
   so no closest points: Rigid IPC's 8x8 chain net stepped such a pair
   of links back 60 times a step, to a gap of 3e-14. */
START_TEST(test_manifold_closest)
{
    long iters = tu_iters(50);
    for (long it = 0; it < iters; it++) {
        vccd_sim_body b[2];
        vccd_sim_contacts l = { NULL, 0, 0 };
        vccd_distance_list list = { NULL, 0, 0 };
        vccd_distance_result dr;
        vccd_pose pa, pb;
        vccd_error e;
        double band = 2e-3, g = 1e-4 * (0.5 + tu_unit()), dy = 3e-4 * (0.5 + tu_unit()), h = 1.2e-3 + 6e-4 * tu_unit();
        double x0 = 0.5 * (tu_unit() - 0.5), va[3][3] = { { -1, 0, 0 }, { 1, 0, 0 }, { 0, -1, 0 } };
        double vb[3][3] = { { x0, dy, g }, { x0, -0.01, h }, { x0 + 0.01, dy, g + 0.01 } };
        double d[3], dl = 0.0, best = -2.0, gap, lo = INFINITY;
        const vccd_distance_pair *cp = NULL;
        int bv = vccd_bv_type_find("obb");
        triangle_body(&b[0], "a", va);
        triangle_body(&b[1], "b", vb);
        ck_assert(vccd_sim_body_pose(&pa, &b[0]) == 0 && vccd_sim_body_pose(&pb, &b[1]) == 0);
        ck_assert(vccd_distance_within(&list, &dr, &b[0].bvh, &pa, &b[1].bvh, &pb, bv, band, &e) == 0);
        for (size_t i = 0; i < list.n; i++)
            if (list.pair[i].lower < lo)
                lo = list.pair[i].lower, cp = &list.pair[i];
        ck_assert(cp != NULL);
        /* a is at the origin unturned: its frame is the world's */
        for (int k = 0; k < 3; k++) {
            d[k] = cp->q[k] - cp->p[k];
            dl += d[k] * d[k];
        }
        dl = sqrt(dl);
        /* the construction: the closest points are the edges', not C's
           and not V's, and off +z by more than the test's degree */
        TU_CHECK(dl < sqrt(g * g + dy * dy) * (1 - 1e-3) && dl < 0.5 * h && d[2] / dl < cos(2.0 * 3.141592653589793 / 180.0),
                 "case %ld: not the construction (closest %g, C %g, cos %g)", it, dl, sqrt(g * g + dy * dy),
                 d[2] / dl);
        ck_assert(vccd_sim_manifold(&l, &gap, b, 0, 1, bv, band, 0, &e) == 0);
        TU_CHECK(gap > 0.0 && gap <= dl * (1 + 1e-9), "case %ld: gap bound %g, closest %g", it, gap, dl);
        for (size_t i = 0; i < l.n; i++)
            best = fmax(best, (l.c[i].normal[0] * d[0] + l.c[i].normal[1] * d[1] + l.c[i].normal[2] * d[2]) / dl);
        TU_CHECK(l.n == 2, "case %ld: %zu contacts, want V's and the closest points'", it, l.n);
        TU_CHECK(best > cos(1.0 * 3.141592653589793 / 180.0),
                 "case %ld (g %g, dy %g, h %g): %zu contacts, none along the closest direction (best cos %.6f)", it,
                 g, dy, h, l.n, best);
        free(list.pair);
        vccd_sim_contacts_clear(&l);
        mesh_body_clear(&b[0]);
        mesh_body_clear(&b[1]);
    }
}
END_TEST

/* The range of a step's numbers (sim.h): each piece's motion is parsed
   from the state's doubles written as exact rationals of at most 255
   characters.  A state with components of 1e-300 (a position, a
   quaternion component, a velocity and an angular velocity, as the
   doubles' own arithmetic could make) steps, the pose's flushed to 0;
   one whose velocity times the step is 2^800 or more stops with a
   message naming the body.  Both failed with "[motion] v: number too
   long" under a pseudo-file name. */
START_TEST(test_step_range)
{
    vccd_sim_body b[2];
    vccd_sim_opts o;
    vccd_sim_step_result r;
    vccd_error e;
    int rc;
    vccd_sim_opts_init(&o);
    unit_box_on(b, "box:4:4:1", 3.0, 0.0);
    b[1].x[0] = 1e-300;
    b[1].q[1] = 1e-300;
    b[1].v[0] = 1e-300;
    b[1].w[2] = 1e-300;
    rc = vccd_sim_step(&r, b, 2, &o, NULL, NULL, &e);
    TU_CHECK(rc == 0, "tiny state: the step failed: %s", e.msg);
    /* the pair is farther than the resting band, which is then its
       proved bound (sim.h, min_gap); its distance is 2 */
    TU_CHECK(rc != 0 || (b[1].q[1] == 0.0 && fabs(b[1].x[0]) < 1e-290 && b[1].x[2] == 3.0
                         && r.min_gap == VCCD_SIM_REST_BAND(&o)),
             "tiny state: q1 %g x %g %g, gap %g", b[1].q[1], b[1].x[0], b[1].x[2], r.min_gap);
    {
        vccd_distance_result d;
        ck_assert(vccd_sim_pair_distance(&d, b, 0, 1, o.bv, &e) == 0);
        TU_CHECK(d.lower > 1.9 && d.upper < 2.1, "tiny state: distance [%g, %g], want 2", d.lower, d.upper);
    }
    b[1].v[0] = 1e300;
    rc = vccd_sim_step(&r, b, 2, &o, NULL, NULL, &e);
    TU_CHECK(rc != 0 && strstr(e.msg, "body box:1:1:1: velocity x time") && strstr(e.msg, "beyond the simulation's range"),
             "huge velocity: rc %d, message '%s'", rc, rc ? e.msg : "");
    mesh_body_clear(&b[0]);
    mesh_body_clear(&b[1]);
}
END_TEST


/* The speculative target of a resting contact (vccd_sim_rest_targets):
   a box over a fixed box at gap g, moving along z at vz: each of its 4
   contacts gets rate (eps_d - d) / dt + |gz| h / 2 (a_n = -|gz|: only the top
   box falls), and with it the gap after h seconds, d + vn h - |gz| h^2 /
   2, is d + rate (eps_d - d) h / dt; a contact approaching faster than v_rest
   keeps Newton's law, but at e = 0 is speculative too, with rate 1 when
   its gap is above eps_d (g is drawn on both sides of it). */
START_TEST(test_rest_targets)
{
    long iters = tu_iters(20);
    for (long it = 0; it < iters; it++) {
        vccd_sim_body b[2];
        vccd_sim_contacts l = { NULL, 0, 0 };
        vccd_sim_opts o;
        vccd_error e;
        double g, ang, gap, h;
        long n;
        vccd_sim_opts_init(&o);
        o.g[2] = -9.81;
        o.impulse.v_rest = 0.2;
        h = o.dt * (0.1 + 0.9 * tu_unit());
        box_over_box(b, &g, &ang);
        b[0].fixed = 1;
        b[1].v[2] = it % 2 ? -0.1 * tu_unit() : 0.1 * tu_unit();
        ck_assert(vccd_sim_manifold(&l, &gap, b, 0, 1, vccd_bv_type_find("obb"), 2e-3, 0, &e) == 0);
        n = vccd_sim_rest_targets(&l, 0, b, &o, h);
        TU_CHECK(n == 4 && l.n == 4, "case %ld: %ld of %zu marked", it, n, l.n);
        for (size_t i = 0; i < l.n; i++) {
            const vccd_sim_contact *c = &l.c[i];
            double want = VCCD_SIM_REST_RATE * (o.eps_d - c->gap_lower) / o.dt + 0.5 * 9.81 * h;
            double after = c->gap_lower + c->target * h - 0.5 * 9.81 * h * h;
            TU_CHECK(c->speculative && fabs(c->target - want) <= 1e-12 * (fabs(want) + 1),
                     "case %ld: target %.17g, want %.17g", it, c->target, want);
            TU_CHECK(fabs(after - (c->gap_lower + VCCD_SIM_REST_RATE * (o.eps_d - c->gap_lower) * h / o.dt)) <= 1e-15,
                     "case %ld: gap after h %.17g", it, after);
        }
        /* approaching at 1 m/s, faster than v_rest: Newton's law */
        l.n = 0;
        b[1].v[2] = -1.0;
        ck_assert(vccd_sim_manifold(&l, &gap, b, 0, 1, vccd_bv_type_find("obb"), 2e-3, 0, &e) == 0);
        n = vccd_sim_rest_targets(&l, 0, b, &o, h);
        TU_CHECK(n == 0 && !l.c[0].speculative, "case %ld: a fast contact marked", it);
        /* the same at e = 0: speculative, the gap closing all the way to
           eps_d over the step when it is above it (rate 1), else the
           resting rate */
        o.impulse.e = 0.0;
        n = vccd_sim_rest_targets(&l, 0, b, &o, h);
        TU_CHECK(n == 4, "case %ld: e = 0, %ld of %zu marked", it, n, l.n);
        for (size_t i = 0; i < l.n; i++) {
            const vccd_sim_contact *c = &l.c[i];
            double rate = c->gap_lower > o.eps_d ? 1.0 : VCCD_SIM_REST_RATE;
            double want = rate * (o.eps_d - c->gap_lower) / o.dt + 0.5 * 9.81 * h;
            TU_CHECK(c->speculative && fabs(c->target - want) <= 1e-12 * (fabs(want) + 1),
                     "case %ld: e = 0, target %.17g, want %.17g", it, c->target, want);
        }
        vccd_sim_contacts_clear(&l);
        mesh_body_clear(&b[0]);
        mesh_body_clear(&b[1]);
    }
}
END_TEST

/* A unit box at rest eps_d over a fixed 4 x 4 x 1 box, turned about z by
   a random angle and shifted by up to 0.2, under gravity, friction 0.5:
   600 steps of 1/60 s with the resting contacts solved before each step
   take no contact event after the first (which had no solve before
   it), and every step's gap lower bound stays in
   [eps_d / 4, 3 eps_d] (no halving); the same with resting = events
   takes events (its scheme: a resting body is met by the TOC). */
START_TEST(test_resting_box)
{
    long iters = tu_iters(3);
    for (long it = 0; it < iters; it++) {
        double ang = 6.283185307179586 * tu_unit(), sx = 0.4 * tu_unit() - 0.2, sy = 0.4 * tu_unit() - 0.2;
        for (int mode = 0; mode < 2; mode++) {
            vccd_sim_body b[2];
            vccd_sim_opts o;
            vccd_error e;
            long events = 0;
            double lo = INFINITY, hi = 0;
            vccd_sim_opts_init(&o);
            o.g[2] = -9.81;
            o.impulse.mu = 0.5;
            o.impulse.e = 0.2;
            o.impulse.v_rest = sqrt(2 * 9.81 * o.band_factor * o.eps_d);
            o.impulse.v_sep = 9.81 * o.dt;
            o.rest = mode ? VCCD_SIM_REST_EVENTS : VCCD_SIM_REST_SPECULATIVE;
            unit_box_on(b, "box:4:4:1", 1.0 + o.eps_d, ang);
            b[1].x[0] = sx, b[1].x[1] = sy;
            for (int st = 0; st < 600; st++) {
                vccd_sim_step_result r;
                if (vccd_sim_step(&r, b, 2, &o, NULL, NULL, &e) != 0) {
                    tu_fail("case %ld, mode %d, step %d: %s", it, mode, st, e.msg);
                    break;
                }
                /* the first step has had no solve before it: the box
                   falls its g dt^2 / 2 = 1.4 eps_d onto the ground */
                events += st > 0 ? r.events : 0;
                lo = fmin(lo, r.min_gap);
                hi = fmax(hi, r.min_gap);
            }
            if (mode == 0)
                TU_CHECK(events == 0 && lo >= 0.25 * o.eps_d && hi <= 3 * o.eps_d,
                         "case %ld (angle %g, shift %g %g): %ld events, gaps in [%g, %g]", it, ang, sx, sy, events,
                         lo, hi);
            else
                TU_CHECK(events > 0, "case %ld: resting = events took no event", it);
            mesh_body_clear(&b[0]);
            mesh_body_clear(&b[1]);
        }
    }
}
END_TEST

/* The resting band widened at restitution 0 (vccd_sim_step): a unit
   box turned about z falls without gravity at v onto a fixed 2 x 2 x 1
   box and ends its first step g1 above it, beyond the resting band
   rb = 4e-3.  The band grows by the pair's closing v dt, by at most
   1.5 rb:
   - capped: v = 0.7 to 0.9 m/s, g1 = 5e-3 to 7e-3, under v dt: the
     corners are resting contacts aimed at eps_d, and the second step
     ends near eps_d without an event (not widened, the box touches);
   - not capped: v = 0.45 to 0.55, g1 = 4.1e-3 to 4.4e-3 (v dt is then
     below 1.5 rb, so the band is rb + v dt itself): the same;
   - beyond: the same speeds, g1 = rb + v dt + 3e-4, past the widened
     band: no resting contact (a closing bound too large would give
     some), and the box goes on to g1 - v dt without an event. */
START_TEST(test_rest_widened)
{
    long iters = tu_iters(5);
    for (long it = 0; it < 3 * iters; it++) {
        int kind = (int)(it % 3);
        double ang = 6.283185307179586 * tu_unit(), v, g1, gap;
        vccd_sim_body b[2];
        vccd_sim_opts o;
        vccd_sim_step_result r[2];
        vccd_error e;
        vccd_sim_opts_init(&o);
        o.dt = 0.01;
        o.impulse.e = 0.0;
        o.impulse.v_rest = 0.0;
        if (kind == 0) {
            v = 0.7 + 0.2 * tu_unit();
            g1 = 5e-3 + 2e-3 * tu_unit();
        } else {
            v = 0.45 + 0.1 * tu_unit();
            g1 = kind == 1 ? 4.1e-3 + 3e-4 * tu_unit() : VCCD_SIM_REST_BAND(&o) + v * o.dt + 3e-4;
        }
        unit_box_on(b, "box:2:2:1", 1.0 + g1 + v * o.dt, ang);
        b[1].v[2] = -v;
        for (int st = 0; st < 2; st++)
            if (vccd_sim_step(&r[st], b, 2, &o, NULL, NULL, &e) != 0) {
                tu_fail("case %ld, step %d: %s", it, st, e.msg);
                break;
            }
        gap = b[1].x[2] - 1.0;
        TU_CHECK(r[0].events == 0 && r[0].rest_contacts == (kind == 2 ? 0 : 4),
                 "case %ld, kind %d (v %g, g1 %g): step 1, %d events, %ld resting contacts", it, kind, v, g1,
                 r[0].events, r[0].rest_contacts);
        if (kind == 2)
            TU_CHECK(r[1].events == 0 && fabs(gap - (g1 - v * o.dt)) < 1e-9,
                     "case %ld, kind 2 (v %g, g1 %g): step 2, %d events, gap %g", it, v, g1, r[1].events, gap);
        else
            TU_CHECK(r[1].events == 0 && gap > 0.9 * o.eps_d && gap < 1.1 * o.eps_d,
                     "case %ld, kind %d (v %g, g1 %g): step 2, %d events, gap %g", it, kind, v, g1, r[1].events,
                     gap);
        mesh_body_clear(&b[0]);
        mesh_body_clear(&b[1]);
    }
}
END_TEST

/* An event's cluster (vccd_sim_event_solve): a column of 3 unit boxes
   resting on a fixed ground, a fourth landing on it at 2 m/s, and a box
   resting on the ground 6 m away.  The impulse travels down the column
   (each box pushed into the one under it joins, in rounds) to the
   ground, whose other contact is left out: the far box keeps its
   velocity bit for bit and its manifold is never made.  The column's
   contacts end at their targets, and the same column solved with every
   contact of the scene at once (the solve before clusters) moves it the
   same, while that one also pushes the far box off the ground. */
START_TEST(test_event_cluster)
{
    enum { NB = 6 };
    vccd_sim_body b[NB], b2[NB];
    vccd_sim_opts o;
    vccd_sim_contacts cl = { NULL, 0, 0 }, all = { NULL, 0, 0 };
    vccd_sim_impulse_result res;
    vccd_sim_pairs cand = { NULL, 0, 0 };
    vccd_error e;
    double gap = 5e-4, gaps[16], tsolve = 0.0, band;
    unsigned char changed[NB];
    /* pairs within the band: ground-b1, b1-b2, b2-b3, b3-top, ground-far */
    static const int pairs[][2] = { { 0, 1 }, { 1, 2 }, { 2, 3 }, { 3, 4 }, { 0, 5 } };
    vccd_sim_opts_init(&o);
    o.g[2] = -9.81;
    o.impulse.e = 0.3;
    o.impulse.v_rest = sqrt(2 * 9.81 * o.band_factor * o.eps_d);
    o.impulse.v_sep = 9.81 * o.dt;
    band = o.band_factor * o.eps_d;
    mesh_body(&b[0], "box:20:20:1", -0.5, 0.0);
    b[0].fixed = 1;
    ck_assert(vccd_sim_body_finish(&b[0]) == 0);
    for (int i = 1; i < NB; i++) {
        mesh_body(&b[i], "box:1:1:1", i < 5 ? 0.5 * (2 * i - 1) + i * gap : 0.5 + gap, 0.0);
        if (i == 5)
            b[i].x[0] = 6.0;
        b[i].mass = 1.0;
        for (int k = 0; k < 3; k++)
            b[i].inertia[k][k] = 1.0 / 6.0;
        ck_assert(vccd_sim_body_finish(&b[i]) == 0);
    }
    b[4].v[2] = -2.0;
    cand.n = cand.cap = 5;
    cand.p = malloc(5 * sizeof *cand.p);
    ck_assert(cand.p != NULL);
    memcpy(cand.p, pairs, sizeof pairs);
    memcpy(b2, b, sizeof b);
    ck_assert(vccd_sim_event_solve(&res, &cl, gaps, changed, &tsolve, b, NB, &cand, 3, 4, band, 0.005, &o, &e) == 0);
    TU_CHECK(res.rounds == 3, "%d solves, want 3 (b2-b3 and b3-top, then b1-b2, then ground-b1)", res.rounds);
    for (int u = 0; u < 4; u++)
        TU_CHECK(!isnan(gaps[u]) && gaps[u] > 0.9 * gap && gaps[u] <= gap, "pair %d: gap bound %g", u, gaps[u]);
    TU_CHECK(isnan(gaps[4]), "the far box's manifold was made: %g", gaps[4]);
    for (int i = 1; i < 5; i++)
        TU_CHECK(changed[i], "column box %d not changed", i);
    TU_CHECK(!changed[0] && !changed[5], "ground or far box changed");
    TU_CHECK(b[5].v[0] == 0 && b[5].v[1] == 0 && b[5].v[2] == 0 && b[5].w[0] == 0 && b[5].w[1] == 0
             && b[5].w[2] == 0, "the far box moved: v %g %g %g", b[5].v[0], b[5].v[1], b[5].v[2]);
    TU_CHECK(cl.n == 16, "%zu contacts, want the column's 4 x 4", cl.n);
    for (size_t k = 0; k < cl.n; k++) {
        double vn = normal_velocity(b, &cl.c[k]);
        TU_CHECK(cl.c[k].a != 5 && cl.c[k].b != 5, "a contact of the far box");
        TU_CHECK(vn >= -1e-9, "contact %zu (bodies %d %d) still approaching: %g", k, cl.c[k].a, cl.c[k].b, vn);
    }
    /* Newton's law at the landing: it leaves at e x 2 m/s or faster */
    TU_CHECK(b[4].v[2] - b[3].v[2] >= 0.3 * 2.0 - 1e-9, "the landing box leaves at %g", b[4].v[2] - b[3].v[2]);
    /* every contact of the scene at once, from the same start */
    for (int u = 0; u < 5; u++) {
        double g;
        ck_assert(vccd_sim_manifold(&all, &g, b2, pairs[u][0], pairs[u][1], o.bv, band, 0, &e) == 0);
    }
    ck_assert(vccd_sim_impulse_solve(&res, b2, &all, &o.impulse) == 0);
    TU_CHECK(b2[5].v[2] > 0.0, "the global solve left the far box: %g", b2[5].v[2]);
    for (int i = 1; i < 5; i++)
        TU_CHECK(fabs(b2[i].v[2] - b[i].v[2]) <= 1e-6, "box %d: %.17g in the cluster, %.17g in the global solve", i,
                 b[i].v[2], b2[i].v[2]);
    free(cand.p);
    vccd_sim_contacts_clear(&cl);
    vccd_sim_contacts_clear(&all);
    for (int i = 0; i < NB; i++)
        mesh_body_clear(&b[i]);
}
END_TEST

/* The displacement of vertex y (world offset from the centre at t = 0)
   at time t of the piece (u, a, w), exactly to 256 bits: u t + a t^2/2
   + (Rot(w t) - I) y, Rot by Rodrigues' formula. */
static void
displacement(mpfr_t d, const double u[3], const double a[3], const double w[3], const mpfr_t y[3], const mpfr_t t)
{
    mpfr_t th, c, s, k[3], x[3], kx[3], kdy, tmp, t2;
    mpfr_inits2(256, th, c, s, kdy, tmp, t2, (mpfr_ptr)0);
    for (int i = 0; i < 3; i++)
        mpfr_inits2(256, k[i], x[i], kx[i], (mpfr_ptr)0);
    mpfr_set_d(th, 0, MPFR_RNDN);
    for (int i = 0; i < 3; i++) {
        mpfr_set_d(tmp, w[i], MPFR_RNDN);
        mpfr_fma(th, tmp, tmp, th, MPFR_RNDN);
    }
    mpfr_sqrt(th, th, MPFR_RNDN);
    for (int i = 0; i < 3; i++) {
        if (mpfr_zero_p(th))
            mpfr_set_d(k[i], 0, MPFR_RNDN);
        else {
            mpfr_set_d(k[i], w[i], MPFR_RNDN);
            mpfr_div(k[i], k[i], th, MPFR_RNDN);
        }
    }
    mpfr_mul(th, th, t, MPFR_RNDN);
    mpfr_sin_cos(s, c, th, MPFR_RNDN);
    /* Rot y - y = sin (k x y) + (1 - cos) (k (k.y) - y) */
    mpfr_set_d(kdy, 0, MPFR_RNDN);
    for (int i = 0; i < 3; i++)
        mpfr_fma(kdy, k[i], y[i], kdy, MPFR_RNDN);
    for (int i = 0; i < 3; i++) {
        int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
        mpfr_mul(kx[i], k[i1], y[i2], MPFR_RNDN);
        mpfr_mul(tmp, k[i2], y[i1], MPFR_RNDN);
        mpfr_sub(kx[i], kx[i], tmp, MPFR_RNDN);
    }
    mpfr_mul(t2, t, t, MPFR_RNDN);
    mpfr_div_ui(t2, t2, 2, MPFR_RNDN);
    mpfr_set_d(d, 0, MPFR_RNDN);
    for (int i = 0; i < 3; i++) {
        mpfr_mul(x[i], k[i], kdy, MPFR_RNDN);
        mpfr_sub(x[i], x[i], y[i], MPFR_RNDN);
        mpfr_ui_sub(tmp, 1, c, MPFR_RNDN);
        mpfr_mul(x[i], x[i], tmp, MPFR_RNDN);
        mpfr_fma(x[i], s, kx[i], x[i], MPFR_RNDN);
        mpfr_set_d(tmp, u[i], MPFR_RNDN);
        mpfr_fma(x[i], tmp, t, x[i], MPFR_RNDN);
        mpfr_set_d(tmp, a[i], MPFR_RNDN);
        mpfr_fma(x[i], tmp, t2, x[i], MPFR_RNDN);
        mpfr_fma(d, x[i], x[i], d, MPFR_RNDN);
    }
    mpfr_sqrt(d, d, MPFR_RNDN);
    mpfr_clears(th, c, s, kdy, tmp, t2, (mpfr_ptr)0);
    for (int i = 0; i < 3; i++)
        mpfr_clears(k[i], x[i], kx[i], (mpfr_ptr)0);
}

/* A random component for the reach's cases: 0, tiny (around the flush
   at 2^-600), huge, or ordinary, either sign. */
static double
reach_value(double scale)
{
    double x;
    switch (tu_ulong() % 8) {
    case 0:
        return 0.0;
    case 1:
        x = ldexp(1.0 + tu_unit(), -600 - (int)(tu_ulong() % 3));
        break;
    case 2:
        x = ldexp(1.0 + tu_unit(), 100 + (int)(tu_ulong() % 100));
        break;
    default:
        x = scale * (2 * tu_unit() - 1);
        break;
    }
    return tu_ulong() % 2 ? x : -x;
}

/* vccd_sim_body_reach: for random and adversarial states (gravity
   against the velocity with its apex inside the piece, just past it, at
   its end; values at the flush to 0, huge ones, no rotation, no
   gravity), every vertex of a box (the displacement of a rigid motion is
   convex in the point, so a polytope's largest is at a vertex) moves
   less than the reach at every grid time and at each axis' apex, to 256
   bits; without rotation the reach is within 1e-9 (and 1e-150: the
   intervals' outward rounding of 0) of the apexes' norm;
   a fixed body's reach is 0. */
START_TEST(test_reach)
{
    long iters = tu_iters(400);
    vccd_sim_body b;
    double rad = 0;
    mpfr_t y[3], t, d, best;
    mpfr_inits2(256, t, d, best, (mpfr_ptr)0);
    for (int i = 0; i < 3; i++)
        mpfr_init2(y[i], 256);
    mesh_body(&b, "box:1:2:3", 0.0, 0.0);
    for (long v = 0; v < b.mesh.nv; v++)
        rad = fmax(rad, vccd_fp_next_up(sqrt(b.mesh.v[v][0] * b.mesh.v[v][0] + b.mesh.v[v][1] * b.mesh.v[v][1]
                                             + b.mesh.v[v][2] * b.mesh.v[v][2])));
    rad = vccd_fp_next_up(rad);
    b.qb.rad = &rad;
    b.mass = 1.0;
    for (long it = 0; it < iters; it++) {
        double g[3], h = ldexp(1.0 + tu_unit(), -(int)(tu_ulong() % 20)), u[3], a[3], w[3], r, qn = 0;
        int spin = it % 3 != 0;
        for (int k = 0; k < 3; k++) {
            g[k] = it % 7 == 0 ? 0.0 : reach_value(10.0);
            b.v[k] = reach_value(3.0);
            b.w[k] = spin ? reach_value(2.0) : 0.0;
            b.q[k + 1] = 2 * tu_unit() - 1;
        }
        b.q[0] = 2 * tu_unit() - 1;
        for (int k = 0; k < 4; k++)
            qn += b.q[k] * b.q[k];
        for (int k = 0; k < 4; k++)
            b.q[k] /= sqrt(qn);
        /* adversarial: gravity against the velocity, the apex at t =
           1/2, at 1 or just past it */
        if (it % 5 == 1) {
            double at[3] = { 0.5, 1.0, 1.0 + 1e-9 };
            int k = (int)(tu_ulong() % 3);
            g[k] = -b.v[k] / (at[it % 3] * h);
        }
        vccd_sim_body_piece(u, a, w, &b, h, g);
        r = vccd_sim_body_reach(&b, h, g);
        if (!isfinite(r))
            continue;           /* a huge case beyond the doubles: nothing to check */
        mpfr_set_d(best, 0, MPFR_RNDN);
        for (long vtx = 0; vtx < b.mesh.nv; vtx++) {
            /* y = R(q) p, to 256 bits */
            double q0 = b.q[0], q1 = b.q[1], q2 = b.q[2], q3 = b.q[3];
            const double *p = b.mesh.v[vtx];
            double R[3][3] = { { 1 - 2 * (q2 * q2 + q3 * q3), 2 * (q1 * q2 - q0 * q3), 2 * (q1 * q3 + q0 * q2) },
                               { 2 * (q1 * q2 + q0 * q3), 1 - 2 * (q1 * q1 + q3 * q3), 2 * (q2 * q3 - q0 * q1) },
                               { 2 * (q1 * q3 - q0 * q2), 2 * (q2 * q3 + q0 * q1), 1 - 2 * (q1 * q1 + q2 * q2) } };
            for (int k = 0; k < 3; k++)
                mpfr_set_d(y[k], R[k][0] * p[0] + R[k][1] * p[1] + R[k][2] * p[2], MPFR_RNDN);
            for (int s = 0; s <= 64 + 3; s++) {
                if (s <= 64) {
                    mpfr_set_ui(t, (unsigned long)s, MPFR_RNDN);
                    mpfr_div_ui(t, t, 64, MPFR_RNDN);
                } else {
                    int k = s - 65;     /* the apex of axis k: -u / a */
                    if (!(a[k] != 0 && u[k] * a[k] < 0 && -u[k] / a[k] < 1))
                        continue;
                    mpfr_set_d(t, -u[k], MPFR_RNDN);
                    mpfr_div_d(t, t, a[k], MPFR_RNDN);
                }
                displacement(d, u, a, w, y, t);
                if (mpfr_cmp(d, best) > 0)
                    mpfr_set(best, d, MPFR_RNDN);
            }
        }
        TU_CHECK(mpfr_cmp_d(best, r) <= 0, "case %ld: a vertex moves %.17g, past the reach %.17g", it,
                 mpfr_get_d(best, MPFR_RNDU), r);
        if (!spin) {
            /* the centre's largest excursion, from the apexes */
            double m2 = 0;
            for (int k = 0; k < 3; k++) {
                double m = fabs(u[k] + 0.5 * a[k]);
                if (u[k] * a[k] < 0 && -u[k] / a[k] < 1)
                    m = fmax(m, u[k] * u[k] / (2 * fabs(a[k])));
                m2 += m * m;
            }
            TU_CHECK(r <= sqrt(m2) * (1 + 1e-9) + 1e-150, "case %ld: reach %.17g, the excursion is %.17g", it, r,
                     sqrt(m2));
        }
    }
    b.fixed = 1;
    TU_CHECK(vccd_sim_body_reach(&b, 0.5, (double[3]){ 0, 0, -9.81 }) == 0.0, "a fixed body moves");
    b.qb.rad = NULL;
    mesh_body_clear(&b);
    for (int i = 0; i < 3; i++)
        mpfr_clear(y[i]);
    mpfr_clears(t, d, best, (mpfr_ptr)0);
}
END_TEST

int
main(void)
{
    const TTest *tests[] = { test_head_on,  test_conservation, test_box_flat,     test_nonconvergence,
                             test_manifold, test_step_range,   test_rest_targets, test_resting_box,
                             test_reach,    test_sparse_vs_dense, test_fallback_and_blocks, test_event_cluster,
                             test_manifold_closest, test_cluster_normals, test_rest_widened };
    return tu_main("sim", tests, (int)(sizeof tests / sizeof tests[0]));
}
