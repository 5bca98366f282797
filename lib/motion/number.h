/* number.h -- the text a motion parameter may be (private to lib/):
   what motion configs accept and the linear-query context's text form
   accepts too, so the two cannot drift apart. */
#ifndef VCCD_MOTION_NUMBER_H
#define VCCD_MOTION_NUMBER_H

#include <stddef.h>

/* 1 when s[0..len) holds only the characters of a decimal number or an
   exact rational P/Q (digits and "+-.eE/"): MPFR's parser would also
   take "nan", "inf", hex and "@" exponents, which have no place in a
   motion.  Whether it is a number is for vccd_mi_set_str to say. */
int vccd_motion_number_chars(const char *s, size_t len);

#endif
