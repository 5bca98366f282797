/* testutil.h -- shared machinery of the Check suites: the seed, the
   iteration multiplier, random doubles and intervals with the special
   classes the rigour contract must survive, and exact containment checks
   against MPFR. */
#ifndef VCCD_TESTUTIL_H
#define VCCD_TESTUTIL_H

#include <check.h>
#include <gmp.h>
#include <mpfr.h>
#include <stdint.h>
#include <stdio.h>

#include "vccd.h"

/* Seed: VCCD_TEST_SEED or a fixed default; printed by tu_fail_msg.
   Iterations: n * VCCD_TEST_MULTIPLIER (default 1), at least 1. */
extern unsigned long tu_seed;
extern gmp_randstate_t tu_rand;
void tu_init(void);
long tu_iters(long n);

/* Random 64-bit integer / double in [0, 1). */
unsigned long tu_ulong(void);
double tu_unit(void);
/* A random double from a mix of classes: +-0, subnormals, tiny, huge,
   near 1, small integers, +-DBL_MAX, random bit patterns.  Never NaN or
   infinite. */
double tu_double(void);
/* A random valid nonempty interval: point, zero-containing, tiny/huge
   magnitudes, half-lines and the whole line (with probability ~5%
   unbounded; never when bounded_only). */
vccd_di tu_di(int bounded_only);
/* A random finite double inside a (which must be nonempty). */
double tu_point_in(vccd_di a);
/* A point of b other than 0 (eight draws of tu_point_in), else an
   endpoint other than 0, or 0 when b = [0, 0]. */
double tu_nonzero_point_in(vccd_di b);
/* Random MPFR interval at precision prec: endpoints with prec bits. */
void tu_mi(vccd_mi_t r, int bounded_only);
/* A random number at x's precision inside a. */
void tu_fr_point_in(mpfr_t x, const vccd_mi_t a);

/* lo <= v <= hi for the exact value v, given v's rounded-down and
   rounded-up values at a precision >= that of lo and hi (so the test is
   exact: lo <= v iff lo <= RD(v)). */
int tu_encloses_fr(const mpfr_t lo, const mpfr_t hi, const mpfr_t vd, const mpfr_t vu);
int tu_di_encloses(vccd_di a, const mpfr_t vd, const mpfr_t vu);

/* Fail with the seed and a message (printf-style). */
#define tu_fail(fmt, ...) ck_abort_msg("seed=%lu: " fmt, tu_seed, ##__VA_ARGS__)

/* Count a check and fail with the seed when it does not hold. */
extern long tu_nchecks;
#define TU_CHECK(cond, ...)                                                  \
    do {                                                                     \
        tu_nchecks++;                                                        \
        if (!(cond))                                                         \
            tu_fail(__VA_ARGS__);                                            \
    } while (0)

/* Exact hex text of an MPFR number / interval (with its precision), for
   failure messages; eight rotating buffers per function. */
const char *tu_fmt_fr(mpfr_srcptr x);
const char *tu_fmt_mi(const vccd_mi_struct *a);

/* +inf / -inf tests for MPFR numbers. */
int tu_is_pinf(mpfr_srcptr x);
int tu_is_minf(mpfr_srcptr x);
/* An MPFR interval result must keep precision p, carry no NaN and be a
   proper interval (lo <= hi, -inf only below, +inf only above) or the
   canonical empty {+inf, -inf}; op names it in the failure.  Returns 1
   when r is a nonempty interval, for callers with further checks. */
int tu_mi_check_valid(const char *op, const vccd_mi_struct *r, mpfr_prec_t p);

/* Same set: both empty, or equal endpoints as numbers (-0 == +0). */
int tu_mi_same(const vccd_mi_struct *a, const vccd_mi_struct *b);
/* The MPFR tests' precision schedule: 2, 24, 53, 64, 113, 200, 256 in
   turn and every 8th uniform in [2, 600]; and a random one in [2, p]. */
mpfr_prec_t tu_pick_prec(long i);
mpfr_prec_t tu_prec_upto(mpfr_prec_t p);
/* Operand and result precisions for a case at precision p: *pa, *pb,
   *pr := p, or in a quarter of the cases each tu_prec_upto(p). */
void tu_mix_precs(mpfr_prec_t p, mpfr_prec_t *pa, mpfr_prec_t *pb, mpfr_prec_t *pr);

/* buf := "/tmp/PREFIX" followed by the six placeholder characters that
   mkstemp / mkdtemp replace, built here once for every test that needs
   a scratch file.  Returns buf. */
char *tu_tmp_template(char *buf, size_t size, const char *prefix);

/* The OpenMP thread count for the parallel regions that follow (a no-op
   in a test built without OpenMP: testutil.c is compiled with each
   test's flags). */
void tu_set_threads(int n);

/* The main of a test program: tu_init, one suite called name with one
   test case holding the n tests (no timeout), run, exit status. */
int tu_main(const char *name, const TTest *const *tests, int n);

/* Run a suite and return the exit status, printing the seed on failure.
   Callers set tcase_set_timeout(tc, 0) on their test cases (tu_tcase
   does): Check's default 4 s is for unit tests, not 10^6-case loops. */
int tu_run(Suite *s);
/* A test case called name with no timeout, added to s (tests may be
   added to it afterwards). */
TCase *tu_tcase(Suite *s, const char *name);
/* The main of a test program with its own suite: tu_init, then
   tu_run(make()). */
int tu_main_suite(Suite *(*make)(void));
/* That main, for the suite make: TU_MAIN_SUITE(make_suite). */
#define TU_MAIN_SUITE(make)                                                                                          \
    int main(void)                                                                                                   \
    {                                                                                                                \
        return tu_main_suite(make);                                                                                  \
    }

/* The bits of x. */
uint64_t tu_bits(double x);

#endif
