/* t-bvh.c -- BVH topology: every triangle in exactly one leaf, counts
   and ranges consistent, leaves within the leaf size, children after
   their parent, both splits, every BV type built over the one topology,
   the nodes' radii (an upper bound of |p|, checked in MPFR) and sizes,
   and the memory bound (nodes + one type's volumes within twice the node
   count times that type's size, for leaves of at most 4). */
#include <stdlib.h>

#include <mpfr.h>

#include "testutil.h"
#include "bvh/refgeom.h"

static void
check_tree(const vccd_bvh *h, const vccd_mesh *m, int leaf_size)
{
    char *seen = calloc((size_t)m->nt, 1);
    long leaves = 0;
    ck_assert(seen != NULL);
    TU_CHECK(h->node[0].start == 0 && h->node[0].n == m->nt, "root covers %d of %ld", h->node[0].n, m->nt);
    for (long i = 0; i < h->nnodes; i++) {
        const vccd_bvh_node *nd = &h->node[i];
        TU_CHECK(nd->n >= 1, "node %ld is empty", i);
        if (nd->left == 0) {
            leaves++;
            TU_CHECK(nd->n <= leaf_size || nd->n == 1, "leaf %ld holds %d > %d", i, nd->n, leaf_size);
            for (int32_t j = 0; j < nd->n; j++) {
                int32_t t = h->tri[nd->start + j];
                TU_CHECK(t >= 0 && t < m->nt && !seen[t], "triangle %d twice or out of range", t);
                seen[t] = 1;
            }
        } else {
            const vccd_bvh_node *l = &h->node[nd->left], *r = &h->node[nd->left + 1];
            TU_CHECK(nd->left > i && nd->left + 1 < h->nnodes, "node %ld: children %d before it or missing", i, nd->left);
            TU_CHECK(nd->n > leaf_size, "node %ld split with only %d triangles", i, nd->n);
            TU_CHECK(l->start == nd->start && r->start == l->start + l->n && l->n + r->n == nd->n,
                     "node %ld: children do not partition its range", i);
        }
    }
    for (long t = 0; t < m->nt; t++)
        TU_CHECK(seen[t], "triangle %ld in no leaf", t);
    TU_CHECK(h->nnodes == 2 * leaves - 1, "%ld nodes for %ld leaves", h->nnodes, leaves);
    free(seen);
}

/* Node i's rad bounds |p| over its vertices from above, exactly (MPFR),
   and is the largest leaf's below it; ext is half a leaf's vertex box
   diagonal, and 1.5 times the larger child's above. */
static void
check_radii(const vccd_bvh *h, const vccd_mesh *m, long i)
{
    const vccd_bvh_node *nd = &h->node[i];
    if (nd->left != 0) {
        double u = h->rad[nd->left], w = h->rad[nd->left + 1], x = h->ext[nd->left], y = h->ext[nd->left + 1];
        TU_CHECK(h->rad[i] == (u > w ? u : w), "node %ld: rad %a, children %a %a", i, h->rad[i], u, w);
        TU_CHECK(h->ext[i] == 1.5 * (x > y ? x : y), "node %ld: ext %a, children %a %a", i, h->ext[i], x, y);
        return;
    }
    {
        mpfr_t s, t;
        double lo[3] = { INFINITY, INFINITY, INFINITY }, hi[3] = { -INFINITY, -INFINITY, -INFINITY }, d2 = 0.0;
        mpfr_inits2(4400, s, t, (mpfr_ptr)0);
        for (int32_t j = 0; j < 3 * nd->n; j++) {
            const double *p = m->v[m->t[h->tri[nd->start + j / 3]][j % 3]];
            mpfr_set_ui(s, 0, MPFR_RNDN);
            for (int k = 0; k < 3; k++) {
                mpfr_set_d(t, p[k], MPFR_RNDN);
                mpfr_sqr(t, t, MPFR_RNDN);      /* exact at 4400 bits */
                mpfr_add(s, s, t, MPFR_RNDN);
                lo[k] = p[k] < lo[k] ? p[k] : lo[k];
                hi[k] = p[k] > hi[k] ? p[k] : hi[k];
            }
            mpfr_set_d(t, h->rad[i], MPFR_RNDN);
            mpfr_sqr(t, t, MPFR_RNDN);
            TU_CHECK(h->rad[i] >= 0 && mpfr_cmp(s, t) <= 0, "leaf %ld: vertex (%a, %a, %a) beyond rad %a", i, p[0],
                     p[1], p[2], h->rad[i]);
        }
        mpfr_clears(s, t, (mpfr_ptr)0);
        for (int k = 0; k < 3; k++)
            d2 += (hi[k] - lo[k]) * (hi[k] - lo[k]);
        TU_CHECK(h->ext[i] == 0.5 * sqrt(d2), "leaf %ld: ext %a, half the box diagonal %a", i, h->ext[i],
                 0.5 * sqrt(d2));
    }
}

START_TEST(test_topology)
{
    long iters = tu_iters(200);
    for (long it = 0; it < iters; it++) {
        vccd_mesh m;
        vccd_bvh h;
        vccd_bvh_opts o;
        ref_bvh_random(&m, &h, &o, 100, 300, 10);
        check_tree(&h, &m, o.leaf_size);
        for (int ty = 0; ty < vccd_bv_type_count(); ty++) {
            size_t sz = vccd_bv_type_get(ty)->size;
            TU_CHECK(vccd_bvh_bv_bytes(&h, ty) == (size_t)h.nnodes * sz, "type %d bytes", ty);
            /* the topology: 12-byte nodes, their two doubles rad and
               ext, and 4-byte triangle indices */
            size_t radii = 2 * sizeof(double) * (size_t)h.nnodes, topo = vccd_bvh_topology_bytes(&h);
            TU_CHECK(topo == (size_t)h.nnodes * sizeof(vccd_bvh_node) + radii + (size_t)m.nt * sizeof(int32_t),
                     "%zu topology bytes for %ld nodes and %ld triangles", topo, h.nnodes, m.nt);
            /* leaves of at most 4 triangles give nnodes >= nt / 2 - 1, so
               nodes and triangle indices stay below 20 bytes per node + 8,
               under the smallest BV (32 bytes) */
            TU_CHECK(o.leaf_size > 4 || topo - radii + vccd_bvh_bv_bytes(&h, ty) <= 2 * (size_t)h.nnodes * sz,
                     "%s: %zu node + %zu volume bytes exceed 2 x %ld nodes x %zu", vccd_bv_type_get(ty)->name,
                     topo - radii, vccd_bvh_bv_bytes(&h, ty), h.nnodes, sz);
        }
        for (long i = 0; i < h.nnodes; i++)
            check_radii(&h, &m, i);
        vccd_bvh_clear(&h);
        vccd_mesh_clear(&m);
    }
}
END_TEST

/* All triangles at one centroid (a degenerate fan): neither split can
   separate them, and the build must still end with small leaves. */
START_TEST(test_degenerate)
{
    enum { N = 1000 };
    double (*v)[3] = malloc((N + 2) * sizeof *v);
    vccd_mesh_index (*t)[3] = malloc(N * sizeof *t);
    vccd_mesh m;
    vccd_bvh h;
    vccd_bvh_opts o;
    vccd_error e;
    ck_assert(v && t);
    v[0][0] = v[0][1] = v[0][2] = 0;
    v[1][0] = 1, v[1][1] = v[1][2] = 0;
    for (int i = 0; i < N; i++) {
        v[i + 2][0] = 0, v[i + 2][1] = 1, v[i + 2][2] = 0;
        t[i][0] = 0, t[i][1] = 1, t[i][2] = i + 2;
    }
    ck_assert(vccd_mesh_init_arrays(&m, "fan", (const double(*)[3])v, N + 2, (const vccd_mesh_index(*)[3])t, N,
                                    VCCD_MESH_DEGENERATE_KEEP, &e) == 0);
    for (int s = 0; s < 2; s++) {
        vccd_bvh_opts_init(&o);
        o.split = s ? VCCD_BVH_SPLIT_SAH : VCCD_BVH_SPLIT_MEDIAN;
        TU_CHECK(vccd_bvh_build(&h, &m, &o, &e) == 0, "build: %s", e.msg);
        check_tree(&h, &m, o.leaf_size);
        TU_CHECK(h.depth <= 12, "depth %d for %d coincident triangles", h.depth, N);
        vccd_bvh_clear(&h);
    }
    o.leaf_size = 0;
    TU_CHECK(vccd_bvh_build(&h, &m, &o, &e) == -1 && strstr(e.msg, "leaf size"), "leaf size 0 accepted");
    vccd_mesh_clear(&m);
    free(v);
    free(t);
}
END_TEST

/* The splits see the mesh scaled into its box, so a mesh and its copy
   scaled by a power of two get the same tree -- also when the copy is
   subnormal: there 0.5 / (largest coordinate) overflowed, the centroids
   became NaN and the SAH binning converted NaN to int (undefined
   behaviour; SAH then fell back to the median).  Even integer
   coordinates keep the halvings exact at both scales. */
START_TEST(test_scale_invariant)
{
    long iters = tu_iters(20);
    for (long it = 0; it < iters; it++) {
        enum { NV = 60, NT = 80 };
        double v[2][NV][3];
        vccd_mesh_index t[NT][3];
        vccd_mesh m[2];
        vccd_bvh h[2];
        vccd_bvh_opts o;
        vccd_error e;
        double s = ldexp(1.0, -1060 + (int)(tu_ulong() % 30));
        for (int i = 0; i < NV; i++)
            for (int k = 0; k < 3; k++) {
                v[0][i][k] = 2.0 * (double)((long)(tu_ulong() % 1001) - 500);
                v[1][i][k] = v[0][i][k] * s;
            }
        for (int i = 0; i < NT; i++) {
            t[i][0] = (vccd_mesh_index)(i % NV);
            t[i][1] = (vccd_mesh_index)((i + 1 + i / NV) % NV);
            t[i][2] = (vccd_mesh_index)((i + 7 + i / NV) % NV);
        }
        vccd_bvh_opts_init(&o);
        o.split = it % 2 ? VCCD_BVH_SPLIT_MEDIAN : VCCD_BVH_SPLIT_SAH;
        o.leaf_size = 1 + (int)(tu_ulong() % 4);
        for (int c = 0; c < 2; c++) {
            ck_assert(vccd_mesh_init_arrays(&m[c], "scaled", (const double(*)[3])v[c], NV,
                                            (const vccd_mesh_index(*)[3])t, NT, VCCD_MESH_DEGENERATE_KEEP, &e) == 0);
            TU_CHECK(vccd_bvh_build(&h[c], &m[c], &o, &e) == 0, "build: %s", e.msg);
            check_tree(&h[c], &m[c], o.leaf_size);
        }
        TU_CHECK(h[0].nnodes == h[1].nnodes && memcmp(h[0].node, h[1].node, (size_t)h[0].nnodes * sizeof *h[0].node) == 0
                     && memcmp(h[0].tri, h[1].tri, NT * sizeof *h[0].tri) == 0,
                 "%s tree of the mesh scaled by %a differs (%ld vs %ld nodes)", it % 2 ? "median" : "sah", s,
                 h[0].nnodes, h[1].nnodes);
        for (int c = 0; c < 2; c++) {
            vccd_bvh_clear(&h[c]);
            vccd_mesh_clear(&m[c]);
        }
    }
}
END_TEST

int
main(void)
{
    const TTest *tests[] = { test_topology, test_degenerate, test_scale_invariant };
    return tu_main("bvh", tests, (int)(sizeof tests / sizeof tests[0]));
}
