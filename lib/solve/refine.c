/* refine.c -- the time axis past binary64.

   The search (solve.c) runs on binary64 time, which resolves about
   1e-16 on [0, 1].  When eps_t asks for more, its answer box is searched
   again here, leftmost first as there, on time boxes whose ends are
   pt-bit MPFR numbers and with f evaluated at its MPFR precision
   (vccd_feature_jet_mi): the same exclusions (0 not in S(X), the
   inclusion predicate NO), the same certification (a sign change of s
   over a box where the predicate says YES) and so the same invariant,
   [a, lo) proved free of contact.

   The contraction is interval Newton (Moore, "Interval Analysis",
   1966; the thesis' Newton solver, 5.2.2) with bisection when it
   stalls, whatever solver did the search: the box is already narrow
   and holds at most a cluster of roots, where Newton converges
   quadratically until the enclosure of s at a point is all that is
   left, and a Taylor model would only repeat it at more cost.  Its
   step m - S(m) / S'(X) is bounded in binary64 intervals (the quotient
   is near m - root, so its relative rounding is harmless) and applied
   to m in MPFR rounded outward. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "vccd/grow.h"
#include "solve/solve_impl.h"

typedef struct {
    vccd_mi_t t;
    int root;                   /* s proved to vanish in t */
} fbox;

typedef struct {
    fbox *b;
    long n, cap, inited;        /* b[0 .. inited) hold MPFR storage */
    mpfr_prec_t pt;
} fstack;

static void
fstack_clear(fstack *s)
{
    for (long i = 0; i < s->inited; i++)
        vccd_mi_clear(s->b[i].t);
    free(s->b);
}

/* A slot on top of the stack, its storage made on first use; NULL when
   out of memory. */
static fbox *
fstack_push(fstack *s)
{
    if (s->n == s->cap && vccd_grow((void **)&s->b, &s->cap, s->n, sizeof *s->b) != 0)
        return NULL;
    if (s->n == s->inited) {
        vccd_mi_init2(s->b[s->n].t, s->pt);
        s->inited++;
    }
    s->b[s->n].root = 0;
    return &s->b[s->n++];
}

/* No pt-bit number lies strictly inside x -- at pt = 53 (eps_t = 0,
   binary64 time) no double: MPFR's 53-bit numbers go on far below the
   doubles near 0, and boxes there would split on to the budget. */
static int
at_resolution(vccd_mi_srcptr x, mpfr_prec_t pt)
{
    mpfr_t m;
    int r;
    if (pt == 53)
        return !(vccd_fp_next_up(mpfr_get_d(&x->lo, MPFR_RNDD)) < mpfr_get_d(&x->hi, MPFR_RNDU));
    mpfr_init2(m, pt);
    mpfr_set(m, &x->lo, MPFR_RNDN);             /* exact: x has pt bits */
    mpfr_nextabove(m);
    r = mpfr_cmp(m, &x->hi) >= 0;
    mpfr_clear(m);
    return r;
}

/* m := a pt-bit point near the middle of x (a double at pt = 53, as
   at_resolution counts them); 0 when none lies strictly inside x. */
static int
midpoint(mpfr_ptr m, vccd_mi_srcptr x, mpfr_prec_t pt)
{
    mpfr_add(m, &x->lo, &x->hi, MPFR_RNDN);
    mpfr_div_2ui(m, m, 1, MPFR_RNDN);
    if (pt == 53)
        mpfr_set_d(m, mpfr_get_d(m, MPFR_RNDN), MPFR_RNDN);
    return mpfr_cmp(m, &x->lo) > 0 && mpfr_cmp(m, &x->hi) < 0;
}

/* hi - lo <= w, decided exactly (the difference rounded up). */
static int
width_le(vccd_mi_srcptr x, double w, mpfr_prec_t pt)
{
    mpfr_t d;
    int r;
    mpfr_init2(d, pt + 2);
    mpfr_sub(d, &x->hi, &x->lo, MPFR_RNDU);
    r = mpfr_cmp_d(d, w) <= 0;
    mpfr_clear(d);
    return r;
}

/* The sign of s at the point p: 1 or -1 when proved, 2 when s(p) = 0
   proved, 0 undecided. */
static int
sign_at(vccd_feature *f, mpfr_srcptr p, mpfr_prec_t pt)
{
    vccd_di s;
    VCCD_MI_TMP(x, pt);
    mpfr_set(&x->lo, p, MPFR_RNDD);
    mpfr_set(&x->hi, p, MPFR_RNDU);
    vccd_feature_jet_mi(&s, f, x, 0);
    if (vccd_di_is_empty(s))
        return 0;
    if (s.lo > 0.0)
        return 1;
    if (s.hi < 0.0)
        return -1;
    return s.lo == 0.0 && s.hi == 0.0 ? 2 : 0;
}

/* Is a root of s proved in [l, r]: s of strict sign at l, of the other
   sign or zero at r? */
static int
sign_change(vccd_feature *f, mpfr_srcptr l, mpfr_srcptr r, mpfr_prec_t pt)
{
    int a = sign_at(f, l, pt), b;
    if (a != 1 && a != -1)
        return 0;
    b = sign_at(f, r, pt);
    return b == -a || b == 2;
}

/* The predicate over [l, r]. */
static int
incl_over(vccd_feature *f, mpfr_srcptr l, mpfr_srcptr r, mpfr_prec_t pt)
{
    VCCD_MI_TMP(x, pt);
    mpfr_set(&x->lo, l, MPFR_RNDD);
    mpfr_set(&x->hi, r, MPFR_RNDU);
    return vccd_feature_inclusion_mi(f, x);
}

/* Is a contact proved in [l, r]: a sign change of s and the predicate
   YES over [l, r]? */
static int
contact_in(vccd_feature *f, mpfr_srcptr l, mpfr_srcptr r, mpfr_prec_t pt)
{
    if (!sign_change(f, l, r, pt))
        return 0;
    VCCD_MI_TMP(x, pt);
    mpfr_set(&x->lo, l, MPFR_RNDD);
    mpfr_set(&x->hi, r, MPFR_RNDU);
    return vccd_feature_inclusion_mi(f, x) == VCCD_INCL_YES;
}

/* Is the first contact proved in a box from x->lo of width <= eps_t?
   *c := that box.  x itself (a root proved in it, the predicate YES
   over it), or the window [x.lo, x.lo + eps_t] rounded down: a root
   that sits within rounding of x's upper end leaves that end's sign
   undecided, and the window reaches past it (solve.c's certify does the
   same on binary64 time).  Everything before x.lo is excluded, so a
   contact in [x.lo, r] is the first within [x.lo, r]. */
static int
certify(vccd_mi_ptr c, vccd_feature *f, const fbox *x, int incl, const vccd_solve_opts *o, double bound,
        mpfr_prec_t pt)
{
    int s0;
    vccd_mi_set(c, x->t);
    if (incl == VCCD_INCL_YES) {
        if (x->root)
            return 1;
        s0 = sign_at(f, &x->t->lo, pt);
        if (s0 == 2) {
            /* s(lo) = 0: a contact at lo itself when the predicate says
               YES there, the box [lo, lo] */
            VCCD_MI_TMP(p, pt);
            mpfr_set(&p->lo, &x->t->lo, MPFR_RNDD);
            mpfr_set(&p->hi, &x->t->lo, MPFR_RNDU);
            if (vccd_feature_inclusion_mi(f, p) == VCCD_INCL_YES) {
                vccd_mi_set(c, p);
                return 1;
            }
            return 0;
        }
        if (s0 != 0) {
            int s1 = sign_at(f, &x->t->hi, pt);
            if (s1 == -s0 || s1 == 2)
                return 1;
        }
    }
    if (o->eps_t > 0.0) {
        mpfr_t w;
        int ok;
        mpfr_init2(w, pt);
        mpfr_add_d(w, &x->t->lo, o->eps_t, MPFR_RNDD);
        if (mpfr_cmp_d(w, bound) > 0)
            mpfr_set_d(w, bound, MPFR_RNDD);
        ok = mpfr_cmp(w, &x->t->lo) > 0 && mpfr_cmp(w, &x->t->hi) != 0 && contact_in(f, &x->t->lo, w, pt);
        /* w was rounded down from lo + eps_t: the box is <= eps_t wide */
        if (ok)
            mpfr_set(&c->hi, w, MPFR_RNDU);
        mpfr_clear(w);
        return ok;
    }
    return 0;
}

/* One interval Newton step on x: the part of x that can hold a root of
   s, into y; 0 when none can, 1 otherwise (y->root when the step proves
   one), -1 when the step cannot be taken (s' may vanish on x, or the
   midpoint is not inside x). */
static int
newton(fbox *y, vccd_feature *f, const fbox *x, mpfr_prec_t pt)
{
    vccd_di sm, d[2], q;
    mpfr_t m;
    int r = 1;
    vccd_feature_jet_mi(d, f, x->t, 1);
    if (vccd_di_is_empty(d[1]) || !(d[1].lo > 0.0 || d[1].hi < 0.0))
        return -1;
    mpfr_init2(m, pt);
    if (!midpoint(m, x->t, pt)) {
        mpfr_clear(m);
        return -1;
    }
    {
        VCCD_MI_TMP(p, pt);
        mpfr_set(&p->lo, m, MPFR_RNDD);
        mpfr_set(&p->hi, m, MPFR_RNDU);
        vccd_feature_jet_mi(&sm, f, p, 0);
    }
    q = vccd_di_div(sm, d[1]);
    if (vccd_di_is_empty(q) || !(q.lo > -INFINITY && q.hi < INFINITY)) {
        mpfr_clear(m);
        return -1;
    }
    /* N = m - q, outward; every root of s in x lies in N (mean value
       theorem), so x minus N holds none */
    mpfr_sub_d(&y->t->lo, m, q.hi, MPFR_RNDD);
    mpfr_sub_d(&y->t->hi, m, q.lo, MPFR_RNDU);
    if (pt == 53) {             /* binary64 time: ends that are doubles */
        mpfr_set_d(&y->t->lo, mpfr_get_d(&y->t->lo, MPFR_RNDD), MPFR_RNDD);
        mpfr_set_d(&y->t->hi, mpfr_get_d(&y->t->hi, MPFR_RNDU), MPFR_RNDU);
    }
    /* N strictly inside x proves a root in it (Moore's existence test) */
    y->root = mpfr_cmp(&y->t->lo, &x->t->lo) > 0 && mpfr_cmp(&y->t->hi, &x->t->hi) < 0;
    if (mpfr_cmp(&y->t->lo, &x->t->lo) < 0)
        mpfr_set(&y->t->lo, &x->t->lo, MPFR_RNDD);
    if (mpfr_cmp(&y->t->hi, &x->t->hi) > 0)
        mpfr_set(&y->t->hi, &x->t->hi, MPFR_RNDU);
    if (mpfr_cmp(&y->t->lo, &y->t->hi) > 0)
        r = 0;
    mpfr_clear(m);
    return r;
}

/* The answer of the refinement: status and the box c, exact and
   rounded outward, with the parameters over it. */
static void finish(vccd_toc *r, vccd_feature *f, vccd_mi_srcptr c, vccd_toc_status status,
                   const vccd_solve_opts *o, mpfr_prec_t pt);

/* Report x, undecided, as possible -- after windows about x.lo growing
   sixteenfold up to the whole domain are tried for a proved contact
   (pt / 4 + 2 windows at most), as solve.c's
   widen does on binary64 time: x may stand a few steps before a root
   that the evaluation's rounding hides, and the first window that
   proves a contact gives hi, so that the possible box reaches it
   (certified when that is within eps_t).  [t0, x.lo) is proved, so any
   window is sound. */
static void
widen(vccd_toc *r, vccd_feature *f, vccd_mi_srcptr x, const vccd_solve_opts *o, mpfr_prec_t pt)
{
    mpfr_t w, l, h;
    int found = 0;
    VCCD_MI_TMP(c, pt);
    vccd_mi_set(c, x);
    mpfr_inits2(pt, w, l, h, (mpfr_ptr)0);
    mpfr_sub(w, &x->hi, &x->lo, MPFR_RNDU);
    if (mpfr_zero_p(w)) {
        mpfr_set(w, &x->lo, MPFR_RNDN);
        mpfr_nextabove(w);
        mpfr_sub(w, w, &x->lo, MPFR_RNDU);
    }
    /* the rounding of s can leave 1e-23 undecided around a grazing root
       at 128 bits (Wang et al.'s cliff-edges query 929), 10^15 times the
       box: so on to the whole domain, not a fixed number of steps */
    for (int k = 0; k < (int)pt / 4 + 2 && !found; k++) {
        mpfr_mul_2ui(w, w, 4, MPFR_RNDU);
        mpfr_div_2ui(h, w, 1, MPFR_RNDU);
        mpfr_sub(l, &x->lo, h, MPFR_RNDD);
        mpfr_add(h, &x->lo, h, MPFR_RNDU);
        if (mpfr_cmp_d(l, o->t0) < 0)
            mpfr_set_d(l, o->t0, MPFR_RNDD);
        if (mpfr_cmp_d(h, o->t1) > 0)
            mpfr_set_d(h, o->t1, MPFR_RNDU);
        if (mpfr_cmp(h, &x->hi) <= 0)
            continue;
        if (sign_change(f, l, h, pt)) {
            /* undecided over a window with a root: wider is no better */
            if (incl_over(f, l, h, pt) != VCCD_INCL_YES)
                break;
            mpfr_set(&c->hi, h, MPFR_RNDU);
            found = 1;
        } else if (mpfr_cmp_d(l, o->t0) == 0 && mpfr_cmp_d(h, o->t1) == 0) {
            break;
        }
    }
    mpfr_clears(w, l, h, (mpfr_ptr)0);
    /* certified when within eps_t (finish checks the width) */
    finish(r, f, c, found && o->eps_t > 0.0 ? VCCD_TOC_CERTIFIED : VCCD_TOC_POSSIBLE, o, pt);
}
static void
finish(vccd_toc *r, vccd_feature *f, vccd_mi_srcptr c, vccd_toc_status status, const vccd_solve_opts *o,
       mpfr_prec_t pt)
{
    /* certified promises hi - lo <= eps_t (eps_t = 0: neighbours at pt
       bits, which is what a box at resolution is) */
    if (status == VCCD_TOC_CERTIFIED && o->eps_t > 0.0 && !width_le(c, o->eps_t, pt))
        status = VCCD_TOC_POSSIBLE;
    r->status = status;
    r->lo = mpfr_get_d(&c->lo, MPFR_RNDD);
    r->hi = mpfr_get_d(&c->hi, MPFR_RNDU);
    vccd_time_set_mpfr(&r->lo_exact, &c->lo, MPFR_RNDD);
    vccd_time_set_mpfr(&r->hi_exact, &c->hi, MPFR_RNDU);
    vccd_feature_params_mi(r->param, f, c);
}

void
solve_refine(vccd_toc *r, vccd_feature *f, const vccd_solve_opts *o, double a, double b, double bound,
             mpfr_prec_t pt, solve_budget *bud)
{
    fstack st = { NULL, 0, 0, 0, pt };
    long evals0 = vccd_feature_evals(f), refine = 0;
    fbox *x, y;
    mpfr_t from;                /* lo of the box last popped */
    VCCD_MI_TMP(c, pt);
    VCCD_MI_TMP(yt, pt);

    *y.t = *yt;
    mpfr_init2(from, pt);
    mpfr_set_d(from, a, MPFR_RNDD);
    r->status = VCCD_TOC_NONE;
    r->lo = r->hi = b;
    memset(&r->lo_exact, 0, sizeof r->lo_exact);
    memset(&r->hi_exact, 0, sizeof r->hi_exact);
    r->limited = 0;
    if (!(x = fstack_push(&st)))
        goto out_of_memory;
    mpfr_set_d(&x->t->lo, a, MPFR_RNDD);        /* exact: pt >= 53 */
    mpfr_set_d(&x->t->hi, b, MPFR_RNDU);
    while (st.n > 0) {
        fbox cur;
        vccd_di s0;
        int incl, at_res, k;

        cur = st.b[--st.n];     /* a view: its storage stays in the stack */
        mpfr_set(from, &cur.t->lo, MPFR_RNDD);
        r->boxes++;
        if (solve_over_budget(bud, f, o)) {
            mpfr_set(&c->lo, &cur.t->lo, MPFR_RNDD);
            mpfr_set_d(&c->hi, bound, MPFR_RNDU);
            finish(r, f, c, VCCD_TOC_POSSIBLE, o, pt);
            r->limited = 1;
            break;
        }
        if (!cur.root) {
            vccd_feature_jet_mi(&s0, f, cur.t, 0);
            /* NaN or empty bounds (overflow) must not exclude anything */
            if (!vccd_di_is_empty(s0) && (s0.lo > 0.0 || s0.hi < 0.0))
                continue;
        }
        incl = vccd_feature_inclusion_mi(f, cur.t);
        if (incl == VCCD_INCL_NO) {
            /* counted as the search counts it: 0 means s itself has no
               zero before lo, which the mesh query's window plane needs */
            r->incl_excluded++;
            continue;
        }
        at_res = at_resolution(cur.t, pt);
        if (at_res || width_le(cur.t, o->eps_t, pt)) {
            if (certify(c, f, &cur, incl, o, bound, pt)) {
                finish(r, f, c, VCCD_TOC_CERTIFIED, o, pt);
                break;
            }
            /* Undecided: split on down to the decision width, as the
               search does, so that near misses closer than eps_t are
               excluded rather than reported (solve.c). */
            if (at_res || width_le(cur.t, o->eps_t * VCCD_SOLVE_DECIDE, pt)
                || ++refine > VCCD_SOLVE_REFINE_BOXES) {
                widen(r, f, cur.t, o, pt);
                break;
            }
        }
        /* Contract: Newton when it more than halves the box, else bisect
           (the pieces pushed right first, so the left one pops next). */
        k = newton(&y, f, &cur, pt);
        if (k == 0)
            continue;
        if (k == 1) {
            mpfr_t wx, wy;
            mpfr_inits2(pt + 2, wx, wy, (mpfr_ptr)0);
            mpfr_sub(wx, &cur.t->hi, &cur.t->lo, MPFR_RNDD);
            mpfr_sub(wy, &y.t->hi, &y.t->lo, MPFR_RNDU);
            mpfr_mul_2ui(wy, wy, 1, MPFR_RNDU);
            if (mpfr_cmp(wy, wx) > 0)
                k = -1;         /* less than halved: bisect instead */
            mpfr_clears(wx, wy, (mpfr_ptr)0);
        }
        if (k == 1) {
            fbox *n = fstack_push(&st);
            if (!n)
                goto out_of_memory;
            vccd_mi_set(n->t, y.t);
            n->root = y.root;
        } else {
            /* bisect at the pt-bit midpoint; at resolution there is
               none, and the box was reported above */
            mpfr_t m;
            fbox *lft, *rgt;
            mpfr_init2(m, pt);
            if (!midpoint(m, cur.t, pt)) {
                mpfr_clear(m);
                widen(r, f, cur.t, o, pt);
                break;
            }
            /* cur's storage is the slot the pushes reuse: copy it first */
            mpfr_set(&c->lo, &cur.t->lo, MPFR_RNDD);
            mpfr_set(&c->hi, &cur.t->hi, MPFR_RNDU);
            if (!(rgt = fstack_push(&st))) {
                mpfr_clear(m);
                goto out_of_memory;
            }
            mpfr_set(&rgt->t->lo, m, MPFR_RNDD);
            mpfr_set(&rgt->t->hi, &c->hi, MPFR_RNDU);
            if (!(lft = fstack_push(&st))) {
                mpfr_clear(m);
                goto out_of_memory;
            }
            mpfr_set(&lft->t->lo, &c->lo, MPFR_RNDD);
            mpfr_set(&lft->t->hi, m, MPFR_RNDU);
            mpfr_clear(m);
        }
    }
    fstack_clear(&st);
    mpfr_clear(from);
    r->evals += vccd_feature_evals(f) - evals0;
    return;
out_of_memory:
    /* what was not searched stays possible */
    mpfr_set(&c->lo, from, MPFR_RNDD);
    mpfr_set_d(&c->hi, bound, MPFR_RNDU);
    finish(r, f, c, VCCD_TOC_POSSIBLE, o, pt);
    r->limited = 1;
    fstack_clear(&st);
    mpfr_clear(from);
    r->evals += vccd_feature_evals(f) - evals0;
}
