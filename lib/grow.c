/* grow.c -- growable arrays (grow.h). */
#include <stdint.h>
#include <stdlib.h>

#include "vccd/grow.h"

int
vccd_grow(void **p, long *cap, long n, size_t size)
{
    long c;
    void *q;
    if (n < *cap)
        return 0;
    c = *cap ? 2 * *cap : 16;
    if (c <= n || (size_t)c > SIZE_MAX / size)
        return -1;
    if (!(q = realloc(*p, (size_t)c * size)))
        return -1;
    *p = q;
    *cap = c;
    return 0;
}
