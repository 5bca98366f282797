/* scene.h -- one step of a whole scene: every vertex of one or more
   meshes moves on its own straight line from its position in frame 0
   (t = 0) to its position in frame 1 (t = 1), self-contact included.
   This is the setting of the incremental potential contact (IPC) family
   of simulators and of the Scalable-CCD benchmark (Belgrod et al., "Time
   of Impact Dataset for Continuous Collision Detection and a Scalable
   Conservative Algorithm", 2023): a simulator asks for the largest step
   that is free of contact.

   The features are the mesh's vertices, unique edges and faces (mesh.h).
   Every vertex-face pair and every unordered edge-edge pair is a
   feature pair, except the incident ones -- a vertex of the face, two
   edges sharing a vertex -- which touch by construction and never count
   as contact; a vertex used by no face is not part of the surface and
   is in no pair.  Several meshes are one scene by concatenating them
   (their vertex sets are disjoint, so the same rules hold).  Each pair
   is considered exactly once: a vertex against a face is one pair, not
   one per triangle around the vertex (doc/scene.md).

   The guarantee, on every rigorous arithmetic (solver.h):
   - broad phase: a pair left out of the candidates cannot touch (nor come
     within min_separation) at any t in [0, 1]: in every time slice of
     the step its features' boxes, which enclose every position there (a
     straight line lies in the box of its ends, enclosed outward) raised
     by min_separation rounded up, are disjoint on some axis;
   - each candidate's answer is vccd_toc_linear's (toc.h) for its four
     points, with min_separation as vccd_solve_minsep's d;
   - the scene's answer: none proves no pair touches in [t0, t1];
     otherwise [t0, lo) is proved free of contact for the whole scene,
     which is the proved collision-free step; certified adds that some
     contact lies in [lo, hi].
   min_separation d is a double: a decimal in a config is rounded up to
   the next one, so "none" proves more than the decimal says, and a
   certified contact is within that double (an ulp above the decimal).
   The candidates and every answer are the same for any thread count
   (OpenMP): the broad phase sorts its output, and each pair's solve
   depends on nothing but the pair. */
#ifndef VCCD_SCENE_H
#define VCCD_SCENE_H

#include "vccd/bvh.h"
#include "vccd/config.h"
#include "vccd/mesh.h"
#include "vccd/solver.h"
#include "vccd/toc.h"

#include "vccd/export.h"

VCCD_BEGIN_DECLS

/* The scene: the mesh at frame 0 (its positions, faces and unique
   edges; degenerate faces kept) and every vertex's position at frame 1.
   Coordinates are taken exactly. */
typedef struct {
    vccd_mesh mesh;
    double (*v1)[3];            /* mesh.nv positions at t = 1 */
    vccd_bvh bvh;               /* over mesh at rest, topology for the broad
                                   phase (boxes refitted per time slice) */
} vccd_scene;

/* The scene of two frames of one mesh (any format vccd_mesh_load reads,
   no normalisation, degenerate faces kept).  0, or -1 with e set: either
   file's own errors (file, line or byte), or a mismatch naming both files
   (vertex counts, face counts, the first face that differs). */
int vccd_scene_load_frames(vccd_scene *s, const char *path0, const char *path1, vccd_error *e);

/* The same from arrays (copied): nv positions at t = 0 and t = 1, nf
   faces.  -1 with e naming `name` and what is wrong (vccd_mesh_init_arrays'
   checks, a NaN or infinite position at t = 1, out of memory). */
int vccd_scene_init_arrays(vccd_scene *s, const char *name, const double (*v0)[3], const double (*v1)[3], long nv,
                           const vccd_mesh_index (*f)[3], long nf, vccd_error *e);

/* Free s's arrays and leave it empty (all zero). */
void vccd_scene_clear(vccd_scene *s);

/* A feature pair: kind VCCD_FEATURE_VF is vertex a against face b,
   VCCD_FEATURE_EE edges a < b (indices into mesh.e).  slice: in the
   broad phase's output, the first time slice in which the features'
   boxes overlap, so that they cannot come within its min_separation
   before that slice starts (vccd_scene_toc relies on it when the
   candidates' slices > 0). */
typedef struct {
    int32_t kind;
    vccd_mesh_index a, b;
    int32_t slice;
} vccd_scene_pair;

/* The candidates' order, by (kind, a, b), for qsort and bsearch on
   arrays of vccd_scene_pair (slice not compared). */
int vccd_scene_pair_cmp(const void *x, const void *y);

/* The four vertices of pair p, in the order of vccd_toc_linear. */
void vccd_scene_pair_vertices(vccd_mesh_index v[4], const vccd_scene *s, vccd_scene_pair p);

/* The four points of pair p at t = 0 and t = 1, in the order of
   vccd_toc_linear (vertex-face: v f0 f1 f2; edge-edge: a0 a1 b0 b1). */
void vccd_scene_pair_points(double x0[4][3], double x1[4][3], const vccd_scene *s, vccd_scene_pair p);

/* The broad phase's candidates, sorted by (kind, a, b): every
   vertex-face pair first, then every edge-edge pair. */
typedef struct {
    vccd_scene_pair *p;
    long n, nvf, nee;
    int slices;                 /* the time slices used; 0 for candidates
                                   made otherwise (their slice fields are
                                   then not used) */
    double min_separation;      /* the broad phase's: pairs left out are
                                   proved farther apart than it (INFINITY
                                   for a list that holds every pair) */
} vccd_scene_candidates;

/* How the broad phase finds the face pairs whose boxes overlap: the
   scene's BVH (built at rest, at load) refitted to each time slice and
   traversed against itself, or sort and sweep of the faces' boxes along
   one axis (kept for comparison: doc/scene.md). */
typedef enum { VCCD_SCENE_BROAD_TREE = 0, VCCD_SCENE_BROAD_SWEEP } vccd_scene_broad_method;

/* "tree", "sweep". */
const char *vccd_scene_broad_method_name(vccd_scene_broad_method m);

/* The most time slices a broad phase takes. */
#define VCCD_SCENE_MAX_SLICES 256

/* The most candidate pairs a broad phase makes by default (16 bytes
   each, twice over while they are sorted: 2 GB). */
#define VCCD_SCENE_MAX_CANDIDATES (1L << 26)

typedef struct {
    double min_separation;      /* >= 0: boxes raised by it */
    int slices;                 /* cut [0, 1] into this many (0: automatic,
                                   vccd_scene_auto_slices) */
    vccd_scene_broad_method method;
    long max_candidates;        /* past this many pairs the broad phase
                                   stops with an error (0: the default,
                                   VCCD_SCENE_MAX_CANDIDATES) */
} vccd_scene_broad_opts;

/* min_separation 0, automatic slices, the tree, the default limit. */
void vccd_scene_broad_opts_init(vccd_scene_broad_opts *o);

/* The slices chosen for s when asked for 0: as many as make the typical
   vertex (the 90th percentile of the displacements) move about one
   median edge per slice, 1 .. 16. */
int vccd_scene_auto_slices(const vccd_scene *s);

/* Every non-incident pair whose features' boxes overlap in some time
   slice of [0, 1] (each box encloses every position the feature takes in
   the slice, raised by min_separation), in parallel (OpenMP).  A face
   pair's features are those the ownership rules give it (doc/scene.md),
   so each pair is found once per slice, and the slices' repeats are
   removed.  0, or -1 with e set (bad options, more than max_candidates
   pairs, out of memory; c is then empty).  Memory: the boxes of at most
   512 MB of slices at a time, and the pairs. */
int vccd_scene_broad(vccd_scene_candidates *c, const vccd_scene *s, const vccd_scene_broad_opts *o, vccd_error *e);

void vccd_scene_candidates_clear(vccd_scene_candidates *c);

/* The narrow phase's options: the solver, the arithmetic, eps_t, the
   budgets and the time domain [t0, t1] of solver.h, and min_separation
   (d > 0: "contact" reads "distance <= d", IPC's setting). */
typedef struct {
    vccd_solve_opts solve;
    double min_separation;
} vccd_scene_opts;

/* vccd_solve_opts_init's options, min_separation 0. */
void vccd_scene_opts_init(vccd_scene_opts *o);

/* One candidate's answer. */
typedef struct {
    vccd_toc_status status;
    double lo, hi;              /* [t0, lo) free; certified: a contact in [lo, hi] */
    int limited;                /* possible because a budget ran out */
} vccd_scene_pair_answer;

/* The whole scene's answer and the work counters. */
typedef struct {
    vccd_toc_status status;     /* none, certified (some candidate is) or possible */
    double lo, hi;              /* the least lo of all candidates not none; hi
                                   the least certified hi (possible: t1) */
    int have_pair;              /* pair is the candidate whose lo is lo
                                   (the first in candidate order) */
    vccd_scene_pair pair;
    long candidates, solved;    /* solved: all with per, else until the
                                   pairs left cannot come first */
    long certified, possible, none, limited;    /* of those solved */
    long solver_boxes, escalations;
} vccd_scene_answer;

/* The scene's answer from the candidates c of s (in parallel, OpenMP).
   per, when not NULL, receives every candidate's answer (c->n entries,
   in c's order), and the scene's lo is the least lo of them.  Without
   per, only the earliest contact is sought: the candidates are solved in
   the order of a rigorous lower bound of their first contact time (the
   start of their first slice, raised by conservative advancement), a
   4096th of the step at a time, until a certified contact ends before
   the next bucket starts; [t0, lo) is then proved free as well, and lo
   is at least the all-pairs lo (pairs left unsolved can only have
   looser bounds).  o->min_separation must not exceed the candidates'
   (a pair the broad phase left out may be within a larger d).  0, or -1 with e set (bad options, a
   candidate out of s's range, out of memory). */
int vccd_scene_toc(vccd_scene_answer *a, vccd_scene_pair_answer *per, const vccd_scene *s,
                   const vccd_scene_candidates *c, const vccd_scene_opts *o, vccd_error *e);

/* A scene from the config at path (plain or gzip):
       [scene]
       frame0 = FILE          the mesh at t = 0 (relative to the config's
       frame1 = FILE          directory when there); the same faces at t = 1
       min_separation = D     decimal >= 0, rounded up (default 0)
       slices = N             0 .. VCCD_SCENE_MAX_SLICES (default 0: auto)
       broad = tree           tree | sweep
       max_candidates = N     1 .. 2^40 (default VCCD_SCENE_MAX_CANDIDATES)
   and [solver] / [arithmetic] as in solver.h, into s, o and bo.  0, or
   -1 with e naming the file, line, section and key (unknown sections or
   keys, bad values, missing frames, the frames' own errors). */
int vccd_scene_config_load(vccd_scene *s, vccd_scene_opts *o, vccd_scene_broad_opts *bo, const char *path,
                           vccd_error *e);

VCCD_END_DECLS

#endif
