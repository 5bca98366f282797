/* bench.h -- timing and reporting shared by the `vccd bench` kinds. */
#ifndef VCCD_BENCH_H
#define VCCD_BENCH_H

#include <stdio.h>

typedef struct {
    FILE *csv;          /* NULL when --csv was not given */
    int quick;          /* fewer repetitions */
} vccd_bench_opts;

#include "clock.h"
#include "vccd/mesh.h"
#include "vccd/motion.h"

/* Time fn(arg, reps) — which must perform reps*n operations — and return
   nanoseconds per operation: the best of 5 trials, reps grown until one
   trial takes >= 20 ms (2 ms with --quick), so timer resolution and
   one-off interruptions do not dominate. */
double vccd_bench_ns_per_op(const vccd_bench_opts *o, void (*fn)(void *, long),
                            void *arg, long n);

/* One result row: to stdout as a table line and to the CSV if open.
   baseline <= 0 prints no ratio. */
void vccd_bench_row(const vccd_bench_opts *o, const char *section, const char *backend,
                    const char *op, double ns, double baseline_ns);
void vccd_bench_header(const vccd_bench_opts *o, const char *title, const char *baseline_name);

/* The kinds of `vccd bench`.  Each is given the whole bench command line
   (argv[0] is "bench"), parses its own options and returns the exit
   status; cmd_bench.c lists them, one line per kind. */
int vccd_bench_arith(int argc, char **argv);
int vccd_bench_solvers(int argc, char **argv);
/* The usage error for a bench argument that is no known option: unknown
   when it starts with '-', else unexpected.  Returns VCCD_EXIT_USAGE. */
int vccd_bench_bad_arg(const char *arg);
int vccd_bench_mesh(int argc, char **argv);
/* `bench toc` (bench_toc.c), likewise. */
int vccd_bench_toc(int argc, char **argv);
/* Its frames beyond the thesis' (bench_toc_frames.c), made from the
   seed: 0, or -1 with e set.  fall: the ground (a flat mesh centred on
   the origin, top face up) at rest, and a body of radius 1 dropping onto
   the middle of its top face from dist / 2 above touching (to its centre
   on the face), turning a quarter turn.  graze: ma at rest, mb
   translating 4 units past it across a random direction, both
   unturned, gap apart (to a few ulps of 1) halfway and no nearer at any
   time. */
int vccd_bench_frame_fall(vccd_motion **a, vccd_motion **b, const vccd_mesh *ground, double dist, uint64_t seed,
                          vccd_error *e);
int vccd_bench_frame_graze(vccd_motion **a, vccd_motion **b, const vccd_mesh *ma, const vccd_mesh *mb, double gap,
                           uint64_t seed, vccd_error *e);
/* Its 2D rows (bench_toc2d.c): star polygons of 4 .. max_edges edges,
   brute force and the BV types of bvs (a bit per type); csv rows in
   bench toc's columns when csv is not NULL.  An exit status. */
int vccd_bench_toc_2d(long instances, unsigned long seed, unsigned bvs, long max_edges, FILE *csv);
int vccd_bench_simulate(int argc, char **argv);
/* `bench scene DIR...` (bench_scene.c): Scalable-CCD scene steps. */
int vccd_bench_scene(int argc, char **argv);
/* Outward-rounding techniques compared (bench_rounding.c). */
void vccd_bench_rounding(const vccd_bench_opts *o);

#endif
