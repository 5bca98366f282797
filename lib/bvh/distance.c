/* distance.c -- mesh-mesh distance: best-first traversal of two BVHs
   ordered by rigorous BV distance lower bounds, and the brute-force
   loop over all triangle pairs. */
#include <stdlib.h>
#include <string.h>

#include "vccd/distance.h"
#include "vccd/grow.h"

void
vccd_pose_identity(vccd_pose *p)
{
    vccd_di_vec3_set_d(&p->o, 0, 0, 0);
    for (int i = 0; i < 9; i++)
        p->R.m[i] = vccd_di_set_d(i % 4 == 0 ? 1.0 : 0.0);
}

int
vccd_pose_from_quat(vccd_pose *p, const vccd_di pos[3], const vccd_di q[4])
{
    vccd_di_quat u;
    vccd_di n2 = vccd_di_set_d(0.0), n, qs[4];
    double m = 0.0;
    int ex;
    /* Scale by a power of two to magnitude ~1 first (exact but for
       subnormals, and outward-rounded anyway), so that 1e-300 and 1e200
       quaternions normalise too. */
    for (int i = 0; i < 4; i++)
        m = fmax(m, fmax(fabs(q[i].lo), fabs(q[i].hi)));
    if (!(m > 0.0) || !(m < INFINITY))
        return -1;
    frexp(m, &ex);
    for (int i = 0; i < 4; i++) {
        qs[i] = vccd_di_mul_d(q[i], ldexp(1.0, -ex));
        n2 = vccd_di_add(n2, vccd_di_sqr(qs[i]));
    }
    if (!(n2.lo > 0.0) || !(n2.hi < INFINITY))
        return -1;
    /* u encloses the unit quaternion q / |q|, so the matrix encloses its
       rotation (quat_to_mat3's contract). */
    n = vccd_di_sqrt(n2);
    for (int i = 0; i < 4; i++)
        u.q[i] = vccd_di_div(qs[i], n);
    vccd_di_quat_to_mat3(&p->R, &u);
    for (int k = 0; k < 3; k++)
        p->o.c[k] = pos[k];
    return 0;
}

const char *
vccd_distance_status_name(vccd_distance_status s)
{
    return s == VCCD_DISTANCE_SEPARATED ? "separated"
           : s == VCCD_DISTANCE_TOUCHING ? "touching-or-within-rounding" : "intersecting";
}

/* A query's shared state: B's vertices moved into A's frame on first
   use (stamp), and the best pair so far. */
typedef struct {
    const vccd_mesh *ma, *mb;
    vccd_bv_relpose rp;
    vccd_di_vec3 *vb;
    unsigned char *seen;
    vccd_distance_result *r;
    double lower;               /* min over tested / pruned bounds */
    double best_p[3], best_q[3];
    int done;                   /* certified crossing: distance 0 */
} query;

static int
query_init(query *qy, vccd_distance_result *r, const vccd_mesh *ma, const vccd_pose *pa, const vccd_mesh *mb,
           const vccd_pose *pb, vccd_error *e)
{
    memset(qy, 0, sizeof *qy);
    qy->ma = ma;
    qy->mb = mb;
    qy->r = r;
    vccd_bv_relpose_from(&qy->rp, &pa->o, &pa->R, &pb->o, &pb->R);
    qy->vb = malloc((size_t)mb->nv * sizeof *qy->vb);
    qy->seen = calloc((size_t)mb->nv, 1);
    if (!qy->vb || !qy->seen) {
        free(qy->vb);
        free(qy->seen);
        return vccd_error_set(e, mb->name, 0, NULL, NULL, "out of memory for the distance query");
    }
    memset(r, 0, sizeof *r);
    r->lower = INFINITY;
    r->upper = INFINITY;
    r->tri[0] = r->tri[1] = -1;
    qy->lower = INFINITY;
    return 0;
}

static const vccd_di_vec3 *
vertex_b(query *qy, long i)
{
    if (!qy->seen[i]) {
        vccd_di_vec3 p;
        vccd_di_vec3_set_d(&p, qy->mb->v[i][0], qy->mb->v[i][1], qy->mb->v[i][2]);
        vccd_di_mat3_mul_vec3(&qy->vb[i], &qy->rp.R, &p);
        vccd_di_vec3_add(&qy->vb[i], &qy->vb[i], &qy->rp.o);
        qy->seen[i] = 1;
    }
    return &qy->vb[i];
}

/* A lower bound of the distance of the boxes around a and b (in A's
   frame): most pairs of a leaf pair are settled by it. */
static double
box_lower(const double *const a[3], const vccd_di_vec3 *const b[3])
{
    vccd_di s = vccd_di_set_d(0.0);
    for (int k = 0; k < 3; k++) {
        double alo = fmin(a[0][k], fmin(a[1][k], a[2][k])), ahi = fmax(a[0][k], fmax(a[1][k], a[2][k]));
        double blo = fmin(b[0]->c[k].lo, fmin(b[1]->c[k].lo, b[2]->c[k].lo));
        double bhi = fmax(b[0]->c[k].hi, fmax(b[1]->c[k].hi, b[2]->c[k].hi));
        double g = fmax(vccd_fp_next_down(blo - ahi), vccd_fp_next_down(alo - bhi));
        if (g > 0.0)
            s = vccd_di_add(s, vccd_di_sqr(vccd_di_set_d(g)));
    }
    return vccd_di_sqrt(s).lo;
}

static void
test_pair(query *qy, long ta, long tb)
{
    const double *a[3];
    const vccd_di_vec3 *b[3];
    vccd_tri_dist d;
    double lb;
    for (int k = 0; k < 3; k++) {
        a[k] = qy->ma->v[qy->ma->t[ta][k]];
        b[k] = vertex_b(qy, qy->mb->t[tb][k]);
    }
    /* Not closer than the best pair so far: its bound is all it adds. */
    if (qy->r->tri[0] >= 0 && !((lb = box_lower(a, b)) < qy->r->upper)) {
        if (lb < qy->lower)
            qy->lower = lb;
        return;
    }
    vccd_tri_distance(&d, a, b);
    qy->r->tri_tests++;
    if (d.lower < qy->lower)
        qy->lower = d.lower;
    if (d.upper < qy->r->upper || qy->r->tri[0] < 0) {
        qy->r->upper = d.upper;
        qy->r->tri[0] = ta;
        qy->r->tri[1] = tb;
        memcpy(qy->best_p, d.p, sizeof d.p);
        memcpy(qy->best_q, d.q, sizeof d.q);
    }
    if (d.intersect) {
        qy->r->status = VCCD_DISTANCE_INTERSECTING;
        qy->done = 1;
    }
}

static void
query_finish(query *qy, const vccd_pose *pa)
{
    vccd_distance_result *r = qy->r;
    r->lower = qy->done ? 0.0 : qy->lower;
    if (qy->done)
        r->upper = 0.0;
    if (!qy->done)
        r->status = r->lower > 0.0 ? VCCD_DISTANCE_SEPARATED : VCCD_DISTANCE_TOUCHING;
    /* Report the witness points in the world frame (A's frame mapped by
       A's pose; midpoints: for display only). */
    for (int s = 0; s < 2; s++) {
        vccd_di_vec3 x, w;
        const double *p = s ? qy->best_q : qy->best_p;
        vccd_di_vec3_set_d(&x, p[0], p[1], p[2]);
        vccd_di_mat3_mul_vec3(&w, &pa->R, &x);
        vccd_di_vec3_add(&w, &w, &pa->o);
        for (int k = 0; k < 3; k++)
            r->point[s][k] = 0.5 * w.c[k].lo + 0.5 * w.c[k].hi;
    }
    free(qy->vb);
    free(qy->seen);
}

int
vccd_distance_brute(vccd_distance_result *r, const vccd_mesh *a, const vccd_pose *pa, const vccd_mesh *b,
                    const vccd_pose *pb, vccd_error *e)
{
    query qy;
    if (query_init(&qy, r, a, pa, b, pb, e) != 0)
        return -1;
    for (long i = 0; i < a->nt && !qy.done; i++)
        for (long j = 0; j < b->nt && !qy.done; j++)
            test_pair(&qy, i, j);
    query_finish(&qy, pa);
    return 0;
}

/* --- the traversal's priority queue: a binary min-heap on lb --------- */

typedef struct {
    double lb;
    int32_t a, b;
} item;

typedef struct {
    item *it;
    long n, cap;
} heap;

static int
heap_push(heap *h, item x)
{
    long i;
    if (h->n == h->cap && vccd_grow((void **)&h->it, &h->cap, h->n, sizeof *h->it) != 0)
        return -1;
    i = h->n++;
    while (i > 0 && h->it[(i - 1) / 2].lb > x.lb) {
        h->it[i] = h->it[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h->it[i] = x;
    return 0;
}

static item
heap_pop(heap *h)
{
    item top = h->it[0], x = h->it[--h->n];
    long i = 0;
    for (;;) {
        long c = 2 * i + 1;
        if (c >= h->n)
            break;
        if (c + 1 < h->n && h->it[c + 1].lb < h->it[c].lb)
            c++;
        if (!(h->it[c].lb < x.lb))
            break;
        h->it[i] = h->it[c];
        i = c;
    }
    if (h->n > 0)
        h->it[i] = x;
    return top;
}

int
vccd_distance(vccd_distance_result *r, const vccd_bvh *a, const vccd_pose *pa, const vccd_bvh *b,
              const vccd_pose *pb, int type, vccd_error *e)
{
    const vccd_bv_type *bt = vccd_bv_type_get(type);
    union { char c[VCCD_BV_CTX_MAX]; double d; vccd_di_vec3 v; } ctx;
    query qy;
    heap hp = { NULL, 0, 0 };
    item x;

    if (!bt || !a->bv[type] || !b->bv[type])
        return vccd_error_set(e, NULL, 0, NULL, NULL, "BV type %s was not built in both BVHs",
                              bt ? bt->name : "(none)");
    if (bt->ctx_size > sizeof ctx)
        return vccd_error_set(e, NULL, 0, NULL, NULL, "BV type %s needs a larger context", bt->name);
    if (query_init(&qy, r, a->mesh, pa, b->mesh, pb, e) != 0)
        return -1;
    bt->prepare(ctx.c, &qy.rp);
    x.a = x.b = 0;
    x.lb = bt->distance_lower(ctx.c, vccd_bvh_bv(a, type, 0), vccd_bvh_bv(b, type, 0));
    r->bv_tests = 1;
    if (heap_push(&hp, x) != 0)
        goto oom;
    while (hp.n > 0 && !qy.done) {
        const vccd_bvh_node *na, *nb;
        x = heap_pop(&hp);
        if (!(x.lb < r->upper)) {       /* and so is every pair left */
            if (x.lb < qy.lower)
                qy.lower = x.lb;
            break;
        }
        na = &a->node[x.a];
        nb = &b->node[x.b];
        if (na->left == 0 && nb->left == 0) {
            for (int32_t i = 0; i < na->n && !qy.done; i++)
                for (int32_t j = 0; j < nb->n && !qy.done; j++)
                    test_pair(&qy, a->tri[na->start + i], b->tri[nb->start + j]);
            continue;
        }
        /* Descend into the node with more triangles (A on ties). */
        for (int c = 0; c < 2; c++) {
            item y = x;
            if (na->left != 0 && (nb->left == 0 || na->n >= nb->n))
                y.a = na->left + c;
            else
                y.b = nb->left + c;
            y.lb = bt->distance_lower(ctx.c, vccd_bvh_bv(a, type, y.a), vccd_bvh_bv(b, type, y.b));
            r->bv_tests++;
            if (y.lb < r->upper) {
                if (heap_push(&hp, y) != 0)
                    goto oom;
            } else if (y.lb < qy.lower) {
                qy.lower = y.lb;        /* pruned: it still bounds its pairs */
            }
        }
    }
    free(hp.it);
    query_finish(&qy, pa);
    return 0;
oom:
    free(hp.it);
    query_finish(&qy, pa);
    return vccd_error_set(e, NULL, 0, NULL, NULL, "out of memory in the distance traversal");
}
