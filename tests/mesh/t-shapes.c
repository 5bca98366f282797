/* t-shapes.c -- procedural meshes: counts, closure and orientation of
   every shape against their closed forms, vertices where the shape puts
   them, and spec errors naming the spec and the parameter. */
#include <math.h>
#include <string.h>

#include "testutil.h"
#include "mesh/reader.h"

static void
shape(vccd_mesh *m, const char *spec)
{
    vccd_error e;
    if (vccd_mesh_shape(m, spec, VCCD_MESH_DEGENERATE_KEEP, &e) != 0)
        tu_fail("%s: %s", spec, e.msg);
}

/* Signed volume by the divergence theorem, in long double (only its sign
   and rough size matter here: the orientation). */
static long double
signed_volume(const vccd_mesh *m)
{
    long double v = 0;
    for (long i = 0; i < m->nt; i++) {
        const double *a = m->v[m->t[i][0]], *b = m->v[m->t[i][1]], *c = m->v[m->t[i][2]];
        v += (long double)a[0] * ((long double)b[1] * c[2] - (long double)b[2] * c[1])
             + (long double)a[1] * ((long double)b[2] * c[0] - (long double)b[0] * c[2])
             + (long double)a[2] * ((long double)b[0] * c[1] - (long double)b[1] * c[0]);
    }
    return v / 6;
}

static void
expect_counts(const char *spec, long nv, long nt, long ne, vccd_mesh_closure c)
{
    vccd_mesh m;
    shape(&m, spec);
    TU_CHECK(m.nv == nv && m.nt == nt && m.ne == ne, "%s: %ld/%ld/%ld vertices/triangles/edges, expected %ld/%ld/%ld",
             spec, m.nv, m.nt, m.ne, nv, nt, ne);
    TU_CHECK(m.closure == c, "%s: %s, expected %s", spec, vccd_mesh_closure_name(m.closure), vccd_mesh_closure_name(c));
    TU_CHECK(m.degenerate == 0 && m.unused_vertices == 0, "%s: %ld degenerate, %ld unused", spec, m.degenerate,
             m.unused_vertices);
    TU_CHECK(strcmp(m.name, spec) == 0, "%s: named '%s'", spec, m.name);
    if (c == VCCD_MESH_CLOSED)
        TU_CHECK(signed_volume(&m) > 0, "%s: oriented inward", spec);
    vccd_mesh_clear(&m);
}

START_TEST(test_counts)
{
    expect_counts("tetrahedron", 4, 4, 6, VCCD_MESH_CLOSED);
    expect_counts("box:1:2:3", 8, 12, 18, VCCD_MESH_CLOSED);
    for (long n = 0, p = 1; n <= 5; n++, p *= 4) {
        char s[32];
        snprintf(s, sizeof s, "icosphere:%ld", n);
        /* Euler: V - E + F = 2 with F = 20 4^n, E = 3F/2 */
        expect_counts(s, 10 * p + 2, 20 * p, 30 * p, VCCD_MESH_CLOSED);
    }
    expect_counts("torus:2:0.5:3:3", 9, 18, 27, VCCD_MESH_CLOSED);
    expect_counts("torus:3:1:48:24", 48 * 24, 2 * 48 * 24, 3 * 48 * 24, VCCD_MESH_CLOSED);
    expect_counts("grid:1", 4, 2, 5, VCCD_MESH_OPEN);
    expect_counts("grid:7", 64, 98, 3 * 49 + 2 * 7, VCCD_MESH_OPEN);
    {
        vccd_mesh m;
        shape(&m, "grid:7");
        TU_CHECK(m.boundary_edges == 28, "grid:7: %ld boundary edges, expected 28", m.boundary_edges);
        /* normal +z: the first triangle turns counter-clockwise in xy */
        {
            const double *a = m.v[m.t[0][0]], *b = m.v[m.t[0][1]], *c = m.v[m.t[0][2]];
            TU_CHECK((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]) > 0, "grid normal is -z");
        }
        vccd_mesh_clear(&m);
    }
}
END_TEST

START_TEST(test_geometry)
{
    vccd_mesh m;
    /* box: corners at +-X/2 exactly */
    shape(&m, "box:3:0.5:1e-3");
    for (long i = 0; i < m.nv; i++)
        TU_CHECK(fabs(m.v[i][0]) == 1.5 && fabs(m.v[i][1]) == 0.25 && fabs(m.v[i][2]) == 0.5e-3,
                 "box vertex %ld at %g %g %g", i, m.v[i][0], m.v[i][1], m.v[i][2]);
    vccd_mesh_clear(&m);
    /* icosphere: on the unit sphere to a few ulps */
    shape(&m, "icosphere:4");
    for (long i = 0; i < m.nv; i++) {
        double r = sqrt(m.v[i][0] * m.v[i][0] + m.v[i][1] * m.v[i][1] + m.v[i][2] * m.v[i][2]);
        TU_CHECK(fabs(r - 1) < 4e-16, "icosphere vertex %ld at radius 1 %+g", i, r - 1);
    }
    vccd_mesh_clear(&m);
    /* torus: every vertex at distance r from the core circle */
    shape(&m, "torus:2.5:0.75:32:20");
    for (long i = 0; i < m.nv; i++) {
        double q = hypot(m.v[i][0], m.v[i][1]) - 2.5;
        TU_CHECK(fabs(hypot(q, m.v[i][2]) - 0.75) < 1e-14, "torus vertex %ld off the tube", i);
    }
    vccd_mesh_clear(&m);
    /* grid: in z = 0, corners at +-1/2 */
    shape(&m, "grid:4");
    for (long i = 0; i < m.nv; i++)
        TU_CHECK(m.v[i][2] == 0 && fabs(m.v[i][0]) <= 0.5 && fabs(m.v[i][1]) <= 0.5, "grid vertex %ld", i);
    TU_CHECK(m.v[0][0] == -0.5 && m.v[m.nv - 1][1] == 0.5, "grid corners");
    vccd_mesh_clear(&m);
    /* tetrahedron: the four points of the contract */
    shape(&m, "tetrahedron");
    for (long i = 0; i < 4; i++)
        TU_CHECK(fabs(m.v[i][0]) == 1 && fabs(m.v[i][1]) == 1 && m.v[i][0] * m.v[i][1] * m.v[i][2] == 1,
                 "tetrahedron vertex %ld", i);
    vccd_mesh_clear(&m);
}
END_TEST

static void
expect_error(const char *spec, const char *n1, const char *n2)
{
    vccd_mesh m;
    vccd_error e;
    char pfx[128];
    memset(&e, 0, sizeof e);
    TU_CHECK(vccd_mesh_shape(&m, spec, VCCD_MESH_DEGENERATE_KEEP, &e) == -1, "'%s' accepted", spec);
    snprintf(pfx, sizeof pfx, "%s: ", spec);
    TU_CHECK(strncmp(e.msg, pfx, strlen(pfx)) == 0, "'%s': message '%s' does not start with the spec", spec, e.msg);
    TU_CHECK(strstr(e.msg, n1) && (!n2 || strstr(e.msg, n2)), "'%s': message '%s' lacks '%s' or '%s'", spec, e.msg,
             n1, n2 ? n2 : "");
    TU_CHECK(m.nt == 0 && !m.v, "'%s': failed build left a mesh", spec);
}

/* Twice the signed area of a 2D body's segments (shoelace). */
static double
area2(const vccd_mesh *m)
{
    double a = 0.0;
    for (long i = 0; i < m->nt; i++) {
        const double *p = m->v[m->t[i][0]], *q = m->v[m->t[i][1]];
        a += p[0] * q[1] - p[1] * q[0];
    }
    return a;
}

/* 2D bodies: segments (i, j, j) in z = 0, closed, counter-clockwise,
   with the closed-form areas; star polygons fixed by their seed. */
START_TEST(test_2d)
{
    vccd_mesh m, m2;
    static const long ns[] = { 3, 4, 7, 64, 1000 };
    for (int k = 0; k < 5; k++) {
        char spec[32];
        double pi = 3.14159265358979323846, want = (double)ns[k] * sin(2 * pi / (double)ns[k]);
        snprintf(spec, sizeof spec, "ngon:%ld", ns[k]);
        shape(&m, spec);
        TU_CHECK(m.planar && m.closure == VCCD_MESH_CLOSED && m.nv == ns[k] && m.nt == ns[k] && m.degenerate == 0,
                 "%s: planar %d closure %d nv %ld nt %ld", spec, m.planar, (int)m.closure, m.nv, m.nt);
        TU_CHECK(fabs(area2(&m) - want) < 1e-12 * ns[k], "%s: twice the area %.17g, expected %.17g", spec, area2(&m),
                 want);
        for (long i = 0; i < m.nv; i++)
            TU_CHECK(fabs(hypot(m.v[i][0], m.v[i][1]) - 1.0) < 1e-15 && m.v[i][2] == 0.0, "%s vertex %ld", spec, i);
        for (long i = 0; i < m.nt; i++)
            TU_CHECK(m.t[i][1] == m.t[i][2] && m.t[i][1] == (i + 1) % ns[k] && m.t[i][0] == i, "%s segment %ld",
                     spec, i);
        vccd_mesh_clear(&m);
    }
    shape(&m, "rect:2:0.5");
    TU_CHECK(m.planar && m.closure == VCCD_MESH_CLOSED && m.nt == 4 && area2(&m) == 2.0, "rect: area %g", area2(&m) / 2);
    vccd_mesh_clear(&m);
    shape(&m, "star:50:7");
    shape(&m2, "star:50:7");
    TU_CHECK(m.planar && m.closure == VCCD_MESH_CLOSED && m.nt == 50 && area2(&m) > 0, "star: not a closed CCW body");
    TU_CHECK(memcmp(m.v, m2.v, (size_t)m.nv * sizeof *m.v) == 0, "star: the same seed gave another polygon");
    for (long i = 0; i < m.nv; i++) {
        double r = hypot(m.v[i][0], m.v[i][1]);
        TU_CHECK(r >= 0.3 - 1e-15 && r <= 1.0 + 1e-15, "star vertex %ld at radius %g", i, r);
    }
    vccd_mesh_clear(&m2);
    shape(&m2, "star:50:8");
    TU_CHECK(memcmp(m.v, m2.v, (size_t)m.nv * sizeof *m.v) != 0, "star: seeds 7 and 8 gave the same polygon");
    vccd_mesh_clear(&m);
    vccd_mesh_clear(&m2);
    expect_error("ngon:2", "N = 2", "3..");
    expect_error("ngon:3.5", "N = 3.5", NULL);
    expect_error("rect:0:1", "W = 0", "positive");
    expect_error("rect:1", "takes 2 parameters", NULL);
    expect_error("star:5", "takes 2 parameters", NULL);
    expect_error("star:5:-1", "SEED = -1", NULL);
    expect_error("star:5:0.5", "SEED = 0.5", NULL);
}
END_TEST

START_TEST(test_errors)
{
    TU_CHECK(vccd_mesh_is_shape("box:1:2:3") && vccd_mesh_is_shape("tetrahedron") && vccd_mesh_is_shape("grid:")
                 && !vccd_mesh_is_shape("boxes:1") && !vccd_mesh_is_shape("bunny") && !vccd_mesh_is_shape("box.obj"),
             "is_shape");
    static const struct { const char *spec, *n1, *n2; } bad[] = {
        { "box:1:2", "takes 3 parameters", "got 2" },
        { "box:1:2:3:4", "takes 3 parameters", "more than 3" },
        { "box", "takes 3 parameters", "got 0" },
        { "box:1:x:2", "parameter 2", "'x' is not a finite number" },
        { "box:1::2", "parameter 2", "is not a finite number" },
        { "box:1:2:nan", "parameter 3", NULL },
        { "box:1:2:inf", "parameter 3", NULL },
        { "box:1:2:1e999", "parameter 3", NULL },
        { "box:1:0:2", "Y = 0", "positive" },
        { "box:1:-2:2", "Y = -2", "positive" },
        { "tetrahedron:1", "takes 0 parameters", NULL },
        { "icosphere:1.5", "N = 1.5", "0.." },
        /* the limit of one mesh, checked before anything is allocated */
        { "icosphere:9", "20 4^N = 5242880 triangles, more than 4194304", "max_triangles = 4194304" },
        { "icosphere:-1", "N = -1", NULL },
        { "torus:1:2:8:8", "less than R", NULL },
        { "torus:2:1:2:8", "N = 2", "3.." },
        { "torus:2:1:8:2.5", "M = 2.5", NULL },
        { "torus:2:1:8192:8192", "2 N M = 134217728 triangles", "max_triangles = 4194304" },
        { "torus:2:1:4096:4096", "2 N M = 33554432 triangles", "max_triangles" },
        { "torus:2:1:2048:1025", "2 N M = 4198400 triangles", "max_triangles" },
        { "grid:0", "N = 0", "1.." },
        { "grid:2048", "2 N^2 = 8388608 triangles, more than 4194304", "max_triangles" },
        { "grid:1449", "2 N^2 = 4199202 triangles", "max_triangles" },
        { "grid:1e9", "N = 1e+09", "must be an integer" },
        { "grid:1:1", "takes 1 parameter", NULL },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        expect_error(bad[i].spec, bad[i].n1, bad[i].n2);
    {
        const char *n, *p, *w;
        int i = 0;
        while (vccd_mesh_shape_info(i, &n, &p, &w))
            i++;
        TU_CHECK(i == 8, "%d shapes registered", i);
    }
}
END_TEST

/* A limit max_nt: n triangles pass, n + 1 do not, with the limit named. */
static void
at_limit(const char *spec, long n)
{
    vccd_mesh m;
    vccd_error e;
    char lim[64];
    memset(&e, 0, sizeof e);
    TU_CHECK(vccd_mesh_shape_max(&m, spec, VCCD_MESH_DEGENERATE_KEEP, n, &e) == 0 && m.nt == n,
             "%s within max_triangles = %ld: %s", spec, n, e.msg);
    vccd_mesh_clear(&m);
    snprintf(lim, sizeof lim, "max_triangles = %ld", n - 1);
    TU_CHECK(vccd_mesh_shape_max(&m, spec, VCCD_MESH_DEGENERATE_KEEP, n - 1, &e) == -1 && strstr(e.msg, lim)
                 && strstr(e.msg, "more than"),
             "%s over max_triangles = %ld: '%s'", spec, n - 1, e.msg);
    TU_CHECK(m.nt == 0 && !m.v, "%s: a refused shape left a mesh", spec);
}

START_TEST(test_limit)
{
    /* every shape stops at the limit, whatever it is */
    at_limit("tetrahedron", 4);
    at_limit("box:1:1:1", 12);
    at_limit("icosphere:2", 320);
    at_limit("torus:2:1:5:7", 70);
    at_limit("grid:9", 162);
    at_limit("ngon:17", 17);
    at_limit("rect:1:2", 4);
    at_limit("star:9:3", 9);
}
END_TEST

int
main(void)
{
    const TTest *tests[] = { test_counts, test_geometry, test_2d, test_errors, test_limit };
    return tu_main("shapes", tests, (int)(sizeof tests / sizeof tests[0]));
}
