/* line.c -- lines and binary bodies from an input source (input.h).
   Every reader goes through here, so that a NUL byte, an endless line
   or a truncated gzip stream is reported once, the same way, with the
   line number that the user's editor shows. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "vccd/input.h"

#define READ_AHEAD 65536        /* as in open.c */

static const unsigned char bom[3] = { 0xef, 0xbb, 0xbf };

/* Bytes from the file into buf (at most n): read(2), EINTR retried. */
static ssize_t
raw_read(vccd_input *in, unsigned char *buf, size_t n)
{
    ssize_t got;
    do
        got = read(in->fd, buf, n);
    while (got < 0 && errno == EINTR);
    if (got > 0)
        in->zoff += got;
    return got;
}

static int
read_error(vccd_input *in, long line, vccd_error *e, const char *why)
{
    return vccd_error_set(e, in->file, line, NULL, NULL, "read error: %s", why);
}

/* Decompressed bytes into the read-ahead: 1, 0 at the end of the last
   gzip member, -1 with e set.  zlib's gzread is not used: it ignores
   whatever follows a member that is not another member, without a word
   (zlib.h, gzread), and lines appended to a .gz file would vanish.  A
   member starts with the bytes 1f 8b (RFC 1952, GZIP file format
   specification version 4.3, 2.3.1); anything else there is refused. */
static int
inflate_some(vccd_input *in, long line, vccd_error *e)
{
    z_stream *z = in->z;
    ssize_t got;
    int rc;

    z->next_out = in->rbuf;
    z->avail_out = READ_AHEAD;
    while (z->avail_out == READ_AHEAD) {
        /* two bytes at least, to see a member's start */
        while (z->avail_in < 2 && !in->raw_eof) {
            memmove(in->zbuf, z->next_in, z->avail_in);
            z->next_in = in->zbuf;
            if ((got = raw_read(in, in->zbuf + z->avail_in, READ_AHEAD - z->avail_in)) < 0)
                return read_error(in, line, e, strerror(errno));
            if (got == 0)
                in->raw_eof = 1;
            z->avail_in += (uInt)got;
        }
        if (in->member_end) {
            if (z->avail_in == 0)
                break;
            if (z->avail_in < 2 || z->next_in[0] != 0x1f || z->next_in[1] != 0x8b)
                return vccd_error_set(e, in->file, line, NULL, NULL,
                                      "trailing data after the gzip stream, at byte %lld of the file (not a gzip "
                                      "member)", in->zoff - (long long)z->avail_in);
            if (inflateReset(z) != Z_OK)
                return read_error(in, line, e, "corrupt gzip data");
            in->member_end = 0;
        }
        rc = inflate(z, Z_NO_FLUSH);
        if (rc == Z_STREAM_END)
            in->member_end = 1;
        else if (rc == Z_BUF_ERROR && in->raw_eof)
            /* no progress (inflate has then used all its input, which is
               read again above unless the file has ended): a member that
               ends early is corrupt, not a shorter file */
            return read_error(in, line, e, "unexpected end of file (the gzip data is cut short)");
        else if (rc == Z_MEM_ERROR)
            return read_error(in, line, e, "out of memory");
        else if (rc != Z_OK && rc != Z_BUF_ERROR)
            return vccd_error_set(e, in->file, line, NULL, NULL, "read error: corrupt gzip data (%s)",
                                  z->msg ? z->msg : "zlib error");
    }
    in->rpos = 0;
    in->rlen = READ_AHEAD - z->avail_out;
    return in->rlen > 0;
}

/* Fill the empty read-ahead of a file source: 1, 0 at the end of input,
   -1 with e set. */
static int
fill(vccd_input *in, long line, vccd_error *e)
{
    ssize_t got = 0;
    size_t n = 0;

    if (in->gzip < 0) {
        /* gzip's magic bytes 1f 8b (RFC 1952, 2.3.1) make a gzip file,
           anything else a plain one, as for zlib's gzread */
        while (n < 2 && (got = raw_read(in, in->rbuf + n, READ_AHEAD - n)) > 0)
            n += (size_t)got;
        if (got < 0)
            return read_error(in, line, e, strerror(errno));
        in->gzip = n >= 2 && in->rbuf[0] == 0x1f && in->rbuf[1] == 0x8b;
        if (!in->gzip) {
            in->rpos = 0;
            in->rlen = n;
            return n > 0;
        }
        {
            /* the bytes read become the compressed input */
            z_stream *z = calloc(1, sizeof *z);
            unsigned char *out = malloc(READ_AHEAD);
            if (!z || !out || inflateInit2(z, 16 + MAX_WBITS) != Z_OK) {
                free(z);
                free(out);
                return read_error(in, line, e, "out of memory");
            }
            in->z = z;
            in->zbuf = in->rbuf;
            in->rbuf = out;
            z->next_in = in->zbuf;
            z->avail_in = (uInt)n;
        }
    }
    if (in->gzip)
        return inflate_some(in, line, e);
    if ((got = raw_read(in, in->rbuf, READ_AHEAD)) < 0)
        return read_error(in, line, e, strerror(errno));
    in->rpos = 0;
    in->rlen = (size_t)got;
    return got > 0;
}

/* The unread bytes [*p, *p + *n): 1, 0 at the end of input, -1 with e
   set (read error, corrupt gzip data, reported at line `line`). */
static int
window(vccd_input *in, const unsigned char **p, size_t *n, long line, vccd_error *e)
{
    if (in->s) {
        *p = (const unsigned char *)in->s + in->spos;
        *n = in->slen - in->spos;
        return *n > 0;
    }
    if (in->rpos == in->rlen && !in->eof) {
        int rc = fill(in, line, e);
        if (rc < 0)
            return -1;
        if (rc == 0)
            in->eof = 1;
    }
    *p = in->rbuf + in->rpos;
    *n = in->rlen - in->rpos;
    return *n > 0;
}

static void
consume(vccd_input *in, size_t n)
{
    if (in->s)
        in->spos += n;
    else
        in->rpos += n;
    in->offset += (long long)n;
}

/* Room for len + 1 bytes in the line buffer. */
static int
reserve(vccd_input *in, size_t len, vccd_error *e)
{
    size_t c = in->cap ? in->cap : 256;
    char *b;
    if (len + 1 <= in->cap)
        return 0;
    while (c < len + 1)
        c *= 2;
    if (!(b = realloc(in->buf, c)))
        return vccd_error_set(e, in->file, in->line + 1, NULL, NULL, "out of memory");
    in->buf = b;
    in->cap = c;
    return 0;
}

int
vccd_input_line(vccd_input *in, char **line, size_t *len, vccd_error *e)
{
    long no = in->line + 1;
    /* the first line may carry a BOM, any line a "\r" before its "\n":
       neither counts towards the limit */
    size_t n = 0, skip = 0, limit = in->max_line + 1 + (no == 1 ? sizeof bom : 0);
    int any = 0, rc;

    for (;;) {
        /* set by window() when it returns > 0; initialised for gcc -O3,
           which cannot see that (-Wmaybe-uninitialized) */
        const unsigned char *p = NULL, *nl, *nul;
        size_t avail = 0, take;
        if ((rc = window(in, &p, &avail, no, e)) < 0)
            return -1;
        if (rc == 0)
            break;
        any = 1;
        nl = memchr(p, '\n', avail);
        take = nl ? (size_t)(nl - p) : avail;
        if ((nul = memchr(p, '\0', take))) {
            size_t col = n + (size_t)(nul - p);
            /* BOM bytes are not NUL, so a BOM is whole before col */
            if (no == 1 && col >= sizeof bom && in->buf && n >= sizeof bom && !memcmp(in->buf, bom, sizeof bom))
                col -= sizeof bom;
            else if (no == 1 && n == 0 && (size_t)(nul - p) >= sizeof bom && !memcmp(p, bom, sizeof bom))
                col -= sizeof bom;
            return vccd_error_set(e, in->file, no, NULL, NULL,
                                  "NUL byte at column %zu (text input must not contain NUL bytes)", col + 1);
        }
        if (n + take > limit)
            return vccd_error_set(e, in->file, no, NULL, NULL, "line longer than %zu bytes", in->max_line);
        if (reserve(in, n + take, e) != 0)
            return -1;
        memcpy(in->buf + n, p, take);
        n += take;
        consume(in, take + (nl != NULL));
        if (nl)
            break;
    }
    if (!any)
        return 0;
    if (reserve(in, n, e) != 0)
        return -1;
    in->line = no;
    if (!in->started) {
        in->started = 1;
        if (n >= sizeof bom && !memcmp(in->buf, bom, sizeof bom))
            skip = sizeof bom;
    }
    if (n > skip && in->buf[n - 1] == '\r')
        n--;
    n -= skip;
    if (n > in->max_line)
        return vccd_error_set(e, in->file, no, NULL, NULL, "line longer than %zu bytes", in->max_line);
    if (skip)
        memmove(in->buf, in->buf + skip, n);
    in->buf[n] = '\0';
    *line = in->buf;
    *len = n;
    return 1;
}

int
vccd_input_read(vccd_input *in, void *buf, size_t n, const char *what, vccd_error *e)
{
    unsigned char *out = buf;
    size_t done = 0;
    long long start = in->offset;

    in->started = 1;            /* a BOM belongs to text only */
    while (done < n) {
        const unsigned char *p = NULL;      /* set by window() (see above) */
        size_t avail = 0;
        int rc = window(in, &p, &avail, 0, e);
        if (rc < 0)
            return -1;
        if (rc == 0)
            return vccd_error_set(e, in->file, 0, NULL, NULL, "the input ends at byte %lld inside %s (from byte %lld)",
                                  in->offset, what, start);
        if (avail > n - done)
            avail = n - done;
        memcpy(out + done, p, avail);
        done += avail;
        consume(in, avail);
    }
    return 0;
}

int
vccd_input_end(vccd_input *in, vccd_error *e)
{
    const unsigned char *p = NULL;          /* set by window() (see above) */
    size_t avail = 0;
    int rc = window(in, &p, &avail, 0, e);
    return rc < 0 ? -1 : rc == 0;
}
