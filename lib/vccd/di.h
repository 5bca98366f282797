/* di.h -- rigorous binary64 intervals: {lo, hi} by value, outward rounded.

   Every operation returns an interval containing the exact real result for
   every choice of real points in its operands.  Outward rounding is done
   without touching the rounding mode: each endpoint is computed in the
   current mode and widened outward by vccd_fp_widen_up/down (one to two
   ulps in round to nearest, a few more in directed modes), which is sound because every IEEE basic operation (+ - * / sqrt)
   is within one ulp of the exact value in any rounding mode and the
   widening is never less than that ulp (fp.h).  It is branch-free
   floating-point arithmetic that -ffp-contract=off keeps as written;
   doc/arithmetic.md gives the measurements that chose it over the exact
   bit step and over switching the rounding mode.

   Preconditions: FLT_EVAL_METHOD == 0 (checked at compile time) and no
   flush-to-zero/denormals-are-zero (checked by vccd_fpenv_check and by the
   test suite).  See ivd_ops.h for the empty/NaN/infinity conventions. */
#ifndef VCCD_DI_H
#define VCCD_DI_H

#include "vccd/fp.h"

#include "vccd/export.h"

VCCD_BEGIN_DECLS

/* The outward step of every rounded endpoint: a double >= (<=) each
   real that rounds to x in any rounding mode (fp.h). */
static inline double vccd_di_round_up(double x) { return vccd_fp_widen_up(x); }
static inline double vccd_di_round_down(double x) { return vccd_fp_widen_down(x); }

#define IVD_T vccd_di
#define IVD_DN(x) vccd_di_round_down(x)
#define IVD_UP(x) vccd_di_round_up(x)
#define IVD_DOT_ROUNDED 1
#include "vccd/ivd_ops.h"
#undef IVD_DOT_ROUNDED
#undef IVD_T
#undef IVD_DN
#undef IVD_UP

/* [lo, hi] with lo <= q <= hi for a rational num/den (den != 0), and for
   a decimal string such as "0.1" or "-1.5e-3"; exact when representable.
   set_str returns 0 on success and -1 when s is not a number (then *r is
   left unchanged). */
vccd_di vccd_di_set_si_frac(long num, long den);
int vccd_di_set_str(vccd_di *r, const char *s);

VCCD_END_DECLS

#endif
