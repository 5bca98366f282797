/* load.c -- a mesh from a spec: a procedural shape, a file in a
   registered format (plain or gzip), or a bundled model (mesh.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mesh/reader.h"

/* The registry: lib/mesh/formats.h is generated from Makefile.am's
   MESH_FORMAT_SOURCES, one line per format. */
static const vccd_mesh_format *const formats[] = {
#define VCCD_MESH_FORMAT(name) &vccd_mesh_format_##name,
#include "mesh/formats.h"
#undef VCCD_MESH_FORMAT
};
#define NFORMATS ((int)(sizeof formats / sizeof formats[0]))

const char *
vccd_mesh_format_names(void)
{
    /* " obj off ply", made by the compiler from the same list */
    static const char names[] = ""
#define VCCD_MESH_FORMAT(name) " " #name
#include "mesh/formats.h"
#undef VCCD_MESH_FORMAT
        ;
    return names + 1;
}

/* The format named by path's extension (".obj", ".obj.gz", any case),
   or NULL. */
static const vccd_mesh_format *
by_extension(const char *path)
{
    size_t n = strlen(path);
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    if (n >= 3 && !strcmp(path + n - 3, ".gz"))
        n -= 3;
    for (int i = 0; i < NFORMATS; i++) {
        size_t k = strlen(formats[i]->name);
        if (n > k + 1 && path + n - k - 1 >= base && path[n - k - 1] == '.'
            && !strncasecmp(path + n - k, formats[i]->name, k))
            return formats[i];
    }
    return NULL;
}

/* The format whose first word the file starts with, or NULL (with e set
   when the file cannot be read). */
static const vccd_mesh_format *
by_content(const char *path, int *failed, vccd_error *e)
{
    vccd_input in;
    char *line;
    size_t len;
    const vccd_mesh_format *f = NULL;
    *failed = 0;
    if (vccd_input_open(&in, path, VCCD_MESH_MAX_LINE, e) != 0) {
        *failed = 1;
        return NULL;
    }
    if (vccd_input_line(&in, &line, &len, e) > 0) {
        const char *s = line, *tok = vccd_mesh_token(&s, &len);
        for (int i = 0; tok && i < NFORMATS; i++)
            if (formats[i]->sniff && formats[i]->sniff(tok, len))
                f = formats[i];
    }
    vccd_input_close(&in);
    return f;
}

/* The size of path when it is a plain regular file: then every byte of
   it is there to be read, and a count in it can be checked against
   them.  -1 for gzip data (RFC 1952, 2.3.1: the bytes 1f 8b open a
   member; zlib and the input reader tell formats apart by them too) and
   for anything else (the input reader refuses what is not a regular
   file; O_NONBLOCK keeps a FIFO from blocking this look). */
static long long
plain_size(const char *path)
{
    struct stat st;
    unsigned char b[2];
    ssize_t n;
    int fd = open(path, O_RDONLY | O_NONBLOCK);
    if (fd < 0)
        return -1;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        return -1;
    }
    n = read(fd, b, 2);
    close(fd);
    return n == 2 && b[0] == 0x1f && b[1] == 0x8b ? -1 : (long long)st.st_size;
}

static int
read_file(vccd_mesh_raw *r, const char **fmt, const char *path, vccd_error *e)
{
    const vccd_mesh_format *f = by_extension(path);
    vccd_input in;
    int rc;
    if (!f) {
        int failed;
        f = by_content(path, &failed, e);
        if (failed)
            return -1;
        if (!f)
            return vccd_error_set(e, path, 0, NULL, NULL,
                                  "unknown mesh format: the name does not end in a format's extension (optionally "
                                  "followed by .gz) and the first word marks none; formats: %s",
                                  vccd_mesh_format_names());
    }
    *fmt = f->name;
    if (vccd_input_open(&in, path, VCCD_MESH_MAX_LINE, e) != 0)
        return -1;
    r->size = plain_size(path);
    rc = f->read(r, &in, e);
    vccd_input_close(&in);
    return rc;
}

int
vccd_mesh_center_parse(vccd_mesh_center *c, const char *s)
{
    static const char *const names[] = { "none", "centroid", "mass", "bbox" };
    for (int i = 0; i < 4; i++)
        if (!strcmp(s, names[i])) {
            *c = (vccd_mesh_center)i;
            return 0;
        }
    return -1;
}

const char *
vccd_mesh_center_name(vccd_mesh_center c)
{
    static const char *const names[] = { "none", "centroid", "mass", "bbox" };
    return (unsigned)c < 4 ? names[c] : "?";
}

int
vccd_mesh_degenerate_parse(vccd_mesh_degenerate *d, const char *s)
{
    if (!strcmp(s, "keep"))
        *d = VCCD_MESH_DEGENERATE_KEEP;
    else if (!strcmp(s, "drop"))
        *d = VCCD_MESH_DEGENERATE_DROP;
    else
        return -1;
    return 0;
}

/* Is spec a bare model name: no '/', no '.', not empty? */
static int
bare_name(const char *spec)
{
    return *spec && !strpbrk(spec, "/.");
}

int
vccd_mesh_max_triangles_parse(long *n, const char *s)
{
    char *end;
    long v;
    if (*s < '0' || *s > '9')
        return -1;
    errno = 0;
    v = strtol(s, &end, 10);
    if (*end || errno == ERANGE || v < 1 || v > VCCD_MESH_MAX_TRIANGLES_HARD)
        return -1;
    *n = v;
    return 0;
}

int
vccd_mesh_load(vccd_mesh *m, const char *spec, const vccd_mesh_load_opts *o, vccd_error *e)
{
    return vccd_mesh_load_where(m, spec, o, 0, NULL, e);
}

int
vccd_mesh_load_max(vccd_mesh *m, const char *spec, const vccd_mesh_load_opts *o, long max_triangles,
                   vccd_error *e)
{
    return vccd_mesh_load_where(m, spec, o, max_triangles, NULL, e);
}

int
vccd_mesh_load_where(vccd_mesh *m, const char *spec, const vccd_mesh_load_opts *o, long max_triangles,
                     const char **key, vccd_error *e)
{
    static const vccd_mesh_load_opts defaults = { VCCD_MESH_DEGENERATE_KEEP, VCCD_MESH_CENTER_NONE, 0 };
    vccd_mesh_raw r;
    const char *fmt = "procedural", *path = spec;
    char model[4096];
    struct stat st;
    int rc;

    if (!o)
        o = &defaults;
    if (key)
        *key = NULL;
    memset(m, 0, sizeof *m);
    if (max_triangles < 0 || max_triangles > VCCD_MESH_MAX_TRIANGLES_HARD)
        return vccd_error_set(e, spec, 0, NULL, NULL, "max_triangles = %ld: must be in 1..%ld", max_triangles,
                              VCCD_MESH_MAX_TRIANGLES_HARD);
    vccd_mesh_raw_init(&r, max_triangles, -1);
    if (!*spec)
        return vccd_error_set(e, NULL, 0, NULL, NULL, "empty mesh name (a file, a shape or a bundled model)");
    if (vccd_mesh_is_shape(spec)) {
        if (vccd_mesh_shape_max(m, spec, VCCD_MESH_DEGENERATE_KEEP, r.max_nt, e) != 0)
            return -1;
        /* normalise the shape's arrays like a file's */
        r.v = m->v, r.nv = m->nv, r.t = m->t, r.nt = m->nt;
        m->v = NULL, m->t = NULL;
        vccd_mesh_clear(m);
        path = NULL;
    } else {
        if (stat(spec, &st) != 0 && bare_name(spec)) {
            if (vccd_mesh_model_path(model, sizeof model, spec, e) != 0)
                return -1;
            path = model;
        }
        if (read_file(&r, &fmt, path, e) != 0) {
            vccd_mesh_raw_clear(&r);
            return -1;
        }
    }
    rc = vccd_mesh_normalize_build(m, spec, &r, o, key, e);
    vccd_mesh_raw_clear(&r);
    if (rc != 0)
        return -1;
    m->format = fmt;
    if (path && !(m->path = strdup(path))) {
        vccd_mesh_clear(m);
        return vccd_error_set(e, spec, 0, NULL, NULL, "out of memory");
    }
    return 0;
}
