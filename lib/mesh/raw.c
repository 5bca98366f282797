/* raw.c -- vertices and triangles as a reader finds them, and the limits
   they are held to (reader.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mesh/reader.h"

void
vccd_mesh_raw_init(vccd_mesh_raw *r, long max_triangles, long long size)
{
    memset(r, 0, sizeof *r);
    r->max_nt = max_triangles > 0 ? max_triangles : VCCD_MESH_MAX_TRIANGLES;
    r->max_nv = 3 * r->max_nt;
    r->size = size;
}

void
vccd_mesh_raw_clear(vccd_mesh_raw *r)
{
    long max_nt = r->max_nt;
    long long size = r->size;
    free(r->v);
    free(r->t);
    vccd_mesh_raw_init(r, max_nt, size);
}

const char *
vccd_mesh_limit_text(char *buf, size_t size, long max_nt)
{
    snprintf(buf, size, "the limit of one mesh: max_triangles = %ld%s", max_nt,
             max_nt == VCCD_MESH_MAX_TRIANGLES ? " (the default; raise it with max_triangles)" : "");
    return buf;
}

/* Room for need elements of size bytes in *p (room for *cap): doubling,
   but never past max, so that an array at the limit is not twice it.
   0, or -1 when out of memory. */
static int
grow(void **p, long *cap, long need, long max, size_t size)
{
    long c = *cap ? *cap : 16;
    void *q;
    if (need <= *cap)
        return 0;
    while (c < need && c < max)
        c = c > max / 2 ? max : 2 * c;
    if (c < need)
        c = need;
    if (!(q = realloc(*p, (size_t)c * size)))
        return -1;
    *p = q;
    *cap = c;
    return 0;
}

int
vccd_mesh_raw_add_vertex(vccd_mesh_raw *r, const double p[3], char *msg, size_t size)
{
    char lim[160];
    if (r->nv >= r->max_nv) {
        snprintf(msg, size, "more than %ld vertices (3 max_triangles): %s", r->max_nv,
                 vccd_mesh_limit_text(lim, sizeof lim, r->max_nt));
        return -1;
    }
    if (grow((void **)&r->v, &r->vcap, r->nv + 1, r->max_nv, sizeof *r->v) != 0) {
        snprintf(msg, size, "out of memory");
        return -1;
    }
    memcpy(r->v[r->nv++], p, sizeof *r->v);
    return 0;
}

int
vccd_mesh_raw_add_polygon(vccd_mesh_raw *r, const vccd_mesh_index *c, long n, char *msg, size_t size)
{
    char lim[160];
    if (n - 2 > r->max_nt - r->nt) {
        snprintf(msg, size, "more than %ld triangles: %s", r->max_nt, vccd_mesh_limit_text(lim, sizeof lim, r->max_nt));
        return -1;
    }
    if (grow((void **)&r->t, &r->tcap, r->nt + n - 2, r->max_nt, sizeof *r->t) != 0) {
        snprintf(msg, size, "out of memory");
        return -1;
    }
    for (long i = 1; i + 1 < n; i++) {
        r->t[r->nt][0] = c[0];
        r->t[r->nt][1] = c[i];
        r->t[r->nt][2] = c[i + 1];
        r->nt++;
    }
    return 0;
}

int
vccd_mesh_raw_vertex(vccd_mesh_raw *r, const double p[3], const vccd_input *in, vccd_error *e)
{
    char msg[300];
    if (vccd_mesh_raw_add_vertex(r, p, msg, sizeof msg) != 0)
        return vccd_mesh_line_error(in, e, "%s", msg);
    return 0;
}

int
vccd_mesh_raw_polygon(vccd_mesh_raw *r, const vccd_mesh_index *c, long n, const vccd_input *in, vccd_error *e)
{
    char msg[300];
    if (vccd_mesh_raw_add_polygon(r, c, n, msg, sizeof msg) != 0)
        return vccd_mesh_line_error(in, e, "%s", msg);
    return 0;
}

long long
vccd_mesh_raw_left(const vccd_mesh_raw *r, const vccd_input *in)
{
    long long left;
    if (r->size < 0)
        return -1;
    left = r->size - vccd_input_offset(in);
    return left > 0 ? left : 0;
}

int
vccd_mesh_raw_announce(vccd_mesh_raw *r, long nv, long nt, long long min_bytes, const vccd_input *in,
                       vccd_error *e)
{
    char lim[160];
    long long left = vccd_mesh_raw_left(r, in);
    if (nv > r->max_nv)
        return vccd_mesh_line_error(in, e, "the header announces %ld vertices, more than %ld (3 max_triangles): %s",
                                    nv, r->max_nv, vccd_mesh_limit_text(lim, sizeof lim, r->max_nt));
    if (nt > r->max_nt)
        return vccd_mesh_line_error(in, e, "the header announces at least %ld triangles, more than %ld: %s", nt,
                                    r->max_nt, vccd_mesh_limit_text(lim, sizeof lim, r->max_nt));
    /* reserving is only a saving (no doubling); when the bytes cannot
       back the counts the reader will stop at the file's end */
    if (left >= 0 && min_bytes <= left) {
        if (grow((void **)&r->v, &r->vcap, nv, r->max_nv, sizeof *r->v) != 0
            || grow((void **)&r->t, &r->tcap, nt, r->max_nt, sizeof *r->t) != 0)
            return vccd_mesh_line_error(in, e, "out of memory");
    }
    return 0;
}
