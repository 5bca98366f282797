/* config.c -- a scene read from a config file (scene.h):
       [scene]
       frame0 = frames/227.ply     # required: the mesh at t = 0
       frame1 = frames/228.ply     # required: the same mesh at t = 1
       min_separation = 0          # first time any two features within d
       slices = 0                  # time slices of the broad phase (0: auto)
       broad = tree                # tree | sweep
       max_candidates = 67108864   # the broad phase's limit (default 2^26)
   with [solver] and [arithmetic] as in solver.h.  Frame paths are
   relative to the config's directory when the file is there. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scene_impl.h"
#include "vccd/di.h"

/* The path named by kv: next to the config when it is there, else as
   written (malloc'd, or NULL when out of memory). */
static char *
frame_path(const vccd_config_section *s, const vccd_config_kv *kv)
{
    char *p = vccd_config_near_path(s, kv->value);
    return p ? p : strdup(kv->value);
}

int
sc_config_broad(vccd_scene_broad_opts *bo, vccd_config_section *sec, vccd_error *e)
{
    vccd_config_kv *kv;
    if ((kv = vccd_config_get(sec, "min_separation"))) {
        vccd_di d;
        if (vccd_di_set_str(&d, kv->value) != 0 || !(d.lo >= 0.0) || !(d.hi < INFINITY))
            return vccd_error_set(e, sec->file, kv->line, sec->name, kv->key, "expected a decimal >= 0");
        /* proved farther than the upper end: farther than the decimal */
        bo->min_separation = d.hi;
    }
    if ((kv = vccd_config_get(sec, "slices"))) {
        long n;
        if (vccd_config_long(&n, sec, kv, 0, VCCD_SCENE_MAX_SLICES, e) != 0)
            return -1;
        bo->slices = (int)n;
    }
    if ((kv = vccd_config_get(sec, "max_candidates"))
        && vccd_config_long(&bo->max_candidates, sec, kv, 1, 1L << 40, e) != 0)
        return -1;
    if ((kv = vccd_config_get(sec, "broad"))) {
        if (!strcmp(kv->value, "tree"))
            bo->method = VCCD_SCENE_BROAD_TREE;
        else if (!strcmp(kv->value, "sweep"))
            bo->method = VCCD_SCENE_BROAD_SWEEP;
        else
            return vccd_error_set(e, sec->file, kv->line, sec->name, kv->key, "'%s': expected tree or sweep",
                                  kv->value);
    }
    return 0;
}

static const char *const known_sections[] = { "scene", "solver", "arithmetic", NULL };

int
vccd_scene_config_load(vccd_scene *s, vccd_scene_opts *o, vccd_scene_broad_opts *bo, const char *path,
                       vccd_error *e)
{
    vccd_config c;
    vccd_config_section *sec;
    vccd_config_kv *f[2];
    char *p[2] = { NULL, NULL };
    int rc = -1;

    memset(s, 0, sizeof *s);
    vccd_scene_opts_init(o);
    vccd_scene_broad_opts_init(bo);
    if (vccd_config_load(&c, path, e) != 0)
        return -1;
    if (vccd_config_check_sections(&c, known_sections, e) != 0)
        goto done;
    if (!(sec = vccd_config_find(&c, "scene"))) {
        vccd_error_set(e, path, c.lines, NULL, NULL, "no [scene] section (frame0 and frame1: the mesh at t = 0 and 1)");
        goto done;
    }
    for (int k = 0; k < 2; k++)
        if (!(f[k] = vccd_config_get(sec, k ? "frame1" : "frame0"))) {
            vccd_error_set(e, sec->file, sec->line, sec->name, k ? "frame1" : "frame0",
                           "missing (the mesh file at t = %d)", k);
            goto done;
        }
    if (sc_config_broad(bo, sec, e) != 0)
        goto done;
    o->min_separation = bo->min_separation;
    if (vccd_config_check_unused(sec, e) != 0 || vccd_solve_opts_from_config(&o->solve, &c, e) != 0)
        goto done;
    for (int k = 0; k < 2; k++)
        if (!(p[k] = frame_path(sec, f[k]))) {
            vccd_error_set(e, sec->file, f[k]->line, sec->name, f[k]->key, "out of memory");
            goto done;
        }
    {
        vccd_error inner;
        if (vccd_scene_load_frames(s, p[0], p[1], &inner) != 0) {
            /* the config's position (the second frame's line for a
               mismatch, which names both files), then the message */
            size_t n1 = strlen(p[1]);
            int which = strcmp(p[0], p[1]) != 0 && strncmp(inner.msg, p[1], n1) == 0 && inner.msg[n1] == ':';
            size_t n;
            vccd_error_set(e, sec->file, f[which]->line, sec->name, f[which]->key, "%s", "");
            n = strlen(e->msg);
            snprintf(e->msg + n, sizeof e->msg - n, "%s", inner.msg);
            goto done;
        }
    }
    rc = 0;
done:
    free(p[0]);
    free(p[1]);
    vccd_config_clear(&c);
    return rc;
}
