/* cli.c -- error reporting and option parsing shared by the subcommands. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int
vccd_cli_usage_error(const char *fmt, ...)
{
    va_list ap;
    fputs("vccd: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return VCCD_EXIT_USAGE;
}

int
vccd_cli_parse_long(long *out, const char *opt, const char *s, long min, long max)
{
    char *end;
    long v;

    if (s == NULL) {
        vccd_cli_usage_error("option %s needs a value", opt);
        return -1;
    }
    errno = 0;
    v = strtol(s, &end, 10);
    if (errno || end == s || *end != '\0' || v < min || v > max) {
        vccd_cli_usage_error("option %s: '%s' is not an integer in [%ld, %ld]", opt, s, min, max);
        return -1;
    }
    *out = v;
    return 0;
}

const vccd_cli_cmd *
vccd_cli_find(const char *name)
{
    for (const vccd_cli_cmd *c = vccd_cli_cmds; c->name; c++)
        if (strcmp(c->name, name) == 0)
            return c;
    return NULL;
}
