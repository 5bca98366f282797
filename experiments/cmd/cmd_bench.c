/* cmd_bench.c -- `vccd bench KIND`: find the kind and hand it the command
   line.  A new kind is one file in experiments/bench/ and one line here. */
#include <string.h>

#include "bench.h"
#include "cli.h"
#include "cmds.h"

static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
} kinds[] = {
    { "arith", vccd_bench_arith },
    { "solvers", vccd_bench_solvers },
    { "mesh", vccd_bench_mesh },
    { "toc", vccd_bench_toc },
};

#define NKINDS ((int)(sizeof kinds / sizeof kinds[0]))

static const char *
kind_names(void)
{
    return "arith, solvers, mesh, toc";
}

int
vccd_cmd_bench(int argc, char **argv)
{
    /* The kind is the first argument that names one: kinds parse their
       own options, so this loop need not know which of them take values
       (a value that happens to be a kind's name must follow the kind). */
    for (int i = 1; i < argc; i++)
        for (int k = 0; k < NKINDS; k++)
            if (strcmp(argv[i], kinds[k].name) == 0)
                return kinds[k].run(argc, argv);
    if (argc > 1 && argv[1][0] != '-')
        return vccd_cli_usage_error("bench: unknown benchmark '%s' (known: %s)", argv[1], kind_names());
    return vccd_cli_usage_error("bench: which benchmark? (known: %s)", kind_names());
}
