/* time.h -- a time of the answer at the working precision, held by value.

   The search runs on binary64 time (solver.h); when eps_t asks for
   more than binary64 can resolve, the answer's ends are refined on an
   MPFR time axis (lib/solve/refine.c) and come out as P-bit numbers.
   A vccd_time holds one such number in fixed storage, with no
   allocation, so that the answers (vccd_toc, vccd_toc_answer) stay plain
   structs that can be copied, zeroed and handed to Python.

   prec == 0 means "not set": the value is the double beside it (lo or
   hi of the same answer), which is then exact.  Otherwise the value is
   exactly the prec-bit number held, and the double beside it is that
   number rounded outward (lo down, hi up).

   Times are finite and >= 0: the time domain is inside [0, 1]. */
#ifndef VCCD_TIME_H
#define VCCD_TIME_H

#include <stddef.h>

#include <gmp.h>
#include <mpfr.h>

#include "vccd/export.h"

VCCD_BEGIN_DECLS

/* The most bits a time holds.  eps_t is a double, so no eps_t > 0 asks
   for a time finer than 2^-1074; 1088 bits resolve that anywhere in
   [0, 1] (the search's time precision is capped here). */
#define VCCD_TIME_PREC_MAX 1088
#define VCCD_TIME_LIMBS ((VCCD_TIME_PREC_MAX + GMP_NUMB_BITS - 1) / GMP_NUMB_BITS)

typedef struct {
    mpfr_prec_t prec;           /* 0: the double beside it is the value */
    mpfr_exp_t exp;
    int kind;                   /* MPFR_ZERO_KIND or MPFR_REGULAR_KIND */
    mp_limb_t limb[VCCD_TIME_LIMBS];
} vccd_time;

/* *t := *u, the limbs only when u is set (an unset time is its prec
   alone): answers on binary64 time copy 8 bytes, not 160. */
static inline void
vccd_time_copy(vccd_time *t, const vccd_time *u)
{
    if (u->prec)
        *t = *u;
    else
        t->prec = 0;
}

/* t := x rounded in direction rnd to min(prec(x), VCCD_TIME_PREC_MAX)
   bits.  x must be finite and >= 0. */
void vccd_time_set_mpfr(vccd_time *t, mpfr_srcptr x, mpfr_rnd_t rnd);
/* x := t (d when t is not set), rounded in direction rnd to x's
   precision: exact when prec(x) >= vccd_time_prec(t, d). */
void vccd_time_get_mpfr(mpfr_ptr x, const vccd_time *t, double d, mpfr_rnd_t rnd);
/* The bits t holds: t->prec, or 53 when t is not set. */
mpfr_prec_t vccd_time_prec(const vccd_time *t);
/* -1, 0, 1 as (t, d) compares with (u, e), each read as above: exact. */
int vccd_time_cmp(const vccd_time *t, double d, const vccd_time *u, double e);

/* 1 when (h, dh) - (l, dl) <= w, decided exactly. */
int vccd_time_diff_le(const vccd_time *h, double dh, const vccd_time *l, double dl, double w);
/* (t, d) rounded up to a double (d itself when t is not set). */
double vccd_time_get_d_up(const vccd_time *t, double d);

/* Print (t, d) into buf (n bytes; the text is cut when it does not fit,
   as snprintf does, and the return is the length it needed).
   hex = 0: decimal with 2 + ceil(p log10 2) significant digits for p =
   vccd_time_prec, rounded in direction rnd (the caller rounds lo down
   and hi up: the printed interval contains the held one), which is
   enough that reading the text back at p bits, rounded to nearest, gives
   the same p-bit number; "0" for zero.  hex = 1: C99 hex float, exact
   ("0x1.8p-1"). */
int vccd_time_snprint(char *buf, size_t n, const vccd_time *t, double d, mpfr_rnd_t rnd, int hex);
/* The most bytes vccd_time_snprint needs, with its NUL. */
#define VCCD_TIME_STR_MAX 400

VCCD_END_DECLS

#endif
