/* cli_opt.c -- see cli_opt.h.  getopt_long does the scanning, in order
   ("-:": other arguments come back one by one, whatever POSIXLY_CORRECT
   says, and a missing value is told from an unknown option); the table
   gives the names, the values' types and ranges, and the messages. */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_opt.h"
#include "vccd/bv.h"
#include "vccd/mesh.h"
#include "vccd/motion.h"
#include "vccd/solver.h"

#define MAX_OPTS 32

/* The value of a LONG or DOUBLE option, or -1 when it is not one. */
static int
set_number(const vccd_cli_opt *o, void *args, const char *val)
{
    char *end;
    errno = 0;
    if (o->kind == VCCD_OPT_LONG) {
        long v = strtol(val, &end, 10);
        if (errno || end == val || *end || v < (long)o->min || v > (long)o->max)
            return -1;
        *(long *)((char *)args + o->off) = v;
    } else {
        double v = strtod(val, &end);
        if (end == val || *end || !(v >= o->min && v <= o->max))
            return -1;
        *(double *)((char *)args + o->off) = v;
    }
    return 0;
}

/* Store val (NULL: a flag) as o says; 0, or VCCD_EXIT_USAGE after the
   message. */
static int
set_value(const vccd_cli_opt *o, void *args, const char *val)
{
    char *at = (char *)args + o->off;
    switch (o->kind) {
    case VCCD_OPT_FLAG:
        *(int *)at = 1;
        return 0;
    case VCCD_OPT_STR:
        *(const char **)at = val;
        return 0;
    case VCCD_OPT_LONG:
        if (set_number(o, args, val) == 0)
            return 0;
        return vccd_cli_usage_error("option --%s: '%s' is not an integer in [%ld, %ld]", o->name, val,
                                    (long)o->min, (long)o->max);
    case VCCD_OPT_DOUBLE:
        if (set_number(o, args, val) == 0)
            return 0;
        return vccd_cli_usage_error("option --%s: '%s' is not a number in [%g, %g]", o->name, val, o->min, o->max);
    case VCCD_OPT_CALL:
        switch (o->set(args, val)) {
        case 0:
            return 0;
        case -2:
            return VCCD_EXIT_USAGE;
        default: {
            char expect[512];
            FILE *f = fmemopen(expect, sizeof expect, "w");
            if (f) {
                vccd_cli_put_text(f, o->expect);
                fclose(f);
                /* fmemopen writes no terminating NUL when the text fills the buffer */
                expect[sizeof expect - 1] = '\0';
            } else
                snprintf(expect, sizeof expect, "%s", o->expect);
            return vccd_cli_usage_error("option --%s: '%s' (expected %s)", o->name, val, expect);
        }
        }
    }
    return VCCD_EXIT_USAGE;
}

int
vccd_cli_parse(const char *who, const vccd_cli_opt *opts, void *args, int argc, char **argv, int *npos)
{
    struct option lo[MAX_OPTS + 1];
    int n = 0, c, at, li;
    size_t help_len = strcspn(who, " ");

    for (; opts && opts[n].name; n++) {
        if (n == MAX_OPTS)
            return vccd_cli_usage_error("%s: too many options in the table", who);
        lo[n] = (struct option){ opts[n].name, opts[n].arg ? required_argument : no_argument, NULL, 256 + n };
    }
    lo[n] = (struct option){ NULL, 0, NULL, 0 };
    *npos = 0;
    opterr = 0;
    optind = 0;                 /* a fresh scan */
    for (;;) {
        at = optind ? optind : 1;           /* the argument getopt reads now */
        li = -1;
        if ((c = getopt_long(argc, argv, "-:", lo, &li)) == -1)
            break;
        if (c == 1) {                       /* not an option */
            argv[1 + (*npos)++] = optarg;
            continue;
        }
        if (c >= 256 && c < 256 + n) {
            /* getopt_long takes any unambiguous abbreviation; options
               are named in full here, as before */
            const char *tok = argv[at] + 2;
            if (strncmp(tok, opts[c - 256].name, strlen(opts[c - 256].name)) != 0
                || (tok[strlen(opts[c - 256].name)] != '\0' && tok[strlen(opts[c - 256].name)] != '='))
                c = '?', optopt = 0;
        }
        if (c == ':')
            return vccd_cli_usage_error("option --%s needs a value", opts[optopt - 256].name);
        if (c == '?' && optopt >= 256 && optopt < 256 + n)
            return vccd_cli_usage_error("option --%s takes no value", opts[optopt - 256].name);
        if (c == '?')
            return vccd_cli_usage_error("%s: unknown option '%s' (see vccd help %.*s)", who, argv[at],
                                        (int)help_len, who);
        if (set_value(&opts[c - 256], args, optarg) != 0)
            return VCCD_EXIT_USAGE;
    }
    while (optind < argc)                   /* after "--" */
        argv[1 + (*npos)++] = argv[optind++];
    return 0;
}

/* The names of registry list (length len), joined by sep. */
static int
put_list(FILE *f, const char *list, size_t len, const char *sep)
{
    const char *name, *params, *what;
#define IS(s) (len == strlen(s) && strncmp(list, s, len) == 0)
    if (IS("bv")) {
        for (int i = 0; i < vccd_bv_type_count(); i++)
            fprintf(f, "%s%s", i ? sep : "", vccd_bv_type_get(i)->name);
    } else if (IS("solver")) {
        for (int i = 0; i < vccd_solver_type_count(); i++)
            fprintf(f, "%s%s", i ? sep : "", vccd_solver_type_get(i)->name);
    } else if (IS("motion")) {
        for (int i = 0; i < vccd_motion_type_count(); i++)
            fprintf(f, "%s%s", i ? sep : "", vccd_motion_type_get(i)->name);
    } else if (IS("shape")) {
        for (int i = 0; vccd_mesh_shape_info(i, &name, &params, &what); i++)
            fprintf(f, "%s%s%s", i ? sep : "", name, params);
    } else if (IS("format")) {
        const char *s = vccd_mesh_format_names();
        for (size_t k; *s; s += k + (s[k] == ' ')) {
            k = strcspn(s, " ");
            fprintf(f, "%s%.*s", s == vccd_mesh_format_names() ? "" : sep, (int)k, s);
        }
    } else
        return -1;
#undef IS
    return 0;
}

void
vccd_cli_put_text(FILE *f, const char *text)
{
    while (*text) {
        const char *open = strchr(text, '{'), *close = open ? strchr(open, '}') : NULL;
        size_t len;
        const char *sep = " ";
        if (!close) {
            fputs(text, f);
            return;
        }
        fwrite(text, 1, (size_t)(open - text), f);
        len = (size_t)(close - open - 1);
        if (len > 0 && (open[len] == '|' || open[len] == ','))
            sep = open[len--] == '|' ? " | " : ", ";
        if (put_list(f, open + 1, len, sep) != 0)   /* not a list: as written */
            fwrite(open, 1, (size_t)(close - open + 1), f);
        text = close + 1;
    }
}

void
vccd_cli_put_opts(FILE *f, const vccd_cli_opt *opts)
{
    enum { WIDTH = 16 };
    int w = 0;
    for (int i = 0; opts && opts[i].name; i++) {
        int l = 2 + (int)strlen(opts[i].name) + (opts[i].arg ? 1 + (int)strlen(opts[i].arg) : 0);
        if (l > w && l <= WIDTH)
            w = l;
    }
    for (int i = 0; opts && opts[i].name; i++) {
        const char *h = opts[i].help;
        int l = fprintf(f, "  --%s%s%s", opts[i].name, opts[i].arg ? " " : "", opts[i].arg ? opts[i].arg : "") - 2;
        fprintf(f, "%*s", l < w ? w - l + 2 : 2, "");
        for (;;) {
            size_t k = strcspn(h, "\n");
            char line[256];
            snprintf(line, sizeof line, "%.*s\n", (int)k, h);
            vccd_cli_put_text(f, line);
            if (!h[k] || !h[k + 1])
                break;
            h += k + 1;
            fprintf(f, "%*s", w + 4, "");
        }
    }
}
