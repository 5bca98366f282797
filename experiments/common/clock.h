/* clock.h -- the wall clock that commands and benches time with. */
#ifndef VCCD_CLOCK_H
#define VCCD_CLOCK_H

/* Monotonic wall clock in seconds (CLOCK_MONOTONIC: never steps back
   when the system time is set, so differences are durations). */
double vccd_clock_now(void);

#endif
