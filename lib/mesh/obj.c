/* obj.c -- Wavefront OBJ: `v x y z [...]` and `f` polygons whose corners
   are i, i/t, i//n or i/t/n, 1-based or negative (relative to the
   vertices read so far); every other statement (vt, vn, g, o, s, usemtl,
   mtllib, l, p, ...) is skipped, as are comments. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mesh/reader.h"
#include "vccd/grow.h"

/* A face corner naming a vertex not read yet (legal if one comes later):
   checked at the end, reported at its line. */
typedef struct {
    long line, index;
} forward_ref;

static int
read_vertex(vccd_mesh_raw *r, const char *s, const vccd_input *in, vccd_error *e)
{
    static const char axis[3] = { 'x', 'y', 'z' };
    double p[3];
    for (int k = 0; k < 3; k++) {
        size_t len;
        const char *tok = vccd_mesh_token(&s, &len);
        char what[64];
        if (!tok)
            return vccd_mesh_line_error(in, e, "vertex %ld: %d coordinate%s, expected 3", r->nv + 1, k,
                                        k == 1 ? "" : "s");
        if (!vccd_mesh_coord_ok(&p[k], tok, len)) {
            snprintf(what, sizeof what, "vertex %ld %c", r->nv + 1, axis[k]);
            if (vccd_mesh_parse_coord(&p[k], tok, len, in, what, e) != 0)
                return -1;
        }
    }
    /* further numbers (w, or vertex colours) are not geometry */
    return vccd_mesh_raw_vertex(r, p, in, e);
}

static int
read_face(vccd_mesh_raw *r, const char *s, vccd_mesh_index **c, long *ccap, forward_ref **fw, long *nfw,
          long *fwcap, const vccd_input *in, vccd_error *e)
{
    long n = 0, maxfw = 0;
    size_t len;
    const char *tok;
    while ((tok = vccd_mesh_token(&s, &len))) {
        /* the vertex index is the part before the first '/' */
        size_t il = strcspn(tok, "/");
        long idx;
        char what[64];
        if (il > len)
            il = len;
        if (!vccd_mesh_long_ok(&idx, tok, il, -(long)INT32_MAX, INT32_MAX)) {
            snprintf(what, sizeof what, "face corner %ld", n + 1);
            if (vccd_mesh_parse_long(&idx, tok, il, -(long)INT32_MAX, INT32_MAX, in, what, e) != 0)
                return -1;
        }
        if (idx == 0)
            return vccd_mesh_line_error(in, e, "face corner %ld: vertex index 0 (OBJ counts from 1, or from -1 "
                                               "backwards)", n + 1);
        if (idx < 0) {
            if (-idx > r->nv)
                return vccd_mesh_line_error(in, e, "face corner %ld: vertex index %ld out of range (%ld vertices "
                                                   "so far)", n + 1, idx, r->nv);
            idx = r->nv + idx;
        } else {
            if (idx > r->nv && idx > maxfw)
                maxfw = idx;
            idx--;
        }
        if (vccd_grow((void **)c, ccap, n, sizeof **c) != 0)
            return vccd_mesh_line_error(in, e, "out of memory");
        (*c)[n++] = (vccd_mesh_index)idx;
    }
    if (n < 3)
        return vccd_mesh_line_error(in, e, "face with %ld vertices (at least 3)", n);
    if (maxfw) {
        if (vccd_grow((void **)fw, fwcap, *nfw, sizeof **fw) != 0)
            return vccd_mesh_line_error(in, e, "out of memory");
        (*fw)[*nfw].line = in->line;
        (*fw)[*nfw].index = maxfw;
        ++*nfw;
    }
    return vccd_mesh_raw_polygon(r, *c, n, in, e);
}

static int
read_obj(vccd_mesh_raw *r, vccd_input *in, vccd_error *e)
{
    char *line;
    size_t len;
    int rc;
    vccd_mesh_index *c = NULL;
    long ccap = 0, nfw = 0, fwcap = 0;
    forward_ref *fw = NULL;

    while ((rc = vccd_input_line(in, &line, &len, e)) > 0) {
        const char *s = line, *tok = vccd_mesh_token(&s, &len);
        if (!tok)
            continue;
        if (len == 1 && tok[0] == 'v')
            rc = read_vertex(r, s, in, e);
        else if (len == 1 && tok[0] == 'f')
            rc = read_face(r, s, &c, &ccap, &fw, &nfw, &fwcap, in, e);
        else
            rc = 0;
        if (rc != 0)
            break;
    }
    for (long i = 0; rc == 0 && i < nfw; i++)
        if (fw[i].index > r->nv) {
            rc = vccd_error_set(e, in->file, (int)fw[i].line, NULL, NULL,
                                "face: vertex index %ld out of range (the file has %ld vertices)", fw[i].index,
                                r->nv);
        }
    free(c);
    free(fw);
    return rc < 0 ? -1 : 0;
}

const vccd_mesh_format vccd_mesh_format_obj = { "obj", NULL, read_obj };
