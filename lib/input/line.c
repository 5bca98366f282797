/* line.c -- lines and binary bodies from an input source (input.h).
   Every reader goes through here, so that a NUL byte, an endless line
   or a truncated gzip stream is reported once, the same way, with the
   line number that the user's editor shows. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "vccd/input.h"

#define READ_AHEAD 65536        /* as in open.c */

static const unsigned char bom[3] = { 0xef, 0xbb, 0xbf };

/* The unread bytes [*p, *p + *n): 1, 0 at the end of input, -1 with e
   set (read error, corrupt gzip data, reported at line `line`). */
static int
window(vccd_input *in, const unsigned char **p, size_t *n, long line, vccd_error *e)
{
    int got, err;
    const char *msg;

    if (in->s) {
        *p = (const unsigned char *)in->s + in->spos;
        *n = in->slen - in->spos;
        return *n > 0;
    }
    if (in->rpos == in->rlen && !in->eof) {
        got = gzread((gzFile)in->gz, in->rbuf, READ_AHEAD);
        if (got > 0) {
            in->rpos = 0;
            in->rlen = (size_t)got;
        } else {
            /* gzip data that ends early or fails its check is corrupt,
               not a shorter file */
            msg = gzerror((gzFile)in->gz, &err);
            if (got < 0 || (err != Z_OK && err != Z_STREAM_END))
                return vccd_error_set(e, in->file, line, NULL, NULL, "read error: %s",
                                      err == Z_ERRNO ? strerror(errno) : msg);
            in->eof = 1;
        }
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
