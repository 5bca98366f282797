/* cli.h -- helpers every part of the vccd program shares: exit statuses,
   usage errors, option values, output files. */
#ifndef VCCD_CLI_H
#define VCCD_CLI_H

#include "vccd/toc.h"
#include <stdio.h>

#include "vccd/config.h"

/* Exit statuses: 0 success, 1 the job found a problem (a failed check),
   2 usage or input error. */
enum { VCCD_EXIT_OK = 0, VCCD_EXIT_FAIL = 1, VCCD_EXIT_USAGE = 2 };

/* Print "vccd: MSG" to stderr; returns VCCD_EXIT_USAGE for tail calls. */
int vccd_cli_usage_error(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));

/* Parse a positive integer / double option value or report a usage error
   naming the option; 0 on success. */
int vccd_cli_parse_long(long *out, const char *opt, const char *s, long min, long max);

/* qsort's comparison of doubles, ascending (no NaN among them). */
int vccd_cli_cmp_double(const void *a, const void *b);
/* The answer's lo (end 0, rounded down) or hi (end 1, rounded up) as
   text in buf (VCCD_TIME_STR_MAX bytes), with the digits of its
   precision: reading it back at that precision gives the same number
   (time.h).  hex: C99 hex float, exact. */
const char *vccd_cli_toc_end(char *buf, const vccd_toc_answer *a, int end, int hex);

/* Move the SECTION.KEY=VALUE overrides (the arguments holding '=') of
   args[0 .. n) to ov[*nov ...], in order, keeping the others in order at
   the front of args; returns how many others. */
int vccd_cli_take_overrides(char **args, int n, char **ov, int *nov);

/* -1 with e naming the first section of cfg that no subcommand knows
   ([pair], [solver], [arithmetic], [motion], [motion.NAME],
   [mesh.NAME]), with its line: a misspelt section must not be silently
   ignored. */
int vccd_cli_check_sections(const vccd_config *cfg, vccd_error *e);

/* Does argv (a subcommand's, argv[0] its name) ask for help: "--help" or
   "-h" anywhere before a "--"? */
int vccd_cli_wants_help(int argc, char **argv);

/* Flush and close stdout; a write error (full disk, closed pipe) is
   reported and turns the exit status rc into a failure.  Returns the
   exit status; main() calls it once, after the subcommand. */
int vccd_cli_finish(int rc);

/* An output file (--csv) opened for writing, or NULL after a one-line
   "vccd: cannot write PATH: reason" on stderr. */
FILE *vccd_cli_open_output(const char *path);
/* Close it: 0, or -1 after "vccd: error writing PATH: reason" when any
   write to it failed. */
int vccd_cli_close_output(FILE *f, const char *path);

#endif
