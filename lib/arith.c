/* arith.c -- names of the arithmetic modes. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vccd/arith.h"

int
vccd_arith_parse(vccd_arith *a, const char *name)
{
    if (strcmp(name, "binary64") == 0) {
        a->kind = VCCD_ARITH_BINARY64;
        a->prec = 53;
        return 0;
    }
    if (strcmp(name, "unrounded") == 0) {
        a->kind = VCCD_ARITH_UNROUNDED;
        a->prec = 53;
        return 0;
    }
    if (strcmp(name, "adaptive") == 0) {
        a->kind = VCCD_ARITH_ADAPTIVE;
        a->prec = 53;
        return 0;
    }
    if (strncmp(name, "mpfr:", 5) == 0) {
        char *end;
        long p;
        errno = 0;
        p = strtol(name + 5, &end, 10);
        if (end == name + 5 || *end || errno || p < VCCD_ARITH_PREC_MIN || p > VCCD_ARITH_PREC_MAX)
            return -1;
        a->kind = VCCD_ARITH_MPFR;
        a->prec = (mpfr_prec_t)p;
        return 0;
    }
    return -1;
}

const char *
vccd_arith_name(char *buf, int n, const vccd_arith *a)
{
    switch (a->kind) {
    case VCCD_ARITH_BINARY64: snprintf(buf, (size_t)n, "binary64"); break;
    case VCCD_ARITH_UNROUNDED: snprintf(buf, (size_t)n, "unrounded"); break;
    case VCCD_ARITH_ADAPTIVE: snprintf(buf, (size_t)n, "adaptive"); break;
    default: snprintf(buf, (size_t)n, "mpfr:%ld", (long)a->prec); break;
    }
    return buf;
}

int
vccd_arith_is_rigorous(const vccd_arith *a)
{
    return a->kind != VCCD_ARITH_UNROUNDED;
}
