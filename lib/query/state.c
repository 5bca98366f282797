/* state.c -- one mesh query's state (query_impl.h): its making, with
   the checks of the query's arguments and the constant-velocity fast
   path's context, its clearing, and the work budget it keeps. */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "query_impl.h"
#include "vccd/plugin/rigid.h"

/* 1 when m moves a rigid body by a pure translation at constant
   velocity: a RIGID-form model (rigid.h) whose angular velocity and
   acceleration are exactly 0. */
static int
translating(const vccd_motion *m)
{
    const vccd_di *P = m->param_di;
    if (m->type->per_vertex || m->type->form != VCCD_MOTION_FORM_RIGID)
        return 0;
    for (int i = 0; i < 3; i++)
        if (P[VCCD_RIGID_W + i].lo != 0.0 || P[VCCD_RIGID_W + i].hi != 0.0
            || (m->nparams >= VCCD_RIGID_NB && (P[VCCD_RIGID_B + i].lo != 0.0 || P[VCCD_RIGID_B + i].hi != 0.0)))
            return 0;
    return 1;
}

/* The fast path's context: B's pose in A's frame at t = 0 and its
   velocity there, Ra^T (u_B - u_A) (Ra the constant orientation of A). */
static int
linear_init(q_state *q, vccd_error *e)
{
    vccd_di_vec3 oa, ob, u;
    vccd_di_mat3 Ra, Rb, Rt;
    vccd_bv_relpose rp;
    const vccd_di *Pa = q->body[0]->m->param_di, *Pb = q->body[1]->m->param_di;
    if (!(q->lin = malloc(q->bt->ctx_size)))
        return vccd_error_set(e, NULL, 0, NULL, NULL, "out of memory in the mesh query");
    vccd_motion_pose_di(&oa, &Ra, q->body[0]->m, vccd_di_set_d(0.0));
    vccd_motion_pose_di(&ob, &Rb, q->body[1]->m, vccd_di_set_d(0.0));
    vccd_bv_relpose_from(&rp, &oa, &Ra, &ob, &Rb);
    vccd_di_vec3_sub(&u, (const vccd_di_vec3 *)(Pb + VCCD_RIGID_U), (const vccd_di_vec3 *)(Pa + VCCD_RIGID_U));
    vccd_di_mat3_transpose(&Rt, &Ra);
    vccd_di_mat3_mul_vec3(&u, &Rt, &u);
    q->bt->prepare_linear(q->lin, &rp, &u);
    return 0;
}

int
q_state_init(q_state *q, vccd_query_result *r, vccd_query_body *a, vccd_query_body *b, const vccd_query_opts *o,
             vccd_error *e)
{
    memset(q, 0, offsetof(q_state, fmem));
    /* The motions' speed bounds, on which the step back and the advance
       of tiny meshes rest, hold over [0, 1] only. */
    if (!(0.0 <= o->solve.t0 && o->solve.t0 <= o->solve.t1 && o->solve.t1 <= 1.0))
        return vccd_error_set(e, NULL, 0, NULL, NULL, "the time domain [%g, %g] is not inside [0, 1]", o->solve.t0,
                              o->solve.t1);
    if (q_planar_check(a, b, e) != 0)
        return -1;
    q->bt = vccd_bv_type_get(o->bv);
    if (!q->bt || !a->bvh->bv[o->bv] || !b->bvh->bv[o->bv])
        return vccd_error_set(e, NULL, 0, NULL, NULL, "BV type %s was not built in both BVHs",
                              q->bt ? q->bt->name : "(none)");
    if (q->bt->size > 256)      /* q_swept_lower refits into 256 bytes */
        return vccd_error_set(e, NULL, 0, NULL, NULL, "BV type %s is too large to refit", q->bt->name);
    q->body[0] = a;
    q->body[1] = b;
    q->o = o;
    q->bv = o->bv;
    q->r = r;
    q->cut = o->solve.t1;
    q->best_lo = INFINITY;
    q->best_lo_up = INFINITY;
    q->open_lo = INFINITY;
    /* preparing a context writes it: its time grows with its size */
    q->ctx_work = 1 + (long)(q->bt->ctx_size / 64);
    for (int k = 0; k < 2; k++) {
        vccd_query_body *bk = q->body[k];
        /* the node sizes of this query's type (q_node_size) */
        if (bk->size_bv != q->bv) {
            if (bk->size_bv != -1)      /* -1: still zeroed (body.c) */
                memset(bk->size, 0, (size_t)bk->bvh->nnodes * sizeof *bk->size);
            bk->size_bv = q->bv;
        }
        /* made with the body's motion (body.c); m is checked to be the
           same, since a caller may have changed the pointer by hand */
        if (q->body[k]->have_pf && q->body[k]->pf.m == q->body[k]->m) {
            q->pf[k] = q->body[k]->pf;
            q->have_pf[k] = 1;
        } else {
            q->have_pf[k] = vccd_motion_pose_frame_init(&q->pf[k], q->body[k]->m) == 0;
        }
        /* Small meshes keep their vertices (vertices.c); a large one
           would allocate more per query than it saves.  No memory: the
           vertices are evaluated each time (other enclosures, as
           rigorous). */
        (void)q_vertices_init(q, k);
    }
    /* Big against small with spheres (swept.c, plane_lower): the big
       rigid body's side, else -1 */
    q->big_plane = -1;
    if (!strcmp(q->bt->name, "sphere") && !a->m->type->per_vertex && !b->m->type->per_vertex)
        for (int k = 0; k < 2; k++)
            if (q->body[k]->rad[0] > Q_BIG * q->body[1 - k]->rad[0])
                q->big_plane = k;
    memset(r, 0, sizeof *r);
    /* The constant-velocity test bounds the times of overlap, not of
       coming within a margin: with min_separation the general tests.
       Two tiny meshes in exact mode advance instead (advance.c), which
       gets there in a few hull gaps: on translating tetrahedra (vccd
       bench toc --translate) 0.023 ms against the fast path's 0.06-0.12
       ms for every BV type. */
    if (o->linear && o->min_separation == 0.0 && q->bt->overlap_times && translating(a->m) && translating(b->m)
        && !(o->advance && o->mode == VCCD_QUERY_EXACT && q->vc[0].frame && q->vc[1].frame
             && q_hull_small(a->bvh->mesh, b->bvh->mesh))
        && linear_init(q, e) != 0) {
        q_state_clear(q);
        return -1;
    }
    return 0;
}

void
q_state_clear(q_state *q)
{
    free(q->ctx);
    free(q->box);
    free(q->slot);
    free(q->lin);
    q->lin = NULL;
    vccd_feature_clear(q->fs);
    q->fs = NULL;
    q_vertices_clear(q);
    q->ctx = NULL;
    q->box = NULL;
    q->slot = NULL;
}

int
q_out_of_work(q_state *q, double t)
{
    if (q_work(q) <= q->o->max_work)
        return 0;
    q->r->out_of_work = 1;
    q->open_lo = t < q->open_lo ? t : q->open_lo;
    return 1;
}
