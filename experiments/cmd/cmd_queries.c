/* cmd_queries.c -- `vccd queries`: solve benchmark CSV query files and
   score the answers against their exact ground truth. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cmds.h"
#include "query_run.h"

typedef struct {
    vccd_solve_opts o;
    int kind, verbose;
    const char *csv;
} queries_args;

/* Option values are exactly the config names (solver.h, arith.h). */
static int
set_solver(void *args, const char *val)
{
    return (((queries_args *)args)->o.solver = vccd_solver_type_find(val)) ? 0 : -1;
}

static int
set_arith(void *args, const char *val)
{
    return vccd_arith_parse(&((queries_args *)args)->o.arith, val) == 0 ? 0 : -1;
}

static int
set_kind(void *args, const char *val)
{
    int k = ((queries_args *)args)->kind = vccd_feature_kind_find(val);
    return k == VCCD_FEATURE_VF || k == VCCD_FEATURE_EE ? 0 : -1;
}

/* [solver] and [arithmetic] of a config; its errors name file and line */
static int
set_config(void *args, const char *val)
{
    vccd_config c;
    vccd_error e;
    int rc = vccd_config_load(&c, val, &e);
    if (rc == 0) {
        rc = vccd_cli_check_sections(&c, &e) != 0 ? -1 : vccd_solve_opts_from_config(&((queries_args *)args)->o, &c, &e);
        vccd_config_clear(&c);
    }
    if (rc != 0) {
        fprintf(stderr, "vccd: %s\n", e.msg);
        return -2;
    }
    return 0;
}

/* --max-precision is read as a long */
_Static_assert(sizeof(mpfr_prec_t) == sizeof(long), "mpfr_prec_t is a long");

/* Options may follow the files (`vccd queries FILE --verbose`): all are
   parsed before any file is read. */
static const vccd_cli_opt opts[] = {
    VCCD_OPT_CALL_("solver", "S", set_solver, "{solver,}", "{solver|} (default cubic)"),
    VCCD_OPT_CALL_("arith", "A", set_arith, "binary64, mpfr:PREC with PREC in 2 .. 65536, adaptive, unrounded",
                   "binary64 (default) | mpfr:PREC | adaptive |\n"
                   "unrounded (NON-RIGOROUS: for comparison only)"),
    VCCD_OPT_DOUBLE_(queries_args, o.eps_t, "eps-t", "E", 0.0, 1.0,
                     "width of the reported TOC enclosure (default 1e-6)"),
    VCCD_OPT_LONG_(queries_args, o.max_boxes, "max-boxes", "N", 1, 1000000000L,
                   "work limit per query; reached, the answer is\n"
                   "possible, never none (default 100000)"),
    /* the same range as [solver] max_work (opts.c) */
    VCCD_OPT_LONG_(queries_args, o.max_work, "max-work", "W", 1, VCCD_SOLVE_MAX_WORK_LIMIT,
                   "work budget per query over all its runs, in\n"
                   "evaluations of s and of the predicate weighted\n"
                   "by cost (1 in binary64, 16 + PREC/12 in MPFR);\n"
                   "reached, the answer is possible from the proved\n"
                   "lo, never none (default 300000; [solver] max_work)"),
    VCCD_OPT_LONG_(queries_args, o.max_precision, "max-precision", "P", 64, VCCD_ARITH_PREC_MAX,
                   "adaptive: the highest MPFR precision (default 1024)"),
    VCCD_OPT_CALL_("kind", "K", set_kind, "vertex-face or edge-edge", "vertex-face | edge-edge (default: from the path)"),
    VCCD_OPT_CALL_("config", "FILE", set_config, "",
                   "read [solver] and [arithmetic] from FILE first;\n"
                   "later options override it"),
    VCCD_OPT_FLAG_(queries_args, verbose, "verbose",
                   "one line per query: FILE:LINE, truth, status,\n"
                   "[lo, hi], solve time in us, boxes, escalations,\n"
                   "evaluations, final precision"),
    VCCD_OPT_STR_(queries_args, csv, "csv", "FILE", "the same per query as CSV rows into FILE"),
    VCCD_OPT_END
};

static void
print_line(const char *label, const vccd_query_stats *s, int detail)
{
    double mean, median, max;
    vccd_query_stats_times(s, &mean, &median, &max);
    if (detail)
        printf("%s: queries=%ld positives=%ld fn=%ld fp=%ld certified=%ld possible=%ld none=%ld limited=%ld "
               "escalations=%ld boxes_mean=%.1f mean_us=%.2f median_us=%.2f max_us=%.2f\n",
               label, s->queries, s->positives, s->fn, s->fp, s->certified, s->possible, s->none, s->limited,
               s->escalations, s->queries ? (double)s->boxes / (double)s->queries : 0.0, mean, median, max);
    else
        printf("%s: queries=%ld positives=%ld fn=%ld fp=%ld mean_us=%.2f median_us=%.2f max_us=%.2f\n", label,
               s->queries, s->positives, s->fn, s->fp, mean, median, max);
}

static int
run(int argc, char **argv)
{
    queries_args a = { .kind = -1 };
    vccd_solve_opts *o = &a.o;
    vccd_query_stats total = { 0 };
    int nfiles, rc;
    char aname[32];
    const char *csv_path;
    FILE *csv = NULL;

    vccd_solve_opts_init(o);
    if (vccd_cli_parse("queries", opts, &a, argc, argv, &nfiles) != 0)
        return VCCD_EXIT_USAGE;
    if (nfiles == 0)
        return vccd_cli_usage_error("queries: no CSV file given");
    csv_path = a.csv;
    if (csv_path) {
        if (!(csv = vccd_cli_open_output(csv_path)))
            return VCCD_EXIT_USAGE;
        fputs(vccd_query_csv_header, csv);
    }
    printf("solver=%s arith=%s eps_t=%g max_boxes=%ld max_work=%ld%s\n", o->solver->name,
           vccd_arith_name(aname, sizeof aname, &o->arith), o->eps_t, o->max_boxes, o->max_work,
           vccd_arith_is_rigorous(&o->arith) ? "" : " (NON-RIGOROUS)");
    for (int i = 1; i <= nfiles; i++) {
        vccd_queries qs;
        vccd_query_stats st = { 0 };
        vccd_error e;
        if (vccd_queries_read(&qs, argv[i], a.kind, &e) != 0) {
            fprintf(stderr, "vccd: %s\n", e.msg);
            vccd_query_stats_clear(&total);
            if (csv)
                fclose(csv);
            return VCCD_EXIT_USAGE;
        }
        rc = vccd_query_run(&st, &qs, o, stdout, a.verbose, csv, &e);
        if (rc == 0)
            print_line(argv[i], &st, 1);
        if (rc != 0 || vccd_query_stats_merge(&total, &st) != 0) {
            fprintf(stderr, "vccd: %s\n", rc ? e.msg : "out of memory");
            vccd_queries_clear(&qs);
            vccd_query_stats_clear(&st);
            vccd_query_stats_clear(&total);
            if (csv)
                fclose(csv);
            return VCCD_EXIT_USAGE;
        }
        vccd_queries_clear(&qs);
        vccd_query_stats_clear(&st);
    }
    print_line("total", &total, 0);
    /* A false negative in a rigorous mode is a broken proof. */
    rc = total.fn > 0 && vccd_arith_is_rigorous(&o->arith) ? VCCD_EXIT_FAIL : VCCD_EXIT_OK;
    vccd_query_stats_clear(&total);
    if (csv && vccd_cli_close_output(csv, csv_path) != 0)
        rc = VCCD_EXIT_FAIL;
    return rc;
}

const vccd_cli_cmd vccd_cmd_queries = {
    "queries", "solve CCD benchmark query files and score them against the ground truth",
    "usage: vccd queries [OPTIONS] FILE.csv...\n"
    "\n"
    "Solve every query of the CSV files (the Sample-Queries format of Wang et\n"
    "al. 2021: 8 rows per query, exact rationals, ground truth in column 7)\n"
    "and compare with the ground truth.  One line per file, then the last\n"
    "line\n"
    "  total: queries=N positives=P fn=X fp=Y mean_us=M median_us=D max_us=T\n"
    "fn counts ground-truth contacts answered none (each is also listed as\n"
    "`false negative: FILE:LINE`); fp counts non-contacts answered certified\n"
    "or possible.  Times are of the solve alone, in microseconds.\n",
    opts,
    "Exit status 1 when a rigorous arithmetic gives a false negative, 2 for\n"
    "bad options or a malformed file (the message names file and line).\n",
    run
};
