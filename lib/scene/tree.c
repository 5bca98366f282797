/* tree.c -- the scene's broad phase through the mesh's BVH, every time
   slice in one traversal.  The topology is built once, at rest (frame
   0, vccd_scene's bvh); each slice's boxes are refitted bottom-up from
   the faces' boxes.  A deforming mesh keeps its neighbourhoods from
   frame to frame, so the rest topology stays a good grouping; only the
   boxes are remade.

   One traversal carries, with each node pair, the set of slices (a bit
   mask, up to 64 at once) in which the two nodes' boxes overlap; a
   child pair tests only its parent's slices.  A pair of neighbouring
   faces overlaps in every slice, and a traversal per slice met it, and
   the tree above it, once per slice: on n-body-simulation three
   quarters of the face pairs of each of 11 slices were a face and its
   one-ring.  The boxes of a node (and of a face) over all slices lie
   side by side, so the tests of one pair read one run of memory.  A
   feature pair is taken at the first slice of its face pair's set in
   which its own boxes overlap: each pair once, at its first slice.

   Rigor: a face's box over a slice holds its vertices' boxes (sc_vertex_box
   from the enclosed positions at the slice's ends), a node's box the
   union of its faces' (min and max, exact), so two nodes whose boxes are
   disjoint in a slice hold no feature pair whose boxes overlap there. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "scene_impl.h"
#include "vccd/di.h"
#include "vccd/fp.h"
#include "vccd/grow.h"

/* The traversal is cut into at least this many tasks (node pairs and
   single nodes against themselves) for the threads to share. */
#define TREE_TASKS 256
/* Slices per traversal: the bits of a mask, and fewer when their boxes
   would take more than TREE_BYTES (a million-face mesh at 64 slices took
   4.5 GB). */
#define TREE_MASK_BITS 64
#define TREE_BYTES (512.0 * 1024 * 1024)

typedef struct {
    double lo[3], hi[3];
} aabb;

/* The faces' and nodes' boxes in single precision, rounded outward: half
   the memory (and the page faults of making it) and twice the boxes per
   cache line, for boxes that only choose what is tested further; a
   coordinate past the float range becomes an infinite end, and a tiny
   one an end at 0 or the least float, each still enclosing it. */
typedef struct {
    float lo[3], hi[3];
} fbox;

static inline float
f_down(double x)
{
    float f = (float)x;
    return (double)f > x ? nextafterf(f, -INFINITY) : f;
}

static inline float
f_up(double x)
{
    float f = (float)x;
    return (double)f < x ? nextafterf(f, INFINITY) : f;
}

typedef struct {
    int32_t a, b;               /* a == b: node a against itself */
    uint64_t mask;              /* the slices left to test */
} task;

typedef struct {
    task *t;
    long n, cap;
} tasks;

/* One traversal's data: slices k0 .. k0 + n - 1 of ns (times k / ns),
   the vertices' positions enclosed at the n + 1 slice ends (pos[v * (n
   + 1) + j]: at t = (k0 + j) / ns, upper ends raised by d), and the
   faces' and nodes' boxes, n side by side per face and per node. */
typedef struct {
    const vccd_scene *s;
    int k0, n;
    aabb *pos;
    fbox *fbox, *nbox;
} trav;

static int
tpush(tasks *q, int32_t a, int32_t b, uint64_t mask)
{
    if (q->n == q->cap && vccd_grow((void **)&q->t, &q->cap, q->n, sizeof *q->t) != 0)
        return -1;
    q->t[q->n].a = a;
    q->t[q->n].b = b;
    q->t[q->n].mask = mask;
    q->n++;
    return 0;
}

static inline int
aabb_overlap(const aabb *x, const aabb *y)
{
    return !(x->lo[0] > y->hi[0] || y->lo[0] > x->hi[0] || x->lo[1] > y->hi[1] || y->lo[1] > x->hi[1]
             || x->lo[2] > y->hi[2] || y->lo[2] > x->hi[2]);
}

/* The slices of mask in which boxes x[j] and y[j] overlap. */
static inline uint64_t
overlaps(const fbox *x, const fbox *y, uint64_t mask)
{
    uint64_t r = 0;
    for (; mask; mask &= mask - 1) {
        int j = __builtin_ctzll(mask);
        const fbox *a = &x[j], *b = &y[j];
        if (!(a->lo[0] > b->hi[0] || b->lo[0] > a->hi[0] || a->lo[1] > b->hi[1] || b->lo[1] > a->hi[1]
              || a->lo[2] > b->hi[2] || b->lo[2] > a->hi[2]))
            r |= (uint64_t)1 << j;
    }
    return r;
}

/* The box of vertices v[0 .. nv - 1] over slice j. */
static inline void
feature_box(aabb *b, const trav *tr, const vccd_mesh_index *v, int nv, int j)
{
    for (int c = 0; c < 3; c++) {
        b->lo[c] = INFINITY;
        b->hi[c] = -INFINITY;
    }
    for (int i = 0; i < nv; i++)
        for (int e = 0; e < 2; e++) {
            const aabb *p = &tr->pos[(size_t)v[i] * (tr->n + 1) + j + e];
            for (int c = 0; c < 3; c++) {
                b->lo[c] = p->lo[c] < b->lo[c] ? p->lo[c] : b->lo[c];
                b->hi[c] = p->hi[c] > b->hi[c] ? p->hi[c] : b->hi[c];
            }
        }
}

/* The first slice of mask in which the boxes of vertices a[0 .. na - 1]
   and b[0 .. nb - 1] overlap, or -1. */
static int
first_slice(const trav *tr, const vccd_mesh_index *a, int na, const vccd_mesh_index *b, int nb, uint64_t mask)
{
    for (; mask; mask &= mask - 1) {
        int j = __builtin_ctzll(mask);
        aabb x, y;
        feature_box(&x, tr, a, na, j);
        feature_box(&y, tr, b, nb, j);
        if (aabb_overlap(&x, &y))
            return j;
    }
    return -1;
}

/* The first slice of a face pair's set in which a feature pair's boxes
   overlap (sc_first_fn; the set holds every slice in which the faces'
   boxes overlap, which hold the features'). */
typedef struct {
    const trav *tr;
    uint64_t mask;
} pair_ctx;

static int
tree_first(const void *ctx, const vccd_mesh_index *a, int na, const vccd_mesh_index *b, int nb)
{
    const pair_ctx *pc = ctx;
    int j = first_slice(pc->tr, a, na, b, nb, pc->mask);
    return j < 0 ? -1 : pc->tr->k0 + j;
}

static int
face_pair(sc_list *o, const trav *tr, int32_t fa, int32_t fb, uint64_t mask)
{
    pair_ctx pc = { tr, mask };
    return sc_owned_pairs(o, &tr->s->mesh, fa, fb, tree_first, &pc);
}

/* One step of the traversal of task x: its children tasks into q, or
   its face pairs into out.  0, or -1 when out of memory. */
static int
expand(tasks *q, sc_list *out, const trav *tr, task x)
{
    const vccd_bvh *h = &tr->s->bvh;
    const vccd_bvh_node *na = &h->node[x.a], *nd = &h->node[x.b];
    const fbox *nb = tr->nbox, *fb = tr->fbox;
    int n = tr->n;
    if (x.a == x.b) {
        if (na->left == 0) {
            for (int32_t i = 0; i < na->n; i++)
                for (int32_t j = i + 1; j < na->n; j++) {
                    int32_t fa = h->tri[na->start + i], fc = h->tri[na->start + j];
                    uint64_t m = overlaps(&fb[(size_t)fa * n], &fb[(size_t)fc * n], x.mask);
                    if (m && face_pair(out, tr, fa, fc, m) != 0)
                        return -1;
                }
            return 0;
        }
        {
            uint64_t m = overlaps(&nb[(size_t)na->left * n], &nb[(size_t)(na->left + 1) * n], x.mask);
            return tpush(q, na->left, na->left, x.mask) || tpush(q, na->left + 1, na->left + 1, x.mask)
                   || (m && tpush(q, na->left, na->left + 1, m)) ? -1 : 0;
        }
    }
    if (na->left == 0 && nd->left == 0) {
        for (int32_t i = 0; i < na->n; i++)
            for (int32_t j = 0; j < nd->n; j++) {
                int32_t fa = h->tri[na->start + i], fc = h->tri[nd->start + j];
                uint64_t m = overlaps(&fb[(size_t)fa * n], &fb[(size_t)fc * n], x.mask);
                if (m && face_pair(out, tr, fa, fc, m) != 0)
                    return -1;
            }
        return 0;
    }
    /* split the node with more faces (a leaf is never split) */
    if (nd->left == 0 || (na->left != 0 && na->n >= nd->n)) {
        for (int c = 0; c < 2; c++) {
            uint64_t m = overlaps(&nb[(size_t)(na->left + c) * n], &nb[(size_t)x.b * n], x.mask);
            if (m && tpush(q, na->left + c, x.b, m) != 0)
                return -1;
        }
    } else {
        for (int c = 0; c < 2; c++) {
            uint64_t m = overlaps(&nb[(size_t)x.a * n], &nb[(size_t)(nd->left + c) * n], x.mask);
            if (m && tpush(q, x.a, nd->left + c, m) != 0)
                return -1;
        }
    }
    return 0;
}

/* The boxes of slices k0 .. k0 + n - 1 of ns into tr (allocated). */
static int
trav_init(trav *tr, const vccd_scene *s, int k0, int n, int ns, double d)
{
    const vccd_mesh *m = &s->mesh;
    const vccd_bvh *h = &s->bvh;
    long nv = m->nv, nt = m->nt, nn = h->nnodes;
    tr->s = s;
    tr->k0 = k0;
    tr->n = n;
    tr->pos = sc_alloc((size_t)(n + 1) * (size_t)nv * sizeof *tr->pos);
    tr->fbox = sc_alloc((size_t)n * (size_t)nt * sizeof *tr->fbox);
    tr->nbox = sc_alloc((size_t)n * (size_t)nn * sizeof *tr->nbox);
    if (!tr->pos || !tr->fbox || !tr->nbox)
        return -1;
    /* the positions at the slice ends: p + t u enclosed (u = q - p
       outward rounded), the frames themselves at t = 0 and 1, d added to
       the upper ends rounded up (as sc_vertex_box, broad.c) */
    double t_end[TREE_MASK_BITS + 1];
    for (int j = 0; j <= n; j++)        /* in the calling thread, once */
        t_end[j] = sc_slice_time(k0 + j, ns);
    VCCD_OMP(omp parallel for schedule(static))
    for (long v = 0; v < nv; v++)
        for (int c = 0; c < 3; c++) {
            double p = m->v[v][c], q = s->v1[v][c];
            vccd_di u = vccd_di_sub(vccd_di_set_d(q), vccd_di_set_d(p));
            for (int j = 0; j <= n; j++) {
                double t = t_end[j];
                aabb *x = &tr->pos[(size_t)v * (n + 1) + j];
                vccd_di y = t == 0.0 ? vccd_di_set_d(p) : t == 1.0 ? vccd_di_set_d(q)
                                                                  : vccd_di_add(vccd_di_set_d(p), vccd_di_mul_d(u, t));
                x->lo[c] = y.lo;
                x->hi[c] = d > 0.0 ? vccd_fp_next_up(y.hi + d) : y.hi;
            }
        }
    VCCD_OMP(omp parallel for schedule(static))
    for (long i = 0; i < nt * n; i++) {
        aabb b;
        feature_box(&b, tr, m->t[i / n], 3, (int)(i % n));
        for (int c = 0; c < 3; c++) {
            tr->fbox[i].lo[c] = f_down(b.lo[c]);
            tr->fbox[i].hi[c] = f_up(b.hi[c]);
        }
    }
    /* refit: children come after their parent (lib/bvh/build.c builds
       them so: a node's left is past its own index); all slices of a
       node at once, side by side (a thread per slice shared the nodes'
       cache lines) */
    for (long i = nn - 1; i >= 0; i--) {
        const vccd_bvh_node *nd = &h->node[i];
        fbox *x = &tr->nbox[(size_t)i * n];
        long cnt = nd->left ? 2 : nd->n;
        for (long k = 0; k < cnt; k++) {
            const fbox *y = nd->left ? &tr->nbox[(size_t)(nd->left + k) * n]
                                     : &tr->fbox[(size_t)h->tri[nd->start + k] * n];
            for (int j = 0; j < n; j++)
                for (int c = 0; c < 3; c++) {
                    x[j].lo[c] = k == 0 || y[j].lo[c] < x[j].lo[c] ? y[j].lo[c] : x[j].lo[c];
                    x[j].hi[c] = k == 0 || y[j].hi[c] > x[j].hi[c] ? y[j].hi[c] : x[j].hi[c];
                }
        }
    }
    return 0;
}

static void
trav_clear(trav *tr)
{
    free(tr->pos);
    free(tr->fbox);
    free(tr->nbox);
}

/* Slices k0 .. k0 + n - 1 (n <= TREE_MASK_BITS) in one traversal. */
static int
tree_chunk(sc_list *all, const vccd_scene *s, int k0, int n, int ns, double d)
{
    trav tr;
    tasks top = { NULL, 0, 0 };
    sc_list *out = NULL;
    uint64_t every = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
    long ntask = 0;
    int oom = trav_init(&tr, s, k0, n, ns, d) != 0, bad = 0;

    /* the top of the traversal, breadth first, until there are tasks
       enough to share; leaves' tasks are done there (into out[0]) */
    if (!oom && !(out = calloc(1, sizeof *out)))
        oom = 1;
    if (out)
        out[0].left = all->left;
    if (!oom)
        oom = tpush(&top, 0, 0, every) != 0;
    while (!oom && top.n > 0 && top.n < TREE_TASKS) {
        tasks next = { NULL, 0, 0 };
        for (long i = 0; i < top.n && !oom; i++)
            oom = expand(&next, &out[0], &tr, top.t[i]) != 0;
        free(top.t);
        top = next;
    }
    if (!oom && top.n > 0) {
        sc_list *o2 = realloc(out, (size_t)(top.n + 1) * sizeof *out);
        if (!o2)
            oom = 1;
        else {
            out = o2;
            memset(out + 1, 0, (size_t)top.n * sizeof *out);
            for (long i = 1; i <= top.n; i++)
                out[i].left = all->left;
        }
    }
    /* out holds top.n + 1 lists only when nothing failed */
    ntask = oom ? 0 : top.n;
    /* each task depth first with its own stack and output */
    VCCD_OMP(omp parallel for schedule(dynamic, 1) reduction(| : bad))
    for (long i = 0; i < ntask; i++) {
        tasks st = { NULL, 0, 0 };
        int b = tpush(&st, top.t[i].a, top.t[i].b, top.t[i].mask) != 0;
        while (!b && st.n > 0) {
            task x = st.t[--st.n];
            b = expand(&st, &out[i + 1], &tr, x) != 0;
        }
        free(st.t);
        bad |= b;
    }
    oom |= bad;
    /* the tasks' lists into all, in task order */
    if (out)
        oom |= sc_append(all, out, oom ? 0 : ntask + 1) != 0;
    for (long i = 0; out && i <= ntask; i++)
        free(out[i].p);
    free(out);
    free(top.t);
    trav_clear(&tr);
    return oom ? -1 : 0;
}

int
sc_tree_all(sc_list *all, const vccd_scene *s, int ns, double d)
{
    /* slices per traversal: up to a mask's bits, fewer when one slice's
       boxes (a position per vertex, a float box per face and per node)
       times that many would pass TREE_BYTES */
    double per = 48.0 * (double)s->mesh.nv + 24.0 * (double)s->mesh.nt + 24.0 * (double)s->bvh.nnodes;
    int chunk = TREE_MASK_BITS;
    if (s->mesh.nt == 0)
        return 0;
    while (chunk > 1 && (chunk + 1) * per > TREE_BYTES)
        chunk /= 2;
    for (int k0 = 0; k0 < ns; k0 += chunk)
        if (tree_chunk(all, s, k0, ns - k0 < chunk ? ns - k0 : chunk, ns, d) != 0)
            return -1;
    return 0;
}
