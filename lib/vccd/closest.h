/* closest.h -- approximate closest points in plain doubles (NON-RIGOROUS:
   they only choose directions and witnesses, which rigorous code then
   bounds).  Shared by the feature predicate's separating axis
   (lib/feature/axis.c) and the triangle distance (lib/bvh/tri_dist.c).
   Each gives the point and its parameters, so that callers can rebuild
   the point on the exact geometry. */
#ifndef VCCD_CLOSEST_H
#define VCCD_CLOSEST_H

/* q = a + t (b - a), t in [0, 1], nearest to p on segment ab. */
void vccd_closest_point_segment(double q[3], double *t, const double p[3], const double a[3], const double b[3]);

/* When the projection of p onto the plane of a proper triangle abc falls
   inside it: 1 with q = a + u (b - a) + v (c - a) (u, v >= 0, u + v <= 1
   up to rounding).  Else 0 (degenerate triangle, or outside: the edges
   then hold the nearest point). */
int vccd_closest_point_triangle_inside(double q[3], double *u, double *v, const double p[3], const double a[3],
                                       const double b[3], const double c[3]);

/* Closest points qa = a + s (b - a) and qc = c + t (d - c) of segments ab
   and cd: the 2x2 normal equations, or for nearly parallel and
   zero-length edges the best of the four end point to segment pairs
   (a closest pair whenever the edges are parallel). */
void vccd_closest_segment_segment(double qa[3], double qc[3], double *s, double *t, const double a[3],
                                  const double b[3], const double c[3], const double d[3]);

/* GJK's last simplex (point index pairs), to start the next call on
   the same sets moved a little: n = 0 for none. */
typedef struct {
    int n;
    int ia[4], ib[4];
} vccd_hull_seed;

/* n := the difference of the closest points of the convex hulls of
   pa[0..na-1] and pb[0..nb-1] (from A's hull to B's: its length is their
   distance), by GJK (lib/geom/hull.c), started from seed when it is not
   NULL and holds a simplex (which it is then set to).  0; or -1 when the
   hulls touch or overlap (to rounding), or GJK did not settle (n is then
   unset). */
int vccd_hull_direction(double n[3], const double (*pa)[3], int na, const double (*pb)[3], int nb,
                        vccd_hull_seed *seed);

#endif
