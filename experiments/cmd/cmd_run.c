/* cmd_run.c -- `vccd run EXPERIMENT.ini [--out DIR] [--jobs N]
   [--instances K] [--shard K/N] [SECTION.KEY=VALUE ...]`: every system of the
   experiment on every instance of every benchmark (experiments/run/),
   then the report files in DIR.  A progress bar with an ETA goes to
   stderr when stderr is a terminal.  Under `mpirun -np N` (a build with
   MPI) rank r runs shard r+1/N and rank 0 writes the files of all
   (run_mpi.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "clock.h"
#include "cli.h"
#include "cmds.h"
#include "run.h"
#include "run_mpi.h"

typedef struct {
    long total, before;
    double t0;
    int tty;
} progress_state;

static void
progress(void *arg, long done)
{
    progress_state *p = arg;
    long k = p->before + done;
    double el = vccd_clock_now() - p->t0, eta = k ? el * (double)(p->total - k) / (double)k : 0.0;
    int bar = (int)(40 * k / (p->total ? p->total : 1));
    if (!p->tty)
        return;
    fprintf(stderr, "\r[%.*s%*s] %ld/%ld  %.0fs elapsed, ETA %.0fs ", bar, "========================================",
            40 - bar, "", k, p->total, el, eta);
    if (k == p->total)
        fputc('\n', stderr);
    fflush(stderr);
}

static int
max_jobs(void)
{
#ifdef _OPENMP
    return omp_get_num_procs();
#else
    return 1;
#endif
}

typedef struct {
    const char *out;
    long jobs, shard_k, shard_n, instances;
} run_args;

static int
set_shard(void *args, const char *val)
{
    run_args *a = args;
    char *end;
    errno = 0;
    a->shard_k = strtol(val, &end, 10);
    if (end == val || *end != '/' || (a->shard_n = strtol(end + 1, &end, 10)) < 1 || *end || errno
        || a->shard_k < 1 || a->shard_k > a->shard_n)
        return -1;
    a->shard_k--;
    return 0;
}

static const vccd_cli_opt opts[] = {
    VCCD_OPT_STR_(run_args, out, "out", "DIR", "where the files go (default vccd-run)"),
    VCCD_OPT_LONG_(run_args, jobs, "jobs", "N", 1, 1024, "threads (default: all cores)"),
    VCCD_OPT_LONG_(run_args, instances, "instances", "K", 1, 1000000L, "experiment.instances=K"),
    VCCD_OPT_CALL_("shard", "K/N", set_shard, "K/N with 1 <= K <= N",
                   "run the instances i with i mod N = K - 1 and write\n"
                   "their instances.csv alone: vccd merge joins the shards"),
    VCCD_OPT_END
};

static int
run_ranks(const run_mpi *mp, int argc, char **argv)
{
    run_args a = { "vccd-run", max_jobs(), 0, 1, 0 };
    const char *ini, *out = a.out;
    char **ov = calloc((size_t)argc + 1, sizeof *ov), inst[64];
    int nov = 0, npos, rc = VCCD_EXIT_USAGE;
    long jobs = a.jobs, shard_k = 0, shard_n = 1;
    run_experiment x;
    run_cell **cells = NULL;
    vccd_error e;
    progress_state ps;
    int loaded = 0, agreed = 0, ok = 1;

    if (!ov)
        return vccd_cli_usage_error("out of memory");
    if (vccd_cli_parse("run", opts, &a, argc, argv, &npos) != 0)
        goto done;
    out = a.out, jobs = a.jobs, shard_k = a.shard_k, shard_n = a.shard_n;
    /* the overrides in order; --instances K after them */
    npos = vccd_cli_take_overrides(argv + 1, npos, ov, &nov);
    if (a.instances) {
        snprintf(inst, sizeof inst, "experiment.instances=%ld", a.instances);
        ov[nov++] = inst;
    }
    ini = npos ? argv[1] : NULL;
    if (npos > 1) {
        vccd_cli_usage_error("run: unexpected argument '%s'", argv[2]);
        goto done;
    }
    if (!ini) {
        vccd_cli_usage_error("run: which experiment? (vccd run EXPERIMENT.ini; see vccd help run)");
        goto done;
    }
    if (run_experiment_load(&x, ini, ov, nov, &e) != 0) {
        fprintf(stderr, "vccd: %s\n", e.msg);
        loaded = 1;
        goto done;
    }
    loaded = 1;
    if (mp->size > 1) {
        if (shard_n > 1) {
            vccd_cli_usage_error("run: --shard and MPI ranks both split the instances; give one of them");
            goto done;
        }
        shard_k = mp->rank;
        shard_n = mp->size;
    }
    x.shard_k = shard_k;
    x.shard_n = shard_n;
    if (mkdir(out, 0777) != 0 && errno != EEXIST) {
        vccd_cli_usage_error("run: cannot create %s: %s", out, strerror(errno));
        goto done;
    }
    if (!(cells = calloc((size_t)x.nbench, sizeof *cells))) {
        vccd_cli_usage_error("out of memory");
        goto done;
    }
    for (int b = 0; b < x.nbench; b++)
        if (!(cells[b] = calloc((size_t)(x.instances * x.nsys), sizeof **cells))) {
            vccd_cli_usage_error("out of memory");
            goto done;
        }
    /* every rank is ready, or all stop */
    agreed = 1;
    if (!run_mpi_all(mp, 1)) {
        rc = VCCD_EXIT_FAIL;
        goto done;
    }
    ps.total = (long)x.nbench * ((x.instances - shard_k + shard_n - 1) / shard_n);
    ps.before = 0;
    ps.t0 = vccd_clock_now();
    ps.tty = isatty(2) && mp->rank == 0;
    if (mp->rank == 0)
        fprintf(stderr, "vccd run: %s, %d benchmarks x %ld instances, %d systems, %ld jobs%s\n", x.name, x.nbench,
                x.instances, x.nsys, jobs, mp->size > 1 ? " on each MPI rank" : "");
    for (int b = 0; b < x.nbench && ok; b++) {
        if (run_bench_exec(cells[b], &x, b, (int)jobs, progress, &ps, &e) != 0) {
            fprintf(stderr, "\nvccd: %s-%s %s speed: %s\n", x.model[x.bench[b].a].name, x.model[x.bench[b].b].name,
                    x.bench[b].speed, e.msg);
            ok = 0;
        }
        ps.before += (x.instances - shard_k + shard_n - 1) / shard_n;
    }
    if (!run_mpi_all(mp, ok)) {
        rc = VCCD_EXIT_FAIL;
        goto done;
    }
    if (run_mpi_gather(mp, cells, &x, &e) != 0) {
        fprintf(stderr, "vccd: %s\n", e.msg);
        rc = VCCD_EXIT_FAIL;
        goto done;
    }
    if (mp->rank != 0) {
        rc = VCCD_EXIT_OK;
        goto done;
    }
    if (mp->size > 1) {         /* rank 0 holds every instance now */
        x.shard_k = shard_k = 0;
        x.shard_n = shard_n = 1;
    }
    if (run_report_write(out, &x, cells, &e) != 0) {
        fprintf(stderr, "vccd: %s\n", e.msg);
        rc = VCCD_EXIT_FAIL;
        goto done;
    }
    if (shard_n > 1)
        printf("wrote %s/instances.csv of shard %ld/%ld (%.1f s); vccd merge writes the report\n", out,
               shard_k + 1, shard_n, vccd_clock_now() - ps.t0);
    else
        printf("wrote %s/instances.csv, %s/summary.csv, %s/report.md (%.1f s%s)\n", out, out, out,
               vccd_clock_now() - ps.t0, mp->size > 1 ? ", all MPI ranks" : "");
    rc = VCCD_EXIT_OK;
done:
    /* a rank that stopped before the first agreement still takes part
       in it, so that the others stop too instead of waiting */
    if (!agreed)
        run_mpi_all(mp, 0);
    if (cells)
        for (int b = 0; b < x.nbench; b++)
            free(cells[b]);
    free(cells);
    if (loaded)
        run_experiment_clear(&x);
    free(ov);
    return rc;
}

static int
run(int argc, char **argv)
{
    run_mpi mp;
    vccd_error e;
    int rc;
    if (run_mpi_begin(&mp, &e) != 0) {
        fprintf(stderr, "vccd: %s\n", e.msg);
        return VCCD_EXIT_FAIL;
    }
    rc = run_ranks(&mp, argc, argv);
    run_mpi_end(&mp);
    return rc;
}

const vccd_cli_cmd vccd_cmd_run = {
    "run", "run an experiment: systems x thesis benchmark instances, with reports and plots",
    "usage: vccd run EXPERIMENT.ini [--out DIR] [--jobs N] [--instances K]\n"
    "                [--shard K/N] [SECTION.KEY=VALUE ...]\n"
    "\n"
    "Runs every [system.NAME] of the experiment on every instance of every\n"
    "benchmark (a model pair at low or high speed: the thesis' 7.3 frames,\n"
    "from [experiment] seed, or read from instances_file), instances\n"
    "spread over N threads (default: all cores; the files do not depend on\n"
    "N, timings aside).  Writes to DIR (default vccd-run):\n"
    "  instances.csv  one row per instance x system: the motion parameters\n"
    "                 (%.17g), status, TOC lo/hi, time, the rigorous gap\n"
    "                 [lower, upper] at lo, v, v.n and the counters\n"
    "  summary.csv    min/quartiles/median/max/mean/sd of time, gap, v, v.n\n"
    "                 and TOC per benchmark and system (Appendix K layout)\n"
    "  report.md      those tables, penetration counts, the thesis-style\n"
    "                 remarks, the thesis' own figures when [experiment]\n"
    "                 reference is given, the verdict over all instances\n"
    "                 and box plots (PNG, by gnuplot)\n"
    "  resolved.ini   the experiment as run: the config with its overrides\n"
    "                 and defaults, the vccd version, a digest of each\n"
    "                 model's geometry, and [shard] shard = K/N\n",
    opts,
    "  [experiment]  name, seed, instances, speeds = low high,\n"
    "                pairs = A-B ... (model names), leaf_size, reference,\n"
    "                instances_file = PATH (a CSV of instances to run instead\n"
    "                of the seed's: models, speed, instance and the 22 motion\n"
    "                columns of instances.csv, which it may be; see\n"
    "                doc/experiments.md, Instances from a file)\n"
    "  [model.NAME]  mesh, center, scale, degenerate (as vccd mesh)\n"
    "  [system.NAME] mode = exact | capoeira | step-back | fcl-ca | fcl-ca-rss |\n"
    "                fcl-ca-rss-fast (FCL's conservative advancement, NON-RIGOROUS\n"
    "                peers, in builds with libfcl-dev),\n"
    "                bv = {bv|},\n"
    "                solver = {solver|},\n"
    "                arithmetic (binary64, mpfr:PREC, adaptive, unrounded:\n"
    "                NON-RIGOROUS), eps_t, eps_d (step-back), positive_gap\n"
    "                (exact; default yes), instances = K (only the first K\n"
    "                of each benchmark: a slow peer; remarks then compare\n"
    "                on the instances both systems run)\n"
    "SECTION.KEY=VALUE replaces or adds a key (system.exact.bv=aabb);\n"
    "--instances K is experiment.instances=K, after them.  --shard K/N: vccd\n"
    "merge joins the shards.  In a build with MPI, mpirun -np N vccd run ...\n"
    "spreads the instances over the N ranks the same way and rank 0 writes\n"
    "all the files.  See experiments/configs/quick.ini.\n",
    run
};
