/* cmd_distance.c -- `vccd distance CONFIG`: the rigorous distance of two
   meshes placed by poses or by rigid motions at a time t:
       [mesh.a] ... [mesh.b]      the meshes (lib/mesh/config.c)
       [motion.m]                 rigid motions, when used
       [distance]
       mesh.0 = a
       pose.0 = X Y Z QW QX QY QZ # position, quaternion (exact decimals)
       mesh.1 = b
       motion.1 = m               # or a rigid motion, evaluated at t
       t = 0.5
       bv = obb                   # a BV type, or brute (all pairs)
       leaf_size = 4
       split = sah                # sah | median */
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "cli.h"
#include "cmds.h"
#include "cli_body.h"
#include "mesh_cli.h"
#include "vccd/distance.h"

typedef vccd_cli_body body;

/* A whitespace-separated list of exactly n decimals, each enclosed. */
static int
parse_decimals(vccd_di *out, int n, vccd_config_section *s, vccd_config_kv *kv, const char *what, vccd_error *e)
{
    char buf[1024], *save = NULL, *tok;
    int k = 0;
    if (strlen(kv->value) >= sizeof buf)
        return vccd_error_set(e, s->file, kv->line, s->name, kv->key, "value too long");
    strcpy(buf, kv->value);
    for (tok = strtok_r(buf, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
        if (k == n || vccd_di_set_str(&out[k], tok) != 0 || !vccd_di_is_bounded(out[k]))
            return vccd_error_set(e, s->file, kv->line, s->name, kv->key, "expected %s (%d finite decimals)", what, n);
        k++;
    }
    if (k != n)
        return vccd_error_set(e, s->file, kv->line, s->name, kv->key, "expected %s (%d finite decimals), got %d", what,
                              n, k);
    return 0;
}

static int
load_body(body *b, int i, vccd_config *c, vccd_config_section *d, vccd_di t, int have_t, vccd_error *e)
{
    char key[32], sec[96];
    vccd_config_kv *kv, *pk, *mk;
    vccd_config_section *s;

    snprintf(key, sizeof key, "mesh.%d", i);
    if (!(kv = vccd_config_get(d, key)))
        return vccd_error_set(e, d->file, d->line, d->name, key, "missing (the name of a [mesh.NAME] section)");
    snprintf(sec, sizeof sec, "mesh.%s", kv->value);
    if (strlen(kv->value) >= sizeof b->name || !(s = vccd_config_find(c, sec)))
        return vccd_error_set(e, d->file, kv->line, d->name, key, "no section [mesh.%s]", kv->value);
    snprintf(b->name, sizeof b->name, "%s", kv->value);
    b->load_s = vccd_clock_now();
    if (vccd_mesh_config_load(&b->m, s, e) != 0)
        return -1;
    b->load_s = vccd_clock_now() - b->load_s;
    b->loaded = 1;
    snprintf(key, sizeof key, "pose.%d", i);
    pk = vccd_config_get(d, key);
    snprintf(key, sizeof key, "motion.%d", i);
    mk = vccd_config_get(d, key);
    if (pk && mk)
        return vccd_error_set(e, d->file, mk->line, d->name, key, "give pose.%d or motion.%d, not both", i, i);
    if (pk) {
        vccd_di v[7];
        if (parse_decimals(v, 7, d, pk, "X Y Z QW QX QY QZ", e) != 0)
            return -1;
        if (vccd_pose_from_quat(&b->p, v, v + 3) != 0)
            return vccd_error_set(e, d->file, pk->line, d->name, pk->key, "the quaternion is zero");
    } else if (mk) {
        snprintf(sec, sizeof sec, "motion.%s", mk->value);
        if (strlen(mk->value) > 64 || !(s = vccd_config_find(c, sec)))
            return vccd_error_set(e, d->file, mk->line, d->name, mk->key, "no section [motion.%s]", mk->value);
        if (!have_t)
            return vccd_error_set(e, d->file, mk->line, d->name, "t", "missing: a motion needs the time t");
        if (!(b->mo = vccd_motion_from_config(s, 320, e)))
            return -1;
        if (vccd_motion_pose_di(&b->p.o, &b->p.R, b->mo, t) != 0)
            return vccd_error_set(e, d->file, mk->line, d->name, mk->key,
                                  "motion '%s' (%s) moves vertices, not a rigid body", mk->value, b->mo->type->name);
        /* a planar motion moves the points of the plane z = 0 only (its
           pose's third column is e_z by convention): as in `vccd toc` */
        if (b->mo->type->dim != 3 && !b->m.planar)
            return vccd_error_set(e, d->file, mk->line, d->name, mk->key,
                                  "motion '%s' (%s) is planar: a 3D mesh (%s) needs a 3D motion", mk->value,
                                  b->mo->type->name, b->m.name);
    } else {
        vccd_pose_identity(&b->p);
    }
    return 0;
}

static int
parse_options(vccd_config *c, vccd_config_section *d, int *bv, vccd_bvh_opts *o, vccd_di *t, int *have_t,
              vccd_error *e)
{
    vccd_config_kv *kv;
    for (int i = 0; i < c->n; i++) {
        const char *n = c->sec[i].name;
        if (strcmp(n, "distance") && strncmp(n, "mesh.", 5) && strncmp(n, "motion.", 7))
            return vccd_error_set(e, c->sec[i].file, c->sec[i].line, n, NULL,
                                  "unknown section (distance, mesh.NAME, motion.NAME)");
    }
    vccd_bvh_opts_init(o);
    *bv = vccd_bv_type_find("obb");
    if ((kv = vccd_config_get(d, "bv"))) {
        if (strcmp(kv->value, "brute") == 0)
            *bv = -1;
        else if ((*bv = vccd_bv_type_find(kv->value)) < 0)
            return vccd_error_set(e, d->file, kv->line, d->name, kv->key, "unknown BV type '%s' (%s, or brute)",
                                  kv->value, vccd_bv_type_names());
    }
    /* brute force builds no BVH: its keys would be ignored */
    for (int i = 0; *bv < 0 && i < 2; i++)
        if ((kv = vccd_config_get(d, i ? "split" : "leaf_size")))
            return vccd_error_set(e, d->file, kv->line, d->name, kv->key, "not used with bv = brute (no BVH)");
    if (vccd_bvh_opts_from_config(o, d, e) != 0)
        return -1;
    *have_t = 0;
    if ((kv = vccd_config_get(d, "t"))) {
        if (vccd_di_set_str(t, kv->value) != 0 || !(t->lo >= 0.0 && t->hi <= 1.0))
            return vccd_error_set(e, d->file, kv->line, d->name, kv->key, "expected a decimal in [0, 1]");
        *have_t = 1;
    }
    if (*bv >= 0)
        o->types = 1u << *bv;
    return 0;
}

/* What the config gives and nothing reads is an error, not ignored: t
   when neither body has a motion, and a [mesh.NAME] or [motion.NAME]
   section that no mesh.N or motion.N names (its keys would go
   unchecked). */
static int
check_used(vccd_config *c, vccd_config_section *d, const body *b, vccd_error *e)
{
    vccd_config_kv *kv = vccd_config_get(d, "t");
    if (kv && !b[0].mo && !b[1].mo)
        return vccd_error_set(e, d->file, kv->line, d->name, kv->key,
                              "not used: neither body has a motion (t is the time of motion.0 or motion.1)");
    for (int i = 0; i < c->n; i++) {
        vccd_config_section *s = &c->sec[i];
        int motion = !strncmp(s->name, "motion.", 7), named = 0;
        if (!motion && strncmp(s->name, "mesh.", 5))
            continue;
        for (int k = 0; k < 2; k++) {
            char key[32];
            snprintf(key, sizeof key, "%s.%d", motion ? "motion" : "mesh", k);
            kv = vccd_config_get(d, key);
            named |= kv && !strcmp(kv->value, s->name + (motion ? 7 : 5));
        }
        if (!named)
            return vccd_error_set(e, s->file, s->line, s->name, NULL, "not used: no %s.0 or %s.1 names it",
                                  motion ? "motion" : "mesh", motion ? "motion" : "mesh");
    }
    return 0;
}

static int
run(int argc, char **argv)
{
    vccd_config c;
    vccd_config_section *d;
    vccd_error e;
    vccd_bvh_opts o;
    vccd_distance_result r;
    vccd_di t = { 0, 0 };
    body b[2];
    int bv = 0, have_t = 0, npos, rc = VCCD_EXIT_USAGE;
    double t0, tq;

    if (vccd_cli_parse("distance", NULL, NULL, argc, argv, &npos) != 0)
        return VCCD_EXIT_USAGE;
    if (npos != 1)
        return vccd_cli_usage_error("distance: usage: vccd distance CONFIG (see vccd help distance)");
    if (vccd_config_load(&c, argv[1], &e) != 0) {
        fprintf(stderr, "vccd: %s\n", e.msg);
        return VCCD_EXIT_USAGE;
    }
    memset(b, 0, sizeof b);
    if (!(d = vccd_config_find(&c, "distance"))) {
        vccd_error_set(&e, c.file, 0, NULL, NULL, "no [distance] section");
        goto fail;
    }
    if (parse_options(&c, d, &bv, &o, &t, &have_t, &e) != 0 || load_body(&b[0], 0, &c, d, t, have_t, &e) != 0
        || load_body(&b[1], 1, &c, d, t, have_t, &e) != 0 || vccd_config_check_unused(d, &e) != 0
        || check_used(&c, d, b, &e) != 0)
        goto fail;
    for (int i = 0; i < 2 && bv >= 0; i++) {
        if (vccd_bvh_build(&b[i].h, &b[i].m, &o, &e) != 0)
            goto fail;
        b[i].built = 1;
    }
    t0 = vccd_clock_now();
    if ((bv >= 0 ? vccd_distance(&r, &b[0].h, &b[0].p, &b[1].h, &b[1].p, bv, &e)
                 : vccd_distance_brute(&r, &b[0].m, &b[0].p, &b[1].m, &b[1].p, &e)) != 0)
        goto fail;
    tq = vccd_clock_now() - t0;
    for (int i = 0; i < 2; i++)
        printf("mesh.%d: %s (%ld triangles, loaded in %.1f ms%s%s)\n", i, b[i].name, b[i].m.nt, 1e3 * b[i].load_s,
               b[i].mo ? ", motion " : "", b[i].mo ? b[i].mo->type->name : "");
    if (bv >= 0)
        printf("method: bvh bv=%s leaf_size=%d split=%s (build %.1f ms + %.1f ms)\n", vccd_bv_type_get(bv)->name,
               o.leaf_size, o.split == VCCD_BVH_SPLIT_SAH ? "sah" : "median",
               1e3 * (b[0].h.topo_seconds + b[0].h.bv_seconds[bv]), 1e3 * (b[1].h.topo_seconds + b[1].h.bv_seconds[bv]));
    else
        printf("method: brute (all %ld triangle pairs)\n", b[0].m.nt * b[1].m.nt);
    printf("distance: [%.17g, %.17g]\n", r.lower, r.upper);
    printf("status: %s\n", vccd_distance_status_name(r.status));
    printf("witness: triangles %ld %ld, points (%.17g %.17g %.17g) (%.17g %.17g %.17g) (approximate)\n", r.tri[0],
           r.tri[1], r.point[0][0], r.point[0][1], r.point[0][2], r.point[1][0], r.point[1][1], r.point[1][2]);
    printf("bv_tests=%ld tri_tests=%ld time_ms=%.3f\n", r.bv_tests, r.tri_tests, 1e3 * tq);
    rc = VCCD_EXIT_OK;
    goto done;
fail:
    fprintf(stderr, "vccd: %s\n", e.msg);
done:
    for (int i = 0; i < 2; i++)
        vccd_cli_body_clear(&b[i]);
    vccd_config_clear(&c);
    return rc;
}

const vccd_cli_cmd vccd_cmd_distance = {
    "distance", "rigorous distance of two meshes at poses or at a time t of rigid motions",
    "usage: vccd distance CONFIG\n"
    "\n"
    "The minimum distance between two meshes as an interval [lower, upper]:\n"
    "lower is a proof (no two points are closer, rounding included), upper the\n"
    "distance of an actual pair of points, one on each mesh.  status says\n"
    "separated (lower > 0), intersecting (two triangles certified to cross) or\n"
    "touching-or-within-rounding (lower = 0, no crossing certified).  CONFIG:\n"
    "\n"
    "  [mesh.a]                   # one section per mesh (vccd help mesh):\n"
    "  file = bunny               # file, shape or bundled model\n"
    "  [motion.m]                 # rigid motions, if used (vccd help motion-check)\n"
    "  [distance]\n"
    "  mesh.0 = a\n"
    "  pose.0 = X Y Z QW QX QY QZ # position and quaternion (exact decimals,\n"
    "                             # normalised; default: identity)\n"
    "  mesh.1 = a\n"
    "  motion.1 = m               # or the pose of motion m at time t\n"
    "  t = 0.5                    # in [0, 1], needed with a motion\n"
    "  bv = obb                   # {bv|} | brute\n"
    "  leaf_size = 4              # most triangles per BVH leaf\n"
    "  split = sah                # sah | median\n"
    "\n"
    "See experiments/configs/distance.ini and doc/bvh.md.\n",
    NULL, NULL, run
};
