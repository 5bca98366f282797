/* t-fpenv.c -- the floating-point environment vccd_di relies on, and vccd_di containment in every rounding mode. */
#include <fenv.h>
#include <stdlib.h>

#include "testutil.h"

/* noipa keeps gcc from proving these functions const and moving their
   arithmetic across the fesetround calls around them: we want the
   operations really executed in the mode under test. */
#if defined(__GNUC__) && !defined(__clang__)
#define OPAQUE __attribute__((noipa))
#else
#define OPAQUE __attribute__((noinline))
#endif

static const int modes[] = { FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO, FE_TONEAREST };
static const char *const mode_names[] = { "upward", "downward", "towardzero", "tonearest" };
static const mpfr_rnd_t mode_rnd[] = { MPFR_RNDU, MPFR_RNDD, MPFR_RNDZ, MPFR_RNDN };
#define NMODES (sizeof modes / sizeof modes[0])

static void
set_mode(int mode)
{
    if (fesetround(mode) != 0 || fegetround() != mode)
        tu_fail("fesetround(%d) failed", mode);
}

/* --- (a) the library's own check ------------------------------------ */

START_TEST(test_fpenv_check)
{
    int m;

    tu_init();
    m = vccd_fpenv_check();
    if (m != 0)
        tu_fail("vccd_fpenv_check() = %d: %s", m, vccd_fpenv_describe(m));
    if (vccd_fpenv_describe(0) == NULL || vccd_fpenv_describe(VCCD_FPENV_FTZ) == NULL)
        tu_fail("vccd_fpenv_describe returned NULL");
}
END_TEST

/* --- (b) gradual underflow ------------------------------------------ */

/* volatile: the compiler would otherwise fold these at compile time with
   its own (correct) arithmetic and we would test nothing about the CPU. */
static volatile double v_min = DBL_MIN;
static volatile double v_dmin = 0x1p-1074;
static volatile double v_sub = 0x1p-1070;
static volatile double v_big = 0x1p60;
static volatile double v_minplus = 0x1.0000000000001p-1022;
static volatile double v_half = 0.5;

START_TEST(test_subnormals)
{
    double m = v_min, d = v_dmin, s = v_sub, b = v_big, mp = v_minplus, h = v_half;

    tu_init();
    /* FTZ would flush these subnormal results to 0. */
    if (m * h != 0x1p-1023)
        tu_fail("DBL_MIN * 0.5 = %a (FTZ?)", m * h);
    if (mp - m != 0x1p-1074)
        tu_fail("x - y for neighbouring normals = %a, want 0x1p-1074 (FTZ?)", mp - m);
    if (d + d != 0x1p-1073 || d * 3.0 != 0x1.8p-1073)
        tu_fail("subnormal add/mul wrong: %a %a", d + d, d * 3.0);
    if ((d * 2.0) / 2.0 != d)
        tu_fail("subnormal division wrong");
    /* DAZ would read the subnormal operand as 0. */
    if (s * b != 0x1p-1010)
        tu_fail("0x1p-1070 * 2^60 = %a (DAZ?)", s * b);
    if (s + m != 0x1.0000000000010p-1022)
        tu_fail("DBL_MIN + 0x1p-1070 = %a (DAZ?)", s + m);
    if (!(d > 0.0) || !(-d < 0.0))
        tu_fail("denorm_min compares as zero (DAZ?)");
    if (sqrt(s) != 0x1p-535)
        tu_fail("sqrt(0x1p-1070) = %a", sqrt(s));
}
END_TEST

/* --- (c) no contraction ------------------------------------------------ */

static volatile double v_x, v_y;

START_TEST(test_no_contraction)
{
    long i, n = tu_iters(100000), sensitive = 0;

    tu_init();
    for (i = 0; i < n; i++) {
        double x, y, p, r;
        v_x = 1.0 + tu_unit();
        v_y = 1.0 + tu_unit();
        x = v_x;
        y = v_y;
        p = x * y;
        /* Fused, x*y - p would be the rounding error of p. */
        r = x * y - p;
        if (r != 0.0)
            tu_fail("x*y - p = %a for x=%a y=%a: FMA contraction", r, x, y);
        /* The probe is only meaningful if the fused result would differ;
           count the cases where it does. */
        if (fma(x, y, -p) != 0.0)
            sensitive++;
    }
    if (sensitive < n / 2)
        tu_fail("only %ld of %ld probes would detect contraction", sensitive, n);
}
END_TEST

/* --- (d) rounding-mode pitfalls and the design claim ------------------ */

/* The classical "lower bound in upward mode" trick.  Under -fno-rounding-
   math (gcc's default) gcc may rewrite -((-a)*b) to a*b, which in upward
   mode is the upper bound. */
OPAQUE static double
neg_trick(double a, double b)
{
    return -((-a) * b);
}

OPAQUE static double
raw_mul(double a, double b)
{
    return a * b;
}

START_TEST(test_negation_trick)
{
    double a = 0.1, b = 0.3, r, m;
    MPFR_DECL_INIT(ex, 256);
    MPFR_DECL_INIT(rd, 53);
    MPFR_DECL_INIT(ru, 53);
    size_t i;

    tu_init();
    mpfr_set_d(ex, a, MPFR_RNDN);
    mpfr_mul_d(ex, ex, b, MPFR_RNDN);           /* exact: 106 bits */
    mpfr_set(rd, ex, MPFR_RNDD);
    mpfr_set(ru, ex, MPFR_RNDU);
    if (mpfr_equal_p(rd, ru))
        tu_fail("test inputs have an exact product; pick others");

    /* First make sure the hardware honours the mode at all, otherwise
       the containment tests below would silently test round-to-nearest
       four times. */
    for (i = 0; i < NMODES; i++) {
        MPFR_DECL_INIT(want, 53);
        mpfr_set(want, ex, mode_rnd[i]);
        set_mode(modes[i]);
        m = raw_mul(a, b);
        set_mode(FE_TONEAREST);
        if (mpfr_cmp_d(want, m) != 0)
            tu_fail("%s: a*b = %a, want %a", mode_names[i], m, mpfr_get_d(want, MPFR_RNDN));
    }

    set_mode(FE_UPWARD);
    r = neg_trick(a, b);
    set_mode(FE_TONEAREST);
    /* Whatever gcc did, the result is one of the two neighbours; which
       one is a fact about this compiler, reported, not asserted. */
    if (mpfr_cmp_d(rd, r) != 0 && mpfr_cmp_d(ru, r) != 0)
        tu_fail("-((-a)*b) = %a is neither neighbour of the product", r);
    printf("t-fpenv note: under FE_UPWARD, -((-a)*b) gave the %s product "
           "(%s)\n", mpfr_cmp_d(rd, r) == 0 ? "downward" : "upward",
           mpfr_cmp_d(rd, r) == 0 ? "gcc kept the negations"
                                  : "gcc folded the negations: the trick is unsound here");
}
END_TEST

enum dop { D_ADD, D_MUL, D_DIV, D_SQRT };

OPAQUE static vccd_di
di_op(enum dop op, vccd_di a, vccd_di b)
{
    switch (op) {
    case D_ADD: return vccd_di_add(a, b);
    case D_MUL: return vccd_di_mul(a, b);
    case D_DIV: return vccd_di_div(a, b);
    default: return vccd_di_sqrt(a);
    }
}

static long
containment_in_mode(size_t mi, long n)
{
    static const char *const names[] = { "add", "mul", "div", "sqrt" };
    MPFR_DECL_INIT(fx, 53);
    MPFR_DECL_INIT(fy, 53);
    MPFR_DECL_INIT(vd, 256);
    MPFR_DECL_INIT(vu, 256);
    long i, checks = 0;
    int op;

    for (i = 0; i < n; i++) {
        for (op = D_ADD; op <= D_SQRT; op++) {
            vccd_di a = tu_di(0), b = tu_di(0), r;
            double x, y;

            if (op == D_SQRT) {
                a = vccd_di_intersect(a, vccd_di_set_2d(0.0, INFINITY));
                if (vccd_di_is_empty(a))
                    a = vccd_di_set_2d(0.0, fabs(tu_double()));
            }
            x = tu_point_in(a);
            y = op == D_DIV ? tu_nonzero_point_in(b) : tu_point_in(b);
            if (op == D_DIV && y == 0.0)
                continue;           /* b = [0, 0]: no quotient exists */

            set_mode(modes[mi]);
            r = di_op((enum dop)op, a, b);
            set_mode(FE_TONEAREST);

            mpfr_set_d(fx, x, MPFR_RNDN);
            mpfr_set_d(fy, y, MPFR_RNDN);
            switch (op) {
            case D_ADD: mpfr_add(vd, fx, fy, MPFR_RNDD); mpfr_add(vu, fx, fy, MPFR_RNDU); break;
            case D_MUL: mpfr_mul(vd, fx, fy, MPFR_RNDD); mpfr_mul(vu, fx, fy, MPFR_RNDU); break;
            case D_DIV: mpfr_div(vd, fx, fy, MPFR_RNDD); mpfr_div(vu, fx, fy, MPFR_RNDU); break;
            default: mpfr_sqrt(vd, fx, MPFR_RNDD); mpfr_sqrt(vu, fx, MPFR_RNDU); break;
            }
            checks++;
            if (!tu_di_encloses(r, vd, vu) || r.lo != r.lo || r.hi != r.hi)
                tu_fail("%s mode, di_%s: a=[%a,%a] b=[%a,%a] x=%a y=%a -> [%a,%a] "
                        "misses the exact result", mode_names[mi], names[op],
                        a.lo, a.hi, b.lo, b.hi, x, y, r.lo, r.hi);
        }
    }
    return checks;
}

START_TEST(test_containment_all_modes)
{
    size_t mi = (size_t)_i;
    long checks;

    tu_init();
    checks = containment_in_mode(mi, tu_iters(100000));
    if (fegetround() != FE_TONEAREST)
        tu_fail("rounding mode not restored");
    printf("t-fpenv: %s: %ld containment checks\n", mode_names[mi], checks);
}
END_TEST

/* --- (d') sums of products rounded once, in every mode ---------------- */

/* fdot and its variants sum in plain doubles in whatever mode is current
   and bound the error of all of it at once; that bound must hold in
   every mode.  The exact c + sum x_i y_i at points of the operands:
   products of doubles lie in [2^-2148, 2^2048] in magnitude, so sums of
   seven of them are exact at this precision (checked). */
#define FD_MAX 6
#define FD_SUM_PREC 4400

OPAQUE static vccd_di
di_fdot(vccd_di c, const vccd_di *a, const vccd_di *b, int n)
{
    return vccd_di_fdot(c, a, 1, b, 1, n);
}

OPAQUE static vccd_di
di_fdot_d(vccd_di c, const vccd_di *a, const double *d, int n)
{
    return vccd_di_fdot_d(c, a, 1, d, n);
}

OPAQUE static vccd_di
di_fadd_mul2(vccd_di c, const vccd_di *a, const vccd_di *b)
{
    return vccd_di_fadd_mul2(c, a[0], b[0], a[1], b[1]);
}

/* +-(1 + u) 2^e, e uniform in [e0 - s, e0 + s] */
static double
around(int e0, int s)
{
    double x = ldexp(1.0 + tu_unit(), e0 - s + (int)(tu_ulong() % (unsigned long)(2 * s + 1)));
    return (tu_ulong() & 1) ? -x : x;
}

/* Operands for fdot: random intervals (tu_di), products that cancel to
   their rounding errors (x y - x y' pairs, c = -RN(x y)) where an
   unsound error bound shows at once, or tiny factors whose products
   underflow (the absolute part of the bound). */
static void
fd_operands(vccd_di *c, vccd_di *a, vccd_di *b, int n)
{
    int i, kind = (int)(tu_ulong() % 4);

    for (i = 0; i < n; i++) {
        if (kind <= 1) {
            a[i] = tu_di(0);
            b[i] = tu_di(0);
        } else if (kind == 2 && i % 2 == 1) {
            double y = b[i - 1].lo;
            y = (tu_ulong() & 1) ? vccd_fp_next_up(y) : y;
            a[i] = vccd_di_neg(a[i - 1]);
            b[i] = vccd_di_set_d(y);
        } else if (kind == 2) {
            double x = around(0, 300);
            a[i] = (tu_ulong() & 3) ? vccd_di_set_d(x) : vccd_di_set_2d(x, vccd_fp_next_up(x));
            b[i] = vccd_di_set_d(around(0, 300));
        } else {
            a[i] = vccd_di_set_d(around(-540, 20));
            b[i] = vccd_di_set_d(around(-540, 20));
        }
    }
    if (kind <= 1)
        *c = tu_di(0);
    else if (kind == 2)
        *c = vccd_di_set_d(-(a[n - 1].lo * b[n - 1].lo));
    else
        *c = vccd_di_set_d((tu_ulong() & 1) ? 0.0 : 0x1p-1074 * (double)(tu_ulong() % 16));
}

/* vd := RD(c + sum x_i y_i), vu := RU(it), exact here. */
static void
exact_dot(mpfr_t vd, mpfr_t vu, double c, const double *x, const double *y, int n)
{
    MPFR_DECL_INIT(p, 128);
    int i, inexact = 0;

    mpfr_set_d(vd, c, MPFR_RNDD);
    mpfr_set_d(vu, c, MPFR_RNDU);
    for (i = 0; i < n; i++) {
        inexact |= mpfr_set_d(p, x[i], MPFR_RNDN);
        inexact |= mpfr_mul_d(p, p, y[i], MPFR_RNDN);   /* 106 bits */
        inexact |= mpfr_add(vd, vd, p, MPFR_RNDD);
        inexact |= mpfr_add(vu, vu, p, MPFR_RNDU);
    }
    if (inexact)
        tu_fail("exact_dot: the reference is not exact at %d bits", FD_SUM_PREC);
}

/* The operands in hex, for failure messages. */
static const char *
fd_fmt(vccd_di c, const vccd_di *a, const vccd_di *b, const double *x, const double *y,
       const double *d, int n)
{
    static char buf[4096];
    int m, i;

    m = snprintf(buf, sizeof buf, "n=%d c=[%a,%a] at %a", n, c.lo, c.hi, x[FD_MAX]);
    for (i = 0; i < n; i++)
        m += snprintf(buf + m, sizeof buf - (size_t)m, " a%d=[%a,%a] at %a b%d=[%a,%a] at %a d%d=%a",
                      i, a[i].lo, a[i].hi, x[i], i, b[i].lo, b[i].hi, y[i], i, d[i]);
    return buf;
}

static long
fdot_in_mode(size_t mi, long n_iter)
{
    MPFR_DECL_INIT(vd, FD_SUM_PREC);
    MPFR_DECL_INIT(vu, FD_SUM_PREC);
    vccd_di c, a[FD_MAX], b[FD_MAX], r, rd, r2;
    double x[FD_MAX + 1], y[FD_MAX], d[FD_MAX];     /* x[FD_MAX]: the point of c */
    long it, checks = 0;
    int i, n, nan_d;

    for (it = 0; it < n_iter; it++) {
        n = 1 + (int)(tu_ulong() % FD_MAX);
        fd_operands(&c, a, b, n);
        x[FD_MAX] = tu_point_in(c);
        nan_d = 0;
        for (i = 0; i < n; i++) {
            x[i] = tu_point_in(a[i]);
            y[i] = tu_point_in(b[i]);
            /* fdot_d's d: the point of b, or a zero of either sign, or NaN */
            switch (tu_ulong() % 32) {
            case 0: d[i] = 0.0; break;
            case 1: d[i] = -0.0; break;
            case 2: d[i] = NAN; nan_d = 1; break;
            default: d[i] = y[i]; break;
            }
        }

        set_mode(modes[mi]);
        r = di_fdot(c, a, b, n);
        rd = di_fdot_d(c, a, d, n);
        r2 = n == 2 ? di_fadd_mul2(c, a, b) : r;
        set_mode(FE_TONEAREST);

        exact_dot(vd, vu, x[FD_MAX], x, y, n);
        checks += n == 2 ? 2 : 1;
        if (!tu_di_encloses(r, vd, vu) || r.lo != r.lo || r.hi != r.hi)
            tu_fail("%s mode, di_fdot: %s -> [%a,%a] misses the exact result", mode_names[mi],
                    fd_fmt(c, a, b, x, y, d, n), r.lo, r.hi);
        if (!tu_di_encloses(r2, vd, vu) || r2.lo != r2.lo || r2.hi != r2.hi)
            tu_fail("%s mode, di_fadd_mul2: %s -> [%a,%a] misses the exact result", mode_names[mi],
                    fd_fmt(c, a, b, x, y, d, n), r2.lo, r2.hi);
        checks++;
        if (nan_d) {
            if (!vccd_di_is_entire(rd))
                tu_fail("%s mode, di_fdot_d: %s -> [%a,%a], want the whole line for a NaN d",
                        mode_names[mi], fd_fmt(c, a, b, x, y, d, n), rd.lo, rd.hi);
            continue;
        }
        exact_dot(vd, vu, x[FD_MAX], x, d, n);
        if (!tu_di_encloses(rd, vd, vu) || rd.lo != rd.lo || rd.hi != rd.hi)
            tu_fail("%s mode, di_fdot_d: %s -> [%a,%a] misses the exact result", mode_names[mi],
                    fd_fmt(c, a, b, x, y, d, n), rd.lo, rd.hi);
    }
    return checks;
}

START_TEST(test_fdot_all_modes)
{
    size_t mi = (size_t)_i;
    long checks;

    tu_init();
    checks = fdot_in_mode(mi, tu_iters(100000));
    if (fegetround() != FE_TONEAREST)
        tu_fail("rounding mode not restored");
    printf("t-fpenv: fdot %s: %ld containment checks\n", mode_names[mi], checks);
}
END_TEST

/* --- (d'') the sums that lose the most, in every mode ----------------- */

/* The random operands above seldom make every rounding of a sum go the
   same way, so they show containment, not how close to the bound the
   worst sum comes.  Here c = +-2^k and every term lies just below
   ulp(c) (or half of it, or far below it), so that each of the n
   additions rounds by nearly a whole ulp (half in round to nearest) the
   same way: the sum is off by about n u M, against the bound's
   (n + 2) u M (1 + 2^-40).  Terms against c's sign take the sum into
   the binade below, where the ulp is half.  The test fails unless every
   enclosure holds, and also unless the family really reaches about
   n u M (in round to nearest n u M / 2) for every n, so that the margin
   it prints is the margin of a worst case. */
enum wc_class { WC_UNDER_ULP, WC_UNDER_HALF, WC_OVER_HALF, WC_TINY, WC_NCLASS };
enum wc_kernel { WC_FDOT, WC_FDOT_D, WC_FADD2_MUL2, WC_SQR, WC_NKERNEL };
static const char *const wc_kernel_names[] = { "fdot", "fdot_d", "fadd2_mul2", "acc_sqr" };
static const int wc_ns[] = { 1, 2, 3, 4, 5, 6, 8, 12, 16, 32, 64, 128, 256, 512, 1024, 1999 };
#define WC_NN ((int)(sizeof wc_ns / sizeof wc_ns[0]))
#define WC_NMAX 1999

static double
wc_size(int k, int cls, int against)
{
    double ulp = ldexp(1.0, k - 52 - against), d = 0x1p-20 * (1.0 + tu_unit());
    switch (cls) {
    case WC_UNDER_ULP: return ulp * (1.0 - d);
    case WC_UNDER_HALF: return ulp * 0.5 * (1.0 - d);
    case WC_OVER_HALF: return ulp * 0.5 * (1.0 + d);
    default: return ulp * 0x1p-100 * (1.0 + tu_unit());
    }
}

OPAQUE static vccd_di
wc_eval(int kern, vccd_di c, const vccd_di *a, const vccd_di *b, const double *y, int n)
{
    vccd_di_acc s;
    int i;

    switch (kern) {
    case WC_FDOT: return vccd_di_fdot(c, a, 1, b, 1, n);
    case WC_FDOT_D: return vccd_di_fdot_d(c, a, 1, y, n);
    case WC_FADD2_MUL2: return vccd_di_fadd2_mul2(c, a[0], a[1], b[1], a[2], b[2]);  /* b[0] = 1 */
    default:
        vccd_di_acc_init(&s, c);
        for (i = 0; i < n; i++)
            vccd_di_acc_sqr(&s, a[i]);
        return vccd_di_acc_end(&s, n);
    }
}

/* The plain sum in the current mode, as the kernels sum each end */
OPAQUE static double
wc_plain(double c, const double *x, const double *y, int n)
{
    double s = c;
    int i;
    for (i = 0; i < n; i++)
        s += x[i] * y[i];
    return s;
}

/* (a - b) / unit, as a double */
static double
wc_in_units(const mpfr_t a, const mpfr_t b, const mpfr_t unit)
{
    MPFR_DECL_INIT(t, FD_SUM_PREC);
    mpfr_sub(t, a, b, MPFR_RNDN);
    mpfr_div(t, t, unit, MPFR_RNDN);
    return mpfr_get_d(t, MPFR_RNDN);
}

START_TEST(test_fdot_worst_sums)
{
    static vccd_di a[WC_NMAX], b[WC_NMAX];
    static double x[WC_NMAX], y[WC_NMAX];
    size_t mi = (size_t)_i;
    double q = modes[mi] == FE_TONEAREST ? 0.5 : 1.0;
    double min_margin = INFINITY, min_loss_ratio = INFINITY;
    int min_margin_n = 0, min_loss_n = 0;
    long checks = 0;
    int ni;
    MPFR_DECL_INIT(ex, FD_SUM_PREC);
    MPFR_DECL_INIT(ex_up, FD_SUM_PREC);         /* the same: exact_dot is exact here */
    MPFR_DECL_INIT(mag, FD_SUM_PREC);
    MPFR_DECL_INIT(unit, FD_SUM_PREC);
    MPFR_DECL_INIT(p, 128);
    MPFR_DECL_INIT(fr, 53);

    tu_init();
    for (ni = 0; ni < WC_NN; ni++) {
        int n = wc_ns[ni], neg, against, cls, kern, rep;
        double max_loss = 0.0;

        for (neg = 0; neg < 2; neg++)
        for (against = 0; against < 2; against++)
        for (cls = 0; cls < WC_NCLASS; cls++)
        for (kern = 0; kern < WC_NKERNEL; kern++)
        for (rep = 0; rep < 2; rep++) {
            /* rep 1 puts the terms' ulps near the bottom of the normal
               range, where some products are subnormal or 0 and the
               absolute part of the bound is what holds */
            int k = rep == 0 ? -900 + (int)(tu_ulong() % 1801) : -990 + (int)(tu_ulong() % 40);
            double sc = neg ? -1.0 : 1.0, st = (neg != against) ? -1.0 : 1.0, s;
            vccd_di c, r;
            int i, m = kern == WC_FADD2_MUL2 ? 3 : n;

            if (kern == WC_FADD2_MUL2 && n != 3)
                continue;
            if (kern == WC_SQR && st < 0.0)
                continue;                       /* squares have one sign */
            c = vccd_di_set_d(sc * ldexp(1.0, k));
            for (i = 0; i < m; i++) {
                double t = wc_size(k, cls, against);
                if (kern == WC_SQR) {
                    x[i] = y[i] = sqrt(t);
                } else if (kern == WC_FADD2_MUL2 && i == 0) {
                    x[i] = st * t;              /* fadd2_mul2's y: a product with 1 */
                    y[i] = 1.0;
                } else {
                    x[i] = 1.0 + tu_unit();
                    y[i] = st * (t / x[i]);     /* an inexact product near t */
                }
                a[i] = vccd_di_set_d(x[i]);
                b[i] = vccd_di_set_d(y[i]);
            }

            set_mode(modes[mi]);
            r = wc_eval(kern, c, a, b, y, m);
            s = wc_plain(c.lo, x, y, m);
            set_mode(FE_TONEAREST);

            exact_dot(ex, ex_up, c.lo, x, y, m);
            mpfr_set_d(mag, fabs(c.lo), MPFR_RNDN);
            for (i = 0; i < m; i++) {
                mpfr_set_d(p, x[i], MPFR_RNDN);
                mpfr_mul_d(p, p, y[i], MPFR_RNDN);
                mpfr_abs(p, p, MPFR_RNDN);
                mpfr_add(mag, mag, p, MPFR_RNDN);
            }
            mpfr_mul_2si(unit, mag, -52, MPFR_RNDN);     /* u M, exactly */

            checks++;
            if (!tu_di_encloses(r, ex, ex_up) || r.lo != r.lo || r.hi != r.hi)
                tu_fail("%s mode, %s worst sum n=%d: c=%a, terms like %a * %a -> [%a,%a] "
                        "misses the exact %s", mode_names[mi], wc_kernel_names[kern], m, c.lo,
                        x[m - 1], y[m - 1], r.lo, r.hi, mpfr_get_str(NULL, NULL, 16, 30, ex, MPFR_RNDN));
            if (rep == 0) {
                double lo_margin, hi_margin, loss;
                mpfr_set_d(fr, r.lo, MPFR_RNDN);
                lo_margin = wc_in_units(ex, fr, unit);
                mpfr_set_d(fr, r.hi, MPFR_RNDN);
                hi_margin = wc_in_units(fr, ex, unit);
                mpfr_set_d(fr, s, MPFR_RNDN);
                loss = fabs(wc_in_units(fr, ex, unit));
                max_loss = loss > max_loss ? loss : max_loss;
                if (lo_margin < min_margin || hi_margin < min_margin) {
                    min_margin = lo_margin < hi_margin ? lo_margin : hi_margin;
                    min_margin_n = m;
                }
            }
        }
        /* the family must reach the worst case, or its margins say little */
        if (!(max_loss >= 0.9 * q * n))
            tu_fail("%s mode, n=%d: the worst sums lose only %g u M, want about %g",
                    mode_names[mi], n, max_loss, q * n);
        if (max_loss / n < min_loss_ratio) {
            min_loss_ratio = max_loss / n;
            min_loss_n = n;
        }
    }
    /* and the bound stays close to it: two u M of slack, the rounding of
       the last product and of M aside (see ivd_ops.h's proof) */
    if (!(min_margin <= 3.0))
        tu_fail("%s mode: the worst sums stay %g u M inside the bound, want at most 3",
                mode_names[mi], min_margin);
    if (fegetround() != FE_TONEAREST)
        tu_fail("rounding mode not restored");
    printf("t-fpenv: worst sums %s: %ld checks; each n reaches at least %.3f n u M of error "
           "(n=%d); the nearest end is %.4f u M outside the exact sum (n=%d)\n",
           mode_names[mi], checks, min_loss_ratio, min_loss_n, min_margin, min_margin_n);
}
END_TEST

/* The error bound is proved for n below 2000 (ivd_ops.h); a longer sum
   must come back unbounded, not falsely tight. */
START_TEST(test_fdot_too_long)
{
    static vccd_di a[2000], b[2000];
    vccd_di r;
    int i;

    tu_init();
    for (i = 0; i < 2000; i++) {
        a[i] = vccd_di_set_d(1.0 + 0x1p-30 * i);
        b[i] = vccd_di_set_d(3.0);
    }
    r = vccd_di_fdot(vccd_di_set_d(0.0), a, 1, b, 1, 1999);
    if (!vccd_di_is_bounded(r))
        tu_fail("fdot of 1999 terms is unbounded: [%a,%a]", r.lo, r.hi);
    r = vccd_di_fdot(vccd_di_set_d(0.0), a, 1, b, 1, 2000);
    if (vccd_di_is_bounded(r))
        tu_fail("fdot of 2000 terms is [%a,%a], want unbounded", r.lo, r.hi);
}
END_TEST

/* --- (e) common subexpressions across fesetround ---------------------- */

static volatile double v_one = 1.0, v_tiny = 0x1p-60;

/* Non-volatile operands: gcc does not know fesetround changes what a+b
   means and may reuse the first sum. */
OPAQUE static void
cse_demo(double a, double b, double *before, double *after)
{
    *before = a + b;
    fesetround(FE_UPWARD);
    *after = a + b;
    fesetround(FE_TONEAREST);
}

OPAQUE static void
cse_di(vccd_di a, vccd_di b, vccd_di *before, vccd_di *after)
{
    *before = vccd_di_add(a, b);
    fesetround(FE_UPWARD);
    *after = vccd_di_add(a, b);
    fesetround(FE_TONEAREST);
}

START_TEST(test_cse_across_fesetround)
{
    double a = v_one, b = v_tiny, s0, s1;
    vccd_di r0, r1;
    MPFR_DECL_INIT(ex, 256);

    tu_init();
    mpfr_set_d(ex, a, MPFR_RNDN);
    mpfr_add_d(ex, ex, b, MPFR_RNDN);           /* exact: 61 bits */

    cse_demo(a, b, &s0, &s1);
    printf("t-fpenv note: a+b before/after fesetround(FE_UPWARD) = %a / %a "
           "(%s)\n", s0, s1, s0 == s1 ? "gcc reused the round-to-nearest sum"
                                      : "recomputed upward");
    /* Each is some rounding of the exact sum; nothing else is claimed. */
    if (!(mpfr_cmp_d(ex, vccd_fp_next_down(s0)) > 0 && mpfr_cmp_d(ex, vccd_fp_next_up(s0)) < 0)
        || !(mpfr_cmp_d(ex, vccd_fp_next_down(s1)) > 0 && mpfr_cmp_d(ex, vccd_fp_next_up(s1)) < 0))
        tu_fail("a+b is more than one ulp off: %a %a", s0, s1);

    cse_di(vccd_di_set_d(a), vccd_di_set_d(b), &r0, &r1);
    if (fegetround() != FE_TONEAREST)
        tu_fail("rounding mode not restored");
    /* Whether or not the second sum was reused, both must enclose. */
    if (!tu_di_encloses(r0, ex, ex) || !tu_di_encloses(r1, ex, ex))
        tu_fail("vccd_di_add misses 1 + 2^-60: [%a,%a] / [%a,%a]", r0.lo, r0.hi, r1.lo, r1.hi);
}
END_TEST

static Suite *
make_suite(void)
{
    Suite *s = suite_create("fpenv");
    TCase *tc = tu_tcase(s, "environment");
    TCase *tm = tu_tcase(s, "rounding_modes");

    tcase_add_test(tc, test_fpenv_check);
    tcase_add_test(tc, test_subnormals);
    tcase_add_test(tc, test_no_contraction);
    tcase_add_test(tm, test_negation_trick);
    tcase_add_loop_test(tm, test_containment_all_modes, 0, (int)NMODES);
    tcase_add_loop_test(tm, test_fdot_all_modes, 0, (int)NMODES);
    tcase_add_loop_test(tm, test_fdot_worst_sums, 0, (int)NMODES);
    tcase_add_test(tm, test_fdot_too_long);
    tcase_add_test(tm, test_cse_across_fesetround);
    return s;
}

TU_MAIN_SUITE(make_suite)
