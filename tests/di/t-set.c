/* t-set.c -- vccd_di_set_si_frac and vccd_di_set_str: exact or tightest binary64 enclosures, checked exactly with GMP rationals. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define IV(x) (x).lo, (x).hi

/* r is the tightest binary64 enclosure of q: lo <= q <= hi, and either a
   point or one ulp wide with q strictly inside.  The strictness is what
   forces a point whenever q is a double, so no representability test is
   needed.  The comparisons are exact (mpfr_cmp_q). */
static int
tightly_encloses(vccd_di r, const mpq_t q)
{
    MPFR_DECL_INIT(lo, 53);
    MPFR_DECL_INIT(hi, 53);
    int cl, ch;

    if (!(r.lo <= r.hi) || r.lo == INFINITY || r.hi == -INFINITY)
        return 0;
    mpfr_set_d(lo, r.lo, MPFR_RNDN);
    mpfr_set_d(hi, r.hi, MPFR_RNDN);
    cl = mpfr_cmp_q(lo, q);
    ch = mpfr_cmp_q(hi, q);
    if (r.lo == r.hi)
        return cl == 0;
    return cl < 0 && ch > 0 && r.hi == vccd_fp_next_up(r.lo);
}

static void
check_frac(long num, long den)
{
    mpq_t q;
    vccd_di r = vccd_di_set_si_frac(num, den);

    mpq_init(q);
    /* Built from strings so that LONG_MIN and negative denominators take
       a path independent of the library's own sign handling. */
    {
        char buf[64];
        snprintf(buf, sizeof buf, "%ld", num);
        mpz_set_str(mpq_numref(q), buf, 10);
        snprintf(buf, sizeof buf, "%ld", den);
        mpz_set_str(mpq_denref(q), buf, 10);
        if (den < 0) {
            mpz_neg(mpq_numref(q), mpq_numref(q));
            mpz_neg(mpq_denref(q), mpq_denref(q));
        }
        mpq_canonicalize(q);
    }
    if (!tightly_encloses(r, q))
        tu_fail("set_si_frac(%ld, %ld) = [%a,%a] is not the tightest enclosure",
                num, den, IV(r));
    mpq_clear(q);
}

START_TEST(test_frac_fixed)
{
    static const struct { long n, d; double lo, hi; } exact[] = {
        { 1, 2, 0.5, 0.5 }, { 3, 4, 0.75, 0.75 }, { -1, 4, -0.25, -0.25 },
        { 1, -4, -0.25, -0.25 }, { -1, -4, 0.25, 0.25 }, { 0, 7, 0.0, 0.0 },
        { 0, -7, 0.0, 0.0 }, { 6, 3, 2.0, 2.0 }, { 7, 1, 7.0, 7.0 },
        { LONG_MIN, 1, -0x1p63, -0x1p63 }, { LONG_MIN, -1, 0x1p63, 0x1p63 },
        { LONG_MIN, LONG_MIN, 1.0, 1.0 }, { -1, LONG_MIN, 0x1p-63, 0x1p-63 },
        { 1, LONG_MIN, -0x1p-63, -0x1p-63 }, { LONG_MAX, LONG_MAX, 1.0, 1.0 },
        { LONG_MIN, 2, -0x1p62, -0x1p62 },
        /* 2^63 - 1 lies between 2^63 - 1024 and 2^63 */
        { LONG_MAX, 1, 0x1.fffffffffffffp62, 0x1p63 },
        { -LONG_MAX, 1, -0x1p63, -0x1.fffffffffffffp62 },
        /* 1/3 = 0x1.5555...p-2: RN rounds down, so lo is the RN double */
        { 1, 3, 0x1.5555555555555p-2, 0x1.5555555555556p-2 },
        { -1, 3, -0x1.5555555555556p-2, -0x1.5555555555555p-2 },
        { 1, -3, -0x1.5555555555556p-2, -0x1.5555555555555p-2 },
        { 2, -6, -0x1.5555555555556p-2, -0x1.5555555555555p-2 },
        /* 1/10 = 0x1.999...p-4: RN rounds up (0.1 is above 1/10) */
        { 1, 10, 0x1.9999999999999p-4, 0x1.999999999999ap-4 },
        { -1, 10, -0x1.999999999999ap-4, -0x1.9999999999999p-4 },
    };
    size_t i;
    vccd_di r;

    tu_init();
    for (i = 0; i < sizeof exact / sizeof exact[0]; i++) {
        r = vccd_di_set_si_frac(exact[i].n, exact[i].d);
        if (r.lo != exact[i].lo || r.hi != exact[i].hi)
            tu_fail("set_si_frac(%ld, %ld) = [%a,%a], want [%a,%a]", exact[i].n,
                    exact[i].d, IV(r), exact[i].lo, exact[i].hi);
        check_frac(exact[i].n, exact[i].d);
    }
    if (vccd_di_set_si_frac(1, 10).hi != 0.1)
        tu_fail("the double 0.1 is not the upper bound of 1/10");
    if (!vccd_di_is_entire(vccd_di_set_si_frac(1, 0)) || !vccd_di_is_entire(vccd_di_set_si_frac(0, 0))
        || !vccd_di_is_entire(vccd_di_set_si_frac(LONG_MIN, 0)))
        tu_fail("den == 0 is not entire");
    check_frac(LONG_MAX, LONG_MIN);
    check_frac(LONG_MIN, LONG_MAX);
    check_frac(LONG_MAX, 3);
    check_frac(1, LONG_MAX);
    check_frac(LONG_MAX - 1, LONG_MAX);
}
END_TEST

/* A long from a mix of sizes: the full range and LONG_MIN/LONG_MAX need
   the big-integer path, small values make exact results common. */
static long
rand_long(void)
{
    unsigned long u = tu_ulong();
    switch (tu_ulong() % 6) {
    case 0: return (long)u;                              /* full range */
    case 1: return (long)(u % 1000) - 500;
    case 2: return (long)(u >> (tu_ulong() % 64));       /* any bit length */
    case 3: return -(long)(u >> (1 + tu_ulong() % 63));
    case 4: return (u & 1) ? LONG_MIN + (long)(u % 4) : LONG_MAX - (long)(u % 4);
    default: return (long)1 << (u % 63);                 /* powers of two */
    }
}

START_TEST(test_frac_random)
{
    long i, n = tu_iters(100000);

    tu_init();
    for (i = 0; i < n; i++) {
        long num = rand_long(), den = rand_long();
        if (den == 0) {
            if (!vccd_di_is_entire(vccd_di_set_si_frac(num, den)))
                tu_fail("set_si_frac(%ld, 0) is not entire", num);
            continue;
        }
        check_frac(num, den);
    }
    printf("t-set: set_si_frac: %ld random rationals\n", n);
}
END_TEST

/* --- decimal strings -------------------------------------------------- */

/* q := m 10^e, exactly. */
static void
q_scaled(mpq_t q, const mpz_t m, long e)
{
    mpz_t p;
    mpz_init(p);
    mpq_set_z(q, m);
    mpz_ui_pow_ui(p, 10, (unsigned long)labs(e));
    if (e >= 0) {
        mpz_mul(mpq_numref(q), mpq_numref(q), p);
    } else {
        mpz_set(mpq_denref(q), p);
        mpq_canonicalize(q);
    }
    mpz_clear(p);
}

/* q := the exact value of a decimal string [-]digits[.digits][e[-]exp],
   parsed here independently of MPFR. */
static void
decimal_to_q(mpq_t q, const char *s)
{
    mpz_t m;
    long e = 0;
    int neg = 0, after_point = 0, frac = 0;

    mpz_init_set_ui(m, 0);
    if (*s == '-' || *s == '+')
        neg = *s++ == '-';
    for (; *s && *s != 'e' && *s != 'E'; s++) {
        if (*s == '.') {
            after_point = 1;
            continue;
        }
        mpz_mul_ui(m, m, 10);
        mpz_add_ui(m, m, (unsigned long)(*s - '0'));
        frac += after_point;
    }
    if (*s)
        e = strtol(s + 1, NULL, 10);
    e -= frac;                  /* digits after the point scale down */
    if (neg)
        mpz_neg(m, m);
    q_scaled(q, m, e);
    mpz_clear(m);
}

static void
check_str(const char *s, const mpq_t q)
{
    vccd_di r = { 12345.0, 54321.0 };

    if (vccd_di_set_str(&r, s) != 0)
        tu_fail("set_str(\"%s\") rejected", s);
    if (!tightly_encloses(r, q))
        tu_fail("set_str(\"%s\") = [%a,%a] is not the tightest enclosure", s, IV(r));
}

/* Build a random decimal string and its exact value together. */
static void
rand_decimal(char *buf, size_t len, mpq_t q)
{
    char digits[48];
    int nd = 1 + (int)(tu_ulong() % 30), point = (int)(tu_ulong() % (nd + 1));
    int e = (int)(tu_ulong() % 700) - 350, k, neg = (int)(tu_ulong() & 1);
    mpz_t m;

    if (tu_ulong() % 3 == 0)
        e = (int)(tu_ulong() % 40) - 20;        /* ordinary magnitudes */
    for (k = 0; k < nd; k++)
        digits[k] = (char)('0' + tu_ulong() % 10);
    digits[nd] = '\0';
    if (point == 0 || point == nd)
        snprintf(buf, len, "%s%se%d", neg ? "-" : "", digits, e);
    else
        snprintf(buf, len, "%s%.*s.%se%d", neg ? "-" : "", point, digits, digits + point, e);
    /* value = digits * 10^(e - (number of fraction digits)) */
    mpz_init_set_str(m, digits, 10);
    if (neg)
        mpz_neg(m, m);
    q_scaled(q, m, e - ((point == 0 || point == nd) ? 0 : nd - point));
    mpz_clear(m);
}

START_TEST(test_str_fixed)
{
    static const struct { const char *s; double lo, hi; } t[] = {
        { "0.5", 0.5, 0.5 }, { "1e3", 1000.0, 1000.0 }, { "-0.25", -0.25, -0.25 },
        { "0", 0.0, 0.0 }, { "-0", 0.0, 0.0 }, { "1E3", 1000.0, 1000.0 },
        { "+2", 2.0, 2.0 }, { "12.5e-1", 1.25, 1.25 }, { "1024e-10", 0x1.b7cdfd9d7bdbap-24, 0x1.b7cdfd9d7bdbbp-24 },
        /* 0.1, 1024e-10 and the two range limits below lie just under
           their nearest double, which is therefore the upper bound */
        { "0.1", 0x1.9999999999999p-4, 0x1.999999999999ap-4 },
        { "-0.1", -0x1.999999999999ap-4, -0x1.9999999999999p-4 },
        /* beyond the double range: the unbounded end; below: [0, denorm] */
        { "1e400", DBL_MAX, INFINITY }, { "-1e400", -INFINITY, -DBL_MAX },
        { "1e-400", 0.0, 0x1p-1074 }, { "-1e-400", -0x1p-1074, 0.0 },
        { "4.9406564584124654e-324", 0.0, 0x1p-1074 },
        { "1.7976931348623157e308", 0x1.ffffffffffffep1023, DBL_MAX },
        { "9007199254740993", 0x1p53, 0x1.0000000000001p53 },
    };
    static const char *const decimals[] = {
        "0.5", "1e3", "-0.25", "0.1", "0.3", "-1.5e-3", "123456789012345678901234567890",
        "3.14159265358979323846264338327950288", "2.2250738585072011e-308",
        "2.2250738585072014e-308", "4.9406564584124654e-324", "1e-310", "-7e-320",
        "1.7976931348623157e308", "1.7976931348623158e308", "9007199254740993",
        "0.000000000000000000000000000001", "1e-400", "1e400",
    };
    size_t i;
    vccd_di r;
    mpq_t q;

    tu_init();
    for (i = 0; i < sizeof t / sizeof t[0]; i++) {
        r.lo = r.hi = 42.0;
        if (vccd_di_set_str(&r, t[i].s) != 0)
            tu_fail("set_str(\"%s\") rejected", t[i].s);
        if (r.lo != t[i].lo || r.hi != t[i].hi)
            tu_fail("set_str(\"%s\") = [%a,%a], want [%a,%a]", t[i].s, IV(r), t[i].lo, t[i].hi);
    }
    mpq_init(q);
    for (i = 0; i < sizeof decimals / sizeof decimals[0]; i++) {
        decimal_to_q(q, decimals[i]);
        check_str(decimals[i], q);
    }
    mpq_clear(q);
    /* the same rational by both routes */
    if (vccd_di_set_str(&r, "0.1") != 0 || r.lo != vccd_di_set_si_frac(1, 10).lo
        || r.hi != vccd_di_set_si_frac(1, 10).hi)
        tu_fail("\"0.1\" and 1/10 differ");
}
END_TEST

START_TEST(test_str_bad)
{
    static const char *const bad[] = {
        "", "abc", "1.0x", "nan", "NaN", "-nan", "x1", "1e", "1 ", " ", "--1", "0x", "1.2.3", "e5",
    };
    size_t i;

    tu_init();
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        vccd_di r = { 3.0, 4.0 };
        int k = vccd_di_set_str(&r, bad[i]);
        if (k != -1)
            tu_fail("set_str(\"%s\") returned %d, want -1", bad[i], k);
        if (r.lo != 3.0 || r.hi != 4.0)
            tu_fail("set_str(\"%s\") changed r to [%a,%a]", bad[i], IV(r));
    }
}
END_TEST

START_TEST(test_str_random)
{
    long i, n = tu_iters(100000);
    char buf[128];
    mpq_t q;

    tu_init();
    mpq_init(q);
    for (i = 0; i < n; i++) {
        rand_decimal(buf, sizeof buf, q);
        check_str(buf, q);
    }
    mpq_clear(q);
    printf("t-set: set_str: %ld random decimals\n", n);
}
END_TEST


int
main(void)
{
    const TTest *tests[] = { test_frac_fixed, test_frac_random, test_str_fixed, test_str_bad, test_str_random };
    return tu_main("di_set", tests, (int)(sizeof tests / sizeof tests[0]));
}
