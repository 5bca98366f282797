/* bvh.h -- one bounding-volume hierarchy per mesh: a flat array of
   nodes (one topology, built once) and, per registered BV type, an
   array of volumes indexed like the nodes.  Comparing BV types thus
   compares only the volumes: traversal order, leaves and triangles are
   the same for all. */
#ifndef VCCD_BVH_H
#define VCCD_BVH_H

#include "vccd/bv.h"
#include "vccd/mesh.h"

#include "vccd/export.h"

VCCD_BEGIN_DECLS

/* left > 0: internal, children left and left + 1 (the root is 0, so no
   node has child 0).  left == 0: a leaf of triangles tri[start ..
   start + n).  n counts the triangles below every node. */
typedef struct {
    int32_t left, start, n;
} vccd_bvh_node;

typedef enum { VCCD_BVH_SPLIT_MEDIAN = 0, VCCD_BVH_SPLIT_SAH } vccd_bvh_split;

typedef struct {
    int leaf_size;              /* most triangles in a leaf (>= 1; default 4) */
    vccd_bvh_split split;       /* default SAH (measured: doc/bvh.md) */
    unsigned types;             /* bit i builds vccd_bv_type_get(i); 0: all */
} vccd_bvh_opts;

void vccd_bvh_opts_init(vccd_bvh_opts *o);
/* The largest leaf_size a config key or option takes (leaves that big
   already make the BVH a list; beyond it is surely a typo). */
#define VCCD_BVH_MAX_LEAF_SIZE 1024
/* The keys leaf_size (1 .. VCCD_BVH_MAX_LEAF_SIZE) and split (sah,
   median) of section s into o, the others left as they are.  0, or -1
   with e naming file, line, section and key. */
int vccd_bvh_opts_from_config(vccd_bvh_opts *o, vccd_config_section *s, vccd_error *e);
/* The split called name ("median", "sah"), or -1. */
int vccd_bvh_split_find(const char *name);

typedef struct {
    const vccd_mesh *mesh;      /* not owned; must outlive the BVH */
    long nnodes;
    vccd_bvh_node *node;
    int32_t *tri;               /* mesh triangle indices in leaf order */
    void *bv[VCCD_BV_MAX];      /* nnodes volumes of type i, or NULL */
    /* Per node, made with the topology (they depend on the mesh alone,
       so a query reads them instead of remaking them: for a bunny that
       was most of a one-call vccd_toc_meshes): rad, an upper bound of |p|
       over the node's vertices (body frame; the speed bounds), and ext,
       half the diagonal of a leaf's vertex box and 1.5 times the larger
       child's above (a size for ComputeN, not a bound; lib/query). */
    double *rad, *ext;
    double topo_seconds;        /* time to build the topology */
    double bv_seconds[VCCD_BV_MAX];     /* time to fit type i */
    int depth;
} vccd_bvh;

/* Build h over mesh m (nt >= 1).  0, or -1 with e set (out of memory,
   bad options). */
int vccd_bvh_build(vccd_bvh *h, const vccd_mesh *m, const vccd_bvh_opts *o, vccd_error *e);
void vccd_bvh_clear(vccd_bvh *h);

/* Volume of type `type` at node i. */
static inline const void *
vccd_bvh_bv(const vccd_bvh *h, int type, long i)
{
    return (const char *)h->bv[type] + (size_t)i * vccd_bv_type_get(type)->size;
}

/* Bytes of the shared topology (nodes, triangle order, rad and ext),
   and of the volumes of one type. */
size_t vccd_bvh_topology_bytes(const vccd_bvh *h);
size_t vccd_bvh_bv_bytes(const vccd_bvh *h, int type);

VCCD_END_DECLS

#endif
