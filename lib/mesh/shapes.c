/* shapes.c -- procedural meshes from specs such as box:1:2:3 (mesh.h).
   A new shape is a builder here and one line in the table below. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include "vccd/rng.h"
#include "vccd/bigalloc.h"
#include "mesh/reader.h"

#define MAX_PARAMS 4

/* A shape's parameters, parsed and counted; the builder checks ranges. */
typedef struct {
    const char *spec;
    double p[MAX_PARAMS];
    long max_nt;                /* the limit of one mesh */
} shape_args;

typedef struct {
    const char *name, *params, *what;
    int np;
    /* fill the arrays (malloc'd; the caller frees them) */
    int (*build)(double (**v)[3], long *nv, vccd_mesh_index (**t)[3], long *nt, const shape_args *a,
                 vccd_error *e);
} shape;

static int
oom(const shape_args *a, vccd_error *e)
{
    return vccd_error_set(e, a->spec, 0, NULL, NULL, "out of memory");
}

static int
alloc(double (**v)[3], long nv, vccd_mesh_index (**t)[3], long nt)
{
    *v = vccd_big_malloc((size_t)nv * sizeof **v);
    *t = vccd_big_malloc((size_t)nt * sizeof **t);
    return *v && *t ? 0 : -1;
}

/* Parameter i must be an integer in [lo, hi]. */
static int
int_param(long *out, const shape_args *a, int i, const char *pname, long lo, long hi, vccd_error *e)
{
    double x = a->p[i];
    if (x != floor(x) || x < (double)lo || x > (double)hi)
        return vccd_error_set(e, a->spec, 0, NULL, NULL, "%s = %g: must be an integer in %ld..%ld", pname, x, lo,
                              hi);
    *out = (long)x;
    return 0;
}

/* Parameter i must be finite and > 0 (strtod already refused NaN/inf). */
static int
pos_param(const shape_args *a, int i, const char *pname, vccd_error *e)
{
    if (!(a->p[i] > 0))
        return vccd_error_set(e, a->spec, 0, NULL, NULL, "%s = %g: must be positive", pname, a->p[i]);
    return 0;
}

/* A shape of nt triangles (what: how they are counted, e.g. "2 N M")
   must fit the limit; checked before anything is allocated, so that
   torus:2:1:4096:4096 is refused at once instead of filling memory. */
static int
fits(const shape_args *a, const char *what, long nt, vccd_error *e)
{
    char lim[160];
    if (nt <= a->max_nt)
        return 0;
    return vccd_error_set(e, a->spec, 0, NULL, NULL, "%s = %ld triangles, more than %ld: %s", what, nt, a->max_nt,
                          vccd_mesh_limit_text(lim, sizeof lim, a->max_nt));
}

/* Orient each triangle of a convex shape around the origin outward.  The
   sign is that of a product of three coordinates, taken in units of a
   power of two near the triangle's size (exact scaling), so that a box of
   sides 1e-300 or 1e300 is oriented as one of sides 1: unscaled, the
   product underflowed to 0 or overflowed, and half the triangles kept
   their inward order. */
static void
orient_outward(const double (*v)[3], vccd_mesh_index (*t)[3], long nt)
{
    for (long i = 0; i < nt; i++) {
        const double *p[3] = { v[t[i][0]], v[t[i][1]], v[t[i][2]] };
        double a[3], b[3], c[3], u[3], w[3], d = 0, big = 0;
        int ex;
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 3; k++)
                big = fmax(big, fabs(p[j][k]));
        ex = big > 0 ? ilogb(big) : 0;
        for (int k = 0; k < 3; k++) {
            a[k] = ldexp(p[0][k], -ex), b[k] = ldexp(p[1][k], -ex), c[k] = ldexp(p[2][k], -ex);
            u[k] = b[k] - a[k], w[k] = c[k] - a[k];
        }
        for (int k = 0; k < 3; k++)
            d += (u[(k + 1) % 3] * w[(k + 2) % 3] - u[(k + 2) % 3] * w[(k + 1) % 3]) * (a[k] + b[k] + c[k]);
        if (d < 0) {
            vccd_mesh_index x = t[i][1];
            t[i][1] = t[i][2];
            t[i][2] = x;
        }
    }
}

static int
build_tetrahedron(double (**v)[3], long *nv, vccd_mesh_index (**t)[3], long *nt, const shape_args *a,
                  vccd_error *e)
{
    static const double pv[4][3] = { { 1, 1, 1 }, { 1, -1, -1 }, { -1, 1, -1 }, { -1, -1, 1 } };
    static const vccd_mesh_index pt[4][3] = { { 1, 2, 3 }, { 0, 3, 2 }, { 0, 1, 3 }, { 0, 2, 1 } };
    if (alloc(v, 4, t, 4) != 0)
        return oom(a, e);
    memcpy(*v, pv, sizeof pv);
    memcpy(*t, pt, sizeof pt);
    orient_outward((const double(*)[3]) * v, *t, 4);
    *nv = *nt = 4;
    return 0;
}

static int
build_box(double (**v)[3], long *nv, vccd_mesh_index (**t)[3], long *nt, const shape_args *a, vccd_error *e)
{
    /* quads in cyclic order; vertex i has x, y, z from bits 0, 1, 2 */
    static const int quad[6][4] = { { 0, 2, 6, 4 }, { 1, 3, 7, 5 }, { 0, 1, 5, 4 },
                                    { 2, 3, 7, 6 }, { 0, 1, 3, 2 }, { 4, 5, 7, 6 } };
    static const char *const pname[3] = { "X", "Y", "Z" };
    for (int k = 0; k < 3; k++)
        if (pos_param(a, k, pname[k], e) != 0)
            return -1;
    if (alloc(v, 8, t, 12) != 0)
        return oom(a, e);
    for (int i = 0; i < 8; i++)
        for (int k = 0; k < 3; k++)
            (*v)[i][k] = (i >> k & 1 ? 0.5 : -0.5) * a->p[k];
    for (int f = 0; f < 6; f++) {
        const int *q = quad[f];
        vccd_mesh_index *t0 = (*t)[2 * f], *t1 = (*t)[2 * f + 1];
        t0[0] = q[0], t0[1] = q[1], t0[2] = q[2];
        t1[0] = q[0], t1[1] = q[2], t1[2] = q[3];
    }
    orient_outward((const double(*)[3]) * v, *t, 12);
    *nv = 8, *nt = 12;
    return 0;
}

static void
normalize(double *p)
{
    double r = sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
    p[0] /= r, p[1] /= r, p[2] /= r;
}

/* Each level splits every triangle in four at its edge midpoints pushed
   onto the sphere; the unique edges of vccd_mesh number the midpoints. */
static int
build_icosphere(double (**v)[3], long *nv, vccd_mesh_index (**t)[3], long *nt, const shape_args *a,
                vccd_error *e)
{
    static const vccd_mesh_index ico[20][3] = {
        { 0, 11, 5 }, { 0, 5, 1 },  { 0, 1, 7 },   { 0, 7, 10 }, { 0, 10, 11 }, { 1, 5, 9 }, { 5, 11, 4 },
        { 11, 10, 2 }, { 10, 7, 6 }, { 7, 1, 8 }, { 3, 9, 4 },  { 3, 4, 2 },   { 3, 2, 6 }, { 3, 6, 8 },
        { 3, 8, 9 },  { 4, 9, 5 },  { 2, 4, 11 }, { 6, 2, 10 }, { 8, 6, 7 },   { 9, 8, 1 }
    };
    const double phi = (1 + sqrt(5.0)) / 2;
    long level = 0;
    /* 20 4^N triangles; 4^12 is the last level 32-bit numbers hold */
    if (int_param(&level, a, 0, "N", 0, 12, e) != 0 || fits(a, "20 4^N", 20L << (2 * level), e) != 0)
        return -1;
    if (alloc(v, 12, t, 20) != 0)
        return oom(a, e);
    {
        /* (-1, phi, 0) (1, phi, 0) (-1, -phi, 0) (1, -phi, 0), then the
           same cycled to (0, x, y) and (y, 0, x) */
        static const double s[4][2] = { { -1, 1 }, { 1, 1 }, { -1, -1 }, { 1, -1 } };
        for (int g = 0; g < 3; g++)
            for (int i = 0; i < 4; i++) {
                double *p = (*v)[4 * g + i], c[3] = { s[i][0], s[i][1] * phi, 0 };
                for (int k = 0; k < 3; k++)
                    p[(k + g) % 3] = c[k];
                normalize(p);
            }
    }
    memcpy(*t, ico, sizeof ico);
    orient_outward((const double(*)[3]) * v, *t, 20);
    *nv = 12, *nt = 20;
    for (long l = 0; l < level; l++) {
        vccd_mesh m;
        double(*v2)[3];
        vccd_mesh_index(*t2)[3];
        if (vccd_mesh_init_arrays(&m, a->spec, (const double(*)[3]) * v, *nv, (const vccd_mesh_index(*)[3]) * t,
                                  *nt, VCCD_MESH_DEGENERATE_KEEP, e)
            != 0)
            return -1;
        if (alloc(&v2, m.nv + m.ne, &t2, 4 * m.nt) != 0) {
            free(v2), free(t2);
            vccd_mesh_clear(&m);
            return oom(a, e);
        }
        memcpy(v2, m.v, (size_t)m.nv * sizeof *v2);
        for (long x = 0; x < m.ne; x++) {
            double *p = v2[m.nv + x];
            for (int k = 0; k < 3; k++)
                p[k] = (m.v[m.e[x].v[0]][k] + m.v[m.e[x].v[1]][k]) / 2;
            normalize(p);
        }
        for (long i = 0; i < m.nt; i++) {
            vccd_mesh_index c0 = m.t[i][0], c1 = m.t[i][1], c2 = m.t[i][2];
            vccd_mesh_index m01 = (vccd_mesh_index)(m.nv + m.te[i][0]), m12 = (vccd_mesh_index)(m.nv + m.te[i][1]),
                            m20 = (vccd_mesh_index)(m.nv + m.te[i][2]);
            vccd_mesh_index q[4][3] = { { c0, m01, m20 }, { m01, c1, m12 }, { m20, m12, c2 }, { m01, m12, m20 } };
            memcpy(t2[4 * i], q, sizeof q);
        }
        free(*v), free(*t);
        *v = v2, *t = t2;
        *nv = m.nv + m.ne, *nt = 4 * m.nt;
        vccd_mesh_clear(&m);
    }
    return 0;
}

static int
build_torus(double (**v)[3], long *nv, vccd_mesh_index (**t)[3], long *nt, const shape_args *a,
            vccd_error *e)
{
    const double pi = 3.14159265358979323846;
    long n = 0, mm = 0;
    if (pos_param(a, 0, "R", e) != 0 || pos_param(a, 1, "r", e) != 0
        || int_param(&n, a, 2, "N", 3, a->max_nt, e) != 0 || int_param(&mm, a, 3, "M", 3, a->max_nt, e) != 0)
        return -1;
    if (!(a->p[1] < a->p[0]))
        return vccd_error_set(e, a->spec, 0, NULL, NULL, "r = %g must be less than R = %g (else the tube crosses itself)",
                              a->p[1], a->p[0]);
    if (fits(a, "2 N M", 2 * n * mm, e) != 0)
        return -1;
    if (alloc(v, n * mm, t, 2 * n * mm) != 0)
        return oom(a, e);
    for (long i = 0; i < n; i++)
        for (long j = 0; j < mm; j++) {
            double th = 2 * pi * (double)i / (double)n, ph = 2 * pi * (double)j / (double)mm;
            double rr = a->p[0] + a->p[1] * cos(ph);
            double *p = (*v)[i * mm + j];
            p[0] = rr * cos(th), p[1] = rr * sin(th), p[2] = a->p[1] * sin(ph);
        }
    /* (theta, phi) -> (theta + 1, phi) -> (theta + 1, phi + 1) turns
       outward: d/dtheta x d/dphi is the outer normal */
    for (long i = 0; i < n; i++)
        for (long j = 0; j < mm; j++) {
            vccd_mesh_index p00 = (vccd_mesh_index)(i * mm + j), p10 = (vccd_mesh_index)((i + 1) % n * mm + j),
                            p11 = (vccd_mesh_index)((i + 1) % n * mm + (j + 1) % mm),
                            p01 = (vccd_mesh_index)(i * mm + (j + 1) % mm);
            vccd_mesh_index *t0 = (*t)[2 * (i * mm + j)], *t1 = (*t)[2 * (i * mm + j) + 1];
            t0[0] = p00, t0[1] = p10, t0[2] = p11;
            t1[0] = p00, t1[1] = p11, t1[2] = p01;
        }
    *nv = n * mm, *nt = 2 * n * mm;
    return 0;
}

static int
build_grid(double (**v)[3], long *nv, vccd_mesh_index (**t)[3], long *nt, const shape_args *a, vccd_error *e)
{
    long n = 0;
    if (int_param(&n, a, 0, "N", 1, a->max_nt, e) != 0 || fits(a, "2 N^2", 2 * n * n, e) != 0)
        return -1;
    if (alloc(v, (n + 1) * (n + 1), t, 2 * n * n) != 0)
        return oom(a, e);
    for (long i = 0; i <= n; i++)
        for (long j = 0; j <= n; j++) {
            double *p = (*v)[i * (n + 1) + j];
            p[0] = (double)i / (double)n - 0.5, p[1] = (double)j / (double)n - 0.5, p[2] = 0;
        }
    for (long i = 0; i < n; i++)
        for (long j = 0; j < n; j++) {
            vccd_mesh_index p00 = (vccd_mesh_index)(i * (n + 1) + j), p10 = (vccd_mesh_index)(p00 + n + 1);
            vccd_mesh_index *t0 = (*t)[2 * (i * n + j)], *t1 = (*t)[2 * (i * n + j) + 1];
            t0[0] = p00, t0[1] = p10, t0[2] = p10 + 1;
            t1[0] = p00, t1[1] = p10 + 1, t1[2] = p00 + 1;
        }
    *nv = (n + 1) * (n + 1), *nt = 2 * n * n;
    return 0;
}

/* A closed polygon through the n points (r_k cos a_k, r_k sin a_k, 0),
   a_k = 2 pi k / n: segment k goes from vertex k to k + 1 (mod n), the
   segment form (i, j, j) of a 2D body (mesh.h). */
static int
polygon(double (**v)[3], long *nv, vccd_mesh_index (**t)[3], long *nt, long n, const double *r,
        const shape_args *a, vccd_error *e)
{
    if (alloc(v, n, t, n) != 0)
        return oom(a, e);
    for (long k = 0; k < n; k++) {
        double ang = 2.0 * 3.14159265358979323846 * (double)k / (double)n, rk = r ? r[k] : 1.0;
        (*v)[k][0] = rk * cos(ang), (*v)[k][1] = rk * sin(ang), (*v)[k][2] = 0.0;
        (*t)[k][0] = (vccd_mesh_index)k;
        (*t)[k][1] = (*t)[k][2] = (vccd_mesh_index)((k + 1) % n);
    }
    *nv = *nt = n;
    return 0;
}

static int
build_ngon(double (**v)[3], long *nv, vccd_mesh_index (**t)[3], long *nt, const shape_args *a, vccd_error *e)
{
    long n = 0;
    if (int_param(&n, a, 0, "N", 3, 1L << 20, e) != 0 || fits(a, "N", n, e) != 0)
        return -1;
    return polygon(v, nv, t, nt, n, NULL, a, e);
}

static int
build_rect(double (**v)[3], long *nv, vccd_mesh_index (**t)[3], long *nt, const shape_args *a, vccd_error *e)
{
    static const double s[4][2] = { { 1, 1 }, { -1, 1 }, { -1, -1 }, { 1, -1 } };
    if (pos_param(a, 0, "W", e) != 0 || pos_param(a, 1, "H", e) != 0)
        return -1;
    if (alloc(v, 4, t, 4) != 0)
        return oom(a, e);
    for (int k = 0; k < 4; k++) {
        (*v)[k][0] = s[k][0] * 0.5 * a->p[0], (*v)[k][1] = s[k][1] * 0.5 * a->p[1], (*v)[k][2] = 0.0;
        (*t)[k][0] = k;
        (*t)[k][1] = (*t)[k][2] = (k + 1) % 4;
    }
    *nv = *nt = 4;
    return 0;
}

static int
build_star(double (**v)[3], long *nv, vccd_mesh_index (**t)[3], long *nt, const shape_args *a, vccd_error *e)
{
    long n = 0, seed = 0;
    double *r;
    uint64_t x;
    int rc;
    if (int_param(&n, a, 0, "N", 3, 1L << 20, e) != 0 || int_param(&seed, a, 1, "SEED", 0, 4294967295L, e) != 0
        || fits(a, "N", n, e) != 0)
        return -1;
    if (!(r = malloc((size_t)n * sizeof *r)))
        return oom(a, e);
    x = (uint64_t)seed;
    /* radii in [0.3, 1]: every vertex sees the centre, so the polygon is
       simple (star-shaped about the origin) */
    for (long k = 0; k < n; k++)
        r[k] = 0.3 + 0.7 * vccd_rng_unit(&x);
    rc = polygon(v, nv, t, nt, n, r, a, e);
    free(r);
    return rc;
}

/* The registry: one line per shape. */
static const shape shapes[] = {
    { "tetrahedron", "", "regular tetrahedron, vertices (+-1, +-1, +-1) with an even number of minus signs", 0,
      build_tetrahedron },
    { "box", ":X:Y:Z", "box with sides X, Y, Z centred on the origin", 3, build_box },
    { "icosphere", ":N", "unit sphere: icosahedron subdivided N times, 20 4^N triangles (0..8)", 1,
      build_icosphere },
    { "torus", ":R:r:N:M", "torus around z, radii R > r, N x M segments, 2 N M triangles (N M <= 2^21)", 4,
      build_torus },
    { "grid", ":N", "open square [-1/2, 1/2]^2 at z = 0 of N x N cells, 2 N^2 triangles (N <= 1448)", 1,
      build_grid },
    { "ngon", ":N", "2D: regular N-gon of circumradius 1 (3..2^20 edges)", 1, build_ngon },
    { "rect", ":W:H", "2D: rectangle W x H centred on the origin", 2, build_rect },
    { "star", ":N:SEED", "2D: star polygon, N vertices, radii in [0.3, 1] drawn from SEED", 2, build_star },
};
#define NSHAPES ((int)(sizeof shapes / sizeof shapes[0]))

static const shape *
find(const char *spec)
{
    size_t n = strcspn(spec, ":");
    for (int i = 0; i < NSHAPES; i++)
        if (strlen(shapes[i].name) == n && strncmp(spec, shapes[i].name, n) == 0)
            return &shapes[i];
    return NULL;
}

int
vccd_mesh_is_shape(const char *spec)
{
    return find(spec) != NULL;
}

int
vccd_mesh_shape_info(int i, const char **name, const char **params, const char **what)
{
    if (i < 0 || i >= NSHAPES)
        return 0;
    *name = shapes[i].name, *params = shapes[i].params, *what = shapes[i].what;
    return 1;
}

int
vccd_mesh_shape(vccd_mesh *m, const char *spec, vccd_mesh_degenerate deg, vccd_error *e)
{
    return vccd_mesh_shape_max(m, spec, deg, VCCD_MESH_MAX_TRIANGLES, e);
}

int
vccd_mesh_shape_max(vccd_mesh *m, const char *spec, vccd_mesh_degenerate deg, long max_nt, vccd_error *e)
{
    const shape *s = find(spec);
    shape_args a;
    const char *p = spec + strcspn(spec, ":");
    int np = 0, rc;
    double(*v)[3] = NULL;
    vccd_mesh_index(*t)[3] = NULL;
    long nv = 0, nt = 0;

    memset(m, 0, sizeof *m);
    if (!s) {
        char known[512] = "";
        for (int i = 0; i < NSHAPES; i++) {
            size_t l = strlen(known);
            snprintf(known + l, sizeof known - l, "%s%s%s", i ? ", " : "", shapes[i].name, shapes[i].params);
        }
        return vccd_error_set(e, spec, 0, NULL, NULL, "unknown shape (shapes: %s)", known);
    }
    a.spec = spec;
    a.max_nt = max_nt > 0 ? max_nt : VCCD_MESH_MAX_TRIANGLES;
    while (*p == ':') {
        char *end;
        const char *q = p + 1;
        size_t len = strcspn(q, ":");
        if (np == MAX_PARAMS || np == s->np) {
            np++;
            break;
        }
        errno = 0;
        a.p[np] = strtod(q, &end);
        if (len == 0 || end != q + len || !isfinite(a.p[np]))
            return vccd_error_set(e, spec, 0, NULL, NULL, "parameter %d of %s%s: '%.*s' is not a finite number",
                                  np + 1, s->name, s->params, (int)(len > 40 ? 40 : len), q);
        np++;
        p = q + len;
    }
    if (np != s->np)
        return vccd_error_set(e, spec, 0, NULL, NULL, "%s takes %d parameter%s (%s%s), got %s%d", s->name, s->np,
                              s->np == 1 ? "" : "s", s->name, s->params, np > s->np ? "more than " : "",
                              np > s->np ? s->np : np);
    rc = s->build(&v, &nv, &t, &nt, &a, e);
    /* the fixed shapes (12 triangles at most) against a tiny limit */
    if (rc == 0 && nt > a.max_nt)
        rc = fits(&a, "the shape", nt, e);
    if (rc == 0)
        rc = vccd_mesh_init_arrays(m, spec, (const double(*)[3])v, nv, (const vccd_mesh_index(*)[3])t, nt, deg, e);
    free(v);
    free(t);
    return rc;
}
