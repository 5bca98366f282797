/* cmds.h -- the subcommands of the vccd program and their registry
   (vccd.c, one line per subcommand). */
#ifndef VCCD_CMDS_H
#define VCCD_CMDS_H

typedef struct {
    const char *name;
    const char *summary;        /* one line for `vccd --help` */
    const char *help;           /* full text for `vccd help NAME` */
    int (*run)(int argc, char **argv);  /* argv[0] is the subcommand */
} vccd_cli_cmd;

extern const vccd_cli_cmd vccd_cli_cmds[];
const vccd_cli_cmd *vccd_cli_find(const char *name);

/* Subcommands. */
int vccd_cmd_bench(int argc, char **argv);
int vccd_cmd_motion_check(int argc, char **argv);
int vccd_cmd_queries(int argc, char **argv);
int vccd_cmd_toc(int argc, char **argv);
int vccd_cmd_distance(int argc, char **argv);
int vccd_cmd_mesh(int argc, char **argv);
int vccd_cmd_simulate(int argc, char **argv);
int vccd_cmd_run(int argc, char **argv);
int vccd_cmd_merge(int argc, char **argv);

#endif
