/* mesh.c -- building a mesh from arrays: validation, degenerate
   triangles, the unique edges, feature ownership and closure (mesh.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vccd/mesh.h"
#include "vccd/bigalloc.h"

void
vccd_mesh_clear(vccd_mesh *m)
{
    free(m->name);
    free(m->v);
    free(m->t);
    free(m->e);
    free(m->te);
    free(m->own);
    free(m->path);
    memset(m, 0, sizeof *m);
}

size_t
vccd_mesh_bytes(const vccd_mesh *m)
{
    return (size_t)m->nv * sizeof *m->v + (size_t)m->nt * (sizeof *m->t + sizeof *m->te + sizeof *m->own)
           + (size_t)m->ne * sizeof *m->e;
}

const char *
vccd_mesh_closure_name(vccd_mesh_closure c)
{
    switch (c) {
    case VCCD_MESH_CLOSED:
        return "closed";
    case VCCD_MESH_OPEN:
        return "open";
    case VCCD_MESH_NONMANIFOLD:
        return "non-manifold";
    case VCCD_MESH_INCONSISTENT:
        return "inconsistent";
    }
    return "?";
}

void
vccd_mesh_closure_describe(char *out, size_t size, const vccd_mesh *m)
{
    if (m->planar) {
        if (m->closure == VCCD_MESH_CLOSED)
            snprintf(out, size, "closed (2D: polygons)");
        else
            snprintf(out, size, "not closed (2D: %ld open end%s, %ld vertices on 3 or more segments)",
                     m->boundary_edges, m->boundary_edges == 1 ? "" : "s", m->nonmanifold_edges);
        return;
    }
    switch (m->closure) {
    case VCCD_MESH_CLOSED:
        snprintf(out, size, "closed");
        break;
    case VCCD_MESH_OPEN:
        snprintf(out, size, "not closed (open: %ld boundary edge%s)", m->boundary_edges,
                 m->boundary_edges == 1 ? "" : "s");
        break;
    case VCCD_MESH_NONMANIFOLD:
        snprintf(out, size, "not closed (non-manifold: %ld edge%s with 3 or more triangles)",
                 m->nonmanifold_edges, m->nonmanifold_edges == 1 ? "" : "s");
        break;
    case VCCD_MESH_INCONSISTENT:
        snprintf(out, size,
                 "not closed (inconsistent orientation: %ld edge%s traversed twice in one direction)",
                 m->inconsistent_edges, m->inconsistent_edges == 1 ? "" : "s");
        break;
    }
}

static int
oom(vccd_error *e, const char *name)
{
    return vccd_error_set(e, name, 0, NULL, NULL, "out of memory");
}

static const char axis_name[3] = { 'x', 'y', 'z' };

/* Indices in range and coordinates finite, with the first offender named. */
static int
validate(const char *name, const double (*v)[3], long nv, const vccd_mesh_index (*t)[3], long nt,
         vccd_error *e)
{
    if (nv <= 0 || nt <= 0)
        return vccd_error_set(e, name, 0, NULL, NULL, "empty mesh (%ld vertices, %ld triangles)",
                              nv > 0 ? nv : 0, nt > 0 ? nt : 0);
    if (nv > INT32_MAX)
        return vccd_error_set(e, name, 0, NULL, NULL, "%ld vertices: at most %ld are supported", nv,
                              (long)INT32_MAX);
    /* edge numbers are vccd_mesh_index too, and a mesh has up to 3 nt */
    if (nt > INT32_MAX / 3)
        return vccd_error_set(e, name, 0, NULL, NULL, "%ld triangles: at most %ld are supported", nt,
                              (long)(INT32_MAX / 3));
    for (long i = 0; i < nv; i++)
        for (int c = 0; c < 3; c++)
            if (!isfinite(v[i][c]))
                return vccd_error_set(e, name, 0, NULL, NULL, "vertex %ld: coordinate %c is %s", i,
                                      axis_name[c], isnan(v[i][c]) ? "NaN" : "infinite");
    for (long i = 0; i < nt; i++)
        for (int k = 0; k < 3; k++)
            if (t[i][k] < 0 || t[i][k] >= nv)
                return vccd_error_set(e, name, 0, NULL, NULL,
                                      "triangle %ld: vertex index %ld out of range 0..%ld", i,
                                      (long)t[i][k], nv - 1);
    return 0;
}

static int
is_degenerate(const double (*v)[3], const vccd_mesh_index *t)
{
    if (t[0] == t[1] || t[1] == t[2] || t[2] == t[0])
        return 1;
    return vccd_mesh_collinear(v[t[0]], v[t[1]], v[t[2]]);
}

/* A triangle side: the key (lo, hi), whether it runs lo -> hi (kept
   here so that the edge pass need not read the triangle back: those
   reads were a fifth of a big mesh's edge table) and the side's number
   3 i + k.  16 bytes, as without fwd. */
typedef struct {
    vccd_mesh_index hi;
    int32_t fwd;
    long side;
} side_ref;

static int
side_cmp(const void *pa, const void *pb)
{
    const side_ref *a = pa, *b = pb;
    if (a->hi != b->hi)
        return a->hi < b->hi ? -1 : 1;
    return (a->side > b->side) - (a->side < b->side);
}

/* Sort the sides of one bucket by (hi, side); the side numbers make the
   order total, so equal keys stay in triangle order.  Buckets are tiny
   but for fans around one vertex. */
static void
sort_bucket(side_ref *s, long n)
{
    if (n > 24) {
        qsort(s, (size_t)n, sizeof *s, side_cmp);
        return;
    }
    for (long i = 1; i < n; i++) {
        side_ref x = s[i];
        long j = i;
        while (j > 0 && side_cmp(&s[j - 1], &x) > 0) {
            s[j] = s[j - 1];
            j--;
        }
        s[j] = x;
    }
}

/* The unique edges of m (whose v, t, nv, nt are set), sorted by
   (v[0], v[1]), with te and the edge statistics: sides are bucketed by
   their lower vertex (a counting sort, O(nv + nt)) and each bucket is
   sorted by the upper one. */
static int
build_edges(vccd_mesh *m)
{
    long nt = m->nt, nv = m->nv, ns = 0, ne = 0;
    long *start = vccd_big_calloc((size_t)nv + 1, sizeof *start);
    side_ref *s = NULL;
    vccd_mesh_edge *ed = NULL;

    m->te = vccd_big_malloc((size_t)nt * sizeof *m->te);
    if (!start || !m->te)
        goto fail;
    for (long i = 0; i < nt; i++)
        for (int k = 0; k < 3; k++) {
            vccd_mesh_index a = m->t[i][k], b = m->t[i][(k + 1) % 3];
            if (a != b) {
                start[(a < b ? a : b) + 1]++;
                ns++;
            }
        }
    for (long i = 0; i < nv; i++)
        start[i + 1] += start[i];
    if (ns > 0 && !(s = vccd_big_malloc((size_t)ns * sizeof *s)))
        goto fail;
    {
        /* fill in triangle order, using start[lo] as the bucket's cursor,
           then shift the cursors back */
        for (long i = 0; i < nt; i++)
            for (int k = 0; k < 3; k++) {
                vccd_mesh_index a = m->t[i][k], b = m->t[i][(k + 1) % 3];
                m->te[i][k] = -1;
                if (a != b) {
                    vccd_mesh_index lo = a < b ? a : b;
                    s[start[lo]].hi = a < b ? b : a;
                    s[start[lo]].fwd = a < b;
                    s[start[lo]].side = 3 * i + k;
                    start[lo]++;
                }
            }
        for (long i = nv; i > 0; i--)
            start[i] = start[i - 1];
        start[0] = 0;
    }
    if (ns > 0 && !(ed = vccd_big_malloc((size_t)ns * sizeof *ed)))
        goto fail;
    m->boundary_edges = m->nonmanifold_edges = m->inconsistent_edges = 0;
    for (long lo = 0; lo < nv; lo++) {
        long b0 = start[lo], b1 = start[lo + 1];
        sort_bucket(s + b0, b1 - b0);
        for (long j = b0; j < b1;) {
            long j1 = j, dir0 = 0, dir1 = 0;
            vccd_mesh_edge *x = &ed[ne];
            while (j1 < b1 && s[j1].hi == s[j].hi)
                j1++;
            x->v[0] = (vccd_mesh_index)lo;
            x->v[1] = s[j].hi;
            x->t[0] = (vccd_mesh_index)(s[j].side / 3);
            x->t[1] = j1 - j > 1 ? (vccd_mesh_index)(s[j + 1].side / 3) : -1;
            x->nt = (int32_t)(j1 - j);
            for (long u = j; u < j1; u++) {
                long i = s[u].side / 3;
                int k = (int)(s[u].side % 3);
                m->te[i][k] = (vccd_mesh_index)ne;
                /* the side runs lo -> hi when its start is lo */
                if (u == j)
                    dir0 = s[u].fwd;
                else if (u == j + 1)
                    dir1 = s[u].fwd;
            }
            if (x->nt == 1)
                m->boundary_edges++;
            else if (x->nt > 2)
                m->nonmanifold_edges++;
            else if (dir0 == dir1)
                m->inconsistent_edges++;
            ne++;
            j = j1;
        }
    }
    free(s);
    free(start);
    if (ne > 0 && ne < ns) {
        vccd_mesh_edge *q = realloc(ed, (size_t)ne * sizeof *ed);
        if (q)
            ed = q;
    }
    m->e = ed;
    m->ne = ne;
    m->closure = m->nonmanifold_edges ? VCCD_MESH_NONMANIFOLD
                 : m->boundary_edges  ? VCCD_MESH_OPEN
                 : m->inconsistent_edges ? VCCD_MESH_INCONSISTENT
                                        : VCCD_MESH_CLOSED;
    return 0;
fail:
    free(s);
    free(start);
    free(ed);
    return -1;
}

/* Ownership: each vertex and edge goes to the first triangle (and the
   first corner or side of it) that names it. */
static int
build_ownership(vccd_mesh *m)
{
    unsigned char *seen = vccd_big_calloc((size_t)m->nv, 1);
    if (!seen || !(m->own = vccd_big_calloc((size_t)m->nt, 1))) {
        free(seen);
        return -1;
    }
    for (long i = 0; i < m->nt; i++) {
        uint8_t o = 0;
        for (int k = 0; k < 3; k++) {
            vccd_mesh_index v = m->t[i][k], ek = m->te[i][k];
            if (!seen[v]) {
                seen[v] = 1;
                o |= VCCD_MESH_OWN_VERTEX(k);
            }
            /* first triangle of the edge, and within it the first side
               (a triangle a, b, a uses its edge twice) */
            if (ek >= 0 && m->e[ek].t[0] == i && (k == 0 || m->te[i][0] != ek)
                && (k <= 1 || m->te[i][1] != ek))
                o |= VCCD_MESH_OWN_EDGE(k);
        }
        m->own[i] = o;
    }
    m->unused_vertices = 0;
    for (long v = 0; v < m->nv; v++)
        m->unused_vertices += !seen[v];
    free(seen);
    return 0;
}

/* 1 when every triangle is a segment (i, j, j), i != j, and every vertex
   lies in z = 0: a 2D body (mesh.h). */
static int
is_planar(const double (*v)[3], long nv, const vccd_mesh_index (*t)[3], long nt)
{
    for (long i = 0; i < nv; i++)
        if (v[i][2] != 0.0)
            return 0;
    for (long i = 0; i < nt; i++)
        if (t[i][1] != t[i][2] || t[i][0] == t[i][1])
            return 0;
    return 1;
}

/* A 2D body: no zero-length segment (its normal would be undefined), and
   the closure from the vertex degrees (a triangle (i, j, j) uses its edge
   twice, so the triangle rule would call any polyline closed). */
static int
planar_check(vccd_mesh *m, const char *name, vccd_error *e)
{
    int32_t *deg = calloc((size_t)m->nv, sizeof *deg);
    if (!deg)
        return oom(e, name);
    for (long i = 0; i < m->nt; i++) {
        const double *a = m->v[m->t[i][0]], *b = m->v[m->t[i][1]];
        if (a[0] == b[0] && a[1] == b[1]) {
            free(deg);
            return vccd_error_set(e, name, 0, NULL, NULL,
                                  "segment %ld: zero length (vertices %ld and %ld are both at %.17g %.17g)", i,
                                  (long)m->t[i][0], (long)m->t[i][1], a[0], a[1]);
        }
        deg[m->t[i][0]]++;
        deg[m->t[i][1]]++;
    }
    m->boundary_edges = m->nonmanifold_edges = m->inconsistent_edges = 0;
    for (long i = 0; i < m->nv; i++) {
        m->boundary_edges += deg[i] == 1;
        m->nonmanifold_edges += deg[i] > 2;
    }
    m->closure = m->nonmanifold_edges ? VCCD_MESH_NONMANIFOLD
                 : m->boundary_edges  ? VCCD_MESH_OPEN
                                      : VCCD_MESH_CLOSED;
    free(deg);
    return 0;
}

int
vccd_mesh_init_arrays(vccd_mesh *m, const char *name, const double (*v)[3], long nv,
                      const vccd_mesh_index (*t)[3], long nt, vccd_mesh_degenerate deg,
                      vccd_error *e)
{
    long kept = 0;

    memset(m, 0, sizeof *m);
    m->scale = 1;
    if (!name)
        name = "mesh";
    if (validate(name, v, nv, t, nt, e) != 0)
        return -1;
    if (!(m->name = strdup(name)) || !(m->v = vccd_big_malloc((size_t)nv * sizeof *m->v))
        || !(m->t = vccd_big_malloc((size_t)nt * sizeof *m->t))) {
        vccd_mesh_clear(m);
        return oom(e, name);
    }
    memcpy(m->v, v, (size_t)nv * sizeof *m->v);
    m->nv = nv;
    m->planar = is_planar(v, nv, t, nt);
    for (long i = 0; i < nt; i++) {
        int d = m->planar ? 0 : is_degenerate(v, t[i]);
        m->degenerate += d;
        if (!d || deg == VCCD_MESH_DEGENERATE_KEEP)
            memcpy(m->t[kept++], t[i], sizeof *m->t);
    }
    m->degenerate_dropped = deg == VCCD_MESH_DEGENERATE_DROP;
    if (kept == 0) {
        vccd_mesh_clear(m);
        return vccd_error_set(e, name, 0, NULL, NULL,
                              "empty mesh: all %ld triangles are degenerate and were dropped", nt);
    }
    if (kept < nt) {
        vccd_mesh_index(*q)[3] = realloc(m->t, (size_t)kept * sizeof *m->t);
        if (q)
            m->t = q;
    }
    m->nt = kept;
    if (build_edges(m) != 0 || build_ownership(m) != 0) {
        vccd_mesh_clear(m);
        return oom(e, name);
    }
    if (m->planar && planar_check(m, name, e) != 0) {
        vccd_mesh_clear(m);
        return -1;
    }
    return 0;
}
