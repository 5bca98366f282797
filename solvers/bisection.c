/* bisection.c -- interval bisection (thesis 5.1.2): no contraction at
   all; the search driver (lib/solve/solve.c) halves every box it cannot
   exclude.  The thesis' midpoint could land on an end point in floating
   point and never converge; the driver's bisection picks a double strictly
   inside or stops at the resolution of time instead. */
#include "vccd/solver.h"

static int
bisection_contract(vccd_box *out, vccd_feature *f, const vccd_box *x, vccd_di s0)
{
    (void)f;
    (void)s0;
    out[0] = *x;
    return 1;
}

const vccd_solver_type vccd_solver_bisection = {
    .name = "bisection",
    .summary = "interval bisection (Buddingh' 2014, 5.1.2)",
    .contract = bisection_contract,
};
