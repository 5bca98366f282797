/* build.c -- BVH topology by median or binned-SAH split of triangle
   centroids, then every requested BV type fitted over it bottom-up. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "vccd/bvh.h"

#define SAH_BINS 16

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
        double lcost[SAH_BINS];
        long lcount = 0;
        if (sc[axis] == 0.0)
            continue;
        for (int k = 0; k < 3; k++) {
            llo[k] = INFINITY;
            lhi[k] = -INFINITY;
        }
        for (int b = 0; b < SAH_BINS - 1; b++) {   /* sweep from the left */
            lcount += cnt[axis][b];
            grow_box(llo, lhi, blo[axis][b], bhi[axis][b]);
            lcost[b] = lcount ? (double)lcount * area(llo, lhi) : 0.0;
        }
        for (int k = 0; k < 3; k++) {
            llo[k] = INFINITY;
            lhi[k] = -INFINITY;
        }
        lcount = 0;
        for (int b = SAH_BINS - 1; b > 0; b--) {   /* and from the right */
            double cost;
            lcount += cnt[axis][b];
            grow_box(llo, lhi, blo[axis][b], bhi[axis][b]);
            if (lcount == 0 || lcount == n)
                continue;
            cost = lcost[b - 1] + (double)lcount * area(llo, lhi);
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

static int
build_topology(vccd_bvh *h, const vccd_bvh_opts *o, const tri_info *ti, vccd_error *e)
{
    /* A binary tree over nt >= 1 leaves' worth of triangles has at most
       2 nt - 1 nodes; the unused room is given back at the end. */
    long cap = 2 * h->mesh->nt, sp = 0;
    long *stack, *dstack;
    h->node = malloc((size_t)cap * sizeof *h->node);
    stack = malloc(128 * sizeof *stack);
    dstack = malloc(128 * sizeof *dstack);
    if (!h->node || !stack || !dstack) {
        free(stack);
        free(dstack);
        return vccd_error_set(e, h->mesh->name, 0, NULL, NULL, "out of memory building the BVH");
    }
    h->node[0].left = 0;
    h->node[0].start = 0;
    h->node[0].n = (int32_t)h->mesh->nt;
    h->nnodes = 1;
    h->depth = 1;
    stack[sp] = 0;
    dstack[sp++] = 1;
    while (sp > 0) {
        long i = stack[--sp], d = dstack[sp], nl;
        vccd_bvh_node *nd = &h->node[i];
        int32_t *tr = h->tri + nd->start;
        float clo[3] = { INFINITY, INFINITY, INFINITY }, chi[3] = { -INFINITY, -INFINITY, -INFINITY };
        int axis = 0;

        if (d > h->depth)
            h->depth = (int)d;
        if (nd->n <= o->leaf_size)
            continue;
        for (long k = 0; k < nd->n; k++)
            grow_box(clo, chi, ti[tr[k]].c, ti[tr[k]].c);
        for (int k = 1; k < 3; k++)
            if (chi[k] - clo[k] > chi[axis] - clo[axis])
                axis = k;
        nl = o->split == VCCD_BVH_SPLIT_SAH ? split_sah(tr, nd->n, ti, clo, chi) : 0;
        if (nl <= 0 || nl >= nd->n) {   /* median (or SAH found no split) */
            nl = nd->n / 2;
            select_k(tr, nd->n, nl, ti, axis);
        }
        nd->left = (int32_t)h->nnodes;
        h->node[h->nnodes].left = 0;
        h->node[h->nnodes].start = nd->start;
        h->node[h->nnodes].n = (int32_t)nl;
        h->node[h->nnodes + 1].left = 0;
        h->node[h->nnodes + 1].start = nd->start + (int32_t)nl;
        h->node[h->nnodes + 1].n = nd->n - (int32_t)nl;
        h->nnodes += 2;
        if (sp + 2 > 128) {     /* depth is below 128: splits keep >= 1 on each side of
                                   a SAH split, and halving bounds the median depth */
            long *ns = realloc(stack, (size_t)(2 * sp + 2) * sizeof *ns), *nds;
            nds = ns ? realloc(dstack, (size_t)(2 * sp + 2) * sizeof *nds) : NULL;
            if (!ns || !nds) {
                free(ns ? ns : stack);
                free(dstack);
                return vccd_error_set(e, h->mesh->name, 0, NULL, NULL, "out of memory building the BVH");
            }
            stack = ns;
            dstack = nds;
        }
        stack[sp] = nd->left;
        dstack[sp++] = d + 1;
        stack[sp] = nd->left + 1;
        dstack[sp++] = d + 1;
    }
    free(stack);
    free(dstack);
    {   /* give back the unused room */
        vccd_bvh_node *nn = realloc(h->node, (size_t)h->nnodes * sizeof *nn);
        if (nn)
            h->node = nn;
    }
    return 0;
}

static int
fit_type(vccd_bvh *h, int type, const double (*pts)[3], vccd_error *e)
{
    const vccd_bv_type *bt = vccd_bv_type_get(type);
    char *bv = malloc((size_t)h->nnodes * bt->size);
    if (!bv)
        return vccd_error_set(e, h->mesh->name, 0, NULL, NULL, "out of memory fitting %s volumes", bt->name);
    /* Children always come after their parent: backwards is bottom-up. */
    for (long i = h->nnodes - 1; i >= 0; i--) {
        const vccd_bvh_node *nd = &h->node[i];
        if (nd->left > 0 && bt->merge)
            bt->merge(bv + (size_t)i * bt->size, bv + (size_t)nd->left * bt->size,
                      bv + (size_t)(nd->left + 1) * bt->size);
        else
            bt->fit(bv + (size_t)i * bt->size, pts + 3 * (size_t)nd->start, 3 * (long)nd->n);
    }
    h->bv[type] = bv;
    return 0;
}

int
vccd_bvh_build(vccd_bvh *h, const vccd_mesh *m, const vccd_bvh_opts *o, vccd_error *e)
{
    tri_info *ti;
    double t0, mid[3], inv, (*pts)[3];

    memset(h, 0, sizeof *h);
    h->mesh = m;
    if (o->leaf_size < 1)
        return vccd_error_set(e, m->name, 0, NULL, NULL, "leaf size %d: must be >= 1", o->leaf_size);
    if (m->nt < 1 || m->nt > INT32_MAX / 2)
        return vccd_error_set(e, m->name, 0, NULL, NULL, "a BVH needs 1 to 2^30 triangles, not %ld", m->nt);
    t0 = now();
    ti = malloc((size_t)m->nt * sizeof *ti);
    h->tri = malloc((size_t)m->nt * sizeof *h->tri);
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
        inv = big > 0 ? 0.5 / big : 1.0;
    }
    for (long i = 0; i < m->nt; i++) {
        const double *a = m->v[m->t[i][0]], *b = m->v[m->t[i][1]], *c = m->v[m->t[i][2]];
        h->tri[i] = (int32_t)i;
        for (int k = 0; k < 3; k++) {
            double x = a[k] * inv - mid[k] * inv, y = b[k] * inv - mid[k] * inv, z = c[k] * inv - mid[k] * inv;
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
    pts = malloc((size_t)m->nt * 3 * sizeof *pts);
    if (!pts) {
        vccd_bvh_clear(h);
        return vccd_error_set(e, m->name, 0, NULL, NULL, "out of memory building the BVH");
    }
    for (long i = 0; i < m->nt; i++)
        for (int k = 0; k < 3; k++)
            memcpy(pts[3 * i + k], m->v[m->t[h->tri[i]][k]], sizeof pts[0]);
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
    for (int i = 0; i < VCCD_BV_MAX; i++)
        free(h->bv[i]);
    memset(h, 0, sizeof *h);
}

size_t
vccd_bvh_topology_bytes(const vccd_bvh *h)
{
    return (size_t)h->nnodes * sizeof *h->node + (size_t)(h->mesh ? h->mesh->nt : 0) * sizeof *h->tri;
}

size_t
vccd_bvh_bv_bytes(const vccd_bvh *h, int type)
{
    return h->bv[type] ? (size_t)h->nnodes * vccd_bv_type_get(type)->size : 0;
}
