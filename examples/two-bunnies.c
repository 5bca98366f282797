/* Two bunnies: one at rest, one flying at it while it spins; when do they first touch? */
#include <stdio.h>
#include <vccd.h>

int main(void)
{
    vccd_mesh_load_opts lo = { .center = VCCD_MESH_CENTER_CENTROID, .radius = 1 };
    vccd_mesh m; vccd_bvh h; vccd_bvh_opts bo; vccd_toc_input in; vccd_toc_answer a; vccd_error e;
    const double zero[3] = { 0, 0, 0 }, o0[3] = { 3, 0.25, 0 }, v[3] = { -4, 0, 0 }, w[3] = { 0, 0, 2 };
    vccd_bvh_opts_init(&bo);
    bo.types = 1u << vccd_bv_type_find("obb");      /* the BV type the query uses */
    if (vccd_mesh_load(&m, "bunny", &lo, &e) || vccd_bvh_build(&h, &m, &bo, &e))
        return fprintf(stderr, "%s\n", e.msg), 1;
    vccd_motion *ma = vccd_motion_ltlrm_new(zero, zero, NULL, zero, 64, &e);
    vccd_motion *mb = vccd_motion_ltlrm_new(o0, v, NULL, w, 64, &e);
    vccd_toc_input_init(&in);                       /* exact, OBB, binary64, eps_t 1e-6 */
    in.body[0] = (vccd_toc_body){ &h, ma };
    in.body[1] = (vccd_toc_body){ &h, mb };
    if (!ma || !mb || vccd_toc_meshes(&a, NULL, &in, &e))
        return fprintf(stderr, "%s\n", e.msg), 1;
    printf("%s: no contact in [0, %.17g), contact by %.17g\n", vccd_toc_status_name(a.status), a.lo, a.hi);
    vccd_motion_free(ma), vccd_motion_free(mb);
    vccd_bvh_clear(&h), vccd_mesh_clear(&m);
    return 0;
}
