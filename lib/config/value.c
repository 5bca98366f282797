/* value.c -- the values every config reader shares (config.h): yes/no
   and bounded integers, with one wording of their errors, so that the
   library's readers (the toc config) and the command line's (run,
   distance, simulate) say the same thing about the same mistake. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "vccd/config.h"

int
vccd_config_bool(int *out, const vccd_config_section *s, const vccd_config_kv *kv, vccd_error *e)
{
    if (!strcmp(kv->value, "yes") || !strcmp(kv->value, "true") || !strcmp(kv->value, "1"))
        *out = 1;
    else if (!strcmp(kv->value, "no") || !strcmp(kv->value, "false") || !strcmp(kv->value, "0"))
        *out = 0;
    else
        return vccd_error_set(e, s->file, kv->line, s->name, kv->key, "expected yes or no");
    return 0;
}

int
vccd_config_long(long *out, const vccd_config_section *s, const vccd_config_kv *kv, long lo, long hi, vccd_error *e)
{
    char *end;
    long v;
    errno = 0;
    v = strtol(kv->value, &end, 10);
    if (end == kv->value || *end || errno || v < lo || v > hi)
        return vccd_error_set(e, s->file, kv->line, s->name, kv->key, "expected an integer in [%ld, %ld]", lo, hi);
    *out = v;
    return 0;
}
