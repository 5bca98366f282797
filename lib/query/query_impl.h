/* query_impl.h -- the state one mesh query shares between the files of
   lib/query (the traversal, query.c, and the steps it calls), then what
   each file offers the others, under a heading naming the file.
   Internal to lib/query. */
#ifndef VCCD_QUERY_IMPL_H
#define VCCD_QUERY_IMPL_H

#include <math.h>
#include <stddef.h>

#include "vccd/closest.h"
#include "vccd/query.h"

/* Big against small: a body more than this many times the other's
   radius about its origin (vccd_query_body.rad, a bound; the
   benchmark models are centred), and a node of it more than this many
   times the other's diameter (a ground's face against a falling
   model; query.c, split_size).  ext, the nodes' size, is no measure of
   a body: it grows 1.5x per level (body.c), so the dragon's root's is
   112. */
#define Q_BIG 4.0

#define Q_UP(x) vccd_fp_next_up(x)
#define Q_DN(x) vccd_fp_next_down(x)

/* A time box of the traversal, made once when time is split: every item
   of the box shares its relative pose enclosures and the BV type's
   per-pose work (two contexts: over the box, and at its start for the
   contact time bound).  ctx[k] >= 0: context k's index in q_state.ctx;
   Q_CTX_NONE: no usable pose enclosure (an overflow, or no memory for
   it), so everything may touch; Q_CTX_LATER: not prepared yet (swept.c,
   on first use: most boxes are never popped, and an 18-DOP context is
   5 kB). */
#define Q_CTX_LATER (-1)
#define Q_CTX_NONE (-2)
typedef struct {
    double t0, t1;
    int32_t ctx[2];
} q_box;

/* The most vertices a body may have for the query to keep its
   vertices (q_state.vc, vertices.c): 256 are 50 kB per query. */
#define Q_VFRAME_MAX 256

/* What a query keeps of the vertices of a small rigid body (vertices.c):
   their frames (vccd_motion_point_frame_lin_di), made on first use, and their
   enclosures over the last time window asked for, with that window's
   time part; the leaf pairs of one time box meet the same few vertices
   again and again. */
typedef struct {
    vccd_di_vec3 (*frame)[3];
    vccd_di_vec3 *x;
    unsigned char *made;        /* frame[v] made */
    unsigned *gen;              /* x[v] holds over the window when gen[v] == cur */
    unsigned cur;
    double t0, t1;              /* the window (NaN: none yet) */
    vccd_motion_frame_time ft;
    /* A large rigid body (frame NULL): x, gen, key and slot_frame are
       Q_VHASH_SLOTS slots; slot v & (Q_VHASH_SLOTS - 1) holds vertex v's
       frame when key holds v (-1: none), and its enclosure over the
       window when gen is cur as well.  A frame does not depend on the
       window, so it outlives window changes, not evictions. */
    int32_t *key;
    vccd_di_vec3 (*slot_frame)[3];
} q_vcache;
/* The slots of a large body's vertex cache (vertices.c): a power of
   two.  A leaf pair's triangle of a scanned model asks for its three
   vertices, which the other leaf pairs of the window ask for again (the
   tetrahedron's four faces, the triangles around a vertex). */
#define Q_VHASH_SLOTS 1024

typedef struct {
    vccd_query_body *body[2];
    const vccd_query_opts *o;
    const vccd_bv_type *bt;
    int bv;
    vccd_query_result *r;
    double cut;                 /* min hi of the certified pair results */
    double best_lo;             /* min lo of the pair results */
    double best_lo_up;          /* best's exact lo rounded up (time.h):
                                   what the traversal prunes against */
    vccd_toc best;
    vccd_query_pair best_pair;
    vccd_toc cert;              /* have_cert: the certified result whose hi */
    vccd_query_pair cert_pair;  /* is cut, and its pair */
    int have_cert;
    q_box *box;
    char *ctx;                  /* the prepared contexts (q_box.ctx), of
                                   bt->ctx_size bytes each */
    long nctx, capctx;
    long nbox, capbox;
    long *slot;                 /* box index + 1 by (t0, t1) hash, 0 empty */
    long nslot;                 /* a power of two >= 2 capbox */
    vccd_motion_pose_frame pf[2];
    int have_pf[2];             /* pf[k] holds (a RIGID-form motion) */
    q_vcache vc[2];             /* vc[k].frame non-NULL (small meshes with
                                   pf[k]): body k's vertices (vertices.c) */
    vccd_hull_seed seed;        /* the advance's last GJK simplex */
    vccd_query_pair guess;      /* have_guess: solved before the traversal
                                   (guess.c), with the result guess_r */
    vccd_toc guess_r;
    int have_guess;
    vccd_feature *fs;           /* the feature every pair solve resets
                                   (vccd_feature_reset_framed), in fmem,
                                   or NULL before the first */
    char *lin;                  /* non-NULL: both bodies translate at constant
                                   velocity, and this is the BV type's
                                   prepare_linear context (the fast path) */
    /* The work budget (query.h, q_work): what the result's counters do
       not hold already, and the least time left unsearched when it ran
       out (INFINITY before). */
    int check_in;               /* items popped until the next check of
                                   the budget (query.c) */
    long tri_pairs;             /* triangle pairs met (q_pairs_solve) */
    long solve_work;            /* the solver's evaluations, weighted */
    long ctx_work;              /* the units of one prepared context */
    double open_lo;
    int big_plane;              /* >= 0: spheres, and body big_plane is big
                                   against the other (Q_BIG): its one-triangle
                                   leaves are also tested by their plane */
    /* last, and not zeroed by q_state_init (fmem is 20 kB) */
    _Alignas(max_align_t) unsigned char fmem[VCCD_FEATURE_BYTES];
} q_state;

/* The work spent so far, in the units of vccd_query_opts.max_work:
   the sum of counters kept anyway, so that the traversal's hot paths
   count nothing more (the budget is checked every few items popped,
   and before each triangle pair and feature pair). */
static inline long
q_work(const q_state *q)
{
    const vccd_query_result *r = q->r;
    return r->bv_tests + q->nctx * q->ctx_work + q->tri_pairs + r->feature_pairs + q->solve_work;
}
/* The bytes held by what grows with the search, but the queue (the
   traversal adds its own): the time boxes with their hash slots and the
   prepared contexts, by the arrays' capacities. */
static inline size_t
q_bytes(const q_state *q)
{
    return (size_t)q->capbox * sizeof(q_box) + (size_t)q->nslot * sizeof(long)
           + (size_t)q->capctx * q->bt->ctx_size;
}
/* 1 when a lazily made per-node value x of a query body (speed, size:
   query.h) is made: kept as -v for v >= 0 (-0.0 too), +0.0 before.  A
   NaN is kept with its sign flipped like any value. */
static inline int
q_made(double x)
{
    return signbit(x) != 0;
}

/* The size (vccd_bv_type.radius) of node i of body k's volume of the
   query's type, kept in the body. */
static inline double
q_node_size(const q_state *q, int k, int32_t i)
{
    vccd_query_body *b = q->body[k];
    if (!q_made(b->size[i]))
        b->size[i] = -q->bt->radius(vccd_bvh_bv(b->bvh, q->bv, i));
    return -b->size[i];
}
/* --- state.c: making and clearing the state, and the work budget ------- */
/* 0, or -1 with e set (type not built, out of memory). */
int q_state_init(q_state *q, vccd_query_result *r, vccd_query_body *a, vccd_query_body *b,
                 const vccd_query_opts *o, vccd_error *e);
void q_state_clear(q_state *q);
/* 1 when the budget is spent: then out_of_work is set and t, a time
   from which the search stops (every time before it searched or proved
   free), lowers open_lo.  0 otherwise, nothing set. */
int q_out_of_work(q_state *q, double t);

/* --- vertices.c: the vertex caches of rigid bodies --------------------- */
/* Body k's vertex cache when it is rigid: every vertex when small
   (Q_VFRAME_MAX; q->vc[k].frame), Q_VHASH_SLOTS slots when large
   (q->vc[k].key).  0, or -1 out of memory (both stay NULL: no cache).
   The slots' fixed block (about 200 kB) is not in q_bytes, which counts
   what grows with the search. */
int q_vertices_init(q_state *q, int k);
void q_vertices_clear(q_state *q);
/* The enclosure of vertex v of body k over [t0, t1], when q->vc[k].frame,
   from its kept frame (another enclosure than vccd_motion_eval_points_di
   gives: the frames differ in their last bits). */
const vccd_di_vec3 *q_vertex_make(q_state *q, int k, long v, double t0, double t1);
static inline const vccd_di_vec3 *
q_vertex(q_state *q, int k, long v, double t0, double t1)
{
    /* held already: the leaf pairs of a window ask for each vertex about
       ten times (a call and its checks were 5% of a tetrahedron query) */
    const q_vcache *c = &q->vc[k];
    if (c->t0 == t0 && c->t1 == t1 && c->gen[v] == c->cur)
        return &c->x[v];
    return q_vertex_make(q, k, v, t0, t1);
}
/* The enclosure of vertex v of a large rigid body k over [t0, t1] into
   *x, from the body's slots (q->vc[k].key non-NULL).  A copy: the slot
   may be taken by another vertex at the next call. */
void q_vertex_copy(vccd_di_vec3 *x, q_state *q, int k, long v, double t0, double t1);
/* Its frame (vccd_motion_point_frame_lin_di), or NULL without the
   cache. */
const vccd_di_vec3 (*q_vertex_frame(q_state *q, int k, long v))[3];

/* --- swept.c: time boxes and the swept volume tests -------------------- */
/* The time box [t0, t1] with its contexts prepared (made on first use:
   node pairs cut on the same grid share it): its index, or -1 when out
   of memory. */
long q_box_new(q_state *q, double t0, double t1);
/* A lower bound of the distance between node ia of A and ib of B over
   every t in box k (at its start only when at_start) (0: they may
   touch). */
double q_swept_lower(q_state *q, int32_t ia, int32_t ib, long k, int at_start);
/* A lower bound, >= t0, of the first time in box k = [t0, t1] at which
   nodes ia and ib can touch, or INFINITY when they cannot touch in it.
   *hi: on entry the end of the times searched (<= t1); the fast path
   (q->lin) lowers it to a bound of the last time they can touch, and
   searches only from lo (>= t0: the parent's bound) to *hi. */
double q_toc_lower(q_state *q, int32_t ia, int32_t ib, long k, double lo, double *hi);

/* --- pairs.c: the feature pairs of a triangle pair --------------------- */
/* Solve feature pair p over [t0, min(t1, q->cut)], folding its result
   into q (and copying it to res unless NULL; status none when the window
   is empty); expect: a contact is expected there (the guess: its first
   box skips the inclusion predicate, vccd_solve_opts.expect_contact).
   With the work budget spent (q_out_of_work) the pair is not solved:
   res possible over the window, limited, and open_lo <= t0. */
void q_pair_solve(vccd_toc *res, q_state *q, const vccd_query_pair *p, double t0, double t1, int expect);
/* Solve every owned feature pair of triangles ta (A) and tb (B) over
   [t0, min(t1, q->cut)], folding the results into q; it stops at the
   first pair past the work budget (q->r->out_of_work, open_lo <= t0). */
void q_pairs_solve(q_state *q, long ta, long tb, double t0, double t1);
/* s := the coplanarity function of a pair of kind `kind` (feature.h) on
   the point enclosures P (the kind's point order), s = u . (e[0] x
   e[1]), with its two edge vectors e. */
void q_coplanarity(vccd_di *s, vccd_di_vec3 e[2], vccd_feature_kind kind, const vccd_di_vec3 *const P[4]);
/* The body (0: A, 1: B) of point k of pair p, in the feature kind's
   point order: VF and VE2D, the vertex then the face or edge (v[3] =
   v[2]); EE, the edges of A then B. */
int q_pair_body(const vccd_query_pair *p, int k);
/* The four tracks (moving points) of pair p. */
void q_pair_tracks(vccd_track t[4], const q_state *q, const vccd_query_pair *p);

/* --- guess.c: the pair the advance ends at ----------------------------- */
/* After the advance to t0 (tiny meshes, exact mode, no margin): solve
   the pair the advance's last GJK simplex names, if any (guess.c). */
void q_guess_solve(q_state *q, double t0);
/* 1 when p is the pair q_guess_solve solved (already over every
   window). */
int q_pair_is_guess(const q_state *q, const vccd_query_pair *p);

/* --- window.c: the guessed contact's window ---------------------------- */
/* 1 when a plane moving with the certified guessed pair proves that no
   other pair touches in [t0, its lo) (window.c), 2 when that window is
   empty (lo <= t0: nothing to prove); 0 when it proves nothing (then
   solve the window pair by pair). */
int q_window_free(q_state *q, double t0);

/* --- planar.c: 2D bodies ----------------------------------------------- */
/* 2D bodies (planar.c): 0 when a and b are both 2D or both 3D, else -1
   with e set. */
int q_planar_check(const vccd_query_body *a, const vccd_query_body *b, vccd_error *e);

/* --- brute.c: the brute-force search ----------------------------------- */
/* 1 when the exact query should solve every pair (q_solve_all) instead
   of traversing the BVHs (vccd_query_search). */
int q_search_brute(const q_state *q);
/* Every owned feature pair of every triangle (segment) pair over [t0,
   t1], folded into q, until the work budget is spent (then open_lo <=
   t0). */
void q_solve_all(q_state *q, double t0, double t1);

/* --- advance.c: the conservative advance of tiny meshes ---------------- */
/* 1 when the exact query advances conservatively before its traversal
   (advance.c: tiny rigid 3D meshes, opts.advance). */
int q_advance_applies(const q_state *q);
/* A time t >= o->solve.t0 with [t0, t) proved free of contact (of
   distance <= min_separation), or INFINITY when all of [t0, t1] is. */
double q_advance(q_state *q);
/* When q_advance_applies: a lower bound (>= 0, 0 proving nothing) of
   the distance of the two meshes at time t, from the separation of
   their vertex hulls along an axis (GJK's, or the best candidate),
   written to axis when the bound is > 0; a few microseconds on the
   tetrahedron pair, where vccd_query_distance_at takes 30-110.  0
   without a proof tried when GJK on the vertices' plain-double
   approximation puts the hulls within near (the advance stops there:
   no bound of it is needed).  GJK starts from q->seed, which it
   updates: the simplex the guess (guess.c) reads. */
double q_hull_gap(double axis[3], q_state *q, double t, double near);
/* At most this many triangles per body for the hull gap and the
   advance: the candidate axes grow as the product of the edge counts. */
#define Q_ADVANCE_MAX_TRIANGLES 16
#define Q_ADVANCE_MAX_VERTICES (3 * Q_ADVANCE_MAX_TRIANGLES)
/* Both meshes small enough for the hull gap (3D, at most 16 triangles). */
int q_hull_small(const vccd_mesh *a, const vccd_mesh *b);
/* The same lower bound from enclosures xa, xb of every vertex of ma, mb
   (world frame): what vccd_query_distance_at adds for small meshes.
   axis (or NULL): the axis of the bound, when > 0.  every = 0: the best candidate axis by
   the midpoints alone, and only near contact; 1: the largest rigorous
   bound over GJK's axis and every candidate (what the distance adds). */
double q_hull_gap_points(double axis[3], const vccd_mesh *ma, const vccd_di_vec3 *xa, const vccd_mesh *mb,
                         const vccd_di_vec3 *xb, int every);
/* The same bound along one candidate: the normal of pair pr's face
   (vertex-face) or the cross product of its edges (edge-edge), 0 for
   other kinds.  With every = 1 above, q_hull_gap_points' bound is at
   least this one (the candidate is among those it bounds). */
double q_pair_gap_points(const vccd_query_pair *pr, const vccd_mesh *ma, const vccd_di_vec3 *xa, const vccd_mesh *mb,
                         const vccd_di_vec3 *xb);

/* --- answer.c: the answer ---------------------------------------------- */
/* r := the answer from q (status, [lo, hi], pair, contact geometry),
   possible from open_lo when the budget ran out before the pairs'
   answer; r->work. */
void q_finish(q_state *q);

/* --- stepback.c: after the answer -------------------------------------- */
/* The step back and the gap at lo (stepback.c), when asked and possible:
   0, or -1 with e set (out of memory). */
int q_after(q_state *q, vccd_error *e);

#endif
