/* trig.c -- rigorous sin/cos of binary64 intervals (see ivd_trig.h). */
#include "vccd/di.h"
#include "vccd/mi.h"

#define IVD_T vccd_di
#define IVD_DN(x) vccd_fp_next_down(x)
#define IVD_UP(x) vccd_fp_next_up(x)
#define IVD_HUGE(s, c, a) vccd_di_sin_cos_mpfr(s, c, a)
#include "di/ivd_trig.h"
