/* build.c -- BVH topology by median or binned-SAH split of triangle
   centroids, then every requested BV type fitted over it bottom-up.
   Both run on OpenMP threads when there are any, with the same result
   for every thread count (tests/bvh/t-build.c). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "vccd/bvh.h"
#include "vccd/fp.h"
#include "vccd/bigalloc.h"
#include "vccd/omp.h"

#define SAH_BINS 16
/* Nodes of at most this many triangles split at the median, not by
   SAH.  A split's binning set-up (16 bins on 3 axes, two sweeps) was
   most of a small node's cost, and at leaf size 1 nodes of two
   triangles are half the splits; 16 bins on four triangles also steer
   little.  bench toc (OBB, exact, 32 instances, 9 pairs at both speeds):
   volume tests 0.93-1.01x of SAH's at 4 (8: 0.89-1.05x; 16 and 32:
   bunny-bunny high 1.14x and 1.23x).  icosphere:6's build (callgrind,
   one thread): 1,266M -> 968M instructions. */
#define SAH_MIN 4

static double
now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void
vccd_bvh_opts_init(vccd_bvh_opts *o)
{
    o->leaf_size = 4;
    o->split = VCCD_BVH_SPLIT_SAH;
    o->types = 0;
}

int
vccd_bvh_split_find(const char *name)
{
    return strcmp(name, "median") == 0 ? VCCD_BVH_SPLIT_MEDIAN : strcmp(name, "sah") == 0 ? VCCD_BVH_SPLIT_SAH : -1;
}

typedef struct {
    float c[3];                 /* centroid: only steers the split */
    float lo[3], hi[3];         /* box, for SAH costs */
} tri_info;

/* Reorder tri[0..n) so that the k smallest centroid coordinates along
   axis come first (quickselect). */
static void
select_k(int32_t *tri, long n, long k, const tri_info *ti, int axis)
{
    long lo = 0, hi = n - 1;
    while (lo < hi) {
        float pivot = ti[tri[(lo + hi) / 2]].c[axis];
        long i = lo, j = hi;
        while (i <= j) {
            while (ti[tri[i]].c[axis] < pivot)
                i++;
            while (ti[tri[j]].c[axis] > pivot)
                j--;
            if (i <= j) {
                int32_t s = tri[i];
                tri[i++] = tri[j];
                tri[j--] = s;
            }
        }
        if (k <= j)
            hi = j;
        else if (k >= i)
            lo = i;
        else
            return;
    }
}

static double
area(const float lo[3], const float hi[3])
{
    double d0 = (double)hi[0] - lo[0], d1 = (double)hi[1] - lo[1], d2 = (double)hi[2] - lo[2];
    return d0 * d1 + d1 * d2 + d2 * d0;
}

static void
grow_box(float lo[3], float hi[3], const float blo[3], const float bhi[3])
{
    for (int k = 0; k < 3; k++) {
        lo[k] = blo[k] < lo[k] ? blo[k] : lo[k];
        hi[k] = bhi[k] > hi[k] ? bhi[k] : hi[k];
    }
}

/* Number of triangles going left, after reordering tri[0..n); 0 or n
   when no split is better than a leaf would be (caller halves). */
static long
split_sah(int32_t *tri, long n, const tri_info *ti, const float clo[3], const float chi[3])
{
    long cnt[3][SAH_BINS] = { { 0 } };
    float blo[3][SAH_BINS][3], bhi[3][SAH_BINS][3];
    double sc[3], best = INFINITY;
    int best_axis = -1, best_bin = 0;
    long l, r;

    for (int axis = 0; axis < 3; axis++) {
        double ext = (double)chi[axis] - clo[axis];
        sc[axis] = ext > 0 ? SAH_BINS / ext : 0.0;
        for (int b = 0; b < SAH_BINS; b++)
            for (int k = 0; k < 3; k++) {
                blo[axis][b][k] = INFINITY;
                bhi[axis][b][k] = -INFINITY;
            }
    }
    /* One pass over the triangles bins them along all three axes. */
    for (long i = 0; i < n; i++) {
        const tri_info *x = &ti[tri[i]];
        for (int axis = 0; axis < 3; axis++) {
            int b = (int)((x->c[axis] - clo[axis]) * sc[axis]);
            b = b < 0 ? 0 : b >= SAH_BINS ? SAH_BINS - 1 : b;
            cnt[axis][b]++;
            grow_box(blo[axis][b], bhi[axis][b], x->lo, x->hi);
        }
    }
    for (int axis = 0; axis < 3; axis++) {
        float llo[3], lhi[3];
        double lcost[SAH_BINS], rarea = 0.0;
        long lcount = 0;
        if (sc[axis] == 0.0)
            continue;
        for (int k = 0; k < 3; k++) {
            llo[k] = INFINITY;
            lhi[k] = -INFINITY;
        }
        /* An empty bin changes neither count nor box: its cost is the
           last bin's (a small node leaves most bins empty, and the areas
           were most of its split). */
        for (int b = 0; b < SAH_BINS - 1; b++) {   /* sweep from the left */
            if (!cnt[axis][b]) {
                lcost[b] = b ? lcost[b - 1] : 0.0;
                continue;
            }
            lcount += cnt[axis][b];
            grow_box(llo, lhi, blo[axis][b], bhi[axis][b]);
            lcost[b] = (double)lcount * area(llo, lhi);
        }
        for (int k = 0; k < 3; k++) {
            llo[k] = INFINITY;
            lhi[k] = -INFINITY;
        }
        lcount = 0;
        for (int b = SAH_BINS - 1; b > 0; b--) {   /* and from the right */
            double cost;
            if (cnt[axis][b]) {
                lcount += cnt[axis][b];
                grow_box(llo, lhi, blo[axis][b], bhi[axis][b]);
                rarea = area(llo, lhi);
            }
            if (lcount == 0 || lcount == n)
                continue;
            cost = lcost[b - 1] + (double)lcount * rarea;
            if (cost < best) {
                best = cost;
                best_axis = axis;
                best_bin = b;
            }
        }
    }
    if (best_axis < 0)
        return 0;
    l = 0;
    r = n - 1;
    while (l <= r) {
        int b = (int)((ti[tri[l]].c[best_axis] - clo[best_axis]) * sc[best_axis]);
        b = b < 0 ? 0 : b >= SAH_BINS ? SAH_BINS - 1 : b;
        if (b < best_bin)
            l++;
        else {
            int32_t s = tri[l];
            tri[l] = tri[r];
            tri[r--] = s;
        }
    }
    return l;
}

/* Subtrees of at least this many triangles are split in an OpenMP task
   of their own (above any leaf size, so such a node is always split).
   The decomposition depends on triangle counts alone, never on the
   number of threads, so the node array is the same for any of them. */
#define PAR_CUTOFF 32768
/* Smaller meshes are built in one thread altogether: waking the team
   measured 1 to 60 ms on a busy machine, more than their whole build. */
_Static_assert(PAR_CUTOFF > VCCD_BVH_MAX_LEAF_SIZE, "a task's root must be split");

/* One subtree in its own numbering: node[0] is its root, children come
   after their parent, and node[i].left indexes this array. */
typedef struct {
    vccd_bvh_node *node;
    long nnodes;
    int depth;
} subtree;

/* Number of triangles of tr[0..n) (n > leaf size) going left, tr
   reordered so that they come first.  Depends on the order of tr alone:
   what makes the parallel build equal to a serial one. */
static long
split_node(int32_t *tr, long n, const vccd_bvh_opts *o, const tri_info *ti)
{
    float clo[3] = { INFINITY, INFINITY, INFINITY }, chi[3] = { -INFINITY, -INFINITY, -INFINITY };
    int axis = 0;
    long nl;
    for (long k = 0; k < n; k++)
        grow_box(clo, chi, ti[tr[k]].c, ti[tr[k]].c);
    for (int k = 1; k < 3; k++)
        if (chi[k] - clo[k] > chi[axis] - clo[axis])
            axis = k;
    nl = o->split == VCCD_BVH_SPLIT_SAH && n > SAH_MIN ? split_sah(tr, n, ti, clo, chi) : 0;
    if (nl <= 0 || nl >= n) {   /* median (or SAH found no split) */
        nl = n / 2;
        select_k(tr, n, nl, ti, axis);
    }
    return nl;
}

/* The subtree over tri[start .. start + n) (n >= 1), in one thread. */
static int
build_serial(subtree *st, int32_t *tri, int32_t start, int32_t n, const vccd_bvh_opts *o, const tri_info *ti)
{
    /* A binary tree over n >= 1 leaves' worth of triangles has at most
       2 n - 1 nodes; the unused room is given back at the end.  The
       stack holds at most one pending sibling per level, and depth is
       below n. */
    long cap = 2 * (long)n - 1, sp = 0;
    long *stack = vccd_big_malloc((size_t)(2 * n) * sizeof *stack);
    st->node = vccd_big_malloc((size_t)cap * sizeof *st->node);
    st->nnodes = 1;
    st->depth = 1;
    if (!st->node || !stack) {
        free(stack);
        free(st->node);
        st->node = NULL;
        return -1;
    }
    st->node[0].left = 0;
    st->node[0].start = start;
    st->node[0].n = n;
    stack[sp++] = 0;            /* node, then depth */
    stack[sp++] = 1;
    while (sp > 0) {
        long d = stack[--sp], i = stack[--sp], nl;
        vccd_bvh_node *nd = &st->node[i];
        if (d > st->depth)
            st->depth = (int)d;
        if (nd->n <= o->leaf_size)
            continue;
        nl = split_node(tri + nd->start, nd->n, o, ti);
        nd->left = (int32_t)st->nnodes;
        st->node[st->nnodes].left = 0;
        st->node[st->nnodes].start = nd->start;
        st->node[st->nnodes].n = (int32_t)nl;
        st->node[st->nnodes + 1].left = 0;
        st->node[st->nnodes + 1].start = nd->start + (int32_t)nl;
        st->node[st->nnodes + 1].n = nd->n - (int32_t)nl;
        st->nnodes += 2;
        stack[sp++] = nd->left;
        stack[sp++] = d + 1;
        stack[sp++] = nd->left + 1;
        stack[sp++] = d + 1;
    }
    free(stack);
    {   /* give back the unused room */
        vccd_bvh_node *nn = realloc(st->node, (size_t)st->nnodes * sizeof *nn);
        if (nn)
            st->node = nn;
    }
    return 0;
}

/* Copy subtree c into node[first ..] with its root at node[root]: the
   root stays the first in its own numbering, the rest follow in order. */
static void
place(vccd_bvh_node *node, long root, long first, const subtree *c)
{
    for (long j = 0; j < c->nnodes; j++) {
        vccd_bvh_node x = c->node[j];
        if (x.left > 0)
            x.left = (int32_t)(first - 1 + x.left);
        node[j ? first - 1 + j : root] = x;
    }
}

/* The subtree over tri[start .. start + n): big ones split here and
   their two halves built as tasks into buffers of their own, then laid
   out in a fixed order (root, both children, the left subtree's other
   nodes, the right's), so the result is one array whatever thread ran
   what.  Copying costs a pass over the nodes per level above
   PAR_CUTOFF, a few percent of the build. */
static int
build_rec(subtree *st, int32_t *tri, int32_t start, int32_t n, const vccd_bvh_opts *o, const tri_info *ti)
{
    subtree c[2] = { { NULL, 0, 0 }, { NULL, 0, 0 } };
    int32_t nl;
    int rc[2] = { -1, -1 };

    if (n < PAR_CUTOFF)
        return build_serial(st, tri, start, n, o, ti);
    nl = (int32_t)split_node(tri + start, n, o, ti);
    VCCD_OMP(omp task shared(c, rc) if (nl >= PAR_CUTOFF))
    rc[0] = build_rec(&c[0], tri, start, nl, o, ti);
    VCCD_OMP(omp task shared(c, rc) if (n - nl >= PAR_CUTOFF))
    rc[1] = build_rec(&c[1], tri, start + nl, n - nl, o, ti);
    VCCD_OMP(omp taskwait)
    st->node = NULL;
    if (rc[0] == 0 && rc[1] == 0) {
        st->nnodes = 1 + c[0].nnodes + c[1].nnodes;
        st->depth = 1 + (c[0].depth > c[1].depth ? c[0].depth : c[1].depth);
        /* Grown from the left subtree's buffer, which large blocks do in
           place (remapped, not copied): at the root a fresh array beside
           both children's held the nodes twice, 33 MB more peak at 1.3M
           triangles and leaf size 1. */
        if ((st->node = realloc(c[0].node, (size_t)st->nnodes * sizeof *st->node)))
            c[0].node = NULL;
    }
    if (st->node) {
        vccd_bvh_node *nd = st->node;
        /* the left subtree where place(nd, 1, 3, .) would put it: nodes 1..
           up by two, from the back so that none is overwritten before it
           moves, then its root to 1 (node 0 is read before written) */
        for (long j = c[0].nnodes - 1; j >= 0; j--) {
            vccd_bvh_node x = nd[j];
            if (x.left > 0)
                x.left += 2;
            nd[j ? j + 2 : 1] = x;
        }
        nd[0].left = 1;
        nd[0].start = start;
        nd[0].n = n;
        place(nd, 2, 2 + c[0].nnodes, &c[1]);
    }
    free(c[0].node);
    free(c[1].node);
    return st->node ? 0 : -1;
}

static int
build_topology(vccd_bvh *h, const vccd_bvh_opts *o, const tri_info *ti, vccd_error *e)
{
    subtree st = { NULL, 0, 0 };
    int rc = -1;
    VCCD_OMP(omp parallel if (h->mesh->nt >= PAR_CUTOFF))
    VCCD_OMP(omp single)
    rc = build_rec(&st, h->tri, 0, (int32_t)h->mesh->nt, o, ti);
    if (rc != 0)
        return vccd_error_set(e, h->mesh->name, 0, NULL, NULL, "out of memory building the BVH");
    h->node = st.node;
    h->nnodes = st.nnodes;
    h->depth = st.depth;
    return 0;
}

/* h->rad and h->ext (bvh.h) from the leaf-ordered points: the leaves
   from their own points, independently (in parallel), then the inner
   nodes from their children in one backward pass. */
static void
node_radii(vccd_bvh *h, const double (*pts)[3])
{
    long n = h->nnodes;
    VCCD_OMP(omp parallel for schedule(static) if (h->mesh->nt >= PAR_CUTOFF))
    for (long i = 0; i < n; i++) {
        const vccd_bvh_node *nd = &h->node[i];
        double lo[3] = { INFINITY, INFINITY, INFINITY }, hi[3] = { -INFINITY, -INFINITY, -INFINITY }, r = 0.0, d2 = 0.0;
        if (nd->left != 0)
            continue;
        for (long k = 3L * nd->start; k < 3L * (nd->start + nd->n); k++) {
            const double *p = pts[k];
            /* |p| rounded up: three squares and two sums, each up */
            double s = vccd_fp_next_up(vccd_fp_next_up(vccd_fp_next_up(p[0] * p[0]) + vccd_fp_next_up(p[1] * p[1]))
                                       + vccd_fp_next_up(p[2] * p[2]));
            s = vccd_fp_next_up(sqrt(s));
            r = s > r ? s : r;
            for (int c = 0; c < 3; c++) {
                lo[c] = p[c] < lo[c] ? p[c] : lo[c];
                hi[c] = p[c] > hi[c] ? p[c] : hi[c];
            }
        }
        h->rad[i] = r;
        for (int c = 0; c < 3; c++)
            d2 += (hi[c] - lo[c]) * (hi[c] - lo[c]);
        h->ext[i] = 0.5 * sqrt(d2);
    }
    /* children come after their parent: backwards is bottom-up */
    for (long i = n - 1; i >= 0; i--) {
        const vccd_bvh_node *nd = &h->node[i];
        if (nd->left != 0) {
            double x = h->ext[nd->left], y = h->ext[nd->left + 1];
            double u = h->rad[nd->left], w = h->rad[nd->left + 1];
            h->rad[i] = u > w ? u : w;
            /* a size, not a bound: the larger child's, grown */
            h->ext[i] = (x > y ? x : y) * 1.5;
        }
    }
}

static int
fit_type(vccd_bvh *h, int type, const double (*pts)[3], vccd_error *e)
{
    const vccd_bv_type *bt = vccd_bv_type_get(type);
    char *bv = vccd_big_malloc((size_t)h->nnodes * bt->size);
    long nn = h->nnodes;
    if (!bv)
        return vccd_error_set(e, h->mesh->name, 0, NULL, NULL, "out of memory fitting %s volumes", bt->name);
    /* Every fit reads only the node's own points, so the nodes fit in
       parallel, each exactly as in one thread.  Dynamic chunks: a fit
       costs its triangle count, from millions at the root to one. */
    VCCD_OMP(omp parallel for schedule(dynamic, 256) if (h->mesh->nt >= PAR_CUTOFF))
    for (long i = 0; i < nn; i++) {
        const vccd_bvh_node *nd = &h->node[i];
        if (nd->left == 0 || !bt->merge)
            bt->fit(bv + (size_t)i * bt->size, pts + 3 * (size_t)nd->start, 3 * (long)nd->n);
    }
    /* Children always come after their parent: backwards is bottom-up.
       Merges are a few operations each, serial. */
    if (bt->merge)
        for (long i = nn - 1; i >= 0; i--) {
            const vccd_bvh_node *nd = &h->node[i];
            if (nd->left > 0)
                bt->merge(bv + (size_t)i * bt->size, bv + (size_t)nd->left * bt->size,
                          bv + (size_t)(nd->left + 1) * bt->size);
        }
    h->bv[type] = bv;
    return 0;
}

int
vccd_bvh_build(vccd_bvh *h, const vccd_mesh *m, const vccd_bvh_opts *o, vccd_error *e)
{
    tri_info *ti;
    double t0, mid[3], inv, pre, (*pts)[3];

    memset(h, 0, sizeof *h);
    h->mesh = m;
    if (o->leaf_size < 1)
        return vccd_error_set(e, m->name, 0, NULL, NULL, "leaf size %d: must be >= 1", o->leaf_size);
    if (m->nt < 1 || m->nt > INT32_MAX / 2)
        return vccd_error_set(e, m->name, 0, NULL, NULL, "a BVH needs 1 to 2^30 triangles, not %ld", m->nt);
    t0 = now();
    ti = vccd_big_malloc((size_t)m->nt * sizeof *ti);
    h->tri = vccd_big_malloc((size_t)m->nt * sizeof *h->tri);
    if (!ti || !h->tri) {
        free(ti);
        vccd_bvh_clear(h);
        return vccd_error_set(e, m->name, 0, NULL, NULL, "out of memory building the BVH");
    }
    /* Centroids and boxes as floats in the mesh's box scaled to about
       [-1, 1]: they only steer the split, and scaling keeps 1e300
       coordinates finite (binning then never sees inf or NaN). */
    {
        double lo[3] = { INFINITY, INFINITY, INFINITY }, hi[3] = { -INFINITY, -INFINITY, -INFINITY }, big = 0.0;
        for (long i = 0; i < m->nv; i++)
            for (int k = 0; k < 3; k++) {
                lo[k] = fmin(lo[k], m->v[i][k]);
                hi[k] = fmax(hi[k], m->v[i][k]);
            }
        for (int k = 0; k < 3; k++) {
            mid[k] = 0.5 * lo[k] + 0.5 * hi[k];
            big = fmax(big, fmax(fabs(lo[k]), fabs(hi[k])));
        }
        /* 0.5 / big overflows for big below 2^-1024 (subnormal meshes), and
           inf * 0 made NaN centroids, which split_sah converted to int
           (undefined behaviour); scaling by 2^900 first is exact there. */
        pre = big < 0x1p-900 ? 0x1p900 : 1.0;
        inv = big > 0 ? 0.5 / (big * pre) : 1.0;
    }
    /* Per triangle, independent: in parallel. */
    VCCD_OMP(omp parallel for schedule(static) if (m->nt >= PAR_CUTOFF))
    for (long i = 0; i < m->nt; i++) {
        const double *a = m->v[m->t[i][0]], *b = m->v[m->t[i][1]], *c = m->v[m->t[i][2]];
        h->tri[i] = (int32_t)i;
        for (int k = 0; k < 3; k++) {
            double ms = mid[k] * pre * inv, x = a[k] * pre * inv - ms, y = b[k] * pre * inv - ms, z = c[k] * pre * inv - ms;
            ti[i].lo[k] = (float)fmin(x, fmin(y, z));
            ti[i].hi[k] = (float)fmax(x, fmax(y, z));
            ti[i].c[k] = (float)((x + y + z) / 3);
        }
    }
    if (build_topology(h, o, ti, e) != 0) {
        free(ti);
        vccd_bvh_clear(h);
        return -1;
    }
    free(ti);
    /* The triangles' vertices in leaf order: every node's points are one
       contiguous run, so fitting streams instead of gathering. */
    pts = vccd_big_malloc((size_t)m->nt * 3 * sizeof *pts);
    if (!pts) {
        vccd_bvh_clear(h);
        return vccd_error_set(e, m->name, 0, NULL, NULL, "out of memory building the BVH");
    }
    VCCD_OMP(omp parallel for schedule(static) if (m->nt >= PAR_CUTOFF))
    for (long i = 0; i < m->nt; i++)
        for (int k = 0; k < 3; k++)
            memcpy(pts[3 * i + k], m->v[m->t[h->tri[i]][k]], sizeof pts[0]);
    h->rad = vccd_big_malloc((size_t)h->nnodes * sizeof *h->rad);
    h->ext = vccd_big_malloc((size_t)h->nnodes * sizeof *h->ext);
    if (!h->rad || !h->ext) {
        free(pts);
        vccd_bvh_clear(h);
        return vccd_error_set(e, m->name, 0, NULL, NULL, "out of memory building the BVH");
    }
    node_radii(h, (const double (*)[3])pts);
    h->topo_seconds = now() - t0;
    for (int i = 0; i < vccd_bv_type_count(); i++) {
        if (o->types && !(o->types & (1u << i)))
            continue;
        t0 = now();
        if (fit_type(h, i, (const double (*)[3])pts, e) != 0) {
            free(pts);
            vccd_bvh_clear(h);
            return -1;
        }
        h->bv_seconds[i] = now() - t0;
    }
    free(pts);
    return 0;
}

void
vccd_bvh_clear(vccd_bvh *h)
{
    free(h->node);
    free(h->tri);
    free(h->rad);
    free(h->ext);
    for (int i = 0; i < VCCD_BV_MAX; i++)
        free(h->bv[i]);
    memset(h, 0, sizeof *h);
}

size_t
vccd_bvh_topology_bytes(const vccd_bvh *h)
{
    return (size_t)h->nnodes * (sizeof *h->node + sizeof *h->rad + sizeof *h->ext)
           + (size_t)(h->mesh ? h->mesh->nt : 0) * sizeof *h->tri;
}

size_t
vccd_bvh_bv_bytes(const vccd_bvh *h, int type)
{
    return h->bv[type] ? (size_t)h->nnodes * vccd_bv_type_get(type)->size : 0;
}
