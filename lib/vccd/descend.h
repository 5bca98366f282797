/* descend.h -- which node of a pair a best-first traversal of two BVHs
   (the mesh query, lib/query; the distance, lib/bvh/distance.c) splits
   next.  The choice never weakens a proof, only how soon one is found.
   Internal to the library. */
#ifndef VCCD_DESCEND_H
#define VCCD_DESCEND_H

#include "vccd/bvh.h"

/* A node this many times the other's size (vccd_bv_type.radius) is split
   first, whatever its triangle count.  A tetrahedron's node is about the
   size of a whole scanned model; by count the model was split down to
   its smallest nodes against the tetrahedron's volume, which is mostly
   empty space around the tetrahedron, so every node of the model near
   it stayed in reach.  Measured on the thesis frames (bench toc, OBB,
   exact, 16 frames, volume tests per query, low / high speed):
   tetrahedron-bunny 113k / 61k by count; at factors 4, 8, 16, 32, 64:
   58k / 25k, 29k / 12k, 21k / 9.1k, 30k / 14k, 77k / 41k;
   tetrahedron-buddha 178k / 106k by count, 33k / 12k at 16.  Two scanned
   models meet at alike sizes and are unchanged at every factor; by size
   alone (a factor of 1) the bunny pair took 92x the tests. */
#define VCCD_DESCEND_BIG 16.0

/* 1 to split na (of size sa), 0 to split nb (of size sb); at least one
   of them is not a leaf.  The larger by VCCD_DESCEND_BIG, else the one
   with more triangles (A on ties). */
static inline int
vccd_descend_a(const vccd_bvh_node *na, double sa, const vccd_bvh_node *nb, double sb)
{
    if (na->left == 0 || nb->left == 0)
        return na->left != 0;
    if (sa > VCCD_DESCEND_BIG * sb || sb > VCCD_DESCEND_BIG * sa)
        return sa > sb;
    return na->n >= nb->n;
}

#endif
