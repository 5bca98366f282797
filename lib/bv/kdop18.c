/* kdop18.c -- 18-DOPs: the axes and the six face diagonals. */
#define KDOP_K 18
#define KDOP_NAME kdop18
#define KDOP_SUMMARY "18-DOP: axes and face diagonals (diagonal slabs rounded outward)"
static const double kdop_dirs[9][3] = {
    { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 },
    { 1, 1, 0 }, { 1, 0, 1 }, { 0, 1, 1 }, { 1, -1, 0 }, { 1, 0, -1 }, { 0, 1, -1 }
};
#include "kdop_impl.h"
