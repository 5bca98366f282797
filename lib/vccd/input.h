/* input.h -- one reader of input files for every parser (configs, query
   CSVs, meshes), so that one input policy holds everywhere (doc/input.md):
   lines are counted the same way, NUL bytes and over-long lines are
   errors that name file, line and column, a leading UTF-8 BOM is
   skipped, gzip-compressed files are read transparently (zlib), only
   regular files are opened (a FIFO would block), and binary bodies
   report the byte offset at which they end early. */
#ifndef VCCD_INPUT_H
#define VCCD_INPUT_H

#include <stddef.h>

#include "vccd/error.h"

#include "vccd/export.h"

VCCD_BEGIN_DECLS

/* Default longest line, in bytes without the newline.  Generous (exact
   rational motion parameters run to kilobytes) but finite, so that an
   endless line is an error and not an unbounded allocation. */
#define VCCD_INPUT_MAX_LINE (1L << 20)

typedef struct {
    char *file;                 /* name used in messages */
    int fd;                     /* descriptor of a file source, or -1 */
    int gzip;                   /* a file source: -1 not yet known (the
                                   first bytes tell), 0 plain, 1 gzip */
    void *z;                    /* zlib z_stream of a gzip source */
    unsigned char *zbuf;        /* compressed bytes read ahead */
    long long zoff;             /* bytes read from the file */
    int member_end;             /* a gzip member has just ended */
    int raw_eof;                /* the file has no more bytes */
    const char *s;              /* string source, or NULL */
    size_t slen, spos;
    long line;                  /* number of the line last returned */
    long long offset;           /* bytes consumed (uncompressed) */
    size_t max_line;
    char *buf;                  /* the line last returned */
    size_t cap;
    int started;                /* the BOM check has been made */
    int eof;
    unsigned char *rbuf;        /* read-ahead of a file source */
    size_t rpos, rlen;
} vccd_input;

/* Open path (plain or gzip-compressed) for reading, lines at most
   max_line bytes (0: VCCD_INPUT_MAX_LINE).  0, or -1 with e naming the
   file: cannot open, not a regular file (a directory, FIFO, socket or
   device: refused without blocking and without reading), out of memory.
   gzip members one after another read as one stream, as gzip(1) reads
   them.  Bytes after the last member that do not start another one are
   an error of the read that reaches them, zero padding included: gzip(1)
   warns "decompression OK, trailing garbage ignored" (and skips zeros
   silently); here no part of a file is dropped. */
int vccd_input_open(vccd_input *in, const char *path, size_t max_line, vccd_error *e);
/* The same over text[0..len); name is used in messages. */
int vccd_input_open_mem(vccd_input *in, const char *name, const char *text, size_t len,
                        size_t max_line, vccd_error *e);
void vccd_input_close(vccd_input *in);

/* The next line: 1 with *line (NUL-terminated, without its "\n" or
   "\r\n"; valid until the next call) and *len; 0 at the end of input; -1
   with e set, naming file and line: a NUL byte (with its column), a line
   longer than max_line, a read error or corrupt gzip data.  A last line
   without a newline is a line. */
int vccd_input_line(vccd_input *in, char **line, size_t *len, vccd_error *e);

/* Exactly n bytes into buf (binary bodies, after the header lines): 0, or
   -1 with e naming the file, the byte offset and `what` (e.g. "vertex
   17") when the input ends first or cannot be read. */
int vccd_input_read(vccd_input *in, void *buf, size_t n, const char *what, vccd_error *e);

/* After the last line or bytes a reader expects: 1 when the input has
   no byte left, 0 when it has, -1 with e set when what follows cannot
   be read (a read error, corrupt gzip data, trailing data after the gzip
   stream).  A binary body that must fill the file checks it thus. */
int vccd_input_end(vccd_input *in, vccd_error *e);

/* The byte offset (uncompressed) just past the last line or bytes
   returned: where a binary body starts after its header lines. */
long long vccd_input_offset(const vccd_input *in);

/* Copy s[0..len) into out (size bytes, always NUL-terminated, cut with
   "..." if it does not fit) with control bytes, DEL and backslash
   written as \xNN / \\ so that a message never echoes raw control bytes
   to a terminal; bytes >= 0x80 are kept where they form valid UTF-8
   (other than the C1 controls U+0080..U+009F) and escaped otherwise.
   Returns out. */
char *vccd_input_escape(char *out, size_t size, const char *s, size_t len);
/* The length of s[0..len) escaped, in full. */
size_t vccd_input_escaped_len(const char *s, size_t len);

VCCD_END_DECLS

#endif
