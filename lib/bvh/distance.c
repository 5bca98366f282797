/* distance.c -- mesh-mesh distance: best-first traversal of two BVHs
   ordered by rigorous BV distance lower bounds, and the brute-force
   loop over all triangle pairs. */
#include <stdlib.h>
#include <string.h>

#include "vccd/distance.h"
#include "vccd/descend.h"
#include "vccd/heap.h"
#include "vccd/plane_ball.h"

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
       subnormals, and outward-rounded anyway), so that 1e-300, 1e200 and
       subnormal quaternions normalise too. */
    for (int i = 0; i < 4; i++)
        m = fmax(m, fmax(fabs(q[i].lo), fabs(q[i].hi)));
    if (!(m > 0.0) || !(m < INFINITY))
        return -1;
    frexp(m, &ex);
    /* in two halves: 2^-ex alone overflows for subnormal m (ex < -1023) */
    for (int i = 0; i < 4; i++) {
        qs[i] = vccd_di_mul_d(vccd_di_mul_d(q[i], ldexp(1.0, -ex / 2)), ldexp(1.0, -ex - -ex / 2));
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
    int refuted;                /* vccd_distance_at_least: a pair below need */
    double need;
    double band;                /* vccd_distance_within: the band */
    vccd_distance_list *list;   /* and its pairs */
    int oom;
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

/* Triangle pair (ta, tb): pruned by its box bound when cut is given and
   the bound is not below *cut (0; the bound still counts in lower), else
   measured into *d, lower and the best pair updated (1). */
static int
measure(query *qy, long ta, long tb, const double *cut, vccd_tri_dist *d)
{
    const double *a[3];
    const vccd_di_vec3 *b[3];
    double lb;

    for (int k = 0; k < 3; k++) {
        a[k] = qy->ma->v[qy->ma->t[ta][k]];
        b[k] = vertex_b(qy, qy->mb->t[tb][k]);
    }
    if (cut && !((lb = box_lower(a, b)) < *cut)) {
        if (lb < qy->lower)
            qy->lower = lb;
        return 0;
    }
    /* A pair proved no closer than the best so far cannot become the
       minimum: its lower bound need not be tightened past the cut
       (vccd_tri_distance_enough; near contact that is most of a pair's
       cost, the witness direction off by rounding over the gap). */
    vccd_tri_distance_enough(d, a, b, cut ? *cut : INFINITY);
    qy->r->tri_tests++;
    if (d->lower < qy->lower)
        qy->lower = d->lower;
    if (d->upper < qy->r->upper || qy->r->tri[0] < 0) {
        qy->r->upper = d->upper;
        qy->r->tri[0] = ta;
        qy->r->tri[1] = tb;
        memcpy(qy->best_p, d->p, sizeof d->p);
        memcpy(qy->best_q, d->q, sizeof d->q);
    }
    return 1;
}

static void
test_pair(query *qy, long ta, long tb)
{
    vccd_tri_dist d;
    /* Not closer than the best pair so far: its bound is all it adds. */
    if (measure(qy, ta, tb, qy->r->tri[0] >= 0 ? &qy->r->upper : NULL, &d) && d.intersect) {
        qy->r->status = VCCD_DISTANCE_INTERSECTING;
        qy->done = 1;
    }
}

/* test_pair, for a caller asking only whether the distance is proved
   >= need (> 0 when need = 0): the final lower bound is at most any
   triangle pair's (measure keeps the minimum) and at most the best upper
   bound, so either below need already refutes it. */
static void
check_pair(query *qy, long ta, long tb)
{
    vccd_tri_dist d;
    double need = qy->need;
    if (!measure(qy, ta, tb, qy->r->tri[0] >= 0 ? &qy->r->upper : NULL, &d))
        return;
    if (d.intersect)
        qy->r->status = VCCD_DISTANCE_INTERSECTING;
    if (d.intersect || (need > 0.0 ? !(d.lower >= need) || !(qy->r->upper >= need) : !(d.lower > 0.0)))
        qy->refuted = qy->done = 1;
}

static void
query_finish(query *qy, const vccd_pose *pa)
{
    vccd_distance_result *r = qy->r;
    int crossing = qy->done && !(qy->refuted && r->status != VCCD_DISTANCE_INTERSECTING);
    r->lower = crossing ? 0.0 : qy->lower;
    if (crossing)
        r->upper = 0.0;
    if (!crossing)
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

VCCD_HEAP_DEFINE(heap, item)

/* Spheres only: a one-triangle leaf more than this many times the other
   node's radius is also bounded by its plane (plane_lower). */
#define PLANE_BIG 4.0

/* With spheres, a big one-triangle leaf against the other node's ball,
   by the triangle's plane (vccd/plane_ball.h): a big triangle's sphere
   holds everything near it (a ground's face under a model, box-bunny in
   vccd bench toc), and only its plane tells them apart.  0 when neither
   node is such a leaf. */
static double
plane_lower(query *qy, const vccd_bvh *a, const vccd_bvh *b, int type, int32_t ia, int32_t ib)
{
    const vccd_bvh_node *na = &a->node[ia], *nb = &b->node[ib];
    const vccd_bv_sphere *sa = vccd_bvh_bv(a, type, ia), *sb = vccd_bvh_bv(b, type, ib);
    vccd_di_vec3 x[3], c, p;
    double g = 0.0, h;
    if (na->left == 0 && na->n == 1 && sa->r > PLANE_BIG * sb->r) {
        /* A's triangle in A's frame, B's centre placed there */
        const vccd_mesh_index *t = qy->ma->t[a->tri[na->start]];
        for (int k = 0; k < 3; k++)
            vccd_di_vec3_set_d(&x[k], qy->ma->v[t[k]][0], qy->ma->v[t[k]][1], qy->ma->v[t[k]][2]);
        vccd_di_vec3_set_d(&p, sb->c[0], sb->c[1], sb->c[2]);
        vccd_di_mat3_mul_vec3(&c, &qy->rp.R, &p);
        vccd_di_vec3_add(&c, &c, &qy->rp.o);
        g = vccd_plane_ball_lower(x, &c, sb->r);
    }
    if (nb->left == 0 && nb->n == 1 && sb->r > PLANE_BIG * sa->r) {
        const vccd_mesh_index *t = qy->mb->t[b->tri[nb->start]];
        for (int k = 0; k < 3; k++)
            x[k] = *vertex_b(qy, t[k]);
        vccd_di_vec3_set_d(&c, sa->c[0], sa->c[1], sa->c[2]);
        h = vccd_plane_ball_lower(x, &c, sa->r);
        g = h > g ? h : g;
    }
    return g;
}

/* The best-first traversal both queries share.  A node pair is kept
   while its bound is below *cut (the best upper bound for the distance;
   the band for the pairs within it) and pruned otherwise, its bound then
   still counted in qy->lower; leaf pairs go to leaf(). */
static int
traverse(query *qy, const vccd_bvh *a, const vccd_bvh *b, int type, const double *cut,
         void (*leaf)(query *, long, long), vccd_error *e)
{
    const vccd_bv_type *bt = vccd_bv_type_get(type);
    union { char c[VCCD_BV_CTX_MAX]; double d; vccd_di_vec3 v; } ctx;
    vccd_distance_result *r = qy->r;
    int sphere = !strcmp(bt->name, "sphere");
    heap hp = { NULL, 0, 0 };
    item x;

    bt->prepare(ctx.c, &qy->rp);
    x.a = x.b = 0;
    x.lb = bt->distance_lower(ctx.c, vccd_bvh_bv(a, type, 0), vccd_bvh_bv(b, type, 0));
    if (sphere && !(x.lb >= *cut)) {
        double g = plane_lower(qy, a, b, type, 0, 0);
        x.lb = g > x.lb || x.lb != x.lb ? g : x.lb;
    }
    r->bv_tests = 1;
    if (heap_push(&hp, &x) != 0)
        goto oom;
    while (hp.n > 0 && !qy->done) {
        const vccd_bvh_node *na, *nb;
        x = heap_pop(&hp);
        if (!(x.lb < *cut)) {           /* and so is every pair left */
            if (x.lb < qy->lower)
                qy->lower = x.lb;
            break;
        }
        na = &a->node[x.a];
        nb = &b->node[x.b];
        if (na->left == 0 && nb->left == 0) {
            for (int32_t i = 0; i < na->n && !qy->done; i++)
                for (int32_t j = 0; j < nb->n && !qy->done; j++)
                    leaf(qy, a->tri[na->start + i], b->tri[nb->start + j]);
            continue;
        }
        /* Descend into one node (vccd/descend.h). */
        int da = vccd_descend_a(na, bt->radius(vccd_bvh_bv(a, type, x.a)), nb, bt->radius(vccd_bvh_bv(b, type, x.b)));
        for (int c = 0; c < 2; c++) {
            item y = x;
            if (da)
                y.a = na->left + c;
            else
                y.b = nb->left + c;
            y.lb = bt->distance_lower(ctx.c, vccd_bvh_bv(a, type, y.a), vccd_bvh_bv(b, type, y.b));
            if (sphere && !(y.lb >= *cut)) {
                double g = plane_lower(qy, a, b, type, y.a, y.b);
                y.lb = g > y.lb || y.lb != y.lb ? g : y.lb;
            }
            r->bv_tests++;
            if (y.lb < *cut) {
                if (heap_push(&hp, &y) != 0)
                    goto oom;
            } else if (y.lb < qy->lower) {
                qy->lower = y.lb;       /* pruned: it still bounds its pairs */
            }
        }
    }
    free(hp.it);
    return 0;
oom:
    free(hp.it);
    return vccd_error_set(e, NULL, 0, NULL, NULL, "out of memory in the distance traversal");
}

static int
check_type(const vccd_bvh *a, const vccd_bvh *b, int type, vccd_error *e)
{
    const vccd_bv_type *bt = vccd_bv_type_get(type);
    union { char c[VCCD_BV_CTX_MAX]; double d; vccd_di_vec3 v; } ctx;
    if (!bt || !a->bv[type] || !b->bv[type])
        return vccd_error_set(e, NULL, 0, NULL, NULL, "BV type %s was not built in both BVHs",
                              bt ? bt->name : "(none)");
    if (bt->ctx_size > sizeof ctx)
        return vccd_error_set(e, NULL, 0, NULL, NULL, "BV type %s needs a larger context", bt->name);
    return 0;
}

int
vccd_distance(vccd_distance_result *r, const vccd_bvh *a, const vccd_pose *pa, const vccd_bvh *b,
              const vccd_pose *pb, int type, vccd_error *e)
{
    query qy;
    int rc;
    if (check_type(a, b, type, e) != 0 || query_init(&qy, r, a->mesh, pa, b->mesh, pb, e) != 0)
        return -1;
    rc = traverse(&qy, a, b, type, &r->upper, test_pair, e);
    query_finish(&qy, pa);
    return rc;
}

int
vccd_distance_at_least(int *ok, vccd_distance_result *r, const vccd_bvh *a, const vccd_pose *pa, const vccd_bvh *b,
                       const vccd_pose *pb, int type, double need, vccd_error *e)
{
    query qy;
    int rc;
    *ok = 0;
    if (!(need >= 0.0))
        return vccd_error_set(e, NULL, 0, NULL, NULL, "vccd_distance_at_least: need = %g is not >= 0", need);
    if (check_type(a, b, type, e) != 0 || query_init(&qy, r, a->mesh, pa, b->mesh, pb, e) != 0)
        return -1;
    qy.need = need;
    rc = traverse(&qy, a, b, type, &r->upper, check_pair, e);
    /* refuted: node pairs left in the queue are not in qy.lower, so the
       only lower bound it proves is 0 */
    if (qy.refuted)
        qy.lower = 0.0;
    query_finish(&qy, pa);
    /* not refuted: the whole traversal ran, as vccd_distance's */
    *ok = !qy.refuted && (need > 0.0 ? r->lower >= need : r->lower > 0.0);
    return rc;
}

/* --- the triangle pairs within a band ------------------------------------ */

static void
within_pair(query *qy, long ta, long tb)
{
    vccd_tri_dist d;
    vccd_distance_pair *p;
    if (!measure(qy, ta, tb, &qy->band, &d))
        return;
    if (d.intersect)
        qy->r->status = VCCD_DISTANCE_INTERSECTING;
    if (!(d.lower < qy->band))
        return;
    if (qy->list->n == qy->list->cap) {
        size_t cap = qy->list->cap ? 2 * qy->list->cap : 64;
        vccd_distance_pair *np = realloc(qy->list->pair, cap * sizeof *np);
        if (!np) {
            qy->oom = 1;
            qy->done = 1;
            return;
        }
        qy->list->pair = np;
        qy->list->cap = cap;
    }
    p = &qy->list->pair[qy->list->n++];
    p->tri[0] = ta;
    p->tri[1] = tb;
    p->lower = d.lower;
    p->upper = d.upper;
    memcpy(p->p, d.p, sizeof d.p);
    memcpy(p->q, d.q, sizeof d.q);
}

int
vccd_distance_within(vccd_distance_list *list, vccd_distance_result *r, const vccd_bvh *a, const vccd_pose *pa,
                     const vccd_bvh *b, const vccd_pose *pb, int type, double band, vccd_error *e)
{
    query qy;
    int rc;
    list->n = 0;
    if (check_type(a, b, type, e) != 0 || query_init(&qy, r, a->mesh, pa, b->mesh, pb, e) != 0)
        return -1;
    qy.band = band;
    qy.list = list;
    rc = traverse(&qy, a, b, type, &qy.band, within_pair, e);
    /* Intersecting pairs do not stop this traversal (every pair in the
       band is wanted), so the status is settled here. */
    qy.done = r->status == VCCD_DISTANCE_INTERSECTING;
    query_finish(&qy, pa);
    /* Pairs apart by more than the band were not all tested: lower is a
       bound of the distance only as min(lower, band). */
    if (r->lower > band)
        r->lower = band;
    if (qy.oom)
        return vccd_error_set(e, NULL, 0, NULL, NULL, "out of memory for the pairs within the band");
    return rc;
}
