/* bodies.c -- a scene of several bodies (bodies.h): adding bodies, their
   BVHs, and the config reader. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scene_impl.h"
#include "toc/toc_impl.h"
#include "vccd/bodies.h"
#include "vccd/di.h"
#include "vccd/motions.h"

void
vccd_bodies_opts_init(vccd_bodies_opts *o)
{
    vccd_query_opts_init(&o->query);
    vccd_scene_broad_opts_init(&o->self);
    o->slices = 16;
    o->max_pairs = 0;
}

void
vccd_bodies_init(vccd_bodies *s)
{
    memset(s, 0, sizeof *s);
}

static void
body_free(vccd_body *b)
{
    if (!b)
        return;
    vccd_bvh_clear(&b->bvh);
    vccd_mesh_clear(&b->mesh);
    vccd_motion_free(b->motion);
    if (b->frames) {
        vccd_scene_clear(b->frames);
        free(b->frames);
    }
    free(b);
}

void
vccd_bodies_clear(vccd_bodies *s)
{
    for (int i = 0; i < s->n; i++)
        body_free(s->body[i]);
    free(s->body);
    memset(s, 0, sizeof *s);
}

/* A new body named name at the end of s, or NULL with e set. */
static vccd_body *
body_new(vccd_bodies *s, const char *name, vccd_error *e)
{
    vccd_body *b;
    if (!name || !*name || strlen(name) >= sizeof b->name) {
        vccd_error_set(e, NULL, 0, NULL, NULL, "a body needs a name of 1 to %d characters",
                       (int)sizeof b->name - 1);
        return NULL;
    }
    for (int i = 0; i < s->n; i++)
        if (!strcmp(s->body[i]->name, name)) {
            vccd_error_set(e, NULL, 0, NULL, NULL, "body '%s': a second body of that name", name);
            return NULL;
        }
    if (s->n >= VCCD_BODIES_MAX) {
        vccd_error_set(e, NULL, 0, NULL, NULL, "body '%s': more than %d bodies", name, VCCD_BODIES_MAX);
        return NULL;
    }
    if (s->n == s->cap) {
        int nc = s->cap ? 2 * s->cap : 8;
        vccd_body **nb = realloc(s->body, (size_t)nc * sizeof *nb);
        if (!nb) {
            vccd_error_set(e, NULL, 0, NULL, NULL, "out of memory");
            return NULL;
        }
        s->body = nb;
        s->cap = nc;
    }
    if (!(b = calloc(1, sizeof *b))) {
        vccd_error_set(e, NULL, 0, NULL, NULL, "out of memory");
        return NULL;
    }
    snprintf(b->name, sizeof b->name, "%s", name);
    s->body[s->n++] = b;
    s->prepared = 0;
    return b;
}

int
vccd_bodies_add_motion(vccd_bodies *s, const char *name, vccd_mesh *mesh, vccd_motion *motion, vccd_error *e)
{
    vccd_body *b;
    const char *why = NULL;
    if (!motion)
        why = "no motion";
    else if (mesh->planar || motion->type->dim != 3)
        why = "a scene is 3D: a planar mesh or motion is refused";
    else if (motion->type->per_vertex)
        why = "a per-vertex motion model has no self-contact test here: give the deforming mesh as two frames";
    if (why || !(b = body_new(s, name, e))) {
        if (why)
            vccd_error_set(e, NULL, 0, NULL, NULL, "body '%s': %s", name ? name : "", why);
        vccd_mesh_clear(mesh);
        vccd_motion_free(motion);
        return -1;
    }
    b->mesh = *mesh;
    memset(mesh, 0, sizeof *mesh);
    b->motion = motion;
    return 0;
}

/* A two-frame body's vertex-linear motion at parameter precision prec
   (replacing the one it has). */
static int
frames_motion(vccd_body *b, mpfr_prec_t prec, vccd_error *e)
{
    const vccd_mesh *m = &b->frames->mesh;
    vccd_motion *mo;
    vccd_error inner;
    /* the model refuses more vertices than it takes, with its limit */
    if (!(mo = vccd_motion_vertex_linear_new(&m->v[0][0], &b->frames->v1[0][0], (int)m->nv, prec, &inner))) {
        /* the body's name, then the message as it is (escaped once
           already: vccd_error_set would escape it again) */
        size_t n;
        vccd_error_set(e, NULL, 0, NULL, NULL, "body '%s': ", b->name);
        n = strlen(e->msg);
        snprintf(e->msg + n, sizeof e->msg - n, "%s", inner.msg);
        return -1;
    }
    vccd_motion_free(b->motion);
    b->motion = mo;
    return 0;
}

int
vccd_bodies_add_scene(vccd_bodies *s, const char *name, vccd_scene *frames, vccd_error *e)
{
    vccd_body *b = body_new(s, name, e);
    const vccd_mesh *m;
    if (!b) {
        vccd_scene_clear(frames);
        return -1;
    }
    if (!(b->frames = malloc(sizeof *b->frames))) {
        vccd_scene_clear(frames);
        vccd_error_set(e, NULL, 0, NULL, NULL, "out of memory");
        goto fail;
    }
    *b->frames = *frames;
    memset(frames, 0, sizeof *frames);
    /* its BVH points to the mesh it was built over, which has moved */
    b->frames->bvh.mesh = &b->frames->mesh;
    m = &b->frames->mesh;
    /* the pair queries' view of it: frame 0's mesh under the vertex-linear
       motion of its two frames (the same exact doubles: u = x1 - x0 is
       enclosed in the motion's parameters) */
    if (vccd_mesh_init_arrays(&b->mesh, name, (const double (*)[3])m->v, m->nv,
                              (const vccd_mesh_index (*)[3])m->t, m->nt, VCCD_MESH_DEGENERATE_KEEP, e) != 0)
        goto fail;
    {
        /* at the precision of the default solve; vccd_bodies_prepare
           makes it again for a finer arithmetic */
        vccd_solve_opts so;
        vccd_solve_opts_init(&so);
        if (frames_motion(b, vccd_toc_motion_prec(&so), e) != 0)
            goto fail;
    }
    return 0;
fail:
    s->n--;
    body_free(b);
    return -1;
}

int
vccd_bodies_add_frames(vccd_bodies *s, const char *name, const double (*v0)[3], const double (*v1)[3], long nv,
                       const vccd_mesh_index (*f)[3], long nf, vccd_error *e)
{
    vccd_scene sc;
    if (vccd_scene_init_arrays(&sc, name ? name : "", v0, v1, nv, f, nf, e) != 0)
        return -1;
    return vccd_bodies_add_scene(s, name, &sc, e);
}

int
vccd_bodies_prepare(vccd_bodies *s, const vccd_bodies_opts *o, vccd_error *e)
{
    vccd_bvh_opts bo;
    mpfr_prec_t prec = vccd_toc_motion_prec(&o->query.solve);
    int bv_type = o->query.bv;
    if (bv_type < 0 || bv_type >= vccd_bv_type_count())
        return vccd_error_set(e, NULL, 0, NULL, NULL, "no BV type %d", bv_type);
    /* the two-frame bodies' motions at the solve's precision, so that no
       MPFR run sees their parameters rounded */
    for (int i = 0; i < s->n; i++)
        if (s->body[i]->frames && s->body[i]->motion->prec < prec && frames_motion(s->body[i], prec, e) != 0)
            return -1;
    if (s->prepared && s->bv_type == bv_type)
        return 0;
    vccd_bvh_opts_init(&bo);
    /* one triangle per leaf, as the two-mesh query's config reader
       (a feature pair costs more than a volume test) */
    bo.leaf_size = 1;
    bo.types = 1u << bv_type;
    for (int i = 0; i < s->n; i++) {
        vccd_body *b = s->body[i];
        vccd_bvh_clear(&b->bvh);
        if (vccd_bvh_build(&b->bvh, &b->mesh, &bo, e) != 0)
            return -1;
    }
    s->prepared = 1;
    s->bv_type = bv_type;
    return 0;
}

/* --- the config ------------------------------------------------------ */

/* The path named by kv: next to the config when it is there, else as
   written (malloc'd, or NULL when out of memory). */
static char *
near_path(const vccd_config_section *s, const vccd_config_kv *kv)
{
    char *p = vccd_config_near_path(s, kv->value);
    return p ? p : strdup(kv->value);
}

/* e's message after the position of kv in s (the frames' own errors
   name their file, the config's line says which key led there). */
static int
error_at(vccd_error *e, const vccd_config_section *s, const vccd_config_kv *kv, const vccd_error *inner)
{
    size_t n;
    vccd_error_set(e, s->file, kv ? kv->line : s->line, s->name, kv ? kv->key : NULL, "%s", "");
    n = strlen(e->msg);
    snprintf(e->msg + n, sizeof e->msg - n, "%s", inner->msg);
    return -1;
}

static int
frames_body(vccd_bodies *s, vccd_config_section *sec, vccd_error *e)
{
    vccd_config_kv *f[2];
    char *p[2] = { NULL, NULL };
    vccd_scene sc;
    vccd_error inner;
    int rc = -1;

    for (int k = 0; k < 2; k++)
        if (!(f[k] = vccd_config_get(sec, k ? "frame1" : "frame0")))
            return vccd_error_set(e, sec->file, sec->line, sec->name, k ? "frame1" : "frame0",
                                  "missing (the mesh file at t = %d; frame0 and frame1 go together)", k);
    if (vccd_config_check_unused(sec, e) != 0)
        return -1;
    for (int k = 0; k < 2; k++)
        if (!(p[k] = near_path(sec, f[k]))) {
            vccd_error_set(e, sec->file, f[k]->line, sec->name, f[k]->key, "out of memory");
            goto done;
        }
    if (vccd_scene_load_frames(&sc, p[0], p[1], &inner) != 0) {
        /* a mismatch names both files, at the second frame's line */
        size_t n1 = strlen(p[1]);
        int which = strcmp(p[0], p[1]) != 0 && strncmp(inner.msg, p[1], n1) == 0 && inner.msg[n1] == ':';
        error_at(e, sec, f[which], &inner);
        goto done;
    }
    if (vccd_bodies_add_scene(s, sec->name + 5, &sc, &inner) != 0) {
        error_at(e, sec, NULL, &inner);
        goto done;
    }
    rc = 0;
done:
    free(p[0]);
    free(p[1]);
    return rc;
}

static int
motion_body(vccd_bodies *s, vccd_config *c, vccd_config_section *sec, mpfr_prec_t prec, vccd_error *e)
{
    vccd_mesh m;
    vccd_motion *mo;
    vccd_error inner;
    if (vccd_toc_body_load(&m, &mo, c, sec, prec, e) != 0) {
        vccd_mesh_clear(&m);
        vccd_motion_free(mo);
        return -1;
    }
    if (vccd_bodies_add_motion(s, sec->name + 5, &m, mo, &inner) != 0)
        return error_at(e, sec, vccd_config_get(sec, "motion"), &inner);
    return 0;
}

static int
scene_section(vccd_bodies_opts *o, vccd_config_section *sec, vccd_error *e)
{
    vccd_config_kv *kv;
    if (!sec)
        return 0;
    for (int k = 0; k < 2; k++)
        if ((kv = vccd_config_get(sec, k ? "frame1" : "frame0")))
            return vccd_error_set(e, sec->file, kv->line, sec->name, kv->key,
                                  "a scene of [body.NAME] sections gives its frames in the body's section");
    if (sc_config_broad(&o->self, sec, e) != 0)
        return -1;
    o->query.min_separation = o->self.min_separation;
    if ((kv = vccd_config_get(sec, "body_slices"))) {
        long n;
        if (vccd_config_long(&n, sec, kv, 1, VCCD_SCENE_MAX_SLICES, e) != 0)
            return -1;
        o->slices = (int)n;
    }
    if ((kv = vccd_config_get(sec, "max_pairs")) && vccd_config_long(&o->max_pairs, sec, kv, 1, 1L << 40, e) != 0)
        return -1;
    if ((kv = vccd_config_get(sec, "bv")) && (o->query.bv = vccd_bv_type_find(kv->value)) < 0)
        return vccd_error_set(e, sec->file, kv->line, sec->name, kv->key, "unknown BV type '%s' (%s)", kv->value,
                              vccd_bv_type_names());
    return vccd_config_check_unused(sec, e);
}

static const char *const known_sections[] = { "scene", "body.", "motion.", "solver", "arithmetic", NULL };

int
vccd_bodies_config_load(vccd_bodies *s, vccd_bodies_opts *o, const char *path, vccd_error *e)
{
    vccd_config c;
    int rc = -1, nb = 0;
    mpfr_prec_t prec;

    vccd_bodies_init(s);
    vccd_bodies_opts_init(o);
    if (vccd_config_load(&c, path, e) != 0)
        return -1;
    if (vccd_config_check_sections(&c, known_sections, e) != 0)
        goto done;
    if (scene_section(o, vccd_config_find(&c, "scene"), e) != 0
        || vccd_solve_opts_from_config(&o->query.solve, &c, e) != 0)
        goto done;
    prec = vccd_toc_motion_prec(&o->query.solve);
    for (int i = 0; i < c.n; i++) {
        vccd_config_section *sec = &c.sec[i];
        if (strncmp(sec->name, "body.", 5))
            continue;
        nb++;
        if ((vccd_config_get(sec, "frame0") || vccd_config_get(sec, "frame1")) ? frames_body(s, sec, e)
                                                                              : motion_body(s, &c, sec, prec, e))
            goto done;
    }
    if (!nb) {
        vccd_error_set(e, path, c.lines, NULL, NULL, "no [body.NAME] section");
        goto done;
    }
    rc = 0;
done:
    vccd_config_clear(&c);
    if (rc)
        vccd_bodies_clear(s);
    return rc;
}
