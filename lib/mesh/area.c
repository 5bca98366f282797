/* area.c -- mass properties of a 2D body (mesh.h planar): a closed
   polygon of uniform density 1 per unit area, by Green's theorem over
   its segments.  Plain doubles, as mass.c: they set up the rigid body,
   they prove nothing. */
#include <math.h>
#include <string.h>

#include "vccd/mesh.h"

int
vccd_mesh_area_props(vccd_mesh_mass *mp, const vccd_mesh *m, vccd_error *e)
{
    /* sums about the bbox centre, so a polygon far from the origin does
       not lose digits to cancellation */
    double o[2] = { 0.0, 0.0 }, lo[2] = { INFINITY, INFINITY }, hi[2] = { -INFINITY, -INFINITY };
    double a = 0.0, cx = 0.0, cy = 0.0, ixx = 0.0, iyy = 0.0, ixy = 0.0;
    if (!m->planar || m->closure != VCCD_MESH_CLOSED)
        return vccd_error_set(e, m->name, 0, NULL, NULL, "%s: area properties need closed polygons",
                              m->planar ? "an open polyline" : "not a 2D body");
    for (long i = 0; i < m->nt; i++)
        for (int c = 0; c < 2; c++) {
            double x = m->v[m->t[i][0]][c];
            lo[c] = x < lo[c] ? x : lo[c];
            hi[c] = x > hi[c] ? x : hi[c];
        }
    for (int c = 0; c < 2; c++)
        o[c] = 0.5 * lo[c] + 0.5 * hi[c];
    for (long i = 0; i < m->nt; i++) {
        double x0 = m->v[m->t[i][0]][0] - o[0], y0 = m->v[m->t[i][0]][1] - o[1];
        double x1 = m->v[m->t[i][1]][0] - o[0], y1 = m->v[m->t[i][1]][1] - o[1];
        double c = x0 * y1 - x1 * y0;
        a += c;
        cx += (x0 + x1) * c;
        cy += (y0 + y1) * c;
        ixx += (y0 * y0 + y0 * y1 + y1 * y1) * c;      /* integral of y^2, times 12 */
        iyy += (x0 * x0 + x0 * x1 + x1 * x1) * c;      /* of x^2, times 12 */
        ixy += (x0 * y1 + 2 * x0 * y0 + 2 * x1 * y1 + x1 * y0) * c;   /* of x y, times 24 */
    }
    a *= 0.5;
    if (!(a > 0.0))
        return vccd_error_set(e, m->name, 0, NULL, NULL,
                              "signed area %g <= 0: the polygons run clockwise (2D bodies go counter-clockwise)", a);
    cx /= 6.0 * a;
    cy /= 6.0 * a;
    ixx = ixx / 12.0 - a * cy * cy;
    iyy = iyy / 12.0 - a * cx * cx;
    ixy = ixy / 24.0 - a * cx * cy;
    memset(mp, 0, sizeof *mp);
    mp->volume = a;
    mp->com[0] = cx + o[0];
    mp->com[1] = cy + o[1];
    /* a lamina in z = 0: I = integral of (|r|^2 1 - r r^T) */
    mp->inertia[0][0] = ixx;
    mp->inertia[1][1] = iyy;
    mp->inertia[2][2] = ixx + iyy;
    mp->inertia[0][1] = mp->inertia[1][0] = -ixy;
    return 0;
}
