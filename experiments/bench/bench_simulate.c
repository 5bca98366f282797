/* bench_simulate.c -- `vccd bench simulate [--steps N] SCENE.ini...`:
   steps per second of each scene (loading and BVH builds not counted)
   and the share of the time in the TOC queries, the manifolds, the
   impulse solves, the per-piece gap checks and the broad phase, with the
   pairs it keeps per run against all pairs; the events and the run's
   minimum gap lower bound, so a fast run that proves nothing shows it. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cli.h"
#include "sim_scene.h"

int
vccd_bench_simulate(int argc, char **argv)
{
    long steps = -1;
    int nscenes = 0, rc = VCCD_EXIT_OK;
    /* argv[0] is "bench"; "simulate" is somewhere after */
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "simulate"))
            continue;
        if (!strcmp(argv[i], "--steps") && i + 1 < argc) {
            if (vccd_cli_parse_long(&steps, "--steps", argv[++i], 1, 100000000L) != 0)
                return VCCD_EXIT_USAGE;
        } else if (argv[i][0] == '-') {
            return vccd_bench_bad_arg(argv[i]);
        } else {
            nscenes++;
        }
    }
    if (!nscenes)
        return vccd_cli_usage_error("bench simulate: which scenes? (vccd bench simulate SCENE.ini...)");
    printf("vccd bench simulate: wall-clock times of one run per scene\n");
    printf("%-28s %6s %5s %10s %6s %6s %6s %6s %6s %9s %7s %9s\n", "scene", "bodies", "steps", "steps/s", "ccd%",
           "manif%", "impul%", "gap%", "broad%", "pairs/run", "events", "min_gap");
    for (int i = 1; i < argc; i++) {
        vccd_sim_scene sc;
        vccd_error e;
        double t0, t, ccd = 0, man = 0, imp = 0, gap = 0, brd = 0, min_gap = INFINITY;
        long events = 0, pairs = 0, runs = 0;
        const char *base;
        if (!strcmp(argv[i], "simulate") || argv[i][0] == '-') {
            i += !strcmp(argv[i], "--steps");
            continue;
        }
        if (vccd_sim_scene_load(&sc, argv[i], -1.0, NULL, &e) != 0) {
            fprintf(stderr, "vccd: %s\n", e.msg);
            vccd_sim_scene_clear(&sc);
            return VCCD_EXIT_USAGE;
        }
        if (steps > 0)
            sc.steps = steps;
        t0 = vccd_clock_now();
        for (long st = 0; st < sc.steps; st++) {
            vccd_sim_step_result sr;
            if (vccd_sim_step(&sr, sc.bodies, sc.nb, &sc.o, NULL, NULL, &e) != 0) {
                fprintf(stderr, "vccd: %s: step %ld: %s\n", argv[i], st + 1, e.msg);
                rc = VCCD_EXIT_FAIL;
                min_gap = -INFINITY;
                break;
            }
            ccd += sr.t_ccd, man += sr.t_manifold, imp += sr.t_impulse, gap += sr.t_gap, brd += sr.t_broad;
            events += sr.events;
            pairs += sr.broad_pairs;
            runs += sr.broad_runs;
            if (sr.min_gap < min_gap)
                min_gap = sr.min_gap;
        }
        t = vccd_clock_now() - t0;
        base = strrchr(argv[i], '/') ? strrchr(argv[i], '/') + 1 : argv[i];
        printf("%-28s %6d %5ld %10.1f %6.1f %6.1f %6.1f %6.1f %6.1f %9.1f %7ld %9.3g\n", base, sc.nb, sc.steps,
               sc.steps / t, 100 * ccd / t, 100 * man / t, 100 * imp / t, 100 * gap / t, 100 * brd / t,
               runs ? (double)pairs / (double)runs : 0.0, events, min_gap);
        fflush(stdout);         /* a row as soon as its scene is done */
        vccd_sim_scene_clear(&sc);
    }
    return rc;
}
