/* mass.c -- volume, centre of mass and inertia tensor of a closed mesh,
   and the same for a thin shell (mesh.h).

   Divergence theorem: with a reference point o, the solid is the signed
   sum of the tetrahedra (o, a, b, c) over its triangles.  For one such
   tetrahedron with edge vectors a, b, c from o and d = a . (b x c):
     volume           d / 6
     integral of x    d / 24 (a + b + c)
     integral of xx^T d / 120 (aa^T + bb^T + cc^T + ss^T),  s = a + b + c.
   The second moments are then moved to the centre of mass (parallel axis)
   and turned into the inertia tensor tr(C) I - C.

   A thin shell of density 1 per unit area is the same sum with each
   triangle's area A in place of the signed tetrahedron: with its
   vertices a, b, c and s = a + b + c,
     area             A = |(b - a) x (c - a)| / 2
     integral of x    A / 3 s
     integral of xx^T A / 12 (aa^T + bb^T + cc^T + ss^T),
   exact for a linear triangle (a quadrature of degree 2 at its
   vertices and centroid). */
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
   of mass (absolute, unscaled), c2 the second moments about it / 2^(5E).
   With shell: the area / 2^(2E) and the second moments / 2^(4E) of the
   thin shell, for a mesh of any closure. */
static int
props_scaled(double *vol_s, double com[3], double c2[3][3], int *E, int shell, const vccd_mesh *m, vccd_error *e)
{
    double o[3], lo[3], hi[3], vol, cm[3], amax = 0;
    sum svol = { 0, 0 }, s1[3], sc2[3][3];
    int ex = 0;

    /* the weight of a triangle's terms, and the divisors of the sums */
    const double k0 = shell ? 2 : 6, k1 = shell ? 6 : 24, k2 = shell ? 24 : 120;

    if (m->planar)
        return vccd_error_set(e, m->name, 0, NULL, NULL, "no mass properties of a 3D body: the mesh is a 2D body");
    if (!shell && m->closure != VCCD_MESH_CLOSED) {
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
        if (shell) {
            double u[3], v[3], n[3];
            for (int k = 0; k < 3; k++)
                u[k] = b[k] - a[k], v[k] = c[k] - a[k];
            n[0] = u[1] * v[2] - u[2] * v[1];
            n[1] = u[2] * v[0] - u[0] * v[2];
            n[2] = u[0] * v[1] - u[1] * v[0];
            d = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        } else {
            d = a[0] * (b[1] * c[2] - b[2] * c[1]) + a[1] * (b[2] * c[0] - b[0] * c[2])
                + a[2] * (b[0] * c[1] - b[1] * c[0]);
        }
        add(&svol, d);
        for (int k = 0; k < 3; k++) {
            add(&s1[k], d * s[k]);
            for (int l = k; l < 3; l++)
                add(&sc2[k][l], d * (a[k] * a[l] + b[k] * b[l] + c[k] * c[l] + s[k] * s[l]));
        }
    }
    vol = total(&svol) / k0;
    if (shell && (!(vol > 0) || !isfinite(vol)))
        return vccd_error_set(e, m->name, 0, NULL, NULL, "no mass properties: every triangle has zero area");
    if (!(vol > 0) || !isfinite(vol))
        return vccd_error_set(e, m->name, 0, NULL, NULL,
                              "no mass properties: signed volume %.17g is not positive (are the triangles "
                              "oriented inward?)",
                              ldexp(vol, 3 * ex));
    for (int k = 0; k < 3; k++)
        cm[k] = total(&s1[k]) / k1 / vol;
    for (int k = 0; k < 3; k++)
        for (int l = k; l < 3; l++) {
            /* second moment about the centre of mass */
            c2[k][l] = total(&sc2[k][l]) / k2 - vol * cm[k] * cm[l];
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
    return props_scaled(&vol, com, c2, &ex, 0, m, e);
}

/* The props of m as a solid (shell 0) or a thin shell (1). */
static int
props(vccd_mesh_mass *mp, int shell, const vccd_mesh *m, vccd_error *e)
{
    double vol, c2[3][3], com[3], tr;
    int ex, dim = shell ? 2 : 3;

    if (props_scaled(&vol, com, c2, &ex, shell, m, e) != 0)
        return -1;
    tr = c2[0][0] + c2[1][1] + c2[2][2];
    memset(mp, 0, sizeof *mp);
    mp->volume = ldexp(vol, dim * ex);
    if (!isnormal(mp->volume))
        return vccd_error_set(e, m->name, 0, NULL, NULL,
                              "no mass properties: the %s, %.17g times 2^%d, is beyond the binary64 range",
                              shell ? "area" : "volume", vol, dim * ex);
    for (int k = 0; k < 3; k++) {
        mp->com[k] = com[k];
        for (int l = 0; l < 3; l++) {
            mp->inertia[k][l] = ldexp((k == l ? tr : 0) - c2[k][l], (dim + 2) * ex);
            /* a moment of a solid (or of a shell that is not a line)
               about an axis is > 0: one that underflows is no longer
               the body's */
            if (!isfinite(mp->inertia[k][l]) || (k == l && !isnormal(mp->inertia[k][l])))
                return vccd_error_set(e, m->name, 0, NULL, NULL,
                                      "no mass properties: the inertia, of the order of %.3g times 2^%d, is beyond "
                                      "the binary64 range%s", tr, (dim + 2) * ex,
                                      shell ? ", or 0 about an axis (a shell along one line)" : "");
        }
    }
    return 0;
}

int
vccd_mesh_mass_props(vccd_mesh_mass *mp, const vccd_mesh *m, vccd_error *e)
{
    return props(mp, 0, m, e);
}

int
vccd_mesh_shell_props(vccd_mesh_mass *mp, const vccd_mesh *m, vccd_error *e)
{
    return props(mp, 1, m, e);
}
