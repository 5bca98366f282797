/* testutil.c -- shared machinery of the Check suites. */
#include <stdlib.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "testutil.h"

unsigned long tu_seed = 20261122UL;
gmp_randstate_t tu_rand;
static double tu_mult = 1.0;
static int tu_ready;

void
tu_init(void)
{
    const char *s = getenv("VCCD_TEST_SEED");
    const char *m = getenv("VCCD_TEST_MULTIPLIER");

    if (tu_ready)
        gmp_randclear(tu_rand);
    if (s && *s)
        tu_seed = strtoul(s, NULL, 0);
    if (m && *m)
        tu_mult = strtod(m, NULL);
    gmp_randinit_default(tu_rand);
    gmp_randseed_ui(tu_rand, tu_seed);
    tu_ready = 1;
}

long
tu_iters(long n)
{
    double k = n * tu_mult;
    return k < 1.0 ? 1 : (long)k;
}

unsigned long
tu_ulong(void)
{
    unsigned long hi = gmp_urandomb_ui(tu_rand, 32);
    unsigned long lo = gmp_urandomb_ui(tu_rand, 32);
    return (hi << 32) | lo;
}

double
tu_unit(void)
{
    return (double)(tu_ulong() >> 11) * 0x1p-53;
}

double
tu_double(void)
{
    double x;
    uint64_t u;
    int sign = (int)(tu_ulong() & 1);

    switch (tu_ulong() % 12) {
    case 0: x = 0.0; break;
    case 1: x = ldexp(tu_unit(), -1022) + 0x1p-1074; break;      /* subnormal */
    case 2: x = ldexp(1.0 + tu_unit(), -1000 + (int)(tu_ulong() % 60)); break;
    case 3: x = ldexp(1.0 + tu_unit(), 900 + (int)(tu_ulong() % 123)); break;
    case 4: x = DBL_MAX; break;
    case 5: x = 1.0 + ldexp(tu_unit(), -40); break;
    case 6: x = (double)(tu_ulong() % 17); break;
    case 7:
        do {
            u = tu_ulong();
            memcpy(&x, &u, sizeof x);
        } while (!isfinite(x));
        x = fabs(x);
        break;
    case 8: x = ldexp(1.0 + tu_unit(), -60 + (int)(tu_ulong() % 120)); break;
    case 9: x = 0x1p-1074 * (double)(1 + tu_ulong() % 8); break;
    default: x = tu_unit() * 16.0; break;
    }
    return sign ? -x : x;
}

vccd_di
tu_di(int bounded_only)
{
    double a, b, t;
    unsigned long k = tu_ulong() % 20;

    if (!bounded_only && k == 0)
        return vccd_di_entire();
    if (!bounded_only && k == 1)
        return vccd_di_set_2d(-INFINITY, tu_double());
    if (!bounded_only && k == 2)
        return vccd_di_set_2d(tu_double(), INFINITY);
    a = tu_double();
    switch (k % 5) {
    case 0: b = a; break;                                   /* point */
    case 1: b = fabs(a); a = -fabs(tu_double()); break;     /* contains 0 */
    case 2: b = a + fabs(a) * ldexp(tu_unit(), -(int)(tu_ulong() % 50)); /* narrow */
        if (!isfinite(b)) b = a;
        break;
    default: b = tu_double(); break;
    }
    if (a > b) { t = a; a = b; b = t; }
    return vccd_di_set_2d(a, b);
}

double
tu_point_in(vccd_di a)
{
    double lo = a.lo, hi = a.hi, x;
    unsigned long k = tu_ulong() % 8;

    if (lo == -INFINITY) lo = -DBL_MAX;
    if (hi == INFINITY) hi = DBL_MAX;
    if (lo > hi) lo = hi;       /* [DBL_MAX, inf] style half-lines */
    switch (k) {
    case 0: return lo;
    case 1: return hi;
    case 2: x = 0.0; if (x >= lo && x <= hi) return x; /* fall through */
    default:
        x = lo + (hi - lo) * tu_unit();
        if (!isfinite(x)) x = lo * (1 - tu_unit()) + hi * tu_unit() ;
        if (!isfinite(x)) x = 0.5 * lo + 0.5 * hi;
        if (x < lo) x = lo;
        if (x > hi) x = hi;
        return x;
    }
}

double
tu_nonzero_point_in(vccd_di b)
{
    for (int k = 0; k < 8; k++) {
        double y = tu_point_in(b);
        if (y != 0.0)
            return y;
    }
    if (b.hi != 0.0)
        return isfinite(b.hi) ? b.hi : DBL_MAX;
    return isfinite(b.lo) ? b.lo : -DBL_MAX;
}

void
tu_mi(vccd_mi_t r, int bounded_only)
{
    mpfr_prec_t p = vccd_mi_get_prec(r);
    vccd_di d = tu_di(bounded_only);
    MPFR_DECL_INIT(lo, p);
    MPFR_DECL_INIT(hi, p);

    vccd_mi_set_di(r, d);
    if (vccd_di_is_bounded(d) && !vccd_di_is_point(d) && (tu_ulong() & 1)) {
        /* add random low-order bits beyond binary64 so that the MPFR
           backend sees genuinely p-bit endpoints */
        mpfr_urandomb(lo, tu_rand);
        mpfr_urandomb(hi, tu_rand);
        mpfr_mul_d(lo, lo, (d.hi - d.lo) * 0.5, MPFR_RNDD);
        mpfr_add_d(lo, lo, d.lo, MPFR_RNDD);
        mpfr_mul_d(hi, hi, (d.hi - d.lo) * 0.5, MPFR_RNDU);
        mpfr_d_sub(hi, d.hi, hi, MPFR_RNDU);
        if (mpfr_number_p(lo) && mpfr_number_p(hi) && mpfr_lessequal_p(lo, hi))
            vccd_mi_set_2fr(r, lo, hi);
    }
}

void
tu_fr_point_in(mpfr_t x, const vccd_mi_t a)
{
    MPFR_DECL_INIT(lo, mpfr_get_prec(x));
    MPFR_DECL_INIT(hi, mpfr_get_prec(x));

    mpfr_set(lo, &a->lo, MPFR_RNDU);
    mpfr_set(hi, &a->hi, MPFR_RNDD);
    if (mpfr_inf_p(lo)) mpfr_set_d(lo, -DBL_MAX, MPFR_RNDU);
    if (mpfr_inf_p(hi)) mpfr_set_d(hi, DBL_MAX, MPFR_RNDD);
    if (mpfr_greater_p(lo, hi))
        mpfr_set(lo, hi, MPFR_RNDN);
    switch (tu_ulong() % 6) {
    case 0: mpfr_set(x, lo, MPFR_RNDN); break;
    case 1: mpfr_set(x, hi, MPFR_RNDN); break;
    default:
        mpfr_urandomb(x, tu_rand);
        mpfr_sub(hi, hi, lo, MPFR_RNDD);
        mpfr_mul(x, x, hi, MPFR_RNDD);
        mpfr_add(x, x, lo, MPFR_RNDD);
        if (mpfr_less_p(x, lo)) mpfr_set(x, lo, MPFR_RNDN);
        break;
    }
    /* x was rounded to its own precision; keep it inside a */
    if (mpfr_less_p(x, &a->lo)) mpfr_set(x, &a->lo, MPFR_RNDU);
    if (mpfr_greater_p(x, &a->hi)) mpfr_set(x, &a->hi, MPFR_RNDD);
}

int
tu_encloses_fr(const mpfr_t lo, const mpfr_t hi, const mpfr_t vd, const mpfr_t vu)
{
    return mpfr_lessequal_p(lo, vd) && mpfr_lessequal_p(vu, hi);
}

int
tu_di_encloses(vccd_di a, const mpfr_t vd, const mpfr_t vu)
{
    return !vccd_di_is_empty(a) && mpfr_cmp_d(vd, a.lo) >= 0 && mpfr_cmp_d(vu, a.hi) <= 0;
}

int
tu_run(Suite *s)
{
    SRunner *sr = srunner_create(s);
    int failed;

    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    if (failed)
        fprintf(stderr, "seed=%lu (set VCCD_TEST_SEED to reproduce)\n", tu_seed);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

long tu_nchecks;

const char *
tu_fmt_fr(mpfr_srcptr x)
{
    static char buf[8][1400];
    static int k;
    char *b = buf[k++ & 7];
    mpfr_snprintf(b, sizeof buf[0], "%Ra_%ld", x, (long)mpfr_get_prec(x));
    return b;
}

const char *
tu_fmt_mi(const vccd_mi_struct *a)
{
    static char buf[8][2800];
    static int k;
    char *b = buf[k++ & 7];
    mpfr_snprintf(b, sizeof buf[0], "[%Ra, %Ra]_%ld", &a->lo, &a->hi, (long)mpfr_get_prec(&a->lo));
    return b;
}

int
tu_main(const char *name, const TTest *const *tests, int n)
{
    Suite *s = suite_create(name);
    TCase *tc = tcase_create(name);

    tcase_set_timeout(tc, 0);
    for (int i = 0; i < n; i++)
        tcase_add_test(tc, tests[i]);
    suite_add_tcase(s, tc);
    tu_init();
    return tu_run(s);
}

int
tu_mi_same(const vccd_mi_struct *a, const vccd_mi_struct *b)
{
    int ea = vccd_mi_is_empty(a), eb = vccd_mi_is_empty(b);
    if (ea || eb)
        return ea && eb;
    return mpfr_equal_p(&a->lo, &b->lo) && mpfr_equal_p(&a->hi, &b->hi);
}

mpfr_prec_t
tu_pick_prec(long i)
{
    static const mpfr_prec_t fixed[] = { 2, 24, 53, 64, 113, 200, 256 };
    long k = i % 8;
    return k < 7 ? fixed[k] : 2 + (mpfr_prec_t)(tu_ulong() % 599);
}

mpfr_prec_t
tu_prec_upto(mpfr_prec_t p)
{
    return 2 + (mpfr_prec_t)(tu_ulong() % (unsigned long)(p - 1));
}

void
tu_mix_precs(mpfr_prec_t p, mpfr_prec_t *pa, mpfr_prec_t *pb, mpfr_prec_t *pr)
{
    *pa = *pb = *pr = p;
    if (tu_ulong() % 4 == 0) {
        *pa = tu_prec_upto(p);
        *pb = tu_prec_upto(p);
        *pr = tu_prec_upto(p);
    }
}

int tu_is_pinf(mpfr_srcptr x) { return mpfr_inf_p(x) && mpfr_sgn(x) > 0; }
int tu_is_minf(mpfr_srcptr x) { return mpfr_inf_p(x) && mpfr_sgn(x) < 0; }

int
tu_mi_check_valid(const char *op, const vccd_mi_struct *r, mpfr_prec_t p)
{
    tu_nchecks++;
    if (mpfr_get_prec(&r->lo) != p || mpfr_get_prec(&r->hi) != p)
        tu_fail("%s: precision changed: %s, expected %ld", op, tu_fmt_mi(r), (long)p);
    if (mpfr_nan_p(&r->lo) || mpfr_nan_p(&r->hi))
        tu_fail("%s: NaN endpoint %s", op, tu_fmt_mi(r));
    if (mpfr_greater_p(&r->lo, &r->hi)) {
        if (!(tu_is_pinf(&r->lo) && tu_is_minf(&r->hi)))
            tu_fail("%s: non-canonical empty %s", op, tu_fmt_mi(r));
        return 0;
    }
    if (tu_is_pinf(&r->lo) || tu_is_minf(&r->hi))
        tu_fail("%s: infinite endpoint on the wrong side %s", op, tu_fmt_mi(r));
    return 1;
}

char *
tu_tmp_template(char *buf, size_t size, const char *prefix)
{
    size_t n = (size_t)snprintf(buf, size, "/tmp/%s", prefix);
    if (n + 7 > size)
        n = size - 7;
    memset(buf + n, 'X', 6);
    buf[n + 6] = '\0';
    return buf;
}

TCase *
tu_tcase(Suite *s, const char *name)
{
    TCase *tc = tcase_create(name);
    tcase_set_timeout(tc, 0);
    suite_add_tcase(s, tc);
    return tc;
}

int
tu_main_suite(Suite *(*make)(void))
{
    tu_init();
    return tu_run(make());
}

uint64_t
tu_bits(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

void
tu_set_threads(int n)
{
#ifdef _OPENMP
    omp_set_num_threads(n);
#else
    (void)n;
#endif
}
