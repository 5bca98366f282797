/* bodies_toc.c -- the narrow phase of a scene of bodies (bodies.h):
   each pair of bodies the broad phase kept is one mesh query, each
   two-frame body's self-contact one scene query, and the step's answer
   their earliest. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scene_impl.h"
#include "vccd/bodies.h"

/* Self-contact of two-frame body b: the scene's broad and narrow phase
   with the step's options. */
static int
self_toc(vccd_bodies_pair_answer *r, const vccd_body *b, const vccd_bodies_opts *o, vccd_error *e)
{
    vccd_scene_broad_opts bo = o->self;
    vccd_scene_opts so;
    vccd_scene_candidates c;
    vccd_scene_answer a;
    int rc;

    bo.min_separation = o->query.min_separation;
    vccd_scene_opts_init(&so);
    so.solve = o->query.solve;
    so.min_separation = o->query.min_separation;
    if (vccd_scene_broad(&c, b->frames, &bo, e) != 0)
        return -1;
    rc = vccd_scene_toc(&a, NULL, b->frames, &c, &so, e);
    vccd_scene_candidates_clear(&c);
    if (rc != 0)
        return -1;
    memset(r, 0, sizeof *r);
    r->status = a.status;
    r->lo = a.lo;
    r->hi = a.hi;
    r->limited = a.limited > 0;
    r->solver_boxes = a.solver_boxes;
    if ((r->have_pair = a.have_pair)) {
        vccd_mesh_index v[4];
        vccd_scene_pair_vertices(v, b->frames, a.pair);
        r->kind = a.pair.kind;
        for (int k = 0; k < 4; k++)
            r->v[k] = v[k];
    }
    return 0;
}

/* Bodies A and B: one mesh query. */
static int
pair_toc(vccd_bodies_pair_answer *r, const vccd_bodies *s, vccd_bodies_pair p, const vccd_bodies_opts *o,
         vccd_error *e)
{
    vccd_toc_input in;
    vccd_toc_answer a;
    vccd_toc_stats st;
    const vccd_body *A = s->body[p.a], *B = s->body[p.b];

    vccd_toc_input_init(&in);
    in.opts = o->query;
    in.body[0].bvh = &A->bvh;
    in.body[0].motion = A->motion;
    in.body[1].bvh = &B->bvh;
    in.body[1].motion = B->motion;
    if (vccd_toc_meshes(&a, &st, &in, e) != 0)
        return -1;
    memset(r, 0, sizeof *r);
    r->status = a.status;
    r->lo = a.lo;
    r->hi = a.hi;
    r->limited = a.limited;
    r->solver_boxes = st.solver_boxes;
    if ((r->have_pair = a.have_pair)) {
        r->kind = a.pair.kind;
        r->vertex_body = a.pair.vertex_body ? p.b : p.a;
        for (int k = 0; k < 4; k++)
            r->v[k] = a.pair.v[k];
    }
    return 0;
}

int
vccd_bodies_toc(vccd_bodies_answer *a, vccd_bodies_pair_answer *per, vccd_bodies *s, const vccd_bodies_pairs *p,
                const vccd_bodies_opts *o, vccd_error *e)
{
    vccd_bodies_pair_answer *r = per;
    long bad = -1;
    vccd_error first;
    int rc = -1;

    memset(a, 0, sizeof *a);
    a->status = VCCD_TOC_NONE;
    a->lo = a->hi = o->query.solve.t1;
    a->pair = -1;
    if (!(o->query.min_separation <= p->min_separation))
        return vccd_error_set(e, NULL, 0, NULL, NULL,
                              "bodies: min_separation %.17g exceeds the broad phase's %.17g (pairs it left out may "
                              "be closer than that)", o->query.min_separation, p->min_separation);
    if (!(p->t0 <= o->query.solve.t0 && o->query.solve.t1 <= p->t1))
        return vccd_error_set(e, NULL, 0, NULL, NULL, "bodies: [t0, t1] = [%.17g, %.17g] is not inside the broad "
                              "phase's [%.17g, %.17g]", o->query.solve.t0, o->query.solve.t1, p->t0, p->t1);
    if (p->nbodies != s->n)
        return vccd_error_set(e, NULL, 0, NULL, NULL, "bodies: the pairs were found among %d bodies, the scene has "
                              "%d", p->nbodies, s->n);
    if (o->query.mode != VCCD_QUERY_EXACT)
        return vccd_error_set(e, NULL, 0, NULL, NULL, "bodies: the pair queries take mode exact");
    for (long i = 0; i < p->n; i++) {
        vccd_bodies_pair q = p->p[i];
        if (q.a < 0 || q.b >= s->n || q.a > q.b || (q.a == q.b && !s->body[q.a]->frames))
            return vccd_error_set(e, NULL, 0, NULL, NULL, "bodies: pair %ld (%d, %d) is not a pair of this scene",
                                  i, q.a, q.b);
    }
    if (vccd_bodies_prepare(s, o, e) != 0)
        return -1;
    if (!r && p->n > 0 && !(r = malloc((size_t)p->n * sizeof *r)))
        return vccd_error_set(e, NULL, 0, NULL, NULL, "out of memory");

    /* self-contacts one by one (each is parallel inside), then the pairs
       of bodies in parallel; an error is the first pair's that failed */
    for (long i = 0; i < p->n && bad < 0; i++)
        if (p->p[i].a == p->p[i].b && self_toc(&r[i], s->body[p->p[i].a], o, &first) != 0)
            bad = i;
    if (bad < 0) {
        VCCD_OMP(omp parallel for schedule(dynamic, 1))
        for (long i = 0; i < p->n; i++) {
            vccd_error ei;
            if (p->p[i].a == p->p[i].b || pair_toc(&r[i], s, p->p[i], o, &ei) == 0)
                continue;
            VCCD_OMP(omp critical)
            if (bad < 0 || i < bad) {
                bad = i;
                first = ei;
            }
        }
    }
    if (bad >= 0) {
        const vccd_bodies_pair q = p->p[bad];
        if (q.a == q.b)
            vccd_error_set(e, NULL, 0, NULL, NULL, "body '%s' (self-contact): %s", s->body[q.a]->name, first.msg);
        else
            vccd_error_set(e, NULL, 0, NULL, NULL, "bodies '%s' and '%s': %s", s->body[q.a]->name,
                           s->body[q.b]->name, first.msg);
        goto done;
    }

    /* the earliest: the least lo (the first pair of it), the least
       certified hi */
    a->pairs = p->n;
    for (long i = 0; i < p->n; i++) {
        a->solver_boxes += r[i].solver_boxes;
        a->limited += r[i].limited;
        if (r[i].status == VCCD_TOC_NONE) {
            a->none++;
            continue;
        }
        if (r[i].status == VCCD_TOC_CERTIFIED) {
            a->certified++;
            if (a->status != VCCD_TOC_CERTIFIED || r[i].hi < a->hi)
                a->hi = r[i].hi;
            a->status = VCCD_TOC_CERTIFIED;
        } else {
            a->possible++;
            if (a->status == VCCD_TOC_NONE)
                a->status = VCCD_TOC_POSSIBLE;
        }
        if (a->pair < 0 || r[i].lo < a->lo) {
            a->lo = r[i].lo;
            a->pair = i;
        }
    }
    if (a->status == VCCD_TOC_POSSIBLE)
        a->hi = o->query.solve.t1;
    if ((a->have_pair = a->pair >= 0))
        a->at = r[a->pair];
    rc = 0;
done:
    if (r != per)
        free(r);
    return rc;
}
