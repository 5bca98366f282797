/* clock.c -- the wall clock (clock.h). */
#include <time.h>

#include "clock.h"

double
vccd_clock_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
