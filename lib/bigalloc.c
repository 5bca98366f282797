/* bigalloc.c -- big arrays on huge pages (bigalloc.h). */
/* madvise and MADV_HUGEPAGE are not POSIX */
#define _DEFAULT_SOURCE
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "vccd/bigalloc.h"

/* Below this a huge page would be half empty on average.  glibc may
   carve the block from its heap (its mmap threshold rises to 32 MB as
   big blocks are freed), so the advice can outlive the block on memory
   later given to others: more resident memory there, nothing else. */
#define BIG_BYTES ((size_t)8 << 20)
#define HUGE_PAGE ((uintptr_t)2 << 20)

/* Advise the whole huge pages inside [p, p + n): an advice is only
   advice, so failure (no THP, another kernel) changes nothing. */
static void
advise(void *p, size_t n)
{
#ifdef MADV_HUGEPAGE
    uintptr_t a = ((uintptr_t)p + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1), b = ((uintptr_t)p + n) & ~(HUGE_PAGE - 1);
    if (p && n >= BIG_BYTES && b > a)
        (void)madvise((void *)a, b - a, MADV_HUGEPAGE);
#else
    (void)p;
    (void)n;
#endif
}

void *
vccd_big_malloc(size_t bytes)
{
    void *p = malloc(bytes);
    advise(p, bytes);
    return p;
}

void *
vccd_big_calloc(size_t n, size_t size)
{
    void *p = calloc(n, size);
    if (p && n > 0)
        advise(p, n * size);    /* calloc checked n * size for overflow */
    return p;
}
