/* vertices.c -- the vertex enclosures of a query's rigid bodies over
   time windows, from frames kept for the whole query: the leaf pairs
   (pairs.c) and the advance (advance.c) ask for the same few vertices
   over the same window many times; the window's time part (one
   sinc/cosc per body) is made once per window, each vertex once per
   window.  A small body keeps every vertex; a large one keeps
   Q_VHASH_SLOTS slots (query_impl.h), each a vertex's frame and its
   enclosure over the current window. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "query_impl.h"

int
q_vertices_init(q_state *q, int k)
{
    q_vcache *c = &q->vc[k];
    long nv = q->body[k]->bvh->mesh->nv;
    memset(c, 0, sizeof *c);
    c->t0 = c->t1 = NAN;
    if (!q->have_pf[k])
        return 0;
    if (nv > Q_VFRAME_MAX) {
        /* frames, enclosures, generations, keys in one block (in
           decreasing alignment); generation 0 is never current, so the
           zeroed generations make every enclosure stale, and key -1
           every frame */
        size_t fb = Q_VHASH_SLOTS * sizeof *c->slot_frame, xb = Q_VHASH_SLOTS * sizeof *c->x;
        size_t gb = Q_VHASH_SLOTS * sizeof *c->gen, kb = Q_VHASH_SLOTS * sizeof *c->key;
        char *block = malloc(fb + xb + gb + kb);
        if (!block)
            return -1;
        c->slot_frame = (vccd_di_vec3 (*)[3])block;
        c->x = (vccd_di_vec3 *)(block + fb);
        c->gen = (unsigned *)(block + fb + xb);
        c->key = (int32_t *)(block + fb + xb + gb);
        memset(c->gen, 0, gb);
        memset(c->key, 0xff, kb);
        return 0;
    }
    /* one block per body: frames, enclosures, generations, made flags
       (in decreasing alignment); four allocations per body were a
       tenth of the query's setup on the tetrahedron pair */
    size_t fb = (size_t)nv * sizeof *c->frame, xb = (size_t)nv * sizeof *c->x, gb = (size_t)nv * sizeof *c->gen;
    char *block = malloc(fb + xb + gb + (size_t)nv);
    if (!block)
        return -1;
    c->frame = (vccd_di_vec3 (*)[3])block;
    c->x = (vccd_di_vec3 *)(block + fb);
    c->gen = (unsigned *)(block + fb + xb);
    c->made = (unsigned char *)(block + fb + xb + gb);
    memset(c->gen, 0, gb + (size_t)nv);
    return 0;
}

void
q_vertices_clear(q_state *q)
{
    for (int k = 0; k < 2; k++) {
        free(q->vc[k].frame ? (void *)q->vc[k].frame : (void *)q->vc[k].slot_frame);    /* the block */
        memset(&q->vc[k], 0, sizeof q->vc[k]);
    }
}

const vccd_di_vec3 (*q_vertex_frame(q_state *q, int k, long v))[3]
{
    q_vcache *c = &q->vc[k];
    if (!c->frame)
        return NULL;
    if (!c->made[v]) {
        vccd_motion_point_frame_lin_di(c->frame[v], &q->pf[k], q->body[k]->bvh->mesh->v[v]);
        c->made[v] = 1;
    }
    return (const vccd_di_vec3 (*)[3])&c->frame[v];
}

/* Window [t0, t1] current in c: its time part made, every slot stale
   (n: the generations' count). */
static void
window(q_vcache *c, const vccd_motion_pose_frame *pf, long n, double t0, double t1)
{
    if (c->t0 == t0 && c->t1 == t1)
        return;
    vccd_motion_frame_time_di(&c->ft, pf, vccd_di_set_2d(t0, t1));
    c->t0 = t0;
    c->t1 = t1;
    /* generation 0 is never current: every x is then stale */
    if (++c->cur == 0) {
        memset(c->gen, 0, (size_t)n * sizeof *c->gen);
        c->cur = 1;
    }
}

void
q_vertex_copy(vccd_di_vec3 *x, q_state *q, int k, long v, double t0, double t1)
{
    q_vcache *c = &q->vc[k];
    long s = v & (Q_VHASH_SLOTS - 1);
    window(c, &q->pf[k], Q_VHASH_SLOTS, t0, t1);
    if (c->key[s] != v) {       /* another vertex's (or none): v's frame */
        vccd_motion_point_frame_lin_di(c->slot_frame[s], &q->pf[k], q->body[k]->bvh->mesh->v[v]);
        c->key[s] = (int32_t)v;
        c->gen[s] = 0;          /* its enclosure is not made yet */
    }
    if (c->gen[s] != c->cur) {
        vccd_motion_frame_apply_di(&c->x[s], &c->ft, (const vccd_di_vec3 *)c->slot_frame[s]);
        c->gen[s] = c->cur;
    }
    *x = c->x[s];
}

const vccd_di_vec3 *
q_vertex_make(q_state *q, int k, long v, double t0, double t1)
{
    q_vcache *c = &q->vc[k];
    window(c, &q->pf[k], q->body[k]->bvh->mesh->nv, t0, t1);
    if (c->gen[v] != c->cur) {
        vccd_motion_frame_apply_di(&c->x[v], &c->ft, *q_vertex_frame(q, k, v));
        c->gen[v] = c->cur;
    }
    return &c->x[v];
}
