/* trig.c -- NON-RIGOROUS sin/cos of unrounded binary64 intervals: the
   rigorous algorithm (di/ivd_trig.h) with rounding steps removed. */
#include "vccd/di.h"
#include "vccd/ui.h"
#include "vccd/mi.h"

/* Arguments beyond the reduction range borrow the rigorous MPFR path;
   the unrounded mode has no cheaper honest answer there. */
static void
vccd_ui_sin_cos_huge(vccd_ui *s, vccd_ui *c, vccd_ui a)
{
    vccd_di ds, dc;
    vccd_di_sin_cos_mpfr(&ds, &dc, vccd_di_set_2d(a.lo, a.hi));
    s->lo = ds.lo; s->hi = ds.hi;
    c->lo = dc.lo; c->hi = dc.hi;
}

#define IVD_T vccd_ui
#define IVD_DN(x) (x)
#define IVD_UP(x) (x)
#define IVD_HUGE(s, c, a) vccd_ui_sin_cos_huge(s, c, a)
#include "di/ivd_trig.h"
