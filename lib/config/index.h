/* index.h -- hash index of the names in an array (sections of a config,
   keys of a section), so that loading and looking up are linear in the
   size of the file: 40,000 sections took 11 s with linear searches. */
#ifndef VCCD_CONFIG_INDEX_H
#define VCCD_CONFIG_INDEX_H

#include <stddef.h>

/* The array: n elements of size bytes from base, each with a char *
   name at byte offset off. */
typedef struct {
    const void *base;
    size_t size, off;
} vccd_config_names;

/* The index of name in the array, or -1.  slot (nslot entries, 0 empty,
   i + 1 for element i) is the table; without one (nslot == 0), a linear
   search over the n elements. */
int vccd_config_index_find(const int *slot, int nslot, vccd_config_names a, int n, const char *name);

/* Enter element n - 1 (the array now holds n) into the table, growing
   and rehashing it when half full: 0, or -1 when out of memory. */
int vccd_config_index_add(int **slot, int *nslot, vccd_config_names a, int n);

#endif
