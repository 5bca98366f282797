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
        y = op == OP_DIV ? tu_nonzero_point_in(b) : tu_point_in(b);
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
        y = tu_nonzero_point_in(b);
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

/* --- sums of products rounded once: fdot, fdot_d, fadd_mul2 ------------- */

#define FD_MAX 8
/* Every corner product lies in [2^-2148, 2^6001] in magnitude (subnormal
   times subnormal up to the unbounded witness 2^3000 squared), so this
   many bits hold any sum of nine of them exactly: the reference ranges
   below are exact, and fd_ref checks that they are. */
#define FD_SUM_PREC 8400

struct fd_case {
    int n, has_d;               /* has_d: b[i] = set_d(d[i]) for fdot_d */
    vccd_di c, a[FD_MAX], b[FD_MAX];
    double d[FD_MAX];
};

enum fd_family {
    FD_RANDOM, FD_BOUNDED, FD_POINTS, FD_CANCEL, FD_HUGE, FD_TINY, FD_OVERFLOW,
    FD_ZERO, FD_MIXED, FD_EMPTY, FD_COUNT
};
static const char *const fd_names[FD_COUNT] = {
    "random", "bounded", "points", "cancel", "huge", "tiny", "overflow",
    "zero", "mixed", "empty"
};

/* +-(1 + u) 2^e, e uniform in [e0 - s, e0 + s]; DBL_MAX on overflow. */
static double
fd_around(int e0, int s)
{
    double x = ldexp(1.0 + tu_unit(), e0 - s + (int)(tu_ulong() % (unsigned long)(2 * s + 1)));
    x = isfinite(x) ? x : DBL_MAX;
    return (tu_ulong() & 1) ? -x : x;
}

/* An interval at x: the point (most often), one ulp wide, narrow, wide
   on one side of 0, or containing 0. */
static vccd_di
fd_shape(double x)
{
    double y, ax = fabs(x);
    switch (tu_ulong() % 8) {
    case 0: case 1: case 2: return vccd_di_set_d(x);
    case 3: return vccd_di_set_2d(x, x < DBL_MAX ? NU(x) : x);
    case 4:
        y = x + ax * ldexp(tu_unit(), -(int)(tu_ulong() % 53));
        y = isfinite(y) ? y : x;
        break;
    case 5: y = x * 4.0 * tu_unit(); break;
    case 6: return vccd_di_set_2d(-ax * tu_unit(), ax);
    default: return vccd_di_set_2d(-ax, ax * tu_unit());
    }
    return vccd_di_set_2d(fmin(x, y), fmax(x, y));
}

/* One of the operand classes that meet at the kernel's special paths. */
static vccd_di
fd_mixed(void)
{
    switch (tu_ulong() % 14) {
    case 0: return vccd_di_set_d(0.0);
    case 1: return vccd_di_set_2d(-0.0, -0.0);
    case 2: return vccd_di_set_2d(-0.0, 0.0);
    case 3: return vccd_di_entire();
    case 4: return vccd_di_set_2d(-INFINITY, tu_double());
    case 5: return vccd_di_set_2d(tu_double(), INFINITY);
    case 6: return (tu_ulong() & 1) ? vccd_di_set_2d(DBL_MAX, INFINITY) : vccd_di_set_2d(-INFINITY, -DBL_MAX);
    case 7: return (tu_ulong() & 1) ? vccd_di_set_2d(0.0, INFINITY) : vccd_di_set_2d(-INFINITY, -0.0);
    case 8: return fd_shape(fd_around(-540, 20));
    case 9: return fd_shape(fd_around(500, 20));
    case 10: return fd_shape(fd_around(0, 60));
    case 11: return vccd_di_set_d(tu_double());
    default: return tu_di(0);
    }
}

static int fd_zero(vccd_di x) { return x.lo == 0.0 && x.hi == 0.0; }

/* x*y - x*y' pairs with |x|, |y| up to 2^300: the sum cancels to a few
   rounding errors of the products, or to nothing, while M is large. */
static void
fd_gen_cancel(struct fd_case *k)
{
    int i, n = k->n;
    double p;

    for (i = 0; i < n; i++) {
        if (i % 2 == 0) {
            double x = fd_around(0, 300), y = fd_around(0, 300);
            k->a[i] = tu_ulong() % 4 ? vccd_di_set_d(x) : vccd_di_set_2d(x, NU(x));
            k->b[i] = vccd_di_set_d(y);
        } else {
            double y = k->b[i - 1].lo;
            switch (tu_ulong() % 3) {
            case 0: break;
            case 1: y = NU(y); break;
            default: y = ND(y); break;
            }
            k->a[i] = vccd_di_neg(k->a[i - 1]);
            k->b[i] = vccd_di_set_d(y);
        }
        if (tu_ulong() & 1) {           /* the interval factor on either side */
            vccd_di t = k->a[i];
            k->a[i] = k->b[i];
            k->b[i] = t;
        }
    }
    /* c cancels the last product to its rounding error, or is small */
    p = k->a[n - 1].lo * k->b[n - 1].lo;
    switch (tu_ulong() % 4) {
    case 0: case 1: k->c = vccd_di_set_d(-p); break;
    case 2: k->c = vccd_di_set_d(0.0); break;
    default: k->c = fd_shape(fd_around(-300, 300)); break;
    }
}

static void
fd_gen(struct fd_case *k, enum fd_family f)
{
    int i, n = 1 + (int)(tu_ulong() % FD_MAX);

    k->n = n;
    k->has_d = 0;
    switch (f) {
    case FD_RANDOM: case FD_BOUNDED:
        k->c = tu_di(f == FD_BOUNDED);
        for (i = 0; i < n; i++) {
            k->a[i] = tu_di(f == FD_BOUNDED);
            k->b[i] = tu_di(f == FD_BOUNDED);
        }
        break;
    case FD_POINTS:
        k->c = vccd_di_set_d(tu_double());
        for (i = 0; i < n; i++) {
            k->a[i] = vccd_di_set_d(tu_double());
            k->b[i] = vccd_di_set_d(tu_double());
        }
        break;
    case FD_CANCEL:
        fd_gen_cancel(k);
        break;
    case FD_HUGE:       /* products near 2^0 and 2^1000; M near 2^1020 */
        k->c = fd_shape(fd_around((tu_ulong() & 1) ? 1000 : 0, 20));
        for (i = 0; i < n; i++) {
            k->a[i] = fd_shape(fd_around(500, 12));
            k->b[i] = fd_shape(fd_around((tu_ulong() & 1) ? 500 : -500, 12));
        }
        break;
    case FD_TINY:       /* products below 2^-1022 that underflow, some to 0 */
        switch (tu_ulong() % 4) {
        case 0: k->c = vccd_di_set_d(0.0); break;
        case 1: k->c = vccd_di_set_d(0x1p-1074 * (double)(tu_ulong() % 16)); break;
        case 2: k->c = fd_shape(fd_around(-1060, 10)); break;
        default: k->c = fd_shape(fd_around(-1000, 20)); break;
        }
        for (i = 0; i < n; i++) {
            k->a[i] = fd_shape(fd_around(-540, 20));
            k->b[i] = fd_shape(fd_around(-540, 20));
        }
        break;
    case FD_OVERFLOW:   /* products and sums beyond DBL_MAX */
        k->c = (tu_ulong() & 1) ? tu_di(1) : vccd_di_set_d((tu_ulong() & 1) ? DBL_MAX : -DBL_MAX);
        for (i = 0; i < n; i++) {
            k->a[i] = tu_ulong() % 4 ? fd_shape(fd_around(1000, 23)) : vccd_di_set_d(DBL_MAX);
            k->b[i] = fd_shape(fd_around((tu_ulong() & 1) ? 1000 : 10, 10));
        }
        break;
    case FD_ZERO:       /* every product has a factor exactly 0 */
        k->c = tu_di(0);
        for (i = 0; i < n; i++) {
            static const vccd_di z[3] = { { 0.0, 0.0 }, { -0.0, -0.0 }, { -0.0, 0.0 } };
            vccd_di o = (tu_ulong() & 1) ? tu_di(0) : fd_mixed();
            int side = (int)(tu_ulong() & 1);
            k->a[i] = side ? z[tu_ulong() % 3] : o;
            k->b[i] = side ? o : z[tu_ulong() % 3];
        }
        break;
    default:            /* FD_MIXED, FD_EMPTY */
        k->c = fd_mixed();
        for (i = 0; i < n; i++) {
            k->a[i] = fd_mixed();
            k->b[i] = fd_mixed();
        }
        break;
    }
    /* b made of points d[i], for fdot_d: always for the point families, a
       third of the time otherwise; zeros of either sign, and NaN (nothing
       known: b[i] the whole line) in the families where that is sound. */
    if (f == FD_POINTS || f == FD_CANCEL || tu_ulong() % 3 == 0) {
        int nan_ok = f == FD_RANDOM || f == FD_MIXED || f == FD_EMPTY;
        for (i = 0; i < n; i++) {
            double x = vccd_di_is_bounded(k->b[i]) ? tu_point_in(k->b[i]) : tu_double();
            switch (tu_ulong() % 24) {
            case 0: x = 0.0; break;
            case 1: x = -0.0; break;
            case 2: if (nan_ok) x = NAN; break;
            default: break;
            }
            if (f == FD_ZERO && fd_zero(k->b[i]))
                x = (tu_ulong() & 1) ? -0.0 : 0.0;
            k->d[i] = x;
            k->b[i] = vccd_di_set_d(x);     /* NaN: the whole line */
        }
        k->has_d = 1;
    }
    if (f == FD_EMPTY) {    /* one operand empty, in either representation */
        static const vccd_di e[2] = { { INFINITY, -INFINITY }, { 1.0, 0.0 } };
        int m = (int)(tu_ulong() % (unsigned long)(k->has_d ? n + 1 : 2 * n + 1));
        vccd_di x = e[tu_ulong() & 1];
        if (m == 0) k->c = x;
        else if (m <= n) k->a[m - 1] = x;
        else k->b[m - 1 - n] = x;
    }
}

/* The case in exact hex, for failure messages. */
static const char *
fd_fmt(const struct fd_case *k)
{
    static char buf[8192];
    int m, i;

    m = snprintf(buf, sizeof buf, "n=%d c=[%a,%a]", k->n, IV(k->c));
    for (i = 0; i < k->n; i++)
        m += snprintf(buf + m, sizeof buf - (size_t)m, " a%d=[%a,%a] b%d=[%a,%a]",
                      i, IV(k->a[i]), i, IV(k->b[i]));
    for (i = 0; k->has_d && i < k->n; i++)
        m += snprintf(buf + m, sizeof buf - (size_t)m, " d%d=%a", i, k->d[i]);
    return buf;
}

static mpfr_t fdL, fdH, fdM, fdT;
#define FD_RANGE mpfr_get_d(fdL, MPFR_RNDD), mpfr_get_d(fdH, MPFR_RNDU)
static int fd_ready;

/* The exact range of c + sum a_i b_i over the boxes: fdL := its inf and
   fdH := its sup, each the sum of the extreme corner products (the sum is
   bilinear in independent factors).  An infinite end is replaced by the
   real +-2^3000 (ext_inf, ext_sup), which is in the set, so fdL and fdH
   are attained values beyond every double where the range is unbounded:
   containing them forces an infinite end.  fdM := |c| + sum mag(a_i)
   mag(b_i), the kernel's M.  Returns 1 when every operand is bounded. */
static int
fd_ref(const struct fd_case *k)
{
    int i, j, l, bounded = vccd_di_is_bounded(k->c), inexact = 0;

    if (!fd_ready) {
        mpfr_inits2(FD_SUM_PREC, fdL, fdH, fdM, fdT, (mpfr_ptr)0);
        fd_ready = 1;
    }
    ext_inf(fx, k->c);
    ext_sup(fy, k->c);
    mpfr_set(fdL, fx, MPFR_RNDD);
    mpfr_set(fdH, fy, MPFR_RNDU);
    mpfr_abs(fx, fx, MPFR_RNDN);
    mpfr_abs(fy, fy, MPFR_RNDN);
    mpfr_max(fdM, fx, fy, MPFR_RNDU);
    for (i = 0; i < k->n; i++) {
        vccd_di a = k->a[i], b = k->b[i];
        bounded &= vccd_di_is_bounded(a) && vccd_di_is_bounded(b);
        for (j = 0; j < 2; j++)
            for (l = 0; l < 2; l++) {
                if (j) ext_sup(fx, a); else ext_inf(fx, a);
                if (l) ext_sup(fy, b); else ext_inf(fy, b);
                inexact |= mpfr_mul(vd, fx, fy, MPFR_RNDN);   /* <= 106 bits */
                if (j + l == 0) {
                    mpfr_set(td, vd, MPFR_RNDN);
                    mpfr_set(tu, vd, MPFR_RNDN);
                } else {
                    mpfr_min(td, td, vd, MPFR_RNDD);
                    mpfr_max(tu, tu, vd, MPFR_RNDU);
                }
            }
        inexact |= mpfr_add(fdL, fdL, td, MPFR_RNDD);
        inexact |= mpfr_add(fdH, fdH, tu, MPFR_RNDU);
        /* mag(a) mag(b) */
        ext_inf(fx, a); ext_sup(fy, a);
        mpfr_abs(fx, fx, MPFR_RNDN); mpfr_abs(fy, fy, MPFR_RNDN);
        mpfr_max(td, fx, fy, MPFR_RNDU);
        ext_inf(fx, b); ext_sup(fy, b);
        mpfr_abs(fx, fx, MPFR_RNDN); mpfr_abs(fy, fy, MPFR_RNDN);
        mpfr_max(tu, fx, fy, MPFR_RNDU);
        inexact |= mpfr_mul(vd, td, tu, MPFR_RNDU);
        inexact |= mpfr_add(fdM, fdM, vd, MPFR_RNDU);
    }
    TU_CHECK(!inexact, "fdot reference not exact at %d bits: %s", FD_SUM_PREC, fd_fmt(k));
    return bounded;
}

/* Excess of r beyond the exact range allowed in round to nearest: the
   kernel's own bound (n + 2) u M (1 + 2^-40) + 4 (n + 2) eta, the rounding
   error it covers (at most (n + 1) u M + (n + 1) eta), and the rounding
   of the end S -+ e' that the bound takes in (one ulp of an end below
   M (1 + (2n + 3) u), or eta), with u = 2^-52, eta = 2^-1074: (2n + 4) u M
   + (5n + 10) eta, the relative part raised by 2^-20 for the
   second-order terms.  (The kernel rounded with a widening after S -+ e
   before, two ulps, and an absolute part of 4 (n + 1) eta: the same
   (2n + 4) u M, and 5n + 8 eta, which near the subnormals the bound of
   the single rounding now reaches.)  It catches a kernel that returns something
   absurdly wide, or that widens far more than its own bound says. */
static double fd_worst;         /* the largest excess seen, a fraction of the allowance */

static int
fd_tight(vccd_di r, int n)
{
    double allow_rel = (double)(2 * n + 4) * 0x1p-52 * (1.0 + 0x1p-20);
    double allow_abs = (double)(5 * n + 10) * 0x1p-1074, x;
    int ok;

    mpfr_mul_d(td, fdM, allow_rel, MPFR_RNDU);
    mpfr_add_d(td, td, allow_abs, MPFR_RNDU);
    mpfr_set_d(fdT, r.lo, MPFR_RNDN);
    mpfr_sub(fdT, fdL, fdT, MPFR_RNDU);         /* exact: both finite */
    ok = mpfr_cmp(fdT, td) <= 0;
    x = mpfr_get_d(fdT, MPFR_RNDU) / mpfr_get_d(td, MPFR_RNDD);
    fd_worst = x > fd_worst ? x : fd_worst;
    mpfr_set_d(fdT, r.hi, MPFR_RNDN);
    mpfr_sub(fdT, fdT, fdH, MPFR_RNDU);
    ok &= mpfr_cmp(fdT, td) <= 0;
    x = mpfr_get_d(fdT, MPFR_RNDU) / mpfr_get_d(td, MPFR_RNDD);
    fd_worst = x > fd_worst ? x : fd_worst;
    return ok;
}

/* Run fdot (and fadd_mul2 for n = 2, fdot_d when b is points) on k with
   the a and b arrays spread out by random strides, the gaps filled with
   empty intervals that would show in the result if read; check them
   against the exact range.  Returns the number of containment checks. */
static long
fd_check(const struct fd_case *k, const char *fam)
{
    vccd_di A[FD_MAX * 3], B[FD_MAX * 2], r, r2;
    int sa = 1 + (int)(tu_ulong() % 3), sb = 1 + (int)(tu_ulong() % 2), i, n = k->n;
    int empty = vccd_di_is_empty(k->c), exact0 = 1, zero_inf = 0, bounded, nan_d = 0;
    long checks = 0;

    for (i = 0; i < FD_MAX * 3; i++)
        A[i] = vccd_di_empty();
    for (i = 0; i < FD_MAX * 2; i++)
        B[i] = vccd_di_empty();
    for (i = 0; i < n; i++) {
        A[i * sa] = k->a[i];
        B[i * sb] = k->b[i];
        empty |= vccd_di_is_empty(k->a[i]) || vccd_di_is_empty(k->b[i]);
        exact0 &= fd_zero(k->a[i]) || fd_zero(k->b[i]);
        zero_inf |= (fd_zero(k->a[i]) && !vccd_di_is_bounded(k->b[i]))
                    || (fd_zero(k->b[i]) && !vccd_di_is_bounded(k->a[i]));
        nan_d |= k->has_d && k->d[i] != k->d[i];
    }
    r = vccd_di_fdot(k->c, A, sa, B, sb, n);
    r2 = n == 2 ? vccd_di_fadd_mul2(k->c, k->a[0], k->b[0], k->a[1], k->b[1]) : r;
    if (n == 2 && !same_di(r, r2))
        tu_fail("fdot %s: fadd_mul2 gives [%a,%a], fdot [%a,%a] on %s", fam, IV(r2), IV(r), fd_fmt(k));
    if (empty) {
        TU_CHECK(vccd_di_is_empty(r), "fdot %s: [%a,%a] with an empty operand: %s", fam, IV(r), fd_fmt(k));
        if (k->has_d) {
            r2 = vccd_di_fdot_d(k->c, A, sa, k->d, n);
            TU_CHECK(vccd_di_is_empty(r2), "fdot_d %s: [%a,%a] with an empty operand: %s", fam, IV(r2), fd_fmt(k));
        }
        return 1;
    }
    TU_CHECK(valid_nonempty(r), "fdot %s: [%a,%a] is not a valid interval: %s", fam, IV(r), fd_fmt(k));
    bounded = fd_ref(k);
    checks++;
    TU_CHECK(tu_di_encloses(r, fdL, fdH), "fdot %s: [%a,%a] misses the exact range [%a, %a] (outward to doubles) of %s",
             fam, IV(r), FD_RANGE, fd_fmt(k));
    if (bounded && mpfr_cmp_ui_2exp(fdM, 1, 1019) < 0)
        TU_CHECK(fd_tight(r, n), "fdot %s: [%a,%a] is too wide around the exact range [%a, %a] (outward to doubles; M = %a) of %s",
                 fam, IV(r), FD_RANGE, mpfr_get_d(fdM, MPFR_RNDU), fd_fmt(k));
    /* The sum is c exactly, with no widening.  (With an unbounded factor
       times [0, 0] too, and fdot_d then equal to fdot: that is
       test_fdot_zero_unbounded's, kept apart so that its failure does not
       stop the containment checks here.) */
    if (exact0 && !zero_inf)
        TU_CHECK(r.lo == k->c.lo && r.hi == k->c.hi, "fdot %s: [%a,%a], want c exactly (a 0 factor in "
                 "every product): %s", fam, IV(r), fd_fmt(k));
    if (!k->has_d)
        return checks;

    r2 = vccd_di_fdot_d(k->c, A, sa, k->d, n);
    checks++;
    TU_CHECK(valid_nonempty(r2), "fdot_d %s: [%a,%a] is not a valid interval: %s", fam, IV(r2), fd_fmt(k));
    TU_CHECK(!nan_d || vccd_di_is_entire(r2), "fdot_d %s: [%a,%a] with a NaN d, want the whole line: %s",
             fam, IV(r2), fd_fmt(k));
    TU_CHECK(tu_di_encloses(r2, fdL, fdH), "fdot_d %s: [%a,%a] misses the exact range [%a, %a] (outward to doubles) of %s",
             fam, IV(r2), FD_RANGE, fd_fmt(k));
    TU_CHECK(zero_inf || vccd_di_subset(r, r2), "fdot_d %s: [%a,%a] does not enclose fdot's [%a,%a] on the same points: %s",
             fam, IV(r2), IV(r), fd_fmt(k));
    if (bounded && mpfr_cmp_ui_2exp(fdM, 1, 1019) < 0)
        TU_CHECK(fd_tight(r2, n), "fdot_d %s: [%a,%a] is too wide around the exact range [%a, %a] (outward to doubles; M = %a) of %s",
                 fam, IV(r2), FD_RANGE, mpfr_get_d(fdM, MPFR_RNDU), fd_fmt(k));
    if (exact0 && !zero_inf)
        TU_CHECK(r2.lo == k->c.lo && r2.hi == k->c.hi, "fdot_d %s: [%a,%a], want c exactly (a 0 factor in "
                 "every product): %s", fam, IV(r2), fd_fmt(k));
    return checks;
}

START_TEST(test_fdot_containment)
{
    enum fd_family f = (enum fd_family)_i;
    long i, n = tu_iters(100000), checks = 0;
    struct fd_case k;

    setup();
    fd_worst = 0.0;
    for (i = 0; i < n; i++) {
        fd_gen(&k, f);
        checks += fd_check(&k, fd_names[f]);
    }
    printf("t-arith: fdot %s: %ld cases, %ld containment checks, widest excess %.2f of the allowance\n",
           fd_names[f], n, checks, fd_worst);
}
END_TEST

/* Fixed cases: underflow, exact zeros, empties, unbounded and NaN ends. */
static vccd_di
fd_run(vccd_di c, const vccd_di *a, const vccd_di *b, int n)
{
    return vccd_di_fdot(c, a, 1, b, 1, n);
}

START_TEST(test_fdot_cases)
{
    /* acc_sqr (vec3_norm2's squares): a square that underflows to 0 is
       still counted as inexact, so the sum encloses the true 2^-1200;
       a zero-crossing component squares to [0, max] */
    {
        vccd_di_acc s;
        vccd_di r;
        vccd_di_acc_init(&s, vccd_di_set_d(0.0));
        vccd_di_acc_sqr(&s, vccd_di_set_d(0x1p-600));
        r = vccd_di_acc_end(&s, 1);
        TU_CHECK(r.lo <= 0.0 && r.hi >= 0x1p-1074, "acc_sqr of 2^-600: [%a, %a] misses 2^-1200", r.lo, r.hi);
        vccd_di_acc_init(&s, vccd_di_set_d(0.0));
        vccd_di_acc_sqr(&s, vccd_di_set_2d(-2.0, 3.0));
        vccd_di_acc_sqr(&s, vccd_di_set_2d(-5.0, -4.0));
        r = vccd_di_acc_end(&s, 2);
        TU_CHECK(r.lo <= 16.0 && r.lo > 15.99 && r.hi >= 34.0 && r.hi < 34.01,
                 "acc_sqr of [-2, 3] and [-5, -4]: [%a, %a], want about [16, 34]", r.lo, r.hi);
        vccd_di_acc_init(&s, vccd_di_set_d(0.0));
        vccd_di_acc_sqr(&s, vccd_di_set_d(0.0));
        r = vccd_di_acc_end(&s, 1);
        TU_CHECK(r.lo == 0.0 && r.hi == 0.0, "acc_sqr of 0: [%a, %a], want exactly 0", r.lo, r.hi);
    }

    static const vccd_di odd_empty = { 1.0, 0.0 };
    vccd_di E = vccd_di_entire(), one2 = vccd_di_set_2d(1, 2), r, a[FD_MAX], b[FD_MAX];
    double d[FD_MAX];
    int i, n;

    setup();
    /* tiny * tiny underflows to 0 (or to -0) while the product is 2^-1200 */
    for (n = 1; n <= FD_MAX; n++) {
        for (i = 0; i < n; i++) {
            a[i] = vccd_di_set_d(0x1p-600);
            b[i] = vccd_di_set_d(0x1p-600);
            d[i] = 0x1p-600;
        }
        for (i = 0; i < 3; i++) {
            r = i == 0 ? fd_run(vccd_di_set_d(0.0), a, b, n)
                : i == 1 ? vccd_di_fdot_d(vccd_di_set_d(0.0), a, 1, d, n)
                : vccd_di_fadd_mul2(vccd_di_set_d(0.0), a[0], b[0], a[0], b[0]);
            mpfr_set_ui_2exp(vd, (unsigned long)(i == 2 ? 2 : n), -1200, MPFR_RNDN);
            TU_CHECK(tu_di_encloses(r, vd, vd) && r.lo <= 0.0 && r.hi >= 0x1p-1074
                     && r.lo >= -0x1p-1068 && r.hi <= 0x1p-1068,
                     "%d x (2^-600)^2 (variant %d) = [%a,%a], want [<= 0, 2^-1074 .. 2^-1068]", n, i, IV(r));
        }
        a[0] = vccd_di_set_d(-0x1p-600);    /* -0 */
        r = fd_run(vccd_di_set_d(0.0), a, b, 1);
        TU_CHECK(r.hi >= 0.0 && r.lo <= -0x1p-1074, "-(2^-600)^2 = [%a,%a]", IV(r));
    }
    r = fd_run(vccd_di_set_d(0x1p-1074), a + 1, b, 1);      /* 2^-1074 + 2^-1200 */
    TU_CHECK(r.lo <= 0x1p-1074 && r.hi >= 0x1p-1073, "2^-1074 + (2^-600)^2 = [%a,%a]", IV(r));

    /* a rounding error that cancellation exposes: (1 + 2^-30)^2 - RN(it) = 2^-60 */
    a[0] = b[0] = vccd_di_set_d(1.0 + 0x1p-30);
    r = fd_run(vccd_di_set_d(-(1.0 + 0x1p-29)), a, b, 1);
    mpfr_set_ui_2exp(vd, 1, -60, MPFR_RNDN);
    TU_CHECK(tu_di_encloses(r, vd, vd) && r.hi - r.lo < 0x1p-48, "(1 + 2^-30)^2 - (1 + 2^-29) = [%a,%a]", IV(r));

    /* a 0 factor in every product, the other bounded: c exactly */
    a[0] = vccd_di_set_d(0.0); b[0] = vccd_di_set_2d(-3, 5);
    a[1] = vccd_di_set_2d(-0.0, -0.0); b[1] = vccd_di_set_d(DBL_MAX);
    a[2] = vccd_di_set_d(0x1p-1074); b[2] = vccd_di_set_2d(-0.0, 0.0);
    a[3] = vccd_di_set_2d(-DBL_MAX, DBL_MAX); b[3] = vccd_di_set_d(0.0);
    for (n = 0; n <= 4; n++) {
        vccd_di c = vccd_di_set_d(0.1);
        r = fd_run(c, a, b, n);
        TU_CHECK(same_di(r, c), "0.1 + %d zero products = [%a,%a], want the point 0.1", n, IV(r));
        r = fd_run(one2, a, b, n);
        TU_CHECK(same_di(r, one2), "[1,2] + %d zero products = [%a,%a]", n, IV(r));
        r = fd_run(vccd_di_set_2d(-INFINITY, 0x1p-1074), a, b, n);
        TU_CHECK(r.lo == -INFINITY && r.hi == 0x1p-1074, "[-inf,2^-1074] + %d zero products = [%a,%a]", n, IV(r));
    }
    r = vccd_di_fadd_mul2(one2, a[0], b[0], a[3], b[3]);
    TU_CHECK(same_di(r, one2), "fadd_mul2 of zero products = [%a,%a]", IV(r));
    a[0] = vccd_di_set_2d(-7, 7); d[0] = 0.0;
    a[1] = vccd_di_set_2d(1, 2); d[1] = -0.0;
    a[2] = vccd_di_set_d(0.0); d[2] = 0x1p-1074;
    r = vccd_di_fdot_d(one2, a, 1, d, 3);
    TU_CHECK(same_di(r, one2), "fdot_d with d = +-0 = [%a,%a], want [1,2]", IV(r));

    /* fdot_d: NaN means nothing is known, empty still wins */
    d[0] = NAN;
    a[0] = vccd_di_set_d(0.0);
    r = vccd_di_fdot_d(one2, a, 1, d, 1);
    TU_CHECK(vccd_di_is_entire(r), "fdot_d(c, [0,0], NaN) = [%a,%a], want entire", IV(r));
    a[0] = one2;
    r = vccd_di_fdot_d(one2, a, 1, d, 1);
    TU_CHECK(vccd_di_is_entire(r), "fdot_d(c, [1,2], NaN) = [%a,%a], want entire", IV(r));
    a[0] = vccd_di_empty();
    r = vccd_di_fdot_d(one2, a, 1, d, 1);
    TU_CHECK(vccd_di_is_empty(r), "fdot_d(c, empty, NaN) = [%a,%a], want empty", IV(r));

    /* an empty operand anywhere, in either representation */
    for (i = 0; i < 2 * 3 + 1; i++) {
        vccd_di c = one2, e = (i & 1) ? odd_empty : vccd_di_empty();
        for (n = 0; n < 3; n++) {
            a[n] = vccd_di_set_2d(-1, 3);
            b[n] = E;
            d[n] = 2.0;
        }
        if (i == 0) c = odd_empty;
        else if (i <= 3) a[i - 1] = e;
        else b[i - 4] = e;
        r = fd_run(c, a, b, 3);
        TU_CHECK(vccd_di_is_empty(r), "fdot with an empty operand (%d) = [%a,%a]", i, IV(r));
        if (i != 3 && i != 6) {     /* the empty one among its operands */
            r = vccd_di_fadd_mul2(c, a[0], b[0], a[1], b[1]);
            TU_CHECK(vccd_di_is_empty(r), "fadd_mul2 with an empty operand (%d) = [%a,%a]", i, IV(r));
        }
        if (i <= 3) {               /* c or a */
            r = vccd_di_fdot_d(c, a, 1, d, 3);
            TU_CHECK(vccd_di_is_empty(r), "fdot_d with an empty operand (%d) = [%a,%a]", i, IV(r));
        }
    }

    /* ends that IEEE makes inf - inf or that overflow are unbounded */
    a[0] = vccd_di_set_2d(-INFINITY, -DBL_MAX); b[0] = vccd_di_set_d(2.0);
    r = fd_run(vccd_di_set_2d(0, INFINITY), a, b, 1);       /* hi: inf + -inf */
    TU_CHECK(vccd_di_is_entire(r), "[0,inf] + [-inf,-DBL_MAX] 2 = [%a,%a], want entire", IV(r));
    a[0] = vccd_di_set_2d(1, INFINITY); b[0] = vccd_di_set_d(1.0);
    r = fd_run(vccd_di_set_2d(-INFINITY, 0), a, b, 1);
    TU_CHECK(vccd_di_is_entire(r), "[-inf,0] + [1,inf] = [%a,%a], want entire", IV(r));
    r = fd_run(one2, a, b, 1);
    TU_CHECK(valid_nonempty(r) && r.lo <= 2.0 && r.hi == INFINITY, "[1,2] + [1,inf] = [%a,%a]", IV(r));
    a[0] = b[0] = vccd_di_set_d(0x1p1000);
    r = fd_run(vccd_di_set_d(0.0), a, b, 1);
    TU_CHECK(valid_nonempty(r) && r.hi == INFINITY, "2^1000 2^1000 = [%a,%a]", IV(r));
    a[0] = b[0] = vccd_di_set_d(DBL_MAX);
    r = fd_run(vccd_di_set_d(-DBL_MAX), a, b, 1);
    TU_CHECK(valid_nonempty(r) && r.hi == INFINITY, "DBL_MAX^2 - DBL_MAX = [%a,%a]", IV(r));
    a[0] = vccd_di_set_d(DBL_MAX); b[0] = vccd_di_set_d(1.0);
    r = fd_run(vccd_di_set_d(DBL_MAX), a, b, 1);            /* the sum overflows */
    TU_CHECK(valid_nonempty(r) && r.hi == INFINITY, "DBL_MAX + DBL_MAX 1 = [%a,%a]", IV(r));
    a[0] = E; b[0] = one2;
    r = fd_run(one2, a, b, 1);
    TU_CHECK(vccd_di_is_entire(r), "[1,2] + entire [1,2] = [%a,%a]", IV(r));
    /* fdot_d with d = 2^1000 against a huge a */
    a[0] = vccd_di_set_2d(0x1p1000, 0x1p1001); d[0] = -0x1p1000;
    r = vccd_di_fdot_d(one2, a, 1, d, 1);
    TU_CHECK(valid_nonempty(r) && r.lo == -INFINITY, "fdot_d overflow = [%a,%a]", IV(r));
}
END_TEST

/* An unbounded factor times [0, 0] is {0} (0 times unboundedly large but
   finite numbers, the convention of mul_end), so a sum whose every product
   has a factor exactly 0 is c exactly here too, with no widening; IEEE
   makes those corner products NaN, which the kernel must not turn into
   unbounded ends. */
START_TEST(test_fdot_zero_unbounded)
{
    static const vccd_di z[3] = { { 0.0, 0.0 }, { -0.0, -0.0 }, { -0.0, 0.0 } };
    vccd_di E = vccd_di_entire(), one2 = vccd_di_set_2d(1, 2), r, a[FD_MAX], b[FD_MAX];
    double d[FD_MAX];
    long it, n_it = tu_iters(20000);
    int i, n;

    setup();
    a[0] = vccd_di_set_d(0.0); b[0] = E;
    a[1] = vccd_di_set_2d(-0.0, -0.0); b[1] = vccd_di_set_2d(1, INFINITY);
    a[2] = vccd_di_set_2d(-5, INFINITY); b[2] = vccd_di_set_2d(-0.0, 0.0);
    a[3] = vccd_di_set_2d(-INFINITY, -DBL_MAX); b[3] = vccd_di_set_d(0.0);
    for (n = 1; n <= 4; n++) {
        r = fd_run(one2, a, b, n);
        TU_CHECK(same_di(r, one2), "[1,2] + %d products [0,0] times unbounded = [%a,%a], want [1,2]", n, IV(r));
        r = fd_run(vccd_di_set_d(0.1), a + n - 1, b + n - 1, 1);
        TU_CHECK(r.lo == 0.1 && r.hi == 0.1, "0.1 + [%a,%a] [%a,%a] = [%a,%a], want the point 0.1",
                 IV(a[n - 1]), IV(b[n - 1]), IV(r));
    }
    r = vccd_di_fadd_mul2(one2, a[0], b[0], a[3], b[3]);
    TU_CHECK(same_di(r, one2), "fadd_mul2 of [0,0] times unbounded = [%a,%a], want [1,2]", IV(r));
    a[0] = E; d[0] = 0.0;
    a[1] = vccd_di_set_2d(1, INFINITY); d[1] = -0.0;
    a[2] = vccd_di_set_2d(-INFINITY, 3); d[2] = -0.0;
    r = vccd_di_fdot_d(one2, a, 1, d, 3);
    TU_CHECK(same_di(r, one2), "fdot_d of unbounded times d = +-0 = [%a,%a], want [1,2]", IV(r));

    for (it = 0; it < n_it; it++) {
        vccd_di c = tu_di(0);
        n = 1 + (int)(tu_ulong() % FD_MAX);
        for (i = 0; i < n; i++) {
            vccd_di o = (tu_ulong() & 1) ? tu_di(0) : fd_mixed();
            if (i == 0 && vccd_di_is_bounded(o))
                o = vccd_di_set_2d((tu_ulong() & 1) ? -INFINITY : o.lo, INFINITY);
            if (tu_ulong() & 1) {
                a[i] = z[tu_ulong() % 3]; b[i] = o; d[i] = 0.0;
            } else {
                a[i] = o; b[i] = z[tu_ulong() % 3]; d[i] = b[i].hi;
            }
        }
        r = fd_run(c, a, b, n);
        TU_CHECK(same_di(r, c), "fdot: c=[%a,%a] + %d products with a factor [0,0], one unbounded, "
                 "= [%a,%a], want c (a0=[%a,%a] b0=[%a,%a])", IV(c), n, IV(r), IV(a[0]), IV(b[0]));
        if (n == 2) {
            r = vccd_di_fadd_mul2(c, a[0], b[0], a[1], b[1]);
            TU_CHECK(same_di(r, c), "fadd_mul2: c=[%a,%a] + products with a factor [0,0] = [%a,%a], want c",
                     IV(c), IV(r));
        }
        for (i = 0; i < n; i++)     /* fdot_d: the 0 in d, a the other factor */
            if (fd_zero(a[i])) {
                a[i] = b[i];
                d[i] = (tu_ulong() & 1) ? -0.0 : 0.0;
            }
        r = vccd_di_fdot_d(c, a, 1, d, n);
        TU_CHECK(same_di(r, c), "fdot_d: c=[%a,%a] + %d products unbounded times d = +-0 = [%a,%a], want c",
                 IV(c), n, IV(r));
    }
}
END_TEST

static Suite *
make_suite(void)
{
    Suite *s = suite_create("di_arith");
    TCase *tc = tu_tcase(s, "containment");
    TCase *tx = tu_tcase(s, "special");
    TCase *ts = tu_tcase(s, "sets");

    tcase_add_loop_test(tc, test_ops_containment, 0, OP_COUNT);
    tcase_add_test(tc, test_div_ext);
    tcase_add_loop_test(tc, test_fdot_containment, 0, FD_COUNT);
    tcase_add_test(tx, test_div_ext_cases);
    tcase_add_test(tx, test_special_cases);
    tcase_add_test(tx, test_empty_propagation);
    tcase_add_test(tx, test_reuse);
    tcase_add_test(tx, test_fdot_cases);
    tcase_add_test(tx, test_fdot_zero_unbounded);
    tcase_add_test(ts, test_hull_intersect);
    tcase_add_test(ts, test_mid);
    tcase_add_test(ts, test_width_mag);
    tcase_add_test(ts, test_bisect);
    tcase_add_test(ts, test_predicates);
    return s;
}

TU_MAIN_SUITE(make_suite)
