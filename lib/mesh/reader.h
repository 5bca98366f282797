/* reader.h -- what the mesh file readers share (internal, not installed):
   the growing vertex and triangle arrays, fan triangulation, number and
   index tokens with the errors every format reports alike, and the
   format registry entry. */
#ifndef VCCD_MESH_READER_H
#define VCCD_MESH_READER_H

#include "vccd/input.h"
#include "vccd/mesh.h"

/* Vertices and triangles as read, before vccd_mesh_init_arrays, and
   the bounds a reader checks them against (set by vccd_mesh_load before
   the reader runs). */
typedef struct {
    double (*v)[3];
    long nv, vcap;
    vccd_mesh_index (*t)[3];
    long nt, tcap;
    /* the limit of one mesh: max_nt triangles (max_triangles) and
       max_nv = 3 max_nt vertices (a triangle soup: beyond that some
       vertex is in no triangle) */
    long max_nt, max_nv;
    /* the bytes of the file when it is plain (each of them is there to
       be read), -1 when it is compressed: the compressed size does not
       bound what it expands to */
    long long size;
} vccd_mesh_raw;

/* An empty raw mesh with the limit max_triangles (0: the default) and
   the file size size (-1: unknown). */
void vccd_mesh_raw_init(vccd_mesh_raw *r, long max_triangles, long long size);
void vccd_mesh_raw_clear(vccd_mesh_raw *r);
/* Append a vertex / the fan (c[0], c[i], c[i + 1]) of an n-gon (n >= 3,
   indices already checked): 0, or -1 with e naming in's file and line
   (out of memory, more vertices or triangles than the limit).  The
   arrays grow geometrically up to the limit, never past it. */
int vccd_mesh_raw_vertex(vccd_mesh_raw *r, const double p[3], const vccd_input *in, vccd_error *e);
int vccd_mesh_raw_polygon(vccd_mesh_raw *r, const vccd_mesh_index *c, long n, const vccd_input *in,
                          vccd_error *e);
/* The same with the reason in msg (size bytes) instead of a message, for
   a reader that words its own position (binary PLY: a byte offset). */
int vccd_mesh_raw_add_vertex(vccd_mesh_raw *r, const double p[3], char *msg, size_t size);
int vccd_mesh_raw_add_polygon(vccd_mesh_raw *r, const vccd_mesh_index *c, long n, char *msg, size_t size);
/* A header (at in's current line) announces nv vertices and at least nt
   triangles, and the rest of the file must then hold at least min_bytes
   bytes.  Counts over the limit are refused here, before any reading,
   with a message naming the limit: 0, or -1 with e.  When the counts
   fit the limit and the bytes left in a plain file (r->size) can hold
   them, room for them is reserved at once (no doubling, so no 2x peak);
   otherwise nothing is reserved and the reader finds where the file
   ends early, reading no further than its end.  No count is trusted for
   an allocation that the bytes following it cannot back. */
int vccd_mesh_raw_announce(vccd_mesh_raw *r, long nv, long nt, long long min_bytes, const vccd_input *in,
                           vccd_error *e);
/* The bytes a plain file still holds after in's position, or -1 when
   unknown (gzip). */
long long vccd_mesh_raw_left(const vccd_mesh_raw *r, const vccd_input *in);
/* The words that name the limit in messages, e.g. "the limit of one
   mesh: max_triangles = 4194304 (the default)", into buf. */
const char *vccd_mesh_limit_text(char *buf, size_t size, long max_nt);

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
   vertices all sit at the centre, a mesh whose extent or scale factor
   the binary64 range cannot hold).  r's vertices are transformed in
   place.  On an error of the normalisation itself, *key (when key is
   not NULL) is the option at fault, "center" or "scale", so that a
   config names that key's line; else NULL. */
int vccd_mesh_normalize_build(vccd_mesh *m, const char *name, vccd_mesh_raw *r, const vccd_mesh_load_opts *o,
                              const char **key, vccd_error *e);

/* vccd_mesh_load_max, with *key set as vccd_mesh_normalize_build sets it
   (NULL for every other error). */
int vccd_mesh_load_where(vccd_mesh *m, const char *spec, const vccd_mesh_load_opts *o, long max_triangles,
                         const char **key, vccd_error *e);

/* The centre of mass of m (vccd_mesh_mass_props) alone: 0, or -1 with e
   (not closed, not positive volume).  Computed in units of a power of
   two near the mesh's size, so it exists whenever the mesh is closed
   with a positive volume, even where the volume or the inertia is
   beyond the binary64 range. */
int vccd_mesh_mass_centre(double com[3], const vccd_mesh *m, vccd_error *e);

/* The shape of spec (vccd_mesh_shape) with at most max_nt triangles
   (checked before anything is allocated). */
int vccd_mesh_shape_max(vccd_mesh *m, const char *spec, vccd_mesh_degenerate deg, long max_nt, vccd_error *e);

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
