/* ply.c -- PLY, ASCII and binary (little or big endian).

   The header declares elements and their properties; the reader keeps
   x, y, z of element "vertex" (any numeric type, in any position among
   other properties) and the list "vertex_indices" (or "vertex_index") of
   element "face" (any integer count and index types), and skips every
   other property and element.  ASCII bodies hold one element per line;
   binary ones are read through the input reader, which names the byte
   offset where a body ends early. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <stdarg.h>

#include "mesh/reader.h"
#include "vccd/grow.h"

typedef enum { T_INT8, T_UINT8, T_INT16, T_UINT16, T_INT32, T_UINT32, T_FLOAT32, T_FLOAT64 } ptype;

/* Names, sizes and (integer types) the range an ASCII value must be in. */
static const struct {
    const char *name, *alias;
    int size;
    long lo, hi;
} types[] = {
    { "char", "int8", 1, INT8_MIN, INT8_MAX },       { "uchar", "uint8", 1, 0, UINT8_MAX },
    { "short", "int16", 2, INT16_MIN, INT16_MAX },   { "ushort", "uint16", 2, 0, UINT16_MAX },
    { "int", "int32", 4, INT32_MIN, INT32_MAX },     { "uint", "uint32", 4, 0, (long)UINT32_MAX },
    { "float", "float32", 4, 0, 0 },                 { "double", "float64", 8, 0, 0 },
};

#define NAME_MAX_LEN 64
#define MAX_PROPS 64
#define MAX_ELEMENTS 64
/* A polygon with more corners than this is a corrupt count, not a face. */
#define MAX_CORNERS (1L << 20)

typedef struct {
    char name[NAME_MAX_LEN];
    int list;
    ptype count_type, type;
} prop;

typedef struct {
    char name[NAME_MAX_LEN];
    long count;
    prop p[MAX_PROPS];
    int np;
    /* the roles of this element's properties: -1 if absent */
    int xyz[3], corners;
} element;

typedef struct {
    int binary, swap;
    element el[MAX_ELEMENTS];
    int ne;
    long nv_declared;
} header;

static int
is_float(ptype t)
{
    return t == T_FLOAT32 || t == T_FLOAT64;
}

static int
parse_type(ptype *t, const char *tok, size_t len)
{
    for (int i = 0; i < (int)(sizeof types / sizeof types[0]); i++)
        if ((strlen(types[i].name) == len && !strncmp(tok, types[i].name, len))
            || (strlen(types[i].alias) == len && !strncmp(tok, types[i].alias, len))) {
            *t = (ptype)i;
            return 0;
        }
    return -1;
}

static int
host_little_endian(void)
{
    const uint16_t one = 1;
    return *(const unsigned char *)&one == 1;
}

static int
sniff_ply(const char *tok, size_t len)
{
    return len == 3 && !strncmp(tok, "ply", 3);
}

/* Copy token into a property or element name. */
static int
set_name(char *out, const char *tok, size_t len, const vccd_input *in, vccd_error *e)
{
    char buf[80];
    if (len >= NAME_MAX_LEN)
        return vccd_mesh_line_error(in, e, "name '%s' longer than %d bytes", vccd_mesh_token_text(buf, sizeof buf, tok, len),
                                    NAME_MAX_LEN - 1);
    memcpy(out, tok, len);
    out[len] = '\0';
    return 0;
}

static int
read_header(header *h, const vccd_mesh_raw *r, vccd_input *in, vccd_error *e)
{
    char *line, buf[80];
    size_t len;
    int rc, have_format = 0;
    const char *s, *tok;

    memset(h, 0, sizeof *h);
    h->nv_declared = -1;
    if ((rc = vccd_input_line(in, &line, &len, e)) <= 0)
        return rc < 0 ? -1 : vccd_error_set(e, in->file, 0, NULL, NULL, "empty file (expected a PLY header)");
    s = line;
    tok = vccd_mesh_token(&s, &len);
    if (!tok || !sniff_ply(tok, len) || vccd_mesh_token(&s, &len))
        return vccd_mesh_line_error(in, e, "not a PLY file: the first line must be 'ply'");
    for (;;) {
        if ((rc = vccd_input_line(in, &line, &len, e)) <= 0)
            return rc < 0 ? -1 : vccd_error_set(e, in->file, 0, NULL, NULL, "the file ends inside the header (no end_header)");
        s = line;
        if (!(tok = vccd_mesh_token(&s, &len)))
            continue;
#define IS(word) (len == strlen(word) && !strncmp(tok, word, len))
        if (IS("end_header"))
            break;
        if (IS("comment") || IS("obj_info"))
            continue;
        if (IS("format")) {
            tok = vccd_mesh_token(&s, &len);
            if (tok && IS("ascii"))
                h->binary = 0;
            else if (tok && IS("binary_little_endian"))
                h->binary = 1, h->swap = !host_little_endian();
            else if (tok && IS("binary_big_endian"))
                h->binary = 1, h->swap = host_little_endian();
            else
                return vccd_mesh_line_error(in, e, "unknown PLY format '%s' (ascii, binary_little_endian, "
                                                   "binary_big_endian)",
                                            tok ? vccd_mesh_token_text(buf, sizeof buf, tok, len) : "");
            tok = vccd_mesh_token(&s, &len);
            if (!tok || !IS("1.0"))
                return vccd_mesh_line_error(in, e, "PLY version must be 1.0");
            have_format = 1;
        } else if (IS("element")) {
            element *el;
            long n;
            if (h->ne == MAX_ELEMENTS)
                return vccd_mesh_line_error(in, e, "more than %d elements", MAX_ELEMENTS);
            el = &h->el[h->ne];
            memset(el, 0, sizeof *el);
            el->xyz[0] = el->xyz[1] = el->xyz[2] = el->corners = -1;
            if (!(tok = vccd_mesh_token(&s, &len)))
                return vccd_mesh_line_error(in, e, "element without a name");
            if (set_name(el->name, tok, len, in, e) != 0)
                return -1;
            if (!(tok = vccd_mesh_token(&s, &len)))
                return vccd_mesh_line_error(in, e, "element %s without a count", el->name);
            if (vccd_mesh_parse_long(&n, tok, len, 0, INT32_MAX, in, "element count", e) != 0)
                return -1;
            el->count = n;
            /* a count over the limit is refused at its own line, before
               a byte of the body is read */
            if (!strcmp(el->name, "vertex") && n > r->max_nv) {
                char lim[160];
                return vccd_mesh_line_error(in, e, "element vertex %ld: more than %ld vertices (3 max_triangles): %s",
                                            n, r->max_nv, vccd_mesh_limit_text(lim, sizeof lim, r->max_nt));
            }
            if (!strcmp(el->name, "face") && n > r->max_nt) {
                char lim[160];
                return vccd_mesh_line_error(in, e, "element face %ld: more than %ld triangles: %s", n, r->max_nt,
                                            vccd_mesh_limit_text(lim, sizeof lim, r->max_nt));
            }
            if (!strcmp(el->name, "vertex"))
                h->nv_declared = n;
            h->ne++;
        } else if (IS("property")) {
            element *el;
            prop *p;
            if (h->ne == 0)
                return vccd_mesh_line_error(in, e, "property before any element");
            el = &h->el[h->ne - 1];
            if (el->np == MAX_PROPS)
                return vccd_mesh_line_error(in, e, "element %s: more than %d properties", el->name, MAX_PROPS);
            p = &el->p[el->np];
            memset(p, 0, sizeof *p);
            if (!(tok = vccd_mesh_token(&s, &len)))
                return vccd_mesh_line_error(in, e, "property without a type");
            if (IS("list")) {
                p->list = 1;
                tok = vccd_mesh_token(&s, &len);
                if (!tok || parse_type(&p->count_type, tok, len) != 0 || is_float(p->count_type))
                    return vccd_mesh_line_error(in, e, "list count type '%s' is not an integer type",
                                                tok ? vccd_mesh_token_text(buf, sizeof buf, tok, len) : "");
                tok = vccd_mesh_token(&s, &len);
            }
            if (!tok || parse_type(&p->type, tok, len) != 0)
                return vccd_mesh_line_error(in, e, "unknown property type '%s'",
                                            tok ? vccd_mesh_token_text(buf, sizeof buf, tok, len) : "");
            if (!(tok = vccd_mesh_token(&s, &len)))
                return vccd_mesh_line_error(in, e, "property without a name");
            if (set_name(p->name, tok, len, in, e) != 0)
                return -1;
            if (!strcmp(el->name, "vertex") && !p->list)
                for (int k = 0; k < 3; k++)
                    if (!strcmp(p->name, (const char *[]){ "x", "y", "z" }[k]))
                        el->xyz[k] = el->np;
            if (!strcmp(el->name, "face") && p->list
                && (!strcmp(p->name, "vertex_indices") || !strcmp(p->name, "vertex_index"))) {
                if (is_float(p->type))
                    return vccd_mesh_line_error(in, e, "face %s: indices of floating-point type", p->name);
                el->corners = el->np;
            }
            el->np++;
        } else {
            return vccd_mesh_line_error(in, e, "unknown header keyword '%s'", vccd_mesh_token_text(buf, sizeof buf, tok, len));
        }
#undef IS
    }
    if (!have_format)
        return vccd_mesh_line_error(in, e, "the header has no format line");
    for (int i = 0; i < h->ne; i++) {
        element *el = &h->el[i];
        if (!strcmp(el->name, "vertex"))
            for (int k = 0; k < 3; k++)
                if (el->xyz[k] < 0)
                    return vccd_error_set(e, in->file, 0, NULL, NULL, "element vertex has no property %c", "xyz"[k]);
        if (!strcmp(el->name, "face") && el->corners < 0)
            return vccd_error_set(e, in->file, 0, NULL, NULL,
                                  "element face has no list property vertex_indices (or vertex_index)");
    }
    if (h->nv_declared < 0)
        return vccd_error_set(e, in->file, 0, NULL, NULL, "no element vertex");
    return 0;
}

/* --- binary --------------------------------------------------------------- */

static void
load(unsigned char *out, const unsigned char *p, int size, int swap)
{
    for (int i = 0; i < size; i++)
        out[i] = p[swap ? size - 1 - i : i];
}

/* The value of type t at p as a double (exact: every PLY type fits). */
static double
get_double(const unsigned char *p, ptype t, int swap)
{
    unsigned char b[8];
    load(b, p, types[t].size, swap);
    switch (t) {
    case T_INT8: { int8_t x; memcpy(&x, b, 1); return x; }
    case T_UINT8: return b[0];
    case T_INT16: { int16_t x; memcpy(&x, b, 2); return x; }
    case T_UINT16: { uint16_t x; memcpy(&x, b, 2); return x; }
    case T_INT32: { int32_t x; memcpy(&x, b, 4); return x; }
    case T_UINT32: { uint32_t x; memcpy(&x, b, 4); return x; }
    case T_FLOAT32: { float x; memcpy(&x, b, 4); return x; }
    case T_FLOAT64: { double x; memcpy(&x, b, 8); return x; }
    }
    return 0;
}

static int
bin_error(const vccd_input *in, vccd_error *e, long long at, const char *el, long i, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

static int
bin_error(const vccd_input *in, vccd_error *e, long long at, const char *el, long i, const char *fmt, ...)
{
    char msg[300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return vccd_error_set(e, in->file, 0, NULL, NULL, "byte %lld: %s %ld: %s", at, el, i, msg);
}

/* One element instance's values: the vertex position and the face
   corners, whichever the element has. */
typedef struct {
    double p[3];
    vccd_mesh_index *c;
    long ncap, n;
} instance;

/* Keep corner j = x of a face, checking the index. */
static int
corner(instance *x, long j, double v, long nv, char *msg, size_t size)
{
    if (!(v >= 0 && v < (double)nv && v == floor(v))) {
        snprintf(msg, size, "vertex index %.17g out of range 0..%ld", v, nv - 1);
        return -1;
    }
    if (vccd_grow((void **)&x->c, &x->ncap, j, sizeof *x->c) != 0) {
        snprintf(msg, size, "out of memory");
        return -1;
    }
    x->c[j] = (vccd_mesh_index)v;
    return 0;
}

/* Add the instance to r: a vertex, or a polygon.  msg set on -1. */
static int
store(vccd_mesh_raw *r, const element *el, instance *x, char *msg, size_t size)
{
    if (el->xyz[0] >= 0) {
        for (int k = 0; k < 3; k++)
            if (!isfinite(x->p[k])) {
                snprintf(msg, size, "%c is %s", "xyz"[k], isnan(x->p[k]) ? "NaN" : "infinite");
                return -1;
            }
        if (vccd_mesh_raw_add_vertex(r, x->p, msg, size) != 0)
            return -1;
    }
    if (el->corners >= 0) {
        if (x->n < 3) {
            snprintf(msg, size, "face with %ld vertices (at least 3)", x->n);
            return -1;
        }
        if (vccd_mesh_raw_add_polygon(r, x->c, x->n, msg, size) != 0)
            return -1;
    }
    return 0;
}

/* "NAME I" into out (NAME_MAX_LEN + 24 bytes): the element instance a
   binary read names should the body end inside it.  Made for every
   instance, so without printf's cost. */
static void
name_instance(char *out, const char *name, long i)
{
    char d[24];
    int n = 0;
    size_t l = strlen(name);
    memcpy(out, name, l);
    out[l++] = ' ';
    do
        d[n++] = (char)('0' + i % 10);
    while (i /= 10);
    while (n)
        out[l++] = d[--n];
    out[l] = '\0';
}

/* An element the reader does not use (not the vertex positions, not the
   face corners) costs no memory and, when its instances have a fixed
   size, no per-instance work: its bytes are read through in chunks of
   whole instances.  One with no property at all takes no byte, whatever
   its count (element junk 2147483647 was 2^31 turns of the loop).
   Those with a list property go through the loop of read_binary. */
static int
skip_fixed(const element *el, long long size, unsigned char **buf, long *bufcap, vccd_input *in, vccd_error *e)
{
    long per;
    char what[NAME_MAX_LEN + 64];
    if (size == 0)
        return 0;
    per = size >= 65536 ? 1 : (long)(65536 / size);
    while (per * size > *bufcap)
        if (vccd_grow((void **)buf, bufcap, *bufcap, 1) != 0)
            return vccd_error_set(e, in->file, 0, NULL, NULL, "byte %lld: %s: out of memory", vccd_input_offset(in),
                                  el->name);
    for (long i = 0; i < el->count; i += per) {
        long n = el->count - i < per ? el->count - i : per;
        if (n == 1)
            name_instance(what, el->name, i);
        else
            snprintf(what, sizeof what, "one of %s %ld..%ld", el->name, i, i + n - 1);
        if (vccd_input_read(in, *buf, (size_t)(n * size), what, e) != 0)
            return -1;
    }
    return 0;
}

/* The least bytes one instance of el takes in a body (binary: the
   property sizes, a list's count, and 3 indices for the face corners,
   fewer being an error of its own; ASCII: a token and a blank or newline
   after each), and in *fixed whether every instance takes exactly that
   (no list). */
static long long
instance_bytes(const element *el, int binary, int *fixed)
{
    long long b = 0;
    *fixed = 1;
    for (int pi = 0; pi < el->np; pi++) {
        const prop *q = &el->p[pi];
        int corners = pi == el->corners ? 3 : 0;
        if (q->list)
            *fixed = 0;
        if (!binary)
            b += 2 * (1 + (q->list ? corners : 0));
        else if (q->list)
            b += types[q->count_type].size + corners * types[q->type].size;
        else
            b += types[q->type].size;
    }
    return b;
}

/* A plain file shorter than the binary body its header announces is
   refused before the body is read.  When every instance up to the file's
   end has a fixed size, the message is the one a read that runs out
   gives (the byte where the file ends, the instance it ends in); after a
   list property only the least size is known, and the message says so. */
static int
check_body(const vccd_mesh_raw *r, const header *h, const vccd_input *in, vccd_error *e)
{
    long long left = vccd_mesh_raw_left(r, in), start = vccd_input_offset(in), pos = 0;
    int exact = 1;
    if (left < 0)
        return 0;
    for (int ei = 0; ei < h->ne; ei++) {
        const element *el = &h->el[ei];
        int fixed;
        long long b = instance_bytes(el, 1, &fixed), need = b * el->count;
        if (need > left - pos) {
            long long i = (left - pos) / b;
            if (exact && fixed)
                return vccd_error_set(e, in->file, 0, NULL, NULL,
                                      "the input ends at byte %lld inside %s %lld (from byte %lld): the header "
                                      "announces %ld of %lld bytes each",
                                      start + left, el->name, i, start + pos + i * b, el->count, b);
            return vccd_error_set(e, in->file, 0, NULL, NULL,
                                  "the input ends at byte %lld, before the end of %s %lld: count mismatch: the "
                                  "header announces %ld %s elements of at least %lld bytes each, from byte %lld or "
                                  "later",
                                  start + left, el->name, i, el->count, el->name, b, start + pos);
        }
        pos += need;
        exact &= fixed;
    }
    return 0;
}

/* After the header: the counts against the limit and, for a plain file,
   against its size; room reserved for them when both hold. */
static int
announce(vccd_mesh_raw *r, const header *h, vccd_input *in, vccd_error *e)
{
    long long need = 0;
    long nv = 0, nt = 0;
    for (int ei = 0; ei < h->ne; ei++) {
        const element *el = &h->el[ei];
        int fixed;
        need += el->count * instance_bytes(el, h->binary, &fixed);
        if (el->xyz[0] >= 0 && nv <= r->max_nv)
            nv += el->count;
        if (el->corners >= 0 && nt <= r->max_nt)
            nt += el->count;
    }
    /* the last ASCII line needs no newline */
    if (!h->binary && need > 0)
        need--;
    if (h->binary && check_body(r, h, in, e) != 0)
        return -1;
    return vccd_mesh_raw_announce(r, nv, nt, need, in, e);
}

static int
read_binary(vccd_mesh_raw *r, const header *h, vccd_input *in, vccd_error *e)
{
    unsigned char *buf = NULL;
    long bufcap = 0;
    instance x;
    char msg[200];
    int rc = -1;

    memset(&x, 0, sizeof x);
    for (int ei = 0; ei < h->ne; ei++) {
        const element *el = &h->el[ei];
        int fixed;
        long long size = instance_bytes(el, 1, &fixed);
        if (el->xyz[0] < 0 && el->corners < 0 && fixed) {
            if (skip_fixed(el, size, &buf, &bufcap, in, e) != 0)
                goto out;
            continue;
        }
        for (long i = 0; i < el->count; i++) {
            char what[NAME_MAX_LEN + 32];
            long long start = vccd_input_offset(in);
            name_instance(what, el->name, i);
            x.n = 0;
            for (int pi = 0; pi < el->np; pi++) {
                const prop *q = &el->p[pi];
                long n = 1, size = types[q->type].size;
                if (q->list) {
                    unsigned char cb[8];
                    double cn;
                    long long at = vccd_input_offset(in);
                    if (vccd_input_read(in, cb, (size_t)types[q->count_type].size, what, e) != 0)
                        goto out;
                    cn = get_double(cb, q->count_type, h->swap);
                    if (cn < 0 || cn > MAX_CORNERS) {
                        bin_error(in, e, at, el->name, i, "list %s has count %.0f (0..%ld)", q->name, cn, MAX_CORNERS);
                        goto out;
                    }
                    n = (long)cn;
                }
                while (n * size > bufcap)
                    if (vccd_grow((void **)&buf, &bufcap, bufcap, 1) != 0) {
                        bin_error(in, e, start, el->name, i, "out of memory");
                        goto out;
                    }
                if (n > 0 && vccd_input_read(in, buf, (size_t)(n * size), what, e) != 0)
                    goto out;
                for (int k = 0; k < 3; k++)
                    if (el->xyz[k] == pi)
                        x.p[k] = get_double(buf, q->type, h->swap);
                if (pi == el->corners) {
                    for (long j = 0; j < n; j++)
                        if (corner(&x, j, get_double(buf + j * size, q->type, h->swap), h->nv_declared, msg,
                                   sizeof msg)
                            != 0) {
                            bin_error(in, e, start, el->name, i, "%s", msg);
                            goto out;
                        }
                    x.n = n;
                }
            }
            if (store(r, el, &x, msg, sizeof msg) != 0) {
                bin_error(in, e, start, el->name, i, "%s", msg);
                goto out;
            }
        }
    }
    {
        /* vccd_input_end, not a one-byte read: a read error, corrupt
           gzip data or junk after the gzip stream must be refused too,
           not taken for "nothing left". */
        long long at = vccd_input_offset(in);
        int end = vccd_input_end(in, e);
        if (end < 0)
            goto out;
        if (end == 0) {
            vccd_error_set(e, in->file, 0, NULL, NULL,
                           "byte %lld: count mismatch: data after the elements the header announces", at);
            goto out;
        }
    }
    rc = 0;
out:
    free(buf);
    free(x.c);
    return rc;
}

/* --- ASCII ---------------------------------------------------------------- */

static int
read_ascii(vccd_mesh_raw *r, const header *h, vccd_input *in, vccd_error *e)
{
    instance x;
    char msg[200], *line;
    size_t len;
    int rc = -1, got;

    memset(&x, 0, sizeof x);
    for (int ei = 0; ei < h->ne; ei++) {
        const element *el = &h->el[ei];
        for (long i = 0; i < el->count; i++) {
            const char *s, *tok;
            /* one element per line; blank lines are not elements */
            do {
                if ((got = vccd_input_line(in, &line, &len, e)) <= 0) {
                    if (got == 0)
                        vccd_error_set(e, in->file, 0, NULL, NULL,
                                       "count mismatch: the header announces %ld %s elements, the file ends after "
                                       "%ld (line %ld)",
                                       el->count, el->name, i, in->line);
                    goto out;
                }
                s = line;
            } while (!vccd_mesh_token(&s, &len));
            s = line;
            x.n = 0;
            for (int pi = 0; pi < el->np; pi++) {
                const prop *q = &el->p[pi];
                long n = 1;
                char what[NAME_MAX_LEN * 2 + 40];
                /* the element's name for a message, made only then */
#define WHAT() (snprintf(what, sizeof what, "%s %ld %s", el->name, i, q->name), what)
                if (q->list) {
                    if (!(tok = vccd_mesh_token(&s, &len))) {
                        vccd_mesh_line_error(in, e, "%s: missing list count", WHAT());
                        goto out;
                    }
                    if (!vccd_mesh_long_ok(&n, tok, len, types[q->count_type].lo, types[q->count_type].hi)
                        && vccd_mesh_parse_long(&n, tok, len, types[q->count_type].lo, types[q->count_type].hi, in,
                                                WHAT(), e)
                               != 0)
                        goto out;
                    if (n < 0 || n > MAX_CORNERS) {
                        vccd_mesh_line_error(in, e, "%s: list count %ld out of range 0..%ld", WHAT(), n, MAX_CORNERS);
                        goto out;
                    }
                }
                for (long j = 0; j < n; j++) {
                    double v;
                    if (!(tok = vccd_mesh_token(&s, &len))) {
                        vccd_mesh_line_error(in, e, "%s: count mismatch: %ld value%s, expected %ld", WHAT(), j,
                                             j == 1 ? "" : "s", n);
                        goto out;
                    }
                    if (is_float(q->type)) {
                        if (!vccd_mesh_coord_ok(&v, tok, len) && vccd_mesh_parse_coord(&v, tok, len, in, WHAT(), e) != 0)
                            goto out;
                    } else {
                        long iv;
                        if (!vccd_mesh_long_ok(&iv, tok, len, types[q->type].lo, types[q->type].hi)
                            && vccd_mesh_parse_long(&iv, tok, len, types[q->type].lo, types[q->type].hi, in, WHAT(), e)
                                   != 0)
                            goto out;
                        v = (double)iv;
                    }
                    for (int k = 0; k < 3; k++)
                        if (el->xyz[k] == pi)
                            x.p[k] = v;
                    if (pi == el->corners && corner(&x, j, v, h->nv_declared, msg, sizeof msg) != 0) {
                        vccd_mesh_line_error(in, e, "%s %ld: %s", el->name, i, msg);
                        goto out;
                    }
                }
                if (pi == el->corners)
                    x.n = n;
#undef WHAT
            }
            if (vccd_mesh_token(&s, &len)) {
                vccd_mesh_line_error(in, e, "%s %ld: count mismatch: more values than its %d properties", el->name, i,
                                     el->np);
                goto out;
            }
            if (store(r, el, &x, msg, sizeof msg) != 0) {
                vccd_mesh_line_error(in, e, "%s %ld: %s", el->name, i, msg);
                goto out;
            }
        }
    }
    while ((got = vccd_input_line(in, &line, &len, e)) > 0) {
        const char *s = line;
        if (vccd_mesh_token(&s, &len)) {
            vccd_mesh_line_error(in, e, "count mismatch: data after the elements the header announces");
            goto out;
        }
    }
    if (got < 0)
        goto out;
    rc = 0;
out:
    free(x.c);
    return rc;
}

static int
read_ply(vccd_mesh_raw *r, vccd_input *in, vccd_error *e)
{
    header *h = malloc(sizeof *h);
    int rc;
    if (!h)
        return vccd_error_set(e, in->file, 0, NULL, NULL, "out of memory");
    rc = read_header(h, r, in, e);
    if (rc == 0)
        rc = announce(r, h, in, e);
    if (rc == 0)
        rc = h->binary ? read_binary(r, h, in, e) : read_ascii(r, h, in, e);
    free(h);
    return rc;
}

const vccd_mesh_format vccd_mesh_format_ply = { "ply", sniff_ply, read_ply };
