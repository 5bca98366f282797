/* t-mesh.c -- building meshes from arrays: the unique edges against a
   brute-force list, ownership (every vertex-face and edge-edge pair of
   two meshes tested exactly once over all triangle pairs), closure of
   closed, open, non-manifold and inconsistent meshes, the exact zero-area
   test against GMP rationals, degenerate keep/drop, and errors. */
#include <gmp.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "vccd/mesh.h"

typedef vccd_mesh_index tri[3];

static const double tet_v[4][3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } };
/* counter-clockwise seen from outside */
static const tri tet_t[4] = { { 0, 2, 1 }, { 0, 1, 3 }, { 0, 3, 2 }, { 1, 2, 3 } };

static void
build(vccd_mesh *m, const double (*v)[3], long nv, const tri *t, long nt, vccd_mesh_degenerate d)
{
    vccd_error e;
    if (vccd_mesh_init_arrays(m, "t", v, nv, t, nt, d, &e) != 0)
        tu_fail("init_arrays failed: %s", e.msg);
}

/* --- edges ------------------------------------------------------------ */

/* The edges of m against the sides of its triangles, brute force. */
static void
check_edges(const vccd_mesh *m)
{
    for (long x = 0; x < m->ne; x++) {
        const vccd_mesh_edge *ed = &m->e[x];
        long uses = 0, first = -1, second = -1;
        TU_CHECK(ed->v[0] < ed->v[1], "edge %ld: v[0] %d >= v[1] %d", x, ed->v[0], ed->v[1]);
        if (x > 0)
            TU_CHECK(m->e[x - 1].v[0] < ed->v[0]
                         || (m->e[x - 1].v[0] == ed->v[0] && m->e[x - 1].v[1] < ed->v[1]),
                     "edges %ld and %ld not sorted or repeated", x - 1, x);
        for (long i = 0; i < m->nt; i++)
            for (int k = 0; k < 3; k++) {
                vccd_mesh_index a = m->t[i][k], b = m->t[i][(k + 1) % 3];
                if ((a == ed->v[0] && b == ed->v[1]) || (a == ed->v[1] && b == ed->v[0])) {
                    uses++;
                    if (first < 0)
                        first = i;
                    else if (second < 0)
                        second = i;
                }
            }
        TU_CHECK(uses == ed->nt, "edge %ld: nt %d, %ld sides use it", x, ed->nt, uses);
        TU_CHECK(ed->t[0] == first && ed->t[1] == second, "edge %ld: t = %d %d, expected %ld %ld", x,
                 ed->t[0], ed->t[1], first, second);
    }
    for (long i = 0; i < m->nt; i++)
        for (int k = 0; k < 3; k++) {
            vccd_mesh_index a = m->t[i][k], b = m->t[i][(k + 1) % 3], x = m->te[i][k];
            if (a == b) {
                TU_CHECK(x == -1, "collapsed side %ld.%d has edge %d", i, k, x);
                continue;
            }
            TU_CHECK(x >= 0 && x < m->ne, "te[%ld][%d] = %d out of range", i, k, x);
            TU_CHECK(m->e[x].v[0] == (a < b ? a : b) && m->e[x].v[1] == (a < b ? b : a),
                     "te[%ld][%d] names the wrong edge", i, k);
        }
}

/* --- ownership ---------------------------------------------------------- */

/* Every feature owned exactly once: used vertices by one corner, unused
   by none, every edge by one side, and bits only where features are. */
static void
check_owners(const vccd_mesh *m)
{
    long *vo = calloc((size_t)m->nv, sizeof *vo), *eo = calloc((size_t)m->ne + 1, sizeof *eo);
    char *used = calloc((size_t)m->nv, 1);
    long unused = 0;
    for (long i = 0; i < m->nt; i++) {
        TU_CHECK((m->own[i] & ~0x3fu) == 0, "triangle %ld: stray ownership bits %#x", i, m->own[i]);
        for (int k = 0; k < 3; k++) {
            used[m->t[i][k]] = 1;
            if (m->own[i] & VCCD_MESH_OWN_VERTEX(k))
                vo[m->t[i][k]]++;
            if (m->own[i] & VCCD_MESH_OWN_EDGE(k)) {
                TU_CHECK(m->te[i][k] >= 0, "triangle %ld owns collapsed side %d", i, k);
                eo[m->te[i][k]]++;
            }
        }
    }
    for (long v = 0; v < m->nv; v++) {
        TU_CHECK(vo[v] == used[v], "vertex %ld (used %d) owned %ld times", v, used[v], vo[v]);
        unused += !used[v];
    }
    TU_CHECK(unused == m->unused_vertices, "unused_vertices %ld, counted %ld", m->unused_vertices, unused);
    for (long x = 0; x < m->ne; x++)
        TU_CHECK(eo[x] == 1, "edge %ld owned %ld times", x, eo[x]);
    free(vo);
    free(eo);
    free(used);
}

/* The query a mesh-mesh search makes, for every triangle pair (i of A,
   j of B): vertices i owns against face j, vertices j owns against face
   i, edges i owns against edges j owns.  Counted per feature pair, each
   must come out exactly once: every used vertex of one mesh against
   every triangle of the other and every edge pair. */
static void
check_pairs(const vccd_mesh *a, const vccd_mesh *b)
{
    long *vf_ab = calloc((size_t)(a->nv * b->nt), sizeof(long));
    long *vf_ba = calloc((size_t)(b->nv * a->nt), sizeof(long));
    long *ee = calloc((size_t)(a->ne * b->ne) + 1, sizeof(long));
    char *ua = calloc((size_t)a->nv, 1), *ub = calloc((size_t)b->nv, 1);

    for (long i = 0; i < a->nt; i++)
        for (long j = 0; j < b->nt; j++)
            for (int k = 0; k < 3; k++) {
                if (a->own[i] & VCCD_MESH_OWN_VERTEX(k))
                    vf_ab[a->t[i][k] * b->nt + j]++;
                if (b->own[j] & VCCD_MESH_OWN_VERTEX(k))
                    vf_ba[b->t[j][k] * a->nt + i]++;
                for (int l = 0; l < 3; l++)
                    if ((a->own[i] & VCCD_MESH_OWN_EDGE(k)) && (b->own[j] & VCCD_MESH_OWN_EDGE(l)))
                        ee[a->te[i][k] * b->ne + b->te[j][l]]++;
            }
    for (long i = 0; i < a->nt; i++)
        for (int k = 0; k < 3; k++)
            ua[a->t[i][k]] = 1;
    for (long j = 0; j < b->nt; j++)
        for (int k = 0; k < 3; k++)
            ub[b->t[j][k]] = 1;
    for (long v = 0; v < a->nv; v++)
        for (long j = 0; j < b->nt; j++)
            TU_CHECK(vf_ab[v * b->nt + j] == ua[v], "vertex %ld of A vs face %ld of B: tested %ld times", v,
                     j, vf_ab[v * b->nt + j]);
    for (long v = 0; v < b->nv; v++)
        for (long i = 0; i < a->nt; i++)
            TU_CHECK(vf_ba[v * a->nt + i] == ub[v], "vertex %ld of B vs face %ld of A: tested %ld times", v,
                     i, vf_ba[v * a->nt + i]);
    for (long x = 0; x < a->ne * b->ne; x++)
        TU_CHECK(ee[x] == 1, "edge %ld of A vs edge %ld of B: tested %ld times", x / b->ne, x % b->ne, ee[x]);
    free(vf_ab);
    free(vf_ba);
    free(ee);
    free(ua);
    free(ub);
}

/* A random small mesh: a few vertices (some unused), triangles drawn from
   them with repeats, shared edges, fans and fins. */
static void
random_mesh(vccd_mesh *m, vccd_mesh_degenerate d)
{
    long nv = 3 + (long)(tu_ulong() % 10), nt = 1 + (long)(tu_ulong() % 24);
    double (*v)[3] = malloc((size_t)nv * sizeof *v);
    tri *t = malloc((size_t)nt * sizeof *t);
    for (long i = 0; i < nv; i++)
        for (int c = 0; c < 3; c++)
            v[i][c] = (double)(tu_ulong() % 5);
    for (long i = 0; i < nt; i++)
        for (int k = 0; k < 3; k++)
            t[i][k] = (vccd_mesh_index)(tu_ulong() % (unsigned long)(nv - (i % 3 == 0)));
    /* make sure something survives a drop */
    t[0][0] = 0, t[0][1] = 1, t[0][2] = 2;
    v[0][0] = 0, v[0][1] = 0, v[0][2] = 0;
    v[1][0] = 1, v[1][1] = 0, v[1][2] = 0;
    v[2][0] = 0, v[2][1] = 1, v[2][2] = 0;
    build(m, (const double(*)[3])v, nv, (const tri *)t, nt, d);
    free(v);
    free(t);
}

START_TEST(test_ownership)
{
    long n = tu_iters(400);
    vccd_mesh tet;
    build(&tet, tet_v, 4, tet_t, 4, VCCD_MESH_DEGENERATE_KEEP);
    check_edges(&tet);
    check_owners(&tet);
    check_pairs(&tet, &tet);
    for (long it = 0; it < n; it++) {
        vccd_mesh a, b;
        random_mesh(&a, it % 2 ? VCCD_MESH_DEGENERATE_DROP : VCCD_MESH_DEGENERATE_KEEP);
        random_mesh(&b, VCCD_MESH_DEGENERATE_KEEP);
        check_edges(&a);
        check_edges(&b);
        check_owners(&a);
        check_owners(&b);
        check_pairs(&a, &b);
        check_pairs(&a, &tet);
        vccd_mesh_clear(&a);
        vccd_mesh_clear(&b);
    }
    vccd_mesh_clear(&tet);
}
END_TEST

/* A fan of many triangles around vertex 0 (one big bucket, sorted by
   qsort) and a long strip: ownership and edges stay right at size. */
START_TEST(test_large)
{
    long n = 2000;
    double (*v)[3] = malloc((size_t)(n + 2) * sizeof *v);
    tri *t = malloc((size_t)n * sizeof *t);
    vccd_mesh m;
    v[0][0] = v[0][1] = v[0][2] = 0;
    for (long i = 1; i <= n + 1; i++) {
        v[i][0] = cos((double)i), v[i][1] = sin((double)i), v[i][2] = (double)i;
    }
    /* shuffled fan: triangles (0, i, i + 1) in a scrambled order */
    for (long i = 0; i < n; i++) {
        long j = (i * 7919) % n;
        t[i][0] = 0, t[i][1] = (vccd_mesh_index)(j + 1), t[i][2] = (vccd_mesh_index)(j + 2);
    }
    build(&m, (const double(*)[3])v, n + 2, (const tri *)t, n, VCCD_MESH_DEGENERATE_KEEP);
    TU_CHECK(m.ne == 2 * n + 1, "fan: %ld edges, expected %ld", m.ne, 2 * n + 1);
    TU_CHECK(m.boundary_edges == n + 2, "fan: %ld boundary edges", m.boundary_edges);
    TU_CHECK(m.closure == VCCD_MESH_OPEN, "fan: closure %s", vccd_mesh_closure_name(m.closure));
    check_edges(&m);
    check_owners(&m);
    vccd_mesh_clear(&m);
    free(v);
    free(t);
}
END_TEST

/* --- closure ------------------------------------------------------------ */

static void
expect_closure(const char *what, const double (*v)[3], long nv, const tri *t, long nt, vccd_mesh_closure c,
               long boundary, long nonmanifold, long inconsistent)
{
    vccd_mesh m;
    char d[200];
    build(&m, v, nv, t, nt, VCCD_MESH_DEGENERATE_KEEP);
    vccd_mesh_closure_describe(d, sizeof d, &m);
    TU_CHECK(m.closure == c, "%s: closure %s, expected %s (%s)", what, vccd_mesh_closure_name(m.closure),
             vccd_mesh_closure_name(c), d);
    TU_CHECK(m.boundary_edges == boundary && m.nonmanifold_edges == nonmanifold
                 && m.inconsistent_edges == inconsistent,
             "%s: boundary %ld nonmanifold %ld inconsistent %ld, expected %ld %ld %ld", what, m.boundary_edges,
             m.nonmanifold_edges, m.inconsistent_edges, boundary, nonmanifold, inconsistent);
    TU_CHECK((c == VCCD_MESH_CLOSED) == (strcmp(d, "closed") == 0), "%s: description '%s'", what, d);
    check_edges(&m);
    check_owners(&m);
    vccd_mesh_clear(&m);
}

START_TEST(test_closure)
{
    /* two tetrahedra: the second shifted by 2 (shares nothing), by 1 in x
       so that it shares vertex 1 (closed still), and sharing edge 0-1 */
    double v2[8][3];
    tri t2[8];
    char d[200];
    vccd_mesh m;

    expect_closure("tetrahedron", tet_v, 4, tet_t, 4, VCCD_MESH_CLOSED, 0, 0, 0);
    expect_closure("tetrahedron minus a face", tet_v, 4, tet_t, 3, VCCD_MESH_OPEN, 3, 0, 0);
    {
        tri t[4];
        memcpy(t, tet_t, sizeof t);
        t[3][0] = 2, t[3][1] = 1; /* one face flipped */
        expect_closure("one face flipped", tet_v, 4, t, 4, VCCD_MESH_INCONSISTENT, 0, 0, 3);
    }
    {
        double v[5][3];
        tri t[5];
        memcpy(v, tet_v, sizeof tet_v);
        v[4][0] = -1, v[4][1] = -1, v[4][2] = -1;
        memcpy(t, tet_t, sizeof tet_t);
        t[4][0] = 0, t[4][1] = 1, t[4][2] = 4; /* a fin on edge 0-1 */
        expect_closure("fin", (const double(*)[3])v, 5, t, 5, VCCD_MESH_NONMANIFOLD, 2, 1, 0);
    }
    memcpy(v2, tet_v, sizeof tet_v);
    for (int i = 0; i < 4; i++) {
        for (int c = 0; c < 3; c++)
            v2[4 + i][c] = tet_v[i][c] + (c == 0 ? 2 : 0);
        for (int k = 0; k < 3; k++)
            t2[i][k] = tet_t[i][k], t2[4 + i][k] = (vccd_mesh_index)(tet_t[i][k] + 4);
    }
    expect_closure("two tetrahedra", (const double(*)[3])v2, 8, t2, 8, VCCD_MESH_CLOSED, 0, 0, 0);
    /* second tetrahedron's vertex 0 is vertex 1 of the first */
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++)
            t2[4 + i][k] = (vccd_mesh_index)(tet_t[i][k] == 0 ? 1 : tet_t[i][k] + 4);
    for (int c = 0; c < 3; c++)
        v2[4][c] = 0; /* now unused */
    v2[5][0] = 2;
    expect_closure("tetrahedra sharing a vertex", (const double(*)[3])v2, 8, t2, 8, VCCD_MESH_CLOSED, 0, 0, 0);
    build(&m, (const double(*)[3])v2, 8, t2, 8, VCCD_MESH_DEGENERATE_KEEP);
    TU_CHECK(m.unused_vertices == 1, "one unused vertex, counted %ld", m.unused_vertices);
    vccd_mesh_clear(&m);
    /* and sharing edge 0-1 (mirror image through y = 0 plane of the
       first, so both are consistently oriented): 4 triangles on it */
    for (int i = 0; i < 4; i++)
        for (int c = 0; c < 3; c++)
            v2[4 + i][c] = tet_v[i][c] * (c == 1 ? -1 : 1);
    for (int i = 0; i < 4; i++) {
        /* mirroring reverses orientation: swap two corners back */
        vccd_mesh_index map[4] = { 0, 1, 6, 7 };
        t2[4 + i][0] = map[tet_t[i][0]], t2[4 + i][1] = map[tet_t[i][2]], t2[4 + i][2] = map[tet_t[i][1]];
    }
    expect_closure("tetrahedra sharing an edge", (const double(*)[3])v2, 8, t2, 8, VCCD_MESH_NONMANIFOLD, 0, 1,
                   0);
    /* the descriptions name the counts */
    build(&m, tet_v, 4, tet_t, 3, VCCD_MESH_DEGENERATE_KEEP);
    vccd_mesh_closure_describe(d, sizeof d, &m);
    TU_CHECK(strcmp(d, "not closed (open: 3 boundary edges)") == 0, "description '%s'", d);
    vccd_mesh_clear(&m);
}
END_TEST

/* --- degenerate triangles ----------------------------------------------- */

/* Exact reference: is (b - a) x (c - a) zero, in rationals? */
static int
collinear_q(const double *a, const double *b, const double *c)
{
    mpq_t p, q, r, s, x;
    int zero = 1;
    mpq_inits(p, q, r, s, x, NULL);
    for (int i = 0; i < 3 && zero; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        mpq_set_d(p, b[j]), mpq_set_d(x, a[j]), mpq_sub(p, p, x);
        mpq_set_d(q, c[k]), mpq_set_d(x, a[k]), mpq_sub(q, q, x);
        mpq_set_d(r, b[k]), mpq_set_d(x, a[k]), mpq_sub(r, r, x);
        mpq_set_d(s, c[j]), mpq_set_d(x, a[j]), mpq_sub(s, s, x);
        mpq_mul(p, p, q);
        mpq_mul(r, r, s);
        zero = mpq_equal(p, r);
    }
    mpq_clears(p, q, r, s, x, NULL);
    return zero;
}

START_TEST(test_collinear)
{
    long n = tu_iters(20000), ncol = 0;
    /* cross product 0 in doubles, 2^-53 - 2^-105 exactly */
    double a[3] = { 0, 0, 0 }, b[3] = { 1 + 0x1p-52, 1, 0 }, c[3] = { 1, 1 - 0x1p-53, 0 };
    double d[3] = { 0, 0, 0 }, e[3] = { 1, 0, 0 }, f[3] = { 2, 1e-300, 0 };
    double g[3] = { 1e300, -1e300, 5e-324 }, h[3] = { -1e300, 1e300, -5e-324 }, k[3] = { 0, 0, 0 };
    TU_CHECK(!vccd_mesh_collinear(a, b, c), "rounded-to-zero cross product taken for collinear");
    TU_CHECK(!vccd_mesh_collinear(d, e, f), "1e-300 sliver taken for collinear");
    TU_CHECK(vccd_mesh_collinear(g, h, k), "huge collinear points (overflowing differences) missed");
    {
        /* exactly collinear, but the double determinant is -1.5e20 */
        double p[3] = { 0x1.132d9p+60, 0x1.027c4ep+59, 0 }, q[3] = { 18034064, 8470055, 0 },
               r[3] = { 0x1.03977b58p+41, 0x1.e7b0872ap+39, 0 };
        TU_CHECK(vccd_mesh_collinear(p, q, r), "collinear points with rounded differences missed");
    }
    for (long it = 0; it < n; it++) {
        double p[3][3];
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                p[i][j] = tu_double() * (tu_ulong() % 2 ? 1 : -1);
        switch (it % 4) {
        case 0: /* c = a + s (b - a) rounded: often collinear, often just off */
        {
            double s = (double)(tu_ulong() % 9) / 4 - 1;
            for (int j = 0; j < 3; j++)
                p[2][j] = p[0][j] + s * (p[1][j] - p[0][j]);
            break;
        }
        case 1: /* small integers on a line */
            for (int j = 0; j < 3; j++) {
                p[0][j] = (double)(tu_ulong() % 7);
                p[1][j] = p[0][j] + (double)(tu_ulong() % 3);
                p[2][j] = p[0][j] + 2 * (p[1][j] - p[0][j]) + (tu_ulong() % 8 == 0);
            }
            break;
        case 2: /* two equal points, or none */
            if (it % 8 == 2)
                memcpy(p[tu_ulong() % 3], p[(it / 4) % 3], sizeof p[0]);
            break;
        default: /* on a line through 0, far out and near: the differences
                    round, so a plain double determinant is nonzero */
        {
            double k = ldexp(1, 20 + (int)(tu_ulong() % 41)), m = (double)(2 + tu_ulong() % (1u << 20));
            for (int j = 0; j < 3; j++) {
                double d = (double)(tu_ulong() % (1u << 26));
                p[0][j] = d * k, p[1][j] = d, p[2][j] = d * m + (tu_ulong() % 16 == 0);
            }
            break;
        }
        }
        {
            int finite = 1;
            for (int i = 0; i < 9; i++)
                finite &= isfinite(p[i / 3][i % 3]) != 0;
            if (!finite)
                continue;
        }
        {
            int want = collinear_q(p[0], p[1], p[2]), got = vccd_mesh_collinear(p[0], p[1], p[2]);
            ncol += want;
            TU_CHECK(got == want, "collinear(%a %a %a | %a %a %a | %a %a %a) = %d, exact %d", p[0][0], p[0][1],
                     p[0][2], p[1][0], p[1][1], p[1][2], p[2][0], p[2][1], p[2][2], got, want);
        }
    }
    TU_CHECK(ncol > n / 10, "only %ld collinear cases among %ld: the test lost its teeth", ncol, n);
}
END_TEST

START_TEST(test_degenerate)
{
    /* the tetrahedron plus a repeated-index triangle and a zero-area one
       on collinear vertices 4, 5, 6 */
    double v[7][3];
    tri t[6];
    vccd_mesh m;
    vccd_error e;
    memcpy(v, tet_v, sizeof tet_v);
    for (int i = 0; i < 3; i++)
        for (int c = 0; c < 3; c++)
            v[4 + i][c] = 3 + i;
    memcpy(t, tet_t, sizeof tet_t);
    t[4][0] = 0, t[4][1] = 0, t[4][2] = 1;
    t[5][0] = 4, t[5][1] = 5, t[5][2] = 6;

    build(&m, (const double(*)[3])v, 7, t, 6, VCCD_MESH_DEGENERATE_KEEP);
    TU_CHECK(m.degenerate == 2 && m.nt == 6 && !m.degenerate_dropped, "keep: degenerate %ld nt %ld",
             m.degenerate, m.nt);
    TU_CHECK(m.te[4][0] == -1, "collapsed side 0-0 has an edge");
    TU_CHECK(m.closure == VCCD_MESH_NONMANIFOLD, "kept 0,0,1 adds two uses of 0-1: %s",
             vccd_mesh_closure_name(m.closure));
    check_edges(&m);
    check_owners(&m);
    vccd_mesh_clear(&m);

    build(&m, (const double(*)[3])v, 7, t, 6, VCCD_MESH_DEGENERATE_DROP);
    TU_CHECK(m.degenerate == 2 && m.nt == 4 && m.degenerate_dropped, "drop: degenerate %ld nt %ld",
             m.degenerate, m.nt);
    TU_CHECK(m.closure == VCCD_MESH_CLOSED && m.unused_vertices == 3, "drop: %s, %ld unused",
             vccd_mesh_closure_name(m.closure), m.unused_vertices);
    TU_CHECK(memcmp(m.t, tet_t, sizeof tet_t) == 0, "drop changed the kept triangles");
    check_edges(&m);
    check_owners(&m);
    vccd_mesh_clear(&m);

    TU_CHECK(vccd_mesh_init_arrays(&m, "d.obj", (const double(*)[3])v, 7, t + 4, 2, VCCD_MESH_DEGENERATE_DROP,
                                   &e)
                 == -1,
             "all triangles dropped, accepted");
    TU_CHECK(strstr(e.msg, "d.obj") && strstr(e.msg, "empty mesh"), "message '%s'", e.msg);
    TU_CHECK(m.nt == 0 && m.v == NULL, "failed init left arrays");
    vccd_mesh_clear(&m);
}
END_TEST

/* --- errors ------------------------------------------------------------- */

static void
expect_error(const double (*v)[3], long nv, const tri *t, long nt, const char *n1, const char *n2)
{
    vccd_mesh m;
    vccd_error e;
    memset(&e, 0, sizeof e);
    TU_CHECK(vccd_mesh_init_arrays(&m, "bad.off", v, nv, t, nt, VCCD_MESH_DEGENERATE_KEEP, &e) == -1,
             "accepted a mesh that should fail with '%s'", n1);
    TU_CHECK(strncmp(e.msg, "bad.off: ", 9) == 0 && strstr(e.msg, n1) && (!n2 || strstr(e.msg, n2)),
             "message '%s' lacks the name, '%s' or '%s'", e.msg, n1, n2 ? n2 : "");
    TU_CHECK(m.nt == 0 && m.nv == 0 && !m.v && !m.t && !m.e, "failed init left data");
    vccd_mesh_clear(&m);
}

START_TEST(test_errors)
{
    double v[4][3];
    tri t[4];
    memcpy(v, tet_v, sizeof v);
    memcpy(t, tet_t, sizeof t);
    expect_error(v, 0, t, 4, "empty mesh", NULL);
    expect_error(v, 4, t, 0, "empty mesh", NULL);
    t[2][1] = 4;
    expect_error(v, 4, t, 4, "triangle 2", "out of range");
    t[2][1] = -1;
    expect_error(v, 4, t, 4, "triangle 2", "out of range");
    memcpy(t, tet_t, sizeof t);
    v[3][1] = NAN;
    expect_error(v, 4, t, 4, "vertex 3", "y is NaN");
    v[3][1] = 0, v[1][2] = -INFINITY;
    expect_error(v, 4, t, 4, "vertex 1", "z is infinite");
}
END_TEST

int
main(void)
{
    const TTest *tests[] = { test_ownership, test_large, test_closure, test_collinear, test_degenerate,
                             test_errors };
    return tu_main("mesh", tests, (int)(sizeof tests / sizeof tests[0]));
}
