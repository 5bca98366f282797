/* obj2d.c -- 2D bodies as a subset of Wavefront OBJ (doc/meshes.md):
       v X Y [0]          a vertex in the plane (a third number must be 0)
       l I J [K ...]      a polyline I-J, J-K, ...: one segment per
                          consecutive pair; repeat the first index at the
                          end to close a polygon
   Indices count from 1, or from -1 backwards, and name a vertex read
   before (the segments are checked as they come, so the message can name
   the line).  '#' starts a comment.  Anything else is an error: a 2D file
   that says `f` is almost certainly a 3D mesh under the wrong name.  Each
   segment becomes the triangle (I, J, J), the form mesh.h reads as a 2D
   body. */
#include <stdio.h>
#include <string.h>

#include "mesh/reader.h"

static int
read_vertex(vccd_mesh_raw *r, const char *s, const vccd_input *in, vccd_error *e)
{
    static const char axis[3] = { 'x', 'y', 'z' };
    double p[3] = { 0.0, 0.0, 0.0 };
    size_t len;
    const char *tok;
    for (int k = 0; k < 3; k++) {
        char what[64];
        if (!(tok = vccd_mesh_token(&s, &len))) {
            if (k == 2)
                break;
            return vccd_mesh_line_error(in, e, "vertex %ld: %d coordinate%s, expected 2 (x y)", r->nv + 1, k,
                                        k == 1 ? "" : "s");
        }
        snprintf(what, sizeof what, "vertex %ld %c", r->nv + 1, axis[k]);
        if (vccd_mesh_parse_coord(&p[k], tok, len, in, what, e) != 0)
            return -1;
    }
    if (p[2] != 0.0)
        return vccd_mesh_line_error(in, e, "vertex %ld z = %.17g: a 2D body lies in the plane z = 0", r->nv + 1, p[2]);
    if ((tok = vccd_mesh_token(&s, &len))) {
        char buf[48];
        return vccd_mesh_line_error(in, e, "vertex %ld: extra field '%s' (v x y [0])", r->nv + 1,
                                    vccd_mesh_token_text(buf, sizeof buf, tok, len));
    }
    return vccd_mesh_raw_vertex(r, p, in, e);
}

static int
read_polyline(vccd_mesh_raw *r, const char *s, const vccd_input *in, vccd_error *e)
{
    long n = 0, prev = -1, idx;
    size_t len;
    const char *tok;
    while ((tok = vccd_mesh_token(&s, &len))) {
        char what[64];
        snprintf(what, sizeof what, "polyline index %ld", n + 1);
        if (vccd_mesh_parse_long(&idx, tok, len, -(long)INT32_MAX, INT32_MAX, in, what, e) != 0)
            return -1;
        if (idx == 0)
            return vccd_mesh_line_error(in, e, "polyline index %ld: vertex index 0 (counts from 1, or from -1 "
                                               "backwards)", n + 1);
        if (idx > r->nv || -idx > r->nv)
            return vccd_mesh_line_error(in, e, "polyline index %ld: vertex index %ld out of range (%ld vertices "
                                               "so far; a vertex must come before its use)", n + 1, idx, r->nv);
        idx = idx > 0 ? idx - 1 : r->nv + idx;
        if (prev >= 0) {
            const double *a = r->v[prev], *b = r->v[idx];
            if (a[0] == b[0] && a[1] == b[1])
                return vccd_mesh_line_error(in, e, "polyline index %ld: zero-length segment from vertex %ld to "
                                                   "vertex %ld (both at %.17g %.17g)", n + 1, prev + 1, idx + 1,
                                            a[0], a[1]);
            /* the segment as the triangle (prev, idx, idx), within the
               limit of one mesh */
            vccd_mesh_index seg[3] = { (vccd_mesh_index)prev, (vccd_mesh_index)idx, (vccd_mesh_index)idx };
            if (vccd_mesh_raw_polygon(r, seg, 3, in, e) != 0)
                return -1;
        }
        prev = idx;
        n++;
    }
    if (n < 2)
        return vccd_mesh_line_error(in, e, "polyline with %ld vert%s (at least 2)", n, n == 1 ? "ex" : "ices");
    return 0;
}

static int
read_obj2d(vccd_mesh_raw *r, vccd_input *in, vccd_error *e)
{
    char *line;
    size_t len;
    int rc;

    while ((rc = vccd_input_line(in, &line, &len, e)) > 0) {
        const char *s = line, *tok = vccd_mesh_token(&s, &len);
        char buf[48];
        if (!tok || tok[0] == '#')
            continue;
        if (len == 1 && tok[0] == 'v')
            rc = read_vertex(r, s, in, e);
        else if (len == 1 && tok[0] == 'l')
            rc = read_polyline(r, s, in, e);
        else
            rc = vccd_mesh_line_error(in, e, "unknown statement '%s' (a 2D file has v x y and l i j ... lines)",
                                      vccd_mesh_token_text(buf, sizeof buf, tok, len));
        if (rc != 0)
            break;
    }
    if (rc == 0 && r->nt == 0)
        return vccd_error_set(e, in->file, 0, NULL, NULL, "no segment (a 2D file needs an l line)");
    return rc < 0 ? -1 : 0;
}

const vccd_mesh_format vccd_mesh_format_obj2d = { "obj2d", NULL, read_obj2d };
