/* fpenv.c -- run-time check of the floating-point environment. */
#include "vccd/fpenv.h"

/* volatile keeps gcc from folding the probes at compile time, which would
   test the compiler's arithmetic instead of the processor's. */
static volatile double tiny = 0x1p-1022;
static volatile double sub = 0x1p-1070;
static volatile double big = 0x1p+60;
static volatile double third = 1.0 / 3.0;

int
vccd_fpenv_check(void)
{
    int mask = 0;
    double a = tiny, s = sub, b = big, x = third, p;

    if (a * 0.5 == 0.0)
        mask |= VCCD_FPENV_FTZ;
    if (s * b == 0.0)
        mask |= VCCD_FPENV_DAZ;
    /* Built with -ffp-contract=off, x*x - p is the rounding error of p
       only if the multiply and subtract were fused; unfused it is 0. */
    p = x * x;
    if (x * x - p != 0.0)
        mask |= VCCD_FPENV_CONTRACT;
    return mask;
}

const char *
vccd_fpenv_describe(int mask)
{
    if (mask & VCCD_FPENV_FTZ)
        return "subnormal results are flushed to zero (FTZ); outward rounding is unsound";
    if (mask & VCCD_FPENV_DAZ)
        return "subnormal operands are read as zero (DAZ); outward rounding is unsound";
    if (mask & VCCD_FPENV_CONTRACT)
        return "multiply-add is contracted to FMA; build lib/ with -ffp-contract=off";
    return "floating-point environment is sound";
}
