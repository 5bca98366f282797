/* feature.h -- feature pairs and their coplanarity functions.

   A feature pair is a vertex and a face (3D), two edges (3D) or a vertex
   and an edge (2D), each point moved by a motion.  They can only touch
   at a root of the coplanarity (2D: collinearity) function
       vertex-face  s(t) = (p - a) . ((b - a) x (c - a))      points p, a, b, c
       edge-edge    s(t) = (c - a) . ((b - a) x (d - c))      edges ab and cd
       vertex-edge  s(t) = (p - a) x (b - a)   (z of the 2D cross product)
   (thesis 5.1-5.2, App. B.2.3/B.2.4).  All three are one triple
   product u . (e1 x e2), the 2D one with e2 = z, so one kernel
   (feature_impl.h) gives s, s' and s'' by the product rule from the
   points' position, velocity and acceleration enclosures, on every
   backend.  The result is always handed back as binary64 intervals
   rounded outward, so the root finders (solver.h) are written once: the
   working precision decides how tight the enclosures are, and time is
   resolved to binary64 (about 1e-16 on [0, 1]).

   A root of s is a contact only if the features overlap there; the
   inclusion predicate (thesis IntersectingAtRoot, App. C) tells, for a
   time interval T, whether that can be excluded. */
#ifndef VCCD_FEATURE_H
#define VCCD_FEATURE_H

#include "vccd/arith.h"
#include "vccd/geom.h"
#include "vccd/motion.h"

#include "vccd/export.h"

VCCD_BEGIN_DECLS

typedef enum {
    VCCD_FEATURE_VF = 0,        /* points: p, then face a, b, c */
    VCCD_FEATURE_EE,            /* points: a, b (edge 1), c, d (edge 2) */
    VCCD_FEATURE_VE2D           /* points: p, then edge a, b, in the xy-plane:
                                   z is ignored (a 3D motion is projected) */
} vccd_feature_kind;

/* Name in configs and on the command line: "vertex-face", "edge-edge",
   "vertex-edge-2d"; find returns -1 for an unknown name. */
const char *vccd_feature_kind_name(vccd_feature_kind k);
int vccd_feature_kind_find(const char *name);
/* Points per pair: 4, 4, 3. */
int vccd_feature_kind_npoints(vccd_feature_kind k);

/* One moving point: vertex `vertex` of a per-vertex motion, or the body
   point p (exact doubles) of a rigid motion. */
typedef struct {
    const vccd_motion *m;
    int vertex;
    double p[3];
} vccd_track;

/* Outcome of the inclusion predicate over a time interval T. */
enum {
    VCCD_INCL_NO = 0,       /* proved: the features do not touch at any
                               root of s in T (or at all in T) */
    VCCD_INCL_MAYBE = 1,
    VCCD_INCL_YES = 2       /* proved: every root of s in T is a contact */
};

typedef struct vccd_feature vccd_feature;

/* A feature pair evaluated in arithmetic a (binary64, unrounded or
   mpfr:PREC; "adaptive" is the solver's business and means binary64
   here).  The motions must outlive it and must not change while it
   lives: what does not depend on time (the points' frames) is prepared
   once per arithmetic.  For MPFR they should carry at least a.prec bits
   (vccd_motion_alloc's prec).  NULL when out of memory. */
vccd_feature *vccd_feature_new(vccd_feature_kind kind, const vccd_track *pts, const vccd_arith *a);
/* The same, with the binary64 frames of the rigid points given where
   frames[i] is not NULL: enclosures of point i's frame under its motion,
   as vccd_motion_point_frame_di or vccd_motion_point_frame_lin_di make
   them (a mesh query keeps the latter per vertex).  They enter the
   enclosures unchecked: anything else is unsound. */
vccd_feature *vccd_feature_new_framed(vccd_feature_kind kind, const vccd_track *pts,
                                      const vccd_di_vec3 (*const *frames)[3], const vccd_arith *a);
/* f made again as vccd_feature_new_framed makes a new feature, in f's
   own storage: a search that solves many pairs in turn (the mesh query)
   allocates one feature instead of one per pair (19 kB, a malloc that
   cost as much as a tenth of a tetrahedron pair's solve). */
void vccd_feature_reset_framed(vccd_feature *f, vccd_feature_kind kind, const vccd_track *pts,
                               const vccd_di_vec3 (*const *frames)[3], const vccd_arith *a);
void vccd_feature_free(vccd_feature *f);
/* A feature in the caller's storage (mem: at least VCCD_FEATURE_BYTES,
   aligned as max_align_t), made as vccd_feature_new_framed makes one;
   vccd_feature_clear releases what it holds (MPFR state) without
   freeing mem.  For a search that keeps its state on the stack: the
   mesh query of two tetrahedra made one 19 kB heap feature per query,
   and the allocation (with the fastbin consolidation a large request
   sets off) was 3% of it. */
#define VCCD_FEATURE_BYTES 21504
vccd_feature *vccd_feature_init_framed(void *mem, vccd_feature_kind kind, const vccd_track *pts,
                                       const vccd_di_vec3 (*const *frames)[3], const vccd_arith *a);
void vccd_feature_clear(vccd_feature *f);
/* Switch the working arithmetic (the adaptive re-runs). */
int vccd_feature_set_arith(vccd_feature *f, const vccd_arith *a);
vccd_feature_kind vccd_feature_get_kind(const vccd_feature *f);
const vccd_arith *vccd_feature_get_arith(const vccd_feature *f);

/* s[k] := enclosure of the k-th time derivative of s over every time in
   t (a point or an interval inside [0, 1]), k = 0 .. order (order <= 2).
   Rigorous on binary64 and MPFR. */
void vccd_feature_jet(vccd_di *s, vccd_feature *f, vccd_di t, int order);

/* A pair on straight lines: a vertex-face or edge-edge pair whose four
   points all move on LINE-form motions (linear, vertex-linear), in
   binary64, on its coplanarity function itself (no min-separation
   piece).  Its s is then the cubic c0 + c1 t + c2 t^2 + c3 t^3
   (lib/feature/cubic.h), which this returns 1 for, with c[0..3] := the
   midpoints of the coefficients' enclosures: plain doubles, for guesses
   only (a root finder's Newton steps), never for a proof, which the jets
   give; every later jet of f is the cubic's.  0 otherwise. */
int vccd_feature_linear_guess(double c[4], vccd_feature *f);

/* The same over a time interval t at MPFR precision: the time axis past
   binary64 (lib/solve/refine.c).  f must work in MPFR
   (vccd_feature_set_arith); t's ends are rounded outward to f's
   precision (exact when they fit).  Nothing is cached across these
   calls: each evaluates afresh. */
void vccd_feature_jet_mi(vccd_di *s, vccd_feature *f, vccd_mi_srcptr t, int order);

/* The inclusion predicate over t: VCCD_INCL_NO / MAYBE / YES.  NO rests
   on two rigorous tests: in-plane barycentric signs at a root (with s = 0
   the vertex lies in the face plane, the edges in a common plane), and a
   separating axis along the closest-point direction, which decides the
   degenerate pairs (s = 0 throughout: parallel edges, degenerate
   triangles, zero-length edges, a vertex sliding in the face plane). */
int vccd_feature_inclusion(vccd_feature *f, vccd_di t);
/* The same predicate with the in-plane terms tried before the separating
   tests, for a box where a contact is expected: there the terms say YES
   and the tests, which cannot prove apart what touches, are skipped
   (the axis was two thirds of the predicate's cost on a tetrahedron
   pair's guess).  Its answer may be YES where vccd_feature_inclusion's
   is NO, only over a box in which s does not vanish where the terms
   hold, which no solver certifies (a YES certifies only with a root of
   s proved in the box, and at that root the features touch); it is
   never NO where that one says YES. */
int vccd_feature_inclusion_expect(vccd_feature *f, vccd_di t);
/* vccd_feature_inclusion_expect, its terms as tight as f can make them:
   on a pair on straight lines in binary64, the terms' polynomials
   (lib/feature/cubic.h), which f otherwise makes only once the predicate
   has been asked about a few boxes, from then on.  For a box about a
   root where the cheaper terms left the predicate undecided: near an
   edge the polynomials' enclosures are the tighter (a sample query of
   Tight-Inclusion's cliff edges: NO over a box 1e-6 wide about its root
   from them, MAYBE from the vectors down to 1e-13). */
int vccd_feature_inclusion_tight(vccd_feature *f, vccd_di t);
/* vccd_feature_inclusion over an MPFR time interval, as
   vccd_feature_jet_mi. */
int vccd_feature_inclusion_mi(vccd_feature *f, vccd_mi_srcptr t);

/* Nonzero when binary64 alone proves t free of contact while f works
   in MPFR: 1, s bounded away from 0 over t; 2, the predicate NO there
   (s may vanish: vccd_toc.incl_excluded counts it).  0 decides nothing,
   and always for the other arithmetics.  A binary64 enclosure
   is as much a proof as an MPFR one and costs a small fraction of it, so
   the MPFR runs try it first on each box (lib/solve/solve.c).  Counted
   as binary64 evaluations (weight 1); f's MPFR state is left as it was. */
int vccd_feature_excluded_binary64(vccd_feature *f, vccd_di t);
/* 1 when the features are proved more than d >= 0 apart at every time
   of t, by the separating axis of the inclusion predicate with the gap
   > d |axis|; 0 when that cannot be shown. */
int vccd_feature_apart(vccd_feature *f, vccd_di t, double d);
/* The same for the pair of kind `kind` whose points lie in the boxes
   P[0 .. npoints): 1 when every choice of points in them gives features
   more than d apart (the mesh query's filter, before a feature is
   built). */
int vccd_feature_points_apart(vccd_feature_kind kind, const vccd_di_vec3 *const *P, double d);

/* Feature parameters at a contact in t: vertex-face (u, v) with contact
   point a + u (b - a) + v (c - a); edge-edge (u, v) with contact
   a + u (b - a) = c + v (d - c); vertex-edge (u, 0) with p = a + u (b - a).
   Each is clipped to [0, 1], the whole of it when the pair is
   degenerate there. */
void vccd_feature_params(vccd_di uv[2], vccd_feature *f, vccd_di t);
/* The same over an MPFR time interval, as vccd_feature_jet_mi. */
void vccd_feature_params_mi(vccd_di uv[2], vccd_feature *f, vccd_mi_srcptr t);

/* d := q_B - q_A for closest points q_A of the first feature (vertex,
   or edge P0 P1) and q_B of the second (face, edge or 2D edge) of a pair
   with points P, in plain doubles: a guess of a separating direction,
   which the inclusion predicate then tests rigorously, so its rounding
   cannot make an answer wrong.  Zero-length edges and collinear
   triangles fall back to point-segment distances.  -1 when the features
   meet (d = 0) or P is not finite. */
int vccd_feature_axis(double d[3], vccd_feature_kind kind, const double P[4][3]);

/* Distance pieces (min-separation, doc/query.md).  The distance of a
   vertex p to a triangle abc is <= d iff p lies in one of: the slab over
   the face (|n.(p - a)| <= d |n| with p's projection inside), a capsule
   around an edge (distance to the segment <= d with the projection on
   the segment inside it) or a sphere of radius d around a corner.  Two
   segments ab and cd are within d iff the interior piece holds
   (|u.(e1 x e2)| <= d |e1 x e2| with both closest-point parameters in
   [0, 1]) or an end point is within d of the other segment (capsules:
   c and d against ab, a and b against cd; spheres: a, b against c, d).
   Each piece is g(t) <= 0 for a polynomial in the points (no square
   roots: squared quantities are compared) plus linear constraints, the
   same shape as s and its inclusion predicate, so a feature set to a
   piece hands g to the root finders through vccd_feature_jet and its
   constraints through vccd_feature_inclusion:
       SLAB       VF: (u.n)^2 - d^2 |n|^2, u = p - a, n = e1 x e2,
                  constraints the barycentric signs of the projection;
                  EE: the same with u = c - a, e1 = b - a, e2 = d - c,
                  constraints both lines' closest-point parameters
       CAPSULE_k  |w x e|^2 - d^2 |e|^2 for point q against segment
                  xy, w = q - x, e = y - x, constraints 0 <= w.e <= |e|^2:
                  VF p against ab, bc, ca; EE c, d against ab, a, b
                  against cd; VE2D p against ab
       SPHERE_k   |q - x|^2 - d^2, no constraint: VF p against a, b, c;
                  EE a-c, a-d, b-c, b-d; VE2D p against a, b
   and inclusion NO also when a separating axis proves the whole
   features more than d apart over T.  A root of a piece where its
   constraints hold is a time at which the features are d apart. */
typedef enum {
    VCCD_PIECE_COPLANAR = 0,    /* s itself: contact (the default) */
    VCCD_PIECE_SLAB,
    VCCD_PIECE_CAPSULE_0, VCCD_PIECE_CAPSULE_1, VCCD_PIECE_CAPSULE_2, VCCD_PIECE_CAPSULE_3,
    VCCD_PIECE_SPHERE_0, VCCD_PIECE_SPHERE_1, VCCD_PIECE_SPHERE_2, VCCD_PIECE_SPHERE_3
} vccd_feature_piece;

/* The pieces whose union is "distance <= d" for kind k, in pieces[]
   (at most 9): SLAB (not VE2D), the capsules, the spheres; returns
   their number. */
int vccd_feature_pieces(vccd_feature_piece *pieces, vccd_feature_kind k);
/* Make f evaluate piece p with margin d >= 0 (d is exact, a double);
   COPLANAR restores s.  -1 (f unchanged) when p does not exist for f's
   kind or d is not finite and >= 0. */
int vccd_feature_set_piece(vccd_feature *f, vccd_feature_piece p, double d);

/* Evaluations of s (jets) and of the predicate since creation. */
long vccd_feature_evals(const vccd_feature *f);
/* The evaluations so far weighted by their cost in units of a binary64
   evaluation (vccd_feature_eval_weight): the solver's work budget. */
long vccd_feature_work(const vccd_feature *f);
/* The weight of one evaluation in arithmetic a: 1 for binary64 and
   unrounded, more for MPFR, growing with the precision. */
long vccd_feature_eval_weight(const vccd_arith *a);

VCCD_END_DECLS

#endif
