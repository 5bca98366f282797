/* bench_simulate.c -- `vccd bench simulate [--steps N] SCENE...` (INI
   or Rigid IPC JSON scenes): steps per second of each scene (loading and
   BVH builds not counted), the time per body and step, and the share of
   the time in the TOC queries, the manifolds, the impulse solves, the
   per-piece gap checks, the broad phase and the resting contacts' solve
   before each step, with the pairs the broad phase keeps per run; the
   events, the TOC queries run and the answers that went on after an
   event without one, and the run's minimum gap lower bound, so a fast run that
   proves nothing shows it; and the process's peak resident memory after
   the scene (getrusage: the peak so far, so a scene's own is measured
   when it runs first or alone). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

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
    printf("%-28s %6s %5s %10s %9s %6s %6s %6s %6s %6s %6s %9s %7s %9s %9s %9s %7s\n", "scene", "bodies", "steps",
           "steps/s", "us/body", "ccd%", "manif%", "impul%", "gap%", "broad%", "rest%", "pairs/run", "events", "queries",
           "reused", "min_gap", "peakMB");
    for (int i = 1; i < argc; i++) {
        vccd_sim_scene sc;
        vccd_error e;
        double t0, t, ccd = 0, man = 0, imp = 0, gap = 0, brd = 0, rest = 0, min_gap = INFINITY;
        struct rusage ru;
        long events = 0, pairs = 0, runs = 0, queries = 0, reused = 0;
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
            rest += sr.t_rest;
            events += sr.events;
            queries += sr.queries;
            reused += sr.reused;
            pairs += sr.broad_pairs;
            runs += sr.broad_runs;
            if (sr.min_gap < min_gap)
                min_gap = sr.min_gap;
        }
        t = vccd_clock_now() - t0;
        base = strrchr(argv[i], '/') ? strrchr(argv[i], '/') + 1 : argv[i];
        getrusage(RUSAGE_SELF, &ru);
        printf("%-28s %6d %5ld %10.1f %9.1f %6.1f %6.1f %6.1f %6.1f %6.1f %6.1f %9.1f %7ld %9ld %9ld %9.3g %7.1f\n",
               base, sc.nb, sc.steps, sc.steps / t, 1e6 * t / ((double)sc.steps * sc.nb), 100 * ccd / t,
               100 * man / t, 100 * imp / t, 100 * gap / t, 100 * brd / t, 100 * rest / t,
               runs ? (double)pairs / (double)runs : 0.0, events, queries, reused, min_gap, ru.ru_maxrss / 1024.0);
        fflush(stdout);         /* a row as soon as its scene is done */
        vccd_sim_scene_clear(&sc);
    }
    return rc;
}
