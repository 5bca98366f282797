/* sim_scene.c -- a `vccd simulate` scene file: the [simulate] options
   and the [body.NAME] sections, loaded into bodies with their BVHs.
   Shared by the command and `vccd bench simulate`. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "sim_scene.h"

#define MAX_BODIES VCCD_SIM_SCENE_MAX_BODIES

int
vccd_sim_scene_in_range(double x)
{
    return x == 0.0 || (fabs(x) >= VCCD_SIM_MIN && fabs(x) <= VCCD_SIM_MAX);
}

/* Doubles for the keys: n numbers, each finite (strtod: correctly
   rounded, so a hex float or a decimal of a double is taken exactly),
   and with `ranged` each in the simulation's range (in_range). */
static int
get_vec(double *out, int n, vccd_config_section *s, const char *key, int ranged, vccd_error *e)
{
    vccd_config_kv *kv = vccd_config_get(s, key);
    const char *p;
    char *end;
    if (!kv)
        return 1;
    p = kv->value;
    for (int i = 0; i < n; i++) {
        int range;
        while (*p == ' ' || *p == '\t')
            p++;
        errno = 0;
        out[i] = strtod(p, &end);
        range = errno == ERANGE;
        /* an underflow (ERANGE, |x| < 1) is out of range, not a typo */
        if (end == p || !isfinite(out[i]) || (range && !(ranged && fabs(out[i]) < 1.0)))
            return vccd_error_set(e, s->file, kv->line, s->name, key, "expected %d finite number%s", n,
                                  n > 1 ? "s" : "");
        if (ranged && (range || !vccd_sim_scene_in_range(out[i])))
            return vccd_error_set(e, s->file, kv->line, s->name, key,
                                  "%.*s: outside the simulation's range (0, or a magnitude in [%g, %g])",
                                  (int)(end - p), p, VCCD_SIM_MIN, VCCD_SIM_MAX);
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
    int rc = get_vec(out, 1, s, key, 0, e);
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
    return kv ? vccd_config_bool(out, s, kv, e) : 1;
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
    if (get_vec(o->g, 3, s, "gravity", 1, e) < 0 || (rc = get_num(&o->dt, s, "dt", 1e-9, 1e3, e)) < 0
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
    /* given, or the defaults of rest_speeds below */
    if (get_num(&o->impulse.v_rest, s, "rest_speed", 0.0, 1e6, e) < 0
        || get_num(&o->impulse.v_sep, s, "separation_speed", 0.0, 1e6, e) < 0)
        return -1;
    {
        static const char *const modes[] = { "exact", "capoeira", NULL };
        static const char *const manifolds[] = { "auto", "features", "nodes", NULL };
        /* in the order of VCCD_SIM_REST_* */
        static const char *const rests[] = { "speculative", "events", NULL };
        int m = (int)o->mode;
        if (get_choice(&m, s, "mode", modes, e) < 0 || get_choice(&o->manifold, s, "manifold", manifolds, e) < 0
            || get_choice(&o->rest, s, "resting", rests, e) < 0)
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
   angle (radians), velocity vx vy, angular_velocity omega, and inertia
   (one number, about z) when given. */
static int
state_2d(vccd_sim_body *b, double *I3, int *have_inertia, vccd_config_section *s, vccd_error *e)
{
    vccd_config_kv *kv = vccd_config_get(s, "orientation");
    double angle = 0.0, w = 0.0;
    if (kv)
        return vccd_error_set(e, s->file, kv->line, s->name, kv->key,
                              "a 2D body (%s) has an angle (radians), not an orientation", b->mesh.name);
    if (get_vec(b->x, 2, s, "position", 1, e) < 0 || get_vec(&angle, 1, s, "angle", 1, e) < 0
        || get_vec(b->v, 2, s, "velocity", 1, e) < 0 || get_vec(&w, 1, s, "angular_velocity", 1, e) < 0)
        return -1;
    if ((*have_inertia = get_num(&I3[2], s, "inertia", VCCD_SIM_MIN, VCCD_SIM_MAX, e)) < 0)
        return -1;
    /* only the moment about z acts in the plane; the others just keep
       the tensor invertible */
    I3[0] = I3[1] = 0.5 * I3[2];
    b->w[2] = w;
    b->planar = 1;
    vccd_sim_body_set_angle(b, angle);
    return 0;
}

/* A 3D body's state keys: position, orientation (a quaternion w x y z
   of any scale, normalised), velocity, angular_velocity, and inertia
   (three principal moments) when given. */
static int
state_3d(vccd_sim_body *b, double *I3, int *have_inertia, vccd_config_section *s, vccd_error *e)
{
    vccd_config_kv *kv = vccd_config_get(s, "angle");
    double big = 0.0, qn = 0.0;
    if (kv)
        return vccd_error_set(e, s->file, kv->line, s->name, kv->key,
                              "a 3D body (%s) has an orientation (a quaternion w x y z), not an angle", b->mesh.name);
    if (get_vec(b->x, 3, s, "position", 1, e) < 0 || get_vec(b->q, 4, s, "orientation", 0, e) < 0
        || get_vec(b->v, 3, s, "velocity", 1, e) < 0 || get_vec(b->w, 3, s, "angular_velocity", 1, e) < 0)
        return -1;
    if ((*have_inertia = get_vec(I3, 3, s, "inertia", 1, e)) < 0)
        return -1;
    if (*have_inertia == 0)
        for (int k = 0; k < 3; k++)
            if (!(I3[k] > 0.0))
                return vccd_error_set(e, s->file, vccd_config_get(s, "inertia")->line, s->name, "inertia",
                                      "principal moments > 0, not %g", I3[k]);
    /* Scaled first, by the power of two that brings the largest
       component to [1, 2), so that the sum of squares can neither
       overflow (1e200 1e200 0 0) nor underflow (1e-200 0 0 0); the
       scaling is exact, so a quaternion that needed none normalises to
       the same doubles as without it.  A component that is not 0 but
       below VCCD_SIM_MIN of the largest is refused: out of the
       simulation's range once normalised. */
    kv = vccd_config_get(s, "orientation");
    for (int k = 0; k < 4; k++)
        big = fmax(big, fabs(b->q[k]));
    if (!(big > 0.0))
        return vccd_error_set(e, s->file, kv ? kv->line : s->line, s->name, "orientation",
                              "a quaternion w x y z, not 0");
    for (int k = 0; k < 4; k++) {
        if (b->q[k] != 0.0 && !(fabs(b->q[k]) / big >= VCCD_SIM_MIN))
            return vccd_error_set(e, s->file, kv->line, s->name, "orientation",
                                  "%g is below %g of the largest component: outside the simulation's range "
                                  "(write 0)", b->q[k], VCCD_SIM_MIN);
        b->q[k] = ldexp(b->q[k], -ilogb(big));
        qn += b->q[k] * b->q[k];
    }
    for (int k = 0; k < 4; k++)
        b->q[k] /= sqrt(qn);
    return 0;
}

static const char *const body_keys[] = { "fixed", "density", "mass", "inertia", "position", "orientation",
                                          "velocity", "angular_velocity", "angle", NULL };

/* A fixed body never moves: the keys of its motion and mass are not
   used, so they are refused rather than ignored. */
static const char *const unused_when_fixed[] = { "velocity", "angular_velocity", "density", "mass", "inertia", NULL };

int
vccd_sim_scene_mass(vccd_sim_body *b, double density, int by_mass, int shell, double com[3], char *msg, size_t size)
{
    vccd_mesh_mass mp;
    vccd_error inner;
    double f;
    int ok = 1;
    if ((b->planar ? vccd_mesh_area_props(&mp, &b->mesh, &inner)
         : shell   ? vccd_mesh_shell_props(&mp, &b->mesh, &inner)
                   : vccd_mesh_mass_props(&mp, &b->mesh, &inner)) != 0) {
        snprintf(msg, size, "%s", inner.msg);
        return -1;
    }
    for (long i = 0; i < b->mesh.nv; i++)
        for (int k = 0; k < 3; k++)
            b->mesh.v[i][k] -= mp.com[k];
    for (int k = 0; k < 3; k++)
        com[k] = mp.com[k];
    if (by_mass) {
        f = b->mass / mp.volume;
    } else {
        f = density;
        b->mass = density * mp.volume;
    }
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            b->inertia[i][j] = f * mp.inertia[i][j];
            ok &= i == j ? vccd_sim_scene_in_range(b->inertia[i][j]) && b->inertia[i][j] > 0.0
                         : fabs(b->inertia[i][j]) <= VCCD_SIM_MAX;
        }
    ok &= vccd_sim_scene_in_range(b->mass) && b->mass > 0.0;
    if (!ok) {
        snprintf(msg, size,
                 "the mesh's mass properties (%s %g, density %g): mass %g, inertia diagonal %g %g %g; outside the "
                 "simulation's range [%g, %g]", b->planar ? "area" : shell ? "shell area" : "volume", mp.volume, f,
                 b->mass, b->inertia[0][0], b->inertia[1][1], b->inertia[2][2], VCCD_SIM_MIN, VCCD_SIM_MAX);
        return -2;
    }
    if (vccd_sim_body_finish(b) != 0) {
        snprintf(msg, size, "the mesh's inertia tensor is singular");
        return -3;
    }
    return 0;
}

/* The mass properties of b from its closed mesh (vccd_sim_scene_mass)
   of the given density, or scaled to the given mass.  kv: the key that
   set them (density or mass), or NULL (the default density 1).  0, or
   -1 with e. */
static int
mesh_mass(vccd_sim_body *b, vccd_config_section *s, double density, vccd_config_kv *kv, vccd_error *e)
{
    vccd_config_kv *mk = vccd_config_get(s, "mesh");
    char msg[sizeof e->msg];
    double com[3];
    int rc = vccd_sim_scene_mass(b, density, kv && !strcmp(kv->key, "mass"), 0, com, msg, sizeof msg);
    if (rc == -1)
        return vccd_error_set(e, s->file, mk->line, s->name, "mesh",
                              "no mass properties (%s): give mass and inertia in the config", msg);
    if (!kv)
        kv = mk;
    if (rc != 0)
        return vccd_error_set(e, s->file, kv->line, s->name, kv->key, "%s%s", msg,
                              rc == -3 ? ": give mass and inertia in the config" : "");
    return 0;
}

static int
load_body(vccd_sim_body *b, vccd_config_section *s, int bv, vccd_error *e)
{
    vccd_bvh_opts bo;
    double density = 1.0, I3[3];
    int have_mass, have_inertia = 1;
    vccd_config_kv *dk, *mk, *ik;
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
    if (get_bool(&b->fixed, s, "fixed", e) < 0)
        return -1;
    if (b->fixed)
        for (int i = 0; unused_when_fixed[i]; i++) {
            vccd_config_kv *kv = vccd_config_get(s, unused_when_fixed[i]);
            if (kv)
                return vccd_error_set(e, s->file, kv->line, s->name, kv->key,
                                      "not used: a fixed body never moves");
        }
    if (get_num(&density, s, "density", VCCD_SIM_MIN, VCCD_SIM_MAX, e) < 0)
        return -1;
    if ((have_mass = get_num(&b->mass, s, "mass", VCCD_SIM_MIN, VCCD_SIM_MAX, e)) < 0)
        return -1;
    if ((b->mesh.planar ? state_2d(b, I3, &have_inertia, s, e) : state_3d(b, I3, &have_inertia, s, e)) != 0)
        return -1;
    if (vccd_config_check_unused(s, e) != 0)
        return -1;
    dk = vccd_config_get(s, "density");
    mk = vccd_config_get(s, "mass");
    ik = vccd_config_get(s, "inertia");
    /* Every key is used: density sets the mass properties from the mesh,
       mass alone scales the mesh's, mass with inertia replaces them. */
    if (dk && mk)
        return vccd_error_set(e, s->file, dk->line, s->name, "density",
                              "give density or mass, not both (a mass alone fills the mesh uniformly: "
                              "density = mass / volume)");
    if (ik && !mk)
        return vccd_error_set(e, s->file, ik->line, s->name, "inertia",
                              "needs mass too (give both, or neither for the mesh's own mass properties)");
    if (b->fixed) {
        vccd_sim_body_finish(b);
    } else if (have_mass == 0 && have_inertia == 0) {
        for (int k = 0; k < 3; k++)
            b->inertia[k][k] = I3[k];
        /* mass and moments are positive and in the range: invertible */
        if (vccd_sim_body_finish(b) != 0)
            return vccd_error_set(e, s->file, ik->line, s->name, "inertia", "not invertible");
    } else if (mesh_mass(b, s, density, mk ? mk : dk, e) != 0) {
        return -1;
    }
    vccd_bvh_opts_init(&bo);
    bo.types = 1u << bv;        /* the one type the run traverses */
    if (vccd_bvh_build(&b->bvh, &b->mesh, &bo, e) != 0)
        return -1;
    return 0;
}

static int
load_ini(vccd_sim_scene *sc, const char *path, double dt, vccd_error *e)
{
    static const char *const known[] = { "simulate", "body.", NULL };
    vccd_config *c = &sc->cfg;
    int moving = 0;
    if (vccd_config_load(c, path, e) != 0)
        return -1;
    sc->loaded = 1;
    if (vccd_config_check_sections(c, known, e) != 0 || parse_scene(&sc->o, &sc->steps, c, e) != 0)
        return -1;
    if (dt > 0)
        sc->o.dt = dt;
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
            if (load_body(&sc->bodies[sc->nb++], &c->sec[i], sc->o.bv, e) != 0)
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

/* The resting-contact speeds a scene did not give (rest_speed,
   separation_speed < 0).  By default an approach slower than what
   gravity gives over one band (sqrt(2 |g| band)) counts as resting, and
   a resting contact leaves at the speed gravity takes away in a step, so
   that it is not pulled back into its band within the step (the price:
   it hops by g dt^2 / 2, doc/simulate.md). */
static void
rest_speeds(vccd_sim_opts *o)
{
    double g = sqrt(o->g[0] * o->g[0] + o->g[1] * o->g[1] + o->g[2] * o->g[2]);
    if (o->impulse.v_rest < 0)
        o->impulse.v_rest = sqrt(2.0 * g * o->band_factor * o->eps_d);
    if (o->impulse.v_sep < 0)
        o->impulse.v_sep = g * o->dt;
}

/* A file name ending in .json (any case). */
static int
is_json(const char *path)
{
    size_t n = strlen(path);
    return n > 5 && !strcasecmp(path + n - 5, ".json");
}

int
vccd_sim_scene_load(vccd_sim_scene *sc, const char *path, double dt, const char *meshes, vccd_error *e)
{
    int rc;
    memset(sc, 0, sizeof *sc);
    sc->steps = 100;
    vccd_sim_opts_init(&sc->o);
    sc->o.impulse.v_rest = sc->o.impulse.v_sep = -1.0;
    if (is_json(path))
        rc = vccd_sim_scene_load_ipc(sc, path, meshes, dt, e);
    else if (meshes)
        rc = vccd_error_set(e, path, 0, NULL, NULL, "--meshes is for a Rigid IPC scene (.json), not an INI one");
    else
        rc = load_ini(sc, path, dt, e);
    if (rc != 0)
        return -1;
    rest_speeds(&sc->o);
    sc->up = sc->planar ? 1 : 2;
    for (int k = 0; k < 3 && !sc->planar; k++)
        if (fabs(sc->o.g[k]) > fabs(sc->o.g[sc->up]))
            sc->up = k;
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
