/* t-mass.c -- mass properties against exact values: boxes (closed form,
   exact in binary), random tetrahedra (GMP rationals over the solid's own
   formula, not the per-face decomposition under test), hollow and
   translated solids, the regular tetrahedron, and the icosphere and torus
   converging to the sphere and torus; the same box scaled by 2^k over
   the whole binary64 range; open, non-manifold, inconsistent and inward
   meshes get errors, never numbers.  Thin shells (vccd_mesh_shell_props):
   box surfaces against the closed form, random triangles against exact
   rationals and an MPFR area, and shells without area or on a line
   refused. */
#include <gmp.h>
#include <math.h>
#include <mpfr.h>
#include <string.h>

#include "testutil.h"
#include "vccd/mesh.h"

typedef vccd_mesh_index tri[3];

static const double PI = 3.14159265358979323846;

/* |got - want| <= tol, with a message naming what. */
static void
near(const char *what, double got, double want, double tol)
{
    TU_CHECK(fabs(got - want) <= tol, "%s: %.17g, expected %.17g (off by %.3g, tolerance %.3g)", what, got, want,
             got - want, tol);
}

static void
mass(vccd_mesh_mass *mp, const vccd_mesh *m)
{
    vccd_error e;
    if (vccd_mesh_mass_props(mp, m, &e) != 0)
        tu_fail("mass_props: %s", e.msg);
}

/* Box sides x, y, z centred on c, from arrays (vertex i: bits of i pick
   -/+ per axis); inward flips every triangle. */
static void
box_at(vccd_mesh *m, const double s[3], const double c[3], int inward)
{
    vccd_mesh b;
    vccd_error e;
    double v[8][3];
    tri t[12];
    char spec[128];
    snprintf(spec, sizeof spec, "box:%.17g:%.17g:%.17g", s[0], s[1], s[2]);
    if (vccd_mesh_shape(&b, spec, VCCD_MESH_DEGENERATE_KEEP, &e) != 0)
        tu_fail("%s", e.msg);
    for (int i = 0; i < 8; i++)
        for (int k = 0; k < 3; k++)
            v[i][k] = b.v[i][k] + c[k];
    for (int i = 0; i < 12; i++) {
        memcpy(t[i], b.t[i], sizeof t[i]);
        if (inward) {
            vccd_mesh_index x = t[i][1];
            t[i][1] = t[i][2], t[i][2] = x;
        }
    }
    vccd_mesh_clear(&b);
    if (vccd_mesh_init_arrays(m, "box", (const double(*)[3])v, 8, (const tri *)t, 12, VCCD_MESH_DEGENERATE_KEEP, &e)
        != 0)
        tu_fail("%s", e.msg);
}

START_TEST(test_box)
{
    long n = tu_iters(200);
    for (long it = 0; it < n; it++) {
        /* sides and centre: small dyadic numbers, so every vertex and the
           closed forms are exact doubles and the tolerance is rounding in
           the sums only */
        double s[3], c[3], V, I[3];
        vccd_mesh m;
        vccd_mesh_mass mp;
        for (int k = 0; k < 3; k++) {
            s[k] = ldexp((double)(1 + tu_ulong() % 64), -(int)(tu_ulong() % 5));
            c[k] = it % 2 ? ldexp((double)((long)(tu_ulong() % 2001) - 1000), -(int)(tu_ulong() % 4)) : 0;
        }
        box_at(&m, s, c, 0);
        mass(&mp, &m);
        V = s[0] * s[1] * s[2];
        for (int k = 0; k < 3; k++)
            I[k] = V * (s[(k + 1) % 3] * s[(k + 1) % 3] + s[(k + 2) % 3] * s[(k + 2) % 3]) / 12;
        near("box volume", mp.volume, V, 1e-14 * V);
        for (int k = 0; k < 3; k++) {
            double L = s[0] + s[1] + s[2];
            near("box centre of mass", mp.com[k], c[k], 1e-14 * L);
            for (int l = 0; l < 3; l++)
                near("box inertia", mp.inertia[k][l], k == l ? I[k] : 0, 1e-13 * V * L * L);
        }
        vccd_mesh_clear(&m);
    }
}
END_TEST

/* r = a[0] . (a[1] x a[2]) exactly (t, u: scratch). */
static void
triple(mpq_t r, mpq_t a[3][3], mpq_t t, mpq_t u)
{
    mpq_set_ui(r, 0, 1);
    for (int k = 0; k < 3; k++) {
        mpq_mul(t, a[1][(k + 1) % 3], a[2][(k + 2) % 3]);
        mpq_mul(u, a[1][(k + 2) % 3], a[2][(k + 1) % 3]);
        mpq_sub(t, t, u);
        mpq_mul(t, t, a[0][k]);
        mpq_add(r, r, t);
    }
}

/* Exact mass properties of the tetrahedron p[0..3] in rationals:
   V = |det| / 6, com = mean, second moment V/20 (sum p p^T + s s^T). */
static void
tet_exact(double *vol, double com[3], double inertia[3][3], const double p[4][3])
{
    mpq_t q[4][3], d[3][3], t, u, V, c[3], C[3][3];
    mpq_inits(t, u, V, NULL);
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++) {
            mpq_init(q[i][k]);
            mpq_set_d(q[i][k], p[i][k]);
        }
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++) {
            mpq_init(d[i][k]);
            mpq_sub(d[i][k], q[i + 1][k], q[0][k]);
        }
    /* V = d0 . (d1 x d2) / 6 */
    triple(V, d, t, u);
    mpq_set_ui(t, 1, 6);
    mpq_mul(V, V, t);
    mpq_abs(V, V); /* the solid's volume, whatever the vertex order */
    for (int k = 0; k < 3; k++) {
        mpq_init(c[k]);
        for (int i = 0; i < 4; i++)
            mpq_add(c[k], c[k], q[i][k]);
    }
    for (int k = 0; k < 3; k++)
        for (int l = 0; l < 3; l++) {
            mpq_init(C[k][l]);
            for (int i = 0; i < 4; i++) {
                mpq_mul(t, q[i][k], q[i][l]);
                mpq_add(C[k][l], C[k][l], t);
            }
            mpq_mul(t, c[k], c[l]);
            mpq_add(C[k][l], C[k][l], t);
            mpq_set_ui(t, 1, 20);
            mpq_mul(C[k][l], C[k][l], t);
            mpq_mul(C[k][l], C[k][l], V);
        }
    mpq_set_ui(t, 1, 4);
    for (int k = 0; k < 3; k++)
        mpq_mul(c[k], c[k], t);
    /* about the centre: C - V c c^T */
    for (int k = 0; k < 3; k++)
        for (int l = 0; l < 3; l++) {
            mpq_mul(t, c[k], c[l]);
            mpq_mul(t, t, V);
            mpq_sub(C[k][l], C[k][l], t);
        }
    mpq_add(u, C[0][0], C[1][1]);
    mpq_add(u, u, C[2][2]);
    *vol = mpq_get_d(V);
    for (int k = 0; k < 3; k++) {
        com[k] = mpq_get_d(c[k]);
        for (int l = 0; l < 3; l++) {
            if (k == l)
                mpq_sub(t, u, C[k][l]);
            else
                mpq_neg(t, C[k][l]);
            inertia[k][l] = mpq_get_d(t);
        }
    }
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++)
            mpq_clear(q[i][k]);
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++)
            mpq_clears(d[i][k], C[i][k], NULL);
    for (int k = 0; k < 3; k++)
        mpq_clear(c[k]);
    mpq_clears(t, u, V, NULL);
}

static void
check_tet(const double p[4][3], const char *what)
{
    /* faces of (0, 1, 2, 3) outward when det(p1-p0, p2-p0, p3-p0) > 0 */
    static const tri t[4] = { { 0, 2, 1 }, { 0, 1, 3 }, { 0, 3, 2 }, { 1, 2, 3 } };
    vccd_mesh m;
    vccd_error e;
    vccd_mesh_mass mp;
    double V, c[3], I[3][3], L = 0, imax = 0;
    tet_exact(&V, c, I, p);
    if (vccd_mesh_init_arrays(&m, what, p, 4, t, 4, VCCD_MESH_DEGENERATE_KEEP, &e) != 0)
        tu_fail("%s", e.msg);
    mass(&mp, &m);
    for (int i = 1; i < 4; i++)
        for (int k = 0; k < 3; k++)
            L = fmax(L, fabs(p[i][k] - p[0][k]));
    for (int k = 0; k < 3; k++)
        for (int l = 0; l < 3; l++)
            imax = fmax(imax, fabs(I[k][l]));
    /* the volume is a 3x3 determinant of edge vectors: relative to L^3,
       and so are the other errors, relative to their scale; a sliver's
       volume has absolute, not relative, accuracy */
    near(what, mp.volume, V, 1e-14 * L * L * L);
    for (int k = 0; k < 3; k++) {
        near(what, mp.com[k], c[k], 1e-13 * L * L * L / V * L + 1e-15 * fabs(c[k]));
        for (int l = 0; l < 3; l++)
            near(what, mp.inertia[k][l], I[k][l], 1e-12 * (imax + L * L * L * L * L));
    }
    vccd_mesh_clear(&m);
}

START_TEST(test_tetrahedra)
{
    long n = tu_iters(2000);
    /* the procedural regular tetrahedron: volume 8/3 exactly */
    {
        vccd_mesh m;
        vccd_error e;
        vccd_mesh_mass mp;
        double p[4][3], V, c[3], I[3][3];
        if (vccd_mesh_shape(&m, "tetrahedron", VCCD_MESH_DEGENERATE_KEEP, &e) != 0)
            tu_fail("%s", e.msg);
        memcpy(p, m.v, sizeof p);
        tet_exact(&V, c, I, (const double(*)[3])p);
        mass(&mp, &m);
        near("regular tetrahedron volume", mp.volume, 8.0 / 3, 4e-16);
        near("regular tetrahedron volume (exact)", V, 8.0 / 3, 0);
        for (int k = 0; k < 3; k++) {
            near("regular tetrahedron centre", mp.com[k], 0, 1e-15);
            for (int l = 0; l < 3; l++)
                near("regular tetrahedron inertia", mp.inertia[k][l], I[k][l], 1e-15);
        }
        /* a regular tetrahedron's inertia is isotropic */
        near("regular tetrahedron inertia isotropic", I[0][0], I[1][1], 0);
        near("regular tetrahedron inertia diagonal", I[0][1], 0, 0);
        vccd_mesh_clear(&m);
    }
    for (long it = 0; it < n; it++) {
        double p[4][3], det, scale = ldexp(1, (int)(tu_ulong() % 40) - 20), off = it % 3 ? 0 : 1e3 * scale;
        for (int i = 0; i < 4; i++)
            for (int k = 0; k < 3; k++)
                p[i][k] = (tu_unit() - 0.5) * scale + off;
        det = (p[1][0] - p[0][0]) * ((p[2][1] - p[0][1]) * (p[3][2] - p[0][2]) - (p[2][2] - p[0][2]) * (p[3][1] - p[0][1]))
              - (p[1][1] - p[0][1]) * ((p[2][0] - p[0][0]) * (p[3][2] - p[0][2]) - (p[2][2] - p[0][2]) * (p[3][0] - p[0][0]))
              + (p[1][2] - p[0][2]) * ((p[2][0] - p[0][0]) * (p[3][1] - p[0][1]) - (p[2][1] - p[0][1]) * (p[3][0] - p[0][0]));
        if (fabs(det) < 1e-3 * scale * scale * scale)
            continue; /* a sliver: its volume is absolute noise */
        if (det < 0) {
            double x[3];
            memcpy(x, p[1], sizeof x), memcpy(p[1], p[2], sizeof x), memcpy(p[2], x, sizeof x);
        }
        check_tet((const double(*)[3])p, "random tetrahedron");
    }
}
END_TEST

/* A hollow box: outer 4 x 4 x 4 around 0, inner 2 x 2 x 2 around
   (0.5, 0, 0) facing inward.  Volume 56; centre of mass and inertia by
   subtraction. */
START_TEST(test_hollow)
{
    const double so[3] = { 4, 4, 4 }, si[3] = { 2, 2, 2 }, c0[3] = { 0, 0, 0 }, ci[3] = { 0.5, 0, 0 };
    vccd_mesh a, b, m;
    vccd_error e;
    vccd_mesh_mass mp;
    double v[16][3];
    tri t[24];
    double Vo = 64, Vi = 8, V = 56, cx = -Vi * 0.5 / V;
    box_at(&a, so, c0, 0);
    box_at(&b, si, ci, 1);
    memcpy(v, a.v, sizeof(double[8][3]));
    memcpy(v[8], b.v, sizeof(double[8][3]));
    for (int i = 0; i < 12; i++)
        for (int k = 0; k < 3; k++)
            t[i][k] = a.t[i][k], t[12 + i][k] = (vccd_mesh_index)(b.t[i][k] + 8);
    if (vccd_mesh_init_arrays(&m, "hollow", (const double(*)[3])v, 16, (const tri *)t, 24, VCCD_MESH_DEGENERATE_KEEP,
                              &e)
        != 0)
        tu_fail("%s", e.msg);
    TU_CHECK(m.closure == VCCD_MESH_CLOSED, "hollow box: %s", vccd_mesh_closure_name(m.closure));
    mass(&mp, &m);
    near("hollow volume", mp.volume, V, 1e-13);
    near("hollow com x", mp.com[0], cx, 1e-14);
    near("hollow com y", mp.com[1], 0, 1e-14);
    {
        /* about the origin: Io - Ii (inner's own plus parallel axis),
           then move to the centre of mass */
        double Io = Vo * 32 / 12, Ii = Vi * 8 / 12;
        /* the inner box's offset is along x: Ixx needs no parallel-axis
           term, Iyy and Izz get Vi 0.5^2 about the origin, then lose
           V cx^2 moving to the centre of mass */
        double Ixx = Io - Ii, Iyy = Io - (Ii + Vi * 0.25) - V * cx * cx;
        near("hollow Ixx", mp.inertia[0][0], Ixx, 1e-12);
        near("hollow Iyy", mp.inertia[1][1], Iyy, 1e-12);
        near("hollow Izz", mp.inertia[2][2], Iyy, 1e-12);
        near("hollow Ixy", mp.inertia[0][1], 0, 1e-12);
    }
    vccd_mesh_clear(&a);
    vccd_mesh_clear(&b);
    vccd_mesh_clear(&m);
}
END_TEST

START_TEST(test_converge)
{
    double prev = 0, sphere = 4 * PI / 3;
    vccd_mesh m;
    vccd_mesh_mass mp;
    vccd_error e;
    for (int n = 0; n <= 6; n++) {
        char s[32];
        snprintf(s, sizeof s, "icosphere:%d", n);
        if (vccd_mesh_shape(&m, s, VCCD_MESH_DEGENERATE_KEEP, &e) != 0)
            tu_fail("%s", e.msg);
        mass(&mp, &m);
        /* inscribed: below the sphere, growing, and the gap shrinking
           about 4x per level (second order in the edge length) */
        TU_CHECK(mp.volume < sphere && mp.volume > prev, "%s: volume %.17g (previous %.17g)", s, mp.volume, prev);
        if (n >= 2)
            TU_CHECK((sphere - prev) / (sphere - mp.volume) > 3.5, "%s: gap %g after %g: not second order", s,
                     sphere - mp.volume, sphere - prev);
        for (int k = 0; k < 3; k++) {
            near("icosphere centre", mp.com[k], 0, 1e-14);
            /* solid sphere: 2/5 V r^2 about every axis */
            near("icosphere inertia", mp.inertia[k][k], 0.4 * mp.volume, 0.4 * mp.volume * 2.5 * (sphere - mp.volume));
        }
        prev = mp.volume;
        vccd_mesh_clear(&m);
    }
    near("icosphere:6 volume", prev, sphere, 5e-4 * sphere);
    /* torus R = 3, r = 1: V = 2 pi^2 R r^2, Izz = V (R^2 + 3/4 r^2),
       Ixx = V (R^2 / 2 + 5/8 r^2) */
    if (vccd_mesh_shape(&m, "torus:3:1:512:256", VCCD_MESH_DEGENERATE_KEEP, &e) != 0)
        tu_fail("%s", e.msg);
    mass(&mp, &m);
    {
        double V = 2 * PI * PI * 3, rel = 2e-4;
        near("torus volume", mp.volume, V, rel * V);
        near("torus Izz", mp.inertia[2][2], V * (9 + 0.75), rel * V * 10);
        near("torus Ixx", mp.inertia[0][0], V * (4.5 + 0.625), rel * V * 10);
        near("torus Iyy", mp.inertia[1][1], mp.inertia[0][0], 1e-9 * V);
        for (int k = 0; k < 3; k++)
            near("torus centre", mp.com[k], 0, 1e-13);
    }
    vccd_mesh_clear(&m);
}
END_TEST

/* The volume and centre of mass of a whole mesh in rationals, from the
   origin (the code under test sums from the bbox centre): the error left
   is the rounding of each triangle's term, not of the sum of 10^4..10^5
   terms of mixed signs. */
START_TEST(test_exact_sums)
{
    static const char *const specs[] = { "icosphere:5", "torus:3:1:128:64", "torus:1:0.999:40:400" };
    for (int sp = 0; sp < 3; sp++) {
        vccd_mesh m;
        vccd_error e;
        vccd_mesh_mass mp;
        mpq_t vol, s1[3], d, t, u, p[3][3];
        double abs_terms = 0;
        if (vccd_mesh_shape(&m, specs[sp], VCCD_MESH_DEGENERATE_KEEP, &e) != 0)
            tu_fail("%s", e.msg);
        mass(&mp, &m);
        mpq_inits(vol, d, t, u, NULL);
        for (int k = 0; k < 3; k++) {
            mpq_init(s1[k]);
            for (int j = 0; j < 3; j++)
                mpq_init(p[j][k]);
        }
        for (long i = 0; i < m.nt; i++) {
            for (int j = 0; j < 3; j++)
                for (int k = 0; k < 3; k++)
                    mpq_set_d(p[j][k], m.v[m.t[i][j]][k]);
            triple(d, p, t, u);
            mpq_add(vol, vol, d);
            abs_terms += fabs(mpq_get_d(d));
            for (int k = 0; k < 3; k++) {
                mpq_add(t, p[0][k], p[1][k]);
                mpq_add(t, t, p[2][k]);
                mpq_mul(t, t, d);
                mpq_add(s1[k], s1[k], t);
            }
        }
        {
            double V = mpq_get_d(vol) / 6, tol = 0x1p-50 * abs_terms / 6 + 0x1p-52 * V;
            near(specs[sp], mp.volume, V, tol);
            for (int k = 0; k < 3; k++) {
                mpq_div(t, s1[k], vol);
                /* s1 / (24 V) with V = vol / 6 */
                near(specs[sp], mp.com[k], mpq_get_d(t) / 4, 0x1p-48 * abs_terms / 6 / V);
            }
        }
        mpq_clears(vol, d, t, u, NULL);
        for (int k = 0; k < 3; k++) {
            mpq_clear(s1[k]);
            for (int j = 0; j < 3; j++)
                mpq_clear(p[j][k]);
        }
        vccd_mesh_clear(&m);
    }
}
END_TEST

static void
expect_refused(const vccd_mesh *m, const char *needle)
{
    vccd_mesh_mass mp;
    vccd_error e;
    memset(&mp, 0, sizeof mp);
    memset(&e, 0, sizeof e);
    TU_CHECK(vccd_mesh_mass_props(&mp, m, &e) == -1, "%s: mass properties given", m->name);
    TU_CHECK(strncmp(e.msg, m->name, strlen(m->name)) == 0 && strstr(e.msg, needle), "%s: message '%s' lacks '%s'",
             m->name, e.msg, needle);
}

/* The box 1 x 2 x 3 at (5, -7, 11), all scaled by 2^k: volume, centre
   of mass and inertia are exactly 2^3k, 2^k and 2^5k times those at
   k = 0, since scaling by a power of two commutes with every operation,
   as long as they are normal numbers; outside that range the volume or
   the inertia is refused by name, never 0 or inf (coordinates of 1e-170
   gave volume 0, "oriented inward?", and those of 1e100 an infinite
   inertia). */
START_TEST(test_scales)
{
    static const double s0[3] = { 1, 2, 3 }, c0[3] = { 5, -7, 11 };
    vccd_mesh m;
    vccd_mesh_mass ref, mp;
    vccd_error e;
    long ok = 0, refused = 0;
    box_at(&m, s0, c0, 0);
    mass(&ref, &m);
    vccd_mesh_clear(&m);
    for (int k = -1070; k <= 1020; k += 3) {
        double s[3], c[3];
        int rc;
        for (int i = 0; i < 3; i++)
            s[i] = ldexp(s0[i], k), c[i] = ldexp(c0[i], k);
        box_at(&m, s, c, 0);
        if (m.v[0][0] == 0 || !isnormal(m.v[0][0])) {
            /* the corners themselves underflow: not the same box */
            vccd_mesh_clear(&m);
            continue;
        }
        rc = vccd_mesh_mass_props(&mp, &m, &e);
        if (isnormal(ldexp(ref.volume, 3 * k)) && isnormal(ldexp(ref.inertia[0][0], 5 * k))
            && isnormal(ldexp(ref.inertia[2][2], 5 * k)) && isfinite(ldexp(ref.inertia[1][1], 5 * k))) {
            TU_CHECK(rc == 0, "2^%d: %s", k, e.msg);
            TU_CHECK(mp.volume == ldexp(ref.volume, 3 * k), "2^%d: volume %a, expected %a", k, mp.volume,
                     ldexp(ref.volume, 3 * k));
            for (int i = 0; i < 3; i++) {
                TU_CHECK(mp.com[i] == ldexp(ref.com[i], k), "2^%d: com %d %a, expected %a", k, i, mp.com[i],
                         ldexp(ref.com[i], k));
                for (int j = 0; j < 3; j++)
                    TU_CHECK(mp.inertia[i][j] == ldexp(ref.inertia[i][j], 5 * k), "2^%d: inertia %d %d %a, expected %a",
                             k, i, j, mp.inertia[i][j], ldexp(ref.inertia[i][j], 5 * k));
            }
            ok++;
        } else if (!isnormal(ldexp(ref.volume, 3 * k)) || !isnormal(ldexp(ref.inertia[1][1], 5 * k))
                   || !isnormal(ldexp(ref.inertia[0][0], 5 * k))) {
            TU_CHECK(rc == -1 && strstr(e.msg, "beyond the binary64 range"), "2^%d: %s (volume %g)", k,
                     rc ? e.msg : "accepted", mp.volume);
            refused++;
        }
        vccd_mesh_clear(&m);
    }
    TU_CHECK(ok > 100 && refused > 100, "%ld scales exact, %ld refused", ok, refused);
}
END_TEST

START_TEST(test_refused)
{
    static const double v[5][3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 }, { -1, -1, -1 } };
    static const tri t[5] = { { 0, 2, 1 }, { 0, 1, 3 }, { 0, 3, 2 }, { 1, 2, 3 }, { 0, 1, 4 } };
    tri f[4];
    vccd_mesh m;
    vccd_error e;
    const double s[3] = { 1, 2, 3 }, c[3] = { 0, 0, 0 };

    TU_CHECK(vccd_mesh_shape(&m, "grid:3", VCCD_MESH_DEGENERATE_KEEP, &e) == 0, "grid");
    expect_refused(&m, "not closed (open: 12 boundary edges)");
    vccd_mesh_clear(&m);
    vccd_mesh_init_arrays(&m, "open.obj", v, 4, t, 3, VCCD_MESH_DEGENERATE_KEEP, &e);
    expect_refused(&m, "open: 3 boundary edges");
    vccd_mesh_clear(&m);
    vccd_mesh_init_arrays(&m, "fin.obj", v, 5, t, 5, VCCD_MESH_DEGENERATE_KEEP, &e);
    expect_refused(&m, "non-manifold");
    vccd_mesh_clear(&m);
    memcpy(f, t, sizeof f);
    f[3][0] = 2, f[3][1] = 1;
    vccd_mesh_init_arrays(&m, "flip.obj", v, 4, (const tri *)f, 4, VCCD_MESH_DEGENERATE_KEEP, &e);
    expect_refused(&m, "inconsistent");
    vccd_mesh_clear(&m);
    box_at(&m, s, c, 1);
    expect_refused(&m, "inward");
    vccd_mesh_clear(&m);
}
END_TEST


/* Thin shells.  A box surface of sides a, b, c (x, y, z) centred on
   its centre: area 2 (ab + bc + ca), and about x the two faces x = +-a/2
   give bc (b^2 + c^2) / 12 each, the faces y = +-b/2 ac (b^2 / 4 + c^2
   / 12) each and the faces z = +-c/2 ab (b^2 / 12 + c^2 / 4) each. */
START_TEST(test_shell_box)
{
    long n = tu_iters(200);
    for (long it = 0; it < n; it++) {
        double s[3], c[3], A, L;
        vccd_mesh m;
        vccd_mesh_mass mp;
        vccd_error e;
        for (int k = 0; k < 3; k++) {
            s[k] = ldexp((double)(1 + tu_ulong() % 64), -(int)(tu_ulong() % 5));
            c[k] = it % 2 ? ldexp((double)((long)(tu_ulong() % 2001) - 1000), -(int)(tu_ulong() % 4)) : 0;
        }
        box_at(&m, s, c, it % 4 == 1);  /* a shell has no inside: inward too */
        TU_CHECK(vccd_mesh_shell_props(&mp, &m, &e) == 0, "shell: %s", e.msg);
        A = 2 * (s[0] * s[1] + s[1] * s[2] + s[2] * s[0]);
        L = s[0] + s[1] + s[2];
        near("shell box area", mp.volume, A, 1e-14 * A);
        for (int k = 0; k < 3; k++) {
            double a = s[k], b = s[(k + 1) % 3], cc = s[(k + 2) % 3];
            double I = b * cc * (b * b + cc * cc) / 6 + a * cc * (b * b / 2 + cc * cc / 6)
                       + a * b * (b * b / 6 + cc * cc / 2);
            near("shell box centre", mp.com[k], c[k], 1e-14 * L);
            near("shell box inertia", mp.inertia[k][k], I, 1e-13 * A * L * L);
            for (int l = 0; l < 3; l++)
                if (l != k)
                    near("shell box product of inertia", mp.inertia[k][l], 0, 1e-13 * A * L * L);
        }
        vccd_mesh_clear(&m);
    }
}
END_TEST

/* One triangle p (an open mesh): area |(p1 - p0) x (p2 - p0)| / 2 by
   MPFR at 256 bits from the exact cross product, centre the mean, and
   second moments about the origin A / 12 (sum p p^T + s s^T), s the sum,
   in rationals; the inertia about the centre then follows exactly but
   for the one product by the area. */
START_TEST(test_shell_triangles)
{
    static const tri t[1] = { { 0, 1, 2 } };
    long n = tu_iters(300);
    mpq_t q[3][3], d[2][3], x[3], C[3][3], w, u;
    mpfr_t A, r;
    mpfr_inits2(256, A, r, (mpfr_ptr)0);
    mpq_inits(w, u, NULL);
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++) {
            mpq_init(q[i][k]);
            mpq_init(C[i][k]);
            if (i < 2)
                mpq_init(d[i][k]);
        }
    for (int k = 0; k < 3; k++)
        mpq_init(x[k]);
    for (long it = 0; it < n; it++) {
        double p[3][3], Ad, com[3], L = 0;
        vccd_mesh m;
        vccd_mesh_mass mp;
        vccd_error e;
        for (int i = 0; i < 3; i++)
            for (int k = 0; k < 3; k++) {
                /* near-degenerate slivers too: every 5th has its third
                   vertex 2^-30 off the first edge's line */
                p[i][k] = 2 * tu_unit() - 1 + (it % 3 ? 0 : 1e3);
                mpq_set_d(q[i][k], p[i][k]);
            }
        if (it % 5 == 0)
            for (int k = 0; k < 3; k++) {
                p[2][k] = p[0][k] + 0.5 * (p[1][k] - p[0][k]) + (k == 0 ? ldexp(1.0, -30) : 0);
                mpq_set_d(q[2][k], p[2][k]);
            }
        for (int i = 0; i < 2; i++)
            for (int k = 0; k < 3; k++)
                mpq_sub(d[i][k], q[i + 1][k], q[0][k]);
        /* |cross|^2 */
        mpq_set_ui(w, 0, 1);
        for (int k = 0; k < 3; k++) {
            mpq_t cr;
            mpq_init(cr);
            mpq_mul(cr, d[0][(k + 1) % 3], d[1][(k + 2) % 3]);
            mpq_mul(u, d[0][(k + 2) % 3], d[1][(k + 1) % 3]);
            mpq_sub(cr, cr, u);
            mpq_mul(cr, cr, cr);
            mpq_add(w, w, cr);
            mpq_clear(cr);
        }
        mpfr_set_q(A, w, MPFR_RNDN);
        mpfr_sqrt(A, A, MPFR_RNDN);
        mpfr_div_ui(A, A, 2, MPFR_RNDN);
        Ad = mpfr_get_d(A, MPFR_RNDN);
        if (!(Ad > 0))
            continue;
        /* centre and C = (sum p p^T + s s^T) / 12 - c c^T (per unit area) */
        for (int k = 0; k < 3; k++) {
            mpq_add(x[k], q[0][k], q[1][k]);
            mpq_add(x[k], x[k], q[2][k]);
        }
        for (int k = 0; k < 3; k++)
            for (int l = 0; l < 3; l++) {
                mpq_mul(C[k][l], x[k], x[l]);
                for (int i = 0; i < 3; i++) {
                    mpq_mul(u, q[i][k], q[i][l]);
                    mpq_add(C[k][l], C[k][l], u);
                }
                mpq_set_ui(u, 1, 12);
                mpq_mul(C[k][l], C[k][l], u);
                mpq_mul(u, x[k], x[l]);
                mpq_set_ui(w, 1, 9);
                mpq_mul(u, u, w);
                mpq_sub(C[k][l], C[k][l], u);
            }
        if (vccd_mesh_init_arrays(&m, "triangle", (const double(*)[3])p, 3, t, 1, VCCD_MESH_DEGENERATE_KEEP, &e)
            != 0)
            tu_fail("%s", e.msg);
        TU_CHECK(vccd_mesh_shell_props(&mp, &m, &e) == 0, "triangle %ld: %s", it, e.msg);
        for (int i = 1; i < 3; i++)
            for (int k = 0; k < 3; k++)
                L = fmax(L, fabs(p[i][k] - p[0][k]));
        /* the area from a rounded cross product: relative error a few
           ulps of the largest cross term over the area itself */
        near("triangle area", mp.volume, Ad, 1e-14 * L * L);
        for (int k = 0; k < 3; k++) {
            mpq_set_ui(u, 1, 3);
            mpq_mul(u, x[k], u);
            com[k] = mpq_get_d(u);
            near("triangle centre", mp.com[k], com[k], 1e-14 * (L + fabs(com[k])));
        }
        for (int k = 0; k < 3; k++)
            for (int l = 0; l < 3; l++) {
                /* I = A (tr(C) delta - C) */
                if (k == l) {
                    mpq_add(w, C[0][0], C[1][1]);
                    mpq_add(w, w, C[2][2]);
                    mpq_sub(w, w, C[k][k]);
                } else {
                    mpq_neg(w, C[k][l]);
                }
                mpfr_set_q(r, w, MPFR_RNDN);
                mpfr_mul(r, r, A, MPFR_RNDN);
                near("triangle inertia", mp.inertia[k][l], mpfr_get_d(r, MPFR_RNDN), 1e-13 * L * L * L * L);
            }
        vccd_mesh_clear(&m);
    }
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++) {
            mpq_clear(q[i][k]);
            mpq_clear(C[i][k]);
            if (i < 2)
                mpq_clear(d[i][k]);
        }
    for (int k = 0; k < 3; k++)
        mpq_clear(x[k]);
    mpq_clears(w, u, NULL);
    mpfr_clears(A, r, (mpfr_ptr)0);
}
END_TEST

/* Shells refused: no area (every triangle on a line), a shell along
   one line (no inertia about it cannot be), a 2D body. */
START_TEST(test_shell_refused)
{
    static const double line[4][3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 2, 0, 0 }, { 3, 0, 0 } };
    static const tri t[2] = { { 0, 1, 2 }, { 1, 2, 3 } };
    vccd_mesh m;
    vccd_mesh_mass mp;
    vccd_error e;
    vccd_mesh_init_arrays(&m, "line.obj", line, 4, t, 2, VCCD_MESH_DEGENERATE_KEEP, &e);
    TU_CHECK(vccd_mesh_shell_props(&mp, &m, &e) == -1 && strstr(e.msg, "zero area"), "line: %s", e.msg);
    vccd_mesh_clear(&m);
    TU_CHECK(vccd_mesh_shape(&m, "ngon:5", VCCD_MESH_DEGENERATE_KEEP, &e) == 0, "ngon");
    TU_CHECK(vccd_mesh_shell_props(&mp, &m, &e) == -1 && strstr(e.msg, "2D body"), "ngon: %s", e.msg);
    vccd_mesh_clear(&m);
    /* the open grid: a plate; its moments about the in-plane axes are
       half the one about its normal (perpendicular axis theorem) */
    TU_CHECK(vccd_mesh_shape(&m, "grid:4", VCCD_MESH_DEGENERATE_KEEP, &e) == 0, "grid");
    TU_CHECK(vccd_mesh_shell_props(&mp, &m, &e) == 0, "grid: %s", e.msg);
    near("grid area", mp.volume, 1, 1e-15);
    near("grid inertia about z", mp.inertia[2][2], 1.0 / 6, 1e-15);
    near("grid inertia about x", mp.inertia[0][0], 1.0 / 12, 1e-15);
    vccd_mesh_clear(&m);
}
END_TEST

int
main(void)
{
    const TTest *tests[] = { test_box,        test_tetrahedra, test_hollow,    test_converge,        test_exact_sums,
                             test_scales,     test_refused,    test_shell_box, test_shell_triangles, test_shell_refused };
    return tu_main("mass", tests, (int)(sizeof tests / sizeof tests[0]));
}
