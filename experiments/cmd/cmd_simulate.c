/* cmd_simulate.c -- `vccd simulate SCENE.ini`: rigid bodies (lib/sim)
   stepped with the proved TOC, writing trajectory.csv, events.csv and
   energy.csv.  The scene's keys are in its help text (below). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "clock.h"
#include "cli.h"
#include "cmds.h"
#include "sim_pictures.h"
#include "sim_scene.h"

typedef struct {
    FILE *ev;
    long step;
    double t0;
    const vccd_sim_body *bodies;
    long contacts, events;
} log_ctx;

/* events.csv's manifold column: what is approximate about a contact. */
static const char *
manifold_label(int approximate)
{
    return approximate == VCCD_SIM_APPROX_NODES ? "approximate-nodes"
           : approximate == VCCD_SIM_APPROX_TIME ? "approximate" : "exact";
}

static void
log_event(void *vctx, const vccd_sim_event *ev)
{
    log_ctx *c = vctx;
    c->events++;
    for (size_t i = 0; i < ev->contacts->n; i++) {
        const vccd_sim_contact *k = &ev->contacts->c[i];
        c->contacts++;
        fprintf(c->ev, "%ld,%.17g,%s,%s,%ld,%ld,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%s,%s,%d,%s,%s\n",
                c->step, c->t0 + ev->t, c->bodies[k->a].name, c->bodies[k->b].name, k->tri[0], k->tri[1],
                k->point[0], k->point[1], k->point[2], k->normal[0], k->normal[1], k->normal[2], k->vn, k->impulse,
                k->gap_lower, k->gap_upper, ev->solve.converged ? "yes" : "no",
                ev->solve.singular < 0 ? "unchecked" : ev->solve.singular ? "yes" : "no",
                ev->solve.sweeps, ev->solve.fallback ? "yes" : "no", manifold_label(k->approximate));
    }
}

/* --check-gap: the distance query (lib/bvh/distance.c) of every pair
   at the state a step ended in, apart from the step's own bookkeeping
   (its memos, sphere bounds and skipped pairs): *min := the smallest
   lower bound, *mi, *mj its pair.  0, or -1 with e set. */
static int
check_gap(double *min, int *mi, int *mj, const vccd_sim_body *bodies, int nb, int bv, vccd_error *e)
{
    *min = INFINITY;
    for (int i = 0; i < nb; i++)
        for (int j = i + 1; j < nb; j++) {
            vccd_distance_result d;
            if (bodies[i].fixed && bodies[j].fixed)
                continue;
            if (vccd_sim_pair_distance(&d, bodies, i, j, bv, e) != 0)
                return -1;
            if (!(d.lower >= *min))
                *min = d.lower, *mi = i, *mj = j;
        }
    return 0;
}

typedef struct {
    const char *out, *meshes;
    long steps, ply_every;
    double dt;
    int check, no_pictures;
} sim_args;

static const vccd_cli_opt opts[] = {
    VCCD_OPT_STR_(sim_args, out, "out", "DIR", "where the files go (default .)"),
    VCCD_OPT_STR_(sim_args, meshes, "meshes", "DIR",
                  "a Rigid IPC scene's meshes are in DIR (default: next to\n"
                  "the scene, or in a meshes/ folder of its folder or parents)"),
    VCCD_OPT_LONG_(sim_args, steps, "steps", "N", 1, 1000000000L,
                   "steps (overrides [simulate] steps, or max_time / timestep)"),
    /* the range of the scene's dt key (sim_scene.c) */
    VCCD_OPT_DOUBLE_(sim_args, dt, "dt", "DT", 1e-9, 1e3, "the step in seconds (overrides [simulate] dt)"),
    VCCD_OPT_LONG_(sim_args, ply_every, "ply-every", "K", 1, 1000000000L,
                   "write every K-th state (and the last) as DIR/ply/\n"
                   "frame-NNNNNN.ply, all bodies in world coordinates"),
    VCCD_OPT_FLAG_(sim_args, no_pictures, "no-pictures", "no frames, plots or gnuplot (faster on large scenes)"),
    VCCD_OPT_FLAG_(sim_args, check, "check-gap",
                   "after every step, the distance query of every pair again,\n"
                   "apart from the run's own gap bookkeeping; exit 1 if a lower\n"
                   "bound is not > 0, else its minimum is printed (and each\n"
                   "step's in energy.csv's checked_gap)"),
    VCCD_OPT_END
};

static int
run(int argc, char **argv)
{
    sim_args a = { ".", NULL, -1, 0, -1, 0, 0 };
    const char *scene, *out;
    long steps, steps_opt;
    vccd_sim_opts o;
    double dt_opt;
    vccd_sim_scene sc;
    vccd_error e;
    vccd_sim_body *bodies;
    int nb, rc = VCCD_EXIT_USAGE;
    FILE *tr = NULL, *en = NULL;
    vccd_sim_pictures pic;
    int pic_open = 0, drawn;
    log_ctx lc = { NULL, 0, 0, NULL, 0, 0 };
    char path[4096];
    double t_start, min_gap = INFINITY, ccd = 0, man = 0, imp = 0, gap = 0, brd = 0;
    long broad_pairs = 0, broad_runs = 0, rest_pairs = 0, rest_contacts = 0, queries = 0, reused = 0, rebased = 0;
    double rest_t = 0;
    long truncated = 0;
    int nodes, check, npos, cmin_i = 0, cmin_j = 0;
    long cmin_step = -1;
    double cmin = INFINITY, t_check = 0;

    if (vccd_cli_parse("simulate", opts, &a, argc, argv, &npos) != 0)
        return VCCD_EXIT_USAGE;
    if (npos == 0)
        return vccd_cli_usage_error("simulate: which scene? (vccd simulate SCENE.ini or SCENE.json)");
    if (npos > 1)
        return vccd_cli_usage_error("simulate: one scene file, not '%s' too", argv[2]);
    scene = argv[1], out = a.out, steps_opt = a.steps, dt_opt = a.dt, check = a.check;
    if (vccd_sim_scene_load(&sc, scene, dt_opt, a.meshes, &e) != 0)
        goto bad;
    bodies = sc.bodies;
    nb = sc.nb;
    if (steps_opt > 0)
        sc.steps = steps_opt;
    steps = sc.steps;
    o = sc.o;
    nodes = o.manifold == VCCD_SIM_MANIFOLD_NODES
            || (o.manifold == VCCD_SIM_MANIFOLD_AUTO && o.mode == VCCD_QUERY_CAPOEIRA);
    if (mkdir(out, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "vccd: cannot create %s: %s\n", out, strerror(errno));
        goto done;
    }
    snprintf(path, sizeof path, "%s/trajectory.csv", out);
    if (!(tr = vccd_cli_open_output(path)))
        goto done;
    snprintf(path, sizeof path, "%s/events.csv", out);
    if (!(lc.ev = vccd_cli_open_output(path)))
        goto done;
    snprintf(path, sizeof path, "%s/energy.csv", out);
    if (!(en = vccd_cli_open_output(path)))
        goto done;
    if (vccd_sim_pictures_open(&pic, out, steps, bodies, nb, sc.up, sc.planar, !a.no_pictures, a.ply_every) != 0)
        goto done;
    pic_open = 1;
    fprintf(tr, "step,time,body,x,y,z,qw,qx,qy,qz,vx,vy,vz,wx,wy,wz\n");
    fprintf(lc.ev, "step,time,body_a,body_b,tri_a,tri_b,px,py,pz,nx,ny,nz,vn_before,impulse,gap_lower,gap_upper,"
                   "pgs_converged,non_unique,sweeps,fallback,manifold\n");
    fprintf(en, "step,time,kinetic,potential,total,px,py,pz,Lx,Ly,Lz,gap_lower,events,pieces,truncated,checked_gap\n");
    lc.bodies = bodies;
    lc.contacts = lc.events = 0;
    t_start = vccd_clock_now();
    for (long st = 0; st <= steps; st++) {
        vccd_sim_step_result sr;
        double ke, pe, p[3], L[3], t = st * o.dt, check_g = NAN;
        memset(&sr, 0, sizeof sr);
        sr.min_gap = NAN;
        if (st > 0) {
            lc.step = st;
            lc.t0 = (st - 1) * o.dt;
            if (vccd_sim_step(&sr, bodies, nb, &o, log_event, &lc, &e) != 0) {
                fprintf(stderr, "vccd: step %ld: %s\n", st, e.msg);
                rc = VCCD_EXIT_FAIL;
                goto done;
            }
            if (sr.min_gap < min_gap)
                min_gap = sr.min_gap;
            ccd += sr.t_ccd, man += sr.t_manifold, imp += sr.t_impulse, gap += sr.t_gap, brd += sr.t_broad;
            broad_pairs += sr.broad_pairs;
            rest_pairs += sr.rest_pairs, rest_contacts += sr.rest_contacts, rest_t += sr.t_rest;
            broad_runs += sr.broad_runs;
            queries += sr.queries, reused += sr.reused, rebased += sr.rebased;
            truncated += sr.truncated;
        }
        if (check) {
            double g, t1 = vccd_clock_now();
            int ci = 0, cj = 0;
            if (check_gap(&g, &ci, &cj, bodies, nb, o.bv, &e) != 0) {
                fprintf(stderr, "vccd: step %ld: --check-gap: %s\n", st, e.msg);
                rc = VCCD_EXIT_FAIL;
                goto done;
            }
            t_check += vccd_clock_now() - t1;
            check_g = g;
            if (!(g > 0.0)) {
                fprintf(stderr, "vccd: step %ld: --check-gap: bodies %s and %s: distance lower bound %.17g is not > 0\n",
                        st, bodies[ci].name, bodies[cj].name, g);
                rc = VCCD_EXIT_FAIL;
                goto done;
            }
            if (g < cmin)
                cmin = g, cmin_i = ci, cmin_j = cj, cmin_step = st;
        }
        for (int i = 0; i < nb; i++) {
            const vccd_sim_body *b = &bodies[i];
            fprintf(tr, "%ld,%.17g,%s,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g\n",
                    st, t, b->name, b->x[0], b->x[1], b->x[2], b->q[0], b->q[1], b->q[2], b->q[3], b->v[0], b->v[1],
                    b->v[2], b->w[0], b->w[1], b->w[2]);
        }
        if (vccd_sim_pictures_step(&pic, bodies, nb, st, steps) != 0) {
            rc = VCCD_EXIT_FAIL;
            goto done;
        }
        vccd_sim_energy(&ke, &pe, p, L, bodies, nb, o.g);
        fprintf(en, "%ld,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%d,%d,%d,", st, t, ke, pe,
                ke + pe, p[0], p[1], p[2], L[0], L[1], L[2], sr.min_gap, sr.events, sr.pieces, sr.truncated);
        if (check)
            fprintf(en, "%.17g", check_g);
        fputc('\n', en);
    }
    t_start = vccd_clock_now() - t_start;
    printf("simulate: %d bodies, %ld steps of %g s, mode %s%s, manifold %s, bv %s, eps_d %g, e %g, mu %g\n", nb,
           steps, o.dt, vccd_query_mode_name(o.mode),
           o.mode == VCCD_QUERY_EXACT ? "" : " (APPROXIMATE contact times)",
           nodes ? "nodes (APPROXIMATE: BVH leaves, thesis 6.1.1)" : "features (thesis 6.1.2)",
           vccd_bv_type_get(o.bv)->name, o.eps_d, o.impulse.e, o.impulse.mu);
    printf("contact events: %ld (%ld contact points), steps truncated at max_events: %ld\n", lc.events, lc.contacts,
           truncated);
    printf("TOC queries: %ld; after the events, %ld answers went on and %ld motions that went on were rebased "
           "(doc/simulate.md, \"Events are local\")\n", queries, reused, rebased);
    if (o.rest == VCCD_SIM_REST_SPECULATIVE)
        printf("resting contacts solved before the steps: %ld contacts in %ld pair manifolds, %.3f s\n", rest_contacts,
               rest_pairs, rest_t);
    else
        printf("resting contacts: as contact events (resting = events)\n");
    printf("min gap lower bound over the run: %.17g (%s)\n", min_gap,
           min_gap > 0 ? "> 0: no interpenetration, proved" : "NOT PROVED");
    printf("time: %.3f s (%.1f steps/s): ccd %.3f s, manifold %.3f s, impulses %.3f s, gap checks %.3f s, "
           "broad phase %.3f s (%.1f of %ld pairs kept per run)\n", t_start, steps / t_start, ccd, man, imp, gap, brd,
           broad_runs ? (double)broad_pairs / (double)broad_runs : 0.0, (long)nb * (nb - 1) / 2);
    if (check)
        printf("independent gap check (--check-gap, the distance query of every pair at every step end, %.3f s): "
               "min lower bound %.17g at step %ld, bodies %s and %s: > 0, proved\n", t_check, cmin, cmin_step,
               bodies[cmin_i].name, bodies[cmin_j].name);
    pic_open = 0;
    /* gnuplot reads the CSVs: all written out first */
    fflush(tr), fflush(lc.ev), fflush(en);
    if ((drawn = vccd_sim_pictures_finish(&pic, bodies, nb, isfinite(min_gap))) < 0) {
        rc = VCCD_EXIT_FAIL;
        goto done;
    }
    if (a.no_pictures)
        printf("wrote %s/trajectory.csv, events.csv, energy.csv (--no-pictures)\n", out);
    else
        printf("wrote %s/trajectory.csv, events.csv, energy.csv; pictures %s, anim.gif, height.png, energy.png%s (%s)\n",
           out, sc.planar ? "side.png" : "side.png, top.png, perspective.png", isfinite(min_gap) ? ", gap.png" : "",
           drawn ? "drawn by gnuplot" : "gnuplot not found: cd there && gnuplot plot.gp draws them");
    if (a.ply_every > 0)
        printf("wrote %ld PLY frames: %s/ply/frame-NNNNNN.ply (every %ld steps and the last)\n", pic.nply, out,
               a.ply_every);
    /* capoeira's lo is a proved lower bound too (query.h): its contact
       times and manifolds are approximate, the gaps are not */
    rc = min_gap > 0 ? VCCD_EXIT_OK : VCCD_EXIT_FAIL;
    goto done;
bad:
    fprintf(stderr, "vccd: %s\n", e.msg);
    rc = VCCD_EXIT_USAGE;
done:
    if (tr && vccd_cli_close_output(tr, "trajectory.csv") != 0)
        rc = VCCD_EXIT_FAIL;
    if (lc.ev && vccd_cli_close_output(lc.ev, "events.csv") != 0)
        rc = VCCD_EXIT_FAIL;
    if (en && vccd_cli_close_output(en, "energy.csv") != 0)
        rc = VCCD_EXIT_FAIL;
    /* a run stopped by an error is still drawn as far as it went */
    if (pic_open) {
        fflush(tr), fflush(lc.ev), fflush(en);
        if (vccd_sim_pictures_finish(&pic, bodies, nb, isfinite(min_gap)) < 0)
            rc = VCCD_EXIT_FAIL;
    }
    vccd_sim_scene_clear(&sc);
    return rc;
}

const vccd_cli_cmd vccd_cmd_simulate = {
    "simulate", "rigid bodies stepped with the proved TOC: never interpenetrating",
    "usage: vccd simulate SCENE.ini|SCENE.json [--out DIR] [--steps N] [--dt DT]\n"
    "                     [--meshes DIR] [--ply-every K] [--no-pictures] [--check-gap]\n"
    "\n"
    "Steps rigid bodies with ballistic motion; at the first contact of\n"
    "any pair (the mesh TOC, stepped back to a proved gap >= eps_d) it\n"
    "gathers the contact manifold and applies impulses (Newton's impact\n"
    "law at every contact at once, projected Gauss-Seidel).  Before every\n"
    "piece of motion the rigorous distance of every pair is checked > 0.\n"
    "Resting contacts are solved before each step at the velocity level\n"
    "(resting = speculative), so a body at rest costs no contact event.\n"
    "Writes DIR/trajectory.csv (pose and velocities per step, %.17g),\n"
    "DIR/events.csv (each contact point) and DIR/energy.csv (energy,\n"
    "momentum and the step's gap lower bound), and draws with gnuplot\n"
    "(when it is installed; plot.gp redraws them) side.png, top.png and\n"
    "perspective.png (the meshes at 8 times), anim.gif (the side view),\n"
    "height.png, energy.png and gap.png; --ply-every K exports the states\n"
    "as PLY for ParaView, Blender or MeshLab.  Exit 0 when the whole run\n"
    "is proved free of interpenetration, 1 otherwise.\n"
    "\n"
    "SCENE.json is a Rigid IPC scene (Ferguson et al. 2021): its\n"
    "rigid_body_problem (gravity, coefficient_restitution and _friction,\n"
    "and each body's mesh, position, rotation in degrees as xyz Euler\n"
    "angles, scale or dimensions, density, linear_velocity,\n"
    "angular_velocity in degrees/s, is_dof_fixed, type), its timestep and\n"
    "max_time.  Keys vccd cannot honour are named in one warning each;\n"
    "doc/simulate.md, \"Rigid IPC scenes\", says how each key is read.\n",
    opts,
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
    "                             # (resting = events)\n"
    "  resting = speculative      # resting contacts solved before each\n"
    "                             # step | events: only at contact events\n"
    "  mode = exact               # exact | capoeira (APPROXIMATE contacts)\n"
    "  manifold = auto            # features (thesis 6.1.2) | nodes (6.1.1:\n"
    "                             # BVH leaves, APPROXIMATE) | auto: nodes\n"
    "                             # in capoeira mode, else features\n"
    "  bv = obb                   # {bv}\n"
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
    run
};
