/* fpenv.h -- checks of the floating-point environment the binary64
   backends rely on.  FLT_EVAL_METHOD is checked at compile time (fp.h);
   these are the run-time conditions. */
#ifndef VCCD_FPENV_H
#define VCCD_FPENV_H

#include "vccd/export.h"

VCCD_BEGIN_DECLS

enum {
    VCCD_FPENV_FTZ = 1,         /* subnormal results flushed to zero */
    VCCD_FPENV_DAZ = 2,         /* subnormal operands read as zero */
    VCCD_FPENV_CONTRACT = 4     /* a*b+c fused in library code */
};

/* 0 when the environment is sound for vccd_di, otherwise a mask of the
   VCCD_FPENV_ flags that failed.  The rounding mode is deliberately not
   checked: outward stepping is correct in any mode (see di.h). */
int vccd_fpenv_check(void);

/* A one-line description of the failures in mask, for error messages. */
const char *vccd_fpenv_describe(int mask);

VCCD_END_DECLS

#endif
