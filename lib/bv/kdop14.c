/* kdop14.c -- 14-DOPs: the axes and the four cube diagonals. */
#define KDOP_K 14
#define KDOP_NAME kdop14
#define KDOP_SUMMARY "14-DOP: axes and cube diagonals (diagonal slabs rounded outward)"
static const double kdop_dirs[7][3] = {
    { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 },
    { 1, 1, 1 }, { 1, 1, -1 }, { 1, -1, 1 }, { -1, 1, 1 }
};
#include "kdop_impl.h"
