/* query.h -- the first time of contact of two moving meshes, with proof:
   [t0, lo) holds no contact between them (thesis 5.3, 5.4).

   Both BVHs are traversed at once, best first: an item is a node pair
   and a time box T, ordered by a rigorous lower bound of the first time
   the two nodes can touch in T (swept.c).  An item is pruned when its
   swept bound proves the nodes apart over all of T; otherwise time is
   split (ComputeN: while the relative displacement over T exceeds the
   nodes' size) or the larger node is.  A pair of leaves hands its owned
   feature pairs (vertex-face both ways, edge-edge; mesh.h ownership) to
   vccd_solve over [item bound, current hi], and every certified contact
   shrinks the time domain.  So lo = min over pruned bounds and pair
   results is a proof, whatever the BV type.

   Rigid bodies move their stored volumes by the interval pose of the
   whole time box (vccd_motion_pose_di over an interval t); per-vertex
   (deforming) bodies refit, per test, a volume of the chosen type around
   the box enclosing their vertices over T -- O(triangles of the node)
   motion evaluations per test, which is the honest price of a BVH built
   at rest. */
#ifndef VCCD_QUERY_H
#define VCCD_QUERY_H

#include "vccd/bvh.h"
#include "vccd/distance.h"
#include "vccd/motion.h"
#include "vccd/solver.h"

#include "vccd/export.h"

VCCD_BEGIN_DECLS

/* A mesh with its BVH and its motion, and what the traversal reads per
   node: rad and ext (the BVH's own arrays, bvh.h: an upper bound of |p|
   over the node's vertices, and a size for ComputeN) and the speed bound
   of the node's points (computed on first use).  speed and size hold a
   value v >= 0 made on first use as -v, and +0.0 before: they start as
   zeroed memory, so a new body, motion or BV type costs no pass over the
   nodes (for a million-triangle mesh that pass was most of a one-call
   query; read them through vccd_query_body_speed).  pf: the motion's pose
   frame when have_pf (a RIGID-form motion), made once per motion rather
   than once per query -- on the tetrahedron pair it was 5% of a warm
   query.  m's parameters must not change behind the body's back: a
   changed motion goes through vccd_query_body_set_motion.  A query
   writes into its bodies (the speeds, the node sizes), so a body is one
   thread's: threads share the BVH, each with its own bodies. */
typedef struct {
    const vccd_bvh *bvh;
    const vccd_motion *m;
    const double *rad, *ext;    /* bvh->rad, bvh->ext */
    double *speed;
    /* per node, the size (vccd_bv_type.radius) of its volume of type
       size_bv, made on first use (kept as above); a query of another
       type forgets them */
    double *size;
    int size_bv;
    vccd_motion_pose_frame pf;
    int have_pf;
} vccd_query_body;

/* b := body h moved by m (any model; a per-vertex one needs at least as
   many vertices as the mesh).  0, or -1 with e set. */
int vccd_query_body_init(vccd_query_body *b, const vccd_bvh *h, const vccd_motion *m, vccd_error *e);
/* Change the motion (same rules), forgetting the speed bounds and
   remaking the pose frame. */
int vccd_query_body_set_motion(vccd_query_body *b, const vccd_motion *m, vccd_error *e);
void vccd_query_body_clear(vccd_query_body *b);
/* Upper bound of the world speed of every point of node i over [0, 1]. */
double vccd_query_body_speed(vccd_query_body *b, long i);

typedef enum {
    VCCD_QUERY_EXACT = 0,       /* features solved: the guarantee above */
    VCCD_QUERY_CAPOEIRA         /* BVH alone (thesis 5.4.4): lo is a proved
                                   lower bound of the contact time, the
                                   answer is approximate */
} vccd_query_mode;

const char *vccd_query_mode_name(vccd_query_mode m);

/* How the exact mode finds candidate pairs: the BVH traversal, or every
   owned feature pair solved over the whole time domain (the reference
   loop, faster when there are few pairs).  AUTO takes brute force for two
   2D bodies with at most VCCD_QUERY_BRUTE_2D_PAIRS vertex-edge pairs
   (doc/query.md has the measurement), the BVH otherwise.  Capoeira always
   traverses the BVH (it is the BVH alone). */
typedef enum {
    VCCD_QUERY_SEARCH_AUTO = 0, VCCD_QUERY_SEARCH_BVH, VCCD_QUERY_SEARCH_BRUTE
} vccd_query_search;
#define VCCD_QUERY_BRUTE_2D_PAIRS 64

const char *vccd_query_search_name(vccd_query_search s);
/* -1 for an unknown name ("auto", "bvh", "brute"). */
int vccd_query_search_find(const char *name);

typedef struct {
    vccd_query_mode mode;
    vccd_query_search search;   /* vccd_query_opts_init: AUTO */
    int bv;                     /* BV type index (built in both BVHs) */
    double eps_d;               /* > 0 (exact mode, rigid motions): the
                                   answer's safe_t, the latest time found
                                   with a proved gap >= eps_d, whatever
                                   the status (contact answers: lo stepped
                                   back to it) */
    double min_separation;      /* d > 0: the first time the distance can
                                   be <= d instead of the first contact
                                   (vccd_solve_minsep per feature pair,
                                   node pairs pruned when proved > d
                                   apart); [t0, lo) then has distance > d */
    int gap;                    /* 1: measure the gap at lo (rigid motions) */
    int positive_gap;           /* 1 (exact mode, rigid motions, a contact
                                   found, eps_d = 0): when the rigorous gap
                                   at lo is not proved > 0, step lo back
                                   until it is (doc/query.md); 0: report
                                   the root finder's lo as it is */
    int linear;                 /* 1: when both bodies only translate at
                                   constant velocity (ltlrm or ballistic
                                   with zero omega and acceleration) and
                                   the BV type has one, its exact
                                   constant-velocity test replaces the
                                   swept test and time is not cut; 0: the
                                   swept test always (for comparison) */
    int advance;                /* 1: exact mode, two tiny rigid 3D meshes
                                   (at most 16 triangles each): advance
                                   conservatively from t0 (the rigorous
                                   distance of the vertex hulls over a
                                   bound of the relative speed) before
                                   the traversal; 0: never (for
                                   comparison) */
    int safe_none;              /* 1: a none answer with eps_d > 0 gets its
                                   safe_t (the gap at t1 measured, and
                                   stepped back from when not proved >=
                                   eps_d); 0: not (have_safe and have_gap
                                   stay 0): for a caller that moves to t1
                                   only after proving the gap there itself,
                                   as the simulation does, the distance
                                   query at t1 is spent for nothing */
    long max_work;              /* the query's work budget (below) */
    vccd_solve_opts solve;      /* eps_t, solver, arithmetic, [t0, t1];
                                   solve.max_work bounds each feature
                                   pair's solve, max_work the whole query */
} vccd_query_opts;

/* The work budget of one query, in units of about the same time each,
   so that an answer never depends on the machine: a volume test, a
   triangle pair, a feature pair set up, a feature evaluation of the
   solver (an MPFR one weighted as for [solver] max_work,
   vccd_feature_work), and a volume context prepared for a time box (one
   unit per 64 bytes it writes and one more: 4 with OBBs, 84 with
   18-DOPs).  The memory that grows with the search -- the queue, the
   time boxes and their contexts, counted by their arrays' capacities --
   is held within VCCD_QUERY_BYTES_PER_WORK bytes per unit as well.  A
   query past either ends possible from the least time it had not
   searched, [t0, lo) proved as always, with limited and out_of_work set;
   it may run past the work by one feature pair's solve (bounded by
   solve.max_work).  A unit is about 0.1 to 0.6 us of one core: the
   default ends a hopeless query (a body turning at 1e8 rad per step, or
   starting 1e200 away) within 1 to 4 s and 160 MB, and is 28 times the
   most a thesis frame spends (OBBs, tetrahedron-buddha: 0.36e6 units)
   and twice the most the slowest shipped system does (spheres,
   tetrahedron-bunny in bvs.ini: 5.3e6). */
#define VCCD_QUERY_MAX_WORK 10000000L
#define VCCD_QUERY_BYTES_PER_WORK 16
/* The largest max_work accepted ([query] max_work, --query-max-work). */
#define VCCD_QUERY_MAX_WORK_LIMIT 1000000000000L

/* exact, obb, no step back, gap measured and proved positive, linear,
   advance, safe_none, max_work VCCD_QUERY_MAX_WORK, vccd_solve_opts_init. */
void vccd_query_opts_init(vccd_query_opts *o);

/* The feature pair of the answer.  kind VF: vertex v[0] of body
   `vertex_body` against triangle tri[1 - vertex_body]; EE: edge
   (v[0], v[1]) of A against edge (v[2], v[3]) of B; VE2D (2D bodies):
   vertex v[0] of body `vertex_body` against the other's edge
   (v[1], v[2]) = segment tri[1 - vertex_body], v[3] = v[2].  tri: the two
   triangles (2D: segments) whose ownership masks gave the pair. */
typedef struct {
    vccd_feature_kind kind;
    long tri[2];
    int vertex_body;
    long v[4];
} vccd_query_pair;

typedef struct {
    vccd_toc_status status;     /* capoeira: possible, or none */
    double lo, hi;              /* [t0, lo) proved contact-free; rounded
                                   outward when the ends below are set */
    vccd_time lo_exact, hi_exact; /* the ends exactly (time.h), when the
                                   time axis went past binary64 */
    int approximate;            /* capoeira: hi is not a proved bound */
    int have_pair;              /* exact, status != none */
    vccd_query_pair pair;
    /* Display values at the contact (midpoints of enclosures over
       [lo, hi]): the point, the unit normal of the face (VF), of both
       edges (EE) or of the edge in the plane (VE2D), oriented from A towards B so that v . n >= 0, and the
       velocity of A's point minus B's. */
    double point[3], normal[3], velocity[3], vn;
    vccd_di param[2];
    /* Step back (exact mode, rigid motions).  A contact found (eps_d > 0,
       or positive_gap and the gap at lo not proved > 0): lo moved back to
       a time where the rigorous gap lower bound is >= eps_d (> 0 when
       eps_d = 0).  None (eps_d > 0 only): lo and hi stay t1 (no contact
       in [t0, t1] is still the proof), and the step back starts from t1
       when the gap there is not proved >= eps_d; only safe_t moves. */
    int stepped;                /* 1: done; 0: not needed (none: the gap at
                                   t1 is proved >= eps_d); -1: even t0 is
                                   closer than eps_d (or touching: a
                                   contact answer's lo is then t0, and the
                                   gap at t0 says so) */
    double lo_contact;          /* where the step back started: lo before
                                   it (t1 for none) */
    int distance_queries;       /* spent by the step back */
    /* eps_d > 0 (exact mode, rigid motions): the latest time found whose
       rigorous gap is proved >= eps_d, for every status -- the time a
       caller may move both bodies to and still be eps_d apart.  [t0,
       safe_t] is contact-free.  A contact answer: its stepped-back lo; none:
       t1 when the gap there is proved >= eps_d, else earlier (a near
       miss).  "Latest" only within the bisection (doc/query.md).
       have_safe = 0 when no time was proved (stepped = -1) or the step
       back was not asked for. */
    int have_safe;
    double safe_t;
    /* The gap at gap_t by the rigorous distance (rigid motions only):
       gap_t is lo, except for none with eps_d > 0, where it is safe_t
       (or t0 when stepped = -1). */
    int have_gap;
    double gap_lower, gap_upper, gap_t;
    long bv_tests, feature_pairs, solver_boxes, escalations, items, leaf_pairs;
    long filtered;              /* feature pairs excluded before a solve by
                                   their vertex enclosures over the box */
    long advance_steps;         /* conservative advancement steps (advance) */
    int guessed;                /* the pair the advance ended at was certified
                                   and its window searched pair by pair
                                   (guess.c) instead of traversed */
    int window_plane;           /* ... and that window proved free of other
                                   contacts by one plane moving with the
                                   pair instead (lib/query/window.c); the
                                   pair reported is then the guessed one,
                                   although another may touch within
                                   [lo, hi] as well */
    int limited;                /* a solve hit max_boxes, or out of memory,
                                   or out_of_work */
    int out_of_work;            /* the query's max_work was spent: possible
                                   from the least time not searched */
    long work;                  /* the work spent, in max_work's units */
} vccd_query_result;

/* The first contact of a and b in [o->solve.t0, o->solve.t1]: two 3D
   meshes, or two 2D bodies (mesh.h planar, planar motions).  0, or -1
   with e set (one body 2D and the other not, [t0, t1] not inside [0, 1],
   the BV type not built in both, out of memory -- r then still holds a valid, possibly weaker, answer: possible from the
   smallest bound not searched). */
int vccd_query_toc(vccd_query_result *r, vccd_query_body *a, vccd_query_body *b, const vccd_query_opts *o,
               vccd_error *e);

/* The same by solving every owned feature pair of every triangle pair
   (no BVH, no step back): the reference the tests compare with. */
int vccd_query_toc_brute(vccd_query_result *r, vccd_query_body *a, vccd_query_body *b, const vccd_query_opts *o,
                     vccd_error *e);

/* The rigorous distance between a and b at time t (rigid motions): 0,
   or -1 with e set (per-vertex motion, out of memory). */
int vccd_query_distance_at(vccd_distance_result *d, vccd_query_body *a, vccd_query_body *b, double t, int bv,
                           vccd_error *e);

/* The thesis' benchmark frame (7.3): motions a and b (ltlrm) moving two
   bodies along a random axis from dist / 2 on either side of the origin
   (4: low speed, 512: high speed) to the origin at t = 1, each turning
   90 degrees about its own random axis from a random orientation (upper
   hemisphere of the unit quaternions).  seed picks the instance; the
   same seed gives the same decimals everywhere.  The _text form writes
   the two [motion.a] / [motion.b] sections (0, or -1 when size is too
   small).  0, or -1 with e set. */
int vccd_query_scenario_text(char *out, size_t size, double dist, uint64_t seed);
int vccd_query_scenario(vccd_motion **a, vccd_motion **b, double dist, uint64_t seed, mpfr_prec_t prec,
                        vccd_error *e);
/* The same frame without the turns: each body keeps its start
   orientation (omega = 0 exactly), a pure translation at constant
   velocity. */
int vccd_query_scenario_translating(vccd_motion **a, vccd_motion **b, double dist, uint64_t seed, mpfr_prec_t prec,
                                    vccd_error *e);

VCCD_END_DECLS

#endif
