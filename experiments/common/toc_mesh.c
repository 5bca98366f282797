/* toc_mesh.c -- the answer of `vccd toc CONFIG` on two moving meshes
   ([body.NAME] sections; the library reads them: toc.h's
   vccd_toc_problem), printed as text or JSON. */
#include <stdio.h>

#include "toc_mesh.h"

/* What the printers show of a body. */
typedef struct {
    const char *name;
    const vccd_mesh *m;
    const vccd_motion *mo;
} body;

static void
print_text(const vccd_toc_answer *r, const vccd_toc_stats *st, const vccd_query_opts *o, const body *b, double ms)
{
    char an[32];
    printf("bodies: %s (%s, %ld %s, motion %s), %s (%s, %ld %s, motion %s)\n", b[0].name, b[0].m->name, b[0].m->nt,
           b[0].m->planar ? "segments" : "triangles", b[0].mo->type->name, b[1].name, b[1].m->name, b[1].m->nt,
           b[1].m->planar ? "segments" : "triangles", b[1].mo->type->name);
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
        printf("step_back: %s from lo=%.17g (%ld distance queries)\n",
               r->stepped < 0 ? (o->eps_d > 0.0 ? "FAILED: the gap at t0 is below eps_d" : "FAILED: touching at t0")
               : o->eps_d > 0.0 ? "gap >= eps_d proved" : "gap > 0 proved", r->lo_contact,
               st->distance_queries);
    /* one rule for every status: where a caller may move to */
    if (r->have_safe)
        printf("safe_t: %.17g (gap >= eps_d proved there; [t0, safe_t] contact-free)\n", r->safe_t);
    else if (o->eps_d > 0.0 && r->stepped < 0)
        printf("safe_t: none (no time in [t0, t1] proved to keep the gap >= eps_d)\n");
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
        printf("gap: [%.17g, %.17g] at t=%.17g\n", r->gap_lower, r->gap_upper, r->gap_t);
    if (r->out_of_work)
        printf("out_of_work: the query spent its budget ([query] max_work=%ld; work=%ld): [%.17g, %.17g) "
               "is proved contact-free, the rest was not searched\n", o->max_work, st->work, o->solve.t0,
               r->lo);
    printf("bv_tests=%ld feature_pairs=%ld filtered=%ld solver_boxes=%ld escalations=%ld items=%ld leaf_pairs=%ld%s "
           "time_ms=%.3f\n", st->bv_tests, st->feature_pairs, st->filtered, st->solver_boxes, st->escalations,
           st->items, st->leaf_pairs, r->limited ? " limited" : "", ms);
}

static void
print_json(const vccd_toc_answer *r, const vccd_toc_stats *st, const vccd_query_opts *o, const body *b, double ms)
{
    char an[32];
    printf("{\"bodies\": [");
    for (int i = 0; i < 2; i++)
        printf("%s{\"name\": \"%s\", \"triangles\": %ld, \"motion\": \"%s\"}", i ? ", " : "", b[i].name, b[i].m->nt,
               b[i].mo->type->name);
    printf("], \"mode\": \"%s\", \"bv\": \"%s\", \"solver\": \"%s\", \"arith\": \"%s\", \"eps_t\": %.17g, "
           "\"eps_d\": %.17g, \"min_separation\": %.17g, \"rigorous\": %s,\n", vccd_query_mode_name(o->mode),
           vccd_bv_type_get(o->bv)->name, o->solve.solver->name, vccd_arith_name(an, sizeof an, &o->solve.arith),
           o->solve.eps_t, o->eps_d, o->min_separation,
           vccd_arith_is_rigorous(&o->solve.arith) ? "true" : "false");
    printf(" \"status\": \"%s\", \"approximate\": %s, \"lo\": %.17g, \"hi\": %.17g", vccd_toc_status_name(r->status),
           r->approximate ? "true" : "false", r->lo, r->hi);
    if (r->stepped)
        printf(", \"step_back\": {\"ok\": %s, \"lo_contact\": %.17g, \"distance_queries\": %ld}",
               r->stepped > 0 ? "true" : "false", r->lo_contact, st->distance_queries);
    if (r->have_safe)
        printf(", \"safe_t\": %.17g", r->safe_t);
    else if (o->eps_d > 0.0 && r->stepped < 0)
        printf(", \"safe_t\": null");
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
        printf(",\n \"gap\": [%.17g, %.17g], \"gap_t\": %.17g", r->gap_lower, r->gap_upper, r->gap_t);
    printf(",\n \"bv_tests\": %ld, \"feature_pairs\": %ld, \"filtered\": %ld, \"solver_boxes\": %ld, "
           "\"escalations\": %ld, \"items\": %ld, \"leaf_pairs\": %ld, \"limited\": %s, \"work\": %ld, "
           "\"max_work\": %ld, \"out_of_work\": %s, \"time_ms\": %.6f}\n",
           st->bv_tests, st->feature_pairs, st->filtered, st->solver_boxes, st->escalations, st->items, st->leaf_pairs,
           r->limited ? "true" : "false", st->work, o->max_work, r->out_of_work ? "true" : "false", ms);
}

void
vccd_toc_mesh_print(const vccd_toc_problem *p, const vccd_toc_answer *a, const vccd_toc_stats *st, int json,
                    double ms)
{
    const vccd_toc_input *in = vccd_toc_problem_meshes(p);
    body b[2];
    for (int i = 0; i < 2; i++) {
        b[i].name = vccd_toc_problem_body_name(p, i);
        b[i].m = vccd_toc_problem_mesh(p, i);
        b[i].mo = in->body[i].motion;
    }
    (json ? print_json : print_text)(a, st, &in->opts, b, ms);
}
