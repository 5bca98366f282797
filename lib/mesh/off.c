/* off.c -- Object File Format: a header word (OFF, or COFF/NOFF/CNOFF
   whose vertex lines carry colours or normals after x y z), the counts
   "nv nf ne" (on the header line or the next), nv vertex lines, nf face
   lines "n i1 ... in [colour]" with 0-based indices.  '#' starts a
   comment; blank lines are skipped. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mesh/reader.h"
#include "vccd/grow.h"

/* The next line with content (comments cut): 1 with *s at its first
   token, 0 at the end, -1 on a read error. */
static int
next_content(vccd_input *in, const char **s, vccd_error *e)
{
    char *line;
    size_t len;
    int rc;
    while ((rc = vccd_input_line(in, &line, &len, e)) > 0) {
        char *h = strchr(line, '#');
        const char *p;
        size_t tl;
        if (h)
            *h = '\0';
        p = line;
        if (vccd_mesh_token(&p, &tl)) {
            *s = line;
            return 1;
        }
    }
    return rc;
}

static int
ends_early(const vccd_input *in, vccd_error *e, const char *what, long want, long got)
{
    return vccd_error_set(e, in->file, 0, NULL, NULL,
                          "count mismatch: the header announces %ld %s, the file ends after %ld (line %ld)", want,
                          what, got, in->line);
}

/* OFF with optional prefixes: C (colours), N (normals), ST (texture
   coordinates), 4 (4D, refused when read) */
static int
sniff_off(const char *tok, size_t len)
{
    size_t i = 0;
    if (len < 3 || strncmp(tok + len - 3, "OFF", 3) != 0)
        return 0;
    while (i < len - 3 && strchr("CNST4", tok[i]))
        i++;
    return i == len - 3;
}

static int
read_off(vccd_mesh_raw *r, vccd_input *in, vccd_error *e)
{
    static const char axis[3] = { 'x', 'y', 'z' };
    const char *s, *tok;
    size_t len;
    long cnt[3];
    int rc, k;
    vccd_mesh_index *c = NULL;
    long ccap = 0;

    if ((rc = next_content(in, &s, e)) <= 0)
        return rc < 0 ? -1 : vccd_error_set(e, in->file, 0, NULL, NULL, "empty file (expected an OFF header)");
    tok = vccd_mesh_token(&s, &len);
    if (!sniff_off(tok, len))
        return vccd_mesh_line_error(in, e, "not an OFF file: the header is '%.*s', expected OFF", (int)(len > 20 ? 20 : len),
                                    tok);
    if (memchr(tok, '4', len))
        return vccd_mesh_line_error(in, e, "4OFF (4D vertices) is not a 3D mesh");
    for (k = 0; k < 3; k++) {
        static const char *const cname[3] = { "vertex count", "face count", "edge count" };
        if (!(tok = vccd_mesh_token(&s, &len))) {
            if (k > 0)
                return vccd_mesh_line_error(in, e, "the counts line has %d number%s, expected 3 (vertices faces "
                                                   "edges)", k, k == 1 ? "" : "s");
            if ((rc = next_content(in, &s, e)) <= 0)
                return rc < 0 ? -1 : vccd_error_set(e, in->file, 0, NULL, NULL, "the file ends before the counts");
            tok = vccd_mesh_token(&s, &len);
        }
        if (vccd_mesh_parse_long(&cnt[k], tok, len, 0, INT32_MAX, in, cname[k], e) != 0)
            return -1;
    }
    /* a vertex line is at least "0 0 0\n", a face line "3 0 1 2\n"; a
       face is at least one triangle */
    if (vccd_mesh_raw_announce(r, cnt[0], cnt[1], 6LL * cnt[0] + 8LL * cnt[1] - 1, in, e) != 0)
        return -1;
    for (long i = 0; i < cnt[0]; i++) {
        double p[3];
        if ((rc = next_content(in, &s, e)) <= 0)
            return rc < 0 ? -1 : ends_early(in, e, "vertices", cnt[0], i);
        for (k = 0; k < 3; k++) {
            char what[64];
            if (!(tok = vccd_mesh_token(&s, &len)))
                return vccd_mesh_line_error(in, e, "vertex %ld: %d coordinate%s, expected 3", i, k,
                                            k == 1 ? "" : "s");
            if (!vccd_mesh_coord_ok(&p[k], tok, len)) {
                snprintf(what, sizeof what, "vertex %ld %c", i, axis[k]);
                if (vccd_mesh_parse_coord(&p[k], tok, len, in, what, e) != 0)
                    return -1;
            }
        }
        if (vccd_mesh_raw_vertex(r, p, in, e) != 0)
            return -1;
    }
    for (long i = 0; i < cnt[1]; i++) {
        long n;
        char what[64];
        if ((rc = next_content(in, &s, e)) <= 0) {
            free(c);
            return rc < 0 ? -1 : ends_early(in, e, "faces", cnt[1], i);
        }
        tok = vccd_mesh_token(&s, &len);
        snprintf(what, sizeof what, "face %ld vertex count", i);
        if (vccd_mesh_parse_long(&n, tok, len, 0, INT32_MAX, in, what, e) != 0)
            goto fail;
        if (n < 3) {
            vccd_mesh_line_error(in, e, "face %ld with %ld vertices (at least 3)", i, n);
            goto fail;
        }
        for (long j = 0; j < n; j++) {
            long idx;
            if (!(tok = vccd_mesh_token(&s, &len))) {
                vccd_mesh_line_error(in, e, "count mismatch: face %ld announces %ld vertices, the line has %ld", i,
                                     n, j);
                goto fail;
            }
            if (!vccd_mesh_long_ok(&idx, tok, len, 0, cnt[0] - 1)) {
                snprintf(what, sizeof what, "face %ld corner %ld", i, j + 1);
                if (vccd_mesh_parse_long(&idx, tok, len, 0, cnt[0] - 1, in, what, e) != 0)
                    goto fail;
            }
            if (vccd_grow((void **)&c, &ccap, j, sizeof *c) != 0) {
                vccd_mesh_line_error(in, e, "out of memory");
                goto fail;
            }
            c[j] = (vccd_mesh_index)idx;
        }
        /* what follows the corners is a colour, not geometry */
        if (vccd_mesh_raw_polygon(r, c, n, in, e) != 0)
            goto fail;
    }
    free(c);
    if ((rc = next_content(in, &s, e)) != 0)
        return rc < 0 ? -1
                      : vccd_mesh_line_error(in, e, "count mismatch: data after the %ld vertices and %ld faces the "
                                                    "header announces",
                                             cnt[0], cnt[1]);
    return 0;
fail:
    free(c);
    return -1;
}

const vccd_mesh_format vccd_mesh_format_off = { "off", sniff_off, read_off };
