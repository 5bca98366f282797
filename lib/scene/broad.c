/* broad.c -- the scene's broad phase (scene.h): the features' boxes
   over time slices of the step, the face pairs whose boxes overlap
   (through the refitted BVH, tree.c, or sort and sweep, sweep.c), and
   the feature pairs those face pairs own.

   Ownership (mesh.h, thesis 5.4.5) on one mesh: every vertex and edge
   is owned by one face that uses it.  A face pair (A, B), A != B, stands
   for the vertices A owns against face B, the vertices B owns against
   face A, and the edges A owns against the edges B owns.  Each
   vertex-face pair (v, f) then comes from the one face pair (owner(v),
   f), and each edge-edge pair from (owner(e1), owner(e2)); a face
   against itself holds only incident pairs (its own vertices, edges
   sharing its corners), as do two edges with one owner.  The boxes
   nest: a vertex's or edge's box lies in its owner's, so a feature pair
   whose boxes overlap has face boxes that overlap, and the face pairs
   found are all the ones needed.  A vertex no face uses is owned by
   none and is in no pair: it is not part of the surface (mesh.h).

   Rigor: a vertex moves on the straight segment between its two
   positions, x(t) = p0 + t (p1 - p0), linear in t, so over a time slice
   [ta, tb] it stays in the box of its positions at ta and tb, which are
   enclosed in outward-rounded intervals (over the whole step the ends
   are the frames' doubles themselves).  Edges' and faces' boxes are
   unions (min and max, exact).  min_separation d raises every upper end
   by d, rounded up: two features that come within d at some t in a
   slice are within d on every axis there, so their boxes overlap in
   that slice.  The slices cover [0, 1]: each ends on the same double the
   next starts on (sc_slice_time), the last on 1. */
/* madvise and MADV_HUGEPAGE (sc_alloc) are outside POSIX */
#define _DEFAULT_SOURCE
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "scene_impl.h"
#include "vccd/di.h"
#include "vccd/fp.h"
#include "vccd/grow.h"

/* Automatic slices: as many as make the typical vertex move about one
   typical edge per slice (below). */
#define AUTO_MAX_SLICES 16

void
vccd_scene_broad_opts_init(vccd_scene_broad_opts *o)
{
    memset(o, 0, sizeof *o);
    o->method = VCCD_SCENE_BROAD_TREE;
}

const char *
vccd_scene_broad_method_name(vccd_scene_broad_method m)
{
    return m == VCCD_SCENE_BROAD_SWEEP ? "sweep" : "tree";
}

/* Measured on n-body-simulation (2 cores, a virtual machine where a page
   fault costs microseconds): the 120 MB of one broad phase's boxes and
   the sort's buffer were a third of its time in first-touch faults. */
void *
sc_alloc(size_t bytes)
{
#if defined(MADV_HUGEPAGE)
    if (bytes >= ((size_t)2 << 20)) {
        void *p = NULL;
        if (posix_memalign(&p, (size_t)2 << 20, bytes) != 0)
            return NULL;
        (void)madvise(p, bytes, MADV_HUGEPAGE);     /* a hint: failing is harmless */
        return p;
    }
#endif
    return malloc(bytes > 0 ? bytes : 1);
}

int
sc_push(sc_list *o, vccd_scene_pair p)
{
    if (o->left && o->allow == 0) {
        long r;
        VCCD_OMP(omp atomic capture)
        r = *o->left -= SC_BUDGET_STEP;
        if (r < 0)
            return -1;
        o->allow = SC_BUDGET_STEP;
    }
    o->allow -= o->left != NULL;
    if (o->n == o->cap && vccd_grow((void **)&o->p, &o->cap, o->n, sizeof *o->p) != 0)
        return -1;
    o->p[o->n++] = p;
    return 0;
}

int
sc_append(sc_list *all, sc_list *parts, long n)
{
    long total = all->n;
    int oom = 0;
    for (long i = 0; i < n; i++)
        total += parts[i].n;
    if (total > all->cap) {
        vccd_scene_pair *p = sc_alloc((size_t)total * sizeof *p);
        if (!p)
            oom = 1;
        else {
            if (all->n)
                memcpy(p, all->p, (size_t)all->n * sizeof *p);
            free(all->p);
            all->p = p;
            all->cap = total;
        }
    }
    for (long i = 0; i < n; i++) {
        if (!oom && parts[i].n) {
            memcpy(all->p + all->n, parts[i].p, (size_t)parts[i].n * sizeof *all->p);
            all->n += parts[i].n;
        }
        free(parts[i].p);
        parts[i].p = NULL;
    }
    return oom ? -1 : 0;
}

/* A pair as one sortable key: kind, a, b, each index in ab bits. */
static inline uint64_t
pair_key(const vccd_scene_pair *p, int ab)
{
    return (uint64_t)(p->kind == VCCD_FEATURE_EE) << (2 * ab) | (uint64_t)(uint32_t)p->a << ab | (uint32_t)p->b;
}

/* Bits of a radix sort's digit: 2048 counters and as many write streams
   stay in the first cache levels (16-bit digits made each pass a random
   scatter: 135 ms for the 1.26M pairs of n-body-simulation). */
#define RADIX_BITS 11

/* all's pairs into c, sorted by (kind, a, b) and each once, keeping its
   first slice: a stable radix sort on the key (the slices are appended
   in increasing order -- the sweep a slice at a time, the tree a chunk
   of 64 slices at a time, each pair at most once per chunk at its first
   slice there -- so the first of equal keys holds the least),
   which sorts the millions of pairs of a scene in a fraction of a
   comparison sort's time; as many passes as the mesh's indices need.
   all's array is reused or freed.  One order whatever the method, the
   slices or the threads.  0, or -1 when out of memory (all freed, c
   empty). */
static int
sort_unique(vccd_scene_candidates *c, sc_list *all, long maxindex)
{
    long n = all->n;
    vccd_scene_pair *tmp = sc_alloc((size_t)n * sizeof *tmp), *src = all->p, *dst = tmp;
    long *count = malloc(((size_t)1 << RADIX_BITS) * sizeof *count);
    int ab = 1, passes;
    while (ab < 31 && ((long)1 << ab) <= maxindex)
        ab++;
    passes = (2 * ab + 1 + RADIX_BITS - 1) / RADIX_BITS;
    if (!tmp || !count) {
        free(tmp);
        free(count);
        free(all->p);
        return -1;
    }
    for (int pass = 0; pass < passes; pass++) {
        int sh = RADIX_BITS * pass;
        uint64_t mask = ((uint64_t)1 << RADIX_BITS) - 1;
        long sum = 0;
        vccd_scene_pair *t;
        memset(count, 0, ((size_t)1 << RADIX_BITS) * sizeof *count);
        for (long i = 0; i < n; i++)
            count[(pair_key(&src[i], ab) >> sh) & mask]++;
        for (long d = 0; d < (1L << RADIX_BITS); d++) {
            long k = count[d];
            count[d] = sum;
            sum += k;
        }
        for (long i = 0; i < n; i++)
            dst[count[(pair_key(&src[i], ab) >> sh) & mask]++] = src[i];
        t = src;
        src = dst;
        dst = t;
    }
    free(count);
    free(dst);                  /* the other buffer: tmp or all's */
    c->n = 0;
    for (long i = 0; i < n; i++)
        if (!c->n || pair_key(&src[i], ab) != pair_key(&src[c->n - 1], ab))
            src[c->n++] = src[i];
    c->p = src;
    all->p = NULL;
    return 0;
}

int
sc_owned_pairs(sc_list *o, const vccd_mesh *m, int32_t fa, int32_t fb, sc_first_fn first, const void *ctx)
{
    for (int side = 0; side < 2; side++) {
        int32_t f = side ? fb : fa, g = side ? fa : fb;
        for (int k = 0; k < 3; k++) {
            vccd_mesh_index v = m->t[f][k];
            int sl;
            if (!(m->own[f] & VCCD_MESH_OWN_VERTEX(k)) || m->t[g][0] == v || m->t[g][1] == v || m->t[g][2] == v)
                continue;
            if ((sl = first(ctx, &v, 1, m->t[g], 3)) >= 0
                && sc_push(o, (vccd_scene_pair){ VCCD_FEATURE_VF, v, g, sl }) != 0)
                return -1;
        }
    }
    for (int i = 0; i < 3; i++) {
        int32_t ea = m->te[fa][i];
        if (ea < 0 || !(m->own[fa] & VCCD_MESH_OWN_EDGE(i)))
            continue;
        for (int j = 0; j < 3; j++) {
            int32_t eb = m->te[fb][j];
            const vccd_mesh_index *a, *b;
            int sl;
            if (eb < 0 || eb == ea || !(m->own[fb] & VCCD_MESH_OWN_EDGE(j)))
                continue;
            a = m->e[ea].v;
            b = m->e[eb].v;
            if (a[0] == b[0] || a[0] == b[1] || a[1] == b[0] || a[1] == b[1])
                continue;
            if ((sl = first(ctx, a, 2, b, 2)) >= 0
                && sc_push(o, (vccd_scene_pair){ VCCD_FEATURE_EE, ea < eb ? ea : eb, ea < eb ? eb : ea, sl }) != 0)
                return -1;
        }
    }
    return 0;
}

double
sc_slice_time(int k, int n)
{
    double q = (double)k / n;
    /* the residual q n - k is exact (fma), its sign tells whether q
       rounded up */
    return fma(q, n, -(double)k) > 0.0 ? vccd_fp_next_down(q) : q;
}

void
sc_vertex_box(sc_box *b, const vccd_scene *s, long v, double ta, double tb, double d)
{
    for (int k = 0; k < 3; k++) {
        double p = s->mesh.v[v][k], q = s->v1[v][k];
        vccd_di u = vccd_di_sub(vccd_di_set_d(q), vccd_di_set_d(p)), x[2];
        /* the frames themselves at t = 0 and t = 1 (exact), else the
           enclosure of p + t u */
        for (int e = 0; e < 2; e++) {
            double t = e ? tb : ta;
            x[e] = t == 0.0 ? vccd_di_set_d(p) : t == 1.0 ? vccd_di_set_d(q)
                                                         : vccd_di_add(vccd_di_set_d(p), vccd_di_mul_d(u, t));
        }
        b->lo[k] = fmin(x[0].lo, x[1].lo);
        b->hi[k] = fmax(x[0].hi, x[1].hi);
        if (d > 0.0)
            b->hi[k] = vccd_fp_next_up(b->hi[k] + d);
    }
    b->type = SC_VERTEX;
    b->id = (int32_t)v;
}

/* The union of the boxes of vertices v[0..n-1]. */
static void
union_box(sc_box *b, const sc_box *vb, const vccd_mesh_index *v, int n, int type, long id)
{
    for (int k = 0; k < 3; k++) {
        b->lo[k] = vb[v[0]].lo[k];
        b->hi[k] = vb[v[0]].hi[k];
        for (int i = 1; i < n; i++) {
            b->lo[k] = fmin(b->lo[k], vb[v[i]].lo[k]);
            b->hi[k] = fmax(b->hi[k], vb[v[i]].hi[k]);
        }
    }
    b->type = type;
    b->id = (int32_t)id;
}

static int
cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return a < b ? -1 : a > b;
}

/* The slices that make the typical vertex move about one typical edge
   per slice: the 90th percentile of the vertices' displacements (the
   largest coordinate) over the median edge's (likewise), rounded up, in
   1 .. AUTO_MAX_SLICES.  Swept boxes longer than the features they hold
   are mostly empty space, and their pairs go to the narrow phase; more
   slices cost a refit and a traversal each.  (Measured in doc/scene.md.) */
int
vccd_scene_auto_slices(const vccd_scene *s)
{
    const vccd_mesh *m = &s->mesh;
    long nv = m->nv, ne = m->ne;
    double *x, r;
    int k;
    if (nv == 0 || ne == 0 || !(x = malloc((size_t)(nv > ne ? nv : ne) * sizeof *x)))
        return 1;
    for (long i = 0; i < nv; i++)
        x[i] = fmax(fabs(s->v1[i][0] - m->v[i][0]), fmax(fabs(s->v1[i][1] - m->v[i][1]),
                                                          fabs(s->v1[i][2] - m->v[i][2])));
    qsort(x, (size_t)nv, sizeof *x, cmp_double);
    r = x[(long)(0.9 * (double)(nv - 1))];
    for (long i = 0; i < ne; i++) {
        const double *a = m->v[m->e[i].v[0]], *b = m->v[m->e[i].v[1]];
        x[i] = fmax(fabs(a[0] - b[0]), fmax(fabs(a[1] - b[1]), fabs(a[2] - b[2])));
    }
    qsort(x, (size_t)ne, sizeof *x, cmp_double);
    r = x[ne / 2] > 0.0 ? r / x[ne / 2] : AUTO_MAX_SLICES;
    free(x);
    k = !(r < AUTO_MAX_SLICES) ? AUTO_MAX_SLICES : r > 1.0 ? (int)ceil(r) : 1;
    return k;
}

int
vccd_scene_broad(vccd_scene_candidates *c, const vccd_scene *s, const vccd_scene_broad_opts *o, vccd_error *e)
{
    const vccd_mesh *m = &s->mesh;
    long nb = m->nv + m->ne + m->nt;
    double d = o->min_separation;
    sc_box *bb[2], *w = NULL;
    long left = o->max_candidates > 0 ? o->max_candidates : VCCD_SCENE_MAX_CANDIDATES;
    sc_list all = { NULL, 0, 0, &left, 0 };
    int slices = o->slices, done = 0;

    memset(c, 0, sizeof *c);
    if (!(d >= 0.0) || d == INFINITY)
        return vccd_error_set(e, "vccd_scene_broad", 0, NULL, NULL, "min_separation %g is not finite and >= 0", d);
    if (slices < 0 || slices > VCCD_SCENE_MAX_SLICES)
        return vccd_error_set(e, "vccd_scene_broad", 0, NULL, NULL, "slices %d is not in 0 .. %d", slices,
                              VCCD_SCENE_MAX_SLICES);
    if (o->method != VCCD_SCENE_BROAD_TREE && o->method != VCCD_SCENE_BROAD_SWEEP)
        return vccd_error_set(e, "vccd_scene_broad", 0, NULL, NULL, "unknown broad phase method %d", (int)o->method);
    if (o->max_candidates < 0)
        return vccd_error_set(e, "vccd_scene_broad", 0, NULL, NULL, "max_candidates %ld is negative",
                              o->max_candidates);
    if (o->method == VCCD_SCENE_BROAD_TREE && s->bvh.nnodes == 0 && m->nt > 0)
        return vccd_error_set(e, "vccd_scene_broad", 0, NULL, NULL, "the scene has no BVH (vccd_scene_init_arrays)");
    if (slices == 0)
        slices = vccd_scene_auto_slices(s);
    if (o->method == VCCD_SCENE_BROAD_TREE) {
        if (sc_tree_all(&all, s, slices, d) == 0)
            done = slices;
        bb[0] = bb[1] = NULL;
    } else {
        /* two slices' boxes, alternating: this one's and the one before */
        bb[0] = malloc((size_t)(nb > 0 ? nb : 1) * sizeof *bb[0]);
        bb[1] = malloc((size_t)(nb > 0 ? nb : 1) * sizeof *bb[1]);
        w = malloc((size_t)(m->nt > 0 ? m->nt : 1) * sizeof *w);
    }
    for (int k = done; bb[0] && bb[1] && w && k < slices; k++) {
        double ta = sc_slice_time(k, slices), tb = sc_slice_time(k + 1, slices);
        sc_box *b = bb[k & 1], *p = bb[!(k & 1)];
        sc_slice sl = { s, b, b + m->nv, b + m->nv + m->ne, k, NULL, NULL, NULL };
        long nv = m->nv, ne = m->ne, nt = m->nt;
        if (k > 0) {
            sl.pvb = p;
            sl.peb = p + nv;
            sl.pfb = p + nv + ne;
        }
        VCCD_OMP(omp parallel for schedule(static))
        for (long i = 0; i < nv; i++)
            sc_vertex_box(&b[i], s, i, ta, tb, d);
        VCCD_OMP(omp parallel for schedule(static))
        for (long i = 0; i < ne + nt; i++) {
            if (i < ne)
                union_box(&b[nv + i], b, m->e[i].v, 2, SC_EDGE, i);
            else
                union_box(&b[nv + i], b, m->t[i - ne], 3, SC_FACE, i - ne);
        }
        if (sc_sweep_slice(&all, &sl, w) != 0)
            break;
        done = k + 1;
    }
    free(bb[0]);
    free(bb[1]);
    free(w);
    if (done < slices) {
        free(all.p);
        if (left < 0)
            return vccd_error_set(e, "vccd_scene_broad", 0, NULL, NULL,
                                  "more than %ld candidate pairs (max_candidates): %d time slice%s keep%s boxes "
                                  "that overlap too much; more slices make fewer pairs",
                                  o->max_candidates > 0 ? o->max_candidates : VCCD_SCENE_MAX_CANDIDATES, slices,
                                  slices == 1 ? "" : "s", slices == 1 ? "s" : "");
        return vccd_error_set(e, "vccd_scene_broad", 0, NULL, NULL, "out of memory");
    }
    if (sort_unique(c, &all, m->nv > m->ne ? (m->nv > m->nt ? m->nv : m->nt) : (m->ne > m->nt ? m->ne : m->nt)) != 0)
        return vccd_error_set(e, "vccd_scene_broad", 0, NULL, NULL, "out of memory");
    c->slices = slices;
    c->min_separation = d;
    for (long i = 0; i < c->n; i++)
        c->nvf += c->p[i].kind == VCCD_FEATURE_VF;
    c->nee = c->n - c->nvf;
    return 0;
}

void
vccd_scene_candidates_clear(vccd_scene_candidates *c)
{
    free(c->p);
    memset(c, 0, sizeof *c);
}
