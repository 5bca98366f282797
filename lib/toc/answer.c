/* answer.c -- the engine's results split into the answer a caller acts
   on and the counters an experiment reports (toc.h). */
#include <string.h>

#include "toc_impl.h"

/* *a := 0 but the limbs of its exact ends (unread while unset): a
   binary64 answer clears 350 bytes fewer (toc.h). */
static void
zero(vccd_toc_answer *a)
{
    memset(a, 0, offsetof(vccd_toc_answer, lo_exact));
    a->lo_exact.prec = a->hi_exact.prec = 0;
}

void
vccd_toc_answer_from_query(vccd_toc_answer *a, vccd_toc_stats *st, const vccd_query_result *r,
                           const vccd_query_opts *o)
{
    zero(a);
    a->status = r->status;
    a->lo = r->lo;
    a->hi = r->hi;
    vccd_time_copy(&a->lo_exact, &r->lo_exact);
    vccd_time_copy(&a->hi_exact, &r->hi_exact);
    a->rigorous = vccd_arith_is_rigorous(&o->solve.arith);
    a->approximate = r->approximate;
    a->limited = r->limited;
    a->out_of_work = r->out_of_work;
    a->have_pair = r->have_pair;
    a->pair = r->pair;
    a->param[0] = r->param[0];
    a->param[1] = r->param[1];
    memcpy(a->point, r->point, sizeof a->point);
    memcpy(a->normal, r->normal, sizeof a->normal);
    memcpy(a->velocity, r->velocity, sizeof a->velocity);
    a->vn = r->vn;
    a->have_gap = r->have_gap;
    a->gap_lower = r->gap_lower;
    a->gap_upper = r->gap_upper;
    a->gap_t = r->gap_t;
    a->stepped = r->stepped;
    a->lo_contact = r->lo_contact;
    a->have_safe = r->have_safe;
    a->safe_t = r->safe_t;
    if (!st)
        return;
    memset(st, 0, sizeof *st);
    st->bv_tests = r->bv_tests;
    st->items = r->items;
    st->leaf_pairs = r->leaf_pairs;
    st->feature_pairs = r->feature_pairs;
    st->filtered = r->filtered;
    st->solver_boxes = r->solver_boxes;
    st->escalations = r->escalations;
    st->advance_steps = r->advance_steps;
    st->distance_queries = r->distance_queries;
    st->guessed = r->guessed;
    st->window_plane = r->window_plane;
    st->work = r->work;
}

void
vccd_toc_answer_from_solve(vccd_toc_answer *a, vccd_toc_stats *st, const vccd_toc *r, vccd_feature_kind kind,
                           const vccd_solve_opts *o)
{
    zero(a);
    a->status = r->status;
    a->lo = r->lo;
    a->hi = r->hi;
    vccd_time_copy(&a->lo_exact, &r->lo_exact);
    vccd_time_copy(&a->hi_exact, &r->hi_exact);
    a->rigorous = vccd_arith_is_rigorous(&o->arith);
    a->limited = r->limited;
    a->have_pair = r->status != VCCD_TOC_NONE;
    a->pair.kind = kind;
    a->pair.tri[0] = a->pair.tri[1] = -1;
    for (int i = 0; i < 4; i++)
        a->pair.v[i] = i;
    a->param[0] = r->param[0];
    a->param[1] = r->param[1];
    a->lo_contact = r->lo;
    if (!st)
        return;
    memset(st, 0, sizeof *st);
    st->solver_boxes = r->boxes;
    st->evals = r->evals;
    st->escalations = r->escalations;
    st->prec = r->prec;
}
