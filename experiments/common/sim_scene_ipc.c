/* sim_scene_ipc.c -- a Rigid IPC scene file (the JSON "fixtures" of
   Ferguson et al., "Intersection-free rigid body dynamics", ACM TOG
   2021) as a `vccd simulate` scene: its rigid_body_problem part.

   The meaning of each key follows upstream's reader (src/io/
   read_rb_scene.cpp of ipc-sim/rigid-ipc) and doc/simulate.md, "Rigid
   IPC scenes", says it key by key.  In short: a body's vertices are
   scaled (scale, or dimensions: the extents wanted), then rotated by
   the xyz Euler angles in degrees, R = Rz(z) Ry(y) Rx(x), about the
   model origin, which is placed at position; velocities are of the
   centre of mass, the angular one in degrees per second in the world
   frame; density (default 1000) fills a closed mesh, and an open one
   (a card, a plane) is a thin shell of that density per unit area.
   Keys of Rigid IPC's own solver, and body keys the simulation cannot
   honour, get one warning each, naming them. */
/* realpath and M_PI are outside ISO C */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "json_line.h"
#include "sim_scene.h"

/* A scene file's size limit: the largest fixture upstream ships (a
   1,000-object blender) is under 1 MB. */
#define MAX_BYTES (64L << 20)

/* A key seen but not honoured: warned about once, at its first line,
   with how many bodies had it. */
typedef struct {
    const char *key, *why;
    long line, count;
} ignored;

typedef struct {
    const char *path, *meshes;
    char *text;
    size_t n;
    char dir[PATH_MAX];         /* the scene's folder, absolute */
    ignored ign[32];
    int nign;
    vccd_error *e;
} ctx;

/* Where a value is: its object's JSON Pointer and the name messages
   give the object ("rigid_bodies[3]", NULL for the top level). */
typedef struct {
    char ptr[96], name[48];
} where;

static long
line_of(ctx *c, const where *w, const char *key)
{
    char p[160];
    snprintf(p, sizeof p, "%s/%s", w->ptr, key);
    return vccd_json_line(c->text, c->n, key ? p : w->ptr);
}

static int
fail(ctx *c, const where *w, const char *key, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static int
fail(ctx *c, const where *w, const char *key, const char *fmt, ...)
{
    char msg[sizeof c->e->msg];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return vccd_error_set(c->e, c->path, (int)line_of(c, w, key), w->name[0] ? w->name : NULL, key, "%s", msg);
}

static void
ignore(ctx *c, const where *w, const char *key, const char *why)
{
    for (int i = 0; i < c->nign; i++)
        if (!strcmp(c->ign[i].key, key) && !strcmp(c->ign[i].why, why)) {
            c->ign[i].count++;
            return;
        }
    if (c->nign < (int)(sizeof c->ign / sizeof c->ign[0]))
        c->ign[c->nign++] = (ignored){ key, why, line_of(c, w, key), 1 };
}

/* The warnings, one per key, on stderr. */
static void
warn_ignored(const ctx *c)
{
    for (int i = 0; i < c->nign; i++) {
        const ignored *g = &c->ign[i];
        fprintf(stderr, "vccd: warning: %s:%ld: %s: %s", c->path, g->line, g->key, g->why);
        if (g->count > 1)
            fprintf(stderr, " (%ld bodies)", g->count);
        fputc('\n', stderr);
    }
}

/* A number of o[key] in [lo, hi]: 0, 1 (absent) or -1. */
static int
get_num(double *out, ctx *c, json_t *o, const where *w, const char *key, double lo, double hi)
{
    json_t *v = json_object_get(o, key);
    if (!v)
        return 1;
    if (!json_is_number(v))
        return fail(c, w, key, "expected a number");
    *out = json_number_value(v);
    if (!(*out >= lo && *out <= hi))
        return fail(c, w, key, "%.17g: expected a number in [%g, %g]", *out, lo, hi);
    return 0;
}

/* n numbers of array o[key] (or, with scalar_ok, one number for all
   n), each 0 or in the simulation's range: 0, 1 (absent) or -1. */
static int
get_vec(double *out, int n, int scalar_ok, ctx *c, json_t *o, const where *w, const char *key)
{
    json_t *v = json_object_get(o, key);
    if (!v)
        return 1;
    if (scalar_ok && json_is_number(v)) {
        for (int i = 0; i < n; i++)
            out[i] = json_number_value(v);
    } else {
        if (!json_is_array(v) || (int)json_array_size(v) != n)
            return fail(c, w, key, "expected %s%d numbers", scalar_ok ? "a number or " : "", n);
        for (int i = 0; i < n; i++) {
            json_t *x = json_array_get(v, (size_t)i);
            if (!json_is_number(x))
                return fail(c, w, key, "element %d: expected a number", i);
            out[i] = json_number_value(x);
        }
    }
    for (int i = 0; i < n; i++)
        if (!vccd_sim_scene_in_range(out[i]))
            return fail(c, w, key, "%.17g: outside the simulation's range (0, or a magnitude in [%g, %g])", out[i],
                        VCCD_SIM_MIN, VCCD_SIM_MAX);
    return 0;
}

/* The keys of object o: each in used (read by the caller), in
   ignored_keys (warned about, with why), or else an error when strict,
   a warning otherwise.  0 or -1. */
static int
check_keys(ctx *c, json_t *o, const where *w, const char *const *used, const char *const *ignored_keys,
           const char *why, int strict)
{
    const char *key;
    json_t *v;
    json_object_foreach(o, key, v) {
        int known = 0;
        for (int i = 0; used[i] && !known; i++)
            known = !strcmp(key, used[i]);
        for (int i = 0; ignored_keys && ignored_keys[i] && !known; i++)
            if (!strcmp(key, ignored_keys[i])) {
                ignore(c, w, ignored_keys[i], why);
                known = 1;
            }
        if (known)
            continue;
        if (strict) {
            char list[512] = "";
            for (int i = 0; used[i]; i++)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "", used[i]);
            return fail(c, w, key, "unknown key (a body's keys: %s)", list);
        }
        /* the key itself lives in the JSON tree, which outlives the
           warnings */
        ignore(c, w, key, "not used by vccd's simulation");
    }
    (void)v;
    return 0;
}

static int
is_file(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* The mesh file name is found: relative to the scene's folder, then in a
   meshes/ folder of the scene's folder or of one of its parents (where
   upstream keeps its meshes); with --meshes DIR, in DIR only.  0 with
   out set, or -1. */
static int
find_mesh(char *out, size_t size, ctx *c, const where *w, const char *name)
{
    char dir[PATH_MAX];
    if (name[0] == '/') {
        snprintf(out, size, "%s", name);
        if (is_file(out))
            return 0;
        return fail(c, w, "mesh", "%s: no such file", name);
    }
    if (c->meshes) {
        snprintf(out, size, "%s/%s", c->meshes, name);
        if (is_file(out))
            return 0;
        return fail(c, w, "mesh", "'%s': not in --meshes %s", name, c->meshes);
    }
    snprintf(out, size, "%s/%s", c->dir, name);
    if (is_file(out))
        return 0;
    snprintf(dir, sizeof dir, "%s", c->dir);
    for (;;) {
        char *slash;
        if ((size_t)snprintf(out, size, "%s/meshes/%s", dir, name) < size && is_file(out))
            return 0;
        if (!(slash = strrchr(dir, '/')) || slash == dir)
            break;
        *slash = '\0';
    }
    snprintf(out, size, "/meshes/%s", name);
    if (is_file(out))
        return 0;
    return fail(c, w, "mesh", "'%s': not found in %s nor in a meshes/ folder of it or of its parents (--meshes DIR "
                "names the folder)", name, c->dir);
}

/* q := the unit quaternion of R = Rz(a[2]) Ry(a[1]) Rx(a[0]), a in
   degrees: q = qz qy qx. */
static void
euler_quat(double q[4], const double a[3])
{
    double h[3], cs[3], sn[3];
    for (int k = 0; k < 3; k++) {
        h[k] = a[k] * (M_PI / 360.0);
        cs[k] = cos(h[k]);
        sn[k] = sin(h[k]);
    }
    /* qz qy = (cz cy, -sz sy, cz sy, sz cy), then times qx */
    {
        double w = cs[2] * cs[1], x = -sn[2] * sn[1], y = cs[2] * sn[1], z = sn[2] * cs[1];
        q[0] = w * cs[0] - x * sn[0];
        q[1] = w * sn[0] + x * cs[0];
        q[2] = y * cs[0] + z * sn[0];
        q[3] = z * cs[0] - y * sn[0];
    }
}

/* v := R(q) u */
static void
rotate(double v[3], const double q[4], const double u[3])
{
    double w = q[0], x = q[1], y = q[2], z = q[3];
    v[0] = (1 - 2 * (y * y + z * z)) * u[0] + 2 * (x * y - w * z) * u[1] + 2 * (x * z + w * y) * u[2];
    v[1] = 2 * (x * y + w * z) * u[0] + (1 - 2 * (x * x + z * z)) * u[1] + 2 * (y * z - w * x) * u[2];
    v[2] = 2 * (x * z - w * y) * u[0] + 2 * (y * z + w * x) * u[1] + (1 - 2 * (x * x + y * y)) * u[2];
}

/* The body's mesh, loaded and scaled: by scale (a number or three) or
   to dimensions (the extents wanted; an axis along which the mesh is
   flat keeps its scale 1 before the factor, as upstream).  A negative
   determinant turns the triangles round so that a closed mesh stays
   outward. */
static int
load_mesh(vccd_sim_body *b, ctx *c, json_t *o, const where *w)
{
    json_t *mv = json_object_get(o, "mesh");
    char path[PATH_MAX + 16];
    double s[3] = { 1, 1, 1 }, (*v)[3] = NULL;
    vccd_mesh_index (*t)[3] = NULL;
    vccd_mesh m;
    vccd_error inner;
    int rc = -1;
    if (!mv) {
        if (json_object_get(o, "vertices"))
            return fail(c, w, "vertices", "a mesh given inline is not read by vccd: give a mesh file");
        return fail(c, w, NULL, "no mesh");
    }
    if (!json_is_string(mv) || !*json_string_value(mv))
        return fail(c, w, "mesh", "expected a file name");
    if (find_mesh(path, sizeof path, c, w, json_string_value(mv)) != 0)
        return -1;
    if (vccd_mesh_load(&m, path, NULL, &inner) != 0)
        return fail(c, w, "mesh", "%s", inner.msg);
    if (m.planar) {
        vccd_mesh_clear(&m);
        return fail(c, w, "mesh", "%s is a 2D body: vccd reads Rigid IPC's 3D scenes", path);
    }
    if (json_object_get(o, "dimensions")) {
        double d[3], lo[3], hi[3];
        if (get_vec(d, 3, 0, c, o, w, "dimensions") != 0)
            goto done;
        for (int k = 0; k < 3; k++)
            lo[k] = hi[k] = m.v[0][k];
        for (long i = 0; i < m.nv; i++)
            for (int k = 0; k < 3; k++)
                lo[k] = fmin(lo[k], m.v[i][k]), hi[k] = fmax(hi[k], m.v[i][k]);
        for (int k = 0; k < 3; k++)
            s[k] = d[k] / (hi[k] > lo[k] ? hi[k] - lo[k] : 1.0);
        if (json_object_get(o, "scale"))
            ignore(c, w, "scale", "dimensions overrides it (as upstream)");
    } else if (get_vec(s, 3, 1, c, o, w, "scale") < 0) {
        goto done;
    }
    if (!(v = malloc((size_t)m.nv * sizeof *v)) || !(t = malloc((size_t)m.nt * sizeof *t))) {
        fail(c, w, "mesh", "out of memory");
        goto done;
    }
    for (long i = 0; i < m.nv; i++)
        for (int k = 0; k < 3; k++)
            v[i][k] = s[k] * m.v[i][k];
    for (long i = 0; i < m.nt; i++) {
        int flip = s[0] * s[1] * s[2] < 0;
        t[i][0] = m.t[i][0];
        t[i][1] = m.t[i][flip ? 2 : 1];
        t[i][2] = m.t[i][flip ? 1 : 2];
    }
    if (vccd_mesh_init_arrays(&b->mesh, m.name, (const double (*)[3])v, m.nv, (const vccd_mesh_index (*)[3])t, m.nt,
                              VCCD_MESH_DEGENERATE_KEEP, &inner) != 0) {
        fail(c, w, "scale", "%s", inner.msg);
        goto done;
    }
    rc = 0;
done:
    free(v);
    free(t);
    vccd_mesh_clear(&m);
    return rc;
}

static const char *const body_used[] = { "mesh", "position", "rotation", "scale", "dimensions", "density",
                                          "linear_velocity", "angular_velocity", "is_dof_fixed", "type",
                                          "enabled", "force", "torque", "group_id", "oriented",
                                          "split_components", "kinematic_max_time", "kinematic_poses",
                                          "vertices", "edges", "faces", NULL };

/* Body i (JSON object o) into b: 0, 1 (enabled: false, skipped) or -1. */
static int
load_body(vccd_sim_body *b, ctx *c, json_t *o, int i, int bv)
{
    where w;
    json_t *v;
    double pos[3] = { 0, 0, 0 }, rot[3] = { 0, 0, 0 }, com[3], density = 1000.0;
    vccd_bvh_opts bo;
    const char *stem, *type = "dynamic";
    int fixed = 0;

    snprintf(w.ptr, sizeof w.ptr, "/rigid_body_problem/rigid_bodies/%d", i);
    snprintf(w.name, sizeof w.name, "rigid_bodies[%d]", i);
    if (!json_is_object(o))
        return fail(c, &w, NULL, "expected an object (a body)");
    if (check_keys(c, o, &w, body_used, NULL, NULL, 1) != 0)
        return -1;
    if ((v = json_object_get(o, "enabled")) && !json_is_boolean(v))
        return fail(c, &w, "enabled", "expected true or false");
    if (v && json_is_false(v))
        return 1;
    memset(b, 0, sizeof *b);
    if (load_mesh(b, c, o, &w) != 0)
        return -1;
    stem = strrchr(json_string_value(json_object_get(o, "mesh")), '/');
    stem = stem ? stem + 1 : json_string_value(json_object_get(o, "mesh"));
    snprintf(b->name, sizeof b->name, "%d-%.*s", i, (int)strcspn(stem, "."), stem);
    if (get_vec(pos, 3, 0, c, o, &w, "position") < 0 || get_vec(rot, 3, 0, c, o, &w, "rotation") < 0
        || get_vec(b->v, 3, 0, c, o, &w, "linear_velocity") < 0
        || get_vec(b->w, 3, 0, c, o, &w, "angular_velocity") < 0
        || get_num(&density, c, o, &w, "density", VCCD_SIM_MIN, VCCD_SIM_MAX) < 0)
        return -1;
    for (int k = 0; k < 3; k++)
        b->w[k] *= M_PI / 180.0;
    if ((v = json_object_get(o, "type"))) {
        if (!json_is_string(v)
            || (strcmp(type = json_string_value(v), "dynamic") && strcmp(type, "static") && strcmp(type, "kinematic")))
            return fail(c, &w, "type", "expected \"dynamic\", \"static\" or \"kinematic\"");
        fixed = strcmp(type, "dynamic") != 0;
        if (!strcmp(type, "kinematic"))
            ignore(c, &w, "type", "a kinematic body (moved by its own poses) is simulated as a static one");
    }
    if ((v = json_object_get(o, "is_dof_fixed"))) {
        int nfixed = 0, n = json_is_array(v) ? (int)json_array_size(v) : 0;
        if (json_is_boolean(v)) {
            nfixed = json_is_true(v) ? 6 : 0;
        } else {
            if (n != 6)
                return fail(c, &w, "is_dof_fixed", "expected true, false or 6 of them");
            for (int k = 0; k < 6; k++) {
                json_t *x = json_array_get(v, (size_t)k);
                if (!json_is_boolean(x))
                    return fail(c, &w, "is_dof_fixed", "element %d: expected true or false", k);
                nfixed += json_is_true(x);
            }
        }
        if (nfixed == 6)
            fixed = 1;
        else if (nfixed > 0)
            ignore(c, &w, "is_dof_fixed", "single degrees of freedom cannot be fixed: the body moves freely");
    }
    /* the keys read only to say they are not honoured */
    {
        static const char *const zero_ok[] = { "force", "torque", NULL };
        for (int k = 0; zero_ok[k]; k++) {
            double f[3];
            if (get_vec(f, 3, 0, c, o, &w, zero_ok[k]) < 0)
                return -1;
            if (json_object_get(o, zero_ok[k]) && (f[0] != 0 || f[1] != 0 || f[2] != 0))
                ignore(c, &w, zero_ok[k], "a constant external force or torque is not applied");
        }
        if (json_object_get(o, "group_id"))
            ignore(c, &w, "group_id", "bodies of one group are not exempt from contact");
        if ((v = json_object_get(o, "split_components")) && !json_is_false(v))
            ignore(c, &w, "split_components", "a mesh's components are not split into bodies");
        if ((v = json_object_get(o, "oriented")))
            ignore(c, &w, "oriented", "not used");
        if (json_object_get(o, "kinematic_poses") || json_object_get(o, "kinematic_max_time"))
            ignore(c, &w, json_object_get(o, "kinematic_poses") ? "kinematic_poses" : "kinematic_max_time",
                   "kinematic motion is not simulated");
    }
    euler_quat(b->q, rot);
    b->fixed = fixed;
    if (fixed) {
        memcpy(b->x, pos, sizeof pos);
        memset(b->v, 0, sizeof b->v);
        memset(b->w, 0, sizeof b->w);
        vccd_sim_body_finish(b);
    } else {
        char msg[sizeof c->e->msg];
        double rc_com[3];
        int shell = b->mesh.closure != VCCD_MESH_CLOSED;
        int rc = vccd_sim_scene_mass(b, density, 0, shell, com, msg, sizeof msg);
        if (rc != 0)
            return fail(c, &w, rc == -1 ? "mesh" : "density", "%s", msg);
        rotate(rc_com, b->q, com);
        for (int k = 0; k < 3; k++)
            b->x[k] = pos[k] + rc_com[k];
    }
    vccd_bvh_opts_init(&bo);
    bo.types = 1u << bv;
    {
        vccd_error inner;
        if (vccd_bvh_build(&b->bvh, &b->mesh, &bo, &inner) != 0)
            return fail(c, &w, "mesh", "%s", inner.msg);
    }
    return 0;
}

/* The top level and rigid_body_problem's settings. */
static int
load_problem(vccd_sim_scene *sc, json_t **bodies, ctx *c, json_t *root, double dt)
{
    static const char *const top_used[] = { "scene_type", "timestep", "max_time", "rigid_body_problem", NULL };
    static const char *const solver_keys[] = { "solver", "ipc_solver", "distance_barrier_constraint",
                                               "friction_constraints", "max_iterations", "newton_solver",
                                               "ccd_solver", "timestepper", NULL };
    static const char *const rbp_used[] = { "gravity", "coefficient_restitution", "coefficient_friction",
                                            "rigid_bodies", NULL };
    where top = { "", "" }, rbp = { "/rigid_body_problem", "rigid_body_problem" };
    json_t *p, *v;
    double max_time = -1;
    int rc;
    if (!json_is_object(root))
        return fail(c, &top, NULL, "expected an object (a Rigid IPC scene)");
    /* upstream's defaults where vccd's differ */
    sc->o.impulse.e = 0.0;
    sc->o.impulse.mu = 0.0;
    if (check_keys(c, root, &top, top_used, solver_keys, "Rigid IPC's own solver settings: not used by vccd's", 0)
        != 0)
        return -1;
    if ((v = json_object_get(root, "scene_type"))
        && (!json_is_string(v)
            || (strcmp(json_string_value(v), "distance_barrier_rb_problem")
                && strcmp(json_string_value(v), "rigid_body_problem"))))
        return fail(c, &top, "scene_type", "expected \"distance_barrier_rb_problem\" (a rigid-body scene)");
    if (get_num(&sc->o.dt, c, root, &top, "timestep", 1e-9, 1e3) < 0
        || (rc = get_num(&max_time, c, root, &top, "max_time", 1e-9, 1e9)) < 0)
        return -1;
    if (dt > 0)
        sc->o.dt = dt;
    if (rc == 0) {
        double n = max_time / sc->o.dt;
        if (!(n <= 1e9))
            return fail(c, &top, "max_time", "%g s is more than 10^9 steps of %g s", max_time, sc->o.dt);
        /* max_time / dt steps, a quotient within rounding of an integer
           taken as that integer */
        sc->steps = (long)ceil(n * (1.0 - 1e-12));
        if (sc->steps < 1)
            sc->steps = 1;
    }
    if (!(p = json_object_get(root, "rigid_body_problem")) || !json_is_object(p))
        return fail(c, &top, p ? "rigid_body_problem" : NULL, "expected a rigid_body_problem object");
    if (check_keys(c, p, &rbp, rbp_used, NULL, NULL, 0) != 0 || get_vec(sc->o.g, 3, 0, c, p, &rbp, "gravity") < 0
        || get_num(&sc->o.impulse.mu, c, p, &rbp, "coefficient_friction", 0.0, 1e3) < 0)
        return -1;
    /* upstream writes -1 for "no restitution" (its solver has none) */
    if ((rc = get_num(&sc->o.impulse.e, c, p, &rbp, "coefficient_restitution", -1.0, 1.0)) < 0)
        return -1;
    if (rc == 0 && sc->o.impulse.e < 0)
        sc->o.impulse.e = 0.0;
    if (!(*bodies = json_object_get(p, "rigid_bodies")) || !json_is_array(*bodies))
        return fail(c, &rbp, *bodies ? "rigid_bodies" : NULL, "expected a rigid_bodies array");
    return 0;
}

int
vccd_sim_scene_load_ipc(vccd_sim_scene *sc, const char *path, const char *meshes, double dt, vccd_error *e)
{
    ctx c;
    FILE *f;
    json_t *root = NULL, *bodies = NULL;
    json_error_t je;
    long size;
    int rc = -1, moving = 0, n;
    char *slash;

    memset(&c, 0, sizeof c);
    c.path = path, c.meshes = meshes, c.e = e;
    if (!(f = fopen(path, "rb")))
        return vccd_error_set(e, path, 0, NULL, NULL, "cannot open: %s", strerror(errno));
    if (fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        return vccd_error_set(e, path, 0, NULL, NULL, "cannot read: not a regular file");
    }
    if (size > MAX_BYTES) {
        fclose(f);
        return vccd_error_set(e, path, 0, NULL, NULL, "%ld bytes: larger than a scene file (%ld MB at most)", size,
                              MAX_BYTES >> 20);
    }
    if (!(c.text = malloc((size_t)size + 1)) || fread(c.text, 1, (size_t)size, f) != (size_t)size) {
        fclose(f);
        free(c.text);
        return vccd_error_set(e, path, 0, NULL, NULL, "cannot read: %s", c.text ? "short read" : "out of memory");
    }
    fclose(f);
    c.n = (size_t)size;
    c.text[size] = '\0';
    if (!(root = json_loadb(c.text, c.n, JSON_REJECT_DUPLICATES, &je))) {
        vccd_error_set(e, path, je.line, NULL, NULL, "not valid JSON: %s (column %d)", je.text, je.column);
        goto done;
    }
    /* the scene's folder, absolute, for its meshes */
    {
        char rel[PATH_MAX];
        snprintf(rel, sizeof rel, "%s", path);
        slash = strrchr(rel, '/');
        if (slash)
            *(slash == rel ? slash + 1 : slash) = '\0';
        if (!realpath(slash ? rel : ".", c.dir)) {
            vccd_error_set(e, path, 0, NULL, NULL, "its folder: %s", strerror(errno));
            goto done;
        }
        if (!strcmp(c.dir, "/"))
            c.dir[0] = '\0';
    }
    if (load_problem(sc, &bodies, &c, root, dt) != 0)
        goto done;
    n = (int)(json_array_size(bodies) < VCCD_SIM_SCENE_MAX_BODIES + 1 ? json_array_size(bodies)
                                                                      : VCCD_SIM_SCENE_MAX_BODIES + 1);
    if (!(sc->bodies = calloc((size_t)(n ? n : 1), sizeof *sc->bodies))) {
        vccd_error_set(e, path, 0, NULL, NULL, "out of memory");
        goto done;
    }
    for (int i = 0; i < (int)json_array_size(bodies); i++) {
        int r;
        if (sc->nb == n) {
            where rbp = { "/rigid_body_problem", "rigid_body_problem" };
            fail(&c, &rbp, "rigid_bodies", "more than %d bodies", VCCD_SIM_SCENE_MAX_BODIES);
            goto done;
        }
        if ((r = load_body(&sc->bodies[sc->nb], &c, json_array_get(bodies, (size_t)i), i, sc->o.bv)) < 0) {
            sc->nb++;   /* cleared with the others */
            goto done;
        }
        if (r == 0)
            moving += !sc->bodies[sc->nb++].fixed;
    }
    if (sc->nb < 2) {
        where rbp = { "/rigid_body_problem", "rigid_body_problem" };
        fail(&c, &rbp, "rigid_bodies", "%d bodies (enabled): a scene has 2 to %d", sc->nb, VCCD_SIM_SCENE_MAX_BODIES);
        goto done;
    }
    if (!moving) {
        vccd_error_set(e, path, 0, NULL, NULL, "every body is fixed: nothing to simulate");
        goto done;
    }
    warn_ignored(&c);
    rc = 0;
done:
    json_decref(root);
    free(c.text);
    return rc;
}
