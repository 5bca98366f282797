/* mass.c -- volume, centre of mass and inertia tensor of a closed mesh
   (mesh.h).

   Divergence theorem: with a reference point o, the solid is the signed
   sum of the tetrahedra (o, a, b, c) over its triangles.  For one such
   tetrahedron with edge vectors a, b, c from o and d = a . (b x c):
     volume           d / 6
     integral of x    d / 24 (a + b + c)
     integral of xx^T d / 120 (aa^T + bb^T + cc^T + ss^T),  s = a + b + c.
   The second moments are then moved to the centre of mass (parallel axis)
   and turned into the inertia tensor tr(C) I - C. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mesh/reader.h"

/* A sum with its running rounding error (Neumaier): 100K terms of mixed
   signs would otherwise lose up to ~1e5 ulps of the total. */
typedef struct {
    double s, c;
} sum;

static void
add(sum *a, double x)
{
    double t = a->s + x;
    a->c += fabs(a->s) >= fabs(x) ? (a->s - t) + x : (x - t) + a->s;
    a->s = t;
}

static double
total(const sum *a)
{
    return a->s + a->c;
}

/* The mass properties in units of 2^E, E chosen so that the largest
   edge-vector coordinate from the reference point is in [1, 2): the
   products of three and five coordinates (volume, second moments) then
   neither overflow nor underflow, whatever the mesh's scale (coordinates
   of 1e-170 gave a volume of 0, those of 1e100 an infinite inertia).
   Scaling by a power of two is exact, and every operation below commutes
   with it, so a mesh of ordinary size gets the very same doubles as
   unscaled.  On success: *vol_s > 0 the volume / 2^(3E), com the centre
   of mass (absolute, unscaled), c2 the second moments about it / 2^(5E). */
static int
props_scaled(double *vol_s, double com[3], double c2[3][3], int *E, const vccd_mesh *m, vccd_error *e)
{
    double o[3], lo[3], hi[3], vol, cm[3], amax = 0;
    sum svol = { 0, 0 }, s1[3], sc2[3][3];
    int ex = 0;

    if (m->closure != VCCD_MESH_CLOSED) {
        char d[160];
        vccd_mesh_closure_describe(d, sizeof d, m);
        return vccd_error_set(e, m->name, 0, NULL, NULL, "no mass properties: the mesh is %s", d);
    }
    /* the bbox centre as reference keeps the edge vectors small for a
       mesh far from the origin */
    for (int k = 0; k < 3; k++)
        lo[k] = hi[k] = m->v[m->t[0][0]][k];
    for (long i = 0; i < m->nt; i++)
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 3; k++) {
                double x = m->v[m->t[i][j]][k];
                lo[k] = x < lo[k] ? x : lo[k];
                hi[k] = x > hi[k] ? x : hi[k];
            }
    for (int k = 0; k < 3; k++) {
        o[k] = lo[k] / 2 + hi[k] / 2;
        amax = fmax(amax, fmax(hi[k] - o[k], o[k] - lo[k]));
    }
    if (amax > 0 && isfinite(amax))
        ex = ilogb(amax);
    memset(s1, 0, sizeof s1);
    memset(sc2, 0, sizeof sc2);
    for (long i = 0; i < m->nt; i++) {
        double a[3], b[3], c[3], s[3], d;
        for (int k = 0; k < 3; k++) {
            a[k] = ldexp(m->v[m->t[i][0]][k] - o[k], -ex);
            b[k] = ldexp(m->v[m->t[i][1]][k] - o[k], -ex);
            c[k] = ldexp(m->v[m->t[i][2]][k] - o[k], -ex);
            s[k] = a[k] + b[k] + c[k];
        }
        d = a[0] * (b[1] * c[2] - b[2] * c[1]) + a[1] * (b[2] * c[0] - b[0] * c[2])
            + a[2] * (b[0] * c[1] - b[1] * c[0]);
        add(&svol, d);
        for (int k = 0; k < 3; k++) {
            add(&s1[k], d * s[k]);
            for (int l = k; l < 3; l++)
                add(&sc2[k][l], d * (a[k] * a[l] + b[k] * b[l] + c[k] * c[l] + s[k] * s[l]));
        }
    }
    vol = total(&svol) / 6;
    if (!(vol > 0) || !isfinite(vol))
        return vccd_error_set(e, m->name, 0, NULL, NULL,
                              "no mass properties: signed volume %.17g is not positive (are the triangles "
                              "oriented inward?)",
                              ldexp(vol, 3 * ex));
    for (int k = 0; k < 3; k++)
        cm[k] = total(&s1[k]) / 24 / vol;
    for (int k = 0; k < 3; k++)
        for (int l = k; l < 3; l++) {
            /* second moment about the centre of mass */
            c2[k][l] = total(&sc2[k][l]) / 120 - vol * cm[k] * cm[l];
            c2[l][k] = c2[k][l];
        }
    for (int k = 0; k < 3; k++)
        com[k] = o[k] + ldexp(cm[k], ex);
    *vol_s = vol;
    *E = ex;
    return 0;
}

int
vccd_mesh_mass_centre(double com[3], const vccd_mesh *m, vccd_error *e)
{
    double vol, c2[3][3];
    int ex;
    return props_scaled(&vol, com, c2, &ex, m, e);
}

int
vccd_mesh_mass_props(vccd_mesh_mass *mp, const vccd_mesh *m, vccd_error *e)
{
    double vol, c2[3][3], com[3], tr;
    int ex;

    if (props_scaled(&vol, com, c2, &ex, m, e) != 0)
        return -1;
    tr = c2[0][0] + c2[1][1] + c2[2][2];
    memset(mp, 0, sizeof *mp);
    mp->volume = ldexp(vol, 3 * ex);
    if (!isnormal(mp->volume))
        return vccd_error_set(e, m->name, 0, NULL, NULL,
                              "no mass properties: the volume, %.17g times 2^%d, is beyond the binary64 range", vol,
                              3 * ex);
    for (int k = 0; k < 3; k++) {
        mp->com[k] = com[k];
        for (int l = 0; l < 3; l++) {
            mp->inertia[k][l] = ldexp((k == l ? tr : 0) - c2[k][l], 5 * ex);
            /* a moment of a solid about an axis is > 0: one that
               underflows is no longer the body's */
            if (!isfinite(mp->inertia[k][l]) || (k == l && !isnormal(mp->inertia[k][l])))
                return vccd_error_set(e, m->name, 0, NULL, NULL,
                                      "no mass properties: the inertia, of the order of %.3g times 2^%d, is beyond "
                                      "the binary64 range",
                                      tr, 5 * ex);
        }
    }
    return 0;
}
