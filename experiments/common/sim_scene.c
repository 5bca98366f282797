/* sim_scene.c -- a `vccd simulate` scene file: the [simulate] options
   and the [body.NAME] sections, loaded into bodies with their BVHs.
   Shared by the command and `vccd bench simulate`. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sim_scene.h"

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
    return kv ? vccd_cli_config_bool(out, s, kv, e) : 1;
}

/* *out := the index of key's value in names (NULL-terminated): 0, 1
   (absent) or -1 naming the choices. */
static int
get_choice(int *out, vccd_config_section *s, const char *key, const char *const *names, vccd_error *e)
{
    vccd_config_kv *kv = vccd_config_get(s, key);
    char list[256] = "";
    if (!kv)
        return 1;
    for (int i = 0; names[i]; i++) {
        if (!strcmp(kv->value, names[i])) {
            *out = i;
            return 0;
        }
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "", names[i]);
    }
    return vccd_error_set(e, s->file, kv->line, s->name, key, "'%s': expected one of %s", kv->value, list);
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
    {
        static const char *const modes[] = { "exact", "capoeira", NULL };
        static const char *const manifolds[] = { "auto", "features", "nodes", NULL };
        int m = (int)o->mode;
        if (get_choice(&m, s, "mode", modes, e) < 0 || get_choice(&o->manifold, s, "manifold", manifolds, e) < 0)
            return -1;
        o->mode = m == 1 ? VCCD_QUERY_CAPOEIRA : VCCD_QUERY_EXACT;
    }
    if ((kv = vccd_config_get(s, "bv"))) {
        int t = vccd_bv_type_find(kv->value);
        if (t < 0)
            return vccd_error_set(e, s->file, kv->line, s->name, kv->key, "unknown BV type '%s'", kv->value);
        o->bv = t;
    }
    return vccd_config_check_unused(s, e);
}

/* A 2D body's state keys (doc/simulate.md, "2D mode"): position x y,
   angle (radians), velocity vx vy, angular_velocity omega; its mass and
   inertia from the polygon's area (inertia: one number, about z). */
static int
state_2d(vccd_sim_body *b, double *I3, int *have_inertia, vccd_config_section *s, vccd_error *e)
{
    static const char *const keys3[] = { "orientation", NULL };
    double angle = 0.0, w = 0.0;
    for (int i = 0; keys3[i]; i++) {
        vccd_config_kv *kv = vccd_config_get(s, keys3[i]);
        if (kv)
            return vccd_error_set(e, s->file, kv->line, s->name, kv->key,
                                  "a 2D body (%s) has an angle (radians), not an orientation", b->mesh.name);
    }
    if (get_vec(b->x, 2, s, "position", e) < 0 || get_num(&angle, s, "angle", -1e300, 1e300, e) < 0
        || get_vec(b->v, 2, s, "velocity", e) < 0 || get_num(&w, s, "angular_velocity", -1e300, 1e300, e) < 0)
        return -1;
    if ((*have_inertia = get_num(&I3[2], s, "inertia", 1e-300, 1e300, e)) < 0)
        return -1;
    /* only the moment about z acts in the plane; the others just keep
       the tensor invertible */
    I3[0] = I3[1] = 0.5 * I3[2];
    b->w[2] = w;
    b->planar = 1;
    vccd_sim_body_set_angle(b, angle);
    return 0;
}

static const char *const body_keys[] = { "fixed", "density", "mass", "inertia", "position", "orientation",
                                          "velocity", "angular_velocity", "angle", NULL };

static int
load_body(vccd_sim_body *b, vccd_config_section *s, double density_default, int bv, vccd_error *e)
{
    vccd_mesh_mass mp;
    vccd_bvh_opts bo;
    vccd_error inner;
    double density = density_default, I3[3];
    int have_mass, have_inertia = 1;
    vccd_config_kv *ik;
    memset(b, 0, sizeof *b);
    snprintf(b->name, sizeof b->name, "%s", s->name + 5);
    b->q[0] = 1.0;
    /* the mesh first, since a 2D body reads other state keys; the mesh
       loader takes every key not looked up yet for its own */
    for (int i = 0; body_keys[i]; i++)
        vccd_config_get(s, body_keys[i]);
    if (!vccd_config_get(s, "mesh"))
        return vccd_error_set(e, s->file, s->line, s->name, "mesh", "missing (a file, shape or bundled model)");
    if (vccd_mesh_config_load_as(&b->mesh, s, "mesh", e) != 0)
        return -1;
    if (get_bool(&b->fixed, s, "fixed", e) < 0 || get_num(&density, s, "density", 1e-300, 1e300, e) < 0)
        return -1;
    if ((have_mass = get_num(&b->mass, s, "mass", 1e-300, 1e300, e)) < 0)
        return -1;
    ik = vccd_config_get(s, "inertia");
    if (b->mesh.planar) {
        if (state_2d(b, I3, &have_inertia, s, e) != 0)
            return -1;
    } else {
        if (get_vec(b->x, 3, s, "position", e) < 0 || get_vec(b->q, 4, s, "orientation", e) < 0
            || get_vec(b->v, 3, s, "velocity", e) < 0 || get_vec(b->w, 3, s, "angular_velocity", e) < 0)
            return -1;
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
    }
    if (vccd_config_check_unused(s, e) != 0)
        return -1;
    if (!b->fixed) {
        if (have_mass != 0 || have_inertia != 0) {
            /* From the mesh: it must be closed; its centre of mass is
               moved to the origin of the body frame. */
            if ((b->planar ? vccd_mesh_area_props(&mp, &b->mesh, &inner)
                           : vccd_mesh_mass_props(&mp, &b->mesh, &inner)) != 0)
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
    bo.types = 1u << bv;        /* the one type the run traverses */
    if (vccd_bvh_build(&b->bvh, &b->mesh, &bo, e) != 0)
        return -1;
    return 0;
}

int
vccd_sim_scene_load(vccd_sim_scene *sc, const char *path, double dt, vccd_error *e)
{
    static const char *const known[] = { "simulate", "body.", NULL };
    vccd_config *c = &sc->cfg;
    int moving = 0;
    memset(sc, 0, sizeof *sc);
    sc->steps = 100;
    vccd_sim_opts_init(&sc->o);
    if (vccd_config_load(c, path, e) != 0)
        return -1;
    sc->loaded = 1;
    if (vccd_config_check_sections(c, known, e) != 0 || parse_scene(&sc->o, &sc->steps, c, e) != 0)
        return -1;
    if (dt > 0)
        sc->o.dt = dt;
    if (sc->o.impulse.v_sep < 0)
        sc->o.impulse.v_sep = sqrt(sc->o.g[0] * sc->o.g[0] + sc->o.g[1] * sc->o.g[1] + sc->o.g[2] * sc->o.g[2]) * sc->o.dt;
    for (int i = 0; i < c->n; i++)
        sc->nb += !strncmp(c->sec[i].name, "body.", 5);
    if (sc->nb < 2 || sc->nb > MAX_BODIES) {
        vccd_error_set(e, c->file, c->lines, NULL, NULL, "%d [body.NAME] sections: a scene has 2 to %d", sc->nb,
                       MAX_BODIES);
        sc->nb = 0;
        return -1;
    }
    if (!(sc->bodies = calloc((size_t)sc->nb, sizeof *sc->bodies))) {
        sc->nb = 0;
        return vccd_error_set(e, c->file, 0, NULL, NULL, "out of memory");
    }
    sc->nb = 0;
    for (int i = 0; i < c->n; i++)
        if (!strncmp(c->sec[i].name, "body.", 5))
            if (load_body(&sc->bodies[sc->nb++], &c->sec[i], 1.0, sc->o.bv, e) != 0)
                return -1;
    for (int i = 0; i < sc->nb; i++) {
        moving += !sc->bodies[i].fixed;
        if (sc->bodies[i].planar != sc->bodies[0].planar)
            return vccd_error_set(e, c->file, 0, NULL, NULL,
                                  "bodies %s and %s: a scene is all 2D bodies (polygons) or all 3D meshes",
                                  sc->bodies[0].name, sc->bodies[i].name);
    }
    if (sc->nb > 0 && sc->bodies[0].planar && sc->o.g[2] != 0.0) {
        vccd_config_section *ss = vccd_config_find(c, "simulate");
        vccd_config_kv *kv = ss ? vccd_config_get(ss, "gravity") : NULL;
        return vccd_error_set(e, c->file, kv ? kv->line : 0, "simulate", "gravity",
                              "a 2D scene's gravity lies in the plane (z = 0)");
    }
    sc->planar = sc->nb > 0 && sc->bodies[0].planar;
    if (!moving)
        return vccd_error_set(e, c->file, c->lines, NULL, NULL, "every body is fixed: nothing to simulate");
    return 0;
}

void
vccd_sim_scene_clear(vccd_sim_scene *sc)
{
    for (int i = 0; sc->bodies && i < sc->nb; i++) {
        vccd_sim_body_clear_cache(&sc->bodies[i]);
        vccd_bvh_clear(&sc->bodies[i].bvh);
        vccd_mesh_clear(&sc->bodies[i].mesh);
    }
    free(sc->bodies);
    if (sc->loaded)
        vccd_config_clear(&sc->cfg);
    memset(sc, 0, sizeof *sc);
}
