/* vccd.c -- the vccd command: dispatch to subcommands. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cmds.h"
#include "vccd.h"

static int cmd_help(int argc, char **argv);
static int cmd_version(int argc, char **argv);

/* One registration line per subcommand.  Later subcommands (run, queries,
   motion-check, ...) are added here as their issues land. */
const vccd_cli_cmd vccd_cli_cmds[] = {
    { "bench", "measure speed (arith; solvers: root finders; mesh: BVH and distance; toc: mesh query; simulate)",
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
      "\n"
      "  simulate  each `vccd simulate` scene (its steps, or N): steps per\n"
      "          second, the share of time in the TOC queries, manifolds,\n"
      "          impulse solves and gap checks, events, and the run's minimum\n"
      "          gap lower bound (a failed proof: exit 1).\n"
      "\n"
      "  arith   ns per operation for + * / sqrt sin_cos and a 3-vector cross\n"
      "          product on each backend: binary64 (rigorous), unrounded\n"
      "          (NON-RIGOROUS, for comparison), mpfr:53, mpfr:113, mpfr:256;\n"
      "          each with its ratio to the same operation on plain doubles.\n"
      "          Also the geometry template vs plain doubles and vs an ops\n"
      "          vtable, and the outward-rounding techniques compared.\n"
      "\n"
      "  solvers the root finders (bisection, taylor-lagrange, newton) in one run:\n"
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
      "          each turning 90 degrees, N frames each (default 64, --quick 8):\n"
      "          per BV type and mode median and mean ms, BV tests and solved\n"
      "          feature pairs per query, statuses, and for exact answers the\n"
      "          rigorous gap at lo (pen = certified crossings there, must be\n"
      "          0); --step-back EPS adds the exact OBB query stepped back to a\n"
      "          proved gap >= EPS (pen then counts gaps below EPS).  The best\n"
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
      vccd_cmd_bench },
    { "motion-check", "check a motion model's enclosures against MPFR",
      "usage: vccd motion-check CONFIG [--section NAME] [--samples N] [--backend B] [--seed S]\n"
      "       vccd motion-check --all [--samples N] [--backend B] [--seed S]\n"
      "\n"
      "For each [motion...] section of CONFIG (or, with --all, every registered\n"
      "model with random parameters, cycling through its degenerate cases),\n"
      "sample N body points and sub-intervals T of [0,1] of width 2^-k,\n"
      "k = 0..20, enclose position, velocity and acceleration over T on\n"
      "backend B, and check each against the trajectory evaluated in MPFR at\n"
      "256 bits (or 64 more than B's) at the ends and at random times of T.\n"
      "Prints the violations\n"
      "(there must be none) and the median position-enclosure width per k.\n"
      "The last line is `total: models=K checks=C violations=V`; the exit\n"
      "status is 1 when V > 0.\n"
      "\n"
      "  --backend B   binary64 (default), unrounded (NON-RIGOROUS), mpfr:PREC\n"
      "  --samples N   samples per model (default 10000)\n"
      "  --seed S      random seed (default 1)\n",
      vccd_cmd_motion_check },
    { "queries", "solve CCD benchmark query files and score them against the ground truth",
      "usage: vccd queries [OPTIONS] FILE.csv...\n"
      "\n"
      "Solve every query of the CSV files (the Sample-Queries format of Wang et\n"
      "al. 2021: 8 rows per query, exact rationals, ground truth in column 7)\n"
      "and compare with the ground truth.  One line per file, then the last\n"
      "line\n"
      "  total: queries=N positives=P fn=X fp=Y mean_us=M median_us=D max_us=T\n"
      "fn counts ground-truth contacts answered none (each is also listed as\n"
      "`false negative: FILE:LINE`); fp counts non-contacts answered certified\n"
      "or possible.  Times are of the solve alone, in microseconds.\n"
      "\n"
      "  --solver S         bisection | taylor-lagrange (default) | newton\n"
      "  --arith A          binary64 (default) | mpfr:PREC | adaptive |\n"
      "                     unrounded (NON-RIGOROUS: for comparison only)\n"
      "  --eps-t E          width of the reported TOC enclosure (default 1e-6)\n"
      "  --max-boxes N      work limit per query; reached, the answer is\n"
      "                     possible, never none (default 100000)\n"
      "  --max-work W       work budget per query over all its runs, in\n"
      "                     evaluations of s and of the predicate weighted\n"
      "                     by cost (1 in binary64, 16 + PREC/12 in MPFR);\n"
      "                     reached, the answer is possible from the proved\n"
      "                     lo, never none (default 300000; [solver] max_work)\n"
      "  --max-precision P  adaptive: the highest MPFR precision (default 1024)\n"
      "  --kind K           vertex-face | edge-edge (default: from the path)\n"
      "  --config FILE      read [solver] and [arithmetic] from FILE first;\n"
      "                     later options override it\n"
      "  --verbose          one line per query: FILE:LINE, truth, status,\n"
      "                     [lo, hi], solve time in us, boxes, escalations,\n"
      "                     evaluations, final precision\n"
      "  --csv FILE         the same per query as CSV rows into FILE\n"
      "\n"
      "Exit status 1 when a rigorous arithmetic gives a false negative, 2 for\n"
      "bad options or a malformed file (the message names file and line).\n",
      vccd_cmd_queries },
    { "toc", "first time of contact of one feature pair or of two moving meshes",
      "usage: vccd toc [--json] [--max-work W] [--query-max-work W] CONFIG\n"
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
      "  bv = obb                 # sphere aabb obb kdop14 kdop18\n"
      "  eps_d = 0.01             # step back to a time with a proved gap >= eps_d\n"
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
      "motions) and the work done.  See experiments/configs/toc-bunnies.ini.\n"
      "--json prints the same as one JSON object.  --max-work W overrides the\n"
      "config's [solver] max_work (default 300000): the work budget of each\n"
      "feature pair's solve, as for queries --max-work.  --query-max-work W\n"
      "overrides [query] max_work, the budget of the whole query of two meshes\n"
      "(volume tests, feature pairs and their solvers' work, memory: a few\n"
      "seconds at the default).\n",
      vccd_cmd_toc },
    { "run", "run an experiment: systems x thesis benchmark instances, with reports and plots",
      "usage: vccd run EXPERIMENT.ini [--out DIR] [--jobs N] [--instances K]\n"
      "                [--shard K/N] [SECTION.KEY=VALUE ...]\n"
      "\n"
      "Runs every [system.NAME] of the experiment on every instance of every\n"
      "benchmark (a model pair at low or high speed: the thesis' 7.3 frames,\n"
      "from [experiment] seed), instances spread over N threads (default: all\n"
      "cores; the files do not depend on N, timings aside).  Writes to DIR\n"
      "(default vccd-run):\n"
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
      "                 model's geometry, and [shard] shard = K/N\n"
      "\n"
      "  [experiment]  name, seed, instances, speeds = low high,\n"
      "                pairs = A-B ... (model names), leaf_size, reference\n"
      "  [model.NAME]  mesh, center, scale, degenerate (as vccd mesh)\n"
      "  [system.NAME] mode = exact | capoeira | step-back | fcl-ca | fcl-ca-rss |\n"
      "                fcl-ca-rss-fast (FCL's conservative advancement, NON-RIGOROUS\n"
      "                peers, in builds with libfcl-dev), bv, solver,\n"
      "                arithmetic (binary64, mpfr:PREC, adaptive, unrounded:\n"
      "                NON-RIGOROUS), eps_t, eps_d (step-back), positive_gap\n"
      "                (exact; default yes), instances = K (only the first K\n"
      "                of each benchmark: a slow peer; remarks then compare\n"
      "                on the instances both systems run)\n"
      "SECTION.KEY=VALUE replaces or adds a key (system.exact.bv=aabb);\n"
      "--instances K is experiment.instances=K.  --shard K/N runs the instances\n"
      "i with i mod N = K - 1 and writes their instances.csv alone: vccd merge\n"
      "joins the shards.  In a build with MPI, mpirun -np N vccd run ... spreads\n"
      "the instances over the N ranks the same way and rank 0 writes all the\n"
      "files.  See experiments/configs/quick.ini.\n",
      vccd_cmd_run },
    { "merge", "merge the shards of a vccd run (--shard K/N) into one report",
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
      vccd_cmd_merge },
    { "mesh", "load a mesh (file, shape or bundled model) and describe it",
      "usage: vccd mesh info [--degenerate keep|drop] [--center C] [--scale S]\n"
      "                      [--leaf-size N] [--split sah|median]\n"
      "                      [--max-triangles N] SPEC...\n"
      "\n"
      "Load each SPEC and print its counts (vertices, triangles, unique edges),\n"
      "degenerate triangles, bounding box, closure (closed, or why not: boundary,\n"
      "non-manifold or inconsistently oriented edges), volume, center of mass\n"
      "and inertia tensor of a closed mesh (density 1), the normalisation\n"
      "applied and the load time; then the BVH over it (doc/bvh.md): nodes,\n"
      "depth, build time of the topology and of each BV type's volumes, and\n"
      "bytes per triangle of each.\n"
      "\n"
      "SPEC is one of\n"
      "  a file          .obj .off .ply (PLY ascii or binary), each also .gz;\n"
      "                  other names are recognised by their first word\n"
      "  a shape         tetrahedron | box:X:Y:Z | icosphere:N | torus:R:r:N:M |\n"
      "                  grid:N (open)\n"
      "  a bundled model bunny | dragon | buddha | teapot (from $VCCD_MODELS,\n"
      "                  else the installed or source-tree experiments/models)\n"
      "Coordinates are read correctly rounded to binary64, and that double is the\n"
      "geometry from then on (doc/meshes.md).\n"
      "\n"
      "  --degenerate D  keep (default) or drop triangles with a repeated vertex\n"
      "                  or zero area; either way a warning gives their count\n"
      "  --center C      none (default) | centroid | mass | bbox: move that point\n"
      "                  to the origin\n"
      "  --scale S       none (default) | 'radius R': scale about the new origin\n"
      "                  so that the farthest vertex is at distance R\n"
      "  --leaf-size N   most triangles per BVH leaf (default 4)\n"
      "  --split S       sah (default) or median BVH split\n"
      "  --max-triangles N  the most triangles one mesh may hold (default\n"
      "                  4194304 = 2^22, about 0.6-1.3 GB loaded); a file\n"
      "                  announcing more is refused before memory is taken\n"
      "\n"
      "Exit status 2 when a mesh cannot be read (the message names the file and\n"
      "the line, or the byte offset and element of a binary PLY).\n",
      vccd_cmd_mesh },
    { "distance", "rigorous distance of two meshes at poses or at a time t of rigid motions",
      "usage: vccd distance CONFIG\n"
      "\n"
      "The minimum distance between two meshes as an interval [lower, upper]:\n"
      "lower is a proof (no two points are closer, rounding included), upper the\n"
      "distance of an actual pair of points, one on each mesh.  status says\n"
      "separated (lower > 0), intersecting (two triangles certified to cross) or\n"
      "touching-or-within-rounding (lower = 0, no crossing certified).  CONFIG:\n"
      "\n"
      "  [mesh.a]                   # one section per mesh (vccd help mesh):\n"
      "  file = bunny               # file, shape or bundled model\n"
      "  [motion.m]                 # rigid motions, if used (vccd help motion-check)\n"
      "  [distance]\n"
      "  mesh.0 = a\n"
      "  pose.0 = X Y Z QW QX QY QZ # position and quaternion (exact decimals,\n"
      "                             # normalised; default: identity)\n"
      "  mesh.1 = a\n"
      "  motion.1 = m               # or the pose of motion m at time t\n"
      "  t = 0.5                    # in [0, 1], needed with a motion\n"
      "  bv = obb                   # sphere | aabb | obb | kdop14 | kdop18 | brute\n"
      "  leaf_size = 4              # most triangles per BVH leaf\n"
      "  split = sah                # sah | median\n"
      "\n"
      "See experiments/configs/distance.ini and doc/bvh.md.\n",
      vccd_cmd_distance },
    { "simulate", "rigid bodies stepped with the proved TOC: never interpenetrating",
      "usage: vccd simulate SCENE.ini [--out DIR] [--steps N] [--dt DT] [--check-gap]\n"
      "\n"
      "Steps rigid bodies with ballistic motion; at the first contact of\n"
      "any pair (the mesh TOC, stepped back to a proved gap >= eps_d) it\n"
      "gathers the contact manifold and applies impulses (Newton's impact\n"
      "law at every contact at once, projected Gauss-Seidel).  Before every\n"
      "piece of motion the rigorous distance of every pair is checked > 0.\n"
      "Writes DIR/trajectory.csv (pose and velocities per step, %.17g),\n"
      "DIR/events.csv (each contact point) and DIR/energy.csv (energy,\n"
      "momentum and the step's gap lower bound), frames.dat and plot.gp\n"
      "(gnuplot).  Exit 0 when the whole run is proved free of\n"
      "interpenetration, 1 otherwise.  --check-gap: after every step, the\n"
      "distance query of every pair again, apart from the run's own gap\n"
      "bookkeeping; exit 1 if a lower bound is not > 0, else its minimum\n"
      "is printed (and each step's in energy.csv's checked_gap).\n"
      "\n"
      "  [simulate]\n"
      "  steps = 100                # --steps overrides\n"
      "  dt = 0.016666666666666666  # seconds; --dt overrides\n"
      "  gravity = 0 0 -9.81        # default 0 0 0\n"
      "  restitution = 0.5          # e in [0, 1]\n"
      "  friction = 0               # Coulomb mu (0: none)\n"
      "  eps_d = 0.001              # step back to a proved gap >= eps_d\n"
      "  band = 2                   # manifold band = band * eps_d\n"
      "  rest_speed = ...           # approach slower than this is resting\n"
      "                             # (default sqrt(2 |g| band eps_d))\n"
      "  separation_speed = 0       # target speed of resting contacts\n"
      "  mode = exact               # exact | capoeira (APPROXIMATE contacts)\n"
      "  manifold = auto            # features (thesis 6.1.2) | nodes (6.1.1:\n"
      "                             # BVH leaves, APPROXIMATE) | auto: nodes\n"
      "                             # in capoeira mode, else features\n"
      "  bv = obb                   # sphere aabb obb kdop14 kdop18\n"
      "  max_events = 64            # contacts per step before it is cut\n"
      "  [body.NAME]                # two or more\n"
      "  mesh = box:1:1:1           # a file, a shape or a bundled model\n"
      "  fixed = no                 # yes: a static body (a ground)\n"
      "  position = 0 0 1           # of the centre of mass\n"
      "  orientation = 1 0 0 0      # quaternion w x y z\n"
      "  velocity = 0 0 0\n"
      "  angular_velocity = 0 0 0   # world frame, rad/s\n"
      "  density = 1                # mass properties of a closed mesh, or:\n"
      "  mass = 1                   # alone: scales a closed mesh's own;\n"
      "                             # with inertia (open meshes need both)\n"
      "  inertia = 0.1 0.1 0.1      # principal moments (> 0), body axes\n"
      "  Every number is 0 or of magnitude in [1e-50, 1e50] (the mass and\n"
      "  inertia a density gives too); dt in [1e-9, 1000].  A key the body\n"
      "  cannot use (inertia without mass, density with mass, velocity on a\n"
      "  fixed body, angle on a 3D body) is refused at its line.\n"
      "  A 2D scene (every mesh a polygon: ngon, rect, star, .obj2d; gravity\n"
      "  in the plane) gives its bodies position = X Y, angle = RADIANS,\n"
      "  velocity = VX VY, angular_velocity = OMEGA and inertia = I_Z (mass\n"
      "  properties from the polygon's area by default).\n"
      "\n"
      "See experiments/configs/sim-*.ini and doc/simulate.md.\n",
      vccd_cmd_simulate },
    { "help", "show help for a subcommand", "usage: vccd help [SUBCOMMAND]\n", cmd_help },
    { "version", "print the version", "usage: vccd version\n", cmd_version },
    { NULL, NULL, NULL, NULL }
};

const vccd_cli_cmd *
vccd_cli_find(const char *name)
{
    for (const vccd_cli_cmd *c = vccd_cli_cmds; c->name; c++)
        if (strcmp(c->name, name) == 0)
            return c;
    return NULL;
}

static void
print_overview(FILE *f)
{
    fputs("usage: vccd [--help] [--version] SUBCOMMAND [ARGS]\n"
          "\n"
          "vccd answers, with proof, when two moving rigid bodies first touch.\n"
          "\n"
          "subcommands:\n", f);
    for (const vccd_cli_cmd *c = vccd_cli_cmds; c->name; c++)
        fprintf(f, "  %-10s %s\n", c->name, c->summary);
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
    fputs(c->help, stdout);
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
        fputs(c->help, stdout);
        return vccd_cli_finish(VCCD_EXIT_OK);
    }
    return vccd_cli_finish(c->run(argc - 1, argv + 1));
}
