/* stepback.c -- the gap at the answer, and the step back to a proved gap
   (thesis 5.3.2).  The thesis stepped back by a time computed from the
   speed and checked the gap afterwards, empirically; here a time is only
   reported once the rigorous distance proves its gap >= eps_d, and since
   it is before lo, [t0, that time] is contact-free as well. */
#include <math.h>

#include "query_impl.h"

int
vccd_query_distance_at(vccd_distance_result *d, vccd_query_body *a, vccd_query_body *b, double t, int bv,
                       vccd_error *e)
{
    vccd_pose p[2];
    vccd_query_body *s[2] = { a, b };
    for (int i = 0; i < 2; i++)
        if (vccd_motion_pose_di(s[i]->m, &p[i].o, &p[i].R, vccd_di_set_d(t)) != 0)
            return vccd_error_set(e, s[i]->bvh->mesh->name, 0, NULL, NULL,
                                  "the gap needs rigid motions (%s moves vertices)", s[i]->m->type->name);
    return vccd_distance(d, a->bvh, &p[0], b->bvh, &p[1], bv, e);
}

/* Most distance queries one step back spends bisecting towards lo once
   a good time is known: each halves the time lost. */
#define Q_STEP_BISECT 12

static int
gap_at(vccd_distance_result *d, q_state *q, double t, vccd_error *e)
{
    q->r->distance_queries++;
    return vccd_query_distance_at(d, q->body[0], q->body[1], t, q->bv, e);
}

static int
step_back(q_state *q, vccd_error *e)
{
    vccd_query_result *r = q->r;
    double eps = q->o->eps_d, t0 = q->o->solve.t0, good, bad = r->lo, dt, s;
    vccd_distance_result d, dgood;

    r->lo_contact = r->lo;
    /* The gap closes at most at the roots' relative speed, so no time
       later than lo - eps_d / s can have a gap of eps_d: start there and
       double the step until the gap is proved. */
    s = Q_UP(vccd_query_body_speed(q->body[0], 0) + vccd_query_body_speed(q->body[1], 0));
    dt = s > 0.0 && s < INFINITY ? eps / s : bad - t0;
    for (;;) {
        good = bad - dt > t0 ? bad - dt : t0;
        if (gap_at(&d, q, good, e) != 0)
            return -1;
        if (d.lower >= eps)
            break;
        if (good == t0) {
            r->stepped = -1;
            r->lo = t0;
            r->gap_lower = d.lower;
            r->gap_upper = d.upper;
            r->have_gap = 1;
            return 0;
        }
        bad = good;
        dt *= 2.0;
    }
    dgood = d;
    for (int i = 0; i < Q_STEP_BISECT && bad - good > q->o->solve.eps_t; i++) {
        double m = 0.5 * good + 0.5 * bad;
        if (!(m > good && m < bad))
            break;
        if (gap_at(&d, q, m, e) != 0)
            return -1;
        if (d.lower >= eps) {
            good = m;
            dgood = d;
        } else {
            bad = m;
        }
    }
    r->stepped = 1;
    r->lo = good;
    r->gap_lower = dgood.lower;
    r->gap_upper = dgood.upper;
    r->have_gap = 1;
    return 0;
}

int
q_after(q_state *q, vccd_error *e)
{
    vccd_query_result *r = q->r;
    vccd_distance_result d;
    int rigid = !q->body[0]->m->type->per_vertex && !q->body[1]->m->type->per_vertex;

    if (!rigid)
        return 0;
    if (q->o->eps_d > 0.0 && q->o->mode == VCCD_QUERY_EXACT && r->status != VCCD_TOC_NONE)
        return step_back(q, e);
    if (!q->o->gap)
        return 0;
    if (gap_at(&d, q, r->lo, e) != 0)
        return -1;
    r->gap_lower = d.lower;
    r->gap_upper = d.upper;
    r->have_gap = 1;
    return 0;
}
