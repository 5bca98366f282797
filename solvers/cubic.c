/* cubic.c -- the cubic root finder: for a pair on straight lines, whose
   coplanarity function s is a cubic in t (the thesis' App. B for linear
   motion; lib/feature/cubic.h), the step is cut into pieces on which s
   is proved strictly monotone, each piece holds at most one root, and
   that root is found in floating point and then proved by two signs.
   Every other pair, and every pair this leaves undecided, goes to the
   Taylor-Lagrange search.

   Why: on the Scalable-CCD data set's queries (simulation steps, nearly
   all of them contacts) the general search spent its time on jets over
   wide boxes and on the inclusion predicate over boxes that hold no root;
   here the predicate is asked once per root, over a box a few ulps wide.

   The proof, leftmost piece first from [t0, t1]:
   - a box X over which S(X) excludes 0 holds no root of s;
   - a box over which S'(X) excludes 0 (both enclosures from the cubic's
     jet, which holds every choice of the coefficients in their
     enclosures, so the true s too) has s strictly monotone on it: with
     s of one strict sign at both ends it holds no root, with opposite
     strict signs exactly one.  Newton's method on the coefficients'
     midpoints guesses it (plain doubles), and R = [l, h] around the
     guess is kept when s(l) and s(h) have the two ends' signs: the root
     lies in R and nowhere else in X.  An end where s is exactly [0, 0]
     is the root itself;
   - the inclusion predicate over R then says YES (the root is a contact:
     certified, the first, since everything before was excluded), NO (it
     is not: X holds no contact) or MAYBE.  MAYBE: R is narrowed by the
     Taylor-Lagrange contraction and the predicate asked again with its
     tightest terms; still MAYBE, the answer is possible in R, [t0, R.lo)
     being proved free.  That is a contact exactly on an edge or at a
     vertex (or a miss by less than binary64 resolves), where a weight
     crosses 0 at the root itself;
   - a box where S' may vanish is cut at the guessed critical point, a
     narrow box about it kept apart, or at its middle;
   - a box where s = 0 exactly (coplanar all along) is the predicate's
     alone (coplanar_first).
   Nothing here is decided by a plain double: the guesses only choose
   where to look. */
#include <math.h>

#include "vccd/fp.h"
#include "vccd/solver.h"

extern const vccd_solver_type vccd_solver_taylor_lagrange;

/* Boxes this tries before leaving the pair to the search: a pair with
   a double root (grazing) would otherwise split on. */
#define CUBIC_BOXES 48
/* The most evaluations that many boxes can take (a jet, two ends, two
   signs at each of CUBIC_TRIES guesses and a predicate each; at most
   three boxes hold a root, whose narrowing takes at most CUBIC_NARROW
   contractions of three jets and one more predicate, about 80 in all,
   well inside the 576 of the others): a budget
   (max_boxes, max_work) that could not pay for them all is the search's
   to spend, so that a query cut short by it is cut short the same way
   with every solver. */
#define CUBIC_WORK (CUBIC_BOXES * (4 + 2 * CUBIC_TRIES))
/* Newton steps on the guess, and the half-widths of R tried about it:
   2^-44 of the time, then 64 times wider, three more times. */
#define CUBIC_NEWTON 8
#define CUBIC_HALF0 0x1p-44
#define CUBIC_WIDEN 64.0
#define CUBIC_TRIES 4

/* The strict sign of an enclosure: 1, -1, or 0 when it may be 0 (NaN
   ends, an overflow, decide nothing: every comparison is false). */
static int
sign_of(vccd_di v)
{
    return v.lo > 0.0 ? 1 : v.hi < 0.0 ? -1 : 0;
}

/* the larger and the smaller, the first argument when the second is
   NaN (which no caller passes; fmax is a call in libm) */
static inline double dmax(double a, double x) { return x > a ? x : a; }
static inline double dmin(double b, double x) { return x < b ? x : b; }

static int
exact0(vccd_di v)
{
    return v.lo == 0.0 && v.hi == 0.0;
}

static vccd_di
s_at(vccd_feature *f, double t)
{
    vccd_di s;
    vccd_feature_jet(&s, f, vccd_di_set_d(t), 0);
    return s;
}

static double
horner(const double c[4], double t)
{
    return ((c[3] * t + c[2]) * t + c[1]) * t + c[0];
}

/* A guess of the root in [a, b] of the midpoint cubic c, which changes
   sign there: the secant's, then Newton's steps, kept inside [a, b]. */
static double
guess_root(const double c[4], double a, double b, double sa, double sb)
{
    double t = sa != sb ? a + (b - a) * (sa / (sa - sb)) : 0.5 * (a + b);
    if (!(t >= a && t <= b))
        t = 0.5 * (a + b);
    for (int k = 0; k < CUBIC_NEWTON; k++) {
        double d = (3.0 * c[3] * t + 2.0 * c[2]) * t + c[1], nt;
        if (!(d != 0.0))
            break;
        nt = t - horner(c, t) / d;
        if (!(nt >= a && nt <= b))
            break;
        if (fabs(nt - t) <= 0x1p-52 * fabs(t))
            return nt;
        t = nt;
    }
    return t;
}

/* A guess of a critical point of c (a zero of its derivative) strictly
   inside (a, b), or NAN. */
static double
guess_critical(const double c[4], double a, double b)
{
    double A = 3.0 * c[3], B = 2.0 * c[2], C = c[1], r[2];
    int n = 0;
    if (A == 0.0) {
        if (B != 0.0)
            r[n++] = -C / B;
    } else {
        double D = B * B - 4.0 * A * C;
        if (D >= 0.0) {
            double q = -0.5 * (B + copysign(sqrt(D), B));
            r[n++] = q / A;
            if (q != 0.0)
                r[n++] = C / q;
        } else {
            r[n++] = -B / (2.0 * A);   /* s'' = 0: where S' is widest */
        }
    }
    for (int i = 0; i < n; i++)
        if (r[i] > a && r[i] < b)
            return r[i];
    return NAN;
}

/* How a monotone box ends: 0 no root in it, 1 a root proved in *R, -1
   left to the search. */
static int
monotone_root(vccd_box *R, vccd_feature *f, const double c[4], double a, double b, const vccd_solve_opts *o)
{
    vccd_di sa = s_at(f, a), sb = s_at(f, b);
    int ga = sign_of(sa), gb = sign_of(sb);
    double t, half;
    if (exact0(sa) || exact0(sb)) {
        /* the root itself, at an end: R about it, inside [a, b] (a
           strictly monotone s has no other) */
        double r = exact0(sa) ? a : b, w = CUBIC_HALF0 * (fabs(r) > 1.0 ? fabs(r) : 1.0);
        R->lo = exact0(sa) ? a : dmax(a, vccd_fp_next_down(b - w));
        R->hi = exact0(sa) ? dmin(b, vccd_fp_next_up(a + w)) : b;
        R->root = 1;
        return vccd_di_sub(vccd_di_set_d(R->hi), vccd_di_set_d(R->lo)).hi <= vccd_solve_eps_at(o, R->lo) ? 1 : -1;
    }
    if (!ga || !gb)
        return -1;
    if (ga == gb)
        return 0;
    t = guess_root(c, a, b, vccd_di_mid(sa), vccd_di_mid(sb));
    half = CUBIC_HALF0 * (fabs(t) > 1.0 ? fabs(t) : 1.0);
    for (int k = 0; k < CUBIC_TRIES; k++, half *= CUBIC_WIDEN) {
        double l = dmax(a, vccd_fp_next_down(t - half)), h = dmin(b, vccd_fp_next_up(t + half));
        if (!(vccd_di_sub(vccd_di_set_d(h), vccd_di_set_d(l)).hi <= vccd_solve_eps_at(o, l)))
            return -1;
        if ((l == a || sign_of(s_at(f, l)) == ga) && (h == b || sign_of(s_at(f, h)) == gb)) {
            R->lo = l;
            R->hi = h;
            R->root = 1;
            return 1;
        }
    }
    return -1;
}

/* R, a box holding the only root of s in a box where s is strictly
   monotone, over which the predicate is undecided: narrowed by the
   Taylor-Lagrange contraction (its bracket [lo, tu] about the first root
   is that root's) while it halves R, and the predicate asked again over
   what is left, with its tightest terms.  The box about the Newton guess
   is 2^-44 wide at least, and a contact near an edge or a vertex often
   needs the few ulps about the root the contraction reaches (s at a
   point is enclosed to an ulp or so of its terms, which a sign test on
   the guess's box cannot use).  Returns the predicate's answer over
   the narrowed R, which still holds the root. */
#define CUBIC_NARROW 8
static int
narrow_root(vccd_box *R, vccd_feature *f)
{
    for (int k = 0; k < CUBIC_NARROW; k++) {
        vccd_box out[VCCD_SOLVER_MAX_OUT + 1];
        int n = vccd_solver_taylor_lagrange.contract(out, f, R, vccd_di_entire());
        /* no root at all would contradict R's proved bracket (a root
           exactly at R's end, which the contraction's strict test can
           drop): R is kept as it is */
        if (n == 0 || !(out[0].hi - out[0].lo < 0.5 * (R->hi - R->lo)))
            break;
        R->lo = out[0].lo;
        R->hi = out[0].hi;
    }
    return vccd_feature_inclusion_tight(f, vccd_di_set_2d(R->lo, R->hi));
}

/* A box x over which s = 0 exactly (its coefficients are exact zeros:
   the four points stay in one plane): every time is a root, and the
   predicate alone decides, as in the search, which pops x's halves
   leftmost first, drops those the predicate says NO over, certifies one
   it says YES over (every time in it a contact, its start the first),
   and ends a MAYBE box possible once it is down to the decision width
   (or binary64's resolution).  The search's jets and contractions decide
   nothing here (s and its contraction see only zeros), and its windows
   certify nothing (they need s of strict sign at an end): each of its
   boxes cost three evaluations where this costs one, the same boxes
   (cloth-funnel's 13 edge-edge pairs coplanar all along: 57 boxes, 165
   evaluations, 30 us each).  0: no contact in x; 1: the first contact
   in *R (certified); 2: possible in *R, [x.lo, R->lo) free; -1: left to
   the search from t0, having claimed nothing (more than CUBIC_COPLANAR
   boxes, more than about 80 halvings deep, or a budget that could not pay for
   them all: as with the 48 boxes, a query cut short by its budget is
   the search's to cut short).  *popped counts the boxes after x, which
   the caller counted. */
#define CUBIC_COPLANAR 256
static int
coplanar_first(vccd_box *R, int *popped, vccd_feature *f, const vccd_box *x, const vccd_solve_opts *o)
{
    vccd_box st[80];
    int n = 0;
    if (o->max_boxes < CUBIC_BOXES + CUBIC_COPLANAR || o->max_work < CUBIC_WORK + CUBIC_COPLANAR)
        return -1;
    st[n++] = *x;
    while (n > 0) {
        vccd_box b = st[--n];
        vccd_di t = vccd_di_set_2d(b.lo, b.hi), left, right;
        int d;
        if (b.lo != x->lo || b.hi != x->hi)
            if (++*popped > CUBIC_BOXES + CUBIC_COPLANAR)
                return -1;
        d = vccd_feature_inclusion_expect(f, t);
        if (d == VCCD_INCL_NO)
            continue;
        if (d == VCCD_INCL_YES) {
            /* b.lo is a contact, and everything before it is free */
            double w = vccd_solve_eps_at(o, b.lo), h = b.hi;
            if (!(vccd_di_sub(vccd_di_set_d(h), vccd_di_set_d(b.lo)).hi <= w))
                h = dmin(b.hi, vccd_fp_next_down(b.lo + 0.5 * w));
            if (!(h > b.lo))
                h = vccd_fp_next_up(b.lo);      /* eps_t = 0: one ulp */
            if (!(h <= b.hi && vccd_di_sub(vccd_di_set_d(h), vccd_di_set_d(b.lo)).hi <= w))
                return -1;
            *R = (vccd_box){ b.lo, h, 1 };
            return 1;
        }
        if (b.hi - b.lo <= o->eps_t * VCCD_SOLVE_DECIDE || !(vccd_fp_next_up(b.lo) < b.hi)) {
            *R = b;
            return 2;
        }
        if (n + 2 > (int)(sizeof st / sizeof st[0]))
            return -1;
        vccd_di_bisect(&left, &right, t);
        st[n++] = (vccd_box){ right.lo, right.hi, 1 };
        st[n++] = (vccd_box){ left.lo, left.hi, 1 };
    }
    return 0;
}

/* r := status in R, with the contact's parameters over R; returns 1,
   the hook's "answered". */
static int
answer_in(vccd_toc *r, vccd_feature *f, const vccd_box *R, vccd_toc_status status)
{
    r->status = status;
    r->lo = R->lo;
    r->hi = R->hi;
    vccd_feature_params(r->param, f, vccd_di_set_2d(R->lo, R->hi));
    return 1;
}

static int
cubic_first(vccd_toc *r, vccd_feature *f, const vccd_solve_opts *o)
{
    vccd_box st[CUBIC_BOXES + 3];
    double c[4];
    long evals0 = vccd_feature_evals(f);
    int n = 0, popped = 0, rc = 0;

    if (o->max_boxes < CUBIC_BOXES || o->max_work < CUBIC_WORK || !(o->t0 <= o->t1)
        || !vccd_feature_linear_guess(c, f))
        return 0;
    st[n++] = (vccd_box){ o->t0, o->t1, 0 };
    while (n > 0) {
        vccd_box x = st[--n], R;
        vccd_di s[2];
        int d;
        if (++popped > CUBIC_BOXES)
            goto undecided;
        vccd_feature_jet(s, f, vccd_di_set_2d(x.lo, x.hi), 1);
        if (sign_of(s[0]))
            continue;                   /* no root of s in x */
        if (exact0(s[0])) {
            /* s = 0 all over x (coplanar all along; x is then the
               first box, [t0, t1]): every time a root, so a contact at
               x.lo when the predicate says YES just after it; else the
               predicate alone finds when the features first meet */
            double w = CUBIC_HALF0 * (fabs(x.lo) > 1.0 ? fabs(x.lo) : 1.0);
            R = (vccd_box){ x.lo, dmin(x.hi, vccd_fp_next_up(x.lo + w)), 1 };
            if (vccd_di_sub(vccd_di_set_d(R.hi), vccd_di_set_d(R.lo)).hi <= vccd_solve_eps_at(o, R.lo)
                && vccd_feature_inclusion_expect(f, vccd_di_set_2d(R.lo, R.hi)) == VCCD_INCL_YES)
                goto certified;
            d = coplanar_first(&R, &popped, f, &x, o);
            if (d == 0) {
                r->incl_excluded++;
                continue;
            }
            if (d == 1)
                goto certified;
            if (d < 0)
                goto undecided;
            goto possible;
        }
        if (sign_of(s[1])) {
            /* s strictly monotone on x */
            if ((d = monotone_root(&R, f, c, x.lo, x.hi, o)) == 0)
                continue;
            if (d < 0)
                goto undecided;
            d = vccd_feature_inclusion_expect(f, vccd_di_set_2d(R.lo, R.hi));
            if (d == VCCD_INCL_MAYBE)
                d = narrow_root(&R, f);
            if (d == VCCD_INCL_NO) {
                r->incl_excluded++;     /* x's only root is no contact */
                continue;
            }
            if (d != VCCD_INCL_YES) {
                /* undecided at the root: possible in R, [t0, R.lo)
                   proved free (every box before x excluded, and x's
                   only root in R) */
            possible:
                rc = answer_in(r, f, &R, VCCD_TOC_POSSIBLE);
                goto out;
            }
        certified:
            rc = answer_in(r, f, &R, VCCD_TOC_CERTIFIED);
            goto out;
        }
        if (!(vccd_fp_next_up(x.lo) < x.hi))
            goto undecided;             /* at binary64 resolution */
        {
            /* cut at a guessed critical point, keeping a box 2^-10 of
               x wide about it apart, or in the middle: pushed right to
               left, so the leftmost is popped first */
            double m = guess_critical(c, x.lo, x.hi), g = 0x1p-10 * (x.hi - x.lo);
            if (m == m && m - g > x.lo && m + g < x.hi) {
                st[n++] = (vccd_box){ m + g, x.hi, 0 };
                st[n++] = (vccd_box){ m - g, m + g, 0 };
                st[n++] = (vccd_box){ x.lo, m - g, 0 };
            } else {
                m = vccd_di_mid(vccd_di_set_2d(x.lo, x.hi));
                st[n++] = (vccd_box){ m, x.hi, 0 };
                st[n++] = (vccd_box){ x.lo, m, 0 };
            }
        }
        if (n > CUBIC_BOXES)
            goto undecided;
    }
    /* every box excluded: no contact in [t0, t1] */
    r->status = VCCD_TOC_NONE;
    r->lo = r->hi = o->t1;
    r->param[0] = r->param[1] = vccd_di_entire();
    rc = 1;
    goto out;
undecided:
    /* nothing claimed: the search starts again from t0 */
    r->incl_excluded = 0;
out:
    r->boxes += popped;
    r->evals += vccd_feature_evals(f) - evals0;
    return rc;
}

static int
cubic_contract(vccd_box *out, vccd_feature *f, const vccd_box *x, vccd_di s0)
{
    return vccd_solver_taylor_lagrange.contract(out, f, x, s0);
}

const vccd_solver_type vccd_solver_cubic = {
    .name = "cubic",
    .summary = "on straight lines, the coplanarity cubic's monotone pieces, each root guessed by Newton and proved "
               "by two signs; else taylor-lagrange",
    .contract = cubic_contract,
    .first = cubic_first,
};
