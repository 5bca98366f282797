/* bench_rounding.c -- the measurement behind the choice of outward
   rounding in vccd_di (doc/arithmetic.md): four ways to get the bounds
   of interval + and *.
   - widen: round in the current mode, then widen by 2^-52 (1 + 2^-50)
     |c| + 2^-1074 (fp.h: vccd_fp_widen_up; what vccd_di does), sound in
     every rounding mode, the infinite and DBL_MAX ends behind one branch
     that finite bounds never take;
   - widen by selects: the same widening with the special ends handled
     by three selects on every bound, no branch (what vccd_di did before:
     the same bits);
   - bitstep: round, then step the bit pattern one ulp outward
     (vccd_fp_next_up; what vccd_di did before);
   - rump: round to nearest, then widen by half as much (Rump, Zimmermann,
     Boldo, Melquiond, BIT 2009), valid only in round-to-nearest;
   - fesetround: switch the rounding mode down and up around each bound. */
#include <fenv.h>
#include <math.h>

#include "bench.h"
#include "vccd.h"

#define RUMP_PHI (0x1p-53 * (1.0 + 0x1p-52))
#define RUMP_ETA 0x1p-1074
static inline double rump_dn(double c) { return c - (RUMP_PHI * fabs(c) + RUMP_ETA); }
static inline double rump_up(double c) { return c + (RUMP_PHI * fabs(c) + RUMP_ETA); }

#define IVD_T bench_rump
#define IVD_DN(x) rump_dn(x)
#define IVD_UP(x) rump_up(x)
#define IVD_DOT_ROUNDED 1
#include "vccd/ivd_ops.h"
#undef IVD_T
#undef IVD_DN
#undef IVD_UP
#undef IVD_DOT_ROUNDED

#define IVD_T bench_bit
#define IVD_DN(x) vccd_fp_next_down(x)
#define IVD_UP(x) vccd_fp_next_up(x)
#define IVD_DOT_ROUNDED 1
#include "vccd/ivd_ops.h"
#undef IVD_T
#undef IVD_DN
#undef IVD_UP
#undef IVD_DOT_ROUNDED

/* fp.h's widening as it was before its branch: every bound through the
   three selects */
static inline double
sel_up(double x)
{
    double e = VCCD_FP_WIDEN_PHI * fabs(x) + 0x1p-1074, r;
    e = e < DBL_MAX ? e : DBL_MAX;
    r = x + e;
    r = x == DBL_MAX ? INFINITY : r;
    return r < -DBL_MAX ? -DBL_MAX : r;
}
static inline double sel_dn(double x) { return -sel_up(-x); }

#define IVD_T bench_sel
#define IVD_DN(x) sel_dn(x)
#define IVD_UP(x) sel_up(x)
#define IVD_DOT_ROUNDED 1
#include "vccd/ivd_ops.h"
#undef IVD_T
#undef IVD_DN
#undef IVD_UP
#undef IVD_DOT_ROUNDED

#define N 1024
#define IDX(i, k) (((i) + (k)) & (N - 1))
static vccd_di xa[N], xb[N], xr[N];
static bench_rump ra[N], rb[N], rr[N];
static bench_bit ba[N], bb[N], br[N];
static bench_sel sa[N], sb[N], sr[N];
static volatile double sink;

static void di_add(void *p, long reps) { (void)p; for (long k = 0; k < reps; k++) for (int i = 0; i < N; i++) xr[i] = vccd_di_add(xa[i], xb[IDX(i, k)]); }
static void di_mul(void *p, long reps) { (void)p; for (long k = 0; k < reps; k++) for (int i = 0; i < N; i++) xr[i] = vccd_di_mul(xa[i], xb[IDX(i, k)]); }
static void bit_add(void *p, long reps) { (void)p; for (long k = 0; k < reps; k++) for (int i = 0; i < N; i++) br[i] = bench_bit_add(ba[i], bb[IDX(i, k)]); }
static void bit_mul(void *p, long reps) { (void)p; for (long k = 0; k < reps; k++) for (int i = 0; i < N; i++) br[i] = bench_bit_mul(ba[i], bb[IDX(i, k)]); }
static void sel_add(void *p, long reps) { (void)p; for (long k = 0; k < reps; k++) for (int i = 0; i < N; i++) sr[i] = bench_sel_add(sa[i], sb[IDX(i, k)]); }
static void sel_mul(void *p, long reps) { (void)p; for (long k = 0; k < reps; k++) for (int i = 0; i < N; i++) sr[i] = bench_sel_mul(sa[i], sb[IDX(i, k)]); }
static void rump_add(void *p, long reps) { (void)p; for (long k = 0; k < reps; k++) for (int i = 0; i < N; i++) rr[i] = bench_rump_add(ra[i], rb[IDX(i, k)]); }
static void rump_mul(void *p, long reps) { (void)p; for (long k = 0; k < reps; k++) for (int i = 0; i < N; i++) rr[i] = bench_rump_mul(ra[i], rb[IDX(i, k)]); }

/* c + a1 b1 + a2 b2, the sum kin_comb2 makes of every coordinate of a
   rigid point: one widening per operation, and rounded once (fdot). */
static void
sum_per_op(void *p, long reps)
{
    (void)p;
    for (long k = 0; k < reps; k++)
        for (int i = 0; i < N; i++) {
            vccd_di a = xa[i], b = xb[IDX(i, k)], c = xb[IDX(i, k + 1)], d = xa[IDX(i, k + 2)];
            xr[i] = vccd_di_add(xr[i], vccd_di_add(vccd_di_mul(a, b), vccd_di_mul(c, d)));
        }
}

static void
sum_fused(void *p, long reps)
{
    (void)p;
    for (long k = 0; k < reps; k++)
        for (int i = 0; i < N; i++) {
            vccd_di a = xa[i], b = xb[IDX(i, k)], c = xb[IDX(i, k + 1)], d = xa[IDX(i, k + 2)];
            xr[i] = vccd_di_fadd_mul2(xr[i], a, b, c, d);
        }
}

/* n . x for a double n and an interval point x (the hull gap's
   projections, a vertex placed by a pose) */
static void
dot_d_per_op(void *p, long reps)
{
    (void)p;
    for (long k = 0; k < reps; k++)
        for (int i = 0; i + 2 < N; i++) {
            double n0 = xb[IDX(i, k)].lo, n1 = -xb[IDX(i, k + 1)].lo, n2 = xb[IDX(i, k + 2)].hi;
            xr[i] = vccd_di_add(vccd_di_add(vccd_di_mul_d(xa[i], n0), vccd_di_mul_d(xa[i + 1], n1)),
                                vccd_di_mul_d(xa[i + 2], n2));
        }
}

static void
dot_d_fused(void *p, long reps)
{
    (void)p;
    for (long k = 0; k < reps; k++)
        for (int i = 0; i + 2 < N; i++) {
            double n[3] = { xb[IDX(i, k)].lo, -xb[IDX(i, k + 1)].lo, xb[IDX(i, k + 2)].hi };
            xr[i] = vccd_di_fdot_d(vccd_di_set_d(0.0), &xa[i], 1, n, 3);
        }
}

/* volatile operands: without -frounding-math gcc may move or merge the
   two evaluations across fesetround, which is the very hazard the
   rounding-mode approach has to fight.  Operands are positive (see the
   fill loop), so lo = al OP bl and hi = ah OP bh for both + and *. */
#define MODE_LOOP(name, OP)                                                 \
    static void name(void *p, long reps)                                    \
    {                                                                       \
        (void)p;                                                            \
        for (long k = 0; k < reps; k++)                                     \
            for (int i = 0; i < N; i++) {                                   \
                volatile double al = xa[i].lo, ah = xa[i].hi;               \
                volatile double bl = xb[IDX(i, k)].lo, bh = xb[IDX(i, k)].hi; \
                fesetround(FE_DOWNWARD);                                    \
                xr[i].lo = al OP bl;                                        \
                fesetround(FE_UPWARD);                                      \
                xr[i].hi = ah OP bh;                                        \
            }                                                               \
        fesetround(FE_TONEAREST);                                           \
    }
MODE_LOOP(mode_add, +)
MODE_LOOP(mode_mul, *)

void
vccd_bench_rounding(const vccd_bench_opts *o)
{
    double b_add, b_mul;
    unsigned long s = 7;

    for (int i = 0; i < N; i++) {
        double x, y;
        s = s * 6364136223846793005UL + 1442695040888963407UL;
        x = 0.5 + (double)(s >> 11) * 0x1p-53;
        s = s * 6364136223846793005UL + 1442695040888963407UL;
        y = 0.5 + (double)(s >> 11) * 0x1p-53;
        xa[i] = vccd_di_set_2d(x, x + 0x1p-30);
        xb[i] = vccd_di_set_2d(y, y + 0x1p-30);
        ra[i].lo = x; ra[i].hi = x + 0x1p-30;
        rb[i].lo = y; rb[i].hi = y + 0x1p-30;
        ba[i].lo = x; ba[i].hi = x + 0x1p-30;
        bb[i].lo = y; bb[i].hi = y + 0x1p-30;
        sa[i].lo = x; sa[i].hi = x + 0x1p-30;
        sb[i].lo = y; sb[i].hi = y + 0x1p-30;
    }
    vccd_bench_header(o, "== outward rounding techniques (interval + and *) ==", "vccd_di ns/op");
    b_add = vccd_bench_ns_per_op(o, di_add, NULL, N);
    b_mul = vccd_bench_ns_per_op(o, di_mul, NULL, N);
    vccd_bench_row(o, "rounding", "widen (vccd_di)", "add", b_add, 0);
    vccd_bench_row(o, "rounding", "widen (vccd_di)", "mul", b_mul, 0);
    vccd_bench_row(o, "rounding", "widen by selects", "add", vccd_bench_ns_per_op(o, sel_add, NULL, N), b_add);
    vccd_bench_row(o, "rounding", "widen by selects", "mul", vccd_bench_ns_per_op(o, sel_mul, NULL, N), b_mul);
    vccd_bench_row(o, "rounding", "bitstep next_up", "add", vccd_bench_ns_per_op(o, bit_add, NULL, N), b_add);
    vccd_bench_row(o, "rounding", "bitstep next_up", "mul", vccd_bench_ns_per_op(o, bit_mul, NULL, N), b_mul);
    vccd_bench_row(o, "rounding", "rump phi-eta", "add", vccd_bench_ns_per_op(o, rump_add, NULL, N), b_add);
    vccd_bench_row(o, "rounding", "rump phi-eta", "mul", vccd_bench_ns_per_op(o, rump_mul, NULL, N), b_mul);
    vccd_bench_row(o, "rounding", "fesetround per op", "add", vccd_bench_ns_per_op(o, mode_add, NULL, N), b_add);
    vccd_bench_row(o, "rounding", "fesetround per op", "mul", vccd_bench_ns_per_op(o, mode_mul, NULL, N), b_mul);
    vccd_bench_header(o, "== sums of products: rounded per operation or once (ivd_ops.h fdot) ==",
                      "per operation ns/sum");
    b_add = vccd_bench_ns_per_op(o, sum_per_op, NULL, N);
    vccd_bench_row(o, "sum-rounding", "per operation", "c+a1b1+a2b2", b_add, 0);
    vccd_bench_row(o, "sum-rounding", "rounded once", "c+a1b1+a2b2", vccd_bench_ns_per_op(o, sum_fused, NULL, N),
                   b_add);
    b_mul = vccd_bench_ns_per_op(o, dot_d_per_op, NULL, N);
    vccd_bench_row(o, "sum-rounding", "per operation", "x.n (n doubles)", b_mul, 0);
    vccd_bench_row(o, "sum-rounding", "rounded once", "x.n (n doubles)", vccd_bench_ns_per_op(o, dot_d_fused, NULL, N),
                   b_mul);
    sink = xr[3].lo + rr[5].hi + br[7].hi + sr[9].lo;
}
