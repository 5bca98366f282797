/* rest.c -- resting contacts solved before a step (sim.h,
   vccd_sim_rest_solve; doc/simulate.md, "Resting contact").

   Without it a resting body is a contact event of the TOC at every step
   or more: gravity brings it back to its neighbour within the step, the
   query finds the touch, steps back, the impulses push it off at a
   separating speed, and so on (the 4-box stack: 1,879 events in 1,000
   steps, 81% of its time in TOC queries), and each step back halves its
   gap.  Here the pairs that end a step within the band get their
   manifold, and each resting contact a target velocity: the least that
   keeps its gap at eps_d or more at the end of the next step under
   gravity, to first order in the step (a "speculative" contact: the
   velocity-level contact constraint of time-stepping schemes, Stewart
   and Trinkle, "An implicit time-stepping scheme for rigid body
   dynamics with inelastic collisions and Coulomb friction", 1996, with
   the gap left to close as its bias).  The
   TOC query then proves the step, as any other: these are velocities,
   and the proof is still the query's and the gap checks'. */
#include <math.h>
#include <string.h>

#include "vccd/sim.h"

long
vccd_sim_rest_targets(vccd_sim_contacts *cl, size_t first, const vccd_sim_body *bodies, const vccd_sim_opts *o,
                      double h)
{
    long n = 0;
    /* With e = 0 (Rigid IPC's scenes) Newton's law stops an approach
       dead: a speculative contact does as much without the event, and
       lets the gap close to eps_d over the step first (rate 1, the
       "speculative contact" of Catto, "Contacts", GDC 2012) -- the
       approaches of the bands of contacts of a falling chain net
       were half of its events (the 8x8 net's first 100 steps: 2,944
       events without, 1,443 with).  A bounce (e > 0) stays an event, at
       its time. */
    int inelastic = o->impulse.e == 0.0;
    for (size_t k = first; k < cl->n; k++) {
        vccd_sim_contact *c = &cl->c[k];
        double va[3], vb[3], vn = 0.0, an = 0.0, rate = VCCD_SIM_REST_RATE;
        vccd_sim_body_point_velocity(va, &bodies[c->a], c->point);
        vccd_sim_body_point_velocity(vb, &bodies[c->b], c->point);
        for (int d = 0; d < 3; d++) {
            vn += (vb[d] - va[d]) * c->normal[d];
            an += ((bodies[c->b].fixed ? 0.0 : o->g[d]) - (bodies[c->a].fixed ? 0.0 : o->g[d])) * c->normal[d];
        }
        if (vn < -o->impulse.v_rest) {
            if (!inelastic)
                continue;
            if (c->gap_lower > o->eps_d)
                rate = 1.0;
        }
        /* the gap after h seconds, d + vn h + an h^2 / 2, at least
           d + rate (eps_d - d) h / dt: the gap moves towards eps_d by
           the rate's share of the way per step, and never below the
           smaller of d and eps_d */
        c->speculative = 1;
        c->target = rate * (o->eps_d - c->gap_lower) / o->dt - 0.5 * an * h;
        n++;
    }
    return n;
}

int
vccd_sim_rest_solve(vccd_sim_step_result *r, vccd_sim_body *bodies, vccd_sim_contacts *cl, const vccd_sim_opts *o,
                    vccd_error *e)
{
    double h = o->dt;
    size_t keep = 0;
    vccd_sim_impulse_result ir;
    /* the contacts not approaching faster than v_rest, each with its
       target: Newton's law (restitution) is for the faster ones, at
       their TOC event */
    vccd_sim_rest_targets(cl, 0, bodies, o, h);
    for (size_t k = 0; k < cl->n; k++)
        if (cl->c[k].speculative)
            cl->c[keep++] = cl->c[k];
    cl->n = keep;
    r->rest_contacts += (long)keep;
    /* Friction is solved after the normal impulses (impulse.c), and its
       impulses at points off the centre change the normal velocities of
       the others: a second, normal-only pass brings every contact back
       to its target, so that the friction pass cannot start an
       approach. */
    if (keep > 0) {
        /* A velocity within 1e-4 of the largest target moves a gap by
           1e-4 of what the step moves it, against the eps_d it aims at:
           a stack's coupled contacts converge that far in a few PGS
           sweeps, where 1e-10 took the sequential fallback (its
           100 n impulses were half the run's time). */
        vccd_sim_impulse_opts io = o->impulse;
        io.tol = 1e-4;
        /* A speculative target is no law, only the velocity that keeps
           the gap near eps_d, and the step is proved by the CCD whatever
           the solve leaves: where PGS has not converged in 30 sweeps (a
           pile never does: its contacts form loops), its iterate is
           kept.  The sequential fallback from the start, and 200 sweeps
           before it, were a third of a resting pile of 64's time
           (1,000 steps: 699 -> 509 us per body per step, the same
           events; the 3-box stack's 10,000 steps: 6 events either way,
           gap 8.0e-4 and 7.8e-4). */
        io.iters = 30;
        io.fallback = 0;
        if (vccd_sim_impulse_solve(&ir, bodies, cl, &io) != 0)
            return vccd_error_set(e, NULL, 0, NULL, NULL, "out of memory in the resting contacts' solve");
        if (io.mu > 0) {
            io.mu = 0;
            if (vccd_sim_impulse_solve(&ir, bodies, cl, &io) != 0)
                return vccd_error_set(e, NULL, 0, NULL, NULL, "out of memory in the resting contacts' solve");
        }
    }
    return 0;
}
