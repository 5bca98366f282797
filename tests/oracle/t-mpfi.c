/* t-mpfi.c -- differential test of the MPFR interval backend (vccd_mi) against MPFI 1.5.3 as an independent oracle. */
#include <stdlib.h>
#include <string.h>

#include <mpfi.h>

#include "testutil.h"

#define LO(x) (&(x)->lo)
#define HI(x) (&(x)->hi)
#define PMAX 704
/* How far (in steps of the result's precision) a sin/cos endpoint may
   sit from MPFI's: both use correctly rounded endpoint values, so they
   should agree exactly; the slack is for a differently rounded extremum
   search or argument reduction. */
#define TRIG_ULPS 4


static const char *
fm(const mpfr_t lo, const mpfr_t hi)
{
    static char buf[8][1400];
    static int k;
    char *b = buf[k++ & 7];
    mpfr_snprintf(b, sizeof buf[0], "[%Ra, %Ra]_%ld", lo, hi, (long)mpfr_get_prec(lo));
    return b;
}
#define FM(a) fm(LO(a), HI(a))
#define FI(a) fm(&(a)->left, &(a)->right)

static void
mi_prec(vccd_mi_t x, mpfr_prec_t p)
{
    mpfr_set_prec(LO(x), p);
    mpfr_set_prec(HI(x), p);
}



/* A bounded nonempty interval at a's precision: MPFI represents empty
   and unbounded sets differently (NaN endpoints, infinities in
   divisions), so only these are comparable.  Half of them are narrow
   around a random point, as interval Newton produces. */
static void
gen(vccd_mi_t a)
{
    tu_mi(a, 1);
    if (tu_ulong() & 1) {
        MPFR_DECL_INIT(w, mpfr_get_prec(LO(a)));
        mpfr_urandomb(w, tu_rand);
        mpfr_mul_2si(w, w, -(long)(tu_ulong() % 80), MPFR_RNDN);
        mpfr_mul(w, w, LO(a), MPFR_RNDN);
        mpfr_abs(w, w, MPFR_RNDN);
        mpfr_add(HI(a), LO(a), w, MPFR_RNDU);
    }
}

/* Numbers of precision p from x up to y (x <= y), capped at cap + 1. */
static long
steps(const mpfr_t x, const mpfr_t y, mpfr_prec_t p, long cap)
{
    MPFR_DECL_INIT(t, p);
    long k = 0;
    mpfr_set(t, x, MPFR_RNDN);
    while (mpfr_less_p(t, y) && k <= cap) {
        mpfr_nextabove(t);
        k++;
    }
    return k;
}

/* |x - y| in steps of precision p, capped */
static long
dist(const mpfr_t x, const mpfr_t y, mpfr_prec_t p)
{
    return mpfr_lessequal_p(x, y) ? steps(x, y, p, TRIG_ULPS) : steps(y, x, p, TRIG_ULPS);
}

enum { ADD, SUB, MUL, DIV, SQR, SQRT, NOPS };
static const char *const names[NOPS] = { "add", "sub", "mul", "div", "sqr", "sqrt" };

START_TEST(test_arith)
{
    vccd_mi_t a, b, r;
    mpfi_t ma, mb, mr;
    long i, n = tu_iters(200000), skipped = 0;
    int op;

    tu_init();
    tu_nchecks = 0;
    vccd_mi_init2(a, PMAX); vccd_mi_init2(b, PMAX); vccd_mi_init2(r, PMAX);
    mpfi_init2(ma, PMAX); mpfi_init2(mb, PMAX); mpfi_init2(mr, PMAX);
    for (i = 0; i < n; i++) {
        mpfr_prec_t p = tu_pick_prec(i), pa, pb, pr;

        /* a quarter mix precisions: both libraries round to the output's */
        tu_mix_precs(p, &pa, &pb, &pr);
        mi_prec(a, pa);
        mi_prec(b, pb);
        gen(a);
        gen(b);
        mpfi_set_prec(ma, pa);
        mpfi_set_prec(mb, pb);
        mpfi_interv_fr(ma, LO(a), HI(a));      /* exact: same precision */
        mpfi_interv_fr(mb, LO(b), HI(b));
        for (op = 0; op < NOPS; op++) {
            mi_prec(r, pr);
            mpfi_set_prec(mr, pr);
            switch (op) {
            case ADD: vccd_mi_add(r, a, b); mpfi_add(mr, ma, mb); break;
            case SUB: vccd_mi_sub(r, a, b); mpfi_sub(mr, ma, mb); break;
            case MUL: vccd_mi_mul(r, a, b); mpfi_mul(mr, ma, mb); break;
            case DIV:
                /* MPFI answers a zero-containing divisor with its own
                   conventions (half-lines, NaN for [0, 0]); vccd gives
                   the hull or empty: not comparable */
                if (vccd_mi_contains_zero(b)) {
                    skipped++;
                    continue;
                }
                vccd_mi_div(r, a, b);
                mpfi_div(mr, ma, mb);
                break;
            case SQR: vccd_mi_sqr(r, a); mpfi_sqr(mr, ma); break;
            default:
                /* MPFI's sqrt of a partly negative interval is NaN: use
                   |a| (vccd's abs is itself checked in t-arith) */
                vccd_mi_abs(a, a);
                mpfi_interv_fr(ma, LO(a), HI(a));
                vccd_mi_sqrt(r, a);
                mpfi_sqrt(mr, ma);
                break;
            }
            /* correctly rounded endpoints on both sides: equal as numbers
               (mpfr_equal_p treats -0 and +0 as equal) */
            TU_CHECK(mpfr_equal_p(LO(r), &mr->left) && mpfr_equal_p(HI(r), &mr->right),
                  "%s: a=%s b=%s: vccd %s, MPFI %s", names[op], FM(a), FM(b), FM(r), FI(mr));
        }
    }
    printf("t-mpfi arith: %ld checks, %ld cases per op (%ld zero-containing divisors skipped)\n",
           tu_nchecks, n, skipped);
    vccd_mi_clear(a); vccd_mi_clear(b); vccd_mi_clear(r);
    mpfi_clear(ma); mpfi_clear(mb); mpfi_clear(mr);
}
END_TEST

/* Trig inputs: the bounded mix, plus intervals around multiples of pi/2
   (where the extremum searches of the two libraries matter), wide ones
   and huge ones. */
static void
gen_trig(vccd_mi_t a)
{
    mpfr_prec_t p = mpfr_get_prec(LO(a));
    MPFR_DECL_INIT(c, p + 64);
    MPFR_DECL_INIT(d, p + 64);

    switch (tu_ulong() % 4) {
    case 0:
    case 1:
        gen(a);
        return;
    case 2: {
        long n = (long)(tu_ulong() % (tu_ulong() & 1 ? 64 : 1UL << 30)) - 16;
        mpfr_const_pi(c, MPFR_RNDN);
        mpfr_mul_si(c, c, n, MPFR_RNDN);
        mpfr_div_2ui(c, c, 1, MPFR_RNDN);
        mpfr_urandomb(d, tu_rand);
        mpfr_mul_2si(d, d, -(long)(tu_ulong() % (unsigned long)(p + 8)), MPFR_RNDN);
        mpfr_sub(LO(a), c, d, MPFR_RNDD);
        mpfr_urandomb(d, tu_rand);
        mpfr_mul_2si(d, d, -(long)(tu_ulong() % (unsigned long)(p + 8)), MPFR_RNDN);
        if (tu_ulong() % 4 == 0)
            mpfr_neg(d, d, MPFR_RNDN);
        mpfr_add(HI(a), c, d, MPFR_RNDU);
        break;
    }
    default:
        mpfr_set_d(LO(a), (tu_unit() - 0.5) * ldexp(1.0, (int)(tu_ulong() % 1000)), MPFR_RNDD);
        mpfr_set(HI(a), LO(a), MPFR_RNDU);
        if (tu_ulong() & 1) {
            mpfr_set_d(d, tu_unit() * 8.0, MPFR_RNDN);
            mpfr_add(HI(a), HI(a), d, MPFR_RNDU);
        }
        break;
    }
    if (mpfr_greater_p(LO(a), HI(a)))
        mpfr_swap(LO(a), HI(a));
}

START_TEST(test_trig)
{
    vccd_mi_t a, r;
    mpfi_t ma, mr;
    long i, n = tu_iters(100000);
    /* per function: endpoints equal, within TRIG_ULPS, farther */
    long neq[2] = { 0, 0 }, nnear[2] = { 0, 0 }, nfar[2] = { 0, 0 };
    int f;

    tu_init();
    tu_nchecks = 0;
    vccd_mi_init2(a, PMAX); vccd_mi_init2(r, PMAX);
    mpfi_init2(ma, PMAX); mpfi_init2(mr, PMAX);
    for (i = 0; i < n; i++) {
        mpfr_prec_t pa = tu_pick_prec(i), pr = pa;

        if (tu_ulong() % 4 == 0)
            pr = tu_prec_upto(pa + 64);
        mi_prec(a, pa);
        gen_trig(a);
        mpfi_set_prec(ma, pa);
        mpfi_interv_fr(ma, LO(a), HI(a));
        for (f = 0; f < 2; f++) {
            long dl, dh;
            mi_prec(r, pr);
            mpfi_set_prec(mr, pr);
            if (f == 0) {
                vccd_mi_sin(r, a);
                mpfi_sin(mr, ma);
            } else {
                vccd_mi_cos(r, a);
                mpfi_cos(mr, ma);
            }
            TU_CHECK(!mpfr_nan_p(&mr->left) && !mpfr_nan_p(&mr->right), "MPFI %s(%s) = %s",
                  f ? "cos" : "sin", FM(a), FI(mr));
            /* both enclose the same set, so they must intersect */
            TU_CHECK(mpfr_lessequal_p(LO(r), &mr->right) && mpfr_lessequal_p(&mr->left, HI(r)),
                  "%s(%s): vccd %s and MPFI %s are disjoint", f ? "cos" : "sin", FM(a), FM(r),
                  FI(mr));
            dl = dist(LO(r), &mr->left, pr);
            dh = dist(HI(r), &mr->right, pr);
            if (dl == 0 && dh == 0) {
                neq[f]++;
            } else if (dl <= TRIG_ULPS && dh <= TRIG_ULPS) {
                nnear[f]++;
            } else {
                /* far apart either way: vccd tighter would mean a lost
                   extremum or a misrounded endpoint, looser a wasted
                   one (MPFI computes the same correctly rounded values,
                   and agreed on every case we have seen) */
                nfar[f]++;
                TU_CHECK(0, "%s(%s): vccd %s and MPFI %s differ by more than %d ulps",
                      f ? "cos" : "sin", FM(a), FM(r), FI(mr), TRIG_ULPS);
            }
        }
    }
    printf("t-mpfi trig: %ld checks, %ld cases per function; sin: %ld equal, %ld within %d ulps, "
           "%ld farther; cos: %ld equal, %ld within %d ulps, %ld farther\n",
           tu_nchecks, n, neq[0], nnear[0], TRIG_ULPS, nfar[0], neq[1], nnear[1], TRIG_ULPS,
           nfar[1]);
    vccd_mi_clear(a); vccd_mi_clear(r);
    mpfi_clear(ma); mpfi_clear(mr);
}
END_TEST


int
main(void)
{
    const TTest *tests[] = { test_arith, test_trig };
    return tu_main("oracle-mpfi", tests, (int)(sizeof tests / sizeof tests[0]));
}
