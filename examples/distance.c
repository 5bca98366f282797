/* distance.c -- the rigorous distance of two meshes at given poses, and
   at a time of their motions: [lower, upper], lower a proof (no two
   points are closer, rounding included), upper the distance of a real
   pair of points.  Run: ./distance (shapes only, no files needed). */
#include <stdio.h>
#include <vccd.h>

int
main(void)
{
    vccd_mesh box, tet;
    vccd_bvh hb, ht;
    vccd_bvh_opts bo;
    vccd_error e;
    vccd_pose pb, pt;
    vccd_di pos[3], q[4];
    vccd_distance_result d;
    vccd_toc_input in;
    const double zero[3] = { 0, 0, 0 }, o0[3] = { 0, 0, 3 }, v[3] = { 0, 0, -2 }, w[3] = { 1, 0, 0 };
    vccd_motion *mb, *mt;

    vccd_bvh_opts_init(&bo);        /* every BV type: the query picks one */
    if (vccd_mesh_shape(&box, "box:2:2:2", VCCD_MESH_DEGENERATE_KEEP, &e) != 0
        || vccd_mesh_shape(&tet, "tetrahedron", VCCD_MESH_DEGENERATE_KEEP, &e) != 0
        || vccd_bvh_build(&hb, &box, &bo, &e) != 0 || vccd_bvh_build(&ht, &tet, &bo, &e) != 0)
        return fprintf(stderr, "%s\n", e.msg), 1;

    /* At poses: the box at the origin, the tetrahedron 3 above it and
       turned a quarter about x: the quaternion (1, 1, 0, 0) is used as
       q / |q|, enclosed rigorously (positions and quaternions are
       interval enclosures; vccd_di_set_str encloses a decimal). */
    vccd_pose_identity(&pb);
    pos[0] = vccd_di_set_d(0), pos[1] = vccd_di_set_d(0), pos[2] = vccd_di_set_d(3);
    q[0] = vccd_di_set_d(1), q[1] = vccd_di_set_d(1), q[2] = vccd_di_set_d(0), q[3] = vccd_di_set_d(0);
    if (vccd_pose_from_quat(&pt, pos, q) != 0)
        return fprintf(stderr, "not a rotation\n"), 1;
    if (vccd_distance(&d, &hb, &pb, &ht, &pt, vccd_bv_type_find("obb"), &e) != 0)
        return fprintf(stderr, "%s\n", e.msg), 1;
    printf("at the poses: distance in [%.17g, %.17g] (%s)\n", d.lower, d.upper, vccd_distance_status_name(d.status));

    /* At a time of two motions: one call. */
    mb = vccd_motion_ltlrm_new(zero, zero, NULL, zero, 64, &e);
    mt = vccd_motion_ltlrm_new(o0, v, NULL, w, 64, &e);
    if (!mb || !mt)
        return fprintf(stderr, "%s\n", e.msg), 1;
    vccd_toc_input_init(&in);
    in.body[0] = (vccd_toc_body){ &hb, mb };
    in.body[1] = (vccd_toc_body){ &ht, mt };
    for (int i = 0; i <= 4; i++) {
        double t = i / 4.0;
        if (vccd_distance_meshes(&d, &in, t, &e) != 0)
            return fprintf(stderr, "%s\n", e.msg), 1;
        printf("t = %-4g distance in [%.17g, %.17g] (%s)\n", t, d.lower, d.upper,
               vccd_distance_status_name(d.status));
    }
    vccd_motion_free(mb);
    vccd_motion_free(mt);
    vccd_bvh_clear(&hb);
    vccd_bvh_clear(&ht);
    vccd_mesh_clear(&box);
    vccd_mesh_clear(&tet);
    return 0;
}
