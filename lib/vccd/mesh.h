/* mesh.h -- triangle meshes: vertices as read (binary64), triangles, the
   unique edges, feature ownership and mass properties.

   Geometry is exactly the doubles stored here: readers convert decimal
   text correctly rounded (strtod) and nothing later rounds it again, so
   every backend sees the same exact input (doc/meshes.md). */
#ifndef VCCD_MESH_H
#define VCCD_MESH_H

#include <stddef.h>
#include <stdint.h>

#include "vccd/error.h"

/* Vertex and triangle indices.  32 bits: 100K-triangle models are the
   target and the BVH's memory is counted per triangle. */
typedef int32_t vccd_mesh_index;

/* An edge, stored once for the whole mesh: v[0] < v[1], and the first
   two triangles that use it (t[1] = -1 on a boundary edge).  nt counts
   every triangle using it: 2 on a closed manifold, more on a
   non-manifold edge.  A triangle side whose two ends are the same vertex
   index (a degenerate triangle kept) is no edge: it is that vertex, and
   its te entry is -1.  A triangle using one edge twice (a, b, a) is
   counted twice, and is then both t[0] and t[1]. */
typedef struct {
    vccd_mesh_index v[2];
    vccd_mesh_index t[2];
    int32_t nt;
} vccd_mesh_edge;

/* Ownership bits of a triangle (thesis 5.4.5): each vertex and each edge
   of the mesh is owned by exactly one of the triangles that use it, so a
   mesh-mesh query that tests, for every candidate triangle pair (A, B),
   the vertices A owns against face B, the vertices B owns against face
   A, and the edges A owns against the edges B owns, tests every
   vertex-face and edge-edge feature pair exactly once.  Bit k (k = 0..2)
   is vertex t[k]; bit 3 + k is edge (t[k], t[(k + 1) % 3]).  The owner
   is the lowest-numbered triangle using the feature (its first corner or
   side naming it).  A vertex used by no triangle is owned by none: it is
   not part of the surface, so no query tests it. */
#define VCCD_MESH_OWN_VERTEX(k) (1u << (k))
#define VCCD_MESH_OWN_EDGE(k) (1u << (3 + (k)))

typedef enum {
    VCCD_MESH_CLOSED = 0,       /* every edge has exactly two triangles,
                                   traversed in opposite directions */
    VCCD_MESH_OPEN,             /* some edge is a boundary edge */
    VCCD_MESH_NONMANIFOLD,      /* some edge has three or more triangles */
    VCCD_MESH_INCONSISTENT      /* two triangles sharing an edge disagree
                                   on orientation */
} vccd_mesh_closure;

typedef struct {
    char *name;                 /* file name or procedural spec, for messages */
    long nv, nt, ne;
    double (*v)[3];             /* nv vertices */
    vccd_mesh_index (*t)[3];    /* nt triangles, counter-clockwise seen
                                   from outside on a closed mesh */
    vccd_mesh_edge *e;          /* ne unique edges, sorted by (v[0], v[1]) */
    vccd_mesh_index (*te)[3];   /* te[i][k]: index in e of edge
                                   (t[i][k], t[i][(k + 1) % 3]) */
    uint8_t *own;               /* nt ownership masks (VCCD_MESH_OWN_*) */
    vccd_mesh_closure closure;
    long degenerate;            /* triangles with a repeated index or zero
                                   area (kept or dropped, see below) */
    int degenerate_dropped;     /* 1 when they were dropped, 0 kept */
    /* Why the closure is what it is: edges used by one triangle, by three
       or more, and by two in the same direction; vertices used by no
       triangle.  The closure reports the first nonzero of nonmanifold,
       boundary, inconsistent. */
    long boundary_edges, nonmanifold_edges, inconsistent_edges;
    long unused_vertices;
} vccd_mesh;

/* Name of a closure ("closed", "open", "non-manifold", "inconsistent"). */
const char *vccd_mesh_closure_name(vccd_mesh_closure c);
/* A one-line description for messages and `vccd mesh info`, e.g. "closed"
   or "not closed (open: 12 boundary edges)"; out is NUL-terminated. */
void vccd_mesh_closure_describe(char *out, size_t size, const vccd_mesh *m);

/* 1 when a, b and c are collinear (the triangle has zero area), decided
   exactly: a floating-point filter settles almost every triangle and an
   MPFR evaluation with enough bits to be exact settles the rest, so a
   triangle 1e-300 wide is not degenerate and one whose cross product
   rounds away from 0 is. */
int vccd_mesh_collinear(const double a[3], const double b[3], const double c[3]);

/* What to do with degenerate triangles when building a mesh. */
typedef enum { VCCD_MESH_DEGENERATE_KEEP = 0, VCCD_MESH_DEGENERATE_DROP } vccd_mesh_degenerate;

/* Build m from nv vertices and nt triangles (copied): checks every index
   and coordinate, counts (and with DROP removes) degenerate triangles,
   builds the unique edges, ownership and closure.  0, or -1 with e
   naming `name` and what is wrong (index out of range, NaN or inf, empty
   mesh, no triangle left after dropping, more than INT32_MAX vertices,
   out of memory), with vertex and triangle numbers counted from 0; m is
   then empty (vccd_mesh_clear is still allowed).  Readers check their
   input first so that their messages name the line; this is the last
   guard for every other source.  Takes O(nv + nt) time but for the
   triangles the floating-point filter cannot settle. */
int vccd_mesh_init_arrays(vccd_mesh *m, const char *name, const double (*v)[3], long nv,
                          const vccd_mesh_index (*t)[3], long nt, vccd_mesh_degenerate deg,
                          vccd_error *e);
/* Free m's arrays and leave it empty (all zero). */
void vccd_mesh_clear(vccd_mesh *m);

/* --- procedural meshes (lib/mesh/shapes.c) ------------------------------

   A spec NAME or NAME:P1:P2:... builds a mesh usable wherever a file name
   is (vccd_mesh_load).  Every shape is closed and outward-oriented but
   grid (an open sheet):
     tetrahedron      the regular one on (1,1,1) (1,-1,-1) (-1,1,-1)
                      (-1,-1,1): 4 vertices, volume 8/3
     box:X:Y:Z        sides X, Y, Z > 0, centred on the origin
     icosphere:N      unit icosahedron subdivided N times (0 <= N <= 8),
                      vertices on the unit sphere (to rounding)
     torus:R:r:N:M    major radius R > minor radius r > 0, N >= 3 segments
                      around z and M >= 3 around the tube (N M <= 2^24)
     grid:N           the square [-1/2, 1/2]^2 in z = 0, N x N cells
                      (1 <= N <= 2048), normal +z
   Coordinates are computed in doubles (cos, sin, sqrt); the doubles made
   are the geometry from then on, as for a file. */

/* 1 when spec names a shape (NAME or NAME:...), else 0. */
int vccd_mesh_is_shape(const char *spec);
/* Build the shape of spec.  0, or -1 with e naming spec and what is
   wrong: the parameter count, a parameter that is not a number (which
   one), out of range (and the range). */
int vccd_mesh_shape(vccd_mesh *m, const char *spec, vccd_mesh_degenerate deg, vccd_error *e);
/* Shape i of the registry (for help texts): its name, parameter syntax
   (e.g. ":X:Y:Z") and a one-line description; 0 past the last. */
int vccd_mesh_shape_info(int i, const char **name, const char **params, const char **what);

/* --- mass properties (lib/mesh/mass.c) ----------------------------------

   Mass properties of a closed mesh of uniform density 1, by the
   divergence theorem (a signed tetrahedron from a reference point per
   triangle).  Plain doubles, not intervals: these numbers feed the
   rigid-body motion set-up, not a proof, and are accurate to a small
   multiple of the rounding unit times the triangle count (the reference
   point is the bbox centre, so a mesh far from the origin does not lose
   digits to cancellation). */
typedef struct {
    double volume;
    double com[3];              /* centre of mass */
    double inertia[3][3];       /* about the centre of mass */
} vccd_mesh_mass;

/* 0 with *mp set when m is closed; -1 with e saying why not (the closure,
   or a signed volume <= 0: triangles facing inward) otherwise: the
   divergence theorem gives numbers for an open mesh, but they are not its
   volume. */
int vccd_mesh_mass_props(vccd_mesh_mass *mp, const vccd_mesh *m, vccd_error *e);

#endif
