/* t-trig.c -- vccd_di_sin/cos/sin_cos: reduction constants, containment and tightness against MPFR, and the unrounded twin. */
#include <fenv.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* The kernel's own constants (lib/di/trig_const.h), so that a wrong digit
   there fails test_constants. */
#include "di/trig_const.h"

/* Reference precision for sin/cos values, and for locating multiples of
   pi/2: |x| < 2^1024, so x/(pi/2) to 1300 bits is off by less than
   2^-275, while no double comes closer to a nonzero multiple of pi/2 than
   about 2^-61 (the classic worst case of argument reduction,
   6381956970095103 * 2^797, is in test_contain_fixed): the floor and
   ceiling of the quotient are always right. */
#define REF_PREC 256
#define QUO_PREC 1300

/* ulp of a finite double: the spacing of doubles at |x|, never below the
   smallest subnormal. */
static double
ulp_of(double x)
{
    int e;
    double u;

    x = fabs(x);
    if (x == 0.0)
        return 0x1p-1074;
    if (x >= DBL_MAX)
        return 0x1p971;
    frexp(x, &e);
    u = ldexp(1.0, e - 53);
    return u < 0x1p-1074 ? 0x1p-1074 : u;
}

/* Bit-for-bit equality of two results (any empties compare equal). */
static int
same_di(vccd_di a, vccd_di b)
{
    if (vccd_di_is_empty(a) || vccd_di_is_empty(b))
        return vccd_di_is_empty(a) && vccd_di_is_empty(b);
    return tu_bits(a.lo) == tu_bits(b.lo) && tu_bits(a.hi) == tu_bits(b.hi);
}

static double
step(double x, int n)
{
    for (; n > 0; n--) x = vccd_fp_next_up(x);
    for (; n < 0; n++) x = vccd_fp_next_down(x);
    return x;
}

/* --- the MPFR reference ------------------------------------------------ */

static mpfr_t rx, rsd, rsu, rcd, rcu;        /* REF_PREC */
static mpfr_t pio2, qa, qb, qt;               /* QUO_PREC */
static mpz_t qz;

static void
ref_init(void)
{
    mpfr_inits2(REF_PREC, rx, rsd, rsu, rcd, rcu, (mpfr_ptr)0);
    mpfr_inits2(QUO_PREC, pio2, qa, qb, qt, (mpfr_ptr)0);
    mpz_init(qz);
    mpfr_const_pi(pio2, MPFR_RNDN);
    mpfr_div_2ui(pio2, pio2, 1, MPFR_RNDN);
}

static void
ref_clear(void)
{
    mpfr_clears(rx, rsd, rsu, rcd, rcu, pio2, qa, qb, qt, (mpfr_ptr)0);
    mpz_clear(qz);
}

/* rsd <= sin x <= rsu and rcd <= cos x <= rcu. */
static void
ref_sin_cos(double x)
{
    mpfr_set_d(rx, x, MPFR_RNDN);           /* exact */
    mpfr_sin_cos(rsd, rcd, rx, MPFR_RNDD);
    mpfr_sin_cos(rsu, rcu, rx, MPFR_RNDU);
}

/* The residues mod 4 of the integers n with n pi/2 in [lo, hi], as a bit
   mask (bit n mod 4); 15 when there are four or more such n.  sin x is 1
   at n = 1 mod 4 and -1 at 3, cos x is 1 at 0 and -1 at 2, so these are
   values the enclosure must contain although no double argument hits
   them. */
static int
extrema_mask(double lo, double hi)
{
    long cnt, k;
    unsigned long r;
    int mask = 0;

    mpfr_set_d(qt, lo, MPFR_RNDN);
    mpfr_div(qa, qt, pio2, MPFR_RNDN);
    mpfr_ceil(qa, qa);
    mpfr_set_d(qt, hi, MPFR_RNDN);
    mpfr_div(qb, qt, pio2, MPFR_RNDN);
    mpfr_floor(qb, qb);
    if (mpfr_greater_p(qa, qb))
        return 0;
    mpfr_sub(qt, qb, qa, MPFR_RNDN);        /* exact: integers < 2^1025 */
    if (mpfr_cmp_ui(qt, 3) >= 0)
        return 15;
    cnt = mpfr_get_si(qt, MPFR_RNDN);
    mpfr_get_z(qz, qa, MPFR_RNDN);
    r = mpz_fdiv_ui(qz, 4);
    for (k = 0; k <= cnt; k++)
        mask |= 1 << ((r + (unsigned long)k) & 3);
    return mask;
}

/* --- containment -------------------------------------------------------- */

struct tally {
    long cases;        /* intervals given to each of the three functions */
    long points;       /* reference points checked, per function */
    long extrema;      /* +-1 values demanded by a multiple of pi/2 */
};

static const char *const fn_name[3] = { "vccd_di_sin", "vccd_di_cos", "vccd_di_sin_cos" };

/* The rounding mode the library functions run in (the test machinery
   itself always runs in round-to-nearest). */
static int lib_mode = FE_TONEAREST;

/* Check one argument interval a against all three entry points. */
static void
check_case(vccd_di a, struct tally *t)
{
    vccd_di s[3], c[3];     /* [0]: sin(), [1]: cos(), [2]: sin_cos() */
    double xs[3];
    int i, j, npts, mask;

    if (lib_mode != FE_TONEAREST && fesetround(lib_mode) != 0)
        tu_fail("fesetround(%d) failed", lib_mode);
    s[0] = vccd_di_sin(a);
    c[1] = vccd_di_cos(a);
    vccd_di_sin_cos(&s[2], &c[2], a);
    fesetround(FE_TONEAREST);
    /* each function is checked on its own output only (sin and cos are
       not promised to equal sin_cos bit for bit) */
    s[1] = s[2];
    c[0] = c[2];
    t->cases++;

    if (vccd_di_is_empty(a)) {
        if (!vccd_di_is_empty(s[0]) || !vccd_di_is_empty(c[1])
            || !vccd_di_is_empty(s[2]) || !vccd_di_is_empty(c[2]))
            tu_fail("sin/cos of empty [%a, %a] is not empty", a.lo, a.hi);
        return;
    }
    for (i = 0; i < 3; i++) {
        vccd_di r[2] = { s[i], c[i] };
        for (j = 0; j < 2; j++) {
            if ((i == 0 && j == 1) || (i == 1 && j == 0))
                continue;
            if (!(r[j].lo >= -1.0 && r[j].lo <= r[j].hi && r[j].hi <= 1.0))
                tu_fail("%s(%s) of [%a, %a] = [%a, %a]: not a subset of [-1, 1]",
                        fn_name[i], j ? "cos" : "sin", a.lo, a.hi, r[j].lo, r[j].hi);
            /* x in an unbounded a takes every real value, so the range
               is all of [-1, 1] and nothing tighter is correct */
            if (!vccd_di_is_bounded(a) && !(r[j].lo == -1.0 && r[j].hi == 1.0))
                tu_fail("%s(%s) of unbounded [%a, %a] = [%a, %a], want [-1, 1]",
                        fn_name[i], j ? "cos" : "sin", a.lo, a.hi, r[j].lo, r[j].hi);
        }
    }
    if (!vccd_di_is_bounded(a))
        return;

    xs[0] = a.lo;
    xs[1] = a.hi;
    xs[2] = tu_point_in(a);
    npts = a.lo == a.hi ? 1 : 3;
    for (j = 0; j < npts; j++) {
        ref_sin_cos(xs[j]);
        for (i = 0; i < 3; i++) {
            if (i != 1 && !tu_di_encloses(s[i], rsd, rsu))
                tu_fail("%s: a=[%a, %a], x=%a: sin x ~ %a not in [%a, %a]", fn_name[i],
                        a.lo, a.hi, xs[j], mpfr_get_d(rsd, MPFR_RNDN), s[i].lo, s[i].hi);
            if (i != 0 && !tu_di_encloses(c[i], rcd, rcu))
                tu_fail("%s: a=[%a, %a], x=%a: cos x ~ %a not in [%a, %a]", fn_name[i],
                        a.lo, a.hi, xs[j], mpfr_get_d(rcd, MPFR_RNDN), c[i].lo, c[i].hi);
        }
        t->points++;
    }

    mask = extrema_mask(a.lo, a.hi);
    for (i = 0; i < 3; i++) {
        if ((mask & 1) && i != 0 && c[i].hi != 1.0)
            tu_fail("%s: [%a, %a] contains 2n pi, cos hi %a != 1", fn_name[i], a.lo, a.hi, c[i].hi);
        if ((mask & 2) && i != 1 && s[i].hi != 1.0)
            tu_fail("%s: [%a, %a] contains (2n+1/2) pi, sin hi %a != 1", fn_name[i], a.lo, a.hi, s[i].hi);
        if ((mask & 4) && i != 0 && c[i].lo != -1.0)
            tu_fail("%s: [%a, %a] contains (2n+1) pi, cos lo %a != -1", fn_name[i], a.lo, a.hi, c[i].lo);
        if ((mask & 8) && i != 1 && s[i].lo != -1.0)
            tu_fail("%s: [%a, %a] contains (2n+3/2) pi, sin lo %a != -1", fn_name[i], a.lo, a.hi, s[i].lo);
    }
    for (j = 0; j < 4; j++)
        t->extrema += (mask >> j) & 1;
}

START_TEST(test_constants)
{
    mpfr_t a, b, lo, hi;
    int e;
    double m;
    const double p[2] = { P1, P2 };

    tu_init();
    mpfr_inits2(512, a, b, lo, hi, (mpfr_ptr)0);

    /* P1 + P2 + P3T_{LO,HI} are exact at 512 bits (they span bits 2^0 to
       2^-121), so comparing them with pi/2 rounded down and up decides
       P1 + P2 + P3T_LO <= pi/2 <= P1 + P2 + P3T_HI exactly. */
    mpfr_const_pi(a, MPFR_RNDD);
    mpfr_div_2ui(a, a, 1, MPFR_RNDD);
    mpfr_const_pi(b, MPFR_RNDU);
    mpfr_div_2ui(b, b, 1, MPFR_RNDU);
    mpfr_set_d(lo, P1, MPFR_RNDN);
    if (mpfr_add_d(lo, lo, P2, MPFR_RNDN) != 0)
        tu_fail("P1 + P2 not exact at 512 bits");
    mpfr_set(hi, lo, MPFR_RNDN);
    if (mpfr_add_d(lo, lo, P3T_LO, MPFR_RNDN) != 0 || mpfr_add_d(hi, hi, P3T_HI, MPFR_RNDN) != 0)
        tu_fail("P1 + P2 + P3T not exact at 512 bits");
    if (!tu_encloses_fr(lo, hi, a, b))
        tu_fail("pi/2 is not in P1 + P2 + [P3T_LO, P3T_HI]");
    /* and the enclosure is one ulp wide, i.e. as tight as binary64 allows */
    if (vccd_fp_next_up(P3T_LO) != P3T_HI)
        tu_fail("P3T_HI is not next_up(P3T_LO)");

    /* 2/pi: 2/RU(pi) <= 2/pi <= 2/RD(pi), each rounded outward again. */
    mpfr_const_pi(a, MPFR_RNDU);
    mpfr_ui_div(a, 2, a, MPFR_RNDD);
    mpfr_const_pi(b, MPFR_RNDD);
    mpfr_ui_div(b, 2, b, MPFR_RNDU);
    mpfr_set_d(lo, TWO_OVER_PI_LO, MPFR_RNDN);
    mpfr_set_d(hi, TWO_OVER_PI_HI, MPFR_RNDN);
    if (!tu_encloses_fr(lo, hi, a, b))
        tu_fail("2/pi is not in [TWO_OVER_PI_LO, TWO_OVER_PI_HI]");
    if (vccd_fp_next_up(TWO_OVER_PI_LO) != TWO_OVER_PI_HI)
        tu_fail("TWO_OVER_PI_HI is not next_up(TWO_OVER_PI_LO)");

    /* k P1 and k P2 are exact only if bits(P) + bits(k) <= 53. */
    for (int i = 0; i < 2; i++) {
        uint64_t mant;
        int sig;
        m = frexp(p[i], &e);
        mant = (uint64_t)ldexp(m, 53);
        sig = 53;
        while (!(mant & 1)) {
            mant >>= 1;
            sig--;
        }
        if (sig > 33)
            tu_fail("P%d = %a has %d significant bits, more than 33", i + 1, p[i], sig);
    }
    /* |k| = nearbyint(|x| * TWO_OVER_PI_LO) <= 2^20 below REDUCE_LIMIT */
    if (!(nearbyint(REDUCE_LIMIT * TWO_OVER_PI_HI) <= 0x1p20))
        tu_fail("REDUCE_LIMIT %g allows |k| > 2^20", REDUCE_LIMIT);

    mpfr_clears(a, b, lo, hi, (mpfr_ptr)0);
}
END_TEST

START_TEST(test_contain_random)
{
    struct tally t = { 0, 0, 0 };
    long i, n = tu_iters(1000000);

    tu_init();
    ref_init();
    for (i = 0; i < n; i++)
        check_case(tu_di(0), &t);
    printf("t-trig random: %ld intervals per function, %ld reference points, %ld forced +-1\n",
           t.cases, t.points, t.extrema);
    fflush(stdout);
    ref_clear();
}
END_TEST

/* x within a few ulps of the double nearest k pi/2. */
static double
near_multiple(long k, int ulps)
{
    mpfr_mul_si(qt, pio2, k, MPFR_RNDN);
    return step(mpfr_get_d(qt, MPFR_RNDN), ulps);
}

static long
random_k(void)
{
    long k;
    switch (tu_ulong() % 4) {
    case 0: k = (long)(tu_ulong() % 129) - 64; break;
    case 1: k = (long)(tu_ulong() % (2UL << 20)) - (1L << 20); break;
    /* k around REDUCE_LIMIT / (pi/2) = 954929.7: both sides of the limit */
    case 2: k = 954930 + (long)(tu_ulong() % 201) - 100; if (tu_ulong() & 1) k = -k; break;
    default: k = (long)(tu_ulong() % 2049) - 1024; break;
    }
    return k;
}

/* One interval from the special mix, class c. */
static vccd_di
special_interval(int c)
{
    double x, y, w;
    long k;
    int u = (int)(tu_ulong() % 9) - 4;

    switch (c) {
    case 0:                     /* point near k pi/2 */
        x = near_multiple(random_k(), u);
        return vccd_di_set_2d(x, x);
    case 1:                     /* narrow interval starting near k pi/2 */
        x = near_multiple(random_k(), u);
        return vccd_di_set_2d(x, step(x, 1 + (int)(tu_ulong() % 8)));
    case 2:                     /* straddles k pi/2: must reach +-1 at odd/even k */
        k = random_k();
        x = near_multiple(k, 0);
        return vccd_di_set_2d(step(x, -1 - (int)(tu_ulong() % 3)), step(x, 1 + (int)(tu_ulong() % 3)));
    case 3:                     /* straddles k pi/2 by a random margin */
        k = random_k();
        x = near_multiple(k, 0);
        return vccd_di_set_2d(x - tu_unit() * 1.5 - ulp_of(x), x + tu_unit() * 1.5 + ulp_of(x));
    case 4:                     /* point */
        x = tu_double();
        return vccd_di_set_2d(x, x);
    case 5:                     /* narrow */
        x = (tu_unit() - 0.5) * ldexp(1.0, (int)(tu_ulong() % 40) - 10);
        w = ulp_of(x) * (double)(tu_ulong() % 64) + fabs(x) * ldexp(tu_unit(), -(int)(tu_ulong() % 50));
        return vccd_di_set_2d(x, x + w);
    case 6:                     /* width just below or above 2 pi (and 7, the
                                   cut-off to [-1, 1]) */
        x = (tu_ulong() & 1) ? (tu_unit() - 0.5) * 20.0 : (tu_unit() - 0.5) * 2e5;
        w = (tu_ulong() % 4 == 0) ? 7.0 : 6.283185307179586;
        w *= 1.0 + ((tu_ulong() & 1) ? 1 : -1) * ldexp(1.0, -(int)(1 + tu_ulong() % 52));
        return vccd_di_set_2d(x, x + w);
    case 7:                     /* |x| around REDUCE_LIMIT, both sides */
        x = REDUCE_LIMIT;
        if (tu_ulong() & 1)
            x = step(x, u);
        else
            x += (tu_unit() - 0.5) * 20.0;
        if (tu_ulong() & 1)
            x = -x;
        if (tu_ulong() % 3 == 0)
            return vccd_di_set_2d(x, x);
        y = x + tu_unit() * 6.0;
        return vccd_di_set_2d(x, y);
    case 8:                     /* between the limit and 2^53, narrow */
        x = ldexp(1.0 + tu_unit(), 21 + (int)(tu_ulong() % 32));
        if (tu_ulong() & 1)
            x = -x;
        y = x + tu_unit() * 6.9;
        return vccd_di_set_2d(x, y < x ? x : y);
    case 9:                     /* huge */
        x = (tu_ulong() % 4 == 0) ? DBL_MAX : step(1e300, u * 1000);
        if (tu_ulong() & 1)
            x = -x;
        if (tu_ulong() % 3)
            return vccd_di_set_2d(x, x);
        return vccd_di_set_2d(fmin(x, step(x, 1)), fmax(x, step(x, 1)));
    case 10:                    /* subnormal */
        x = 0x1p-1074 * (double)(tu_ulong() % (1UL << 52));
        y = 0x1p-1074 * (double)(tu_ulong() % (1UL << 52));
        switch (tu_ulong() % 3) {
        case 0: return vccd_di_set_2d(x, x);
        case 1: return vccd_di_set_2d(-x, y);
        default: return vccd_di_set_2d(fmin(x, y), fmax(x, y));
        }
    case 11:                    /* unbounded */
        switch (tu_ulong() % 4) {
        case 0: return vccd_di_entire();
        case 1: return vccd_di_set_2d(-INFINITY, tu_double());
        case 2: return vccd_di_set_2d(tu_double(), INFINITY);
        default: return vccd_di_set_d(INFINITY);      /* [DBL_MAX, inf] */
        }
    default:                    /* empty, canonical or any lo > hi */
        switch (tu_ulong() % 3) {
        case 0: return vccd_di_empty();
        case 1: return vccd_di_set_2d(2.0, 1.0);
        default: {
            vccd_di e = { 3.0, -3.0 };
            return e;
        }
        }
    }
}

#define N_SPECIAL 13

START_TEST(test_contain_special)
{
    struct tally t = { 0, 0, 0 };
    long i, n = tu_iters(500000);

    tu_init();
    ref_init();
    for (i = 0; i < n; i++) {
        int c = (int)(tu_ulong() % N_SPECIAL);
        vccd_di a = special_interval(c);
        /* the straddling classes must demand an extremum: checks that the
           generator does what it says, so the +-1 assertions are live */
        if (c == 2 && extrema_mask(a.lo, a.hi) == 0)
            tu_fail("generator: [%a, %a] does not straddle a multiple of pi/2", a.lo, a.hi);
        check_case(a, &t);
    }
    printf("t-trig special: %ld intervals per function (%ld classes), %ld reference points, %ld forced +-1\n",
           t.cases, (long)N_SPECIAL, t.points, t.extrema);
    fflush(stdout);
    ref_clear();
}
END_TEST

/* di.h promises enclosures in every rounding mode (it steps outward
   instead of relying on round-to-nearest); the kernel's nearbyint() then
   picks other quadrants and the reduced argument can exceed pi/4, so run
   part of the random and the special mix in each directed mode. */
START_TEST(test_contain_modes)
{
    static const int modes[] = { FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO };
    struct tally t = { 0, 0, 0 };
    long i, n = tu_iters(50000);

    tu_init();
    ref_init();
    for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
        lib_mode = modes[m];
        for (i = 0; i < n; i++)
            check_case((i & 1) ? tu_di(0) : special_interval((int)(tu_ulong() % N_SPECIAL)), &t);
    }
    lib_mode = FE_TONEAREST;
    printf("t-trig rounding modes: %ld intervals per function in 3 directed modes, %ld reference points\n",
           t.cases, t.points);
    fflush(stdout);
    ref_clear();
}
END_TEST

/* A fixed set: intervals whose +-1 is decided by the candidate count. */
START_TEST(test_contain_fixed)
{
    struct tally t = { 0, 0, 0 };
    static const double iv[][2] = {
        { 0.0, 0.0 }, { -0.0, 0.0 }, { 1.0, 2.0 }, { 1.5707963267948966, 1.5707963267948966 },
        { 1.5707963267948966, 1.5707963267948968 }, { 3.1415926535897931, 3.1415926535897936 },
        { -1.5707963267948968, -1.5707963267948966 }, { 4.0, 5.0 }, { 0.0, 6.283185307179586 },
        { 0.1, 6.4 }, { -3.2, 3.2 }, { 1e5, 1e5 + 1 }, { 1.5e6, 1.5e6 }, { 1.4999999e6, 1.5000001e6 },
        { 1e300, 1e300 }, { -DBL_MAX, -DBL_MAX }, { 0x1p-1074, 0x1p-1074 }, { -0x1p-1022, 0x1p-1074 },
        { 1e22, 1e22 }, { 6381956970095103.0 * 0x1p797, 6381956970095103.0 * 0x1p797 },
    };
    size_t i;

    tu_init();
    ref_init();
    for (i = 0; i < sizeof iv / sizeof iv[0]; i++)
        check_case(vccd_di_set_2d(iv[i][0], iv[i][1]), &t);
    check_case(vccd_di_empty(), &t);
    check_case(vccd_di_entire(), &t);
    ref_clear();
}
END_TEST

/* --- tightness ------------------------------------------------------------ */

/* A point with |x| <= 1e5: uniform, small, from tu_double, or within a few
   ulps of a multiple of pi/2 (where the result is tiny). */
static double
tight_point(void)
{
    double x;
    switch (tu_ulong() % 4) {
    case 0: return (tu_unit() - 0.5) * 2e5;
    case 1: return (tu_unit() - 0.5) * 8.0;
    case 2:
        do x = tu_double(); while (!(fabs(x) <= 1e5));
        return x;
    default: return near_multiple((long)(tu_ulong() % 127325) - 63662, (int)(tu_ulong() % 9) - 4);
    }
}

/* M = max(|f|, |r0|, |r|) with r0 = x - k P1 and r = x - k pi/2 for the
   k the kernel chooses: the magnitudes whose ulps the kernel's outward
   steps are made of (see test_tightness). */
static double
magnitude_scale(double x, double fmag)
{
    double k = nearbyint(x * TWO_OVER_PI_LO);     /* as the kernel does */
    double r0, r;

    mpfr_set_d(qt, x, MPFR_RNDN);
    mpfr_set_d(qa, k, MPFR_RNDN);
    mpfr_mul_d(qb, qa, P1, MPFR_RNDN);              /* exact at QUO_PREC */
    mpfr_sub(qb, qt, qb, MPFR_RNDN);
    r0 = mpfr_get_d(qb, MPFR_RNDN);
    mpfr_mul(qb, qa, pio2, MPFR_RNDN);
    mpfr_sub(qb, qt, qb, MPFR_RNDN);
    r = mpfr_get_d(qb, MPFR_RNDN);
    return fmax(fmag, fmax(fabs(r0), fabs(r)));
}

/* Asserted width bound in ulps of M; see test_tightness. */
#define TIGHT_ULPS 24.0
/* Asserted distance of an unrounded endpoint from the rigorous one, in
   ulps of M; see test_unrounded. */
#define UI_ULPS 16.0

START_TEST(test_tightness)
{
    long i, n = tu_iters(300000);
    double max_m = 0.0, max_f = 0.0, max_f_generic = 0.0, xm = 0.0, xf = 0.0;
    mpfr_t w;

    tu_init();
    ref_init();
    mpfr_init2(w, 2200);
    /* Why a bound in ulps of M and not of |f|: the kernel computes
       r = x - k P1 - k P2 - k [P3T] with an outward step on each
       subtraction, so the enclosure of r is a few ulps of the larger of
       |r0| = |x - k P1| and |r| wide in absolute terms.  Near a multiple
       of pi/2, f = +-sin r is tiny while r0 ~ k P2 is not, and the width
       is then ~1e10 ulps of |f| (printed below) although it is only a few
       ulps of r0.  Budget, in ulps of M (each outward-stepped operation
       moves a bound by <= 1/2 ulp of rounding plus a 1 ulp step, and a
       bound can sit one binade above M):
         r0 = x - k P1 (exact, but stepped)      2
         - k P2, - k [P3T]                   2 x 4   (k [P3T] itself is
                                                      narrower than 2^-100)
         Taylor factor t: 9 Horner steps, each <= 2^-50 a side, damped by
           r^2/d <= 0.62/2, width <= 1.4 2^-50 = 11 ulp of |r| in [.5, 1)
         final product r t and the clamp       2
       about 23, and sin, cos have slope <= 1, so 24 ulp(M).  The measured
       maximum is printed: it is about half of that, as the worst cases of
       the individual steps do not coincide. */
    for (i = 0; i < n; i++) {
        double x = tight_point();
        vccd_di s, c, f[2];
        vccd_di_sin_cos(&s, &c, vccd_di_set_d(x));
        f[0] = s;
        f[1] = c;
        for (int j = 0; j < 2; j++) {
            double fmag = fmax(fabs(f[j].lo), fabs(f[j].hi));
            double M = magnitude_scale(x, fmag), wm, wf;
            mpfr_set_d(w, f[j].hi, MPFR_RNDN);
            mpfr_sub_d(w, w, f[j].lo, MPFR_RNDN);        /* exact */
            mpfr_div_d(qt, w, ulp_of(M), MPFR_RNDU);
            wm = mpfr_get_d(qt, MPFR_RNDU);
            mpfr_div_d(qt, w, ulp_of(fmag), MPFR_RNDU);
            wf = mpfr_get_d(qt, MPFR_RNDU);
            if (wm > max_m) { max_m = wm; xm = x; }
            if (wf > max_f) { max_f = wf; xf = x; }
            if (fmag >= M && wf > max_f_generic)
                max_f_generic = wf;
            if (!(wm <= TIGHT_ULPS))
                tu_fail("%s(%a) = [%a, %a]: %.1f ulp of M = %a wide, bound %.0f",
                        j ? "cos" : "sin", x, f[j].lo, f[j].hi, wm, M, TIGHT_ULPS);
        }
    }
    printf("t-trig tightness: %ld points |x| <= 1e5; max width %.1f ulp(M) at x=%a, "
           "%.1f ulp(|f|) where |f| >= M, %.3g ulp(|f|) overall at x=%a\n",
           n, max_m, xm, max_f_generic, max_f, xf);
    fflush(stdout);
    mpfr_clear(w);
    ref_clear();
}
END_TEST

/* --- the unrounded twin ---------------------------------------------------- */

START_TEST(test_unrounded)
{
    long i, n = tu_iters(300000);
    double max_d = 0.0;

    tu_init();
    ref_init();
    /* vccd_ui_sin_cos is the same template without the outward steps, so
       its containment is not asserted (it is not rigorous).  What it must
       be: inside the rigorous result (RN is monotone and every bound is a
       monotone function of the rounded values below it, so dropping the
       steps can only move bounds inward) and not far inside it: each
       endpoint within the rigorous one's accumulated steps, which by the
       budget in test_tightness is at most half of 24 ulp(M) plus the
       rounding the two share; 16 ulp(M) is asserted.  Beyond
       REDUCE_LIMIT both take the MPFR path and must agree exactly. */
    for (i = 0; i < n; i++) {
        double x;
        vccd_di ds, dc, d[2];
        vccd_ui us, uc, u[2];
        int big = tu_ulong() % 8 == 0;

        x = big ? special_interval(7 + (int)(tu_ulong() % 3)).lo : tight_point();
        vccd_di_sin_cos(&ds, &dc, vccd_di_set_d(x));
        vccd_ui_sin_cos(&us, &uc, vccd_ui_set_d(x));
        d[0] = ds; d[1] = dc; u[0] = us; u[1] = uc;
        for (int j = 0; j < 2; j++) {
            double M, dl, dh;
            if (fabs(x) > REDUCE_LIMIT) {
                vccd_di uj = { u[j].lo, u[j].hi };
                if (!same_di(uj, d[j]))
                    tu_fail("x=%a beyond REDUCE_LIMIT: ui %s [%a, %a] != di [%a, %a]",
                            x, j ? "cos" : "sin", u[j].lo, u[j].hi, d[j].lo, d[j].hi);
                continue;
            }
            if (!(d[j].lo <= u[j].lo && u[j].lo <= u[j].hi && u[j].hi <= d[j].hi))
                tu_fail("x=%a: ui %s [%a, %a] not inside di [%a, %a]",
                        x, j ? "cos" : "sin", u[j].lo, u[j].hi, d[j].lo, d[j].hi);
            M = magnitude_scale(x, fmax(fabs(d[j].lo), fabs(d[j].hi)));
            dl = (u[j].lo - d[j].lo) / ulp_of(M);   /* exact enough: the
                                                       difference is tiny
                                                       against M */
            dh = (d[j].hi - u[j].hi) / ulp_of(M);
            if (dl > max_d) max_d = dl;
            if (dh > max_d) max_d = dh;
            if (!(dl <= UI_ULPS && dh <= UI_ULPS))
                tu_fail("x=%a: ui %s [%a, %a] is %.1f/%.1f ulp(M) inside di [%a, %a]",
                        x, j ? "cos" : "sin", u[j].lo, u[j].hi, dl, dh, d[j].lo, d[j].hi);
        }
    }
    /* Random intervals: the extrema rule and the hull are shared code too,
       so the unrounded result stays inside the rigorous one. */
    for (i = 0; i < n; i++) {
        vccd_di a = tu_di(0), ds, dc;
        vccd_ui us, uc;
        vccd_di_sin_cos(&ds, &dc, a);
        vccd_ui_sin_cos(&us, &uc, vccd_ui_set_2d(a.lo, a.hi));
        if (vccd_di_is_empty(a) ? !(vccd_ui_is_empty(us) && vccd_ui_is_empty(uc))
            : !(ds.lo <= us.lo && us.lo <= us.hi && us.hi <= ds.hi
                && dc.lo <= uc.lo && uc.lo <= uc.hi && uc.hi <= dc.hi))
            tu_fail("a=[%a, %a]: ui sin [%a, %a] cos [%a, %a] not inside di [%a, %a] [%a, %a]",
                    a.lo, a.hi, us.lo, us.hi, uc.lo, uc.hi, ds.lo, ds.hi, dc.lo, dc.hi);
    }
    printf("t-trig unrounded: %ld points + %ld intervals; max ui-di endpoint distance %.1f ulp(M)\n",
           n, n, max_d);
    fflush(stdout);
    ref_clear();
}
END_TEST

static Suite *
make_suite(void)
{
    Suite *s = suite_create("di-trig");
    TCase *tc;

    tcase_add_test(tu_tcase(s, "constants"), test_constants);
    tc = tu_tcase(s, "containment");
    tcase_add_test(tc, test_contain_fixed);
    tcase_add_test(tc, test_contain_random);
    tcase_add_test(tc, test_contain_special);
    tcase_add_test(tc, test_contain_modes);
    tc = tu_tcase(s, "tightness");
    tcase_add_test(tc, test_tightness);
    tcase_add_test(tc, test_unrounded);
    return s;
}

TU_MAIN_SUITE(make_suite)
