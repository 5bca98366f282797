/* cmd_mesh.c -- `vccd mesh info SPEC...`: what a mesh is once loaded. */
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "cli.h"
#include "cmds.h"
#include "mesh_cli.h"
#include "vccd/bvh.h"

/* The BVH lines of `mesh info`: one topology with every BV type, its
   build time and memory per type. */
static int
print_bvh(const vccd_mesh *m, const vccd_bvh_opts *bo)
{
    vccd_bvh h;
    vccd_error e;
    double t0 = vccd_clock_now(), total, fit = 0.0;
    size_t bytes = 0;
    if (vccd_bvh_build(&h, m, bo, &e) != 0) {
        fprintf(stderr, "vccd: %s\n", e.msg);
        return VCCD_EXIT_USAGE;
    }
    total = vccd_clock_now() - t0;
    printf("bvh: %ld nodes, depth %d, leaf size %d, split %s, topology %.1f ms, %.1f bytes/triangle\n", h.nnodes,
           h.depth, bo->leaf_size, bo->split == VCCD_BVH_SPLIT_SAH ? "sah" : "median", 1e3 * h.topo_seconds,
           (double)vccd_bvh_topology_bytes(&h) / (double)m->nt);
    for (int i = 0; i < vccd_bv_type_count(); i++) {
        printf("bvh %s: fit %.1f ms, %.1f bytes/triangle\n", vccd_bv_type_get(i)->name, 1e3 * h.bv_seconds[i],
               (double)vccd_bvh_bv_bytes(&h, i) / (double)m->nt);
        fit += h.bv_seconds[i];
        bytes += vccd_bvh_bv_bytes(&h, i);
    }
    printf("bvh all types: %.1f ms (topology + fits %.1f ms), %.1f bytes/triangle (%.1f MB)\n", 1e3 * total,
           1e3 * (h.topo_seconds + fit), (double)(bytes + vccd_bvh_topology_bytes(&h)) / (double)m->nt,
           (double)(bytes + vccd_bvh_topology_bytes(&h)) / 1048576.0);
    vccd_bvh_clear(&h);
    return 0;
}

static int
mesh_info(int argc, char **argv)
{
    vccd_mesh_load_opts o = { VCCD_MESH_DEGENERATE_KEEP, VCCD_MESH_CENTER_NONE, 0 };
    vccd_bvh_opts bo;
    long max_nt = 0;
    int i, n = 0, status = VCCD_EXIT_OK;

    vccd_bvh_opts_init(&bo);
    for (i = 1; i < argc && argv[i][0] == '-' && argv[i][1] == '-'; i++) {
        const char *opt = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(opt, "--")) {
            i++;
            break;
        }
        if (!val)
            return vccd_cli_usage_error("option %s needs a value", opt);
        if (!strcmp(opt, "--degenerate")) {
            if (vccd_mesh_degenerate_parse(&o.degenerate, val) != 0)
                return vccd_cli_usage_error("option --degenerate: '%s' (expected keep or drop)", val);
        } else if (!strcmp(opt, "--center")) {
            if (vccd_mesh_center_parse(&o.center, val) != 0)
                return vccd_cli_usage_error("option --center: '%s' (expected none, centroid, mass or bbox)", val);
        } else if (!strcmp(opt, "--leaf-size")) {
            long v;
            if (vccd_cli_parse_long(&v, opt, val, 1, VCCD_BVH_MAX_LEAF_SIZE) != 0)
                return VCCD_EXIT_USAGE;
            bo.leaf_size = (int)v;
        } else if (!strcmp(opt, "--split")) {
            int sp = vccd_bvh_split_find(val);
            if (sp < 0)
                return vccd_cli_usage_error("option --split: '%s' (expected sah or median)", val);
            bo.split = (vccd_bvh_split)sp;
        } else if (!strcmp(opt, "--scale")) {
            if (vccd_mesh_scale_parse(&o.radius, val) != 0)
                return vccd_cli_usage_error("option --scale: '%s' (expected none or 'radius R', R > 0)", val);
        } else if (!strcmp(opt, "--max-triangles")) {
            if (vccd_mesh_max_triangles_parse(&max_nt, val) != 0)
                return vccd_cli_usage_error("option --max-triangles: '%s' (expected an integer in 1..%ld; default "
                                            "%ld)",
                                            val, VCCD_MESH_MAX_TRIANGLES_HARD, VCCD_MESH_MAX_TRIANGLES);
        } else {
            return vccd_cli_usage_error("mesh info: unknown option '%s' (see vccd help mesh)", opt);
        }
        i++;
    }
    if (i == argc)
        return vccd_cli_usage_error("mesh info: no mesh given (see vccd help mesh)");
    for (; i < argc; i++) {
        vccd_mesh m;
        double t;
        int rc = vccd_cli_mesh_load_max(&m, argv[i], &o, max_nt, &t);
        if (rc != 0) {
            status = rc;
            continue;
        }
        if (n++)
            putchar('\n');
        vccd_cli_mesh_print(stdout, &m, t);
        if ((rc = print_bvh(&m, &bo)) != 0)
            status = rc;
        vccd_mesh_clear(&m);
    }
    return status;
}

int
vccd_cmd_mesh(int argc, char **argv)
{
    if (argc < 2)
        return vccd_cli_usage_error("mesh: which action? (info; see vccd help mesh)");
    if (!strcmp(argv[1], "info"))
        return mesh_info(argc - 1, argv + 1);
    return vccd_cli_usage_error("mesh: unknown action '%s' (info; see vccd help mesh)", argv[1]);
}
