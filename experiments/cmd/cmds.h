/* cmds.h -- the subcommands of the vccd program.  Each is one file,
   experiments/cmd/cmd_NAME.c, defining vccd_cmd_NAME; its line in
   Makefile.am's CMD_SOURCES registers it (cmd/list.h, generated, in
   that order in `vccd --help`). */
#ifndef VCCD_CMDS_H
#define VCCD_CMDS_H

#include "cli_opt.h"

typedef struct {
    const char *name;
    const char *summary;        /* one line for `vccd --help` */
    const char *usage;          /* `vccd help NAME`: the text before the options, */
    const vccd_cli_opt *opts;   /* the options (NULL: none), */
    const char *more;           /* and the text after them (may be NULL) */
    int (*run)(int argc, char **argv);  /* argv[0] is the subcommand */
} vccd_cli_cmd;

#define VCCD_CMD(id) extern const vccd_cli_cmd vccd_cmd_##id;
#include "cmd/list.h"
#undef VCCD_CMD

/* The subcommand called name, or NULL. */
const vccd_cli_cmd *vccd_cli_find(const char *name);
/* Its `vccd help NAME` text. */
void vccd_cli_help(FILE *f, const vccd_cli_cmd *c);

#endif
