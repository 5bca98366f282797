/* box_sweep.c -- overlapping pairs of boxes by sort and sweep (box_sweep.h). */
#include <math.h>
#include <stdlib.h>

#include "box_sweep.h"

typedef struct {
    double x;
    int i;
} keyed;

static int
by_key(const void *x, const void *y)
{
    const keyed *a = x, *b = y;
    return a->x < b->x ? -1 : a->x > b->x ? 1 : a->i - b->i;
}

int
vccd_box3_sweep(const vccd_box3 *b, int n, vccd_box3_pair_fn fn, void *ctx)
{
    keyed *order;
    int rc = 0;
    if (n < 2)
        return 0;
    if (!(order = malloc((size_t)n * sizeof *order)))
        return -1;
    for (int i = 0; i < n; i++) {
        /* a NaN lower end sorts first, as -inf: it may overlap anything */
        order[i].x = b[i].lo[0] == b[i].lo[0] ? b[i].lo[0] : -INFINITY;
        order[i].i = i;
    }
    qsort(order, (size_t)n, sizeof *order, by_key);
    for (int u = 0; u < n && rc == 0; u++) {
        int i = order[u].i;
        for (int w = u + 1; w < n && rc == 0; w++) {
            int j = order[w].i;
            /* sorted by lower end: once a lower end is past i's upper
               end, so are all later ones (a NaN upper end never stops) */
            if (order[w].x > b[i].hi[0])
                break;
            if (vccd_box3_overlap(&b[i], &b[j]))
                rc = fn(ctx, i, j);
        }
    }
    free(order);
    return rc;
}
