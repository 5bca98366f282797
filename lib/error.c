/* error.c -- error reports that name the file, line and key.

   Everything that may come from the input (the path, section, key, and
   the values a message quotes) is escaped here, once for every message,
   so no reader can echo a control byte to the terminal.  Each part has
   a bounded share of the buffer, the path shortened in its middle, so
   that a long path or value never cuts the line number or the message
   away. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "vccd/error.h"
#include "vccd/input.h"

/* Shares of e->msg (1024 bytes); what is left is the message's. */
enum { FILE_SHARE = 300, NAME_SHARE = 160 };

/* s escaped into out (size bytes); if too long, its first and last
   parts around "...": the end of a path names the file. */
static void
escape_middle(char *out, size_t size, const char *s)
{
    size_t len = strlen(s), half = (size - 4) / 2, k;
    char tail[FILE_SHARE];

    if (vccd_input_escaped_len(s, len) < size) {
        vccd_input_escape(out, size, s, len);
        return;
    }
    vccd_input_escape(out, half + 1, s, len);   /* cut, ending in "..." */
    /* an escaped byte takes at most 4 characters */
    k = half / 4 < len ? half / 4 : len;
    vccd_input_escape(tail, sizeof tail, s + len - k, k);
    strcat(out, tail);
}

int
vccd_error_set(vccd_error *e, const char *file, int line, const char *section,
               const char *key, const char *fmt, ...)
{
    char f[FILE_SHARE], sec[NAME_SHARE], k[NAME_SHARE], raw[sizeof e->msg];
    va_list ap;
    size_t n = 0;

    if (!e)
        return -1;
    e->msg[0] = '\0';
    if (file) {
        escape_middle(f, sizeof f, file);
        n += (size_t)snprintf(e->msg + n, sizeof e->msg - n, "%s:", f);
    }
    if (line > 0)
        n += (size_t)snprintf(e->msg + n, sizeof e->msg - n, "%d:", line);
    if (n)
        n += (size_t)snprintf(e->msg + n, sizeof e->msg - n, " ");
    if (section) {
        vccd_input_escape(sec, sizeof sec, section, strlen(section));
        n += (size_t)snprintf(e->msg + n, sizeof e->msg - n, "[%s] ", sec);
    }
    if (key) {
        vccd_input_escape(k, sizeof k, key, strlen(key));
        n += (size_t)snprintf(e->msg + n, sizeof e->msg - n, "%s: ", k);
    }
    va_start(ap, fmt);
    vsnprintf(raw, sizeof raw, fmt, ap);
    va_end(ap);
    vccd_input_escape(e->msg + n, sizeof e->msg - n, raw, strlen(raw));
    return -1;
}
