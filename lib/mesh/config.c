/* config.c -- the [mesh.NAME] config section (mesh.h), one parser for
   every command that reads meshes from a config. */
#include <errno.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mesh/config_pending.h"
#include "mesh/reader.h"

int
vccd_mesh_scale_parse(double *radius, const char *s)
{
    char *end;
    double r;
    if (!strcmp(s, "none")) {
        *radius = 0;
        return 0;
    }
    if (strncmp(s, "radius", 6) != 0 || (s[6] != ' ' && s[6] != '\t'))
        return -1;
    errno = 0;
    r = strtod(s + 7, &end);
    while (*end == ' ' || *end == '\t')
        end++;
    if (end == s + 7 || *end || !isfinite(r) || !(r > 0))
        return -1;
    *radius = r;
    return 0;
}

static int
parse_as(char **spec, vccd_mesh_load_opts *o, long *max_nt, vccd_config_section *s, const char *key, vccd_error *e)
{
    vccd_config_kv *kv;
    const char *f = s->file;

    *spec = NULL;
    *max_nt = 0;
    memset(o, 0, sizeof *o);
    if (!(kv = vccd_config_get(s, key)) || !*kv->value)
        return vccd_error_set(e, f, kv ? kv->line : s->line, s->name, key,
                              "missing: the mesh (a file, a shape such as box:1:1:1, or a bundled model)");
    if (!(*spec = strdup(kv->value)))
        return vccd_error_set(e, f, kv->line, s->name, key, "out of memory");
    if ((kv = vccd_config_get(s, "degenerate")) && vccd_mesh_degenerate_parse(&o->degenerate, kv->value) != 0)
        goto bad;
    if ((kv = vccd_config_get(s, "center")) && vccd_mesh_center_parse(&o->center, kv->value) != 0) {
        vccd_error_set(e, f, kv->line, s->name, kv->key, "'%s': expected none, centroid, mass or bbox", kv->value);
        goto fail;
    }
    if ((kv = vccd_config_get(s, "scale")) && vccd_mesh_scale_parse(&o->radius, kv->value) != 0) {
        vccd_error_set(e, f, kv->line, s->name, kv->key, "'%s': expected none or radius R (R > 0)", kv->value);
        goto fail;
    }
    if ((kv = vccd_config_get(s, "max_triangles")) && vccd_mesh_max_triangles_parse(max_nt, kv->value) != 0) {
        vccd_error_set(e, f, kv->line, s->name, kv->key, "'%s': expected an integer in 1..%ld (default %ld)",
                       kv->value, VCCD_MESH_MAX_TRIANGLES_HARD, VCCD_MESH_MAX_TRIANGLES);
        goto fail;
    }
    if (vccd_config_check_unused(s, e) != 0)
        goto fail;
    return 0;
bad:
    vccd_error_set(e, f, kv->line, s->name, kv->key, "'%s': expected keep or drop", kv->value);
fail:
    free(*spec);
    *spec = NULL;
    return -1;
}

int
vccd_mesh_config_parse(char **spec, vccd_mesh_load_opts *o, long *max_triangles, vccd_config_section *s,
                       vccd_error *e)
{
    return parse_as(spec, o, max_triangles, s, "file", e);
}

int
vccd_mesh_config_load(vccd_mesh *m, vccd_config_section *s, vccd_error *e)
{
    return vccd_mesh_config_load_as(m, s, "file", e);
}

int
vccd_mesh_pending_parse(vccd_mesh_pending *p, vccd_config_section *s, const char *key, vccd_error *e)
{
    memset(p, 0, sizeof *p);
    p->s = s;
    p->key = key;
    p->rc = -1;
    if (parse_as(&p->spec, &p->o, &p->max_nt, s, key, e) != 0)
        return -1;
    /* relative to the config's directory when the file is there */
    if (!vccd_mesh_is_shape(p->spec))
        p->near = vccd_config_near_path(s, p->spec);
    return 0;
}

void
vccd_mesh_pending_load(vccd_mesh *m, vccd_mesh_pending *p)
{
    memset(m, 0, sizeof *m);
    p->rc = vccd_mesh_load_where(m, p->near ? p->near : p->spec, &p->o, p->max_nt, &p->at, &p->inner);
}

void
vccd_mesh_pending_clear(vccd_mesh_pending *p)
{
    free(p->near);
    free(p->spec);
    p->near = p->spec = NULL;
}

int
vccd_mesh_pending_finish(vccd_mesh_pending *p, vccd_error *e)
{
    if (p->rc != 0) {
        /* the config's position, then the mesh's message as it is (it is
           escaped already; escaping twice would double its backslashes).
           A normalisation the mesh cannot take is the center or scale
           key's fault: its line. */
        size_t n;
        vccd_config_kv *kv = vccd_config_get(p->s, p->key), *bad = p->at ? vccd_config_get(p->s, p->at) : NULL;
        if (bad)
            kv = bad;
        vccd_error_set(e, p->s->file, kv->line, p->s->name, kv->key, "%s", "");
        n = strlen(e->msg);
        snprintf(e->msg + n, sizeof e->msg - n, "%s", p->inner.msg);
    }
    vccd_mesh_pending_clear(p);
    return p->rc;
}

int
vccd_mesh_config_load_as(vccd_mesh *m, vccd_config_section *s, const char *key, vccd_error *e)
{
    vccd_mesh_pending p;

    memset(m, 0, sizeof *m);
    if (vccd_mesh_pending_parse(&p, s, key, e) != 0)
        return -1;
    vccd_mesh_pending_load(m, &p);
    return vccd_mesh_pending_finish(&p, e);
}
