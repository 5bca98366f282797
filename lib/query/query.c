/* query.c -- the mesh query's traversal: node pairs and time boxes
   best first by their contact time lower bounds (thesis 5.4.3), ComputeN
   time subdivision, and the exact and Capoeira modes. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "query_impl.h"
#include "vccd/descend.h"
#include "vccd/heap.h"

/* At most this many pieces per time split: ComputeN's N, capped so that
   one displacement estimate that is far too large cannot flood the
   queue (the pieces split again when they need to). */
#define Q_MAX_SPLIT 16
/* Cut time while the nodes can move more than this fraction of their
   size over the box; the size is the larger node's, or for a leaf pair
   the mean of the two.  Chosen by bench toc on the bunny pair, OBB,
   one-triangle leaves, 4 frames: exact median 27.6 ms at 1, 11.4 at
   1/4, 9.6 at 1/8, 14.7 at 1/16 (2 and above: 120 ms and worse). */
#define Q_SPLIT_FACTOR 0.125
/* The same for a pair of leaves of alike sizes (within a factor 4),
   whose features are solved exactly over the box anyway: a looser cut
   means fewer time boxes, each a pose enclosure and a leaf pair's vertex
   enclosures.  Measured with the thesis frames (7.3, OBB, one-triangle
   leaves): tetrahedron pair (128 frames) median 0.28 -> 0.21 ms low
   speed, 0.19 -> 0.14 ms high (before the advance, advance.c; after it
   about 5%); bunny pair (24 frames) 2.91 -> 2.72 ms low, 1.20 -> 1.21
   high; 1/2 and 1 measured the same as 1/4 on the tetrahedra.  A
   tetrahedron's face against a scanned mesh's triangle (32 frames):
   1/4 was 20-35% slower than 1/8 (tetrahedron-bunny low 10.5 -> 13.5
   ms, -buddha 8.4 -> 10.9), so unlike leaves keep 1/8. */
#define Q_LEAF_SPLIT_FACTOR 0.25
/* The most triangle pairs solved all at once over a guessed contact's
   window (guess.c) instead of traversed: the tetrahedron pair's 16. */
#define Q_WINDOW_BRUTE_PAIRS 16
/* Items popped between two checks of the work budget (query.h). */
#define Q_BUDGET_EVERY 16
#define Q_ALIKE(a, b) ((a) <= 4.0 * (b) && (b) <= 4.0 * (a))
#define Q_NODE_SIZE(a, b) ((a) > (b) ? (a) : (b))
#define Q_LEAF_SIZE(a, b) (0.5 * ((a) + (b)))

const char *
vccd_query_mode_name(vccd_query_mode m)
{
    return m == VCCD_QUERY_CAPOEIRA ? "capoeira" : "exact";
}

void
vccd_query_opts_init(vccd_query_opts *o)
{
    memset(o, 0, sizeof *o);
    o->mode = VCCD_QUERY_EXACT;
    o->bv = vccd_bv_type_find("obb");
    o->eps_d = 0.0;
    o->gap = 1;
    o->positive_gap = 1;
    o->linear = 1;
    o->advance = 1;
    o->safe_none = 1;
    o->max_work = VCCD_QUERY_MAX_WORK;
    vccd_solve_opts_init(&o->solve);
}

/* --- the queue: a binary min-heap on lb ---------------------------- */

typedef struct {
    double lb, t0, t1;
    int32_t a, b;
    int32_t deferred;           /* 1: lb is the parent's (split_time) */
    long box;
} item;

VCCD_HEAP_DEFINE(heap, item)

/* --- the traversal -------------------------------------------------- */

/* Push (a, b, [t0, t1]) unless its swept test proves it apart; its bound
   never drops below its parent's, which bounds every pair below. */
static int
push(q_state *q, heap *h, int32_t a, int32_t b, long box, double parent_lb, double parent_t1)
{
    item x;
    double t0 = q->box[box].t0, t1 = parent_t1 < q->box[box].t1 ? parent_t1 : q->box[box].t1;
    x.lb = q_toc_lower(q, a, b, box, parent_lb, &t1);
    if (x.lb == INFINITY)
        return 0;
    x.lb = x.lb > parent_lb ? x.lb : parent_lb;
    if (x.lb > t1)              /* a time piece before its parent's bound */
        return 0;
    x.t0 = t0;
    x.t1 = t1;
    x.a = a;
    x.b = b;
    x.box = box;
    x.deferred = 0;
    q->r->items++;
    return heap_push(h, &x);
}

/* Push a time piece of its parent with the parent's bound (or the
   piece's start), its own bound deferred until it is popped: most
   pieces after the contact never are, and their bound was a pose
   enclosure and a volume test each. */
static int
push_deferred(q_state *q, heap *h, const item *parent, long box, double t1)
{
    item x = *parent;
    x.t0 = q->box[box].t0;
    x.t1 = t1 < q->box[box].t1 ? t1 : q->box[box].t1;
    x.lb = parent->lb > x.t0 ? parent->lb : x.t0;
    if (x.lb > x.t1)
        return 0;
    x.box = box;
    x.deferred = 1;
    return heap_push(h, &x);
}

/* Split A's node next (else B's): vccd/descend.h's rule. */
static int
descend_a(const q_state *q, const item *x)
{
    const vccd_bvh_node *na = &q->body[0]->bvh->node[x->a], *nb = &q->body[1]->bvh->node[x->b];
    /* the big body's nodes first when its leaves are tested by their
       planes (swept.c, plane_lower): its inner spheres hold the whole
       small body, and only its leaves can be told apart from it */
    if (q->big_plane >= 0 && (q->big_plane ? nb : na)->left != 0)
        return q->big_plane == 0;
    return vccd_descend_a(na, q_node_size(q, 0, x->a), nb, q_node_size(q, 1, x->b));
}

/* The size ComputeN cuts time for: the larger node's; a leaf pair
   takes the mean of its two.  Big against small (Q_BIG), the size of
   the node descended next instead: under a ground's face the falling
   body's nodes are then met over boxes they move little across, and
   those still far from the face there are dropped by the bound from the
   box's start, where over the whole step nearly every node of the body
   came within reach of the face (box-bunny low, OBB, 4 frames: 257k
   volume tests per query before, 645 after; journal of 2026-11-29).
   Only when that bound proved the pair apart at its box's start (lb >
   t0): a volume that cannot separate them at all (a big triangle's
   bounding sphere holds the whole body) gains nothing from shorter
   boxes but more of them.  Not between bodies of alike radii (a
   tetrahedron's face against the bunny): there the face's looser
   volumes (AABB, 18-DOP, sphere) overlap the body near the contact over
   the short boxes too, and the cut only multiplied the items
   (tetrahedron-bunny swept, 18-DOP: 336k -> 609k tests). */
static double
split_size(const q_state *q, const item *x, double ea, double eb, int da)
{
    const vccd_bvh_node *na = &q->body[0]->bvh->node[x->a], *nb = &q->body[1]->bvh->node[x->b];
    if (na->left == 0 && nb->left == 0)
        return Q_LEAF_SIZE(ea, eb);
    /* body[!da] is the one descended, body[da] the other */
    if (x->lb > x->t0 && q->body[da]->rad[0] > Q_BIG * q->body[!da]->rad[0]
        && (da ? eb : ea) > Q_BIG * 2.0 * q->body[!da]->rad[0])
        return da ? ea : eb;
    return Q_NODE_SIZE(ea, eb);
}

/* ComputeN (thesis 5.4.3): into how many pieces to cut [t0, t1] so that
   in each the two nodes move relative to each other by at most about
   their size -- beyond that, the volumes swept over the box are mostly
   empty space.  1: do not cut.  da: descend_a's choice for x. */
static int
compute_n(q_state *q, const item *x, int da)
{
    double s = vccd_query_body_speed(q->body[0], x->a) + vccd_query_body_speed(q->body[1], x->b);
    const vccd_bvh_node *na = &q->body[0]->bvh->node[x->a], *nb = &q->body[1]->bvh->node[x->b];
    double ea = q->body[0]->ext[x->a], eb = q->body[1]->ext[x->b];
    double size = split_size(q, x, ea, eb, da);
    double w = x->t1 - x->t0, n;
    size *= na->left == 0 && nb->left == 0 && Q_ALIKE(ea, eb) ? Q_LEAF_SPLIT_FACTOR : Q_SPLIT_FACTOR;
    /* the constant-velocity test is exact over any box */
    if (q->lin || !(w > q->o->solve.eps_t) || !(s * w > size))
        return 1;
    n = ceil(s * w / (size > 0.0 ? size : 1e-300));
    return n >= Q_MAX_SPLIT || n != n ? Q_MAX_SPLIT : (int)n;
}

static int
split_time(q_state *q, heap *h, const item *x, int n)
{
    double prev = x->t0;
    for (int i = 1; i <= n; i++) {
        /* Each cut point is computed once and shared by both sides, so
           the pieces cover [t0, t1] whatever the rounding. */
        double t = i == n ? x->t1 : x->t0 + (x->t1 - x->t0) * ((double)i / n);
        if (t > x->t1)
            t = x->t1;
        /* a piece ending before the parent's bound is proved free */
        if ((t > prev || i == n) && !(t < x->lb)) {
            long k = q_box_new(q, prev, t);
            if (k < 0 || push_deferred(q, h, x, k, t) != 0)
                return -1;
        }
        prev = t > prev ? t : prev;
    }
    return 0;
}

/* The memory side of the budget: the queue, the time boxes and their
   contexts within VCCD_QUERY_BYTES_PER_WORK bytes per unit of max_work
   (query.h), by the arrays' capacities (deterministic, as the work).  1
   when past it (out_of_work set, open_lo <= t). */
static int
out_of_memory(q_state *q, const heap *h, double t)
{
    size_t bytes = q_bytes(q) + (size_t)h->cap * sizeof(item);
    if (bytes / VCCD_QUERY_BYTES_PER_WORK <= (size_t)q->o->max_work)
        return 0;
    q->r->out_of_work = 1;
    q->open_lo = t < q->open_lo ? t : q->open_lo;
    return 1;
}

/* Every triangle pair of a leaf pair over the item's box, until the
   budget is spent (q->r->out_of_work; open_lo <= x->lb). */
static void
leaf_pairs(q_state *q, const item *x)
{
    const vccd_bvh *ha = q->body[0]->bvh, *hb = q->body[1]->bvh;
    const vccd_bvh_node *na = &ha->node[x->a], *nb = &hb->node[x->b];
    q->r->leaf_pairs++;
    for (int32_t i = 0; i < na->n; i++)
        for (int32_t j = 0; j < nb->n; j++) {
            /* the first pair's budget was checked as x was popped */
            if ((i | j) && q_out_of_work(q, x->lb))
                return;
            q_pairs_solve(q, ha->tri[na->start + i], hb->tri[nb->start + j], x->lb, x->t1);
            if (q->r->out_of_work)
                return;
        }
}

/* The steps before the traversal: the brute-force search when it
   applies (brute.c), the advance of tiny meshes and the pair it ends at
   (advance.c, guess.c), and a guessed contact's short window.  1 when
   they answered the query (q_finish done), 0 when the traversal must
   search from *lb (>= o->solve.t0, the rest proved free) to q->cut. */
static int
shortcut(q_state *q, double *lb)
{
    const vccd_query_opts *o = q->o;
    *lb = o->solve.t0;
    if (q_search_brute(q)) {
        q_solve_all(q, o->solve.t0, o->solve.t1);
        q_finish(q);
        return 1;
    }
    if (q_advance_applies(q)) {
        if ((*lb = q_advance(q)) > o->solve.t1) {
            q_finish(q);        /* the whole domain proved free: none */
            return 1;
        }
        /* the pair the advance ends at: a contact cuts the domain */
        q_guess_solve(q, *lb);
    }
    /* A guessed contact leaves a short window, [advance, its hi]: on
       two tiny meshes every triangle pair over it, their vertex
       enclosures made once for the window, costs less than the descent's
       volume tests (on the tetrahedron pair, 16 triangle pairs against
       about 33 OBB tests with their pose enclosures).  Otherwise the
       root's time box ends at the cut, so that the traversal has no
       pieces of [cut, t1] to make. */
    if (*lb <= q->cut
        && !(q->have_guess && q->cut < o->solve.t1
             && q->body[0]->bvh->mesh->nt * q->body[1]->bvh->mesh->nt <= Q_WINDOW_BRUTE_PAIRS))
        return 0;
    if (*lb <= q->cut) {
        /* one plane for the whole window, else every pair over it */
        int w = q_window_free(q, *lb);
        q->r->window_plane = w == 1;
        if (!w)
            q_solve_all(q, *lb, q->cut);
        q->r->guessed = 1;
    }
    q_finish(q);
    return 1;
}

/* Capoeira's answer at the first leaf pair that still overlaps over a
   box short enough for its volumes to move less than about their size:
   every bound left is >= lb. */
static void
capoeira_stop(vccd_query_result *r, const item *x)
{
    r->status = VCCD_TOC_POSSIBLE;
    r->lo = x->lb;
    r->hi = x->t1 > x->lb ? x->t1 : x->lb;
    r->approximate = 1;
}

/* Capoeira's answer when its traversal ended without a leaf pair to
   stop at: the BVH alone bounds the contact when the budget ran out
   (possible from open_lo, hi proving nothing), else none. */
static void
capoeira_finish(q_state *q)
{
    vccd_query_result *r = q->r;
    if (r->out_of_work) {
        r->status = VCCD_TOC_POSSIBLE;
        r->lo = q->open_lo;
        r->hi = q->cut;
        r->approximate = 1;
        r->limited = 1;
    } else if (!r->approximate) {
        r->status = VCCD_TOC_NONE;
        r->lo = r->hi = q->o->solve.t1;
    }
}

/* Out of memory with item x popped and h left: the answer keeps the
   invariant, the smallest bound not searched is still a proved lower
   bound.  -1 with e set. */
static int
oom_finish(q_state *q, const heap *h, const item *x, vccd_error *e)
{
    vccd_query_result *r = q->r;
    vccd_time unset = { 0 };
    double lo = x->lb;
    q_finish(q);
    for (long i = 0; i < h->n; i++)
        lo = h->it[i].lb < lo ? h->it[i].lb : lo;
    /* exactly, as open_answer (answer.c) */
    if (vccd_time_cmp(&unset, lo, &r->lo_exact, r->lo) < 0 || r->status == VCCD_TOC_NONE) {
        r->status = VCCD_TOC_POSSIBLE;
        r->lo = lo;
        memset(&r->lo_exact, 0, sizeof r->lo_exact);
        r->hi = q->cut;
        memset(&r->hi_exact, 0, sizeof r->hi_exact);
        r->have_pair = 0;
    }
    r->limited = 1;
    return vccd_error_set(e, NULL, 0, NULL, NULL, "out of memory in the mesh query");
}

int
vccd_query_toc(vccd_query_result *r, vccd_query_body *a, vccd_query_body *b, const vccd_query_opts *o, vccd_error *e)
{
    q_state q;
    heap h = { NULL, 0, 0 };
    item x;
    int rc;

    if (q_state_init(&q, r, a, b, o, e) != 0)
        return -1;
    if (shortcut(&q, &x.lb))
        goto after;
    if ((x.box = q_box_new(&q, x.lb, q.cut)) < 0 || push(&q, &h, 0, 0, x.box, x.lb, q.cut) != 0)
        goto oom;
    while (h.n > 0) {
        const vccd_bvh_node *na, *nb;
        int n, leaf, da;
        x = h.it[0];
        /* Nothing left can start before the best pair's contact, nor
           matter after a certified one. */
        if (!(x.lb < q.best_lo_up) || !(x.lb <= q.cut))
            break;
        /* The budget spent: x holds the least bound left, every time
           before it searched or proved free.  Checked every
           Q_BUDGET_EVERY items (1% of the bunny pair's query when at
           every one); past it by as many items at most. */
        if (--q.check_in < 0) {
            if (q_out_of_work(&q, x.lb) || out_of_memory(&q, &h, x.lb))
                break;
            q.check_in = Q_BUDGET_EVERY;
        }
        x = heap_pop(&h);
        if (x.t1 > q.cut)
            x.t1 = q.cut;
        if (x.deferred) {       /* its own bound now, and back in line */
            if (push(&q, &h, x.a, x.b, x.box, x.lb, x.t1) != 0)
                goto oom;
            continue;
        }
        na = &a->bvh->node[x.a];
        nb = &b->bvh->node[x.b];
        leaf = na->left == 0 && nb->left == 0;
        da = leaf ? 0 : descend_a(&q, &x);
        n = compute_n(&q, &x, da);
        if (leaf && n == 1 && o->mode == VCCD_QUERY_CAPOEIRA) {
            capoeira_stop(r, &x);
            break;
        }
        if (n > 1) {
            if (split_time(&q, &h, &x, n) != 0)
                goto oom;
            continue;
        }
        if (leaf) {
            /* Every item reaching this leaf pair holds a piece of one
               partition of time (each node pair has one parent, and a
               split only refines the popped item's own box, whose pieces
               replace it), so solving over the item's own box covers it. */
            leaf_pairs(&q, &x);
            if (r->out_of_work)
                break;
            continue;
        }
        /* Descend into one node (descend_a). */
        for (int c = 0; c < 2; c++) {
            int32_t ca = x.a, cb = x.b;
            if (da)
                ca = na->left + c;
            else
                cb = nb->left + c;
            if (push(&q, &h, ca, cb, x.box, x.lb, x.t1) != 0)
                goto oom;
        }
    }
    if (o->mode == VCCD_QUERY_CAPOEIRA)
        capoeira_finish(&q);
    else
        q_finish(&q);
after:
    rc = q_after(&q, e);
    goto done;
oom:
    rc = oom_finish(&q, &h, &x, e);
done:
    r->work = q_work(&q);
    free(h.it);
    q_state_clear(&q);
    return rc;
}
