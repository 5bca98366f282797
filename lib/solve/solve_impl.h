/* solve_impl.h -- what the search (solve.c) shares with the refinement
   of its answer on an MPFR time axis (refine.c).  Internal to
   lib/solve. */
#ifndef VCCD_SOLVE_IMPL_H
#define VCCD_SOLVE_IMPL_H

#include "vccd/solver.h"

/* The work budget of one vccd_solve, spanning all its runs. */
typedef struct {
    long boxes;                 /* boxes popped so far */
    long work0;                 /* vccd_feature_work at the start */
} solve_budget;

/* 1 when one more box would go past o's budgets (and counts it). */
int solve_over_budget(solve_budget *bud, vccd_feature *f, const vccd_solve_opts *o);

/* r := the leftmost-first search of [a, b] (doubles) again, on pt-bit
   time (53 <= pt <= VCCD_TIME_PREC_MAX) with f in its current MPFR
   arithmetic: certified (hi - lo <= eps_t, or eps_t = 0 and lo, hi
   neighbours at pt bits), possible ([a, lo) proved free, [lo, hi]
   undecided; limited when a budget ran out, hi then being `bound`), or
   none ([a, b] proved free).  r's counts are added to; its exact ends
   are set.  bound: a time by which a contact is known (b when [a, b]
   was certified), else o->t1. */
void solve_refine(vccd_toc *r, vccd_feature *f, const vccd_solve_opts *o, double a, double b, double bound,
                  mpfr_prec_t pt, solve_budget *bud);

#endif
