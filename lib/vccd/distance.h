/* distance.h -- rigorous minimum distance between two triangle meshes
   at given poses: an interval [lower, upper] where lower is a proof (no
   two points of the meshes are closer, rounding included) and upper is
   the distance of a pair of points, one on each mesh, bounded above
   rigorously.  doc/bvh.md explains how. */
#ifndef VCCD_DISTANCE_H
#define VCCD_DISTANCE_H

#include "vccd/bvh.h"
#include "vccd/motion.h"

#include "vccd/export.h"

VCCD_BEGIN_DECLS

/* A rigid placement x_world = o + R x_body, as interval enclosures of a
   true rotation and offset (e.g. from a quaternion, or from
   vccd_motion_pose_di at a time t). */
typedef struct {
    vccd_di_vec3 o;
    vccd_di_mat3 R;
} vccd_pose;

void vccd_pose_identity(vccd_pose *p);
/* p := position pos and the rotation of quaternion q / |q| (w x y z),
   both given as enclosures (e.g. of decimals, vccd_di_set_str).  -1 when
   q may be 0 (no rotation is defined) or is not finite. */
int vccd_pose_from_quat(vccd_pose *p, const vccd_di pos[3], const vccd_di q[4]);

/* One triangle pair: a (exact doubles) and b (interval enclosures of its
   vertices, in a's frame).  lower <= distance <= upper for every point
   of the enclosures; intersect = 1 when an edge of one triangle is
   certified (interval orientation signs) to cross the other's interior,
   and then lower = upper = 0.  p, q: approximate closest points. */
typedef struct {
    double lower, upper;
    int intersect;
    double p[3], q[3];
} vccd_tri_dist;
void vccd_tri_distance(vccd_tri_dist *r, const double *const a[3], const vccd_di_vec3 *const b[3]);
/* The same, with lower tightened only while it is below enough: once a
   candidate direction proves lower >= enough > 0 the others are not
   tried.  lower is still a rigorous lower bound, and the same as
   vccd_tri_distance's whenever that one is below enough; upper, p, q and
   intersect are the same.  A traversal passes its best upper bound so
   far: a pair proved no closer than that only needs the proof. */
void vccd_tri_distance_enough(vccd_tri_dist *r, const double *const a[3], const vccd_di_vec3 *const b[3],
                              double enough);

typedef enum {
    VCCD_DISTANCE_SEPARATED = 0,        /* lower > 0 */
    VCCD_DISTANCE_TOUCHING,             /* lower = 0: touching, or apart by
                                           less than the rounding */
    VCCD_DISTANCE_INTERSECTING          /* certified: two triangles cross */
} vccd_distance_status;
const char *vccd_distance_status_name(vccd_distance_status s);

typedef struct {
    double lower, upper;
    vccd_distance_status status;
    long tri[2];                /* triangles of the pair giving upper */
    double point[2][3];         /* approximate world points of that pair */
    long bv_tests, tri_tests;
} vccd_distance_result;

/* The distance between the meshes of BVHs a and b placed by pa and pb,
   traversing with BV type `type` (built in both; otherwise -1 with e
   set).  Node pairs are visited in order of their distance lower bound
   and pruned only when that bound is >= the best upper bound so far;
   lower is the minimum of the bounds of every triangle pair tested and
   every node pair pruned.  -1 with e set when out of memory. */
int vccd_distance(vccd_distance_result *r, const vccd_bvh *a, const vccd_pose *pa, const vccd_bvh *b,
                  const vccd_pose *pb, int type, vccd_error *e);
/* Whether the distance is proved >= need (need > 0), or > 0 (need = 0),
   for callers that ask only that: *ok = 1 when it is, and then r is
   exactly what vccd_distance gives.  *ok = 0 when it is not: the
   traversal stopped at the first triangle pair (or best upper bound)
   below need, so r then holds only what was measured until there: lower
   0, upper a rigorous upper bound (not vccd_distance's), the status
   intersecting on a certified crossing, else touching.  Near contact a refuted bound
   costs a descent to the contact instead of the whole distance query.
   0, or -1 with e set (need < 0, as vccd_distance otherwise). */
int vccd_distance_at_least(int *ok, vccd_distance_result *r, const vccd_bvh *a, const vccd_pose *pa,
                           const vccd_bvh *b, const vccd_pose *pb, int type, double need, vccd_error *e);
/* A triangle pair within the band: a (of A) and b (of B), the bounds
   of its distance and approximate closest points (A's frame). */
typedef struct {
    long tri[2];
    double lower, upper;
    double p[3], q[3];
} vccd_distance_pair;

typedef struct {
    vccd_distance_pair *pair;
    size_t n, cap;
} vccd_distance_list;

/* Every triangle pair of a and b whose distance lower bound is < band,
   appended to list (emptied first; free list->pair when done).  Pairs
   left out are proved at least `band` apart (node and triangle bounds as
   in vccd_distance), so r->lower = min(band, the pairs' lower bounds) is
   a proof of the distance and r->upper an upper bound when some pair was
   tested (else infinite).  A certified crossing sets the status but does
   not stop the search.  0, or -1 with e set (BV type not built, out of
   memory: the list then holds what was found). */
int vccd_distance_within(vccd_distance_list *list, vccd_distance_result *r, const vccd_bvh *a,
                         const vccd_pose *pa, const vccd_bvh *b, const vccd_pose *pb, int type, double band,
                         vccd_error *e);
/* The same by testing every triangle pair (no BVH): the reference of
   `vccd bench mesh`. */
int vccd_distance_brute(vccd_distance_result *r, const vccd_mesh *a, const vccd_pose *pa, const vccd_mesh *b,
                        const vccd_pose *pb, vccd_error *e);

VCCD_END_DECLS

#endif
