/* solve.c -- the leftmost-first search shared by every solver, and the
   adaptive-precision re-runs.  Solvers only contract boxes (solver.h);
   the exclusion tests, the stopping rule and the certification live here
   once, so that no solver can weaken the invariant that [t0, lo) is
   proved contact-free. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vccd/grow.h"
#include "vccd/solver.h"
#include "solve/solve_impl.h"

#define VCCD_SOLVER(name) extern const vccd_solver_type vccd_solver_##name;
#include "solve/list.h"
#undef VCCD_SOLVER
#define VCCD_SOLVER(name) &vccd_solver_##name,
static const vccd_solver_type *const registry[] = {
#include "solve/list.h"
};
#undef VCCD_SOLVER

int vccd_solver_type_count(void) { return (int)(sizeof registry / sizeof registry[0]); }

const vccd_solver_type *
vccd_solver_type_get(int i)
{
    return i >= 0 && i < vccd_solver_type_count() ? registry[i] : NULL;
}

const vccd_solver_type *
vccd_solver_type_find(const char *name)
{
    for (int i = 0; i < vccd_solver_type_count(); i++)
        if (strcmp(registry[i]->name, name) == 0)
            return registry[i];
    return NULL;
}

const char *
vccd_solver_type_names(char *buf, int n)
{
    int k = 0;
    buf[0] = '\0';
    for (int i = 0; i < vccd_solver_type_count() && k < n; i++)
        k += snprintf(buf + k, (size_t)(n - k), "%s%s", i ? ", " : "", registry[i]->name);
    return buf;
}

const char *
vccd_toc_status_name(vccd_toc_status s)
{
    switch (s) {
    case VCCD_TOC_NONE: return "none";
    case VCCD_TOC_CERTIFIED: return "certified";
    default: return "possible";
    }
}

int
vccd_box_clip(vccd_box *out, const vccd_box *x, double lo, double hi)
{
    out->lo = lo > x->lo ? lo : x->lo;
    out->hi = hi < x->hi ? hi : x->hi;
    out->root = 0;
    return out->lo <= out->hi;
}

/* The stack of pending boxes, leftmost on top: in a small array of its
   own until it outgrows it (an easy query pushes one box, and its malloc
   and free were a tenth of the solve). */
#define LOCAL_BOXES 32
typedef struct {
    vccd_box *b;
    long n, cap;
    vccd_box local[LOCAL_BOXES];
} box_stack;

static void
stack_init(box_stack *s)
{
    s->b = s->local;
    s->n = 0;
    s->cap = LOCAL_BOXES;
}

static void
stack_clear(box_stack *s)
{
    if (s->b != s->local)
        free(s->b);
}

static int
push(box_stack *s, vccd_box b)
{
    if (s->n == s->cap) {
        vccd_box *heap = NULL;
        long cap = s->n;        /* vccd_grow doubles it */
        if (s->b == s->local) {
            if (vccd_grow((void **)&heap, &cap, s->n, sizeof *heap) != 0)
                return -1;
            memcpy(heap, s->local, (size_t)s->n * sizeof *heap);
            s->b = heap;
            s->cap = cap;
        } else if (vccd_grow((void **)&s->b, &s->cap, s->n, sizeof *s->b) != 0) {
            return -1;
        }
    }
    s->b[s->n++] = b;
    return 0;
}

/* No double lies strictly inside x: time cannot be resolved further. */
static int
at_resolution(const vccd_box *x)
{
    return !(vccd_fp_next_up(x->lo) < x->hi);
}

/* Is a root of s proved in x?  Either a contraction proved it, or s has
   opposite (or zero) signs at the ends, by continuity. */
static int
root_proved(vccd_feature *f, const vccd_box *x)
{
    vccd_di a, b;
    if (x->root)
        return 1;
    vccd_feature_jet(&a, f, vccd_di_set_d(x->lo), 0);
    vccd_feature_jet(&b, f, vccd_di_set_d(x->hi), 0);
    /* a NaN end (an overflow) proves no sign */
    if (vccd_di_is_empty(a) || vccd_di_is_empty(b))
        return 0;
    return (a.hi <= 0.0 && b.lo >= 0.0) || (a.lo >= 0.0 && b.hi <= 0.0);
}

/* Is a root of s proved in [lo, hi]: s of strict sign at lo, of the
   other sign or zero at hi? */
static int
sign_change(vccd_feature *f, double lo, double hi)
{
    vccd_di a, b;
    vccd_feature_jet(&a, f, vccd_di_set_d(lo), 0);
    if (vccd_di_is_empty(a) || !(a.lo > 0.0 || a.hi < 0.0))
        return 0;
    vccd_feature_jet(&b, f, vccd_di_set_d(hi), 0);
    return !vccd_di_is_empty(b) && ((a.lo > 0.0 && b.hi <= 0.0) || (a.hi < 0.0 && b.lo >= 0.0));
}

/* Is a contact proved in [lo, hi] (sign change of s at the ends and the
   predicate YES over it)? */
static int
contact_in(vccd_feature *f, double lo, double hi)
{
    return sign_change(f, lo, hi) && vccd_feature_inclusion(f, vccd_di_set_2d(lo, hi)) == VCCD_INCL_YES;
}

/* Is a contact proved in the undecided box x (width <= eps_t), whose
   predicate value is incl?  *c := the certified box, of width <= eps_t.
   Everything before x.lo is excluded, so a contact proved in any window
   [l, r] with r - x.lo <= eps_t makes [x.lo, r] hold the first one, even
   when l < x.lo.  Windows other than x itself matter when s cannot be
   resolved from 0 at an end of x: a bisection point on a dyadic root, or
   an end that a contraction put within rounding of the root. */
/* The windows depend on x.lo alone, and the refinement pops box after
   box with the same lo (the left half of a split keeps it): memo records
   which windows already failed for the lo of memo->lo. */
typedef struct {
    double lo;
    int failed[2];
} window_memo;

static int
certify(vccd_box *c, vccd_feature *f, const vccd_box *x, int incl, const vccd_solve_opts *o, window_memo *memo)
{
    double h = 0.5 * o->eps_t, win[2][2];
    *c = *x;
    if (incl == VCCD_INCL_YES && root_proved(f, x))
        return 1;
    if (memo->lo != x->lo) {
        memo->lo = x->lo;
        memo->failed[0] = memo->failed[1] = 0;
    }
    /* centred on x.lo, and starting at x.lo; ends rounded inwards */
    win[0][0] = x->lo - h < o->t0 ? o->t0 : vccd_fp_next_up(x->lo - h);
    win[0][1] = x->lo + h > o->t1 ? o->t1 : vccd_fp_next_down(x->lo + h);
    win[1][0] = x->lo;
    win[1][1] = x->lo + o->eps_t > o->t1 ? o->t1 : vccd_fp_next_down(x->lo + o->eps_t);
    for (int k = 0; k < 2; k++) {
        if (memo->failed[k] || !(win[k][0] < win[k][1]) || (win[k][0] == x->lo && win[k][1] == x->hi))
            continue;
        if (contact_in(f, win[k][0], win[k][1])) {
            c->hi = win[k][1];
            c->root = 1;
            return 1;
        }
        memo->failed[k] = 1;
    }
    return 0;
}

/* Did the contraction hand x back whole (as one of its pieces)?  Then
   it made no progress, and popping x again would loop. */
static int
returned_whole(const vccd_box *out, int n, const vccd_box *x)
{
    for (int i = 0; i < n; i++)
        if (out[i].lo == x->lo && out[i].hi == x->hi)
            return 1;
    return 0;
}

/* Record the leftmost undecided box x (width <= eps_t or at resolution)
   as the answer. */
static void
finish(vccd_toc *r, vccd_feature *f, const vccd_box *x, vccd_toc_status status)
{
    r->lo = x->lo;
    r->hi = x->hi;
    r->status = status;
    vccd_feature_params(r->param, f, vccd_di_set_2d(x->lo, x->hi));
}

/* r, just found possible (its box undecided at the decision width or
   at resolution), made to reach the contact it may stand before: near
   a simple root binary64 leaves a few ulps undecided around it, and the
   leftmost of them lies wholly before the root.  Windows about r.lo
   growing sixteenfold up to the whole domain are tried for a proved
   contact (certify's test); the first found gives hi (certified when
   that is within eps_t).  [t0, lo) stays proved whatever the window, so
   any window is sound; at most 2 * WIDEN_STEPS jets and WIDEN_STEPS
   predicates (16^20 covers [0, 1] from below 1e-24, past any box at
   binary64 resolution). */
#define WIDEN_STEPS 20
static void
widen(vccd_toc *r, vccd_feature *f, const vccd_solve_opts *o)
{
    double w = r->hi - r->lo;
    if (!(w > 0.0))
        w = vccd_fp_next_up(r->lo) - r->lo;
    for (int k = 0; k < WIDEN_STEPS; k++) {
        double l, h;
        w *= 16.0;
        l = r->lo - 0.5 * w;
        h = r->lo + 0.5 * w;
        l = l < o->t0 ? o->t0 : l;
        h = h > o->t1 ? o->t1 : h;
        if (!(l < h) || !(h > r->hi))
            continue;
        if (sign_change(f, l, h)) {
            /* A window with a root but the predicate undecided over it
               ends the widening: a wider one only widens its enclosures
               (a contact on an edge, the boundary pairs, stays possible;
               trying on was 2.3x their binary64 time). */
            if (vccd_feature_inclusion(f, vccd_di_set_2d(l, h)) != VCCD_INCL_YES)
                return;
            r->hi = h;
            if (vccd_di_sub(vccd_di_set_d(h), vccd_di_set_d(r->lo)).hi <= o->eps_t)
                r->status = VCCD_TOC_CERTIFIED;
            vccd_feature_params(r->param, f, vccd_di_set_2d(r->lo, h));
            return;
        }
        if (l == o->t0 && h == o->t1)
            return;
    }
}

int
solve_over_budget(solve_budget *bud, vccd_feature *f, const vccd_solve_opts *o)
{
    return ++bud->boxes > o->max_boxes || vccd_feature_work(f) - bud->work0 > o->max_work;
}

/* Search [start, end] leftmost first (none: lo = hi = end).  quick64:
   try binary64 on each box before f's MPFR (vccd_feature_excluded_binary64). */
static void
run(vccd_toc *r, vccd_feature *f, const vccd_solve_opts *o, double start, double end, solve_budget *bud, int quick64)
{
    box_stack st;
    /* one more than a solver may return: bisecting its first box adds one */
    vccd_box x, out[VCCD_SOLVER_MAX_OUT + 1];
    long evals0 = vccd_feature_evals(f), refine = 0;
    int first = 1, skip_incl;
    window_memo memo = { NAN, { 0, 0 } };

    stack_init(&st);
    r->status = VCCD_TOC_NONE;
    r->lo = r->hi = end;
    r->param[0] = r->param[1] = vccd_di_entire();
    r->limited = 0;
    x.lo = start;
    x.hi = end;
    x.root = 0;
    if (push(&st, x) != 0)
        goto out_of_memory;
    while (st.n > 0) {
        vccd_di s0, t;
        int incl, n, k64;

        x = st.b[--st.n];
        r->boxes++;
        /* the predicate only prunes: skipping it never drops a root */
        skip_incl = o->expect_contact && first && x.hi - x.lo > o->eps_t;
        first = 0;
        if (solve_over_budget(bud, f, o)) {
            r->status = VCCD_TOC_POSSIBLE;
            r->lo = x.lo;
            r->hi = o->t1;
            r->limited = 1;
            break;
        }
        t = vccd_di_set_2d(x.lo, x.hi);
        if (quick64 && (k64 = vccd_feature_excluded_binary64(f, t)) != 0) {
            r->incl_excluded += k64 == 2;
            continue;
        }
        if (x.root || skip_incl) {
            /* s is proved to vanish in x: its enclosure holds 0 and
               excludes nothing (no solver reads s0).  Likewise for the
               first box of an expected contact, over which s holds 0
               but for a wrong hint, whose box the contraction then
               excludes itself: the order-0 jet over the whole domain
               was a fifth of the jets of the tetrahedron pair's guess. */
            s0 = vccd_di_entire();
        } else {
            vccd_feature_jet(&s0, f, t, 0);
            /* NaN or empty bounds (overflow) must not exclude anything. */
            if (!vccd_di_is_empty(s0) && (s0.lo > 0.0 || s0.hi < 0.0))
                continue;
        }
        /* Where a root of s is proved in x, the terms decide first: at a
           root they say YES or NO alone unless the contact is on an edge.
           With a root in x the two orders give the same decision (they
           differ only over a box where s does not vanish where the terms
           hold, feature.h), and this one skips the separating tests,
           which cannot prove apart a pair that touches. */
        incl = skip_incl                     ? VCCD_INCL_MAYBE
               : o->expect_contact || x.root ? vccd_feature_inclusion_expect(f, t)
                                             : vccd_feature_inclusion(f, t);
        if (incl == VCCD_INCL_NO) {
            r->incl_excluded++;
            continue;
        }
        if (x.hi - x.lo <= o->eps_t || at_resolution(&x)) {
            /* Report the first box that is proved to hold a contact.  One
               that is merely undecided is split on, down to the decision
               width, so that near misses closer than eps_t are excluded
               rather than reported -- within a budget of boxes per run,
               since near a double root (grazing) the pieces that cannot
               be excluded multiply as they shrink. */
            vccd_box c;
            if (certify(&c, f, &x, incl, o, &memo)) {
                finish(r, f, &c, VCCD_TOC_CERTIFIED);
                break;
            }
            if (x.hi - x.lo <= o->eps_t * VCCD_SOLVE_DECIDE || at_resolution(&x)
                || ++refine > VCCD_SOLVE_REFINE_BOXES) {
                /* Contractions go on below the decision width while they
                   make progress (within the refinement budget): the
                   box's own enclosure of s holds 0 near a root at any
                   precision (its width is |s'| width(x) at least), but a
                   Taylor or Newton step from an end narrows the root
                   down to a few ulps, where the predicate decides. */
                if (!at_resolution(&x) && ++refine <= VCCD_SOLVE_REFINE_BOXES) {
                    n = o->solver->contract(out, f, &x, s0);
                    if (n == 0)
                        continue;
                    if (!returned_whole(out, n, &x) && out[0].hi - out[0].lo < 0.5 * (x.hi - x.lo)) {
                        for (int i = n - 1; i >= 0; i--)
                            if (push(&st, out[i]) != 0)
                                goto out_of_memory;
                        continue;
                    }
                }
                finish(r, f, &x, VCCD_TOC_POSSIBLE);
                break;
            }
        }
        n = o->solver->contract(out, f, &x, s0);
        if (returned_whole(out, n, &x)) {
            vccd_di left, right;
            vccd_di_bisect(&left, &right, t);
            out[0] = (vccd_box){ left.lo, left.hi, 0 };
            out[1] = (vccd_box){ right.lo, right.hi, 0 };
            n = 2;
        } else if (n >= 1 && out[0].hi - out[0].lo > 0.5 * (x.hi - x.lo) && !at_resolution(&out[0])) {
            /* Too little progress: bisect the leftmost piece as well (the
               thesis' hybrid, 5.2.1). */
            vccd_di left, right;
            vccd_di_bisect(&left, &right, vccd_di_set_2d(out[0].lo, out[0].hi));
            for (int i = n; i > 1; i--)
                out[i] = out[i - 1];
            out[0] = (vccd_box){ left.lo, left.hi, 0 };
            out[1] = (vccd_box){ right.lo, right.hi, 0 };
            n++;
        }
        for (int i = n - 1; i >= 0; i--)
            if (push(&st, out[i]) != 0)
                goto out_of_memory;
    }
    stack_clear(&st);
    r->evals += vccd_feature_evals(f) - evals0;
    return;
out_of_memory:
    /* Keep the invariant: what was not searched stays possible. */
    stack_clear(&st);
    r->status = VCCD_TOC_POSSIBLE;
    r->lo = x.lo;
    r->hi = o->t1;
    r->limited = 1;
    r->evals += vccd_feature_evals(f) - evals0;
}

/* r's answer := sub's (status, enclosure, parameters, limit), keeping
   r's counts, which take sub's added. */
static void
take(vccd_toc *r, const vccd_toc *sub)
{
    r->status = sub->status;
    r->lo = sub->lo;
    r->hi = sub->hi;
    vccd_time_copy(&r->lo_exact, &sub->lo_exact);
    vccd_time_copy(&r->hi_exact, &sub->hi_exact);
    r->param[0] = sub->param[0];
    r->param[1] = sub->param[1];
    r->limited = sub->limited;
    r->boxes += sub->boxes;
    r->evals += sub->evals;
    r->incl_excluded += sub->incl_excluded;
}

/* Adaptive: while the answer is undecided for want of precision, re-run
   in MPFR on binary64 time. */
static void
escalate(vccd_toc *r, vccd_feature *f, const vccd_solve_opts *o, solve_budget *bud)
{
    /* While the answer is undecided for want of precision, re-run
       in MPFR: the undecided box [lo, hi] first, and only when that is
       excluded the rest of the step after it.  Stop when a run is still
       undecided inside the previous box, or from the same lo (more bits
       will not decide a true touching contact) or at max_precision.
       Every run draws on the one work budget, so no escalation can go
       past it: the answer is then possible from the proved lo on.
       (Re-examining only the undecided box and resuming binary64 after it
       was measured: on the sliding contacts of the benchmark queries
       binary64 then stalls box after box, and fp went from 0 to 90.)
       The first re-run is at 127 bits, not 106 as before: the same two
       64-bit limbs, on MPFR's two-limb fast paths (below 128 bits; 128
       itself measured slower), and enough for the slowest sample query
       (erleben-spikes edge-edge line 297: undecided at 106 and 110 bits,
       decided from 113 on), which then escalates once instead of twice
       (317 -> 185 evaluations).  Then whole limbs: 256, 512, ... */
    for (mpfr_prec_t p = 127; r->status == VCCD_TOC_POSSIBLE && !r->limited; p = p < 128 ? 256 : 2 * p) {
        vccd_arith m = { VCCD_ARITH_MPFR, p < o->max_precision ? p : o->max_precision };
        vccd_toc prev = *r, sub;
        int inside;
        if (m.prec <= r->prec)
            break;
        memset(&sub, 0, sizeof sub);
        vccd_feature_set_arith(f, &m);
        r->escalations++;
        r->prec = m.prec;
        /* The undecided box first: a contact that really touches stays
           undecided there, and re-running the whole rest of the step to
           find that out again cost a hundred MPFR boxes (most of the
           slowest benchmark queries).  Only when the box is excluded
           does the run go on, in MPFR, over the rest of the step. */
        run(&sub, f, o, prev.lo, prev.hi, bud, 0);
        inside = 1;
        if (sub.status == VCCD_TOC_NONE && prev.hi < o->t1 && !sub.limited) {
            r->boxes += sub.boxes;
            r->evals += sub.evals;
            r->incl_excluded += sub.incl_excluded;
            memset(&sub, 0, sizeof sub);
            run(&sub, f, o, prev.hi, o->t1, bud, 0);
            inside = 0;
        }
        take(r, &sub);
        /* Still undecided inside the box that fewer bits left undecided:
           more bits will not decide it either (measured: a third run at
           212 bits changed no fn or fp on the benchmark queries). */
        if (r->status == VCCD_TOC_POSSIBLE && (inside || r->lo == prev.lo))
            break;
    }
}

double
vccd_solve_eps_at(const vccd_solve_opts *o, double lo)
{
    return o->eps_t > 0.0 ? o->eps_t : vccd_fp_next_up(lo) - lo;
}

/* Is r's box wider than eps_t asks (eps_t = 0: one binary64 ulp at lo),
   exactly? */
static int
wider_than_asked(const vccd_toc *r, const vccd_solve_opts *o)
{
    double w = vccd_solve_eps_at(o, r->lo);
    if (!r->lo_exact.prec && !r->hi_exact.prec)
        return !(vccd_di_sub(vccd_di_set_d(r->hi), vccd_di_set_d(r->lo)).hi <= w);
    return !vccd_time_diff_le(&r->hi_exact, r->hi, &r->lo_exact, r->lo, w);
}

/* The MPFR precision the time refinement of an adaptive solve starts
   at: enough bits for eps_t with 32 to spare for the evaluation's own
   rounding, at least the last run's and 127 (escalate's first). */
static mpfr_prec_t
fine_start_prec(const vccd_toc *r, const vccd_solve_opts *o)
{
    mpfr_prec_t p = r->prec > 127 ? r->prec : 127;
    if (o->eps_t > 0.0) {
        int ex;
        frexp(o->eps_t, &ex);
        if (-ex + 32 > p)
            p = -ex + 32;
    }
    return p < o->max_precision ? p : o->max_precision;
}

/* Bring r's box down to eps_t on the MPFR time axis (refine.c) where
   binary64 time could not: a certified box wider than eps_t, or (eps_t
   = 0) an undecided one at binary64 resolution, which finer time may
   decide -- a pair of a mesh contact at a vertex, say, whose lines cross
   an ulp before it near a segment's end: one ulp of time is too coarse
   for the predicate to exclude, 2^-113 of it is not.  A box the
   refinement excludes sends the search on after it.  Adaptive: the
   precision doubles while the box stays undecided, up to
   max_precision. */
static void
fine(vccd_toc *r, vccd_feature *f, const vccd_solve_opts *o, solve_budget *bud)
{
    vccd_arith a = o->arith, m;
    mpfr_prec_t pe;
    if (a.kind != VCCD_ARITH_MPFR && a.kind != VCCD_ARITH_ADAPTIVE)
        return;
    pe = a.kind == VCCD_ARITH_MPFR ? a.prec : fine_start_prec(r, o);
    for (;;) {
        vccd_toc sub, prev;
        vccd_solve_opts oo = *o;
        /* time at the evaluation's bits (at least binary64's) */
        mpfr_prec_t pt = pe < 53 ? 53 : pe < VCCD_TIME_PREC_MAX ? pe : VCCD_TIME_PREC_MAX;
        if (r->status == VCCD_TOC_NONE || r->limited
            || !(wider_than_asked(r, o) || (o->eps_t == 0.0 && r->status == VCCD_TOC_POSSIBLE)))
            return;
        /* eps_t = 0 is one binary64 ulp at the contact: the refinement's
           boxes stop there, with exact P-bit ends */
        oo.eps_t = vccd_solve_eps_at(o, r->lo);
        memset(&sub, 0, sizeof sub);
        m = (vccd_arith){ VCCD_ARITH_MPFR, pe };
        vccd_feature_set_arith(f, &m);
        if (pe > r->prec)
            r->prec = pe;
        prev = *r;
        solve_refine(&sub, f, &oo, r->lo, r->hi, r->status == VCCD_TOC_CERTIFIED ? r->hi : o->t1, pt, bud);
        if (sub.status == VCCD_TOC_NONE) {
            /* [lo, hi] holds no contact after all: search on after it,
               as the solve began */
            double from = r->hi;
            r->boxes += sub.boxes;
            r->evals += sub.evals;
            memset(&sub, 0, sizeof sub);
            vccd_feature_set_arith(f, &a);
            run(&sub, f, o, from, o->t1, bud, a.kind == VCCD_ARITH_MPFR);
            take(r, &sub);
            continue;
        }
        take(r, &sub);
        /* a contact was proved by prev.hi: a box the refinement leaves
           undecided still reaches it */
        if (prev.status == VCCD_TOC_CERTIFIED && sub.status == VCCD_TOC_POSSIBLE
            && vccd_time_cmp(&r->hi_exact, r->hi, &prev.hi_exact, prev.hi) < 0) {
            r->hi = prev.hi;
            r->hi_exact = prev.hi_exact;
        }
        if (sub.status == VCCD_TOC_POSSIBLE && !sub.limited && a.kind == VCCD_ARITH_ADAPTIVE
            && pe < o->max_precision) {
            pe = 2 * pe < o->max_precision ? 2 * pe : o->max_precision;
            continue;
        }
        return;
    }
}

void
vccd_solve(vccd_toc *r, vccd_feature *f, const vccd_solve_opts *o)
{
    vccd_arith a = o->arith;
    solve_budget bud = { 0, vccd_feature_work(f) };

    VCCD_TOC_ZERO(r);
    vccd_feature_set_arith(f, &a);
    r->prec = vccd_feature_get_arith(f)->prec;
    /* In MPFR, most boxes away from a contact are decided by binary64
       already, for a twentieth of the cost: mpfr:113's median on the
       benchmark queries went from 21151 to 4488 instructions.  Not in
       the adaptive re-runs, which start where binary64 failed (there it
       added 3 queries over 100 us). */
    /* A solver's own answer for the whole query (solvers/cubic.c), else
       the search; only binary64 has one */
    if (o->solver->first && vccd_feature_get_arith(f)->kind == VCCD_ARITH_BINARY64) {
        int done = o->solver->first(r, f, o);
        /* its boxes count against max_boxes, as its evaluations already
           do against max_work: in the search after it, and in the
           adaptive re-runs after a possible answer of its own */
        bud.boxes = r->boxes;
        if (!done)
            run(r, f, o, o->t0, o->t1, &bud, a.kind == VCCD_ARITH_MPFR);
    } else {
        run(r, f, o, o->t0, o->t1, &bud, a.kind == VCCD_ARITH_MPFR);
    }
    if (a.kind == VCCD_ARITH_ADAPTIVE)
        escalate(r, f, o, &bud);
    fine(r, f, o, &bud);
    /* Widened last, in the last run's arithmetic: before the adaptive
       re-runs it made the box they search wider (taylor-lagrange's mean
       on the sample queries 1.09x); the refinement widens its own boxes. */
    if (r->status == VCCD_TOC_POSSIBLE && !r->limited && !r->lo_exact.prec)
        widen(r, f, o);
    /* back to the caller's arithmetic where the adaptive re-runs or the
       refinement left MPFR at another precision (binary64 and unrounded
       solves never leave theirs: resetting f's caches again was 1% of an
       easy query) */
    if (a.kind == VCCD_ARITH_MPFR || a.kind == VCCD_ARITH_ADAPTIVE)
        vccd_feature_set_arith(f, &a);
    /* certified promises hi - lo <= eps_t; binary64 time can fall short
       of an eps_t below its resolution (vccd_solve_opts_check refuses
       it, but a caller may not have asked) */
    if (r->status == VCCD_TOC_CERTIFIED && wider_than_asked(r, o))
        r->status = VCCD_TOC_POSSIBLE;
}

void
vccd_solve_opts_init(vccd_solve_opts *o)
{
    memset(o, 0, sizeof *o);
    o->solver = vccd_solver_type_find("cubic");
    o->arith.kind = VCCD_ARITH_BINARY64;
    o->arith.prec = 53;
    o->max_precision = 1024;
    o->eps_t = 1e-6;
    o->max_boxes = 100000;
    o->max_work = VCCD_SOLVE_MAX_WORK;
    o->t0 = 0.0;
    o->t1 = 1.0;
}
