/* tree.c -- the scene's broad phase through the mesh's BVH (one time
   slice): the topology is built once, at rest (frame 0, vccd_scene's
   bvh), and each slice refits its nodes' boxes bottom-up from the
   faces' boxes over the slice, then traverses the tree against itself.
   A deforming mesh keeps its neighbourhoods from frame to frame, so the
   rest topology stays a good grouping; only the boxes are remade.

   Rigor: a node's box is the union of its faces' boxes (min and max,
   exact), so two nodes whose boxes are disjoint hold no face pair whose
   boxes overlap. */
#include <stdlib.h>
#include <string.h>

#include "scene_impl.h"

/* The traversal is cut into at least this many tasks (node pairs and
   single nodes against themselves) for the threads to share. */
#define TREE_TASKS 256

typedef struct {
    int32_t a, b;               /* a == b: node a against itself */
} task;

typedef struct {
    task *t;
    long n, cap;
} tasks;

static int
tpush(tasks *q, int32_t a, int32_t b)
{
    if (q->n == q->cap) {
        long nc = q->cap ? 2 * q->cap : 64;
        task *nt = realloc(q->t, (size_t)nc * sizeof *nt);
        if (!nt)
            return -1;
        q->t = nt;
        q->cap = nc;
    }
    q->t[q->n].a = a;
    q->t[q->n].b = b;
    q->n++;
    return 0;
}

/* One step of the traversal of task x: its children tasks into q, or
   its face pairs into out.  0, or -1 when out of memory. */
static int
expand(tasks *q, sc_list *out, const sc_slice *sl, const sc_box *nb, task x)
{
    const vccd_bvh *h = &sl->s->bvh;
    const vccd_bvh_node *na = &h->node[x.a], *nd = &h->node[x.b];
    if (x.a == x.b) {
        if (na->left == 0) {
            for (int32_t i = 0; i < na->n; i++)
                for (int32_t j = i + 1; j < na->n; j++) {
                    int32_t fa = h->tri[na->start + i], fb = h->tri[na->start + j];
                    if (sc_overlap(&sl->fb[fa], &sl->fb[fb]) && sc_face_pair(out, sl, fa, fb) != 0)
                        return -1;
                }
            return 0;
        }
        return tpush(q, na->left, na->left) || tpush(q, na->left + 1, na->left + 1)
               || (sc_overlap(&nb[na->left], &nb[na->left + 1]) && tpush(q, na->left, na->left + 1)) ? -1 : 0;
    }
    if (na->left == 0 && nd->left == 0) {
        for (int32_t i = 0; i < na->n; i++)
            for (int32_t j = 0; j < nd->n; j++) {
                int32_t fa = h->tri[na->start + i], fb = h->tri[nd->start + j];
                if (sc_overlap(&sl->fb[fa], &sl->fb[fb]) && sc_face_pair(out, sl, fa, fb) != 0)
                    return -1;
            }
        return 0;
    }
    /* split the node with more faces (a leaf is never split) */
    if (nd->left == 0 || (na->left != 0 && na->n >= nd->n)) {
        for (int c = 0; c < 2; c++)
            if (sc_overlap(&nb[na->left + c], &nb[x.b]) && tpush(q, na->left + c, x.b) != 0)
                return -1;
    } else {
        for (int c = 0; c < 2; c++)
            if (sc_overlap(&nb[x.a], &nb[nd->left + c]) && tpush(q, x.a, nd->left + c) != 0)
                return -1;
    }
    return 0;
}

int
sc_tree_slice(sc_list *all, const sc_slice *sl)
{
    const vccd_bvh *h = &sl->s->bvh;
    long nn = h->nnodes;
    sc_box *nb = malloc((size_t)(nn > 0 ? nn : 1) * sizeof *nb);
    tasks top = { NULL, 0, 0 };
    sc_list *out = NULL;
    long ntask = 0;
    int oom = !nb, bad = 0;

    /* refit: children come after their parent (bvh.h) */
    for (long i = nn - 1; i >= 0 && !oom; i--) {
        const vccd_bvh_node *nd = &h->node[i];
        sc_box *x = &nb[i];
        if (nd->left == 0) {
            *x = sl->fb[h->tri[nd->start]];
            for (int32_t k = 1; k < nd->n; k++)
                for (int c = 0; c < 3; c++) {
                    const sc_box *f = &sl->fb[h->tri[nd->start + k]];
                    x->lo[c] = f->lo[c] < x->lo[c] ? f->lo[c] : x->lo[c];
                    x->hi[c] = f->hi[c] > x->hi[c] ? f->hi[c] : x->hi[c];
                }
        } else {
            const sc_box *l = &nb[nd->left], *r = &nb[nd->left + 1];
            for (int c = 0; c < 3; c++) {
                x->lo[c] = l->lo[c] < r->lo[c] ? l->lo[c] : r->lo[c];
                x->hi[c] = l->hi[c] > r->hi[c] ? l->hi[c] : r->hi[c];
            }
        }
    }
    /* the top of the traversal, breadth first, until there are tasks
       enough to share; leaves' tasks are done there (into out[0]) */
    if (!oom && !(out = calloc(1, sizeof *out)))
        oom = 1;
    if (!oom)
        oom = tpush(&top, 0, 0) != 0;
    while (!oom && top.n > 0 && top.n < TREE_TASKS) {
        tasks next = { NULL, 0, 0 };
        for (long i = 0; i < top.n && !oom; i++)
            oom = expand(&next, &out[0], sl, nb, top.t[i]) != 0;
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
        }
    }
    /* out holds top.n + 1 lists only when nothing failed */
    ntask = oom ? 0 : top.n;
    /* each task depth first with its own stack and output */
    SC_OMP(omp parallel for schedule(dynamic, 1) reduction(| : bad))
    for (long i = 0; i < ntask; i++) {
        tasks st = { NULL, 0, 0 };
        int b = tpush(&st, top.t[i].a, top.t[i].b) != 0;
        while (!b && st.n > 0) {
            task x = st.t[--st.n];
            b = expand(&st, &out[i + 1], sl, nb, x) != 0;
        }
        free(st.t);
        bad |= b;
    }
    oom |= bad;
    for (long i = 0; out && i <= ntask; i++) {
        for (long j = 0; j < out[i].n && !oom; j++)
            oom = sc_push(all, out[i].p[j]) != 0;
        free(out[i].p);
    }
    free(out);
    free(top.t);
    free(nb);
    return oom ? -1 : 0;
}
