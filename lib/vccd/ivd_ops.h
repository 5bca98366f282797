/* ivd_ops.h -- binary64 interval operations, written once for the rigorous
   and the unrounded backend.

   Not a public entry point: include vccd/di.h or vccd/ui.h.  The includer
   defines
     IVD_T       the struct type name (vccd_di or vccd_ui)
     IVD_DN(x)   a double <= the exact value that rounded to x
     IVD_UP(x)   a double >= the exact value that rounded to x
   and gets static inline functions named IVD_T##_op (IVD_FN(op)).  The rigorous backend
   widens each rounded endpoint by at least one ulp (vccd_fp_widen_up); the
   unrounded one uses the identity and therefore
   encloses nothing in particular.

   Conventions, identical for both backends:
   - an interval is a set of reals {x : lo <= x <= hi}; endpoints may be
     -inf/+inf to mean "unbounded", so [-inf, +inf] is the whole line;
   - the empty set is {+inf, -inf}; every predicate treats any lo > hi as
     empty and every operation with an empty operand returns empty;
   - NaN never appears in an interval.  A constructor given NaN returns the
     whole line (nothing is known), and NaNs that IEEE arithmetic produces
     at endpoints (0*inf, inf/inf, inf-inf) are resolved to the bound the
     set semantics demands;
   - -0 and +0 are the same real number and are not distinguished. */

#ifndef IVD_T
#error "include vccd/di.h or vccd/ui.h, not ivd_ops.h"
#endif

#include "vccd/tpl.h"
/* IVD_T's operation f (tpl.h) */
#define IVD_FN(f) VCCD_TPL_CAT(IVD_T, f)
/* The arithmetic is a few instructions around four products: gcc -O2
   kept vccd_di_mul out of line in the kernels that call it most (a call
   per product, a tenth of a tetrahedron query), so it is inlined always. */
#ifndef IVD_INLINE
#if defined(__GNUC__)
#define IVD_INLINE inline __attribute__((always_inline))
#else
#define IVD_INLINE inline
#endif
#endif

typedef struct { double lo, hi; } IVD_T;

/* --- construction -------------------------------------------------- */

static inline IVD_T IVD_FN(empty)(void) { IVD_T r = { INFINITY, -INFINITY }; return r; }
static inline IVD_T IVD_FN(entire)(void) { IVD_T r = { -INFINITY, INFINITY }; return r; }

/* [lo, hi] taken as given; NaN in either bound gives the whole line, and
   lo > hi gives empty. */
static inline IVD_T
IVD_FN(set_2d)(double lo, double hi)
{
    IVD_T r;
    if (lo != lo || hi != hi)
        return IVD_FN(entire)();
    if (lo > hi || lo == INFINITY || hi == -INFINITY)
        return IVD_FN(empty)();
    r.lo = lo;
    r.hi = hi;
    return r;
}

/* [x, x].  NaN gives the whole line; +inf, which is no real number,
   gives the unbounded end [DBL_MAX, +inf], and -inf likewise. */
static inline IVD_T
IVD_FN(set_d)(double x)
{
    IVD_T r;
    if (x != x)
        return IVD_FN(entire)();
    r.lo = x == INFINITY ? DBL_MAX : x;
    r.hi = x == -INFINITY ? -DBL_MAX : x;
    return r;
}

/* --- predicates ----------------------------------------------------- */

static inline int IVD_FN(is_empty)(IVD_T a) { return !(a.lo <= a.hi); }
static inline int IVD_FN(is_entire)(IVD_T a) { return a.lo == -INFINITY && a.hi == INFINITY; }
static inline int IVD_FN(is_point)(IVD_T a) { return a.lo == a.hi; }
static inline int IVD_FN(is_bounded)(IVD_T a) { return a.lo > -INFINITY && a.hi < INFINITY; }
/* x is a real number in a (so +-inf and NaN never are). */
static inline int IVD_FN(contains_d)(IVD_T a, double x) { return a.lo <= x && x <= a.hi && x > -INFINITY && x < INFINITY; }
static inline int IVD_FN(contains_zero)(IVD_T a) { return a.lo <= 0.0 && 0.0 <= a.hi; }
/* a is a subset of b (the empty set is a subset of everything). */
static inline int
IVD_FN(subset)(IVD_T a, IVD_T b)
{
    return IVD_FN(is_empty)(a) || (b.lo <= a.lo && a.hi <= b.hi);
}

/* "certainly" comparisons hold for every pair of points, "possibly" for at
   least one pair.  All are false when either operand is empty. */
static inline int IVD_FN(certainly_lt)(IVD_T a, IVD_T b) { return !IVD_FN(is_empty)(a) && !IVD_FN(is_empty)(b) && a.hi < b.lo; }
static inline int IVD_FN(certainly_le)(IVD_T a, IVD_T b) { return !IVD_FN(is_empty)(a) && !IVD_FN(is_empty)(b) && a.hi <= b.lo; }
static inline int IVD_FN(possibly_lt)(IVD_T a, IVD_T b) { return !IVD_FN(is_empty)(a) && !IVD_FN(is_empty)(b) && a.lo < b.hi; }
static inline int IVD_FN(possibly_le)(IVD_T a, IVD_T b) { return !IVD_FN(is_empty)(a) && !IVD_FN(is_empty)(b) && a.lo <= b.hi; }

/* --- set operations (exact: no rounding involved) ------------------- */

static inline IVD_T
IVD_FN(hull)(IVD_T a, IVD_T b)
{
    /* The empty representation {+inf, -inf} is neutral for min/max. */
    IVD_T r;
    /* Fix: any lo > hi is empty (see above), and e.g. {1, 0} is not
       neutral for min/max: hull([5,6], {1,0}) gave [1, 6]. */
    if (IVD_FN(is_empty)(a))
        return b;
    if (IVD_FN(is_empty)(b))
        return a;
    r.lo = a.lo < b.lo ? a.lo : b.lo;
    r.hi = a.hi > b.hi ? a.hi : b.hi;
    return r;
}

static inline IVD_T
IVD_FN(intersect)(IVD_T a, IVD_T b)
{
    IVD_T r;
    r.lo = a.lo > b.lo ? a.lo : b.lo;
    r.hi = a.hi < b.hi ? a.hi : b.hi;
    return r.lo <= r.hi ? r : IVD_FN(empty)();
}

static inline IVD_T
IVD_FN(neg)(IVD_T a)
{
    IVD_T r;
    if (IVD_FN(is_empty)(a))
        return a;
    r.lo = -a.hi;
    r.hi = -a.lo;
    return r;
}

static inline IVD_T
IVD_FN(abs)(IVD_T a)
{
    IVD_T r;
    if (IVD_FN(is_empty)(a) || a.lo >= 0.0)
        return a;
    if (a.hi <= 0.0)
        return IVD_FN(neg)(a);
    r.lo = 0.0;
    r.hi = -a.lo > a.hi ? -a.lo : a.hi;
    return r;
}

/* {min(x, y) : x in a, y in b}, and likewise max. */
static inline IVD_T
IVD_FN(min)(IVD_T a, IVD_T b)
{
    IVD_T r;
    if (IVD_FN(is_empty)(a) || IVD_FN(is_empty)(b))
        return IVD_FN(empty)();
    r.lo = a.lo < b.lo ? a.lo : b.lo;
    r.hi = a.hi < b.hi ? a.hi : b.hi;
    return r;
}

static inline IVD_T
IVD_FN(max)(IVD_T a, IVD_T b)
{
    IVD_T r;
    if (IVD_FN(is_empty)(a) || IVD_FN(is_empty)(b))
        return IVD_FN(empty)();
    r.lo = a.lo > b.lo ? a.lo : b.lo;
    r.hi = a.hi > b.hi ? a.hi : b.hi;
    return r;
}

/* --- arithmetic ------------------------------------------------------ */

static IVD_INLINE IVD_T
IVD_FN(add)(IVD_T a, IVD_T b)
{
    IVD_T r;
    if (IVD_FN(is_empty)(a) || IVD_FN(is_empty)(b))
        return IVD_FN(empty)();
    /* Valid operands never pair -inf with +inf on the same side. */
    r.lo = IVD_DN(a.lo + b.lo);
    r.hi = IVD_UP(a.hi + b.hi);
    return r;
}

static IVD_INLINE IVD_T
IVD_FN(sub)(IVD_T a, IVD_T b)
{
    IVD_T r;
    if (IVD_FN(is_empty)(a) || IVD_FN(is_empty)(b))
        return IVD_FN(empty)();
    r.lo = IVD_DN(a.lo - b.hi);
    r.hi = IVD_UP(a.hi - b.lo);
    return r;
}

/* An endpoint product 0 * inf stands for 0 times unboundedly large but
   finite numbers, which is 0; IEEE says NaN. */
static IVD_INLINE double
IVD_FN(mul_end)(double x, double y)
{
    double p = x * y;
    return p == p ? p : 0.0;
}

/* Smallest / largest of four endpoint values, ignoring NaN (an operand
   that is NaN never wins a comparison). */
static IVD_INLINE double
IVD_FN(min4)(double x1, double x2, double x3, double x4)
{
    double m = INFINITY;
    m = x1 < m ? x1 : m;
    m = x2 < m ? x2 : m;
    m = x3 < m ? x3 : m;
    return x4 < m ? x4 : m;
}

static IVD_INLINE double
IVD_FN(max4)(double x1, double x2, double x3, double x4)
{
    double m = -INFINITY;
    m = x1 > m ? x1 : m;
    m = x2 > m ? x2 : m;
    m = x3 > m ? x3 : m;
    return x4 > m ? x4 : m;
}

/* The hull of four rounded corner values, stepped outward. */
static IVD_INLINE IVD_T
IVD_FN(hull4_out)(double x1, double x2, double x3, double x4)
{
    IVD_T r;
    r.lo = IVD_DN(IVD_FN(min4)(x1, x2, x3, x4));
    r.hi = IVD_UP(IVD_FN(max4)(x1, x2, x3, x4));
    return r;
}

/* [l, h] for d >= 0 and [h, l] otherwise, stepped outward: the result of
   scaling [lo, hi] by a point d with the rounded products l, h. */
static IVD_INLINE IVD_T
IVD_FN(pair_out)(double l, double h, double d)
{
    IVD_T r;
    r.lo = IVD_DN(d >= 0.0 ? l : h);
    r.hi = IVD_UP(d >= 0.0 ? h : l);
    return r;
}

static IVD_INLINE IVD_T
IVD_FN(mul)(IVD_T a, IVD_T b)
{
    double p1, p2, p3, p4;

    if (IVD_FN(is_empty)(a) || IVD_FN(is_empty)(b))
        return IVD_FN(empty)();
    /* Four corner products and min/max: branch-free, which measured faster
       than the nine-case sign analysis on mixed-sign data (bench arith). */
    p1 = IVD_FN(mul_end)(a.lo, b.lo);
    p2 = IVD_FN(mul_end)(a.lo, b.hi);
    p3 = IVD_FN(mul_end)(a.hi, b.lo);
    p4 = IVD_FN(mul_end)(a.hi, b.hi);
    return IVD_FN(hull4_out)(p1, p2, p3, p4);
}

/* x * y rounded and stepped down (up), but exactly 0 when x or y is 0:
   that product needs no rounding, and the step would make it
   subnormal, which later products pay a hundred cycles for. */
static IVD_INLINE double
IVD_FN(mul_end_dn)(double x, double y)
{
    return x == 0.0 || y == 0.0 ? 0.0 : IVD_DN(IVD_FN(mul_end)(x, y));
}

static IVD_INLINE double
IVD_FN(mul_end_up)(double x, double y)
{
    return x == 0.0 || y == 0.0 ? 0.0 : IVD_UP(IVD_FN(mul_end)(x, y));
}

/* a * t for t >= 0 (t.lo >= 0: a time): two end products instead of
   four, each end of a picking the end of t that makes it extreme; an
   exact 0 stays exact (a segment that does not move: [0, 0] t). */
static IVD_INLINE IVD_T
IVD_FN(mul_nonneg)(IVD_T a, IVD_T t)
{
    IVD_T r;
    if (IVD_FN(is_empty)(a) || IVD_FN(is_empty)(t))
        return IVD_FN(empty)();
    r.lo = IVD_FN(mul_end_dn)(a.lo, a.lo >= 0.0 ? t.lo : t.hi);
    r.hi = IVD_FN(mul_end_up)(a.hi, a.hi >= 0.0 ? t.hi : t.lo);
    return r;
}

/* a * d for a finite double d: two products instead of four. */
static IVD_INLINE IVD_T
IVD_FN(mul_d)(IVD_T a, double d)
{
    double l, h;
    if (IVD_FN(is_empty)(a) || d != d)
        return IVD_FN(is_empty)(a) ? a : IVD_FN(entire)();
    if (d == 0.0 || (a.lo == 0.0 && a.hi == 0.0))
        return IVD_FN(set_d)(0.0);     /* exact: see mul_end_dn */
    l = IVD_FN(mul_end)(a.lo, d);
    h = IVD_FN(mul_end)(a.hi, d);
    return IVD_FN(pair_out)(l, h, d);
}

/* {x^2 : x in a}: tighter than mul(a, a) when a contains zero. */
static IVD_INLINE IVD_T
IVD_FN(sqr)(IVD_T a)
{
    IVD_T r;
    double l, h;

    if (IVD_FN(is_empty)(a))
        return a;
    l = a.lo * a.lo;
    h = a.hi * a.hi;
    if (a.lo >= 0.0) {
        r.lo = IVD_DN(l);
        r.hi = IVD_UP(h);
    } else if (a.hi <= 0.0) {
        r.lo = IVD_DN(h);
        r.hi = IVD_UP(l);
    } else {
        r.lo = 0.0;
        r.hi = IVD_UP(l > h ? l : h);
    }
    if (r.lo < 0.0)             /* squares are never negative */
        r.lo = 0.0;
    return r;
}

/* {x / y : x in a, y in b, y != 0}, hulled.  If b contains 0 the result is
   the whole line (use div_ext for the two-piece answer), and division by
   [0, 0] is empty. */
static inline IVD_T
IVD_FN(div)(IVD_T a, IVD_T b)
{
    double q1, q2, q3, q4;

    if (IVD_FN(is_empty)(a) || IVD_FN(is_empty)(b))
        return IVD_FN(empty)();
    if (b.lo == 0.0 && b.hi == 0.0)
        return IVD_FN(empty)();
    if (b.lo <= 0.0 && 0.0 <= b.hi)
        return IVD_FN(entire)();
    /* With 0 outside b, inf/inf can only arise at a corner whose
       neighbours already reach 0 and inf, so that NaN may be ignored;
       each endpoint of a meets at least one finite endpoint of b, so
       never all four are NaN. */
    q1 = a.lo / b.lo;
    q2 = a.lo / b.hi;
    q3 = a.hi / b.lo;
    q4 = a.hi / b.hi;
    return IVD_FN(hull4_out)(q1, q2, q3, q4);
}

/* a / d for a finite nonzero double d: two quotients instead of eight. */
static inline IVD_T
IVD_FN(div_d)(IVD_T a, double d)
{
    double l, h;
    if (IVD_FN(is_empty)(a) || d == 0.0 || d != d)
        return d == 0.0 || IVD_FN(is_empty)(a) ? IVD_FN(empty)() : IVD_FN(entire)();
    l = a.lo / d;
    h = a.hi / d;
    return IVD_FN(pair_out)(l, h, d);   /* d != 0 here */
}

/* Bounds of the two div_ext pieces.  The lower piece holds only
   negative quotients and the upper only positive ones, so a bound rounded
   across zero (x / inf, or underflow) may be clamped to 0: the pieces then
   stay disjoint but for the point 0 where both may end. */
static inline double IVD_FN(upto0)(double q) { q = IVD_UP(q); return q > 0.0 ? 0.0 : q; }
static inline double IVD_FN(from0)(double q) { q = IVD_DN(q); return q < 0.0 ? 0.0 : q; }

/* Extended division: {x / y : x in a, y in b, y != 0} as at most two
   intervals, written to r[0] (the lower) and r[1]; they share at most
   the point 0.  Returns the
   number of pieces, 0 (empty), 1 or 2.  This is what interval Newton needs
   when the derivative enclosure contains zero. */
static inline int
IVD_FN(div_ext)(IVD_T r[2], IVD_T a, IVD_T b)
{
    if (IVD_FN(is_empty)(a) || IVD_FN(is_empty)(b) || (b.lo == 0.0 && b.hi == 0.0))
        return 0;
    if (!(b.lo <= 0.0 && 0.0 <= b.hi)) {
        r[0] = IVD_FN(div)(a, b);
        return 1;
    }
    if (a.lo <= 0.0 && 0.0 <= a.hi) {
        r[0] = IVD_FN(entire)();
        return 1;
    }
    if (a.lo > 0.0) {
        /* Positive numerator: negative divisors give (-inf, a.lo/b.lo],
           positive divisors give [a.lo/b.hi, +inf). */
        if (b.hi == 0.0) {
            r[0] = IVD_FN(set_2d)(-INFINITY, IVD_FN(upto0)(a.lo / b.lo));
            return 1;
        }
        if (b.lo == 0.0) {
            r[0] = IVD_FN(set_2d)(IVD_FN(from0)(a.lo / b.hi), INFINITY);
            return 1;
        }
        r[0] = IVD_FN(set_2d)(-INFINITY, IVD_FN(upto0)(a.lo / b.lo));
        r[1] = IVD_FN(set_2d)(IVD_FN(from0)(a.lo / b.hi), INFINITY);
        return 2;
    }
    /* Negative numerator (a.hi < 0). */
    if (b.hi == 0.0) {
        r[0] = IVD_FN(set_2d)(IVD_FN(from0)(a.hi / b.lo), INFINITY);
        return 1;
    }
    if (b.lo == 0.0) {
        r[0] = IVD_FN(set_2d)(-INFINITY, IVD_FN(upto0)(a.hi / b.hi));
        return 1;
    }
    r[0] = IVD_FN(set_2d)(-INFINITY, IVD_FN(upto0)(a.hi / b.hi));
    r[1] = IVD_FN(set_2d)(IVD_FN(from0)(a.hi / b.lo), INFINITY);
    return 2;
}

/* {sqrt(x) : x in a, x >= 0}; empty if a has no non-negative point.
   IEEE sqrt is one rounding, so one outward step suffices. */
static inline IVD_T
IVD_FN(sqrt)(IVD_T a)
{
    IVD_T r;
    if (IVD_FN(is_empty)(a) || a.hi < 0.0)
        return IVD_FN(empty)();
    r.lo = a.lo > 0.0 ? IVD_DN(sqrt(a.lo)) : 0.0;
    if (r.lo < 0.0)
        r.lo = 0.0;
    r.hi = IVD_UP(sqrt(a.hi));
    return r;
}

/* --- measures and splitting ----------------------------------------- */

/* A double inside a (never NaN, never infinite): the midpoint when it is
   representable, otherwise a nearby double, clamped into a.  0 for the
   whole line, +-DBL_MAX for half-lines.  NaN for empty. */
static inline double
IVD_FN(mid)(IVD_T a)
{
    double m;
    if (IVD_FN(is_empty)(a))
        return NAN;
    if (a.lo == -INFINITY)
        return a.hi == INFINITY ? 0.0 : (a.hi < -DBL_MAX ? a.hi : -DBL_MAX);
    if (a.hi == INFINITY)
        return a.lo > DBL_MAX ? a.lo : DBL_MAX;
    /* Fix: 0.5*lo + 0.5*hi alone rounds each half when lo, hi are odd
       subnormals, missing a representable midpoint ([d, 5d] gave 2d, not
       3d).  If the midpoint is a double, lo + hi = 2*mid is exact unless
       it overflows, and then both halvings are exact. */
    m = 0.5 * (a.lo + a.hi);
    if (!isfinite(m))
        m = 0.5 * a.lo + 0.5 * a.hi;    /* lo + hi overflowed */
    /* Rounding in other modes could still push m out of [lo, hi]. */
    if (m < a.lo) m = a.lo;
    if (m > a.hi) m = a.hi;
    return m;
}

/* An upper bound on hi - lo (the width is rounded up even in the
   unrounded backend, since it feeds stopping tests); +inf when unbounded,
   NaN for empty. */
static inline double
IVD_FN(width)(IVD_T a)
{
    if (IVD_FN(is_empty)(a))
        return NAN;
    return vccd_fp_next_up(a.hi - a.lo);
}

/* max |x| over a (exact), NaN for empty. */
static inline double
IVD_FN(mag)(IVD_T a)
{
    if (IVD_FN(is_empty)(a))
        return NAN;
    return -a.lo > a.hi ? -a.lo : a.hi;
}

/* Split a at a double m strictly inside it into [lo, m] and [m, hi].
   Returns 1 on success, 0 when no double lies strictly between the
   endpoints (the interval is at floating-point resolution) or a is empty;
   then left = right = a. */
static inline int
IVD_FN(bisect)(IVD_T *left, IVD_T *right, IVD_T a)
{
    double m = IVD_FN(mid)(a);
    if (IVD_FN(is_empty)(a) || !(a.lo < m && m < a.hi)) {
        /* mid() can land on an endpoint although a double lies strictly
           inside (e.g. [x, x + 2 ulp] with subnormal rounding); try it. */
        double n = vccd_fp_next_up(a.lo);
        if (IVD_FN(is_empty)(a) || !(n < a.hi)) {
            *left = *right = a;
            return 0;
        }
        m = n;
    }
    left->lo = a.lo;
    left->hi = m;
    right->lo = m;
    right->hi = a.hi;
    return 1;
}

/* --- sums of products, rounded once --------------------------------- */

/* c + sum_i a_i b_i with one outward rounding for the whole sum instead
   of one per operation: each end is summed in plain doubles and moved
   out by a bound of every rounding error inside it (Higham, Accuracy and
   Stability of Numerical Algorithms, 2nd ed., 3.1: a recursive sum of
   products of m terms is off by at most gamma_m times the sum of their
   magnitudes), as Arb's arb_dot rounds a dot product once.  The kinematics
   of a rigid point (kin_comb2), the frames and the hull gaps are such
   sums, and per-operation rounding was most of their cost: about 50
   instructions an operation, nearly all of it the two widenings and the
   empty checks.

   Why the bound holds in every rounding mode: any IEEE product or sum
   is within one ulp, at most u = 2^-52 relative, of its exact value while
   it stays normal; a product that underflows is off by at most
   eta = 2^-1074 (a sum of subnormals is exact).  With m = n products
   and the init c, the computed end S is off from the exact one by at most
   gamma_{n+1} M + (n + 1) eta (1 + gamma_n), gamma_k = k u / (1 - k u),
   where M is the sum of |c| and of the magnitudes mag(a_i) mag(b_i) (>=
   each term at either end).  M itself is computed in doubles, at most
   a factor (1 - u)^(n+1) low (less n eta), and K M is rounded once more;
   K = (n + 1) u (1 + 2^-40) covers gamma_{n+1} / (1 - u)^(n+3), which
   is (n + 1) u (1 + (2n + 5) u) to first order, for every n below 2000,
   and 4 (n + 1) eta the absolute parts (the product K M may underflow
   too).  In round to nearest the true error is at most half of it: the
   factor 2 is what soundness in the directed modes costs, as for the
   widening (fp.h).
   The end is then S -+ e', one more rounded operation, and e' takes its
   rounding in too instead of a widening after it (which put three more
   floating-point operations on every sum's dependency chain, 8% of a
   tetrahedron query's instructions): in any mode fl(S - e') <= S - e' +
   u (|S| + e') + eta, and |S| <= M + e, so fl(S - e') <= S - e holds
   once e' (1 - u) >= e (1 + u) + u M + eta.  e' = K' M' + 4 (n + 2) eta
   with K' = (n + 2) u (1 + 2^-40), computed in doubles from the computed
   M' as above, is that: to first order the condition is (n + 2) u
   (1 + 2^-40 - (n + 4) u) >= (n + 2) u (1 + (n + 1) u), 2^-40 >=
   (2n + 5) u, again every n below 2000; the absolute parts need n + 2
   eta of the 4 (n + 2).  (K' is exact for n + 2 below 2^12.)  The upper
   end is the mirror image.  A sum of 2000 products or more is beyond
   the proof and comes back unbounded (every caller sums at most 3;
   t-fpenv checks both sides of the limit, and the sums whose every
   rounding goes the same way up to n = 1999).  No overflow may happen inside: below M = 2^1020 none can (each partial sum and
   product is at most M (1 + 2^-40)), and above it the error bound is
   infinite, which gives an unbounded end.  When every product has a
   factor exactly 0 the sum is c exactly, with no widening: the step
   would make a 0 subnormal (see mul_end_dn).  (Not "M = 0": a product of
   two tiny magnitudes can underflow to 0 while the true product is
   not.)  In the unrounded backend (IVD_DOT_ROUNDED 0) e' = 0.

   The result contains every c + sum a_i b_i with c, a_i, b_i in their
   intervals; it is empty when an operand is, and an end that IEEE makes
   NaN (inf - inf, an infinite end times 0, a NaN double) is unbounded.
   An exact 0 times an unbounded interval beside other, inexact products
   makes M NaN and so the whole sum unbounded: looser than the
   per-operation product (which gives 0), never wrong, and no kinematic
   sum meets it.  t-arith checks the kernels against the exact range
   (MPFR at 8400 bits, where every such sum is exact) on random,
   cancelling, huge, tiny, zero-width, zero-containing, unbounded and
   empty operands, with their tightness; t-fpenv checks containment in
   all four rounding modes. */
#ifndef IVD_DOT_ROUNDED
#error "the includer of ivd_ops.h defines IVD_DOT_ROUNDED (1: rigorous)"
#endif

typedef struct {
    double lo, hi, mag;
    IVD_T c;                    /* the sum when no product is inexact */
    int empty, inexact;         /* inexact: some product is not exactly 0 */
} IVD_FN(acc);

static IVD_INLINE void
IVD_FN(acc_init)(IVD_FN(acc) *s, IVD_T c)
{
    double l = fabs(c.lo), h = fabs(c.hi);
    s->lo = c.lo;
    s->hi = c.hi;
    s->c = c;
    s->mag = l > h ? l : h;
    s->empty = !(c.lo <= c.hi);
    s->inexact = 0;
}

/* Smallest and largest of four values, NaN-safe the other way round
   from min4/max4: a NaN first value stays NaN (and the end it reaches
   becomes unbounded in acc_end), a later NaN is passed over.  A NaN
   product here is an infinite end times 0, which stands for 0 (set
   semantics), a value the corner with the same 0 and the other end of
   the unbounded operand also gives (or, when both its ends are
   infinite, one of the corners is infinite and covers it): passing it
   over loses nothing, and a NaN kept only loosens the sum. */
static IVD_INLINE double
IVD_FN(acc_min4)(double x1, double x2, double x3, double x4)
{
    double m = x1;
    m = x2 < m ? x2 : m;
    m = x3 < m ? x3 : m;
    return x4 < m ? x4 : m;
}

static IVD_INLINE double
IVD_FN(acc_max4)(double x1, double x2, double x3, double x4)
{
    double m = x1;
    m = x2 > m ? x2 : m;
    m = x3 > m ? x3 : m;
    return x4 > m ? x4 : m;
}

/* s += a b.  An a of one sign (a kinematic coefficient, a time) needs
   two corner products, each end of b picking the end of a that makes it
   extreme; otherwise all four. */
static IVD_INLINE void
IVD_FN(acc_mul)(IVD_FN(acc) *s, IVD_T a, IVD_T b)
{
    double ma = fabs(a.lo) > fabs(a.hi) ? fabs(a.lo) : fabs(a.hi);
    double mb = fabs(b.lo) > fabs(b.hi) ? fabs(b.lo) : fabs(b.hi);
    s->empty |= !(a.lo <= a.hi) | !(b.lo <= b.hi);
    s->inexact |= (ma > 0.0) & (mb > 0.0);
    if (a.lo >= 0.0) {
        s->lo += b.lo * (b.lo >= 0.0 ? a.lo : a.hi);
        s->hi += b.hi * (b.hi >= 0.0 ? a.hi : a.lo);
    } else if (a.hi <= 0.0) {
        s->lo += b.hi * (b.hi >= 0.0 ? a.lo : a.hi);
        s->hi += b.lo * (b.lo >= 0.0 ? a.hi : a.lo);
    } else {
        double p1 = a.lo * b.lo, p2 = a.lo * b.hi, p3 = a.hi * b.lo, p4 = a.hi * b.hi;
        s->lo += IVD_FN(acc_min4)(p1, p2, p3, p4);
        s->hi += IVD_FN(acc_max4)(p1, p2, p3, p4);
    }
    /* NaN (0 times an infinite end) makes the bound infinite: acc_end */
    s->mag += ma * mb;
}

/* s += a d for a double d (NaN: an unbounded sum) */
static IVD_INLINE void
IVD_FN(acc_mul_d)(IVD_FN(acc) *s, IVD_T a, double d)
{
    double ma = fabs(a.lo) > fabs(a.hi) ? fabs(a.lo) : fabs(a.hi);
    s->empty |= !(a.lo <= a.hi);
    s->inexact |= ((ma > 0.0) & (fabs(d) > 0.0)) | (d != d);   /* NaN: lo, hi NaN */
    s->lo += (d >= 0.0 ? a.lo : a.hi) * d;
    s->hi += (d >= 0.0 ? a.hi : a.lo) * d;
    s->mag += ma * fabs(d);
}

/* s += a^2 (tighter than a a when a holds 0: the low end is then 0) */
static IVD_INLINE void
IVD_FN(acc_sqr)(IVD_FN(acc) *s, IVD_T a)
{
    double l = a.lo * a.lo, h = a.hi * a.hi, m = l > h ? l : h;
    s->empty |= !(a.lo <= a.hi);
    s->inexact |= (a.lo != 0.0) | (a.hi != 0.0);  /* not m > 0: a^2 may underflow */
    s->lo += a.lo > 0.0 ? l : a.hi < 0.0 ? h : 0.0;
    s->hi += m;
    s->mag += m;
}

/* The enclosure of the sum of n products accumulated in s. */
static IVD_INLINE IVD_T
IVD_FN(acc_end)(const IVD_FN(acc) *s, int n)
{
    IVD_T r;
    /* e' above: the sum's errors and the rounding of S -+ e' itself */
    double e = IVD_DOT_ROUNDED ? (double)(n + 2) * (0x1p-52 + 0x1p-92) * s->mag + (double)(4 * (n + 2)) * 0x1p-1074
                               : 0.0;
    if (s->empty)
        return IVD_FN(empty)();
    if (!s->inexact)            /* (0 times an infinite end is NaN in s->lo) */
        return s->c;
    /* the special cases (a huge or NaN M, a NaN end) behind branches an
       ordinary sum never takes, off its dependency chain */
    if (!VCCD_FP_LIKELY(s->mag < 0x1p1020 && n < 2000))
        e = INFINITY;           /* (n is a constant at every call: no cost) */
    r.lo = s->lo - e;
    r.hi = s->hi + e;
    if (VCCD_FP_LIKELY(r.lo == r.lo && r.hi == r.hi))
        return r;
    r.lo = r.lo == r.lo ? r.lo : -INFINITY;
    r.hi = r.hi == r.hi ? r.hi : INFINITY;
    return r;
}

/* c + sum_{i < n} a[i sa] b[i sb]; n below 2000 (a longer sum is unbounded) */
static IVD_INLINE IVD_T
IVD_FN(fdot)(IVD_T c, const IVD_T *a, int sa, const IVD_T *b, int sb, int n)
{
    IVD_FN(acc) s;
    IVD_FN(acc_init)(&s, c);
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 4
#endif
    for (int i = 0; i < n; i++)
        IVD_FN(acc_mul)(&s, a[i * sa], b[i * sb]);
    return IVD_FN(acc_end)(&s, n);
}

/* c + sum_{i < n} a[i sa] d[i] for doubles d; n below 2000 as for fdot */
static IVD_INLINE IVD_T
IVD_FN(fdot_d)(IVD_T c, const IVD_T *a, int sa, const double *d, int n)
{
    IVD_FN(acc) s;
    IVD_FN(acc_init)(&s, c);
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 4
#endif
    for (int i = 0; i < n; i++)
        IVD_FN(acc_mul_d)(&s, a[i * sa], d[i]);
    return IVD_FN(acc_end)(&s, n);
}

/* c + a1 b1 + a2 b2 */
static IVD_INLINE IVD_T
IVD_FN(fadd_mul2)(IVD_T c, IVD_T a1, IVD_T b1, IVD_T a2, IVD_T b2)
{
    IVD_FN(acc) s;
    IVD_FN(acc_init)(&s, c);
    IVD_FN(acc_mul)(&s, a1, b1);
    IVD_FN(acc_mul)(&s, a2, b2);
    return IVD_FN(acc_end)(&s, 2);
}

/* c + y + a1 b1 + a2 b2 (a rigid point's position: its body's centre,
   its frame's first vector and the turned parts), y counted as a third
   product with an exact factor 1 */
static IVD_INLINE IVD_T
IVD_FN(fadd2_mul2)(IVD_T c, IVD_T y, IVD_T a1, IVD_T b1, IVD_T a2, IVD_T b2)
{
    IVD_FN(acc) s;
    double l = fabs(y.lo), h = fabs(y.hi);
    IVD_FN(acc_init)(&s, c);
    s.empty |= !(y.lo <= y.hi);
    s.inexact |= (l > 0.0) | (h > 0.0);
    s.lo += y.lo;
    s.hi += y.hi;
    s.mag += l > h ? l : h;
    IVD_FN(acc_mul)(&s, a1, b1);
    IVD_FN(acc_mul)(&s, a2, b2);
    return IVD_FN(acc_end)(&s, 3);
}

/* --- elementary functions (in the backend's .c file) ----------------- */

/* {sin x : x in a}, {cos x : x in a}, both at once.  Endpoint values come
   from an interval Taylor kernel with Cody-Waite reduction (rigorous
   backend) and the extrema from a conservative count of the multiples of
   pi/2 inside a; arguments beyond 2^20 go through MPFR.  Empty gives
   empty; an unbounded argument gives [-1, 1]. */
IVD_T IVD_FN(sin)(IVD_T a);
IVD_T IVD_FN(cos)(IVD_T a);
void IVD_FN(sin_cos)(IVD_T *s, IVD_T *c, IVD_T a);
