/* normalize.c -- centering and scaling a mesh as it is built (mesh.h).
   The transform acts on the doubles read, before the mesh is built, so
   that its degenerate triangles and closure are those of the geometry
   the user gets: the rounded transformed doubles are that geometry. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mesh/reader.h"

/* The centre o asks for, of the vertices m's triangles use. */
static int
centre(double c[3], const vccd_mesh *m, vccd_mesh_center how, vccd_error *e)
{
    vccd_mesh_mass mp;
    double lo[3], hi[3], sum[3] = { 0, 0, 0 };
    long n = 0;
    unsigned char *used;

    if (how == VCCD_MESH_CENTER_MASS) {
        if (vccd_mesh_mass_props(&mp, m, e) != 0) {
            /* "NAME: no mass properties: ..." becomes
               "NAME: center = mass: no mass properties: ..." */
            char why[sizeof e->msg];
            const char *p = strstr(e->msg, "no mass properties");
            size_t n;
            snprintf(why, sizeof why, "%s", p ? p : e->msg);
            vccd_error_set(e, m->name, 0, NULL, NULL, "center = mass: ");
            n = strlen(e->msg);
            /* why is escaped already */
            snprintf(e->msg + n, sizeof e->msg - n, "%s", why);
            return -1;
        }
        memcpy(c, mp.com, sizeof mp.com);
        return 0;
    }
    if (!(used = calloc((size_t)m->nv, 1)))
        return vccd_error_set(e, m->name, 0, NULL, NULL, "out of memory");
    for (long i = 0; i < m->nt; i++)
        for (int k = 0; k < 3; k++)
            used[m->t[i][k]] = 1;
    for (int k = 0; k < 3; k++)
        lo[k] = INFINITY, hi[k] = -INFINITY;
    for (long v = 0; v < m->nv; v++)
        if (used[v]) {
            n++;
            for (int k = 0; k < 3; k++) {
                sum[k] += m->v[v][k];
                lo[k] = fmin(lo[k], m->v[v][k]);
                hi[k] = fmax(hi[k], m->v[v][k]);
            }
        }
    free(used);
    for (int k = 0; k < 3; k++)
        c[k] = how == VCCD_MESH_CENTER_BBOX ? lo[k] / 2 + hi[k] / 2 : how == VCCD_MESH_CENTER_CENTROID ? sum[k] / (double)n : 0;
    return 0;
}

int
vccd_mesh_normalize_build(vccd_mesh *m, const char *name, vccd_mesh_raw *r, const vccd_mesh_load_opts *o,
                          vccd_error *e)
{
    double c[3] = { 0, 0, 0 }, s = 1;
    vccd_mesh tmp;

    if (o->center == VCCD_MESH_CENTER_NONE && !(o->radius > 0))
        return vccd_mesh_init_arrays(m, name, (const double(*)[3])r->v, r->nv, (const vccd_mesh_index(*)[3])r->t,
                                     r->nt, o->degenerate, e);
    /* a first build checks the input and knows which vertices are used */
    if (vccd_mesh_init_arrays(&tmp, name, (const double(*)[3])r->v, r->nv, (const vccd_mesh_index(*)[3])r->t, r->nt,
                              VCCD_MESH_DEGENERATE_KEEP, e)
        != 0)
        return -1;
    if (centre(c, &tmp, o->center, e) != 0) {
        vccd_mesh_clear(&tmp);
        return -1;
    }
    if (o->radius > 0) {
        double rmax = 0;
        for (long i = 0; i < tmp.nt; i++)
            for (int k = 0; k < 3; k++) {
                const double *p = tmp.v[tmp.t[i][k]];
                rmax = fmax(rmax, sqrt((p[0] - c[0]) * (p[0] - c[0]) + (p[1] - c[1]) * (p[1] - c[1])
                                       + (p[2] - c[2]) * (p[2] - c[2])));
            }
        if (!(rmax > 0) || !isfinite(o->radius / rmax)) {
            vccd_mesh_clear(&tmp);
            return vccd_error_set(e, name, 0, NULL, NULL,
                                  "scale = radius %g: the farthest vertex is at distance %g from the centre", o->radius,
                                  rmax);
        }
        s = o->radius / rmax;
    }
    vccd_mesh_clear(&tmp);
    for (long v = 0; v < r->nv; v++)
        for (int k = 0; k < 3; k++) {
            r->v[v][k] = (r->v[v][k] - c[k]) * s;
            if (!isfinite(r->v[v][k]))
                return vccd_error_set(e, name, 0, NULL, NULL, "normalisation overflows at vertex %ld", v);
        }
    if (vccd_mesh_init_arrays(m, name, (const double(*)[3])r->v, r->nv, (const vccd_mesh_index(*)[3])r->t, r->nt,
                              o->degenerate, e)
        != 0)
        return -1;
    m->normalized = 1;
    memcpy(m->center, c, sizeof c);
    m->scale = s;
    return 0;
}
