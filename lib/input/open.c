/* open.c -- opening an input source (input.h): a file, plain or gzip
   (zlib reads both, so compression needs no flag), or a string. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "vccd/input.h"

/* zlib's own buffer is its default; ours only saves a call per byte. */
#define READ_AHEAD 65536        /* as in line.c */

static void
init(vccd_input *in, size_t max_line)
{
    memset(in, 0, sizeof *in);
    in->max_line = max_line ? max_line : (size_t)VCCD_INPUT_MAX_LINE;
}

int
vccd_input_open(vccd_input *in, const char *path, size_t max_line, vccd_error *e)
{
    struct stat st;
    int fd;

    init(in, max_line);
    /* A directory opens and then fails on read with EISDIR, which would
       reach the user as a bare "read error"; say what it is instead. */
    if ((fd = open(path, O_RDONLY)) < 0)
        return vccd_error_set(e, path, 0, NULL, NULL, "cannot open: %s", strerror(errno));
    if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        close(fd);
        return vccd_error_set(e, path, 0, NULL, NULL, "is a directory, not a file");
    }
    if (!(in->file = strdup(path)) || !(in->rbuf = malloc(READ_AHEAD))) {
        close(fd);
        vccd_input_close(in);
        return vccd_error_set(e, path, 0, NULL, NULL, "out of memory");
    }
    if (!(in->gz = gzdopen(fd, "rb"))) {
        close(fd);
        vccd_input_close(in);
        return vccd_error_set(e, path, 0, NULL, NULL, "cannot open: out of memory");
    }
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
    if (in->gz)
        gzclose((gzFile)in->gz);
    free(in->file);
    free(in->buf);
    free(in->rbuf);
    memset(in, 0, sizeof *in);
}

long long
vccd_input_offset(const vccd_input *in)
{
    return in->offset;
}
