/* planar.c -- what the query does differently for 2D bodies (mesh.h
   planar: segments (i, j, j) in z = 0, moved by planar motions): the
   bodies must agree on the dimension.  Small polygons skip the BVH
   (brute.c), the pairs themselves are in pairs.c, and the traversal is
   the 3D one: the segment "triangles" have volumes of every BV type, and
   a planar motion's pose is a rotation about z (vccd_motion_pose_di). */

#include "query_impl.h"

int
q_planar_check(const vccd_query_body *a, const vccd_query_body *b, vccd_error *e)
{
    const vccd_mesh *ma = a->bvh->mesh, *mb = b->bvh->mesh;
    if (ma->planar != mb->planar)
        return vccd_error_set(e, ma->planar ? mb->name : ma->name, 0, NULL, NULL,
                              "a 3D mesh against the 2D body %s: both bodies must be 2D or both 3D",
                              ma->planar ? ma->name : mb->name);
    return 0;
}
