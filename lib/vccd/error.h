/* error.h -- error reports that name the file, line and key. */
#ifndef VCCD_ERROR_H
#define VCCD_ERROR_H

#include "vccd/export.h"

VCCD_BEGIN_DECLS

typedef struct {
    char msg[1024];
} vccd_error;

/* Format "FILE:LINE: [SECTION] KEY: message" into e (any of file,
   section, key may be NULL and is then left out; line <= 0 likewise).
   Returns -1 so that parsers can `return vccd_error_set(...)`. */
int vccd_error_set(vccd_error *e, const char *file, int line, const char *section,
                   const char *key, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

VCCD_END_DECLS

#endif
