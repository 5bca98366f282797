/* grow.h -- room for one more element in a growable array. */
#ifndef VCCD_GROW_H
#define VCCD_GROW_H

#include <stddef.h>

/* Make *p (holding n elements of size bytes, room for *cap) hold at least
   n + 1, doubling the room; 0, or -1 with *p untouched when out of
   memory.  Doubling keeps appending n elements O(n). */
int vccd_grow(void **p, long *cap, long n, size_t size);

#endif
