/* heap.h -- a binary min-heap on the `lb` member of an element type,
   written once for the best-first traversals (the mesh distance, the
   mesh query).  VCCD_HEAP_DEFINE(pfx, T) defines
     typedef struct { T *it; long n, cap; } pfx;
     int pfx_push(pfx *h, const T *x);   0, or -1 out of memory (h kept)
     T pfx_pop(pfx *h);                  the element of least lb (n > 0)
   Elements compare by lb only, so NaN bounds must not be pushed. */
#ifndef VCCD_HEAP_H
#define VCCD_HEAP_H

#include "vccd/grow.h"

#define VCCD_HEAP_DEFINE(pfx, T)                                                        \
    typedef struct {                                                                    \
        T *it;                                                                          \
        long n, cap;                                                                    \
    } pfx;                                                                              \
                                                                                        \
    static inline int pfx##_push(pfx *h, const T *x)                                    \
    {                                                                                   \
        long i;                                                                         \
        if (h->n == h->cap && vccd_grow((void **)&h->it, &h->cap, h->n, sizeof *h->it)) \
            return -1;                                                                  \
        i = h->n++;                                                                     \
        while (i > 0 && h->it[(i - 1) / 2].lb > x->lb) {                                \
            h->it[i] = h->it[(i - 1) / 2];                                              \
            i = (i - 1) / 2;                                                            \
        }                                                                               \
        h->it[i] = *x;                                                                  \
        return 0;                                                                       \
    }                                                                                   \
                                                                                        \
    static inline T pfx##_pop(pfx *h)                                                   \
    {                                                                                   \
        T top = h->it[0], x = h->it[--h->n];                                            \
        long i = 0;                                                                     \
        for (;;) {                                                                      \
            long c = 2 * i + 1;                                                         \
            if (c >= h->n)                                                              \
                break;                                                                  \
            if (c + 1 < h->n && h->it[c + 1].lb < h->it[c].lb)                          \
                c++;                                                                    \
            if (!(h->it[c].lb < x.lb))                                                  \
                break;                                                                  \
            h->it[i] = h->it[c];                                                        \
            i = c;                                                                      \
        }                                                                               \
        if (h->n > 0)                                                                   \
            h->it[i] = x;                                                               \
        return top;                                                                     \
    }

#endif
