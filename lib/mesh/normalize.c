/* normalize.c -- centering and scaling a mesh as it is built (mesh.h).
   The transform acts on the doubles read, before the mesh is built, so
   that its degenerate triangles and closure are those of the geometry
   the user gets: the rounded transformed doubles are that geometry. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mesh/reader.h"

/* The centre o asks for, of the vertices m's triangles use. */
static int
centre(double c[3], const vccd_mesh *m, vccd_mesh_center how, vccd_error *e)
{
    double lo[3], hi[3], sum[3] = { 0, 0, 0 };
    long n = 0;
    unsigned char *used;

    if (how == VCCD_MESH_CENTER_MASS) {
        if (vccd_mesh_mass_centre(c, m, e) != 0) {
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
    for (int k = 0; k < 3; k++)
        if (!isfinite(sum[k])) {
            /* the sum overflowed (coordinates near the binary64 limit):
               sum again in units of 2^64, where it cannot, and scale the
               mean back (exact but for what underflows, which is far
               below the mean's last bit) */
            sum[k] = 0;
            for (long v = 0; v < m->nv; v++)
                if (used[v])
                    sum[k] += ldexp(m->v[v][k], -64);
            sum[k] = ldexp(sum[k] / (double)n, 64);
        } else
            sum[k] /= (double)n;
    free(used);
    for (int k = 0; k < 3; k++)
        c[k] = how == VCCD_MESH_CENTER_BBOX ? lo[k] / 2 + hi[k] / 2 : how == VCCD_MESH_CENTER_CENTROID ? sum[k] : 0;
    return 0;
}

/* The distance of p from c, hypot's way (C11 7.12.7.3: without undue
   overflow or underflow): the squares of 1e-170 are 0 and those of
   1e160 infinite, which made the radius 0 or inf.  d[] = p - c, each
   finite (checked by the caller).  Two hypot roundings: within 2 ulps. */
static double
distance(const double d[3])
{
    return hypot(hypot(d[0], d[1]), d[2]);
}

static int
refuse(vccd_mesh *tmp, const char **key, const char *which, vccd_error *e, const char *name, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

/* A normalisation error: "NAME: OPTION: why", with *key = which. */
static int
refuse(vccd_mesh *tmp, const char **key, const char *which, vccd_error *e, const char *name, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (tmp)
        vccd_mesh_clear(tmp);
    if (key)
        *key = which;
    return vccd_error_set(e, name, 0, NULL, NULL, "%s", msg);
}

int
vccd_mesh_normalize_build(vccd_mesh *m, const char *name, vccd_mesh_raw *r, const vccd_mesh_load_opts *o,
                          const char **key, vccd_error *e)
{
    double c[3] = { 0, 0, 0 }, s = 1;
    vccd_mesh tmp;
    char cs[80] = "center = none", ss[80] = "";

    if (key)
        *key = NULL;
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
        if (key)
            *key = "center";
        return -1;
    }
    snprintf(cs, sizeof cs, "center = %s", vccd_mesh_center_name(o->center));
    if (!isfinite(c[0]) || !isfinite(c[1]) || !isfinite(c[2]))
        return refuse(&tmp, key, "center", e, name, "%s: the centre (%g, %g, %g) is beyond the binary64 range", cs,
                      c[0], c[1], c[2]);
    /* every difference x - c the transform makes must be finite: for a
       used vertex it is the vertex's offset, for an unused one too (the
       transform moves every vertex) */
    for (long v = 0; v < r->nv; v++)
        for (int k = 0; k < 3; k++)
            if (!isfinite(r->v[v][k] - c[k]))
                return refuse(&tmp, key, "center", e, name,
                              "%s: vertex %ld is %g from the centre along %c, beyond the binary64 range", cs, v,
                              r->v[v][k] - c[k], "xyz"[k]);
    if (o->radius > 0) {
        double rmax = 0;
        snprintf(ss, sizeof ss, "scale = radius %g", o->radius);
        for (long i = 0; i < tmp.nt; i++)
            for (int k = 0; k < 3; k++) {
                const double *p = tmp.v[tmp.t[i][k]];
                double d[3] = { p[0] - c[0], p[1] - c[1], p[2] - c[2] };
                rmax = fmax(rmax, distance(d));
            }
        if (!(rmax > 0))
            return refuse(&tmp, key, "scale", e, name, "%s: every vertex of the mesh is at the centre (%s)", ss, cs);
        if (!isfinite(rmax))
            return refuse(&tmp, key, "scale", e, name,
                          "%s: the farthest vertex is beyond the binary64 range from the centre (%s)", ss, cs);
        s = o->radius / rmax;
        /* a scale that overflows, underflows to 0 or is subnormal (fewer
           bits than a double: the scaled mesh would not be the mesh) */
        if (!isnormal(s))
            return refuse(&tmp, key, "scale", e, name,
                          "%s: the farthest vertex is at distance %g from the centre: the scale factor %g is "
                          "beyond the binary64 range (%s)",
                          ss, rmax, s, cs);
    }
    vccd_mesh_clear(&tmp);
    for (long v = 0; v < r->nv; v++)
        for (int k = 0; k < 3; k++) {
            double x = (r->v[v][k] - c[k]) * s;
            if (!isfinite(x))
                return refuse(NULL, key, o->radius > 0 ? "scale" : "center", e, name,
                              "%s%s%s: vertex %ld overflows the binary64 range", cs, *ss ? ", " : "", ss, v);
            r->v[v][k] = x;
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
