/* open.c -- opening an input source (input.h): a regular file, plain or
   gzip (the first bytes tell, so compression needs no flag; line.c reads
   it), or a string. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "vccd/input.h"

/* The size of each read(2), and of the read-ahead of decompressed bytes
   (and of compressed ones for gzip: line.c). */
#define READ_AHEAD 65536        /* as in line.c */

static void
init(vccd_input *in, size_t max_line)
{
    memset(in, 0, sizeof *in);
    in->fd = -1;
    in->gzip = -1;
    in->max_line = max_line ? max_line : (size_t)VCCD_INPUT_MAX_LINE;
}

/* "PATH: is a FIFO, not a regular file" and the like. */
static int
not_regular(vccd_error *e, const char *path, mode_t m)
{
    const char *k = S_ISDIR(m) ? "a directory" : S_ISFIFO(m) ? "a FIFO" : S_ISSOCK(m) ? "a socket"
                  : S_ISCHR(m) ? "a character device" : S_ISBLK(m) ? "a block device" : NULL;
    if (!k)
        return vccd_error_set(e, path, 0, NULL, NULL, "not a regular file");
    return vccd_error_set(e, path, 0, NULL, NULL, "is %s, not a regular file", k);
}

int
vccd_input_open(vccd_input *in, const char *path, size_t max_line, vccd_error *e)
{
    struct stat st;
    int fd, flags;

    init(in, max_line);
    /* Only regular files.  open(2) of a FIFO blocks until a writer comes,
       possibly forever; with O_NONBLOCK it returns at once, and fstat of
       the descriptor (not a stat of the name before: the file could be
       swapped in between) says what was opened.  A directory would fail
       later with a bare "read error"; a device may never end or never
       answer (/dev/zero, a terminal); a socket refuses open() itself.
       O_NOCTTY: opening a terminal must not make it ours. */
    if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)) < 0) {
        int err = errno;
        if (err == ENXIO && stat(path, &st) == 0 && !S_ISREG(st.st_mode))
            return not_regular(e, path, st.st_mode);
        return vccd_error_set(e, path, 0, NULL, NULL, "cannot open: %s", strerror(err));
    }
    if (fstat(fd, &st) != 0) {
        int err = errno;
        close(fd);
        return vccd_error_set(e, path, 0, NULL, NULL, "cannot open: %s", strerror(err));
    }
    if (!S_ISREG(st.st_mode)) {
        close(fd);
        return not_regular(e, path, st.st_mode);
    }
    /* reads of a regular file never wait; the flag is cleared anyway so
       that the descriptor reads as any other */
    if ((flags = fcntl(fd, F_GETFL)) < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0) {
        int err = errno;
        close(fd);
        return vccd_error_set(e, path, 0, NULL, NULL, "cannot open: %s", strerror(err));
    }
    if (!(in->file = strdup(path)) || !(in->rbuf = malloc(READ_AHEAD))) {
        close(fd);
        vccd_input_close(in);
        return vccd_error_set(e, path, 0, NULL, NULL, "out of memory");
    }
    in->fd = fd;
    return 0;
}

int
vccd_input_open_mem(vccd_input *in, const char *name, const char *text, size_t len, size_t max_line,
                    vccd_error *e)
{
    init(in, max_line);
    if (!(in->file = strdup(name)))
        return vccd_error_set(e, name, 0, NULL, NULL, "out of memory");
    in->s = text;
    in->slen = len;
    return 0;
}

void
vccd_input_close(vccd_input *in)
{
    if (in->z) {
        inflateEnd(in->z);
        free(in->z);
    }
    /* rbuf: a file source (a zeroed, never opened reader has fd 0) */
    if (in->rbuf && in->fd >= 0)
        close(in->fd);
    free(in->file);
    free(in->buf);
    free(in->rbuf);
    free(in->zbuf);
    memset(in, 0, sizeof *in);
    in->fd = -1;
}

long long
vccd_input_offset(const vccd_input *in)
{
    return in->offset;
}
