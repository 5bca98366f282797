/* cmd_queries.c -- `vccd queries`: solve benchmark CSV query files and
   score the answers against their exact ground truth. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cmds.h"
#include "query_run.h"

/* Option values are exactly the config names (solver.h, arith.h). */
static int
parse_options(vccd_solve_opts *o, int *kind, int *verbose, const char **csv, int argc, char **argv,
              int *first_file)
{
    int i, nfiles = 0;
    /* Options may follow the files (`vccd queries FILE --verbose`): all
       are parsed before any file is read, and the files gathered at the
       front of argv as they come (never past an option still unread),
       then moved to its end. */
    for (i = 1; i < argc; i++) {
        const char *opt = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        long n;
        if (opt[0] != '-' || opt[1] == '\0') {
            argv[1 + nfiles++] = argv[i];
            continue;
        }
        if (strcmp(opt, "--") == 0) {
            while (++i < argc)
                argv[1 + nfiles++] = argv[i];
            break;
        }
        if (strcmp(opt, "--verbose") == 0) {
            *verbose = 1;
            continue;
        }
        {
            /* an unknown option is named as such, not as one missing its value */
            static const char *const valued[] = { "--csv", "--solver", "--arith", "--eps-t", "--max-boxes",
                                                  "--max-work", "--max-precision", "--kind", "--config", NULL };
            int k = 0;
            while (valued[k] && strcmp(valued[k], opt))
                k++;
            if (!valued[k])
                return vccd_cli_usage_error("queries: unknown option '%s' (see vccd help queries)", opt);
        }
        if (!val)
            return vccd_cli_usage_error("queries: option %s needs a value", opt);
        i++;
        if (strcmp(opt, "--csv") == 0) {
            *csv = val;
        } else if (strcmp(opt, "--solver") == 0) {
            char known[256];
            if (!(o->solver = vccd_solver_type_find(val)))
                return vccd_cli_usage_error("queries: --solver: unknown solver '%s' (%s)", val,
                                            vccd_solver_type_names(known, sizeof known));
        } else if (strcmp(opt, "--arith") == 0) {
            if (vccd_arith_parse(&o->arith, val) != 0)
                return vccd_cli_usage_error("queries: --arith: unknown arithmetic '%s' (binary64, mpfr:PREC with PREC "
                                            "in 2 .. 65536, adaptive, unrounded)", val);
        } else if (strcmp(opt, "--eps-t") == 0) {
            char *end;
            double v = strtod(val, &end);
            if (end == val || *end || !(v >= 0.0 && v <= 1.0))
                return vccd_cli_usage_error("queries: option --eps-t: '%s' is not a number in [0, 1]", val);
            o->eps_t = v;
        } else if (strcmp(opt, "--max-boxes") == 0) {
            if (vccd_cli_parse_long(&n, opt, val, 1, 1000000000L) != 0)
                return VCCD_EXIT_USAGE;
            o->max_boxes = n;
        } else if (strcmp(opt, "--max-work") == 0) {
            /* the same range as [solver] max_work (opts.c) */
            if (vccd_cli_parse_long(&n, opt, val, 1, VCCD_SOLVE_MAX_WORK_LIMIT) != 0)
                return VCCD_EXIT_USAGE;
            o->max_work = n;
        } else if (strcmp(opt, "--max-precision") == 0) {
            if (vccd_cli_parse_long(&n, opt, val, 64, VCCD_ARITH_PREC_MAX) != 0)
                return VCCD_EXIT_USAGE;
            o->max_precision = (mpfr_prec_t)n;
        } else if (strcmp(opt, "--kind") == 0) {
            *kind = vccd_feature_kind_find(val);
            if (*kind != VCCD_FEATURE_VF && *kind != VCCD_FEATURE_EE)
                return vccd_cli_usage_error("queries: --kind: unknown kind '%s' (vertex-face, edge-edge)", val);
        } else if (strcmp(opt, "--config") == 0) {
            vccd_config c;
            vccd_error e;
            int rc = vccd_config_load(&c, val, &e);
            if (rc == 0) {
                rc = vccd_cli_check_sections(&c, &e) != 0 ? -1 : vccd_solve_opts_from_config(o, &c, &e);
                vccd_config_clear(&c);
            }
            if (rc != 0) {
                fprintf(stderr, "vccd: %s\n", e.msg);
                return VCCD_EXIT_USAGE;
            }
        } else
            return vccd_cli_usage_error("queries: unknown option '%s' (see vccd help queries)", opt);
    }
    for (int j = nfiles - 1; j >= 0; j--)
        argv[argc - nfiles + j] = argv[1 + j];
    *first_file = argc - nfiles;
    if (nfiles == 0)
        return vccd_cli_usage_error("queries: no CSV file given");
    return VCCD_EXIT_OK;
}

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

int
vccd_cmd_queries(int argc, char **argv)
{
    vccd_solve_opts o;
    vccd_query_stats total = { 0 };
    int kind = -1, first = 1, verbose = 0, rc;
    char aname[32];
    const char *csv_path = NULL;
    FILE *csv = NULL;

    vccd_solve_opts_init(&o);
    if ((rc = parse_options(&o, &kind, &verbose, &csv_path, argc, argv, &first)) != VCCD_EXIT_OK)
        return rc;
    if (csv_path) {
        if (!(csv = vccd_cli_open_output(csv_path)))
            return VCCD_EXIT_USAGE;
        fputs(vccd_query_csv_header, csv);
    }
    printf("solver=%s arith=%s eps_t=%g max_boxes=%ld max_work=%ld%s\n", o.solver->name,
           vccd_arith_name(aname, sizeof aname, &o.arith), o.eps_t, o.max_boxes, o.max_work,
           vccd_arith_is_rigorous(&o.arith) ? "" : " (NON-RIGOROUS)");
    for (int i = first; i < argc; i++) {
        vccd_queries qs;
        vccd_query_stats st = { 0 };
        vccd_error e;
        if (vccd_queries_read(&qs, argv[i], kind, &e) != 0) {
            fprintf(stderr, "vccd: %s\n", e.msg);
            vccd_query_stats_clear(&total);
            if (csv)
                fclose(csv);
            return VCCD_EXIT_USAGE;
        }
        rc = vccd_query_run(&st, &qs, &o, stdout, verbose, csv, &e);
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
    rc = total.fn > 0 && vccd_arith_is_rigorous(&o.arith) ? VCCD_EXIT_FAIL : VCCD_EXIT_OK;
    vccd_query_stats_clear(&total);
    if (csv && vccd_cli_close_output(csv, csv_path) != 0)
        rc = VCCD_EXIT_FAIL;
    return rc;
}
