/* bv.h -- bounding volumes behind one vtable, with a registry by name.

   Each type is one file in lib/bv/ registered by one line in Makefile.am
   (BV_SOURCES; doc/bvh.md).  A BV is a fixed-size block of plain data in
   its body's frame; the BVH keeps one array of them per type over one
   shared topology, so comparing types compares only the volumes.

   Rigour: `fit` encloses every vertex of the given triangles exactly (the
   bounds are rounded outward, so the real-number vertex is inside, not
   only its rounded image), and `distance_lower` is a proof: no point of
   BV a is closer than it to any point of BV b, for every rigid pose
   inside the interval enclosure the context was prepared from. */
#ifndef VCCD_BV_H
#define VCCD_BV_H

#include <stddef.h>
#include <stdint.h>

#include "vccd/geom.h"
#include "vccd/mesh.h"

#include "vccd/export.h"

VCCD_BEGIN_DECLS

/* The pose of body B seen from body A: x_A = o + R x_B for every point
   x_B of B.  R encloses a true rotation (entrywise), o the true offset. */
typedef struct {
    vccd_di_mat3 R;
    vccd_di_vec3 o;
} vccd_bv_relpose;

/* The public layouts, so that tests can check containment independently
   of the code that fitted them. */

/* Every vertex p has |p - c| <= r. */
typedef struct { double c[3], r; } vccd_bv_sphere;
/* lo[i] <= p[i] <= hi[i] (exact min and max). */
typedef struct { double lo[3], hi[3]; } vccd_bv_aabb;
/* Rows m_k of M(q), the rotation matrix of the integer quaternion q
   (|q_i| <= 2^14) scaled by |q|^2 (entries are exact integers below
   2^31, rows exactly orthogonal with exactly equal norms |q|^2):
   lo[k] <= m_k . p <= hi[k].  Integer axes are what make the box
   provably rectangular: axes rounded from a unit eigenvector basis are
   not orthogonal, and a "box" over them is a parallelepiped whose
   extents need an exact inverse.  56 bytes: a BVH at leaf size 1 has
   two nodes per triangle. */
typedef struct { int16_t q[4]; double lo[3], hi[3]; } vccd_bv_obb;
/* lo[i] <= d_i . p <= hi[i] over the type's K/2 fixed directions d_i:
   kdop14: the axes, (1,1,1), (1,1,-1), (1,-1,1), (-1,1,1);
   kdop18: the axes, (1,1,0), (1,0,1), (0,1,1), (1,-1,0), (1,0,-1), (0,1,-1). */
typedef struct { double lo[7], hi[7]; } vccd_bv_kdop14;
typedef struct { double lo[9], hi[9]; } vccd_bv_kdop18;

typedef struct {
    const char *name;           /* as in config files: bv = NAME */
    const char *summary;
    size_t size;                /* bytes of one BV */
    size_t ctx_size;            /* bytes of the per-query context */
    /* bv := a volume enclosing the np >= 1 points p (the vertices of a
       node's triangles, which the BVH lays out contiguously so that every
       fit streams through memory). */
    void (*fit)(void *bv, const double (*p)[3], long np);
    /* bv := a volume enclosing a and b, or NULL when a type is tighter
       refitted from the triangles (the BVH then calls fit). */
    void (*merge)(void *bv, const void *a, const void *b);
    /* ctx := what distance_lower needs for relative pose p that does not
       depend on the two volumes (e.g. R^T times the fixed directions). */
    void (*prepare)(void *ctx, const vccd_bv_relpose *p);
    /* A lower bound >= 0 of the distance between volume a (in A's frame)
       and volume b (in B's frame, placed by the pose of ctx), rounding
       included; 0 when they may overlap.
       The mesh query (lib/query/) also uses it over a time box, with ctx
       prepared from the pose enclosure of the whole box, and bounds the
       first time of touching from it and vccd_motion_bounds (or by
       overlap_times below). */
    double (*distance_lower)(const void *ctx, const void *a, const void *b);
    /* Optional (NULL: the type offers no such test).  When B translates
       relative to A at a constant velocity -- x_A = o + t v + R x_B with
       R, o and v constant enclosures (p is the pose at t = 0) --
       prepare_linear fills a context of ctx_size bytes once, and
       overlap_times returns 0 when a and b cannot overlap at any t in
       [t0, t1] (0 <= t0 <= t1; a proof), else 1 with [*tf, *tl] inside
       [t0, t1] holding every such t. */
    void (*prepare_linear)(void *ctx, const vccd_bv_relpose *p, const vccd_di_vec3 *v);
    int (*overlap_times)(const void *ctx, const void *a, const void *b, double t0, double t1, double *tf,
                         double *tl);
    /* The volume's size in plain doubles: a sphere's radius, half a box's
       diagonal.  A measure, not a bound: traversals of two BVHs compare
       their nodes' sizes to choose which to split (vccd/descend.h). */
    double (*radius)(const void *bv);
} vccd_bv_type;

/* The registry (Makefile.am's BV_SOURCES order). */
int vccd_bv_type_count(void);
const vccd_bv_type *vccd_bv_type_get(int i);
/* Index of the type called name, or -1. */
int vccd_bv_type_find(const char *name);
/* "sphere, aabb, ..." for messages (a constant string). */
const char *vccd_bv_type_names(void);
#define VCCD_BV_MAX 8
/* Largest ctx_size of any type, for stack buffers. */
#define VCCD_BV_CTX_MAX 8192

/* 0 when a and b are proved disjoint under the context's pose, else 1
   (they may overlap): distance_lower == 0. */
int vccd_bv_overlap(const vccd_bv_type *bt, const void *ctx, const void *a, const void *b);

/* The relative pose of B in A's frame from world poses (x_W = o + R x)
   of A and B: R = R_A^T R_B and o = R_A^T (o_B - o_A), which encloses
   the true one because the true R_A is orthogonal (R_A^-1 = R_A^T). */
void vccd_bv_relpose_from(vccd_bv_relpose *r, const vccd_di_vec3 *oa, const vccd_di_mat3 *Ra,
                          const vccd_di_vec3 *ob, const vccd_di_mat3 *Rb);

VCCD_END_DECLS

#endif
