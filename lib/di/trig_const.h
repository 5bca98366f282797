/* trig_const.h -- the constants of the binary64 sin/cos kernel, in one
   place so that tests/di/t-trig.c checks the very values the kernel uses
   (against MPFR at 512 bits). */
#ifndef VCCD_DI_TRIG_CONST_H
#define VCCD_DI_TRIG_CONST_H

#define P1 0x1.921fb544p+0                 /* 33 bits of pi/2 */
#define P2 0x1.0b4611a6p-34                /* next 32 bits */
#define P3T_LO 0x1.3198a2e037073p-69       /* pi/2 - P1 - P2 lies in */
#define P3T_HI 0x1.3198a2e037074p-69       /* [P3T_LO, P3T_HI] */
#define TWO_OVER_PI_LO 0x1.45f306dc9c882p-1
#define TWO_OVER_PI_HI 0x1.45f306dc9c883p-1
/* |x| below this keeps |k| <= 2^20 so that k*P1 and k*P2 stay exact. */
#define REDUCE_LIMIT 1.5e6

#endif
