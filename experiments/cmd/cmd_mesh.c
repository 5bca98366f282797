/* cmd_mesh.c -- `vccd mesh info SPEC...`: what a mesh is once loaded. */
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "cli.h"
#include "cmds.h"
#include "mesh_cli.h"
#include "vccd/bvh.h"

/* The BVH lines of `mesh info`: one topology with every BV type asked
   for (bo->types, 0: all), its build time and memory per type. */
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
    printf("mesh memory: %.1f bytes/triangle (vertices, triangles, edges, edge and ownership tables)\n",
           (double)vccd_mesh_bytes(m) / (double)m->nt);
    printf("bvh: %ld nodes, depth %d, leaf size %d, split %s, topology %.1f ms, %.1f bytes/triangle\n", h.nnodes,
           h.depth, bo->leaf_size, bo->split == VCCD_BVH_SPLIT_SAH ? "sah" : "median", 1e3 * h.topo_seconds,
           (double)vccd_bvh_topology_bytes(&h) / (double)m->nt);
    for (int i = 0; i < vccd_bv_type_count(); i++) {
        if (!h.bv[i])
            continue;
        printf("bvh %s: fit %.1f ms, %.1f bytes/triangle\n", vccd_bv_type_get(i)->name, 1e3 * h.bv_seconds[i],
               (double)vccd_bvh_bv_bytes(&h, i) / (double)m->nt);
        fit += h.bv_seconds[i];
        bytes += vccd_bvh_bv_bytes(&h, i);
    }
    bytes += vccd_bvh_topology_bytes(&h);
    printf("bvh %s: %.1f ms (topology + fits %.1f ms), %.1f bytes/triangle (%.1f MB)\n",
           bo->types ? "built types" : "all types", 1e3 * total, 1e3 * (h.topo_seconds + fit),
           (double)bytes / (double)m->nt, (double)bytes / 1048576.0);
    printf("mesh + bvh: %.1f bytes/triangle\n", (double)(bytes + vccd_mesh_bytes(m)) / (double)m->nt);
    vccd_bvh_clear(&h);
    return 0;
}

typedef struct {
    vccd_mesh_load_opts o;
    vccd_bvh_opts bo;
    long leaf_size, max_nt;
} mesh_args;

static int
set_degenerate(void *args, const char *val)
{
    return vccd_mesh_degenerate_parse(&((mesh_args *)args)->o.degenerate, val);
}

static int
set_center(void *args, const char *val)
{
    return vccd_mesh_center_parse(&((mesh_args *)args)->o.center, val);
}

static int
set_scale(void *args, const char *val)
{
    return vccd_mesh_scale_parse(&((mesh_args *)args)->o.radius, val);
}

static int
set_split(void *args, const char *val)
{
    int sp = vccd_bvh_split_find(val);
    ((mesh_args *)args)->bo.split = (vccd_bvh_split)sp;
    return sp < 0 ? -1 : 0;
}

/* --bv NAME (repeatable): build only these types; the BVH of a query
   holds one, and building all five costs 2-3x the time and memory. */
static int
set_bv(void *args, const char *val)
{
    int ty = vccd_bv_type_find(val);
    if (ty < 0)
        return -1;
    ((mesh_args *)args)->bo.types |= 1u << ty;
    return 0;
}

static const vccd_cli_opt opts[] = {
    VCCD_OPT_CALL_("degenerate", "D", set_degenerate, "keep or drop",
                   "keep (default) or drop triangles with a repeated vertex\n"
                   "or zero area; either way a warning gives their count"),
    VCCD_OPT_CALL_("center", "C", set_center, "none, centroid, mass or bbox",
                   "none (default) | centroid | mass | bbox: move that point\n"
                   "to the origin"),
    VCCD_OPT_CALL_("scale", "S", set_scale, "none or 'radius R', R > 0",
                   "none (default) | 'radius R': scale about the new origin\n"
                   "so that the farthest vertex is at distance R"),
    VCCD_OPT_LONG_(mesh_args, leaf_size, "leaf-size", "N", 1, VCCD_BVH_MAX_LEAF_SIZE,
                   "most triangles per BVH leaf (default 4)"),
    VCCD_OPT_CALL_("split", "S", set_split, "sah or median", "sah (default) or median BVH split"),
    VCCD_OPT_CALL_("bv", "NAME", set_bv, "a BV type (sphere, aabb, obb, kdop14, kdop18)",
                   "fit only this BV type (repeatable; default every type)"),
    VCCD_OPT_LONG_(mesh_args, max_nt, "max-triangles", "N", 1, VCCD_MESH_MAX_TRIANGLES_HARD,
                   "the most triangles one mesh may hold (default\n"
                   "4194304 = 2^22, about 0.6-1.3 GB loaded); a file\n"
                   "announcing more is refused before memory is taken"),
    VCCD_OPT_END
};

static int
mesh_info(int argc, char **argv)
{
    mesh_args a = { .o = { VCCD_MESH_DEGENERATE_KEEP, VCCD_MESH_CENTER_NONE, 0 } };
    int i, n = 0, npos, status = VCCD_EXIT_OK;

    vccd_bvh_opts_init(&a.bo);
    a.leaf_size = a.bo.leaf_size;
    if (vccd_cli_parse("mesh info", opts, &a, argc, argv, &npos) != 0)
        return VCCD_EXIT_USAGE;
    a.bo.leaf_size = (int)a.leaf_size;
    if (npos == 0)
        return vccd_cli_usage_error("mesh info: no mesh given (see vccd help mesh)");
    for (i = 1; i <= npos; i++) {
        vccd_mesh m;
        double t;
        int rc = vccd_cli_mesh_load_max(&m, argv[i], &a.o, a.max_nt, &t);
        if (rc != 0) {
            status = rc;
            continue;
        }
        if (n++)
            putchar('\n');
        vccd_cli_mesh_print(stdout, &m, t);
        if ((rc = print_bvh(&m, &a.bo)) != 0)
            status = rc;
        vccd_mesh_clear(&m);
    }
    return status;
}

static int
run(int argc, char **argv)
{
    if (argc < 2)
        return vccd_cli_usage_error("mesh: which action? (info; see vccd help mesh)");
    if (!strcmp(argv[1], "info"))
        return mesh_info(argc - 1, argv + 1);
    return vccd_cli_usage_error("mesh: unknown action '%s' (info; see vccd help mesh)", argv[1]);
}

const vccd_cli_cmd vccd_cmd_mesh = {
    "mesh", "load a mesh (file, shape or bundled model) and describe it",
    "usage: vccd mesh info [--degenerate keep|drop] [--center C] [--scale S]\n"
    "                      [--leaf-size N] [--split sah|median] [--bv NAME]...\n"
    "                      [--max-triangles N] SPEC...\n"
    "\n"
    "Load each SPEC and print its counts (vertices, triangles, unique edges),\n"
    "degenerate triangles, bounding box, closure (closed, or why not: boundary,\n"
    "non-manifold or inconsistently oriented edges), volume, center of mass\n"
    "and inertia tensor of a closed mesh (density 1), the normalisation\n"
    "applied and the load time; then the BVH over it (doc/bvh.md): nodes,\n"
    "depth, build time of the topology and of each BV type's volumes (every\n"
    "type, or those --bv names), and bytes per triangle of each and of the\n"
    "mesh's own arrays.\n"
    "\n"
    "SPEC is one of\n"
    "  a file          formats {format} (PLY ascii or binary), each also .gz;\n"
    "                  other names are recognised by their first word\n"
    "  a shape         {shape|}\n"
    "                  (grid: open; ngon, rect, star: 2D)\n"
    "  a bundled model bunny | dragon | buddha | teapot (from $VCCD_MODELS,\n"
    "                  else the installed or source-tree experiments/models)\n"
    "Coordinates are read correctly rounded to binary64, and that double is the\n"
    "geometry from then on (doc/meshes.md).\n",
    opts,
    "Exit status 2 when a mesh cannot be read (the message names the file and\n"
    "the line, or the byte offset and element of a binary PLY).\n",
    run
};
