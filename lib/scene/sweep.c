/* sweep.c -- the scene's broad phase by sort and sweep (one time slice):
   the faces' boxes sorted along the axis on which their centres spread
   most, each swept against the later boxes that start before it ends.
   Kept beside the refitted BVH (tree.c) for comparison: doc/scene.md
   gives the measurements. */
#include <stdlib.h>
#include <string.h>

#include "scene_impl.h"

/* Boxes per slice of the sweep (each its own output list). */
#define SWEEP_CHUNK 2048

static int
cmp_box(const void *x, const void *y)
{
    const sc_box *a = x, *b = y;
    if (a->lo[0] != b->lo[0])
        return a->lo[0] < b->lo[0] ? -1 : 1;
    return a->id < b->id ? -1 : a->id > b->id;
}

/* Move the axis along which the box centres spread most (the variance,
   in plain doubles: it only orders the sweep) to index 0 of every box. */
static void
sweep_axis(sc_box *b, long n)
{
    double mean[3] = { 0, 0, 0 }, var[3] = { 0, 0, 0 };
    int ax = 0;
    for (long i = 0; i < n; i++)
        for (int k = 0; k < 3; k++)
            mean[k] += 0.5 * (b[i].lo[k] + b[i].hi[k]) / (double)n;
    for (long i = 0; i < n; i++)
        for (int k = 0; k < 3; k++) {
            double c = 0.5 * (b[i].lo[k] + b[i].hi[k]) - mean[k];
            var[k] += c * c;
        }
    ax = var[1] > var[ax] ? 1 : ax;
    ax = var[2] > var[ax] ? 2 : ax;
    if (ax != 0)
        for (long i = 0; i < n; i++) {
            double t = b[i].lo[0];
            b[i].lo[0] = b[i].lo[ax];
            b[i].lo[ax] = t;
            t = b[i].hi[0];
            b[i].hi[0] = b[i].hi[ax];
            b[i].hi[ax] = t;
        }
}

/* The box of vertices v[0 .. n - 1] among the boxes vb. */
static void
union_of(sc_box *x, const sc_box *vb, const vccd_mesh_index *v, int n)
{
    *x = vb[v[0]];
    for (int i = 1; i < n; i++)
        for (int c = 0; c < 3; c++) {
            x->lo[c] = vb[v[i]].lo[c] < x->lo[c] ? vb[v[i]].lo[c] : x->lo[c];
            x->hi[c] = vb[v[i]].hi[c] > x->hi[c] ? vb[v[i]].hi[c] : x->hi[c];
        }
}

/* A feature pair is a candidate of this slice when its boxes overlap
   here but not in the slice before: there (or earlier) it was found
   already, and not pushing it again keeps the slices' repeats (a pair
   near another for the whole step overlaps in every slice) from the
   sort. */
static int
sweep_first(const void *ctx, const vccd_mesh_index *a, int na, const vccd_mesh_index *b, int nb)
{
    const sc_slice *sl = ctx;
    sc_box x, y;
    union_of(&x, sl->vb, a, na);
    union_of(&y, sl->vb, b, nb);
    if (!sc_overlap(&x, &y))
        return -1;
    if (sl->pvb) {
        union_of(&x, sl->pvb, a, na);
        union_of(&y, sl->pvb, b, nb);
        if (sc_overlap(&x, &y))
            return -1;
    }
    return sl->k;
}

int
sc_sweep_slice(sc_list *all, const sc_slice *sl, sc_box *w)
{
    long nb = sl->s->mesh.nt, nchunk = (nb + SWEEP_CHUNK - 1) / SWEEP_CHUNK;
    sc_list *out;
    int oom = 0;

    memcpy(w, sl->fb, (size_t)nb * sizeof *w);
    sweep_axis(w, nb);
    qsort(w, (size_t)nb, sizeof *w, cmp_box);
    if (!(out = calloc((size_t)(nchunk > 0 ? nchunk : 1), sizeof *out)))
        return -1;
    for (long c = 0; c < nchunk; c++)
        out[c].left = all->left;
    VCCD_OMP(omp parallel for schedule(dynamic, 1) reduction(| : oom))
    for (long c = 0; c < nchunk; c++) {
        long end = (c + 1) * SWEEP_CHUNK < nb ? (c + 1) * SWEEP_CHUNK : nb;
        for (long i = c * SWEEP_CHUNK; i < end && !oom; i++)
            for (long j = i + 1; j < nb && w[j].lo[0] <= w[i].hi[0]; j++) {
                if (w[i].lo[1] > w[j].hi[1] || w[j].lo[1] > w[i].hi[1] || w[i].lo[2] > w[j].hi[2]
                    || w[j].lo[2] > w[i].hi[2])
                    continue;
                if (sc_owned_pairs(&out[c], &sl->s->mesh, w[i].id, w[j].id, sweep_first, sl) != 0) {
                    oom = 1;
                    break;
                }
            }
    }
    oom |= sc_append(all, out, nchunk) != 0;
    free(out);
    return oom ? -1 : 0;
}
