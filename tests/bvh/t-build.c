/* t-build.c -- the BVH build (lib/bvh/build.c) gives the same bytes for
   every OpenMP thread count: node array, triangle order and every BV
   type's volumes, both splits, several leaf sizes, on meshes big enough
   that subtrees are built as tasks (above build.c's PAR_CUTOFF, 32768
   triangles) and on random triangle soups.  Without OpenMP the build is
   serial and this only checks that two builds agree. */
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "testutil.h"
#include "vccd/bvh.h"

/* Build m with o on 1 thread, then on 2 and 3, and compare bytes. */
static void
check_same(const vccd_mesh *m, const vccd_bvh_opts *o)
{
    vccd_bvh ref, h;
    vccd_error e;
    tu_set_threads(1);
    TU_CHECK(vccd_bvh_build(&ref, m, o, &e) == 0, "build: %s", e.msg);
    for (int th = 2; th <= 3; th++) {
        tu_set_threads(th);
        TU_CHECK(vccd_bvh_build(&h, m, o, &e) == 0, "build: %s", e.msg);
        TU_CHECK(h.nnodes == ref.nnodes && h.depth == ref.depth, "%s, leaf %d, %d threads: %ld nodes depth %d, 1 thread %ld depth %d",
                 m->name, o->leaf_size, th, h.nnodes, h.depth, ref.nnodes, ref.depth);
        TU_CHECK(memcmp(h.node, ref.node, (size_t)h.nnodes * sizeof *h.node) == 0, "%s, leaf %d, %d threads: nodes differ",
                 m->name, o->leaf_size, th);
        TU_CHECK(memcmp(h.tri, ref.tri, (size_t)m->nt * sizeof *h.tri) == 0, "%s, leaf %d, %d threads: triangle order differs",
                 m->name, o->leaf_size, th);
        for (int ty = 0; ty < vccd_bv_type_count(); ty++) {
            TU_CHECK(!h.bv[ty] == !ref.bv[ty], "type %d built once only", ty);
            if (h.bv[ty])
                TU_CHECK(memcmp(h.bv[ty], ref.bv[ty], vccd_bvh_bv_bytes(&h, ty)) == 0, "%s, leaf %d, %d threads: %s volumes differ",
                         m->name, o->leaf_size, th, vccd_bv_type_get(ty)->name);
        }
        vccd_bvh_clear(&h);
    }
    vccd_bvh_clear(&ref);
    tu_set_threads(2);
}

START_TEST(test_shapes)
{
    /* 81920 and 48000 triangles: tasks at the top, serial below */
    const char *specs[] = { "icosphere:6", "torus:1:0.3:300:80" };
    for (size_t s = 0; s < sizeof specs / sizeof specs[0]; s++) {
        vccd_mesh m;
        vccd_error e;
        TU_CHECK(vccd_mesh_shape(&m, specs[s], VCCD_MESH_DEGENERATE_KEEP, &e) == 0, "%s: %s", specs[s], e.msg);
        for (int c = 0; c < 3; c++) {
            vccd_bvh_opts o;
            vccd_bvh_opts_init(&o);
            o.leaf_size = c == 2 ? 7 : c == 1 ? 4 : 1;
            o.split = c == 2 ? VCCD_BVH_SPLIT_MEDIAN : VCCD_BVH_SPLIT_SAH;
            o.types = c == 1 ? 1u << vccd_bv_type_find("obb") : 0;
            check_same(&m, &o);
        }
        vccd_mesh_clear(&m);
    }
}
END_TEST

START_TEST(test_soup)
{
    /* Random triangles, many sharing centroids (a coarse grid of
       vertices), so that splits meet ties; the seed is printed on
       failure (testutil). */
    long iters = tu_iters(3);
    for (long it = 0; it < iters; it++) {
        enum { NV = 4096, NT = 70000 };
        double(*v)[3] = malloc(NV * sizeof *v);
        vccd_mesh_index(*t)[3] = malloc(NT * sizeof *t);
        vccd_mesh m;
        vccd_bvh_opts o;
        vccd_error e;
        ck_assert(v && t);
        for (long i = 0; i < NV; i++)
            for (int k = 0; k < 3; k++)
                v[i][k] = (double)(tu_ulong() % 16) - 8;
        for (long i = 0; i < NT; i++)
            for (int k = 0; k < 3; k++)
                t[i][k] = (vccd_mesh_index)(tu_ulong() % NV);
        TU_CHECK(vccd_mesh_init_arrays(&m, "soup", (const double(*)[3])v, NV, (const vccd_mesh_index(*)[3])t, NT,
                                       VCCD_MESH_DEGENERATE_KEEP, &e) == 0, "soup: %s", e.msg);
        vccd_bvh_opts_init(&o);
        o.leaf_size = 1 + (int)(tu_ulong() % 8);
        o.split = it % 2 ? VCCD_BVH_SPLIT_MEDIAN : VCCD_BVH_SPLIT_SAH;
        check_same(&m, &o);
        vccd_mesh_clear(&m);
        free(v);
        free(t);
    }
}
END_TEST

int
main(void)
{
    const TTest *tests[] = { test_shapes, test_soup };
    return tu_main("build", tests, (int)(sizeof tests / sizeof tests[0]));
}
