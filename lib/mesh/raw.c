/* raw.c -- vertices and triangles as a reader finds them (reader.h). */
#include <stdlib.h>
#include <string.h>

#include "mesh/reader.h"
#include "vccd/grow.h"

void
vccd_mesh_raw_clear(vccd_mesh_raw *r)
{
    free(r->v);
    free(r->t);
    memset(r, 0, sizeof *r);
}

int
vccd_mesh_raw_vertex(vccd_mesh_raw *r, const double p[3], const vccd_input *in, vccd_error *e)
{
    if (r->nv >= INT32_MAX)
        return vccd_mesh_line_error(in, e, "more than %ld vertices", (long)INT32_MAX);
    if (vccd_grow((void **)&r->v, &r->vcap, r->nv, sizeof *r->v) != 0)
        return vccd_mesh_line_error(in, e, "out of memory");
    memcpy(r->v[r->nv++], p, sizeof *r->v);
    return 0;
}

int
vccd_mesh_raw_polygon(vccd_mesh_raw *r, const vccd_mesh_index *c, long n, const vccd_input *in, vccd_error *e)
{
    for (long i = 1; i + 1 < n; i++) {
        if (vccd_grow((void **)&r->t, &r->tcap, r->nt, sizeof *r->t) != 0)
            return vccd_mesh_line_error(in, e, "out of memory");
        r->t[r->nt][0] = c[0];
        r->t[r->nt][1] = c[i];
        r->t[r->nt][2] = c[i + 1];
        r->nt++;
    }
    return 0;
}
