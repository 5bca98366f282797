/* error.c -- error reports that name the file, line and key. */
#include <stdarg.h>
#include <stdio.h>

#include "vccd/error.h"

int
vccd_error_set(vccd_error *e, const char *file, int line, const char *section,
               const char *key, const char *fmt, ...)
{
    va_list ap;
    size_t n = 0;

    if (!e)
        return -1;
    e->msg[0] = '\0';
    if (file)
        n += (size_t)snprintf(e->msg + n, sizeof e->msg - n, "%s:", file);
    if (line > 0 && n < sizeof e->msg)
        n += (size_t)snprintf(e->msg + n, sizeof e->msg - n, "%d:", line);
    if (n && n < sizeof e->msg)
        n += (size_t)snprintf(e->msg + n, sizeof e->msg - n, " ");
    if (section && n < sizeof e->msg)
        n += (size_t)snprintf(e->msg + n, sizeof e->msg - n, "[%s] ", section);
    if (key && n < sizeof e->msg)
        n += (size_t)snprintf(e->msg + n, sizeof e->msg - n, "%s: ", key);
    if (n < sizeof e->msg) {
        va_start(ap, fmt);
        vsnprintf(e->msg + n, sizeof e->msg - n, fmt, ap);
        va_end(ap);
    }
    return -1;
}
