/* toc.h -- the time of contact of two moving meshes, of one feature pair,
   and the distance of two meshes at a time: one call each, with the
   answer kept apart from the work counters.

   The guarantee (thesis 5.4; doc/query.md), on every rigorous arithmetic
   (binary64, mpfr:PREC, adaptive):
   - status none: no contact in [t0, t1];
   - status certified: no contact in [t0, lo), and a contact at some time
     in [lo, hi] (exact mode);
   - status possible: no contact in [t0, lo); [lo, hi] could not be
     decided within the budgets (limited says a budget ran out) or the
     mode proves only the lower bound (Capoeira: approximate = 1).
   With min_separation d > 0, "contact" reads "distance <= d" throughout.
   On the unrounded arithmetic (NON-RIGOROUS, for comparison experiments
   only) nothing is proved and rigorous = 0.

   A body is a BVH (built once over its mesh, in the body's frame, with
   the BV type the query uses) and a motion; both are read only, so one
   BVH may serve both bodies and many queries, from many threads.

       vccd_toc_input in;
       vccd_toc_input_init(&in);              (exact, OBB, Taylor-Lagrange,
       in.body[0].bvh = &ha;                   binary64, eps_t 1e-6)
       in.body[0].motion = ma;
       in.body[1].bvh = &hb;
       in.body[1].motion = mb;
       vccd_toc_meshes(&answer, &stats, &in, &e);  */
#ifndef VCCD_TOC_H
#define VCCD_TOC_H

#include "vccd/query.h"

#include "vccd/export.h"

VCCD_BEGIN_DECLS

/* A mesh (through its BVH, which points to it) moved by a motion. */
typedef struct {
    const vccd_bvh *bvh;
    const vccd_motion *motion;
} vccd_toc_body;

/* What vccd_toc_meshes and vccd_distance_meshes read: the two bodies and
   the query's options (mode, BV type, step back, min_separation, and in
   opts.solve the solver, the arithmetic, eps_t, the budgets and the time
   domain [t0, t1]; query.h and solver.h document each field). */
typedef struct {
    vccd_toc_body body[2];
    vccd_query_opts opts;
} vccd_toc_input;

/* Both bodies empty, vccd_query_opts_init's options. */
void vccd_toc_input_init(vccd_toc_input *in);

/* The answer, and nothing but the answer. */
typedef struct {
    vccd_toc_status status;
    double lo, hi;              /* [t0, lo) proved contact-free; rounded
                                   outward from the ends below when set */
    int rigorous;               /* 0: unrounded arithmetic, nothing proved */
    int approximate;            /* Capoeira: hi is not a proved bound */
    int limited;                /* possible because a budget ran out (or
                                   memory) */
    int out_of_work;            /* the budget that ran out was the mesh
                                   query's opts.max_work (query.h) */
    int have_pair;              /* the feature pair of [lo, hi] is known */
    vccd_query_pair pair;       /* a single pair: kind, v = 0 1 2 3 */
    vccd_di param[2];           /* the pair's parameters at contact */
    /* Display values at the contact (mesh query, have_pair): the point,
       the unit normal oriented from body 0 towards body 1, and the
       velocity of body 0's point minus body 1's.  Midpoints, not
       enclosures. */
    double point[3], normal[3], velocity[3];
    double vn;                  /* velocity . normal (>= 0: approaching) */
    int have_gap;               /* the rigorous distance at gap_t (rigid) */
    double gap_lower, gap_upper;
    int stepped;                /* lo (or, for none, safe_t) was stepped
                                   back: 1, or -1 when no time was proved
                                   (query.h) */
    double lo_contact;          /* where the step back started: lo before
                                   it, t1 for none */
    /* opts.eps_d > 0 (exact mode, rigid motions), whatever the status:
       safe_t is the latest time found whose rigorous gap is proved
       >= eps_d, so [t0, safe_t] is contact-free and the bodies are
       eps_d apart there -- the time to move to.  A contact answer's
       safe_t is its stepped-back lo; none's is t1 unless a near miss
       ends closer than eps_d, then earlier (lo and hi stay t1: no
       contact in [t0, t1] still holds).  have_safe = 0: no such time
       (stepped = -1), or not asked.  The gap above is at gap_t: lo,
       or safe_t for none with eps_d (t0 when stepped = -1). */
    int have_safe;
    double safe_t;
    double gap_t;
    /* The ends exactly, when eps_t took the time axis past binary64
       (time.h; unset: lo and hi are exact).  vccd_time_snprint prints
       them, vccd_time_get_mpfr reads them.  Last: on binary64 time only
       their precisions are written. */
    vccd_time lo_exact, hi_exact;
} vccd_toc_answer;

/* The work the answer took: counters for experiments and profiles. */
typedef struct {
    long bv_tests, items, leaf_pairs, feature_pairs, filtered;
    long solver_boxes, evals, escalations, advance_steps, distance_queries;
    mpfr_prec_t prec;           /* single pair: precision of the last run */
    int guessed, window_plane;  /* the mesh query's shortcuts (query.h) */
    long work;                  /* mesh query: units of opts.max_work spent */
} vccd_toc_stats;

/* The first contact of in's two bodies in [opts.solve.t0, opts.solve.t1].
   stats may be NULL.  0, or -1 with e set (a body without BVH or motion,
   a motion that does not fit its mesh, the BV type not built, [t0, t1]
   not inside [0, 1], out of memory); on -1 answer still holds a valid,
   possibly weaker, answer when the search had started. */
int vccd_toc_meshes(vccd_toc_answer *answer, vccd_toc_stats *stats, const vccd_toc_input *in, vccd_error *e);

/* The rigorous distance [lower, upper] of in's bodies at time t in
   [0, 1] (rigid motions), traversing with opts.bv.  0, or -1 with e set
   (a per-vertex motion, t outside [0, 1], out of memory). */
int vccd_distance_meshes(vccd_distance_result *d, const vccd_toc_input *in, double t, vccd_error *e);

/* One feature pair: kind's points (feature.h: vertex-face v f0 f1 f2,
   edge-edge a0 a1 b0 b1, vertex-edge-2d v e0 e1), each a body point of a
   rigid motion or a vertex of a per-vertex one. */
typedef struct {
    vccd_feature_kind kind;
    vccd_track point[4];
    double min_separation;      /* d > 0: the first time within d */
    vccd_solve_opts solve;
} vccd_pair_input;

/* No points, vccd_solve_opts_init's options, min_separation 0. */
void vccd_pair_input_init(vccd_pair_input *in);

/* The first contact of in's pair (what `vccd toc` does on a [pair]).
   stats may be NULL.  0, or -1 with e set (a point without a motion, a
   vertex the motion does not have, a body point on a per-vertex motion,
   a planar motion with z != 0, out of memory). */
int vccd_toc_pair(vccd_toc_answer *answer, vccd_toc_stats *stats, const vccd_pair_input *in, vccd_error *e);

/* The query of the CCD benchmark (Wang et al., "A Large-scale Benchmark
   and an Inclusion-based Algorithm for Continuous Collision Detection",
   ACM TOG 2021): four points moving linearly from x0[i] to x1[i] over
   [0, 1] (doubles, taken exactly), as a vertex-face (v f0 f1 f2) or
   edge-edge (a0 a1 b0 b1) pair.  0, or -1 with e set (NaN or infinite
   coordinates, a kind other than those two, out of memory). */
int vccd_toc_linear(vccd_toc_answer *answer, vccd_toc_stats *stats, vccd_feature_kind kind,
                    const double x0[4][3], const double x1[4][3], const vccd_solve_opts *o, vccd_error *e);

/* n such queries, q[i][0..3] the points at t = 0 and q[i][4..7] at
   t = 1 (the benchmark's row order): status[i], lo[i], hi[i] as
   vccd_toc_linear gives them (any output may be NULL).  Queries are
   independent and the result does not depend on how a caller splits
   them, so callers may run slices in parallel.  0, or -1 with e naming
   the first bad query (index from 0); the outputs before it are set. */
int vccd_toc_linear_batch(int *status, double *lo, double *hi, const double (*q)[8][3], long n,
                          vccd_feature_kind kind, const vccd_solve_opts *o, vccd_error *e);

/* Such queries one at a time without allocating per query: a context
   of one kind and options holds one motion and one feature, refilled in
   place by each _set (vccd_toc_linear and vccd_toc_linear_batch are
   made of these calls, and `vccd queries` too).  _solve answers the
   query last set, bit for bit as vccd_toc_linear does.  A context is
   mutable state: one per thread.
     _new: NULL with e set (a kind other than vertex-face or edge-edge,
       out of memory);
     _set: doubles taken exactly; -1 with e set on NaN or infinite
       coordinates (the context then holds no valid query until the next
       _set succeeds, and _solve refuses until then);
     _set_str: the 24 coordinates as text, x[3 r + k] (24 entries) coordinate k of
       row r (rows 0-3 at t = 0, 4-7 at t = 1), each a decimal or an exact
       rational "P/Q" as motion configs take them (queries.h's coord). */
typedef struct vccd_toc_linear_ctx vccd_toc_linear_ctx;
vccd_toc_linear_ctx *vccd_toc_linear_ctx_new(vccd_feature_kind kind, const vccd_solve_opts *o, vccd_error *e);
int vccd_toc_linear_ctx_set(vccd_toc_linear_ctx *c, const double x0[4][3], const double x1[4][3], vccd_error *e);
int vccd_toc_linear_ctx_set_str(vccd_toc_linear_ctx *c, char *const *x, vccd_error *e);
int vccd_toc_linear_ctx_solve(vccd_toc_answer *answer, vccd_toc_stats *stats, vccd_toc_linear_ctx *c,
                              vccd_error *e);
/* The first time the query last set comes within distance d (finite, >=
   0; 0 is _solve): vccd_solve_minsep's answer over every piece of the
   pair (solver.h), the setting of IPC's min_separation.  -1 with e set
   on a bad d or no query set. */
int vccd_toc_linear_ctx_solve_within(vccd_toc_answer *answer, vccd_toc_stats *stats, vccd_toc_linear_ctx *c,
                                     double d, vccd_error *e);
void vccd_toc_linear_ctx_free(vccd_toc_linear_ctx *c);

/* A time-of-contact problem read from a config file (doc/input.md; the
   format of `vccd toc CONFIG`, which is a client of these calls): either
   one feature pair,
       [motion.NAME] ...   [pair] kind, point.K, min_separation
   or two moving meshes,
       [body.NAME] mesh, center, scale, degenerate, motion  (twice)
       [query] mode, bv, eps_d, positive_gap, min_separation, search,
               advance, max_work, leaf_size, split
   with [solver] / [arithmetic] as in solver.h.  The problem holds the
   config, the motions, the meshes and their BVHs (built once, at load)
   and the vccd_pair_input or vccd_toc_input made from them, so that it
   can be solved many times, from many threads (solving only reads it).

   Rigor: decimals in the config are read exactly (motion parameters at
   a precision at least the arithmetic's), distances (min_separation,
   eps_d) are rounded up to the next double, and body points must be
   exactly doubles; so the answer proves toc.h's guarantee about the
   problem as written, not about a rounded copy of it.  Every error
   names the file, the line, the section and the key at fault. */
typedef struct vccd_toc_problem vccd_toc_problem;

/* Which of the two forms a config holds. */
typedef enum { VCCD_TOC_PROBLEM_PAIR, VCCD_TOC_PROBLEM_MESHES } vccd_toc_problem_form;

/* What a caller overrides over the config (0: the config's, or the
   default): max_work each feature pair's solve budget ([solver]
   max_work, 1 .. VCCD_SOLVE_MAX_WORK_LIMIT), query_max_work the whole
   mesh query's ([query] max_work, 1 .. VCCD_QUERY_MAX_WORK_LIMIT; a
   pair config refuses it, having no such budget). */
typedef struct {
    long max_work;
    long query_max_work;
} vccd_toc_problem_opts;

/* No overrides. */
void vccd_toc_problem_opts_init(vccd_toc_problem_opts *o);

/* Read the config at path (plain or gzip) with the overrides o (NULL:
   none), load its meshes and build their BVHs: 0 and *p set (free it
   with vccd_toc_problem_free), or -1 with e naming file, line, section
   and key (unreadable file, syntax, unknown section or key, bad value,
   missing motion, a mesh that cannot be loaded, a motion that does not
   fit its mesh, out of memory) and *p NULL. */
int vccd_toc_problem_load(vccd_toc_problem **p, const char *path, const vccd_toc_problem_opts *o, vccd_error *e);

/* Solve p: vccd_toc_pair or vccd_toc_meshes on its input (their
   guarantee and errors).  stats may be NULL. */
int vccd_toc_problem_solve(vccd_toc_answer *answer, vccd_toc_stats *stats, const vccd_toc_problem *p,
                           vccd_error *e);

void vccd_toc_problem_free(vccd_toc_problem *p);

/* What a printer needs.  The form; the config's path; the pair input
   (NULL for meshes) or the mesh input (NULL for a pair), its options as
   read and overridden; body i's name (the NAME of [body.NAME]) and mesh
   (name, path, counts, planar, normalisation: mesh.h) for i = 0, 1, or
   NULL for a pair. */
vccd_toc_problem_form vccd_toc_problem_form_get(const vccd_toc_problem *p);
const char *vccd_toc_problem_path(const vccd_toc_problem *p);
const vccd_pair_input *vccd_toc_problem_pair(const vccd_toc_problem *p);
const vccd_toc_input *vccd_toc_problem_meshes(const vccd_toc_problem *p);
const char *vccd_toc_problem_body_name(const vccd_toc_problem *p, int i);
const vccd_mesh *vccd_toc_problem_mesh(const vccd_toc_problem *p, int i);

VCCD_END_DECLS

#endif
