/* mesh.h -- triangle meshes: vertices as read (binary64), triangles, the
   unique edges, feature ownership and mass properties.

   Geometry is exactly the doubles stored here: readers convert decimal
   text correctly rounded (strtod) and nothing later rounds it again but
   a normalisation the user asks for (vccd_mesh_load_opts), whose
   rounded result is then the geometry; so every backend sees the same
   exact input (doc/meshes.md). */
#ifndef VCCD_MESH_H
#define VCCD_MESH_H

#include <stddef.h>
#include <stdint.h>

#include "vccd/config.h"
#include "vccd/error.h"

#include "vccd/export.h"

VCCD_BEGIN_DECLS

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
    /* 1: a 2D body (doc/query.md): a set of segments in the plane z = 0,
       stored as triangles (i, j, j), one per segment from vertex i to j,
       so that the BVH, every BV type, the swept tests and the distance
       query serve polygons unchanged.  Set by vccd_mesh_init_arrays when
       every triangle has that form and every vertex has z = 0; such a
       mesh keeps all its "triangles" (they are segments, not degenerate
       faces), refuses a zero-length segment, and its closure says whether
       every vertex ends exactly two segments (a closed polygon: CLOSED)
       or not (OPEN, boundary_edges = the vertices ending one segment, or
       NONMANIFOLD for three or more). */
    int planar;
    /* Set by vccd_mesh_load: the file read (NULL for a procedural mesh),
       its format ("obj", "off", "ply", "procedural"), and the
       normalisation applied: every vertex became scale * (x - center). */
    char *path;
    const char *format;
    int normalized;
    double center[3], scale;
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
   mesh, no triangle left after dropping, more than INT32_MAX vertices
   or INT32_MAX / 3 triangles, out of memory), with vertex and triangle numbers counted from 0; m is
   then empty (vccd_mesh_clear is still allowed).  Readers check their
   input first so that their messages name the line; this is the last
   guard for every other source.  Takes O(nv + nt) time but for the
   triangles the floating-point filter cannot settle. */
int vccd_mesh_init_arrays(vccd_mesh *m, const char *name, const double (*v)[3], long nv,
                          const vccd_mesh_index (*t)[3], long nt, vccd_mesh_degenerate deg,
                          vccd_error *e);
/* Free m's arrays and leave it empty (all zero). */
void vccd_mesh_clear(vccd_mesh *m);
/* Bytes of m's arrays (vertices, triangles, edges, edge indices,
   ownership), without its name and path: what a mesh costs in memory,
   for `vccd mesh info` and `vccd bench mesh`. */
size_t vccd_mesh_bytes(const vccd_mesh *m);

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
                      around z and M >= 3 around the tube: 2 N M
                      triangles
     grid:N           the square [-1/2, 1/2]^2 in z = 0, N x N cells
                      (N >= 1), normal +z: 2 N^2 triangles
   and the 2D bodies (planar meshes, counter-clockwise closed polygons):
     ngon:N           regular N-gon of circumradius 1 (3 <= N <= 2^20),
                      a vertex on +x
     rect:W:H         rectangle W x H centred on the origin
     star:N:SEED      star polygon: N vertices at angles 2 pi k / N, radii
                      drawn in [0.3, 1] from the integer SEED (splitmix64,
                      the same polygon on every machine)
   Coordinates are computed in doubles (cos, sin, sqrt); the doubles made
   are the geometry from then on, as for a file.  A shape holds at most
   the limit of one mesh (VCCD_MESH_MAX_TRIANGLES, or the max_triangles
   asked for): by default torus N M <= 2^21, grid N <= 1448, icosphere
   N <= 8; the count is checked before anything is allocated. */

/* 1 when spec names a shape (NAME or NAME:...), else 0. */
int vccd_mesh_is_shape(const char *spec);
/* Build the shape of spec, within the default limit.  0, or -1 with e
   naming spec and what is wrong: the parameter count, a parameter that
   is not a number (which one), out of range (and the range), more
   triangles than the limit (and the limit). */
int vccd_mesh_shape(vccd_mesh *m, const char *spec, vccd_mesh_degenerate deg, vccd_error *e);
/* Shape i of the registry (for help texts): its name, parameter syntax
   (e.g. ":X:Y:Z") and a one-line description; 0 past the last. */
int vccd_mesh_shape_info(int i, const char **name, const char **params, const char **what);

/* --- mass properties (lib/mesh/mass.c) ----------------------------------

   Mass properties of a closed mesh of uniform density 1, by the
   divergence theorem (a signed tetrahedron from a reference point per
   triangle).  Plain doubles, not intervals: these numbers feed the
   rigid-body motion set-up, not a proof.  The sums are compensated, so the
   error is that of rounding each triangle's term, not of summing 10^5 of
   them, and the reference point is the bbox centre, so a mesh far from
   the origin does not lose digits to cancellation. */
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

/* The same for a thin shell of density 1 per unit area, of any closure
   (an open sheet, a card, a closed surface taken as a hollow shell):
   volume is then the area, com and inertia the shell's.  -1 with e for
   a 2D body, a mesh whose triangles all have zero area, or one whose
   inertia is 0 about an axis (every triangle on one line). */
int vccd_mesh_shell_props(vccd_mesh_mass *mp, const vccd_mesh *m, vccd_error *e);

/* The same for a 2D body (lib/mesh/area.c): closed counter-clockwise
   polygons of density 1 per unit area, by Green's theorem; volume is
   then the area, com has z = 0 and inertia is the lamina's (about z: the
   polar moment).  -1 with e for an open polyline, a 3D mesh, or a
   signed area <= 0. */
int vccd_mesh_area_props(vccd_mesh_mass *mp, const vccd_mesh *m, vccd_error *e);

/* --- loading (lib/mesh/load.c) -------------------------------------------

   spec is, in this order of precedence:
   - a procedural shape (vccd_mesh_is_shape: "box:1:2:3", ...);
   - an existing file: OBJ, OFF or PLY (ASCII, binary little or big
     endian), chosen by the extension (.obj .off .ply, each also with .gz)
     or else by the first word of the file ("ply", "OFF"); plain or
     gzip-compressed, whatever the name says;
   - a bare name (no '/', no '.'): a bundled model NAME.obj.gz (or
     NAME.obj, .off, .ply, each optionally .gz) looked up in $VCCD_MODELS
     if set, then in the installed models directory, then in the source
     tree's experiments/models (so the program runs uninstalled).
   Write ./NAME to force a file.

   Coordinates are decimal text converted correctly rounded to binary64
   by strtod (in the C locale) or binary32/64 values widened exactly; that
   double is the geometry from then on.  Polygons are fan-triangulated
   (v0, vi, vi+1).

   Errors name the file and the line (text) or the byte offset and the
   element (binary PLY) and what is wrong: an index out of range, a NaN or
   infinite coordinate, an empty mesh, a truncated binary body, a count
   mismatch, an unknown format, a face of fewer than 3 vertices, a line
   longer than VCCD_MESH_MAX_LINE bytes, a NUL byte, corrupt gzip data,
   more vertices or triangles than the limit of one mesh (below).

   Memory is bounded before it is committed: a count in a header (OFF,
   PLY) over the limit is refused at its line; a count is trusted for an
   allocation only as far as the bytes left in a plain file can back it
   (a binary PLY body's size is known from its header: a file too short
   for it is refused before its body is read); a gzip file's compressed
   size bounds nothing, so its arrays grow geometrically as data arrives
   and stop at the limit.  An element of a PLY file that the reader does
   not use costs no memory, whatever its count. */

/* Longest text line of a mesh file: a mesh line is short; this still
   holds polygons of thousands of vertices. */
#define VCCD_MESH_MAX_LINE (64L * 1024)

/* The limit of one mesh, by default: at most this many triangles after
   fan triangulation, and 3 times as many vertices (a triangle soup; a
   closed mesh has about half as many vertices as triangles).  Measured
   at 2^22 triangles (peak RSS): loading takes 584 MB for a closed mesh
   (grid:1448, torus:2:1:2048:1024: about 140 bytes per triangle, the
   file's arrays, the mesh's and its edge sort) and 1.28 GB for a
   triangle soup of 3 * 2^22 vertices; `vccd mesh info`, which then
   builds the BVH topology and all five BV types, 1.65 GB (the torus),
   1.70 GB (the grid) and 1.81 GB (the soup).  A query builds one BV
   type and needs less.  The benchmark models have 10^5 triangles.  A
   larger mesh is refused with a message naming the limit; max_triangles
   raises it per mesh (vccd_mesh_load_max, the max_triangles key of a
   mesh section, `vccd mesh info --max-triangles N`) up to
   VCCD_MESH_MAX_TRIANGLES_HARD, what 32-bit vertex and edge numbers
   hold. */
#define VCCD_MESH_MAX_TRIANGLES (1L << 22)
#define VCCD_MESH_MAX_TRIANGLES_HARD ((long)(INT32_MAX / 3))

/* Normalisation.  The transform is applied to the doubles read before
   the mesh is built, and its rounded result is the geometry from then
   on: it is a transform the user asked for, not a change of the input's
   meaning.  center: where the origin goes (centroid: the mean of the
   vertices used by triangles; mass: the centre of mass, closed meshes
   only; bbox: the bounding box centre); radius > 0 then scales about
   that origin so that the farthest vertex is at distance radius (to
   rounding).

   Rounding: each coordinate becomes fl(fl(x - c) * s), two roundings to
   nearest (s = fl(radius / r), r the farthest used vertex's distance
   from c computed with hypot, scaled so that no square overflows or
   underflows: within 2 ulps); so the farthest vertex ends within a few
   ulps of radius, and m->center and m->scale are the exact c and s
   applied.  A mesh the transform cannot carry in binary64 is refused,
   never collapsed: a centre that is not finite, a difference x - c that
   overflows, every used vertex at the centre (r = 0), a scale s that is
   not a normal number (r beyond the binary64 range relative to radius),
   a result that overflows. */
typedef enum {
    VCCD_MESH_CENTER_NONE = 0,
    VCCD_MESH_CENTER_CENTROID,
    VCCD_MESH_CENTER_MASS,
    VCCD_MESH_CENTER_BBOX
} vccd_mesh_center;

typedef struct {
    vccd_mesh_degenerate degenerate;
    vccd_mesh_center center;
    double radius;              /* 0: no scaling */
} vccd_mesh_load_opts;

/* Load spec into m with options o (NULL: keep degenerates, no
   normalisation), within the default limit VCCD_MESH_MAX_TRIANGLES.  0,
   or -1 with e set as above; m is then empty. */
int vccd_mesh_load(vccd_mesh *m, const char *spec, const vccd_mesh_load_opts *o, vccd_error *e);
/* The same with at most max_triangles triangles (and 3 max_triangles
   vertices); 0 means VCCD_MESH_MAX_TRIANGLES.  max_triangles must be in
   0..VCCD_MESH_MAX_TRIANGLES_HARD. */
int vccd_mesh_load_max(vccd_mesh *m, const char *spec, const vccd_mesh_load_opts *o, long max_triangles,
                       vccd_error *e);

/* The bundled model called name: its path in out (size bytes), 0; or -1
   with e listing where it was looked for. */
int vccd_mesh_model_path(char *out, size_t size, const char *name, vccd_error *e);

/* The names of the mesh file formats, e.g. "obj off ply". */
const char *vccd_mesh_format_names(void);

/* Parse "centroid" etc. / "keep" | "drop": 0, or -1 when s is none of
   them. */
int vccd_mesh_center_parse(vccd_mesh_center *c, const char *s);
const char *vccd_mesh_center_name(vccd_mesh_center c);
int vccd_mesh_degenerate_parse(vccd_mesh_degenerate *d, const char *s);

/* "none" (radius 0) or "radius R" with R > 0 finite: 0, or -1. */
int vccd_mesh_scale_parse(double *radius, const char *s);
/* A decimal integer in 1..VCCD_MESH_MAX_TRIANGLES_HARD: 0, or -1. */
int vccd_mesh_max_triangles_parse(long *n, const char *s);

/* --- the mesh config section (lib/mesh/config.c) --------------------------

   Every command that reads meshes from a config uses one section per
   mesh:
     [mesh.NAME]
     file = SPEC              # required: a file, shape or bundled model
     degenerate = keep        # keep | drop (default keep)
     center = none            # none | centroid | mass | bbox (default none)
     scale = none             # none | radius R (default none)
     max_triangles = 4194304  # the limit of this mesh (default 2^22)
   A relative file path is taken relative to the config file's directory
   when a file of that name is there, else as given (the current
   directory, a shape, or a bundled model).  Unknown keys are errors. */

/* Parse section s into *spec (malloc'd; the caller frees it), *o and
   *max_triangles (0 when the key is absent: the default): 0, or -1 with
   e naming the config file, line, section and key. */
int vccd_mesh_config_parse(char **spec, vccd_mesh_load_opts *o, long *max_triangles, vccd_config_section *s,
                           vccd_error *e);
/* Parse s and load the mesh: 0, or -1 with e (a loading error is given
   after the config's file, line and key, then the mesh file's own
   position; a normalisation the mesh cannot take is given at the line of
   the center or scale key at fault). */
int vccd_mesh_config_load(vccd_mesh *m, vccd_config_section *s, vccd_error *e);
/* The same with the mesh named by `key` instead of `file` (the
   [body.NAME] sections of `vccd toc` say mesh = ...); keys other than
   the mesh ones must have been looked up before (vccd_config_get). */
int vccd_mesh_config_load_as(vccd_mesh *m, vccd_config_section *s, const char *key, vccd_error *e);

VCCD_END_DECLS

#endif
