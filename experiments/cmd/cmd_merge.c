/* cmd_merge.c -- `vccd merge EXPERIMENT.ini DIR... [--out DIR]
   [SECTION.KEY=VALUE ...]`: the instances.csv of the shards of one
   experiment (`vccd run --shard K/N`, e.g. a Slurm array) read back and
   the files of the whole experiment written, as one run would write
   them.  Every instance of every system must be in exactly one shard,
   and every shard must be of this experiment: its resolved.ini equal to
   the one this experiment (EXPERIMENT.ini with these overrides) would
   write, but for [shard], and its rows this experiment's. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "cmds.h"
#include "run.h"

typedef struct {
    const char *out;
} merge_args;

static const vccd_cli_opt opts[] = {
    VCCD_OPT_STR_(merge_args, out, "out", "DIR", "where the files of the whole experiment go (default vccd-run)"),
    VCCD_OPT_END
};

static int
run(int argc, char **argv)
{
    merge_args a = { "vccd-run" };
    const char *ini = NULL, *out = a.out;
    char **ov = calloc((size_t)argc + 1, sizeof *ov), **dirs = argv + 2;
    int nov = 0, ndirs = 0, rc = VCCD_EXIT_USAGE, loaded = 0;
    run_experiment x;
    run_cell **cells = NULL;
    unsigned char **seen = NULL;
    vccd_error e;

    if (!ov)
        return vccd_cli_usage_error("out of memory");
    if (vccd_cli_parse("merge", opts, &a, argc, argv, &ndirs) != 0)
        goto done;
    out = a.out;
    ndirs = vccd_cli_take_overrides(argv + 1, ndirs, ov, &nov);
    if (ndirs > 0)
        ini = argv[1], ndirs--;
    if (!ini || !ndirs) {
        vccd_cli_usage_error("merge: expected EXPERIMENT.ini and the shards' directories (see vccd help merge)");
        goto done;
    }
    loaded = 1;
    if (run_experiment_load(&x, ini, ov, nov, &e) != 0) {
        fprintf(stderr, "vccd: %s\n", e.msg);
        goto done;
    }
    if (!(cells = calloc((size_t)x.nbench, sizeof *cells)) || !(seen = calloc((size_t)x.nbench, sizeof *seen))) {
        vccd_cli_usage_error("out of memory");
        goto done;
    }
    for (int b = 0; b < x.nbench; b++)
        if (!(cells[b] = calloc((size_t)(x.instances * x.nsys), sizeof **cells))
            || !(seen[b] = calloc((size_t)(x.instances * x.nsys), 1))) {
            vccd_cli_usage_error("out of memory");
            goto done;
        }
    for (int d = 0; d < ndirs; d++)
        if (run_merge_read(cells, seen, &x, dirs[d], &e) != 0) {
            fprintf(stderr, "vccd: %s\n", e.msg);
            goto done;
        }
    for (int b = 0; b < x.nbench; b++)
        for (long k = 0; k < x.instances * x.nsys; k++)
            if (!seen[b][k] && run_cell_planned(&x, (int)(k % x.nsys), k / x.nsys)) {
                vccd_cli_usage_error("merge: benchmark %d instance %ld system %s is in no shard", b + 1, k / x.nsys,
                                     x.sys[k % x.nsys].name);
                goto done;
            }
    if (mkdir(out, 0777) != 0 && errno != EEXIST) {
        vccd_cli_usage_error("merge: cannot create %s: %s", out, strerror(errno));
        goto done;
    }
    if (run_report_write(out, &x, cells, &e) != 0) {
        fprintf(stderr, "vccd: %s\n", e.msg);
        rc = VCCD_EXIT_FAIL;
        goto done;
    }
    printf("wrote %s/instances.csv, %s/summary.csv, %s/report.md from %d shards\n", out, out, out, ndirs);
    rc = VCCD_EXIT_OK;
done:
    for (int b = 0; loaded && b < x.nbench; b++) {
        if (cells)
            free(cells[b]);
        if (seen)
            free(seen[b]);
    }
    free(cells);
    free(seen);
    if (loaded)
        run_experiment_clear(&x);
    free(ov);
    return rc;
}

const vccd_cli_cmd vccd_cmd_merge = {
    "merge", "merge the shards of a vccd run (--shard K/N) into one report",
    "usage: vccd merge EXPERIMENT.ini DIR... [--out DIR] [SECTION.KEY=VALUE ...]\n"
    "\n"
    "Reads DIR/instances.csv of every shard written by\n"
    "  vccd run EXPERIMENT.ini --shard K/N --out DIR [the same overrides]\n"
    "(instances i with i mod N = K - 1) and writes the files of the whole\n"
    "experiment to --out as one run would (instances.csv, summary.csv,\n"
    "report.md, plots).  Every instance of every system must be in exactly\n"
    "one shard.  A shard of another experiment is refused, naming the first\n"
    "key of its DIR/resolved.ini that differs from the one EXPERIMENT.ini\n"
    "with these overrides gives (seed, name, instances, a system's bv, a\n"
    "model's scale or geometry, the vccd version...), or the first column\n"
    "of an instances.csv row that is not this experiment's.\n"
    "See doc/slurm-array.sh.\n",
    opts, NULL, run
};
