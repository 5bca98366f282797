/* t-arith.c -- vccd_di arithmetic, set operations, measures and predicates: randomized containment against MPFR plus special cases. */
#include <stdlib.h>

#include "testutil.h"

/* Sums of doubles with far-apart exponents are not exact at any modest
   precision, so references are computed twice, rounded down and up; the
   comparison with a double endpoint is still exact (tu_di_encloses). */
#define PREC 256

#define IV(x) (x).lo, (x).hi
/* the neighbouring doubles */
#define NU vccd_fp_next_up
#define ND vccd_fp_next_down
/* the backend's outward step of a rounded endpoint (one to two ulps) */
#define SU vccd_di_round_up
#define SD vccd_di_round_down

static mpfr_t fx, fy, vd, vu, L, H, td, tu, big;
static int mp_ready;

static void
setup(void)
{
    tu_init();
    if (!mp_ready) {
        mpfr_inits2(PREC, fx, fy, vd, vu, L, H, td, tu, (mpfr_ptr)0);
        /* A real number beyond every double: the witness for "unbounded". */
        mpfr_init2(big, 8);
        mpfr_set_ui_2exp(big, 1, 3000, MPFR_RNDN);
        mp_ready = 1;
    }
}

/* lo <= hi, no NaN, and not one of the impossible {+inf, +inf} or
   {-inf, -inf}: the shape every nonempty result must have. */
static int
valid_nonempty(vccd_di r)
{
    return r.lo <= r.hi && r.lo < INFINITY && r.hi > -INFINITY;
}

static int
same_di(vccd_di a, vccd_di b)
{
    return (vccd_di_is_empty(a) && vccd_di_is_empty(b)) || (a.lo == b.lo && a.hi == b.hi);
}

/* --- the point operations and their reference ------------------------- */

enum op {
    OP_ADD, OP_SUB, OP_MUL, OP_MUL_D, OP_DIV, OP_DIV_D, OP_SQR, OP_SQRT,
    OP_ABS, OP_NEG, OP_MIN, OP_MAX, OP_MUL_NONNEG, OP_COUNT
};
static const char *const op_names[OP_COUNT] = {
    "add", "sub", "mul", "mul_d", "div", "div_d", "sqr", "sqrt",
    "abs", "neg", "min", "max", "mul_nonneg"
};

static vccd_di
apply(enum op op, vccd_di a, vccd_di b)
{
    switch (op) {
    case OP_ADD: return vccd_di_add(a, b);
    case OP_SUB: return vccd_di_sub(a, b);
    case OP_MUL: return vccd_di_mul(a, b);
    case OP_MUL_D: return vccd_di_mul_d(a, b.lo);
    case OP_DIV: return vccd_di_div(a, b);
    case OP_DIV_D: return vccd_di_div_d(a, b.lo);
    case OP_SQR: return vccd_di_sqr(a);
    case OP_SQRT: return vccd_di_sqrt(a);
    case OP_ABS: return vccd_di_abs(a);
    case OP_NEG: return vccd_di_neg(a);
    case OP_MIN: return vccd_di_min(a, b);
    case OP_MAX: return vccd_di_max(a, b);
    case OP_MUL_NONNEG: return vccd_di_mul_nonneg(a, b);
    default: abort();
    }
}

/* rd := RD(x op y), ru := RU(x op y) at PREC bits. */
static void
ref2(enum op op, mpfr_t rd, mpfr_t ru, double x, double y)
{
    mpfr_set_d(fx, x, MPFR_RNDN);
    mpfr_set_d(fy, y, MPFR_RNDN);
    switch (op) {
    case OP_ADD: mpfr_add(rd, fx, fy, MPFR_RNDD); mpfr_add(ru, fx, fy, MPFR_RNDU); break;
    case OP_SUB: mpfr_sub(rd, fx, fy, MPFR_RNDD); mpfr_sub(ru, fx, fy, MPFR_RNDU); break;
    case OP_MUL: case OP_MUL_D: case OP_MUL_NONNEG:
        mpfr_mul(rd, fx, fy, MPFR_RNDD); mpfr_mul(ru, fx, fy, MPFR_RNDU); break;
    case OP_DIV: case OP_DIV_D:
        mpfr_div(rd, fx, fy, MPFR_RNDD); mpfr_div(ru, fx, fy, MPFR_RNDU); break;
    case OP_SQR: mpfr_sqr(rd, fx, MPFR_RNDD); mpfr_sqr(ru, fx, MPFR_RNDU); break;
    case OP_SQRT: mpfr_sqrt(rd, fx, MPFR_RNDD); mpfr_sqrt(ru, fx, MPFR_RNDU); break;
    case OP_ABS: mpfr_abs(rd, fx, MPFR_RNDD); mpfr_set(ru, rd, MPFR_RNDU); break;
    case OP_NEG: mpfr_neg(rd, fx, MPFR_RNDD); mpfr_set(ru, rd, MPFR_RNDU); break;
    case OP_MIN: mpfr_min(rd, fx, fy, MPFR_RNDD); mpfr_set(ru, rd, MPFR_RNDU); break;
    case OP_MAX: mpfr_max(rd, fx, fy, MPFR_RNDD); mpfr_set(ru, rd, MPFR_RNDU); break;
    default: abort();
    }
}

/* L <= inf and H >= sup of the exact range of op over bounded a, b.  The
   binary operations here are monotone in each argument on the domain
   used (divisors without 0), so the range is spanned by the corners. */
static void
exact_range(enum op op, vccd_di a, vccd_di b)
{
    double xs[2] = { a.lo, a.hi }, ys[2] = { b.lo, b.hi };
    int i, j;

    /* sqr and abs are not monotone across 0: the minimum is inside */
    if ((op == OP_SQR || op == OP_ABS) && a.lo < 0.0 && a.hi > 0.0) {
        mpfr_set_zero(L, 1);
        ref2(op, td, H, a.lo, 0.0);
        ref2(op, td, tu, a.hi, 0.0);
        mpfr_max(H, H, tu, MPFR_RNDU);
        return;
    }
    if (op == OP_SQRT && xs[0] < 0.0)
        xs[0] = 0.0;
    mpfr_set_inf(L, 1);
    mpfr_set_inf(H, -1);
    for (i = 0; i < 2; i++)
        for (j = 0; j < 2; j++) {
            ref2(op, td, tu, xs[i], ys[j]);
            mpfr_min(L, L, td, MPFR_RNDD);
            mpfr_max(H, H, tu, MPFR_RNDU);
        }
}

/* At most one outward step (SD, SU) beyond the tightest binary64 enclosure of the
   exact range: r.lo = step_down(any rounding of inf) >= step_down(RD(inf)).
   Without this, returning the whole line would pass every test. */
static int
tight(vccd_di r)
{
    double l = SD(mpfr_get_d(L, MPFR_RNDD)), h = SU(mpfr_get_d(H, MPFR_RNDU));
    return r.lo >= l && r.hi <= h;
}

/* A point of b other than 0, or 0 when b = [0, 0]. */
static double
nonzero_point_in(vccd_di b)
{
    int k;
    for (k = 0; k < 8; k++) {
        double y = tu_point_in(b);
        if (y != 0.0)
            return y;
    }
    if (b.hi != 0.0)
        return isfinite(b.hi) ? b.hi : DBL_MAX;
    return isfinite(b.lo) ? b.lo : -DBL_MAX;
}

static long
run_op(enum op op, long n)
{
    long checks = 0;

    /* count checks, not draws: div by [0,0] and sqrt of negatives skip */
    while (checks < n) {
        vccd_di a = tu_di(0), b = tu_di(0), r;
        double x, y = 0.0;

        if (op == OP_MUL_D || op == OP_DIV_D) {
            double d = tu_double();
            if (op == OP_DIV_D && d == 0.0) {
                if (!vccd_di_is_empty(vccd_di_div_d(a, 0.0)))
                    tu_fail("div_d([%a,%a], 0) is not empty", IV(a));
                d = 1.0 + tu_unit();
            }
            b = vccd_di_set_d(d);
        }
        if (op == OP_MUL_NONNEG)       /* a time-like factor: b >= 0 */
            b = vccd_di_abs(b);
        r = apply(op, a, b);

        if (op == OP_SQRT && a.hi < 0.0) {
            if (!vccd_di_is_empty(r))
                tu_fail("sqrt([%a,%a]) = [%a,%a], want empty", IV(a), IV(r));
            continue;
        }
        if (op == OP_DIV && b.lo == 0.0 && b.hi == 0.0) {
            if (!vccd_di_is_empty(r))
                tu_fail("div([%a,%a], [0,0]) = [%a,%a], want empty", IV(a), IV(r));
            continue;
        }
        if (!valid_nonempty(r))
            tu_fail("%s([%a,%a], [%a,%a]) = [%a,%a] is not a valid interval",
                    op_names[op], IV(a), IV(b), IV(r));

        x = op == OP_SQRT ? tu_point_in(vccd_di_intersect(a, vccd_di_set_2d(0.0, INFINITY)))
                          : tu_point_in(a);
        y = op == OP_DIV ? nonzero_point_in(b) : tu_point_in(b);
        ref2(op, vd, vu, x, y);
        checks++;
        if (!tu_di_encloses(r, vd, vu))
            tu_fail("%s([%a,%a], [%a,%a]) = [%a,%a] misses x=%a op y=%a",
                    op_names[op], IV(a), IV(b), IV(r), x, y);

        if (vccd_di_is_bounded(a) && vccd_di_is_bounded(b)
            && !(op == OP_DIV && vccd_di_contains_zero(b))) {
            exact_range(op, a, b);
            if (!tight(r))
                tu_fail("%s([%a,%a], [%a,%a]) = [%a,%a] is wider than one outward step "
                        "(vccd_di_round_down/up) outside the exact range", op_names[op], IV(a), IV(b), IV(r));
            /* these involve no rounding at all */
            if ((op == OP_ABS || op == OP_NEG || op == OP_MIN || op == OP_MAX)
                && (mpfr_cmp_d(L, r.lo) != 0 || mpfr_cmp_d(H, r.hi) != 0))
                tu_fail("%s([%a,%a], [%a,%a]) = [%a,%a] is not exact",
                        op_names[op], IV(a), IV(b), IV(r));
        }
    }
    return checks;
}

START_TEST(test_ops_containment)
{
    enum op op = (enum op)_i;
    long checks;

    setup();
    checks = run_op(op, tu_iters(1000000));
    printf("t-arith: %s: %ld containment checks\n", op_names[op], checks);
}
END_TEST

/* --- extended division ------------------------------------------------- */

START_TEST(test_div_ext)
{
    long n = tu_iters(1000000), checks = 0;

    setup();
    while (checks < n) {
        vccd_di a = tu_di(0), b = tu_di(0), r[2];
        double x, y;
        int k;

        /* Bias toward divisors containing 0, the case div_ext exists for. */
        if (tu_ulong() % 2 && !vccd_di_contains_zero(b))
            b = vccd_di_hull(b, vccd_di_neg(b));
        k = vccd_di_div_ext(r, a, b);
        if (b.lo == 0.0 && b.hi == 0.0) {
            if (k != 0)
                tu_fail("div_ext by [0,0] gave %d pieces", k);
            continue;
        }
        if (k < 1 || k > 2)
            tu_fail("div_ext([%a,%a], [%a,%a]) gave %d pieces", IV(a), IV(b), k);
        if (!valid_nonempty(r[0]) || (k == 2 && !valid_nonempty(r[1])))
            tu_fail("div_ext([%a,%a], [%a,%a]): invalid piece", IV(a), IV(b));
        /* Disjoint, except that an inner bound of 0 (an infinite divisor
           end, or underflow) is stepped outward to +-denorm_min, so the
           pieces may overlap on [-denorm_min, denorm_min]: sound, and the
           only overlap possible. */
        if (k == 2 && !(r[0].lo == -INFINITY && r[1].hi == INFINITY
                        && (r[0].hi < r[1].lo
                            || (r[0].hi <= 0x1p-1074 && r[1].lo >= -0x1p-1074))))
            tu_fail("div_ext([%a,%a], [%a,%a]) = [%a,%a] u [%a,%a]: pieces not "
                    "ordered half-lines", IV(a), IV(b), IV(r[0]), IV(r[1]));
        if (k == 1 && !vccd_di_contains_zero(b)) {
            vccd_di q = vccd_di_div(a, b);
            if (!same_di(q, r[0]))
                tu_fail("div_ext without 0 in the divisor differs from div");
        }
        x = tu_point_in(a);
        y = nonzero_point_in(b);
        ref2(OP_DIV, vd, vu, x, y);
        checks++;
        if (!tu_di_encloses(r[0], vd, vu) && !(k == 2 && tu_di_encloses(r[1], vd, vu)))
            tu_fail("div_ext([%a,%a], [%a,%a]) misses %a/%a (%d pieces: [%a,%a] [%a,%a])",
                    IV(a), IV(b), x, y, k, IV(r[0]), k == 2 ? r[1].lo : NAN,
                    k == 2 ? r[1].hi : NAN);
    }
    printf("t-arith: div_ext: %ld containment checks\n", checks);
}
END_TEST

START_TEST(test_div_ext_cases)
{
    vccd_di r[2];
    int k;

    setup();
    k = vccd_di_div_ext(r, vccd_di_set_2d(1, 2), vccd_di_set_2d(-1, 1));
    if (k != 2 || r[0].lo != -INFINITY || r[0].hi != SU(-1.0) || r[1].lo != SD(1.0)
        || r[1].hi != INFINITY)
        tu_fail("[1,2]/[-1,1]: %d pieces [%a,%a] [%a,%a]", k, IV(r[0]), IV(r[1]));
    k = vccd_di_div_ext(r, vccd_di_set_2d(-2, -1), vccd_di_set_2d(-4, 2));
    /* -1/2 and -1/-4 are the inner bounds, both exact before the step */
    if (k != 2 || r[0].lo != -INFINITY || r[0].hi != SU(-0.5) || r[1].lo != SD(0.25)
        || r[1].hi != INFINITY)
        tu_fail("[-2,-1]/[-4,2]: %d pieces [%a,%a] [%a,%a]", k, IV(r[0]), IV(r[1]));
    k = vccd_di_div_ext(r, vccd_di_set_2d(1, 2), vccd_di_set_2d(0, 1));
    if (k != 1 || r[0].lo != SD(1.0) || r[0].hi != INFINITY)
        tu_fail("[1,2]/[0,1]: %d pieces [%a,%a]", k, IV(r[0]));
    k = vccd_di_div_ext(r, vccd_di_set_2d(1, 2), vccd_di_set_2d(-1, 0));
    if (k != 1 || r[0].lo != -INFINITY || r[0].hi != SU(-1.0))
        tu_fail("[1,2]/[-1,0]: %d pieces [%a,%a]", k, IV(r[0]));
    k = vccd_di_div_ext(r, vccd_di_set_2d(0, 1), vccd_di_set_2d(-1, 1));
    if (k != 1 || !vccd_di_is_entire(r[0]))
        tu_fail("[0,1]/[-1,1]: %d pieces [%a,%a]", k, IV(r[0]));
    k = vccd_di_div_ext(r, vccd_di_set_2d(1, 2), vccd_di_set_2d(0, 0));
    if (k != 0)
        tu_fail("[1,2]/[0,0]: %d pieces", k);
    k = vccd_di_div_ext(r, vccd_di_empty(), vccd_di_set_2d(-1, 1));
    if (k != 0)
        tu_fail("empty/[-1,1]: %d pieces", k);
    k = vccd_di_div_ext(r, vccd_di_set_2d(1, 2), vccd_di_empty());
    if (k != 0)
        tu_fail("[1,2]/empty: %d pieces", k);
    k = vccd_di_div_ext(r, vccd_di_set_2d(1, 2), vccd_di_set_2d(2, 4));
    if (k != 1 || r[0].lo != SD(0.25) || r[0].hi != SU(1.0))
        tu_fail("[1,2]/[2,4]: %d pieces [%a,%a]", k, IV(r[0]));
}
END_TEST

/* --- special values ---------------------------------------------------- */

START_TEST(test_special_cases)
{
    vccd_di one2 = vccd_di_set_2d(1, 2), E = vccd_di_entire(), r;
    vccd_di tiny0 = vccd_di_set_2d(-0x1p-1074, 0x1p-1074);

    setup();
    /* constructors */
    if (!vccd_di_is_entire(vccd_di_set_d(NAN)))
        tu_fail("set_d(NaN) is not entire");
    if (!vccd_di_is_entire(vccd_di_set_2d(NAN, 1)) || !vccd_di_is_entire(vccd_di_set_2d(1, NAN))
        || !vccd_di_is_entire(vccd_di_set_2d(NAN, NAN)))
        tu_fail("set_2d with NaN is not entire");
    if (!vccd_di_is_empty(vccd_di_set_2d(2, 1)) || !vccd_di_is_empty(vccd_di_set_2d(INFINITY, INFINITY))
        || !vccd_di_is_empty(vccd_di_set_2d(-INFINITY, -INFINITY)))
        tu_fail("set_2d(lo > hi) or an infinite point is not empty");
    r = vccd_di_set_d(INFINITY);
    if (r.lo != DBL_MAX || r.hi != INFINITY)
        tu_fail("set_d(inf) = [%a,%a]", IV(r));
    r = vccd_di_set_d(-INFINITY);
    if (r.lo != -INFINITY || r.hi != -DBL_MAX)
        tu_fail("set_d(-inf) = [%a,%a]", IV(r));
    r = vccd_di_set_d(0.1);
    if (r.lo != 0.1 || r.hi != 0.1)
        tu_fail("set_d(0.1) is not the point");

    /* 0 * inf at an endpoint means 0 times arbitrarily large finite numbers */
    r = vccd_di_mul(vccd_di_set_d(0), vccd_di_set_2d(1, INFINITY));
    if (!vccd_di_contains_zero(r) || !vccd_di_subset(r, tiny0))
        tu_fail("[0,0]*[1,inf] = [%a,%a], want [0,0] up to one step", IV(r));
    r = vccd_di_mul(vccd_di_set_2d(-INFINITY, -1), vccd_di_set_d(0));
    if (!vccd_di_contains_zero(r) || !vccd_di_subset(r, tiny0))
        tu_fail("[-inf,-1]*[0,0] = [%a,%a]", IV(r));
    r = vccd_di_mul(vccd_di_set_2d(0, 1), vccd_di_set_2d(1, INFINITY));
    if (!(r.lo <= 0.0 && r.lo >= -0x1p-1074 && r.hi == INFINITY))
        tu_fail("[0,1]*[1,inf] = [%a,%a], want [0,inf)", IV(r));
    r = vccd_di_mul(E, vccd_di_set_d(0));
    if (!vccd_di_contains_zero(r) || !vccd_di_subset(r, tiny0))
        tu_fail("entire*[0,0] = [%a,%a]", IV(r));
    r = vccd_di_mul_d(E, 0.0);
    if (!vccd_di_contains_zero(r) || !vccd_di_subset(r, tiny0))
        tu_fail("mul_d(entire, 0) = [%a,%a]", IV(r));
    r = vccd_di_mul_d(one2, NAN);
    if (!vccd_di_is_entire(r))
        tu_fail("mul_d(x, NaN) = [%a,%a], want entire", IV(r));
    r = vccd_di_mul(vccd_di_set_2d(DBL_MAX, INFINITY), vccd_di_set_2d(DBL_MAX, INFINITY));
    if (!valid_nonempty(r) || r.hi != INFINITY || r.lo > DBL_MAX)
        tu_fail("[max,inf]^2 = [%a,%a]", IV(r));
    /* overflow of finite endpoints must give an unbounded side */
    r = vccd_di_add(vccd_di_set_d(DBL_MAX), vccd_di_set_d(DBL_MAX));
    if (r.hi != INFINITY || r.lo < DBL_MAX)
        tu_fail("DBL_MAX+DBL_MAX = [%a,%a]", IV(r));

    /* division */
    if (!vccd_di_is_empty(vccd_di_div(one2, vccd_di_set_d(0))))
        tu_fail("x/[0,0] is not empty");
    if (!vccd_di_is_empty(vccd_di_div(one2, vccd_di_set_2d(-0.0, 0.0))))
        tu_fail("x/[-0,+0] is not empty");
    if (!vccd_di_is_entire(vccd_di_div(one2, vccd_di_set_2d(-1, 1)))
        || !vccd_di_is_entire(vccd_di_div(one2, vccd_di_set_2d(0, 1)))
        || !vccd_di_is_entire(vccd_di_div(one2, vccd_di_set_2d(-1, -0.0))))
        tu_fail("division by an interval containing 0 is not entire");
    r = vccd_di_div(one2, vccd_di_set_2d(1, INFINITY));
    if (!(r.lo <= 0.0 && r.lo >= -0x1p-1074 && r.hi == SU(2.0)))
        tu_fail("[1,2]/[1,inf] = [%a,%a]", IV(r));
    r = vccd_di_div(vccd_di_set_2d(1, INFINITY), vccd_di_set_2d(1, INFINITY));
    if (!(r.lo <= 0.0 && r.hi == INFINITY))
        tu_fail("[1,inf]/[1,inf] = [%a,%a]", IV(r));
    r = vccd_di_div(vccd_di_set_d(1), vccd_di_set_d(0x1p-1074));
    if (!(r.lo == DBL_MAX && r.hi == INFINITY))
        tu_fail("1/denorm_min = [%a,%a], want [DBL_MAX, inf]", IV(r));
    if (!vccd_di_is_empty(vccd_di_div_d(one2, 0.0)) || !vccd_di_is_entire(vccd_di_div_d(one2, NAN)))
        tu_fail("div_d by 0 / NaN");

    /* entire op bounded */
    if (!vccd_di_is_entire(vccd_di_add(E, one2)) || !vccd_di_is_entire(vccd_di_add(one2, E))
        || !vccd_di_is_entire(vccd_di_sub(E, one2)) || !vccd_di_is_entire(vccd_di_sub(one2, E))
        || !vccd_di_is_entire(vccd_di_mul(E, one2)) || !vccd_di_is_entire(vccd_di_mul(one2, E))
        || !vccd_di_is_entire(vccd_di_mul(E, vccd_di_set_2d(0, 1)))
        || !vccd_di_is_entire(vccd_di_mul_d(E, 2.0)) || !vccd_di_is_entire(vccd_di_mul_d(E, -2.0))
        || !vccd_di_is_entire(vccd_di_div(E, one2)) || !vccd_di_is_entire(vccd_di_div(one2, E))
        || !vccd_di_is_entire(vccd_di_div_d(E, 3.0)) || !vccd_di_is_entire(vccd_di_neg(E))
        || !vccd_di_is_entire(vccd_di_hull(E, one2)) || !vccd_di_is_entire(vccd_di_mul(E, E))
        || !vccd_di_is_entire(vccd_di_add(E, E)) || !vccd_di_is_entire(vccd_di_sub(E, E)))
        tu_fail("entire op bounded is not entire");
    r = vccd_di_sqr(E);
    if (r.lo != 0.0 || r.hi != INFINITY)
        tu_fail("sqr(entire) = [%a,%a]", IV(r));
    r = vccd_di_sqrt(E);
    if (r.lo != 0.0 || r.hi != INFINITY)
        tu_fail("sqrt(entire) = [%a,%a]", IV(r));
    r = vccd_di_abs(E);
    if (r.lo != 0.0 || r.hi != INFINITY)
        tu_fail("abs(entire) = [%a,%a]", IV(r));
    r = vccd_di_min(E, one2);
    if (r.lo != -INFINITY || r.hi != 2.0)
        tu_fail("min(entire, [1,2]) = [%a,%a]", IV(r));
    r = vccd_di_max(E, one2);
    if (r.lo != 1.0 || r.hi != INFINITY)
        tu_fail("max(entire, [1,2]) = [%a,%a]", IV(r));
    if (!same_di(vccd_di_intersect(E, one2), one2))
        tu_fail("intersect(entire, [1,2]) != [1,2]");
    r = vccd_di_sub(vccd_di_set_2d(1, INFINITY), vccd_di_set_2d(1, INFINITY));
    if (!vccd_di_is_entire(r))
        tu_fail("[1,inf]-[1,inf] = [%a,%a]", IV(r));
    r = vccd_di_add(vccd_di_set_2d(-INFINITY, 1), vccd_di_set_2d(1, INFINITY));
    if (!vccd_di_is_entire(r))
        tu_fail("[-inf,1]+[1,inf] = [%a,%a]", IV(r));

    /* sqrt of intervals touching 0 from below */
    r = vccd_di_sqrt(vccd_di_set_2d(-1, -0.0));
    if (!(r.lo == 0.0 && r.hi >= 0.0 && r.hi <= 0x1p-1074))
        tu_fail("sqrt([-1,-0]) = [%a,%a]", IV(r));
    if (!vccd_di_is_empty(vccd_di_sqrt(vccd_di_set_2d(-2, -1))))
        tu_fail("sqrt([-2,-1]) is not empty");
    r = vccd_di_sqrt(vccd_di_set_2d(4, 9));
    if (r.lo != SD(2.0) || r.hi != SU(3.0))
        tu_fail("sqrt([4,9]) = [%a,%a]", IV(r));
    r = vccd_di_sqr(vccd_di_set_2d(-3, 2));
    if (r.lo != 0.0 || r.hi != SU(9.0))
        tu_fail("sqr([-3,2]) = [%a,%a]", IV(r));
    r = vccd_di_sqr(vccd_di_set_2d(-0x1p-600, -0x1p-700));
    if (r.lo != 0.0 || r.hi != 0x1p-1074)
        tu_fail("sqr of underflowing interval = [%a,%a]", IV(r));
}
END_TEST

START_TEST(test_empty_propagation)
{
    static const vccd_di odd_empty = { 1.0, 0.0 };  /* any lo > hi is empty */
    long i, n = tu_iters(20000);
    vccd_di e, r[2];
    int op, k, w;

    setup();
    for (i = 0; i < n; i++) {
        vccd_di a = tu_di(0);
        double d = tu_double();
        for (w = 0; w < 2; w++) {
            e = w ? odd_empty : vccd_di_empty();
            if (!vccd_di_is_empty(e))
                tu_fail("{%a,%a} is not empty", IV(e));
            for (op = 0; op < OP_COUNT; op++) {
                vccd_di b = op == OP_MUL_D || op == OP_DIV_D ? vccd_di_set_d(d) : a;
                if (!vccd_di_is_empty(apply((enum op)op, e, b)))
                    tu_fail("%s(empty, [%a,%a]) is not empty", op_names[op], IV(b));
                if (op != OP_MUL_D && op != OP_DIV_D && op <= OP_DIV
                    && !vccd_di_is_empty(apply((enum op)op, a, e)))
                    tu_fail("%s([%a,%a], empty) is not empty", op_names[op], IV(a));
                if ((op == OP_MIN || op == OP_MAX)
                    && !vccd_di_is_empty(apply((enum op)op, a, e)))
                    tu_fail("%s([%a,%a], empty) is not empty", op_names[op], IV(a));
            }
            if (vccd_di_div_ext(r, e, a) != 0 || vccd_di_div_ext(r, a, e) != 0)
                tu_fail("div_ext with an empty operand has pieces");
            if (!vccd_di_is_empty(vccd_di_intersect(a, e)) || !vccd_di_is_empty(vccd_di_intersect(e, a)))
                tu_fail("intersect with empty is not empty");
            if (!same_di(vccd_di_hull(a, e), a) || !same_di(vccd_di_hull(e, a), a))
                tu_fail("hull with empty is not the other operand");
            if (!isnan(vccd_di_mid(e)) || !isnan(vccd_di_width(e)) || !isnan(vccd_di_mag(e)))
                tu_fail("mid/width/mag of empty is not NaN");
            k = vccd_di_bisect(&r[0], &r[1], e);
            if (k != 0 || !vccd_di_is_empty(r[0]) || !vccd_di_is_empty(r[1]))
                tu_fail("bisect(empty) = %d", k);
            if (vccd_di_contains_d(e, d) || vccd_di_contains_zero(e))
                tu_fail("empty contains %a", d);
            if (!vccd_di_subset(e, a) || (vccd_di_subset(a, e)))
                tu_fail("subset with empty wrong for [%a,%a]", IV(a));
            if (vccd_di_certainly_lt(e, a) || vccd_di_certainly_le(e, a)
                || vccd_di_possibly_lt(e, a) || vccd_di_possibly_le(e, a)
                || vccd_di_certainly_lt(a, e) || vccd_di_certainly_le(a, e)
                || vccd_di_possibly_lt(a, e) || vccd_di_possibly_le(a, e))
                tu_fail("a comparison with empty is true");
            if (vccd_di_is_entire(e) || vccd_di_is_point(e))
                tu_fail("empty is entire or a point");
        }
    }
    if (!vccd_di_is_empty(vccd_di_hull(vccd_di_empty(), vccd_di_empty())))
        tu_fail("hull(empty, empty) is not empty");
}
END_TEST

START_TEST(test_reuse)
{
    vccd_di x = vccd_di_set_2d(1, 2), y;
    int i;

    setup();
    x = vccd_di_add(x, x);
    if (x.lo != SD(2.0) || x.hi != SU(4.0))
        tu_fail("x = x + x gives [%a,%a]", IV(x));
    x = vccd_di_set_2d(-3, 2);
    x = vccd_di_mul(x, x);
    if (x.lo != SD(-6.0) || x.hi != SU(9.0))
        tu_fail("x = x * x gives [%a,%a]", IV(x));
    /* a running sum: each step must keep enclosing 0.1 * k exactly */
    x = vccd_di_set_d(0.0);
    y = vccd_di_set_si_frac(1, 10);
    for (i = 1; i <= 1000; i++) {
        x = vccd_di_add(x, y);
        mpfr_set_ui(vd, (unsigned long)i, MPFR_RNDN);
        mpfr_div_ui(vu, vd, 10, MPFR_RNDU);
        mpfr_div_ui(vd, vd, 10, MPFR_RNDD);
        if (!tu_di_encloses(x, vd, vu))
            tu_fail("running sum of 0.1 misses %d/10 at [%a,%a]", i, IV(x));
    }
}
END_TEST

/* --- set operations ---------------------------------------------------- */

/* An endpoint near a's: sharing, just outside, just inside, or random;
   makes overlaps, touching and nested pairs common. */
static double
near_endpoint(vccd_di a)
{
    switch (tu_ulong() % 10) {
    case 0: return a.lo;
    case 1: return a.hi;
    case 2: return ND(a.lo);
    case 3: return NU(a.hi);
    case 4: return NU(a.lo);
    case 5: return ND(a.hi);
    case 6: case 7: return tu_point_in(a);
    case 8: return (tu_ulong() & 1) ? INFINITY : -INFINITY;
    default: return tu_double();
    }
}

static vccd_di
related(vccd_di a)
{
    double x, y, t;
    if (tu_ulong() % 4 == 0)
        return tu_di(0);
    x = near_endpoint(a);
    y = near_endpoint(a);
    if (x > y) { t = x; x = y; y = t; }
    return vccd_di_set_2d(x, y);    /* may be empty: {inf, inf} etc. */
}

START_TEST(test_hull_intersect)
{
    long i, n = tu_iters(300000), checks = 0;

    setup();
    for (i = 0; i < n; i++) {
        vccd_di a = tu_di(0), b = related(a), h, s;
        double x, y, z;

        if (vccd_di_is_empty(b))
            continue;
        h = vccd_di_hull(a, b);
        s = vccd_di_intersect(a, b);
        if (h.lo != fmin(a.lo, b.lo) || h.hi != fmax(a.hi, b.hi))
            tu_fail("hull([%a,%a],[%a,%a]) = [%a,%a]", IV(a), IV(b), IV(h));
        x = tu_point_in(a);
        y = tu_point_in(b);
        checks++;
        if (!vccd_di_contains_d(h, x) || !vccd_di_contains_d(h, y))
            tu_fail("hull misses a point");
        /* a point in both inputs is in the intersection */
        if (vccd_di_contains_d(b, x) && !vccd_di_contains_d(s, x))
            tu_fail("intersect([%a,%a],[%a,%a]) = [%a,%a] misses %a", IV(a), IV(b), IV(s), x);
        if (vccd_di_contains_d(a, y) && !vccd_di_contains_d(s, y))
            tu_fail("intersect([%a,%a],[%a,%a]) = [%a,%a] misses %a", IV(a), IV(b), IV(s), y);
        if (vccd_di_is_empty(s)) {
            /* empty exactly when the inputs are separated */
            if (!(a.hi < b.lo || b.hi < a.lo))
                tu_fail("intersect of overlapping [%a,%a],[%a,%a] is empty", IV(a), IV(b));
        } else {
            if (!valid_nonempty(s))
                tu_fail("intersect gave invalid [%a,%a]", IV(s));
            /* a point in the intersection is in both */
            z = tu_point_in(s);
            if (!vccd_di_contains_d(a, z) || !vccd_di_contains_d(b, z)
                || !vccd_di_subset(s, a) || !vccd_di_subset(s, b))
                tu_fail("intersect([%a,%a],[%a,%a]) = [%a,%a] has %a outside an input",
                        IV(a), IV(b), IV(s), z);
        }
    }
    printf("t-arith: hull/intersect: %ld containment checks\n", checks);
}
END_TEST

/* --- measures and splitting -------------------------------------------- */

START_TEST(test_mid)
{
    const vccd_di spec[] = {
        { -INFINITY, INFINITY }, { -INFINITY, 0.0 }, { 0.0, INFINITY },
        { DBL_MAX, INFINITY }, { -INFINITY, -DBL_MAX }, { -DBL_MAX, DBL_MAX },
        { 0x1p-1074, 0x1p-1073 }, { -0x1p-1074, 0x1p-1074 }, { 0x1p-1074, 0x1.8p-1073 },
        { -DBL_MAX, -DBL_MAX }, { 5.0, INFINITY }, { -INFINITY, -5.0 },
        { ND(DBL_MAX), DBL_MAX }, { -0.0, 0.0 }
    };
    long i, n = tu_iters(300000);
    size_t j;
    double m;
    MPFR_DECL_INIT(ex, 2200);       /* (lo + hi) / 2 exactly */

    setup();
    for (j = 0; j < sizeof spec / sizeof spec[0]; j++) {
        m = vccd_di_mid(spec[j]);
        if (!isfinite(m) || !vccd_di_contains_d(spec[j], m))
            tu_fail("mid([%a,%a]) = %a", IV(spec[j]), m);
    }
    if (vccd_di_mid(vccd_di_entire()) != 0.0)
        tu_fail("mid(entire) != 0");
    /* representable midpoints of odd subnormals and of huge endpoints */
    m = vccd_di_mid(vccd_di_set_2d(0x1p-1074, 5 * 0x1p-1074));
    if (m != 3 * 0x1p-1074)
        tu_fail("mid([d, 5d]) = %a, want 3d", m);
    m = vccd_di_mid(vccd_di_set_2d(0x1.8p1023, DBL_MAX));
    if (m != 0x1.bffffffffffffp1023 && m != 0x1.cp1023)
        tu_fail("mid([1.5*2^1023, DBL_MAX]) = %a", m);
    m = vccd_di_mid(vccd_di_set_2d(-DBL_MAX, -DBL_MAX));
    if (m != -DBL_MAX)
        tu_fail("mid([-DBL_MAX, -DBL_MAX]) = %a", m);
    for (i = 0; i < n; i++) {
        vccd_di a = (i & 1) ? tu_di(0) : related(tu_di(0));
        if (vccd_di_is_empty(a))
            continue;
        m = vccd_di_mid(a);
        if (!isfinite(m) || !vccd_di_contains_d(a, m))
            tu_fail("mid([%a,%a]) = %a", IV(a), m);
        /* "the midpoint when representable, otherwise a nearby double":
           the exact midpoint, if a double, and else at most one step
           beyond its neighbours */
        if (vccd_di_is_bounded(a)) {
            mpfr_set_d(ex, a.lo, MPFR_RNDN);
            mpfr_add_d(ex, ex, a.hi, MPFR_RNDN);
            mpfr_div_2ui(ex, ex, 1, MPFR_RNDN);
            if (mpfr_cmp_d(ex, mpfr_get_d(ex, MPFR_RNDN)) == 0 ? mpfr_cmp_d(ex, m) != 0
                : (m < ND(mpfr_get_d(ex, MPFR_RNDD)) || m > NU(mpfr_get_d(ex, MPFR_RNDU))))
                tu_fail("mid([%a,%a]) = %a is not the midpoint", IV(a), m);
        }
    }
}
END_TEST

START_TEST(test_width_mag)
{
    long i, n = tu_iters(300000), checks = 0;
    MPFR_DECL_INIT(ex, 2200);       /* hi - lo of doubles is exact here */

    setup();
    if (vccd_di_width(vccd_di_entire()) != INFINITY
        || vccd_di_width(vccd_di_set_2d(1, INFINITY)) != INFINITY
        || vccd_di_width(vccd_di_set_2d(DBL_MAX, INFINITY)) != INFINITY)
        tu_fail("width of unbounded is not inf");
    if (vccd_di_width(vccd_di_set_2d(-DBL_MAX, DBL_MAX)) != INFINITY)
        tu_fail("width of [-DBL_MAX, DBL_MAX] must round up to inf");
    if (vccd_di_mag(vccd_di_set_2d(-3, 2)) != 3.0 || vccd_di_mag(vccd_di_set_2d(-1, 2)) != 2.0
        || vccd_di_mag(vccd_di_set_2d(-INFINITY, 0)) != INFINITY)
        tu_fail("mag of fixed cases");
    for (i = 0; i < n; i++) {
        vccd_di a = tu_di(0);
        double w = vccd_di_width(a), m = vccd_di_mag(a), x = tu_point_in(a);
        if (!vccd_di_is_bounded(a)) {
            if (w != INFINITY || m != INFINITY)
                tu_fail("width/mag of [%a,%a] = %a/%a", IV(a), w, m);
            continue;
        }
        if (mpfr_set_d(ex, a.hi, MPFR_RNDN) != 0 || mpfr_sub_d(ex, ex, a.lo, MPFR_RNDN) != 0)
            tu_fail("hi - lo not exact at 2200 bits");
        checks++;
        if (!(mpfr_cmp_d(ex, w) <= 0))
            tu_fail("width([%a,%a]) = %a is below the exact width", IV(a), w);
        if (w > NU(mpfr_get_d(ex, MPFR_RNDU)))
            tu_fail("width([%a,%a]) = %a is more than a step above", IV(a), w);
        if (m != fmax(fabs(a.lo), fabs(a.hi)) || fabs(x) > m)
            tu_fail("mag([%a,%a]) = %a", IV(a), m);
    }
    printf("t-arith: width/mag: %ld checks\n", checks);
}
END_TEST

/* True when some double lies strictly between lo and hi. */
static int
has_inner_double(vccd_di a)
{
    return !vccd_di_is_empty(a) && NU(a.lo) < a.hi;
}

static void
check_bisect(vccd_di a)
{
    vccd_di l, r;
    int k = vccd_di_bisect(&l, &r, a);

    if (k != has_inner_double(a))
        tu_fail("bisect([%a,%a]) returned %d", IV(a), k);
    if (k == 0) {
        if (!same_di(l, a) || !same_di(r, a))
            tu_fail("bisect([%a,%a]) = 0 but halves differ", IV(a));
        return;
    }
    if (l.lo != a.lo || r.hi != a.hi || l.hi != r.lo || !(a.lo < l.hi && l.hi < a.hi)
        || !isfinite(l.hi))
        tu_fail("bisect([%a,%a]) = [%a,%a] [%a,%a]", IV(a), IV(l), IV(r));
}

START_TEST(test_bisect)
{
    const double xs[] = {
        0.0, -0.0, 0x1p-1074, -0x1p-1074, -0x1p-1073, DBL_MIN, -DBL_MIN, 1.0, -1.0,
        ND(DBL_MAX), ND(ND(DBL_MAX)), DBL_MAX, -DBL_MAX, 0x1p-1073, 0x1.8p-1073,
        -INFINITY
    };
    long i, n = tu_iters(300000);
    size_t j;

    setup();
    for (j = 0; j < sizeof xs / sizeof xs[0]; j++) {
        double x = xs[j];
        vccd_di l, r;
        check_bisect(vccd_di_set_2d(x, x));
        check_bisect(vccd_di_set_2d(x, NU(x)));
        check_bisect(vccd_di_set_2d(x, NU(NU(x))));
        check_bisect(vccd_di_set_2d(x, INFINITY));
        if (isfinite(x) && vccd_di_bisect(&l, &r, vccd_di_set_2d(x, NU(NU(x)))) == 1
            && l.hi != NU(x))
            tu_fail("bisect([x, x+2ulp]) split at %a, want %a", l.hi, NU(x));
    }
    check_bisect(vccd_di_entire());
    check_bisect(vccd_di_set_2d(-INFINITY, -DBL_MAX));
    check_bisect(vccd_di_set_2d(DBL_MAX, INFINITY));
    for (i = 0; i < n; i++) {
        double x = tu_double();
        check_bisect(tu_di(0));
        check_bisect(vccd_di_set_2d(x, x));
        check_bisect(vccd_di_set_2d(x, NU(x)));
        check_bisect(vccd_di_set_2d(x, NU(NU(x))));
    }
}
END_TEST

/* --- predicates --------------------------------------------------------- */

/* inf and sup as points of the set: an infinite end is replaced by the
   real number +-2^3000, which is in the set and beyond every double. */
static void
ext_inf(mpfr_t r, vccd_di a)
{
    if (a.lo == -INFINITY) mpfr_neg(r, big, MPFR_RNDN);
    else mpfr_set_d(r, a.lo, MPFR_RNDN);
}

static void
ext_sup(mpfr_t r, vccd_di a)
{
    if (a.hi == INFINITY) mpfr_set(r, big, MPFR_RNDN);
    else mpfr_set_d(r, a.hi, MPFR_RNDN);
}

START_TEST(test_predicates)
{
    long i, n = tu_iters(300000), checks = 0;

    setup();
    for (i = 0; i < n; i++) {
        vccd_di a = tu_di(0), b = related(a);
        double x, y, z;
        int clt, cle, plt, ple, sub;

        if (i & 1) { vccd_di t = a; a = b; b = t; }
        clt = vccd_di_certainly_lt(a, b);
        cle = vccd_di_certainly_le(a, b);
        plt = vccd_di_possibly_lt(a, b);
        ple = vccd_di_possibly_le(a, b);
        sub = vccd_di_subset(a, b);
        if (vccd_di_is_empty(a) || vccd_di_is_empty(b)) {
            if (clt || cle || plt || ple || sub != vccd_di_is_empty(a))
                tu_fail("predicates with empty wrong");
            continue;
        }
        /* definitions over the sets, with attained witnesses (fx, fy) */
        ext_sup(fx, a); ext_inf(fy, b);
        if (clt != (mpfr_cmp(fx, fy) < 0) || cle != (mpfr_cmp(fx, fy) <= 0))
            tu_fail("certainly_lt/le([%a,%a],[%a,%a]) = %d/%d", IV(a), IV(b), clt, cle);
        ext_inf(fx, a); ext_sup(fy, b);
        if (plt != (mpfr_cmp(fx, fy) < 0) || ple != (mpfr_cmp(fx, fy) <= 0))
            tu_fail("possibly_lt/le([%a,%a],[%a,%a]) = %d/%d", IV(a), IV(b), plt, ple);
        ext_inf(fx, a); ext_inf(fy, b);
        ext_sup(td, a); ext_sup(tu, b);
        if (sub != (mpfr_cmp(fy, fx) <= 0 && mpfr_cmp(td, tu) <= 0))
            tu_fail("subset([%a,%a],[%a,%a]) = %d", IV(a), IV(b), sub);
        if (clt && !cle)
            tu_fail("certainly_lt without certainly_le");
        if ((cle && !ple) || (clt && !plt) || (plt && !ple))
            tu_fail("inconsistent comparisons of [%a,%a],[%a,%a]", IV(a), IV(b));

        /* the same logic on sampled points */
        x = tu_point_in(a);
        y = tu_point_in(b);
        checks++;
        if ((clt && !(x < y)) || (cle && !(x <= y)) || (!plt && x < y) || (!ple && x <= y))
            tu_fail("comparisons of [%a,%a],[%a,%a] contradicted by x=%a y=%a",
                    IV(a), IV(b), x, y);
        if (sub && !vccd_di_contains_d(b, x))
            tu_fail("subset([%a,%a],[%a,%a]) but %a is not in b", IV(a), IV(b), x);

        /* contains_d and contains_zero */
        if (!vccd_di_contains_d(a, x))
            tu_fail("[%a,%a] does not contain its point %a", IV(a), x);
        if (a.lo > -INFINITY && vccd_di_contains_d(a, ND(a.lo)))
            tu_fail("[%a,%a] contains %a", IV(a), ND(a.lo));
        if (a.hi < INFINITY && vccd_di_contains_d(a, NU(a.hi)))
            tu_fail("[%a,%a] contains %a", IV(a), NU(a.hi));
        z = tu_double();
        if (vccd_di_contains_d(a, z) != (a.lo <= z && z <= a.hi))
            tu_fail("contains_d([%a,%a], %a)", IV(a), z);
        if (vccd_di_contains_zero(a) != (a.lo <= 0.0 && a.hi >= 0.0)
            || vccd_di_contains_zero(a) != vccd_di_contains_d(a, -0.0))
            tu_fail("contains_zero([%a,%a])", IV(a));
        if (vccd_di_is_point(a) != (a.lo == a.hi) || vccd_di_is_entire(a) != (a.lo == -INFINITY && a.hi == INFINITY))
            tu_fail("is_point/is_entire([%a,%a])", IV(a));
    }
    /* fixed cases where the boundaries touch */
    {
        vccd_di p = vccd_di_set_2d(1, 2), q = vccd_di_set_2d(2, 3);
        vccd_di lh = vccd_di_set_2d(-INFINITY, 5), rh = vccd_di_set_2d(5, INFINITY);
        if (vccd_di_certainly_lt(p, q) || !vccd_di_certainly_le(p, q)
            || !vccd_di_possibly_lt(p, q) || !vccd_di_possibly_le(q, p) || vccd_di_possibly_lt(q, p))
            tu_fail("touching [1,2] [2,3]");
        if (!vccd_di_certainly_le(lh, rh) || vccd_di_certainly_lt(lh, rh)
            || vccd_di_possibly_lt(rh, lh) || !vccd_di_possibly_le(rh, lh))
            tu_fail("touching half-lines");
        if (!vccd_di_subset(p, vccd_di_entire()) || vccd_di_subset(vccd_di_entire(), p)
            || !vccd_di_subset(rh, vccd_di_set_2d(0, INFINITY)))
            tu_fail("subset of fixed cases");
    }
    printf("t-arith: predicates: %ld point checks\n", checks);
}
END_TEST

static Suite *
make_suite(void)
{
    Suite *s = suite_create("di_arith");
    TCase *tc = tcase_create("containment");
    TCase *tx = tcase_create("special");
    TCase *ts = tcase_create("sets");

    tcase_set_timeout(tc, 0);
    tcase_set_timeout(tx, 0);
    tcase_set_timeout(ts, 0);
    tcase_add_loop_test(tc, test_ops_containment, 0, OP_COUNT);
    tcase_add_test(tc, test_div_ext);
    tcase_add_test(tx, test_div_ext_cases);
    tcase_add_test(tx, test_special_cases);
    tcase_add_test(tx, test_empty_propagation);
    tcase_add_test(tx, test_reuse);
    tcase_add_test(ts, test_hull_intersect);
    tcase_add_test(ts, test_mid);
    tcase_add_test(ts, test_width_mag);
    tcase_add_test(ts, test_bisect);
    tcase_add_test(ts, test_predicates);
    suite_add_tcase(s, tc);
    suite_add_tcase(s, tx);
    suite_add_tcase(s, ts);
    return s;
}

int
main(void)
{
    tu_init();
    return tu_run(make_suite());
}
