/* bigalloc.h -- arrays of millions of elements, backed by huge pages
   where the kernel offers them (private to the library). */
#ifndef VCCD_BIGALLOC_H
#define VCCD_BIGALLOC_H

#include <stddef.h>

/* As malloc and calloc (free with free, resize with realloc).  Above a
   few megabytes the block is also offered to Linux's transparent huge
   pages (madvise), which the kernel here grants only to regions that ask:
   a million-triangle mesh's arrays are first touched once each, and with
   4 KiB pages that first touch was a fifth of a BVH build's time
   (page faults; doc/journal/2026-12-01-setup.md). */
void *vccd_big_malloc(size_t bytes);
void *vccd_big_calloc(size_t n, size_t size);

#endif
