/* cli.c -- error reporting and option parsing shared by the subcommands. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "vccd/input.h"

int
vccd_cli_usage_error(const char *fmt, ...)
{
    /* arguments are input too: escaped as in every error message */
    char raw[1024], safe[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(raw, sizeof raw, fmt, ap);
    va_end(ap);
    fprintf(stderr, "vccd: %s\n", vccd_input_escape(safe, sizeof safe, raw, strlen(raw)));
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

int
vccd_cli_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int
vccd_cli_take_overrides(char **args, int n, char **ov, int *nov)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        if (strchr(args[i], '='))
            ov[(*nov)++] = args[i];
        else
            args[k++] = args[i];
    return k;
}

/* Every section name vccd knows; "motion." stands for [motion.NAME]. */
static const char *const known_sections[] = { "pair", "solver", "arithmetic", "motion", "motion.", "mesh.", NULL };

int
vccd_cli_check_sections(const vccd_config *cfg, vccd_error *e)
{
    return vccd_config_check_sections(cfg, known_sections, e);
}

int
vccd_cli_wants_help(int argc, char **argv)
{
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            return 1;
    return 0;
}

int
vccd_cli_finish(int rc)
{
    /* stdout is buffered: a full disk or a closed pipe shows only here */
    int bad = fflush(stdout) != 0 || ferror(stdout);
    int err = errno;
    if (fclose(stdout) != 0 && !bad) {
        bad = 1;
        err = errno;
    }
    if (bad) {
        fprintf(stderr, "vccd: error writing the output: %s\n", strerror(err));
        return rc == VCCD_EXIT_OK ? VCCD_EXIT_FAIL : rc;
    }
    return rc;
}

FILE *
vccd_cli_open_output(const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f)
        vccd_cli_usage_error("cannot write %s: %s", path, strerror(errno));
    return f;
}

int
vccd_cli_close_output(FILE *f, const char *path)
{
    /* an earlier failed write sets the error flag; fclose reports only
       the last flush */
    int bad = ferror(f) != 0;
    int err = errno;
    if (fclose(f) != 0 && !bad) {
        bad = 1;
        err = errno;
    }
    if (bad)
        fprintf(stderr, "vccd: error writing %s: %s\n", path, strerror(err));
    return bad ? -1 : 0;
}

const char *
vccd_cli_toc_end(char *buf, const vccd_toc_answer *a, int end, int hex)
{
    if (end == 0)
        vccd_time_snprint(buf, VCCD_TIME_STR_MAX, &a->lo_exact, a->lo, MPFR_RNDD, hex);
    else
        vccd_time_snprint(buf, VCCD_TIME_STR_MAX, &a->hi_exact, a->hi, MPFR_RNDU, hex);
    return buf;
}
