/* index.c -- hash index of names (index.h): open addressing with linear
   probing over element numbers; FNV-1a hashes. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "index.h"

static const char *
name_at(vccd_config_names a, int i)
{
    return *(char *const *)((const char *)a.base + (size_t)i * a.size + a.off);
}

static size_t
hash(const char *s)
{
    uint64_t h = 14695981039346656037u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    return (size_t)h;
}

int
vccd_config_index_find(const int *slot, int nslot, vccd_config_names a, int n, const char *name)
{
    if (nslot == 0) {
        for (int i = 0; i < n; i++)
            if (strcmp(name_at(a, i), name) == 0)
                return i;
        return -1;
    }
    for (size_t h = hash(name) & (size_t)(nslot - 1);; h = (h + 1) & (size_t)(nslot - 1)) {
        if (slot[h] == 0)
            return -1;
        if (strcmp(name_at(a, slot[h] - 1), name) == 0)
            return slot[h] - 1;
    }
}

static void
enter(int *slot, int nslot, vccd_config_names a, int i)
{
    size_t h = hash(name_at(a, i)) & (size_t)(nslot - 1);
    while (slot[h] != 0)
        h = (h + 1) & (size_t)(nslot - 1);
    slot[h] = i + 1;
}

int
vccd_config_index_add(int **slot, int *nslot, vccd_config_names a, int n)
{
    if (2 * (long)n > *nslot) {
        int c = *nslot ? 2 * *nslot : 16;
        int *s;
        while (2 * (long)n > c)
            c *= 2;
        if (!(s = calloc((size_t)c, sizeof *s)))
            return -1;
        for (int i = 0; i < n - 1; i++)
            enter(s, c, a, i);
        free(*slot);
        *slot = s;
        *nslot = c;
    }
    enter(*slot, *nslot, a, n - 1);
    return 0;
}
