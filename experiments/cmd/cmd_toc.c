/* cmd_toc.c -- `vccd toc CONFIG`: the first time of contact of one
   feature pair, or of two moving meshes, described in a config file
   (the formats: toc.h's vccd_toc_problem, which reads them; help toc).
   A thin client of the library: parse argv, load the problem, solve it,
   print the answer. */
#include <stddef.h>

#include "clock.h"
#include "cli.h"
#include "cli_json.h"
#include "cmds.h"
#include "toc_mesh.h"
#include "vccd/toc.h"

/* The answer of a feature-pair problem, as text or JSON; -1 when the
   JSON could not be built (out of memory). */
static int
print_pair(const vccd_toc_problem *p, const vccd_toc_answer *r, const vccd_toc_stats *st, int json, int hex,
           double us)
{
    char lo[VCCD_TIME_STR_MAX], hi[VCCD_TIME_STR_MAX];
    const vccd_pair_input *in = vccd_toc_problem_pair(p);
    const vccd_solve_opts *o = &in->solve;
    const char *kind = vccd_feature_kind_name(in->kind);
    double dmin = in->min_separation;
    char aname[32];

    if (json)
        return vccd_cli_json_print(json_pack(
            "{s:s, s:o, s:s, s:s, s:o, s:b, s:s, s:o, s:o, s:I, s:I, s:I, s:I, s:b, s:o}",
            "pair", kind, "min_separation", vccd_cli_json_number(dmin), "solver", o->solver->name,
            "arith", vccd_arith_name(aname, sizeof aname, &o->arith), "eps_t", vccd_cli_json_number(o->eps_t),
            "rigorous", vccd_arith_is_rigorous(&o->arith), "status", vccd_toc_status_name(r->status),
            "lo", vccd_cli_json_time(r, 0, hex), "hi", vccd_cli_json_time(r, 1, hex),
            "boxes", (json_int_t)st->solver_boxes, "evals", (json_int_t)st->evals,
            "escalations", (json_int_t)st->escalations, "precision", (json_int_t)st->prec,
            "limited", r->limited != 0, "time_us", vccd_cli_json_number(us)));
    printf("pair: %s solver=%s arith=%s eps_t=%g%s\n", kind, o->solver->name,
           vccd_arith_name(aname, sizeof aname, &o->arith), o->eps_t,
           vccd_arith_is_rigorous(&o->arith) ? "" : " (NON-RIGOROUS)");
    printf("status: %s\n", vccd_toc_status_name(r->status));
    if (dmin > 0.0)
        printf("toc: [%s, %s] (first time the distance can be <= min_separation=%.17g)\n",
               vccd_cli_toc_end(lo, r, 0, hex), vccd_cli_toc_end(hi, r, 1, hex), dmin);
    else
        printf("toc: [%s, %s]\n", vccd_cli_toc_end(lo, r, 0, hex), vccd_cli_toc_end(hi, r, 1, hex));
    if (r->status != VCCD_TOC_NONE)
        printf("params: u in [%.17g, %.17g], v in [%.17g, %.17g]\n", r->param[0].lo, r->param[0].hi,
               r->param[1].lo, r->param[1].hi);
    printf("boxes=%ld evals=%ld escalations=%ld precision=%ld%s time_us=%.2f\n", st->solver_boxes, st->evals,
           st->escalations, (long)st->prec, r->limited ? " limited" : "", us);
    return 0;
}

typedef struct {
    vccd_toc_problem_opts po;
    int json, hex;
} toc_args;

/* the same ranges as [solver] max_work (opts.c) and [query] max_work */
static const vccd_cli_opt opts[] = {
    VCCD_OPT_FLAG_(toc_args, json, "json", "print the answer as one JSON object (lo and hi\n"
                   "as strings; doc/query.md)"),
    VCCD_OPT_FLAG_(toc_args, hex, "hex", "print lo and hi as C99 hex floats, exactly (the\n"
                   "default: decimal with the digits of their\n"
                   "precision, lo rounded down and hi up)"),
    VCCD_OPT_LONG_(toc_args, po.max_work, "max-work", "W", 1, VCCD_SOLVE_MAX_WORK_LIMIT,
                   "overrides the config's [solver] max_work (default\n"
                   "300000): the work budget of each feature pair's\n"
                   "solve, as for queries --max-work"),
    VCCD_OPT_LONG_(toc_args, po.query_max_work, "query-max-work", "W", 1, VCCD_QUERY_MAX_WORK_LIMIT,
                   "overrides [query] max_work, the budget of the\n"
                   "whole query of two meshes (volume tests, feature\n"
                   "pairs and their solvers' work, memory: a few\n"
                   "seconds at the default)"),
    VCCD_OPT_END
};

static int
run(int argc, char **argv)
{
    toc_args a = { 0 };
    vccd_toc_problem *p = NULL;
    vccd_toc_answer r;
    vccd_toc_stats st;
    vccd_error e;
    const char *path;
    int npos, rc;
    double t0;

    vccd_toc_problem_opts_init(&a.po);  /* 0: the config's, or the default */
    if (vccd_cli_parse("toc", opts, &a, argc, argv, &npos) != 0)
        return VCCD_EXIT_USAGE;
    if (npos != 1)
        return vccd_cli_usage_error("toc: usage: vccd toc [--json] [--hex] [--max-work W] [--query-max-work W] CONFIG "
                                    "(see vccd help toc)");
    path = argv[1];
    if (vccd_toc_problem_load(&p, path, &a.po, &e) != 0) {
        fprintf(stderr, "vccd: %s\n", e.msg);
        return VCCD_EXIT_USAGE;
    }
    t0 = vccd_clock_now();
    if (vccd_toc_problem_solve(&r, &st, p, &e) != 0) {
        fprintf(stderr, "vccd: %s\n", e.msg);
        vccd_toc_problem_free(p);
        return VCCD_EXIT_USAGE;
    }
    t0 = vccd_clock_now() - t0;
    if (vccd_toc_problem_form_get(p) == VCCD_TOC_PROBLEM_MESHES)
        rc = vccd_toc_mesh_print(p, &r, &st, a.json, a.hex, 1e3 * t0);
    else
        rc = print_pair(p, &r, &st, a.json, a.hex, 1e6 * t0);
    vccd_toc_problem_free(p);
    return rc == 0 ? VCCD_EXIT_OK : VCCD_EXIT_FAIL;
}

const vccd_cli_cmd vccd_cmd_toc = {
    "toc", "first time of contact of one feature pair or of two moving meshes",
    "usage: vccd toc [--json] [--hex] [--max-work W] [--query-max-work W] CONFIG\n"
    "\n"
    "Solve one feature pair described in CONFIG and print its status (none,\n"
    "certified or possible), the TOC enclosure [lo, hi] -- [0, lo) is proved\n"
    "contact-free -- the feature parameters at contact, and the work done.\n"
    "CONFIG has [motion.NAME] sections (as for motion-check), optional\n"
    "[solver] and [arithmetic] sections (as for queries --config), and\n"
    "\n"
    "  [pair]\n"
    "  kind = vertex-face       # vertex-face | edge-edge | vertex-edge-2d\n"
    "  point.0 = a  0 0 0.5     # NAME x y z: body point of rigid [motion.a]\n"
    "  point.1 = b vertex 2     # NAME vertex I: vertex I of a per-vertex motion\n"
    "  ...                      # points: p a b c | a b c d | p a b\n"
    "  min_separation = 0.01    # optional: the first time the distance can be\n"
    "                           # <= 0.01 ([0, lo) proved farther apart)\n"
    "\n"
    "A vertex-edge-2d pair lives in the xy-plane: z is ignored.\n"
    "\n"
    "Body points are exact binary64 numbers: 0.125 or a hex float such as\n"
    "0x1.999999999999ap-4, not 0.1 (which no double equals, so the proof\n"
    "would be about another point).  See experiments/configs/toc.ini.\n"
    "\n"
    "Two moving meshes instead: two [body.NAME] sections and a [query]\n"
    "  [body.a]\n"
    "  mesh = bunny             # a file, a shape (box:1:1:1) or a bundled model\n"
    "  center = mass            # none | centroid | mass | bbox\n"
    "  scale = radius 1         # none | radius R\n"
    "  max_triangles = 4194304  # (default) the most triangles the mesh may hold\n"
    "  motion = ma              # a [motion.ma] section, any 3D model\n"
    "  [query]\n"
    "  mode = exact             # exact | capoeira (the BVH alone: APPROXIMATE)\n"
    "  bv = obb                 # {bv}\n"
    "  eps_d = 0.01             # safe_t: the latest time with a proved gap\n"
    "                           # >= eps_d, for every status (a contact's lo\n"
    "                           # steps back to it; none: t1 or, after a near\n"
    "                           # miss, earlier); rigid motions only\n"
    "  positive_gap = yes       # (default) exact: lo stepped back until the\n"
    "                           # rigorous gap there is proved > 0\n"
    "  min_separation = 0.05    # the first time the meshes can come within 0.05\n"
    "                           # ([0, lo) proved farther; doc/query.md)\n"
    "  max_work = 10000000      # (default) the query's work budget: past it,\n"
    "                           # possible from the proved lo (out_of_work)\n"
    "  leaf_size = 1            # (default 1) and split = sah | median, for the BVHs\n"
    "prints the status, [lo, hi] ([0, lo) proved contact-free), the feature\n"
    "pair (triangles, vertex or edges), contact point, normal (oriented so\n"
    "that v.n >= 0), relative velocity, the rigorous gap at lo (rigid\n"
    "motions; at safe_t for none with eps_d), safe_t with eps_d, and the\n"
    "work done.  See experiments/configs/toc-bunnies.ini.\n",
    opts, NULL, run
};
