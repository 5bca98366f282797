/* cli_body.c -- see cli_body.h. */
#include <string.h>

#include "cli.h"
#include "cli_body.h"

void
vccd_cli_body_clear(vccd_cli_body *b)
{
    if (b->bound)
        vccd_query_body_clear(&b->qb);
    if (b->built)
        vccd_bvh_clear(&b->h);
    if (b->loaded)
        vccd_mesh_clear(&b->m);
    vccd_motion_free(b->mo);
    memset(b, 0, sizeof *b);
}

int
vccd_cli_config_bvh(vccd_bvh_opts *o, vccd_config_section *s, vccd_error *e)
{
    vccd_config_kv *kv;
    long v;
    if ((kv = vccd_config_get(s, "leaf_size"))) {
        if (vccd_cli_config_long(&v, s, kv, 1, 1024, e) != 0)
            return -1;
        o->leaf_size = (int)v;
    }
    if ((kv = vccd_config_get(s, "split"))) {
        int sp = vccd_bvh_split_find(kv->value);
        if (sp < 0)
            return vccd_error_set(e, s->file, kv->line, s->name, kv->key, "unknown split '%s' (sah, median)",
                                  kv->value);
        o->split = (vccd_bvh_split)sp;
    }
    return 0;
}
