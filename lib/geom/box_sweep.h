/* box_sweep.h -- the pairs of a set of axis-aligned boxes that overlap,
   by sort and sweep along x (private: the broad phases over bodies of
   lib/scene/bodies_broad.c and lib/sim/broad.c).  Not installed.

   A box is closed: boxes that touch overlap.  A NaN end overlaps
   everything (no comparison with NaN is true), so a box whose
   enclosure overflowed is never what keeps a pair apart. */
#ifndef VCCD_GEOM_BOX_SWEEP_H
#define VCCD_GEOM_BOX_SWEEP_H

typedef struct {
    double lo[3], hi[3];
} vccd_box3;

static inline int
vccd_box3_overlap(const vccd_box3 *a, const vccd_box3 *b)
{
    for (int k = 0; k < 3; k++)
        if (a->lo[k] > b->hi[k] || b->lo[k] > a->hi[k])
            return 0;
    return 1;
}

/* Called once for each overlapping pair i != j, with i the one that
   comes first along x (ties: the lower index); nonzero stops the sweep
   and is returned by it. */
typedef int (*vccd_box3_pair_fn)(void *ctx, int i, int j);

/* Every overlapping pair of b[0 .. n), in an order that depends only on
   the boxes: sorted by lower end along x (ties by index), each box
   against the later ones that start before it ends.  O(n log n) plus the
   pairs that overlap along x.  0, -1 when out of memory, or what fn
   returned. */
int vccd_box3_sweep(const vccd_box3 *b, int n, vccd_box3_pair_fn fn, void *ctx);

#endif
