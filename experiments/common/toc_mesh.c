/* toc_mesh.c -- the answer of `vccd toc CONFIG` on two moving meshes
   ([body.NAME] sections; the library reads them: toc.h's
   vccd_toc_problem), printed as text or JSON. */
#include <stdio.h>

#include "cli.h"
#include "cli_json.h"
#include "toc_mesh.h"

/* What the printers show of a body. */
typedef struct {
    const char *name;
    const vccd_mesh *m;
    const vccd_motion *mo;
} body;

static void
print_text(const vccd_toc_answer *r, const vccd_toc_stats *st, const vccd_query_opts *o, const body *b, int hex,
           double ms)
{
    char lo[VCCD_TIME_STR_MAX], hi[VCCD_TIME_STR_MAX];
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
        printf("toc: [%s, %s] (first time the distance can be <= min_separation=%.17g)\n",
               vccd_cli_toc_end(lo, r, 0, hex), vccd_cli_toc_end(hi, r, 1, hex), o->min_separation);
    else
        printf("toc: [%s, %s]\n", vccd_cli_toc_end(lo, r, 0, hex), vccd_cli_toc_end(hi, r, 1, hex));
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
        printf("out_of_work: the query spent its budget ([query] max_work=%ld; work=%ld): [%.17g, %s) "
               "is proved contact-free, the rest was not searched\n", o->max_work, st->work, o->solve.t0,
               vccd_cli_toc_end(lo, r, 0, hex));
    printf("bv_tests=%ld feature_pairs=%ld filtered=%ld solver_boxes=%ld escalations=%ld items=%ld leaf_pairs=%ld%s "
           "time_ms=%.3f\n", st->bv_tests, st->feature_pairs, st->filtered, st->solver_boxes, st->escalations,
           st->items, st->leaf_pairs, r->limited ? " limited" : "", ms);
}

/* Three doubles as a JSON array. */
static json_t *
json_vec3(const double *v)
{
    return json_pack("[o, o, o]", vccd_cli_json_number(v[0]), vccd_cli_json_number(v[1]),
                     vccd_cli_json_number(v[2]));
}

/* The JSON object, in the order of the text; NULL when out of memory. */
static json_t *
json_answer(const vccd_toc_answer *r, const vccd_toc_stats *st, const vccd_query_opts *o, const body *b, int hex,
            double ms)
{
    char an[32];
    json_t *j = json_pack(
        "{s:[{s:o, s:I, s:s}, {s:o, s:I, s:s}], s:s, s:s, s:s, s:s, s:o, s:o, s:o, s:b, s:s, s:b, s:o, s:o}",
        "bodies", "name", vccd_cli_json_string(b[0].name), "triangles", (json_int_t)b[0].m->nt,
        "motion", b[0].mo->type->name, "name", vccd_cli_json_string(b[1].name), "triangles",
        (json_int_t)b[1].m->nt, "motion", b[1].mo->type->name, "mode", vccd_query_mode_name(o->mode),
        "bv", vccd_bv_type_get(o->bv)->name, "solver", o->solve.solver->name,
        "arith", vccd_arith_name(an, sizeof an, &o->solve.arith), "eps_t", vccd_cli_json_number(o->solve.eps_t),
        "eps_d", vccd_cli_json_number(o->eps_d), "min_separation", vccd_cli_json_number(o->min_separation),
        "rigorous", vccd_arith_is_rigorous(&o->solve.arith), "status", vccd_toc_status_name(r->status),
        "approximate", r->approximate != 0, "lo", vccd_cli_json_time(r, 0, hex), "hi", vccd_cli_json_time(r, 1, hex));
    /* json_object_set_new releases v when it fails, and refuses a NULL v */
    int bad = !j;

    if (r->stepped)
        bad |= json_object_set_new(j, "step_back",
                                   json_pack("{s:b, s:o, s:I}", "ok", r->stepped > 0, "lo_contact",
                                             vccd_cli_json_number(r->lo_contact),
                                             "distance_queries", (json_int_t)st->distance_queries));
    if (r->have_safe)
        bad |= json_object_set_new(j, "safe_t", vccd_cli_json_number(r->safe_t));
    else if (o->eps_d > 0.0 && r->stepped < 0)
        bad |= json_object_set_new(j, "safe_t", json_null());
    if (r->have_pair) {
        const vccd_query_pair *p = &r->pair;
        json_t *pj = json_pack("{s:s, s:[I, I]}", "kind", vccd_feature_kind_name(p->kind), "triangles",
                               (json_int_t)p->tri[0], (json_int_t)p->tri[1]);
        if (p->kind == VCCD_FEATURE_VE2D)
            bad |= json_object_update_new(pj, json_pack("{s:i, s:I, s:[I, I]}", "vertex_body", p->vertex_body,
                                                        "vertex", (json_int_t)p->v[0], "edge",
                                                        (json_int_t)p->v[1], (json_int_t)p->v[2]));
        else if (p->kind == VCCD_FEATURE_VF)
            bad |= json_object_update_new(pj, json_pack("{s:i, s:I}", "vertex_body", p->vertex_body, "vertex",
                                                        (json_int_t)p->v[0]));
        else
            bad |= json_object_update_new(pj, json_pack("{s:[[I, I], [I, I]]}", "edges", (json_int_t)p->v[0],
                                                        (json_int_t)p->v[1], (json_int_t)p->v[2],
                                                        (json_int_t)p->v[3]));
        bad |= json_object_set_new(j, "pair", pj);
        bad |= json_object_set_new(j, "point", json_vec3(r->point));
        bad |= json_object_set_new(j, "normal", json_vec3(r->normal));
        bad |= json_object_set_new(j, "velocity", json_vec3(r->velocity));
        bad |= json_object_set_new(j, "vn", vccd_cli_json_number(r->vn));
    }
    if (r->have_gap) {
        bad |= json_object_set_new(j, "gap", json_pack("[o, o]", vccd_cli_json_number(r->gap_lower),
                                                       vccd_cli_json_number(r->gap_upper)));
        bad |= json_object_set_new(j, "gap_t", vccd_cli_json_number(r->gap_t));
    }
    bad |= json_object_update_new(j, json_pack(
        "{s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:b, s:I, s:I, s:b, s:o}",
        "bv_tests", (json_int_t)st->bv_tests, "feature_pairs", (json_int_t)st->feature_pairs,
        "filtered", (json_int_t)st->filtered, "solver_boxes", (json_int_t)st->solver_boxes,
        "escalations", (json_int_t)st->escalations, "items", (json_int_t)st->items,
        "leaf_pairs", (json_int_t)st->leaf_pairs, "limited", r->limited != 0, "work", (json_int_t)st->work,
        "max_work", (json_int_t)o->max_work, "out_of_work", r->out_of_work != 0, "time_ms",
        vccd_cli_json_number(ms)));
    if (bad) {
        json_decref(j);
        return NULL;
    }
    return j;
}

int
vccd_toc_mesh_print(const vccd_toc_problem *p, const vccd_toc_answer *a, const vccd_toc_stats *st, int json,
                    int hex, double ms)
{
    const vccd_toc_input *in = vccd_toc_problem_meshes(p);
    body b[2];
    for (int i = 0; i < 2; i++) {
        b[i].name = vccd_toc_problem_body_name(p, i);
        b[i].m = vccd_toc_problem_mesh(p, i);
        b[i].mo = in->body[i].motion;
    }
    if (json)
        return vccd_cli_json_print(json_answer(a, st, &in->opts, b, hex, ms));
    print_text(a, st, &in->opts, b, hex, ms);
    return 0;
}
