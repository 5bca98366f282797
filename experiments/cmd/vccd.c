/* vccd.c -- the vccd command: dispatch to subcommands. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cmds.h"
#include "vccd.h"

static int cmd_help(int argc, char **argv);
static int cmd_version(int argc, char **argv);

static const vccd_cli_cmd help_cmd = { "help", "show help for a subcommand", "usage: vccd help [SUBCOMMAND]\n",
                                       NULL, NULL, cmd_help };
static const vccd_cli_cmd version_cmd = { "version", "print the version", "usage: vccd version\n", NULL, NULL,
                                          cmd_version };

/* The registry: Makefile.am's CMD_SOURCES, then help and version. */
static const vccd_cli_cmd *const cmds[] = {
#define VCCD_CMD(id) &vccd_cmd_##id,
#include "cmd/list.h"
#undef VCCD_CMD
    &help_cmd, &version_cmd, NULL
};

const vccd_cli_cmd *
vccd_cli_find(const char *name)
{
    for (const vccd_cli_cmd *const *c = cmds; *c; c++)
        if (strcmp((*c)->name, name) == 0)
            return *c;
    return NULL;
}

void
vccd_cli_help(FILE *f, const vccd_cli_cmd *c)
{
    vccd_cli_put_text(f, c->usage);
    if (c->opts) {
        fputc('\n', f);
        vccd_cli_put_opts(f, c->opts);
    }
    if (c->more) {
        fputc('\n', f);
        vccd_cli_put_text(f, c->more);
    }
}

static void
print_overview(FILE *f)
{
    fputs("usage: vccd [--help] [--version] SUBCOMMAND [ARGS]\n"
          "\n"
          "vccd answers, with proof, when two moving rigid bodies first touch.\n"
          "\n"
          "subcommands:\n", f);
    for (const vccd_cli_cmd *const *c = cmds; *c; c++) {
        fprintf(f, "  %-10s ", (*c)->name);
        vccd_cli_put_text(f, (*c)->summary);
        fputc('\n', f);
    }
    fputs("\n`vccd help SUBCOMMAND` shows the options of one subcommand.\n"
          "Exit status: 0 success, 1 a check failed, 2 usage or input error.\n", f);
}

static int
cmd_help(int argc, char **argv)
{
    const vccd_cli_cmd *c;
    if (argc < 2) {
        print_overview(stdout);
        return VCCD_EXIT_OK;
    }
    if (argc > 2)
        return vccd_cli_usage_error("help takes at most one subcommand name");
    c = vccd_cli_find(argv[1]);
    if (!c)
        return vccd_cli_usage_error("unknown subcommand '%s' (see vccd --help)", argv[1]);
    vccd_cli_help(stdout, c);
    return VCCD_EXIT_OK;
}

static int
cmd_version(int argc, char **argv)
{
    (void)argv;
    if (argc > 1)
        return vccd_cli_usage_error("version takes no arguments");
    printf("vccd %s (MPFR %s, GMP %s)\n", VCCD_VERSION_STRING, mpfr_get_version(), gmp_version);
    return VCCD_EXIT_OK;
}

int
main(int argc, char **argv)
{
    const vccd_cli_cmd *c;
    int env;

    if (argc < 2) {
        print_overview(stderr);
        return VCCD_EXIT_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        print_overview(stdout);
        return vccd_cli_finish(VCCD_EXIT_OK);
    }
    if (strcmp(argv[1], "--version") == 0)
        return vccd_cli_finish(cmd_version(1, argv + 1));
    if (argv[1][0] == '-')
        return vccd_cli_usage_error("unknown option '%s' (see vccd --help)", argv[1]);
    c = vccd_cli_find(argv[1]);
    if (!c)
        return vccd_cli_usage_error("unknown subcommand '%s' (see vccd --help)", argv[1]);
    /* A broken floating-point environment would make every bound a lie. */
    if ((env = vccd_fpenv_check()) != 0) {
        fprintf(stderr, "vccd: %s\n", vccd_fpenv_describe(env));
        return VCCD_EXIT_FAIL;
    }
    /* before any option parsing: "--help" may follow anything, even an
       option that wants a value */
    if (vccd_cli_wants_help(argc - 1, argv + 1)) {
        vccd_cli_help(stdout, c);
        return vccd_cli_finish(VCCD_EXIT_OK);
    }
    return vccd_cli_finish(c->run(argc - 1, argv + 1));
}
