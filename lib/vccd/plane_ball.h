/* plane_ball.h -- a rigorous lower bound of the distance between a
   triangle and a ball, from the triangle's plane.  A big triangle's own
   bounding volume (a sphere, a box) holds whatever is near it, so no
   volume test tells a small node apart from a big flat face; its plane
   can: the triangle lies in the plane, so a ball wholly on one side of
   it by g is at least g from the triangle.  Shared by the mesh query's
   swept test (lib/query/swept.c) and the distance's traversal
   (lib/bvh/distance.c).  Internal to the library. */
#ifndef VCCD_PLANE_BALL_H
#define VCCD_PLANE_BALL_H

#include "vccd/geom.h"

/* A lower bound >= 0 of the distance from the triangle with corners
   x[0..2] (enclosures: every triangle with corners in them) to every
   point of every ball of radius r (an upper bound) centred in c; each
   step rounded outward.  0 when it proves nothing (a degenerate
   triangle, NaN, an overflow). */
double vccd_plane_ball_lower(const vccd_di_vec3 x[3], const vccd_di_vec3 *c, double r);

#endif
