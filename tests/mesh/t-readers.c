/* t-readers.c -- the OBJ, OFF and PLY readers (ascii, binary both
   endians, gzip) against the hand-checked box of tests/data/meshes
   (README.md there): exact vertices and triangles; then every broken
   input the contract lists gets a one-line error naming the file, the
   line (or byte offset and element) and what is wrong; degenerates,
   normalisation, bundled models and the [mesh.NAME] config section. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "testutil.h"
#include "vccd/mesh.h"

static const vccd_mesh_index quads[6][4] = { { 0, 2, 3, 1 }, { 4, 5, 7, 6 }, { 0, 1, 5, 4 },
                                             { 2, 6, 7, 3 }, { 0, 4, 6, 2 }, { 1, 3, 7, 5 } };

static char tmpdir[256];
/* The limit expect_error_n loads with (0: the default). */
static long limit;

static const char *
srcdir(void)
{
    const char *s = getenv("srcdir");
    return s && *s ? s : ".";
}

static void
data_path(char *out, size_t size, const char *name)
{
    snprintf(out, size, "%s/tests/data/meshes/%s", srcdir(), name);
}

/* The box's vertex i; y as a binary32 (widened exactly) when y_float. */
static void
box_vertex(double p[3], int i, int y_float)
{
    p[0] = 0.5 * (i & 1);
    p[1] = (i >> 1 & 1) ? (y_float ? (double)0.1f : 0.1) : 0;
    p[2] = 3.0 * (i >> 2 & 1);
}

static void
check_box(const char *name, int y_float)
{
    char path[512];
    vccd_mesh m;
    vccd_error e;
    vccd_mesh_mass mp;
    data_path(path, sizeof path, name);
    if (vccd_mesh_load(&m, path, NULL, &e) != 0)
        tu_fail("%s: %s", name, e.msg);
    TU_CHECK(m.nv == 8 && m.nt == 12 && m.ne == 18, "%s: %ld/%ld/%ld", name, m.nv, m.nt, m.ne);
    for (int i = 0; i < 8; i++) {
        double p[3];
        box_vertex(p, i, y_float);
        TU_CHECK(memcmp(p, m.v[i], sizeof p) == 0, "%s: vertex %d is %a %a %a, expected %a %a %a", name, i, m.v[i][0],
                 m.v[i][1], m.v[i][2], p[0], p[1], p[2]);
    }
    for (int q = 0; q < 6; q++) {
        const vccd_mesh_index *a = m.t[2 * q], *b = m.t[2 * q + 1];
        TU_CHECK(a[0] == quads[q][0] && a[1] == quads[q][1] && a[2] == quads[q][2] && b[0] == quads[q][0]
                     && b[1] == quads[q][2] && b[2] == quads[q][3],
                 "%s: quad %d triangulated as %d %d %d / %d %d %d", name, q, a[0], a[1], a[2], b[0], b[1], b[2]);
    }
    TU_CHECK(m.closure == VCCD_MESH_CLOSED && m.degenerate == 0, "%s: %s, %ld degenerate", name,
             vccd_mesh_closure_name(m.closure), m.degenerate);
    TU_CHECK(vccd_mesh_mass_props(&mp, &m, &e) == 0, "%s: %s", name, e.msg);
    {
        double y = y_float ? (double)0.1f : 0.1;
        TU_CHECK(fabs(mp.volume - 0.5 * y * 3) < 1e-15, "%s: volume %.17g", name, mp.volume);
    }
    vccd_mesh_clear(&m);
}

START_TEST(test_box)
{
    check_box("box.obj", 0);
    check_box("box.obj.gz", 0);
    check_box("box.off", 0);
    check_box("box-ascii.ply", 0);
    check_box("box-le.ply", 1);
    check_box("box-be.ply", 1);
    check_box("box-be.ply.gz", 1);
}
END_TEST

/* --- errors --------------------------------------------------------------- */

/* Write text (n bytes) to tmpdir/name, gzip-compressed when gz. */
static void
write_file(char *path, size_t size, const char *name, const char *text, size_t n, int gz)
{
    snprintf(path, size, "%s/%s", tmpdir, name);
    if (gz) {
        gzFile g = gzopen(path, "wb9");
        ck_assert(g != NULL);
        ck_assert(n == 0 || gzwrite(g, text, (unsigned)n) == (int)n);
        gzclose(g);
    } else {
        FILE *f = fopen(path, "wb");
        ck_assert(f != NULL);
        ck_assert(fwrite(text, 1, n, f) == n);
        fclose(f);
    }
}

/* Loading name holding text must fail with one line "PATH:LINE: ..."
   (line 0: "PATH: ...") containing both needles. */
static void
expect_error_n(const char *name, const char *text, size_t n, int line, const char *n1, const char *n2)
{
    char path[512], pfx[600];
    vccd_mesh m;
    vccd_error e;
    memset(&e, 0, sizeof e);
    write_file(path, sizeof path, name, text, n, strstr(name, ".gz") != NULL);
    if (vccd_mesh_load_max(&m, path, NULL, limit, &e) == 0) {
        vccd_mesh_clear(&m);
        tu_fail("%s accepted:\n%.300s", name, text);
    }
    if (line > 0)
        snprintf(pfx, sizeof pfx, "%s:%d: ", path, line);
    else
        snprintf(pfx, sizeof pfx, "%s: ", path);
    TU_CHECK(strncmp(e.msg, pfx, strlen(pfx)) == 0, "%s: message '%s' does not start with '%s'", name, e.msg, pfx);
    TU_CHECK(!strchr(e.msg, '\n'), "%s: message '%s' is not one line", name, e.msg);
    TU_CHECK(strstr(e.msg, n1) && (!n2 || strstr(e.msg, n2)), "%s: message '%s' lacks '%s' or '%s'", name, e.msg, n1,
             n2 ? n2 : "");
    TU_CHECK(m.nt == 0 && !m.v, "%s: failed load left a mesh", name);
    unlink(path);
}

static void
expect_error(const char *name, const char *text, int line, const char *n1, const char *n2)
{
    expect_error_n(name, text, strlen(text), line, n1, n2);
}

/* Decimal text is rounded correctly, once: halfway cases, hex floats,
   subnormals, long digit strings. */
START_TEST(test_rounding)
{
    static const struct {
        const char *text;
        double want;
    } c[] = {
        { "1.00000000000000011102230246251565404236316680908203125", 1.0 }, /* 1 + 2^-53: ties to even */
        { "1.00000000000000011102230246251565404236316680908203126", 1.0 + 0x1p-52 }, /* just above */
        { "1.00000000000000033306690738754696212708950042724609375", 1.0 + 0x1p-51 }, /* 1 + 3 2^-53: to even */
        { "0.1000000000000000055511151231257827021181583404541015625", 0x1.999999999999ap-4 },
        { "0x1.8p1", 3.0 },
        { "4.9406564584124654e-324", 0x1p-1074 },
        { "2.4703282292062328e-324", 0x1p-1074 }, /* just above half the least subnormal */
        { "-0", -0.0 },
    };
    char text[256 * 8], path[512];
    vccd_mesh m;
    vccd_error e;
    size_t n = 0;
    int nc = (int)(sizeof c / sizeof c[0]);
    for (int i = 0; i < nc; i++)
        n += (size_t)snprintf(text + n, sizeof text - n, "v %s 0 0\n", c[i].text);
    n += (size_t)snprintf(text + n, sizeof text - n, "f 1 2 3\n");
    write_file(path, sizeof path, "r.obj", text, n, 0);
    TU_CHECK(vccd_mesh_load(&m, path, NULL, &e) == 0, "%s", e.msg);
    for (int i = 0; i < nc; i++)
        TU_CHECK(memcmp(&m.v[i][0], &c[i].want, sizeof(double)) == 0, "'%s' read as %a, expected %a", c[i].text,
                 m.v[i][0], c[i].want);
    vccd_mesh_clear(&m);
}
END_TEST

#define TRI "v 0 0 0\nv 1 0 0\nv 0 1 0\n"

START_TEST(test_obj_errors)
{
    expect_error("a.obj", TRI "f 1 2 4\n", 4, "vertex index 4 out of range", NULL);
    expect_error("a.obj", TRI "f 1 2 -4\n", 4, "vertex index -4 out of range", NULL);
    expect_error("a.obj", TRI "f 1 2 0\n", 4, "vertex index 0", NULL);
    expect_error("a.obj", TRI "f 1 2\n", 4, "face with 2 vertices", "at least 3");
    expect_error("a.obj", TRI "f 1 x 3\n", 4, "face corner 2", "'x' is not an integer");
    expect_error("a.obj", TRI "f 1 2 99999999999\n", 4, "face corner 3", "out of range");
    expect_error("a.obj", "v 0 0 0\nv 1 nan 0\nv 0 1 0\nf 1 2 3\n", 2, "vertex 2 y is NaN", NULL);
    expect_error("a.obj", "v 0 0 0\nv 1 0 inf\nv 0 1 0\nf 1 2 3\n", 2, "vertex 2 z", "infinite");
    expect_error("a.obj", "v 0 0 0\nv 1 0 1e400\nv 0 1 0\nf 1 2 3\n", 2, "vertex 2 z", "beyond the binary64 range");
    expect_error("a.obj", "v 0 0 0\nv 1 0\nv 0 1 0\nf 1 2 3\n", 2, "vertex 2: 2 coordinates", NULL);
    expect_error("a.obj", "v 0 0 0\nv 1 0 1.5.2\n", 2, "vertex 2 z", "'1.5.2' is not a number");
    /* a control byte is shown escaped, once */
    expect_error("a.obj", "v 0 a\x01\\b 0\n", 1, "vertex 1 y: 'a\\x01\\\\b' is not a number", NULL);
    expect_error("a.obj", "# nothing\n", 0, "empty mesh", NULL);
    expect_error("a.obj", TRI, 0, "empty mesh", "0 triangles");
    /* a forward reference that never gets its vertex: reported at its line */
    expect_error("a.obj", TRI "f 1 2 5\nv 1 1 1\n", 4, "vertex index 5 out of range", "4 vertices");
    expect_error("a.obj.gz", TRI "f 1 2 7\n", 4, "out of range", NULL);
    expect_error_n("a.obj", TRI "f 1 2\0 3\n", sizeof(TRI "f 1 2\0 3\n") - 1, 4, "NUL byte", NULL);
    {
        /* a line of 1 MB */
        size_t n = (1 << 20) + 16;
        char *big = malloc(n + 1);
        memcpy(big, "v 0 0 0\n# ", 10);
        memset(big + 10, 'x', n - 10);
        big[n] = '\0';
        expect_error("a.obj", big, 2, "line longer than", NULL);
        free(big);
    }
}
END_TEST

/* 2D bodies (obj2d): a polygon and an open polyline read to segments
   (i, j, j) in z = 0; every bad line named. */
#define SQ "v 0 0\nv 1 0\nv 1 1 0\nv 0 1\n"
START_TEST(test_obj2d)
{
    char path[512];
    vccd_mesh m;
    vccd_error e;
    write_file(path, sizeof path, "sq.obj2d", "# a unit square and a tail\n" SQ "l 1 2 3 4 1\nv 2 2\nl -3 -1\n",
               sizeof("# a unit square and a tail\n" SQ "l 1 2 3 4 1\nv 2 2\nl -3 -1\n") - 1, 0);
    if (vccd_mesh_load(&m, path, NULL, &e) != 0)
        tu_fail("%s", e.msg);
    TU_CHECK(m.planar && m.nv == 5 && m.nt == 5 && !strcmp(m.format, "obj2d"), "obj2d: planar %d nv %ld nt %ld",
             m.planar, m.nv, m.nt);
    TU_CHECK(m.t[3][0] == 3 && m.t[3][1] == 0 && m.t[3][2] == 0 && m.t[4][0] == 2 && m.t[4][1] == 4,
             "obj2d: segments not (i, j, j) in order");
    /* vertex 3 (index 2) ends three segments: not a closed polygon */
    TU_CHECK(m.closure == VCCD_MESH_NONMANIFOLD && m.boundary_edges == 1, "obj2d closure %d ends %ld",
             (int)m.closure, m.boundary_edges);
    vccd_mesh_clear(&m);
    unlink(path);
    expect_error("a.obj2d", SQ "l 1 2 5\n", 5, "vertex index 5 out of range", "4 vertices so far");
    expect_error("a.obj2d", SQ "l 1 -5\n", 5, "vertex index -5 out of range", NULL);
    expect_error("a.obj2d", SQ "l 1 0\n", 5, "polyline index 2", "vertex index 0");
    expect_error("a.obj2d", SQ "l 1 2 x\n", 5, "polyline index 3", "'x' is not an integer");
    expect_error("a.obj2d", SQ "l 1\n", 5, "polyline with 1 vertex", "at least 2");
    expect_error("a.obj2d", SQ "l 1 2 2\n", 5, "polyline index 3", "zero-length segment");
    expect_error("a.obj2d", SQ "v 1 1\nl 3 5\n", 6, "zero-length segment from vertex 3 to vertex 5", NULL);
    expect_error("a.obj2d", "v 0 0\nv nan 1\n", 2, "vertex 2 x is NaN", NULL);
    expect_error("a.obj2d", "v 0 0\nv 1 inf\n", 2, "vertex 2 y", "infinite");
    expect_error("a.obj2d", "v 0 0\nv 1 1 0.5\n", 2, "vertex 2 z = 0.5", "plane z = 0");
    expect_error("a.obj2d", "v 0 0\nv 1\n", 2, "vertex 2: 1 coordinate", "expected 2");
    expect_error("a.obj2d", "v 0 0\nv 1 1 0 7\n", 2, "vertex 2: extra field '7'", NULL);
    expect_error("a.obj2d", SQ "f 1 2 3\n", 5, "unknown statement 'f'", NULL);
    expect_error("a.obj2d", SQ, 0, "no segment", NULL);
    expect_error("a.obj2d.gz", SQ "l 1 2 9\n", 5, "out of range", NULL);
}
END_TEST

START_TEST(test_off_errors)
{
    expect_error("a.off", "OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 3\n", 6, "face 0 corner 3", "out of range 0..2");
    expect_error("a.off", "OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n2 0 1\n", 6, "face 0 with 2 vertices", NULL);
    expect_error("a.off", "OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n4 0 1 2\n", 6, "count mismatch", "announces 4");
    expect_error("a.off", "OFF\n4 1 0\n0 0 0\n1 0 0\n0 1 0\n", 0, "count mismatch", "4 vertices");
    expect_error("a.off", "OFF\n3 2 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n", 0, "count mismatch", "2 faces");
    expect_error("a.off", "OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n3 0 2 1\n", 7, "count mismatch", "data after");
    expect_error("a.off", "OFF\n3 1 0\n0 0 0\n1 -nan 0\n0 1 0\n3 0 1 2\n", 4, "vertex 1 y is NaN", NULL);
    expect_error("a.off", "OFF\n3 1\n", 2, "counts line has 2 numbers", NULL);
    expect_error("a.off", "OFF\n0 0 0\n", 0, "empty mesh", NULL);
    expect_error("a.off", "OFX\n3 1 0\n", 1, "not an OFF file", NULL);
    expect_error("a.off", "OFF\n-3 1 0\n", 2, "vertex count", "out of range");
}
END_TEST

#define PLY_HEAD "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\nproperty float z\n"
#define PLY_FACE "element face 1\nproperty list uchar int vertex_indices\nend_header\n"

/* A binary PLY of the triangle, endian big or little, with its body cut
   to `keep` bytes (or whole if keep < 0) and its first index set to i0. */
/* Append the size bytes of x (host order) to b[*at..] in the byte order
   big says. */
static void
put(unsigned char *b, size_t *at, const void *x, int size, int big)
{
    const uint16_t one = 1;
    int swap = (*(const unsigned char *)&one == 1) == big;
    for (int k = 0; k < size; k++)
        b[*at + (size_t)k] = ((const unsigned char *)x)[swap ? size - 1 - k : k];
    *at += (size_t)size;
}

static size_t
binary_ply(char *out, int big, long keep, int32_t i0, double y1)
{
    const char *h = big ? "ply\nformat binary_big_endian 1.0\nelement vertex 3\nproperty double x\nproperty double "
                          "y\nproperty double z\nelement face 1\nproperty list uchar int vertex_indices\nend_header\n"
                        : "ply\nformat binary_little_endian 1.0\nelement vertex 3\nproperty double x\nproperty double "
                          "y\nproperty double z\nelement face 1\nproperty list uchar int vertex_indices\nend_header\n";
    double v[9] = { 0, 0, 0, 1, y1, 0, 0, 1, 0 };
    int32_t f[3] = { i0, 1, 2 };
    size_t n = strlen(h), body = 0;
    unsigned char b[128];
    memcpy(out, h, n);
    for (int i = 0; i < 9; i++)
        put(b, &body, &v[i], 8, big);
    b[body++] = 3;
    for (int i = 0; i < 3; i++)
        put(b, &body, &f[i], 4, big);
    if (keep >= 0 && (size_t)keep < body)
        body = (size_t)keep;
    memcpy(out + n, b, body);
    return n + body;
}

START_TEST(test_ply_errors)
{
    char buf[1024];
    size_t n, hl;
    expect_error("a.ply", PLY_HEAD PLY_FACE "0 0 0\n1 0 0\n0 1 0\n3 0 1 3\n", 13, "face 0", "out of range 0..2");
    expect_error("a.ply", PLY_HEAD PLY_FACE "0 0 0\n1 0 0\n0 1 0\n2 0 1\n", 13, "face with 2 vertices", NULL);
    expect_error("a.ply", PLY_HEAD PLY_FACE "0 0 0\n1 0 0\n0 1 0\n3 0 1\n", 13, "count mismatch", "2 values, expected 3");
    expect_error("a.ply", PLY_HEAD PLY_FACE "0 0 0\n1 0 0\n0 1 0\n3 0 1 2 5\n", 13, "count mismatch", "more values");
    expect_error("a.ply", PLY_HEAD PLY_FACE "0 0 0\n1 0 0\n", 0, "count mismatch", "3 vertex elements");
    expect_error("a.ply", PLY_HEAD PLY_FACE "0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n3 0 1 2\n", 14, "count mismatch", "data after");
    expect_error("a.ply", PLY_HEAD PLY_FACE "0 0 0\n1 inf 0\n0 1 0\n3 0 1 2\n", 11, "vertex 1 y", "infinite");
    /* an ASCII value outside its declared type: uchar count 300 */
    expect_error("a.ply", PLY_HEAD PLY_FACE "0 0 0\n1 0 0\n0 1 0\n300 0 1 2\n", 13, "face 0 vertex_indices",
                 "out of range 0..255");
    expect_error("a.ply", "ply\nformat binary_middle_endian 1.0\n", 2, "unknown PLY format", NULL);
    expect_error("a.ply", "ply\nformat ascii 1.0\nelement vertex 3\nproperty float128 x\n", 4, "unknown property type",
                 NULL);
    expect_error("a.ply", "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nend_header\n", 0, "no property y",
                 NULL);
    expect_error("a.ply", "ply\nformat ascii 1.0\nelement vertex 3\n", 0, "ends inside the header", NULL);
    expect_error("a.ply", PLY_HEAD "element face 0\nproperty list uchar int vertex_indices\nend_header\n0 0 0\n1 0 0\n0 1 0\n",
                 0, "empty mesh", NULL);
    expect_error("a.ply", PLY_HEAD "element face 1\nproperty list float int vertex_indices\nend_header\n", 8,
                 "not an integer type", NULL);
    /* binary: the message names the byte offset and the element */
    for (int big = 0; big < 2; big++) {
        const char *name = big ? "b.ply" : "l.ply";
        n = binary_ply(buf, big, -1, 0, 0);
        hl = n - (9 * 8 + 1 + 12);
        {
            char path[512];
            vccd_mesh m;
            vccd_error e;
            write_file(path, sizeof path, name, buf, n, 0);
            TU_CHECK(vccd_mesh_load(&m, path, NULL, &e) == 0, "%s whole: %s", name, e.msg);
            TU_CHECK(m.nv == 3 && m.nt == 1 && m.v[1][0] == 1 && m.v[2][1] == 1, "%s whole: wrong mesh", name);
            vccd_mesh_clear(&m);
        }
        n = binary_ply(buf, big, 60, 0, 0);
        expect_error_n(name, buf, n, 0, "ends at byte", "vertex 2");
        n = binary_ply(buf, big, 9 * 8 + 3, 0, 0);
        expect_error_n(name, buf, n, 0, "ends at byte", "face 0");
        n = binary_ply(buf, big, -1, 3, 0);
        {
            char want[64];
            snprintf(want, sizeof want, "byte %zu: face 0", hl + 72);
            expect_error_n(name, buf, n, 0, want, "vertex index 3 out of range 0..2");
        }
        n = binary_ply(buf, big, -1, -1, 0);
        expect_error_n(name, buf, n, 0, "face 0", "vertex index -1 out of range");
        n = binary_ply(buf, big, -1, 0, NAN);
        {
            char want[64];
            snprintf(want, sizeof want, "byte %zu: vertex 1: y is NaN", hl + 24);
            expect_error_n(name, buf, n, 0, want, NULL);
        }
        n = binary_ply(buf, big, -1, 0, 0);
        memcpy(buf + n, "xx", 2);
        expect_error_n(name, buf, n + 2, 0, "count mismatch", "data after");
    }
    /* the same truncation, compressed */
    n = binary_ply(buf, 0, 20, 0, 0);
    expect_error_n("l.ply.gz", buf, n, 0, "ends at byte", "vertex 0");
}
END_TEST

/* The binary triangle of binary_ply (little endian, whole) with `extra`
   header lines before the header line starting `before`; its size. */
static size_t
binary_ply_with(char *out, const char *extra, const char *before)
{
    size_t n = binary_ply(out, 0, -1, 0, 0), x = strlen(extra);
    char *at = strstr(out, before);
    memmove(at + x, at, n - (size_t)(at - out));
    memcpy(at, extra, x);
    return n + x;
}

/* The limit of one mesh: counts in a header over it are refused at
   their line before the data is read, and readers without counts stop
   at it; the limit is named.  Elements the reader skips cost no time
   per instance and no memory, and a plain file too short for its binary
   body is refused before the body is read. */
START_TEST(test_limits)
{
    char buf[2048], path[512];
    vccd_mesh m;
    vccd_error e;
    size_t n;

    alarm(60); /* element junk 2147483647 used to loop 2^31 times */
    /* the default: 2^22 triangles, 3 2^22 vertices */
    expect_error("a.off", "OFF\n2147483647 1 0\n0 0 0\n", 2, "announces 2147483647 vertices, more than 12582912",
                 "max_triangles = 4194304");
    expect_error("a.off.gz", "OFF\n12582913 1 0\n0 0 0\n", 2, "announces 12582913 vertices", "max_triangles");
    expect_error("a.off", "OFF\n3 4194305 0\n0 0 0\n", 2, "announces at least 4194305 triangles", "max_triangles");
    expect_error("a.ply", "ply\nformat ascii 1.0\nelement vertex 2147483647\nproperty float x\n", 3,
                 "element vertex 2147483647: more than 12582912 vertices", "max_triangles = 4194304");
    expect_error("a.ply.gz", PLY_HEAD "element face 4194305\n", 7, "element face 4194305: more than 4194304 triangles",
                 "max_triangles");
    /* a smaller limit, reached by the data */
    limit = 1;
    expect_error("a.obj", TRI "f 1 2 3\nf 1 3 2\n", 5, "more than 1 triangles", "max_triangles = 1");
    expect_error("a.obj.gz", TRI "f 1 2 3\nf 1 3 2\n", 5, "more than 1 triangles", "max_triangles = 1");
    expect_error("a.obj", TRI "v 1 1 0\nf 1 2 3\n", 4, "more than 3 vertices", "max_triangles = 1");
    limit = 2;
    expect_error("a.obj", TRI "v 1 1 0\nv 2 2 0\nf 1 2 5 4 3\n", 6, "more than 2 triangles", NULL);
    limit = 1;
    expect_error("a.off", "OFF\n4 1 0\n", 2, "announces 4 vertices, more than 3", "max_triangles = 1");
    limit = 2;
    expect_error("a.obj2d", SQ "l 1 2 3 4\n", 5, "more than 2 triangles", "max_triangles = 2");
    /* binary: a quad (two triangles) where the limit is one, named by
       its offset */
    limit = 1;
    n = binary_ply(buf, 1, -1, 0, 0);
    buf[n - 13] = 4;
    memset(buf + n, 0, 4);
    expect_error_n("b.ply", buf, n + 4, 0, "face 0: more than 1 triangles", "max_triangles = 1");
    limit = 0;
    TU_CHECK(vccd_mesh_load_max(&m, "box:1:1:1", NULL, 11, &e) == -1
                 && strstr(e.msg, "box:1:1:1: the shape = 12 triangles, more than 11: the limit of one mesh: "
                                  "max_triangles = 11"),
             "shape over the limit: '%s'", e.msg);
    TU_CHECK(vccd_mesh_load_max(&m, "box:1:1:1", NULL, -1, &e) == -1 && strstr(e.msg, "max_triangles = -1"), "%s",
             e.msg);
    TU_CHECK(vccd_mesh_load_max(&m, "box:1:1:1", NULL, VCCD_MESH_MAX_TRIANGLES_HARD + 1, &e) == -1, "over the hard limit");
    TU_CHECK(vccd_mesh_load_max(&m, "box:1:1:1", NULL, 12, &e) == 0 && m.nt == 12, "%s", e.msg);
    vccd_mesh_clear(&m);

    /* an element the reader skips: with no property it takes no byte and
       no time, whatever its count */
    n = binary_ply_with(buf, "element junk 2147483647\n", "end_header");
    write_file(path, sizeof path, "j.ply", buf, n, 0);
    TU_CHECK(vccd_mesh_load(&m, path, NULL, &e) == 0 && m.nt == 1, "junk without properties: %s", e.msg);
    vccd_mesh_clear(&m);
    /* ... with properties, announced but not there: refused before the
       body is read (plain), where the data ends (gzip: no size known) */
    n = binary_ply_with(buf, "element junk 2147483647\nproperty uchar a\nproperty double b\n", "element face");
    /* the face's 13 bytes read as junk: one instance of 9 and 4 bytes */
    expect_error_n("j.ply", buf, n, 0, "the input ends at byte", "inside junk 1 (from byte");
    expect_error_n("j.ply.gz", buf, n, 0, "the input ends at byte", "inside one of junk 0..");
    /* after a list, only the least size of what follows is known */
    n = binary_ply_with(buf, "element junk 2147483647\nproperty uchar a\nproperty double b\n", "end_header");
    expect_error_n("j.ply", buf, n, 0, "before the end of junk 0", "count mismatch");
    n = binary_ply_with(buf, "element junk 2147483647\nproperty list uchar int c\n", "end_header");
    expect_error_n("j.ply", buf, n, 0, "before the end of junk 0", "count mismatch");
    expect_error_n("j.ply.gz", buf, n, 0, "the input ends at byte", "junk 0");
    /* a vertex count within a raised limit, with three vertices there */
    n = binary_ply(buf, 0, -1, 0, 0);
    {
        char *v = strstr(buf, "element vertex 3");
        char big[] = "element vertex 2000000000";
        memmove(v + sizeof big - 1, v + 16, n - (size_t)(v + 16 - buf));
        memcpy(v, big, sizeof big - 1);
        n += sizeof big - 1 - 16;
    }
    limit = VCCD_MESH_MAX_TRIANGLES_HARD;
    expect_error_n("v.ply", buf, n, 0, "the input ends at byte", "inside vertex 3");
    limit = 0;
    expect_error_n("v.ply", buf, n, 3, "element vertex 2000000000: more than 12582912 vertices", NULL);
    alarm(0);
}
END_TEST

/* Normalisation at every scale binary64 holds: the radius is computed
   without overflow or underflow, the farthest vertex lands within a few
   ulps of the radius asked for, and what cannot be normalised is refused
   with the option at fault, never collapsed to a point. */
START_TEST(test_normalize_range)
{
    static const double scales[] = { 1e-300, 1e-170, 3e-162, 1e-20, 1, 1e20, 1e160, 1e200, 1e300 };
    static const vccd_mesh_center centers[] = { VCCD_MESH_CENTER_NONE, VCCD_MESH_CENTER_BBOX,
                                                VCCD_MESH_CENTER_CENTROID, VCCD_MESH_CENTER_MASS };
    char text[512], path[512];
    vccd_mesh m;
    vccd_error e;
    for (int i = 0; i < (int)(sizeof scales / sizeof scales[0]); i++)
        for (int c = 0; c < 4; c++)
            for (int r = 0; r < 2; r++) {
                double k = scales[i], radius = r ? 3.0 : 1.0, rmax = 0;
                vccd_mesh_load_opts o = { VCCD_MESH_DEGENERATE_KEEP, centers[c], radius };
                snprintf(text, sizeof text, "v 0 0 0\nv %.17g 0 0\nv 0 %.17g 0\nv 0 0 %.17g\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n",
                         k, k, k);
                write_file(path, sizeof path, "n.obj", text, strlen(text), 0);
                TU_CHECK(vccd_mesh_load(&m, path, &o, &e) == 0, "scale %g center %s: %s", k,
                         vccd_mesh_center_name(centers[c]), e.msg);
                for (long v = 0; v < m.nv; v++)
                    rmax = fmax(rmax, hypot(hypot(m.v[v][0], m.v[v][1]), m.v[v][2]));
                TU_CHECK(fabs(rmax - radius) <= 8 * radius * DBL_EPSILON && isnormal(m.scale) && m.degenerate == 0
                             && m.closure == VCCD_MESH_CLOSED,
                         "scale %g center %s radius %g: farthest vertex at %.17g, scale %g, %ld degenerate", k,
                         vccd_mesh_center_name(centers[c]), radius, rmax, m.scale, m.degenerate);
                vccd_mesh_clear(&m);
            }
    /* a centroid whose sum overflows */
    {
        const char *t = "v 1e308 0 0\nv 1.5e308 0 0\nv 1e308 1 0\nv 1e308 0 1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n";
        vccd_mesh_load_opts o = { VCCD_MESH_DEGENERATE_KEEP, VCCD_MESH_CENTER_CENTROID, 0 };
        write_file(path, sizeof path, "c.obj", t, strlen(t), 0);
        TU_CHECK(vccd_mesh_load(&m, path, &o, &e) == 0 && fabs(m.center[0] / 1.125e308 - 1) < 1e-15, "centroid %g: %s",
                 m.center[0], e.msg);
        vccd_mesh_clear(&m);
    }
    /* refused, with the option at fault */
    {
        static const struct {
            const char *verts;
            vccd_mesh_center c;
            double radius;
            const char *why;
        } bad[] = {
            /* the farthest vertex beyond DBL_MAX from the bbox centre */
            { "v -1.5e308 0 0\nv 1.5e308 0 0\nv 0 1.5e308 0\nv 0 0 1.5e308\n", VCCD_MESH_CENTER_BBOX, 1,
              "scale = radius 1: the farthest vertex is beyond the binary64 range" },
            /* x - c overflows */
            { "v -1.7e308 0 0\nv 1.7e308 0 0\nv 1.7e308 1 0\nv 1.7e308 0 1\n", VCCD_MESH_CENTER_CENTROID, 0,
              "center = centroid: vertex 0 is -inf from the centre along x" },
            /* scale factors beyond the range: 1e-600, 1e600 */
            { "v 0 0 0\nv 1e300 0 0\nv 0 1e300 0\nv 0 0 1e300\n", VCCD_MESH_CENTER_NONE, 1e-300,
              "scale = radius 1e-300: the farthest vertex is at distance 1e+300" },
            { "v 0 0 0\nv 1e-300 0 0\nv 0 1e-300 0\nv 0 0 1e-300\n", VCCD_MESH_CENTER_NONE, 1e300,
              "scale factor inf is beyond the binary64 range" },
            /* every vertex at the centre */
            { "v 5 5 5\nv 5 5 5\nv 5 5 5\nv 5 5 5\n", VCCD_MESH_CENTER_BBOX, 1,
              "scale = radius 1: every vertex of the mesh is at the centre" },
        };
        for (int i = 0; i < (int)(sizeof bad / sizeof bad[0]); i++) {
            vccd_mesh_load_opts o = { VCCD_MESH_DEGENERATE_KEEP, bad[i].c, bad[i].radius };
            snprintf(text, sizeof text, "%sf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n", bad[i].verts);
            write_file(path, sizeof path, "b.obj", text, strlen(text), 0);
            TU_CHECK(vccd_mesh_load(&m, path, &o, &e) == -1 && strstr(e.msg, bad[i].why) && strstr(e.msg, "b.obj: "),
                     "case %d: '%s' lacks '%s'", i, e.msg, bad[i].why);
        }
    }
}
END_TEST

START_TEST(test_format_errors)
{
    char path[512];
    vccd_mesh m;
    vccd_error e;
    expect_error("a.stl", "solid x\nfacet normal 0 0 1\n", 0, "unknown mesh format", "obj obj2d off ply");
    expect_error("a", "hello\n", 0, "unknown mesh format", NULL);
    /* an unknown extension but a known first word: read as that format */
    {
        const char *off = "OFF\n3 1 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n";
        write_file(path, sizeof path, "tri.mesh", off, strlen(off), 0);
    }
    TU_CHECK(vccd_mesh_load(&m, path, NULL, &e) == 0 && m.nt == 1 && !strcmp(m.format, "off"), "sniffed OFF: %s",
             e.msg);
    vccd_mesh_clear(&m);
    /* corrupt gzip data is an error, not a short file */
    {
        static const char bad[] = "\x1f\x8b\x08\x00garbage-garbage-garbage";
        write_file(path, sizeof path, "c.obj.gz", bad, sizeof bad - 1, 0);
        TU_CHECK(vccd_mesh_load(&m, path, NULL, &e) == -1 && strstr(e.msg, "c.obj.gz:") && strstr(e.msg, "read error"),
                 "corrupt gzip: '%s'", e.msg);
    }
    /* no such file or model */
    TU_CHECK(vccd_mesh_load(&m, "/nonexistent/x.obj", NULL, &e) == -1 && strstr(e.msg, "/nonexistent/x.obj: cannot open"),
             "missing file: '%s'", e.msg);
    setenv("VCCD_MODELS", tmpdir, 1);
    TU_CHECK(vccd_mesh_load(&m, "nosuchmodel", NULL, &e) == -1 && strstr(e.msg, "nosuchmodel: no such file")
                 && strstr(e.msg, tmpdir),
             "missing model: '%s'", e.msg);
    unsetenv("VCCD_MODELS");
}
END_TEST

/* --- degenerates, normalisation, models, config ---------------------------- */

START_TEST(test_degenerate)
{
    /* a closed tetrahedron plus a sliver on collinear points and a
       repeated corner */
    const char *text = "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nv 2 2 2\nv 4 4 4\n"
                       "f 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\nf 1 5 6\nf 2 2 3\n";
    char path[512];
    vccd_mesh m;
    vccd_error e;
    vccd_mesh_load_opts o = { VCCD_MESH_DEGENERATE_DROP, VCCD_MESH_CENTER_NONE, 0 };
    write_file(path, sizeof path, "d.obj", text, strlen(text), 0);
    TU_CHECK(vccd_mesh_load(&m, path, NULL, &e) == 0, "%s", e.msg);
    TU_CHECK(m.degenerate == 2 && m.nt == 6 && m.closure != VCCD_MESH_CLOSED, "keep: %ld degenerate, %ld triangles",
             m.degenerate, m.nt);
    vccd_mesh_clear(&m);
    TU_CHECK(vccd_mesh_load(&m, path, &o, &e) == 0, "%s", e.msg);
    TU_CHECK(m.degenerate == 2 && m.nt == 4 && m.closure == VCCD_MESH_CLOSED, "drop: %ld degenerate, %ld triangles, %s",
             m.degenerate, m.nt, vccd_mesh_closure_name(m.closure));
    vccd_mesh_clear(&m);
}
END_TEST

START_TEST(test_normalize)
{
    char path[512];
    vccd_mesh m;
    vccd_error e;
    vccd_mesh_load_opts o = { VCCD_MESH_DEGENERATE_KEEP, VCCD_MESH_CENTER_BBOX, 2 };
    vccd_mesh_mass mp;
    data_path(path, sizeof path, "box.off");
    /* bbox centre (0.25, 0.05, 1.5), farthest corner at
       sqrt(0.25^2 + 0.05^2 + 1.5^2) */
    TU_CHECK(vccd_mesh_load(&m, path, &o, &e) == 0, "%s", e.msg);
    {
        double r = sqrt(0.25 * 0.25 + 0.05 * 0.05 + 1.5 * 1.5), rmax = 0;
        TU_CHECK(m.normalized && m.center[0] == 0.25 && fabs(m.center[1] - 0.05) < 1e-17 && m.center[2] == 1.5,
                 "bbox centre %g %g %g", m.center[0], m.center[1], m.center[2]);
        TU_CHECK(fabs(m.scale - 2 / r) < 1e-15, "scale %.17g, expected %.17g", m.scale, 2 / r);
        for (long i = 0; i < m.nv; i++)
            rmax = fmax(rmax, sqrt(m.v[i][0] * m.v[i][0] + m.v[i][1] * m.v[i][1] + m.v[i][2] * m.v[i][2]));
        TU_CHECK(fabs(rmax - 2) < 1e-15, "farthest vertex at %.17g", rmax);
    }
    vccd_mesh_clear(&m);
    o.center = VCCD_MESH_CENTER_MASS, o.radius = 0;
    TU_CHECK(vccd_mesh_load(&m, "box:2:4:6", &o, &e) == 0 && m.scale == 1 && m.center[0] == 0, "mass of a box");
    vccd_mesh_clear(&m);
    /* the centre of mass goes to the origin */
    data_path(path, sizeof path, "box.obj");
    TU_CHECK(vccd_mesh_load(&m, path, &o, &e) == 0, "%s", e.msg);
    TU_CHECK(vccd_mesh_mass_props(&mp, &m, &e) == 0, "%s", e.msg);
    for (int k = 0; k < 3; k++)
        TU_CHECK(fabs(mp.com[k]) < 1e-15, "centre of mass %d at %g after center = mass", k, mp.com[k]);
    vccd_mesh_clear(&m);
    o.center = VCCD_MESH_CENTER_CENTROID;
    TU_CHECK(vccd_mesh_load(&m, "grid:4", &o, &e) == 0 && fabs(m.center[0]) < 1e-16, "centroid of a grid");
    vccd_mesh_clear(&m);
    o.center = VCCD_MESH_CENTER_MASS;
    TU_CHECK(vccd_mesh_load(&m, "grid:4", &o, &e) == -1 && strstr(e.msg, "grid:4: center = mass: no mass properties: the mesh is not closed"),
             "center = mass of an open mesh: '%s'", e.msg);
}
END_TEST

START_TEST(test_models)
{
    char dir[600], path[700];
    vccd_mesh m;
    vccd_error e;
    /* the source tree's models, through VCCD_MODELS: only the small one */
    snprintf(dir, sizeof dir, "%s/experiments/models", srcdir());
    setenv("VCCD_MODELS", dir, 1);
    TU_CHECK(vccd_mesh_model_path(path, sizeof path, "teapot", &e) == 0 && strstr(path, "teapot.obj.gz"), "%s", e.msg);
    TU_CHECK(vccd_mesh_load(&m, "teapot", NULL, &e) == 0, "%s", e.msg);
    TU_CHECK(m.nt == 6320 && m.closure == VCCD_MESH_OPEN && !strcmp(m.name, "teapot") && strstr(m.path, "teapot.obj.gz"),
             "teapot: %ld triangles, %s, path %s", m.nt, vccd_mesh_closure_name(m.closure), m.path);
    vccd_mesh_clear(&m);
    unsetenv("VCCD_MODELS");
}
END_TEST

START_TEST(test_config)
{
    char path[512], text[1024];
    vccd_config cfg;
    vccd_mesh m;
    vccd_error e;
    char *spec;
    vccd_mesh_load_opts o;
    long max_nt = -1;
    /* a file next to the config, named relative to it */
    write_file(path, sizeof path, "tri.obj", TRI "f 1 2 3\n", strlen(TRI "f 1 2 3\n"), 0);
    snprintf(text, sizeof text,
             "[mesh.a]\nfile = tri.obj\ndegenerate = drop\ncenter = bbox\nscale = radius 3\n"
             "[mesh.b]\nfile = box:1:1:1\n"
             "[mesh.c]\nfile = box:1:1:1\ncentre = mass\n"
             "[mesh.d]\nfile = box:1:1:1\nscale = 3\n"
             "[mesh.e]\nfile = tri.obj\ndegenerate = maybe\n"
             "[mesh.f]\ndegenerate = keep\n"
             "[mesh.g]\nfile = missing.obj\n");
    {
        char cpath[600];
        FILE *f;
        snprintf(cpath, sizeof cpath, "%s/m.ini", tmpdir);
        f = fopen(cpath, "w");
        fputs(text, f);
        fclose(f);
        TU_CHECK(vccd_config_load(&cfg, cpath, &e) == 0, "%s", e.msg);
    }
    TU_CHECK(vccd_mesh_config_parse(&spec, &o, &max_nt, vccd_config_find(&cfg, "mesh.a"), &e) == 0, "%s", e.msg);
    TU_CHECK(!strcmp(spec, "tri.obj") && o.degenerate == VCCD_MESH_DEGENERATE_DROP && o.center == VCCD_MESH_CENTER_BBOX
                 && o.radius == 3,
             "parsed options");
    free(spec);
    TU_CHECK(vccd_mesh_config_load(&m, vccd_config_find(&cfg, "mesh.a"), &e) == 0, "%s", e.msg);
    TU_CHECK(m.nt == 1 && m.normalized && fabs(m.scale * sqrt(0.5) - 3) < 1e-15, "config mesh a: scale %g", m.scale);
    vccd_mesh_clear(&m);
    TU_CHECK(vccd_mesh_config_load(&m, vccd_config_find(&cfg, "mesh.b"), &e) == 0 && m.nt == 12, "%s", e.msg);
    vccd_mesh_clear(&m);
    {
        /* each bad section: its message, by config line, section and key */
        static const char *const bad[][2] = {
            { "mesh.c", "m.ini:10: [mesh.c] centre: unknown key" },
            { "mesh.d", "m.ini:13: [mesh.d] scale: '3'" },
            { "mesh.e", "m.ini:16: [mesh.e] degenerate: 'maybe'" },
            { "mesh.f", "m.ini:17: [mesh.f] file: missing" },
            { "mesh.g", "m.ini:20: [mesh.g] file: " },
        };
        for (int i = 0; i < 5; i++)
            TU_CHECK(vccd_mesh_config_load(&m, vccd_config_find(&cfg, bad[i][0]), &e) == -1 && strstr(e.msg, bad[i][1]),
                     "[%s]: message '%s' lacks '%s'", bad[i][0], e.msg, bad[i][1]);
        TU_CHECK(strstr(e.msg, "missing.obj: cannot open"), "missing file: '%s'", e.msg);
    }
    vccd_config_clear(&cfg);
}
END_TEST

int
main(void)
{
    const TTest *tests[] = { test_rounding, test_box, test_obj_errors, test_obj2d, test_off_errors, test_ply_errors, test_format_errors,
                             test_degenerate, test_normalize,  test_models,     test_config, test_limits,
                             test_normalize_range };
    int rc;
    /* mkdtemp's template: six placeholder letters, made at run time */
    snprintf(tmpdir, sizeof tmpdir - 8, "%s/vccd-readers-", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    {
        size_t l = strlen(tmpdir);
        memset(tmpdir + l, 'X', 6);
        tmpdir[l + 6] = '\0';
    }
    if (!mkdtemp(tmpdir)) {
        perror("mkdtemp");
        return 99;
    }
    rc = tu_main("readers", tests, (int)(sizeof tests / sizeof tests[0]));
    {
        char cmd[400];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
        if (system(cmd) != 0)
            fprintf(stderr, "could not remove %s\n", tmpdir);
    }
    return rc;
}
