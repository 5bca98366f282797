/* cmd_toc.c -- `vccd toc CONFIG`: the first time of contact of one
   feature pair, or of two moving meshes, described in a config file
   (the formats: toc.h's vccd_toc_problem, which reads them; help toc).
   A thin client of the library: parse argv, load the problem, solve it,
   print the answer. */
#include <string.h>

#include "clock.h"
#include "cli.h"
#include "cmds.h"
#include "toc_mesh.h"
#include "vccd/toc.h"

/* The answer of a feature-pair problem, as text or JSON. */
static void
print_pair(const vccd_toc_problem *p, const vccd_toc_answer *r, const vccd_toc_stats *st, int json, double us)
{
    const vccd_pair_input *in = vccd_toc_problem_pair(p);
    const vccd_solve_opts *o = &in->solve;
    const char *kind = vccd_feature_kind_name(in->kind);
    double dmin = in->min_separation;
    char aname[32];

    if (json) {
        printf("{\"pair\": \"%s\", \"min_separation\": %.17g, \"solver\": \"%s\", \"arith\": \"%s\", "
               "\"eps_t\": %.17g, \"rigorous\": %s, "
               "\"status\": \"%s\", \"lo\": %.17g, \"hi\": %.17g, \"boxes\": %ld, \"evals\": %ld, "
               "\"escalations\": %ld, \"precision\": %ld, \"limited\": %s, \"time_us\": %.3f}\n",
               kind, dmin, o->solver->name, vccd_arith_name(aname, sizeof aname, &o->arith), o->eps_t,
               vccd_arith_is_rigorous(&o->arith) ? "true" : "false", vccd_toc_status_name(r->status), r->lo, r->hi,
               st->solver_boxes, st->evals, st->escalations, (long)st->prec, r->limited ? "true" : "false", us);
        return;
    }
    printf("pair: %s solver=%s arith=%s eps_t=%g%s\n", kind, o->solver->name,
           vccd_arith_name(aname, sizeof aname, &o->arith), o->eps_t,
           vccd_arith_is_rigorous(&o->arith) ? "" : " (NON-RIGOROUS)");
    printf("status: %s\n", vccd_toc_status_name(r->status));
    if (dmin > 0.0)
        printf("toc: [%.17g, %.17g] (first time the distance can be <= min_separation=%.17g)\n", r->lo, r->hi, dmin);
    else
        printf("toc: [%.17g, %.17g]\n", r->lo, r->hi);
    if (r->status != VCCD_TOC_NONE)
        printf("params: u in [%.17g, %.17g], v in [%.17g, %.17g]\n", r->param[0].lo, r->param[0].hi,
               r->param[1].lo, r->param[1].hi);
    printf("boxes=%ld evals=%ld escalations=%ld precision=%ld%s time_us=%.2f\n", st->solver_boxes, st->evals,
           st->escalations, (long)st->prec, r->limited ? " limited" : "", us);
}

int
vccd_cmd_toc(int argc, char **argv)
{
    vccd_toc_problem_opts po;
    vccd_toc_problem *p = NULL;
    vccd_toc_answer a;
    vccd_toc_stats st;
    vccd_error e;
    int json = 0;
    const char *path = NULL;
    double t0;

    vccd_toc_problem_opts_init(&po);     /* 0: the config's, or the default */
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0) {
            json = 1;
        } else if (strcmp(argv[i], "--max-work") == 0) {
            /* the same range as [solver] max_work (opts.c) */
            if (vccd_cli_parse_long(&po.max_work, argv[i], i + 1 < argc ? argv[i + 1] : NULL, 1,
                                    VCCD_SOLVE_MAX_WORK_LIMIT) != 0)
                return VCCD_EXIT_USAGE;
            i++;
        } else if (strcmp(argv[i], "--query-max-work") == 0) {
            /* the same range as [query] max_work */
            if (vccd_cli_parse_long(&po.query_max_work, argv[i], i + 1 < argc ? argv[i + 1] : NULL, 1,
                                    VCCD_QUERY_MAX_WORK_LIMIT) != 0)
                return VCCD_EXIT_USAGE;
            i++;
        } else if (argv[i][0] == '-') {
            return vccd_cli_usage_error("toc: unknown option '%s' (see vccd help toc)", argv[i]);
        } else if (path) {
            return vccd_cli_usage_error("toc: usage: vccd toc [--json] [--max-work W] [--query-max-work W] CONFIG "
                                        "(see vccd help toc)");
        } else {
            path = argv[i];
        }
    }
    if (!path)
        return vccd_cli_usage_error("toc: usage: vccd toc [--json] [--max-work W] [--query-max-work W] CONFIG "
                                    "(see vccd help toc)");
    if (vccd_toc_problem_load(&p, path, &po, &e) != 0) {
        fprintf(stderr, "vccd: %s\n", e.msg);
        return VCCD_EXIT_USAGE;
    }
    t0 = vccd_clock_now();
    if (vccd_toc_problem_solve(&a, &st, p, &e) != 0) {
        fprintf(stderr, "vccd: %s\n", e.msg);
        vccd_toc_problem_free(p);
        return VCCD_EXIT_USAGE;
    }
    t0 = vccd_clock_now() - t0;
    if (vccd_toc_problem_form_get(p) == VCCD_TOC_PROBLEM_MESHES)
        vccd_toc_mesh_print(p, &a, &st, json, 1e3 * t0);
    else
        print_pair(p, &a, &st, json, 1e6 * t0);
    vccd_toc_problem_free(p);
    return VCCD_EXIT_OK;
}
