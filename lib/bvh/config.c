/* config.c -- a BVH's options from a config section (bvh.h): the keys
   every reader of meshes takes (the toc config, vccd distance). */
#include "vccd/bvh.h"

int
vccd_bvh_opts_from_config(vccd_bvh_opts *o, vccd_config_section *s, vccd_error *e)
{
    vccd_config_kv *kv;
    long v;
    if ((kv = vccd_config_get(s, "leaf_size"))) {
        if (vccd_config_long(&v, s, kv, 1, VCCD_BVH_MAX_LEAF_SIZE, e) != 0)
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
