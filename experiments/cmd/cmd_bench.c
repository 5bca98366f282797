/* cmd_bench.c -- `vccd bench KIND`: find the kind and hand it the command
   line.  A new kind is one file in experiments/bench/ and one line here. */
#include <stdio.h>
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
    { "simulate", vccd_bench_simulate },
    { "scene", vccd_bench_scene },
};

#define NKINDS ((int)(sizeof kinds / sizeof kinds[0]))

/* "arith, solvers, ...": the kinds, for messages */
static const char *
kind_names(void)
{
    static char names[128];
    if (!names[0])
        for (int k = 0; k < NKINDS; k++)
            snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", k ? ", " : "", kinds[k].name);
    return names;
}

static int
run(int argc, char **argv)
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

/* The kinds parse their options themselves (experiments/bench/). */
const vccd_cli_cmd vccd_cmd_bench = {
    "bench", "measure speed (arith; solvers: root finders; mesh: BVH and distance; toc: mesh query; simulate; scene)",
    "usage: vccd bench arith [--csv FILE] [--quick]\n"
    "       vccd bench solvers [--queries DIR] [--pairs N] [--seed S] [--csv FILE] [--quick]\n"
    "       vccd bench solvers [--seed S] --dump-pair I\n"
    "       vccd bench mesh [--poses N] [--seed S] [--mesh SPEC] [--brute-mesh SPEC]\n"
    "                       [--csv FILE] [--quick]\n"
    "       vccd bench toc [--instances N] [--seed S] [--pairs A-B,...] [--bv LIST]\n"
    "                      [--modes exact,capoeira] [--speeds low,high] [--leaf-size L]\n"
    "                      [--step-back EPS] [--translate]\n"
    "                      [--min-separation D] [--csv FILE] [--quick] [--2d]\n"
    "       vccd bench simulate [--steps N] SCENE.ini...\n"
    "       vccd bench scene [--min-separation D] [--csv FILE] DIR...\n"
    "\n"
    "  scene   one whole step of the Scalable-CCD benchmark per DIR (frames/\n"
    "          with two PLY frames; queries/, mma_bool/ and boxes/ as in the\n"
    "          data set): vccd's broad phase (on 1 thread and on all, the\n"
    "          candidates checked equal), every candidate solved, the step's\n"
    "          earliest TOC; each data set query matched to the frames'\n"
    "          features by exact coordinates and judged against its\n"
    "          Mathematica verdict (fn, fp, wrong certifications: exit 1 on\n"
    "          fn > 0 or wrong > 0); then the data set's queries alone as\n"
    "          `vccd queries` solves them; peak memory.\n"
    "\n"
    "  simulate  each `vccd simulate` scene (its steps, or N): steps per\n"
    "          second, the share of time in the TOC queries, manifolds,\n"
    "          impulse solves and gap checks, events, TOC queries and the\n"
    "          answers that went on after an event (reused), and the run's\n"
    "          minimum gap lower bound (a failed proof: exit 1).\n"
    "\n"
    "  arith   ns per operation for + * / sqrt sin_cos and a 3-vector cross\n"
    "          product on each backend: binary64 (rigorous), unrounded\n"
    "          (NON-RIGOROUS, for comparison), mpfr:53, mpfr:113, mpfr:256;\n"
    "          each with its ratio to the same operation on plain doubles.\n"
    "          Also the geometry template vs plain doubles and vs an ops\n"
    "          vtable, and the outward-rounding techniques compared.\n"
    "\n"
    "  solvers the root finders ({solver,}) in one run:\n"
    "          with --queries DIR, every *.csv below DIR (benchmark Sample\n"
    "          Queries, kind from the path) in binary64 and adaptive, plus\n"
    "          taylor-lagrange in mpfr:113: queries, fn, fp, mean/median/max us\n"
    "          per query, boxes and evaluations per query, ratios to bisection.\n"
    "          Then N random vertex-face and edge-edge pairs under ltlrm rigid\n"
    "          motions (binary64), half touching at a random time t* by\n"
    "          construction, half coplanar at t* but apart there: per solver\n"
    "          and kind, times, boxes, answers (none/certified/possible) per\n"
    "          half and ratios to bisection.  A touching pair answered none\n"
    "          or first touching after t* is reported as BUG (with seed and\n"
    "          index) and gives exit status 1, as does a false negative.\n"
    "\n"
    "  mesh    loading the bunny and the dragon; the BVH build on --mesh SPEC\n"
    "          (default dragon) per split (median, sah) and BV type: time,\n"
    "          bytes per triangle, memory over nodes x BV size; the distance\n"
    "          of two such meshes at N random poses (default 100) 0.01..1\n"
    "          apart per split and BV type (median/mean/max ms, node and\n"
    "          triangle tests, widest relative interval; intervals that do\n"
    "          not intersect are a BUG, exit 1); and a tetrahedron of radius\n"
    "          0.05 against --brute-mesh SPEC (default bunny) by brute force\n"
    "          beside each BV type; also the distance median per leaf size,\n"
    "          and FCL's distance() on the same poses when built with\n"
    "          libfcl-dev (NON-RIGOROUS, for comparison).  CSV columns:\n"
    "          section,mesh,bv,split,metric,value\n"
    "\n"
    "  toc     the mesh query on the thesis' frames (7.3): two models of radius\n"
    "          1 (tetrahedron, bunny, dragon, buddha; default pairs: tet-tet,\n"
    "          tet-bunny, bunny-bunny, tet-dragon, tet-buddha, dragon-dragon,\n"
    "          buddha-buddha) 4 (low) or 512 (high) apart meeting at the origin,\n"
    "          each turning 90 degrees, N frames each (default 64, --quick 8).\n"
    "          Also by default (issue 30): box-bunny, box-dragon, box-buddha\n"
    "          (a 200 x 200 x 2 box of 12 triangles at rest, the model\n"
    "          dropping onto its top face from 2 or 256 above, turning),\n"
    "          plate-dragon (a 40 x 40 x 0.02 plate, likewise), and\n"
    "          near-icosphere, near-bunny (two icosphere:5 or bunnies, one\n"
    "          passing the other unturned 1e-3, 1e-6, 1e-9 apart: the speed\n"
    "          column is the gap, every exact answer must be none).  Models\n"
    "          for A-B and near-M: tetrahedron, bunny, dragon, buddha,\n"
    "          icosphere.  Per row:\n"
    "          per BV type and mode the median ms of one library call\n"
    "          (vccd_toc_meshes on the built BVHs, its answer checked equal),\n"
    "          of the first call on each frame with bodies kept across\n"
    "          frames, and the median and mean of the warm calls after it, BV\n"
    "          tests and solved feature pairs per query, statuses, and for\n"
    "          exact answers the rigorous gap at lo (pen = certified\n"
    "          crossings there, must be 0); --step-back EPS adds the exact\n"
    "          OBB query stepped back to a proved gap >= EPS (pen then\n"
    "          counts gaps below EPS).  The best\n"
    "          BV type per pair and speed (exact, median) closes each block.\n"
    "          --translate: the same frames without the turns (pure\n"
    "          translations), with an exact-swept row per BV type that has a\n"
    "          constant-velocity test: the swept test instead of it.\n"
    "          --min-separation D: every query asks for the first time the\n"
    "          distance can be <= D (pen: gaps at lo proved below D).\n"
    "          Then (default run, or only with --2d) the 2D rows: star polygons\n"
    "          of 4 .. 1024 edges (--quick: 64), brute force against the BVH\n"
    "          per BV type, agree = same answer as brute force.\n"
    "\n"
    "  --csv FILE   also write the rows as CSV to FILE; solvers' columns:\n"
    "               part (queries|pairs),solver,arith,kind (vertex-face|\n"
    "               edge-edge|all),half (colliding|miss|all),n,none,certified,\n"
    "               possible,fn,fp (empty for pairs),limited,mean_us,\n"
    "               median_us,max_us,boxes_mean,evals_mean,\n"
    "               time_ratio_bisection,boxes_ratio_bisection (empty: none)\n"
    "  --quick      fewer repetitions (for smoke tests; noisier numbers);\n"
    "               solvers: N / 10 pairs\n"
    "  --queries DIR  solvers: the query files (e.g. ../shared/data/sample-queries);\n"
    "               without it that part is skipped\n"
    "  --pairs N    solvers: random pairs (default 10000)\n"
    "  --seed S     solvers: seed of the random pairs (default 1)\n"
    "  --dump-pair I  solvers: print random pair I as a `vccd toc` config\n"
    "               and stop (to replay one pair by itself)\n",
    NULL, NULL, run
};
