/* toc_mesh.c -- `vccd toc CONFIG` for two moving meshes:
       [body.a]
       mesh = bunny              # a file, a shape (box:1:1:1) or a bundled model
       center = mass             # the [mesh.NAME] normalisation keys
       scale = radius 1
       degenerate = keep
       motion = ma               # a [motion.ma] section, any model
       [body.b] ...
       [query]
       mode = exact              # exact | capoeira (BVH alone, approximate)
       bv = obb                  # sphere aabb obb kdop14 kdop18
       eps_d = 0.01              # step back to a proved gap >= eps_d
       positive_gap = yes        # step back to a proved gap > 0 (default)
       min_separation = 0.05     # first time the distance can be <= d
       search = auto             # auto | bvh | brute (vccd_query_search)
       advance = yes             # yes | no: tiny meshes advance first
       max_work = 10000000       # the query's work budget (query.h)
       leaf_size = 1             # default 1
       split = sah
       [solver] / [arithmetic]   as for one feature pair */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "cli.h"
#include "cli_body.h"
#include "toc_mesh.h"
#include "vccd/query.h"

typedef vccd_cli_body body;

static int
load_body(body *b, vccd_config *c, vccd_config_section *s, mpfr_prec_t prec, vccd_error *e)
{
    vccd_config_kv *mk = vccd_config_get(s, "motion");
    vccd_config_section *ms;
    char sec[96];

    snprintf(b->name, sizeof b->name, "%s", s->name + 5);
    if (!mk || !*mk->value)
        return vccd_error_set(e, s->file, mk ? mk->line : s->line, s->name, "motion",
                              "missing (the name of a [motion.NAME] section)");
    snprintf(sec, sizeof sec, "motion.%s", mk->value);
    if (strlen(mk->value) > 64 || !(ms = vccd_config_find(c, sec)))
        return vccd_error_set(e, s->file, mk->line, s->name, "motion", "no section [motion.%s]", mk->value);
    if (vccd_mesh_config_load_as(&b->m, s, "mesh", e) != 0)
        return -1;
    b->loaded = 1;
    if (!(b->mo = vccd_motion_from_config(ms, prec, e)))
        return -1;
    if (b->mo->type->dim != 3 && !b->m.planar)
        return vccd_error_set(e, s->file, mk->line, s->name, "motion",
                              "motion '%s' (%s) is planar: a mesh body needs a 3D motion", mk->value,
                              b->mo->type->name);
    if (b->mo->type->dim != 2 && b->m.planar)
        return vccd_error_set(e, s->file, mk->line, s->name, "motion",
                              "motion '%s' (%s) is 3D: a 2D body (%s) needs a planar motion (ltlrm2d)", mk->value,
                              b->mo->type->name, b->m.name);
    if (b->mo->type->per_vertex && b->mo->nvertices < b->m.nv)
        return vccd_error_set(e, s->file, mk->line, s->name, "motion",
                              "motion '%s' moves %d vertices, the mesh has %ld", mk->value, b->mo->nvertices,
                              b->m.nv);
    return 0;
}

static int
parse_query(vccd_query_opts *o, vccd_bvh_opts *bo, vccd_config *c, vccd_error *e)
{
    vccd_config_section *s = vccd_config_find(c, "query");
    vccd_config_kv *kv;

    vccd_query_opts_init(o);
    vccd_bvh_opts_init(bo);
    /* One triangle per leaf: a feature pair solved costs far more than a
       volume test that could have excluded it (bench toc). */
    bo->leaf_size = 1;
    if (vccd_solve_opts_from_config(&o->solve, c, e) != 0)
        return -1;
    if (!s)
        goto types;
    if ((kv = vccd_config_get(s, "mode"))) {
        if (!strcmp(kv->value, "exact"))
            o->mode = VCCD_QUERY_EXACT;
        else if (!strcmp(kv->value, "capoeira"))
            o->mode = VCCD_QUERY_CAPOEIRA;
        else
            return vccd_error_set(e, s->file, kv->line, s->name, kv->key, "unknown mode '%s' (exact, capoeira)",
                                  kv->value);
    }
    if ((kv = vccd_config_get(s, "search"))) {
        int sr = vccd_query_search_find(kv->value);
        if (sr < 0)
            return vccd_error_set(e, s->file, kv->line, s->name, kv->key, "unknown search '%s' (auto, bvh, brute)",
                                  kv->value);
        o->search = (vccd_query_search)sr;
        if (o->search == VCCD_QUERY_SEARCH_BRUTE && o->mode != VCCD_QUERY_EXACT)
            return vccd_error_set(e, s->file, kv->line, s->name, kv->key,
                                  "search = brute needs mode = exact (capoeira is the BVH alone)");
    }
    if ((kv = vccd_config_get(s, "advance"))) {
        if (!strcmp(kv->value, "yes") || !strcmp(kv->value, "no"))
            o->advance = !strcmp(kv->value, "yes");
        else
            return vccd_error_set(e, s->file, kv->line, s->name, kv->key, "expected yes or no, not '%s'", kv->value);
    }
    if ((kv = vccd_config_get(s, "bv")) && (o->bv = vccd_bv_type_find(kv->value)) < 0)
        return vccd_error_set(e, s->file, kv->line, s->name, kv->key, "unknown BV type '%s' (%s)", kv->value,
                              vccd_bv_type_names());
    if ((kv = vccd_config_get(s, "eps_d"))) {
        vccd_di d;
        if (vccd_di_set_str(&d, kv->value) != 0 || !(d.lo > 0.0) || !(d.hi < INFINITY))
            return vccd_error_set(e, s->file, kv->line, s->name, kv->key, "expected a decimal > 0");
        /* the proof must reach at least the value asked for */
        o->eps_d = d.hi;
        if (o->mode != VCCD_QUERY_EXACT)
            return vccd_error_set(e, s->file, kv->line, s->name, kv->key,
                                  "the step back needs mode = exact (a proved contact time)");
    }
    if ((kv = vccd_config_get(s, "positive_gap")) && vccd_cli_config_bool(&o->positive_gap, s, kv, e) != 0)
        return -1;
    if ((kv = vccd_config_get(s, "max_work"))) {
        char *end;
        long w;
        errno = 0;
        w = strtol(kv->value, &end, 10);
        if (end == kv->value || *end || errno || w < 1 || w > VCCD_QUERY_MAX_WORK_LIMIT)
            return vccd_error_set(e, s->file, kv->line, s->name, kv->key, "'%s' is not an integer in 1 .. %ld",
                                  kv->value, VCCD_QUERY_MAX_WORK_LIMIT);
        o->max_work = w;
    }
    if ((kv = vccd_config_get(s, "min_separation"))) {
        vccd_di d;
        if (vccd_di_set_str(&d, kv->value) != 0 || !(d.lo >= 0.0) || !(d.hi < INFINITY))
            return vccd_error_set(e, s->file, kv->line, s->name, kv->key, "expected a decimal >= 0");
        /* proved farther than the upper end: farther than the decimal */
        o->min_separation = d.hi;
    }
    if (vccd_cli_config_bvh(bo, s, e) != 0)
        return -1;
    if (vccd_config_check_unused(s, e) != 0)
        return -1;
types:
    bo->types = 1u << o->bv;
    return 0;
}

static void
print_text(const vccd_query_result *r, const vccd_query_opts *o, body *b, double ms)
{
    char an[32];
    printf("bodies: %s (%s, %ld %s, motion %s), %s (%s, %ld %s, motion %s)\n", b[0].name, b[0].m.name, b[0].m.nt,
           b[0].m.planar ? "segments" : "triangles", b[0].mo->type->name, b[1].name, b[1].m.name, b[1].m.nt,
           b[1].m.planar ? "segments" : "triangles", b[1].mo->type->name);
    printf("query: mode=%s search=%s bv=%s solver=%s arith=%s eps_t=%g", vccd_query_mode_name(o->mode),
           vccd_query_search_name(o->search),
           vccd_bv_type_get(o->bv)->name, o->solve.solver->name, vccd_arith_name(an, sizeof an, &o->solve.arith),
           o->solve.eps_t);
    if (o->eps_d > 0.0)
        printf(" eps_d=%g", o->eps_d);
    if (o->min_separation > 0.0)
        printf(" min_separation=%.17g", o->min_separation);
    printf("%s\n", vccd_arith_is_rigorous(&o->solve.arith) ? "" : " (NON-RIGOROUS)");
    printf("status: %s%s\n", vccd_toc_status_name(r->status),
           r->approximate ? " (APPROXIMATE: capoeira, the BVH alone; lo is a proved lower bound)" : "");
    if (o->min_separation > 0.0)
        printf("toc: [%.17g, %.17g] (first time the distance can be <= min_separation=%.17g)\n", r->lo, r->hi,
               o->min_separation);
    else
        printf("toc: [%.17g, %.17g]\n", r->lo, r->hi);
    if (r->stepped)
        printf("step_back: %s from lo=%.17g (%d distance queries)\n",
               r->stepped < 0 ? (o->eps_d > 0.0 ? "FAILED: the gap at t0 is below eps_d" : "FAILED: touching at t0")
               : o->eps_d > 0.0 ? "gap >= eps_d proved" : "gap > 0 proved", r->lo_contact,
               r->distance_queries);
    if (r->have_pair) {
        const vccd_query_pair *p = &r->pair;
        if (p->kind == VCCD_FEATURE_VE2D)
            printf("pair: vertex-edge-2d %s vertex %ld, %s edge %ld-%ld (segments %ld %ld)\n",
                   b[p->vertex_body].name, p->v[0], b[1 - p->vertex_body].name, p->v[1], p->v[2], p->tri[0],
                   p->tri[1]);
        else if (p->kind == VCCD_FEATURE_VF)
            printf("pair: vertex-face %s vertex %ld, %s triangle %ld (triangles %ld %ld)\n", b[p->vertex_body].name,
                   p->v[0], b[1 - p->vertex_body].name, p->tri[1 - p->vertex_body], p->tri[0], p->tri[1]);
        else
            printf("pair: edge-edge %s edge %ld-%ld, %s edge %ld-%ld (triangles %ld %ld)\n", b[0].name, p->v[0],
                   p->v[1], b[1].name, p->v[2], p->v[3], p->tri[0], p->tri[1]);
        printf("point: %.9g %.9g %.9g\n", r->point[0], r->point[1], r->point[2]);
        printf("normal: %.9g %.9g %.9g\n", r->normal[0], r->normal[1], r->normal[2]);
        printf("velocity: %.9g %.9g %.9g v.n=%.9g\n", r->velocity[0], r->velocity[1], r->velocity[2], r->vn);
    }
    if (r->have_gap)
        printf("gap: [%.17g, %.17g] at t=%.17g\n", r->gap_lower, r->gap_upper, r->lo);
    if (r->out_of_work)
        printf("out_of_work: the query spent its budget ([query] max_work=%ld; work=%ld): [%.17g, %.17g) "
               "is proved contact-free, the rest was not searched\n", o->max_work, r->work, o->solve.t0,
               r->lo);
    printf("bv_tests=%ld feature_pairs=%ld filtered=%ld solver_boxes=%ld escalations=%ld items=%ld leaf_pairs=%ld%s "
           "time_ms=%.3f\n", r->bv_tests, r->feature_pairs, r->filtered, r->solver_boxes, r->escalations, r->items,
           r->leaf_pairs,
           r->limited ? " limited" : "", ms);
}

static void
print_json(const vccd_query_result *r, const vccd_query_opts *o, body *b, double ms)
{
    char an[32];
    printf("{\"bodies\": [");
    for (int i = 0; i < 2; i++)
        printf("%s{\"name\": \"%s\", \"triangles\": %ld, \"motion\": \"%s\"}", i ? ", " : "", b[i].name, b[i].m.nt,
               b[i].mo->type->name);
    printf("], \"mode\": \"%s\", \"bv\": \"%s\", \"solver\": \"%s\", \"arith\": \"%s\", \"eps_t\": %.17g, "
           "\"eps_d\": %.17g, \"min_separation\": %.17g, \"rigorous\": %s,\n", vccd_query_mode_name(o->mode),
           vccd_bv_type_get(o->bv)->name, o->solve.solver->name, vccd_arith_name(an, sizeof an, &o->solve.arith),
           o->solve.eps_t, o->eps_d, o->min_separation,
           vccd_arith_is_rigorous(&o->solve.arith) ? "true" : "false");
    printf(" \"status\": \"%s\", \"approximate\": %s, \"lo\": %.17g, \"hi\": %.17g", vccd_toc_status_name(r->status),
           r->approximate ? "true" : "false", r->lo, r->hi);
    if (r->stepped)
        printf(", \"step_back\": {\"ok\": %s, \"lo_contact\": %.17g, \"distance_queries\": %d}",
               r->stepped > 0 ? "true" : "false", r->lo_contact, r->distance_queries);
    if (r->have_pair) {
        const vccd_query_pair *p = &r->pair;
        printf(",\n \"pair\": {\"kind\": \"%s\", \"triangles\": [%ld, %ld], ", vccd_feature_kind_name(p->kind),
               p->tri[0], p->tri[1]);
        if (p->kind == VCCD_FEATURE_VE2D)
            printf("\"vertex_body\": %d, \"vertex\": %ld, \"edge\": [%ld, %ld]}", p->vertex_body, p->v[0],
                   p->v[1], p->v[2]);
        else if (p->kind == VCCD_FEATURE_VF)
            printf("\"vertex_body\": %d, \"vertex\": %ld}", p->vertex_body, p->v[0]);
        else
            printf("\"edges\": [[%ld, %ld], [%ld, %ld]]}", p->v[0], p->v[1], p->v[2], p->v[3]);
        printf(",\n \"point\": [%.17g, %.17g, %.17g], \"normal\": [%.17g, %.17g, %.17g], "
               "\"velocity\": [%.17g, %.17g, %.17g], \"vn\": %.17g", r->point[0], r->point[1], r->point[2],
               r->normal[0], r->normal[1], r->normal[2], r->velocity[0], r->velocity[1], r->velocity[2], r->vn);
    }
    if (r->have_gap)
        printf(",\n \"gap\": [%.17g, %.17g]", r->gap_lower, r->gap_upper);
    printf(",\n \"bv_tests\": %ld, \"feature_pairs\": %ld, \"filtered\": %ld, \"solver_boxes\": %ld, "
           "\"escalations\": %ld, \"items\": %ld, \"leaf_pairs\": %ld, \"limited\": %s, \"work\": %ld, "
           "\"max_work\": %ld, \"out_of_work\": %s, \"time_ms\": %.6f}\n",
           r->bv_tests, r->feature_pairs, r->filtered, r->solver_boxes, r->escalations, r->items, r->leaf_pairs,
           r->limited ? "true" : "false", r->work, o->max_work, r->out_of_work ? "true" : "false", ms);
}

int
vccd_toc_mesh(vccd_config *c, int json, long max_work, long query_max_work)
{
    vccd_error e;
    vccd_query_opts o;
    vccd_bvh_opts bo;
    vccd_query_result r;
    body b[2];
    int nb = 0, rc = VCCD_EXIT_USAGE;
    mpfr_prec_t prec = 320;
    double t0;

    memset(b, 0, sizeof b);
    for (int i = 0; i < c->n; i++) {
        const char *n = c->sec[i].name;
        if (strcmp(n, "query") && strcmp(n, "solver") && strcmp(n, "arithmetic") && strncmp(n, "motion.", 7)
            && strncmp(n, "body.", 5)) {
            vccd_error_set(&e, c->sec[i].file, c->sec[i].line, n, NULL,
                           "unknown section (body.NAME, motion.NAME, query, solver, arithmetic)");
            goto fail;
        }
    }
    if (parse_query(&o, &bo, c, &e) != 0)
        goto fail;
    if (max_work > 0)
        o.solve.max_work = max_work;
    if (query_max_work > 0)
        o.max_work = query_max_work;
    if (o.solve.arith.kind == VCCD_ARITH_MPFR && o.solve.arith.prec > prec)
        prec = o.solve.arith.prec;
    if (o.solve.arith.kind == VCCD_ARITH_ADAPTIVE && o.solve.max_precision > prec)
        prec = o.solve.max_precision;
    for (int i = 0; i < c->n; i++) {
        vccd_config_section *s = &c->sec[i];
        if (strncmp(s->name, "body.", 5))
            continue;
        if (nb == 2) {
            vccd_error_set(&e, s->file, s->line, s->name, NULL, "a third body: the query takes two");
            goto fail;
        }
        if (load_body(&b[nb++], c, s, prec, &e) != 0)
            goto fail;
    }
    if (nb != 2) {
        vccd_error_set(&e, c->file, 0, NULL, NULL, "%s [body.NAME] section%s: the query takes two",
                       nb ? "one" : "no", nb ? "" : "s");
        goto fail;
    }
    for (int i = 0; i < 2; i++) {
        if (vccd_bvh_build(&b[i].h, &b[i].m, &bo, &e) != 0)
            goto fail;
        b[i].built = 1;
        if (vccd_query_body_init(&b[i].qb, &b[i].h, b[i].mo, &e) != 0)
            goto fail;
        b[i].bound = 1;
    }
    t0 = vccd_clock_now();
    if (vccd_query_toc(&r, &b[0].qb, &b[1].qb, &o, &e) != 0)
        goto fail;
    t0 = vccd_clock_now() - t0;
    (json ? print_json : print_text)(&r, &o, b, 1e3 * t0);
    rc = VCCD_EXIT_OK;
    goto done;
fail:
    fprintf(stderr, "vccd: %s\n", e.msg);
done:
    for (int i = 0; i < 2; i++)
        vccd_cli_body_clear(&b[i]);
    return rc;
}
