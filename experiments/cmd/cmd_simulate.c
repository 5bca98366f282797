/* cmd_simulate.c -- `vccd simulate SCENE.ini`: rigid bodies (lib/sim)
   stepped with the proved TOC, writing trajectory.csv, events.csv and
   energy.csv.  The scene's keys are in vccd.c's help text. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "clock.h"
#include "cli.h"
#include "cmds.h"
#include "vccd/sim.h"

#define MAX_BODIES 64

/* Doubles for the keys: n numbers, each finite (strtod: correctly
   rounded, so a hex float or a decimal of a double is taken exactly). */
static int
get_vec(double *out, int n, vccd_config_section *s, const char *key, vccd_error *e)
{
    vccd_config_kv *kv = vccd_config_get(s, key);
    const char *p;
    char *end;
    if (!kv)
        return 1;
    p = kv->value;
    for (int i = 0; i < n; i++) {
        errno = 0;
        out[i] = strtod(p, &end);
        if (end == p || errno == ERANGE || !isfinite(out[i]))
            return vccd_error_set(e, s->file, kv->line, s->name, key, "expected %d finite number%s", n,
                                  n > 1 ? "s" : "");
        p = end;
    }
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p)
        return vccd_error_set(e, s->file, kv->line, s->name, key, "expected %d number%s, found more", n,
                              n > 1 ? "s" : "");
    return 0;
}

/* One number in [lo, hi]: 0, 1 (absent) or -1. */
static int
get_num(double *out, vccd_config_section *s, const char *key, double lo, double hi, vccd_error *e)
{
    int rc = get_vec(out, 1, s, key, e);
    if (rc == 0 && !(*out >= lo && *out <= hi)) {
        vccd_config_kv *kv = vccd_config_get(s, key);
        return vccd_error_set(e, s->file, kv->line, s->name, key, "expected a number in [%g, %g]", lo, hi);
    }
    return rc;
}

static int
get_bool(int *out, vccd_config_section *s, const char *key, vccd_error *e)
{
    vccd_config_kv *kv = vccd_config_get(s, key);
    if (!kv)
        return 1;
    if (!strcmp(kv->value, "yes") || !strcmp(kv->value, "true") || !strcmp(kv->value, "1"))
        *out = 1;
    else if (!strcmp(kv->value, "no") || !strcmp(kv->value, "false") || !strcmp(kv->value, "0"))
        *out = 0;
    else
        return vccd_error_set(e, s->file, kv->line, s->name, key, "expected yes or no");
    return 0;
}

static int
parse_scene(vccd_sim_opts *o, long *steps, vccd_config *c, vccd_error *e)
{
    vccd_config_section *s = vccd_config_find(c, "simulate");
    vccd_config_kv *kv;
    double v;
    int rc;
    if (!s)
        return vccd_error_set(e, c->file, c->lines, NULL, NULL, "missing [simulate] section");
    if (get_vec(o->g, 3, s, "gravity", e) < 0 || (rc = get_num(&o->dt, s, "dt", 1e-9, 1e3, e)) < 0
        || get_num(&o->impulse.e, s, "restitution", 0.0, 1.0, e) < 0
        || get_num(&o->impulse.mu, s, "friction", 0.0, 1e3, e) < 0
        || get_num(&o->eps_d, s, "eps_d", 1e-12, 1e3, e) < 0
        || get_num(&o->band_factor, s, "band", 1.0, 1e3, e) < 0)
        return -1;
    (void)rc;
    if ((rc = get_num(&v, s, "steps", 1, 1e9, e)) < 0)
        return -1;
    if (rc == 0) {
        if (v != floor(v))
            return vccd_error_set(e, s->file, vccd_config_get(s, "steps")->line, s->name, "steps",
                                  "expected an integer");
        *steps = (long)v;
    }
    if ((rc = get_num(&v, s, "max_events", 1, 1e6, e)) < 0)
        return -1;
    if (rc == 0)
        o->max_events = (int)v;
    /* Resting contacts: by default an approach slower than what gravity
       gives over one band (sqrt(2 |g| band)) counts as resting. */
    {
        double band = o->band_factor * o->eps_d, g = sqrt(o->g[0] * o->g[0] + o->g[1] * o->g[1] + o->g[2] * o->g[2]);
        o->impulse.v_rest = sqrt(2.0 * g * band);
        /* a resting contact leaves at the speed gravity takes away in a
           step, so that it is not pulled back into its band within the
           step (the price: it hops by g dt^2 / 2, doc/simulate.md) */
        o->impulse.v_sep = -1.0;
        if (get_num(&o->impulse.v_rest, s, "rest_speed", 0.0, 1e6, e) < 0
            || get_num(&o->impulse.v_sep, s, "separation_speed", 0.0, 1e6, e) < 0)
            return -1;
    }
    if ((kv = vccd_config_get(s, "mode"))) {
        if (!strcmp(kv->value, "exact"))
            o->mode = VCCD_QUERY_EXACT;
        else if (!strcmp(kv->value, "capoeira"))
            o->mode = VCCD_QUERY_CAPOEIRA;
        else
            return vccd_error_set(e, s->file, kv->line, s->name, kv->key, "'%s': expected exact or capoeira",
                                  kv->value);
    }
    if ((kv = vccd_config_get(s, "bv"))) {
        int t = vccd_bv_type_find(kv->value);
        if (t < 0)
            return vccd_error_set(e, s->file, kv->line, s->name, kv->key, "unknown BV type '%s'", kv->value);
        o->bv = t;
    }
    return vccd_config_check_unused(s, e);
}

static int
load_body(vccd_sim_body *b, vccd_config_section *s, double density_default, vccd_error *e)
{
    vccd_mesh_mass mp;
    vccd_bvh_opts bo;
    vccd_error inner;
    double density = density_default, I3[3];
    int have_mass, have_inertia;
    vccd_config_kv *ik;
    memset(b, 0, sizeof *b);
    snprintf(b->name, sizeof b->name, "%s", s->name + 5);
    b->q[0] = 1.0;
    if (get_bool(&b->fixed, s, "fixed", e) < 0 || get_vec(b->x, 3, s, "position", e) < 0
        || get_vec(b->q, 4, s, "orientation", e) < 0 || get_vec(b->v, 3, s, "velocity", e) < 0
        || get_vec(b->w, 3, s, "angular_velocity", e) < 0 || get_num(&density, s, "density", 1e-300, 1e300, e) < 0)
        return -1;
    if ((have_mass = get_num(&b->mass, s, "mass", 1e-300, 1e300, e)) < 0)
        return -1;
    ik = vccd_config_get(s, "inertia");
    if ((have_inertia = get_vec(I3, 3, s, "inertia", e)) < 0)
        return -1;
    {
        double qn = b->q[0] * b->q[0] + b->q[1] * b->q[1] + b->q[2] * b->q[2] + b->q[3] * b->q[3];
        if (!(qn > 0.0)) {
            vccd_config_kv *kv = vccd_config_get(s, "orientation");
            return vccd_error_set(e, s->file, kv ? kv->line : s->line, s->name, "orientation",
                                  "a quaternion w x y z, not 0");
        }
        for (int k = 0; k < 4; k++)
            b->q[k] /= sqrt(qn);
    }
    if (!vccd_config_get(s, "mesh"))
        return vccd_error_set(e, s->file, s->line, s->name, "mesh", "missing (a file, shape or bundled model)");
    if (vccd_mesh_config_load_as(&b->mesh, s, "mesh", e) != 0)
        return -1;
    if (vccd_config_check_unused(s, e) != 0)
        return -1;
    if (!b->fixed) {
        if (have_mass != 0 || have_inertia != 0) {
            /* From the mesh: it must be closed; its centre of mass is
               moved to the origin of the body frame. */
            if (vccd_mesh_mass_props(&mp, &b->mesh, &inner) != 0)
                return vccd_error_set(e, s->file, s->line, s->name, "mesh",
                                      "no mass properties (%s): give mass and inertia in the config", inner.msg);
            for (long i = 0; i < b->mesh.nv; i++)
                for (int k = 0; k < 3; k++)
                    b->mesh.v[i][k] -= mp.com[k];
            b->mass = density * mp.volume;
            for (int i = 0; i < 3; i++)
                for (int j = 0; j < 3; j++)
                    b->inertia[i][j] = density * mp.inertia[i][j];
        } else {
            for (int k = 0; k < 3; k++)
                b->inertia[k][k] = I3[k];
        }
        if (vccd_sim_body_finish(b) != 0)
            return vccd_error_set(e, s->file, ik ? ik->line : s->line, s->name, "inertia",
                                  "mass and inertia must be positive (a non-singular inertia tensor)");
    } else {
        vccd_sim_body_finish(b);
    }
    vccd_bvh_opts_init(&bo);
    if (vccd_bvh_build(&b->bvh, &b->mesh, &bo, e) != 0)
        return -1;
    return 0;
}

typedef struct {
    FILE *ev;
    long step;
    double t0;
    const vccd_sim_body *bodies;
    long contacts, events;
} log_ctx;

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
                k->gap_lower, k->gap_upper, ev->solve.converged ? "yes" : "no", ev->solve.singular ? "yes" : "no",
                ev->solve.sweeps, ev->solve.fallback ? "yes" : "no", k->approximate ? "approximate" : "exact");
    }
}

int
vccd_cmd_simulate(int argc, char **argv)
{
    const char *scene = NULL, *out = ".";
    long steps = 100, steps_opt = -1;
    double dt_opt = -1;
    vccd_config c;
    vccd_error e;
    vccd_sim_opts o;
    vccd_sim_body *bodies = NULL;
    int nb = 0, rc = VCCD_EXIT_USAGE, loaded = 0;
    FILE *tr = NULL, *en = NULL;
    log_ctx lc = { NULL, 0, 0, NULL, 0, 0 };
    char path[4096];
    static const char *const known[] = { "simulate", "body.", NULL };
    double t_start, min_gap = INFINITY, ccd = 0, man = 0, imp = 0, gap = 0;
    long events = 0, truncated = 0;

    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--out") && i + 1 < argc) {
            out = argv[++i];
        } else if (!strcmp(argv[i], "--steps") && i + 1 < argc) {
            if (vccd_cli_parse_long(&steps_opt, "--steps", argv[++i], 1, 1000000000L) != 0)
                return VCCD_EXIT_USAGE;
        } else if (!strcmp(argv[i], "--dt") && i + 1 < argc) {
            char *end;
            dt_opt = strtod(argv[++i], &end);
            if (*end || end == argv[i] || !(dt_opt > 0.0 && dt_opt <= 1e3))
                return vccd_cli_usage_error("simulate: --dt wants a number in (0, 1000], not '%s'", argv[i]);
        } else if (argv[i][0] == '-') {
            return vccd_cli_usage_error("simulate: unknown option '%s' (see vccd help simulate)", argv[i]);
        } else if (!scene) {
            scene = argv[i];
        } else {
            return vccd_cli_usage_error("simulate: one scene file, not '%s' too", argv[i]);
        }
    }
    if (!scene)
        return vccd_cli_usage_error("simulate: which scene? (vccd simulate SCENE.ini)");
    if (vccd_config_load(&c, scene, &e) != 0) {
        fprintf(stderr, "vccd: %s\n", e.msg);
        return VCCD_EXIT_USAGE;
    }
    loaded = 1;
    vccd_sim_opts_init(&o);
    if (vccd_config_check_sections(&c, known, &e) != 0 || parse_scene(&o, &steps, &c, &e) != 0)
        goto bad;
    if (steps_opt > 0)
        steps = steps_opt;
    if (dt_opt > 0)
        o.dt = dt_opt;
    if (o.impulse.v_sep < 0)
        o.impulse.v_sep = sqrt(o.g[0] * o.g[0] + o.g[1] * o.g[1] + o.g[2] * o.g[2]) * o.dt;
    for (int i = 0; i < c.n; i++)
        nb += !strncmp(c.sec[i].name, "body.", 5);
    if (nb < 2 || nb > MAX_BODIES) {
        vccd_error_set(&e, c.file, c.lines, NULL, NULL, "%d [body.NAME] sections: a scene has 2 to %d", nb,
                       MAX_BODIES);
        goto bad;
    }
    if (!(bodies = calloc((size_t)nb, sizeof *bodies))) {
        fprintf(stderr, "vccd: out of memory\n");
        goto done;
    }
    nb = 0;
    for (int i = 0; i < c.n; i++)
        if (!strncmp(c.sec[i].name, "body.", 5)) {
            if (load_body(&bodies[nb], &c.sec[i], 1.0, &e) != 0) {
                nb++;
                goto bad;
            }
            nb++;
        }
    {
        int moving = 0;
        for (int i = 0; i < nb; i++)
            moving += !bodies[i].fixed;
        if (!moving) {
            vccd_error_set(&e, c.file, c.lines, NULL, NULL, "every body is fixed: nothing to simulate");
            goto bad;
        }
    }
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
    fprintf(tr, "step,time,body,x,y,z,qw,qx,qy,qz,vx,vy,vz,wx,wy,wz\n");
    fprintf(lc.ev, "step,time,body_a,body_b,tri_a,tri_b,px,py,pz,nx,ny,nz,vn_before,impulse,gap_lower,gap_upper,"
                   "pgs_converged,non_unique,sweeps,fallback,manifold\n");
    fprintf(en, "step,time,kinetic,potential,total,px,py,pz,Lx,Ly,Lz,gap_lower,events,pieces,truncated\n");
    lc.bodies = bodies;
    lc.contacts = lc.events = 0;
    t_start = vccd_clock_now();
    for (long st = 0; st <= steps; st++) {
        vccd_sim_step_result sr;
        double ke, pe, p[3], L[3], t = st * o.dt;
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
            ccd += sr.t_ccd, man += sr.t_manifold, imp += sr.t_impulse, gap += sr.t_gap;
            events += sr.events;
            truncated += sr.truncated;
        }
        for (int i = 0; i < nb; i++) {
            const vccd_sim_body *b = &bodies[i];
            fprintf(tr, "%ld,%.17g,%s,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g\n",
                    st, t, b->name, b->x[0], b->x[1], b->x[2], b->q[0], b->q[1], b->q[2], b->q[3], b->v[0], b->v[1],
                    b->v[2], b->w[0], b->w[1], b->w[2]);
        }
        vccd_sim_energy(&ke, &pe, p, L, bodies, nb, o.g);
        fprintf(en, "%ld,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%d,%d,%d\n", st, t, ke, pe,
                ke + pe, p[0], p[1], p[2], L[0], L[1], L[2], sr.min_gap, sr.events, sr.pieces, sr.truncated);
    }
    t_start = vccd_clock_now() - t_start;
    printf("simulate: %d bodies, %ld steps of %g s, mode %s, bv %s, eps_d %g, e %g, mu %g\n", nb, steps, o.dt,
           vccd_query_mode_name(o.mode), vccd_bv_type_get(o.bv)->name, o.eps_d, o.impulse.e, o.impulse.mu);
    printf("contact events: %ld (%ld contact points), steps truncated at max_events: %ld\n", lc.events, lc.contacts,
           truncated);
    printf("min gap lower bound over the run: %.17g (%s)\n", min_gap,
           min_gap > 0 ? "> 0: no interpenetration, proved" : "NOT PROVED");
    printf("time: %.3f s (%.1f steps/s): ccd %.3f s, manifold %.3f s, impulses %.3f s, gap checks %.3f s\n", t_start,
           steps / t_start, ccd, man, imp, gap);
    printf("wrote %s/trajectory.csv, %s/events.csv, %s/energy.csv\n", out, out, out);
    rc = o.mode == VCCD_QUERY_EXACT && min_gap > 0 ? VCCD_EXIT_OK : VCCD_EXIT_FAIL;
    (void)events;
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
    for (int i = 0; bodies && i < nb; i++) {
        vccd_bvh_clear(&bodies[i].bvh);
        vccd_mesh_clear(&bodies[i].mesh);
    }
    free(bodies);
    if (loaded)
        vccd_config_clear(&c);
    return rc;
}
