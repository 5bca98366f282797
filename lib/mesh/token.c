/* token.c -- tokens, numbers and indices of text mesh files (reader.h),
   so that every format words its errors alike. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mesh/reader.h"

int
vccd_mesh_line_error(const vccd_input *in, vccd_error *e, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return vccd_error_set(e, in->file, in->line > INT32_MAX ? 0 : (int)in->line, NULL, NULL, "%s", msg);
}

const char *
vccd_mesh_token(const char **s, size_t *len)
{
    const char *p = *s, *q;
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\v' || *p == '\f')
        p++;
    if (!*p) {
        *s = p;
        return NULL;
    }
    q = p;
    while (*q && *q != ' ' && *q != '\t' && *q != '\r' && *q != '\v' && *q != '\f')
        q++;
    *len = (size_t)(q - p);
    *s = q;
    return p;
}

const char *
vccd_mesh_token_text(char *buf, size_t size, const char *tok, size_t len)
{
    if (len + 1 > size) {
        memcpy(buf, tok, size - 4);
        memcpy(buf + size - 4, "...", 4);
    } else {
        memcpy(buf, tok, len);
        buf[len] = '\0';
    }
    return buf;
}

int
vccd_mesh_parse_coord(double *x, const char *tok, size_t len, const vccd_input *in, const char *what,
                      vccd_error *e)
{
    char *end, buf[64];
    errno = 0;
    /* strtod stops at the token's end: the next byte is blank or NUL */
    *x = strtod(tok, &end);
    if (end != tok + len || len == 0)
        return vccd_mesh_line_error(in, e, "%s: '%s' is not a number", what, vccd_mesh_token_text(buf, sizeof buf, tok, len));
    if (isnan(*x))
        return vccd_mesh_line_error(in, e, "%s is NaN", what);
    if (isinf(*x))
        return vccd_mesh_line_error(in, e, "%s: '%s' is %s", what, vccd_mesh_token_text(buf, sizeof buf, tok, len),
                                    errno == ERANGE ? "beyond the binary64 range" : "infinite");
    return 0;
}

int
vccd_mesh_parse_long(long *x, const char *tok, size_t len, long lo, long hi, const vccd_input *in,
                     const char *what, vccd_error *e)
{
    char *end, buf[64];
    long v;
    errno = 0;
    v = strtol(tok, &end, 10);
    if (end != tok + len || len == 0 || (*tok != '-' && *tok != '+' && (*tok < '0' || *tok > '9')))
        return vccd_mesh_line_error(in, e, "%s: '%s' is not an integer", what, vccd_mesh_token_text(buf, sizeof buf, tok, len));
    if (errno == ERANGE || v < lo || v > hi)
        return vccd_mesh_line_error(in, e, "%s: %s out of range %ld..%ld", what, vccd_mesh_token_text(buf, sizeof buf, tok, len),
                                    lo, hi);
    *x = v;
    return 0;
}

int
vccd_mesh_coord_ok(double *x, const char *tok, size_t len)
{
    char *end;
    *x = strtod(tok, &end);
    return len > 0 && end == tok + len && isfinite(*x);
}

int
vccd_mesh_long_ok(long *x, const char *tok, size_t len, long lo, long hi)
{
    char *end;
    long v;
    if (len == 0 || (*tok != '-' && *tok != '+' && (*tok < '0' || *tok > '9')))
        return 0;
    errno = 0;
    v = strtol(tok, &end, 10);
    if (end != tok + len || errno == ERANGE || v < lo || v > hi)
        return 0;
    *x = v;
    return 1;
}
