/* t-bvh.c -- BVH topology: every triangle in exactly one leaf, counts
   and ranges consistent, leaves within the leaf size, children after
   their parent, both splits, every BV type built over the one topology,
   and the memory bound (topology + one type's volumes within twice the
   node count times that type's size, for leaves of at most 4). */
#include <stdlib.h>

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
            /* leaves of at most 4 triangles give nnodes >= nt / 2 - 1, so the
               12-byte nodes and 4-byte triangle indices stay below 20
               bytes per node + 8, under the smallest BV (32 bytes) */
            TU_CHECK(o.leaf_size > 4 || vccd_bvh_topology_bytes(&h) + vccd_bvh_bv_bytes(&h, ty) <= 2 * (size_t)h.nnodes * sz,
                     "%s: %zu topology + %zu volume bytes exceed 2 x %ld nodes x %zu", vccd_bv_type_get(ty)->name,
                     vccd_bvh_topology_bytes(&h), vccd_bvh_bv_bytes(&h, ty), h.nnodes, sz);
        }
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

int
main(void)
{
    const TTest *tests[] = { test_topology, test_degenerate };
    return tu_main("bvh", tests, (int)(sizeof tests / sizeof tests[0]));
}
