/* solver.h -- first time of contact of a feature pair, with proof.

   vccd_solve searches [t0, t1] leftmost first: it pops the leftmost
   unresolved time box, discards it when the coplanarity function s cannot
   vanish on it (0 not in S(X)) or the inclusion predicate excludes it,
   lets the solver contract it (solvers/: bisection, taylor-lagrange,
   newton), and otherwise bisects.  Everything it discards is proved
   contact-free, so the invariant is: [t0, lo) holds no contact.

   A solver is one file in solvers/ that fills a vccd_solver_type and one
   line in SOLVER_SOURCES (Makefile.am); doc/adding-a-solver.md.

   A box of width <= eps_t proved to hold a contact is the answer
   (certified).  One that can be neither certified nor excluded is split
   on down to eps_t * VCCD_SOLVE_DECIDE, within VCCD_SOLVE_REFINE_BOXES
   further boxes, before the first undecided box is reported possible:
   near misses closer than eps_t are then excluded instead of reported.
   The search's time is binary64 (feature.h): boxes also stop shrinking
   when no double lies strictly inside.  An answer wider than eps_t
   (or, eps_t = 0, than one ulp at lo, or one left undecided there) is
   searched again on P-bit MPFR time (lib/solve/refine.c), and then has
   exact ends (vccd_toc.lo_exact, hi_exact); binary64 and unrounded
   have no such axis, so vccd_solve_opts_check refuses an eps_t below
   their resolution. */
#ifndef VCCD_SOLVER_H
#define VCCD_SOLVER_H

#include <stddef.h>
#include <string.h>

#include "vccd/config.h"
#include "vccd/error.h"
#include "vccd/feature.h"
#include "vccd/time.h"

#include "vccd/export.h"

VCCD_BEGIN_DECLS

typedef enum {
    VCCD_TOC_NONE = 0,          /* proved: no contact in [t0, t1] */
    VCCD_TOC_CERTIFIED,         /* proved: first contact lies in [lo, hi] */
    VCCD_TOC_POSSIBLE           /* no contact in [t0, lo); [lo, hi] could
                                   not be decided (within the limits) */
} vccd_toc_status;

const char *vccd_toc_status_name(vccd_toc_status s);

typedef struct {
    vccd_toc_status status;
    double lo, hi;              /* the TOC enclosure (none: lo = hi = t1),
                                   rounded outward to doubles */
    vccd_di param[2];           /* feature parameters at contact (feature.h) */
    long boxes;                 /* boxes popped */
    long evals;                 /* evaluations of s and of the predicate */
    long incl_excluded;         /* boxes discarded by the inclusion
                                   predicate (in MPFR runs, also by its
                                   binary64 pre-test): 0
                                   means every time of [t0, lo) was
                                   discarded by s itself, so s has no
                                   zero there -- a proof about the
                                   coplanarity function, not only about
                                   contacts (the mesh query's window
                                   plane, lib/query/window.c) */
    int escalations;            /* adaptive: re-runs at higher precision */
    mpfr_prec_t prec;           /* precision of the final run (53 binary64) */
    int limited;                /* stopped by max_boxes or max_work */
    /* lo and hi exactly (time.h): set when the time axis was refined past
       binary64, else unset (= lo, hi).  Last, so that a solve on binary64
       time zeroes and copies only their precisions (VCCD_TOC_ZERO). */
    vccd_time lo_exact, hi_exact;
} vccd_toc;

/* Zero *r but the limbs of its exact ends, which a zero prec leaves
   unread: 350 bytes fewer to clear per solve, a tenth of an easy
   binary64 query's time. */
#define VCCD_TOC_ZERO(r)                                                        \
    do {                                                                        \
        memset((r), 0, offsetof(vccd_toc, lo_exact));                           \
        (r)->lo_exact.prec = (r)->hi_exact.prec = 0;                            \
    } while (0)

#define VCCD_SOLVE_DECIDE 0x1p-16
/* The default work budget: at most about 0.4 s of rotating-pair
   evaluations on one idle core of the benchmark machine, in any
   arithmetic, so that a loaded core stays under 1 s (doc/solvers.md). */
#define VCCD_SOLVE_MAX_WORK 300000L
/* The largest max_work accepted ([solver] max_work, --max-work). */
#define VCCD_SOLVE_MAX_WORK_LIMIT 1000000000000L
#define VCCD_SOLVE_REFINE_BOXES 4096

/* A time box; root = 1 when s is proved to vanish somewhere in it. */
typedef struct {
    double lo, hi;
    int root;
} vccd_box;

typedef struct vccd_solve_opts_ vccd_solve_opts;

/* At most this many boxes out of one contraction. */
#define VCCD_SOLVER_MAX_OUT 3

typedef struct {
    const char *name;           /* [solver] type = NAME */
    const char *summary;        /* one line, with its source */
    /* out[0 .. n) := boxes, left to right, disjoint but for end points,
       inside x, that hold every root of s in x (n = 0: s has none);
       s0 encloses s over x.  Must be rigorous on rigorous backends: a
       root dropped here is a contact missed.  Returning x itself means
       "no progress"; the driver then bisects. */
    int (*contract)(vccd_box *out, vccd_feature *f, const vccd_box *x, vccd_di s0);
    /* Optional (NULL: none): answer the whole query before the box
       search, in f's binary64 arithmetic, over [o->t0, o->t1].  1 with
       r's status NONE, CERTIFIED (hi - lo within vccd_solve_eps_at) or
       POSSIBLE ([t0, lo) proved free, [lo, hi] within vccd_solve_eps_at
       and undecided at the root it holds), lo, hi and param set -- the
       same proofs as the search's; 0 to leave the query to the search,
       having claimed nothing (r's boxes and evals may have grown, and
       count).  A POSSIBLE answer goes on as the search's would: adaptive
       re-runs, refinement, widening.  solvers/cubic.c: the pairs on
       straight lines. */
    int (*first)(vccd_toc *r, vccd_feature *f, const vccd_solve_opts *o);
} vccd_solver_type;

/* The registry (solver/list.h, generated from SOLVER_SOURCES). */
const vccd_solver_type *vccd_solver_type_find(const char *name);
int vccd_solver_type_count(void);
const vccd_solver_type *vccd_solver_type_get(int i);
/* "bisection, taylor-lagrange, newton": the registered names, for
   messages (truncated to fit buf). */
const char *vccd_solver_type_names(char *buf, int n);

struct vccd_solve_opts_ {
    const vccd_solver_type *solver;
    vccd_arith arith;           /* adaptive: binary64, then MPFR */
    mpfr_prec_t max_precision;  /* adaptive: the last precision tried */
    double eps_t;               /* the most width of a certified [lo, hi]:
                                   >= vccd_solve_eps_t_min, or 0 for one
                                   binary64 ulp of time at lo */
    long max_boxes;             /* boxes per query, over all its runs */
    long max_work;              /* evaluations per query, weighted by cost
                                   (vccd_feature_work), over all its runs */
    double t0, t1;              /* the time domain, inside [0, 1] */
    /* 1: the caller expects a contact in the domain (a hint, never a
       proof): the first box goes to the contraction without the
       inclusion predicate, which over a whole domain that holds a
       contact can only say "maybe" */
    int expect_contact;
};

/* Defaults: cubic (taylor-lagrange but on straight lines), binary64, eps_t 1e-6, max_boxes 100000,
   max_work VCCD_SOLVE_MAX_WORK,
   max_precision 1024, [0, 1]. */
void vccd_solve_opts_init(vccd_solve_opts *o);

/* The smallest eps_t > 0 that o's arithmetic resolves in time: 2^-53
   on binary64 time (binary64, unrounded: the gap between neighbouring
   doubles below 1), 2^-P at mpfr:P and 2^-max_precision under adaptive
   (P capped at VCCD_TIME_PREC_MAX).  eps_t = 0 asks for the two
   binary64 neighbours of the contact, on every arithmetic. */
double vccd_solve_eps_t_min(const vccd_solve_opts *o);
/* 0, or -1 with e set (naming who, the caller) when o->eps_t is not 0
   and not in [vccd_solve_eps_t_min(o), 1], or the time domain is not
   inside [0, 1]: a certified answer could not keep hi - lo <= eps_t.
   vccd_solve_opts_from_config and the one-call API (toc.h) check it. */
int vccd_solve_opts_check(const vccd_solve_opts *o, const char *who, vccd_error *e);

/* The width a certified answer from lo may have: eps_t, or for eps_t =
   0 one binary64 ulp of time at lo (next_up(lo) - lo). */
double vccd_solve_eps_at(const vccd_solve_opts *o, double lo);

/* Read [solver] (type, eps_t, max_boxes, max_work) and [arithmetic] (backend,
   max_precision) of c into o, keys absent keeping their values; -1 with
   e naming file, line and key on bad input. */
int vccd_solve_opts_from_config(vccd_solve_opts *o, vccd_config *c, vccd_error *e);

/* The first contact of f's pair in [o->t0, o->t1].  f's arithmetic is
   set from o (and restored to o->arith's binary64 or MPFR after the
   adaptive re-runs). */
void vccd_solve(vccd_toc *r, vccd_feature *f, const vccd_solve_opts *o);

/* Min-separation: the first time in [o->t0, o->t1] at which the
   distance between f's features can be <= d (d >= 0).  [t0, lo) is
   proved to keep them more than d apart; certified: the distance is
   <= d at some time in [lo, hi].  The distance is first <= d either at
   t0 or at a root of one of the pieces (feature.h) where that piece's
   constraints hold (the closest points' region there), so the answer is
   the earliest of a check at t0 and one vccd_solve per piece.
   skip: the pieces left out (bit 1 << piece), whose part of the
   distance some other pair answers: the mesh query keeps an edge-edge
   pair's interior piece alone (its vertex-face pairs hold the ends), and
   a face's capsules and spheres only for the edges and corners its
   triangle owns (mesh.h), so that a vertex against an edge or a corner
   is solved once, not once per triangle around it; the statement then
   holds for the pieces solved.  d = 0 is the contact query itself (vccd_solve), whose s has
   the simple roots that the pieces' squares would double.  f is left
   on VCCD_PIECE_COPLANAR; r's counts add up the pieces' runs. */
void vccd_solve_minsep(vccd_toc *r, vccd_feature *f, double d, unsigned skip, const vccd_solve_opts *o);

/* Helpers for solvers. */
/* The box [lo, hi] of x clipped to x; empty (returns 0) when lo > hi. */
int vccd_box_clip(vccd_box *out, const vccd_box *x, double lo, double hi);

VCCD_END_DECLS

#endif
