/* swept.c -- swept volume tests over a time box, for every BV type
   through its distance_lower: a rigid body's volume under the interval
   pose of the whole box is the volume swept over the box (thesis 5.4.2's
   SphereOverDomain for spheres, the interval separating-axis test for
   OBBs and k-DOPs, the enclosure of the moving box for AABBs), and a
   per-vertex body's volume is refitted around its vertices' enclosures
   over the box.  "Apart" is then a proof for every t in the box. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "query_impl.h"
#include "vccd/plane_ball.h"

/* The world pose of a body over t (identity for a per-vertex body, whose
   refitted volumes are in the world frame).  -1 when the enclosure is
   unusable (NaN after an overflow). */
static int
pose_over(vccd_di_vec3 *o, vccd_di_mat3 *R, const q_state *q, int k, double t0, double t1)
{
    const vccd_query_body *b = q->body[k];
    if (b->m->type->per_vertex) {
        vccd_pose p;
        vccd_pose_identity(&p);
        *o = p.o;
        *R = p.R;
        return 0;
    }
    if (q->have_pf[k])
        vccd_motion_pose_frame_di(o, R, &q->pf[k], vccd_di_set_2d(t0, t1));
    else
        vccd_motion_pose_di(o, R, b->m, vccd_di_set_2d(t0, t1));
    for (int i = 0; i < 9; i++)
        if (!(R->m[i].lo <= R->m[i].hi) || (i < 3 && !(o->c[i].lo <= o->c[i].hi)))
            return -1;
    return 0;
}

static uint64_t
box_hash(double t0, double t1)
{
    union { double d; uint64_t u; } x = { t0 }, y = { t1 };
    return (x.u * 0x9E3779B97F4A7C15u) ^ (y.u * 0xC2B2AE3D27D4EB4Fu) ^ (y.u >> 29);
}

static long *
box_slot(const q_state *q, double t0, double t1)
{
    for (uint64_t j = box_hash(t0, t1) >> 20;; j++) {
        long *s = &q->slot[j & (uint64_t)(q->nslot - 1)];
        if (!*s || (q->box[*s - 1].t0 == t0 && q->box[*s - 1].t1 == t1))
            return s;
    }
}

long
q_box_new(q_state *q, double t0, double t1)
{
    q_box *b;
    long *sl;
    if (q->slot && *(sl = box_slot(q, t0, t1)))
        return *sl - 1;
    if (2 * (q->nbox + 1) > q->nslot) {
        long ns = q->nslot ? 2 * q->nslot : 256;
        long *old = q->slot, on = q->nslot;
        if (!(q->slot = calloc((size_t)ns, sizeof *q->slot))) {
            q->slot = old;
            return -1;
        }
        q->nslot = ns;
        for (long i = 0; i < on; i++)
            if (old[i])
                *box_slot(q, q->box[old[i] - 1].t0, q->box[old[i] - 1].t1) = old[i];
        free(old);
    }
    if (q->nbox == q->capbox) {
        long nc = q->capbox ? 2 * q->capbox : 64;
        q_box *nb = realloc(q->box, (size_t)nc * sizeof *nb);
        if (!nb)
            return -1;
        q->box = nb;
        q->capbox = nc;
    }
    b = &q->box[q->nbox];
    b->t0 = t0;
    b->t1 = t1;
    /* prepared on first use (box_ready): most boxes are dropped by the
       bound from their start alone and never need the swept context */
    b->ctx[0] = b->ctx[1] = Q_CTX_LATER;
    *box_slot(q, t0, t1) = q->nbox + 1;
    return q->nbox++;
}

/* Box k's context over the box (at_start 0) or at its start (1),
   prepared on first use; NULL when it has no usable pose enclosure, or
   no memory for its context (limited): then everything may touch, as
   sound. */
static const void *
box_ready(q_state *q, long k, int at_start)
{
    q_box *b = &q->box[k];
    if (b->ctx[at_start] == Q_CTX_LATER) {
        vccd_di_vec3 oa, ob;
        vccd_di_mat3 Ra, Rb;
        vccd_bv_relpose rp;
        double u = at_start ? b->t0 : b->t1;
        b->ctx[at_start] = Q_CTX_NONE;
        if (pose_over(&oa, &Ra, q, 0, b->t0, u) != 0 || pose_over(&ob, &Rb, q, 1, b->t0, u) != 0)
            return NULL;
        if (q->nctx == q->capctx) {
            long nc = q->capctx ? 2 * q->capctx : 64;
            char *c = nc <= INT32_MAX ? realloc(q->ctx, (size_t)nc * q->bt->ctx_size) : NULL;
            if (!c) {
                q->r->limited = 1;      /* a weaker answer, still a proof */
                return NULL;
            }
            q->ctx = c;
            q->capctx = nc;
        }
        b->ctx[at_start] = (int32_t)q->nctx++;
        vccd_bv_relpose_from(&rp, &oa, &Ra, &ob, &Rb);
        q->bt->prepare(q->ctx + (size_t)b->ctx[at_start] * q->bt->ctx_size, &rp);
    }
    return b->ctx[at_start] < 0 ? NULL : q->ctx + (size_t)b->ctx[at_start] * q->bt->ctx_size;
}

/* A volume of the query's type around every position of the vertices of
   node i of per-vertex body b over [t0, t1]: the box of their
   enclosures, then the type fitted to the box's corners (every type is
   convex, so enclosing the corners encloses the box). */
static void
refit(void *bv, const q_state *q, const vccd_query_body *b, long i, double t0, double t1)
{
    const vccd_mesh *ms = b->bvh->mesh;
    const vccd_bvh_node *nd = &b->bvh->node[i];
    double lo[3] = { INFINITY, INFINITY, INFINITY }, hi[3] = { -INFINITY, -INFINITY, -INFINITY };
    double corner[8][3];
    vccd_di t = vccd_di_set_2d(t0, t1);
    vccd_di_vec3 zero, x;

    vccd_di_vec3_set_d(&zero, 0, 0, 0);
    for (long k = 0; k < 3L * nd->n; k++) {
        vccd_motion_eval_di(&x, NULL, NULL, b->m, &zero, ms->t[b->bvh->tri[nd->start + k / 3]][k % 3], t);
        for (int c = 0; c < 3; c++) {
            /* NaN bounds (overflow) widen to everything */
            lo[c] = x.c[c].lo < lo[c] ? x.c[c].lo : (x.c[c].lo == x.c[c].lo ? lo[c] : -INFINITY);
            hi[c] = x.c[c].hi > hi[c] ? x.c[c].hi : (x.c[c].hi == x.c[c].hi ? hi[c] : INFINITY);
        }
    }
    for (int k = 0; k < 8; k++)
        for (int c = 0; c < 3; c++)
            corner[k][c] = (k >> c) & 1 ? hi[c] : lo[c];
    q->bt->fit(bv, (const double (*)[3])corner, 8);
}

/* Big against small with spheres: a big triangle's bounding sphere
   holds the whole small body, so no sphere test ever separates a node
   of it from the triangle's leaf (box-bunny: every one of the box's 12
   leaves against every bunny node, 1.7M tests per query).  The small
   node's sphere against the triangle's plane instead: the triangle lies
   in the plane, so a sphere wholly on one side of it by g is g from the
   triangle.  Both bodies rigid (q->big_plane >= 0), the poses over [t0,
   t1] as intervals, every step outward: a lower bound of the distance
   over the box, 0 when it proves nothing. */
static double
plane_lower(const q_state *q, const int32_t node[2], double t0, double t1)
{
    int k = q->big_plane;
    const vccd_bvh *hb = q->body[k]->bvh;
    const vccd_bvh_node *nd = &hb->node[node[k]];
    const vccd_bv_sphere *sp = vccd_bvh_bv(q->body[1 - k]->bvh, q->bv, node[1 - k]);
    vccd_di_vec3 o[2], x[4];
    vccd_di_mat3 R[2];
    if (nd->left != 0 || nd->n != 1)
        return 0.0;
    for (int b = 0; b < 2; b++)
        if (pose_over(&o[b], &R[b], q, b, t0, t1) != 0)
            return 0.0;
    /* the triangle's corners and the sphere's centre, world frame */
    for (int c = 0; c < 4; c++) {
        vccd_di_vec3 p;
        const double *v = c < 3 ? hb->mesh->v[hb->mesh->t[hb->tri[nd->start]][c]] : sp->c;
        int b = c < 3 ? k : 1 - k;
        vccd_di_vec3_set_d(&p, v[0], v[1], v[2]);
        vccd_di_mat3_mul_vec3(&x[c], &R[b], &p);
        vccd_di_vec3_add(&x[c], &x[c], &o[b]);
    }
    return vccd_plane_ball_lower(x, &x[3], sp->r);
}

double
q_swept_lower(q_state *q, int32_t ia, int32_t ib, long k, int at_start)
{
    union { char c[256]; double d; } buf[2];
    const void *v[2];
    const void *ctx;
    int32_t node[2] = { ia, ib };
    double t0 = q->box[k].t0, t1 = at_start ? t0 : q->box[k].t1, d;

    q->r->bv_tests++;
    if (!(ctx = box_ready(q, k, at_start)))
        return 0.0;
    for (int s = 0; s < 2; s++) {
        const vccd_query_body *b = q->body[s];
        if (b->m->type->per_vertex) {
            refit(buf[s].c, q, b, node[s], t0, t1);
            v[s] = buf[s].c;
        } else {
            v[s] = vccd_bvh_bv(b->bvh, q->bv, node[s]);
        }
    }
    d = q->bt->distance_lower(ctx, v[0], v[1]);
    /* the plane's bound where the volumes' does not clear the margin
       (q_toc_lower compares with min_separation, 0 without one) */
    if (q->big_plane >= 0 && !(d > q->o->min_separation)) {
        double p = plane_lower(q, node, t0, t1);
        d = p > d || d != d ? p : d;
    }
    return d;
}

double
q_toc_lower(q_state *q, int32_t ia, int32_t ib, long k, double lo, double *hi)
{
    /* m: the min-separation margin, every volume inflated by it (0:
       touching).  Nodes proved more than m apart over the box hold no
       pair closer than m. */
    double d0, s, t0 = q->box[k].t0, t1 = q->box[k].t1, m = q->o->min_separation;
    if (q->lin) {               /* never with a margin: see q_state_init */
        double tf, tl;
        q->r->bv_tests++;
        lo = lo > t0 ? lo : t0;
        if (!(lo <= *hi) || !q->bt->overlap_times(q->lin, vccd_bvh_bv(q->body[0]->bvh, q->bv, ia),
                                                   vccd_bvh_bv(q->body[1]->bvh, q->bv, ib), lo, *hi, &tf, &tl))
            return INFINITY;
        *hi = tl;
        return tf;
    }
    /* The nodes are d0 apart at t0 and their points move at most s
       relative to each other, so they stay more than m apart before
       t0 + (d0 - m) / s.  This test first: most node pairs that the
       traversal meets overlap over the whole box, and are dropped, if at
       all, by this bound passing the box's end, which makes the swept
       test unnecessary. */
    lo = t0;
    if (t0 < t1 && (d0 = q_swept_lower(q, ia, ib, k, 1)) > m) {
        s = Q_UP(vccd_query_body_speed(q->body[0], ia) + vccd_query_body_speed(q->body[1], ib));
        if (s == 0.0)
            return INFINITY;
        if (s < INFINITY) {
            s = Q_DN(t0 + Q_DN(Q_DN(d0 - m) / s));
            if (s > t1)
                return INFINITY;
            lo = s > t0 ? s : t0;
        }
    }
    /* Then the swept test, only for pairs of leaves: there it spares
       their feature pairs, while above the leaves it almost never
       proved what the bound above had not (bench toc, bunny pair, OBB:
       0 of 500000 node pairs) and cost a test per pushed item. */
    if (q->body[0]->bvh->node[ia].left == 0 && q->body[1]->bvh->node[ib].left == 0
        && q_swept_lower(q, ia, ib, k, 0) > m)
        return INFINITY;
    return lo;
}
