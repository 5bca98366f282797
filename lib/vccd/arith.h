/* arith.h -- the arithmetic a query runs in, named as in configs and on
   the command line: "binary64" (rigorous, outward-rounded doubles),
   "mpfr:PREC" (rigorous MPFR intervals at PREC bits), "adaptive" (binary64,
   re-run in MPFR at 127, 256, 512 ... bits while the answer stays
   "possible") and "unrounded" (plain doubles without outward rounding:
   NON-RIGOROUS, for comparison experiments only). */
#ifndef VCCD_ARITH_H
#define VCCD_ARITH_H

#include <mpfr.h>

#include "vccd/export.h"

VCCD_BEGIN_DECLS

typedef enum {
    VCCD_ARITH_BINARY64 = 0,
    VCCD_ARITH_MPFR,
    VCCD_ARITH_ADAPTIVE,
    VCCD_ARITH_UNROUNDED
} vccd_arith_kind;

typedef struct {
    vccd_arith_kind kind;
    mpfr_prec_t prec;           /* MPFR: working precision */
} vccd_arith;

/* Smallest and largest MPFR working precision accepted by name. */
#define VCCD_ARITH_PREC_MIN 2
#define VCCD_ARITH_PREC_MAX 65536

/* Parse a name as above into a; 0 on success, -1 if unknown (including a
   PREC outside VCCD_ARITH_PREC_MIN .. VCCD_ARITH_PREC_MAX). */
int vccd_arith_parse(vccd_arith *a, const char *name);
/* The canonical name of a ("mpfr:113"), into buf of size n. */
const char *vccd_arith_name(char *buf, int n, const vccd_arith *a);
/* Is a rigorous (everything but unrounded)? */
int vccd_arith_is_rigorous(const vccd_arith *a);

VCCD_END_DECLS

#endif
