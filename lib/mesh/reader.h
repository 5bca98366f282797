/* reader.h -- what the mesh file readers share (internal, not installed):
   the growing vertex and triangle arrays, fan triangulation, number and
   index tokens with the errors every format reports alike, and the
   format registry entry. */
#ifndef VCCD_MESH_READER_H
#define VCCD_MESH_READER_H

#include "vccd/input.h"
#include "vccd/mesh.h"

/* Vertices and triangles as read, before vccd_mesh_init_arrays. */
typedef struct {
    double (*v)[3];
    long nv, vcap;
    vccd_mesh_index (*t)[3];
    long nt, tcap;
} vccd_mesh_raw;

void vccd_mesh_raw_clear(vccd_mesh_raw *r);
/* Append a vertex / the fan (c[0], c[i], c[i + 1]) of an n-gon (n >= 3,
   indices already checked): 0, or -1 with e naming in's file (out of
   memory, too many vertices). */
int vccd_mesh_raw_vertex(vccd_mesh_raw *r, const double p[3], const vccd_input *in, vccd_error *e);
int vccd_mesh_raw_polygon(vccd_mesh_raw *r, const vccd_mesh_index *c, long n, const vccd_input *in,
                          vccd_error *e);

/* The next whitespace-separated token of *s (advanced past it): its
   start, with *len set, or NULL at the end of the line. */
const char *vccd_mesh_token(const char **s, size_t *len);
/* Token tok (len bytes) copied into buf (size >= 4 bytes) for a message,
   cut with "..." if it does not fit; not escaped: vccd_error_set escapes
   every message once.  Returns buf. */
const char *vccd_mesh_token_text(char *buf, size_t size, const char *tok, size_t len);
/* Token tok (len bytes) as a coordinate: strtod, correctly rounded, the
   whole token, finite.  0, or -1 with e naming in's file and line, what
   (e.g. "vertex 3 y") and the token. */
int vccd_mesh_parse_coord(double *x, const char *tok, size_t len, const vccd_input *in, const char *what,
                          vccd_error *e);
/* Token as a decimal integer (the whole token, optional sign) within
   [lo, hi]: 0, or -1 with e as above. */
int vccd_mesh_parse_long(long *x, const char *tok, size_t len, long lo, long hi, const vccd_input *in,
                         const char *what, vccd_error *e);

/* The same without a message, for the common case: 1 with *x set when
   the token is valid, else 0 (the caller then calls the function above
   to report why, so that building the `what` text costs only on error). */
int vccd_mesh_coord_ok(double *x, const char *tok, size_t len);
int vccd_mesh_long_ok(long *x, const char *tok, size_t len, long lo, long hi);

/* A text error at in's current line. */
int vccd_mesh_line_error(const vccd_input *in, vccd_error *e, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Build m (named name) from r with o's degenerate option, normalised as
   o says (mesh.h): 0, or -1 with e (what vccd_mesh_init_arrays reports,
   center = mass on a mesh that is not closed, scaling a mesh whose used
   vertices all sit at the centre).  r's vertices are transformed in
   place. */
int vccd_mesh_normalize_build(vccd_mesh *m, const char *name, vccd_mesh_raw *r, const vccd_mesh_load_opts *o,
                              vccd_error *e);

/* A registered format: lib/mesh/NAME.c defines vccd_mesh_format_NAME and
   one line in Makefile.am's MESH_FORMAT_SOURCES registers it. */
typedef struct {
    const char *name;           /* "obj": also the file extension */
    /* 1 when tok (len bytes), the first word of a file, marks this
       format; NULL for a format without one */
    int (*sniff)(const char *tok, size_t len);
    /* Read the whole input into r (empty on entry); 0 or -1 with e. */
    int (*read)(vccd_mesh_raw *r, vccd_input *in, vccd_error *e);
} vccd_mesh_format;

#define VCCD_MESH_FORMAT(name) extern const vccd_mesh_format vccd_mesh_format_##name;
#include "mesh/formats.h"
#undef VCCD_MESH_FORMAT

#endif
