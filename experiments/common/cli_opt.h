/* cli_opt.h -- option tables: one table per command drives the parsing
   of its options (getopt_long), their lines in its --help text and the
   error messages that name them.  A new option is one line:

     VCCD_OPT_LONG_(args, max_work, "max-work", "W", 1, 1000, "work budget per query"),

   Texts may name the registries in braces, expanded when printed, so
   that no list is written by hand: {bv} {solver} {motion} {format}
   {shape}, space-separated; {bv|} " | "-separated; {bv,} ", "-separated. */
#ifndef VCCD_CLI_OPT_H
#define VCCD_CLI_OPT_H

#include <stddef.h>
#include <stdio.h>

typedef enum {
    VCCD_OPT_FLAG,              /* no value: sets an int to 1 */
    VCCD_OPT_STR,               /* the value itself: a const char * */
    VCCD_OPT_LONG,              /* an integer in [min, max]: a long */
    VCCD_OPT_DOUBLE,            /* a number in [min, max]: a double */
    VCCD_OPT_CALL               /* set(args, value): 0, or -1 bad value */
} vccd_opt_kind;

typedef struct {
    const char *name;           /* "csv" is --csv */
    const char *arg;            /* the value's name in the help ("FILE"); NULL for a flag */
    const char *help;           /* its description; '\n' starts a line */
    vccd_opt_kind kind;
    size_t off;                 /* of the value in the command's args struct */
    double min, max;            /* LONG, DOUBLE: the range */
    /* CALL: 0; or -1 when val is bad (the message then says "expected
       EXPECT"), or -2 when set printed its own message */
    int (*set)(void *args, const char *val);
    const char *expect;
} vccd_cli_opt;

/* The lines of a table, T the args struct and F the field; the table
   ends with VCCD_OPT_END. */
#define VCCD_OPT_FLAG_(T, F, name, help) { name, NULL, help, VCCD_OPT_FLAG, offsetof(T, F), 0, 0, NULL, NULL }
#define VCCD_OPT_STR_(T, F, name, arg, help) { name, arg, help, VCCD_OPT_STR, offsetof(T, F), 0, 0, NULL, NULL }
#define VCCD_OPT_LONG_(T, F, name, arg, min, max, help) \
    { name, arg, help, VCCD_OPT_LONG, offsetof(T, F), min, max, NULL, NULL }
#define VCCD_OPT_DOUBLE_(T, F, name, arg, min, max, help) \
    { name, arg, help, VCCD_OPT_DOUBLE, offsetof(T, F), min, max, NULL, NULL }
#define VCCD_OPT_CALL_(name, arg, set, expect, help) { name, arg, help, VCCD_OPT_CALL, 0, 0, 0, set, expect }
#define VCCD_OPT_END { NULL, NULL, NULL, VCCD_OPT_FLAG, 0, 0, 0, NULL, NULL }

/* Parse the options of argv (argv[0] the command) into args by table
   opts (ended by a NULL name), in the order given; "--" ends them.  The
   other arguments are left in argv[1 .. *npos], in order.  0, or
   VCCD_EXIT_USAGE after one line naming the option: "vccd: WHO: unknown
   option '--x' (see vccd help W)", W WHO's first word; "vccd: option --x
   needs a value"; "vccd: option --x: 'V' is not an integer in [A, B]",
   as vccd_cli_parse_long says it, or "(expected EXPECT)". */
int vccd_cli_parse(const char *who, const vccd_cli_opt *opts, void *args, int argc, char **argv, int *npos);

/* Print text with its {list}s expanded. */
void vccd_cli_put_text(FILE *f, const char *text);
/* The options' help lines: "  --NAME ARG  help", aligned. */
void vccd_cli_put_opts(FILE *f, const vccd_cli_opt *opts);

#endif
