/* bodies.h -- one step of a scene of several bodies, each moved by its
   own motion: rigid bodies under any 3D motion model (ltlrm, screw,
   ballistic, ...) and deforming meshes given as two frames (every vertex
   on a straight line, scene.h), mixed.  A model that is not per-vertex
   moves body points rigidly (x(p, t) = o(t) + R(t) p, the contract
   vccd_motion_pose_di rests on, motion.h).

   The step's earliest contact is sought over every pair of bodies and,
   for each two-frame body, over the body against itself:
   - broad phase: each body's box over each of `slices` time slices of
     [t0, t1] encloses every position of every point of the body there
     (a rigid body: its mesh's box under the interval pose of the slice;
     a two-frame body: every vertex's box over the slice, the mesh being
     the convex hull of its vertices face by face), raised by
     min_separation rounded up.  Two bodies whose boxes are apart in every
     slice cannot touch (nor come within min_separation) in [t0, t1];
     sort and sweep along x finds the others;
   - each pair of bodies left is one vccd_toc_meshes query (toc.h: exact
     mode, the BV type of the options), and each two-frame body's
     self-contact is vccd_scene_broad and vccd_scene_toc (scene.h).
     Rigid bodies and bodies under a motion model have no self-contact
     test: a rigid body keeps its own distances, and a per-vertex motion
     model is refused (give a deforming mesh as two frames);
   - the step's answer: none proves that no two bodies and no two-frame
     body's features touch in [t0, t1]; otherwise [t0, lo) is proved free
     of contact for the whole scene (lo: the least lo of every pair), and
     certified adds that some contact lies in [lo, hi] (hi: the least
     certified hi).  Every pair's answer carries the guarantee of toc.h
     or scene.h, on every rigorous arithmetic.
   The answer is the same for any thread count: pairs are solved
   independently (OpenMP) and combined in pair order. */
#ifndef VCCD_BODIES_H
#define VCCD_BODIES_H

#include "vccd/scene.h"
#include "vccd/toc.h"

#include "vccd/export.h"

VCCD_BEGIN_DECLS

/* A body: its mesh (in its own frame for a motion; frame 0 for a
   two-frame body), its motion, the BVH the pair queries traverse, and
   for a two-frame body its scene (self-contact). */
typedef struct {
    char name[64];
    vccd_mesh mesh;
    vccd_motion *motion;        /* owned; for a two-frame body the
                                   vertex-linear motion of its frames */
    vccd_bvh bvh;               /* built by vccd_bodies_prepare */
    vccd_scene *frames;         /* owned; NULL unless two frames */
} vccd_body;

typedef struct {
    vccd_body **body;
    int n, cap;
    int prepared;               /* the BVHs built, for bv_type */
    int bv_type;
} vccd_bodies;

/* The most bodies a scene holds. */
#define VCCD_BODIES_MAX 65536

/* The step's options: the pair queries' (exact mode, BV type, solver,
   arithmetic, eps_t, budgets, [t0, t1], min_separation), the broad phase
   of the two-frame bodies' self-contact, and the time slices of the
   bodies' broad phase. */
typedef struct {
    vccd_query_opts query;      /* query.min_separation is the step's */
    vccd_scene_broad_opts self; /* its min_separation is set from query's */
    int slices;                 /* 1 .. VCCD_SCENE_MAX_SLICES (default 16) */
    long max_pairs;             /* past this many kept pairs the broad phase
                                   stops with an error (0: the default,
                                   VCCD_SCENE_MAX_CANDIDATES): bodies piled
                                   in one place would keep n^2 / 2 */
} vccd_bodies_opts;

void vccd_bodies_opts_init(vccd_bodies_opts *o);

/* No bodies. */
void vccd_bodies_init(vccd_bodies *s);
void vccd_bodies_clear(vccd_bodies *s);

/* Add a body moved by a 3D motion; mesh and motion are taken over (also
   on failure), the mesh in the motion's body frame (per-vertex models:
   its vertex i is the motion's vertex i).  0, or -1 with e naming the
   body: an empty name or one already used, a planar mesh or motion, a
   per-vertex motion (refused: give two frames), too many bodies, out of
   memory. */
int vccd_bodies_add_motion(vccd_bodies *s, const char *name, vccd_mesh *mesh, vccd_motion *motion, vccd_error *e);

/* Add a deforming body: its nv vertices at t = 0 and t = 1 (exact
   doubles) and its nf faces, copied.  0, or -1 with e naming the body
   (vccd_scene_init_arrays' checks, a name as above, more vertices than
   the vertex-linear model takes (2^20: the pair queries move the body by
   it), out of memory). */
int vccd_bodies_add_frames(vccd_bodies *s, const char *name, const double (*v0)[3], const double (*v1)[3], long nv,
                           const vccd_mesh_index (*f)[3], long nf, vccd_error *e);

/* The same from a loaded scene, taken over (s is left empty). */
int vccd_bodies_add_scene(vccd_bodies *s, const char *name, vccd_scene *frames, vccd_error *e);

/* What o's queries need: every body's BVH for o->query.bv (built once,
   again when the type changes), and the two-frame bodies' motions at
   the parameter precision of o's arithmetic (when finer than the
   default solve's, at which they are made when the body is added).  0,
   or -1 with e set.  vccd_bodies_toc calls it. */
int vccd_bodies_prepare(vccd_bodies *s, const vccd_bodies_opts *o, vccd_error *e);

/* A pair the broad phase keeps: bodies a < b, or a == b for a two-frame
   body's self-contact; slice: the first time slice in which their boxes
   overlap (0 for self-contact). */
typedef struct {
    int a, b;
    int slice;
} vccd_bodies_pair;

typedef struct {
    vccd_bodies_pair *p;        /* self-contacts first (by body), then the
                                   pairs by (a, b) */
    long n;
    int slices;
    /* what the pairs were found for: pairs left out are proved farther
       apart than min_separation over [t0, t1], among the first nbodies
       bodies (vccd_bodies_toc checks its options and scene against it) */
    double min_separation, t0, t1;
    int nbodies;
} vccd_bodies_pairs;

/* The pairs of s whose boxes overlap in some slice (o->slices of [t0,
   t1], raised by o->query.min_separation), and every two-frame body
   against itself.  0, or -1 with e set (bad options, more than
   o->max_pairs pairs, out of memory; p is then empty).  Memory: one box
   per body and slice, and the pairs. */
int vccd_bodies_broad(vccd_bodies_pairs *p, const vccd_bodies *s, const vccd_bodies_opts *o, vccd_error *e);
void vccd_bodies_pairs_clear(vccd_bodies_pairs *p);

/* A pair's answer: the guarantee of vccd_toc_meshes (bodies a < b) or
   vccd_scene_toc (a == b).  When have_pair: the feature pair of lo --
   kind (vertex-face, edge-edge), its four vertex indices in the order
   of vccd_toc_linear, and vertex_body, the body (a or b) whose vertex v[0]
   is for vertex-face (edge-edge: v[0], v[1] of a, v[2], v[3] of b). */
typedef struct {
    vccd_toc_status status;
    double lo, hi;
    int limited;
    int have_pair;
    vccd_feature_kind kind;
    int vertex_body;
    long v[4];
    long solver_boxes;
} vccd_bodies_pair_answer;

typedef struct {
    vccd_toc_status status;
    double lo, hi;
    int have_pair;
    long pair;                  /* index into the pairs of the answer of lo */
    vccd_bodies_pair_answer at; /* that pair's answer */
    long pairs, certified, possible, none, limited;
    long solver_boxes;
} vccd_bodies_answer;

/* The step's earliest contact over the pairs p of s (OpenMP over the
   pairs; a self-contact's own narrow phase is parallel).  per, when not
   NULL, receives every pair's answer (p->n entries, in p's order).
   o->query.min_separation must not exceed p's, o's [t0, t1] must lie in
   p's, and s must have p's bodies (bodies added since are in no pair).
   0, or -1 with e set (bad options, options or a scene the pairs were
   not made for, a pair out of range, a query's error, out of memory). */
int vccd_bodies_toc(vccd_bodies_answer *a, vccd_bodies_pair_answer *per, vccd_bodies *s, const vccd_bodies_pairs *p,
                    const vccd_bodies_opts *o, vccd_error *e);

/* Bodies from a config at path (plain or gzip):
       [scene]
       min_separation = D     decimal >= 0, rounded up (default 0)
       body_slices = 16       the bodies' broad phase's time slices
       max_pairs = N          its limit of kept pairs (default 2^26)
       bv = obb               the pair queries' BV type
       slices / broad / max_candidates   the self-contacts' broad phase (scene.h)
       [body.NAME]            one or more, either
       frame0 = FILE          a deforming mesh: its frames at t = 0 and 1
       frame1 = FILE          (relative to the config's directory when there)
       or
       mesh = SPEC            a mesh (file, shape or bundled model, with the
       motion = M             normalisation keys of mesh.h) moved by the
                              3D motion of a [motion.M] section
       [motion.M]             as for vccd toc
       [solver] / [arithmetic]   as in solver.h
   0, or -1 with e naming the file, line, section and key. */
int vccd_bodies_config_load(vccd_bodies *s, vccd_bodies_opts *o, const char *path, vccd_error *e);

VCCD_END_DECLS

#endif
