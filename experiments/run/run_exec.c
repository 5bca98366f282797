/* run_exec.c -- every system of an experiment on every instance of one
   benchmark.  Instances are independent and each writes only its own
   cells, so spreading them over OpenMP threads changes timings alone:
   an instance's motions come from (seed, index) or its row of the
   instances file, never from the thread or the order. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "config.h"
#include "run.h"
#ifdef HAVE_FCL
#include "fcl_ca.h"
#endif

/* OpenMP when built with it; otherwise the instances run in turn (and
   no unknown-pragma warning breaks -Werror). */
#ifdef _OPENMP
#define RUN_OMP(x) _Pragma(x)
#else
#define RUN_OMP(x)
#endif

int
run_cell_planned(const run_experiment *x, int s, long i)
{
    return x->sys[s].instances == 0 || i < x->sys[s].instances;
}

/* One query, timed; short ones repeated up to 1 ms so the clock sees
   them (as the thesis repeated its tetrahedron queries). */
static int
run_one(run_cell *c, const run_system *y, vccd_query_body *qa, vccd_query_body *qb, void *const fcl[2],
        const double p[22], vccd_error *e)
{
    long reps = 0;
    double t0 = vccd_clock_now(), t;
    memset(c, 0, sizeof *c);
    do {
        if (RUN_IS_FCL(y->mode)) {
#ifdef HAVE_FCL
            vccd_fcl_ca_frame fa, fb;
            double toc;
            int hit;
            memcpy(fa.p, p, 3 * sizeof *p);
            memcpy(fa.q0, p + 3, 4 * sizeof *p);
            memcpy(fa.q1, p + 7, 4 * sizeof *p);
            memcpy(fb.p, p + 11, 3 * sizeof *p);
            memcpy(fb.q0, p + 14, 4 * sizeof *p);
            memcpy(fb.q1, p + 18, 4 * sizeof *p);
            hit = vccd_fcl_ca_toc(&toc, (int)(y->mode - RUN_FCL_CA), fcl[0], &fa, fcl[1], &fb);
            if (hit < 0) {
                c->failed = 1;
                return vccd_error_set(e, NULL, 0, NULL, NULL, "FCL threw an exception");
            }
            /* FCL's answer is no proof: "possible", at one time */
            c->r.status = hit ? VCCD_TOC_POSSIBLE : VCCD_TOC_NONE;
            c->r.lo = c->r.hi = toc;
            c->r.approximate = 1;
#else
            (void)fcl, (void)p;
            c->failed = 1;
            return vccd_error_set(e, NULL, 0, NULL, NULL, "no FCL in this build");
#endif
        } else if (vccd_query_toc(&c->r, qa, qb, &y->q, e) != 0) {
            c->failed = 1;
            return -1;
        }
        reps++;
        t = vccd_clock_now() - t0;
    } while (t < 1e-3 && reps < 1000);
    c->ms = 1e3 * t / (double)reps;
    if (c->r.have_pair)
        c->v = sqrt(c->r.velocity[0] * c->r.velocity[0] + c->r.velocity[1] * c->r.velocity[1]
                    + c->r.velocity[2] * c->r.velocity[2]);
    if (c->r.status == VCCD_TOC_NONE)
        return 0;
    /* Every system is judged by the same rigorous distance at the time
       it reports (lo), outside the timing. */
    if (vccd_query_distance_at(&c->d, qa, qb, c->r.lo, y->q.bv, e) != 0) {
        c->failed = 1;
        return -1;
    }
    c->have_dist = 1;
    return 0;
}

int
run_bench_exec(run_cell *cells, run_experiment *x, int b, int jobs, void (*progress)(void *, long), void *arg,
               vccd_error *e)
{
    const run_bench *bn = &x->bench[b];
    long done = 0;
    int fail = 0;

RUN_OMP("omp parallel num_threads(jobs)")
    {
        vccd_query_body qa, qb;
        /* FCL's models per thread: continuousCollide writes into the
           models it is given (it crashed with two threads on one) */
        void *fcl[2] = { NULL, NULL };
        int init = 0;
        vccd_error le;

RUN_OMP("omp for schedule(dynamic, 1)")
        for (long i = 0; i < x->instances; i++) {
            vccd_motion *ma = NULL, *mb = NULL;
            int bad = 0;
            int stop;
RUN_OMP("omp atomic read")
            stop = fail;
            if (stop || i % x->shard_n != x->shard_k)
                continue;
            double p[22];
            /* the motions from the parameters, generated or read: one
               path, so that a run's instances.csv fed back as
               instances_file gives the same motions bit for bit */
            if (run_instance_params(p, x, b, i) != 0)
                bad = vccd_error_set(&le, NULL, 0, NULL, NULL, "instance %ld: no motion parameters", i) != 0;
            else if (run_instance_motions(&ma, &mb, p, RUN_MOTION_PREC, &le) != 0)
                bad = 1;
            else if (!init) {
                if (vccd_query_body_init(&qa, &x->model[bn->a].h, ma, &le) != 0)
                    bad = 1;
                else if (vccd_query_body_init(&qb, &x->model[bn->b].h, mb, &le) != 0) {
                    vccd_query_body_clear(&qa);
                    bad = 1;
                } else
                    init = 1;
            } else if (vccd_query_body_set_motion(&qa, ma, &le) != 0
                       || vccd_query_body_set_motion(&qb, mb, &le) != 0)
                bad = 1;
#ifdef HAVE_FCL
            for (int s = 0; s < x->nsys && !bad && !fcl[0]; s++)
                if (RUN_IS_FCL(x->sys[s].mode) && run_cell_planned(x, s, i)
                    && (!(fcl[0] = vccd_fcl_ca_model_new(&x->model[bn->a].m))
                        || !(fcl[1] = vccd_fcl_ca_model_new(&x->model[bn->b].m))))
                    bad = vccd_error_set(&le, NULL, 0, NULL, NULL, "FCL could not build the models") != 0;
#endif
            for (int s = 0; s < x->nsys && !bad; s++)
                if (run_cell_planned(x, s, i) && run_one(&cells[i * x->nsys + s], &x->sys[s], &qa, &qb, fcl, p, &le) != 0)
                    bad = 1;
            vccd_motion_free(ma);
            vccd_motion_free(mb);
RUN_OMP("omp critical(run_progress)")
            {
                if (bad && !fail) {
                    fail = 1;
                    *e = le;
                }
                done++;
                if (progress)
                    progress(arg, done);
            }
        }
        if (init) {
            vccd_query_body_clear(&qa);
            vccd_query_body_clear(&qb);
        }
#ifdef HAVE_FCL
        vccd_fcl_ca_model_free(fcl[0]);
        vccd_fcl_ca_model_free(fcl[1]);
#endif
    }
#ifndef _OPENMP
    (void)jobs;
#endif
    return fail ? -1 : 0;
}
