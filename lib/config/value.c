/* value.c -- the values every config reader shares (config.h): yes/no,
   bounded integers and bounded numbers, with one wording of their errors
   (the command line's option errors use the same words), so that the
   library's readers (the toc config) and the command line's (run,
   distance, simulate) say the same thing about the same mistake. */
#include <errno.h>
#include <math.h>
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
        return vccd_error_set(e, s->file, kv->line, s->name, kv->key, "'%s' is not an integer in [%ld, %ld]",
                              kv->value, lo, hi);
    *out = v;
    return 0;
}

int
vccd_config_double(double *out, const vccd_config_section *s, const vccd_config_kv *kv, double lo, double hi,
                   vccd_error *e)
{
    char *end;
    double v;
    errno = 0;
    v = strtod(kv->value, &end);
    /* ERANGE also flags subnormal results, which are numbers all right */
    if (end == kv->value || *end || (errno && !(fabs(v) <= 1.0)) || !(v >= lo && v <= hi))
        return vccd_error_set(e, s->file, kv->line, s->name, kv->key, "'%s' is not a number in [%g, %g]",
                              kv->value, lo, hi);
    *out = v;
    return 0;
}
